"""How fast the Timber! engine plays and its board draws (run with `make bench`)."""

from __future__ import annotations

import pytest

from renderers import render
from rules.core.selfplay import play_random
from rules.orclympics.timber import Timber

GAME = Timber()


@pytest.mark.benchmark
def test_one_random_four_player_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(play_random, GAME, 4, 2024)
    assert result.finished


@pytest.mark.benchmark
def test_one_apply_with_legal_actions(benchmark) -> None:  # type: ignore[no-untyped-def]
    state = play_random(GAME, 4, 7, stop_after=80).state
    player = GAME.waiting_for(state)[0]

    def turn() -> object:
        return GAME.apply(state, player, GAME.legal_actions(state, player)[0])

    assert benchmark(turn).state.version == state.version + 1


@pytest.mark.benchmark
def test_render_a_busy_forest(benchmark) -> None:  # type: ignore[no-untyped-def]
    view = GAME.view(play_random(GAME, 4, 3, stop_after=120).state, None)
    assert benchmark(render, view).startswith(b"\x89PNG")
