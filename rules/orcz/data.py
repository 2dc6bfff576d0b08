"""The components of Orcz that the rule book names but never lists (seed 003): the house set of
/work/shared/games/orcz.md (b). Kept as data so a later edition can change a number in one place.

- Each Warlord's ten Troop cards (4 Grunts, 3 Cavalry, 3 Archers) with a Strength each, and three
  Heroes (Champion, Shaman, Scout): the counts are the text's (L315-318), the Strengths ours.
- Each Battlefield's six Challenges, primary over secondary: ours, within the text's hints
  (a 3/1 and a 4/2 exist, L239-253).
- The six Event cards: Divided Forces is named by the text (L62-65), its effect and the five others
  are ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

GRUNT, CAVALRY, ARCHER = "G", "C", "A"
CHAMPION, SHAMAN, SCOUT = "champion", "shaman", "scout"
HEROES: tuple[str, ...] = (CHAMPION, SHAMAN, SCOUT)

TROOPS: tuple[str, ...] = ("G1", "G2", "G2", "G3", "C1", "C2", "C3", "A1", "A2", "A3")
"""One Warlord's ten Troop cards, by type letter and Strength (house set b1). Both Grunt 2s are
the same card as far as the rules go, so they share a code."""

KIND_NAMES = {GRUNT: "Grunt", CAVALRY: "Cavalry", ARCHER: "Archer"}
BEATS = {CAVALRY: ARCHER, ARCHER: GRUNT, GRUNT: CAVALRY}
"""Who trumps whom whatever the Strength (L168-170): Cavalry beat Archers, Archers beat Grunts,
Grunts beat Cavalry."""

START_SLAVES = 5
"""Goblin Slaves each Warlord starts with (L90-91); the pool is unlimited (house set b4)."""

RANKS_PER_TURN = 5
"""Ranks each Warlord places in a turn (L129)."""


def is_troop(card: str) -> bool:
    return card[:1] in KIND_NAMES and card[1:].isdigit()


def kind_of(card: str) -> str:
    """The troop type letter, or the Hero's own name."""
    return card[:1] if is_troop(card) else card


def strength_of(card: str) -> int:
    """A troop's printed Strength; a Hero has none (the Champion explicitly, L295-296)."""
    return int(card[1:]) if is_troop(card) else 0


def card_name(card: str) -> str:
    """'Archer 2', 'Champion'."""
    if is_troop(card):
        return f"{KIND_NAMES[card[0]]} {card[1:]}"
    return card.capitalize()


class Field(StrEnum):
    """The four Battlefields in their row on the table (L13-15)."""

    TREE = "tree"
    ANVIL = "anvil"
    TOWER = "tower"
    TENT = "tent"

    @property
    def title(self) -> str:
        return FIELD_TITLES[self]


FIELD_TITLES = {Field.TREE: "Lothari Forest", Field.ANVIL: "Urth Valley", Field.TOWER: "Falladir's Kingdom",
                Field.TENT: "Sunderlands"}


@dataclass(frozen=True)
class Challenge:
    primary: int
    secondary: int

    def __str__(self) -> str:
        return f"{self.primary}/{self.secondary}"


CHALLENGES: tuple[Challenge, ...] = (Challenge(2, 1), Challenge(3, 1), Challenge(3, 2), Challenge(4, 1),
                                     Challenge(4, 2), Challenge(5, 2))
"""The six Challenges of every Battlefield (house set b2), by index."""


class Event(StrEnum):
    """The Event cards (house set b3): one is drawn each turn and lasts that turn."""

    DIVIDED_FORCES = "divided_forces"
    BLOOD_FEUD = "blood_feud"
    LLOVARS_FAVOUR = "llovars_favour"
    ELVEN_REINFORCEMENTS = "elven_reinforcements"
    HOLD_DA_LINE = "hold_da_line"
    QUIET_SKIES = "quiet_skies"

    @property
    def title(self) -> str:
        return EVENT_TEXT[self][0]

    @property
    def text(self) -> str:
        return EVENT_TEXT[self][1]


EVENT_TEXT: dict[Event, tuple[str, str]] = {
    Event.DIVIDED_FORCES: ("Divided Forces", "Each Warlord may put at most one rank at each Battlefield this "
                                             "turn; rounds go on until nobody can place."),
    Event.BLOOD_FEUD: ("Blood Feud", "A won struggle costs the beaten Warlord 2 Slaves instead of 1."),
    Event.LLOVARS_FAVOUR: ("Llovar's Favour", "Whoever leads at a defeated Challenge takes 1 Slave more."),
    Event.ELVEN_REINFORCEMENTS: ("Elven Reinforcements", "Every Challenge needs 2 more Strength than usual."),
    Event.HOLD_DA_LINE: ("Hold Da Line", "No struggles this turn: the ranks still turn over their cards, rear "
                                         "first, and stand aside."),
    Event.QUIET_SKIES: ("Quiet Skies", "Nothing out of the ordinary happens."),
}

COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow")
"""The four Warlord colours, dealt at random (L145-146)."""

__all__ = ["ARCHER", "BEATS", "CAVALRY", "CHALLENGES", "CHAMPION", "COLOURS", "Challenge", "Event", "Field",
           "GRUNT", "HEROES", "KIND_NAMES", "RANKS_PER_TURN", "SCOUT", "SHAMAN", "START_SLAVES", "TROOPS",
           "card_name", "is_troop", "kind_of", "strength_of"]
