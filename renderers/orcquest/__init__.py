"""The OrcQuest WarPath board (seed 004, issue 44): the Quest map with its fog over every Room not
explored, the doors open, closed or smashed, the furniture, the Chickens and the Totem, every figure
with its facing, the Danger Zones tinted, the Alert Enemies marked, the blue Patrol's path and its
members, the Bell and the Hero Entry. Beside the map, the Quest's card: the turn and phase, the
Alert gauge, the Badass Points and Limit, the next extra Action Point's price, the decks' counts and
the Presence tokens face down. Under it, a card per Hero (Health Points, Action Points, Skill cards
face up, Stuff, pack, conditions and Event, who plays it), and a row of key.

Only what the view carries is drawn, and nothing inside a Room not yet explored (`board.hidden`). The
picture is drawn for the size Discord shows it (`SHOWN`): landscape, every label at least `LEGIBLE`
px tall there, and the map as wide as the picture allows so it still reads on a phone. The log the
bot's message carries as text is not repeated.

The modules: `layout` (sizes and colours), `ground` (the map that never changes, drawn once per
worker), `board` (what changes on it: doors, furniture, tokens, Danger Zones, fog), `figures`,
`key`, `panel` (the words) and `cards` (the words laid out under the map).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import ImageDraw

from renderers.common import SHOWN_HEIGHT, SHOWN_WIDTH, base_canvas, draw_key, encode_png, key_height
from renderers.orcquest.board import draw_changes, face_down_icon
from renderers.orcquest.cards import alert_gauge, card_height, draw_card, skill_cards
from renderers.orcquest.figures import draw_figures, hero_disc
from renderers.orcquest.ground import draw_ground
from renderers.orcquest.key import key_entries
from renderers.orcquest.layout import (
    CARDS_TOP,
    GAP,
    HERO_WIDTH,
    KEY_LEFT,
    KEY_WIDTH,
    MARGIN,
    PAD,
    STATUS_WIDTH,
    TEXT_SIZE,
    hero_box,
    status_box,
)
from renderers.orcquest.panel import ALERT_PREFIX, CARDS_PREFIX, hero_lines, panel_lines, status_lines
from rules.orcquest.data import HEROES
from rules.orcquest.models import QuestView

SLUG = "orcquest"
"""The game whose views this package draws."""
GAUGE_GAP = 12 * PAD // 8
"""Between the Alert line's text and its gauge, and between a Hero's HP and its Skill cards."""
HP_LINE = 1
"""A Hero card's line of Health Points, which its Skill cards are drawn on."""


def render(view: QuestView, recent: Sequence[str] = ()) -> bytes:
    """The map, the Quest's card beside it, the Heroes' cards and the key under it, of an OrcQuest view
    as PNG bytes. `recent` (the newest log lines) is not drawn: the bot's message carries it as text."""
    status = status_lines(view)
    cards = [[line for line in hero_lines(view, hero) if not line.text.startswith(CARDS_PREFIX)]
             for hero in view.heroes]  # the Skill cards are drawn, on the HP row
    bottom = CARDS_TOP + max(card_height(c, HERO_WIDTH) for c in cards)
    key = key_entries(view)
    if bottom + GAP + key_height(key, KEY_WIDTH, TEXT_SIZE) + MARGIN > SHOWN_HEIGHT:
        key = []  # a Hero's card of many rows leaves no room for it: the picture must fit `SHOWN`
    under = GAP + key_height(key, KEY_WIDTH, TEXT_SIZE) if key else 0
    canvas = base_canvas(SLUG, (SHOWN_WIDTH, round(bottom + under + MARGIN)), draw_ground)
    draw = ImageDraw.Draw(canvas)
    draw_changes(draw, view)
    draw_figures(draw, view)
    for k, (hero, lines) in enumerate(zip(view.heroes, cards, strict=True)):
        ends = draw_card(draw, hero_box(k, bottom), lines, icon=partial(hero_disc, code=hero.code),
                         marked=hero.code == view.active)
        right, middle = ends[HP_LINE]
        skills = HEROES[hero.code].skills
        skill_cards(draw, right + GAUGE_GAP, middle, sum(1 for s in skills if s not in hero.down), len(skills))
    box = status_box(card_height(status, STATUS_WIDTH))
    ends = draw_card(draw, box, status, icon=face_down_icon)
    alert = next(k for k, line in enumerate(status) if line.text.startswith(ALERT_PREFIX))
    right, middle = ends[alert]
    alert_gauge(draw, right + GAUGE_GAP, box[2] - PAD, middle, view.alert)
    draw_key(draw, key, KEY_LEFT, bottom + GAP, KEY_WIDTH, TEXT_SIZE)
    return encode_png(canvas)


__all__ = ["SLUG", "panel_lines", "render"]
