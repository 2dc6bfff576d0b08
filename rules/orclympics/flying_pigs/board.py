"""The table of Flying Pigs (seed 000, I.2, I.6): sizes, shapes, and how models move on it.

Everything here is geometry on `rules.core.geometry`; what a move *triggers* (Shove, Fire
it up!, Shrooms, winning) is decided by the engine from what these functions report.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from rules.core.geometry import (
    CONTACT_TOLERANCE,
    EDGE,
    SQUARE_25MM,
    RoundArea,
    Shape,
    angle_to,
    centre_distance,
    contacts,
    offset,
    opposite,
    separation,
    square,
    surely_apart,
    travel,
)
from rules.orclympics.flying_pigs.models import (
    XY,
    FlyingPigsState,
    Kind,
    Model,
    ModelId,
    Terrain,
)

BOARD = 48.0
CENTRE: XY = (24.0, 24.0)
PIGSTY_RADIUS = 15.0
KITCHEN_SIDE = 3.0
ROCK_SIDE = 1.0
FIELD_SIDE = 3.0
SPACING = 1.0  # I.6.1
REACH = 2.0  # Shove, Fire it up!, Shrooms
TOSS_RANGE = 10.0
BASE_MOVE = 8.0
MAX_GREASE = 6
PIGSTY = RoundArea(CENTRE, PIGSTY_RADIUS)
KITCHEN = square(CENTRE, KITCHEN_SIDE)
KITCHEN_KEY = "kitchen"
MAX_LEGS = 24


def shape_of(model: Model, at: XY | None = None) -> Shape:
    return base_at(at if at is not None else model.xy)


@lru_cache(maxsize=8192)
def base_at(spot: XY) -> Shape:
    """The 25 mm square base standing on `spot`. Every model stands on one, so its shape depends on
    where it stands alone (a Shape never changes, so one is shared), and a computer's search asks for
    the same few spots hundreds of thousands of times a decision."""
    return SQUARE_25MM.at(spot)


def terrain_shape(t: Terrain) -> Shape:
    return _terrain_shape(t.kind, t.x, t.y)


@lru_cache(maxsize=256)
def _terrain_shape(kind: str, x: float, y: float) -> Shape:
    return square((x, y), ROCK_SIDE if kind == "rock" else FIELD_SIDE)


def rocks(state: FlyingPigsState) -> dict[str, Shape]:
    return dict(_terrain_of(layout(state), "rock"))


def fields(state: FlyingPigsState) -> dict[str, Shape]:
    return dict(_terrain_of(layout(state), "field"))


def layout(state: FlyingPigsState) -> tuple[tuple[str, float, float], ...]:
    """The terrain as it lies (kind and centre of each piece): what never moves during a game."""
    return tuple((t.kind, t.x, t.y) for t in state.terrain)


@lru_cache(maxsize=64)
def _terrain_of(layout: tuple[tuple[str, float, float], ...], kind: str) -> tuple[tuple[str, Shape], ...]:
    """The pieces of terrain of `kind` by name (rock0, field2: numbered among all terrain), worked
    out once per layout: the terrain never moves during a game."""
    return tuple((f"{kind}{i}", _terrain_shape(k, x, y)) for i, (k, x, y) in enumerate(layout) if k == kind)


def others(state: FlyingPigsState, model_id: ModelId) -> dict[str, Shape]:
    return {m.id: shape_of(m) for m in state.models.values() if m.placed and m.id != model_id}


def obstacles(state: FlyingPigsState, model: Model) -> dict[str, Shape]:
    """What the model keeps 1" from (I.6.1) and cannot pass (I.6.2, I.6.3): rocks, other models,
    and for an Orc the Kitchen."""
    found = rocks(state) | others(state, model.id)
    if model.kind is Kind.ORC:
        found[KITCHEN_KEY] = KITCHEN
    return found


def clearance(state: FlyingPigsState, model: Model, at: XY,
              around: dict[str, Shape] | None = None, *, upto: float = math.inf) -> float:
    """How far the model standing at `at` is from the nearest obstacle (negative if overlapping).
    With `upto`, a caller that only asks whether the model is that far from everything: obstacles
    plainly further are not measured, and with none nearer the answer is infinity."""
    me = shape_of(model, at)
    things = (around if around is not None else obstacles(state, model)).values()
    gaps = [separation(me, s) for s in things if upto == math.inf or not surely_apart(me, s, upto)]
    return min(gaps) if gaps else math.inf


def kitchen_gap(model: Model, at: XY | None = None) -> float:
    return separation(shape_of(model, at), KITCHEN)


def touches_kitchen(model: Model, at: XY | None = None) -> bool:
    return kitchen_gap(model, at) <= 0.01


def kitchen_distance(model: Model) -> float:
    return max(0.0, kitchen_gap(model))


def in_field(state: FlyingPigsState, model: Model) -> bool:
    """Fully inside a Mushroom Field (I.5 Step 4, Fire it up!)."""
    half = SQUARE_25MM.width / 2
    limit = FIELD_SIDE / 2 + 1e-9
    return any(abs(model.x - t.x) + half <= limit and abs(model.y - t.y) + half <= limit
               for t in state.terrain if t.kind == "field")


def touches_field(state: FlyingPigsState, model: Model) -> bool:
    me = shape_of(model)
    return any(separation(me, s) <= 0.01 for s in fields(state).values())


@lru_cache(maxsize=1024)
def edge_point(angle: float) -> XY:
    """Where an Orc stands when its base touches the Pigsty edge from inside at this bearing."""
    low, high = 0.0, PIGSTY_RADIUS
    for _ in range(40):
        mid = (low + high) / 2
        if PIGSTY.edge_gap(SQUARE_25MM.at(offset(CENTRE, angle, mid))) > 0:
            low = mid
        else:
            high = mid
    return offset(CENTRE, angle, low)


def contact_step(angle: float) -> float:
    """Centre-to-centre distance of two touching 25 mm squares side by side along `angle`."""
    rad = math.radians(angle)
    return SQUARE_25MM.width / max(abs(math.cos(rad)), abs(math.sin(rad)))


# -- moving ------------------------------------------------------------------------------------


@dataclass
class Moved:
    """What a move did: the path (for the picture and for backtracking), what it bumped into,
    whether it touched the Kitchen or a Mushroom Field, and where it ended."""

    path: list[XY]
    bumped: list[ModelId] = field(default_factory=list)
    kitchen: bool = False
    field: bool = False

    @property
    def end(self) -> XY:
        return self.path[-1]


def leg_blocker(state: FlyingPigsState, orc: Model, start: XY, end: XY,
                around: dict[str, Shape] | None = None) -> str | None:
    """I.6.2, I.6.3, I.6.5: what an Orc walking straight from `start` to `end` would have to cut
    into: a rock, another model, the Kitchen (their keys) or the Pigsty edge (`EDGE`); None when
    the leg is clear. Passing close, touching and sliding along are fine: the 1" spacing of
    I.6.1 applies only where the move ends. `around` is `obstacles(state, orc)` when the caller
    already has it (it asks about many legs)."""
    length = centre_distance(start, end)
    if length < 1e-9:
        return None
    blockers = around if around is not None else obstacles(state, orc)
    leg = travel(shape_of(orc, start), angle_to(start, end), length, blockers, area=PIGSTY,
                 tolerance=-CONTACT_TOLERANCE)
    return None if leg.stopped_by is None else str(leg.stopped_by)


def reach_along(state: FlyingPigsState, orc: Model, angle: float, length: float,
                around: dict[str, Shape] | None = None) -> float:
    """How far an Orc walks straight along `angle` (at most `length`): up to a hair short of the
    first rock, model, Kitchen or Pigsty edge in its way, measured as `leg_blocker` measures."""
    blockers = around if around is not None else obstacles(state, orc)
    leg = travel(shape_of(orc), angle, length, blockers, area=PIGSTY, tolerance=-CONTACT_TOLERANCE)
    if leg.stopped_by is None:
        return length
    return max(0.0, leg.travelled - 2 * CONTACT_TOLERANCE)


def sweep(state: FlyingPigsState, model: Model, angle: float, length: float, *, flying: bool,
          turn_back: bool, stop_at_kitchen: bool) -> tuple[Moved, str | None, float]:
    """One stretch of a move in a fixed direction until something stops it. Pigs turn back at
    the Pigsty edge (`turn_back`); Orcs stop there. Returns the move, the key of the model or rock
    that stopped it (or None) and the length left over."""
    pos = model.xy
    moved = Moved(path=[pos])
    left = length
    blockers: dict[str, Shape] = {} if flying else obstacles(state, model)
    if stop_at_kitchen and not flying:
        blockers[KITCHEN_KEY] = KITCHEN
    mushrooms = fields(state)
    for _ in range(MAX_LEGS):
        me = shape_of(model, pos)
        leg = travel(me, angle, left, blockers, area=PIGSTY)
        if not flying and model.kind is Kind.PIG and contacts(me, angle, leg.travelled, mushrooms):
            moved.field = True
        pos = leg.end
        moved.path.append(pos)
        left = max(0.0, left - leg.travelled)
        if leg.stopped_by == KITCHEN_KEY:
            moved.kitchen = True
            return moved, None, 0.0
        if leg.stopped_by == EDGE and turn_back and left > 1e-9:
            angle = opposite(angle)
            continue
        if leg.stopped_by is not None and leg.stopped_by != EDGE:
            key = str(leg.stopped_by)
            return moved, key, left
        return moved, None, 0.0
    return moved, None, 0.0


def backtrack(state: FlyingPigsState, model: Model, path: list[XY]) -> list[XY]:
    """I.6.1: walk back along the path until the model is 1" from every rock, model (and, for an
    Orc, the Kitchen). If no point of the path is clear, the model goes back to where it set out."""
    around = obstacles(state, model)
    enough = SPACING - 0.01
    if clearance(state, model, path[-1], around, upto=enough) >= enough:
        return path
    for i in range(len(path) - 1, 0, -1):
        a, b = path[i - 1], path[i]
        length = centre_distance(a, b)
        if length < 1e-9:
            continue
        back = angle_to(b, a)
        steps = max(1, math.ceil(length / 0.05))
        step = length / steps
        k = 1
        while k <= steps:
            point = offset(b, back, min(length, k * step))
            gap = clearance(state, model, point, around, upto=enough)
            if gap >= enough:
                return path[:i] + [point]
            # A base's gap to anything changes by at most the distance it moves, so no point closer
            # than the shortfall can be clear: skip those (the same point is found, sooner).
            k += max(1, math.ceil((enough - gap) / step - 1e-9))
    return path[:1]


def nearest_pig_gap(state: FlyingPigsState, model: Model, at: XY) -> float:
    pigs = [shape_of(m) for m in state.models.values() if m.kind is Kind.PIG and m.placed and m.id != model.id]
    me = shape_of(model, at)
    return min((separation(me, p) for p in pigs), default=math.inf)
