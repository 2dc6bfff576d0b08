"""The OrcQuest WarPath board (seed 004, issue 44): the Quest map with its fog over every Room not
explored, the doors open, closed or smashed, the furniture, the Chickens and the Totem, every figure
with its facing, the Danger Zones tinted, the Alert Enemies marked, the blue Patrol's path and its
members, the Bell and the Hero Entry, and while the party is asked to settle a tie, the tied squares or the
Enemies tied for the Bell marked in fuchsia (`ties`). Under the map, the Quest's strip of facts: the turn and phase,
the Alert gauge, the Badass Points and Limit, the next extra Action Point's price, the decks' counts
and the Presence tokens face down. Under it, a card per Hero (Health Points, Action Points, Skill cards
face up, Stuff, pack, conditions and Event, who plays it), and a row of key.

Only what the view carries is drawn, and nothing inside a Room not yet explored (`board.hidden`). The
picture is drawn for the size Discord shows it (`SHOWN`): landscape, every label at least `LEGIBLE`
px tall there, and the map across the picture's whole width so it still reads on a phone. The log the
bot's message carries as text is not repeated.

The modules: `layout` (sizes and colours), `ground` (the map that never changes, drawn once per
worker), `board` (what changes on it: doors, furniture, tokens, Danger Zones, fog), `figures`,
`ties`, `key`, `panel` (the words) and `cards` (the words laid out under the map, strip and cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import ImageDraw

from renderers.common import SHOWN_HEIGHT, SHOWN_WIDTH, KeyEntry, base_canvas, encode_png
from renderers.orcquest.board import draw_changes, face_down_icon
from renderers.orcquest.cards import Fact, card_height, draw_card, draw_strip, skill_cards, strip_height
from renderers.orcquest.figures import draw_figures, hero_disc
from renderers.orcquest.ground import draw_ground
from renderers.orcquest.key import key_entries
from renderers.orcquest.ties import draw_ties
from renderers.orcquest.layout import (
    PAD,
    FILE_BAND,
    GAP,
    HERO_WIDTH,
    MAP_TOP,
    MARGIN,
    SQUARES,
    hero_box,
    strip_box,
    use,
)
from renderers.orcquest.panel import ALERT_PREFIX, CARDS_PREFIX, NO_STUFF, hero_lines, panel_lines, status_lines
from rules.orcquest.data import FARM, HEROES
from rules.orcquest.models import QuestView

SLUG = "orcquest"
"""The game whose views this package draws."""
GAUGE_GAP = 12 * PAD // 8
"""Between a Hero's HP and its Skill cards."""
HP_LINE = 1
"""A Hero card's line of Health Points, which its Skill cards are drawn on."""


def strip_facts(view: QuestView) -> list[Fact]:
    """The Quest's facts for its strip: its lines but the title (the bot's message names the game)."""
    return [Fact(line, gauge=line.text.startswith(ALERT_PREFIX)) for line in status_lines(view)[1:]]


def square_for(below: float) -> int:
    """The largest square (`SQUARES`) whose map leaves `below` canvas pixels under its file letters
    within the height Discord shows whole."""
    for square in SQUARES:
        if MAP_TOP + FARM.grid.height * square + FILE_BAND + below <= SHOWN_HEIGHT:
            return square
    return SQUARES[-1]


def render(view: QuestView, recent: Sequence[str] = ()) -> bytes:
    """The map across the picture, the Quest's strip (its key last) and the Heroes' cards under it,
    of an OrcQuest view as PNG bytes. `recent` (the newest log lines) is not drawn: the bot's message
    carries it as text."""
    facts = strip_facts(view)
    # the Skill cards are drawn, on the HP row; no Stuff is no row
    cards = [[line for line in hero_lines(view, hero)
              if not line.text.startswith(CARDS_PREFIX) and line.text != NO_STUFF] for hero in view.heroes]
    tall = max(card_height(c, HERO_WIDTH) for c in cards)

    def fitted(key: Sequence[KeyEntry]) -> tuple[float, int]:
        strip = strip_height(facts, SHOWN_WIDTH - 2 * MARGIN, key)
        return strip, square_for(strip + GAP + tall + MARGIN)

    key = key_entries(view)
    strip, square = fitted(key)
    if key and square < SQUARES[2] and fitted([])[1] > square:
        key = []  # the key gives up its row before the map gets smaller than its third size
        strip, square = fitted(key)
    board = use(square)
    top = board.bottom + FILE_BAND
    canvas = base_canvas((SLUG, square), (SHOWN_WIDTH, round(top + strip + GAP + tall + MARGIN)), draw_ground)
    draw = ImageDraw.Draw(canvas)
    draw_changes(draw, view)
    draw_figures(draw, view)
    draw_ties(draw, view)
    box = strip_box(strip)
    draw_strip(draw, box, facts, view.alert, icon=face_down_icon, key=key)
    cards_top = box[3] + GAP
    bottom = cards_top + tall
    for k, (hero, lines) in enumerate(zip(view.heroes, cards, strict=True)):
        ends = draw_card(draw, hero_box(k, cards_top, bottom), lines, icon=partial(hero_disc, code=hero.code),
                         marked=hero.code == view.active)
        right, middle = ends[HP_LINE]
        skills = HEROES[hero.code].skills
        skill_cards(draw, right + GAUGE_GAP, middle, sum(1 for s in skills if s not in hero.down), len(skills))
    return encode_png(canvas)


__all__ = ["SLUG", "panel_lines", "render"]
