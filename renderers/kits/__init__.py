"""Drawing kits: the pieces a game's board is built from, shared so each game draws only what
is its own. An inch table for the skirmish games, a square grid of any size, playing cards and
a map of areas; each is pure drawing, and the same input always gives the same pixels."""

from __future__ import annotations

from renderers.kits.area_map import Area, AreaMap, Marker
from renderers.kits.cards import CARD_SIZE, Card, CardNumber, CardSize, card_picture, empty_slot, paste_card, paste_row
from renderers.kits.inch_board import InchBoard
from renderers.kits.square_board import SquareBoard

__all__ = [
    "CARD_SIZE",
    "Area",
    "AreaMap",
    "Card",
    "CardNumber",
    "CardSize",
    "InchBoard",
    "Marker",
    "SquareBoard",
    "card_picture",
    "empty_slot",
    "paste_card",
    "paste_row",
]
