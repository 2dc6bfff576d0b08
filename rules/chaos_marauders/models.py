"""Chaos Marauders' state, actions and view as pydantic models.

A card is its number in `data.DECK`; a line is six slots, each a card or None. Everything on the
table is public; hidden are the order of the draw pile, which the view shows as a count, and the card
just drawn while its drawer decides on it, which only the drawer (and a Git owner weighing it) sees
(`secrets.py`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from rules.core.engine import GameState, PlayerId
from rules.core.stages import Ask as CoreAsk
from rules.core.views import TableView


class AskKind(StrEnum):
    DRAWN = "drawn"  # where the drawn card goes (or what its power does), or decline it
    GIT = "git"  # the Git owners: force the victim to discard the card, or let it be
    HOLD = "hold"  # where a card received (captured, stolen, claimed, pulled) goes
    PENALTY = "penalty"  # a wrong shout: take a card from the shouter, or spare them
    ATTACK = "attack"  # a line just completed (or led by Bilge) may attack
    STICK = "stick"  # the Pigsticker's discard
    BILGE = "bilge"  # reorganize, lead an attack, or neither
    REORGANIZE = "reorganize"  # Bilge's reorganization, one move (or swap) at a time, checked when done
    LAST_CALL = "last-call"  # the turn is over; late shouts for it still count until the next player draws (C14)


class Ask(CoreAsk):
    kind: AskKind  # type: ignore[assignment]


class Held(BaseModel):
    """A card a player has received and must (or may) put in their lines."""

    card: int
    player: PlayerId
    source: str  # captured, stolen, penalty, claimed, pulled, odlugg
    may_attack: bool = False  # a line it completes may attack (Creeps, shout penalty, parts a drawn crew pulls: C3)


class Chance(BaseModel):
    """An attack a line may make now."""

    player: PlayerId
    line: int
    left: int = 1  # attacks left (2 with a Shaman, L85-97)
    led: bool = False  # Bilge leads it: the line need not be complete (L362-367)


class CMState(GameState):
    game: str = "chaos-marauders"
    order: list[PlayerId]
    lines: dict[PlayerId, list[list[int | None]]]
    pile: list[int]
    discards: list[int] = Field(default_factory=list)
    reshuffled: bool = False
    git_owner: dict[int, PlayerId] = Field(default_factory=dict)
    active: int = 0
    turn: int = 1
    drawn: int | None = None  # the card being decided on: seen by its drawer alone (secrets.py)
    intent: dict[str, Any] | None = None  # the drawer's stated use of the card, while Git owners decide
    git_waiting: list[PlayerId] = Field(default_factory=list)
    ask: Ask | None = None
    held: list[Held] = Field(default_factory=list)
    penalties: list[PlayerId] = Field(default_factory=list)
    chances: list[Chance] = Field(default_factory=list)
    effects: list[str] = Field(default_factory=list)  # powers still to use: "pigsticker", "bilge:<line>"
    turn_over: bool = False
    marauders_turn: int | None = None  # the turn in which the Chaos Marauders was last drawn
    claim: PlayerId | None = None  # a right shout made while the Marauders was not yet placed
    claimed: bool = False  # a right shout already won this turn
    arranged: list[list[int | None]] | None = None  # the drawer's lines when Bilge's reorganization began
    moves_left: int = 0  # the moves Bilge's reorganization has left (house: it must end)
    shouted: list[PlayerId] = Field(default_factory=list)  # who shouted this turn once it was won, in order
    new: list[int] = Field(default_factory=list)  # cards put in lines this turn (they look alike)
    over: bool = False
    end: str = ""
    idol: dict[PlayerId, int] = Field(default_factory=dict)  # the Idol's value, rolled at the end
    scores: dict[PlayerId, int] | None = None

    @property
    def current(self) -> PlayerId:
        return self.order[self.active]

    @property
    def round(self) -> int:
        return (self.turn - 1) // len(self.order) + 1


# -- actions -----------------------------------------------------------------------------------------


class Place(BaseModel):
    """Put the drawn card in a line: one's own, or an opponent's for a Git or the Idol."""

    type: Literal["place"] = "place"
    line: int
    slot: int
    player: PlayerId | None = None  # whose line; None: the drawer's own


class Decline(BaseModel):
    type: Literal["decline"] = "decline"


class Steal(BaseModel):
    """Venomous Creeps: take a non-purple card from an opponent's line (L136-152)."""

    type: Literal["steal"] = "steal"
    player: PlayerId
    line: int
    slot: int


class Blast(BaseModel):
    """Skyrr's Blowback at an opponent's line (L368-390)."""

    type: Literal["blast"] = "blast"
    player: PlayerId
    line: int


class Assassinate(BaseModel):
    """A drawn Git kills a Git in one's own lines (L230-238)."""

    type: Literal["assassinate"] = "assassinate"
    line: int
    slot: int


class ForceDiscard(BaseModel):
    type: Literal["force-discard"] = "force-discard"


class LetBe(BaseModel):
    type: Literal["let-be"] = "let-be"


class Put(BaseModel):
    """Put a received card in one's lines (an occupied slot only when a pulled machine needs room), or
    a received Idol in an opponent's line (L313-323)."""

    type: Literal["put"] = "put"
    line: int
    slot: int
    player: PlayerId | None = None  # whose line; None: one's own


class Drop(BaseModel):
    type: Literal["drop"] = "drop"


class Take(BaseModel):
    """After a wrong shout: take this card from the shouter's lines."""

    type: Literal["take"] = "take"
    line: int
    slot: int


class Spare(BaseModel):
    type: Literal["spare"] = "spare"


class Attack(BaseModel):
    type: Literal["attack"] = "attack"
    player: PlayerId
    line: int


class HoldBack(BaseModel):
    type: Literal["hold-back"] = "hold-back"


class Stick(BaseModel):
    """The Pigsticker's discard: a purple card (or Odlugg) in an opponent's line (L65-83)."""

    type: Literal["stick"] = "stick"
    player: PlayerId
    line: int
    slot: int


class Skip(BaseModel):
    type: Literal["skip"] = "skip"


class Reorganize(BaseModel):
    type: Literal["reorganize"] = "reorganize"


class Lead(BaseModel):
    type: Literal["lead"] = "lead"


class Shift(BaseModel):
    """Bilge's reorganization: move one of one's cards to another slot of one's lines; a card standing
    there takes its place (the two swap). The placing rules are checked only when the player is done."""

    type: Literal["shift"] = "shift"
    from_line: int
    from_slot: int
    line: int
    slot: int


class StartOver(BaseModel):
    """Bilge's reorganization: put every card back where it stood when it began."""

    type: Literal["start-over"] = "start-over"


class Done(BaseModel):
    type: Literal["done"] = "done"


class Begin(BaseModel):
    """The next player draws their first card, which ends the last call for shouts on the turn
    before (C14); the bot plays it when the last call's time runs out."""

    type: Literal["begin"] = "begin"


class Shout(BaseModel):
    """'Chaos Marauders!' about turn `turn` (None: the turn now). Judged by the turn, not by the
    state's version, so a shout sent just as the next card is drawn still counts."""

    type: Literal["shout"] = "shout"
    turn: int | None = None


CMAction = Annotated[
    Place | Decline | Steal | Blast | Assassinate | ForceDiscard | LetBe | Put | Drop | Take | Spare | Attack
    | HoldBack | Stick | Skip | Reorganize | Lead | Shift | StartOver | Done | Begin | Shout,
    Field(discriminator="type")]


# -- the view -------------------------------------------------------------------------------------------


class CardView(BaseModel):
    card: int
    key: str
    name: str
    colour: str
    ar: int
    vp: int
    git_owner: PlayerId | None = None
    new: bool = False


class LineView(BaseModel):
    slots: list[CardView | None]
    value: int  # the Attack Value
    complete: bool
    horned_rat: bool
    odlugg: bool


class PlayerView(BaseModel):
    player: PlayerId
    colour: int
    lines: list[LineView]
    vp: int  # Victory Points as the table stands (the Idol not counted until the end)
    idol: int | None = None


class CMView(TableView):
    game: str = "chaos-marauders"
    round: int
    active: PlayerId | None
    players: list[PlayerView]
    pile: int
    reshuffled: bool
    discards: list[CardView]
    drawn: CardView | None  # only in the view of one who may see it (its drawer, a Git owner weighing it)
    asked: str
    last_call: bool = False  # the turn of `active` is over; only late shouts about it are still heard (C14)
    over: bool
    end: str
    scores: dict[PlayerId, int] | None = None

    def where(self) -> str:
        return f"Round {self.round}" if self.round > 0 else ""


__all__ = ["Ask", "AskKind", "Assassinate", "Attack", "Begin", "Blast", "CMAction", "CMState", "CMView", "CardView", "Chance",
           "Decline", "Done", "Drop", "ForceDiscard", "Held", "HoldBack", "Lead", "LetBe", "LineView", "Place",
           "PlayerView", "Put", "Reorganize", "Shift", "Shout", "Skip", "Spare", "StartOver", "Steal", "Stick",
           "Take"]
