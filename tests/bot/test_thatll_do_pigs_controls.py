"""The That'll do Pigs adapter: every button and menu entry decodes to one of the legal actions it
was built from, and custom_ids fit Discord's limits, through whole random races."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.thatll_do_pigs.controls import ThatllDoPigsControls
from controls_check import round_trip
from rules.core.selfplay import play_random
from rules.orclympics.thatll_do_pigs import GAME


def _round_trip(state: Any) -> set[str]:
    return round_trip(GAME, ThatllDoPigsControls(), state, every_action=True)


@pytest.mark.parametrize("players", [2, 4])
def test_every_control_of_a_random_race_decodes_to_a_legal_action(players: int) -> None:
    seen: set[str] = set()
    for steps in (0, 2, 4, 6, 9, 12, 20, 35, 60, 90, 130):
        state = play_random(GAME, players, 11, stop_after=steps).state
        if GAME.outcome(state) is None:
            seen |= _round_trip(state)
    assert {"cell", "move", "ride"} <= seen
