"""The Road Rage Circuit (seed 000, VI.2.2): three numbered Checkpoints, impassable Terrain
Features and a Starting Line grid, on a 36x36" or 48x48" board.

Ready circuits are drawn on the 36" board and scaled for the 48" one; a random circuit is
drawn with the game's dice. Checkpoints are gates: a segment between two posts that a Chariot
passes by touching it. x and y are inches from the bottom-left corner; headings are degrees,
0 east and 90 north, in 45° steps as the Chariots turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import Dice
from rules.core.geometry import (
    CAVALRY_25X50MM,
    Board,
    Point,
    Shape,
    angle_to,
    centre_distance,
    offset,
    rectangle,
    separation,
)

CHARIOT_BASE = CAVALRY_25X50MM  # VI.1: a 25x50 mm base
SIZES = (36.0, 48.0)


@dataclass(frozen=True)
class Gate:
    a: Point
    b: Point

    @property
    def shape(self) -> Shape:
        length = centre_distance(self.a, self.b)
        return rectangle(((self.a[0] + self.b[0]) / 2, (self.a[1] + self.b[1]) / 2), length, 0.0,
                         angle_to(self.a, self.b))

    @property
    def middle(self) -> Point:
        return ((self.a[0] + self.b[0]) / 2, (self.a[1] + self.b[1]) / 2)


@dataclass(frozen=True)
class Block:
    """A Terrain Feature: an impassable rectangle."""

    x: float
    y: float
    width: float
    height: float

    @property
    def shape(self) -> Shape:
        return rectangle((self.x, self.y), self.width, self.height)


@dataclass(frozen=True)
class Layout:
    name: str
    size: float
    gates: tuple[Gate, Gate, Gate]
    blocks: tuple[Block, ...]
    start: Point  # the first cell of the Starting Line
    facing: float  # where the grid points
    step: float = 1.2  # from one cell to the next, across the facing

    @property
    def board(self) -> Board:
        return Board(self.size, self.size)

    def cells(self, count: int) -> list[Point]:
        """The Starting Line: one 25x50 mm cell per Chariot side by side in a single row."""
        across = (self.facing + 90.0) % 360.0
        return [offset(self.start, across, k * self.step) for k in range(count)]

    def scaled(self, size: float) -> Layout:
        k = size / self.size
        def p(point: Point) -> Point:
            return (point[0] * k, point[1] * k)
        return Layout(self.name, size, tuple(Gate(p(g.a), p(g.b)) for g in self.gates),  # type: ignore[arg-type]
                      tuple(Block(b.x * k, b.y * k, b.width * k, b.height * k) for b in self.blocks),
                      p(self.start), self.facing, self.step)


READY: dict[str, Layout] = {layout.name: layout for layout in (
    Layout("oval", 36.0,
           (Gate((24.5, 18.0), (34.5, 18.0)), Gate((18.0, 24.5), (18.0, 34.5)), Gate((1.5, 18.0), (11.5, 18.0))),
           (Block(18.0, 18.0, 11.0, 11.0), Block(30.0, 29.0, 2.0, 2.0), Block(6.0, 8.0, 2.0, 2.0)),
           start=(12.0, 3.0), facing=0.0),
    Layout("dogleg", 36.0,
           (Gate((26.0, 12.0), (34.5, 12.0)), Gate((22.0, 24.0), (22.0, 34.5)), Gate((1.5, 14.0), (10.0, 14.0))),
           (Block(18.0, 14.0, 10.0, 8.0), Block(10.0, 26.0, 6.0, 6.0), Block(28.0, 22.0, 3.0, 3.0)),
           start=(14.0, 3.0), facing=0.0),
    Layout("hairpin", 36.0,
           (Gate((20.0, 14.0), (20.0, 1.5)), Gate((34.5, 24.0), (26.0, 24.0)), Gate((16.0, 34.5), (16.0, 26.0))),
           (Block(18.0, 20.0, 24.0, 4.0), Block(8.0, 8.0, 3.0, 3.0), Block(28.0, 31.0, 2.0, 2.0)),
           start=(4.0, 3.0), facing=0.0),
)}


def ready(name: str, size: float) -> Layout:
    return READY[name].scaled(size)


def custom_start(size: float) -> tuple[Point, float]:
    """Where a circuit of the players' own starts: the Starting Line near the middle of the south
    edge, the grid pointing east (reading "custom-circuit")."""
    return (size / 3.0, 3.0), 0.0


def random_layout(dice: Dice, size: float) -> Layout:
    """A random legal circuit: a ready circuit's gates moved a little, and D3+2 Terrain Features
    dropped where they block neither a gate, the Starting Line nor each other."""
    base = ready(dice.pick(sorted(READY), "the shape of the random circuit"), size)
    blocks: list[Block] = []
    wanted = dice.d3("Terrain Features on the random circuit").result + 2
    cells = [CHARIOT_BASE.at(c, base.facing) for c in base.cells(4)]
    for n in range(wanted):
        for _ in range(40):
            x = float(dice.roll(int(size) - 4, f"x of Terrain Feature {n + 1}").result + 2)
            y = float(dice.roll(int(size) - 4, f"y of Terrain Feature {n + 1}").result + 2)
            block = Block(x, y, 2.0, 2.0)
            shape = block.shape
            if any(separation(shape, g.shape) < 3.0 for g in base.gates):
                continue
            if any(separation(shape, c) < 3.0 for c in cells):
                continue
            if any(separation(shape, b.shape) < 2.0 for b in (*base.blocks, *blocks)):
                continue
            blocks.append(block)
            break
    return Layout("random", size, base.gates, (*base.blocks[:1], *blocks), base.start, base.facing, base.step)


__all__ = ["CHARIOT_BASE", "READY", "SIZES", "Block", "Gate", "Layout", "custom_start", "random_layout", "ready"]
