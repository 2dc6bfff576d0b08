"""OrcQuest's state, actions and view (seed 004). Plain pydantic models: the state is the whole Quest,
actions a union on `type`, the view what a seat may see (the hidden orders of the decks and
reserves only through `rules.orcquest.secrets`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.engine import GameState, PlayerId
from rules.core.grid import Square
from rules.core.stages import Ask as CoreAsk
from rules.core.views import TableView
from rules.orcquest.data import ENEMIES, HEROES, AttackKind, DieColour, Level
from rules.orcquest.geometry import Facing


class Phase(StrEnum):
    """The three Phases of a Turn (L192-210), and the end."""

    HERO = "hero"
    ENEMY = "enemy"
    END = "end"
    OVER = "over"


class Hero(BaseModel):
    """One Hero on (or off) the board. `owners` are the seats that move it (every seat for the 3-player
    game's fourth Hero, L250)."""

    code: str
    owners: list[PlayerId]
    square: Square | None = None  # None: off the board (not entered yet, or gone out by the Exit)
    facing: Facing = "E"
    damage: int = 0
    dead: bool = False
    left: bool = False  # went out through the Hero Exit
    activated: bool = False  # this Hero Phase
    ap: int = 0  # Action Points left in its activation
    extra: int = 0  # extra Action Points bought and not yet spent (L706-715)
    down: list[str] = Field(default_factory=list)  # Skill cards face down until the End of Turn (L370)
    hands: list[str] = Field(default_factory=list)
    body: list[str] = Field(default_factory=list)
    inventory: list[str] = Field(default_factory=list)
    conditions: dict[str, int] = Field(default_factory=dict)
    invisible: bool = False
    event: str | None = None  # the Event laid on its sheet this Turn (L718-720)
    moved: bool = False  # moved during its activation (Bleed)

    @property
    def name(self) -> str:
        return HEROES[self.code].name

    @property
    def hp(self) -> int:
        return HEROES[self.code].hp

    @property
    def alive(self) -> bool:
        return not self.dead

    @property
    def on_board(self) -> bool:
        return self.square is not None and not self.dead


class Enemy(BaseModel):
    """One Enemy figure. `seen_hero` is its memory of having had a Hero in sight (reading d9)."""

    id: int
    kind: str
    square: Square
    facing: Facing
    damage: int = 0
    alert: bool = False
    seen_hero: bool = False
    reacted: bool = False  # its one Reaction of this Hero Phase (L603)
    conditions: dict[str, int] = Field(default_factory=dict)
    patrol: int | None = None
    ringer: bool = False
    alerted_by: Square | None = None  # where what alerted it stood (an Enemy Group that never saw a Hero turns there)

    @property
    def sheet_name(self) -> str:
        return ENEMIES[self.kind].name

    @property
    def label(self) -> str:
        return f"{ENEMIES[self.kind].name} {self.id}"

    @property
    def menacing(self) -> bool:
        """Whether its Danger Zone is live (L415, L1065-1072)."""
        return not any(self.conditions.get(c) for c in ("petrified", "stunned", "terrified"))


class Token(BaseModel):
    """A face-up Presence token left on the board (a Chicken, L501) or the Quest's Objective (L502)."""

    square: Square
    kind: Literal["chicken", "objective"]


class Card(BaseModel):
    """The Skill card being resolved (L360-361: each is resolved in full before the next)."""

    hero: str
    skill: str
    enhanced: bool = False
    combo: int = 0  # 0: paid for; 1 or 2: played free as that Combo (L586-599)
    mp: int = 0  # Movement Points left
    attack: bool = False  # its Attack is still to come
    moves_after: bool = False  # its Move comes after the Attack (Hit and Run)
    damaged: bool = False  # it dealt at least 1 Damage (Combos)


class Patrol(BaseModel):
    """A Patrol on its path (L745-806): its members, front first."""

    id: int
    members: list[int]


class Faces(BaseModel):
    """An Attack's dice as they landed: each die's colour and face (1-6), and the Badass dice's faces."""

    attack: list[tuple[DieColour, int]]
    defence: list[tuple[DieColour, int]]
    badass: list[int] = Field(default_factory=list)


class Strike(BaseModel):
    """An Enemy's Attack rolled on a Hero, its Damage held back while the Hero may react (L883-885) or,
    Enraged, re-roll its Defence dice (L1080)."""

    enemy: int
    hero: str
    damage: int
    faces: Faces | None = None
    hp: Level = Level.ORANGE  # the Hero's Health Point colour the Attack meets
    rerolled: bool = False


class HeldRoll(BaseModel):
    """A Hero's Attack thrown and not yet read: Boosts and re-rolls may still change it (L389-390, L575,
    L1080)."""

    hero: str
    target: int
    kind: AttackKind
    faces: Faces
    brutality: int = 0
    piercing: int = 0
    full: bool = True  # the target was at full health before the roll (the one-roll bonus, L696)
    rerolled: bool = False
    push: int = 0
    lightning: int = 0


class Ask(CoreAsk):
    kind: str


class Exploring(BaseModel):
    """An Exploration under way (L478-502), kept so it can wait for the players' choice among tied
    nearest empty squares (L488; reading d7) and then go on where it stopped."""

    area: str
    hero: str | None = None  # the Hero exploring (None: an Enemy)
    asks: bool = False  # its ties are asked of the players (else they take the default)
    noisy: bool = False  # a smashed door (L493)
    landed: list[Square] = Field(default_factory=list)  # where each die landed, in order
    n: int = 0  # the die being resolved
    placed: list[Square] = Field(default_factory=list)
    revealed: list[int] = Field(default_factory=list)  # Enemies revealed so far
    short: bool = False  # too few figures: the Alert rose once already (L492)
    spot: Square | None = None  # where the token of die `n` was put (it is drawn once it has a square)
    token: str | None = None  # that token, drawn and revealed, its figures not all placed yet
    facing: Facing | None = None  # its arrow
    put: int = 0  # its figures placed so far
    near: Square | None = None  # the square the next figure's nearest empty square is measured from
    options: list[Square] = Field(default_factory=list)  # the tied squares the players are asked about
    chosen: Square | None = None  # their answer, taken as the Exploration goes on
    door: str | None = None  # the door whose Rooms were being explored (the others follow it)
    then: Literal["crash", "slip"] | None = None  # what the door's opening still owes: a smashed door's
    # crash on an Enemy just behind (L437-441), an Invisible Hero's slip past one (L1124)
    beyond: Square | None = None  # the square behind that door


class Walk(BaseModel):
    """The rest of an Enemy's move held up by an Exploration's question (reading d23): the squares still
    to walk and what its activation does after (`strike` its target, `close` in, `flee`'s turn)."""

    enemy: int
    rest: list[Square]
    then: Literal["strike", "close", "flee"]
    target: str | None = None
    blue: bool = False


class EnemyTurn(BaseModel):
    """Where the Enemy Phase stands, so it can pause for a Hero's Reaction and go on (L830-887)."""

    queue: list[int] = Field(default_factory=list)  # the Enemies of the group being activated, in order
    result: Level | None = None  # that group's Activation result; None: it only turns
    done: list[int] = Field(default_factory=list)  # Enemies activated this phase
    strike: Strike | None = None
    reacted: list[str] = Field(default_factory=list)  # Heroes who reacted to the Enemy now activating
    ringers_due: bool = False  # the Bell-ringers' run ending the Patrol management waits for a choice
    walk: Walk | None = None  # an Enemy's move waiting for an Exploration's question


class QuestState(GameState):
    game: Literal["orcquest"] = "orcquest"
    quest: str = "farm"
    heroes: list[Hero]
    enemies: list[Enemy] = Field(default_factory=list)
    next_enemy: int = 1
    open_doors: list[str] = Field(default_factory=list)
    destroyed_doors: list[str] = Field(default_factory=list)
    furniture: list[str] = Field(default_factory=list)  # pieces still standing
    tokens: list[Token] = Field(default_factory=list)
    explored: list[str] = Field(default_factory=list)  # Rooms ("1") and Spawn Zones ("A") explored
    reserves: dict[str, list[str]] = Field(default_factory=dict)  # face down, in a hidden order
    reserve_discard: list[str] = Field(default_factory=list)  # the Main Reserve's discard (L494)
    events: list[str] = Field(default_factory=list)  # the Event deck, top first (hidden order)
    event_discard: list[str] = Field(default_factory=list)
    loot: list[str] = Field(default_factory=list)  # the Loot deck, top first (hidden order)
    loot_discard: list[str] = Field(default_factory=list)
    patrols: list[str] = Field(default_factory=list)  # the Patrol deck, top first (hidden order)
    patrol_discard: list[str] = Field(default_factory=list)
    alert: int = 1
    badass: int = 0
    limit: int = 30
    bought: int = 0  # extra Action Points bought this Hero Phase: the next costs one more (L712-713)
    turn: int = 1
    phase: Phase = Phase.HERO
    active: str | None = None  # the Active Hero (L356-358)
    card: Card | None = None
    chain: int = 0  # the Active Hero's consecutive Actions that dealt Damage (L594)
    combo: int = 0  # the Combo level open to the Active Hero now: 0, 1 or 2 (L594-595)
    bell_rung: bool = False
    won: bool | None = None
    ended: list[PlayerId] = Field(default_factory=list)  # seats done with the End of Turn
    on_patrol: list[Patrol] = Field(default_factory=list)
    next_patrol: int = 1
    enemy_turn: EnemyTurn | None = None
    ask: Ask | None = None
    held: HeldRoll | None = None
    exploring: Exploring | None = None  # an Exploration waiting for the players' choice (reading d7)
    ringer_tie: list[int] = Field(default_factory=list)  # Enemies tied to be the Bell-ringer (L803), the
    # first standing in as the default until the players choose

    def hero(self, code: str) -> Hero:
        for hero in self.heroes:
            if hero.code == code:
                return hero
        raise KeyError(code)

    def enemy(self, enemy_id: int) -> Enemy | None:
        return next((e for e in self.enemies if e.id == enemy_id), None)

    @property
    def players(self) -> list[PlayerId]:
        return [s.player for s in self.seats]


# -- actions ----------------------------------------------------------------------------------------------------

class Activate(BaseModel):
    """Pick the next Hero to act (L356-358); a Hero still off the board comes in on a Hero Entry square
    (L395; reading d20), `entry` naming which when there is a choice."""

    type: Literal["activate"] = "activate"
    hero: str
    entry: Square | None = None


class BuyAP(BaseModel):
    """Buy one extra Action Point for `hero` with Badass Points (L706-715)."""

    type: Literal["buy-ap"] = "buy-ap"
    hero: str


class UseSkill(BaseModel):
    """Play a face-up Action card of `hero`: its Main or Enhanced effect, paid in AP and BP (L360-377),
    or free as the Combo it is marked with (`combo`, Main effect only, L586-599)."""

    type: Literal["use-skill"] = "use-skill"
    hero: str
    skill: str
    enhanced: bool = False
    combo: bool = False


class Move(BaseModel):
    """Walk `path` with the Movement Points of the card being resolved (L396-415)."""

    type: Literal["move"] = "move"
    path: list[Square]


class OpenDoor(BaseModel):
    """Open (or close) a door beside the moving Hero for 1 Movement Point (L418-421)."""

    type: Literal["open-door"] = "open-door"
    door: str


class Attack(BaseModel):
    """The card's Attack on Enemy `target` with the equipped Stuff of `kind` (L505-529)."""

    type: Literal["attack"] = "attack"
    target: int
    kind: AttackKind | None = None
    boosts: list[str] = Field(default_factory=list)  # Boost cards played on it (L389-390)


class Leave(BaseModel):
    """Step off the board from a Hero Exit square (1 Movement Point), taking what the Hero carries."""

    type: Literal["leave"] = "leave"


class Finish(BaseModel):
    """Finish the card being resolved, forfeiting what is left of it."""

    type: Literal["finish"] = "finish"


class Face(BaseModel):
    """The Active Hero turns to face `facing`, free (L398-399; reading d20)."""

    type: Literal["face"] = "face"
    facing: Facing


class Drink(BaseModel):
    """Drink a Potion from the Inventory, no AP, any time in the Hero Phase (L650-652)."""

    type: Literal["drink"] = "drink"
    hero: str


class HeroCard(BaseModel):
    """A move on one card a Hero carries."""

    hero: str
    card: str


class Discard(HeroCard):
    """Throw a card of `hero`'s away for good, any time (L673-674)."""

    type: Literal["discard"] = "discard"


class Rekup(HeroCard):
    """Turn a Stuff of `hero`'s into its Resources, any time (L676-682)."""

    type: Literal["rekup"] = "rekup"


class Equip(HeroCard):
    """In the End of Turn, equip a Stuff from `hero`'s Inventory (L922)."""

    type: Literal["equip"] = "equip"


class Unequip(HeroCard):
    """In the End of Turn, put an equipped Stuff of `hero`'s into the Inventory (L922)."""

    type: Literal["unequip"] = "unequip"


class EndActivation(BaseModel):
    """The Active Hero ends its activation; unspent AP are lost and an Event is drawn (L362-363)."""

    type: Literal["end-activation"] = "end-activation"


class Resurrect(BaseModel):
    """In the End of Turn, raise a dead Hero for 10 of the Badass Limit (L903-908)."""

    type: Literal["resurrect"] = "resurrect"
    hero: str


class Dodge(BaseModel):
    """Mek's Reaction (house set b; L1111): ignore the Damage of the Attack just rolled, then step to
    `square`, no Danger Zone damage, for 1 Badass Point."""

    type: Literal["dodge"] = "dodge"
    square: Square


class Boost(BaseModel):
    """Play a Boost card on the Attack just thrown, paying its Badass Points (L389-390)."""

    type: Literal["boost"] = "boost"
    skill: str


class Reroll(BaseModel):
    """Throw again the chosen dice (by their place, from 0) of the Attack just thrown: an Enraged Hero's
    Attack dice after its own Attack, its Defence dice under an Enemy's; once per Attack (L575, L1080)."""

    type: Literal["reroll"] = "reroll"
    dice: list[int]


class Resolve(BaseModel):
    """Read the Attack just thrown as it lies (the after-roll question's default)."""

    type: Literal["resolve"] = "resolve"


class Pass(BaseModel):
    """No Reaction: the Attack's Damage stands (the reaction prompt's default)."""

    type: Literal["pass"] = "pass"


class Place(BaseModel):
    """The players' choice among the tied nearest empty squares where an Exploration's token or figure
    goes (L488, L499; reading d7); no square: the default, the first of them in reading order."""

    type: Literal["place"] = "place"
    square: Square | None = None


class Ringer(BaseModel):
    """The players' choice of the Bell-ringer among the Enemies of an Alert Patrol tied nearest the Bell
    (L803); no enemy: the default, the lowest number."""

    type: Literal["ringer"] = "ringer"
    enemy: int | None = None


class EndTurn(BaseModel):
    """Done with the End of Turn: the next Turn begins when every seat is done."""

    type: Literal["end-turn"] = "end-turn"


QuestAction = Annotated[Activate | BuyAP | UseSkill | Move | OpenDoor | Attack | Leave | Finish | Face | Drink
                        | EndActivation | Resurrect | EndTurn | Dodge | Pass | Discard | Rekup | Equip | Unequip | Boost
                        | Reroll | Resolve | Place | Ringer,
                        Field(discriminator="type")]


# -- the view -----------------------------------------------------------------------------------------------------

PHASE_WORDS = {"hero": "Hero", "enemy": "Enemy", "end": "End"}
"""A Turn's phases in a word each, short enough for one row of the Quest's card."""


class QuestView(TableView):
    """What the table sees: everything but the orders of the decks and the reserves' contents (L253-256,
    reading a3), of which only the counts show."""

    game: Literal["orcquest"] = "orcquest"
    heroes: list[Hero]
    enemies: list[Enemy]
    open_doors: list[str]
    destroyed_doors: list[str]
    furniture: list[str]
    tokens: list[Token]
    explored: list[str]
    reserves: dict[str, int]
    reserve_discard: list[str]
    decks: dict[str, int]
    discards: dict[str, list[str]]
    alert: int
    badass: int
    limit: int
    next_ap_price: int
    active: str | None
    card: Card | None
    combo: int
    bell_rung: bool
    won: bool | None
    on_patrol: list[Patrol] = Field(default_factory=list)
    strike: Strike | None = None
    held: HeldRoll | None = None
    danger_zones: list[Square] = Field(default_factory=list)  # live Danger Zones, for the board's tint
    groups: list[list[int]] = Field(default_factory=list)  # the Enemy Groups as they stand, by Enemy number
    tied_squares: list[Square] = Field(default_factory=list)  # the open `place` question's tied squares (L488;
    # reading d7), in reading order, for the board to mark; only where a token or figure may go, never what it is
    tied_ringers: list[int] = Field(default_factory=list)  # the open `ringer` question's Enemies tied nearest
    # the Bell (L803), by number, lowest first; their squares are theirs in `enemies`

    def where(self) -> str:
        """The Turn and its phase ("Turn 12: Enemy", the Enemy Phase of Turn 12): a heading's words and
        the first line of the Quest's card on the board."""
        if self.turn <= 0:
            return ""
        return f"Turn {self.turn}: {PHASE_WORDS.get(self.phase, self.phase.capitalize())}"


__all__ = [
    "Activate", "Ask", "Attack", "Boost", "BuyAP", "Faces", "HeldRoll", "Reroll", "Resolve", "Card", "Discard", "Dodge", "Drink", "Equip", "Rekup", "Unequip", "EndActivation", "EndTurn", "Enemy", "EnemyTurn",
    "Exploring", "Face", "Finish", "Hero", "Leave", "Move", "OpenDoor", "Pass", "Patrol", "Phase", "Place",
    "QuestAction", "QuestState", "QuestView", "Resurrect", "Ringer", "Strike", "Token", "UseSkill", "Walk",
]
