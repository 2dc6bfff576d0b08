"""The That'll do Pigs controls, built from the moves its rules declare: every button and menu entry
leads to one of the legal actions it was built from, every legal action has a control, and
custom_ids fit Discord's limits, through whole random races."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ui.declared import adapter_for
from bot.ui.declared import TYPE_ANOTHER, AskForm
from controls_check import round_trip
from rules.core.selfplay import play_random
from rules.orclympics.thatll_do_pigs import GAME

ADAPTER = adapter_for(GAME)


def _round_trip(state: Any) -> set[str]:
    return round_trip(GAME, ADAPTER, state, every_action=True)


@pytest.mark.parametrize("players", [2, 4])
def test_every_control_of_a_random_race_decodes_to_a_legal_action(players: int) -> None:
    seen: set[str] = set()
    for steps in (0, 2, 4, 6, 9, 12, 20, 35, 60, 90, 130):
        state = play_random(GAME, players, 11, stop_after=steps).state
        if GAME.outcome(state) is None:
            seen |= _round_trip(state)
    assert {"cell", "move", "ride"} <= seen


def test_cells_are_counted_from_one_and_a_ride_takes_any_heading() -> None:
    state = play_random(GAME, 4, 11, stop_after=0).state
    player = GAME.waiting_for(state)[0]
    controls = ADAPTER.controls(GAME.view(state, None), GAME.legal_actions(state, player), player)
    cells = next(s for s in controls.selects if s.kind == "cell")
    assert cells.options[0].label == "Cell 1" and cells.options[0].value == "0"
    for steps in range(1, 60):
        state = play_random(GAME, 4, 11, stop_after=steps).state
        player = GAME.waiting_for(state)[0]
        legal = GAME.legal_actions(state, player)
        if any(a.type == "ride" for a in legal):
            break
    else:
        pytest.fail("nobody came to ride")
    controls = ADAPTER.controls(GAME.view(state, None), legal, player)
    menu = next(s for s in controls.selects if s.kind == "ride")  # its last entry opens the form: any heading
    assert menu.options[-1].label == TYPE_ANOTHER
    form = ADAPTER.from_select(menu.kind, menu.options[-1].value)
    assert isinstance(form, AskForm) and [f.name for f in form.fields] == ["heading", "distance"]
