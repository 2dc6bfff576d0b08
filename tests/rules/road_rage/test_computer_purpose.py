"""A `normal` computer uses its Action Points in Road Rage (issue 24: a Chariot ended its turn at
speed 0 with 9 Action Points): from a standstill it speeds up and moves, with a small search budget."""

from __future__ import annotations

import pytest

from rules.core.computer import Level, decide
from rules.core.geometry import centre_distance
from rules.core.search import Budget
from rules.orclympics.road_rage.circuits import ready
from rules.orclympics.road_rage.models import EndTurn
from tests.rules.road_rage.track import GAME, Car, Race

SMALL = Budget(iterations=30, depth=6)


def standstill(facing: float, ap: int = 9) -> object:
    cells = ready("oval", 36.0).cells(2)
    return Race({"alice": Car(cells[0], facing=facing), "bob": Car((30.0, 30.0), facing=facing)}, ap=ap).build()


@pytest.mark.parametrize("facing", [90.0, 270.0])
@pytest.mark.parametrize("seed", range(3))
def test_a_chariot_at_a_standstill_does_not_end_its_turn_there(facing: float, seed: int) -> None:
    # VI.4.2: Speed Changes cost an Action Point each; a Chariot at speed 0 with 9 to spend uses them
    state = standstill(facing)
    assert not isinstance(decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, SMALL), EndTurn)


@pytest.mark.parametrize("seed", range(2))
def test_a_chariot_with_action_points_drives_off_in_its_turn(seed: int) -> None:
    state = standstill(180.0)
    start = state.chariots["alice"].xy
    for n in range(30):
        if "alice" not in GAME.waiting_for(state) or state.current is None or state.current.player != "alice":
            break
        state = GAME.apply(state, "alice", decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL,
                                                  seed * 100 + n, SMALL)).state
    assert centre_distance(state.chariots["alice"].xy, start) > 1.0
