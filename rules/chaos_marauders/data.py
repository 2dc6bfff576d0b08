"""The house deck of Chaos Marauders (seed 001): the rule text names the cards but prints no list,
so the 89 cards, their Attack Ratings and Victory Points are the house set of
../shared/games/chaos-marauders.md (b). A card's symbol is its key: two cards with one key are
duplicates; every machine part has a key of its own.

Line numbers (L…) are those of ../shared/seeds/001_599ccb3abfcbbb8f.txt.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Colour(StrEnum):
    """The border colour, which is the card's type (L1-5)."""

    GREY = "grey"  # Goblin units
    BLUE = "blue"  # booty
    PURPLE = "purple"  # regular troops
    GREEN = "green"  # specials
    RED = "red"  # war machines


class Role(StrEnum):
    """Where a card may stand in a line: a Standard only at the left end, a Musician only at the
    right end, anything else between them (L792-796)."""

    STANDARD = "standard"
    MUSICIAN = "musician"
    TROOP = "troop"


@dataclass(frozen=True)
class CardType:
    key: str
    name: str
    colour: Colour
    copies: int
    ar: int = 0
    vp: int = 0  # printed booty Victory Points, over the 10 every card is worth
    role: Role = Role.TROOP
    machine: str = ""  # the set a red card belongs to
    part: str = ""  # left, right, chariot or crew


LINES = 3
SLOTS = 6
"""Three battle lines of six slots each (house reading): slot 1 a Standard, slot 6 a Musician."""
REORGANIZE_MOVES = 2 * (LINES * SLOTS - 1)
"""Bilge's reorganization's moves (house): any arrangement is at most 17 swaps away; twice that leaves
room for second thoughts and still ends (once they are spent, only "start over" and "done" are left)."""
CARD_VP = 10
NEAR = 3
"""A Git or the Idol put in an opponent's line stands at most this many slots from a card of it."""
MARK_FACES = frozenset({1})
"""The Cube of Devastation is read as a D6: 1 is the Mark of Chaos, 2-6 the Orcish Eye (house)."""

MACHINES: dict[str, tuple[str, int, tuple[str, ...]]] = {
    "smasher": ("Smasher", 10, ("left", "right", "crew")),
    "bomber": ("Bomber", 9, ("left", "right", "crew")),
    "chucker": ("Chucker", 8, ("left", "right", "crew")),
    "ockee": ("Ockee", 7, ("left", "right", "crew")),
    "knocker": ("Knocker", 6, ("left", "right", "crew")),
    "boneshaker": ("Boneshaker", 5, ("chariot", "crew")),
}
"""Each set: its name, the Attack Rating of the whole machine, its cards left to right (L392-406)."""
PARTS_VP = 30
CREW_VP = 30
PAIR_VP = 40  # the Boneshaker's chariot and crew together


def _machines() -> list[CardType]:
    cards = []
    for key, (name, ar, parts) in MACHINES.items():
        for part in parts:
            label = f"{name} crew" if part == "crew" else (f"{name} {part}" if part != "chariot" else name)
            cards.append(CardType(f"{key}-{part}", label, Colour.RED, 1, ar=ar, machine=key, part=part))
    return cards


CARD_TYPES: tuple[CardType, ...] = (
    CardType("hob-standard", "Hobgoblin Standard", Colour.GREY, 7, role=Role.STANDARD),
    CardType("hob-musician", "Hobgoblin Musician", Colour.GREY, 8, role=Role.MUSICIAN),
    CardType("snotlings", "Snotling Slaves", Colour.GREY, 2),
    CardType("whipping-post", "Whipping Post Mob", Colour.GREY, 2),
    CardType("nose-pick", "Nose Pick Brigade", Colour.GREY, 2),
    CardType("orc-standard", "Orc Standard", Colour.PURPLE, 4, ar=2, role=Role.STANDARD),
    CardType("orc-musician", "Orc Musician", Colour.PURPLE, 5, ar=2, role=Role.MUSICIAN),
    CardType("marauders", "Chaos Marauders", Colour.PURPLE, 1, ar=6),
    CardType("pigsticker", "Bozlum Pigsticker", Colour.PURPLE, 3, ar=3),
    CardType("shaman", "Shaman of Aaaaaaaag", Colour.PURPLE, 1, ar=3),
    CardType("plague-lord", "Plague Lord", Colour.PURPLE, 4, ar=2),
    CardType("claws", "Claws of Malal", Colour.PURPLE, 2, ar=5),
    CardType("hak", "Hak's Volunteers", Colour.PURPLE, 3, ar=4),
    CardType("spattznatt", "Spattznatt's Squad", Colour.PURPLE, 3, ar=3),
    CardType("grivziz", "Grivziz Dirtballs", Colour.PURPLE, 3, ar=2),
    CardType("shotti", "The Shotti", Colour.BLUE, 1, vp=50),
    CardType("meat-grinders", "Meat Grinders", Colour.BLUE, 2, vp=40),
    CardType("spoil-heaps", "Spoil Heaps", Colour.BLUE, 3, vp=30),
    CardType("spittledung", "Spittledung", Colour.BLUE, 3, vp=20),
    CardType("garok", "Garok", Colour.BLUE, 1, vp=30, role=Role.STANDARD),
    CardType("creeps", "Venomous Creeps", Colour.GREEN, 2),
    CardType("git", "Sneaky Git", Colour.GREEN, 4),
    CardType("horned-rat", "Horned Rat Standard", Colour.GREEN, 1, role=Role.STANDARD),
    CardType("dagromm", "Dagromm", Colour.GREEN, 1),
    CardType("odlugg", "Odlugg", Colour.GREEN, 1),
    CardType("idol", "Idol", Colour.GREEN, 1),
    CardType("blowback", "Skyrr's Blowback", Colour.GREEN, 1),
    CardType("bilge", "Bilge Guttrot", Colour.GREEN, 1, ar=2),
    *_machines(),
)
TYPES: dict[str, CardType] = {t.key: t for t in CARD_TYPES}
DECK: tuple[str, ...] = tuple(t.key for t in CARD_TYPES for _ in range(t.copies))
"""Every card of the game, by its number (a card is its index here): 89 cards."""

MARAUDERS = "marauders"
PIGSTICKER = "pigsticker"
SHAMAN = "shaman"
PLAGUE = "plague-lord"
CLAWS = "claws"
CREEPS = "creeps"
GIT = "git"
HORNED_RAT = "horned-rat"
DAGROMM = "dagromm"
ODLUGG = "odlugg"
IDOL = "idol"
BLOWBACK = "blowback"
BILGE = "bilge"
BRAVE = frozenset({PLAGUE, MARAUDERS, CLAWS, SHAMAN})
"""Cards that let a line attack one holding Odlugg, with any complete machine (L301-306)."""
REPEATABLE = frozenset({PLAGUE, GIT})
"""Cards of which a line may hold several (L121-123, L218-219)."""


def key_of(card: int) -> str:
    return DECK[card]


def kind(card: int) -> CardType:
    return TYPES[DECK[card]]


def name_of(card: int) -> str:
    return TYPES[DECK[card]].name


assert len(DECK) == 89
assert sum(t.role is Role.STANDARD for t in TYPES.values() for _ in range(t.copies)) == 13
assert sum(t.role is Role.MUSICIAN for t in TYPES.values() for _ in range(t.copies)) == 13
