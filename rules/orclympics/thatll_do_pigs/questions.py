"""The questions That'll do Pigs asks, stage by stage (`rules.core.stages`): how each is put and
which actions answer it."""

from __future__ import annotations

from rules.core.engine import PromptKind
from rules.core.stages import Stage, Stages
from rules.orclympics.thatll_do_pigs.models import (
    Activate,
    Ask,
    AskKind,
    EndActivation,
    Lash,
    ReadyAssault,
    Ride,
    RollSpeed,
    Steer,
    TakeCell,
    TakePlace,
    ThatllDoPigsState,
)


def say(state: ThatllDoPigsState, ask: Ask) -> str:
    """The words of the open question, naming the rider, the Speed rolled and the distance to run."""
    rider = state.riders.get(ask.rider or "")
    who = f"rider {rider.id}" if rider else "your rider"
    speed = state.activation.speed or 0.0 if state.activation else 0.0
    match ask.kind:
        case AskKind.DEPLOY:
            return f"Put {who} on a free cell of the grid's front row."
        case AskKind.READY:
            return f"Get Ready! {who.capitalize()} may Assault another rider on the front row."
        case AskKind.RETREAT:
            return f"{who.capitalize()} is beaten back: choose its cell in the second row."
        case AskKind.TAKE_PLACE:
            return f"Take the beaten rider's place on the front row with {who}?"
        case AskKind.RUN_UP:
            return f"{who.capitalize()} is the Running Up Boar: take any free cell of the front row."
        case AskKind.ACTIVATE:
            return "Choose which of your riders goes now."
        case AskKind.MOVE:
            return f"Move {who}: roll its Speed."
        case AskKind.RIDE:
            return f"{who.capitalize()} may ride up to {speed:g}\": give its heading (degrees, 0 east, 90 north) and how far."
        case AskKind.SECOND:
            return f"{who.capitalize()}: Lash the Boar for D6\" more, or end the activation."
        case AskKind.DIRECTION:
            return f"You are last: send {who} {ask.distance or 0:g}\" in the direction you choose."
        case AskKind.PIGLET:
            return (f"You are last: steer the Piglet {ask.distance or 0:g}\" (not at a rider or into the Circuit if "
                    "you can help it).")
    return ""


STAGES: Stages[ThatllDoPigsState] = Stages({
    AskKind.DEPLOY: Stage((TakeCell,)),
    AskKind.READY: Stage((ReadyAssault,), PromptKind.TARGET),
    AskKind.RETREAT: Stage((TakeCell,)),
    AskKind.TAKE_PLACE: Stage((TakePlace,)),
    AskKind.RUN_UP: Stage((TakeCell,)),
    AskKind.ACTIVATE: Stage((Activate,)),
    AskKind.MOVE: Stage((RollSpeed,)),
    AskKind.RIDE: Stage((Ride,), PromptKind.POINT),
    AskKind.SECOND: Stage((Lash, EndActivation)),
    AskKind.DIRECTION: Stage((Steer,)),
    AskKind.PIGLET: Stage((Steer,)),
}, say)

__all__ = ["STAGES", "say"]
