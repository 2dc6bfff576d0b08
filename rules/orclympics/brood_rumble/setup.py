"""Setting up (II.2) and Deployment (II.3): features placed in turn, the Debris Mounds, the edges.

Random placements pick from a grid of legal spots with the game's dice, so they replay.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.engine import Context
from rules.core.errors import RuleViolation
from rules.core.geometry import (
    CONTACT_TOLERANCE,
    centre_distance,
    overlapping,
    Shape,
    separation,
)
from rules.orclympics.brood_rumble.board import (
    BOARD,
    FEATURE_GAP,
    MOUND_OFFSET,
    ORC_BASE,
    feature_shape,
    feature_shape_at,
    fmt,
    orc_shape,
    orc_shape_at,
)
from rules.orclympics.brood_rumble.models import (
    PLACEABLE,
    XY,
    BroodRumbleState,
    Edge,
    Feature,
    FeatureKind,
    Orc,
)

RANDOM_GRID = 1.0  # inches between the spots a random placement picks from
ROOM_GRID = 1.0  # the grid that answers "is there any room left at all?"
OFFER_GRID = (5.0, 8.0, 11.0, 14.0, 17.0, 19.0)  # the spots offered in the list of legal actions
DEPLOY_STEP = 0.5
DEPLOY_OFFERS = tuple(float(x) for x in range(2, 23, 2))
HALF_BASE = ORC_BASE.depth / 2


# -- II.2 Terrain Features ---------------------------------------------------------------


Placed = list[tuple[Feature, Shape]]
"""The features on the table with their shapes: measured once for all the spots of one question."""


def placed(state: BroodRumbleState) -> Placed:
    return [(f, feature_shape(f)) for f in state.features]


def placement_problem(state: BroodRumbleState, kind: FeatureKind, centre: XY,
                      features: Placed | None = None) -> str | None:
    """Why a feature cannot go there (a sentence), or None when it can. `features` is `placed(state)`
    when the caller already has it (the lists of spots ask this of hundreds of places)."""
    shape = feature_shape_at(kind, centre)
    if BOARD.edge_gap(shape) <= FEATURE_GAP + CONTACT_TOLERANCE:
        return f"A {kind.label} at {fmt(centre)} would be 3\" or less from the board edge; keep it more than 3\" away."
    for other, other_shape in (features if features is not None else placed(state)):
        if centre_distance(centre, other_shape.centre) > shape.reach + other_shape.reach + FEATURE_GAP + 1.0:
            continue  # plainly far enough: skip the exact measure
        if separation(shape, other_shape) <= FEATURE_GAP + CONTACT_TOLERANCE:
            return (f"A {kind.label} at {fmt(centre)} would be 3\" or less from the {other.kind.label} {other.id}; "
                    "features stand more than 3\" apart.")
    return None


def _grid(step: float) -> list[XY]:
    """Candidate centres, leaving out the band along the edges where nothing may stand."""
    low, high = FEATURE_GAP, BOARD.width - FEATURE_GAP
    count = int(BOARD.width / step)
    marks = [i * step for i in range(1, count) if low < i * step < high]
    return [(x, y) for y in marks for x in marks]


def legal_spots(state: BroodRumbleState, kind: FeatureKind, step: float = RANDOM_GRID) -> list[XY]:
    features = placed(state)
    return [p for p in _grid(step) if placement_problem(state, kind, p, features) is None]


def has_room(state: BroodRumbleState, kind: FeatureKind) -> bool:
    features = placed(state)
    return any(placement_problem(state, kind, p, features) is None for p in _grid(ROOM_GRID))


def any_room(state: BroodRumbleState) -> bool:
    return any(has_room(state, kind) for kind in PLACEABLE)


def offered_spots(state: BroodRumbleState, kind: FeatureKind) -> list[XY]:
    features = placed(state)
    return [(x, y) for y in OFFER_GRID for x in OFFER_GRID if placement_problem(state, kind, (x, y), features) is None]


def check_placeable(kind: FeatureKind) -> None:
    """II.2: a team chooses a Pit, Dangerous Terrain or a Platform; say so for anything else."""
    if kind is FeatureKind.MOUND:
        raise RuleViolation("The Debris Mounds are placed by the rules, once the deployment edges are chosen.")
    if kind not in PLACEABLE:
        raise RuleViolation(f"A team may place only a {', a '.join(k.label for k in PLACEABLE[:-1])} or a "
                            f"{PLACEABLE[-1].label}; the set-up does not put {kind.label} on the field.")


def put_feature(ctx: Context, state: BroodRumbleState, kind: FeatureKind, centre: XY, team: str) -> None:
    check_placeable(kind)
    problem = placement_problem(state, kind, centre)
    if problem is not None:
        raise RuleViolation(problem)
    number = sum(f.kind is not FeatureKind.MOUND for f in state.features) + 1
    state.features.append(Feature(id=f"T{number}", kind=kind, x=centre[0], y=centre[1]))
    state.terrain_left -= 1
    ctx.say(f"Team {team} places a {kind.label} (T{number}) at {fmt(centre)}.")


def put_at_random(ctx: Context, state: BroodRumbleState, kind: FeatureKind | None, team: str) -> None:
    if kind is not None:
        check_placeable(kind)
    kinds = [kind] if kind is not None else [k for k in PLACEABLE if has_room(state, k)]
    if not kinds:
        raise RuleViolation("There is no room left for another Terrain Feature.")
    chosen = kinds[0] if len(kinds) == 1 else ctx.dice.pick(kinds, "kind of Terrain Feature")
    spots = legal_spots(state, chosen)
    if not spots:
        raise RuleViolation(f"There is no legal spot left for a {chosen.label}.")
    put_feature(ctx, state, chosen, ctx.dice.pick(spots, f"spot for the {chosen.label}"), team)


def place_mounds(ctx: Context, state: BroodRumbleState, edge: Edge) -> None:
    """II.2: two Debris Mounds on the Centre Line, 6" either side of the centre, or the nearest
    spot along that line where they overlap no feature. The Centre Line lies halfway between
    the two deployment edges, so the mounds wait until `edge` (either team's) is chosen."""
    centre_x, centre_y = BOARD.centre
    across = edge in (Edge.NORTH, Edge.SOUTH)  # teams face each other north-south: the line runs east-west
    for number, side in ((1, -1.0), (2, 1.0)):
        wanted = (centre_x + side * MOUND_OFFSET, centre_y) if across else (centre_x, centre_y + side * MOUND_OFFSET)
        spot = _clear_spot_on_line(state, wanted, across)
        state.features.append(Feature(id=f"M{number}", kind=FeatureKind.MOUND, x=spot[0], y=spot[1]))
        moved = "" if centre_distance(spot, wanted) < 1e-9 else f" (moved off {fmt(wanted)} to clear a feature)"
        ctx.say(f"Debris Mound M{number} goes on the centre line at {fmt(spot)}{moved}.")


def _clear_spot_on_line(state: BroodRumbleState, wanted: XY, across: bool) -> XY:
    x, y = wanted
    for step in range(0, 241):
        for shift in ((0.0,) if step == 0 else (-step * 0.1, step * 0.1)):
            spot = (x + shift, y) if across else (x, y + shift)
            shape = feature_shape_at(FeatureKind.MOUND, spot)
            if BOARD.contains(shape) and not any(separation(shape, feature_shape(f)) <= CONTACT_TOLERANCE
                                                 for f in state.features):
                return spot
    return wanted


# -- II.3 Deployment -----------------------------------------------------------------------


def deploy_centre(edge: Edge, at: float) -> XY:
    """The centre of a base whose rear touches `edge`, `at` inches along it (asked for every spot
    of every deployment offer: a branch, not a table built each time)."""
    if edge == Edge.SOUTH:
        return (at, HALF_BASE)
    if edge == Edge.NORTH:
        return (at, BOARD.height - HALF_BASE)
    if edge == Edge.WEST:
        return (HALF_BASE, at)
    return (BOARD.width - HALF_BASE, at)


Occupied = list[tuple[Orc | Feature, Shape]]
"""What a deploying Orc may not overlap, with its shape: the other Orcs on the board, then the features."""


def occupied(state: BroodRumbleState, orc: Orc) -> Occupied:
    ground: Occupied = [(o, orc_shape(o)) for o in state.orcs.values() if o.on_board and o.id != orc.id]
    ground += placed(state)
    return ground


def deploy_problem(state: BroodRumbleState, orc: Orc, edge: Edge, at: float,
                   ground: Occupied | None = None) -> str | None:
    """Why `orc` cannot deploy there (a sentence), or None when it can. `ground` is `occupied`
    when the caller already has it (the lists of spots ask this of dozens of places)."""
    length = BOARD.width if edge in (Edge.NORTH, Edge.SOUTH) else BOARD.height
    if not HALF_BASE - 1e-9 <= at <= length - HALF_BASE + 1e-9:
        return f"Along the {edge.value} edge an Orc's centre must be between {HALF_BASE:.2f}\" and " \
               f"{length - HALF_BASE:.2f}\"; {at:.2f}\" is off the board."
    shape = orc_shape_at(deploy_centre(edge, at))
    for thing, thing_shape in (ground if ground is not None else occupied(state, orc)):
        if overlapping(shape, thing_shape):
            if isinstance(thing, Orc):
                return f"{thing.id} already stands there; Orcs cannot share ground."
            return f"The {thing.kind.label} {thing.id} is in the way."
    return None


def free_spots(state: BroodRumbleState, orc: Orc, edge: Edge, spots: Iterable[float]) -> list[float]:
    """The places along `edge` among `spots` where `orc` may deploy."""
    ground = occupied(state, orc)
    return [s for s in spots if deploy_problem(state, orc, edge, s, ground) is None]


def deploy_spots(state: BroodRumbleState, orc: Orc, edge: Edge, step: float = DEPLOY_STEP) -> list[float]:
    length = BOARD.width if edge in (Edge.NORTH, Edge.SOUTH) else BOARD.height
    count = int((length - 2 * HALF_BASE) / step)
    return free_spots(state, orc, edge, [HALF_BASE + i * step for i in range(count + 1)])


def deploy(ctx: Context, state: BroodRumbleState, orc: Orc, edge: Edge, at: float) -> None:
    length = BOARD.width if edge in (Edge.NORTH, Edge.SOUTH) else BOARD.height
    if abs(at - HALF_BASE) <= CONTACT_TOLERANCE or abs(at - (length - HALF_BASE)) <= CONTACT_TOLERANCE:
        at = min(max(at, HALF_BASE), length - HALF_BASE)  # "0.49" in a corner means the corner
    problem = deploy_problem(state, orc, edge, at)
    if problem is not None:
        raise RuleViolation(problem)
    orc.x, orc.y = deploy_centre(edge, at)
    ctx.say(f"{orc.id} takes its place on the {edge.value} edge at {fmt(orc.xy)}.")
