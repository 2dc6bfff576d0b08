"""A map of areas, as a territory game has: each area a polygon in map units with its name and
its owner's colour, the borders between areas, the coast round them all, a label inside each
area and the stacks of units standing in it.

Map units are whatever the game's data uses, x to the right and y up; the map is scaled to fit
the box it is given, keeping its proportions, so a game describes its map once and any picture
size shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from PIL import ImageDraw
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from renderers.common import (
    ACCENT,
    INK,
    LINE_PITCH,
    RGB,
    SUPERSAMPLE,
    Font,
    bold_text,
    draw_lines,
    fit_lines,
    font,
    ink_on,
    shade,
)

XY = tuple[float, float]
Box = tuple[float, float, float, float]

LABEL_LARGEST = 22 * SUPERSAMPLE
LABEL_SMALLEST = 10 * SUPERSAMPLE


@dataclass(frozen=True)
class Marker:
    """A stack in an area: a short text (a count of units, "L2") on a disc in its owner's colour."""

    text: str
    colour: RGB


@dataclass(frozen=True)
class Area:
    """One area of the map: `outline` is its polygon in map units (corners in order, not repeated)."""

    key: str
    name: str
    outline: tuple[XY, ...]
    fill: RGB
    markers: tuple[Marker, ...] = ()
    highlight: bool = False  # an accent border: the area a player is choosing, or a battle


class AreaMap:
    """Areas fitted into `box` (canvas pixels) with `padding` left round them for the coast."""

    def __init__(self, areas: Sequence[Area], box: Box, padding: float = 12 * SUPERSAMPLE) -> None:
        if not areas:
            raise ValueError("a map needs at least one area")
        self.areas = tuple(areas)
        self.shapes = {area.key: Polygon(area.outline) for area in self.areas}
        if len(self.shapes) != len(self.areas):
            raise ValueError("two areas share a key")
        min_x, min_y, max_x, max_y = unary_union(list(self.shapes.values())).bounds
        left, top, right, bottom = box
        span_x, span_y = max(max_x - min_x, 1e-9), max(max_y - min_y, 1e-9)
        self.scale: float = min((right - left - 2 * padding) / span_x, (bottom - top - 2 * padding) / span_y)
        # centred in the box: the unused room is split evenly on both sides
        self._x0: float = left + (right - left - span_x * self.scale) / 2 - min_x * self.scale
        self._y0: float = top + (bottom - top - span_y * self.scale) / 2 + max_y * self.scale

    # -- map units to pixels and back ----------------------------------------------------------

    def at(self, x: float, y: float) -> XY:
        """A point in map units on the canvas."""
        return (self._x0 + x * self.scale, self._y0 - y * self.scale)

    def unit(self, px: float, py: float) -> XY:
        """A canvas point in map units."""
        return ((px - self._x0) / self.scale, (self._y0 - py) / self.scale)

    def area_at(self, px: float, py: float) -> str | None:
        """The key of the area under a canvas point (the first listed, on a shared border), or None."""
        point = Point(self.unit(px, py))
        return next((area.key for area in self.areas if self.shapes[area.key].intersects(point)), None)

    @cached_property
    def _anchors(self) -> dict[str, XY]:
        return {key: (p.x, p.y) for key, shape in self.shapes.items() for p in [shape.representative_point()]}

    def label_at(self, key: str) -> XY:
        """Where an area's label is centred on the canvas: a point inside the area, away from its
        edges where the area allows (shapely's representative point), never outside it as a
        centroid can be for a crescent or an L."""
        return self.at(*self._anchors[key])

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, draw: ImageDraw.ImageDraw, *, border: RGB = INK, coast: RGB = INK) -> None:
        """The whole map: fills, borders, coast, highlights, then labels and markers on top."""
        self.draw_fills(draw)
        self.draw_borders(draw, border, coast)
        self.draw_labels(draw)
        self.draw_markers(draw)

    def _canvas(self, ring: Sequence[XY]) -> list[XY]:
        return [self.at(x, y) for x, y in ring]

    def draw_fills(self, draw: ImageDraw.ImageDraw) -> None:
        for area in self.areas:
            draw.polygon(self._canvas(area.outline), fill=area.fill)

    def draw_borders(self, draw: ImageDraw.ImageDraw, border: RGB = INK, coast: RGB = INK,
                     width: int = 2 * SUPERSAMPLE) -> None:
        """Every area's edge, then the outer edge of them all twice as wide, then highlighted areas
        in the accent colour, so a chosen area stands out whichever neighbour was drawn last."""
        for area in self.areas:
            self._ring(draw, self._canvas(area.outline), border, width)
        for line in _lines(unary_union(list(self.shapes.values())).boundary):
            draw.line(self._canvas(line), fill=coast, width=2 * width, joint="curve")
        for area in self.areas:
            if area.highlight:
                self._ring(draw, self._canvas(area.outline), ACCENT, 2 * width)

    @staticmethod
    def _ring(draw: ImageDraw.ImageDraw, points: list[XY], colour: RGB, width: int) -> None:
        draw.line([*points, points[0]], fill=colour, width=width, joint="curve")

    def label_width(self, key: str) -> float:
        """How wide a label at the area's anchor may be: the area's breadth along the line through it."""
        shape = self.shapes[key]
        x, y = self._anchors[key]
        min_x, _, max_x, _ = shape.bounds
        across = LineString([(min_x - 1, y), (max_x + 1, y)]).intersection(shape)
        spans = [line for line in _lines(across) if LineString(line).distance(Point(x, y)) < 1e-9]
        if not spans:
            return 0.0
        xs = [px for px, _ in spans[0]]
        return (max(xs) - min(xs)) * self.scale

    def _label(self, area: Area) -> tuple[tuple[str, ...], Font]:
        return fit_lines(area.name, 0.9 * self.label_width(area.key), 2 * LINE_PITCH * LABEL_LARGEST,
                         LABEL_LARGEST, LABEL_SMALLEST)

    def draw_labels(self, draw: ImageDraw.ImageDraw) -> None:
        """Each name at its area's anchor, shrunk (then cut) to the area's breadth there."""
        for area in self.areas:
            lines, face = self._label(area)
            draw_lines(draw, self.label_at(area.key), lines, face, ink_on(area.fill), halo=shade(area.fill, 0.85))

    def draw_markers(self, draw: ImageDraw.ImageDraw, radius: int = 11 * SUPERSAMPLE) -> None:
        """The stacks in a row under the area's label, each a disc in its owner's colour."""
        face = font(round(radius * 1.2))
        gap = radius // 3
        for area in self.areas:
            if not area.markers:
                continue
            lines, label_face = self._label(area)
            cx, cy = self.label_at(area.key)
            widths = [max(2 * radius, face.getlength(m.text) + radius) for m in area.markers]
            x = cx - (sum(widths) + gap * (len(widths) - 1)) / 2
            y = cy + len(lines) * label_face.size * LINE_PITCH / 2 + gap + radius
            for marker, w in zip(area.markers, widths):
                draw.rounded_rectangle((x, y - radius, x + w, y + radius), radius=radius, fill=marker.colour,
                                       outline=INK, width=SUPERSAMPLE)
                bold_text(draw, (x + w / 2, y), marker.text, face, fill=ink_on(marker.colour), anchor="mm")
                x += w + gap


def _lines(geometry: BaseGeometry) -> list[list[XY]]:
    """The coordinates of each line in a (multi)line geometry, or of each ring of a polygon."""
    if isinstance(geometry, LineString):
        return [list(geometry.coords)] if not geometry.is_empty else []
    if isinstance(geometry, MultiLineString):
        return [list(line.coords) for line in geometry.geoms]
    if isinstance(geometry, Polygon | MultiPolygon):
        return _lines(geometry.boundary)
    return [line for part in getattr(geometry, "geoms", ()) for line in _lines(part)]
