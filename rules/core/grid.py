"""The 8x8 chess-board disciplines: squares a1..h8 and the distances the rules use.

"Adjacent" is the 8 squares around (corner to corner counts), which is range 1;
"range N" is the Chebyshev distance; "neighbouring" is the 4 orthogonal squares.
Squares are plain strings in states and actions (so the JSON log is readable);
this module turns them into coordinates and back.
"""

from __future__ import annotations

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
