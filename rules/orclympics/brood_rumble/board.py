"""The Brood Rumble table in inches: sizes, shapes of Orcs, Barrels and terrain, who touches whom.

The rule text gives no sizes for Terrain Features or Barrels; ours are in `FEATURE_SIZES`
and `BARREL` and listed in `guide.READINGS`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from rules.core.geometry import SQUARE_25MM, Board, Shape, disc, mm, rectangle, touching
from rules.orclympics.brood_rumble.models import (
    XY,
    Barrel,
    BroodRumbleState,
    Feature,
    FeatureKind,
    Orc,
    OrcId,
)

BOARD = Board(24.0, 24.0)  # II.1
ORC_BASE = SQUARE_25MM  # II.1: every Orc on a 25x25 mm base
BARREL_DIAMETER = mm(20)
PLATFORM_HEIGHT = 1.0  # inches of movement to climb up or down (II.2 Platforms)
FEATURE_GAP = 3.0  # II.2: more than 3" from the edge and from any other feature
MOUND_OFFSET = 6.0  # II.2: the Debris Mounds sit 6" either side of the centre
MOVE_BONUS = 2  # II.4.2.1: D6+2"
PUSH_DISTANCE = 6.0  # II.4.3 Headbutt
FALL_BACK = 3.0  # II.4.3 Knocked Down
SHOVE_BACK = 1.0  # II.4.3 Push into another Orc
MAX_BARRELS = 6  # II.2 Barrels
HEALTH = 12  # II.1

FEATURE_SIZES: dict[FeatureKind, tuple[float, float, bool]] = {
    FeatureKind.PIT: (3.0, 3.0, True),
    FeatureKind.DANGEROUS: (3.0, 3.0, False),
    FeatureKind.PLATFORM: (3.0, 3.0, False),
    FeatureKind.COVER: (3.0, 1.0, False),
    FeatureKind.MOUND: (3.0, 3.0, True),
}
"""(width, height, round) in inches: round features are discs of that diameter."""

IMPASSABLE = (FeatureKind.PIT, FeatureKind.COVER, FeatureKind.MOUND)
"""II.2: Orcs cannot move into or through these (Pits only by being Pushed)."""


def feature_shape_at(kind: FeatureKind, centre: XY) -> Shape:
    x, y = centre
    return _feature_shape(kind, x, y, type(x), type(y))


@functools.lru_cache(maxsize=16384)
def _feature_shape(kind: FeatureKind, x: float, y: float, *_types: type) -> Shape:
    """A feature's shape, made once per place: the set-up tries each kind on a grid of places against
    every feature standing (legal moves, a random placement, the deployment), and making the shapes
    again each time was a fifth of it. A `Shape` is frozen; the types are in the key so 3 and 3.0 keep
    their own (equal) shapes."""
    width, height, round_ = FEATURE_SIZES[kind]
    return disc((x, y), width) if round_ else rectangle((x, y), width, height)


def feature_shape(feature: Feature) -> Shape:
    x, y = feature.x, feature.y  # as `feature_shape_at`, without the tuple: asked for every feature at every look
    return _feature_shape(feature.kind, x, y, type(x), type(y))


def orc_shape_at(centre: XY) -> Shape:
    x, y = centre
    return _orc_shape(x, y, type(x), type(y))


@functools.lru_cache(maxsize=16384)
def _orc_shape(x: float, y: float, *_types: type) -> Shape:
    """An Orc's base standing at a place, made once (as `_feature_shape`)."""
    return ORC_BASE.at((x, y))


def orc_shape(orc: Orc) -> Shape:
    x, y = orc.xy  # as `orc_shape_at`, one call fewer: asked for every Orc at every look
    return _orc_shape(x, y, type(x), type(y))


def barrel_shape_at(centre: XY) -> Shape:
    return disc(centre, BARREL_DIAMETER)


def barrel_shape(barrel: Barrel) -> Shape:
    return barrel_shape_at((barrel.x, barrel.y))


def pair_key(a: OrcId, b: OrcId) -> str:
    """A combat's name, the same whichever Orc is named first."""
    first, second = sorted((a, b))
    return f"{first}-{second}"


def on_board(state: BroodRumbleState) -> Iterator[Orc]:
    return (o for o in state.orcs.values() if o.on_board)


def enemies(state: BroodRumbleState, orc: Orc) -> Iterator[Orc]:
    return (o for o in on_board(state) if o.team != orc.team)


def features(state: BroodRumbleState, *kinds: FeatureKind) -> Iterator[Feature]:
    return (f for f in state.features if f.kind in kinds)


def in_contact(a: Orc, b: Orc) -> bool:
    """Base contact between two Orcs. Every question of contact in Brood Rumble (is this a
    Charge, who is engaged, who may only Fight) comes here, and from here to the one geometry
    test, so a charger stopped at the tolerance is engaged by the same measure that let it
    charge (a second, stricter look once left one charge in five without its fight)."""
    return touching(orc_shape(a), orc_shape(b))


def engaged_with(state: BroodRumbleState, orc: Orc) -> list[Orc]:
    """Standing enemies in base contact. A Knocked Down Orc is out of the fight (II.4.3 Step 2)."""
    if not orc.on_board or orc.knocked_down:
        return []
    return [e for e in enemies(state, orc) if not e.knocked_down and in_contact(orc, e)]


def engaged(state: BroodRumbleState, orc: Orc) -> bool:
    return bool(engaged_with(state, orc))


def engaged_pairs(state: BroodRumbleState) -> list[tuple[OrcId, OrcId]]:
    """Every pair of standing enemies in base contact, team A's Orc first, in a fixed order."""
    pairs: list[tuple[OrcId, OrcId]] = []
    for orc in sorted(on_board(state), key=lambda o: o.id):
        if orc.team != "A":
            continue
        pairs.extend((orc.id, e.id) for e in sorted(engaged_with(state, orc), key=lambda o: o.id))
    return pairs


def on_platform(state: BroodRumbleState, centre: XY) -> Feature | None:
    """The Platform an Orc stands on: the one under the centre of its base (our reading)."""
    for feature in features(state, FeatureKind.PLATFORM):
        if feature_shape(feature).contains(centre):
            return feature
    return None


def impassable(state: BroodRumbleState, moving: OrcId | None = None) -> dict[str, Shape]:
    """What stops an Orc's own movement: other Orcs, Pits, Cover and Debris Mounds."""
    things: dict[str, Shape] = {o.id: orc_shape(o) for o in on_board(state) if o.id != moving}
    things.update((f.id, feature_shape(f)) for f in state.features if f.kind in IMPASSABLE)
    return things


def shapes_of(state: BroodRumbleState, *kinds: FeatureKind) -> dict[str, Shape]:
    return {f.id: feature_shape(f) for f in features(state, *kinds)}


def feature(state: BroodRumbleState, feature_id: str) -> Feature:
    return next(f for f in state.features if f.id == feature_id)


def touched_barrels(state: BroodRumbleState, orc: Orc) -> list[Barrel]:
    shape = orc_shape(orc)
    return [b for b in state.barrels if touching(shape, barrel_shape(b))]


def label(state: BroodRumbleState, key: str) -> str:
    """A short name for anything on the table, for messages."""
    if key == "edge":
        return "the board edge"
    if key in state.orcs:
        return key
    for f in state.features:
        if f.id == key:
            return f"the {f.kind.label} {f.id}"
    return key


def fmt(point: XY) -> str:
    return f"({point[0]:.1f}, {point[1]:.1f})"
