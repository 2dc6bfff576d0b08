"""A square table measured in inches, as the skirmish boards are: the table drawn to scale,
its inch grid with a strong line every 6", the inch marks along two edges, and the key under it
(the panel beside it is a `renderers.common.Column`).

Positions come from the rules in inches, x to the right and y up from the bottom-left corner
(as `rules.core.geometry` has them); `at` turns them into canvas pixels, where y runs down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.common import RGB, SUPERSAMPLE, KeyRoom, inch_labels

Point = tuple[float, float]
Box = tuple[float, float, float, float]

STRONG_EVERY = 6
"""Inches between the strong grid lines: movement is counted in sixes, and the marks say so."""


@dataclass(frozen=True)
class InchBoard:
    """Where an `inches` x `inches` table sits on the canvas, `inch` canvas pixels to the inch.

    The margin on the left holds the inch marks of the y axis and the band under the table
    those of the x axis. `origin` is the inch at the bottom-left corner: a board whose play
    happens in the middle of a larger table (a round pen) shows that part alone, larger, with
    the table's own coordinates.
    """

    inches: float
    inch: float
    left: int = 46 * SUPERSAMPLE
    top: int = 20 * SUPERSAMPLE
    label_band: int = 40 * SUPERSAMPLE
    origin: int = 0

    @classmethod
    def fitted(cls, inches: float, side: float, **placing: int) -> InchBoard:
        """A table of `inches` drawn `side` canvas pixels across, whatever its size in inches, so a
        larger table shows more inches rather than a larger picture."""
        return cls(inches, side / inches, **placing)

    @property
    def side(self) -> int:
        """The table's side in canvas pixels."""
        return round(self.inches * self.inch)

    @property
    def right(self) -> int:
        return self.left + self.side

    @property
    def bottom(self) -> int:
        return self.top + self.side

    # -- inches to pixels ------------------------------------------------------------------------

    def at(self, x: float, y: float) -> Point:
        """A point in inches (origin bottom-left, y up) on the canvas (y down)."""
        return (self.left + (x - self.origin) * self.inch, self.top + (self.origin + self.inches - y) * self.inch)

    def box(self, x: float, y: float, half_w: float, half_h: float) -> Box:
        """The canvas box of a rectangle (or the bounds of an ellipse) centred at (x, y) in inches."""
        left, top = self.at(x - half_w, y + half_h)
        right, bottom = self.at(x + half_w, y - half_h)
        return (left, top, right, bottom)

    def corners(self, centre: tuple[float, float], facing: float, half_w: float, half_d: float) -> list[Point]:
        """The canvas corners of a base turned to `facing` (degrees, 0 = towards +x, counter-clockwise):
        front left, front right, back right, back left; `half_d` runs along the facing."""
        rad = math.radians(facing)
        fx, fy = math.cos(rad), math.sin(rad)
        sx, sy = -fy, fx
        return [self.at(centre[0] + a * half_d * fx + b * half_w * sx, centre[1] + a * half_d * fy + b * half_w * sy)
                for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))]

    # -- the table -------------------------------------------------------------------------------

    @property
    def _table(self) -> Box:
        first, last = self.origin, self.origin + self.inches
        return (*self.at(first, last), *self.at(last, first))

    def fill(self, draw: ImageDraw.ImageDraw, colour: RGB) -> None:
        """The bare table."""
        draw.rectangle(self._table, fill=colour)

    def fence(self, draw: ImageDraw.ImageDraw, colour: RGB, width: int) -> None:
        """A band `width` wide all round the outside of the table; draw it before `fill`."""
        left, top, right, bottom = self._table
        draw.rectangle((left - width, top - width, right + width, bottom + width), fill=colour)

    def edge(self, draw: ImageDraw.ImageDraw, colour: RGB, width: int) -> None:
        """A border drawn just inside the table's edge, over whatever lies there."""
        draw.rectangle(self._table, outline=colour, width=width)

    def grid(self, draw: ImageDraw.ImageDraw, faint: RGB, strong: RGB, *, line: int = SUPERSAMPLE,
             strong_last: bool = False) -> None:
        """A faint line every inch and a strong one, twice as wide, every 6".

        Lines are drawn inch by inch, so where a faint line crosses a strong one the later wins;
        `strong_last` draws every faint line first, so the strong lines stay unbroken.
        """
        inner = range(self.origin + 1, self.origin + int(self.inches))
        if strong_last:
            for k in inner:
                if k % STRONG_EVERY:
                    self._grid_line(draw, k, faint, line)
            for k in inner:
                if k % STRONG_EVERY == 0:
                    self._grid_line(draw, k, strong, 2 * line)
            return
        for k in inner:
            colour, width = (strong, 2 * line) if k % STRONG_EVERY == 0 else (faint, line)
            self._grid_line(draw, k, colour, width)

    def _grid_line(self, draw: ImageDraw.ImageDraw, k: int, colour: RGB, width: int) -> None:
        first, last = self.origin, self.origin + self.inches
        draw.line((*self.at(k, first), *self.at(k, last)), fill=colour, width=width)
        draw.line((*self.at(first, k), *self.at(last, k)), fill=colour, width=width)

    def labels(self, draw: ImageDraw.ImageDraw, *, fence: int = 0, size: int = 22 * SUPERSAMPLE) -> None:
        """The inch marks every 6" under the table and left of it, centred in the room a fence
        of width `fence` leaves."""
        below = self.bottom + fence + (self.label_band - fence) / 2
        inch_labels(draw, self.at, range(self.origin, self.origin + int(self.inches) + 1), below,
                    (self.left - fence) / 2, size)

    # -- the key under it -------------------------------------------------------------------------

    @property
    def key_room(self) -> KeyRoom:
        """Where a key under the table's inch marks goes: as wide as the table and its left margin."""
        return KeyRoom(KEY_MARGIN, self.bottom + self.label_band, self.right - KEY_MARGIN)


KEY_MARGIN = 12 * SUPERSAMPLE
"""Between the picture's left edge and the key."""
