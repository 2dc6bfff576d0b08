"""The store on a real SQLite file and on a real PostgreSQL server (the `database` fixture runs each
test on both): schema, one open game per channel, the append-only log and the version check that
refuses stale or doubled writes; each lobby step one transaction, so steps through two processes at once
lose nothing; then what only one of them has (SQLite's file upgrades and WAL, PostgreSQL's migration
table and lock)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage.store import MIGRATIONS, ChannelBusy, GameRow, StaleVersion, Store, StoreError
from bot.service.table import TableError, TableService
from pg_server import Server, integrity_error, raw_connection
from rules.core.engine import Event

AT = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


async def new_active_game(store: Store, channel_id: int = 1) -> GameRow:
    game = await store.create_game(channel_id=channel_id, guild_id=9, slug="lucky-race", creator="u1", seed=7,
                                   options={"target": 5}, at=AT, creator_name="Grak")
    await store.start_game(game.id, state_json='{"v": 0}', events=[Event(text="set up")], at=AT)
    return game


async def append(store: Store, game_id: int, expected: int, *, finished: bool = False,
                 events: list[Event] | None = None) -> int:
    return await store.append_action(game_id, expected_version=expected, player="u1",
                                     action_json='{"type": "roll"}', state_json=f'{{"v": {expected + 1}}}',
                                     events=events or [], finished=finished, at=AT)


async def test_a_new_file_gets_every_migration_and_wal(db_path: Path) -> None:
    async with await Store.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.journal_mode() == "wal"
    with sqlite3.connect(db_path) as raw:
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {r[1] for r in raw.execute("PRAGMA table_info(games)")}
    assert {"campaigns", "games", "seats", "actions", "events"} <= tables
    assert {"id", "guild_id", "channel_id", "campaign_id", "slug", "status", "creator", "seed", "options_json",
            "state_json", "version", "created_at", "updated_at"} <= columns


async def test_reopening_keeps_data_and_does_not_rerun_migrations(database: Path | str) -> None:
    first = await Store.open(database)
    game = await new_active_game(first)
    await first.close()
    again = await Store.open(database)
    try:
        assert await again.schema_version() == len(MIGRATIONS)
        row = await again.get_game(game.id)
        assert row is not None and row.status == "active" and row.options == {"target": 5}
        assert [s.name for s in await again.seats(game.id)] == ["Grak"]
    finally:
        await again.close()


async def test_a_database_of_migration_4_keeps_its_broods_as_picks_and_its_winners(db_path: Path) -> None:
    # migration 5: the seats' brood column is the generic pick; a result says whether its player won
    with sqlite3.connect(db_path) as raw:
        for sql in MIGRATIONS[:4]:
            raw.executescript(sql)
        raw.execute("PRAGMA user_version = 4")
        raw.execute("INSERT INTO games (channel_id, slug, status, creator, seed, created_at, updated_at)"
                    " VALUES (1, 'masters-fight', 'finished', 'u1', 1, '', '')")
        raw.execute("INSERT INTO seats (game_id, player, name, brood, colour, joined_at)"
                    " VALUES (1, 'u1', 'Grak', 'iron', 0, '')")
        raw.executemany("INSERT INTO results (game_id, channel_id, slug, player, name, place, finished_at)"
                        " VALUES (1, 1, 'masters-fight', ?, ?, ?, '')", [("u1", "Grak", 1), ("u2", "Mub", 2)])
    store = await Store.open(db_path)
    try:
        assert [(s.player, s.pick) for s in await store.seats(1)] == [("u1", "iron")]
        with sqlite3.connect(db_path) as raw:
            assert raw.execute("SELECT player, won FROM results ORDER BY player").fetchall() == [("u1", 1), ("u2", 0)]
    finally:
        await store.close()


async def test_a_database_from_a_newer_zagjan_is_refused(db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(StoreError, match="newer"):
        await Store.open(db_path)


async def test_a_channel_has_at_most_one_open_game(store: Store) -> None:
    game = await store.create_game(channel_id=1, guild_id=None, slug="lucky-race", creator="u1", seed=1,
                                   options=None, at=AT)
    with pytest.raises(ChannelBusy):
        await store.create_game(channel_id=1, guild_id=None, slug="lucky-race", creator="u2", seed=2,
                                options=None, at=AT)
    other = await store.create_game(channel_id=2, guild_id=None, slug="lucky-race", creator="u2", seed=2,
                                    options=None, at=AT)
    assert other.id != game.id
    await store.set_status(game.id, "abandoned", allowed_from=("lobby", "active"), at=AT)
    again = await store.create_game(channel_id=1, guild_id=None, slug="lucky-race", creator="u3", seed=3,
                                    options=None, at=AT)
    assert (await store.open_game(1)) == again
    assert (await store.latest_game(1)) == again


async def test_the_unique_index_holds_even_for_raw_sql(store: Store, database: Path | str) -> None:
    await new_active_game(store)
    with raw_connection(database) as raw, pytest.raises(integrity_error(database)):
        raw.execute("INSERT INTO games (channel_id, slug, status, creator, seed, created_at, updated_at)"
                    " VALUES (1, 'x', 'lobby', 'u9', 0, 'now', 'now')")


async def test_the_action_log_is_append_only(store: Store, database: Path | str) -> None:
    game = await new_active_game(store)
    await append(store, game.id, 0)
    refused = integrity_error(database)
    with raw_connection(database) as raw:
        with pytest.raises(refused, match="append-only"):
            raw.execute("UPDATE actions SET player = 'cheat'")
        with pytest.raises(refused, match="append-only"):
            raw.execute("DELETE FROM actions")
        with pytest.raises(refused, match="append-only"):
            raw.execute("DELETE FROM events")
    assert [a.player for a in await store.actions(game.id)] == ["u1"]


async def test_an_action_and_its_state_are_written_together(store: Store) -> None:
    game = await new_active_game(store)
    assert await append(store, game.id, 0) == 1
    assert await append(store, game.id, 1, finished=True) == 2
    row = await store.get_game(game.id)
    assert row is not None
    assert (row.version, row.state_json, row.status) == (2, '{"v": 2}', "finished")
    assert [a.seq for a in await store.actions(game.id)] == [1, 2]


async def test_a_stale_write_changes_nothing(store: Store) -> None:
    game = await new_active_game(store)
    await append(store, game.id, 0)
    before = await store.get_game(game.id)
    with pytest.raises(StaleVersion):
        await append(store, game.id, 0, events=[Event(text="ghost")])
    assert await store.get_game(game.id) == before
    assert len(await store.actions(game.id)) == 1
    assert "ghost" not in [e.text for e in await store.events(game.id)]


async def test_a_finished_game_takes_no_more_actions(store: Store) -> None:
    game = await new_active_game(store)
    await append(store, game.id, 0, finished=True)
    with pytest.raises(StaleVersion):
        await append(store, game.id, 1)


async def test_a_doubled_write_is_applied_exactly_once(store: Store) -> None:
    game = await new_active_game(store)
    results = await asyncio.gather(append(store, game.id, 0), append(store, game.id, 0),
                                   return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
    assert len(await store.actions(game.id)) == 1


async def test_two_processes_writing_the_same_version_apply_it_once(store: Store, database: Path | str) -> None:
    game = await new_active_game(store)
    other = await Store.open(database)  # a second bot process on the same database
    try:
        results = await asyncio.gather(append(store, game.id, 0), append(other, game.id, 0),
                                       return_exceptions=True)
    finally:
        await other.close()
    assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
    assert [a.seq for a in await store.actions(game.id)] == [1]


# -- lobby steps through two processes: each step is one transaction, so none is lost ---------------------

TABLES = 16
"""Lobbies raced at once in each test below: one race may happen to run its steps one after the other."""


@pytest.fixture
async def two_tables(store: Store, database: Path | str,
                     make_table: Callable[[Store], TableService]) -> AsyncIterator[tuple[TableService, TableService]]:
    """Two table services on one database, as two bot processes: each its own store, locks and cache."""
    other = await Store.open(database)
    try:
        yield make_table(store), make_table(other)
    finally:
        await other.close()


async def test_joins_through_two_processes_at_once_all_land(two_tables: tuple[TableService, TableService]) -> None:
    first, second = two_tables
    for channel in range(1, TABLES + 1):
        await first.new_game(channel, None, "u1", "Grak", "lucky-race")
    await asyncio.gather(*(join for channel in range(1, TABLES + 1) for join in (
        first.join(channel, "u2", "Mub"), second.join(channel, "u3", "Snot"), second.join(channel, "u4", "Zog"))))
    for channel in range(1, TABLES + 1):
        started = await second.start(channel, "u1")
        assert sorted(s.player for s in started.seats) == ["u1", "u2", "u3", "u4"]
        assert sorted(s.colour for s in started.seats) == [0, 1, 2, 3]


async def test_a_join_racing_the_start_is_dealt_in_or_refused(two_tables: tuple[TableService, TableService]) -> None:
    first, second = two_tables
    for channel in range(1, TABLES + 1):
        await first.new_game(channel, None, "u1", "Grak", "lucky-race")
        await first.join(channel, "u2", "Mub")
    outcomes = await asyncio.gather(*(step for channel in range(1, TABLES + 1) for step in (
        first.start(channel, "u1"), second.join(channel, "u3", "Snot"))), return_exceptions=True)
    for channel, joined in zip(range(1, TABLES + 1), outcomes[1::2]):
        dealt = [s.player for s in (await first.snapshot(channel)).seats]
        if isinstance(joined, TableError):
            assert str(joined) == "The game has already started; join the next one." and dealt == ["u1", "u2"]
        else:
            assert dealt == ["u1", "u2", "u3"]  # a join that was answered is in the game
    assert not [o for o in outcomes if isinstance(o, BaseException) and not isinstance(o, TableError)]


async def test_the_last_human_leaving_while_another_joins_never_strands_the_newcomer(
        two_tables: tuple[TableService, TableService]) -> None:
    first, second = two_tables
    for channel in range(1, TABLES + 1):
        await first.new_game(channel, None, "u1", "Grak", "lucky-race")
    outcomes = await asyncio.gather(*(step for channel in range(1, TABLES + 1) for step in (
        first.leave(channel, "u1"), second.join(channel, "u2", "Mub"))), return_exceptions=True)
    for channel, left, joined in zip(range(1, TABLES + 1), outcomes[::2], outcomes[1::2]):
        assert not isinstance(left, BaseException)
        table = await second.snapshot(channel)
        if isinstance(joined, TableError):  # the table was abandoned first
            assert left.status == "abandoned" and table.status == "abandoned"
        else:  # the newcomer sat down first, and the table is theirs now
            assert left.status == "lobby" and left.creator == "u2" and [s.player for s in left.seats] == ["u2"]
            assert table.status == "lobby" and table.creator == "u2"


async def test_seats_keep_join_order_and_refuse_duplicates(store: Store) -> None:
    game = await store.create_game(channel_id=1, guild_id=None, slug="lucky-race", creator="u1", seed=1,
                                   options=None, at=AT, creator_name="Grak", creator_pick="iron")
    await store.add_seat(game.id, player="u2", name="Mub", pick="feral", colour=1, at=AT)
    await store.add_seat(game.id, player="u3", name="Snot", pick="common", colour=2, at=AT)
    await store.remove_seat(game.id, "u2", at=AT)
    await store.add_seat(game.id, player="u2", name="Mub", pick="feral", colour=1, at=AT)
    assert [(s.player, s.pick, s.colour) for s in await store.seats(game.id)] == [
        ("u1", "iron", 0), ("u3", "common", 2), ("u2", "feral", 1)]
    with pytest.raises(StaleVersion):
        await store.add_seat(game.id, player="u2", name="Mub again", pick="feral", colour=5, at=AT)
    with pytest.raises(StaleVersion):
        await store.add_seat(game.id, player="u4", name="Same colour", pick="feral", colour=1, at=AT)


async def test_seats_cannot_change_once_the_game_started(store: Store) -> None:
    game = await new_active_game(store)
    with pytest.raises(StaleVersion):
        await store.add_seat(game.id, player="u2", name="Late", pick="common", colour=1, at=AT)
    with pytest.raises(StaleVersion):
        await store.remove_seat(game.id, "u1", at=AT)
    with pytest.raises(StaleVersion):
        await store.start_game(game.id, state_json="{}", events=[], at=AT)


async def test_events_are_filtered_by_viewer_and_limited_to_the_latest(store: Store) -> None:
    game = await new_active_game(store)
    await append(store, game.id, 0, events=[
        Event(text="public one"), Event(text="for u1", visible_to=["u1"]), Event(text="for u2", visible_to=["u2"]),
        Event(text="for both", visible_to=["u1", "u2"]), Event(text="public two")])
    texts = [e.text for e in await store.events(game.id)]
    assert texts == ["set up", "public one", "public two"]
    texts = [e.text for e in await store.events(game.id, viewer="u1")]
    assert texts == ["set up", "public one", "for u1", "for both", "public two"]
    texts = [e.text for e in await store.events(game.id, viewer="u2", limit=2)]
    assert texts == ["for both", "public two"]
    assert await store.events(game.id, limit=0) == []


async def test_discord_ids_and_seeds_keep_all_64_bits(store: Store) -> None:
    channel, guild, seed = 1_234_567_890_123_456_789, 987_654_321_098_765_432, 2**63 - 1
    game = await store.create_game(channel_id=channel, guild_id=guild, slug="lucky-race", creator="u1", seed=seed,
                                   options=None, at=AT, creator_name="Grak")
    await store.set_board_message(channel, 1_111_111_111_111_111_111, game.id)
    row = await store.open_game(channel)
    assert row is not None and (row.channel_id, row.guild_id, row.seed) == (channel, guild, seed)
    assert await store.board_message(channel) == 1_111_111_111_111_111_111


async def test_a_lobby_card_is_remembered_by_its_lobby_and_replaced_when_posted_anew(store: Store) -> None:
    channel, first, second = 1_234_567_890_123_456_789, 1_111_111_111_111_111_111, 2_222_222_222_222_222_222
    assert await store.lobby_message("g", 5) is None
    await store.set_lobby_message("g", 5, channel, first)
    await store.set_lobby_message("c", 5, channel, second)  # a campaign of the same id is another lobby
    assert (await store.lobby_message("g", 5), await store.lobby_message("c", 5)) == (first, second)
    await store.set_lobby_message("g", 5, channel, second)  # the card was deleted and posted again
    assert await store.lobby_message("g", 5) == second


async def test_a_finished_game_records_its_results_once_even_written_twice(store: Store) -> None:
    game = await new_active_game(store)
    row = await store.get_game(game.id)
    assert row is not None
    for place in (2, 1):  # the second write replaces the first
        await store.write(lambda tx, place=place: tx.insert_results(
            row, [("u1", "Grak", place, place == 1, 0, {"kills": 3.0})], AT))
    await store.write(lambda tx: tx.set_victory_points(game.id, {"u1": 7}))
    [result] = await store.read(lambda tx: tx.results_of_guild(9))
    assert (result.place, result.won, result.vp, result.stats) == (1, True, 7, {"kills": 3.0})


# -- PostgreSQL only --------------------------------------------------------------------------------------


async def test_postgres_records_each_migration_and_uses_bigint_ids(pg_server: Server) -> None:
    url = pg_server.new_schema()
    async with await Store.open(url) as store:
        assert await store.schema_version() == len(MIGRATIONS)
    with raw_connection(url) as raw:
        assert [r[0] for r in raw.execute("SELECT number FROM schema_migrations ORDER BY number")] == list(
            range(1, len(MIGRATIONS) + 1))
        types = dict(raw.execute("SELECT column_name, data_type FROM information_schema.columns"
                                 " WHERE table_name = 'games' AND table_schema = current_schema()").fetchall())
    assert types["id"] == types["channel_id"] == types["guild_id"] == types["seed"] == "bigint"


async def test_postgres_processes_starting_together_migrate_once(pg_server: Server) -> None:
    url = pg_server.new_schema()
    stores = await asyncio.gather(*(Store.open(url) for _ in range(4)))
    try:
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 4
        game = await new_active_game(stores[0])
        assert (await stores[3].get_game(game.id)) == (await stores[0].get_game(game.id))
    finally:
        for s in stores:
            await s.close()
    with raw_connection(url) as raw:
        assert raw.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == len(MIGRATIONS)


async def test_postgres_refuses_a_database_from_a_newer_zagjan(pg_server: Server) -> None:
    url = pg_server.new_schema()
    await (await Store.open(url)).close()
    with raw_connection(url) as raw:
        raw.execute("INSERT INTO schema_migrations (number) VALUES (%s)", (len(MIGRATIONS) + 1,))
    with pytest.raises(StoreError, match="newer"):
        await Store.open(url)


def test_zagjan_database_takes_a_file_or_a_postgres_url(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import Settings
    from bot.storage.store import describe

    monkeypatch.setenv("ZAGJAN_DATABASE", "postgresql://zagjan:secret@db.example:5432/zagjan")
    url = Settings(_env_file=None).database  # type: ignore[call-arg]
    assert url == "postgresql://zagjan:secret@db.example:5432/zagjan"
    assert describe(url) == "postgresql://zagjan:***@db.example:5432/zagjan"
    monkeypatch.setenv("ZAGJAN_DATABASE", "games/zagjan.sqlite3")
    assert Settings(_env_file=None).database == Path("games/zagjan.sqlite3")  # type: ignore[call-arg]


async def test_postgres_that_cannot_be_reached_is_said_in_a_sentence(tmp_path: Path) -> None:
    url = f"postgresql://zagjan:secret@/zagjan?host={tmp_path}"  # no server listens there
    with pytest.raises(StoreError, match=r"Could not open the database postgresql://zagjan:\*\*\*@") as refused:
        await Store.open(url)
    assert "secret" not in str(refused.value)


async def test_open_questions_are_kept_replaced_and_dropped(store: Store,
                                                             make_table: Callable[[Store], TableService]) -> None:
    """The secret question open in each player's DMs (`bot.ui.dms`): one per game and player, kept for
    the next process."""
    table = make_table(store)
    await table.new_game(1, None, "u1", "Grak", "lucky-race")
    game_id = (await table.snapshot(1)).game_id
    await store.set_open_question(game_id, "u1", 10, 100, "first")
    await store.set_open_question(game_id, "u1", 10, 101, "second")  # the newer question replaces it
    await store.set_open_question(game_id, "u2", 11, 102, "theirs")
    assert sorted(await store.open_questions()) == [(game_id, "u1", 10, 101, "second"),
                                                    (game_id, "u2", 11, 102, "theirs")]
    await store.drop_open_question(game_id, "u1")
    assert await store.open_questions() == [(game_id, "u2", 11, 102, "theirs")]
    await store.drop_open_question(game_id, "u2", 999)  # another message: the open one stays
    assert await store.open_question(game_id, "u2") == (11, 102, "theirs")
    await store.drop_open_question(game_id, "u2", 102)
    assert await store.open_questions() == [] and await store.open_question(game_id, "u2") is None
