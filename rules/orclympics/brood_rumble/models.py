"""Brood Rumble (seed 000, II): the state, the actions, the pending work and the views.

Everything is a pydantic model so the action log is JSON and a game replays from its seed.
Positions are inches on the 24x24" board (x right, y up, origin bottom-left), angles are
degrees (0 = east, counter-clockwise), as in `rules.core.geometry`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.dice import Roll
from rules.core.views import TableView
from rules.core.engine import PlayerId
from rules.core.stages import Ask as CoreAsk
from rules.orclympics.discipline import DisciplineState
from rules.orclympics.broods import Brood

XY = tuple[float, float]
OrcId = str
""""A1".."A4" for the first team, "B1".."B4" for the second."""


class Phase(StrEnum):
    TERRAIN = "terrain"
    DEPLOYMENT = "deployment"
    ACTIVATION = "activation"
    COMBAT = "combat"
    OVER = "over"


class FeatureKind(StrEnum):
    PIT = "pit"
    DANGEROUS = "dangerous"
    PLATFORM = "platform"
    COVER = "cover"
    MOUND = "mound"

    @property
    def label(self) -> str:
        return {"pit": "Pit", "dangerous": "Dangerous Terrain", "platform": "Platform", "cover": "Cover",
                "mound": "Debris Mound"}[self.value]


PLACEABLE: tuple[FeatureKind, ...] = (FeatureKind.PIT, FeatureKind.DANGEROUS, FeatureKind.PLATFORM)
"""II.2: what a team may choose at set-up. Cover has rules in the terrain table but is not among them."""
"""What a team may put down during set-up (see guide.READINGS["cover"])."""


class Edge(StrEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def opposite(self) -> Edge:
        return {Edge.NORTH: Edge.SOUTH, Edge.SOUTH: Edge.NORTH, Edge.EAST: Edge.WEST, Edge.WEST: Edge.EAST}[self]


class Item(StrEnum):
    KNUCKLE_DUSTERS = "knuckle_dusters"
    OLD_HELMET = "old_helmet"

    @property
    def label(self) -> str:
        return {"knuckle_dusters": "Rusty Knuckle Dusters", "old_helmet": "Old Helmet"}[self.value]


class Attack(StrEnum):
    HEADBUTT = "headbutt"
    PUNCH = "punch"
    KICK = "kick"

    @property
    def label(self) -> str:
        return {"headbutt": "Headbutt", "punch": "Punch", "kick": "Kick in the Crotch"}[self.value]


class Block(StrEnum):
    LOW = "low"
    MID = "mid"
    HIGH = "high"

    @property
    def label(self) -> str:
        return {"low": "Low Block", "mid": "Mid Block", "high": "High Block"}[self.value]


STOPS: dict[Block, Attack] = {Block.LOW: Attack.KICK, Block.MID: Attack.PUNCH, Block.HIGH: Attack.HEADBUTT}
"""II.4.3 Step 3: which attack each block stops."""


class Feat(StrEnum):
    """Seed 000, II.5: one Victory Point to the first player who completes each."""

    MY_ORCLYMPICS = "My Orclympics!"
    WOMBO_COMBO = "Wombo Combo"
    GO_PLAY_DOLLS = "Go Play Dolls!"
    ORC_PEDAGOGY = "Orc Pedagogy"
    COLLECTOR = "Collector"


# -- the table ------------------------------------------------------------------------


class Feature(BaseModel):
    id: str  # "T1".. for Terrain Features, "M1"/"M2" for the Debris Mounds
    kind: FeatureKind
    x: float
    y: float


class Barrel(BaseModel):
    id: str  # "K1", "K2", ... (kegs), never reused in a game
    x: float
    y: float


class Orc(BaseModel):
    id: OrcId
    team: str  # "A" or "B"
    player: PlayerId  # who controls it
    brood: Brood
    x: float | None = None  # None before deployment
    y: float | None = None
    hp: int
    knocked_down: bool = False
    item: Item | None = None
    activated: bool = False
    out: bool = False

    @property
    def xy(self) -> XY:
        assert self.x is not None and self.y is not None, f"{self.id} is not on the board"
        return (self.x, self.y)

    @property
    def on_board(self) -> bool:
        return not self.out and self.x is not None


class Team(BaseModel):
    id: str
    players: list[PlayerId]  # seat order
    edge: Edge | None = None


# -- what is being decided ---------------------------------------------------------------


class AskKind(StrEnum):
    PLACE_FEATURE = "place_feature"
    CHOOSE_EDGE = "choose_edge"
    DEPLOY = "deploy"
    ACTIVATE = "activate"
    ACT = "act"
    MOVE_REROLL = "move_reroll"
    MOVE_TO = "move_to"
    BARREL_REROLL = "barrel_reroll"
    BONUS_THROW = "bonus_throw"
    CATCH_THROW = "catch_throw"
    CHOOSE_COMBAT = "choose_combat"
    ATTACK = "attack"
    DEFENCE = "defence"
    FALL_BACK = "fall_back"


class Ask(CoreAsk):
    """The open question (`rules.core.stages`), with the team, Orc or roll it is about."""

    kind: AskKind
    team: str | None = None
    orc: OrcId | None = None  # the Orc the decision is about
    roll: Roll | None = None  # the roll a reroll decision is about


class Activation(BaseModel):
    orc: OrcId
    used: list[str] = Field(default_factory=list)  # actions done: move, throw, grab, get_up, fight
    budget: float | None = None  # inches rolled for the Move in progress
    roll: Roll | None = None  # that Move's distance roll
    done: bool = False


class Exchange(BaseModel):
    """One attack as it was revealed (public once it happened)."""

    attacker: OrcId
    attack: Attack
    block: Block
    wounds: int


class Combat(BaseModel):
    """One fight between two Orcs this Game Turn (II.4.3)."""

    orcs: tuple[OrcId, OrcId]
    first: OrcId
    attacker: OrcId
    defender: OrcId
    counter: bool = False  # False: the first striker's sequence; True: the Counterstroke
    attack: Attack | None = None  # SECRET: the attacker's hidden choice until the reveal
    lost: dict[OrcId, int] = Field(default_factory=dict)  # HP lost this Round of Combat
    exchanges: list[Exchange] = Field(default_factory=list)


# -- work waiting to be done (a barrel in flight, the crowd's answer) -----------------------


class ThrowTask(BaseModel):
    """A Barrel to throw (II.4.2.2). `thrower` None is the audience."""

    type: Literal["throw"] = "throw"
    thrower: OrcId | None
    target: OrcId | None = None
    angle: float | None = None  # a throw in a direction instead of at an Orc
    source: Literal["action", "bonus", "catch", "audience"]
    roll: Roll | None = None  # the distance roll, kept while its owner decides on a reroll
    rerolled: bool = False


class AngerTask(BaseModel):
    """II.4.2.2: the crowd may answer a throw at an Orc that is fighting."""

    type: Literal["anger"] = "anger"
    faulty: OrcId


class VolleyTask(BaseModel):
    """II.4.4: the bored crowd throws D3 Barrels."""

    type: Literal["volley"] = "volley"


Task = Annotated[ThrowTask | AngerTask | VolleyTask, Field(discriminator="type")]


class BroodRumbleState(DisciplineState):
    game: Literal["brood-rumble"] = "brood-rumble"
    phase: Phase = Phase.TERRAIN
    teams: dict[str, Team]
    orcs: dict[OrcId, Orc]
    features: list[Feature] = Field(default_factory=list)
    barrels: list[Barrel] = Field(default_factory=list)
    barrels_made: int = 0
    ages: dict[PlayerId, int] | None = None  # campaign age ranks for the tie procedure
    # set-up
    terrain_left: int = 0
    placing: str | None = None  # the team whose turn it is to place a feature, or to deploy
    # the Game Turn
    turn: int = 0
    initiative: str | None = None
    next_team: str | None = None
    activation: Activation | None = None
    charges: dict[str, OrcId] = Field(default_factory=dict)  # pair key -> charger, this Game Turn
    fought: list[str] = Field(default_factory=list)  # pair keys that fought this Game Turn
    combat: Combat | None = None
    hp_lost: bool = False  # did any Orc lose a Health Point this Game Turn?
    volley_done: bool = False
    audience_hit: list[OrcId] = Field(default_factory=list)
    grabs: dict[PlayerId, list[str]] = Field(default_factory=dict)  # mounds grabbed from this Game Turn
    # pending work and the decision being waited for
    queue: list[Task] = Field(default_factory=list)
    ask: Ask | None = None
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    winner: str | None = None  # team id; "draw" when both teams fell together
    trail: list[list[XY]] = Field(default_factory=list)  # paths of the last action, for the picture


# -- actions ------------------------------------------------------------------------------


class PlaceFeature(BaseModel):
    """Put a Terrain Feature with its centre on (x, y)."""

    type: Literal["place_feature"] = "place_feature"
    kind: FeatureKind
    x: float
    y: float


class PlaceAtRandom(BaseModel):
    """Let the dice put the feature somewhere legal (and choose its kind when `kind` is None)."""

    type: Literal["place_random"] = "place_random"
    kind: FeatureKind | None = None


class ChooseEdge(BaseModel):
    type: Literal["choose_edge"] = "choose_edge"
    edge: Edge


class Deploy(BaseModel):
    """Put an Orc with its rear on the team's edge; `at` is its centre along that edge
    (x for the north and south edges, y for east and west)."""

    type: Literal["deploy"] = "deploy"
    orc: OrcId
    at: float


class DeployAtRandom(BaseModel):
    type: Literal["deploy_random"] = "deploy_random"
    orc: OrcId


class Activate(BaseModel):
    type: Literal["activate"] = "activate"
    orc: OrcId


class Move(BaseModel):
    """Start a Move: roll its D6+2 inches (then say where to go)."""

    type: Literal["move"] = "move"


class MoveTo(BaseModel):
    """Walk to `to`, through the `via` points in order (each turn is a free pivot)."""

    type: Literal["move_to"] = "move_to"
    to: XY
    via: list[XY] = Field(default_factory=list)


class Charge(BaseModel):
    """Walk (through `via`) and then straight at `target` until the bases touch."""

    type: Literal["charge"] = "charge"
    target: OrcId
    via: list[XY] = Field(default_factory=list)


class Throw(BaseModel):
    """Throw a Barrel you touch (`barrel`, or the nearest) at an enemy Orc."""

    type: Literal["throw"] = "throw"
    target: OrcId
    barrel: str | None = None


class Grab(BaseModel):
    type: Literal["grab"] = "grab"


class GetUp(BaseModel):
    type: Literal["get_up"] = "get_up"


class Fight(BaseModel):
    type: Literal["fight"] = "fight"


class EndActivation(BaseModel):
    type: Literal["end"] = "end"


class Reroll(BaseModel):
    """Answer a reroll offer: `reroll` True throws the dice again, False keeps them."""

    type: Literal["reroll"] = "reroll"
    reroll: bool


class BonusThrow(BaseModel):
    """Oh, a Barrel!: throw it at `target` now, or (target None) set it down at your feet."""

    type: Literal["bonus_throw"] = "bonus_throw"
    target: OrcId | None = None


class CatchThrow(BaseModel):
    """Throw a caught Barrel at any Orc, or in a direction (degrees)."""

    type: Literal["catch_throw"] = "catch_throw"
    target: OrcId | None = None
    angle: float | None = None


class ChooseCombat(BaseModel):
    type: Literal["choose_combat"] = "choose_combat"
    orcs: tuple[OrcId, OrcId]


class ChooseAttack(BaseModel):
    """SECRET: the attacker's hidden attack."""

    type: Literal["attack"] = "attack"
    attack: Attack


class ChooseDefence(BaseModel):
    type: Literal["defence"] = "defence"
    block: Block


class FallBack(BaseModel):
    """Move the winner of a knock-down 3" in this direction (degrees)."""

    type: Literal["fall_back"] = "fall_back"
    angle: float


Action = Annotated[
    PlaceFeature | PlaceAtRandom | ChooseEdge | Deploy | DeployAtRandom | Activate | Move | MoveTo | Charge | Throw
    | Grab | GetUp | Fight | EndActivation | Reroll | BonusThrow | CatchThrow | ChooseCombat | ChooseAttack
    | ChooseDefence | FallBack,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# -- views ---------------------------------------------------------------------------------


class OrcView(BaseModel):
    id: OrcId
    team: str
    player: PlayerId
    name: str  # the controlling player's name
    brood: Brood
    colour: int
    x: float | None
    y: float | None
    hp: int
    max_hp: int
    knocked_down: bool
    item: Item | None
    activated: bool
    out: bool
    on_platform: bool


class TeamView(BaseModel):
    id: str
    players: list[PlayerId]
    names: list[str]
    colour: int
    edge: Edge | None


class FeatureView(BaseModel):
    id: str
    kind: FeatureKind
    x: float
    y: float
    width: float  # footprint in inches (the diameter for round features)
    height: float
    round: bool


class CombatView(BaseModel):
    orcs: tuple[OrcId, OrcId]
    attacker: OrcId
    defender: OrcId
    counter: bool
    attack_chosen: bool  # public: the attacker has locked in a choice
    attack: Attack | None = None  # only in the view of the attacker's own player, until the reveal
    lost: dict[OrcId, int]
    exchanges: list[Exchange]


class BroodRumbleView(TableView):
    """What one viewer may see. The hidden attack appears only in its owner's view."""

    game: Literal["brood-rumble"] = "brood-rumble"
    phase: Phase
    board: tuple[float, float]
    teams: list[TeamView]
    orcs: list[OrcView]
    features: list[FeatureView]
    barrels: list[Barrel]
    initiative: str | None
    active: OrcId | None
    deciding: AskKind | None
    move_budget: float | None
    terrain_left: int
    engaged: list[tuple[OrcId, OrcId]]
    combat: CombatView | None
    feats: dict[str, PlayerId]
    trail: list[list[XY]]
    winner: str | None = None
