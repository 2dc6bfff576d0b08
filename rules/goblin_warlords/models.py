"""The goblin warlords game's state, actions and views (seed 002). Plain pydantic models: the state
is the whole game, actions a union on `type`, a view what one seat may see of it (hands and cups
only through `rules.goblin_warlords.secrets`).

Chips are named by number: a unit chip by its index in `data.UNIT_CHIPS`, so a hand, the tribe cup
and an army are lists of numbers; the gold cup holds the words of `data.gold_cup`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.engine import GameState, PlayerId
from rules.core.stages import Ask as CoreAsk
from rules.core.views import TableView
from rules.goblin_warlords.data import ROADS, CaravanKind

SLUG = "goblin-warlords"


class Phase(StrEnum):
    """Where the game is. SETUP: bosses chosen and units traded (L6-7). The game turn (L9-16):
    CARAVANS (A) and PLACE_CARAVANS (B1) need no choice and pass at once; REINFORCE is B2, the
    active player's draw; MARCH is B3 onwards, not played by this slice yet."""

    SETUP = "setup"
    REINFORCE = "reinforce"
    MARCH = "march"
    OVER = "over"


class SetupStep(StrEnum):
    """A player's own progress through the set-up: how many bosses, then which units to trade."""

    BOSSES = "bosses"
    TRADE = "trade"
    DONE = "done"


class Warlord(BaseModel):
    """One player. Everything in the hand is the owner's secret (reading a6): its unit chips, its
    gold, and caravan chips drawn but not yet placed; how many chips it holds is public."""

    player: PlayerId
    units: list[int] = Field(default_factory=list)  # unit chips in hand (secret)
    gold: int = 0  # gold chips in hand (secret)
    caravans: list[CaravanKind] = Field(default_factory=list)  # caravan chips in hand, unplaced (secret)
    captives: list[int] = Field(default_factory=list)  # enemy leaders held (L74): not used by this slice
    bosses: int = 0  # bosses taken at the set-up (L6), public
    setup: SetupStep = SetupStep.BOSSES
    leaderless: bool = False  # had no leader on the map or in hand when this turn began (L25; reading c12)
    redraws: int = 0  # hands shown and redrawn this turn (L25)
    kept_hand: bool = False  # chose this turn to keep the hand rather than redraw it

    @property
    def gold_chips(self) -> int:
        """Chips from the gold cup in the hand: the gold and the unplaced caravans."""
        return self.gold + len(self.caravans)


class Army(BaseModel):
    """Units together in one territory: a leader with the units it leads, or units left without one
    (L31-32). `owner` None: nobody controls them (rebels, or left neutral, L36)."""

    id: int
    owner: PlayerId | None
    territory: int
    leader: int | None = None  # a unit chip
    units: list[int] = Field(default_factory=list)
    gold: int = 0  # gold carried (L49-50)


class Caravan(BaseModel):
    """A caravan on its road (L18, L22). Its power is unknown until it is first attacked (L76)."""

    id: int
    kind: CaravanKind
    step: int = 0  # index along its road (`data.ROADS`)
    power: int | None = None
    treasury: int = 0  # gold chips it carries once its power is known (L81)

    @property
    def territory(self) -> int:
        return ROADS[self.kind][self.step]

    @property
    def arrived(self) -> bool:
        return self.step >= len(ROADS[self.kind]) - 1


class Fortress(BaseModel):
    territory: int
    rating: int
    owner: PlayerId


class AskKind(StrEnum):
    REDRAW = "redraw"  # B2: no leader — show and redraw the hand, or keep it (L25)
    BUY = "buy"  # B2: buy up to two more units (L24)


class Ask(CoreAsk):
    kind: AskKind


class GoblinState(GameState):
    game: Literal["goblin-warlords"] = "goblin-warlords"
    warlords: list[Warlord]
    tribe_cup: list[int]  # unit chips not in play (secret from everyone: what is left reveals hands)
    gold_cup: list[str]  # gold and caravan chips not in play (secret from everyone)
    armies: list[Army] = Field(default_factory=list)
    caravans: list[Caravan] = Field(default_factory=list)
    fortresses: list[Fortress] = Field(default_factory=list)
    mines: list[int] = Field(default_factory=list)  # territories with a mine (one each, L66)
    control: dict[int, PlayerId] = Field(default_factory=dict)  # controlled orclands (L33)
    phase: Phase = Phase.SETUP
    turn: int = 0  # the game turn; 0 during the set-up
    first: int = 0  # seat index of the player drawn to start the game (L7)
    order: list[PlayerId] = Field(default_factory=list)  # this game turn's order of player turns (L20)
    active: int = 0  # index in `order` of the player whose turn it is
    ask: Ask | None = None
    next_id: int = 1  # ids of armies and caravans

    def warlord(self, player: PlayerId) -> Warlord:
        for warlord in self.warlords:
            if warlord.player == player:
                return warlord
        raise KeyError(player)

    @property
    def players(self) -> list[PlayerId]:
        return [w.player for w in self.warlords]

    @property
    def current(self) -> PlayerId | None:
        """Whose player turn it is (None during the set-up or once the game is over)."""
        if self.phase in (Phase.SETUP, Phase.OVER) or not self.order:
            return None
        return self.order[self.active]

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1


# -- actions ----------------------------------------------------------------------------------------

class ChooseBosses(BaseModel):
    """Set-up: start with one boss or two (L6); the bosses are drawn at random (reading b3)."""

    type: Literal["bosses"] = "bosses"
    count: int


class TradeForGold(BaseModel):
    """Set-up: give back these unit chips from the hand for as many gold chips (L6); none keeps them all."""

    type: Literal["trade-for-gold"] = "trade-for-gold"
    units: list[int] = Field(default_factory=list)


class Redraw(BaseModel):
    """B2, with no leader: show the hand, put its units back in the tribe cup and draw six (L25)."""

    type: Literal["redraw"] = "redraw"


class KeepHand(BaseModel):
    """B2, with no leader: keep the hand as it is."""

    type: Literal["keep-hand"] = "keep-hand"


class Reinforce(BaseModel):
    """B2: after the three free units, buy `bought` more (0 to 2) at 2 gold each (L24)."""

    type: Literal["reinforce"] = "reinforce"
    bought: int = 0


GoblinAction = Annotated[ChooseBosses | TradeForGold | Redraw | KeepHand | Reinforce, Field(discriminator="type")]


# -- the view ---------------------------------------------------------------------------------------

class WarlordView(BaseModel):
    player: PlayerId
    bosses: int
    ready: bool  # set-up done
    units: int  # how many unit chips the hand holds (public)
    gold_chips: int  # how many gold-cup chips the hand holds: gold and unplaced caravans (public)
    hand: list[int] | None = None  # the unit chips: the viewer's own hand only
    gold: int | None = None  # the viewer's own
    caravans: list[CaravanKind] | None = None  # the viewer's own unplaced caravans
    authority: int = 0  # the sum of its leaders' authority on the map (the order of play, L20)


class CaravanView(BaseModel):
    id: int
    kind: CaravanKind
    territory: int
    destination: int
    power: int | None


class GoblinView(TableView):
    game: Literal["goblin-warlords"] = "goblin-warlords"
    warlords: list[WarlordView]
    armies: list[Army]
    caravans: list[CaravanView]
    fortresses: list[Fortress]
    mines: list[int]
    control: dict[int, PlayerId]
    order: list[PlayerId]
    current: PlayerId | None
    first: PlayerId
    tribe_cup: int  # chips left in each cup
    gold_cup: int


__all__ = ["SLUG", "Army", "Ask", "AskKind", "Caravan", "CaravanView", "ChooseBosses", "Fortress", "GoblinAction",
           "GoblinState", "GoblinView", "KeepHand", "Phase", "Redraw", "Reinforce", "SetupStep", "TradeForGold",
           "Warlord", "WarlordView"]
