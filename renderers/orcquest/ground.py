"""The Quest map as it never changes, drawn once per worker (`base_canvas`): the ground of every square
(grass, the road, the Rooms' floors, the field, the ponds, the trunks and their shadow), the grid,
the walls, the Bell, the Hero Entry and Exit, the blue Patrol's path, and the file letters and rank
numbers players type squares with.

What changes during a Quest (doors, furniture, tokens, figures, fog) is drawn over it per picture
(`renderers.orcquest.board`, `figures`). A Room's inside drawn here is always hidden under the fog
until the Room is explored, since the fog is painted over it whole."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderers.common import INK, RGB, SUPERSAMPLE, Frame, arrow, dashed, font, shade, shadowed_text
from renderers.orcquest.layout import (
    BELL,
    BOARD,
    ENTRY,
    FIELD,
    FILE_BAND,
    FILE_TEXT,
    FLOOR,
    GRASS,
    GRID,
    LINE,
    PATROL,
    POND,
    RANK_BAND,
    RANK_TEXT,
    ROAD,
    SHADOW,
    TRUNK,
    WALL,
    Box,
)
from rules.core.grid import Square
from rules.orcquest.data import FARM, QUEST1

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]
S = SUPERSAMPLE


def ground_colour(square: Square) -> tuple[int, int, int]:
    """What a square is made of, each a shade apart from its neighbours so the grid reads."""
    if square in FARM.rooms:
        base = FLOOR
    elif square in FARM.road:
        base = ROAD
    elif square in FARM.fields:
        base = FIELD
    elif square in FARM.ponds:
        base = POND
    elif square in FARM.shadow:
        base = SHADOW
    else:
        base = GRASS
    file, rank = FARM.grid.xy(square)
    return shade(base, 1.05 if (file + rank) % 2 else 0.97)


def edge_segment(a: Square, b: Square) -> tuple[Point, Point]:
    """The canvas segment of the edge two neighbouring squares share."""
    (ax, ay), (bx, by) = FARM.grid.xy(a), FARM.grid.xy(b)
    if ay == by:
        x = max(ax, bx)
        return BOARD.point(x, ay), BOARD.point(x, ay + 1)
    y = max(ay, by)
    return BOARD.point(ax, y), BOARD.point(ax + 1, y)


def room_box(room: str) -> Box:
    """A Room's rectangle on the canvas."""
    squares = FARM.room_squares(room)
    cells = [BOARD.cell(s) for s in squares]
    return (min(c[0] for c in cells), min(c[1] for c in cells), max(c[2] for c in cells), max(c[3] for c in cells))


def draw_ground(draw: Draw) -> None:
    """Everything of the map that never changes (see the module's docstring)."""
    for square in FARM.grid.squares:
        draw.rectangle(BOARD.cell(square), fill=ground_colour(square))
        if square in FARM.fields:
            _furrows(draw, square)
        elif square in FARM.ponds:
            _ripples(draw, square)
    _grid(draw)
    for square in sorted(FARM.trunks):
        _trunk(draw, square)
    _patrol_path(draw)
    for square in FARM.entry:
        _entry(draw, square)
    _bell(draw, FARM.bell)
    _walls(draw)
    face = font(FILE_TEXT)
    reach = [face.getbbox(letter, anchor="mm") for letter in FARM.grid.files]
    high, low = min(box[1] for box in reach), max(box[3] for box in reach)
    below = BOARD.bottom + (FILE_BAND - (low - high)) / 2 - high  # the l's top and the g's tail both in the band
    for file, letter in enumerate(FARM.grid.files):
        shadowed_text(draw, (BOARD.left + (file + 0.5) * BOARD.square, below), letter, face, anchor="mm")
    rank_face = font(RANK_TEXT)
    for rank in range(FARM.grid.height):
        middle = BOARD.top + (FARM.grid.height - rank - 0.5) * BOARD.square
        shadowed_text(draw, (BOARD.left - RANK_BAND / 2, middle), str(rank + 1), rank_face, anchor="mm")


def _grid(draw: Draw) -> None:
    """Thin lines between the squares, darker than any ground."""
    for file in range(1, FARM.grid.width):
        x = BOARD.left + file * BOARD.square
        draw.line((x, BOARD.top, x, BOARD.bottom), fill=shade(GRID, 0.8), width=LINE)
    for rank in range(1, FARM.grid.height):
        y = BOARD.top + rank * BOARD.square
        draw.line((BOARD.left, y, BOARD.right, y), fill=shade(GRID, 0.8), width=LINE)


def _furrows(draw: Draw, square: Square) -> None:
    f = BOARD.frame(square)
    for k in (-0.3, -0.1, 0.1, 0.3):
        draw.line((f.at(-0.42, k + 0.06), f.at(0.42, k - 0.06)), fill=shade(FIELD, 0.78), width=2 * LINE)


def _ripples(draw: Draw, square: Square) -> None:
    f = BOARD.frame(square)
    for u, v in ((-0.15, -0.15), (0.15, 0.18)):
        draw.arc(f.oval(u, v, 0.2, 0.08), 200, 340, fill=shade(POND, 1.35), width=2 * LINE)


def _trunk(draw: Draw, square: Square) -> None:
    """A tree trunk seen from above: rings of wood (an Obstacle; its eight neighbours are shadow)."""
    f = BOARD.frame(square)
    draw.ellipse(f.oval(0, 0, 0.4, 0.4), fill=TRUNK, outline=INK, width=2 * LINE)
    for r in (0.26, 0.13):
        draw.ellipse(f.oval(0, 0, r, r), outline=shade(TRUNK, 1.5), width=2 * LINE)


def _bell(draw: Draw, square: Square) -> None:
    """The Bell: a golden bell on its square."""
    draw.rectangle(BOARD.cell(square), fill=shade(ROAD, 0.8))
    bell_icon(draw, BOARD.frame(square))


def framed_polygon(draw: Draw, xy: Sequence[Point], fill: RGB, width: int) -> None:
    """`draw.polygon(xy, fill, outline=INK, width=width)`, drawn on a patch round the polygon: Pillow
    masks a polygon's wide outline with an image as large as the whole canvas, which cost a board a
    quarter of its time."""
    image: Image.Image = draw._image  # type: ignore[attr-defined]
    left = max(0, math.floor(min(x for x, _ in xy)) - 2)
    top = max(0, math.floor(min(y for _, y in xy)) - 2)
    box = (left, top, min(image.width, math.ceil(max(x for x, _ in xy)) + 3),
           min(image.height, math.ceil(max(y for _, y in xy)) + 3))
    if box[2] <= box[0] or box[3] <= box[1]:
        return
    patch = image.crop(box)
    ImageDraw.Draw(patch).polygon([(x - left, y - top) for x, y in xy], fill=fill, outline=INK, width=width)
    image.paste(patch, box[:2])


def bell_icon(draw: Draw, f: Frame) -> None:
    """A bell in a frame (unit coordinates, see `renderers.common.Frame`): the map's Bell and its key."""
    outline = [f.at(-0.34, 0.26), f.at(-0.24, 0.12), f.at(-0.22, -0.14), f.at(-0.12, -0.3),
               f.at(0.12, -0.3), f.at(0.22, -0.14), f.at(0.24, 0.12), f.at(0.34, 0.26)]
    framed_polygon(draw, outline, BELL, 2 * LINE)
    draw.ellipse(f.oval(0, 0.33, 0.09, 0.09), fill=BELL, outline=INK, width=2 * LINE)
    draw.ellipse(f.oval(0, -0.36, 0.06, 0.06), fill=INK)


def _entry(draw: Draw, square: Square) -> None:
    """The Hero Entry and Exit: a bright chevron on the square's west edge, pointing in."""
    entry_icon(draw, BOARD.frame(square))


def entry_icon(draw: Draw, f: Frame) -> None:
    points = [f.at(-0.48, -0.3), f.at(-0.12, 0), f.at(-0.48, 0.3)]
    draw.line(points, fill=INK, width=9 * LINE, joint="curve")
    draw.line(points, fill=ENTRY, width=5 * LINE, joint="curve")


def _patrol_path(draw: Draw) -> None:
    """The blue Patrol's path along the road, from its Entry (a9) to its Exit (t9), dashed, with an
    arrow at the Exit."""
    path = QUEST1.patrol_path
    points = [BOARD.frame(s).at(0, 0.3) for s in path]
    dashed(draw, points, INK, 7 * LINE, dash=14 * S)
    dashed(draw, points, PATROL, 4 * LINE, dash=14 * S)
    end = BOARD.frame(path[-1])
    arrow(draw, [end.at(-0.2, 0.3), end.at(0.45, 0.3)], PATROL, head=14 * S)


def _walls(draw: Draw) -> None:
    """Every wall (on the square edges between a Room and anything else, the doors' edges left open
    for the doors drawn per picture) and the map's own edge."""
    segments = [edge_segment(*sorted(edge)) for edge in FARM.walls]
    for a, b in sorted(segments):
        draw.line((a, b), fill=INK, width=9 * LINE)
    for a, b in sorted(segments):
        draw.line((a, b), fill=WALL, width=5 * LINE)
    for a, b in sorted(segments):  # square ends, so corners close
        for x, y in (a, b):
            draw.rectangle((x - 4 * LINE, y - 4 * LINE, x + 4 * LINE, y + 4 * LINE), fill=WALL)
    draw.rectangle((BOARD.left, BOARD.top, BOARD.right, BOARD.bottom), outline=INK, width=4 * LINE)

