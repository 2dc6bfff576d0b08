"""The Flying Pigs controls, built from the moves its rules declare: every button and menu entry
leads to one of the legal actions it was built from, custom_ids fit Discord's limits, the reaction
buttons come with a default, and the menus that only sample a continuous choice say where to type
any other."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ui.declared import adapter_for
from bot.ui.declared import TYPE_ANOTHER, AskForm, Pick
from controls_check import round_trip
from rules.core.moves import code, find
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs.models import Deploy, MoveToward, React, Stage, Stance
from tests.rules.flying_pigs.arena import GAME, d3, play, table

NORTH = 91
ADAPTER = adapter_for(GAME)


def _round_trip(state: Any) -> set[str]:
    return round_trip(GAME, ADAPTER, state)


def _controls(state: Any, player: str = "alice") -> Any:
    return ADAPTER.controls(GAME.view(state, None), GAME.legal_actions(state, player), player)


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
    labels = [b.label for b in _controls(action).buttons]
    assert {"1a: Shove", "1a: Shoo!", "1a: Fire it up!", "Finish this step"} <= set(labels)


def test_a_reaction_offers_use_and_pass_buttons() -> None:
    state = table({"1a": (30.0, 34.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.SHOVE})
    state = play(state, "bob", GAME.parse_action({"type": "done"}), [d3(1), d3(1), NORTH]).state
    controls = _controls(state)
    assert [b.label for b in controls.buttons] == ["Use it", "Let it pass"]
    use = ADAPTER.from_button(controls.buttons[0].payload)
    assert isinstance(use, Pick) and find(GAME.legal_actions(state, "alice"), use.kind, use.code) == React(use=True)
    assert GAME.prompts(state)[0].default == React(use=True).model_dump()


def test_the_deploy_menu_spreads_its_bearings_and_points_to_any_angle() -> None:
    """36 bearings do not fit a menu: every other one is listed, and its last entry opens the form, which
    takes any (one control for the one decision: no form button and note beside it)."""
    state = play_random(GAME, 3, 2, stop_after=0).state
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    controls = _controls(state, player)
    menu = next(s for s in controls.selects if s.kind == "deploy")
    assert len(legal) > 25 and len(menu.options) == len(legal[::2]) + 1
    assert menu.options[1].label == f"{legal[2].angle:g}°" and menu.options[1].value == code(legal[2])
    assert not [b for b in controls.buttons if b.payload.startswith("form.")] and not controls.notes
    assert menu.options[-1].label == TYPE_ANOTHER
    form = ADAPTER.from_select(menu.kind, menu.options[-1].value)
    assert isinstance(form, AskForm) and [f.name for f in form.fields] == ["angle"]
    assert isinstance(legal[0], Deploy)


def test_the_toss_from_the_side_facing_the_centre_keeps_its_button() -> None:
    state = play_random(GAME, 2, 4, stop_after=4).state
    assert state.phase.value == "pigtoss"
    player = GAME.waiting_for(state)[0]
    controls = _controls(state, player)
    orcs = [o.id for o in state.orcs_of(player)]
    assert {f"Toss from Orc {o}" for o in orcs} <= {b.label for b in controls.buttons}
    assert [s.kind for s in controls.selects] == ["toss"]


def test_a_crowded_pigsty_gets_one_walk_toward_menu_per_orc() -> None:
    """With six players an Orc may walk toward seventeen models: too many for one menu of both
    Orcs, so each gets its own."""
    state = table({"1a": (16.0, 30.0), "1b": (16.0, 34.0)}, players=3)
    state.seats += [s.model_copy(update={"player": f"p{n}", "name": f"P{n}"}) for n, s in
                    enumerate(state.seats[:3], start=4)]
    for n in range(4, 7):
        for suffix, kind in (("a", "orc"), ("b", "orc"), ("p", "pig")):
            mid = f"{n}{suffix}"
            state.models[mid] = state.models["3" + suffix].model_copy(
                update={"id": mid, "owner": f"p{n}", "x": 28.0 + n, "y": 10.0 + (suffix == "b") * 3})
    legal = GAME.legal_actions(state, "alice")
    assert sum(isinstance(a, MoveToward) for a in legal) > 25
    kinds = [s.kind for s in _controls(state).selects]
    assert "toward-a" in kinds and "toward-b" in kinds
    assert _round_trip(state) >= {"move", "move-toward", "done"}


def test_unknown_payloads_are_refused() -> None:
    with pytest.raises(ValueError):
        ADAPTER.from_button("launch")
    with pytest.raises(ValueError):
        ADAPTER.from_select("fly", "1a")
