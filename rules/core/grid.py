"""Square boards named like a chess board: squares a1..h8 on the 8x8 disciplines, and the
distances the rules use, on a board of any size up to 20 files (a..t) and any number of ranks.

"Adjacent" is the 8 squares around (corner to corner counts), which is range 1;
"range N" is the Chebyshev distance; "neighbouring" is the 4 orthogonal squares.
Squares are plain strings in states and actions (so the JSON log is readable);
a `Grid` turns them into coordinates and back. The module-level functions are those of
the 8x8 board, which every chess-board discipline plays on.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from rules.core.errors import RuleViolation

FILE_LETTERS = "abcdefghijklmnopqrst"
"""Files as far as a board may reach: one letter each, so a square's name stays short to type."""

Square = str
"""A square name such as "c4": a file letter (left to right), then a rank number (bottom to top)."""

EIGHT_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
FOUR_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))

COMPASS: dict[str, tuple[int, int]] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
"""The eight compass directions as steps; north is towards the last rank, east towards the last file."""

_TOUCH = 1e-9
"""How close a line must pass to a square's edge or corner to touch it. Lines given in whole
degrees land on exact corners only up to rounding; this keeps such grazes counted."""


def heading(degrees: float) -> tuple[float, float]:
    """A unit direction from an angle: 0 is east (towards h), counter-clockwise, as `Dice.scatter` reads."""
    radians = math.radians(degrees)
    return (math.cos(radians), math.sin(radians))


class Grid:
    """A board of `width` files by `height` ranks, a1 at the bottom left.

    Every neighbourhood is worked out once when the grid is made: the rules ask for the same
    squares' neighbours thousands of times in a game, and a board has at most a few hundred squares.
    """

    __slots__ = ("width", "height", "files", "squares", "_index", "_adjacent", "_neighbouring")

    def __init__(self, width: int, height: int) -> None:
        if not 1 <= width <= len(FILE_LETTERS):
            raise ValueError(f"a grid has 1 to {len(FILE_LETTERS)} files (a-{FILE_LETTERS[-1]}), not {width}")
        if height < 1:
            raise ValueError(f"a grid needs at least one rank, not {height}")
        self.width = width
        self.height = height
        self.files = FILE_LETTERS[:width]
        # every square, rank by rank from the bottom, each rank from file a
        self.squares: tuple[Square, ...] = tuple(f"{f}{r}" for r in range(1, height + 1) for f in self.files)
        self._index = {sq: (i % width, i // width) for i, sq in enumerate(self.squares)}
        self._adjacent = {sq: self._around(sq, EIGHT_DIRECTIONS) for sq in self.squares}
        self._neighbouring = {sq: self._around(sq, FOUR_DIRECTIONS) for sq in self.squares}

    def __repr__(self) -> str:
        return f"Grid({self.width}, {self.height})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and (self.width, self.height) == (other.width, other.height)

    def __hash__(self) -> int:
        return hash((Grid, self.width, self.height))

    def _around(self, square: Square, directions: tuple[tuple[int, int], ...]) -> tuple[Square, ...]:
        x, y = self._index[square]
        return tuple(s for dx, dy in directions if (s := self.square_at(x + dx, y + dy)) is not None)

    # -- names and coordinates ---------------------------------------------------------------

    def parse_square(self, text: str) -> Square:
        """A user's square ('C4', ' c4 ') as a board square, or a RuleViolation that says why not."""
        name = text.strip().lower()
        if name not in self._index:
            example = self.square_at(min(2, self.width - 1), min(3, self.height - 1))
            raise RuleViolation(f"'{text.strip()}' is not a square on the board: use a file a-{self.files[-1]} "
                                f"and a rank 1-{self.height}, like {example}.")
        return name

    def is_square(self, text: str) -> bool:
        return text in self._index

    def xy(self, square: Square) -> tuple[int, int]:
        """(file, rank) as 0-based numbers: a1 is (0, 0), h8 is (7, 7)."""
        return self._index[square]

    def square_at(self, x: int, y: int) -> Square | None:
        if 0 <= x < self.width and 0 <= y < self.height:
            return f"{FILE_LETTERS[x]}{y + 1}"
        return None

    # -- distances ---------------------------------------------------------------------------

    def distance(self, a: Square, b: Square) -> int:
        """Range in squares: a king's-move (Chebyshev) distance."""
        (ax, ay), (bx, by) = self._index[a], self._index[b]
        return max(abs(ax - bx), abs(ay - by))

    def adjacent(self, square: Square) -> tuple[Square, ...]:
        """The up-to-8 squares touching this one, diagonals included (range 1)."""
        return self._adjacent[square]

    def neighbouring(self, square: Square) -> tuple[Square, ...]:
        """The up-to-4 squares sharing an edge with this one."""
        return self._neighbouring[square]

    def within(self, square: Square, n: int) -> Iterator[Square]:
        """Every other square at range 1..n."""
        x, y = self._index[square]
        for dy in range(-n, n + 1):
            for dx in range(-n, n + 1):
                if (dx or dy) and (s := self.square_at(x + dx, y + dy)) is not None:
                    yield s

    def ray(self, square: Square, dx: int, dy: int) -> list[Square]:
        """The squares from `square` (excluded) in one direction up to the board edge."""
        x, y = self._index[square]
        out: list[Square] = []
        while (s := self.square_at(x + dx * (len(out) + 1), y + dy * (len(out) + 1))) is not None:
            out.append(s)
        return out

    def is_edge(self, square: Square) -> bool:
        x, y = self._index[square]
        return x in (0, self.width - 1) or y in (0, self.height - 1)

    # -- straight lines across the board (a falling Tree, seed 000 IV.4.2.3.4) ----------------
    #
    # Geometry in board units: a1's lower-left corner is (0, 0), each square is 1 x 1, so the
    # centre of a square is (file + 0.5, rank + 0.5) and the board is the box [0, width] x [0, height].

    def centre(self, square: Square) -> tuple[float, float]:
        """The centre of a square in board units (a1's centre is (0.5, 0.5))."""
        x, y = self._index[square]
        return (x + 0.5, y + 0.5)

    def line_end(self, square: Square, dx: float, dy: float) -> tuple[float, float]:
        """Where a straight line from the centre of `square` in direction (dx, dy) leaves the board."""
        _check_direction(dx, dy)
        px, py = self.centre(square)
        reach = self._exit_parameter(px, py, dx, dy)
        return (px + dx * reach, py + dy * reach)

    def _exit_parameter(self, px: float, py: float, dx: float, dy: float) -> float:
        limits = []
        for p, d, far in ((px, dx, self.width), (py, dy, self.height)):
            if d > _TOUCH:
                limits.append((far - p) / d)
            elif d < -_TOUCH:
                limits.append(-p / d)
        return min(limits)

    def line_squares(self, square: Square, dx: float, dy: float) -> list[Square]:
        """Every square a straight line from the centre of `square` to the board edge touches,
        nearest first, `square` itself included.

        A square counts as touched when the line crosses it, runs along its side or only grazes
        its corner; squares grazed at the same point are ordered by name, so the list is stable.
        """
        _check_direction(dx, dy)
        px, py = self.centre(square)
        reach = self._exit_parameter(px, py, dx, dy)
        touched: list[tuple[float, Square]] = []
        for candidate in self.squares:
            x, y = self._index[candidate]
            entry = _ray_meets_box(px, py, dx, dy, reach, (x - _TOUCH, y - _TOUCH, x + 1 + _TOUCH, y + 1 + _TOUCH))
            if entry is not None:
                touched.append((round(entry, 9), candidate))
        return [s for _, s in sorted(touched)]


def _check_direction(dx: float, dy: float) -> None:
    if abs(dx) < _TOUCH and abs(dy) < _TOUCH:
        raise ValueError("a line needs a direction; (0, 0) points nowhere")


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


# -- the 8x8 board of the chess-board disciplines ------------------------------------------------

SIZE = 8
EIGHT_BY_EIGHT = Grid(SIZE, SIZE)
FILES = EIGHT_BY_EIGHT.files
ALL_SQUARES: tuple[Square, ...] = EIGHT_BY_EIGHT.squares

# Plain names for the 8x8 board's methods, so its games read `adjacent(square)`.
parse_square = EIGHT_BY_EIGHT.parse_square
is_square = EIGHT_BY_EIGHT.is_square
xy = EIGHT_BY_EIGHT.xy
square_at = EIGHT_BY_EIGHT.square_at
distance = EIGHT_BY_EIGHT.distance
adjacent = EIGHT_BY_EIGHT.adjacent
neighbouring = EIGHT_BY_EIGHT.neighbouring
within = EIGHT_BY_EIGHT.within
ray = EIGHT_BY_EIGHT.ray
is_edge = EIGHT_BY_EIGHT.is_edge
centre = EIGHT_BY_EIGHT.centre
line_end = EIGHT_BY_EIGHT.line_end
line_squares = EIGHT_BY_EIGHT.line_squares
