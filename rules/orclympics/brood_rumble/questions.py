"""The questions Brood Rumble asks, stage by stage (`rules.core.stages`): how each is put to the
players and which actions answer it. The attack (II.4.3) is the one asked in secret."""

from __future__ import annotations

from rules.core.engine import PromptKind
from rules.core.stages import Stage, Stages
from rules.orclympics.brood_rumble.actions import ACT_ACTIONS
from rules.orclympics.brood_rumble.models import (
    PLACEABLE,
    Activate,
    Ask,
    AskKind,
    BonusThrow,
    BroodRumbleState,
    CatchThrow,
    Charge,
    ChooseAttack,
    ChooseCombat,
    ChooseDefence,
    ChooseEdge,
    Deploy,
    DeployAtRandom,
    FallBack,
    MoveTo,
    PlaceAtRandom,
    PlaceFeature,
    Reroll,
)


def say(state: BroodRumbleState, ask: Ask) -> str:
    """The words of the open question, naming the Orc, the team and the distances it concerns."""
    orc_id = ask.orc or ""
    act = state.activation
    match ask.kind:
        case AskKind.PLACE_FEATURE:
            return (f"Team {ask.team}: place a Terrain Feature ({', '.join(k.label for k in PLACEABLE)}) by the "
                    f"x, y of its centre, more than 3\" from the edges and other features, or let the dice "
                    f"place it ({state.terrain_left} to go).")
        case AskKind.CHOOSE_EDGE:
            return f"Team {ask.team} won the roll-off: choose the board edge you deploy on."
        case AskKind.DEPLOY:
            edge = state.teams[ask.team or ""].edge
            return (f"Team {ask.team}: deploy an Orc with its back on the {edge.value if edge else ''} edge: "
                    "give its position along the edge in inches, or let the dice place it.")
        case AskKind.ACTIVATE:
            return f"Team {ask.team}: choose an Orc to activate."
        case AskKind.ACT:
            used = ", ".join(act.used) if act and act.used else "nothing yet"
            return f"{orc_id}: choose an action (done: {used})."
        case AskKind.MOVE_REROLL:
            budget = act.budget if act else 0
            return f"{orc_id} may move {budget:.0f}\": keep it, or reroll (Feral Orcs)?"
        case AskKind.MOVE_TO:
            budget = act.budget if act else 0
            return (f"{orc_id} may move up to {budget:.0f}\": give the x, y to walk to (and any "
                    "turning points on the way), charge an enemy, or stay.")
        case AskKind.BARREL_REROLL:
            rolled = ask.roll.result if ask.roll else 0
            return f"{orc_id}'s Barrel flies only {rolled}\" and misses: keep it, or reroll both dice (Common Orcs)?"
        case AskKind.BONUS_THROW:
            return f"Oh, a Barrel! {orc_id} may throw it at an enemy now, or set it down."
        case AskKind.CATCH_THROW:
            return f"{orc_id} caught a Barrel: throw it at any Orc, or in any direction."
        case AskKind.CHOOSE_COMBAT:
            return f"Team {ask.team} has the Initiative: choose the next fight to resolve."
        case AskKind.ATTACK:
            foe = state.combat.defender if state.combat else ""
            return f"{orc_id} attacks {foe}: choose your attack in secret (it is revealed after the block)."
        case AskKind.DEFENCE:
            foe = state.combat.attacker if state.combat else ""
            return f"{orc_id} must block {foe}'s hidden attack: choose a Low, Mid or High Block."
        case AskKind.FALL_BACK:
            return f"{orc_id} won and falls back 3\": choose a direction in degrees (0 = east, 90 = north)."
    return ""


STAGES: Stages[BroodRumbleState] = Stages({
    AskKind.PLACE_FEATURE: Stage((PlaceFeature, PlaceAtRandom), PromptKind.POINT),
    AskKind.CHOOSE_EDGE: Stage((ChooseEdge,)),
    AskKind.DEPLOY: Stage((Deploy, DeployAtRandom), PromptKind.POINT),
    AskKind.ACTIVATE: Stage((Activate,), PromptKind.TARGET),
    AskKind.ACT: Stage(ACT_ACTIONS),
    AskKind.MOVE_REROLL: Stage((Reroll,)),
    AskKind.MOVE_TO: Stage((MoveTo, Charge), PromptKind.POINT),
    AskKind.BARREL_REROLL: Stage((Reroll,)),
    AskKind.BONUS_THROW: Stage((BonusThrow,), PromptKind.TARGET),
    AskKind.CATCH_THROW: Stage((CatchThrow,), PromptKind.TARGET),
    AskKind.CHOOSE_COMBAT: Stage((ChooseCombat,), PromptKind.TARGET),
    AskKind.ATTACK: Stage((ChooseAttack,), secret=True),
    AskKind.DEFENCE: Stage((ChooseDefence,)),
    AskKind.FALL_BACK: Stage((FallBack,), PromptKind.NUMBER),
}, say)

__all__ = ["STAGES", "say"]
