"""A seat's own picture of the goblin warlords board: the board as everyone sees it, and under the map,
for that seat's eyes only, its hand in the words of the terminal's `hand` (`rules.own_words`): the unit
chips, gold, caravans to place, captives, and a strategy chosen but not yet revealed. What its spies saw
is left to the private news that told it (the picture keeps to Discord's height).

The hand takes the rows under the map where the key goes on the table's board; the key moves down
under it, without the entries every map has (the lands, the numbers, the road: the board in the
channel explains them), and what no longer fits there goes beside the panel, as on every board
(`Column`); an entry that would make the picture taller than Discord shows it is left out, last first."""

from __future__ import annotations

from dataclasses import replace

from PIL import ImageDraw

from collections.abc import Sequence

from renderers.common import MUTED, SHOWN_HEIGHT, SHOWN_TEXT, TEXT, Column, KeyEntry, Laid, PanelLine, font, wrap, write
from renderers.goblin_warlords.layout import COLUMN, KEY_ROOM, S
from rules.goblin_warlords.models import GoblinView
from rules.goblin_warlords.rules import own_words

HAND_TEXT = SHOWN_TEXT
"""The hand's text: as legible as the panel's."""
ROW = round(HAND_TEXT * 1.25)
HEADING = "Your hand (only you see it)"


def hand_rows(view: GoblinView) -> list[tuple[str, bool]]:
    """The hand's rows as drawn under the map, each with whether it is the heading; none for a view that
    holds no hand of its own (the table's board)."""
    words = own_words(view, peeks=False)
    if not words:
        return []
    face = font(HAND_TEXT)
    return [(HEADING, True), *((row, False) for line in words for row in wrap(line, face, KEY_ROOM.width))]


def hand_column(rows: list[tuple[str, bool]]) -> Column:
    """The board's column with the key's room under the map starting below the hand's rows."""
    if not rows:
        return COLUMN
    return replace(COLUMN, key_room=replace(KEY_ROOM, top=KEY_ROOM.top + len(rows) * ROW + 6 * S))


def lay_out(column: Column, lines: Sequence[PanelLine], key: list[KeyEntry]) -> Laid:
    """The picture laid out with as much of the key as fits Discord's height (all of it on the table's board)."""
    for count in range(len(key), 0, -1):
        laid = column.lay(lines, key[:count])
        if laid.size[1] <= SHOWN_HEIGHT:
            return laid
    return column.lay(lines, [])


def draw_hand(draw: ImageDraw.ImageDraw, rows: list[tuple[str, bool]]) -> None:
    face = font(HAND_TEXT)
    for n, (text, heading) in enumerate(rows):
        write(draw, (KEY_ROOM.left, KEY_ROOM.top + 4 * S + n * ROW), text, face, MUTED if heading else TEXT)
