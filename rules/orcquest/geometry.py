"""Squares, walls and lines on a Quest's map (seed 004, L300-352, L394-465): adjacency, Danger Zones,
arcs, Range, Line of Sight and Line of Fire, and the squares a figure can reach with its Movement
Points.

A `Scene` is what moves during a Quest, as these rules read it: which doors are open, which pieces
of furniture still stand, who stands where facing which way. The engine builds one from its state;
nothing here knows the state, so every rule can be met on a hand-made scene.

Lines are drawn in board units (a1's lower-left corner at (0, 0), squares 1 x 1) with shapely:
walls are segments on square edges, and a line from centre to centre is blocked by any point of a
wall or a closed door it touches, a corner included (L333; reading a26, d6); the ends of an open
door count as wall corners (L336). Furniture, trunks and figures block only a line that enters
their square's inside: the corners of anything but walls never block (L334).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

import shapely
from shapely import LineString, MultiLineString, MultiPoint, Polygon

from rules.core.grid import Square
from rules.orcquest.data import DANGER_ZONE_DAMAGE, Layout

Facing = Literal["N", "E", "S", "W"]
FACINGS: tuple[Facing, ...] = ("N", "E", "S", "W")
STEP: dict[Facing, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE: dict[Facing, Facing] = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class Figure:
    """An Enemy as the geometry sees it: where it looks, and whether its Danger Zone is live (a
    Petrified, Stunned or Terrified Enemy has none, L415, L1065-1072)."""

    facing: Facing
    menacing: bool = True


@dataclass(frozen=True)
class Scene:
    """What stands where on `layout` now."""

    layout: Layout
    open_doors: frozenset[str] = frozenset()  # doors open or destroyed
    furniture: frozenset[str] | None = None  # pieces still standing; None: all of them
    heroes: Mapping[Square, str] = field(default_factory=dict)  # living Heroes by square
    enemies: Mapping[Square, Figure] = field(default_factory=dict)
    dead: frozenset[Square] = frozenset()  # Dead Hero tokens (L890-892)
    smoke: frozenset[Square] = frozenset()

    def standing(self, square: Square) -> bool:
        """Whether a piece of furniture stands on `square`."""
        piece = self.layout.furniture_at(square)
        return piece is not None and (self.furniture is None or piece.code in self.furniture)

    def high(self, square: Square) -> bool:
        piece = self.layout.furniture_at(square)
        return piece is not None and piece.high and self.standing(square)

    def occupied(self, square: Square) -> bool:
        return square in self.heroes or square in self.enemies


# -- adjacency and arcs (L300-305; reading d3, d4) -------------------------------------------------------------

def edge_open(scene: Scene, a: Square, b: Square) -> bool:
    """Whether two squares sharing an edge are adjacent: no wall and no closed door between (L303)."""
    edge = frozenset((a, b))
    if edge in scene.layout.walls:
        return False
    door = scene.layout.door_at(a, b)
    return door is None or door.code in scene.open_doors


def adjacent(scene: Scene, square: Square) -> list[Square]:
    """The squares adjacent to `square`: a shared edge, no wall or closed door (L303). Melee without
    a Range, the Danger Zone and 'a Hero on an adjacent square' (L875) all read this (reading d4)."""
    return [n for n in scene.layout.grid.neighbouring(square) if edge_open(scene, square, n)]


def ahead(scene: Scene, square: Square, facing: Facing) -> Square | None:
    """The square across the front edge of `square`, if there is one on the board."""
    x, y = scene.layout.grid.xy(square)
    dx, dy = STEP[facing]
    return scene.layout.grid.square_at(x + dx, y + dy)


def danger_zone(scene: Scene, square: Square, facing: Facing) -> Square | None:
    """The Danger Zone of a figure at `square`: the square adjacent to its front edge (L304); none
    behind a wall or a closed door, which stop adjacency."""
    front = ahead(scene, square, facing)
    return front if front is not None and edge_open(scene, square, front) else None


def danger_zones(scene: Scene) -> dict[Square, list[Square]]:
    """Every live Danger Zone: square -> the Enemies whose zone it is."""
    zones: dict[Square, list[Square]] = {}
    for at, figure in scene.enemies.items():
        zone = danger_zone(scene, at, figure.facing) if figure.menacing else None
        if zone is not None:
            zones.setdefault(zone, []).append(at)
    return zones


def in_front_arc(scene: Scene, at: Square, facing: Facing, target: Square) -> bool:
    """Whether `target` is in the Front Arc of a figure at `at` (L302, L311): the board is split by
    the line through the figure's centre parallel to its front edge, and squares level with the
    figure count as Front (reading d3: the tie-break unkind to Heroes, L831). A figure is in its own."""
    (x, y), (tx, ty) = scene.layout.grid.xy(at), scene.layout.grid.xy(target)
    dx, dy = STEP[facing]
    return (tx - x) * dx + (ty - y) * dy >= 0


def in_rear_arc(scene: Scene, at: Square, facing: Facing, target: Square) -> bool:
    return not in_front_arc(scene, at, facing, target)


def facing_towards(scene: Scene, at: Square, target: Square) -> Facing:
    """The facing that puts `target` squarely in front: along the longer of the two offsets (north or
    south first when they are equal); the target is in the Front Arc either way."""
    (x, y), (tx, ty) = scene.layout.grid.xy(at), scene.layout.grid.xy(target)
    dx, dy = tx - x, ty - y
    if abs(dx) > abs(dy):
        return "E" if dx > 0 else "W"
    if dy == 0:
        return "N"
    return "N" if dy > 0 else "S"


def open_between(scene: Scene, a: Square, b: Square) -> bool:
    """Whether nothing built stands between two touching squares: their edge is open, or for a
    diagonal, the edges round one of the two squares beside it are (what a Push needs, L1137)."""
    (ax, ay), (bx, by) = scene.layout.grid.xy(a), scene.layout.grid.xy(b)
    if ax == bx or ay == by:
        return edge_open(scene, a, b)
    flanks = (scene.layout.grid.square_at(bx, ay), scene.layout.grid.square_at(ax, by))
    return any(f is not None and edge_open(scene, a, f) and edge_open(scene, f, b) for f in flanks)


def distance(scene: Scene, a: Square, b: Square) -> int:
    """Range: the count of squares on the shortest king's path, the target included (L342-343;
    reading d5: walls do not lengthen it, Line of Sight is a separate test)."""
    return scene.layout.grid.distance(a, b)


def push_square(scene: Scene, pusher: Square, pushed: Square) -> Square | None:
    """Where Push 1 sends `pushed`, away from `pusher` (L1137): one step of sign(dx), sign(dy)
    (reading d21); None off the board."""
    (x, y), (px, py) = scene.layout.grid.xy(pushed), scene.layout.grid.xy(pusher)
    sx, sy = (x > px) - (x < px), (y > py) - (y < py)
    return scene.layout.grid.square_at(x + sx, y + sy)


# -- lines (L306-336; reading a26-a27, d6) ---------------------------------------------------------------------

_WALLS: dict[tuple[int, frozenset[str]], shapely.Geometry] = {}


def _edge_segment(scene: Scene, a: Square, b: Square) -> tuple[tuple[float, float], tuple[float, float]]:
    (ax, ay), (bx, by) = scene.layout.grid.xy(a), scene.layout.grid.xy(b)
    if ay == by:  # side by side: a vertical edge
        x = max(ax, bx)
        return (x, ay), (x, ay + 1)
    y = max(ay, by)
    return (ax, y), (ax + 1, y)


def _wall_geometry(scene: Scene) -> shapely.Geometry:
    """Walls, closed doors and the ends of open doors as one prepared shape, kept per layout and set
    of open doors (the lines of a turn ask for it thousands of times)."""
    key = (id(scene.layout), scene.open_doors)
    found = _WALLS.get(key)
    if found is not None:
        return found
    segments = [_edge_segment(scene, *sorted(edge)) for edge in scene.layout.walls]
    corners: list[tuple[float, float]] = []
    for door in scene.layout.doors:
        for a, b in door.edges:
            start, end = _edge_segment(scene, a, b)
            if door.code in scene.open_doors:
                corners += [start, end]
            else:
                segments.append((start, end))
    parts: list[shapely.Geometry] = [MultiLineString(segments)]
    if corners:
        parts.append(MultiPoint(corners))
    geometry = shapely.union_all(parts)
    shapely.prepare(geometry)
    if len(_WALLS) > 256:
        _WALLS.clear()
    _WALLS[key] = geometry
    return geometry


def _box(scene: Scene, square: Square) -> Polygon:
    x, y = scene.layout.grid.xy(square)
    return shapely.box(x, y, x + 1, y + 1)


def _line(scene: Scene, a: Square, b: Square) -> LineString:
    return LineString([scene.layout.grid.centre(a), scene.layout.grid.centre(b)])


def _enters(scene: Scene, line: LineString, squares: Iterable[Square]) -> bool:
    """Whether `line` passes through the inside of any of `squares` (a graze of an edge or a corner
    does not count, L334)."""
    boxes = [_box(scene, s) for s in squares]
    return bool(boxes) and bool(shapely.crosses(line, boxes).any())


def _between(scene: Scene, a: Square, b: Square, squares: Iterable[Square]) -> list[Square]:
    """Those of `squares` other than the ends, inside the box the line spans (the only ones it can enter)."""
    (ax, ay), (bx, by) = scene.layout.grid.xy(a), scene.layout.grid.xy(b)
    x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    out = []
    for s in squares:
        if s in (a, b):
            continue
        x, y = scene.layout.grid.xy(s)
        if x0 <= x <= x1 and y0 <= y <= y1:
            out.append(s)
    return out


def line_of_sight(scene: Scene, a: Square, b: Square) -> bool:
    """Whether the line from the centre of `a` to the centre of `b` is clear for sight (L306-320):
    walls, wall corners, closed doors and the ends of open doors block at a touch; high furniture
    and Smoke block a line entering their square (not the squares at its ends: a figure on a
    cupboard sees from it, L459, and is seen on it; a figure in Smoke sees out, L339). Characters,
    trunks and low furniture never block it (L320)."""
    if a == b:
        return True
    line = _line(scene, a, b)
    if _wall_geometry(scene).intersects(line):
        return False
    blockers = [s for s in _between(scene, a, b, scene.smoke)]
    blockers += [s for f in scene.layout.furniture for s in _between(scene, a, b, f.squares) if scene.standing(s)
                 and f.high]
    return not _enters(scene, line, blockers)


def line_of_fire(scene: Scene, a: Square, b: Square, *, supported: bool = False) -> bool:
    """Whether a Ranged Attack from `a` may reach `b` (L323-331): Line of Sight, and no Character or
    tree trunk inside the line (Dead Hero tokens and Chickens never block, L892, L501). From high
    furniture, low furniture or a trunk, Characters do not block (L459, L465); with `supported` (the
    Support Ability, L1151), the shooter's adjacent allies do not."""
    if not line_of_sight(scene, a, b):
        return False
    raised = scene.standing(a) or a in scene.layout.trunks
    figures: list[Square] = []
    if not raised:
        allies = set(adjacent(scene, a)) if supported and a in scene.heroes else set()
        figures = [*(s for s in scene.heroes if s not in allies), *scene.enemies]
    blockers = _between(scene, a, b, [*figures, *scene.layout.trunks])
    return not _enters(scene, _line(scene, a, b), blockers)


def sees(scene: Scene, at: Square, facing: Facing, target: Square) -> bool:
    """Whether a figure at `at` facing `facing` sees `target`: in its Front Arc and in Line of Sight
    (L311)."""
    return in_front_arc(scene, at, facing, target) and line_of_sight(scene, at, target)


# -- movement (L394-465) ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mover:
    """Who moves, as movement reads it: a Hero (Enemies stop it; Heroes it crosses, L398, L408-413) or
    an Enemy (Heroes stop it; it crosses other Enemies, reading d11); its Abilities; whether it may
    open doors on the way at no cost (Enemies but War Dogs, L836) and stop on the Bell (the
    Bell-ringer, L405)."""

    hero: bool = True
    agile: bool = False
    smashing: bool = False
    opens_doors: bool = False
    ringer: bool = False
    slips: bool = False  # an Invisible Hero passes closed doors without opening them (L1124)


@dataclass(frozen=True)
class Route:
    """The best way found to a square: Movement Points spent, Automatic Damage taken leaving Danger
    Zones on the way, and the squares stepped on (the start left out)."""

    mp: int
    damage: int
    path: tuple[Square, ...]


def _enterable(scene: Scene, mover: Mover, square: Square) -> bool:
    """Whether `mover` may step onto (or through) `square` (L401-413, L425, L446-447)."""
    if mover.hero and square in scene.enemies:
        return False
    if not mover.hero and square in scene.heroes:
        return False
    if square in scene.layout.trunks:
        return mover.hero and mover.agile
    if scene.standing(square):
        return mover.hero and (mover.agile or mover.smashing)
    return True


def can_stop(scene: Scene, mover: Mover, square: Square, start: Square | None = None) -> bool:
    """Whether `mover` may end its move on `square`: never on another figure or a Dead Hero token
    (L398, L892), on the Bell only as the Bell-ringer (L405)."""
    if square == start:
        return True
    if square in scene.heroes or square in scene.enemies or square in scene.dead:
        return False
    return mover.ringer or square != scene.layout.bell


def passage(scene: Scene, mover: Mover, a: Square, b: Square) -> bool:
    """Whether an orthogonal step from `a` to `b` is open to `mover`: a closed door only for a mover
    that opens doors on the way, a Hero that smashes it by walking through (L433-435) or an Invisible
    one slipping through it (L1124), never a reinforced one; a destroyed door is open."""
    if frozenset((a, b)) in scene.layout.walls:
        return False
    door = scene.layout.door_at(a, b)
    if door is None or door.code in scene.open_doors:
        return True
    return (mover.opens_doors or (mover.hero and (mover.smashing or mover.slips))) and door.kind != "reinforced"


def can_step(scene: Scene, mover: Mover, a: Square, b: Square) -> bool:
    """Whether `mover` may make the orthogonal step from `a` onto `b`."""
    return passage(scene, mover, a, b) and _enterable(scene, mover, b)


def steps(scene: Scene, mover: Mover, square: Square) -> list[Square]:
    """The squares one step away: orthogonal ones through open edges, and for an Agile Hero the
    diagonal ones when at least one of the two squares beside the step may be crossed, through open
    edges (L446)."""
    grid = scene.layout.grid
    out = [n for n in grid.neighbouring(square) if can_step(scene, mover, square, n)]
    if mover.agile:
        x, y = grid.xy(square)
        for dx in (-1, 1):
            for dy in (-1, 1):
                corner = grid.square_at(x + dx, y + dy)
                if corner is None or not _enterable(scene, mover, corner):
                    continue
                flanks = [grid.square_at(x + dx, y), grid.square_at(x, y + dy)]
                if any(f is not None and _enterable(scene, mover, f) and passage(scene, mover, square, f)
                       and passage(scene, mover, f, corner) for f in flanks):
                    out.append(corner)
    return out


def step_cost(scene: Scene, a: Square) -> int:
    """Movement Points of one step from `a`: 1, and 1 more out of a pond (L398, L456)."""
    return 1 + (a in scene.layout.ponds)


def leaving_damage(scene: Scene, a: Square, zones: Mapping[Square, list[Square]] | None = None) -> int:
    """Automatic Damage for stepping off `a`: 2 for each Enemy whose live Danger Zone it is (L415;
    reading d12: every zone left counts, passing through included)."""
    zones = danger_zones(scene) if zones is None else zones
    return DANGER_ZONE_DAMAGE * len(zones.get(a, ()))


def reachable(scene: Scene, mover: Mover, start: Square, mp: int) -> dict[Square, Route]:
    """Every square `mover` may end on from `start` with `mp` Movement Points, each by its least
    damaging route, then its cheapest (the start itself at no cost). Exact: every Movement Point
    count is tried, so a longer way round a Danger Zone is found when it is affordable."""
    zones = danger_zones(scene) if mover.hero else {}
    best: dict[tuple[Square, int], tuple[int, tuple[Square, ...]]] = {(start, 0): (0, ())}
    frontier = {(start, 0)}
    for _ in range(mp):
        nxt: set[tuple[Square, int]] = set()
        for square, spent in sorted(frontier):  # a fixed order: the same routes in every process
            damage, path = best[(square, spent)]
            cost = step_cost(scene, square)
            if spent + cost > mp:
                continue
            hurt = damage + (leaving_damage(scene, square, zones) if mover.hero else 0)
            for n in steps(scene, mover, square):
                key = (n, spent + cost)
                if key not in best or hurt < best[key][0]:
                    best[key] = (hurt, (*path, n))
                    nxt.add(key)
        frontier = nxt
    routes: dict[Square, Route] = {}
    for (square, spent), (damage, path) in sorted(best.items()):
        if not can_stop(scene, mover, square, start):
            continue
        old = routes.get(square)
        if old is None or (damage, spent) < (old.damage, old.mp):
            routes[square] = Route(spent, damage, path)
    return routes


def path_route(scene: Scene, mover: Mover, start: Square, path: Iterable[Square]) -> Route | str:
    """The cost of walking exactly `path` from `start` (each square one step from the last), or a
    sentence saying why it cannot be walked. Where it may end is not checked here."""
    zones = danger_zones(scene) if mover.hero else {}
    here, mp, damage, walked = start, 0, 0, []
    for square in path:
        if square not in steps(scene, mover, here):
            return f"{square} cannot be reached in one step from {here}."
        mp += step_cost(scene, here)
        damage += leaving_damage(scene, here, zones) if mover.hero else 0
        walked.append(square)
        here = square
    return Route(mp, damage, tuple(walked))


__all__ = [
    "FACINGS", "Facing", "Figure", "Mover", "OPPOSITE", "Route", "STEP", "Scene", "adjacent", "ahead", "can_step",
    "can_stop",
    "danger_zone", "danger_zones", "distance", "edge_open", "open_between", "facing_towards", "in_front_arc", "in_rear_arc",
    "leaving_damage", "line_of_fire", "line_of_sight", "passage", "path_route", "push_square", "reachable", "sees",
    "step_cost",
    "steps",
]
