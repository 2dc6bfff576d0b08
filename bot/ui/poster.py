"""One board message per player turn, edited in place, posted in order, never drawn in vain.

Each channel has a `ChannelBoards`: a queue and one task that empties it, so a
channel's posts and edits leave in the order their moves were made, and one
channel never waits for another. Within a turn the turn's message is edited in
place (new picture, the turn's log so far, the current controls); a new message
starts when someone new must act, when the game ends, or on request (`/game
board`), and the previous turn's message then becomes the record of its turn: its
heading and log lines as text, without its picture, its controls or any word about
who must act (`bot.ui.board.record`). The channel holds one live board, the newest,
and above it the story of the game; a finished game's final board stays as it is.

Updates that arrive while a post or an edit is on its way are merged: only the
newest state of a turn is drawn and sent, and the log lines of turns that ended
before they could be shown travel with the next message.

When Discord refuses a post (after discord.py's own retries of server errors and
rate limits), the move is still stored: the channel remembers the board it could
not show and shows it again, as a new message, at the next chance: the next
move, any interaction in the channel (`nudge`), or a timer backing off
(`RETRY_SECONDS`). A table is never left frozen on a stale picture.

The poster talks to Discord through a `Courier`, so the load benchmark (and the
tests) can put a stand-in there.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.ui.board import EARLIER_BOARD, BoardLike, BoardMessage

log = logging.getLogger("zagjan.bot")

RETRY_SECONDS = (10.0, 60.0, 300.0, 1800.0)
"""When to try again a board Discord refused, counted from each failure; then only on a nudge."""

Compose = Callable[[BoardLike, Sequence[str]], Awaitable[BoardMessage]]


class Courier(Protocol):
    """How messages reach a channel. The real one is `DiscordCourier`."""

    async def send(self, channel_id: int, kwargs: dict[str, Any]) -> int:
        """Post a new message; its id."""

    async def edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> None:
        """Change a message the bot posted."""


class Memory(Protocol):
    """Where each channel's current board message is kept across restarts (the store)."""

    async def board_message(self, channel_id: int) -> int | None: ...

    async def set_board_message(self, channel_id: int, message_id: int, game_id: int) -> None: ...


class DiscordCourier:
    """Posts with the bot's own token (not an interaction's webhook), so a turn's message can
    be edited for as long as the turn lasts, whoever's click changed it."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def send(self, channel_id: int, kwargs: dict[str, Any]) -> int:
        message = await self._client.get_partial_messageable(channel_id).send(**kwargs)
        return message.id

    async def edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> None:
        await self._client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**kwargs)


@dataclass
class _Turn:
    """Updates of one turn not yet shown: the newest board, and every line since the last post."""

    board: BoardLike
    lines: list[str]
    starts_turn: bool
    waiters: list[asyncio.Future[bool]] = field(default_factory=list)


@dataclass
class _Note:
    """A plain message that must appear in the channel in its place among the boards (or, with `job`,
    any post or edit of the caller's, such as a lobby card edited in place, done by that job)."""

    kwargs: dict[str, Any]
    waiters: list[asyncio.Future[bool]] = field(default_factory=list)
    job: Callable[[Courier], Awaitable[Any]] | None = None


class ChannelBoards:
    """The board messages of one channel."""

    def __init__(self, channel_id: int, courier: Courier, compose: Compose,
                 memory: Callable[[], Memory | None] = lambda: None) -> None:
        self.channel_id = channel_id
        self._courier = courier
        self._compose = compose
        self._memory = memory
        self._recalled = False
        self._queue: list[_Turn | _Note] = []
        self._task: asyncio.Task[None] | None = None
        self._last: tuple[int, int, frozenset[str]] | None = None  # game, version, waiting of the newest update
        self.message_id: int | None = None  # the current turn's message
        self._shown: list[str] = []  # the lines the current turn's message shows
        self._controls = False  # whether the current turn's message is live: controls or words of the moment
        self._current: BoardMessage | None = None  # what the current turn's message shows (None after a restart)
        self._unshown: _Turn | None = None  # the newest board Discord refused, to show at the next chance
        self._retry: asyncio.Task[None] | None = None
        self._failures = 0
        self.last_error: str | None = None  # why the last post failed, in Discord's words

    def show(self, board: BoardLike, lines: Sequence[str] = (), *, fresh: bool = False) -> asyncio.Future[bool]:
        """Queue `board`; the future is True once a message showing it (or a newer state) is out."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        waiting = frozenset(board.waiting_for)
        last = self._last
        if last is not None and last[0] == board.game_id and board.version < last[1] and not fresh:
            done.set_result(True)  # a newer state of this game is already on its way
            return done
        starts_turn = (fresh or last is None or last[0] != board.game_id or board.outcome is not None
                       or not waiting <= last[2])
        self._last = (board.game_id, board.version, waiting)
        tail = self._queue[-1] if self._queue else None
        if isinstance(tail, _Turn) and not starts_turn:
            tail.board = board
            tail.lines.extend(lines)
            tail.waiters.append(done)
        else:
            carried = self._unshown.lines if self._unshown is not None else []
            self._queue.append(_Turn(board, [*carried, *lines], starts_turn or bool(carried), [done]))
            self._unshown = None
        self._wake()
        return done

    def nudge(self) -> bool:
        """Something happened in the channel: a board Discord refused earlier is tried again now.
        True when there was one to show."""
        if self._unshown is None:
            return False
        unshown, self._unshown = self._unshown, None
        if self._retry is not None and self._retry is not asyncio.current_task():
            self._retry.cancel()
        self._queue.insert(0, unshown)
        self._wake()
        return True

    def close(self) -> None:
        if self._retry is not None:
            self._retry.cancel()

    def _failed(self, turns: Sequence[_Turn], error: BaseException) -> None:
        """Keep the newest board of a refused post, with every line no message showed."""
        newest = turns[-1]
        lines = [line for turn in turns for line in turn.lines]
        self._unshown = _Turn(newest.board, lines, True, [])
        self.message_id, self._controls, self._shown, self._current = None, False, [], None
        self.last_error = str(error) or type(error).__name__
        if self._failures < len(RETRY_SECONDS):
            if self._retry is not None:
                self._retry.cancel()
            self._retry = asyncio.get_running_loop().create_task(self._retry_after(RETRY_SECONDS[self._failures]))
        self._failures += 1

    async def _retry_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.nudge()

    def say(self, **kwargs: Any) -> asyncio.Future[bool]:
        """Queue a plain message (a note about closed DMs, say) behind the boards before it."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append(_Note(kwargs, [done]))
        self._wake()
        return done

    def run(self, job: Callable[[Courier], Awaitable[Any]]) -> asyncio.Future[bool]:
        """Queue `job` (given the courier) in its place among the boards: a message the caller posts or
        edits itself (a lobby card) leaves in order with the channel's other posts."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append(_Note({}, [done], job))
        self._wake()
        return done

    async def drained(self) -> None:
        """Wait until everything queued so far is out (for shutdown, benchmarks and tests)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    def _wake(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain(), name=f"boards-{self.channel_id}")

    def _record(self) -> dict[str, Any]:
        """The current message as the record of its turn (see `bot.ui.board.record`)."""
        return self._current.record_kwargs(self._shown) if self._current is not None else EARLIER_BOARD

    async def _recall(self) -> None:
        """After a restart: the message the channel showed last still has its controls; the next
        board takes them away, as at any new turn."""
        self._recalled = True
        memory = self._memory()
        if memory is not None and self.message_id is None:
            self.message_id = await memory.board_message(self.channel_id)
            self._controls = self.message_id is not None

    async def _drain(self) -> None:
        if not self._recalled:
            await self._settle(self._recall, [])
        while self._queue:
            batch, self._queue = self._queue, []
            start = 0
            for index, item in enumerate([*batch, None]):
                if item is None or isinstance(item, _Note):
                    turns = [t for t in batch[start:index] if isinstance(t, _Turn)]
                    if turns:
                        error = await self._settle(self._post_turns, turns, turns)
                        if error is not None:
                            self._failed(turns, error)
                        else:
                            self._failures, self.last_error = 0, None
                    if isinstance(item, _Note) and item.job is not None:
                        await self._settle(item.job, [item], self._courier)
                    elif isinstance(item, _Note):
                        await self._settle(self._courier.send, [item], self.channel_id, item.kwargs)
                    start = index + 1

    async def _settle(self, fn: Callable[..., Awaitable[Any]], items: Sequence[_Turn | _Note],
                      *args: Any) -> BaseException | None:
        """Run one post and tell its waiters how it went; a failure is logged and returned, never
        raised into the queue (the next post still goes out)."""
        error: BaseException | None = None
        try:
            await fn(*args)
        except Exception as exc:
            log.warning("could not post in channel %s: %s", self.channel_id, exc)
            error = exc
        for item in items:
            for waiter in item.waiters:
                if not waiter.done():
                    waiter.set_result(error is None)
        return error

    async def _post_turns(self, turns: list[_Turn]) -> None:
        first = turns[0]
        if len(turns) == 1 and not first.starts_turn and self.message_id is not None:
            self._shown += first.lines
            message = await self._compose(first.board, self._shown)
            await self._courier.edit(self.channel_id, self.message_id, message.edit_kwargs())
            self._current, self._controls = message, first.board.outcome is None
            return
        # A new turn's message. Whatever earlier turns said that no message showed comes with it.
        lines = [line for turn in turns for line in turn.lines]
        newest = turns[-1].board
        drawing = asyncio.ensure_future(self._compose(newest, lines))  # drawn while the old controls go
        try:
            if self.message_id is not None:
                previous, self.message_id = self.message_id, None
                if self._controls:  # a live board becomes the record of its turn; a final board stays
                    await self._courier.edit(self.channel_id, previous, self._record())
        finally:
            message = await drawing
        self.message_id = await self._courier.send(self.channel_id, message.send_kwargs())
        self._shown, self._current, self._controls = lines, message, newest.outcome is None
        memory = self._memory()
        if memory is not None:
            try:  # the board is out; failing to note which message it is must not post it again
                await memory.set_board_message(self.channel_id, self.message_id, newest.game_id)
            except Exception as exc:
                log.warning("could not record the board message of channel %s: %s", self.channel_id, exc)


class BoardPosts:
    """Every channel's `ChannelBoards`, made on first use."""

    def __init__(self, courier: Courier, compose: Compose, memory: Callable[[], Memory | None] = lambda: None) -> None:
        self.courier = courier
        self._compose = compose
        self._memory = memory
        self._channels: dict[int, ChannelBoards] = {}

    def channel(self, channel_id: int) -> ChannelBoards:
        boards = self._channels.get(channel_id)
        if boards is None:
            boards = self._channels[channel_id] = ChannelBoards(channel_id, self.courier, self._compose,
                                                                self._memory)
        return boards

    def show(self, board: BoardLike, lines: Sequence[str] = (), *, fresh: bool = False) -> asyncio.Future[bool]:
        """Queue `board` in its channel. A move's board goes through `bot.ui.shown.ShowMove`, which
        also starts what waits on it; only /game board's `fresh` copy comes here directly."""
        return self.channel(board.channel_id).show(board, lines, fresh=fresh)

    def say(self, channel_id: int, **kwargs: Any) -> asyncio.Future[bool]:
        return self.channel(channel_id).say(**kwargs)

    def nudge(self, channel_id: int | None) -> bool:
        """An interaction happened in this channel: show a board Discord refused before, if any."""
        boards = self._channels.get(channel_id) if channel_id is not None else None
        return boards.nudge() if boards is not None else False

    def close(self) -> None:
        for boards in self._channels.values():
            boards.close()


__all__ = ["Courier", "Memory", "DiscordCourier", "ChannelBoards", "BoardPosts", "Compose"]
