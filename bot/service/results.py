"""What the table service hands back and the sentences it refuses with: a lobby, a snapshot of a
game, a move's result, and the small rules of the table shared by its pieces (whose turn it is in
words, whose private events are whose, the bot's move for an idle player, idle players placed last).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from pydantic import BaseModel, SerializeAsAny, ValidationError

from bot.service.seat_views import private_parts

from bot.storage.store import GameRow, SeatRow, Tx
from rules.core.computer import is_computer
from rules.core.engine import Event, Game, Outcome, PlayerId, Prompt, Seat, SeatPick, TableOption




T = TypeVar("T")

NO_GAME = "There is no game running in this channel. Start one with /game new."
NOT_STARTED = "The game has not started yet; its creator can start it with /game start."
NOT_PLAYING = "You are not playing in this game."
STALE = "That button is from an earlier moment of the game; use the newest message."

class TableError(Exception):
    """A command that cannot be done. The message is one sentence for the user; nothing changed."""


class Gone(Exception):
    """Inside `act`: the button's game is not the channel's open game (the sentence needs a read)."""


class Lobby(BaseModel):
    """A game that is gathering players (or, in `status`, what became of it)."""

    game_id: int
    slug: str
    title: str
    channel_id: int
    creator: PlayerId
    seats: list[Seat]
    status: str
    note: str | None
    min_players: int
    max_players: int
    pick: SeatPick | None  # what a player picks as they sit down; None: nothing
    rules: list[TableOption] = []  # the game's optional rules this table switched on


class Snapshot(BaseModel):
    """A game as it stands: for /game status and /game board, and for restoring buttons."""

    game_id: int
    slug: str
    title: str
    channel_id: int
    status: str
    version: int
    creator: PlayerId
    seats: list[Seat]
    state: Any  # None while in the lobby, or when abandoned before starting
    public_view: SerializeAsAny[BaseModel] | None  # None when there is no state
    prompts: list[Prompt]
    waiting_for: list[PlayerId]
    outcome: Outcome | None
    campaign_id: int | None = None
    private_seats: list[PlayerId] = []  # the human seats whose own view shows what the table's does not
    guild_id: int | None = None  # the server of the channel: which process owns the game (`bot.storage.shards`)
    undo_by: PlayerId | None = None
    """Who may take back the last move now (`Game.undo_refusal`), as worked out when it was made or
    taken back; None after a restart until the next move (/game undo still asks the rules)."""


class TurnResult(BaseModel):
    """What one start or move produced, split by who may see it."""

    game_id: int
    slug: str
    title: str
    channel_id: int
    version: int
    seats: list[Seat]
    public_events: list[Event]
    private_events: dict[PlayerId, list[Event]]  # only players who got at least one
    public_view: SerializeAsAny[BaseModel]
    prompts: list[Prompt]
    waiting_for: list[PlayerId]
    outcome: Outcome | None
    campaign_id: int | None = None  # the campaign the game belongs to, if any
    private_seats: list[PlayerId] = []  # the human seats whose own view shows what the table's does not
    private_changed: list[PlayerId] = []  # of those, the seats whose private part this move changed
    already_asked: list[PlayerId] = []  # players still at the same secret question as before the move
    guild_id: int | None = None  # the server of the channel: which process owns the game (`bot.storage.shards`)
    handed_over: bool = False  # this process does not own the game: its owner was told, with the move
    elsewhere: bool = False  # applied by another process, which sent its DMs and closed its questions (`handed`)
    undo_by: PlayerId | None = None  # who may take this move back now (`Snapshot.undo_by`)


@dataclass
class Live:
    """A channel's latest game as the table last saw it: the parsed state, and what was derived
    from it at this version (the snapshot, each player's legal moves), computed once."""

    row: GameRow
    game: Game[Any, Any]
    seats: list[Seat]
    state: Any
    snapshot: Snapshot | None = None
    legal: dict[PlayerId, list[BaseModel]] = field(default_factory=dict)
    private: dict[PlayerId, dict[str, Any]] = field(default_factory=dict)  # human seat -> its private part
    views: dict[PlayerId, BaseModel] = field(default_factory=dict)  # a seat with a private part -> its view
    waiting: list[PlayerId] | None = None  # whom the rules wait for at this version, once asked (`waiting_for`)
    undo_by: PlayerId | None = None  # who may take back the move that made this version (`Snapshot.undo_by`)
    history: list[tuple[int, Any, Any]] = field(default_factory=list)
    """The mover's moves of this turn that may be taken back, oldest first: (log entry, action, the game
    before it). An undo takes the last from here instead of replaying the game (`Moves.undo`)."""

    @property
    def version(self) -> int:
        return self.row.version

    def waiting_for(self) -> list[PlayerId]:
        """`Game.waiting_for` of this version, asked of the rules once: the move that made the version
        knows it, and its board, its players' legal moves and the next move ask again (a shared list:
        not to be changed)."""
        if self.waiting is None:
            self.waiting = self.game.waiting_for(self.state) if self.state is not None else []
        return self.waiting


def utc_now() -> datetime:
    return datetime.now(UTC)


def default_games() -> Mapping[str, Game[Any, Any]]:
    """The registry, imported only when no games were injected (tests inject their own)."""
    from rules.registry import GAMES

    return GAMES


def seat_of(row: SeatRow) -> Seat:
    return Seat(player=row.player, name=row.name, pick=row.pick, colour=row.colour)


def free_colour(seats: Sequence[Seat]) -> int:
    """The lowest colour nobody at the table has: a newcomer's."""
    taken = {s.colour for s in seats}
    return next(c for c in itertools.count() if c not in taken)


def names_of(seats: Sequence[Seat], players: Sequence[PlayerId]) -> list[str]:
    by_id = {s.player: s.name for s in seats}
    return [by_id.get(p, "someone") for p in players]


def join_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def whose_turn(seats: Sequence[Seat], waiting: Sequence[PlayerId]) -> str:
    """A sentence naming who the game is waiting for, by seat name."""
    names = names_of(seats, waiting)
    if not names:
        return "Nobody can act right now."
    if len(names) == 1:
        return f"It is {names[0]}'s turn."
    return f"The game is waiting for {join_names(names)}."


def private_events(events: Sequence[Event], players: Sequence[PlayerId]) -> dict[PlayerId, list[Event]]:
    """Events with a named audience, per player named (public events are not repeated here)."""
    routed: dict[PlayerId, list[Event]] = {}
    for player in players:
        mine = [e for e in events if e.visible_to is not None and player in e.visible_to]
        if mine:
            routed[player] = mine
    return routed


def seat_views(game: Game[Any, Any], state: Any, public_view: BaseModel, seats: Sequence[Seat]
                ) -> tuple[dict[PlayerId, BaseModel], dict[PlayerId, dict[str, Any]]]:
    """Each human seat's private part of its view of `state` (what it shows that `public_view` does
    not), in seat order, and the views of the seats that have one: what the table works out after every
    move, to know whose private part changed (their picture is sent, from the view kept here) and who
    may ask for their hand. A seat that the rules say sees only the table (`Game.sees_only_the_table`)
    has nothing private, and its view, the public one, is not built again (Chaos Marauders' every seat,
    and every Orclympics seat but a brood that chose an attack in secret)."""
    views: dict[PlayerId, BaseModel] = {}
    plain: list[PlayerId] = []
    for seat in seats:
        if is_computer(seat.player):
            continue  # a computer is shown nothing: it reads the game itself
        if game.sees_only_the_table(state, seat.player):
            plain.append(seat.player)
        else:
            views[seat.player] = game.view(state, seat.player)
    parts = private_parts(views, public_view) if views else {}
    private = {s.player: parts.get(s.player, {}) for s in seats if s.player in views or s.player in plain}
    return {p: v for p, v in views.items() if private[p]}, private


def explain_validation(error: ValidationError, title: str) -> str:
    """One user-facing sentence for the first thing wrong with a submitted move."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"] if not isinstance(part, int))
    field = where.rsplit(".", 1)[-1] if where else ""
    kind = first["type"]
    if kind == "union_tag_invalid":
        tag = first.get("ctx", {}).get("tag", "?")
        return f"{title} has no move called '{tag}'."
    if kind == "union_tag_not_found":
        return "That move does not say what kind of move it is."
    if kind == "missing" and field:
        return f"That move needs a value for '{field}'."
    if field:
        return f"That move has a bad value for '{field}': {first['msg'].rstrip('.')}."
    return f"That is not a move {title} understands: {first['msg'].rstrip('.')}."


Choose = Callable[[Game[Any, Any], Any, list[BaseModel]], BaseModel]
"""What a click means, read against the game as it stands inside the move's own transaction: given the
engine, the state and the player's legal moves there, the move it names, or a `TableError` saying why
there is none (`Moves.act`). So a click reads the game once and checks the turn once."""

FinishHook = Callable[[Tx, GameRow, Outcome, Sequence[Seat]], None]
"""Told, inside the transaction that stores a game's last move, how it ended (a campaign scores it there,
so a finished game and its score are written together or not at all)."""

DEFAULT_TURN_SECONDS = 24 * 3600
"""How long a player may take over a turn before the bot reminds them; twice that, and the others decide."""

AUTO_MOVES_AT_ONCE = 1000
"""At most this many moves in one transaction (a table of removed players still ends; the next
move goes on from there)."""

def auto_action(game: Game[Any, Any], state: Any, player: PlayerId) -> Any:
    """The move the bot makes for an idle or removed player: the rules' default where the prompt
    has one, else the quietest legal move (ending the turn), else the first one the rules list."""
    prompt = next((p for p in game.prompts(state) if p.player == player and p.default is not None), None)
    if prompt is not None and prompt.default is not None:
        return game.parse_action(prompt.default)
    legal = game.legal_actions(state, player)
    quiet = [m.type for m in game.moves.moves if m.quiet] if game.moves is not None else []
    for kind in quiet:  # what the rules declare quiet (ending the turn, leaving a choice to chance), in order
        found = next((a for a in legal if getattr(a, "type", None) == kind), None)
        if found is not None:
            return found
    return legal[0]


def last_place(outcome: Outcome | None, forfeited: Sequence[PlayerId], seats: Sequence[Seat]) -> Outcome | None:
    """Players removed for idling place last, together, whatever the rules made of their pieces
    (and they never win: not with their side, nor with a co-operative table)."""
    if outcome is None or not forfeited:
        return outcome
    names = join_names(names_of(seats, list(forfeited)))
    return outcome.put_last(list(forfeited)).model_copy(
        update={"summary": f"{outcome.summary} ({names}: removed for idling, last.)".strip()})


