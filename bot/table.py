"""The table service: every game command, without Discord.

A command loads the channel's game from the store, checks who is acting, lets
the rules engine apply the move, writes the move and the new state in one
transaction and returns what to show: public events and the public view for
the channel, private events for each player they concern, and the next prompts.

Commands on one channel are serialised by an asyncio lock per channel; across
processes the store's version check refuses a write computed from an old state.
Every refusal is a `TableError` whose message can be shown to the user as is,
and a refused command changes nothing.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, SerializeAsAny, ValidationError

from bot.store import ChannelBusy, GameRow, SeatRow, StaleVersion, Store
from rules.core.engine import Event, Game, Outcome, PlayerId, Prompt, Seat, public
from rules.core.errors import RuleViolation

NO_GAME = "There is no game running in this channel. Start one with /game new."
NOT_STARTED = "The game has not started yet; its creator can start it with /game start."
NOT_PLAYING = "You are not playing in this game."
STALE = "That button is from an earlier moment of the game; use the newest message."

class TableError(Exception):
    """A command that cannot be done. The message is one sentence for the user; nothing changed."""


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
    broods: list[str]  # empty: the brood does not matter in this game


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


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _default_games() -> Mapping[str, Game[Any, Any]]:
    """The registry, imported only when no games were injected (tests inject their own)."""
    from rules.registry import GAMES

    return GAMES


def _seat(row: SeatRow) -> Seat:
    return Seat(player=row.player, name=row.name, brood=row.brood, colour=row.colour)


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

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that serialises commands on one channel (exposed for callers that need
        to run several steps, such as posting a board, without another command in between)."""
        return self._locks[channel_id]

    async def _open_game(self, channel_id: int) -> GameRow:
        row = await self.store.open_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        return row

    async def _lobby_game(self, channel_id: int) -> GameRow:
        row = await self._open_game(channel_id)
        if row.status != "lobby":
            raise TableError("The game has already started; join the next one.")
        return row

    async def _active_game(self, channel_id: int) -> GameRow:
        row = await self._open_game(channel_id)
        if row.status == "lobby":
            raise TableError(NOT_STARTED)
        return row

    async def _seats(self, game_id: int) -> list[Seat]:
        return [_seat(row) for row in await self.store.seats(game_id)]

    async def _lobby(self, row: GameRow, status: str | None = None) -> Lobby:
        game = self.game(row.slug)
        seats = await self._seats(row.id)
        return Lobby(game_id=row.id, slug=row.slug, title=game.title, channel_id=row.channel_id,
                     creator=row.creator, seats=seats, status=status or row.status,
                     note=game.player_count_note(len(seats)) if seats else None,
                     min_players=game.min_players, max_players=game.max_players, broods=list(game.broods))

    def _brood(self, game: Game[Any, Any], brood: str | None) -> str:
        wanted = (brood or "").strip().lower()
        if not game.broods:
            return wanted or "common"
        if not wanted:
            return game.broods[0]
        if wanted not in game.broods:
            raise TableError(f"There is no brood called '{brood}' in {game.title}; "
                             f"choose one of {', '.join(game.broods)}.")
        return wanted

    # -- the lobby ----------------------------------------------------------------------
    async def new_game(self, channel_id: int, guild_id: int | None, creator: str, creator_name: str,
                       slug: str, options: dict[str, Any] | None = None, *,
                       creator_brood: str | None = None, campaign_id: int | None = None) -> Lobby:
        """Open a table in the channel with its creator already seated.

        The creator's brood defaults to the game's first brood; they can `leave` and
        `join` again to pick another before the game starts.
        """
        game = self.game(slug)
        brood = self._brood(game, creator_brood)
        async with self.lock(channel_id):
            existing = await self.store.open_game(channel_id)
            if existing is not None:
                raise TableError(self._busy(existing))
            try:
                row = await self.store.create_game(
                    channel_id=channel_id, guild_id=guild_id, slug=slug, creator=creator,
                    seed=self._seed_source(), options=options, at=self._now(), campaign_id=campaign_id,
                    creator_name=creator_name, creator_brood=brood, creator_colour=0)
            except ChannelBusy:
                existing = await self.store.open_game(channel_id)
                raise TableError(self._busy(existing)) from None
            return await self._lobby(row)

    def _busy(self, existing: GameRow | None) -> str:
        title = self._games[existing.slug].title if existing and existing.slug in self._games else "another game"
        return f"This channel already has a game of {title}; finish or /game abandon it first."

    async def join(self, channel_id: int, player: str, name: str, brood: str) -> Lobby:
        """Take a seat at the channel's table before it starts."""
        async with self.lock(channel_id):
            row = await self._lobby_game(channel_id)
            game = self.game(row.slug)
            seats = await self._seats(row.id)
            if any(s.player == player for s in seats):
                raise TableError("You are already seated at this table.")
            if len(seats) >= game.max_players:
                raise TableError(f"The table is full: {game.title} takes at most {game.max_players} players.")
            chosen = self._brood(game, brood)
            taken = {s.colour for s in seats}
            colour = next(c for c in itertools.count() if c not in taken)
            try:
                await self.store.add_seat(row.id, player=player, name=name, brood=chosen, colour=colour,
                                          at=self._now())
            except StaleVersion:
                raise TableError("The table changed while you were joining; try again.") from None
            return await self._lobby(row)

    async def leave(self, channel_id: int, player: str) -> Lobby:
        """Give up a seat before the game starts.

        If the creator leaves, the next seated player becomes the creator; if the
        table is left empty, the lobby is abandoned (the returned status says so).
        """
        async with self.lock(channel_id):
            row = await self._lobby_game(channel_id)
            seats = await self._seats(row.id)
            if not any(s.player == player for s in seats):
                raise TableError("You are not seated at this table.")
            remaining = [s for s in seats if s.player != player]
            try:
                await self.store.remove_seat(row.id, player, at=self._now())
                if not remaining:
                    await self.store.set_status(row.id, "abandoned", allowed_from=("lobby",), at=self._now())
                    return await self._lobby(row, status="abandoned")
                if player == row.creator:
                    await self.store.set_creator(row.id, remaining[0].player, at=self._now())
            except StaleVersion:
                raise TableError("The table changed while you were leaving; try again.") from None
            fresh = await self.store.get_game(row.id)
            assert fresh is not None
            return await self._lobby(fresh)

    async def start(self, channel_id: int, actor: str) -> TurnResult:
        """Deal the game out: only the creator may start, with an allowed number of players."""
        async with self.lock(channel_id):
            row = await self._open_game(channel_id)
            seats = await self._seats(row.id)
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
            try:
                await self.store.start_game(row.id, state_json=step.state.model_dump_json(),
                                            events=step.events, at=self._now())
            except StaleVersion:
                raise TableError("The game has already started.") from None
            return self._result(row, game, seats, step.state, step.events, version=0)

    async def abandon(self, channel_id: int, actor: str, *, is_admin: bool) -> None:
        """End the channel's game without a result (its creator or a server admin only)."""
        async with self.lock(channel_id):
            row = await self._open_game(channel_id)
            if actor != row.creator and not is_admin:
                creator = _names(await self._seats(row.id), [row.creator])[0]
                raise TableError(f"Only {creator}, who opened this table, or a server admin can abandon it.")
            try:
                await self.store.set_status(row.id, "abandoned", allowed_from=("lobby", "active"), at=self._now())
            except StaleVersion:
                raise TableError("This game has already ended.") from None

    # -- playing ------------------------------------------------------------------------
    async def act(self, channel_id: int, player: str, action: dict[str, Any] | BaseModel, *,
                  expected_version: int | None = None, game_id: int | None = None) -> TurnResult:
        """Apply one move by `player`; on success it is stored before this returns.

        `expected_version` (and `game_id`) come from a button: when the game has moved
        on since the button was drawn, the click is refused rather than applied to a
        situation the player did not see.
        """
        async with self.lock(channel_id):
            if game_id is not None:
                current = await self.store.open_game(channel_id)
                if current is None or current.id != game_id:
                    raise TableError(await self._gone(game_id))
            row = await self._active_game(channel_id)
            game = self.game(row.slug)
            seats = await self._seats(row.id)
            if not any(s.player == player for s in seats):
                raise TableError(NOT_PLAYING)
            state = self._state(game, row)
            waiting = game.waiting_for(state)
            if player not in waiting:
                raise TableError(whose_turn(seats, waiting))
            if expected_version is not None and expected_version != row.version:
                raise TableError(STALE)
            move = self._parse(game, action)
            try:
                step = game.apply(state, player, move)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            outcome = game.outcome(step.state)
            try:
                version = await self.store.append_action(
                    row.id, expected_version=row.version, player=player, action_json=game.dump_action(move),
                    state_json=step.state.model_dump_json(), events=step.events,
                    finished=outcome is not None, at=self._now())
            except StaleVersion:
                raise TableError(STALE) from None
            return self._result(row, game, seats, step.state, step.events, version=version, outcome=outcome)

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

    def _result(self, row: GameRow, game: Game[Any, Any], seats: list[Seat], state: Any,
                events: list[Event], *, version: int, outcome: Outcome | None = None) -> TurnResult:
        return TurnResult(
            game_id=row.id, slug=row.slug, title=game.title, channel_id=row.channel_id, version=version,
            seats=seats, public_events=public(events),
            private_events=private_events(events, [s.player for s in seats]),
            public_view=game.view(state, None), prompts=game.prompts(state),
            waiting_for=game.waiting_for(state), outcome=outcome if outcome is not None else game.outcome(state))

    async def legal_actions(self, channel_id: int, player: str) -> list[BaseModel]:
        """The moves `player` may make now; empty whenever they cannot act (for autocomplete)."""
        row = await self.store.open_game(channel_id)
        if row is None or row.status != "active" or row.state_json is None or row.slug not in self._games:
            return []
        game = self._games[row.slug]
        state = game.load_state(row.state_json)
        if player not in game.waiting_for(state):
            return []
        return list(game.legal_actions(state, player))

    # -- looking ----------------------------------------------------------------------
    async def snapshot(self, channel_id: int) -> Snapshot:
        """The channel's open game, or else its most recent one (so a final board can be shown)."""
        row = await self.store.latest_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        return await self._snapshot(row)

    async def game_by_id(self, game_id: int) -> Snapshot:
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("That game no longer exists.")
        return await self._snapshot(row)

    async def _snapshot(self, row: GameRow) -> Snapshot:
        game = self.game(row.slug)
        seats = await self._seats(row.id)
        state = game.load_state(row.state_json) if row.state_json is not None else None
        live = state is not None and row.status == "active"
        return Snapshot(
            game_id=row.id, slug=row.slug, title=game.title, channel_id=row.channel_id, status=row.status,
            version=row.version, creator=row.creator, seats=seats, state=state,
            public_view=game.view(state, None) if state is not None else None,
            prompts=game.prompts(state) if live else [],
            waiting_for=game.waiting_for(state) if live else [],
            outcome=game.outcome(state) if state is not None else None)

    async def player_view(self, game_id: int, viewer: PlayerId) -> BaseModel | None:
        """What one player may see of a game (their secrets included), for a DM; None before it starts."""
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("That game no longer exists.")
        if row.state_json is None:
            return None
        game = self.game(row.slug)
        return game.view(game.load_state(row.state_json), viewer)  # type: ignore[no-any-return]

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


__all__ = ["TableService", "TableError", "Lobby", "Snapshot", "TurnResult", "whose_turn", "private_events",
           "explain_validation", "NO_GAME", "NOT_STARTED", "NOT_PLAYING", "STALE"]
