"""The questions Road Rage asks, stage by stage (`rules.core.stages`): how each is put and which
actions answer it."""

from __future__ import annotations

from rules.core.engine import PromptKind
from rules.core.stages import Stage, Stages
from rules.orclympics.road_rage.models import (
    Advance,
    AskKind,
    Build,
    CircuitDone,
    DirtyTricks,
    EndTurn,
    Escape,
    FreePivot,
    OuttaDaWay,
    Pivot,
    PlaceGate,
    PlaceTerrain,
    RamStat,
    RoadRageState,
    SetRace,
    SpeedChange,
    TakeCell,
)

STAGES: Stages[RoadRageState] = Stages({
    AskKind.BUILD: Stage((Build,), text="Build your Chariot: a Driver Upgrade and up to three Chariot Upgrades."),
    AskKind.CIRCUIT: Stage((SetRace,), text="Choose the Circuit (a ready one or random) and the laps (1-5, or "
                                            "roll D3+2)."),
    AskKind.PLACE: Stage((PlaceGate, PlaceTerrain, CircuitDone), PromptKind.POINT,
                         text="Draw the circuit: place Checkpoints 1 to 3 (two posts each) and any Terrain "
                              "Features by coordinates, then say it is done."),
    AskKind.DEPLOY: Stage((TakeCell,), text="Put your Chariot on a free cell of the Starting Line."),
    AskKind.DRIVE: Stage((SpeedChange, Pivot, OuttaDaWay, DirtyTricks, Advance, EndTurn),
                         text="Drive: change speed, pivot, move your increments, play dirty, then end."),
    AskKind.RAM_STAT: Stage((RamStat,), text="Collision! Add your Agility (to dodge) or your Chassis Points (to "
                                             "ram) to the roll."),
    AskKind.ESCAPE: Stage((Escape,), text="You won the collision roll: Escape! (no damage) or Take the hit! (D3 "
                                          "to both)?"),
    AskKind.FREE_PIVOT: Stage((FreePivot,), text="Take your free 45° Pivot (or keep straight)."),
})

__all__ = ["STAGES"]
