"""The components of the goblin warlords game that the draft (seed 002) uses but never lists: the
house set of /work/shared/games/goblin-warlords.md (b), kept as data so a later edition changes a
number in one place.

- The map (b1): 18 territories, numbered as the d20 of underground movement reads them (19 and 20
  are the text's own mishaps, L30), in 3 rows of 6. The south row holds the five tribes' homes and
  Grub Caves, the middle row more orclands, the north row the outlands the caravans cross.
- The caravans' roads (b2): Dwarf caravans from 13 to 18 along the north row, Elf caravans back.
- The tribe cup (b3): 74 unit chips. Troops with their power, three leaders per tribe with
  authority and servivility, shamans, war machines and spies.
- The gold cup (b4): 60 gold chips and 6 caravan chips (3 Dwarf, 3 Elf).
- Fortress ratings and the mine's price (b6).

A chip is named by its number (its index in `UNIT_CHIPS` or the gold cup's letters), so a hand, a
cup and an army are plain lists the state can hold and a replay rebuilds exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What sort of land a territory is: orclands can be controlled (L33) and are where fights are
    forced (L37); outlands are rampaged (L43), fought in only by choice, and crossed by caravans."""

    ORCLAND = "orcland"
    OUTLAND = "outland"


class Tribe(StrEnum):
    """The goblinoid tribes of the tribe cup (house set b3). Native = of the same tribe."""

    GOBLIN = "goblin"
    KOBOLD = "kobold"
    ORC = "orc"
    TROLL = "troll"
    OGRE = "ogre"

    @property
    def title(self) -> str:
        return self.value.capitalize()


SMALL_TRIBES: frozenset[Tribe] = frozenset({Tribe.GOBLIN, Tribe.KOBOLD})
"""The tribes the text treats apart: never taken from their native leader (L39), a +1 to control them
(L36, L56, L59) and to the leadership roll when they are the biggest unit (L117)."""


@dataclass(frozen=True)
class Territory:
    """One area of the map. `home` is the tribe whose home it is (its leaders are levied there,
    L34); `standard` the tribe whose troops are this territory's standard units, all levied at
    once there (L35): the home tribe's, none elsewhere."""

    number: int
    name: str
    kind: Kind
    home: Tribe | None = None

    @property
    def standard(self) -> Tribe | None:
        return self.home

    @property
    def row(self) -> int:
        """0 south, 1 middle, 2 north."""
        return (self.number - 1) // COLUMNS

    @property
    def column(self) -> int:
        """0 west to 5 east."""
        return (self.number - 1) % COLUMNS


COLUMNS = 6
ROWS = 3

TERRITORIES: tuple[Territory, ...] = (
    Territory(1, "Goblin Warrens", Kind.ORCLAND, Tribe.GOBLIN),
    Territory(2, "Kobold Pits", Kind.ORCLAND, Tribe.KOBOLD),
    Territory(3, "Redtusk Hold", Kind.ORCLAND, Tribe.ORC),
    Territory(4, "Troll Fen", Kind.ORCLAND, Tribe.TROLL),
    Territory(5, "Ogre Crags", Kind.ORCLAND, Tribe.OGRE),
    Territory(6, "Grub Caves", Kind.ORCLAND),
    Territory(7, "Skull Pass", Kind.ORCLAND),
    Territory(8, "Bone Ridge", Kind.ORCLAND),
    Territory(9, "Black Mire", Kind.ORCLAND),
    Territory(10, "Rust Hills", Kind.ORCLAND),
    Territory(11, "Wolf Steppe", Kind.ORCLAND),
    Territory(12, "Ash Wastes", Kind.ORCLAND),
    Territory(13, "Dwarf Gate", Kind.OUTLAND),
    Territory(14, "Stone Road", Kind.OUTLAND),
    Territory(15, "Mill Fields", Kind.OUTLAND),
    Territory(16, "Market Town", Kind.OUTLAND),
    Territory(17, "River Ford", Kind.OUTLAND),
    Territory(18, "Elf Wood", Kind.OUTLAND),
)
"""The 18 territories by number (house set b1): `TERRITORIES[n - 1]` is territory n."""

BY_NUMBER: dict[int, Territory] = {t.number: t for t in TERRITORIES}


def territory(number: int) -> Territory:
    return BY_NUMBER[number]


def _neighbours(number: int) -> frozenset[int]:
    """The next column in the same row, or the next row in the same column (house set b1)."""
    row, column = divmod(number - 1, COLUMNS)
    found = set()
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        r, c = row + dr, column + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            found.add(r * COLUMNS + c + 1)
    return frozenset(found)


ADJACENT: dict[int, frozenset[int]] = {t.number: _neighbours(t.number) for t in TERRITORIES}
"""Which territories border which, by number."""

HOMES: dict[Tribe, int] = {t.home: t.number for t in TERRITORIES if t.home is not None}
"""Each tribe's home territory (its leaders are levied there, L34)."""

UNDERGROUND_LOST = 19
"""A d20 of 19 underground: the army is lost in the dark and rolls again next turn (L30)."""
UNDERGROUND_DESTROYED = 20
"""A d20 of 20 underground: the army is destroyed (L30)."""


# -- the caravans (house set b2) ----------------------------------------------------------------------

class CaravanKind(StrEnum):
    DWARF = "dwarf"
    ELF = "elf"

    @property
    def title(self) -> str:
        return self.value.capitalize()

    @property
    def an(self) -> str:
        """'a Dwarf', 'an Elf'."""
        return f"{'an' if self.value[0] in 'aeiou' else 'a'} {self.title}"


ROADS: dict[CaravanKind, tuple[int, ...]] = {
    CaravanKind.DWARF: (13, 14, 15, 16, 17, 18),
    CaravanKind.ELF: (18, 17, 16, 15, 14, 13),
}
"""Each caravan's road, start first and destination last: a caravan steps one territory along it
each time it moves and is removed when it reaches the last (L18, L22)."""


# -- the tribe cup (house set b3) ---------------------------------------------------------------------

class ChipKind(StrEnum):
    TROOP = "troop"
    LEADER = "leader"
    SHAMAN = "shaman"
    WAR_MACHINE = "war_machine"
    SPY = "spy"


@dataclass(frozen=True)
class UnitChip:
    """One chip of the tribe cup. `power` is a troop's strength, a war machine's, a shaman's; a
    leader's is its authority (L1), so `power` and `authority` are the same number for a leader.
    `servivility` is a leader's chance of surviving (house set b5: d8 at or under it)."""

    number: int
    kind: ChipKind
    power: int = 0
    tribe: Tribe | None = None
    servivility: int = 0

    @property
    def authority(self) -> int:
        return self.power if self.kind is ChipKind.LEADER else 0

    @property
    def is_leader(self) -> bool:
        return self.kind is ChipKind.LEADER

    @property
    def is_troop(self) -> bool:
        """A non-leader goblinoid force of a tribe (L2). Shamans, war machines and spies have rules of
        their own (L67-72, L41) and are not counted as troops."""
        return self.kind is ChipKind.TROOP

    @property
    def name(self) -> str:
        if self.kind is ChipKind.TROOP and self.tribe is not None:
            return f"{self.tribe.title} ({self.power})"
        if self.kind is ChipKind.LEADER and self.tribe is not None:
            return f"{self.tribe.title} leader (authority {self.power}, servivility {self.servivility})"
        if self.kind is ChipKind.WAR_MACHINE:
            return f"War machine ({self.power})"
        return self.kind.value.replace("_", " ").capitalize()


TROOP_COUNTS: dict[Tribe, tuple[int, int]] = {
    Tribe.GOBLIN: (1, 12), Tribe.KOBOLD: (1, 12), Tribe.ORC: (2, 10), Tribe.TROLL: (3, 6), Tribe.OGRE: (4, 4)}
"""Each tribe's troop chips: (power, how many)."""

LEADER_STATS: dict[Tribe, tuple[int, int]] = {
    Tribe.GOBLIN: (5, 5), Tribe.KOBOLD: (4, 6), Tribe.ORC: (6, 4), Tribe.TROLL: (4, 3), Tribe.OGRE: (5, 3)}
"""Each tribe's leaders: (authority, servivility)."""
LEADERS_PER_TRIBE = 3

SHAMANS = 5
SHAMAN_POWER = 1
WAR_MACHINE_POWERS: tuple[int, ...] = (2, 2, 3, 3)
SPIES = 6


def _tribe_cup() -> tuple[UnitChip, ...]:
    chips: list[UnitChip] = []

    def add(kind: ChipKind, power: int = 0, tribe: Tribe | None = None, servivility: int = 0) -> None:
        chips.append(UnitChip(len(chips), kind, power, tribe, servivility))

    for tribe, (power, count) in TROOP_COUNTS.items():
        for _ in range(count):
            add(ChipKind.TROOP, power, tribe)
    for tribe, (authority, servivility) in LEADER_STATS.items():
        for _ in range(LEADERS_PER_TRIBE):
            add(ChipKind.LEADER, authority, tribe, servivility)
    for _ in range(SHAMANS):
        add(ChipKind.SHAMAN, SHAMAN_POWER)
    for power in WAR_MACHINE_POWERS:
        add(ChipKind.WAR_MACHINE, power)
    for _ in range(SPIES):
        add(ChipKind.SPY)
    return tuple(chips)


UNIT_CHIPS: tuple[UnitChip, ...] = _tribe_cup()
"""Every chip of the tribe cup, by number (`UNIT_CHIPS[n].number == n`)."""

LEADER_CHIPS: tuple[int, ...] = tuple(c.number for c in UNIT_CHIPS if c.is_leader)


def chip(number: int) -> UnitChip:
    return UNIT_CHIPS[number]


# -- the gold cup (house set b4) ----------------------------------------------------------------------

GOLD = "gold"
"""A gold chip of the gold cup, worth one gold."""

GOLD_CHIPS = 60
CARAVAN_CHIPS: dict[CaravanKind, int] = {CaravanKind.DWARF: 3, CaravanKind.ELF: 3}


def gold_cup() -> list[str]:
    """The full gold cup: 60 gold chips and the caravan chips, each a caravan kind's value."""
    return sorted([GOLD] * GOLD_CHIPS + [k.value for k, n in CARAVAN_CHIPS.items() for _ in range(n)])


# -- the set-up and the turn (the text's numbers) ------------------------------------------------------

START_UNITS = 6
"""Units each player holds after the set-up, bosses included (L6)."""
BOSSES: tuple[int, ...] = (1, 2)
"""How many bosses a player may start with (L6); the house set draws them at random (b3)."""
FREE_DRAWS = 3
"""Units drawn free in B2 (L24)."""
BOUGHT_DRAWS = 2
"""At most this many more units may be bought in B2 (L24)..."""
BOUGHT_PRICE = 2
"""...at this much gold each."""
REDRAW_SIZE = 6
"""Units drawn anew by a player with no leader who shows and discards the hand (L25)..."""
REDRAWS = 3
"""...at most this many times a turn."""
HAND_LIMIT = 10
"""Units a hand may keep at B5 (L46)."""

FORTRESS_RATINGS: tuple[int, ...] = (1, 2, 3, 4)
"""A fortress costs its rating in gold (L61); the house set offers these ratings (b6)."""
MINE_PRICE = 0
"""The text names no price for a mine (L65); the house set makes it free (b6)."""
MINE_YIELD = 1
"""Gold chips a mine gives a turn (L44, L65)."""
STARTING_MINES: frozenset[int] = frozenset()
"""The house map starts with no mines: every mine is built (L65)."""


def victory_lands(players: int) -> int:
    """The power victory's lands and fortresses: 12 less the number of players (L157)."""
    return 12 - players


LEADERSHIP_LEADERS = 5
"""The leadership victory: at least this many leaders with armies in orclands (L158)."""

LAST_TURN = 12
"""The house set's length (b9): after game turn 12, most lands and fortresses wins."""


__all__ = ["ADJACENT", "BOSSES", "BOUGHT_DRAWS", "BOUGHT_PRICE", "BY_NUMBER", "CARAVAN_CHIPS", "COLUMNS",
           "CaravanKind", "ChipKind", "FORTRESS_RATINGS", "FREE_DRAWS", "GOLD", "GOLD_CHIPS", "HAND_LIMIT", "HOMES",
           "Kind", "LAST_TURN", "LEADERSHIP_LEADERS", "LEADERS_PER_TRIBE", "LEADER_CHIPS", "LEADER_STATS", "MINE_PRICE", "MINE_YIELD",
           "REDRAWS", "REDRAW_SIZE", "ROADS", "ROWS", "SHAMANS", "SHAMAN_POWER", "SMALL_TRIBES", "SPIES",
           "START_UNITS", "STARTING_MINES", "TERRITORIES", "TROOP_COUNTS", "Territory", "Tribe", "UNDERGROUND_DESTROYED",
           "UNDERGROUND_LOST", "UNIT_CHIPS", "UnitChip", "WAR_MACHINE_POWERS", "chip", "gold_cup", "territory",
           "victory_lands"]
