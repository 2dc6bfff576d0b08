"""Orcz's state, actions and view (seed 003). Plain pydantic models: the state is the whole game,
actions a union on `type`, the view what one seat may see of it (secrets only through
`rules.orcz.secrets`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.engine import GameState, PlayerId
from rules.core.stages import Ask as CoreAsk
from rules.core.views import TableView
from rules.orcz.data import CHAMPION, SHAMAN, Event
from rules.orcz.data import Field as Battlefield

Side = Literal["left", "right"]
SIDES: tuple[Side, Side] = ("right", "left")
"""Struggles compare the right-hand cards first, then the left (L163-166)."""


def other_side(side: Side) -> Side:
    return "left" if side == "right" else "right"


class Rank(BaseModel):
    """Two cards of one Warlord side by side, one of them face down until it is revealed. A card
    lost in a struggle leaves its place empty (None): a rank with one card left is broken."""

    id: int
    owner: PlayerId
    left: str | None
    right: str | None
    down: Side  # the side placed face down
    revealed: bool = False

    def card(self, side: Side) -> str | None:
        return self.left if side == "left" else self.right

    def put(self, side: Side, card: str | None) -> None:
        if side == "left":
            self.left = card
        else:
            self.right = card

    @property
    def hidden(self) -> str | None:
        """The face-down card while it is still face down."""
        return None if self.revealed else self.card(self.down)

    def cards(self) -> list[str]:
        return [c for c in (self.left, self.right) if c is not None]

    @property
    def broken(self) -> bool:
        return len(self.cards()) < 2

    def holds(self, hero: str) -> bool:
        return hero in self.cards()

    @property
    def heroic(self) -> bool:
        """A rank with the Champion or the Shaman never struggles (L296, L302)."""
        return self.holds(CHAMPION) or self.holds(SHAMAN)


class Front(BaseModel):
    """One Battlefield: its Challenges and the ranks deployed there this turn."""

    field: Battlefield
    unseen: list[int]  # Challenges (indices into CHALLENGES) nobody has seen: the stack and the removed ones
    stack: int  # face-down Challenges still stacked here
    challenge: int | None = None  # the face-up Challenge, None when there is none
    ranks: list[Rank] = Field(default_factory=list)  # the line, front (nearest the Battlefield) first
    aside: list[Rank] = Field(default_factory=list)  # ranks set aside, in the order they stood aside
    done: bool = False  # resolved this turn

    @property
    def open(self) -> bool:
        """It still has a Challenge to fight, so it takes ranks (L24-26)."""
        return self.challenge is not None

    @property
    def cleared(self) -> bool:
        """Every Challenge of it defeated (L324-327)."""
        return self.challenge is None and self.stack == 0


class Warlord(BaseModel):
    player: PlayerId
    colour: str
    hand: list[str]  # behind the screen: troops and unspent Heroes (secret: the owner's)
    slaves: int  # behind the screen (secret: the owner's, until the end)
    spent: list[str] = Field(default_factory=list)  # Heroes used, shown in front of the screen
    placed: int = 0  # ranks placed this turn (a skipped placement is none)
    skipped: int = 0  # placements skipped this turn: no lawful rank could be made (L76-80)
    back: list[str] = Field(default_factory=list)
    """Troop cards back behind the screen this turn, which everyone saw go there: beaten in a struggle
    (L171-174) or home from a resolved Battlefield (L259-261). Public; they are in `hand` too, and a
    computer's picture keeps them there."""


class Phase(StrEnum):
    DEPLOY = "deploy"
    STRUGGLE = "struggle"
    OVER = "over"


class AskKind(StrEnum):
    PLACE = "place"
    STRUGGLE = "struggle"
    SPLIT = "split"


class Ask(CoreAsk):
    kind: AskKind


class Split(BaseModel):
    """A secondary value to share out after a Challenge (L245-257, L265-269)."""

    by: PlayerId
    front: Battlefield
    amount: int
    won: bool  # True: Slaves given from the pool; False: Slaves the chosen players must pay
    among: list[PlayerId]


class Look(BaseModel):
    """A Scout's look at a face-down card (L306-308): public that it happened, its card the scout's."""

    by: PlayerId
    rank: int


class OrczState(GameState):
    game: Literal["orcz"] = "orcz"
    warlords: list[Warlord]
    fronts: list[Front]
    turns: int
    turn: int = 1
    first: int = 0  # seat index of this turn's first player
    round: int = 1
    next: int = 0  # how many seats after the first player the deployment is at, this round
    event: Event | None = None
    events_left: list[Event] = Field(default_factory=list)
    phase: Phase = Phase.DEPLOY
    current: Battlefield | None = None  # the Battlefield being resolved
    ask: Ask | None = None
    split: Split | None = None
    looks: list[Look] = Field(default_factory=list)
    next_rank: int = 1
    nobody_won: bool = False
    timer: bool = False  # the optional phrase timer (L39-44, L50-54), a table option
    late: bool = False  # the time for the rank being placed has run out: the others may challenge

    def warlord(self, player: PlayerId) -> Warlord:
        return next(w for w in self.warlords if w.player == player)

    def front(self, field: Battlefield | str) -> Front:
        return next(f for f in self.fronts if f.field == field)

    def rank(self, rank_id: int) -> tuple[Front, Rank] | None:
        for front in self.fronts:
            for rank in (*front.ranks, *front.aside):
                if rank.id == rank_id:
                    return front, rank
        return None

    @property
    def players(self) -> list[PlayerId]:
        return [w.player for w in self.warlords]


# -- actions ---------------------------------------------------------------------------------------------

class Place(BaseModel):
    """Deploy a rank (L112-120): the Battlefield, the card on the left and on the right, which is face down."""

    type: Literal["place"] = "place"
    field: Battlefield
    left: str
    right: str
    down: Side


class Struggle(BaseModel):
    """The rear rank attacks the rank in front (L161-166)."""

    type: Literal["struggle"] = "struggle"


class Hold(BaseModel):
    """The rear rank does not struggle and stands aside (L205-209)."""

    type: Literal["hold"] = "hold"


class Share(BaseModel):
    """The secondary value shared out: how many Slaves each named player gets (or pays)."""

    type: Literal["share"] = "share"
    shares: dict[PlayerId, int] = Field(default_factory=dict)


class Scout(BaseModel):
    """Spend the Scout to look at one opponent's face-down card (L306-308). The rank is named as
    everyone names it, in the log, the menus and the commands: its Battlefield and its place in the
    line there, counted from the front (1: right in front of the Battlefield, L118-120)."""

    type: Literal["scout"] = "scout"
    field: Battlefield
    rank: int


class TimeUp(BaseModel):
    """The time for the rank being placed has run out (the optional timer, L50-54). The rules have no
    clock: this is the placing prompt's `default`, applied by the bot's reaction timer, never chosen."""

    type: Literal["time-up"] = "time-up"


class Gnorish(BaseModel):
    """The challenge (L39-44, L52-54): another Warlord recites the Orcish phrase at a slow placer, who
    discards one Goblin Slave to the pool and must still place the rank."""

    type: Literal["gnorish"] = "gnorish"


OrczAction = Annotated[Place | Struggle | Hold | Share | Scout | TimeUp | Gnorish, Field(discriminator="type")]


# -- the view --------------------------------------------------------------------------------------------

class RankView(BaseModel):
    id: int
    owner: PlayerId
    left: str | None  # a face-up card, or the face-down one when the viewer may see it
    right: str | None
    down: Side | None  # the side still face down (None once revealed)
    lost: list[Side] = Field(default_factory=list)  # sides whose card was beaten in a struggle
    mine: bool = False  # the viewer's own rank (its face-down card is marked on their picture)
    scouted_by: list[PlayerId] = Field(default_factory=list)


class FrontView(BaseModel):
    field: Battlefield
    title: str
    primary: int | None
    secondary: int | None
    need: int | None
    stack: int
    cleared: bool
    done: bool
    current: bool
    ranks: list[RankView]
    aside: list[RankView]
    strength: dict[PlayerId, int] = Field(default_factory=dict)  # from the cards everyone can see


class WarlordView(BaseModel):
    player: PlayerId
    colour: str
    slaves: int | None  # the viewer's own, or everyone's once the game is over
    spent: list[str]
    placed: int  # ranks on the table this turn
    skipped: int = 0  # placements skipped this turn (no lawful rank)
    hand: list[str] | None = None  # the viewer's own hand only


class OrczView(TableView):
    game: Literal["orcz"] = "orcz"
    turns: int
    round: int
    first: PlayerId
    event: Event | None
    event_title: str = ""
    event_text: str = ""
    warlords: list[WarlordView]
    fronts: list[FrontView]
    split: Split | None = None
    looks: list[Look] = Field(default_factory=list)
    nobody_won: bool = False
    summary: str = ""
    timer: bool = False  # the table plays with the phrase timer
    late: bool = False  # the placer's time has run out: the others may challenge

    def where(self) -> str:
        return f"Turn {self.turn} of {self.turns}" if self.turn > 0 else ""


__all__ = ["Ask", "AskKind", "Front", "FrontView", "Gnorish", "Hold", "Look", "OrczAction", "OrczState", "OrczView", "Phase",
           "Place", "Rank", "RankView", "SIDES", "Scout", "Share", "Side", "Split", "Struggle", "TimeUp", "Warlord",
           "WarlordView", "other_side"]
