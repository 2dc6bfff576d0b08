"""Road Rage (seed 000, VI): the state, the actions and the public view."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.engine import PlayerId
from rules.core.stages import Ask as CoreAsk
from rules.core.views import TableView
from rules.orclympics.discipline import DisciplineState
from rules.orclympics.broods import Brood

XY = tuple[float, float]


class Phase(StrEnum):
    BUILD = "build"  # VI.2.1: every player builds a Chariot
    CIRCUIT = "circuit"  # VI.2.2: the Circuit and the laps
    DEPLOY = "deploy"  # VI.3
    RACE = "race"
    OVER = "over"


class AskKind(StrEnum):
    BUILD = "build"
    CIRCUIT = "circuit"
    PLACE = "place"  # a custom circuit: Checkpoints and Terrain by coordinates
    DEPLOY = "deploy"
    DRIVE = "drive"  # the active Chariot's Player Turn
    RAM_STAT = "ram_stat"  # Agility or Chassis Points for a Ramming roll
    ESCAPE = "escape"  # the rammed Chariot's owner: Escape! or Take the hit!
    FREE_PIVOT = "free_pivot"


class Chariot(BaseModel):
    player: PlayerId
    brood: Brood
    driver: str | None = None
    upgrades: list[str] = Field(default_factory=list)
    top_speed: int = 3
    agility: int = 3
    skill: int = 3
    chassis: int = 3
    rerolls: list[str] = Field(default_factory=list)
    big_boss: bool = False
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    placed: bool = False
    speed: int = 0  # Current Speed, kept between Player Turns
    next_gate: int = 0  # index of the Checkpoint to touch next (0, 1, 2)
    laps: int = 0
    finished: int | None = None  # order of finishing, 1 first
    destroyed: bool = False

    @property
    def xy(self) -> XY:
        return (self.x, self.y)


class Turn(BaseModel):
    """The active Chariot's Player Turn (VI.4.1 step 2)."""

    player: PlayerId
    ap: int
    changes: int = 0  # Speed Changes and 45° Pivots made (against Agility)
    increments: int = 0  # 3" increments moved
    to_move: int = 0  # increments owed this turn (the Current Speed once moving starts)
    started: bool = False  # a Pivot or an increment has happened: no more Speed Changes
    stopped: bool = False  # a collision ended the movement
    turning: int = 0  # net 45° Pivots this turn, for Epic Driving


class Ram(BaseModel):
    """A collision being resolved (VI.4.3). `defender` None is a Terrain Feature (or the edge),
    rolled for by `proxy`, the nearest rival's owner."""

    attacker: PlayerId
    defender: PlayerId | None
    proxy: PlayerId | None = None
    stats: dict[str, str] = Field(default_factory=dict)  # player -> "agility" / "chassis"
    back: XY  # where the attacker stood before the increment, for the 1" apart
    what: str = ""  # "terrain" / "edge" for the log


class Ask(CoreAsk):
    """The open question (`rules.core.stages`)."""

    kind: AskKind


class RoadRageState(DisciplineState):
    game: Literal["road-rage"] = "road-rage"
    phase: Phase = Phase.BUILD
    size: float = 36.0
    circuit: str | None = None
    gates: list[tuple[XY, XY]] = Field(default_factory=list)
    blocks: list[tuple[float, float, float, float]] = Field(default_factory=list)
    cells: list[XY] = Field(default_factory=list)
    grid_facing: float = 0.0
    laps: int = 0
    chariots: dict[PlayerId, Chariot]
    order: list[PlayerId] = Field(default_factory=list)
    step: int = 0
    turn: int = 0
    current: Turn | None = None
    aps: dict[PlayerId, int] = Field(default_factory=dict)  # this Game Turn's Initiative Rolls
    ages: dict[PlayerId, int] | None = None  # campaign age ranks, for tied deployment rolls
    ram: Ram | None = None
    ask: Ask | None = None
    finishers: int = 0
    fastest: tuple[int, PlayerId] | None = None  # the top Current Speed reached, and who first
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    paths: list[list[XY]] = Field(default_factory=list)
    wrecked: list[PlayerId] = Field(default_factory=list)


# -- actions ---------------------------------------------------------------------------------


class Build(BaseModel):
    type: Literal["build"] = "build"
    driver: str
    upgrades: list[str] = Field(default_factory=list)


class SetRace(BaseModel):
    """Choose a ready circuit, "random", or "custom" (then place the Checkpoints and Terrain by
    coordinates), the laps (1 to 5, or 0 to roll D3+2) and the board (36 or 48 inches)."""

    type: Literal["race"] = "race"
    circuit: str
    laps: int = 0
    board: float = 36.0


class PlaceGate(BaseModel):
    """A custom circuit's Checkpoint `number` (1-3), a gate between two posts."""

    type: Literal["gate"] = "gate"
    number: int
    a: XY
    b: XY


class PlaceTerrain(BaseModel):
    """A custom circuit's Terrain Feature: an impassable rectangle by its centre and size."""

    type: Literal["terrain"] = "terrain"
    x: float
    y: float
    width: float = 2.0
    height: float = 2.0


class CircuitDone(BaseModel):
    type: Literal["circuit_done"] = "circuit_done"


class TakeCell(BaseModel):
    type: Literal["cell"] = "cell"
    cell: int


class SpeedChange(BaseModel):
    type: Literal["speed"] = "speed"
    delta: Literal[-1, 1]


class Pivot(BaseModel):
    """45° left (+1, anticlockwise) or right (-1)."""

    type: Literal["pivot"] = "pivot"
    turn: Literal[-1, 1]


class OuttaDaWay(BaseModel):
    """Beyond the Agility limit: a Speed Change (speed ±1) or a Pivot (turn ±1) for 2 AP and a Skill Test."""

    type: Literal["outta"] = "outta"
    speed: Literal[-1, 0, 1] = 0
    turn: Literal[-1, 0, 1] = 0


class DirtyTricks(BaseModel):
    """Against the nearest enemy within 3": `effect` "skill" (it loses a Driver Skill point) or
    "chassis" (both lose a Chassis Point), chosen now and applied if the Skill Test passes."""

    type: Literal["tricks"] = "tricks"
    effect: Literal["skill", "chassis"]


class Advance(BaseModel):
    """Move the next 3" increment straight ahead."""

    type: Literal["advance"] = "advance"


class EndTurn(BaseModel):
    type: Literal["end"] = "end"


class RamStat(BaseModel):
    type: Literal["ram_stat"] = "ram_stat"
    stat: Literal["agility", "chassis"]


class Escape(BaseModel):
    """Escape! (no damage) or Take the hit! (D3 to both)."""

    type: Literal["escape"] = "escape"
    escape: bool


class FreePivot(BaseModel):
    type: Literal["free_pivot"] = "free_pivot"
    turn: Literal[-1, 0, 1]


Action = Annotated[Build | SetRace | PlaceGate | PlaceTerrain | CircuitDone | TakeCell | SpeedChange | Pivot
                   | OuttaDaWay | DirtyTricks | Advance | EndTurn | RamStat | Escape | FreePivot,
                   Field(discriminator="type")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# -- the view -------------------------------------------------------------------------------


class ChariotView(BaseModel):
    player: PlayerId
    name: str
    colour: int
    brood: Brood
    driver: str | None
    upgrades: list[str]
    top_speed: int
    agility: int
    skill: int
    chassis: int
    x: float
    y: float
    facing: float
    placed: bool
    speed: int
    laps: int
    next_gate: int
    finished: int | None
    destroyed: bool
    position: int | None


class RoadRageView(TableView):
    """Everything is public."""

    game: Literal["road-rage"] = "road-rage"
    phase: Phase
    turn: int
    size: float
    circuit: str | None
    gates: list[tuple[XY, XY]]
    blocks: list[tuple[float, float, float, float]]
    cells: list[XY]
    grid_facing: float
    laps: int
    chariots: list[ChariotView]
    active: PlayerId | None
    ap: int
    paths: list[list[XY]]
    feats: dict[str, PlayerId]
