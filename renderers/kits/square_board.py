"""A board of squares of any size (8x8, 10x10, 20x10): where each square is on the canvas and
back, the file letters and rank numbers round it, the fence, and highlighted squares.

Squares read as on a chess board (a1 bottom-left), because players type them that way; the
names and the size come from `rules.core.grid.Grid`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.common import (
    ACCENT,
    INK,
    RGB,
    SUPERSAMPLE,
    Font,
    Frame,
    KeyRoom,
    shadowed_text,
)
from rules.core.grid import EIGHT_BY_EIGHT, Grid, Square

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class SquareBoard:
    """Where a grid sits on the canvas: its top-left corner and the side of one square."""

    left: float
    top: float
    square: float
    grid: Grid = EIGHT_BY_EIGHT

    @property
    def width(self) -> float:
        return self.grid.width * self.square

    @property
    def height(self) -> float:
        return self.grid.height * self.square

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height

    # -- squares to pixels and back ---------------------------------------------------------------

    def frame(self, square: Square) -> Frame:
        """The square as a frame, so pieces drawn in unit coordinates fill it."""
        file, rank = self.grid.xy(square)
        return Frame(self.left + (file + 0.5) * self.square, self.top + (self.grid.height - rank - 0.5) * self.square,
                     self.square)

    def cell(self, square: Square) -> Box:
        """The square's box on the canvas."""
        return self.frame(square).box(-0.5, -0.5, 0.5, 0.5)

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A point in board units (a1's lower-left corner is (0, 0), y up) on the canvas."""
        return (self.left + x * self.square, self.top + (self.grid.height - y) * self.square)

    def square_at(self, px: float, py: float) -> Square | None:
        """The square under a canvas point, or None off the board (a square owns its top and left edges)."""
        file = (px - self.left) // self.square
        rank = self.grid.height - 1 - (py - self.top) // self.square
        return self.grid.square_at(int(file), int(rank))

    def is_light(self, square: Square) -> bool:
        """Which squares of a checker take the lighter colour: a1 is dark, as on a chess board."""
        file, rank = self.grid.xy(square)
        return (file + rank) % 2 == 1

    # -- the board ----------------------------------------------------------------------------------

    def fence(self, draw: ImageDraw.ImageDraw, colour: RGB, width: float) -> None:
        """A band `width` wide all round the board; draw it before the squares."""
        draw.rectangle((self.left - width, self.top - width, self.right + width, self.bottom + width), fill=colour)

    def checker(self, draw: ImageDraw.ImageDraw, light: RGB, dark: RGB) -> None:
        """Every square filled in a checker of two colours."""
        for square in self.grid.squares:
            draw.rectangle(self.cell(square), fill=light if self.is_light(square) else dark)

    def draw_labels(self, draw: ImageDraw.ImageDraw, face: Font, *, fence: float = 0, band: float = 0) -> None:
        """File letters under the board (centred in a band of height `band`) and rank numbers left
        of it (centred in the margin outside the fence)."""
        below = self.top + self.height + fence + (band - fence) / 2
        for file, letter in enumerate(self.grid.files):
            shadowed_text(draw, (self.left + (file + 0.5) * self.square, below), letter, face, anchor="mm")
        for rank in range(self.grid.height):
            middle = self.top + (self.grid.height - rank - 0.5) * self.square
            shadowed_text(draw, ((self.left - fence) / 2, middle), str(rank + 1), face, anchor="mm")

    def highlight(self, draw: ImageDraw.ImageDraw, squares: Iterable[Square], colour: RGB = ACCENT,
                  line: int = SUPERSAMPLE) -> None:
        """A bright frame with a dark edge inside each square, readable on light and dark squares alike;
        each square once, in name order, so the picture never depends on the order asked for."""
        for square in sorted(set(squares)):
            frame = self.frame(square)
            draw.rectangle(frame.box(-0.47, -0.47, 0.47, 0.47), outline=INK, width=8 * line)
            draw.rectangle(frame.box(-0.46, -0.46, 0.46, 0.46), outline=colour, width=5 * line)

    # -- the key under it -------------------------------------------------------------------------

    def key_room(self, label_band: float) -> KeyRoom:
        """Where a key under the band of file letters (`label_band` tall) goes: as wide as the board and
        its left margin."""
        return KeyRoom(KEY_MARGIN, self.bottom + label_band, self.right - KEY_MARGIN)


KEY_MARGIN = 12 * SUPERSAMPLE
"""Between the picture's left edge and the key."""
