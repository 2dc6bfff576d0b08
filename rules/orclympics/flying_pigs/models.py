"""The state, actions and view of Flying Pigs (seed 000, I), as pydantic models.

Models (Orcs and Pigs) live in one dict keyed by a short id: "1a" and "1b" are the two
Orcs of the first seat, "1p" its Pig. Ids stay short because players type them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.engine import PlayerId
from rules.core.views import TableView
from rules.orclympics.discipline import DisciplineState

XY = tuple[float, float]
ModelId = str


class Kind(StrEnum):
    ORC = "orc"
    PIG = "pig"


class Phase(StrEnum):
    DEPLOY = "deploy"
    PIGTOSS = "pigtoss"
    TURNS = "turns"
    OVER = "over"


class Stage(StrEnum):
    """The five steps of a Player Turn (I.5) and the moment between turns."""

    START = "start"
    MOVEMENT = "movement"
    GREASE = "grease"
    ACTION = "action"
    PIG = "pig"
    END = "end"


class Stance(StrEnum):
    """The Step 4 actions (I.5 Step 4)."""

    SHOVE = "shove"
    SHOO = "shoo"
    FIRE = "fire"

    @property
    def label(self) -> str:
        return {"shove": "Shove", "shoo": "Shoo!", "fire": "Fire it up!"}[self.value]


class Model(BaseModel):
    id: ModelId
    kind: Kind
    owner: PlayerId
    x: float = 0.0
    y: float = 0.0
    placed: bool = False
    grease: int = 0
    fire: bool = False
    shrooms: bool = False
    stance: Stance | None = None
    stance_used: bool = False  # a Shove or a Fire it up! is spent once used
    slipped: bool = False  # Slippery! in Step 1 of this Player Turn
    moved: bool = False
    tossed: bool = False
    acted: bool = False

    @property
    def xy(self) -> XY:
        return (self.x, self.y)


class Terrain(BaseModel):
    """A 1x1" Impassable Terrain Feature or a 3x3" Mushroom Field, by its centre."""

    kind: Literal["rock", "field"]
    x: float
    y: float


class Reaction(BaseModel):
    """A "may" waiting for its owner: `orc` may Shove `target`, or try to Fire it up! on it."""

    orc: ModelId
    stance: Stance
    target: ModelId


class Task(BaseModel):
    """Automatic work still to do: a Slippery roll, a Random Move the rules force, the Pig's move,
    or the 1" spacing of a move (`path`) that waits until its Shove, Shoo! and Shroom effects
    have played out (I.6.1)."""

    kind: Literal["slippery", "random", "pig", "space"]
    model: ModelId
    why: str = ""
    path: list[XY] = Field(default_factory=list)


class Path(BaseModel):
    """The way one move went this turn, for the picture."""

    model: ModelId
    points: list[XY]
    random: bool = True


class FlyingPigsState(DisciplineState):
    game: Literal["flying-pigs"] = "flying-pigs"
    phase: Phase = Phase.DEPLOY
    models: dict[ModelId, Model] = Field(default_factory=dict)
    terrain: list[Terrain] = Field(default_factory=list)
    deploy_order: list[PlayerId] = Field(default_factory=list)
    turn_order: list[PlayerId] = Field(default_factory=list)  # clockwise from the first tosser
    tossing: int = 0  # index into turn_order during the Pigtoss
    turn: int = 0  # Player Turns played, counting the current one
    active: PlayerId | None = None
    stage: Stage = Stage.START
    greased_owners: list[PlayerId] = Field(default_factory=list)  # owners greased in this Grease Toss step
    shooed: list[ModelId] = Field(default_factory=list)  # Pigs turned by Shoo! in this Player Turn
    shoved: list[ModelId] = Field(default_factory=list)  # models Shoved in this Player Turn (they ignore Shoo!)
    queue: list[Task] = Field(default_factory=list)
    pending: list[Reaction] = Field(default_factory=list)
    chain: int = 0  # reactions and knock-ons since the last decision
    paths: list[Path] = Field(default_factory=list)
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    winner: PlayerId | None = None
    final: dict[PlayerId, float] = Field(default_factory=dict)  # Pig distances to the Kitchen at the end

    def orcs_of(self, player: PlayerId) -> list[Model]:
        return [m for m in self.models.values() if m.owner == player and m.kind is Kind.ORC]

    def pig_of(self, player: PlayerId) -> Model:
        return next(m for m in self.models.values() if m.owner == player and m.kind is Kind.PIG)

    def label(self, model_id: ModelId) -> str:
        """A model as the log names it: "Alice's Orc 1a"."""
        m = self.models[model_id]
        return f"{self.name_of(m.owner)}'s {'Pig' if m.kind is Kind.PIG else 'Orc'} {m.id}"


# -- actions ---------------------------------------------------------------------------------


class Deploy(BaseModel):
    """Place your next Orc touching the Pigsty's edge at this bearing (degrees from the centre,
    0 = east, 90 = north)."""

    type: Literal["deploy"] = "deploy"
    angle: float


class TossPig(BaseModel):
    """Put your Pig in base contact with this Orc and toss it. `side` is the bearing from the
    Orc's centre to the Pig's (degrees, 0 = east, 90 = north); None puts it on the side facing
    the centre of the board."""

    type: Literal["toss-pig"] = "toss-pig"
    orc: ModelId
    side: float | None = None


class MoveTo(BaseModel):
    """Step 2: walk an Orc to (x, y), through the turning points `via` in order (each leg
    straight), at most its allowance in all."""

    type: Literal["move"] = "move"
    orc: ModelId
    x: float
    y: float
    via: list[XY] = Field(default_factory=list)


class MoveToward(BaseModel):
    """Step 2: walk an Orc straight at a model, as far as it may: up to the first thing in its
    way, then back to 1" from it (I.6.1)."""

    type: Literal["move-toward"] = "move-toward"
    orc: ModelId
    target: ModelId


class GreaseToss(BaseModel):
    type: Literal["grease"] = "grease"
    orc: ModelId
    target: ModelId


class ChooseStance(BaseModel):
    type: Literal["stance"] = "stance"
    orc: ModelId
    stance: Stance


class Done(BaseModel):
    """Finish the current step (Movement, Grease Toss or Action) with the Orcs left unused."""

    type: Literal["done"] = "done"


class React(BaseModel):
    """Answer a reaction offered during someone's move: use it or let it pass."""

    type: Literal["react"] = "react"
    use: bool


Action = Annotated[Deploy | TossPig | MoveTo | MoveToward | GreaseToss | ChooseStance | Done | React,
                   Field(discriminator="type")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# -- the view ------------------------------------------------------------------------------


class ModelView(BaseModel):
    id: ModelId
    kind: Kind
    owner: PlayerId
    name: str
    colour: int
    x: float
    y: float
    placed: bool
    grease: int
    fire: bool
    shrooms: bool
    stance: Stance | None
    stance_used: bool


class FlyingPigsView(TableView):
    """Everything on the table is public in Flying Pigs: every viewer sees the same."""

    game: Literal["flying-pigs"] = "flying-pigs"
    phase: Phase
    stage: Stage
    turn: int
    board: float
    pigsty: float
    kitchen: float
    models: list[ModelView]
    terrain: list[Terrain]
    order: list[PlayerId]
    colours: dict[PlayerId, int]
    active: PlayerId | None
    pending: Reaction | None
    paths: list[Path]
    feats: dict[str, PlayerId]
    winner: PlayerId | None

    def where(self) -> str:
        """A Game Turn is one Player Turn of each player (`turn` counts Player Turns)."""
        players = max(1, len(self.order))
        return f"Game Turn {(self.turn - 1) // players + 1}" if self.turn > 0 else ""
