"""Several bot processes, one PostgreSQL server: who owns which guild, and how a move made in the
wrong process reaches the right one.

Discord splits a big bot's guilds into shards: a guild belongs to shard `(guild_id >> 22) %
shard_count`, and each process connects the shards it is given (`ZAGJAN_SHARD_IDS`). A process
*owns* the guilds of its shards: only it posts their boards, runs their timers, reaction windows,
computer turns, campaign votes and idle sweeps, and resumes them after a restart, so a channel
never has two processes editing its board or two sets of live buttons.

One thing Discord does not route by guild: every interaction in a direct message goes to shard 0.
A secret choice made in a DM is therefore applied by the process holding shard 0, which may not
own the game's guild. That process stores the move as usual and, in the move's own transaction,
sends a PostgreSQL notification (`pg_notify`) on the owner's channel (`channel_name`): the
notification is delivered when the move commits, and never without it. The owner listens on a
dedicated connection (`Listener`, on a thread of its own, so the event loop never blocks on it)
and posts the board once (`HandOver`, idempotent by the game's version). On SQLite there is only
ever one process and nothing of this runs.

PostgreSQL keeps no notification for a listener that is not there, so the same transaction also
keeps the hand-over as a row (`handovers`, the newest move per game): an owner that was down shows
those boards when it starts, and clears each row once its board is shown. After a dropped connection
the listener looks again at the games it knows, and at the rows.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger("zagjan.shards")

CHANNEL_PREFIX = "zagjan_shard_"
"""The notification channel of shard n is `zagjan_shard_<n>` (a plain identifier: no quoting needed)."""

POLL_SECONDS = 0.25
"""How long the listener waits for a notification before looking whether it must stop."""

RECONNECT_SECONDS = (0.5, 2.0, 5.0, 15.0)
"""Pauses between attempts to listen again after the connection dropped (the last one repeats)."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord gives a guild (its id's timestamp bits, modulo the shard count)."""
    return (guild_id >> 22) % shard_count


def channel_name(shard: int) -> str:
    return f"{CHANNEL_PREFIX}{shard}"


@dataclass(frozen=True)
class Ownership:
    """Which guilds this process serves. `shard_ids` None: every shard (one process, as without
    sharding). A game with no guild (none exists today) would be shard 0's, as DMs are."""

    shard_count: int = 1
    shard_ids: frozenset[int] | None = None

    @classmethod
    def of(cls, shard_count: int | None, shard_ids: Iterable[int] | None) -> Ownership:
        """From the settings (`ZAGJAN_SHARD_COUNT`, `ZAGJAN_SHARD_IDS`); unset is one whole process."""
        count = shard_count or 1
        ids = frozenset(shard_ids) if shard_ids is not None else None
        return cls(count, None if ids is not None and ids == frozenset(range(count)) else ids)

    @property
    def whole(self) -> bool:
        """Whether this process serves every guild (nothing is ever handed over)."""
        return self.shard_ids is None

    @property
    def shards(self) -> frozenset[int]:
        return self.shard_ids if self.shard_ids is not None else frozenset(range(self.shard_count))

    def shard(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else shard_of(guild_id, self.shard_count)

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_ids is None or self.shard(guild_id) in self.shard_ids

    @property
    def syncs_commands(self) -> bool:
        """Only one process tells Discord the slash commands: the one holding shard 0."""
        return 0 in self.shards

    def describe(self) -> str:
        if self.shard_count == 1:
            return "one shard"
        return f"shard(s) {', '.join(map(str, sorted(self.shards)))} of {self.shard_count}"


@dataclass(frozen=True)
class Note:
    """What a hand-over says: the game, its channel, and the version the move produced."""

    game_id: int
    channel_id: int
    version: int

    def payload(self) -> str:
        return json.dumps({"game": self.game_id, "channel": self.channel_id, "version": self.version})

    @classmethod
    def read(cls, payload: str) -> Note | None:
        """The note in a notification's payload; None for anything else (logged, never raised)."""
        try:
            data = json.loads(payload)
            return cls(int(data["game"]), int(data["channel"]), int(data["version"]))
        except (ValueError, TypeError, KeyError):
            log.warning("ignored a hand-over that does not read: %r", payload[:200])
            return None


SHARD_LOCK = 0x7A6A
"""The first key of the advisory lock a process holds for each of its shards (the second is the shard)."""


class ShardTaken(Exception):
    """Another process already serves one of this process's shards (its boards would be posted twice)."""


NOTIFY_SQL = "SELECT pg_notify(?, ?)"
"""Sent inside the move's transaction: PostgreSQL delivers it at the commit, or not at all."""


def hand_over(tx: Any, shard: int, note: Note) -> None:
    """Tell the owner of `shard` about `note`'s move, in the move's own transaction: a notification
    for an owner that is listening, and a row for one that is not (it reads the rows when it starts)."""
    tx.run(NOTIFY_SQL, (channel_name(shard), note.payload()))
    tx.keep_hand_over(note.game_id, shard, note.channel_id, note.version)


class Listener:
    """A thread with its own PostgreSQL connection, LISTENing on this process's shards' channels.

    Each note goes to `deliver` (called on the listener's thread: it must hand the note to the event
    loop itself). After the connection drops, the listener connects again, backing off, and calls
    `reconnected` so the owner can look for moves it was not told of meanwhile.

    The connection also holds an advisory lock per shard, for as long as it lives (a killed process's
    go with its connection): a second process given a shard that is already served does not start
    (`ShardTaken`), and two processes never post one channel's boards."""

    def __init__(self, url: str, shards: Iterable[int], deliver: Callable[[Note], None],
                 reconnected: Callable[[], None] = lambda: None) -> None:
        self._url = url
        self._shards = sorted(shards)
        self._channels = [channel_name(s) for s in self._shards]
        self._deliver = deliver
        self._reconnected = reconnected
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="zagjan-listen", daemon=True)

    def start(self, timeout: float = 15.0) -> None:
        """Start listening; returns once the first LISTEN is in place, so no note sent after this
        is missed. Raises what the first connection failed with."""
        self._thread.start()
        if not self._ready.wait(timeout):
            self.stop()
            raise TimeoutError("could not start listening for hand-overs in time")
        if self._error is not None:
            self.stop()
            raise self._error

    def stop(self) -> None:
        """Stop and wait for the thread (at most about `POLL_SECONDS`); stopping twice is harmless."""
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5.0)

    def _connect(self) -> psycopg.Connection[Any]:
        import psycopg

        conn = psycopg.connect(self._url, autocommit=True, connect_timeout=10, application_name="zagjan-listen")
        try:
            taken = [shard for shard in self._shards
                     if not conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (SHARD_LOCK, shard)).fetchone()[0]]
            if taken:
                raise ShardTaken(f"Another process already serves shard(s) {', '.join(map(str, taken))} on this "
                                 "database; give each shard (ZAGJAN_SHARD_IDS) to one process only.")
            for channel in self._channels:
                conn.execute(f"LISTEN {channel}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _run(self) -> None:
        import psycopg

        failures = 0
        first = True
        while not self._stop.is_set():
            try:
                conn = self._connect()
            except (psycopg.Error, ShardTaken) as exc:
                if first:
                    self._error = exc
                    self._ready.set()
                    return
                pause = RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)]
                failures += 1
                log.warning("could not listen for hand-overs (%s); trying again in %.1f s", exc, pause)
                self._stop.wait(pause)
                continue
            if not first:
                log.info("listening for hand-overs again")
                self._safely(self._reconnected)
            first, failures = False, 0
            self._ready.set()
            try:
                with conn:
                    while not self._stop.is_set():
                        for notify in conn.notifies(timeout=POLL_SECONDS):
                            note = Note.read(notify.payload)
                            if note is not None:
                                self._safely(lambda note=note: self._deliver(note))
                    # the shards are free once stop() returns: the server lets a closed connection's
                    # locks go only when its backend has ended, which a busy server does a little later
                    conn.execute("SELECT pg_advisory_unlock_all()")
            except psycopg.Error as exc:
                if not self._stop.is_set():
                    log.warning("the hand-over connection dropped (%s); listening again", exc)

    @staticmethod
    def _safely(fn: Callable[[], None]) -> None:
        try:
            fn()
        except Exception:  # the listener must outlive a bad note or a closing loop
            log.exception("a hand-over could not be passed on")


__all__ = ["CHANNEL_PREFIX", "Listener", "NOTIFY_SQL", "Note", "Ownership", "SHARD_LOCK", "ShardTaken",
           "channel_name", "hand_over", "shard_of"]
