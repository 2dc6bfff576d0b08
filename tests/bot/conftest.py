"""Fixtures for the store and table-service tests: a real database per test, the fake Lucky Race
game, a fixed seed and a clock that only moves when asked.

`database` (and the `store` and `table` on it) comes twice: a SQLite file, and an empty schema on
a PostgreSQL server that the tests start themselves (`pg_server.py`, once per test process).
Without PostgreSQL installed the second is skipped, except in CI (`CI` set), where it fails.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import discord_limits
from bot.storage.store import Store
from bot.service.table import TableService
from fakegame import LuckyRace
from pg_server import Server, find_binary
from rules.core.engine import Game


@pytest.fixture(scope="session", autouse=True)
def real_discord_limits() -> Iterator[None]:
    """SimCord refuses, in every bot test, what the real Discord would refuse and SimCord alone
    would not (an emoji that is not one: `discord_limits`)."""
    discord_limits.install()
    try:
        yield
    finally:
        discord_limits.uninstall()


class FakeClock:
    """A clock that ticks one second per reading, so timestamps are distinct and repeatable."""

    def __init__(self) -> None:
        self.at = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


@pytest.fixture
def race_games() -> dict[str, Game[Any, Any]]:
    return {LuckyRace.slug: LuckyRace()}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "zagjan.sqlite3"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """One PostgreSQL server for this test process, stopped at its end whatever the tests did."""
    if find_binary("initdb") is None and not os.environ.get("CI"):
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql); CI installs it")
    server = Server()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a test's store lives: a SQLite file, or (the second run) a fresh PostgreSQL schema's URL.
    Open as many stores on it as the test likes: they are processes sharing one database."""
    if request.param == "sqlite":
        return tmp_path / "zagjan.sqlite3"
    server: Server = request.getfixturevalue("pg_server")
    return server.new_schema()


@pytest.fixture
async def store(database: Path | str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    yield opened
    await opened.close()


@pytest.fixture
def make_table(race_games: dict[str, Game[Any, Any]]) -> Callable[[Store], TableService]:
    """A table service over a given store, with a fixed seed and the fake clock."""
    def make(on: Store) -> TableService:
        return TableService(on, race_games, seed_source=lambda: 20240501, now=FakeClock())
    return make


@pytest.fixture
def table(store: Store, make_table: Callable[[Store], TableService]) -> TableService:
    return make_table(store)
