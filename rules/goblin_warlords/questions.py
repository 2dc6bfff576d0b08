"""The questions of a player turn that this slice asks, stage by stage (`rules.core.stages`): in B2,
whether a leaderless player shows and redraws the hand, and how many units to buy. Both are open
decisions (what is drawn stays secret; that a hand was redrawn or units bought is not). The set-up's
questions are asked of every player at once, each at their own step, so the engine puts them itself."""

from __future__ import annotations

from rules.core.stages import Stage, Stages
from rules.goblin_warlords.data import BOUGHT_DRAWS, BOUGHT_PRICE, REDRAWS
from rules.goblin_warlords.models import Ask, AskKind, GoblinState, KeepHand, Redraw, Reinforce


def say(state: GoblinState, ask: Ask) -> str:
    """The words of the open question."""
    if ask.kind is AskKind.REDRAW:
        done = state.warlord(ask.players[0]).redraws
        return (f"You have no leader in the game. Show your hand, put its units back in the tribe cup and draw six "
                f"new ones ({REDRAWS - done} of {REDRAWS} tries left), or keep it?")
    return (f"Buy up to {BOUGHT_DRAWS} more units at {BOUGHT_PRICE} gold each, or none?")


STAGES: Stages[GoblinState] = Stages({
    AskKind.REDRAW: Stage((Redraw, KeepHand)),
    AskKind.BUY: Stage((Reinforce,)),
}, say)

__all__ = ["STAGES", "say"]
