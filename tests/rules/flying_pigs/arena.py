"""Build a Flying Pigs position by hand, so each rule test starts where its rule bites.

Players are "alice" (Orcs 1a, 1b and Pig 1p), "bob" (2a, 2b, 2p) and, with three players,
"carol" (3a, 3b, 3p). The Pigsty's centre is (24, 24); models not named in a test stand far
apart on the south-west of the Pigsty where nothing happens to them.

Dice faces for `ScriptedDice`: a D3 takes a D6 face (1-2 → 1, 3-4 → 2, 5-6 → 3); a
direction takes the angle plus one (1 = east, 91 = north, 181 = west, 271 = south).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.dice import DiceState, ScriptedDice
from rules.core.engine import Seat, Step
from rules.orclympics.flying_pigs import FlyingPigs
from rules.orclympics.flying_pigs.models import (
    XY,
    Action,
    FlyingPigsState,
    Kind,
    Model,
    Phase,
    Stage,
    Stance,
    Terrain,
)

GAME = FlyingPigs()
PLAYERS = ("alice", "bob", "carol")
EAST, NORTH, WEST, SOUTH = 1, 91, 181, 271


def d3(value: int) -> int:
    """The D6 face that reads as `value` on a D3."""
    return value * 2


def seats(count: int = 2) -> list[Seat]:
    return [Seat(player=p, name=p.capitalize(), colour=i) for i, p in enumerate(PLAYERS[:count])]


def parked(index: int) -> XY:
    """Out-of-the-way spots in the south-west quarter of the Pigsty, 3" apart."""
    return (14.0 + 3.0 * (index % 3), 17.0 + 3.0 * (index // 3))


def table(at: dict[str, XY] | None = None, *, players: int = 2, active: str = "alice",
          stage: Stage = Stage.MOVEMENT, terrain: Iterable[tuple[str, XY]] = (),
          grease: dict[str, int] | None = None, fire: Iterable[str] = (), shrooms: Iterable[str] = (),
          stance: dict[str, Stance] | None = None, phase: Phase = Phase.TURNS) -> FlyingPigsState:
    at = at or {}
    models: dict[str, Model] = {}
    spare = 0
    for n, player in enumerate(PLAYERS[:players], start=1):
        for suffix, kind in (("a", Kind.ORC), ("b", Kind.ORC), ("p", Kind.PIG)):
            mid = f"{n}{suffix}"
            if mid in at:
                xy = at[mid]
            else:
                xy = parked(spare)
                spare += 1
            models[mid] = Model(id=mid, kind=kind, owner=player, x=xy[0], y=xy[1], placed=True,
                                grease=(grease or {}).get(mid, 0), fire=mid in set(fire),
                                shrooms=mid in set(shrooms), stance=(stance or {}).get(mid),
                                acted=stage is Stage.PIG, tossed=stage in (Stage.ACTION, Stage.PIG),
                                moved=stage is not Stage.MOVEMENT)
    order = list(PLAYERS[:players])
    return FlyingPigsState(seats=seats(players), dice=DiceState(seed=1), models=models,
                           terrain=[Terrain(kind=k, x=xy[0], y=xy[1]) for k, xy in terrain],  # type: ignore[arg-type]
                           deploy_order=list(reversed(order)), turn_order=order, tossing=players,
                           phase=phase, active=active, stage=stage, turn=1)


def play(state: FlyingPigsState, player: str, action: Action, faces: Iterable[int] = ()) -> Step:
    """Apply with forced dice; every scripted face must be used."""
    dice = ScriptedDice(faces)
    step = GAME.apply(state, player, action, dice=dice)
    assert dice.remaining == [], f"unused faces {dice.remaining}"
    return step


def texts(step: Step) -> str:
    return "\n".join(e.text for e in step.events)
