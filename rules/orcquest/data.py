"""The components OrcQuest WarPath's rule book names but never prints (seed 004): the house set of
/work/shared/games/orcquest.md (b), kept as data so a later edition changes a number in one place.

The book has no Hero or Enemy sheets, no cards, no dice faces and no Quest Book; everything here
beyond the counts the book itself gives (two Action Points L197, 8 Peasants and 4 War Dogs L133,
the first game's reserves L258, the Badass Limit of 30 L261, Alert 1 L266, the blue Patrol's
make-up L749) is invented by the house set. Line numbers (L…) are those of
../shared/seeds/004_3c7d9386b922289d.txt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from rules.core.grid import Grid, Square


# -- colours and dice (L536-562; house set b: the faces) ------------------------------------------------

class Level(IntEnum):
    """A result's or a Health Point's colour, weakest first (L535): a blank Defence face is NONE."""

    NONE = 0
    YELLOW = 1
    ORANGE = 2
    RED = 3


class DieColour(StrEnum):
    """The three colours of Attack and Defence dice, weakest first (L541-562)."""

    WHITE = "white"
    GREY = "grey"
    BLACK = "black"


DIE_STRENGTH: dict[DieColour, int] = {DieColour.WHITE: 1, DieColour.GREY: 2, DieColour.BLACK: 3}
"""Which die is the more powerful (an Enemy Group's Activation die is the strongest of its members', L849)."""

Y, O, R, N = Level.YELLOW, Level.ORANGE, Level.RED, Level.NONE

ATTACK_FACES: dict[DieColour, tuple[Level, ...]] = {
    DieColour.WHITE: (Y, Y, Y, Y, O, O),
    DieColour.GREY: (Y, Y, O, O, O, R),
    DieColour.BLACK: (Y, O, O, R, R, R),
}
"""Every Attack face bears a sword (L542), so none is blank; the mix per colour is the house set's."""

DEFENCE_FACES: dict[DieColour, tuple[Level, ...]] = {
    DieColour.WHITE: (N, N, Y, Y, Y, O),
    DieColour.GREY: (N, Y, Y, O, O, R),
    DieColour.BLACK: (N, Y, O, O, R, R),
}
"""Shields are on 'most' faces (L553): a blank or two per die, the mix the house set's."""


class Badass(StrEnum):
    """The symbols of a Badass die (green for Heroes, blue for Enemies, L536-540)."""

    BLANK = "blank"
    SKULL = "skull"
    AXE = "axe"


BADASS_FACES: tuple[Badass, ...] = (Badass.BLANK, Badass.BLANK, Badass.SKULL, Badass.SKULL, Badass.AXE, Badass.AXE)

MAX_DICE_PER_COLOUR = 3
"""Attack or Defence dice of one colour in one roll (L570)."""
MAX_BADASS_DICE = 2
"""Badass dice in one Attack or Defence (L539, L570)."""


# -- the Alert gauge and the Badass track (L728-733, L686-691) --------------------------------------------

ALERT_MAX = 15
"""Levels on the gauge; going above it loses the Quest (L728, L732; reading d1: above 15 only)."""
ALERT_START = 1
BADASS_LIMIT_START = 30
BADASS_LIMIT_FLOOR = 10
"""The Limit never goes below 10 nor above 30 (L691)."""
RESURRECTION_COST = 10
"""The Limit lost for each Hero raised in the End of Turn (L904)."""
ACTION_POINTS = 2
"""Each Hero's Action Points per activation (L197, L359)."""
DANGER_ZONE_DAMAGE = 2
"""Automatic Damage for leaving an Enemy's Danger Zone (L415)."""


def alert_colour(level: int) -> Level:
    """The colour band of an Alert level (house set b: 1-5 Yellow, 6-10 Orange, 11-15 Red; L728)."""
    if level <= 5:
        return Level.YELLOW
    if level <= 10:
        return Level.ORANGE
    return Level.RED


def next_colour_level(level: int) -> int:
    """Where the marker goes when the Bell rings (L735, L813): the first level of the next colour; at Red it
    stays (reading d2)."""
    colour = alert_colour(level)
    return {Level.YELLOW: 6, Level.ORANGE: 11}.get(colour, level)


# -- Stuff, Loot and Events ----------------------------------------------------------------------------

class AttackKind(StrEnum):
    """The three kinds of Attack (L505-519): Melee and Magic need Line of Sight, Ranged Line of Fire."""

    MELEE = "melee"
    MAGIC = "magic"
    RANGED = "ranged"


class Slot(StrEnum):
    """Where a card is carried (L628-637)."""

    HAND = "hand"
    BODY = "body"
    INVENTORY = "inventory"


@dataclass(frozen=True)
class AttackLine:
    """One line of a weapon or an Enemy sheet: its kind, its Range (None: an adjacent target only,
    L347) and its dice. `push` is the Push X the line inflicts (the Staff's Magic 1, L525-529)."""

    kind: AttackKind
    dice: tuple[DieColour, ...]
    low: int | None = None
    high: int | None = None
    push: int = 0

    def reaches(self, distance: int, adjacent: bool) -> bool:
        """Whether a target at this Range (and edge-adjacent or not) is within the line's reach
        (L342-352; reading d4: a line without Range needs an edge-adjacent target)."""
        if self.high is None:
            return adjacent
        return (self.low or 1) <= distance <= self.high


@dataclass(frozen=True)
class Card:
    """A Loot card or a starting Stuff (L626-640): where it is equipped, its weight, what a Rekup
    turns it into, and what it does."""

    code: str
    name: str
    slot: Slot
    weight: int
    rekup: tuple[str, ...] = ()
    attacks: tuple[AttackLine, ...] = ()
    defence: tuple[DieColour, ...] = ()
    bulky: bool = False  # takes both hands (L632-633)
    heal: int = 0  # a Potion's healing (L648-652)
    resource: bool = False  # Wood, Metal, Hide, Gold: Inventory only (L644-647)

    @property
    def weapon(self) -> bool:
        return bool(self.attacks)

    @property
    def potion(self) -> bool:
        return self.heal > 0


WHITE, GREY, BLACK = DieColour.WHITE, DieColour.GREY, DieColour.BLACK
MELEE, MAGIC, RANGED = AttackKind.MELEE, AttackKind.MAGIC, AttackKind.RANGED


def _resource(code: str, name: str) -> Card:
    return Card(code, name, Slot.INVENTORY, 1, resource=True)


CARDS: dict[str, Card] = {c.code: c for c in (
    # the Heroes' starting Stuff (house set b)
    Card("axe", "Axe", Slot.HAND, 2, ("metal",), attacks=(AttackLine(MELEE, (GREY,)),)),
    Card("leather", "Leather", Slot.BODY, 2, ("hide",), defence=(WHITE,)),
    Card("bow", "Bow", Slot.HAND, 2, ("wood",), attacks=(AttackLine(RANGED, (WHITE, WHITE), 2, 6),), bulky=True),
    Card("hood", "Hood", Slot.BODY, 1, ("hide",), defence=(WHITE,)),
    Card("dagger", "Dagger", Slot.HAND, 1, ("metal",), attacks=(AttackLine(MELEE, (WHITE,)),)),
    Card("vest", "Vest", Slot.BODY, 1, ("hide",), defence=(WHITE,)),
    Card("staff", "Staff", Slot.HAND, 2, ("wood",), bulky=True,
         attacks=(AttackLine(MAGIC, (GREY,), 3, 4), AttackLine(MAGIC, (), 1, 1, push=1))),
    Card("charm", "Charm", Slot.BODY, 1, ("gold",), defence=(WHITE,)),
    # the Loot deck's own cards (house set b)
    Card("club", "Club", Slot.HAND, 2, ("wood",), attacks=(AttackLine(MELEE, (WHITE,)),)),
    Card("pitchfork", "Pitchfork", Slot.HAND, 3, ("wood", "metal"), attacks=(AttackLine(MELEE, (GREY,)),),
         bulky=True),
    Card("sling", "Sling", Slot.HAND, 1, ("hide",), attacks=(AttackLine(RANGED, (WHITE,), 2, 4),)),
    Card("buckler", "Buckler", Slot.HAND, 1, ("wood",), defence=(WHITE,)),
    Card("potion", "Healing Potion", Slot.INVENTORY, 1, ("gold",), heal=2),
    _resource("wood", "Wood"),
    _resource("metal", "Metal"),
    _resource("hide", "Hide"),
    _resource("gold", "Gold"),
    Card("totem", "Totem", Slot.INVENTORY, 2),  # Quest 1's Objective (house set b)
)}
"""Every Stuff, Loot and Resource card by its code. Resources weigh 1 (L679)."""

LOOT_DECK: tuple[str, ...] = ("dagger", "dagger", "club", "club", "pitchfork", "sling", "buckler", "leather",
                              "potion", "potion", "potion", "wood", "wood", "metal", "hide", "gold")
"""The house Loot deck, 16 cards (house set b)."""


class EventKind(StrEnum):
    """What an Event card does (house set b; L718-720: applied at once, then laid on the sheet)."""

    NOTHING = "nothing"
    BADASS = "badass"  # +1 Badass Point
    ALERT_UP = "alert-up"
    ALERT_DOWN = "alert-down"
    WOUND = "wound"  # 1 Automatic Damage
    HEAL = "heal"
    ENRAGED = "enraged"
    CURSED = "cursed"
    LOOT = "loot"  # draw a Loot card
    FORTIFIED = "fortified"
    DISORIENTED = "disoriented"
    BLEED = "bleed"


@dataclass(frozen=True)
class EventCard:
    code: str
    kind: EventKind
    hero: str | None = None  # a personal Event hits its Hero whoever drew it (L722)


EVENTS: tuple[EventCard, ...] = (
    *(EventCard(f"nothing-{n}", EventKind.NOTHING) for n in range(1, 5)),
    EventCard("badass-1", EventKind.BADASS), EventCard("badass-2", EventKind.BADASS),
    EventCard("alert", EventKind.ALERT_UP), EventCard("wound", EventKind.WOUND), EventCard("heal", EventKind.HEAL),
    EventCard("enraged", EventKind.ENRAGED), EventCard("cursed", EventKind.CURSED), EventCard("loot", EventKind.LOOT),
    EventCard("orrus-fortified", EventKind.FORTIFIED, "orrus"),
    EventCard("orrus-disoriented", EventKind.DISORIENTED, "orrus"),
    EventCard("thalla-badass", EventKind.BADASS, "thalla"), EventCard("thalla-bleed", EventKind.BLEED, "thalla"),
    EventCard("mek-loot", EventKind.LOOT, "mek"), EventCard("mek-alert", EventKind.ALERT_UP, "mek"),
    EventCard("mandar-disoriented", EventKind.DISORIENTED, "mandar"),
    EventCard("mandar-alert", EventKind.ALERT_DOWN, "mandar"),
)
"""Twelve common Events and each Hero's two (L244, L253): 20 cards (house set b)."""

EVENT_BY_CODE: dict[str, EventCard] = {e.code: e for e in EVENTS}


# -- Skills and Heroes ---------------------------------------------------------------------------------

class SkillKind(StrEnum):
    """The four kinds of Skill card (L379-393)."""

    ACTION = "action"
    REACTION = "reaction"
    BOOST = "boost"
    PASSIVE = "passive"


@dataclass(frozen=True)
class Effect:
    """One effect of a Skill card, Main or Enhanced (L360, L372-377): its cost and what it does, in the order
    the card does it (an Attack before the Move when `attack_first`)."""

    ap: int = 0
    bp: int = 0
    move: int = 0
    attack: AttackKind | None = None  # None with `any_attack` False: no Attack
    any_attack: bool = False  # an Attack with any weapon the Hero has equipped
    attack_first: bool = True
    rear_die: DieColour | None = None  # an extra die when the target has the Hero in its Rear Arc
    brutality: int = 0
    lightning: int = 0
    piercing: int = 0
    area: int | None = None  # an Area Attack at this Range (L349-352)
    area_dice: tuple[DieColour, ...] = ()
    burn: int = 0
    weakens: bool = False  # the target becomes Weakened (no dice)
    reach: tuple[int, int] | None = None  # the Range of an effect that is no weapon's (Weakening)

    @property
    def attacks(self) -> bool:
        return self.any_attack or self.attack is not None or self.area is not None


@dataclass(frozen=True)
class Skill:
    code: str
    hero: str
    name: str
    kind: SkillKind
    main: Effect
    enhanced: Effect | None = None
    combo: int = 0  # 1 or 2: may be used free as that Combo (L586-599)


SKILLS: dict[str, Skill] = {s.code: s for s in (
    Skill("stomp", "orrus", "Stomp", SkillKind.ACTION, Effect(ap=1, move=4), combo=1),
    Skill("smash", "orrus", "Smash!", SkillKind.ACTION, Effect(ap=1, attack=MELEE),
          Effect(ap=1, bp=1, attack=MELEE, brutality=1)),
    Skill("lightning-blow", "orrus", "Lightning Blow", SkillKind.ACTION, Effect(ap=1, bp=1, attack=MELEE, lightning=1),
          combo=2),
    Skill("stalk", "thalla", "Stalk", SkillKind.ACTION, Effect(ap=1, move=5)),
    Skill("hit-and-run", "thalla", "Hit and Run", SkillKind.ACTION, Effect(ap=1, any_attack=True, move=2),
          Effect(ap=2, any_attack=True, move=4)),
    Skill("piercing-shot", "thalla", "Piercing Shot", SkillKind.BOOST, Effect(bp=1, piercing=1)),
    Skill("sneak", "mek", "Sneak", SkillKind.ACTION, Effect(ap=1, move=4)),
    Skill("backstab", "mek", "Backstab", SkillKind.ACTION, Effect(ap=1, attack=MELEE, rear_die=GREY), combo=1),
    Skill("dodge", "mek", "Dodge", SkillKind.REACTION, Effect(bp=1)),
    Skill("shuffle", "mandar", "Shuffle", SkillKind.ACTION, Effect(ap=1, move=6)),
    Skill("fire-pulse", "mandar", "Fire Pulse", SkillKind.ACTION,
          Effect(ap=1, attack=MAGIC, area=1, area_dice=(GREY,), burn=1)),
    Skill("weakening", "mandar", "Weakening", SkillKind.ACTION, Effect(ap=1, bp=1, weakens=True, reach=(1, 4))),
)}
"""Each Hero's three starting Skills (L248: the first game's three, house set b)."""


class Ability(StrEnum):
    """The Abilities the house set uses (L1094-1160)."""

    SMASHING = "smashing"
    AGILE = "agile"
    SUPPORT = "support"
    IMMUNE_AFFLICTIONS = "immune-afflictions"
    FLAIR = "flair"
    NO_DOORS = "no-doors"  # War Dogs never open doors (L836)
    NO_BELL = "no-bell"  # a War Dog is never the Bell-ringer (L805)
    PHALANX = "phalanx"


@dataclass(frozen=True)
class HeroSheet:
    """A Hero sheet (L274-287): Health Points and their colour, the three Carrying Capacities
    (Hands, Body, Inventory), the Innate Passive, the starting Stuff (equipped) and Skills."""

    code: str
    name: str
    role: str
    hp: int
    colour: Level
    hands: int
    body: int
    inventory: int
    innate: Ability
    stuff: tuple[str, ...]
    skills: tuple[str, ...]


HEROES: dict[str, HeroSheet] = {h.code: h for h in (
    HeroSheet("orrus", "Orrus", "Warrior", 9, Level.ORANGE, 5, 4, 8, Ability.SMASHING, ("axe", "leather"),
              ("stomp", "smash", "lightning-blow")),
    HeroSheet("thalla", "Thalla", "Ranger", 7, Level.ORANGE, 4, 2, 6, Ability.SUPPORT, ("bow", "hood"),
              ("stalk", "hit-and-run", "piercing-shot")),
    HeroSheet("mek", "Mek", "Thief", 7, Level.ORANGE, 3, 2, 6, Ability.AGILE, ("dagger", "dagger", "vest"),
              ("sneak", "backstab", "dodge")),
    HeroSheet("mandar", "Mandar", "Warlock", 6, Level.ORANGE, 2, 1, 4, Ability.IMMUNE_AFFLICTIONS, ("staff", "charm"),
              ("shuffle", "fire-pulse", "weakening")),
)}
"""The four Heroes, in the order a table deals them out (L246-252)."""

HERO_ORDER: tuple[str, ...] = tuple(HEROES)


# -- Enemies ---------------------------------------------------------------------------------------------

class Behaviour(StrEnum):
    """What an Enemy does on an Activation result (L852, L1101, L1118)."""

    FLEE = "flee"
    ASSAULT = "assault"


@dataclass(frozen=True)
class Activation:
    """One line of an Enemy's Activation: its behaviour, and a blue Badass die added to its Attack
    (a Skull on it gives Brutality: house set b for the Peasant)."""

    behaviour: Behaviour
    blue: bool = False


@dataclass(frozen=True)
class EnemySheet:
    """An Enemy sheet (L288-298)."""

    code: str
    name: str
    hp: int
    colour: Level
    mp: int
    attack: AttackLine
    defence: tuple[DieColour, ...]
    activation_die: DieColour
    activation: dict[Level, Activation]
    reaction: str | None  # "counterattack", "shield-up" or None
    loot: int
    badass: int
    abilities: frozenset[Ability] = field(default_factory=frozenset)


_ASSAULT = Activation(Behaviour.ASSAULT)
ENEMIES: dict[str, EnemySheet] = {e.code: e for e in (
    EnemySheet("peasant", "Peasant", 2, Level.YELLOW, 4, AttackLine(MELEE, (WHITE,)), (WHITE,), WHITE,
               {Y: Activation(Behaviour.FLEE), O: _ASSAULT, R: Activation(Behaviour.ASSAULT, blue=True)},
               None, 0, 1),
    EnemySheet("dog", "War Dog", 3, Level.YELLOW, 6, AttackLine(MELEE, (GREY,)), (WHITE,), GREY,
               {Y: _ASSAULT, O: _ASSAULT, R: _ASSAULT}, "counterattack", 0, 2,
               frozenset({Ability.FLAIR, Ability.NO_DOORS, Ability.NO_BELL})),
    EnemySheet("guard", "Guard", 3, Level.ORANGE, 4, AttackLine(MELEE, (GREY, WHITE)), (GREY,), GREY,
               {Y: _ASSAULT, O: _ASSAULT, R: _ASSAULT}, "counterattack", 1, 3),
    EnemySheet("soldier", "Soldier", 3, Level.ORANGE, 4, AttackLine(MELEE, (GREY, GREY)), (WHITE, GREY), GREY,
               {Y: _ASSAULT, O: _ASSAULT, R: _ASSAULT}, "shield-up", 1, 3, frozenset({Ability.PHALANX})),
)}
"""The house Enemies (L133 counts them; their sheets are the house set's). Quest 1 uses the first two."""

FIGURES: dict[str, int] = {"peasant": 8, "dog": 4, "guard": 6, "soldier": 8}
"""Miniatures in the box (L133): no more of a kind can be on the board at once."""


# -- Patrol cards (L751-760; house set b) -----------------------------------------------------------------

@dataclass(frozen=True)
class PatrolCard:
    code: str
    move: int
    appears: bool = False  # the Appearance symbol (L758)
    about_turn: bool = False  # stays and turns 180°
    split: bool = False  # the rear member stays behind (L788-789)


PATROL_DECK: tuple[PatrolCard, ...] = (
    PatrolCard("appear-4a", 4, appears=True), PatrolCard("appear-4b", 4, appears=True), PatrolCard("move-4", 4),
    PatrolCard("appear-6", 6, appears=True), PatrolCard("move-6", 6), PatrolCard("move-2", 2),
    PatrolCard("appear-2", 2, appears=True), PatrolCard("about-turn", 0, about_turn=True),
    PatrolCard("split-3", 3, split=True), PatrolCard("appear-5", 5, appears=True),
)
PATROL_BY_CODE: dict[str, PatrolCard] = {p.code: p for p in PATROL_DECK}


# -- Presence tokens and reserves (L256-258, L494-502) ------------------------------------------------------

class PresenceKind(StrEnum):
    ENEMY = "enemy"
    CHICKEN = "chicken"
    OBJECTIVE = "objective"


@dataclass(frozen=True)
class Presence:
    code: str
    kind: PresenceKind
    enemy: str | None = None
    count: int = 1


PRESENCE: dict[str, Presence] = {p.code: p for p in (
    Presence("peasant", PresenceKind.ENEMY, "peasant"),
    Presence("peasant-x2", PresenceKind.ENEMY, "peasant", 2),
    Presence("peasant-x3", PresenceKind.ENEMY, "peasant", 3),
    Presence("dog", PresenceKind.ENEMY, "dog"),
    Presence("chicken", PresenceKind.CHICKEN),
)}


# -- Quest 1: The Farm at the Wood's Edge (house set b) ------------------------------------------------------

QUEST1_ASCII = """\
..........B.........
====================
....T.....1111333333
..........1L11333O33
.pp....T..1111333333
.pp.......1L113333LL
...T......111122222H
.....fff..1111222222
E....fff..1111222222
E....fff..H1112LL222"""
"""The map, rank 10 at the top and file a at the left (house set b): `.` open ground, `=` the road the
blue Patrol path follows, digits the Rooms, `T` tree trunks (their eight neighbours are shadow), `p`
pond, `f` field (Spawn Zone A), `H` high and `L` low furniture, `O` the Totem, `B` the Bell, `E` the
Hero Entry and Exit."""


class DoorKind(StrEnum):
    SIMPLE = "simple"
    DOUBLE = "double"
    REINFORCED = "reinforced"


@dataclass(frozen=True)
class DoorSpec:
    """A door on one or two square edges (a double door spans two, L220-221). Every door of Quest 1
    starts closed."""

    code: str
    kind: DoorKind
    edges: tuple[tuple[Square, Square], ...]


@dataclass(frozen=True)
class Quest:
    """Everything a Quest sets up (L232-266): the map, the reserves, the Patrols and the goal."""

    code: str
    title: str
    ascii: str
    doors: tuple[DoorSpec, ...]
    reserves: dict[str, tuple[str, ...]]  # "main" and a letter per Spawn Zone
    room_dice: int
    zone_dice: int
    patrol_path: tuple[Square, ...]  # from the Patrol Entry to the Patrol Exit
    patrol_max: int
    patrols: dict[Level, tuple[str, ...]]  # the make-up by Alert colour, front first
    objective_weight: int
    secondary_bp: int  # Badass Points for never letting the Bell ring


QUEST1 = Quest(
    code="farm",
    title="The Farm at the Wood's Edge",
    ascii=QUEST1_ASCII,
    doors=(DoorSpec("door-west", DoorKind.SIMPLE, (("j3", "k3"),)),
           DoorSpec("door-south", DoorKind.SIMPLE, (("n2", "o2"),)),
           DoorSpec("door-north", DoorKind.SIMPLE, (("n7", "o7"),)),
           DoorSpec("door-yard", DoorKind.DOUBLE, (("q8", "q9"), ("r8", "r9")))),
    reserves={"main": ("peasant",) * 8 + ("peasant-x2", "dog", "dog"),
              "A": ("peasant-x3", "chicken", "chicken")},
    room_dice=2,
    zone_dice=2,
    patrol_path=tuple(f"{f}9" for f in "abcdefghijklmnopqrst"),
    patrol_max=1,
    patrols={Level.YELLOW: ("dog", "peasant"), Level.ORANGE: ("dog", "dog", "peasant", "peasant"),
             Level.RED: ("dog", "dog", "dog", "peasant")},
    objective_weight=2,
    secondary_bp=5,
)


@dataclass(frozen=True)
class Furniture:
    """One piece of furniture: its squares (a piece of two squares is smashed whole) and its height
    (high blocks Line of Sight, low does not, L316-331)."""

    code: str
    high: bool
    squares: tuple[Square, ...]


@dataclass(frozen=True, eq=False)
class Layout:
    """A Quest's map as the rules read it: fixed for the whole Quest. Walls lie on square edges (an
    edge is the pair of squares either side of it, in a frozenset); doors are kept apart, since
    they open."""

    grid: Grid
    rooms: dict[Square, str]  # square -> its Room ("1", "2", "3"); outdoors is absent
    walls: frozenset[frozenset[Square]]
    doors: tuple[DoorSpec, ...]
    furniture: tuple[Furniture, ...]
    trunks: frozenset[Square]
    shadow: frozenset[Square]
    ponds: frozenset[Square]
    fields: frozenset[Square]
    zones: dict[str, frozenset[Square]]  # Spawn Zone letter -> its squares
    road: frozenset[Square]
    bell: Square
    entry: tuple[Square, ...]  # the Hero Entry and Exit squares
    objective: Square
    door_edges: dict[frozenset[Square], DoorSpec] = field(default_factory=dict)  # each door by its edges
    pieces: dict[Square, Furniture] = field(default_factory=dict)  # each piece of furniture by its squares

    def door_at(self, a: Square, b: Square) -> DoorSpec | None:
        return self.door_edges.get(frozenset((a, b)))

    def furniture_at(self, square: Square) -> Furniture | None:
        return self.pieces.get(square)

    def room_squares(self, room: str) -> list[Square]:
        return [s for s in self.grid.squares if self.rooms.get(s) == room]


def parse_layout(quest: Quest) -> Layout:
    """The map of `quest`, read off its ASCII: Rooms are the bounding boxes of their digits (furniture
    and the Totem inside them belong to them), walls run on every edge between a Room and anything
    else, except where a door stands (reading b)."""
    rows = quest.ascii.splitlines()
    height, width = len(rows), len(rows[0])
    grid = Grid(width, height)
    cells: dict[Square, str] = {}
    for n, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {height - n} of the map is {len(row)} wide, not {width}")
        for x, char in enumerate(row):
            cells[grid.square_at(x, height - 1 - n)] = char  # type: ignore[index]
    rooms: dict[Square, str] = {}
    for digit in sorted({c for c in cells.values() if c.isdigit()}):
        xs, ys = zip(*(grid.xy(s) for s, c in cells.items() if c == digit), strict=True)
        for x in range(min(xs), max(xs) + 1):
            for y in range(min(ys), max(ys) + 1):
                square = grid.square_at(x, y)
                assert square is not None
                if square in rooms or cells[square] not in (digit, "H", "L", "O"):
                    raise ValueError(f"Room {digit} is not a rectangle: {square} is {cells[square]!r}")
                rooms[square] = digit
    door_edges = {frozenset(e) for d in quest.doors for e in d.edges}
    walls = frozenset(
        frozenset((a, b)) for a in grid.squares for b in grid.neighbouring(a)
        if a < b and rooms.get(a) != rooms.get(b) and frozenset((a, b)) not in door_edges)
    trunks = frozenset(s for s, c in cells.items() if c == "T")
    shadow = frozenset(n for t in trunks for n in grid.adjacent(t)) - trunks
    pieces: list[Furniture] = []
    seen: set[Square] = set()
    for square in grid.squares:  # contiguous squares of one letter are one piece
        char = cells[square]
        if char not in "HL" or square in seen:
            continue
        piece, todo = [], [square]
        while todo:
            here = todo.pop()
            if here in seen:
                continue
            seen.add(here)
            piece.append(here)
            todo += [n for n in grid.neighbouring(here) if cells[n] == char and n not in seen]
        pieces.append(Furniture(f"{'high' if char == 'H' else 'low'}-{square}", char == "H",
                                tuple(sorted(piece, key=grid.xy))))
    fields = frozenset(s for s, c in cells.items() if c == "f")
    (bell,) = (s for s, c in cells.items() if c == "B")
    (objective,) = (s for s, c in cells.items() if c == "O")
    return Layout(
        grid=grid, rooms=rooms, walls=walls, doors=quest.doors, furniture=tuple(pieces), trunks=trunks,
        shadow=shadow, ponds=frozenset(s for s, c in cells.items() if c == "p"), fields=fields,
        zones={"A": fields}, road=frozenset(s for s, c in cells.items() if c == "="), bell=bell,
        entry=tuple(s for s in grid.squares if cells[s] == "E"), objective=objective,
        door_edges={frozenset(e): d for d in quest.doors for e in d.edges},
        pieces={s: piece for piece in pieces for s in piece.squares})


FARM = parse_layout(QUEST1)
"""Quest 1's map, read once."""

__all__ = [
    "ACTION_POINTS", "ALERT_MAX", "ALERT_START", "ATTACK_FACES", "Ability", "Activation",
    "AttackKind", "AttackLine", "BADASS_FACES", "BADASS_LIMIT_FLOOR", "BADASS_LIMIT_START", "Badass", "Behaviour",
    "CARDS", "Card", "DANGER_ZONE_DAMAGE", "DEFENCE_FACES", "DIE_STRENGTH", "DieColour", "DoorKind", "DoorSpec",
    "ENEMIES", "EVENTS", "EVENT_BY_CODE", "Effect", "EnemySheet", "EventCard", "EventKind", "FARM", "FIGURES",
    "Furniture", "HEROES", "HERO_ORDER", "HeroSheet", "LOOT_DECK", "Layout", "Level", "MAX_BADASS_DICE",
    "MAX_DICE_PER_COLOUR", "PATROL_BY_CODE", "PATROL_DECK", "PRESENCE", "PatrolCard", "Presence", "PresenceKind",
    "QUEST1", "Quest", "RESURRECTION_COST", "SKILLS", "Skill", "SkillKind", "Slot", "alert_colour",
    "next_colour_level", "parse_layout",
]
