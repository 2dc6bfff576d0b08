"""SQLite storage for games, seats, the action log and the event log.

Two connections per process, each on its own thread: a writer and a reader, in
WAL mode, so a read that only shows a game never queues behind another
channel's write. A whole transaction (read the row, let the caller decide,
append, commit) is one call to the writer's thread: one hop per action instead
of one per statement. The schema grows through numbered migrations keyed on
`PRAGMA user_version`, so an old database file is upgraded in place on open.

Why not aiosqlite: it sends every statement to its thread separately, and has no
public way to run a function there; an action then costs some twenty hops, each
of which other channels' statements can slip between (measured: 10x a bare
insert+commit). `concurrent.futures` gives the one-thread executor we need.

The action log is append-only (triggers refuse UPDATE and DELETE) and every
action is written in the same transaction as the state it produced, guarded by
the game's `version`: a write that was computed from an older state raises
`StaleVersion` and leaves the database untouched. That check is what keeps a
doubled button click, or a second bot process, from applying a move twice.

The store knows rows, not rules: it never imports a game engine. Callers that
must decide inside the transaction (the table service applying a move) pass a
plain function that receives a `Tx`.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from rules.core.engine import Event

T = TypeVar("T")

OPEN_STATUSES = ("lobby", "active")
"""A channel holds at most one game in one of these statuses."""

MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, the append-only action log, the event log, campaigns (placeholder).
    """
    CREATE TABLE campaigns (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        kind        TEXT NOT NULL,
        status      TEXT NOT NULL,
        data_json   TEXT NOT NULL DEFAULT '{}',
        created_at  TEXT NOT NULL
    );

    CREATE TABLE games (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id     INTEGER,
        channel_id   INTEGER NOT NULL,
        campaign_id  INTEGER REFERENCES campaigns(id),
        slug         TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        creator      TEXT NOT NULL,
        seed         INTEGER NOT NULL,
        options_json TEXT NOT NULL DEFAULT '{}',
        state_json   TEXT,
        version      INTEGER NOT NULL DEFAULT 0,
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games(channel_id, id);

    CREATE TABLE seats (
        game_id    INTEGER NOT NULL REFERENCES games(id),
        player     TEXT NOT NULL,
        name       TEXT NOT NULL,
        brood      TEXT NOT NULL,
        colour     INTEGER NOT NULL,
        joined_at  TEXT NOT NULL,
        PRIMARY KEY (game_id, player),
        UNIQUE (game_id, colour)
    );

    CREATE TABLE actions (
        game_id     INTEGER NOT NULL REFERENCES games(id),
        seq         INTEGER NOT NULL CHECK (seq >= 1),
        player      TEXT NOT NULL,
        action_json TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        UNIQUE (game_id, seq)
    );
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

    -- seq 0 holds the set-up events of game.start, seq n the events of action n.
    CREATE TABLE events (
        game_id     INTEGER NOT NULL REFERENCES games(id),
        seq         INTEGER NOT NULL,
        n           INTEGER NOT NULL,
        visible_to  TEXT,
        event_json  TEXT NOT NULL,
        PRIMARY KEY (game_id, seq, n)
    );
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
    """,
    # 2: each channel's current board message, so a restarted bot can take its controls away.
    """
    CREATE TABLE board_messages (
        channel_id  INTEGER PRIMARY KEY,
        message_id  INTEGER NOT NULL,
        game_id     INTEGER NOT NULL
    );
    """,
    # 3: idle tables. Each game's turn limit, since when the players it waits for have been waiting,
    # how far the bot has gone about it (1 reminded, 2 asked the others), who was removed for
    # idling, the others' votes, and each channel's choice about turn pings.
    """
    ALTER TABLE games ADD COLUMN turn_seconds INTEGER NOT NULL DEFAULT 86400;
    ALTER TABLE games ADD COLUMN waiting_since TEXT;
    ALTER TABLE games ADD COLUMN idle_stage INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN forfeited_json TEXT NOT NULL DEFAULT '[]';
    CREATE TABLE idle_votes (
        game_id  INTEGER NOT NULL REFERENCES games(id),
        version  INTEGER NOT NULL,
        voter    TEXT NOT NULL,
        choice   TEXT NOT NULL CHECK (choice IN ('skip', 'remove')),
        PRIMARY KEY (game_id, version, voter)
    );
    CREATE TABLE channel_settings (
        channel_id  INTEGER PRIMARY KEY,
        pings       INTEGER NOT NULL DEFAULT 1
    );
    """,
    # 4: campaigns for real (who opened one, a version checked on write, one open per channel),
    # and every finished game's result per player, for a server's hall of fame.
    """
    ALTER TABLE campaigns ADD COLUMN creator TEXT NOT NULL DEFAULT '';
    ALTER TABLE campaigns ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE campaigns ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
    CREATE UNIQUE INDEX campaigns_one_open_per_channel
        ON campaigns(channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE results (
        game_id      INTEGER NOT NULL REFERENCES games(id),
        guild_id     INTEGER,
        channel_id   INTEGER NOT NULL,
        campaign_id  INTEGER REFERENCES campaigns(id),
        slug         TEXT NOT NULL,
        player       TEXT NOT NULL,
        name         TEXT NOT NULL,
        place        INTEGER NOT NULL,
        feats        INTEGER NOT NULL DEFAULT 0,
        vp           INTEGER NOT NULL DEFAULT 0,
        stats_json   TEXT NOT NULL DEFAULT '{}',
        finished_at  TEXT NOT NULL,
        PRIMARY KEY (game_id, player)
    );
    CREATE INDEX results_by_guild ON results(guild_id, player);
    """,
    # 5: what a player picks at the seat is any game's word now (it was always a brood), and a
    # result says whether its player won: a co-operative table can lose together, all "first".
    """
    ALTER TABLE seats RENAME COLUMN brood TO pick;
    ALTER TABLE results ADD COLUMN won INTEGER NOT NULL DEFAULT 0;
    UPDATE results SET won = (place = 1);
    """,
)


class StoreError(Exception):
    """Base of the storage errors the table service turns into sentences."""


class StaleVersion(StoreError):
    """The game changed since it was read; nothing was written."""


class ChannelBusy(StoreError):
    """The channel already has a game in the lobby or running."""


@dataclass(frozen=True, slots=True)
class CampaignRow:
    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: str
    creator: str
    version: int
    data_json: str


@dataclass(frozen=True, slots=True)
class ResultRow:
    game_id: int
    channel_id: int
    campaign_id: int | None
    slug: str
    player: str
    name: str
    place: int
    feats: int
    won: bool
    vp: int
    stats: dict[str, float]


def _campaign(row: sqlite3.Row) -> CampaignRow:
    return CampaignRow(id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], kind=row["kind"],
                       status=row["status"], creator=row["creator"], version=row["version"],
                       data_json=row["data_json"])


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    campaign_id: int | None
    slug: str
    status: str
    creator: str
    seed: int
    options: dict[str, Any]
    state_json: str | None
    version: int
    created_at: str
    updated_at: str
    turn_seconds: int = 86400
    waiting_since: str | None = None
    idle_stage: int = 0
    forfeited: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    player: str
    name: str
    pick: str  # what the player picked as they sat down ("" for nothing), in the game's words
    colour: int
    joined_at: str


@dataclass(frozen=True, slots=True)
class ActionRow:
    game_id: int
    seq: int
    player: str
    action_json: str
    created_at: str


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        campaign_id=row["campaign_id"], slug=row["slug"], status=row["status"],
        creator=row["creator"], seed=row["seed"], options=json.loads(row["options_json"]),
        state_json=row["state_json"], version=row["version"],
        created_at=row["created_at"], updated_at=row["updated_at"], turn_seconds=row["turn_seconds"],
        waiting_since=row["waiting_since"], idle_stage=row["idle_stage"],
        forfeited=tuple(json.loads(row["forfeited_json"])))


def _stamp(at: datetime) -> str:
    return at.isoformat()


class Tx:
    """The statements of the store, run synchronously on a connection's own thread.

    Inside `Store.write` they form one IMMEDIATE transaction; inside `Store.read`
    each is its own read of the latest committed data. Only the store makes these.
    """

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement to completion and close its cursor; the rows it changed."""
        cursor = self.db.execute(sql, params)
        try:
            cursor.fetchall()
            return cursor.rowcount
        finally:
            cursor.close()

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        cursor = self.db.execute(sql, params)
        try:
            return list(cursor.fetchall())
        finally:
            cursor.close()

    # -- games --------------------------------------------------------------------------
    def get_game(self, game_id: int) -> GameRow | None:
        rows = self.fetch("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    def open_game(self, channel_id: int) -> GameRow | None:
        rows = self.fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        return _game(rows[0]) if rows else None

    def latest_game(self, channel_id: int) -> GameRow | None:
        found = self.open_game(channel_id)
        if found is not None:
            return found
        rows = self.fetch("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return _game(rows[0]) if rows else None

    def version_of(self, game_id: int) -> tuple[str, int] | None:
        """Status and version alone: enough to check a cached state without reading it again."""
        rows = self.fetch("SELECT status, version FROM games WHERE id = ?", (game_id,))
        return (rows[0]["status"], rows[0]["version"]) if rows else None

    def seats(self, game_id: int) -> list[SeatRow]:
        rows = self.fetch("SELECT * FROM seats WHERE game_id = ? ORDER BY rowid", (game_id,))
        return [SeatRow(game_id=r["game_id"], player=r["player"], name=r["name"], pick=r["pick"],
                        colour=r["colour"], joined_at=r["joined_at"]) for r in rows]

    def append_action(self, game_id: int, *, expected_version: int, player: str, action_json: str,
                      state_json: str, events: Sequence[Event], finished: bool, at: datetime,
                      new_wait: bool = False) -> int:
        """Log action number `expected_version + 1` with the state it produced; the new version.

        The state is only replaced if the stored version is still `expected_version`
        and the game is active, so two writers computed from the same state cannot
        both succeed: the second gets `StaleVersion` and nothing of it is written.
        `new_wait` says someone new must act now: their turn clock starts.
        """
        new_version = expected_version + 1
        changed = self.run(
            "UPDATE games SET state_json = ?, version = version + 1, updated_at = ?,"
            " status = CASE WHEN ? THEN 'finished' ELSE status END,"
            " waiting_since = CASE WHEN ? THEN ? ELSE waiting_since END,"
            " idle_stage = CASE WHEN ? THEN 0 ELSE idle_stage END"
            " WHERE id = ? AND version = ? AND status = 'active'",
            (state_json, _stamp(at), finished, new_wait, _stamp(at), new_wait, game_id, expected_version))
        if changed != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
        try:
            self.run("INSERT INTO actions (game_id, seq, player, action_json, created_at) VALUES (?, ?, ?, ?, ?)",
                     (game_id, new_version, player, action_json, _stamp(at)))
        except sqlite3.IntegrityError as exc:
            raise StaleVersion(f"game {game_id} already has action {new_version}") from exc
        self.insert_events(game_id, new_version, events)
        return new_version

    def forfeit(self, game_id: int, version: int, players: Sequence[str]) -> None:
        """Players removed for idling (they place last); `StaleVersion` if the game moved on."""
        rows = self.fetch("SELECT forfeited_json FROM games WHERE id = ? AND version = ? AND status = 'active'",
                          (game_id, version))
        if not rows:
            raise StaleVersion(f"game {game_id} is no longer at version {version}")
        gone = list(dict.fromkeys([*json.loads(rows[0]["forfeited_json"]), *players]))
        self.run("UPDATE games SET forfeited_json = ? WHERE id = ?", (json.dumps(gone), game_id))

    def insert_events(self, game_id: int, seq: int, events: Sequence[Event]) -> None:
        rows = [(game_id, seq, n, None if e.visible_to is None else json.dumps(e.visible_to),
                 e.model_dump_json()) for n, e in enumerate(events)]
        if rows:
            self.db.executemany("INSERT INTO events (game_id, seq, n, visible_to, event_json)"
                                " VALUES (?, ?, ?, ?, ?)", rows).close()

    def create_game(self, *, channel_id: int, guild_id: int | None, slug: str, creator: str, seed: int,
                    options: dict[str, Any] | None, at: datetime, campaign_id: int | None = None,
                    creator_name: str | None = None, creator_pick: str = "", creator_colour: int = 0,
                    turn_seconds: int = 86400) -> GameRow:
        try:
            cursor = self.db.execute(
                "INSERT INTO games (guild_id, channel_id, campaign_id, slug, status, creator, seed,"
                " options_json, state_json, version, created_at, updated_at, turn_seconds)"
                " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, NULL, 0, ?, ?, ?)",
                (guild_id, channel_id, campaign_id, slug, creator, seed,
                 json.dumps(options or {}), _stamp(at), _stamp(at), turn_seconds))
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(f"channel {channel_id} already has an open game") from exc
        game_id = cursor.lastrowid
        cursor.close()
        assert game_id is not None
        if creator_name is not None:
            self.run("INSERT INTO seats (game_id, player, name, pick, colour, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                     (game_id, creator, creator_name, creator_pick, creator_colour, _stamp(at)))
        row = self.get_game(game_id)
        assert row is not None
        return row

    def add_seat(self, game_id: int, *, player: str, name: str, pick: str, colour: int, at: datetime) -> None:
        try:
            changed = self.run(
                "INSERT INTO seats (game_id, player, name, pick, colour, joined_at)"
                " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS"
                " (SELECT 1 FROM games WHERE id = ? AND status = 'lobby')",
                (game_id, player, name, pick, colour, _stamp(at), game_id))
        except sqlite3.IntegrityError as exc:
            raise StaleVersion(f"seat or colour already taken in game {game_id}") from exc
        if changed != 1:
            raise StaleVersion(f"game {game_id} is no longer in the lobby")
        self.touch(game_id, at)

    def start_game(self, game_id: int, *, state_json: str, events: Sequence[Event], at: datetime) -> None:
        changed = self.run("UPDATE games SET status = 'active', state_json = ?, version = 0, updated_at = ?,"
                           " waiting_since = ?, idle_stage = 0 WHERE id = ? AND status = 'lobby'",
                           (state_json, _stamp(at), _stamp(at), game_id))
        if changed != 1:
            raise StaleVersion(f"game {game_id} has already left the lobby")
        self.insert_events(game_id, 0, events)

    def touch(self, game_id: int, at: datetime) -> None:
        self.run("UPDATE games SET updated_at = ? WHERE id = ?", (_stamp(at), game_id))

    # -- campaigns ----------------------------------------------------------------------
    def get_campaign(self, campaign_id: int) -> CampaignRow | None:
        rows = self.fetch("SELECT * FROM campaigns WHERE id = ?", (campaign_id,))
        return _campaign(rows[0]) if rows else None

    def latest_campaign(self, channel_id: int) -> CampaignRow | None:
        """The channel's open campaign, else its most recent one."""
        rows = self.fetch("SELECT * FROM campaigns WHERE channel_id = ?"
                          " ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1", (channel_id,))
        return _campaign(rows[0]) if rows else None

    def insert_campaign(self, *, guild_id: int | None, channel_id: int, kind: str, creator: str, data_json: str,
                        at: datetime) -> CampaignRow:
        """A new campaign gathering players; `ChannelBusy` if the channel has an open one."""
        try:
            cursor = self.db.execute(
                "INSERT INTO campaigns (guild_id, channel_id, kind, status, data_json, created_at, creator, version,"
                " updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, 0, ?)",
                (guild_id, channel_id, kind, data_json, _stamp(at), creator, _stamp(at)))
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(f"channel {channel_id} already has an open campaign") from exc
        campaign_id = cursor.lastrowid
        cursor.close()
        assert campaign_id is not None
        row = self.get_campaign(campaign_id)
        assert row is not None
        return row

    def update_campaign(self, campaign_id: int, *, expected_version: int, status: str, creator: str,
                        data_json: str, at: datetime) -> CampaignRow:
        """Write a campaign computed from version `expected_version`; `StaleVersion` if it moved on."""
        changed = self.run("UPDATE campaigns SET status = ?, creator = ?, data_json = ?, version = version + 1,"
                           " updated_at = ? WHERE id = ? AND version = ?",
                           (status, creator, data_json, _stamp(at), campaign_id, expected_version))
        if changed != 1:
            raise StaleVersion(f"campaign {campaign_id} is no longer at version {expected_version}")
        row = self.get_campaign(campaign_id)
        assert row is not None
        return row

    def campaigns_of_guild(self, guild_id: int, status: str) -> list[CampaignRow]:
        return [_campaign(r) for r in self.fetch("SELECT * FROM campaigns WHERE guild_id = ? AND status = ?",
                                                 (guild_id, status))]

    def active_campaigns(self) -> list[CampaignRow]:
        return [_campaign(r) for r in self.fetch("SELECT * FROM campaigns WHERE status = 'active'")]

    # -- results (the hall of fame) -----------------------------------------------------
    def insert_results(self, row: GameRow, results: Sequence[tuple[str, str, int, bool, int, dict[str, float]]],
                       at: datetime) -> None:
        """A finished game's line per player: (player, name, place, won, feats, stats)."""
        self.db.executemany(
            "INSERT OR REPLACE INTO results (game_id, guild_id, channel_id, campaign_id, slug, player, name, place,"
            " won, feats, vp, stats_json, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
            [(row.id, row.guild_id, row.channel_id, row.campaign_id, row.slug, player, name, place, int(won), feats,
              json.dumps(stats), _stamp(at)) for player, name, place, won, feats, stats in results]).close()

    def set_victory_points(self, game_id: int, vp: dict[str, int]) -> None:
        self.db.executemany("UPDATE results SET vp = ? WHERE game_id = ? AND player = ?",
                            [(points, game_id, player) for player, points in vp.items()]).close()

    def results_of_guild(self, guild_id: int) -> list[ResultRow]:
        rows = self.fetch("SELECT * FROM results WHERE guild_id = ? ORDER BY finished_at, game_id", (guild_id,))
        return [ResultRow(game_id=r["game_id"], channel_id=r["channel_id"], campaign_id=r["campaign_id"],
                          slug=r["slug"], player=r["player"], name=r["name"], place=r["place"], won=bool(r["won"]),
                          feats=r["feats"], vp=r["vp"], stats=json.loads(r["stats_json"])) for r in rows]


class _Connection:
    """One sqlite3 connection and the one thread that may use it."""

    def __init__(self, path: Path, name: str) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"zagjan-db-{name}")
        self._db: sqlite3.Connection | None = None
        self._path = path

    def _open(self) -> None:
        db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        db.row_factory = sqlite3.Row
        for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON",
                       "busy_timeout = 5000"):  # another process may hold the write lock for a moment
            db.execute(f"PRAGMA {pragma}").close()
        self._db = db

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(connection)` on this connection's thread and wait for it. A cancelled caller
        does not stop it: a transaction always runs to COMMIT or ROLLBACK."""
        def job() -> T:
            if self._db is None:
                self._open()
            assert self._db is not None
            return fn(self._db)

        return await asyncio.wrap_future(self._pool.submit(job))

    async def close(self) -> None:
        def shut() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        try:
            await asyncio.wrap_future(self._pool.submit(shut))
        finally:
            self._pool.shutdown(wait=False)


def _transaction(fn: Callable[[Tx], T]) -> Callable[[sqlite3.Connection], T]:
    """`fn` inside BEGIN IMMEDIATE … COMMIT, rolled back whole if it raises."""
    def run(db: sqlite3.Connection) -> T:
        db.execute("BEGIN IMMEDIATE").close()
        try:
            result = fn(Tx(db))
        except BaseException:
            db.execute("ROLLBACK").close()
            raise
        db.execute("COMMIT").close()
        return result
    return run


class Store:
    """The database of one bot process. Open with `await Store.open(path)`, close with `close()`."""

    def __init__(self, path: Path, writer: _Connection, reader: _Connection) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._closed = False

    # -- opening and closing ------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) the database file and bring its schema up to date."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer, reader = _Connection(path, "write"), _Connection(path, "read")
        store = cls(path, writer, reader)
        try:
            await writer.call(lambda db: None)  # WAL is set before the reader opens the file
            await store._migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        """Close both connections (the last one out checkpoints the WAL); closing twice is harmless."""
        if not self._closed:
            self._closed = True
            await self._reader.close()
            await self._writer.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def _migrate(self) -> None:
        """Run the migrations the file has not seen yet, each in its own transaction."""
        current = await self.schema_version()
        if current > len(MIGRATIONS):
            raise StoreError(
                f"The database {self.path} has schema version {current}, newer than this Zagjan "
                f"({len(MIGRATIONS)}); upgrade Zagjan instead of downgrading the database.")
        for number, sql in enumerate(MIGRATIONS[current:], start=current + 1):
            def migrate(db: sqlite3.Connection, sql: str = sql, number: int = number) -> None:
                try:
                    db.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK").close()
                    raise
            await self._writer.call(migrate)

    async def schema_version(self) -> int:
        return int(await self._writer.call(lambda db: db.execute("PRAGMA user_version").fetchone()[0]))

    async def journal_mode(self) -> str:
        return str(await self._reader.call(lambda db: db.execute("PRAGMA journal_mode").fetchone()[0]))

    # -- the two doors ------------------------------------------------------------
    async def write(self, fn: Callable[[Tx], T]) -> T:
        """Run `fn` as one transaction on the writer's thread: all of it is written or none."""
        return await self._writer.call(_transaction(fn))

    async def read(self, fn: Callable[[Tx], T]) -> T:
        """Run `fn` on the reader's thread: it sees what is committed and never waits for a writer."""
        return await self._reader.call(lambda db: fn(Tx(db)))

    # -- games ----------------------------------------------------------------------
    async def create_game(self, *, channel_id: int, guild_id: int | None, slug: str, creator: str,
                          seed: int, options: dict[str, Any] | None, at: datetime,
                          campaign_id: int | None = None, creator_name: str | None = None,
                          creator_pick: str = "", creator_colour: int = 0,
                          turn_seconds: int = 86400) -> GameRow:
        """A new game in the lobby, with its creator seated when `creator_name` is given
        (in the same transaction, so a lobby never exists without its creator).
        Raises `ChannelBusy` if the channel already has an open game."""
        return await self.write(lambda tx: tx.create_game(
            channel_id=channel_id, guild_id=guild_id, slug=slug, creator=creator, seed=seed, options=options, at=at,
            campaign_id=campaign_id, creator_name=creator_name, creator_pick=creator_pick,
            creator_colour=creator_colour, turn_seconds=turn_seconds))

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self.read(lambda tx: tx.get_game(game_id))

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any."""
        return await self.read(lambda tx: tx.open_game(channel_id))

    async def active_games(self) -> list[GameRow]:
        """Every running game, for what must pick up again after a restart (reaction timers)."""
        return await self.read(
            lambda tx: [_game(row) for row in tx.fetch("SELECT * FROM games WHERE status = 'active'")])

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's open game, else its most recent one (to show a finished board)."""
        return await self.read(lambda tx: tx.latest_game(channel_id))

    async def set_creator(self, game_id: int, creator: str, *, at: datetime) -> None:
        """Hand the lobby to another seated player (when its creator leaves)."""
        def body(tx: Tx) -> None:
            changed = tx.run("UPDATE games SET creator = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                             (creator, _stamp(at), game_id))
            if changed != 1:
                raise StaleVersion(f"game {game_id} is no longer in the lobby")

        await self.write(body)

    async def set_status(self, game_id: int, status: str, *, allowed_from: Iterable[str],
                         at: datetime) -> None:
        """Move a game to `status` if it is still in one of `allowed_from`, else `StaleVersion`."""
        allowed = tuple(allowed_from)
        marks = ", ".join("?" for _ in allowed)

        def body(tx: Tx) -> None:
            changed = tx.run(f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
                             (status, _stamp(at), game_id, *allowed))
            if changed != 1:
                raise StaleVersion(f"game {game_id} is not in {allowed}")

        await self.write(body)

    async def start_game(self, game_id: int, *, state_json: str, events: Sequence[Event],
                         at: datetime) -> None:
        """Lobby -> active with the opening state and its set-up events (seq 0), atomically."""
        await self.write(lambda tx: tx.start_game(game_id, state_json=state_json, events=events, at=at))

    async def append_action(self, game_id: int, *, expected_version: int, player: str, action_json: str,
                            state_json: str, events: Sequence[Event], finished: bool,
                            at: datetime) -> int:
        """`Tx.append_action` as a transaction of its own."""
        return await self.write(lambda tx: tx.append_action(
            game_id, expected_version=expected_version, player=player, action_json=action_json,
            state_json=state_json, events=events, finished=finished, at=at))

    # -- seats ----------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        """Seats in the order players joined (that order is the game's seat order)."""
        return await self.read(lambda tx: tx.seats(game_id))

    async def add_seat(self, game_id: int, *, player: str, name: str, pick: str, colour: int,
                       at: datetime) -> None:
        """Seat a player while the game is in the lobby; `StaleVersion` if it left the lobby
        or the seat or colour was taken meanwhile (by another process)."""
        await self.write(lambda tx: tx.add_seat(game_id, player=player, name=name, pick=pick, colour=colour, at=at))

    async def remove_seat(self, game_id: int, player: str, *, at: datetime) -> None:
        """Unseat a player while the game is in the lobby."""
        def body(tx: Tx) -> None:
            changed = tx.run("DELETE FROM seats WHERE game_id = ? AND player = ? AND EXISTS"
                             " (SELECT 1 FROM games WHERE id = ? AND status = 'lobby')", (game_id, player, game_id))
            if changed != 1:
                raise StaleVersion(f"{player} is not seated in the lobby of game {game_id}")
            tx.touch(game_id, at)

        await self.write(body)

    # -- idle tables --------------------------------------------------------------------
    async def set_idle_stage(self, game_id: int, version: int, stage: int) -> bool:
        """Note how far the bot has gone about an idle player; False if the game moved on meanwhile."""
        return bool(await self.write(lambda tx: tx.run(
            "UPDATE games SET idle_stage = ? WHERE id = ? AND version = ? AND status = 'active' AND idle_stage < ?",
            (stage, game_id, version, stage))))

    async def vote_idle(self, game_id: int, version: int, voter: str, choice: str) -> dict[str, str]:
        """Record (or change) a vote about the idle players of this moment; every vote of it so far."""
        def body(tx: Tx) -> dict[str, str]:
            tx.run("INSERT INTO idle_votes (game_id, version, voter, choice) VALUES (?, ?, ?, ?)"
                   " ON CONFLICT (game_id, version, voter) DO UPDATE SET choice = excluded.choice",
                   (game_id, version, voter, choice))
            return {r["voter"]: r["choice"] for r in tx.fetch(
                "SELECT voter, choice FROM idle_votes WHERE game_id = ? AND version = ?", (game_id, version))}
        return await self.write(body)

    async def pings(self, channel_id: int) -> bool:
        rows = await self.read(lambda tx: tx.fetch("SELECT pings FROM channel_settings WHERE channel_id = ?",
                                                   (channel_id,)))
        return bool(rows[0]["pings"]) if rows else True

    async def set_pings(self, channel_id: int, on: bool) -> None:
        await self.write(lambda tx: tx.run(
            "INSERT INTO channel_settings (channel_id, pings) VALUES (?, ?)"
            " ON CONFLICT (channel_id) DO UPDATE SET pings = excluded.pings", (channel_id, int(on))))

    # -- board messages ---------------------------------------------------------------
    async def board_message(self, channel_id: int) -> int | None:
        """The id of the channel's current board message, as last recorded."""
        rows = await self.read(lambda tx: tx.fetch("SELECT message_id FROM board_messages WHERE channel_id = ?",
                                                   (channel_id,)))
        return int(rows[0]["message_id"]) if rows else None

    async def set_board_message(self, channel_id: int, message_id: int, game_id: int) -> None:
        await self.write(lambda tx: tx.run(
            "INSERT INTO board_messages (channel_id, message_id, game_id) VALUES (?, ?, ?)"
            " ON CONFLICT (channel_id) DO UPDATE SET message_id = excluded.message_id, game_id = excluded.game_id",
            (channel_id, message_id, game_id)))

    # -- logs -----------------------------------------------------------------------
    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self.read(lambda tx: tx.fetch("SELECT * FROM actions WHERE game_id = ? ORDER BY seq",
                                                   (game_id,)))
        return [ActionRow(game_id=r["game_id"], seq=r["seq"], player=r["player"],
                          action_json=r["action_json"], created_at=r["created_at"]) for r in rows]

    async def events(self, game_id: int, *, viewer: str | None = None, limit: int | None = None) -> list[Event]:
        """The game's events that `viewer` may see (None = public only), oldest first;
        with `limit`, only the most recent ones."""
        rows = await self.read(lambda tx: tx.fetch(
            "SELECT event_json FROM ("
            "  SELECT seq, n, event_json FROM events WHERE game_id = ? AND (visible_to IS NULL OR"
            "    EXISTS (SELECT 1 FROM json_each(events.visible_to) WHERE json_each.value = ?))"
            "  ORDER BY seq DESC, n DESC LIMIT ?"
            ") ORDER BY seq, n",
            (game_id, viewer, -1 if limit is None else limit)))
        return [Event.model_validate_json(r["event_json"]) for r in rows]


__all__ = ["Store", "Tx", "StoreError", "StaleVersion", "ChannelBusy", "GameRow", "SeatRow", "ActionRow",
           "MIGRATIONS", "OPEN_STATUSES", "CampaignRow", "ResultRow"]
