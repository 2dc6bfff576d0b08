"""How fast Flying Pigs plays and draws (run with `make bench`): measured, never asserted."""

from __future__ import annotations

import pytest

from renderers import render
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs import FlyingPigs

GAME = FlyingPigs()


@pytest.mark.benchmark
def test_one_random_four_player_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(play_random, GAME, 4, 2024)
    assert result.finished


@pytest.mark.benchmark
def test_one_random_six_player_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(play_random, GAME, 6, 2025)
    assert result.finished


@pytest.mark.benchmark
def test_drawing_a_busy_board(benchmark) -> None:  # type: ignore[no-untyped-def]
    state = play_random(GAME, 6, 9, stop_after=150).state
    data = benchmark(render, GAME.view(state, None))
    assert data
