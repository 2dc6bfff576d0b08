"""The OrcQuest board's layout and colours: where the Quest map, the Quest's card beside it, the
Heroes' cards and the key under it go, all measured for the size Discord shows a board (`SHOWN`).

The map is as large as the picture allows, most of its width: a 20 x 10 map with fog, figures and
their facings must still read on a phone, where the picture is about 300 px wide (a square is then
about 11 px). What is not the map goes beside it (the Quest's card, a narrow column) and under it (a
card per Hero, then a row of key), each text at least `LEGIBLE` where Discord shows the board. Sizes
are canvas pixels (see `renderers.common`)."""

from __future__ import annotations

from renderers.common import RGB, SHOWN_TEXT, SHOWN_WIDTH, SUPERSAMPLE
from renderers.kits.square_board import SquareBoard
from rules.orcquest.data import FARM

S = SUPERSAMPLE
LINE = S
Box = tuple[float, float, float, float]

SQUARE = 38 * S
"""A square's side: the 20 files fill the picture but for the rank numbers and the Quest's card beside
them; a little smaller than they could be, so that the Heroes' cards under the map have room for ten
rows (a Hero with a pack, conditions, an Event, a card in play and a player's long name needs them)."""
MAP_LEFT, MAP_TOP = 36 * S, 4 * S
BOARD = SquareBoard(MAP_LEFT, MAP_TOP, SQUARE, FARM.grid)
FILE_TEXT = 38 * S
"""The file letters under the map: lower-case letters alone need more than `SHOWN_TEXT` to be legible."""
RANK_TEXT = SHOWN_TEXT
FILE_BAND = 38 * S
"""Under the map, for its file letters."""

TEXT_SIZE = SHOWN_TEXT
"""Every text of the cards and the key: capitals and digits are `LEGIBLE` where Discord shows the board."""
ROW = round(TEXT_SIZE * 1.25)
"""A row of text on a card."""
PAD = 8 * S
"""Inside a card, round its text."""
GAP = 6 * S
"""Between two cards, and between the map and what is round it."""
MARGIN = 6 * S

STATUS_LEFT = round(BOARD.right + 2 * GAP)
STATUS_WIDTH = SHOWN_WIDTH - STATUS_LEFT - MARGIN
"""The Quest's card, in the column right of the map."""

CARDS_TOP = round(BOARD.bottom + FILE_BAND)
"""The top of the Heroes' cards, side by side under the map; the key goes in a row under them."""
HERO_WIDTH = (SHOWN_WIDTH - 2 * MARGIN - 3 * GAP) / 4
KEY_LEFT = 12 * S
KEY_WIDTH = SHOWN_WIDTH - 2 * KEY_LEFT


def hero_box(index: int, bottom: float) -> Box:
    """The `index`th Hero's card (in the table's order), down to `bottom`."""
    left = MARGIN + index * (HERO_WIDTH + GAP)
    return (left, CARDS_TOP, left + HERO_WIDTH, bottom)


def status_box(height: float) -> Box:
    return (STATUS_LEFT, MAP_TOP, SHOWN_WIDTH - MARGIN, MAP_TOP + height)


# -- colours ----------------------------------------------------------------------------------------

GRASS: RGB = (88, 120, 60)
ROAD: RGB = (166, 142, 102)
FLOOR: RGB = (150, 116, 80)
FIELD: RGB = (184, 160, 84)
POND: RGB = (62, 112, 168)
TRUNK: RGB = (92, 62, 38)
SHADOW: RGB = (58, 84, 44)
WALL: RGB = (52, 46, 42)
GRID: RGB = (60, 70, 44)
DOOR: RGB = (178, 122, 60)
HIGH: RGB = (104, 66, 40)
LOW: RGB = (196, 150, 96)
BELL: RGB = (236, 192, 56)
ENTRY: RGB = (120, 230, 120)
PATROL: RGB = (70, 150, 255)
DANGER: RGB = (235, 45, 35)
FOG: RGB = (34, 36, 42)
CLOUD: RGB = (56, 60, 70)
ALERT_MARK: RGB = (255, 210, 40)
ENEMY: RGB = (112, 100, 92)
"""An Enemy that is not Alert: a dull grey-brown, so the Alert ones (red) stand out."""
ENEMY_ALERT: RGB = (206, 38, 38)
FACING: RGB = (255, 236, 140)
"""A token's nose, the way it faces: pale yellow, rimmed in ink, on any ground."""

HERO_COLOURS: dict[str, RGB] = {
    "orrus": (240, 120, 40),
    "thalla": (70, 200, 90),
    "mek": (180, 130, 255),
    "mandar": (40, 190, 240),
}
"""Each Hero's colour, on the map and on its card: four hues apart from the Enemies' red and grey."""
HERO_LETTERS: dict[str, str] = {"orrus": "O", "thalla": "T", "mek": "M", "mandar": "W"}
"""Each Hero's letter on its token: its initial, but Mandar, whose initial is Mek's, goes by W (the
Warlock); a square is too small for two letters that can be read."""
LEVEL_COLOURS: dict[int, RGB] = {1: (240, 210, 50), 2: (245, 140, 40), 3: (225, 50, 40)}
"""Yellow, Orange and Red, as the Alert gauge's bands and the Health Points' colour."""
