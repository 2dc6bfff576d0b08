"""Inch geometry for the continuous boards: bases, distances, contact, straight moves, edges.

Coordinates are inches, x to the right, y up, origin at the board's bottom-left corner.
Angles are degrees, 0 = +x (east), counter-clockwise, the way `Dice.scatter` rolls them.

Every base and terrain piece is a *rounded rectangle*: a rectangle (maybe rotated, maybe
flat as a segment or shrunk to a point) swollen by a radius. Square and oblong bases have
radius 0, round bases and discs are a swollen point. The family is closed under what
movement needs: where a moving shape touches a still one is again a rounded convex polygon
(their Minkowski difference), so "how far can this base slide before it touches that one"
is a ray cast against that polygon, solved exactly with a few square roots.

Why the hot paths are plain arithmetic rather than shapely calls: building one shapely
object costs 15-50 µs, and a list of legal moves sweeps a base along dozens of lines past
every model and terrain piece; the whole of a random Brood Rumble game must stay well under
a second. shapely is the exit and the referee: `Shape.polygon` gives the shapely geometry
(for drawing and for anything fancier), and the tests check every distance here, and the
hulls of rotated shapes, against shapely's own.

"Within X inches" is always decided on a distance with an explicit tolerance
(`CONTACT_TOLERANCE`), never by buffering polygons and testing overlap.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from rules.core.dice import Dice

Point = tuple[float, float]
K = TypeVar("K", bound=Hashable)

MM_PER_INCH = 25.4

CONTACT_TOLERANCE = 0.01
"""Inches. Two shapes no further apart than this touch ("base contact"), and "within X"
means no further than X plus this. A hundredth of an inch is invisible on a table and
absorbs the rounding of sums of floating-point moves, which never land exactly on zero."""

ROUNDING = 1e-9
"""Inches. Comparisons against a tolerance allow this much more, so a move computed to stop
exactly at the tolerance (and landing a few ulps past it) still counts as contact."""

_NOISE = 1e-9
"""Below this, a difference in inches is floating-point noise."""

_CLEAR = 1e-6
"""A margin far beyond any rounding of a few sums: what a cheap look proves out of reach by more
than this is out of reach by the exact measure too."""

_PROBE = 1e-6
"""How far a shape is nudged to tell whether a move goes into, along or away from a contact."""

SLIDE_SLOPE = 1e-4
"""A move along a contact that closes the gap by less than this per inch moved counts as
sliding along it, not going into it: points typed or rounded to a few decimals drift that
much, and even over a whole 24" board it adds up to a fraction of the tolerance."""


def mm(value: float) -> float:
    """Millimetres to inches: bases are sold in millimetres, the rules measure in inches."""
    return value / MM_PER_INCH


# -- directions -------------------------------------------------------------------------


def heading(angle: float) -> Point:
    """The unit vector of an angle in degrees (0 = +x, counter-clockwise)."""
    rad = math.radians(angle)
    return (math.cos(rad), math.sin(rad))


def angle_to(start: Point, end: Point) -> float:
    """The direction from `start` to `end` in degrees, in [0, 360); 0 when they coincide."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if abs(dx) < _NOISE and abs(dy) < _NOISE:
        return 0.0
    return math.degrees(math.atan2(dy, dx)) % 360.0


def opposite(angle: float) -> float:
    return (angle + 180.0) % 360.0


def turn_between(a: float, b: float) -> float:
    """The signed smallest difference between two bearings, in degrees (-180 up to 180)."""
    return (a - b + 180.0) % 360.0 - 180.0


def offset(point: Point, angle: float, distance: float) -> Point:
    """The point `distance` inches from `point` in direction `angle`."""
    ux, uy = heading(angle)
    return (point[0] + ux * distance, point[1] + uy * distance)


def centre_distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def random_direction(dice: Dice, why: str, who: str | None = None) -> float:
    """A scatter roll read as a direction in degrees (seed 000: random directions come from
    a scatter die). Going through `Dice` keeps it in the log and replayable."""
    return float(dice.scatter(why, who).result)


# -- shapes -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shape:
    """A rounded rectangle: centre (x, y), half sizes along its own axes, a swelling radius,
    and a rotation in degrees. A disc has half sizes 0; a square base has radius 0."""

    x: float
    y: float
    half_width: float = 0.0
    half_height: float = 0.0
    radius: float = 0.0
    angle: float = 0.0
    reach: float = field(init=False, repr=False, compare=False)
    """The radius of a circle round the centre that holds the whole shape. Kept rather than
    worked out at each look: every contact test starts by reading it (`_plainly_apart`), two
    million times in a few decisions of Brood Rumble."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "reach", math.hypot(self.half_width, self.half_height) + self.radius)

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    def at(self, point: Point) -> Shape:
        """The same shape moved so its centre is on `point`."""
        return Shape(point[0], point[1], self.half_width, self.half_height, self.radius, self.angle)

    def shifted(self, dx: float, dy: float) -> Shape:
        return Shape(self.x + dx, self.y + dy, self.half_width, self.half_height, self.radius, self.angle)

    @property
    def aligned(self) -> bool:
        """True when the rectangle's sides run along the board's axes (0, 90, 180 or 270 degrees)."""
        return self.angle % 90.0 == 0.0

    def half_sizes(self) -> Point:
        """Half sizes along x and y for an aligned shape (a quarter turn swaps them)."""
        if self.angle % 180.0 == 90.0:
            return (self.half_height, self.half_width)
        return (self.half_width, self.half_height)

    def extent(self) -> Point:
        """Half the width and height of the shape's bounding box."""
        if self.angle == 0.0:  # most shapes: cos 0 is 1 and sin 0 is 0 exactly, so these are the same sums
            return (self.half_width + self.radius, self.half_height + self.radius)
        rad = math.radians(self.angle)
        c, s = abs(math.cos(rad)), abs(math.sin(rad))
        return (c * self.half_width + s * self.half_height + self.radius,
                s * self.half_width + c * self.half_height + self.radius)

    def core(self) -> list[Point]:
        """The corners of the rectangle before swelling, counter-clockwise; one point for a
        disc, two for a segment."""
        hw, hh = self.half_width, self.half_height
        if hw == 0.0 and hh == 0.0:
            return [(self.x, self.y)]
        rad = math.radians(self.angle)
        c, s = math.cos(rad), math.sin(rad)
        local = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)] if hw and hh else (
            [(-hw, 0.0), (hw, 0.0)] if hw else [(0.0, -hh), (0.0, hh)])
        return [(self.x + u * c - v * s, self.y + u * s + v * c) for u, v in local]

    def contains(self, point: Point) -> bool:
        """True when `point` lies in the shape or on its outline."""
        return _signed_distance(point[0], point[1], _core_region(self)) <= self.radius + _NOISE

    def polygon(self, quad_segs: int = 16) -> BaseGeometry:
        """The shapely geometry of this shape (round parts as polygons with `quad_segs`
        segments per quarter circle), for drawing and for checks against shapely."""
        corners = self.core()
        core: BaseGeometry
        if len(corners) == 1:
            core = ShapelyPoint(corners[0])
        elif len(corners) == 2:
            core = LineString(corners)
        else:
            core = Polygon(corners)
        return core.buffer(self.radius, quad_segs=quad_segs) if self.radius > 0 else core


def disc(centre: Point, diameter: float) -> Shape:
    return Shape(centre[0], centre[1], radius=diameter / 2)


def rectangle(centre: Point, width: float, height: float, angle: float = 0.0) -> Shape:
    return Shape(centre[0], centre[1], width / 2, height / 2, 0.0, angle)


def square(centre: Point, side: float, angle: float = 0.0) -> Shape:
    return rectangle(centre, side, side, angle)


@dataclass(frozen=True, slots=True)
class Base:
    """A model's base: frontage `width` and `depth` in inches, or a round base of diameter
    `width`. Measures in the rules are taken from bases, so a model *is* its base here."""

    width: float
    depth: float
    round: bool = False

    @classmethod
    def of_mm(cls, width: float, depth: float | None = None, *, round: bool = False) -> Base:
        return cls(mm(width), mm(depth if depth is not None else width), round)

    def at(self, centre: Point, facing: float = 90.0) -> Shape:
        """The base standing on `centre`, its front towards `facing` (degrees; 90 = up the
        board, which keeps the frontage along x)."""
        if self.round:
            return disc(centre, self.width)
        return Shape(centre[0], centre[1], self.width / 2, self.depth / 2, 0.0, (facing - 90.0) % 360.0)


SQUARE_20MM = Base.of_mm(20)
SQUARE_25MM = Base.of_mm(25)
CAVALRY_25X50MM = Base.of_mm(25, 50)
ROUND_30MM = Base.of_mm(30, round=True)
ROUND_32MM = Base.of_mm(32, round=True)


# -- the region a shape makes with another ------------------------------------------------

Region = tuple[float, float, float, float] | list[Point]
"""An aligned box (centre x, centre y, half width, half height) or convex corners, CCW."""


def _core_region(shape: Shape) -> Region:
    if shape.aligned:
        hx, hy = shape.half_sizes()
        return (shape.x, shape.y, hx, hy)
    return shape.core()


def _difference(mover: Shape, thing: Shape) -> tuple[Region, float]:
    """The translations of `mover` at which its core meets `thing`'s core (their Minkowski
    difference), and the two radii added up. `mover` touches `thing` after moving by vector
    v exactly when v is within that radius of the region."""
    radius = mover.radius + thing.radius
    if mover.angle == 0.0 and thing.angle == 0.0:  # the common case, spelled out for speed
        return (thing.x - mover.x, thing.y - mover.y, mover.half_width + thing.half_width,
                mover.half_height + thing.half_height), radius
    if mover.aligned and thing.aligned:
        mx, my = mover.half_sizes()
        tx, ty = thing.half_sizes()
        return (thing.x - mover.x, thing.y - mover.y, mx + tx, my + ty), radius
    points = [(bx - ax, by - ay) for bx, by in thing.core() for ax, ay in mover.core()]
    return _hull(points), radius


def _hull(points: list[Point]) -> list[Point]:
    """Convex hull corners counter-clockwise from the lowest (then leftmost) one: the corners
    shapely's hull gives, found without it. Building the shapely points took half a decision of
    Road Rage (a Minkowski difference of two turned chariots is 16 points, every collision test
    and play-out); sorting 16 tuples here is many times cheaper. Turns are decided exactly
    (`_turn`), as GEOS decides them, so a corner that lies on an edge is left out as shapely
    leaves it out, and the corners are the same floats in the same order. Like GEOS, one or two
    different points come back as given, and more on one line as their two ends, lowest first."""
    unique = list(dict.fromkeys(points))
    if len(unique) <= 2:
        return [(float(x), float(y)) for x, y in unique]
    unique.sort()
    lower = _half_hull(unique)
    upper = _half_hull(unique[::-1])
    ring = lower[:-1] + upper[:-1]
    if len(ring) < 3:
        ring.sort(key=lambda p: (p[1], p[0]))
        return [(float(x), float(y)) for x, y in ring]
    start = min(range(len(ring)), key=lambda i: (ring[i][1], ring[i][0]))
    return [(float(x), float(y)) for x, y in ring[start:] + ring[:start]]


def _half_hull(ordered: list[Point]) -> list[Point]:
    """Andrew's monotone chain over points sorted along x: the chain that turns only left."""
    chain: list[Point] = []
    for p in ordered:
        px, py = p
        while len(chain) >= 2:
            ox, oy = chain[-2]
            ax, ay = chain[-1]
            left = (ax - ox) * (py - oy)
            right = (ay - oy) * (px - ox)
            bound = _TURN_BOUND * (abs(left) + abs(right))
            det = left - right
            if det > bound or (det >= -bound and _exact_turn(chain[-2], chain[-1], p) > 0):
                break
            chain.pop()
        chain.append(p)
    return chain


_TURN_BOUND = 1e-15
"""Relative size below which a turn computed in floats may have the wrong sign (Shewchuk's bound
for this determinant is 3.3e-16): it is then worked out in whole numbers (`_exact_turn`)."""


def _exact_turn(o: Point, a: Point, b: Point) -> int:
    """1 when o -> a -> b turns left, -1 right, 0 on one line, in exact arithmetic: every float is
    a whole number over a power of two, so over the largest of those powers all six are whole."""
    ratios = [float(v).as_integer_ratio() for v in (o[0], o[1], a[0], a[1], b[0], b[1])]
    scale = max(d for _, d in ratios)
    ox, oy, ax, ay, bx, by = (n * (scale // d) for n, d in ratios)
    exact = (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)
    return (exact > 0) - (exact < 0)


def _box_corners(region: tuple[float, float, float, float]) -> list[Point]:
    cx, cy, hx, hy = region
    if hx == 0.0 and hy == 0.0:
        return [(cx, cy)]
    if hy == 0.0:
        return [(cx - hx, cy), (cx + hx, cy)]
    if hx == 0.0:
        return [(cx, cy - hy), (cx, cy + hy)]
    return [(cx - hx, cy - hy), (cx + hx, cy - hy), (cx + hx, cy + hy), (cx - hx, cy + hy)]


def _segment_distance(px: float, py: float, a: Point, b: Point) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    length2 = ex * ex + ey * ey
    t = 0.0 if length2 == 0.0 else max(0.0, min(1.0, ((px - a[0]) * ex + (py - a[1]) * ey) / length2))
    return math.hypot(px - a[0] - t * ex, py - a[1] - t * ey)


def _signed_distance(px: float, py: float, region: Region) -> float:
    """Distance from a point to the region; inside, minus the distance to its outline.
    (Signed distance to a convex set is convex, which the sweeps rely on.)"""
    if isinstance(region, tuple):
        cx, cy, hx, hy = region
        dx, dy = abs(px - cx) - hx, abs(py - cy) - hy
        if dx <= 0.0 and dy <= 0.0:
            return max(dx, dy)
        return math.hypot(max(dx, 0.0), max(dy, 0.0))
    n = len(region)
    if n == 1:
        return math.hypot(px - region[0][0], py - region[0][1])
    if n == 2:
        return _segment_distance(px, py, region[0], region[1])
    deepest = -math.inf
    inside = True
    for i in range(n):
        ax, ay = region[i]
        bx, by = region[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        side = ((px - ax) * ey - (py - ay) * ex) / math.hypot(ex, ey)  # > 0 outside this edge
        deepest = max(deepest, side)
        if side > 0.0:
            inside = False
    if inside:
        return deepest
    return min(_segment_distance(px, py, region[i], region[(i + 1) % n]) for i in range(n))


def separation(a: Shape, b: Shape) -> float:
    """Base-to-base distance, negative when the shapes overlap (then roughly how deep)."""
    region, radius = _difference(a, b)
    return _signed_distance(0.0, 0.0, region) - radius


def distance(a: Shape, b: Shape) -> float:
    """Base-to-base distance in inches: 0 when touching or overlapping."""
    return max(0.0, separation(a, b))


def _plainly_apart(a: Shape, b: Shape, gap: float) -> bool:
    """True when the centres alone show the shapes are more than `gap` apart (a cheap first look)."""
    return math.hypot(b.x - a.x, b.y - a.y) - a.reach - b.reach > gap


def surely_apart(a: Shape, b: Shape, gap: float) -> bool:
    """True when the centres alone prove the shapes more than `gap` apart, with room to spare for
    any rounding of `separation`: a caller that keeps the exact distance of whatever is within
    `gap` may skip the rest on this cheap look and lose nothing."""
    return _plainly_apart(a, b, gap + _NOISE)


def touching(a: Shape, b: Shape, tolerance: float = CONTACT_TOLERANCE) -> bool:
    """Base contact: no further apart than the tolerance."""
    return not _plainly_apart(a, b, tolerance + ROUNDING) and separation(a, b) <= tolerance + ROUNDING


def within(a: Shape, b: Shape, inches: float, tolerance: float = CONTACT_TOLERANCE) -> bool:
    """"Within X inches", measured base to base, with the tolerance in the shapes' favour."""
    limit = inches + tolerance + ROUNDING
    return not _plainly_apart(a, b, limit) and separation(a, b) <= limit


def overlapping(a: Shape, b: Shape, tolerance: float = CONTACT_TOLERANCE) -> bool:
    """True when the shapes cross into each other by more than the tolerance (touching is fine)."""
    return not _plainly_apart(a, b, 0.0) and separation(a, b) < -tolerance


# -- sweeping a shape along a straight line -------------------------------------------------


def _ray_circle(ux: float, uy: float, cx: float, cy: float, radius: float) -> float | None:
    """First t >= 0 where the ray t·u from the origin meets the circle, the origin being outside."""
    proj = cx * ux + cy * uy
    if proj < 0.0:
        return None
    disc_ = proj * proj - (cx * cx + cy * cy) + radius * radius
    if disc_ < 0.0:
        return None
    t = proj - math.sqrt(disc_)
    return t if t >= 0.0 else None


def _ray_segment(ux: float, uy: float, a: Point, b: Point) -> float | None:
    """First t >= 0 where the ray t·u from the origin meets the segment a-b."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    denom = ux * ey - uy * ex
    wx, wy = a
    if abs(denom) < 1e-15:
        if abs(wx * uy - wy * ux) > _NOISE:
            return None
        hits = [t for t in (wx * ux + wy * uy, b[0] * ux + b[1] * uy) if t >= 0.0]
        return min(hits) if hits else None
    t = (wx * ey - wy * ex) / denom
    s = (wx * uy - wy * ux) / denom
    return t if t >= 0.0 and -_NOISE <= s <= 1.0 + _NOISE else None


def _entry(ux: float, uy: float, region: Region, radius: float) -> float | None:
    """First t >= 0 at which the point t·u comes within `radius` of the region.

    The swollen region's outline is made of the region's edges pushed out by the radius and
    of arcs of circles round its corners. Every full corner circle and every pushed edge lies
    inside the swollen region, so the earliest hit on any of them is the way in.
    """
    if _signed_distance(0.0, 0.0, region) <= radius + _NOISE:  # touching to the last bit counts as touching
        return 0.0
    corners = _box_corners(region) if isinstance(region, tuple) else region
    best: float | None = None
    if radius > 0.0:
        for cx, cy in corners:
            t = _ray_circle(ux, uy, cx, cy, radius)
            if t is not None and (best is None or t < best):
                best = t
    n = len(corners)
    if n == 1:
        return best
    edges = [(corners[0], corners[1]), (corners[1], corners[0])] if n == 2 else \
        [(corners[i], corners[(i + 1) % n]) for i in range(n)]
    for a, b in edges:
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey)
        nx, ny = ey / length * radius, -ex / length * radius  # outward for a counter-clockwise edge
        t = _ray_segment(ux, uy, (a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny))
        if t is not None and (best is None or t < best):
            best = t
    return best


def _going_in(ux: float, uy: float, region: Region, radius: float) -> bool:
    """For shapes already in contact: does moving along u bring them closer (True), or keep
    the gap or open it (False, sliding along or leaving)? The gap along a straight line is
    a convex function of the distance moved, so its first step tells the whole story."""
    now = _signed_distance(0.0, 0.0, region)
    later = _signed_distance(ux * _PROBE, uy * _PROBE, region)
    return later < now - _PROBE * SLIDE_SLOPE


@dataclass(frozen=True, slots=True)
class Contact(Generic[K]):
    """`key` is first touched after moving `at` inches. `approaching` is False only for a
    contact already there at the start that the move slides along or leaves."""

    key: K
    at: float
    approaching: bool = True


def first_contact(mover: Shape, angle: float, thing: Shape, length: float = math.inf, *,
                  spacing: float = 0.0, tolerance: float = CONTACT_TOLERANCE) -> Contact[str] | None:
    """When `mover`, sliding along `angle`, first comes within `spacing` (plus the tolerance)
    of `thing`, within `length` inches; None if it never does."""
    found = contacts(mover, angle, length, {"thing": thing}, spacing=spacing, tolerance=tolerance)
    return found[0] if found else None


def contacts(mover: Shape, angle: float, length: float, things: Mapping[K, Shape], *,
             spacing: float = 0.0, tolerance: float = CONTACT_TOLERANCE) -> list[Contact[K]]:
    """Every thing `mover` touches while sliding `length` inches along `angle`, each at the
    distance where it is first touched, nearest first (ties keep the mapping's order)."""
    return _contacts(mover, heading(angle), length, things, spacing, tolerance)


def _contacts(mover: Shape, direction: Point, length: float, things: Mapping[K, Shape], spacing: float,
              tolerance: float) -> list[Contact[K]]:
    """`contacts` along the unit vector `direction` (`travel` has it already)."""
    ux, uy = direction
    margin = mover.reach + spacing + tolerance
    mx, my = mover.x, mover.y
    hypot = math.hypot
    found: list[Contact[K]] = []
    for key, thing in things.items():
        dx, dy = thing.x - mx, thing.y - my
        along = dx * ux + dy * uy  # clamped to [0, length] as min(max(along, 0.0), length) would
        if along < 0.0:
            along = 0.0
        if along > length:
            along = length
        if hypot(dx - along * ux, dy - along * uy) > margin + thing.reach:
            continue  # too far from the line ever to be touched
        region, radius = _difference(mover, thing)
        radius += spacing + tolerance
        at = _entry(ux, uy, region, radius)
        if at is None or at > length:
            continue
        found.append(Contact(key, at, True if at > 0.0 else _going_in(ux, uy, region, radius)))
    found.sort(key=lambda c: c.at)
    return found


def exit_distance(mover: Shape, angle: float, thing: Shape, spacing: float = 0.0) -> float:
    """How far `mover` must slide along `angle` until it no longer overlaps `thing` (0 when it
    does not overlap now). Used to carry a model clear of a piece it must not stop on."""
    region, radius = _difference(mover, thing)
    radius += spacing
    if _signed_distance(0.0, 0.0, region) >= radius:
        return 0.0
    ux, uy = heading(angle)
    far = math.hypot(mover.x - thing.x, mover.y - thing.y) + mover.reach + thing.reach + spacing + 1.0
    # Come back from beyond the far side: where that reverse ray enters is where we leave.
    shifted: Region
    if isinstance(region, tuple):
        shifted = (region[0] - far * ux, region[1] - far * uy, region[2], region[3])
    else:
        shifted = [(px - far * ux, py - far * uy) for px, py in region]
    back = _entry(-ux, -uy, shifted, radius)
    return far - back if back is not None else 0.0


def crossings(start: Point, angle: float, length: float, shape: Shape) -> list[float]:
    """Where a point moving from `start` crosses the outline of `shape` (in or out), as
    distances along the move. A convex shape is crossed at most twice."""
    if shape.aligned and shape.radius == 0.0:
        return _box_crossings(start, angle, length, shape)
    point = Shape(start[0], start[1])
    out: list[float] = []
    if shape.contains(start):
        leave = exit_distance(point, angle, shape)
        return [leave] if 0.0 < leave <= length else []
    region, radius = _difference(point, shape)
    ux, uy = heading(angle)
    enter = _entry(ux, uy, region, radius)
    if enter is None or enter > length:
        return out
    out.append(enter)
    leave = enter + exit_distance(point.at(offset(start, angle, enter + _PROBE)), angle, shape) + _PROBE
    if leave <= length and leave > enter + _PROBE:
        out.append(leave)
    return out


def _box_crossings(start: Point, angle: float, length: float, shape: Shape) -> list[float]:
    """`crossings` for an aligned rectangle, by the slab method: where the line is inside
    both the x band and the y band."""
    hx, hy = shape.half_sizes()
    ux, uy = heading(angle)
    low, high = -math.inf, math.inf
    for p, u, centre, half in ((start[0], ux, shape.x, hx), (start[1], uy, shape.y, hy)):
        if abs(u) < 1e-15:
            if abs(p - centre) >= half - _NOISE:
                return []  # running outside the band, or exactly along its outline
            continue
        a, b = (centre - half - p) / u, (centre + half - p) / u
        low, high = max(low, min(a, b)), min(high, max(a, b))
    if high < low + _NOISE or high <= 0.0:
        return []  # missed, or only grazed
    if low <= 0.0:
        return [high] if high <= length else []  # starting inside (an outline counts as inside)
    return [t for t in (low, high) if t <= length]


# -- areas and their edges -----------------------------------------------------------------


class Area(Protocol):
    """Where models may stand: a rectangular board or a round field. Its outline is the edge."""

    def contains(self, shape: Shape) -> bool: ...

    def edge_gap(self, shape: Shape) -> float: ...

    def edge_contact(self, mover: Shape, angle: float, length: float, *, spacing: float = 0.0,
                     tolerance: float = CONTACT_TOLERANCE) -> Contact[str] | None: ...

    def nearest_edge_point(self, point: Point) -> Point: ...


EDGE = "edge"
"""The key a board's edge has in `Travel.stopped_by` and in contacts."""


def _sooner(best: Contact[str] | None, found: Contact[str]) -> Contact[str]:
    """The edge contact that matters: the first one the move runs into; failing that, an edge
    it only touches and slides along (a model on one edge may walk along it into another)."""
    if best is None:
        return found
    if found.approaching != best.approaching:
        return found if found.approaching else best
    return found if found.at < best.at else best


@dataclass(frozen=True, slots=True)
class Board:
    """A rectangular board `width` by `height` inches with its corner on the origin."""

    width: float
    height: float

    @property
    def centre(self) -> Point:
        return (self.width / 2, self.height / 2)

    def polygon(self) -> Polygon:
        return Polygon([(0, 0), (self.width, 0), (self.width, self.height), (0, self.height)])

    def _gaps(self, shape: Shape) -> tuple[tuple[str, float, Point], ...]:
        """(edge, gap to it, outward direction) for the four edges."""
        ex, ey = shape.extent()
        return (("south", shape.y - ey, (0.0, -1.0)), ("east", self.width - shape.x - ex, (1.0, 0.0)),
                ("north", self.height - shape.y - ey, (0.0, 1.0)), ("west", shape.x - ex, (-1.0, 0.0)))

    def contains(self, shape: Shape) -> bool:
        """True when the whole shape is on the board (touching the edge is on it)."""
        return self.edge_gap(shape) >= -_NOISE

    def edge_gap(self, shape: Shape) -> float:
        """Distance from the shape to the nearest edge, negative when it sticks out (the gaps of
        `_gaps`, in its order, without building its tuples: the set-ups ask this of every spot)."""
        ex, ey = shape.extent()
        return min(shape.y - ey, self.width - shape.x - ex, self.height - shape.y - ey, shape.x - ex)

    def touched_edges(self, shape: Shape, tolerance: float = CONTACT_TOLERANCE) -> list[str]:
        return [name for name, gap, _ in self._gaps(shape) if gap <= tolerance]

    def edge_contact(self, mover: Shape, angle: float, length: float, *, spacing: float = 0.0,
                     tolerance: float = CONTACT_TOLERANCE) -> Contact[str] | None:
        """When the sliding shape first runs within `spacing` (plus tolerance) of an edge, or
        else the edge it already touches and slides along or leaves."""
        ux, uy = heading(angle)
        best: Contact[str] | None = None
        for _, gap, (nx, ny) in self._gaps(mover):
            toward = ux * nx + uy * ny
            room = gap - spacing - tolerance
            if room <= 0.0:
                found = Contact(EDGE, 0.0, toward > SLIDE_SLOPE)
            elif toward > _NOISE and room / toward <= length:
                found = Contact(EDGE, room / toward, True)
            else:
                continue
            best = _sooner(best, found)
        return best

    def nearest_edge(self, point: Point) -> str:
        x, y = point
        gaps = {"south": y, "east": self.width - x, "north": self.height - y, "west": x}
        return min(gaps, key=lambda edge: gaps[edge])

    def nearest_edge_point(self, point: Point) -> Point:
        """The point of the edge closest to `point` (ties: south, east, north, west)."""
        x, y = min(max(point[0], 0.0), self.width), min(max(point[1], 0.0), self.height)
        edge = self.nearest_edge((x, y))
        return {"south": (x, 0.0), "east": (self.width, y), "north": (x, self.height), "west": (0.0, y)}[edge]


@dataclass(frozen=True, slots=True)
class RoundArea:
    """A round field (the Pigsty of Flying Pigs): models stay within `radius` of `centre`."""

    centre: Point
    radius: float

    def _far(self, shape: Shape) -> float:
        """How far the shape reaches from the area's centre."""
        cx, cy = self.centre
        return max(math.hypot(px - cx, py - cy) for px, py in shape.core()) + shape.radius

    def contains(self, shape: Shape) -> bool:
        return self._far(shape) <= self.radius + _NOISE

    def edge_gap(self, shape: Shape) -> float:
        return self.radius - self._far(shape)

    def edge_contact(self, mover: Shape, angle: float, length: float, *, spacing: float = 0.0,
                     tolerance: float = CONTACT_TOLERANCE) -> Contact[str] | None:
        cx, cy = self.centre
        limit = self.radius - spacing - tolerance - mover.radius
        if math.hypot(mover.x - cx, mover.y - cy) + (mover.reach - mover.radius) + length < limit - _CLEAR:
            return None  # no corner can get as far out as the edge on this move: the same answer, sooner
        ux, uy = heading(angle)
        best: Contact[str] | None = None
        for px, py in mover.core():
            dx, dy = px - cx, py - cy
            outward = dx * ux + dy * uy
            reach = math.hypot(dx, dy)
            if reach >= limit:
                leaving = outward > SLIDE_SLOPE * reach
                best = _sooner(best, Contact(EDGE, 0.0, leaving))
                if leaving:
                    continue
            # Where the point leaves the circle of radius `limit`: the positive root. A point on
            # the edge that moves inward crosses the circle and meets the edge again across it.
            root = outward * outward - (dx * dx + dy * dy - limit * limit)
            if root <= 0.0:
                continue
            at = -outward + math.sqrt(root)
            if _NOISE < at <= length:
                best = _sooner(best, Contact(EDGE, at, True))
        return best

    def nearest_edge_point(self, point: Point) -> Point:
        cx, cy = self.centre
        d = math.hypot(point[0] - cx, point[1] - cy)
        if d < _NOISE:
            return (cx + self.radius, cy)
        return (cx + (point[0] - cx) * self.radius / d, cy + (point[1] - cy) * self.radius / d)


# -- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Travel(Generic[K]):
    """A straight move as it happened: where it ended, how far it went, what stopped it
    (a blocker's key, `EDGE`, or None when it went the whole way) and what it touched."""

    start: Point
    end: Point
    angle: float
    travelled: float
    stopped_by: K | str | None
    touched: tuple[K | str, ...]

    @property
    def blocked(self) -> bool:
        return self.stopped_by is not None


def travel(mover: Shape, angle: float, length: float, blockers: Mapping[K, Shape] | None = None, *,
           area: Area | None = None, passing: Mapping[K, Shape] | None = None, spacing: float = 0.0,
           tolerance: float = CONTACT_TOLERANCE) -> Travel[K]:
    """Slide `mover` up to `length` inches along `angle`, stopping where it first touches a
    blocker (or comes within `spacing` of it) or the edge of `area`. Blockers it already
    touches do not stop a move that slides along them or leaves them. `passing` things never
    stop the move; they are only reported in `touched` when the travelled part reaches them."""
    ux, uy = heading(angle)  # worked out once for the sweeps and the end (as `offset` would)
    found = _contacts(mover, (ux, uy), length, blockers or {}, spacing, tolerance)
    stop: Contact[K] | Contact[str] | None = next((c for c in found if c.approaching), None)
    edge = area.edge_contact(mover, angle, length, spacing=spacing, tolerance=tolerance) if area else None
    if edge is not None and edge.approaching and (stop is None or edge.at < stop.at):
        stop = edge
    went = stop.at if stop is not None else length
    touched: list[K | str] = [c.key for c in found if c.at <= went]
    if edge is not None and edge.at <= went:
        touched.append(EDGE)
    if passing:
        touched += [c.key for c in _contacts(mover, (ux, uy), went, passing, 0.0, tolerance)]
    return Travel(start=mover.centre, end=(mover.x + ux * went, mover.y + uy * went), angle=angle % 360.0,
                  travelled=went, stopped_by=stop.key if stop is not None else None, touched=tuple(touched))


def rebound(mover: Shape, angle: float, length: float, area: Area, blockers: Mapping[K, Shape] | None = None, *,
            spacing: float = 0.0, max_turns: int = 16) -> list[Travel[K]]:
    """A move that turns round (180 degrees) each time it meets the area's edge and goes on
    with what is left, until it has gone `length` or a blocker stops it (Flying Pigs, 6.5)."""
    legs: list[Travel[K]] = []
    left = length
    for _ in range(max_turns + 1):
        leg = travel(mover, angle, left, blockers, area=area, spacing=spacing)
        legs.append(leg)
        left -= leg.travelled
        mover = mover.at(leg.end)
        if leg.stopped_by != EDGE or left <= _NOISE:
            break
        angle = opposite(angle)
    return legs


def push_angle(pusher: Point, pushed: Point) -> float:
    """The direction of a push: straight away from the pusher, centre to centre."""
    return angle_to(pusher, pushed)


def exit_point(shape: Shape, angle: float) -> Point:
    """Where a line from the shape's centre along `angle` leaves the shape."""
    return offset(shape.centre, angle, exit_distance(Shape(shape.x, shape.y), angle, shape))


__all__ = [
    "Area", "Base", "Board", "CAVALRY_25X50MM", "CONTACT_TOLERANCE", "Contact", "EDGE", "MM_PER_INCH", "Point",
    "ROUND_30MM", "ROUND_32MM", "RoundArea", "SQUARE_20MM", "SQUARE_25MM", "Shape", "Travel", "angle_to",
    "centre_distance", "contacts", "crossings", "disc", "distance", "exit_distance", "exit_point", "first_contact",
    "heading", "mm", "offset", "opposite", "overlapping", "push_angle", "random_direction", "rebound", "rectangle",
    "separation", "square", "surely_apart", "touching", "travel", "turn_between", "within",
]
