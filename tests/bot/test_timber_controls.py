"""The Timber! controls (built from its declared moves) against the engine: on random positions every
button and option leads to a legal action, the legal actions no control reaches are left to a form or a
/timber command the board points to, and everything fits Discord's limits (5 rows, 5 buttons a row,
25 options a menu)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ui.declared import adapter_for
from bot.ui.components import build_view
from bot.ui.controls import RandomLegal
from bot.ui.declared import AskForm, Pick
from rules.core.engine import Seat
from rules.core.moves import find
from rules.core.selfplay import play_random
from rules.orclympics.timber import Timber
from rules.orclympics.timber.models import Aim, BoarPath, Deploy, EscapeTo, FellCompass, FellToward, Phase, Stage, TimberState

GAME = Timber()
CONTROLS = adapter_for(GAME)


def reached_by_controls(state: TimberState, player: str) -> tuple[list[Any], Any, list[str]]:
    """Every control the board would show `player`, each matched against the legal actions: the actions
    reached, the controls, and the moves given a form."""
    legal = GAME.legal_actions(state, player)
    controls = CONTROLS.controls(GAME.view(state, None), legal, player)
    reached: list[Any] = []
    forms: list[str] = []
    for button in controls.buttons:
        assert len(button.label) <= 80
        decoded = CONTROLS.from_button(button.payload)
        if isinstance(decoded, AskForm):
            forms.append(decoded.move)
        elif isinstance(decoded, RandomLegal):
            assert any(a.type == decoded.action_type for a in legal)
        else:
            assert isinstance(decoded, Pick)
            found = find(legal, decoded.kind, decoded.code)
            assert found is not None, f"button {button.payload} leads to no legal action"
            reached.append(found)
    for select in controls.selects:
        assert 1 <= len(select.options) <= 25
        assert len({o.value for o in select.options}) == len(select.options), "values are unique in a menu"
        for option in select.options:
            assert len(option.value) <= 100 and len(option.label) <= 100
            assert option.description is None or len(option.description) <= 100
            decoded = CONTROLS.from_select(select.kind, option.value)
            assert isinstance(decoded, Pick)
            found = find(legal, decoded.kind, decoded.code)
            assert found is not None, f"option {option.value} of {select.kind} leads to no legal action"
            reached.append(found)

    kinds = [s.kind for s in controls.selects]
    assert len(kinds) == len(set(kinds)), "each menu has its own custom_id"
    assert len(controls.buttons) <= 10
    button_rows = -(-len(controls.buttons) // 5)
    assert button_rows + len(controls.selects) <= 5, "nothing is dropped for want of rows"
    layout = build_view(12345678901234, 99999, controls)
    assert layout is not None
    assert all(len(item.custom_id) <= 100 for item in layout.children)  # type: ignore[attr-defined]
    assert max(item.row or 0 for item in layout.children) <= 4  # type: ignore[attr-defined]
    return reached, controls, forms


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("steps", [0, 2, 5, 9, 20, 40, 70, 100, 130])
def test_every_control_is_a_legal_action_and_the_rest_is_left_to_the_commands(seed: int, steps: int) -> None:
    state = play_random(GAME, 2 + seed % 3, seed, stop_after=steps).state
    if GAME.outcome(state) is not None:
        return
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    reached, controls, forms = reached_by_controls(state, player)

    unreached = [a for a in legal if a not in reached]
    # A random Deploy button stands in for any pair; only the Boar's runs can be too many to list.
    assert all(isinstance(a, (Deploy, BoarPath)) for a in unreached), unreached
    if any(isinstance(a, BoarPath) for a in unreached):
        assert "boar-run" in forms and any("/timber boar" in note for note in controls.notes)
    if any(isinstance(a, Deploy) for a in unreached):
        assert "deploy" in forms and any("/timber deploy" in note for note in controls.notes)


def test_every_position_of_a_whole_game_has_controls_that_fit() -> None:
    """Every decision of two complete random games, not a sample of them."""
    for seed in (11, 12):
        log = play_random(GAME, 4, seed).log
        result = play_random(GAME, 4, seed, stop_after=0)
        state = result.state
        for player, action in log:
            reached, _, _ = reached_by_controls(state, player)
            if not isinstance(action, (Deploy, BoarPath)):
                assert action in reached, f"{action!r} has no control"
            state = GAME.apply(state, player, action).state


def test_an_ordinary_deployment_has_every_pair_in_the_edge_menus() -> None:
    state = play_random(GAME, 4, 3, stop_after=0).state
    assert state.phase is Phase.DEPLOYMENT
    player = GAME.waiting_for(state)[0]
    reached, controls, _ = reached_by_controls(state, player)
    legal = GAME.legal_actions(state, player)
    assert all(a in reached for a in legal)
    assert [s.placeholder for s in controls.selects] == ["North edge (rank 8)…", "East edge (file h)…",
                                                         "South edge (rank 1)…", "West edge (file a)…"]
    assert [b.label for b in controls.buttons] == ["Random spot"]


def test_a_falling_tree_gets_eight_compass_buttons_and_every_square() -> None:
    # Random play seldom strips a Tree bare, so the Tree's last Wood is taken by hand here.
    state = _find(lambda s: s.current is not None and s.current.stage is Stage.ACTIONS).model_copy(deep=True)
    player = state.current.player
    tree = next(iter(state.trees))
    state.trees[tree] = 0
    state.current.aim = Aim(tree=tree, orc=f"{player}:1")
    reached, controls, forms = reached_by_controls(state, player)
    assert [b.label for b in controls.buttons][:8] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert controls.buttons[8].label == "Name a square…" and forms == ["fell-toward"]
    assert sum(isinstance(a, FellCompass) for a in reached) == 8
    assert sum(isinstance(a, FellToward) for a in reached) == 63


def test_a_dodge_by_another_player_says_who_the_turn_waits_for() -> None:
    state = _find(lambda s: s.current is not None and s.current.escape is not None
                  and s.orcs[s.current.escape.orc].player != s.current.player)
    dodger = state.orcs[state.current.escape.orc].player
    assert GAME.waiting_for(state) == [dodger]
    reached, controls, _ = reached_by_controls(state, dodger)
    assert {a.square for a in reached if isinstance(a, EscapeTo)} == set(state.current.escape.options)
    assert controls.notes == [f"{state.name_of(state.current.player)}: waiting for {state.name_of(dodger)} "
                              "to dodge; your turn goes on once they have landed."]


def test_a_crowded_board_puts_open_way_and_gathering_in_one_menu() -> None:
    """Move, Shove, Open Way, Gather (with Orcy Style beside it) and Share at once, under the End turn
    button: six rows, so the Forest work shares a menu."""
    state = _find(lambda s: s.current is not None and s.current.stage is Stage.ACTIONS).model_copy(deep=True)
    cur = state.current
    player = cur.player
    enemy = next(o for o in state.orcs.values() if o.player != player)
    for orc in state.orcs.values():
        orc.square, orc.wood = None, 0
    state.orcs[f"{player}:1"].square, state.orcs[f"{player}:1"].wood = "d4", 1
    state.orcs[f"{player}:2"].square = "e4"
    enemy.square = "d3"
    state.trees, state.rocks, state.bushes, state.dropped, state.boar = {"d5": 4}, [], ["c4"], {}, "h8"
    cur.tokens, cur.done, cur.acting = {f"{player}:1": 3, f"{player}:2": 1}, [], None
    reached, controls, _ = reached_by_controls(state, player)
    assert [s.placeholder for s in controls.selects] == ["Move…", "Shove…", "Open Way or gather Wood…",
                                                         "Share Wood: keep…"]
    assert all(a in reached for a in GAME.legal_actions(state, player))


def test_token_buttons_name_the_orcs() -> None:
    seats = [Seat(player="111", name="Ugg"), Seat(player="222", name="Grok", colour=1)]
    state = GAME.new(seats, None, 5)
    for _ in range(2):
        player = GAME.waiting_for(state)[0]
        state = GAME.apply(state, player, GAME.legal_actions(state, player)[0]).state
    player = GAME.waiting_for(state)[0]
    name = state.name_of(player)
    legal = GAME.legal_actions(state, player)
    controls = CONTROLS.controls(GAME.view(state, None), legal, player)
    assert [b.label for b in controls.buttons] == [f"{name} #1: {n} · {name} #2: {4 - n}" for n in (1, 2, 3)]
    decoded = CONTROLS.from_button(controls.buttons[2].payload)
    assert isinstance(decoded, Pick)
    assert find(legal, decoded.kind, decoded.code).tokens == {f"{player}:1": 3, f"{player}:2": 1}


def test_unknown_payloads_are_refused() -> None:
    for payload in ("nonsense", "form.timber.end", "form.mf.fell-toward"):
        with pytest.raises(ValueError):
            CONTROLS.from_button(payload)
    with pytest.raises(ValueError):
        CONTROLS.from_select("nonsense", "d4")
    with pytest.raises(ValueError):
        CONTROLS.from_select("mixed-a", "nonsense.d4")


def _find(wanted: Any) -> TimberState:
    """The first position of some random game where `wanted(state)` holds."""
    for seed in range(1, 200):
        log = play_random(GAME, 4, seed).log
        state = play_random(GAME, 4, seed, stop_after=0).state
        for player, action in log:
            if wanted(state):
                return state
            state = GAME.apply(state, player, action).state
    pytest.skip("no such position in these seeds")
