"""Masters' Fight (seed 000, III): the state, the actions and the public view."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from rules.core.views import TableView
from pydantic import BaseModel, Field, TypeAdapter

from rules.core.engine import PlayerId
from rules.core.grid import Square
from rules.orclympics.discipline import DisciplineState
from rules.orclympics.broods import Brood


class Terrain(StrEnum):
    PIT = "pit"
    PLATFORM = "platform"


class Item(StrEnum):
    MACE = "mace"
    SPEAR = "spear"
    SHIELD = "shield"
    HELMET = "helmet"
    THROWING_AXE = "throwing_axe"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()


class Phase(StrEnum):
    DEPLOYMENT = "deployment"
    FIGHT = "fight"
    OVER = "over"


class Feat(StrEnum):
    """Seed 000, III.5 Feats: one Victory Point to the first player who completes each."""

    FLYING_MENACE = "Flying Menace"
    SWEAT_DREAMS = "Sweat Dreams"
    MY_PRECIOUS = "My Precious..."
    WHOS_NEXT = "Who's Next?"
    NO_QUARTER = "No Quarter!"


class Orc(BaseModel):
    player: PlayerId
    name: str
    brood: Brood
    square: Square | None = None  # None before deployment and after elimination
    hp: int
    max_hp: int
    combat_skill: int
    knocked_down: bool = False  # the status; an Orc on a Platform ignores it
    item: Item | None = None
    grabs: int = 0
    out: bool = False


class AttackKind(StrEnum):
    SMASH = "smash"
    STOMP = "stomp"
    JUMP = "jump"


class Activation(BaseModel):
    """The active Orc's Initiative Step: what it has left and what it still owes."""

    player: PlayerId
    action_points: int = 2
    move_left: int = 0  # squares left from Move actions already paid for
    used: list[str] = Field(default_factory=list)  # once-per-turn actions done: smash, stomp, jump, recover
    pending_drop: Item | None = None  # an Item the Orc must put on an adjacent square now
    fury_target: PlayerId | None = None  # Feral Fury: a second attack is on offer against this Orc
    fury_kind: AttackKind | None = None
    helmet: HelmetQuestion | None = None  # a Proper fightin' waits for its target's Helmet decision


class HelmetQuestion(BaseModel):
    """A Proper fightin' against an Orc that can use a Helmet: its owner decides (III.2 Helmet,
    "can turn"), and the rest of the attack waits for the answer."""

    wearer: PlayerId
    kind: AttackKind
    fury: bool = False  # the attack was Feral Fury's second strike


Activation.model_rebuild()


class MastersFightState(DisciplineState):
    game: Literal["masters-fight"] = "masters-fight"
    phase: Phase = Phase.DEPLOYMENT
    orcs: dict[PlayerId, Orc]
    terrain: dict[Square, Terrain]
    items: dict[Square, Item]
    turn: int = 1
    order: list[PlayerId]  # Initiative Order of this Game Turn (or of deployment)
    step: int = 0  # index into `order` of who deploys or activates now
    activation: Activation | None = None
    eliminated: list[PlayerId] = Field(default_factory=list)  # first eliminated first
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    highlight: list[Square] = Field(default_factory=list)  # squares the last action touched
    ages: dict[PlayerId, int] | None = None  # campaign age ranks: tied initiative rolls go by them


def on_platform(state: MastersFightState, orc: Orc) -> bool:
    return orc.square is not None and state.terrain.get(orc.square) is Terrain.PLATFORM


def is_down(state: MastersFightState, orc: Orc) -> bool:
    """Knocked Down as it counts now: an Orc on a Platform ignores it (III.2 Platform)."""
    return orc.knocked_down and not on_platform(state, orc)


# -- actions ------------------------------------------------------------------------


class Deploy(BaseModel):
    type: Literal["deploy"] = "deploy"
    square: Square


class Move(BaseModel):
    """Move to a square within the squares left (starting a new Move action if needed), through
    the squares of `via` in order; between them the bot takes the way that climbs the fewest
    Platforms, then the shortest."""

    type: Literal["move"] = "move"
    to: Square
    via: list[Square] = Field(default_factory=list)


class Recover(BaseModel):
    type: Literal["recover"] = "recover"


class Grab(BaseModel):
    type: Literal["grab"] = "grab"


class DropItem(BaseModel):
    """Put the Item the Orc must Drop on this adjacent square (the owner chooses)."""

    type: Literal["drop"] = "drop"
    square: Square


class Smash(BaseModel):
    type: Literal["smash"] = "smash"
    target: PlayerId
    throw_axe: bool = False


class Stomp(BaseModel):
    type: Literal["stomp"] = "stomp"
    target: PlayerId


class Jump(BaseModel):
    type: Literal["jump"] = "jump"
    to: Square
    target: PlayerId


class Fury(BaseModel):
    """Feral Fury: take (or pass on) the second attack at Combat Skill 5."""

    type: Literal["fury"] = "fury"
    strike: bool = True


class UseHelmet(BaseModel):
    """The target of a Proper fightin' spends its Helmet to make it a Smash! (or keeps it)."""

    type: Literal["helmet"] = "helmet"
    use: bool = True


class EndActivation(BaseModel):
    type: Literal["end"] = "end"


Action = Annotated[
    Deploy | Move | Recover | Grab | DropItem | Smash | Stomp | Jump | Fury | UseHelmet | EndActivation,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# -- the view -------------------------------------------------------------------------


class OrcView(BaseModel):
    player: PlayerId
    name: str
    brood: Brood
    colour: int
    square: Square | None
    hp: int
    max_hp: int
    combat_skill: int
    knocked_down: bool  # as it counts now (False on a Platform)
    item: Item | None
    out: bool


class MastersFightView(TableView):
    """Everything on the table. Masters' Fight has no hidden information."""

    game: Literal["masters-fight"] = "masters-fight"
    phase: Phase
    turn: int
    orcs: list[OrcView]  # in seat order
    terrain: dict[Square, Terrain]
    items: dict[Square, Item]
    order: list[PlayerId]
    active: PlayerId | None
    action_points: int
    move_left: int
    eliminated: list[PlayerId]
    feats: dict[str, PlayerId]
    highlight: list[Square] = Field(default_factory=list)  # squares of the last action, for the renderer
