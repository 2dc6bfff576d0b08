"""The two databases the store runs on, and the little SQL that differs between them.

`bot.storage.store` writes its statements once, in SQLite's spelling with `?` marks, and its logic once;
a `Dialect` says what differs (the marks, the schema's column types and triggers, how a read
inside a write locks its row, how a JSON list is searched, how seats keep their order), and a
backend runs the store's functions: each call is one transaction on a worker thread.

- SQLite (a file path, the default): one writer and one reader connection, each on its own
  thread, in WAL mode; migrations keyed on `PRAGMA user_version`. A write is `BEGIN IMMEDIATE`,
  so writers are already in order, across processes too.
- PostgreSQL (a `postgresql://` URL): a psycopg 3 pool, a few writer and reader threads on it;
  a write is one pool connection's transaction, in which the game row a move is decided on is
  locked (`FOR NO KEY UPDATE`) so two processes' moves on one channel apply one after the other.
  Migrations are numbered in a `schema_migrations` table and run under an advisory lock, so
  several processes starting together run each one once.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

URL_PREFIXES = ("postgresql://", "postgres://")


def is_url(target: str | Path) -> bool:
    """Whether a `ZAGJAN_DATABASE` value names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(URL_PREFIXES)


def describe(target: str | Path) -> str:
    """A database target fit for a log line: a URL's password is blanked."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", str(target)) if is_url(target) else str(target)


# The schema, numbered. Written once: `{big}` is a 64-bit integer column (Discord ids, seeds, row
# ids), `{serial}` a row id given by the database, `{json_list}` a JSON list searched by the store,
# `{seat_order}` what keeps seats in the order players joined, `{prelude}` and `{*_append_only}`
# the triggers that keep the logs append-only.
_MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, the append-only action log, the event log, campaigns (placeholder).
    """{prelude}
    CREATE TABLE campaigns (
        id          {serial},
        guild_id    {big},
        channel_id  {big} NOT NULL,
        kind        TEXT NOT NULL,
        status      TEXT NOT NULL,
        data_json   TEXT NOT NULL DEFAULT '{{}}',
        created_at  TEXT NOT NULL
    );

    CREATE TABLE games (
        id           {serial},
        guild_id     {big},
        channel_id   {big} NOT NULL,
        campaign_id  {big} REFERENCES campaigns(id),
        slug         TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        creator      TEXT NOT NULL,
        seed         {big} NOT NULL,
        options_json TEXT NOT NULL DEFAULT '{{}}',
        state_json   TEXT,
        version      INTEGER NOT NULL DEFAULT 0,
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games(channel_id, id);

    CREATE TABLE seats (
        game_id    {big} NOT NULL REFERENCES games(id),{seat_order}
        player     TEXT NOT NULL,
        name       TEXT NOT NULL,
        brood      TEXT NOT NULL,
        colour     INTEGER NOT NULL,
        joined_at  TEXT NOT NULL,
        PRIMARY KEY (game_id, player),
        UNIQUE (game_id, colour)
    );

    CREATE TABLE actions (
        game_id     {big} NOT NULL REFERENCES games(id),
        seq         INTEGER NOT NULL CHECK (seq >= 1),
        player      TEXT NOT NULL,
        action_json TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        UNIQUE (game_id, seq)
    );
    {actions_append_only}

    -- seq 0 holds the set-up events of game.start, seq n the events of action n.
    CREATE TABLE events (
        game_id     {big} NOT NULL REFERENCES games(id),
        seq         INTEGER NOT NULL,
        n           INTEGER NOT NULL,
        visible_to  {json_list},
        event_json  TEXT NOT NULL,
        PRIMARY KEY (game_id, seq, n)
    );
    {events_append_only}
    """,
    # 2: each channel's current board message, so a restarted bot can take its controls away.
    """
    CREATE TABLE board_messages (
        channel_id  {big} PRIMARY KEY,
        message_id  {big} NOT NULL,
        game_id     {big} NOT NULL
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
        game_id  {big} NOT NULL REFERENCES games(id),
        version  INTEGER NOT NULL,
        voter    TEXT NOT NULL,
        choice   TEXT NOT NULL CHECK (choice IN ('skip', 'remove')),
        PRIMARY KEY (game_id, version, voter)
    );
    CREATE TABLE channel_settings (
        channel_id  {big} PRIMARY KEY,
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
        game_id      {big} NOT NULL REFERENCES games(id),
        guild_id     {big},
        channel_id   {big} NOT NULL,
        campaign_id  {big} REFERENCES campaigns(id),
        slug         TEXT NOT NULL,
        player       TEXT NOT NULL,
        name         TEXT NOT NULL,
        place        INTEGER NOT NULL,
        feats        INTEGER NOT NULL DEFAULT 0,
        vp           INTEGER NOT NULL DEFAULT 0,
        stats_json   TEXT NOT NULL DEFAULT '{{}}',
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
    UPDATE results SET won = CASE WHEN place = 1 THEN 1 ELSE 0 END;
    """,
    # 6: a move handed to the process that owns its game's guild (`bot.storage.shards`), kept until that
    # process has shown its board: PostgreSQL keeps no notification for an owner that is down, so an
    # owner shows what it missed when it starts. The newest move per game is enough.
    """
    CREATE TABLE handovers (
        game_id     {big} PRIMARY KEY REFERENCES games(id),
        shard       INTEGER NOT NULL,
        channel_id  {big} NOT NULL,
        version     INTEGER NOT NULL
    );
    """,
    # 7: each lobby's card (a table's, or a campaign's while it gathers players): the one message edited
    # in place as players sit down and leave, found again after a restart. `kind` is the lobby's kind
    # ('g' a table, 'c' a campaign), `owner` the game's or the campaign's id.
    """
    CREATE TABLE lobby_messages (
        kind        TEXT NOT NULL,
        owner       {big} NOT NULL,
        channel_id  {big} NOT NULL,
        message_id  {big} NOT NULL,
        PRIMARY KEY (kind, owner)
    );
    """,
    # 8: the secret question waiting in a player's DMs, one per game (`bot.ui.dms`), so that after a
    # restart the bot can still close it when it is answered another way, replaced or left behind.
    """
    CREATE TABLE open_questions (
        game_id     {big} NOT NULL REFERENCES games(id),
        player      TEXT NOT NULL,
        channel_id  {big} NOT NULL,
        message_id  {big} NOT NULL,
        text        TEXT NOT NULL,
        PRIMARY KEY (game_id, player)
    );
    """,
)


@dataclass(frozen=True)
class Dialect:
    """What one database spells differently. The store's statements use `?` marks."""

    name: str
    integrity_errors: tuple[type[BaseException], ...]
    lock_row: str
    """Appended to a read of the row a write transaction decides on ("" where writes are serial anyway)."""
    seat_order: str
    """The column that orders seats as players joined."""
    viewer_may_see: str
    """A condition on `events.visible_to` (a JSON list of players) with one mark: the viewer is named."""
    migrations: tuple[str, ...]
    writes_in_one: bool = False
    """Whether one statement may change several tables (PostgreSQL's data-modifying WITH): a move's state,
    action and events then go to the server in one round trip instead of three (SQLite runs in-process,
    where a statement costs no trip)."""

    def sql(self, statement: str) -> str:
        return statement


class _PostgresDialect(Dialect):
    @staticmethod
    @lru_cache(maxsize=512)
    def sql(statement: str) -> str:
        return statement.replace("?", "%s")


def _append_only_sqlite(table: str, noun: str) -> str:
    return "\n".join(f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table}\n"
                     f"        BEGIN SELECT RAISE(ABORT, 'the {noun} log is append-only'); END;"
                     for verb in ("UPDATE", "DELETE"))


def _append_only_postgres(table: str, noun: str) -> str:
    return (f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} FOR EACH ROW"
            f" EXECUTE FUNCTION zagjan_append_only('the {noun} log is append-only');")


_POSTGRES_PRELUDE = """
    CREATE FUNCTION zagjan_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
    END $$;"""

SQLITE = Dialect(
    name="sqlite", integrity_errors=(sqlite3.IntegrityError,), lock_row="", seat_order="rowid",
    viewer_may_see="EXISTS (SELECT 1 FROM json_each(events.visible_to) WHERE json_each.value = ?)",
    migrations=tuple(m.format(prelude="", serial="INTEGER PRIMARY KEY AUTOINCREMENT", big="INTEGER",
                              json_list="TEXT", seat_order="",
                              actions_append_only=_append_only_sqlite("actions", "action"),
                              events_append_only=_append_only_sqlite("events", "event")) for m in _MIGRATIONS))


def _postgres() -> Dialect:
    import psycopg

    return _PostgresDialect(
        name="postgresql", integrity_errors=(psycopg.IntegrityError,), lock_row=" FOR NO KEY UPDATE",
        writes_in_one=True, seat_order="joined", viewer_may_see="events.visible_to @> jsonb_build_array(?::text)",
        migrations=tuple(m.format(prelude=_POSTGRES_PRELUDE, serial="BIGINT GENERATED BY DEFAULT AS IDENTITY"
                                  " PRIMARY KEY", big="BIGINT", json_list="JSONB",
                                  seat_order="\n        joined     BIGINT GENERATED ALWAYS AS IDENTITY,",
                                  actions_append_only=_append_only_postgres("actions", "action"),
                                  events_append_only=_append_only_postgres("events", "event"))
                         for m in _MIGRATIONS))


class NewerSchema(Exception):
    """The database was migrated by a newer Zagjan than this one."""

    def __init__(self, found: int) -> None:
        super().__init__(found)
        self.found = found


class Unreachable(Exception):
    """The database could not be opened or reached (the driver's own words follow)."""


async def _on(pool: ThreadPoolExecutor, job: Callable[[], T]) -> T:
    """Run `job` on one of `pool`'s threads. A cancelled caller does not stop it: a transaction
    always runs to COMMIT or ROLLBACK."""
    return await asyncio.wrap_future(pool.submit(job))


# -- SQLite -------------------------------------------------------------------------------------------


class _SQLiteConnection:
    """One sqlite3 connection and the one thread that may use it."""

    def __init__(self, path: Path, name: str) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"zagjan-db-{name}")
        self._db: sqlite3.Connection | None = None
        self._path = path

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        db.row_factory = sqlite3.Row
        for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON",
                       "busy_timeout = 5000"):  # another process may hold the write lock for a moment
            db.execute(f"PRAGMA {pragma}").close()
        self._db = db
        return db

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await _on(self._pool, lambda: fn(self._db or self._open()))

    async def close(self) -> None:
        def shut() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        try:
            await _on(self._pool, shut)
        finally:
            self._pool.shutdown(wait=False)


def _immediate(fn: Callable[[sqlite3.Connection], T]) -> Callable[[sqlite3.Connection], T]:
    """`fn` inside BEGIN IMMEDIATE … COMMIT, rolled back whole if it raises."""
    def run(db: sqlite3.Connection) -> T:
        db.execute("BEGIN IMMEDIATE").close()
        try:
            result = fn(db)
        except BaseException:
            db.execute("ROLLBACK").close()
            raise
        db.execute("COMMIT").close()
        return result
    return run


class SQLiteBackend:
    """A database file: a writer and a reader connection, each on its own thread, in WAL mode."""

    dialect = SQLITE
    shared = False

    def __init__(self, path: Path) -> None:
        self.path = path
        self._writer = _SQLiteConnection(path, "write")
        self._reader = _SQLiteConnection(path, "read")

    async def start(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        await self._writer.call(lambda db: None)  # WAL is set before the reader opens the file

    async def write(self, fn: Callable[[Any], T]) -> T:
        return await self._writer.call(_immediate(fn))

    async def read(self, fn: Callable[[Any], T]) -> T:
        return await self._reader.call(fn)

    async def schema_version(self) -> int:
        return int(await self._writer.call(lambda db: db.execute("PRAGMA user_version").fetchone()[0]))

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Run the migrations the file has not seen yet, each in its own transaction."""
        current = await self.schema_version()
        if current > len(migrations):
            raise NewerSchema(current)
        for number, sql in enumerate(migrations[current:], start=current + 1):
            def migrate(db: sqlite3.Connection, sql: str = sql, number: int = number) -> None:
                try:
                    db.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK").close()
                    raise
            await self._writer.call(migrate)

    async def journal_mode(self) -> str:
        return str(await self._reader.call(lambda db: db.execute("PRAGMA journal_mode").fetchone()[0]))

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()


# -- PostgreSQL ---------------------------------------------------------------------------------------

MIGRATION_LOCK = 0x7A61676A616E  # "zagjan": the advisory lock held while one process migrates
_MIGRATIONS_TABLE = ("CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY,"
                     " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")


class PostgresBackend:
    """A PostgreSQL server: a psycopg pool, and writer and reader threads that each take a pool
    connection for one call (a write: one transaction; a read: each statement sees what is committed)."""

    shared = True
    path = None

    def __init__(self, url: str, *, writers: int = 4, readers: int = 4) -> None:
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        self.url = url
        self.dialect = _postgres()
        self._pool = ConnectionPool(url, min_size=1, max_size=writers + readers, open=False, name="zagjan",
                                    kwargs={"autocommit": True, "row_factory": dict_row})
        self._writers = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="zagjan-db-write")
        self._readers = ThreadPoolExecutor(max_workers=readers, thread_name_prefix="zagjan-db-read")

    async def start(self) -> None:
        def connect() -> None:
            import psycopg

            try:  # one plain connection first, for the server's own words when it cannot be reached
                psycopg.connect(self.url, connect_timeout=10).close()
            except psycopg.OperationalError as exc:
                raise Unreachable(str(exc).strip()) from None
            self._pool.open(wait=True, timeout=15.0)
        await asyncio.to_thread(connect)

    async def write(self, fn: Callable[[Any], T]) -> T:
        def job() -> T:
            with self._pool.connection() as conn, conn.transaction():
                return fn(conn)
        return await _on(self._writers, job)

    async def read(self, fn: Callable[[Any], T]) -> T:
        def job() -> T:
            with self._pool.connection() as conn:
                return fn(conn)
        return await _on(self._readers, job)

    async def schema_version(self) -> int:
        def version(conn: Any) -> int:
            if conn.execute("SELECT to_regclass('schema_migrations') AS t").fetchone()["t"] is None:
                return 0
            return int(conn.execute("SELECT coalesce(max(number), 0) AS n FROM schema_migrations").fetchone()["n"])
        return await self.read(version)

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Each migration not yet recorded, in a transaction of its own that first takes the migration
        lock and looks again: of several processes starting together, one runs it, the others wait."""
        def step(conn: Any) -> bool:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            conn.execute(_MIGRATIONS_TABLE)
            current = int(conn.execute("SELECT coalesce(max(number), 0) AS n FROM schema_migrations").fetchone()["n"])
            if current > len(migrations):
                raise NewerSchema(current)
            if current == len(migrations):
                return False
            conn.execute(migrations[current])
            conn.execute("INSERT INTO schema_migrations (number) VALUES (%s)", (current + 1,))
            return True

        while await self.write(step):
            pass

    async def journal_mode(self) -> str:
        return "postgresql"

    async def close(self) -> None:
        def shut() -> None:
            self._writers.shutdown(wait=True)  # what was queued still runs to its end
            self._readers.shutdown(wait=True)
            self._pool.close()
        await asyncio.to_thread(shut)


def backend_for(target: str | Path) -> SQLiteBackend | PostgresBackend:
    return PostgresBackend(target) if is_url(target) else SQLiteBackend(Path(target))
