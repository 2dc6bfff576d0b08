"""The Road Rage adapter: every button and menu entry decodes to one of the legal actions it was
built from, every legal action has a control, and custom_ids fit Discord's limits."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.road_rage.controls import RoadRageControls
from controls_check import round_trip
from rules.core.selfplay import play_random
from rules.orclympics.road_rage import GAME
from tests.rules.road_rage.track import driver


def _round_trip(state: Any) -> set[str]:
    return round_trip(GAME, RoadRageControls(), state, every_action=True)


@pytest.mark.parametrize("players", [2, 4])
def test_every_control_of_a_race_decodes_to_a_legal_action(players: int) -> None:
    seen: set[str] = set()
    policy = (lambda g, s, p, legal, dice: driver(s, p, legal, s.version))
    for steps in (0, 1, 2, 3, 4, 6, 9, 14, 20, 30, 45, 70):
        for chooser in (None, policy):
            state = play_random(GAME, players, 3, stop_after=steps, policy=chooser).state
            if GAME.outcome(state) is None:
                seen |= _round_trip(state)
    assert {"build", "race", "cell", "speed", "pivot", "advance", "end"} <= seen
