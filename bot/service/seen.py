"""What the table shows, without changing anything: a channel's snapshot, whose turn it is, a
player's legal moves, a seat's own view, the log, and the proof that a game's log replays to it.
Read from the cache of `LiveGames` (no database trip when it is current)."""

from __future__ import annotations

from pydantic import BaseModel

from bot.service.seat_views import SeatView
from bot.service.results import (
    NO_GAME,
    NOT_STARTED,
    NOT_PLAYING,
    TableError,
    Snapshot,
)
from bot.service.live import LiveGames
from bot.storage.store import GameRow

from rules.core import undo
from rules.core.engine import PlayerId, Seat


class Seen(LiveGames):
    """The reads: nothing here changes a game."""

    async def legal_actions(self, channel_id: int, player: str) -> list[BaseModel]:
        """The moves `player` may make now; empty whenever they cannot act (for autocomplete)."""
        live = await self._latest(channel_id)
        return [] if live is None else self._legal(live, player)

    def cached_legal(self, game_id: int, player: PlayerId) -> list[BaseModel] | None:
        """`legal_actions` in the game as the table last saw it (`cached`), if it remembers it: no
        database trip, ever (what a board's buttons offered; the move itself is checked when made)."""
        live = self._cached_live(game_id)
        return self._legal(live, player) if live is not None else None

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

    async def place_of(self, game_id: int) -> tuple[int, str]:
        """The channel and the game (slug) of a game id. They never change, so the cache answers
        without asking the store whether it is current: a click learns which game its buttons belong
        to at no cost, and the game itself is read once, in the move's transaction (`Moves.act`)."""
        live = self._cached_live(game_id) or await self._by_id(game_id)
        if live is None:
            raise TableError("That game no longer exists.")
        return live.row.channel_id, live.row.slug

    async def game_by_id(self, game_id: int) -> Snapshot:
        live = await self._by_id(game_id)
        if live is None:
            raise TableError("That game no longer exists.")
        return self._snapshot(live)

    async def seen_by(self, game_id: int, player: PlayerId) -> tuple[int, str, str] | None:
        """The game's version, its slug and its state as `player` knows it (`Game.seen_by`, as
        JSON), for a computer player to think about; None when the game is not waiting for `player`."""
        live = await self._by_id(game_id)
        if live is None or live.state is None or player not in self._snapshot(live).waiting_for:
            return None  # (a game that is not active waits for nobody)
        return live.version, live.row.slug, live.game.seen_by(live.state, player).model_dump_json()

    async def seat_view(self, game_id: int, player: PlayerId, version: int | None = None) -> SeatView:
        """What one seated player may see of the game, their secrets included, and whether any of it
        is hidden from the others: the only way the rest of the bot reaches a player's secrets, and
        only to show them to that player. With `version`, the picture of that moment is wanted (a move
        just made it): the table's memory of it serves without asking the store whether it is current."""
        live = self._cached_live(game_id)
        if live is None or version is None or live.version != version:
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
        log = [(a.seq, a.player, a.action_json) for a in actions]  # undos included (`rules.core.undo`)
        rebuilt = game.replay_log(await self._seats(game_id), row.options, row.seed, log)
        stored = game.load_state(row.state_json)
        return bool(rebuilt.model_dump() == stored.model_dump()) and rebuilt.version == row.version

    async def logged(self, game_id: int) -> tuple[GameRow, list[Seat], list[undo.Entry]]:
        """A game's row, seats and the moves of its log that stand (an undone move and its undo left
        out): what its record and its replay are made of (`bot.service.replays`)."""
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("That game no longer exists.")
        if row.status == "lobby":
            raise TableError(NOT_STARTED)
        entries = [(a.seq, a.player, a.action_json) for a in await self.store.actions(game_id)]
        return row, await self._seats(game_id), undo.standing(entries)
