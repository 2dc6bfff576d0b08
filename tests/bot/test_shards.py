"""Shard groups without Discord (issue 28): the settings, who owns which guild, the note a move in
another process's guild sends (in the move's transaction, nothing secret in it), and the listener
that receives them, through a dropped connection."""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import psycopg
import pytest
from fakegame import LuckyRace
from test_discord_app import clean_env  # noqa: F401  (a fixture: no Zagjan settings but the test's own)

from bot.app import client as app
from bot.app.client import ShardedZagjanBot, ZagjanBot, make_bot
from bot.settings import Settings
from bot.storage.shards import Listener, Note, Ownership, ShardTaken, channel_name, shard_of
from bot.storage.store import Store, StoreError
from bot.service.table import TableError, TableService

SHARD_VARS = ("ZAGJAN_SHARD_COUNT", "ZAGJAN_SHARD_IDS")
GUILD_OF = {0: 2 << 22, 1: 3 << 22}
"""A guild of each of two shards."""


# -- settings and ownership --------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def no_shards_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SHARD_VARS:
        monkeypatch.delenv(name, raising=False)


def test_unset_shards_are_one_plain_bot_as_before(clean_env: Path) -> None:
    settings = Settings()
    assert settings.shard_count is None and settings.shard_ids is None
    ownership = Ownership.of(settings.shard_count, settings.shard_ids)
    assert ownership.whole and ownership.syncs_commands and ownership.owns(GUILD_OF[1]) and ownership.owns(None)
    bot = make_bot(clean_env / "x.sqlite3", ownership=ownership)
    assert type(bot) is ZagjanBot and not isinstance(bot, discord.AutoShardedClient)


@pytest.mark.parametrize(("count", "ids", "words"), [
    ("2", "0,2", "numbered 0 to 1"),
    ("2", "zero", "whole numbers"),
    ("", "1", "together with ZAGJAN_SHARD_COUNT"),
    ("2", "1,1", "once"),
    ("2", "1", "postgresql://"),  # only some shards, on a SQLite file: the others could not share it
])
def test_bad_shard_settings_are_one_sentence_each(clean_env: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], count: str, ids: str,
                                                   words: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("ZAGJAN_SHARD_COUNT", count)
    monkeypatch.setenv("ZAGJAN_SHARD_IDS", ids)
    assert app.main() == 2
    err = capsys.readouterr().err
    assert "ZAGJAN_SHARD_IDS" in err and words in err and "Traceback" not in err


def test_one_process_of_several_runs_an_auto_sharded_bot_and_never_logs_the_password(
        clean_env: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token-value")
    monkeypatch.setenv("ZAGJAN_DATABASE", "postgresql://zagjan:pg-sekrit@db.example/zagjan")
    monkeypatch.setenv("ZAGJAN_SHARD_COUNT", "4")
    monkeypatch.setenv("ZAGJAN_SHARD_IDS", "3, 1")
    started: dict[str, Any] = {}

    def fake_run(self: ZagjanBot, token: str, **kwargs: object) -> None:
        started.update(bot=self)

    monkeypatch.setattr(ZagjanBot, "run", fake_run)
    monkeypatch.setattr(app, "configure_logging", lambda level, **kwargs: None)
    caplog.set_level(logging.DEBUG)
    assert app.main() == 0
    bot = started["bot"]
    assert isinstance(bot, ShardedZagjanBot) and isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count == 4 and bot.shard_ids == [1, 3]
    assert bot.ownership.shards == frozenset({1, 3}) and not bot.ownership.syncs_commands
    assert any("shard(s) 1, 3 of 4" in r.getMessage() for r in caplog.records)
    assert all("sekrit" not in r.getMessage() for r in caplog.records)


def test_a_guild_belongs_to_the_shard_of_its_ids_timestamp() -> None:
    assert [shard_of(guild, 2) for guild in (GUILD_OF[0], GUILD_OF[1], 5 << 22 | 12345)] == [0, 1, 1]
    zero, one = Ownership(2, frozenset({0})), Ownership(2, frozenset({1}))
    assert zero.owns(GUILD_OF[0]) and not zero.owns(GUILD_OF[1]) and zero.owns(None)  # DMs are shard 0's
    assert one.owns(GUILD_OF[1]) and not one.owns(GUILD_OF[0]) and not one.owns(None)
    assert zero.syncs_commands and not one.syncs_commands
    assert Ownership.of(2, [1, 0]).whole and not Ownership.of(2, [1]).whole


async def test_serving_some_shards_on_a_sqlite_file_is_refused_in_a_sentence(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "x.sqlite3", ownership=Ownership(2, frozenset({1})))
    try:
        with pytest.raises(StoreError, match="postgresql:// URL"):
            await bot.open_table()
        assert bot.store is None and not (tmp_path / "x.sqlite3").exists()
    finally:
        await bot.close()


# -- the note a move sends -----------------------------------------------------------------------------


@pytest.fixture
def pg_url(pg_server: Any) -> str:
    return str(pg_server.new_schema())


@pytest.fixture
def listening(pg_url: str) -> Iterator[psycopg.Connection[Any]]:
    """A connection listening on shard 1's channel, as its owner does."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"LISTEN {channel_name(1)}")
        yield conn


def notes(conn: psycopg.Connection[Any], wait: float = 0.3) -> list[dict[str, Any]]:
    return [json.loads(n.payload) for n in conn.notifies(timeout=wait)]


async def lucky_race(table: TableService, guild: int) -> int:
    await table.new_game(7, guild, "a", "alice", LuckyRace.slug)
    await table.join(7, "b", "bob")
    return (await table.start(7, "a")).game_id


async def test_a_move_in_another_process_s_guild_sends_one_note_with_nothing_secret(
        pg_url: str, listening: psycopg.Connection[Any]) -> None:
    async with await Store.open(pg_url) as store:
        table = TableService(store, {LuckyRace.slug: LuckyRace()}, seed_source=lambda: 3)
        table.ownership = Ownership(2, frozenset({0}))  # the DMs' process; the game is in shard 1's guild
        game_id = await lucky_race(table, GUILD_OF[1])
        assert notes(listening) == [], "opening and starting a table is the owner's own doing"

        result = await table.act(7, "a", {"type": "choose", "number": 4})
        assert result.handed_over and result.guild_id == GUILD_OF[1]
        assert notes(listening) == [{"game": game_id, "channel": 7, "version": 1}]  # not the number chosen

        with pytest.raises(TableError):  # a refused move rolls back, and its note with it
            await table.act(7, "a", {"type": "choose", "number": 5})
        assert notes(listening) == []

        table.ownership = Ownership(2, frozenset({1}))  # the owner's own move tells nobody
        owned = await table.act(7, "b", {"type": "choose", "number": 2})
        assert not owned.handed_over and notes(listening) == []


async def test_the_owner_reads_a_handed_over_move_once_without_private_parts(pg_url: str) -> None:
    async with await Store.open(pg_url) as store:
        mover = TableService(store, {LuckyRace.slug: LuckyRace()}, seed_source=lambda: 3)
        mover.ownership = Ownership(2, frozenset({0}))
        game_id = await lucky_race(mover, GUILD_OF[1])
        await mover.act(7, "a", {"type": "choose", "number": 4})
        owner = TableService(store, {LuckyRace.slug: LuckyRace()})
        owner.ownership = Ownership(2, frozenset({1}))

        shown = await owner.handed(Note(game_id, 7, 1), None)
        assert shown is not None and shown.version == 1 and shown.private_events == {}
        assert [e.text for e in shown.public_events] == ["alice has picked a lucky number."]
        assert shown.already_asked == ["b"], "bob was asked by the process that applied the move"
        assert await owner.handed(Note(game_id, 7, 1), 1) is None, "shown already: nothing again"


class Shown:
    """The owner's `show_move` as `HandOvers` uses it: what it showed, by game."""

    def __init__(self, ownership: Ownership) -> None:
        self.ownership, self.shown, self.results = ownership, {}, []

    async def __call__(self, result: Any) -> None:
        self.shown[result.game_id] = result.version
        self.results.append(result)


async def kept(store: Store) -> list[tuple[int, int]]:
    rows = await store.read(lambda tx: tx.fetch("SELECT game_id, version FROM handovers ORDER BY game_id"))
    return [(int(r["game_id"]), int(r["version"])) for r in rows]


async def test_an_owner_that_was_down_shows_the_moves_handed_over_meanwhile_when_it_starts(pg_url: str) -> None:
    # PostgreSQL keeps no notification for a process that is not listening: the hand-over is kept as a
    # row in the move's transaction, and the owner takes the rows when it starts (once: then they go)
    from bot.app.handover import HandOvers

    async with await Store.open(pg_url) as store:
        mover = TableService(store, {LuckyRace.slug: LuckyRace()}, seed_source=lambda: 3)
        mover.ownership = Ownership(2, frozenset({0}))  # the DMs' process; the owner of shard 1 is down
        game_id = await lucky_race(mover, GUILD_OF[1])
        await mover.act(7, "a", {"type": "choose", "number": 4})
        await mover.act(7, "b", {"type": "choose", "number": 2})
        assert await kept(store) == [(game_id, 2)], "the newest hand-over per game is kept"

        owner = TableService(store, {LuckyRace.slug: LuckyRace()})
        owner.ownership = Ownership(2, frozenset({1}))
        for attempt in range(2):
            shown = Shown(owner.ownership)
            hand_overs = HandOvers(pg_url, owner, shown)  # type: ignore[arg-type]
            try:
                await hand_overs.start()
                for _ in range(100):
                    if not hand_overs._tasks:
                        break
                    await asyncio.sleep(0.02)
            finally:
                await hand_overs.close()
            if attempt == 0:
                assert [(r.game_id, r.version) for r in shown.results] == [(game_id, 2)]
                assert [e.text for e in shown.results[0].public_events][-1].startswith("bob has picked")
            else:
                assert shown.results == [], "taken once: a second start shows nothing again"
            assert await kept(store) == []


async def test_a_process_looks_after_the_running_games_of_its_own_guilds_only(tmp_path: Path) -> None:
    """What reaction timers, computers and idle sweeps go through (`TableService.active_games`)."""
    async with await Store.open(tmp_path / "x.sqlite3") as store:
        table = TableService(store, {LuckyRace.slug: LuckyRace()}, seed_source=lambda: 3)
        for channel, guild in ((7, GUILD_OF[0]), (8, GUILD_OF[1])):
            await table.new_game(channel, guild, "a", "alice", LuckyRace.slug)
            await table.join(channel, "b", "bob")
            await table.start(channel, "a")
        assert sorted(row.channel_id for row in await table.active_games()) == [7, 8]
        for shard, channel in ((0, 7), (1, 8)):
            table.ownership = Ownership(2, frozenset({shard}))
            assert [row.channel_id for row in await table.active_games()] == [channel]


# -- the listener -------------------------------------------------------------------------------------


def test_the_listener_hears_its_shards_and_listens_again_after_its_connection_drops(pg_url: str) -> None:
    heard: queue.Queue[Note] = queue.Queue()
    again = threading.Event()
    listener = Listener(pg_url, [1], heard.put, again.set)
    listener.start()
    try:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            def notify(shard: int, payload: str) -> None:
                conn.execute("SELECT pg_notify(%s, %s)", (channel_name(shard), payload))

            notify(1, "not json")  # ignored, and the listener lives on
            notify(0, Note(1, 7, 1).payload())  # another shard's: not for this process
            notify(1, Note(2, 7, 3).payload())
            assert heard.get(timeout=5) == Note(2, 7, 3)
            dropped = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                   " WHERE application_name = 'zagjan-listen'").fetchall()
            assert dropped == [(True,)]
            assert again.wait(timeout=10), "it connected again and said so (its owner then catches up)"
            notify(1, Note(2, 7, 4).payload())
            assert heard.get(timeout=5) == Note(2, 7, 4)
            assert heard.empty()
    finally:
        listener.stop()
    assert not any(t.name == "zagjan-listen" and t.is_alive() for t in threading.enumerate())


def test_a_shard_is_served_by_one_process_at_a_time(pg_url: str) -> None:
    first = Listener(pg_url, [0, 1], lambda note: None)
    first.start()
    try:
        with pytest.raises(ShardTaken, match=r"shard\(s\) 1 .*ZAGJAN_SHARD_IDS"):
            Listener(pg_url, [1, 2], lambda note: None).start()
    finally:
        first.stop()
    again = Listener(pg_url, [1], lambda note: None)  # the first one's locks went with its connection
    again.start()
    again.stop()


def test_run_says_so_when_its_shard_is_already_served(clean_env: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str], pg_url: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("ZAGJAN_DATABASE", pg_url)
    monkeypatch.setenv("ZAGJAN_SHARD_COUNT", "2")
    monkeypatch.setenv("ZAGJAN_SHARD_IDS", "1")
    monkeypatch.setattr(app, "configure_logging", lambda level, **kwargs: None)

    def start_listening(self: ZagjanBot, token: str, **kwargs: object) -> None:
        async def setup() -> None:
            try:
                await self.setup_hook()
            finally:
                await self.close()
        asyncio.run(setup())

    monkeypatch.setattr(ZagjanBot, "run", start_listening)
    serving = Listener(pg_url, [1], lambda note: None)
    serving.start()
    try:
        assert app.main() == 2
    finally:
        serving.stop()
    err = capsys.readouterr().err
    assert "Another process already serves shard(s) 1" in err and "Traceback" not in err
