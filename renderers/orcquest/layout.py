"""The OrcQuest board's layout and colours: where the Quest map, the Quest's strip of facts, the
Heroes' cards and the key under it go, all measured for the size Discord shows a board (`SHOWN`).

The map takes the picture's whole width but for its rank numbers: a 20 x 10 map with fog, figures
and their facings must still read on a phone, where the picture is about 300-390 px wide (a square
is then 14-18 px; 26 px on a desktop). Everything else goes under it: the Quest's facts in a strip
of two rows, a card per Hero, then a row of key, each text at least `LEGIBLE` where Discord shows the
board. Sizes are canvas pixels (see `renderers.common`)."""

from __future__ import annotations

import threading

from renderers.common import RGB, SHOWN_TEXT, SHOWN_WIDTH, SUPERSAMPLE
from renderers.kits.square_board import SquareBoard
from rules.orcquest.data import FARM

S = SUPERSAMPLE
LINE = S
Box = tuple[float, float, float, float]

SQUARES = tuple(n * S for n in (51, 48, 45, 42, 39, 36, 33, 30))
"""A square's side, the largest first: at 51 the 20 files take the picture's whole width but for the
rank numbers (a square is then 26 px where Discord shows the board on a desktop, 18 px on a phone).
The Quest's facts and the Heroes' cards go under the map; when a Hero's card holds so many rows that
they would make the picture taller than Discord shows whole (`SHOWN`), the map takes the next size
down that leaves them room (`board_for`). Few sizes, so a worker keeps few grounds."""
SQUARE = SQUARES[0]
RANK_BAND = 40 * S
"""Left of the map, for its rank numbers."""
MAP_TOP = 1 * S
FILE_TEXT = 37 * S
"""The file letters under the map: lower-case letters alone need more than `SHOWN_TEXT` to be legible."""
RANK_TEXT = SHOWN_TEXT
FILE_BAND = 36 * S
"""Under the map, for its file letters."""


def _board(square: int) -> SquareBoard:
    width = FARM.grid.width * square
    left = max(RANK_BAND, (SHOWN_WIDTH - width + RANK_BAND) // 2 - 2 * S)
    return SquareBoard(left, MAP_TOP, square, FARM.grid)


BOARDS = {square: _board(square) for square in SQUARES}


class _Now(threading.local):
    board: SquareBoard = BOARDS[SQUARE]


_NOW = _Now()


class _Current:
    """The map of the picture being drawn on this thread (`use`): its squares' size and place."""

    def __getattr__(self, name: str) -> object:
        return getattr(_NOW.board, name)


BOARD: SquareBoard = _Current()  # type: ignore[assignment]
"""The map being drawn (see `SQUARES`); every module draws on it."""


def use(square: int) -> SquareBoard:
    """Draw this thread's next picture with squares of `square`."""
    _NOW.board = BOARDS[square]
    return _NOW.board


TEXT_SIZE = SHOWN_TEXT
"""Every text of the cards and the key: capitals and digits are `LEGIBLE` where Discord shows the board."""
ROW = round(TEXT_SIZE * 1.1)
"""A row of text on a card."""
PAD = 4 * S
"""Inside a card, round its text."""
GAP = 3 * S
"""Between two cards, and between the map and what is round it."""
MARGIN = 3 * S

STRIP_ROWS = 2
"""The Quest's facts, in a strip of two rows under the map's file letters."""
HERO_WIDTH = (SHOWN_WIDTH - 2 * MARGIN - 3 * GAP) / 4


def strip_top() -> float:
    return round(BOARD.bottom + FILE_BAND)


def strip_box(height: float) -> Box:
    """The Quest's strip, `height` tall, across the picture under the map."""
    return (MARGIN, strip_top(), SHOWN_WIDTH - MARGIN, strip_top() + height)


def hero_box(index: int, top: float, bottom: float) -> Box:
    """The `index`th Hero's card (in the table's order), from `top` down to `bottom`."""
    left = MARGIN + index * (HERO_WIDTH + GAP)
    return (left, top, left + HERO_WIDTH, bottom)


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
CHOICE: RGB = (245, 60, 225)
"""The party's open choice (a tie it is asked to settle): the tied squares framed and washed in it, the
Enemies tied for the Bell ringed in it. A fuchsia no other mark uses (the Danger Zones' red, the
Patrol's blue, the Alert's yellow, the Active Hero's gold, the Heroes' four colours)."""
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
