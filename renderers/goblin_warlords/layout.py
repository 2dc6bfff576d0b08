"""The goblin warlords board's layout and its map, drawn once per worker: how big everything is, the
colours of the lands, and the house map of 18 territories (house set b1) in its three rows of six,
each territory with its name, the north row with the caravans' road.

Everything is measured from what a territory must hold: a name of two lines that can be read where
Discord shows the board, and three rows of tags under it. The map takes what the panel leaves of the
picture's width, and its rows are as tall as that content; the key goes under it. Sizes are canvas
pixels (see `renderers.common`); the map's own units are territory widths, x east and y north."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.common import (
    INK,
    MUTED,
    RGB,
    SHOWN_TEXT,
    SHOWN_WIDTH,
    SUPERSAMPLE,
    TEXT,
    Column,
    KeyRoom,
    dashed,
    fit_lines,
    font,
    shade,
    write,
)
from renderers.kits.area_map import Area, AreaMap
from rules.goblin_warlords.data import COLUMNS, ROWS, TERRITORIES, CaravanKind, Kind, Territory

S = SUPERSAMPLE
LINE = S
Draw = ImageDraw.ImageDraw
Point = tuple[float, float]
Box = tuple[float, float, float, float]

PANEL_WIDTH = 384 * S
"""The side panel's width: the longest name of a busy table on one row; the map takes the rest."""
COLUMN_GAP = 10 * S
COLUMN_MARGIN = 6 * S

NAME_TEXT = 27 * S
"""A territory's name: every name has a capital or a tall letter, outlined, so 27 is legible where
Discord shows the board, and "Warrens", the widest word, fits a territory."""
NAME_PITCH = 1.15
"""Between a name's two lines, in text sizes: as close as a descender over a capital allows."""
PANEL_TEXT = SHOWN_TEXT
"""The panel's text: a line of capitals and digits alone ("Game Turn 12 · Game over") needs all of it."""
TAG_TEXT = 21 * S
"""The tags (numbers, armies, caravans, fortress ratings): a tag is 1.25 times its text's size tall."""
TAG_HEIGHT = round(TAG_TEXT * 1.25)
SMALLEST_TAG_TEXT = 16 * S
"""A tag too wide for its territory shrinks, down to this: 1.25 times it is still `LEGIBLE` where Discord
shows the board."""
TAG_ROWS = 3
"""Rows of tags a territory has room for under its name: the number and the armies of a busy board
with room to spare (a crowded territory draws smaller tags, in more rows)."""
GAP = 4 * S
"""Between two tags, and between rows of them."""
RIM = 8 * S
"""The band inside a held territory's edge, in its holder's colour."""
WOBBLE = 0.03
"""How far a corner of the map's grid strays, in territory widths: the borders look drawn, not ruled."""
INSET = 10 * S
"""From a territory's grid cell to its tags, left and right: past the wobble and the holder's band."""
NAME_INSET = 4 * S
"""From a territory's grid cell to its name, left and right: past the wobble, over the band."""
TOP, BOTTOM = 4 * S, 8 * S
"""From a territory's grid cell to its name above and to its last tags below."""
COAST = 6 * S
"""Room round the map for its coast's line."""

MAP_LEFT, MAP_TOP = 4 * S, 4 * S
MAP_RIGHT = SHOWN_WIDTH - PANEL_WIDTH - COLUMN_GAP - COLUMN_MARGIN
SCALE = (MAP_RIGHT - MAP_LEFT - 2 * COAST) / COLUMNS
"""Canvas pixels per territory width: the map is as wide as the panel leaves room for."""
TAGS_WIDTH = SCALE - 2 * INSET
"""How wide a row of tags in a territory may be."""
ROW_HEIGHT = TOP + 2 * NAME_PITCH * NAME_TEXT + GAP + TAG_ROWS * (TAG_HEIGHT + GAP) + BOTTOM
ROW_UNITS = ROW_HEIGHT / SCALE
"""A territory's height in territory widths: its name and its rows of tags."""
MAP_BOX = (MAP_LEFT, MAP_TOP, MAP_RIGHT, round(MAP_TOP + 2 * COAST + ROWS * ROW_HEIGHT) + 1)
"""Where the map sits (left, top, right, bottom), the coast included; the key goes under it."""
KEY_ROOM = KeyRoom(12 * S, MAP_BOX[3] + 2 * S, MAP_BOX[2] - 12 * S)
COLUMN = Column(MAP_BOX[2], MAP_BOX[1], KEY_ROOM, gap=COLUMN_GAP, margin=COLUMN_MARGIN)
"""The panel and the key round the map."""

ORCLAND: RGB = (150, 114, 74)
OUTLAND: RGB = (104, 138, 78)
BORDER: RGB = (58, 42, 28)
ROAD: RGB = (226, 206, 150)
STONE: RGB = (168, 162, 150)
NUMBER: RGB = (48, 40, 32)
GOLD: RGB = (240, 190, 40)
BATTLE: RGB = (190, 30, 40)
REBELS: RGB = MUTED
CARAVANS: dict[CaravanKind, RGB] = {CaravanKind.DWARF: (120, 150, 190), CaravanKind.ELF: (170, 220, 140)}


# -- the map's shape --------------------------------------------------------------------------------


def _stray(*key: int) -> float:
    """A fixed amount in [-1, 1] for a corner or an edge of the grid: the same on every run and machine."""
    h = 2166136261
    for k in key:
        h = ((h ^ (k & 0xFFFF)) * 16777619) & 0xFFFFFFFF
    return (h % 2001) / 1000 - 1


def _corner(column: int, row: int) -> Point:
    """A corner of the grid, strayed a little; one on the coast strays only along it, so the map's
    outline is its box's and the territories on the coast are as roomy as the others."""
    dx = 0.0 if column in (0, COLUMNS) else WOBBLE * _stray(1, column, row)
    dy = 0.0 if row in (0, ROWS) else WOBBLE * _stray(2, column, row)
    return (column + dx, row * ROW_UNITS + dy)


def _middle(a: tuple[int, int], b: tuple[int, int]) -> Point:
    """The middle of the grid edge from corner `a` to corner `b`, pushed across it a little (not on
    the coast)."""
    (ax, ay), (bx, by) = _corner(*a), _corner(*b)
    first, last = sorted((a, b))
    coast = (first[0] == last[0] and first[0] in (0, COLUMNS)) or (first[1] == last[1] and first[1] in (0, ROWS))
    push = 0.0 if coast else WOBBLE * 0.8 * _stray(3, *first, *last)
    across = (0.0, push) if a[1] == b[1] else (push, 0.0)
    return ((ax + bx) / 2 + across[0], (ay + by) / 2 + across[1])


def _outline(land: Territory) -> tuple[Point, ...]:
    """A territory's polygon in map units (x east, y north; the south row at the bottom)."""
    c, r = land.column, land.row
    corners = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
    points: list[Point] = []
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        points += [_corner(*a), _middle(a, b)]
    return tuple(points)


def ground(land: Territory) -> RGB:
    """Orclands and outlands in their colours, each territory a shade apart from its neighbours."""
    base = ORCLAND if land.kind is Kind.ORCLAND else OUTLAND
    return shade(base, 1 + 0.05 * ((land.column + land.row) % 2) - 0.025 * (land.number % 3 == 0))


MAP = AreaMap([Area(str(t.number), t.name, _outline(t), ground(t)) for t in TERRITORIES], MAP_BOX, padding=COAST)


def outline_on_canvas(land: Territory) -> list[Point]:
    return [MAP.at(x, y) for x, y in _outline(land)]


def grid_box(land: Territory) -> Box:
    """A territory's cell of the grid on the canvas, before its edges stray."""
    left, top = MAP.at(land.column, (land.row + 1) * ROW_UNITS)
    right, bottom = MAP.at(land.column + 1, land.row * ROW_UNITS)
    return (left, top, right, bottom)


def tag_box(land: Territory) -> Box:
    """The canvas box inside a territory where its tags go, clear of its wobbling edges."""
    left, top, right, bottom = grid_box(land)
    return (left + INSET, top + TOP, right - INSET, bottom - BOTTOM)


def name_lines(land: Territory) -> tuple[tuple[str, ...], float]:
    """A territory's name in lines, and the y under them."""
    left, top, right, _ = grid_box(land)
    lines, _ = fit_lines(land.name, right - left - 2 * NAME_INSET, 2 * NAME_TEXT * 1.25, NAME_TEXT, NAME_TEXT)
    return lines, top + TOP + len(lines) * NAME_TEXT * NAME_PITCH


def road_y(land: Territory) -> float:
    """The middle of a territory's first row of tags; in the north row, the road runs through it and
    the caravans stand on it."""
    return name_lines(land)[1] + GAP + TAG_HEIGHT / 2


def draw_map(draw: Draw) -> None:
    """What every game's board starts with, drawn once per worker (`base_canvas`): the lands, their
    borders and names, and the caravans' road along the north row."""
    MAP.draw_fills(draw)
    MAP.draw_borders(draw, BORDER, INK, width=2 * LINE)
    face = font(NAME_TEXT)
    for land in TERRITORIES:
        left, top, right, _ = grid_box(land)
        lines, _ = name_lines(land)
        for k, line in enumerate(lines):
            write(draw, ((left + right) / 2, top + TOP + (k + 0.5) * NAME_TEXT * NAME_PITCH), line, face, TEXT,
                  anchor="mm", stroke=max(1, face.size // 10), stroke_fill=shade(ground(land), 0.45))
    for land in TERRITORIES:
        _decorate(draw, land)
    north = next(t for t in TERRITORIES if t.row == ROWS - 1)
    y = road_y(north)
    ends = (MAP.at(0.08, 0)[0], MAP.at(COLUMNS - 0.08, 0)[0])
    dashed(draw, [(ends[0], y), (ends[1], y)], ROAD, 4 * LINE, dash=12 * S)
    for x, facing in ((ends[0], -1), (ends[1], 1)):
        tip = x + facing * 4 * S
        draw.polygon([(tip, y), (tip - facing * 16 * S, y - 10 * S), (tip - facing * 16 * S, y + 10 * S)], fill=ROAD)


def _decorate(draw: Draw, land: Territory) -> None:
    """Faint marks low in a territory, where its tags seldom reach (they are drawn over them anyway): crags
    in an orcland, furrowed fields in an outland, and a hut in a tribe's home."""
    left, _, right, bottom = tag_box(land)
    dark = shade(ground(land), 0.78)
    light = shade(ground(land), 1.12)
    if land.kind is Kind.OUTLAND:
        for k in range(3):
            x, y = right - (62 - 4 * _stray(4, land.number, k)) * S, bottom - (8 + 9 * k) * S
            draw.line((x, y, x + 50 * S, y - 6 * S), fill=dark, width=2 * LINE)
        return
    for k, (dx, size) in enumerate(((52, 16), (34, 22), (14, 13))):
        x = right - (dx + 3 * _stray(5, land.number, k)) * S
        draw.polygon([(x - size * S, bottom), (x, bottom - size * 1.3 * S), (x + size * S, bottom)], fill=dark)
        draw.line((x, bottom - size * 1.3 * S, x + size * 0.45 * S, bottom - size * 0.7 * S), fill=light,
                  width=2 * LINE)
    if land.home is not None:
        x, y = left + 16 * S, bottom
        draw.rectangle((x - 10 * S, y - 14 * S, x + 10 * S, y), fill=dark)
        draw.polygon([(x - 15 * S, y - 13 * S), (x, y - 26 * S), (x + 15 * S, y - 13 * S)], fill=dark)
        draw.rectangle((x - 3 * S, y - 8 * S, x + 3 * S, y), fill=shade(ground(land), 0.55))
