"""The 8x8 chess-board disciplines: squares a1..h8 and the distances the rules use.

"Adjacent" is the 8 squares around (corner to corner counts), which is range 1;
"range N" is the Chebyshev distance; "neighbouring" is the 4 orthogonal squares.
Squares are plain strings in states and actions (so the JSON log is readable);
this module turns them into coordinates and back.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache

from rules.core.errors import RuleViolation

FILES = "abcdefgh"
SIZE = 8

Square = str
"""A square name such as "c4": file a-h (left to right), rank 1-8 (bottom to top)."""

ALL_SQUARES: tuple[Square, ...] = tuple(f"{f}{r}" for r in range(1, SIZE + 1) for f in FILES)
_INDEX = {sq: (FILES.index(sq[0]), int(sq[1:]) - 1) for sq in ALL_SQUARES}

EIGHT_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
FOUR_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


def parse_square(text: str) -> Square:
    """A user's square ('C4', ' c4 ') as a board square, or a RuleViolation that says why not."""
    name = text.strip().lower()
    if name not in _INDEX:
        raise RuleViolation(f"'{text.strip()}' is not a square on the board: use a file a-h and a rank 1-8, like c4.")
    return name


def is_square(text: str) -> bool:
    return text in _INDEX


def xy(square: Square) -> tuple[int, int]:
    """(file, rank) as 0-based numbers: a1 is (0, 0), h8 is (7, 7)."""
    return _INDEX[square]


def square_at(x: int, y: int) -> Square | None:
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return f"{FILES[x]}{y + 1}"
    return None


def distance(a: Square, b: Square) -> int:
    """Range in squares: a king's-move (Chebyshev) distance."""
    (ax, ay), (bx, by) = _INDEX[a], _INDEX[b]
    return max(abs(ax - bx), abs(ay - by))


@lru_cache(maxsize=None)
def adjacent(square: Square) -> tuple[Square, ...]:
    """The up-to-8 squares touching this one, diagonals included (range 1)."""
    x, y = _INDEX[square]
    return tuple(s for dx, dy in EIGHT_DIRECTIONS if (s := square_at(x + dx, y + dy)) is not None)


@lru_cache(maxsize=None)
def neighbouring(square: Square) -> tuple[Square, ...]:
    """The up-to-4 squares sharing an edge with this one."""
    x, y = _INDEX[square]
    return tuple(s for dx, dy in FOUR_DIRECTIONS if (s := square_at(x + dx, y + dy)) is not None)


def within(square: Square, n: int) -> Iterator[Square]:
    """Every other square at range 1..n."""
    x, y = _INDEX[square]
    for dy in range(-n, n + 1):
        for dx in range(-n, n + 1):
            if (dx or dy) and (s := square_at(x + dx, y + dy)) is not None:
                yield s


def ray(square: Square, dx: int, dy: int) -> list[Square]:
    """The squares from `square` (excluded) in one direction up to the board edge."""
    x, y = _INDEX[square]
    out: list[Square] = []
    while (s := square_at(x + dx * (len(out) + 1), y + dy * (len(out) + 1))) is not None:
        out.append(s)
    return out


def is_edge(square: Square) -> bool:
    x, y = _INDEX[square]
    return x in (0, SIZE - 1) or y in (0, SIZE - 1)


# -- straight lines across the board (a falling Tree, seed 000 IV.4.2.3.4) --------------------
#
# Geometry in board units: a1's lower-left corner is (0, 0), each square is 1 x 1, so the
# centre of a square is (file + 0.5, rank + 0.5) and the board is the box [0, 8] x [0, 8].

COMPASS: dict[str, tuple[int, int]] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
"""The eight compass directions as steps; north is towards rank 8, east towards file h."""

_TOUCH = 1e-9
"""How close a line must pass to a square's edge or corner to touch it. Lines given in whole
degrees land on exact corners only up to rounding; this keeps such grazes counted."""


def centre(square: Square) -> tuple[float, float]:
    """The centre of a square in board units (a1's centre is (0.5, 0.5))."""
    x, y = _INDEX[square]
    return (x + 0.5, y + 0.5)


def heading(degrees: float) -> tuple[float, float]:
    """A unit direction from an angle: 0 is east (towards h), counter-clockwise, as `Dice.scatter` reads."""
    radians = math.radians(degrees)
    return (math.cos(radians), math.sin(radians))


def _check_direction(dx: float, dy: float) -> None:
    if abs(dx) < _TOUCH and abs(dy) < _TOUCH:
        raise ValueError("a line needs a direction; (0, 0) points nowhere")


def line_end(square: Square, dx: float, dy: float) -> tuple[float, float]:
    """Where a straight line from the centre of `square` in direction (dx, dy) leaves the board."""
    _check_direction(dx, dy)
    px, py = centre(square)
    reach = _exit_parameter(px, py, dx, dy)
    return (px + dx * reach, py + dy * reach)


def _exit_parameter(px: float, py: float, dx: float, dy: float) -> float:
    limits = []
    for p, d in ((px, dx), (py, dy)):
        if d > _TOUCH:
            limits.append((SIZE - p) / d)
        elif d < -_TOUCH:
            limits.append(-p / d)
    return min(limits)


def line_squares(square: Square, dx: float, dy: float) -> list[Square]:
    """Every square a straight line from the centre of `square` to the board edge touches,
    nearest first, `square` itself included.

    A square counts as touched when the line crosses it, runs along its side or only grazes
    its corner; squares grazed at the same point are ordered by name, so the list is stable.
    """
    _check_direction(dx, dy)
    px, py = centre(square)
    reach = _exit_parameter(px, py, dx, dy)
    touched: list[tuple[float, Square]] = []
    for candidate in ALL_SQUARES:
        x, y = _INDEX[candidate]
        entry = _ray_meets_box(px, py, dx, dy, reach, (x - _TOUCH, y - _TOUCH, x + 1 + _TOUCH, y + 1 + _TOUCH))
        if entry is not None:
            touched.append((round(entry, 9), candidate))
    return [s for _, s in sorted(touched)]


def _ray_meets_box(px: float, py: float, dx: float, dy: float, reach: float,
                   box: tuple[float, float, float, float]) -> float | None:
    """The parameter where the segment P + t*D, 0 <= t <= reach, first meets the box, or None (slab test)."""
    low, high = 0.0, reach
    for p, d, lo, hi in ((px, dx, box[0], box[2]), (py, dy, box[1], box[3])):
        if abs(d) < _TOUCH:
            if not lo <= p <= hi:
                return None
            continue
        t1, t2 = (lo - p) / d, (hi - p) / d
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
        if low > high:
            return None
    return low
