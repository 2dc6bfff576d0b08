"""Timber! (seed 000, IV): the state, the actions and the public view.

Orcs are named by an id made of their player and a number ("<player>:1", "<player>:2"),
so every action says which Orc acts and the JSON log stays readable.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.engine import PlayerId
from rules.core.grid import Square
from rules.core.views import TableView
from rules.orclympics.discipline import DisciplineState
from rules.orclympics.broods import Brood

OrcId = str
"""An Orc: "<player>:1" or "<player>:2"."""


class Phase(StrEnum):
    DEPLOYMENT = "deployment"
    PLAY = "play"
    OVER = "over"


class Stage(StrEnum):
    """IV.4.2 Player Turn Sequence: the three steps, in order."""

    DISTRIBUTE = "distribute"
    BOAR = "boar"
    ACTIONS = "actions"


class Compass(StrEnum):
    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"


class Feat(StrEnum):
    """Seed 000, IV.5 Feats: one Victory Point to the first player who completes each."""

    DEFOREST = "Deforest"
    GIMME_THAT = "Gimme That!"
    NATURES_REVENGE = "Nature's Revenge"
    CLEVER_GATHERING = "Clever Gathering"
    TEAM_WORK = "Team Work"


class Orc(BaseModel):
    id: OrcId
    player: PlayerId
    name: str
    brood: Brood
    square: Square | None = None  # None before deployment and after leaving the Forest
    wood: int = 0
    left: bool = False  # ran out of the Forest; its Wood counts for its player


class Threat(BaseModel):
    """A Smash Attack still to resolve (IV.4.2.3.4): against whom, from what, and the squares
    an escaping Orc may not land on (the Tree's line, or the squares the Boar has still to run)."""

    orc: OrcId
    cause: Literal["boar", "tree"]
    line: list[Square]
    by: PlayerId  # the active player, for Nature's Revenge


class Escape(BaseModel):
    """An Orc escaped a Smash Attack and its owner picks where it jumps to."""

    orc: OrcId
    options: list[Square]


class Aim(BaseModel):
    """A Tree is falling and the gatherer's owner chooses where (IV.4.2.3.4, 4-6)."""

    tree: Square
    orc: OrcId


class Push(BaseModel):
    """The winner of a Shoving moves the loser square by square (IV.4.2.3.2)."""

    orc: OrcId
    steps: int


class Fall(BaseModel):
    """A Tree that fell: the line from its centre to the edge, in board units, and what it touched."""

    tree: Square
    end: tuple[float, float]
    touched: list[Square]
    turn: int


class PlayerTurn(BaseModel):
    """The active player's turn: where in the sequence it is and what is left to spend."""

    player: PlayerId
    stage: Stage = Stage.DISTRIBUTE
    tokens: dict[OrcId, int] = Field(default_factory=dict)  # Action Tokens left per Orc
    acting: OrcId | None = None  # the Orc resolving its actions now
    done: list[OrcId] = Field(default_factory=list)  # Orcs whose actions are over for this turn
    boar_roll: int = 0  # the D3 rolled for the Wild Boar
    boar_squares: int = 0  # how far it actually goes (see READINGS "boar-blocked")
    threats: list[Threat] = Field(default_factory=list)
    run: list[Square] = Field(default_factory=list)  # squares the Wild Boar has still to enter
    escape: Escape | None = None
    aim: Aim | None = None
    push: Push | None = None


class TimberState(DisciplineState):
    game: Literal["timber"] = "timber"
    phase: Phase = Phase.DEPLOYMENT
    orcs: dict[OrcId, Orc]  # seat order, first Orc before second
    trees: dict[Square, int]  # standing Trees and their Wood
    rocks: list[Square]
    bushes: list[Square]
    boar: Square
    dropped: dict[Square, int] = Field(default_factory=dict)  # Wood lying on the ground
    turn: int = 1
    order: list[PlayerId]  # Initiative Order of this Game Turn (or of deployment)
    step: int = 0  # index into `order` of who deploys or plays now
    current: PlayerTurn | None = None
    ages: dict[PlayerId, int] | None = None  # campaign age ranks (0 = youngest) for tied rolls
    bushes_opened: dict[PlayerId, int] = Field(default_factory=dict)
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    falls: list[Fall] = Field(default_factory=list)
    highlight: list[Square] = Field(default_factory=list)  # squares the last action touched


# -- actions ------------------------------------------------------------------------------


class Deploy(BaseModel):
    """IV.3: both Orcs at once, the first Orc on `first`, on two neighbouring free edge squares."""

    type: Literal["deploy"] = "deploy"
    first: Square
    second: Square


class Distribute(BaseModel):
    """IV.4.2.1: Action Tokens per Orc, at most three each, all four handed out."""

    type: Literal["distribute"] = "distribute"
    tokens: dict[OrcId, int]


class BoarPath(BaseModel):
    """IV.4.2.2: the squares the Wild Boar runs through, in order, the last one where it stops."""

    type: Literal["boar"] = "boar"
    path: list[Square]


class BoarRandom(BaseModel):
    """Let the dice choose one of the Boar's legal paths."""

    type: Literal["boar-random"] = "boar-random"


class Move(BaseModel):
    type: Literal["move"] = "move"
    orc: OrcId
    to: Square


class Leave(BaseModel):
    """IV.4.2.3.1: a Move off the board from an edge square, from Game Turn 5 on."""

    type: Literal["leave"] = "leave"
    orc: OrcId


class Shove(BaseModel):
    type: Literal["shove"] = "shove"
    orc: OrcId
    target: OrcId


class OpenWay(BaseModel):
    type: Literal["open-way"] = "open-way"
    orc: OrcId
    bush: Square


class Gather(BaseModel):
    """IV.4.2.3.4 Gather Wood: one token, a 4+ roll."""

    type: Literal["gather"] = "gather"
    orc: OrcId
    tree: Square


class GatherOrcy(BaseModel):
    """IV.4.2.3.5 Gather Wood in Orcy Style: two tokens, no roll."""

    type: Literal["gather-orcy"] = "gather-orcy"
    orc: OrcId
    tree: Square


class PickWood(BaseModel):
    type: Literal["pick-wood"] = "pick-wood"
    orc: OrcId


class ShareWood(BaseModel):
    """IV.4.2.3.7: `orc` ends up carrying `keep` Wood and its teammate the rest of the pair's Wood."""

    type: Literal["share-wood"] = "share-wood"
    orc: OrcId
    keep: int


class EndTurn(BaseModel):
    """Stop acting; any Action Tokens left are lost."""

    type: Literal["end-turn"] = "end-turn"


class EscapeTo(BaseModel):
    """Where an Orc that escaped a Smash Attack jumps to (its owner answers, whoever is active)."""

    type: Literal["escape"] = "escape"
    square: Square


class PushTo(BaseModel):
    """The next square the loser of a Shoving is pushed onto."""

    type: Literal["push"] = "push"
    square: Square


class FellCompass(BaseModel):
    """Fell the Tree in one of the eight compass directions."""

    type: Literal["fell-compass"] = "fell-compass"
    direction: Compass


class FellToward(BaseModel):
    """Fell the Tree along the line from its centre through the centre of `square`."""

    type: Literal["fell-toward"] = "fell-toward"
    square: Square


Action = Annotated[
    Deploy | Distribute | BoarPath | BoarRandom | Move | Leave | Shove | OpenWay | Gather | GatherOrcy | PickWood
    | ShareWood | EndTurn | EscapeTo | PushTo | FellCompass | FellToward,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# -- the view ------------------------------------------------------------------------------


class OrcView(BaseModel):
    id: OrcId
    player: PlayerId
    name: str
    number: int  # 1 or 2, drawn on the token
    colour: int
    square: Square | None
    wood: int
    left: bool
    tokens: int  # Action Tokens left this Player Turn (0 when not its player's turn)


class PlayerView(BaseModel):
    player: PlayerId
    name: str
    brood: Brood
    colour: int
    wood_out: int  # Wood carried out of the Forest so far


class FallView(BaseModel):
    tree: Square
    end: tuple[float, float]
    touched: list[Square]


class TimberView(TableView):
    """Everything on the table. Timber! has no hidden information."""

    game: Literal["timber"] = "timber"
    phase: Phase
    turn: int
    turns: int
    stage: Stage | None
    players: list[PlayerView]  # seat order
    orcs: list[OrcView]
    trees: dict[Square, int]
    rocks: list[Square]
    bushes: list[Square]
    boar: Square
    dropped: dict[Square, int]
    order: list[PlayerId]
    active: PlayerId | None
    tokens_left: int
    boar_roll: int
    waiting: list[PlayerId]
    feats: dict[str, PlayerId]
    falls: list[FallView]  # Trees that fell this Game Turn, for drawing their line
    highlight: list[Square] = Field(default_factory=list)
