"""The race course of That'll do Pigs (seed 000, V.2): poles, Public Areas, Skid Triggers,
the Finish Line, the starting grid, and how far round the Circuit a rider has come.

The board is 36x36", x and y in inches from the bottom-left corner. The four Corner Points
are kept in clockwise race order starting after the Finish Line: south-west, north-west,
north-east, south-east. Everything else is derived from them (and from the crowd outside
the Circuit), so a state only stores those points.

The text leaves the place of the Finish Line and the shape of the Public Areas to a figure;
our readings are in `guide.READINGS` ("circuit", "finish-line", "grid", "gates").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from rules.core.dice import Dice
from rules.core.geometry import (
    SQUARE_25MM,
    Board,
    Point,
    Shape,
    angle_to,
    centre_distance,
    disc,
    offset,
    random_direction,
    rectangle,
    separation,
    turn_between,
)

BOARD = Board(36.0, 36.0)
RIDER_BASE = SQUARE_25MM  # V.1: an Orc Boar Rider on a 25x25 mm base
CENTRE: Point = (18.0, 18.0)
CORNER_INSET = 12.0  # V.2.1: the Corner Points start 12" from the corners along the diagonals
STAND_INSET = 3.0  # V.2.2: the central Public Area's corners are 3" inside the Corner Points
CROWD_GAP = 3.0  # V.2.2: the crowd outside the Circuit keeps 3" from every Corner Point
CROWD_BAND = 6.0  # the crowd stands within this many inches of the board edge (our reading "crowd")
CROWD_PASSAGE = 4.0  # and leaves at least this much room between itself and the central stand
MAX_LAYOUTS = 50
GRID_COLUMNS = 6  # V.3: a 6x2 grid
GRID_ROWS = 2
CELL_WIDTH = 1.0  # across the track: about one rider
CELL_DEPTH = 2.0  # along the track: a grid about 6"x4"
MIN_FINISH_WIDTH = GRID_COLUMNS * CELL_WIDTH + 2.0  # room for the grid and 1" either side
GRID_ROOM = 0.5  # every rider on the grid stands at least this far from the Public Areas

BOARD_CORNERS: tuple[Point, ...] = ((0.0, 0.0), (0.0, 36.0), (36.0, 36.0), (36.0, 0.0))
"""The board corners in race order, each beyond its Corner Point: SW, NW, NE, SE."""

def start_points() -> list[Point]:
    """V.2.1: the four points 12" in from the corners along the diagonals, in race order."""
    step = CORNER_INSET / math.sqrt(2.0)
    return [(cx + step if cx == 0.0 else cx - step, cy + step if cy == 0.0 else cy - step)
            for cx, cy in BOARD_CORNERS]


def _side(a: Point, b: Point, p: Point) -> float:
    """> 0 when `p` is to the left of the ray a -> b, < 0 to its right."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _segment(a: Point, b: Point) -> Shape:
    """A thin wall from a to b (a Shape with no thickness, so contacts measure to the line)."""
    length = centre_distance(a, b)
    return rectangle(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), length, 0.0, angle_to(a, b))


def _cross_y(a: Point, b: Point, x: float) -> float:
    """The y where the segment a-b meets the vertical line at x (its nearer end if it does not)."""
    if abs(b[0] - a[0]) < 1e-9:
        return min(a[1], b[1])
    t = min(1.0, max(0.0, (x - a[0]) / (b[0] - a[0])))
    return a[1] + t * (b[1] - a[1])


@dataclass(frozen=True)
class Crowd:
    """The Public Area outside the Circuit (V.2.2): a round stand of spectators."""

    x: float
    y: float
    radius: float

    @property
    def shape(self) -> Shape:
        return disc((self.x, self.y), 2 * self.radius)


@dataclass(frozen=True)
class Circuit:
    """The course drawn from its four Corner Points (race order) and its outside crowd."""

    poles: tuple[Point, Point, Point, Point]
    crowd: Crowd | None = None

    # -- V.2.2 Public Areas ------------------------------------------------------------------
    @cached_property
    def stand(self) -> tuple[Point, ...]:
        """The corners of the central Public Area: 3" from each pole towards the board's centre."""
        return tuple(offset(p, angle_to(p, CENTRE), STAND_INSET) for p in self.poles)

    @cached_property
    def walls(self) -> dict[str, Shape]:
        """The Public Areas a model may not touch, as thin walls and a disc: the central stand's
        four sides, the diagonals from its corners up to the poles, and the crowd outside.
        (The board edge is the fourth Public Area; `BOARD` answers for it.)"""
        found: dict[str, Shape] = {}
        for k in range(4):
            found[f"stand{k + 1}"] = _segment(self.stand[k], self.stand[(k + 1) % 4])
            found[f"diagonal{k + 1}"] = _segment(self.stand[k], self.poles[k])
        if self.crowd is not None:
            found["crowd"] = self.crowd.shape
        return found

    def inside_stand(self, point: Point) -> bool:
        """True when `point` is within the central Public Area (a model is never there)."""
        corners = self.stand
        return all(_side(corners[k], corners[(k + 1) % 4], point) <= 0.0 for k in range(4))

    # -- V.2.3 Skid Triggers and the Finish Line --------------------------------------------
    @cached_property
    def gates(self) -> tuple[tuple[Point, Point], ...]:
        """The five lines a rider crosses each lap, in race order, each from its inner end out to
        the board's edge: the Finish Line, then the four Skid Triggers (pole to board corner)."""
        return (self.finish, *((self.poles[k], BOARD_CORNERS[k]) for k in range(4)))

    @cached_property
    def finish_x(self) -> float:
        """The Finish Line crosses the south straight half-way between the two southern poles."""
        return (self.poles[0][0] + self.poles[3][0]) / 2

    @cached_property
    def finish(self) -> tuple[Point, Point]:
        """From the central stand down to the south edge (the race runs west along it)."""
        top = _cross_y(self.stand[3], self.stand[0], self.finish_x)
        return ((self.finish_x, top), (self.finish_x, 0.0))

    @property
    def finish_width(self) -> float:
        return self.finish[0][1]

    def grid(self) -> list[list[Point]]:
        """V.3: the centres of the 6x2 grid's cells, front row first, the front row's cells
        touching the Finish Line from the east; columns centred on the straight, 1" apart."""
        middle = self.finish_width / 2
        rows = []
        for row in range(GRID_ROWS):
            x = self.finish_x + row * CELL_DEPTH + CELL_WIDTH / 2
            rows.append([(x, middle + (column - (GRID_COLUMNS - 1) / 2) * CELL_WIDTH)
                         for column in range(GRID_COLUMNS)])
        return rows

    def grid_room(self) -> float:
        """How close a rider standing on the grid (facing west) comes to a Public Area."""
        gaps = []
        for row in self.grid():
            for cell in row:
                base = RIDER_BASE.at(cell, 180.0)
                gaps.append(BOARD.edge_gap(base))
                gaps.extend(separation(base, wall) for wall in self.walls.values())
        return min(gaps)

    # -- how far round ----------------------------------------------------------------------
    def beyond(self, gate: int, corners: list[Point]) -> bool:
        """A rider has fully crossed gate `gate` (0 = Finish Line, 1-4 the Skid Triggers in race
        order) when every corner of its base lies past the line in the race direction and near it
        (within the gate's quarter of the board, so the far side of the board never counts)."""
        inner, outer = self.gates[gate]
        for point in corners:
            if _side(inner, outer, point) >= 0.0:  # clockwise racing puts "past" on the right
                return False
            if abs(turn_between(angle_to(CENTRE, point), angle_to(CENTRE, outer))) > 60.0:
                return False
        return True

    def progress(self, gates: int, point: Point) -> float:
        """A number that grows as a rider goes round: the gates fully crossed (each worth 100),
        then the degrees swept clockwise round the centre since the last one."""
        last = self.gates[(gates - 1) % 5][1]
        swept = (_bearing(point) - _bearing(last)) % 360.0
        if swept > 300.0:  # a hair behind the line it has just crossed
            swept -= 360.0
        return gates * 100.0 + min(swept, 99.0)


def lay_out(dice: Dice) -> Circuit:
    """V.2.1 and V.2.2: scatter each Corner Point D6" in a random direction, then place the crowd.
    A layout whose south straight is too narrow for the starting grid is scattered again
    (reading "finish-line"): every race can start with its grid clear of the Public Areas."""
    for _ in range(MAX_LAYOUTS):
        poles = []
        for k, point in enumerate(start_points()):
            distance = dice.d6(f"how far Corner Point {k + 1} scatters (inches)").result
            poles.append(offset(point, random_direction(dice, f"direction of Corner Point {k + 1}"), distance))
        circuit = Circuit(poles=(poles[0], poles[1], poles[2], poles[3]))
        if circuit.finish_width >= MIN_FINISH_WIDTH and circuit.grid_room() >= GRID_ROOM:
            break
    radius = float(dice.d3("size of the crowd outside the Circuit").result + 1)
    spots = [spot for spot in _crowd_spots(circuit, radius)]
    if not spots:
        return circuit
    x, y = dice.pick(spots, "where the crowd outside the Circuit stands")
    return Circuit(poles=circuit.poles, crowd=Crowd(x, y, radius))


def _crowd_spots(circuit: Circuit, radius: float) -> list[Point]:
    """Centres on a 1" lattice near the edge where a crowd of this radius keeps 3" from every
    pole, off the starting grid and the Finish Line, and leaves the track passable."""
    stand = {k: v for k, v in circuit.walls.items() if k.startswith(("stand", "diagonal"))}
    grid_x = (circuit.finish_x - 3.0, circuit.finish_x + GRID_ROWS * CELL_DEPTH + 3.0)
    spots = []
    for i in range(1, 36):
        for j in range(1, 36):
            x, y = float(i), float(j)
            if min(x, y, 36.0 - x, 36.0 - y) > CROWD_BAND:
                continue
            crowd = disc((x, y), 2 * radius)
            if any(centre_distance((x, y), pole) - radius < CROWD_GAP for pole in circuit.poles):
                continue
            if grid_x[0] - radius < x < grid_x[1] + radius and y - radius < circuit.finish_width:
                continue
            if any(separation(crowd, wall) < CROWD_PASSAGE for wall in stand.values()):
                continue
            spots.append((x, y))
    return spots


def _bearing(point: Point) -> float:
    """Degrees swept clockwise round the centre from straight south (the race's own compass)."""
    return (270.0 - angle_to(CENTRE, point)) % 360.0


__all__ = ["BOARD", "CENTRE", "Circuit", "Crowd", "MIN_FINISH_WIDTH", "lay_out", "start_points"]
