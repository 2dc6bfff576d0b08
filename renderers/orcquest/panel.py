"""The OrcQuest board's words: the Quest's card (the turn and phase, the Alert gauge, the Badass
Points and their Limit, the next extra Action Point's price, the decks' counts, the Rooms and Zones
explored, the Presence tokens face down in the reserves) and a card per Hero (where it is, its
Health Points, Action Points, Skill cards face up, the card it is playing, the Stuff it holds and
carries, its conditions and Event, and who plays it).

`panel_lines` is every line in reading order, for `renderers.describe`; the picture draws the same
lines, cut into the strip under the map and the four cards (`renderers.orcquest.cards`), so the words and
the picture never disagree; but the open tie's line (`tie_lines`), which the picture shows as its marks
on the map and their entry in the key. Nothing here is hidden from anyone: the decks' and reserves' orders are
not in the view (`rules.orcquest.secrets`), only their counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from renderers.common import ACCENT, MUTED, TEXT, PanelLine
from renderers.orcquest.layout import CHOICE, CLOUD, HERO_COLOURS, LEVEL_COLOURS, TEXT_SIZE
from rules.orcquest.data import ACTION_POINTS, CARDS, EVENT_BY_CODE, FARM, HEROES, SKILLS, EventKind, alert_colour
from rules.orcquest.models import Hero, QuestView

SHORT = {"potion": "Potion"}
"""Card names too long for a Hero's card."""
ALERT_PREFIX = "Alert "
CARDS_PREFIX = "Cards "
"""A Hero's Skill cards face up, of all it has: the picture draws them as little cards on its HP row
(`renderers.orcquest.cards.skill_cards`), the words say them."""
NO_STUFF = "No Stuff"
"""A Hero's line when it holds and wears nothing: the words say it, the picture leaves the row out
(an empty row is the room the map needs on a Hero's card of many rows)."""
FACE_DOWN = "Reserves "
"""The line of the Presence tokens left face down in the reserves, a stack of them drawn before it
(its swatch, `renderers.orcquest.board.face_down_icon`)."""
FACE_DOWN_COLOUR = CLOUD
EVENT_WORDS: dict[EventKind, str] = {
    EventKind.BADASS: "+1 BP", EventKind.ALERT_UP: "Alert +1", EventKind.ALERT_DOWN: "Alert -1",
    EventKind.WOUND: "Wound", EventKind.HEAL: "Heal", EventKind.ENRAGED: "Enraged", EventKind.CURSED: "Cursed",
    EventKind.LOOT: "Loot", EventKind.FORTIFIED: "Fortified", EventKind.DISORIENTED: "Disoriented",
    EventKind.BLEED: "Bleed"}
"""The Event laid on a Hero's sheet this Turn, in a word or two (an Event of nothing says so)."""
"""The line the Alert gauge is drawn beside."""


def panel_lines(view: QuestView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """Every line of the board's words; `recent` is not shown: the bot's message carries the log."""
    status = status_lines(view)  # the tie, if one is asked, straight after the turn: the description reads it early
    heroes = [line for hero in view.heroes for line in hero_lines(view, hero)]
    return [*status[:2], *tie_lines(view), *status[2:], *heroes]


def tie_lines(view: QuestView) -> list[PanelLine]:
    """The tie the party is asked to settle, as the map marks it (`renderers.orcquest.ties`): the words
    only (the picture has the marks and the key, the channel the question)."""
    if view.tied_squares:
        return [_line(f"Tied squares, marked: {_or(view.tied_squares)}", colour=CHOICE)]
    enemies = {e.id: e for e in view.enemies}
    tied = [enemies[i] for i in view.tied_ringers if i in enemies]
    if tied:
        return [_line(f"Tied to ring the Bell, ringed: {_or([f'{e.label} on {e.square}' for e in tied])}",
                      colour=CHOICE)]
    return []


def _or(words: Sequence[str]) -> str:
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def _line(text: str, **kwargs: object) -> PanelLine:
    return PanelLine(text, size=TEXT_SIZE, note_size=TEXT_SIZE, **kwargs)  # type: ignore[arg-type]


def status_lines(view: QuestView) -> list[PanelLine]:
    """The Quest's facts (the picture's strip under the map, without its title)."""
    if view.won is not None:
        where = "Quest won!" if view.won else "Quest lost"
    else:
        where = view.where()  # "Turn 12: Enemy"
    decks = view.decks
    return [
        _line("OrcQuest", colour=ACCENT),
        _line(where),
        _line(f"{ALERT_PREFIX}{view.alert}", colour=LEVEL_COLOURS[alert_colour(view.alert)]),
        _line(f"Badass {view.badass}/{view.limit}"),
        _line(f"Extra AP: {view.next_ap_price} BP"),
        _line(f"Events {decks.get('events', 0)}"),
        _line(f"Loot {decks.get('loot', 0)}"),
        _line(f"Patrols {decks.get('patrols', 0)}") if not view.bell_rung  # then no more Patrols come (L816)
        else _line("Bell rung!", colour=LEVEL_COLOURS[3]),
        _line("Explored: " + _explored(view)),
        _line(f"{FACE_DOWN}{sum(view.reserves.values())}", swatch=FACE_DOWN_COLOUR),
    ]


def _explored(view: QuestView) -> str:
    """The Rooms and Spawn Zones explored, in a row: "all" once they all are."""
    areas = sorted({*FARM.rooms.values(), *FARM.zones})
    done = [area for area in areas if area in view.explored]
    return "all" if done == areas else ", ".join(done) or "none"


def _named(codes: Sequence[str]) -> str:
    """Cards by name, a pair as "2 Daggers"."""
    counted = Counter(codes)
    return ", ".join(f"{n} {SHORT.get(c, CARDS[c].name)}s" if n > 1 else SHORT.get(c, CARDS[c].name)
                     for c, n in counted.items())


def _points(view: QuestView, hero: Hero) -> int:
    """The Action Points a Hero has now: what is left of its activation, the extra ones bought
    included; the full two before it acts; none once it has."""
    if hero.code == view.active:
        return hero.ap + hero.extra
    return 0 if hero.activated else ACTION_POINTS


def hero_lines(view: QuestView, hero: Hero) -> list[PanelLine]:
    """A Hero's card, top to bottom."""
    sheet = HEROES[hero.code]
    left = max(0, sheet.hp - hero.damage)
    where = "dead" if hero.dead else "gone out" if hero.left else hero.square or "to enter"
    up = sum(1 for skill in sheet.skills if skill not in hero.down)
    lines = [_line(sheet.name, swatch=HERO_COLOURS[hero.code], marked=hero.code == view.active, struck=hero.dead,
                   note=where),
             _line(f"HP {left}/{sheet.hp}", note=f"AP {_points(view, hero)}",
                   colour=TEXT if left == sheet.hp else ACCENT),
             _line(f"{CARDS_PREFIX}{up}/{len(sheet.skills)}")]
    if view.card is not None and view.card.hero == hero.code:
        card = view.card
        lines.append(_line(SKILLS[card.skill].name + (f": {card.mp} MP" if card.mp else ""), colour=ACCENT))
    held = [*hero.hands, *hero.body]
    lines.append(_line(_named(held) if held else NO_STUFF))
    if hero.inventory:
        weight = sum(CARDS[c].weight for c in hero.inventory)
        lines.append(_line(f"Pack {weight}/{sheet.inventory}: {_named(hero.inventory)}"))
    worries = [name.replace("-", " ").capitalize() + (f" {n}" if n > 1 else "")
               for name, n in sorted(hero.conditions.items()) if n]
    if hero.event:
        worries.append(f"Event: {EVENT_WORDS.get(EVENT_BY_CODE[hero.event].kind, 'Nothing')}")
    if worries:
        lines.append(_line(", ".join(worries)))
    lines.append(_line(_owners(view, hero), colour=MUTED))
    return lines


def _owners(view: QuestView, hero: Hero) -> str:
    if len(view.names) > 1 and set(hero.owners) >= set(view.names):
        return "Everyone"
    return ", ".join(view.names.get(p, p) for p in hero.owners)


__all__ = ["ALERT_PREFIX", "CARDS_PREFIX", "NO_STUFF", "FACE_DOWN", "hero_lines", "panel_lines", "status_lines",
           "tie_lines"]
