"""The questions Orcz asks, stage by stage (`rules.core.stages`). The deployment is asked in
private (the card put face down is secret); struggle or hold and the sharing of a secondary are
open decisions. The Scout is not a question: it is a move open to its holder whenever the game
waits for anyone (the engine offers it beside the question)."""

from __future__ import annotations

from rules.core.engine import PromptKind
from rules.core.stages import Stage, Stages
from rules.orcz.data import CHALLENGES
from rules.orcz.models import Ask, AskKind, Hold, OrczState, Place, Share, Struggle
from rules.orcz.rules import counted


def say(state: OrczState, ask: Ask) -> str:
    """The words of the open question (the Battlefield, the amount to share)."""
    match ask.kind:
        case AskKind.PLACE:
            return (f"Round {state.round}: place a rank — a Battlefield, your left and right cards, and which "
                    "of them goes face down.")
        case AskKind.STRUGGLE:
            title = state.front(state.current).field.title if state.current else ""
            return f"Your rank is at the rear at {title}: struggle with the rank in front, or hold?"
        case AskKind.SPLIT:
            split = state.split
            if split is None:
                return ""
            challenge = state.front(split.front).challenge
            value = str(CHALLENGES[challenge]) if challenge is not None else ""
            if split.won:
                return (f"Challenge {value} defeated: give {counted(split.amount, 'Slave')} from the pool, shared as you "
                        "like among the others whose troops counted.")
            return (f"Challenge {value} lost: you may make other Warlords pay {counted(split.amount, 'Slave')} in all, "
                    "shared as you like — or spare them.")
    return ""


STAGES: Stages[OrczState] = Stages({
    AskKind.PLACE: Stage((Place,), secret=True),
    AskKind.STRUGGLE: Stage((Struggle, Hold)),
    AskKind.SPLIT: Stage((Share,), PromptKind.NUMBER),
}, say)

__all__ = ["STAGES", "say"]
