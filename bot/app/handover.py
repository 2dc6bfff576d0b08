"""Showing moves when this process owns only some guilds (`bot.storage.shards`).

`OwnedShowMove` is the bot's `show_move` in a process that serves only some shards. For a game whose
guild it owns, it is the usual `ShowMove`: the board, what waits on it (timers, computers, a
campaign's vote), private news and secret choices. For any other game (a secret choice made in a DM
reaches the process holding shard 0), the move was stored and its owner told in the same transaction
(`TableService` sends the notification); this process sends only what goes by DM (the private news
and the next secret choices, which it alone knows as they were before the move) and leaves the
channel, its board and its timers to the owner.

`HandOvers` is the owner's side: each note the `Listener` brings (on its own thread) becomes a task
on the event loop that shows the game's board once. "Once" is by version: a note at or below the
version this process last showed of the game is dropped, so a doubled note, a note overtaken by the
owner's own next move, or a catch-up after a reconnection posts nothing twice.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections import defaultdict
from typing import Any

from bot.storage.shards import Listener, Note, Ownership, hand_over
from bot.service.table import TableService, TurnResult
from bot.ui.shown import Actor, ShowMove

log = logging.getLogger("zagjan.shards")


class OwnedShowMove(ShowMove):
    """`ShowMove` for a process that owns some guilds only; remembers the newest version of each game
    it showed (`shown`), which is what makes a hand-over idempotent."""

    def __init__(self, *args: Any, ownership: Ownership, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ownership = ownership
        self.shown: dict[int, int] = {}  # game id -> the newest version this process queued a board of

    async def __call__(self, result: TurnResult, *, heading: str | None = None,
                       actor: Actor | None = None) -> asyncio.Future[bool]:
        if self.ownership.owns(result.guild_id):
            self.shown[result.game_id] = max(self.shown.get(result.game_id, -1), result.version)
            return await super().__call__(result, heading=heading, actor=actor)
        if not result.handed_over:  # a move stored some other way than the table's moves: tell the owner now
            shard, note = self.ownership.shard(result.guild_id), Note(result.game_id, result.channel_id, result.version)
            await self.table.store.write(lambda tx: hand_over(tx, shard, note))
        log.info("move in game=%s version=%s handed to the owner of shard %s", result.game_id, result.version,
                 self.ownership.shard(result.guild_id))
        await self.deliver_private(result, actor)
        await self.offer_secrets(result)
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        done.set_result(True)  # the board is the owner's to post; nothing here can fail it
        return done


class HandOvers:
    """The owner's end of a hand-over: listens for its shards' notes and shows each game's board once."""

    def __init__(self, url: str, table: TableService, show_move: OwnedShowMove) -> None:
        self._table = table
        self._show_move = show_move
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()  # the bot's own: its tasks are the bot's work
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()
        self._listener = Listener(url, show_move.ownership.shards, self._deliver, self._reconnected)

    async def start(self) -> None:
        """Listen before anything else starts, so no move stored from now on goes unshown; then show
        what was handed over while this process was not listening (kept as rows)."""
        await asyncio.to_thread(self._listener.start)
        await self.catch_up()

    async def catch_up(self) -> int:
        """Take every hand-over still kept for this process's shards (their owner was down or not
        listening when the note was sent); how many there were."""
        kept = await self._table.store.kept_hand_overs(sorted(self._show_move.ownership.shards))
        for game_id, channel_id, version in kept:
            self._begin(Note(game_id, channel_id, version))
        return len(kept)

    async def close(self) -> None:
        await asyncio.to_thread(self._listener.stop)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _deliver(self, note: Note) -> None:
        """On the listener's thread: pass the note to the event loop."""
        self._loop.call_soon_threadsafe(self._begin, note, context=self._context)

    def _reconnected(self) -> None:
        """On the listener's thread, after a dropped connection: notes sent meanwhile were lost, so
        every game shown here is looked at again (a game with nothing newer shows nothing), and the
        hand-overs kept as rows are taken."""
        for game_id, version in list(self._show_move.shown.items()):
            self._deliver(Note(game_id, 0, version + 1))
        self._loop.call_soon_threadsafe(self._later, self.catch_up(), context=self._context)

    def _later(self, work: Any) -> None:
        task = self._loop.create_task(work, name="hand-over-catch-up")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _begin(self, note: Note) -> None:
        self._later(self.take(note))

    async def take(self, note: Note) -> bool:
        """Show the board of the note's move unless a board of that version or a newer one was shown
        here already; whether one was queued."""
        async with self._locks[note.game_id]:
            shown = self._show_move.shown.get(note.game_id)
            if shown is not None and note.version <= shown:
                await self._taken(note.game_id, shown)
                return False
            try:
                result = await self._table.handed(note, shown)
            except Exception:
                log.exception("could not read the handed-over move of game %s", note.game_id)
                return False
            if result is None or not self._show_move.ownership.owns(result.guild_id):
                await self._taken(note.game_id, note.version)
                return False
            log.info("showing game=%s version=%s handed over by another process", result.game_id, result.version)
            await self._show_move(result)
            await self._taken(result.game_id, result.version)
            return True

    async def _taken(self, game_id: int, version: int) -> None:
        """The kept hand-over of a game is done with once a board at its version or later is queued
        (a newer move handed over meanwhile keeps its row)."""
        try:
            await self._table.store.drop_hand_over(game_id, version)
        except Exception:
            log.exception("could not clear the kept hand-over of game %s", game_id)


__all__ = ["HandOvers", "OwnedShowMove"]
