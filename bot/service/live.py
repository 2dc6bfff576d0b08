"""The table service's ground floor: the engines, the store, and the cache of each channel's latest
game, which every other piece reads through.

A channel's latest game is kept parsed (`Live`: its row, state, and what was derived from it at
that version, computed once), so a read that only shows a game never queues behind another
channel's write; a miss is filled from the store's reader connection. When the store is shared by
processes (`Store.shared`), the cache is trusted only at the row's version. `TableService`
(`bot.service.table`) is this floor with the pieces stacked on it: `Seen` (what each seat sees),
`Moves` (applying a move), `Lobbies` (a table gathering players).
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.service.results import (
    NOT_STARTED,
    STALE,
    TableError,
    Snapshot,
    TurnResult,
    Live,
    utc_now,
    default_games,
    seat_of,
    private_events,
    seat_views,
    explain_validation,
    FinishHook,
    last_place,
)
from bot.storage.shards import Ownership
from bot.storage.store import GameRow, Store, Tx

from rules.core.engine import Event, Game, PlayerId, Seat, public


LIVE_KEPT = 5000
"""Channels whose game the table keeps in memory (a few KB each); the rest are read on demand."""


class LiveGames:
    """The games of every channel on top of one `Store`, and the cache of each channel's latest one.

    `games` maps slugs to engines (default: `rules.registry.GAMES`); `seed_source`
    and `now` are injected so tests are deterministic.
    """

    def __init__(self, store: Store, games: Mapping[str, Game[Any, Any]] | None = None, *,
                 seed_source: Callable[[], int] = lambda: secrets.randbits(63),
                 now: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        self._games = games if games is not None else default_games()
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

    async def _seats(self, game_id: int) -> list[Seat]:
        return [seat_of(row) for row in await self.store.seats(game_id)]

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
        return Live(replace(row, state_json=None), game, [seat_of(r) for r in tx.seats(row.id)], state)

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
            private_changed=changed, already_asked=already, undo_by=snap.undo_by)

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


    def now(self) -> datetime:
        return self._now()

    def _snapshot(self, live: Live) -> Snapshot:
        """What the version of `live` shows, derived once: the public view, the prompts, and each
        human seat's private part (computers are shown nothing: they read the game itself)."""
        if live.snapshot is None:
            row, game, state = live.row, live.game, live.state
            playing = state is not None and row.status == "active"
            public_view = game.view(state, None) if state is not None else None
            if public_view is not None:
                live.views, live.private = seat_views(game, state, public_view, live.seats)
            live.snapshot = Snapshot(
                game_id=row.id, slug=row.slug, title=game.title, channel_id=row.channel_id, status=row.status,
                version=row.version, creator=row.creator, seats=live.seats, state=state,
                public_view=public_view,
                prompts=game.prompts(state) if playing else [],
                waiting_for=list(live.waiting_for()) if playing else [],
                outcome=last_place(game.outcome(state), row.forfeited, live.seats) if state is not None else None,
                campaign_id=row.campaign_id, private_seats=[p for p, part in live.private.items() if part],
                guild_id=row.guild_id, undo_by=live.undo_by if playing else None)
        return live.snapshot

