"""The goblin warlords board: the house map of 18 territories (orclands brown, outlands green) in
its three rows of six, each with its d20 number and name, the colour of the warlord who holds it,
its fortress and mine, the caravans on the north row's road, every army as a tag (its leader's
tribe and authority, then its power, then any gold it carries) and the units left without a
leader; beside it the game turn, the phase, the order of play with each warlord's public counts,
and under and beside it the key.

Only what the view carries is drawn: a hand is shown by its counts (how many unit chips and gold
chips it holds) in the panel; a seat's own view adds its own hand under the map (`hand`), so a seat's
own picture is the table's board and that seat's hand, and no other. The picture is drawn for the size Discord shows it
(`SHOWN`): landscape, every label at least `LEGIBLE` px tall there; the log the bot's message
carries as text is not repeated.

The modules: `layout` (sizes, colours, the map and what is drawn once per worker), `stacks` (what
stands in a territory), `icons` (the small pictures the map and the key share), `key`, `panel`, and
`hand` (a seat's own hand, in its own picture).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from renderers.common import base_canvas, encode_png
from renderers.goblin_warlords.hand import draw_hand, hand_column, hand_rows, lay_out
from renderers.goblin_warlords.key import key_entries
from renderers.goblin_warlords.layout import draw_map
from renderers.goblin_warlords.panel import panel_lines
from renderers.goblin_warlords.stacks import army_chips, caravan_chips, colours, draw_territory
from rules.goblin_warlords.data import TERRITORIES
from rules.goblin_warlords.models import GoblinView

SLUG = "goblin-warlords"
"""The game whose views this package draws."""


def render(view: GoblinView, recent: Sequence[str] = ()) -> bytes:
    """The map, and beside it the panel and the key, of a goblin warlords view as PNG bytes. `recent`
    (the newest log lines) is not drawn: the bot's message carries it as text."""
    lines = panel_lines(view)
    colour = colours(view)
    hand = hand_rows(view)
    column = hand_column(hand)
    laid = lay_out(column, lines, key_entries(view, colour, basics=not hand))
    canvas = base_canvas(SLUG, laid.size, draw_map)
    draw = ImageDraw.Draw(canvas)
    for land in TERRITORIES:
        draw_territory(draw, view, land, colour)
    draw_hand(draw, hand)
    column.draw(draw, lines, laid)
    return encode_png(canvas)


__all__ = ["SLUG", "army_chips", "caravan_chips", "colours", "panel_lines", "render"]
