"""Properties of the Timber! engine over many random games (DESIGN.md, Tests)."""

from __future__ import annotations

import os

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.core.errors import RuleViolation
from rules.core.grid import ALL_SQUARES
from rules.core.selfplay import play_random
from rules.orclympics.timber import READINGS
from rules.orclympics.timber.models import (
    BoarPath,
    Deploy,
    Distribute,
    EndTurn,
    EscapeTo,
    FellCompass,
    FellToward,
    Gather,
    GatherOrcy,
    Leave,
    Move,
    OpenWay,
    PickWood,
    PushTo,
    ShareWood,
    Shove,
    TimberState,
)
from tests.rules.timber.forest import GAME, woodcutter_policy

TOTAL_WOOD = 8
SQUARES = st.sampled_from(list(ALL_SQUARES))


def wood_everywhere(state: TimberState) -> int:
    return sum(state.trees.values()) + sum(state.dropped.values()) + sum(o.wood for o in state.orcs.values())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62), players=st.integers(min_value=2, max_value=4),
       woodcutters=st.booleans())
def test_every_random_game_ends_and_replays_from_its_log(seed: int, players: int, woodcutters: bool) -> None:
    result = play_random(GAME, players, seed, policy=woodcutter_policy if woodcutters else None)
    assert result.finished
    outcome = GAME.outcome(result.state)
    assert outcome is not None
    assert sorted(p for group in outcome.placings for p in group) == sorted(s.player for s in result.state.seats)
    replayed = GAME.replay(result.state.seats, None, seed, result.log)
    assert replayed == result.state


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62), steps=st.integers(min_value=0, max_value=400))
@example(seed=50943, steps=73)  # stopped while an Orc that dodged the Boar chooses where it dives
def test_wood_is_never_made_or_lost(seed: int, steps: int) -> None:
    # 000 IV.2: eight Wood in the Forest at the start; after that it only changes hands
    state = play_random(GAME, 4, seed, stop_after=steps, policy=woodcutter_policy).state
    assert wood_everywhere(state) == TOTAL_WOOD
    # an Orc that has just dodged the Boar's Smash Attack still stands where the Boar entered until its
    # owner says where it dives (the turn's escape): the only moment two share a square (reading boar-escape)
    escape = state.current.escape if state.current is not None else None
    diving = escape.orc if escape is not None else None
    squares = [o.square for k, o in state.orcs.items() if o.square is not None and k != diving]
    assert len(squares) == len(set(squares)) and state.boar not in squares
    terrain = set(state.trees) | set(state.rocks) | set(state.bushes)
    assert not terrain & set(squares) and state.boar not in terrain


def candidates(state: TimberState, player: str, square: str) -> list[object]:
    """A spread of actions of every type, most of them illegal at any given moment."""
    mine = [o for o in state.orcs if o.startswith(player + ":")]
    theirs = [o for o in state.orcs if not o.startswith(player + ":")]
    orc, other = mine[0], theirs[0]
    return [Deploy(first=square, second="a1"), Distribute(tokens={orc: 4}), Distribute(tokens={orc: 2, other: 2}),
            BoarPath(path=[square]), BoarPath(path=[square, square]), Move(orc=orc, to=square),
            Move(orc=other, to=square), Leave(orc=orc), Shove(orc=orc, target=other), Shove(orc=orc, target=mine[1]),
            OpenWay(orc=orc, bush=square), Gather(orc=orc, tree=square), GatherOrcy(orc=orc, tree=square),
            PickWood(orc=orc), ShareWood(orc=orc, keep=9), ShareWood(orc=orc, keep=0), EscapeTo(square=square),
            PushTo(square=square), FellCompass(direction="N"), FellToward(square=square), EndTurn()]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62), steps=st.integers(min_value=0, max_value=400),
       square=SQUARES, woodcutters=st.booleans())
def test_actions_outside_the_legal_list_are_refused_and_change_nothing(seed: int, steps: int, square: str,
                                                                      woodcutters: bool) -> None:
    state = play_random(GAME, 4, seed, stop_after=steps, policy=woodcutter_policy if woodcutters else None).state
    if GAME.outcome(state) is not None:
        return
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    for action in legal[:60]:
        GAME.apply(state, player, action)  # never refused
    before = state.model_dump()
    for action in candidates(state, player, square):
        if action in legal:
            continue
        with pytest.raises(RuleViolation):
            GAME.apply(state, player, action)
    for stranger in (s.player for s in state.seats if s.player != player):
        assert GAME.legal_actions(state, stranger) == []
        with pytest.raises(RuleViolation):
            GAME.apply(state, stranger, EndTurn())
    assert state.model_dump() == before


def test_woodcutters_fell_trees_and_dodge() -> None:
    """The property tests above reach the rarer branches: falling Trees, aiming, escapes and pushes."""
    seen: set[str] = set()
    for seed in range(30):
        result = play_random(GAME, 4, seed, policy=woodcutter_policy)
        seen.update(action.type for _, action in result.log)
    assert {"fell-compass", "escape", "push", "gather", "gather-orcy", "pick-wood"} <= seen | {"fell-toward"}
    assert "fell-compass" in seen or "fell-toward" in seen


def test_views_show_the_whole_public_table() -> None:
    # Timber! hides nothing, but a view never carries the dice seed, which would foretell every roll
    state = play_random(GAME, 4, 987_654_321_987, stop_after=60).state
    dumped = GAME.view(state, None).model_dump_json()
    assert "987654321987" not in dumped and '"dice"' not in dumped
    assert GAME.view(state, None) == GAME.view(state, "p1").model_copy(update={"viewer": None})  # only whose it is


def test_every_reading_is_tested_by_name() -> None:
    """Each entry of READINGS is looked up somewhere in these tests by its name."""
    import pathlib

    here = pathlib.Path(__file__).parent
    source = "\n".join(p.read_text() for p in here.glob("test_*.py") if p.name != "test_properties.py")
    missing = [name for name in READINGS if f'READINGS["{name}"]' not in source]
    assert missing == []


@pytest.mark.slow
def test_random_games_end_without_error() -> None:
    """Self-played games end without error: 150 here to keep the suite fast (ZAGJAN_SELFPLAY_GAMES sets
    another count); the 1,000-game run is `zagjan simulate <game> --games 1000`."""
    games = int(os.environ.get("ZAGJAN_SELFPLAY_GAMES", "150"))
    for seed in range(games):
        policy = woodcutter_policy if seed % 2 else None
        result = play_random(GAME, 2 + seed % 3, seed, policy=policy)
        assert result.finished, f"seed {seed} did not end in {len(result.log)} actions"
        assert wood_everywhere(result.state) == TOTAL_WOOD
