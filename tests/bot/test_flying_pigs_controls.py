"""The Flying Pigs adapter: every button and menu entry decodes to one of the legal actions it
was built from, custom_ids fit Discord's limits, and the reaction buttons come with a default."""

from __future__ import annotations

from typing import Any

import pytest

from bot.catalog import adapter_for
from bot.games.flying_pigs.controls import FlyingPigsControls
from controls_check import round_trip
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs.models import React, Stage, Stance
from tests.rules.flying_pigs.arena import GAME, d3, play, table

NORTH = 91


def _round_trip(state: Any) -> set[str]:
    return round_trip(GAME, FlyingPigsControls(), state)


@pytest.mark.parametrize("steps", [0, 3, 7, 12, 20, 40, 80, 150])
def test_every_control_of_a_random_game_decodes_to_a_legal_action(steps: int) -> None:
    state = play_random(GAME, 6, 5, stop_after=steps).state
    if GAME.outcome(state) is None:
        assert _round_trip(state)


def test_each_step_gets_its_controls() -> None:
    movement = table({"1a": (16.0, 30.0), "1b": (16.0, 34.0)})
    assert {"move", "move-toward", "done"} <= _round_trip(movement)
    grease = table({"1a": (24.0, 32.0), "2a": (28.0, 32.0)}, stage=Stage.GREASE)
    assert {"grease", "done"} <= _round_trip(grease)
    action = table({"1a": (24.0, 32.0)}, stage=Stage.ACTION)
    assert _round_trip(action) == {"stance", "done"}


def test_a_reaction_offers_use_and_pass_buttons() -> None:
    state = table({"1a": (30.0, 34.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.SHOVE})
    state = play(state, "bob", GAME.parse_action({"type": "done"}), [d3(1), d3(1), NORTH]).state
    adapter = adapter_for("flying-pigs")
    controls = adapter.controls(GAME.view(state, None), GAME.legal_actions(state, "alice"), "alice")
    assert [b.label for b in controls.buttons] == ["Use it", "Let it pass"]
    assert adapter.from_button("react.1") == React(use=True).model_dump()
    assert GAME.prompts(state)[0].default == adapter.from_button("react.1")


def test_unknown_payloads_are_refused() -> None:
    adapter = FlyingPigsControls()
    with pytest.raises(ValueError):
        adapter.from_button("launch")
    with pytest.raises(ValueError):
        adapter.from_select("fly", "1a")
