"""The table service: every game command, without Discord.

A move is one trip to the database's writer thread: there, in one transaction,
the channel's game row is read, its state taken from the per-channel cache when
the versions agree (else parsed from the row), the actor checked, the rules
engine applies the move, and the move, its events and the new state are
written. It returns what to show: public events and the public view for the
channel, private events for each player they concern, and the next prompts.

Reads that only show a game (whose turn, the legal moves, the board) come from
the same cache, filled from the store's reader connection on a miss, so they
never queue behind another channel's write.

Commands on one channel are serialised by an asyncio lock per channel; across
processes the game row is locked for the move's transaction (PostgreSQL; SQLite's
writes are one at a time), the cache is used only at the row's version, and the
version check refuses a write computed from an old state. When the store is shared
by processes (`Store.shared`), a read from the cache checks the row's version first.
Every refusal is a `TableError` whose message can be shown to the user as is,
and a refused command changes nothing.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from pydantic import BaseModel, SerializeAsAny, ValidationError

from bot.service.seat_views import SeatView, private_parts
from bot.storage.shards import Note, Ownership, hand_over
from bot.storage.store import ChannelBusy, GameRow, SeatRow, StaleVersion, Store, Tx
from rules.core.computer import Level, is_computer, new_computer
from rules.core.engine import Event, Game, Outcome, PlayerId, Prompt, Seat, SeatPick, TableOption, public
from rules.core.errors import RuleViolation
from rules.core.moves import Move, Reading

T = TypeVar("T")

NO_GAME = "There is no game running in this channel. Start one with /game new."
NOT_STARTED = "The game has not started yet; its creator can start it with /game start."
NOT_PLAYING = "You are not playing in this game."
STALE = "That button is from an earlier moment of the game; use the newest message."
LIVE_KEPT = 5000
"""Channels whose game the table keeps in memory (a few KB each); the rest are read on demand."""

class TableError(Exception):
    """A command that cannot be done. The message is one sentence for the user; nothing changed."""


class _Gone(Exception):
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


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _default_games() -> Mapping[str, Game[Any, Any]]:
    """The registry, imported only when no games were injected (tests inject their own)."""
    from rules.registry import GAMES

    return GAMES


def _seat(row: SeatRow) -> Seat:
    return Seat(player=row.player, name=row.name, pick=row.pick, colour=row.colour)


def _free_colour(seats: Sequence[Seat]) -> int:
    """The lowest colour nobody at the table has: a newcomer's."""
    taken = {s.colour for s in seats}
    return next(c for c in itertools.count() if c not in taken)


def _names(seats: Sequence[Seat], players: Sequence[PlayerId]) -> list[str]:
    by_id = {s.player: s.name for s in seats}
    return [by_id.get(p, "someone") for p in players]


def _join_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def whose_turn(seats: Sequence[Seat], waiting: Sequence[PlayerId]) -> str:
    """A sentence naming who the game is waiting for, by seat name."""
    names = _names(seats, waiting)
    if not names:
        return "Nobody can act right now."
    if len(names) == 1:
        return f"It is {names[0]}'s turn."
    return f"The game is waiting for {_join_names(names)}."


def private_events(events: Sequence[Event], players: Sequence[PlayerId]) -> dict[PlayerId, list[Event]]:
    """Events with a named audience, per player named (public events are not repeated here)."""
    routed: dict[PlayerId, list[Event]] = {}
    for player in players:
        mine = [e for e in events if e.visible_to is not None and player in e.visible_to]
        if mine:
            routed[player] = mine
    return routed


def _seat_views(game: Game[Any, Any], state: Any, public_view: BaseModel, seats: Sequence[Seat]
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
    names = _join_names(_names(seats, list(forfeited)))
    return outcome.put_last(list(forfeited)).model_copy(
        update={"summary": f"{outcome.summary} ({names}: removed for idling, last.)".strip()})


class TableService:
    """Runs the games of every channel on top of one `Store`.

    `games` maps slugs to engines (default: `rules.registry.GAMES`); `seed_source`
    and `now` are injected so tests are deterministic.
    """

    def __init__(self, store: Store, games: Mapping[str, Game[Any, Any]] | None = None, *,
                 seed_source: Callable[[], int] = lambda: secrets.randbits(63),
                 now: Callable[[], datetime] = _utc_now) -> None:
        self.store = store
        self._games = games if games is not None else _default_games()
        self._seed_source = seed_source
        self._now = now
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._live: OrderedDict[int, Live] = OrderedDict()  # channel id -> its latest game, least recent first
        self._channel_of: dict[int, int] = {}  # game id -> channel id, for buttons that name a game
        self._pings: dict[int, bool] = {}  # channel id -> its turn-ping setting
        self.finish_hooks: list[FinishHook] = []
        self.ownership = Ownership()
        """Which guilds this process serves (`bot.storage.shards`): a move in another's game is handed to its owner."""

    # -- lookups ----------------------------------------------------------------------
    @property
    def games(self) -> Mapping[str, Game[Any, Any]]:
        return self._games

    def game(self, slug: str) -> Game[Any, Any]:
        try:
            return self._games[slug]
        except KeyError:
            known = ", ".join(sorted(self._games)) or "none"
            raise TableError(f"There is no game called '{slug}'. Known games: {known}.") from None

    def new_seed(self) -> int:
        """A fresh seed for something random outside a game (a campaign's ages, its choice of discipline)."""
        return self._seed_source()

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that serialises commands on one channel (exposed for callers that need
        to run several steps, such as posting a board, without another command in between)."""
        return self._locks[channel_id]

    def _open_in(self, tx: Tx, channel_id: int) -> tuple[GameRow, list[Seat]]:
        """The channel's open game and its seats, read inside a lobby step's transaction: the row stays
        locked until the commit, so another process's step on the same table waits and then sees this one's."""
        row = tx.open_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        return row, [_seat(r) for r in tx.seats(row.id)]

    def _lobby_in(self, tx: Tx, channel_id: int) -> tuple[GameRow, Game[Any, Any], list[Seat]]:
        """`_open_in` for a step that needs the table still gathering players."""
        row, seats = self._open_in(tx, channel_id)
        if row.status != "lobby":
            raise TableError("The game has already started; join the next one.")
        return row, self.game(row.slug), seats

    async def _lobby_step(self, channel_id: int, step: Callable[[Tx], T], changed: str) -> T:
        """Run one lobby step as one transaction (`step` reads, decides and writes there); `changed` is the
        sentence for a table that changed under it all the same (it left the lobby, a seat went)."""
        async with self.lock(channel_id):
            try:
                return await self.store.write(step)
            except StaleVersion:
                raise TableError(changed) from None
            finally:
                self.forget(channel_id)

    async def _seats(self, game_id: int) -> list[Seat]:
        return [_seat(row) for row in await self.store.seats(game_id)]

    def _lobby(self, row: GameRow, seats: list[Seat], status: str | None = None) -> Lobby:
        game = self.game(row.slug)
        return Lobby(game_id=row.id, slug=row.slug, title=game.title, channel_id=row.channel_id,
                     creator=row.creator, seats=seats, status=status or row.status,
                     note=game.player_count_note(len(seats)) if seats else None,
                     min_players=game.min_players, max_players=game.max_players, pick=game.seat_pick,
                     rules=game.rules_on(row.options))

    def _pick(self, game: Game[Any, Any], wanted: str | None, seats: Sequence[Seat] = (),
              *, at_random: bool = False) -> str:
        """What a newcomer picks, by the game's declaration (`Game.seat_pick`): what they asked for,
        else the default (`at_random`: a random free choice, as a computer sits down); "" when the
        game asks for nothing."""
        pick = game.seat_pick
        if pick is None:
            return ""
        taken = [s.pick for s in seats]
        if at_random and not (wanted or "").strip():
            free = pick.free(taken)
            if not free:
                raise TableError(f"Every {pick.name} of {game.title} is taken.")
            return free[self._seed_source() % len(free)]
        try:
            return pick.chosen(wanted, taken)
        except RuleViolation as exc:
            raise TableError(str(exc)) from None

    async def seat_pick(self, channel_id: int) -> tuple[SeatPick | None, list[str]]:
        """What the channel's open table asks of a player who sits down, and the choices still free
        (for autocomplete); None when it asks nothing, or there is no table."""
        row = await self.store.open_game(channel_id)
        pick = self._games[row.slug].seat_pick if row is not None and row.slug in self._games else None
        if row is None or pick is None:
            return None, []
        return pick, pick.free(s.pick for s in await self._seats(row.id))

    # -- the lobby ----------------------------------------------------------------------
    async def lobby(self, channel_id: int) -> Lobby:
        """The channel's table while it gathers players (for its card's buttons); refused when there is
        none, or its game has started."""
        row = await self.store.open_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        if row.status != "lobby":
            raise TableError("The game has already started; join the next one.")
        return self._lobby(row, await self._seats(row.id))

    async def new_game(self, channel_id: int, guild_id: int | None, creator: str, creator_name: str,
                       slug: str, options: dict[str, Any] | None = None, *,
                       creator_pick: str | None = None, campaign_id: int | None = None,
                       turn_seconds: int = DEFAULT_TURN_SECONDS) -> Lobby:
        """Open a table in the channel with its creator already seated.

        The creator's pick (a brood, a hero…) defaults to the game's default; they can `leave`
        and `join` again to pick another before the game starts.
        """
        game = self.game(slug)
        pick = self._pick(game, creator_pick)
        seed, at = self._seed_source(), self._now()

        def step(tx: Tx) -> Lobby:
            existing = tx.open_game(channel_id)
            if existing is not None:
                raise TableError(self._busy(existing))
            row = tx.create_game(channel_id=channel_id, guild_id=guild_id, slug=slug, creator=creator, seed=seed,
                                 options=options, at=at, campaign_id=campaign_id, turn_seconds=turn_seconds,
                                 creator_name=creator_name, creator_pick=pick, creator_colour=0)
            return self._lobby(row, [Seat(player=creator, name=creator_name, pick=pick, colour=0)])

        try:
            return await self._lobby_step(channel_id, step, "The table changed meanwhile; try again.")
        except ChannelBusy:  # another process opened one first
            raise TableError(self._busy(await self.store.open_game(channel_id))) from None

    def _busy(self, existing: GameRow | None) -> str:
        title = self._games[existing.slug].title if existing and existing.slug in self._games else "another game"
        return f"This channel already has a game of {title}; finish or /game abandon it first."

    async def join(self, channel_id: int, player: str, name: str, pick: str | None = None) -> Lobby:
        """Take a seat at the channel's table before it starts. One transaction, the table's row locked
        from reading its seats to writing the new one, so joins through several processes all land."""
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, game, seats = self._lobby_in(tx, channel_id)
            if any(s.player == player for s in seats):
                raise TableError("You are already seated at this table.")
            return self._sit(tx, row, game, seats, Seat(player=player, name=name, pick=self._pick(game, pick, seats),
                                                        colour=_free_colour(seats)), at)

        return await self._lobby_step(channel_id, step, "The table changed while you were joining; try again.")

    def _sit(self, tx: Tx, row: GameRow, game: Game[Any, Any], seats: list[Seat], seat: Seat, at: datetime) -> Lobby:
        """Seat `seat` at the lobby of `row` (inside its step) if the table has room; the lobby after it."""
        if len(seats) >= game.max_players:
            raise TableError(f"The table is full: {game.title} takes at most {game.max_players} players.")
        tx.add_seat(row.id, player=seat.player, name=seat.name, pick=seat.pick, colour=seat.colour, at=at)
        return self._lobby(row, [*seats, seat])

    async def add_computer(self, channel_id: int, actor: str, level: Level, name: str | None = None,
                           pick: str | None = None) -> Lobby:
        """The table's creator seats a computer player (a name is found when none is given, and a
        random pick when none is asked for)."""
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, game, seats = self._lobby_in(tx, channel_id)
            if actor != row.creator:
                raise TableError(f"Only {_names(seats, [row.creator])[0]}, who opened this table, "
                                 "can seat computer players.")
            if len(seats) >= game.max_players:
                raise TableError(f"The table is full: {game.title} takes at most {game.max_players} players.")
            try:
                player, chosen_name = new_computer(level, [s.player for s in seats], [s.name for s in seats], name)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            seat = Seat(player=player, name=chosen_name, pick=self._pick(game, pick, seats, at_random=True),
                        colour=_free_colour(seats))
            return self._sit(tx, row, game, seats, seat, at)

        return await self._lobby_step(channel_id, step, "The table changed meanwhile; try again.")

    async def remove_computer(self, channel_id: int, actor: str, name: str) -> Lobby:
        """The creator takes a computer player off the table before the game starts."""
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, _, seats = self._lobby_in(tx, channel_id)
            if actor != row.creator:
                raise TableError(f"Only {_names(seats, [row.creator])[0]}, who opened this table, "
                                 "can remove computer players.")
            found = next((s for s in seats if is_computer(s.player) and s.name.lower() == name.strip().lower()), None)
            if found is None:
                computers = [s.name for s in seats if is_computer(s.player)]
                raise TableError(f"There is no computer player called {name.strip()} at this table"
                                 + (f" (there is {_join_names(computers)})." if computers else "."))
            tx.remove_seat(row.id, found.player, at=at)
            return self._lobby(row, [s for s in seats if s is not found])

        return await self._lobby_step(channel_id, step, "The table changed meanwhile; try again.")

    async def leave(self, channel_id: int, player: str) -> Lobby:
        """Give up a seat before the game starts.

        If the creator leaves, the next seated human becomes the creator; if no human
        is left, the lobby is abandoned (the returned status says so). One transaction.
        """
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, _, seats = self._lobby_in(tx, channel_id)
            if not any(s.player == player for s in seats):
                raise TableError("You are not seated at this table.")
            left = [s for s in seats if s.player != player]
            humans = [s for s in left if not is_computer(s.player)]
            tx.remove_seat(row.id, player, at=at)
            if not humans:  # computers alone do not keep a table open
                tx.set_status(row.id, "abandoned", allowed_from=("lobby",), at=at)
                return self._lobby(row, left, status="abandoned")
            if player == row.creator:
                tx.set_creator(row.id, humans[0].player, at=at)
                row = replace(row, creator=humans[0].player)
            return self._lobby(row, left)

        return await self._lobby_step(channel_id, step, "The table changed while you were leaving; try again.")

    async def start(self, channel_id: int, actor: str) -> TurnResult:
        """Deal the game out: only the creator may start, with an allowed number of players. One transaction,
        the table's row locked from reading its seats to storing the deal, so a join through another process
        either lands before (and is dealt in) or finds the game started."""
        at = self._now()

        def deal(tx: Tx) -> tuple[Live, list[Event]]:
            row, seats = self._open_in(tx, channel_id)
            if actor != row.creator:
                creator = _names(seats, [row.creator])[0]
                raise TableError(f"Only {creator}, who opened this table, can start the game.")
            if row.status != "lobby":
                raise TableError("The game has already started.")
            game = self.game(row.slug)
            if not game.min_players <= len(seats) <= game.max_players:
                raise TableError(f"{game.title} needs {game.min_players} to {game.max_players} players; "
                                 f"{len(seats)} {'is' if len(seats) == 1 else 'are'} seated.")
            try:
                step = game.start(seats, row.options, row.seed)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            tx.start_game(row.id, state_json=step.state.model_dump_json(), events=step.events, at=at)
            return Live(replace(row, status="active", version=0, state_json=None), game, seats, step.state), step.events

        live, events = await self._lobby_step(channel_id, deal, "The game has already started.")
        self._remember(live)
        return self._result(live, events)

    async def abandon(self, channel_id: int, actor: str, *, is_admin: bool) -> None:
        """End the channel's game without a result (its creator or a server admin only), in one transaction."""
        at = self._now()

        def step(tx: Tx) -> None:
            row, seats = self._open_in(tx, channel_id)
            if actor != row.creator and not is_admin:
                creator = _names(seats, [row.creator])[0]
                raise TableError(f"Only {creator}, who opened this table, or a server admin can abandon it.")
            tx.set_status(row.id, "abandoned", allowed_from=("lobby", "active"), at=at)

        await self._lobby_step(channel_id, step, "This game has already ended.")

    # -- playing ------------------------------------------------------------------------
    async def act(self, channel_id: int, player: str, action: dict[str, Any] | BaseModel, *,
                  expected_version: int | None = None, game_id: int | None = None, slug: str | None = None,
                  from_board: bool = False) -> TurnResult:
        """Apply one move by `player`; on success it is stored before this returns.

        `expected_version` (and `game_id`) come from a button: when the game has moved
        on since the button was drawn, the click is refused rather than applied to a
        situation the player did not see. `slug` is the game a command belongs to (a
        Masters' Fight command in a channel playing something else is refused), and
        `from_board` says the move is a click: a board's controls belong to whoever must
        act, and to anyone else, seated or not, they only say whose turn it is. Everything
        from reading the game to the commit is one call on the store's writer thread
        (`_apply_in`): the game is read once and the player checked once, there.
        """
        async with self.lock(channel_id):
            cached = self._live.get(channel_id)
            try:
                live, events, before = await self.store.write(
                    lambda tx: self._apply_in(tx, channel_id, player, action, expected_version, game_id, cached,
                                              slug, from_board))
            except _Gone:
                assert game_id is not None
                raise TableError(await self._gone(game_id)) from None
            self._remember(live)
            return self._result(live, events, before, movers=(player,))

    def _apply_in(self, tx: Tx, channel_id: int, player: str, action: dict[str, Any] | BaseModel,
                  expected_version: int | None, game_id: int | None, cached: Live | None, slug: str | None,
                  from_board: bool) -> tuple[Live, list[Event], Live]:
        """The body of `act`, run inside one write transaction: any refusal rolls it back whole.
        Returns the game after the move, its events, and the game before it."""
        row = tx.open_game(channel_id)
        if game_id is not None and (row is None or row.id != game_id):
            raise _Gone()
        if row is None:
            raise TableError(NO_GAME)
        if slug is not None and row.slug != slug:
            raise TableError(f"The game in this channel is {self.game(row.slug).title}; "
                             "that command is for another game.")
        if row.status == "lobby":
            raise TableError(NOT_STARTED)
        game = self.game(row.slug)
        before = self._current(tx, row, game, cached)
        seats, state = before.seats, before.state
        if not from_board and not any(s.player == player for s in seats):
            raise TableError(NOT_PLAYING)
        waiting = before.waiting_for()
        if player not in waiting and not self._open_out_of_turn(game, state, player, action):
            raise TableError(whose_turn(seats, waiting))
        if expected_version is not None and expected_version != row.version:
            raise TableError(STALE)
        moves = [(player, self._parse(game, action))]
        return (*self._write_moves(tx, row, game, seats, state, moves, forfeited=row.forfeited, waiting=waiting),
                before)

    def _current(self, tx: Tx, row: GameRow, game: Game[Any, Any], cached: Live | None) -> Live:
        """The game of `row` as it stands: the cached one when the cache is at the row's version, else read."""
        if cached is not None and cached.row.id == row.id and cached.version == row.version:
            return cached
        return Live(replace(row, state_json=None), game, [_seat(r) for r in tx.seats(row.id)], self._state(game, row))

    def _write_moves(self, tx: Tx, row: GameRow, game: Game[Any, Any], seats: list[Seat], state: Any,
                     moves: list[tuple[PlayerId, Any]], *, forfeited: Sequence[PlayerId],
                     waiting: list[PlayerId]) -> tuple[Live, list[Event]]:
        """Apply and append `moves`, then one for every player removed for idling whom the game waits
        for, until it waits for someone else: all in the caller's transaction. `waiting` is whom the
        game waits for in `state`; each state's is asked of the rules once, and the last one's is kept
        with the game (`Live.waiting_for`)."""
        events: list[Event] = []
        version, at = row.version, self._now()
        for _ in range(AUTO_MOVES_AT_ONCE):
            if not moves:
                idle = next((p for p in waiting if p in forfeited), None)
                if idle is None or game.outcome(state) is not None:
                    break
                moves.append((idle, auto_action(game, state, idle)))
            player, move = moves.pop(0)
            try:
                step = game.apply(state, player, move)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            finished = game.outcome(step.state) is not None
            then = game.waiting_for(step.state)
            try:
                version = tx.append_action(
                    row.id, expected_version=version, player=player, action_json=game.dump_action(move),
                    state_json=step.state.model_dump_json(), events=step.events, finished=finished, at=at,
                    new_wait=not set(then) <= set(waiting))
            except StaleVersion:
                raise TableError(STALE) from None
            state, waiting, events = step.state, then, events + step.events
        outcome = game.outcome(state)
        if outcome is not None:
            self._record_result(tx, row, last_place(outcome, forfeited, seats) or outcome, seats, at)
        after = replace(row, version=version, state_json=None, updated_at=at.isoformat(), forfeited=tuple(forfeited),
                        status="finished" if outcome is not None else row.status)
        if self._hands_over(row):
            hand_over(tx, self.ownership.shard(row.guild_id), Note(row.id, row.channel_id, version))
        return Live(after, game, seats, state, waiting=waiting), events

    def _hands_over(self, row: GameRow) -> bool:
        """Whether a move in `row`'s game goes to another process to be shown: a DM's secret choice
        reaches the process holding shard 0, which may not own the game's guild (`bot.storage.shards`)."""
        return self.store.shared and not self.ownership.owns(row.guild_id)

    def _record_result(self, tx: Tx, row: GameRow, outcome: Outcome, seats: Sequence[Seat], at: datetime) -> None:
        """A game's end, in the transaction of its last move: each player's place, Feats and records
        for the hall of fame, then whatever the finish hooks (a campaign) make of it."""
        feats = list(outcome.feats.values())
        tx.insert_results(row, [(s.player, s.name, outcome.place_of(s.player), outcome.won_by(s.player),
                                 feats.count(s.player),
                                 {name: values[s.player] for name, values in outcome.records.items()
                                  if s.player in values}) for s in seats], at)
        for hook in self.finish_hooks:
            hook(tx, row, outcome, seats)

    async def start_seated(self, channel_id: int, guild_id: int | None, slug: str, seats: Sequence[Seat],
                           options: dict[str, Any], *, campaign_id: int | None = None,
                           turn_seconds: int = DEFAULT_TURN_SECONDS) -> TurnResult:
        """Open a table with everyone already seated and start it, in one transaction (a campaign's
        next game: the same players and picks, no lobby). The first seat is its creator."""
        game = self.game(slug)
        seed = self._seed_source()
        try:
            step = game.start(seats, options, seed)
        except RuleViolation as exc:
            raise TableError(str(exc)) from None
        at = self._now()

        def body(tx: Tx) -> GameRow:
            first = seats[0]
            row = tx.create_game(channel_id=channel_id, guild_id=guild_id, slug=slug, creator=first.player,
                                 seed=seed, options=options, at=at, campaign_id=campaign_id, creator_name=first.name,
                                 creator_pick=first.pick, creator_colour=first.colour, turn_seconds=turn_seconds)
            for seat in seats[1:]:
                tx.add_seat(row.id, player=seat.player, name=seat.name, pick=seat.pick, colour=seat.colour, at=at)
            tx.start_game(row.id, state_json=step.state.model_dump_json(), events=step.events, at=at)
            return row

        async with self.lock(channel_id):
            try:
                row = await self.store.write(body)
            except ChannelBusy:
                raise TableError(self._busy(await self.store.open_game(channel_id))) from None
            live = Live(replace(row, status="active", version=0, state_json=None), game, list(seats), step.state)
            self._remember(live)
            return self._result(live, step.events)

    async def settle_idle(self, channel_id: int, game_id: int, version: int, players: Sequence[PlayerId],
                          choice: str) -> TurnResult:
        """What the others decided about idle players: skip their turn (the bot plays it for them,
        as quietly as the rules allow) or remove them (from now on the bot plays for them, and
        they place last)."""
        async with self.lock(channel_id):
            cached = self._live.get(channel_id)

            def body(tx: Tx) -> tuple[Live, list[Event], Live]:
                row = tx.open_game(channel_id)
                if row is None or row.id != game_id or row.version != version or row.status != "active":
                    raise TableError(STALE)
                game = self.game(row.slug)
                before = self._current(tx, row, game, cached)
                seats, state = before.seats, before.state
                waiting = before.waiting_for()
                idle = [p for p in players if p in waiting]
                if not idle:
                    raise TableError(STALE)
                forfeited = list(row.forfeited)
                if choice == "remove":
                    tx.forfeit(row.id, row.version, idle)
                    forfeited += [p for p in idle if p not in forfeited]
                moves = [(p, auto_action(game, state, p)) for p in idle[:1]] if choice == "skip" else []
                return (*self._write_moves(tx, row, game, seats, state, moves, forfeited=forfeited, waiting=waiting),
                        before)

            live, events, before = await self.store.write(body)
            self._remember(live)
            return self._result(live, events, before, movers=players)

    # -- the cache of each channel's latest game ----------------------------------------
    def _remember(self, live: Live) -> None:
        channel = live.row.channel_id
        self._live[channel] = live
        self._live.move_to_end(channel)
        self._channel_of[live.row.id] = channel
        while len(self._live) > LIVE_KEPT:  # a quiet channel is read again from the store when it wakes
            _, gone = self._live.popitem(last=False)
            self._channel_of.pop(gone.row.id, None)

    def forget(self, channel_id: int) -> None:
        """Drop what the table remembers of a channel (its game changed outside `act`)."""
        live = self._live.pop(channel_id, None)
        if live is not None:
            self._channel_of.pop(live.row.id, None)

    async def _latest(self, channel_id: int) -> Live | None:
        """The channel's latest game, from the cache or else in one read. When other processes share
        the store, the cache is first checked against the stored row (one small read)."""
        live = self._live.get(channel_id)
        if live is not None and self.store.shared:
            stored = await self.store.read(lambda tx: tx.latest_version(channel_id))
            row = live.row
            if stored != (row.id, row.status, row.version, row.updated_at):
                live = None
        if live is not None:
            self._live.move_to_end(channel_id)
            return live
        loaded = await self.store.read(lambda tx: self._load(tx, tx.latest_game(channel_id)))
        cached = self._live.get(channel_id)
        if loaded is not None and (cached is None or self.store.shared):
            self._remember(loaded)
        return self._live.get(channel_id, loaded)

    def _cached_live(self, game_id: int) -> Live | None:
        channel = self._channel_of.get(game_id)
        live = self._live.get(channel) if channel is not None else None
        return live if live is not None and live.row.id == game_id else None

    async def _by_id(self, game_id: int) -> Live | None:
        live = self._cached_live(game_id)
        if live is not None and self.store.shared:
            stored = await self.store.read(lambda tx: tx.version_of(game_id))
            if stored != (live.row.status, live.row.version, live.row.updated_at):
                live = None
        if live is not None:
            return live
        return await self.store.read(lambda tx: self._load(tx, tx.get_game(game_id)))

    def _load(self, tx: Tx, row: GameRow | None) -> Live | None:
        if row is None:
            return None
        game = self.game(row.slug)
        state = game.load_state(row.state_json) if row.state_json is not None else None
        return Live(replace(row, state_json=None), game, [_seat(r) for r in tx.seats(row.id)], state)

    async def _gone(self, game_id: int) -> str:
        """Why a button's game is not the channel's running game any more."""
        row = await self.store.get_game(game_id)
        if row is None:
            return "That game no longer exists."
        if row.status == "finished":
            return "That game is over."
        if row.status == "abandoned":
            return "That game was abandoned."
        return STALE

    def _open_out_of_turn(self, game: Game[Any, Any], state: Any, player: PlayerId,
                          action: dict[str, Any] | BaseModel) -> bool:
        """Whether `action` is one the rules let `player` make though it is not their turn
        (`Move.any_time`: a Scout, a shout); an action that does not even read is not."""
        try:
            return self._parse(game, action) in game.out_of_turn(state, player)
        except TableError:
            return False

    def _parse(self, game: Game[Any, Any], action: dict[str, Any] | BaseModel) -> Any:
        """Any action, dict or model, goes through the game's own union so only its moves pass."""
        data = action.model_dump(mode="json") if isinstance(action, BaseModel) else action
        try:
            return game.parse_action(data)
        except ValidationError as exc:
            raise TableError(explain_validation(exc, game.title)) from None

    def _state(self, game: Game[Any, Any], row: GameRow) -> Any:
        if row.state_json is None:
            raise TableError(NOT_STARTED)
        return game.load_state(row.state_json)

    def _result(self, live: Live, events: list[Event], before: Live | None = None,
                movers: Sequence[PlayerId] = ()) -> TurnResult:
        """What a start or a move shows; the same derived view and prompts the snapshot caches.
        Against the game `before` the move, it also tells whose private part of the view the move
        changed (they are shown it) and who is still at the same secret question (they were asked
        already; whoever moved answered theirs, so anything they are asked now is new)."""
        snap = self._snapshot(live)
        assert snap.public_view is not None
        earlier: dict[PlayerId, dict[str, Any]] = {}
        already: list[PlayerId] = []
        if before is not None and before.state is not None:
            prior = self._snapshot(before)
            earlier = before.private
            asked = {(p.player, p.kind, p.text) for p in prior.prompts if p.secret}
            already = list(dict.fromkeys(p.player for p in snap.prompts if p.secret and p.player not in movers
                                         and (p.player, p.kind, p.text) in asked))
        changed = [p for p, part in live.private.items() if part and part != earlier.get(p)]
        return TurnResult(
            game_id=snap.game_id, slug=snap.slug, title=snap.title, channel_id=snap.channel_id,
            version=snap.version, seats=snap.seats, public_events=public(events),
            private_events=private_events(events, [s.player for s in snap.seats]),
            public_view=snap.public_view, prompts=snap.prompts, waiting_for=snap.waiting_for,
            outcome=snap.outcome, campaign_id=snap.campaign_id, private_seats=snap.private_seats,
            guild_id=snap.guild_id, handed_over=before is not None and self._hands_over(live.row),
            private_changed=changed, already_asked=already)

    async def handed(self, note: Note, shown: int | None) -> TurnResult | None:
        """The board of a move another process applied in a game this one owns (`bot.storage.shards`): the game
        as it stands now (at `note`'s version or later), with the public events of every move since the
        board last `shown` here (else since the note's move). Nothing private, and nobody counted as
        newly asked a secret question: the process that applied the move sent those itself. None when
        there is nothing newer than `shown` to show, or the game is gone."""
        live = await self._by_id(note.game_id)
        if live is None or live.state is None:
            return None
        after = max(note.version - 1, -1 if shown is None else shown)
        if live.version <= after:
            return None
        events = await self.store.events(note.game_id, after=after, upto=live.version)
        snap = self._snapshot(live)
        assert snap.public_view is not None
        return TurnResult(
            game_id=snap.game_id, slug=snap.slug, title=snap.title, channel_id=snap.channel_id,
            version=snap.version, seats=snap.seats, public_events=events,
            private_events={}, public_view=snap.public_view, prompts=snap.prompts, waiting_for=snap.waiting_for,
            outcome=snap.outcome, campaign_id=snap.campaign_id, private_seats=snap.private_seats,
            guild_id=snap.guild_id, already_asked=[p.player for p in snap.prompts if p.secret], elsewhere=True)

    async def legal_actions(self, channel_id: int, player: str) -> list[BaseModel]:
        """The moves `player` may make now; empty whenever they cannot act (for autocomplete)."""
        live = await self._latest(channel_id)
        return [] if live is None else self._legal(live, player)

    def cached_legal(self, game_id: int, player: PlayerId) -> list[BaseModel] | None:
        """`legal_actions` in the game as the table last saw it (`cached`), if it remembers it: no
        database trip, ever (what a board's buttons offered; the move itself is checked when made)."""
        live = self._cached_live(game_id)
        return self._legal(live, player) if live is not None else None

    @staticmethod
    def _legal(live: Live, player: PlayerId) -> list[BaseModel]:
        """The moves `player` may make in `live`, worked out once per version."""
        if live.row.status != "active" or live.state is None:
            return []
        if player not in live.legal:
            state = live.state
            live.legal[player] = (list(live.game.legal_actions(state, player))
                                  if player in live.waiting_for() else live.game.out_of_turn(state, player))
        return live.legal[player]

    # -- looking ----------------------------------------------------------------------
    async def active_games(self) -> list[GameRow]:
        """Every running game of the guilds this process owns (`bot.storage.shards`; all of them in one
        process): what its timers, computers and sweeps look after, and pick up again after a restart."""
        owns = self.ownership.owns
        return [row for row in await self.store.active_games() if owns(row.guild_id)]

    async def snapshot(self, channel_id: int) -> Snapshot:
        """The channel's open game, or else its most recent one (so a final board can be shown)."""
        live = await self._latest(channel_id)
        if live is None:
            raise TableError(NO_GAME)
        return self._snapshot(live)

    def now(self) -> datetime:
        return self._now()

    async def pings(self, channel_id: int) -> bool:
        """Whether boards in this channel ping the players whose turn it is (on unless turned off)."""
        if channel_id not in self._pings:
            self._pings[channel_id] = await self.store.pings(channel_id)
        return self._pings[channel_id]

    async def set_pings(self, channel_id: int, on: bool) -> None:
        await self.store.set_pings(channel_id, on)
        self._pings[channel_id] = on

    def cached(self, game_id: int) -> Snapshot | None:
        """The game as the table last saw it, if it remembers it: no database trip, ever."""
        live = self._cached_live(game_id)
        return self._snapshot(live) if live is not None else None

    def known_game(self, channel_id: int) -> int | None:
        """The id of the channel's latest game, if the table remembers it (for a refused command's
        log line, which must not cost a database trip)."""
        live = self._live.get(channel_id)
        return live.row.id if live is not None else None

    async def game_by_id(self, game_id: int) -> Snapshot:
        live = await self._by_id(game_id)
        if live is None:
            raise TableError("That game no longer exists.")
        return self._snapshot(live)

    def _snapshot(self, live: Live) -> Snapshot:
        """What the version of `live` shows, derived once: the public view, the prompts, and each
        human seat's private part (computers are shown nothing: they read the game itself)."""
        if live.snapshot is None:
            row, game, state = live.row, live.game, live.state
            playing = state is not None and row.status == "active"
            public_view = game.view(state, None) if state is not None else None
            if public_view is not None:
                live.views, live.private = _seat_views(game, state, public_view, live.seats)
            live.snapshot = Snapshot(
                game_id=row.id, slug=row.slug, title=game.title, channel_id=row.channel_id, status=row.status,
                version=row.version, creator=row.creator, seats=live.seats, state=state,
                public_view=public_view,
                prompts=game.prompts(state) if playing else [],
                waiting_for=list(live.waiting_for()) if playing else [],
                outcome=last_place(game.outcome(state), row.forfeited, live.seats) if state is not None else None,
                campaign_id=row.campaign_id, private_seats=[p for p, part in live.private.items() if part],
                guild_id=row.guild_id)
        return live.snapshot

    async def seen_by(self, game_id: int, player: PlayerId) -> tuple[int, str, str] | None:
        """The game's version, its slug and its state as `player` knows it (`Game.seen_by`, as
        JSON), for a computer player to think about; None when the game is not waiting for `player`."""
        live = await self._by_id(game_id)
        if live is None or live.state is None or player not in self._snapshot(live).waiting_for:
            return None  # (a game that is not active waits for nobody)
        return live.version, live.row.slug, live.game.seen_by(live.state, player).model_dump_json()

    async def seat_view(self, game_id: int, player: PlayerId) -> SeatView:
        """What one seated player may see of the game, their secrets included, and whether any of it
        is hidden from the others: the only way the rest of the bot reaches a player's secrets, and
        only to show them to that player."""
        live = await self._by_id(game_id)
        if live is None:
            raise TableError("That game no longer exists.")
        if live.state is None:
            raise TableError(NOT_STARTED if live.row.status == "lobby" else "That game never started.")
        if not any(s.player == player for s in live.seats):
            raise TableError(NOT_PLAYING)
        snap = self._snapshot(live)
        view = live.views.get(player)  # kept with the snapshot when it shows something private
        return SeatView(game_id=snap.game_id, slug=snap.slug, title=snap.title, version=snap.version, player=player,
                        view=view if view is not None else live.game.view(live.state, player),
                        private=bool(live.private.get(player)))

    async def quiet_move(self, game_id: int, player: PlayerId) -> Any:
        """The move the bot would make for `player` if they idled (`auto_action`), for a computer
        whose own search failed: chosen here, where the full state is, and shown to nobody."""
        live = await self._by_id(game_id)
        if live is None or live.state is None:
            raise TableError("That game no longer exists.")
        return auto_action(live.game, live.state, player)

    async def planned(self, channel_id: int, player: PlayerId, move: Move, given: Mapping[str, Any],
                      reading: Reading, done: int) -> dict[str, Any] | None:
        """The next move of a several-move command (`Move.plan`), read from the channel's state as it
        is now: the plan needs the rules' full state, which only the table holds."""
        live = await self._latest(channel_id)
        if live is None or live.state is None or move.plan is None:
            raise TableError(NO_GAME)
        try:
            return move.plan(live.state, player, given, reading, done)
        except RuleViolation:
            raise
        except (ValueError, TypeError) as exc:
            raise TableError(f"I could not read that: {exc}") from None

    async def log(self, channel_id: int, limit: int = 20, viewer: str | None = None) -> list[str]:
        """The texts of the latest events of the channel's game that `viewer` may see (None = public)."""
        row = await self.store.latest_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        return [e.text for e in await self.store.events(row.id, viewer=viewer, limit=max(0, limit))]

    async def replay_check(self, game_id: int) -> bool:
        """Rebuild the game from seed and action log and compare with the stored state:
        the proof that the log alone reproduces the game."""
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("That game no longer exists.")
        actions = await self.store.actions(game_id)
        if row.state_json is None:
            return not actions
        game = self.game(row.slug)
        log = [(a.player, game.parse_action(a.action_json)) for a in actions]
        rebuilt = game.replay(await self._seats(game_id), row.options, row.seed, log)
        stored = game.load_state(row.state_json)
        return bool(rebuilt.model_dump() == stored.model_dump()) and rebuilt.version == row.version


__all__ = ["TableService", "TableError", "auto_action", "last_place", "DEFAULT_TURN_SECONDS", "Lobby", "Snapshot", "TurnResult", "whose_turn", "private_events",
           "explain_validation", "NO_GAME", "NOT_STARTED", "NOT_PLAYING", "STALE"]
