"""That'll do Pigs (seed 000, V): the state, the actions and the public view.

Riders are named by short ids players can type: "1" for the first seat's Orc Boar Rider; in
the 2-player variant each seat has two, "1a" and "1b".
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter, model_validator

from rules.core.engine import PlayerId
from rules.core.stages import Ask as CoreAsk
from rules.core.views import TableView
from rules.orclympics.discipline import DisciplineState
from rules.orclympics.broods import Brood

XY = tuple[float, float]
RiderId = str


class Phase(StrEnum):
    DEPLOY = "deploy"  # V.3: the front row fills in initiative order
    READY = "ready"  # V.3 "Get Ready!": Assaults on the front row
    RUN_UP = "run_up"  # V.3: the lowest roller's Running Up Boar takes a front-row place
    RACE = "race"
    OVER = "over"


class AskKind(StrEnum):
    DEPLOY = "deploy"  # a front-row cell
    READY = "ready"  # Assault a front-row rider, or not
    RETREAT = "retreat"  # the beaten rider's owner picks between two equally close cells
    TAKE_PLACE = "take_place"  # the winner of a Get Ready! Assault may take the loser's cell
    RUN_UP = "run_up"  # the Running Up Boar's cell
    ACTIVATE = "activate"  # (2 players) which of your riders goes now
    MOVE = "move"  # roll the Speed
    RIDE = "ride"  # the initial Pivot and how far
    SECOND = "second"  # Lash, or end the activation
    DIRECTION = "direction"  # the last-placed player sends a rider on its Random Movement
    PIGLET = "piglet"  # the last-placed player steers the Piglet


class Rider(BaseModel):
    id: RiderId
    player: PlayerId
    brood: Brood
    x: float = 0.0
    y: float = 0.0
    facing: float = 180.0  # degrees, 0 = east; the race starts westward along the south straight
    placed: bool = False
    ridden: bool = True  # False once the rider Falls: an Unridden Boar (V.4.5)
    out: bool = False  # crashed out of the race (Critical Failure)
    gates: int = 0  # Finish Line and Skid Triggers fully crossed, in order
    piglet: bool = False  # carries the Piglet
    activated: bool = False
    cell: tuple[int, int] | None = None  # (row, column) on the starting grid before the race

    @property
    def xy(self) -> XY:
        return (self.x, self.y)

    @property
    def laps(self) -> int:
        """Laps completed: the first crossing of the Finish Line only starts the first lap."""
        return max(0, (self.gates - 1) // 5)


class Piglet(BaseModel):
    x: float = 0.0
    y: float = 0.0
    placed: bool = False  # V.4.1.1: on the Finish Line once the first rider has crossed the last Skid Trigger
    held_by: RiderId | None = None


class Activation(BaseModel):
    """The active rider's actions this Game Turn (V.4.2)."""

    rider: RiderId
    speed: float | None = None  # the Speed rolled for the Move
    moved: float = 0.0  # inches of the Move, Lash included, for the Safe Skid Test
    skid: bool = False  # a Skid Trigger was fully crossed during the Move (tested at its end)
    second: bool = False  # the second action is taken (an Assault, a Grab or a Lash)


class Ask(CoreAsk):
    """The open question (`rules.core.stages`): always one player's, about one rider."""

    kind: AskKind
    rider: RiderId | None = None
    options: list[str] = Field(default_factory=list)  # cells or riders to choose from, when few
    distance: float | None = None  # how far the Piglet or the Random Movement goes

    @model_validator(mode="before")
    @classmethod
    def _one_player(cls, data: Any) -> Any:
        """Asked of one player: `player=` is accepted, and read from states stored before questions
        were shared with the other games (which named one `player`)."""
        if isinstance(data, dict) and "player" in data and "players" not in data:
            data = {**data, "players": [data["player"]]}
            del data["player"]
        return data

    @property
    def player(self) -> PlayerId:
        return self.players[0]


class ThatllDoPigsState(DisciplineState):
    game: Literal["thatll-do-pigs"] = "thatll-do-pigs"
    phase: Phase = Phase.DEPLOY
    poles: list[XY]
    crowd: tuple[float, float, float] | None = None  # (x, y, radius)
    riders: dict[RiderId, Rider]
    piglet: Piglet = Field(default_factory=Piglet)
    order: list[RiderId] = Field(default_factory=list)  # Initiative Order (riders) of the Game Turn
    step: int = 0
    running_up: RiderId | None = None
    turn: int = 0
    ask: Ask | None = None
    activation: Activation | None = None
    queue: list[str] = Field(default_factory=list)  # riders still to make their Get Ready! choice
    trails: list[list[XY]] = Field(default_factory=list)  # this turn's moves, for the board
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    winner: RiderId | None = None
    retired: list[RiderId] = Field(default_factory=list)  # crashed out, first out first
    ages: dict[PlayerId, int] | None = None  # campaign age ranks: tied initiative rolls go by them


# -- actions -------------------------------------------------------------------------------


class TakeCell(BaseModel):
    """Put the rider on a cell of the grid's front row (0-5, counted from the edge side) or,
    when retreating, on the second row."""

    type: Literal["cell"] = "cell"
    column: int


class ReadyAssault(BaseModel):
    """Get Ready!: Assault another front-row rider (target), or let it be (target None)."""

    type: Literal["ready"] = "ready"
    target: RiderId | None = None


class TakePlace(BaseModel):
    type: Literal["take_place"] = "take_place"
    take: bool = True


class Activate(BaseModel):
    type: Literal["activate"] = "activate"
    rider: RiderId


class RollSpeed(BaseModel):
    """The Move: roll the rider's Speed."""

    type: Literal["move"] = "move"


class Ride(BaseModel):
    """Turn to `heading` (degrees, 0 = east, 90 = north) and ride straight up to `distance`."""

    type: Literal["ride"] = "ride"
    heading: float
    distance: float


class Lash(BaseModel):
    type: Literal["lash"] = "lash"


class EndActivation(BaseModel):
    type: Literal["end"] = "end"


class Steer(BaseModel):
    """The last-placed player sends a rider's Random Movement, or the Piglet, this way. The Piglet
    may pivot on its way: it runs through the turning points `via` in order, then on along
    `heading` for what is left of its D6+3"."""

    type: Literal["steer"] = "steer"
    heading: float
    via: list[XY] = Field(default_factory=list)


Action = Annotated[TakeCell | ReadyAssault | TakePlace | Activate | RollSpeed | Ride | Lash | EndActivation | Steer,
                   Field(discriminator="type")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# -- the view ------------------------------------------------------------------------------


class RiderView(BaseModel):
    id: RiderId
    player: PlayerId
    name: str
    colour: int
    brood: Brood
    x: float
    y: float
    facing: float
    placed: bool
    ridden: bool
    out: bool
    laps: int
    gates: int
    piglet: bool
    position: int | None  # place in the race now (1 = leading), None when out


class ThatllDoPigsView(TableView):
    """Everything on the track is public."""

    game: Literal["thatll-do-pigs"] = "thatll-do-pigs"
    phase: Phase
    turn: int
    poles: list[XY]
    stand: list[XY]
    crowd: tuple[float, float, float] | None
    gates: list[tuple[XY, XY]]
    grid: list[list[XY]]
    riders: list[RiderView]
    piglet: Piglet
    active: RiderId | None
    trails: list[list[XY]]
    feats: dict[str, PlayerId]
