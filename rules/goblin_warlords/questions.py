"""The questions of a player turn, stage by stage (`rules.core.stages`): in B2, whether a leaderless
player shows and redraws the hand, and how many units to buy; in B3, the active player's next step
(move, go underground, levy, or end the turn), an opponent's leave for a leader passing through his
territory and, when the leader's check fails, whether to attack him (reactions: unanswered in time,
the way is barred and the leader attacked — the reading with most bloodshed), and whether to roll the
underground d20 again; in B4, rampages and mines; in B5, which units an overfull hand discards (in secret: the hand is); in C, trade offers and
their answers (in secret, between the two players); in combat, each side's strategy, asked of both at once in secret (L94-99).
All the others are open decisions (what is drawn stays secret; that a hand was redrawn or
units bought is not). The set-up's questions are asked of every player at once, each at their own
step, so the engine puts them itself."""

from __future__ import annotations

from rules.core.stages import Stage, Stages
from rules.goblin_warlords.data import BOUGHT_DRAWS, BOUGHT_PRICE, HAND_LIMIT, REDRAWS
from rules.goblin_warlords.data import territory
from rules.goblin_warlords.models import (
    AcceptTrade,
    AssignDamage,
    Build,
    ExtraMove,
    RetreatTo,
    Strategy,
    UseSpy,
    AllowPassage,
    Ask,
    AskKind,
    AttackCaravan,
    AttackPasser,
    ChooseStrategy,
    Claim,
    DestroyMine,
    Discard,
    EndRampage,
    EndTrading,
    EndTurn,
    GoblinState,
    KeepHand,
    Levy,
    Move,
    OfferTrade,
    Rampage,
    Redraw,
    Reinforce,
    RerollUnderground,
    Underground,
)


def say(state: GoblinState, ask: Ask) -> str:
    """The words of the open question."""
    if ask.kind is AskKind.REDRAW:
        done = state.warlord(ask.players[0]).redraws
        return (f"You have no leader in the game. Show your hand, put its units back in the tribe cup and draw six "
                f"new ones ({REDRAWS - done} of {REDRAWS} tries left), or keep it?")
    if ask.kind is AskKind.BUY:
        return f"Buy up to {BOUGHT_DRAWS} more units at {BOUGHT_PRICE} gold each, or none?"
    if ask.kind is AskKind.STRATEGY:
        battle = state.battles[0] if state.battles else None
        place = territory(battle.territory).name if battle is not None else "the field"
        return (f"Battle in {place}: choose your strategy in secret — Mindless Charge, Careful Advance or "
                "Clever Strategy (a lone chief may flee instead). Both are revealed together.")
    if ask.kind is AskKind.RAMPAGE:
        return ("Rampage the countryside with your armies in the outlands (once each), destroy a mine your troops "
                "hold instead of mining it, or be done (your mines then produce).")
    if ask.kind is AskKind.TRADE:
        return ("Trading phase: offer units, captives or gold from your hand to a player with a leader next to "
                "one of yours, for some of his, or be done trading.")
    if ask.kind is AskKind.OFFER:
        who = state.name_of(state.traders[0]) if state.traders else "A player"
        return f"{who} offers you a trade. Accept it?"
    if ask.kind is AskKind.DISCARD:
        extra = len(state.warlord(ask.players[0]).units) - HAND_LIMIT
        return f"Your hand holds more than {HAND_LIMIT} units: choose {extra} to discard to the tribe cup."
    if ask.kind is AskKind.ASSIGN:
        fight = state.fight
        role = next((r for r, o in fight.owners.items() if o in ask.players), "attacker") if fight else "attacker"
        damage = fight.losses.get(role, 0) if fight else 0
        return (f"Your side takes {damage} damage: spread it over your units (none more than its power) and "
                "name the struck unit that rolls to survive.")
    if ask.kind is AskKind.RETREAT:
        return "Your side is beaten: choose the free territory next to the battle to retreat to."
    if ask.kind is AskKind.EXTRA:
        return ("Your leader retreated before moving this turn: he may move one more area now, "
                "with what is left of his army, or stay.")
    if ask.kind is AskKind.MARCH:
        return ("Move, go underground, levy or build with each leader (once each this turn), attack a caravan, "
                "send a spy, or end your turn.")
    moving = next((a for a in state.armies if a.id == ask.army), None)
    place = territory(moving.territory).name if moving is not None else "your territory"
    mover = state.name_of(moving.owner) if moving is not None and moving.owner is not None else "A leader"
    if ask.kind is AskKind.PASSAGE:
        return f"{mover}'s leader asks to pass through {place}. Let him through?"
    if ask.kind is AskKind.PASSER:
        return f"{mover}'s leader failed to slip through {place}. Attack him there?"
    return (f"The caves lead to {territory(ask.rolled).name if ask.rolled else '?'}. Stay, or roll the d20 once more "
            "(the new place must be accepted)?")


STAGES: Stages[GoblinState] = Stages({
    AskKind.REDRAW: Stage((Redraw, KeepHand)),
    AskKind.BUY: Stage((Reinforce,)),
    AskKind.MARCH: Stage((Move, Underground, Levy, Claim, AttackCaravan, UseSpy, Build, EndTurn)),
    AskKind.PASSAGE: Stage((AllowPassage,), default=AllowPassage(allow=False)),
    AskKind.PASSER: Stage((AttackPasser,), default=AttackPasser(attack=True)),
    AskKind.UNDERGROUND: Stage((RerollUnderground,)),
    AskKind.STRATEGY: Stage((ChooseStrategy,), secret=True, default=ChooseStrategy(strategy=Strategy.CHARGE)),
    AskKind.ASSIGN: Stage((AssignDamage,), default=AssignDamage()),
    AskKind.RETREAT: Stage((RetreatTo,), default=RetreatTo()),
    AskKind.EXTRA: Stage((ExtraMove,), default=ExtraMove()),
    AskKind.RAMPAGE: Stage((Rampage, DestroyMine, EndRampage)),
    AskKind.DISCARD: Stage((Discard,), secret=True),
    AskKind.TRADE: Stage((OfferTrade, EndTrading), secret=True),
    AskKind.OFFER: Stage((AcceptTrade,), secret=True, default=AcceptTrade(accept=False)),
}, say)

__all__ = ["STAGES", "say"]
