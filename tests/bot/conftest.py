"""Fixtures for the store and table-service tests: a real SQLite file per test, the fake
Lucky Race game, a fixed seed and a clock that only moves when asked."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.table import TableService
from fakegame import LuckyRace
from rules.core.engine import Game


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


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
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
