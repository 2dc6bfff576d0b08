"""Properties of the Flying Pigs engine over many random games (DESIGN.md, Tests)."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import RuleViolation
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Deploy,
    Done,
    GreaseToss,
    MoveTo,
    MoveToward,
    React,
    Stance,
    TossPig,
)
from tests.rules.flying_pigs.arena import GAME

SEEDS = st.integers(min_value=0, max_value=2**62)
PLAYERS = st.integers(min_value=2, max_value=6)


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_every_random_game_ends_and_replays_from_its_log(seed: int, players: int) -> None:
    result = play_random(GAME, players, seed)
    assert result.finished
    outcome = GAME.outcome(result.state)
    assert outcome is not None
    assert sorted(p for group in outcome.placings for p in group) == sorted(s.player for s in result.state.seats)
    assert outcome.placings[0] == [result.state.winner]
    assert GAME.replay(result.state.seats, None, seed, result.log) == result.state


def _strangers() -> list[object]:
    """Actions wrong in almost any position; those the legal list offers are skipped."""
    return [MoveTo(orc="1a", x=0.0, y=0.0), MoveTo(orc="9a", x=24.0, y=30.0), MoveToward(orc="1p", target="1a"),
            GreaseToss(orc="1a", target="1a"), ChooseStance(orc="2p", stance=Stance.SHOO), Deploy(angle=400.0),
            TossPig(orc="1p"), React(use=True), Done()]


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=150), players=PLAYERS)
def test_legal_actions_are_accepted_and_others_refused_without_change(seed: int, steps: int, players: int) -> None:
    state = play_random(GAME, players, seed, stop_after=steps).state
    if GAME.outcome(state) is not None:
        return
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    assert legal
    before = state.model_dump()
    for action in legal:
        GAME.apply(state, player, action)  # never refused
    for action in _strangers():
        if action in legal:
            continue
        with pytest.raises(RuleViolation):
            GAME.apply(state, player, action)  # type: ignore[arg-type]
    for stranger in (s.player for s in state.seats if s.player not in GAME.waiting_for(state)):
        with pytest.raises(RuleViolation):
            GAME.apply(state, stranger, legal[0])
    with pytest.raises(RuleViolation):
        GAME.apply(state, "nobody", legal[0])
    assert state.model_dump() == before


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=200))
def test_every_viewer_sees_the_same_table_and_never_the_seed(seed: int, steps: int) -> None:
    state = play_random(GAME, 3, seed, stop_after=steps).state
    public = GAME.view(state, None).model_dump(exclude={"viewer"})
    for seat in state.seats:
        assert GAME.view(state, seat.player).model_dump(exclude={"viewer"}) == public
    assert '"dice"' not in GAME.view(state, None).model_dump_json()


def test_reaction_prompts_carry_a_legal_default() -> None:
    for seed in range(40):
        result = play_random(GAME, 4, seed)
        state = GAME.new(result.state.seats, None, seed)
        for player, action in result.log:
            for prompt in GAME.prompts(state):
                if prompt.default is not None:
                    assert GAME.parse_action(prompt.default) in GAME.legal_actions(state, prompt.player)
                    return
            state = GAME.apply(state, player, action).state
    pytest.fail("no reaction came up in 40 games")


@pytest.mark.slow
def test_random_games_end_without_error() -> None:
    """Self-played games end without error: 150 here to keep the suite fast (ZAGJAN_SELFPLAY_GAMES sets
    another count); the 1,000-game run is `zagjan simulate <game> --games 1000`."""
    games = int(os.environ.get("ZAGJAN_SELFPLAY_GAMES", "150"))
    for seed in range(games):
        result = play_random(GAME, 2 + seed % 5, seed)
        assert result.finished, f"seed {seed} did not end in {len(result.log)} actions"
