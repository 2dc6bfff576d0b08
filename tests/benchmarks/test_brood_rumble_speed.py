"""How fast Brood Rumble plays and draws (run with `make bench`). The issue asks for a whole
random game well under a second; these measure it rather than assert it."""

from __future__ import annotations

import pytest

from renderers import render
from rules.core.selfplay import play_random
from rules.orclympics.brood_rumble import BroodRumble
from rules.orclympics.brood_rumble.models import AskKind

GAME = BroodRumble()


@pytest.mark.benchmark
def test_one_random_two_player_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(play_random, GAME, 2, 2024)
    assert result.finished


@pytest.mark.benchmark
def test_one_random_four_player_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(play_random, GAME, 4, 2025)
    assert result.finished


@pytest.mark.benchmark
def test_the_list_of_moves_for_a_move(benchmark) -> None:  # type: ignore[no-untyped-def]
    """The heaviest legal-action list: the destinations of a Move, with its sweeps."""
    state = play_random(GAME, 4, 7, stop_after=0).state
    steps = 0
    while state.ask is None or state.ask.kind is not AskKind.MOVE_TO:
        steps += 1
        state = play_random(GAME, 4, 7, stop_after=steps).state
    player = state.ask.players[0]
    offers = benchmark(GAME.legal_actions, state, player)
    assert offers


@pytest.mark.benchmark
def test_render_brood_rumble(benchmark) -> None:  # type: ignore[no-untyped-def]
    state = play_random(GAME, 4, 3, stop_after=150).state
    data = benchmark(render, GAME.view(state, None))
    assert data.startswith(b"\x89PNG")
