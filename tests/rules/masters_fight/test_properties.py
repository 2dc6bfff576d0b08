"""Properties of the Masters' Fight engine over many random games (DESIGN.md, Tests)."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import Dice
from rules.core.errors import RuleViolation
from rules.core.selfplay import play_random
from rules.orclympics.masters_fight.models import Deploy, DropItem, EndActivation, Fury, Jump, Move, Smash, Stomp
from tests.rules.masters_fight.arena import GAME


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62), players=st.integers(min_value=2, max_value=6))
def test_every_random_game_ends_and_replays_from_its_log(seed: int, players: int) -> None:
    result = play_random(GAME, players, seed)
    assert result.finished
    outcome = GAME.outcome(result.state)
    assert outcome is not None
    assert sorted(p for group in outcome.placings for p in group) == sorted(result.state.orcs)
    replayed = GAME.replay(result.state.seats, None, seed, result.log)
    assert replayed == result.state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62), steps=st.integers(min_value=0, max_value=300),
       square=st.sampled_from([f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)]))
def test_actions_outside_the_legal_list_are_refused_and_change_nothing(seed: int, steps: int, square: str) -> None:
    state = play_random(GAME, 4, seed, stop_after=steps).state
    if GAME.outcome(state) is not None:
        return
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    for action in legal[:40]:
        GAME.apply(state, player, action)  # never refused
    others = [p for p in state.orcs if p != player]
    candidates = [Deploy(square=square), Move(to=square), DropItem(square=square), Jump(to=square, target=others[0]),
                  Smash(target=others[0]), Smash(target=others[0], throw_axe=True), Stomp(target=others[0]),
                  Fury(strike=True), EndActivation()]
    before = state.model_dump()
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(RuleViolation):
            GAME.apply(state, player, action)
    for stranger in others:
        with pytest.raises(RuleViolation):
            GAME.apply(state, stranger, EndActivation())
    assert state.model_dump() == before


def test_views_show_the_whole_public_table() -> None:
    # Masters' Fight hides nothing, but a view never carries the dice seed, which would foretell every roll
    state = play_random(GAME, 4, 987_654_321_987, stop_after=60).state
    dumped = GAME.view(state, None).model_dump_json()
    assert "987654321987" not in dumped and '"dice"' not in dumped
    assert GAME.view(state, None).model_copy(update={"viewer": "p1"}) == GAME.view(state, "p1")


def test_dice_are_fair_enough() -> None:
    counts = [0] * 6
    dice = Dice(seed=7)
    for _ in range(6000):
        counts[dice.d6("fairness").result - 1] += 1
    assert all(900 < c < 1100 for c in counts), counts


@pytest.mark.slow
def test_random_games_end_without_error() -> None:
    """Self-played games end without error: 150 here to keep the suite fast (ZAGJAN_SELFPLAY_GAMES sets
    another count); the 1,000-game run is `zagjan simulate <game> --games 1000`."""
    games = int(os.environ.get("ZAGJAN_SELFPLAY_GAMES", "150"))
    for seed in range(games):
        result = play_random(GAME, 2 + seed % 5, seed)
        assert result.finished, f"seed {seed} did not end in {len(result.log)} actions"
