"""Random play (the house's property tests, before the game is registered): every legal action is
accepted, a Quest ends in a win or a loss, and the action log replays to the same state."""

from __future__ import annotations

import random

import pytest

from tests.rules.orcquest.helpers import GAME, seats


@pytest.mark.parametrize(("seed", "count"), [(3, 1), (5, 2), (8, 3), (13, 4)])
def test_random_quests_end_and_replay(seed: int, count: int) -> None:
    chooser = random.Random(seed)
    state = GAME.new(seats(count), None, seed)
    log = []
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        prompts = GAME.prompts(state)
        assert prompts, f"nobody is asked anything in {state.phase}"
        player = chooser.choice(prompts).player
        actions = GAME.legal_actions(state, player)
        assert actions, f"{player} is asked but has no move"
        quick = [a for a in actions if a.type not in ("face", "discard", "rekup", "equip", "unequip")]
        action = chooser.choice(quick or actions)
        state = GAME.apply(state, player, action).state
        log.append((player, action))
    assert GAME.outcome(state) is not None
    assert GAME.replay(seats(count), None, seed, log).model_dump() == state.model_dump()
