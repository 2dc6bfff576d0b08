"""The controls built from declared moves, against the engine: every button and option decodes to a legal move,
every legal move can be reached, and everything fits Discord's limits. Plus the text helpers."""

from __future__ import annotations

import pytest

from typing import Any

from bot.ui.declared import adapter_for
from bot.ui.components import build_view
from bot.ui.controls import (
    MAX_OPTIONS,
    ButtonSpec,
    Controls,
    OptionSpec,
    RandomLegal,
    SelectSpec,
)
from bot.ui.declared import TYPE_ANOTHER, AskForm, Pick, picks
from bot.ui.controls import PICKED
from rules.core.moves import Reading, find
from rules.registry import GAMES
from bot.ui.text import last_lines, placings_lines, split_markdown
from rules.core.grid import distance
from rules.core.selfplay import play_random
from rules.orclympics.masters_fight import MastersFight
from rules.orclympics.masters_fight.models import Move

GAME = MastersFight()
CONTROLS = adapter_for(GAME)
DECLARED = [g for g in GAMES.values() if g.moves is not None]


def reach(controls: Controls, adapter: Any, legal: list[Any], game: Any = None) -> tuple[list[Any], list[str]]:
    """The legal actions the controls' buttons and options lead to, and the moves given a form. A menu
    of many picks (a move's every parameter at once) must make each legal action of its move it can."""
    reached: list[Any] = []
    forms: list[str] = []
    for button in controls.buttons:
        decoded = adapter.from_button(button.payload)
        if isinstance(decoded, AskForm):
            forms.append(decoded.move)
        elif isinstance(decoded, RandomLegal):
            assert any(a.type == decoded.action_type for a in legal)
        elif isinstance(decoded, Pick):
            found = find(legal, decoded.kind, decoded.code)
            assert found is not None, f"button {button.payload} leads to no legal move"
            reached.append(found)
    for select in controls.selects:
        if select.max_values > 1:
            reached += composed(select, adapter, legal, game)
            continue
        for option in select.options[:MAX_OPTIONS]:
            assert len(option.value) <= 100 and len(option.label) <= 100
            decoded = adapter.from_select(select.kind, option.value)
            if isinstance(decoded, AskForm):  # a menu of examples ends with its form
                forms.append(decoded.move)
                continue
            found = find(legal, decoded.kind, decoded.code) if isinstance(decoded, Pick) else None
            assert found is not None, f"option {option.value} of {select.kind} leads to no legal move"
            reached.append(found)
    return reached, forms


def composed(select: SelectSpec, adapter: Any, legal: list[Any], game: Any) -> list[Any]:
    """The legal actions a menu of many picks makes, each picked whole and read back."""
    move = game.moves.named(select.kind.rpartition("-")[0])
    offered = {o.value for o in select.options}
    assert move is not None and len(offered) == len(select.options) <= MAX_OPTIONS
    made = []
    for action in (a for a in legal if a.type == move.type):
        chosen = picks(move, action, Reading(None))
        if set(chosen) <= offered and len(chosen) <= select.max_values:
            assert game.parse_action(adapter.from_select(select.kind, PICKED.join(chosen))) == action
            made.append(action)
    return made


@pytest.mark.parametrize("game", DECLARED, ids=lambda g: g.slug)
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("steps", [0, 3, 10, 40, 90])
def test_every_control_is_a_legal_move_and_every_legal_move_has_a_control(game: Any, seed: int,
                                                                           steps: int) -> None:
    """For every game whose rules declare their moves: each button and menu option leads to a legal
    move, and each legal move is reached by a control, a form, or its slash command (named in a note)."""
    state = play_random(game, game.usual_table(), seed, stop_after=steps).state
    if game.outcome(state) is not None:
        return
    player = game.waiting_for(state)[0]
    legal = game.legal_actions(state, player)
    adapter = adapter_for(game)
    controls = adapter.controls(game.view(state, player), legal, player)
    reached, forms = reach(controls, adapter, legal, game)
    for action in legal:
        move = game.moves.of(action)
        if action in reached or move is None:
            continue
        assert move.name in forms or getattr(move.offer, "dice", None) is not None or (
            move.typed and any(f"/{game.moves.group} {move.name}" in n for n in controls.notes)), \
            f"{action!r} has no control"
    layout = build_view(12345678901234, 99999, controls)
    if layout is not None:
        assert all(len(item.custom_id) <= 100 for item in layout.children)  # type: ignore[attr-defined]
        assert max(item.row or 0 for item in layout.children) <= 4  # type: ignore[attr-defined]


def test_masters_fight_destinations_come_nearest_first() -> None:
    """The move menu lists the nearest squares first, each with how far it is."""
    state = play_random(GAME, 4, 3, stop_after=10).state
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    controls = CONTROLS.controls(GAME.view(state, player), legal, player)
    moves = next((s for s in controls.selects if s.kind == "move"), None)
    if moves is not None:
        here = state.orcs[player].square
        steps_away = [distance(here, o.value) for o in moves.options]
        assert steps_away == sorted(steps_away), "nearest destinations first"
        assert all(o.description and o.description.endswith("away") for o in moves.options)


def test_a_common_orc_gets_24_nearest_squares_and_the_form_for_the_others_in_the_same_menu() -> None:
    for seed in range(1, 200):
        state = play_random(GAME, 2, seed, stop_after=2).state
        player = GAME.waiting_for(state)[0]
        legal = GAME.legal_actions(state, player)
        if sum(isinstance(a, Move) for a in legal) > 25:
            break
    else:
        pytest.skip("no opening with more than 25 destinations in these seeds")
    controls = CONTROLS.controls(GAME.view(state, None), legal, player)
    layout = build_view(1, 2, controls)
    assert layout is not None
    menu = next(i for i in layout.children if getattr(i, "custom_id", "").endswith(":move"))
    options = menu.item.options  # type: ignore[attr-defined]
    assert len(options) == 25 and options[-1].label == TYPE_ANOTHER and options[-1].value == "form.mf.move"
    assert options[-1].description.startswith(f"{sum(isinstance(a, Move) for a in legal) - 24} more")
    assert not [b for b in controls.buttons if b.payload == "form.mf.move"] and not controls.notes


def test_selects_that_do_not_fit_are_left_to_the_slash_commands() -> None:
    selects = [SelectSpec(kind, f"{kind.title()}…", [OptionSpec("x", "x")]) for kind in
               ("move", "smash", "stomp", "jump", "drop")]
    controls = Controls(buttons=[ButtonSpec("end", "End")], selects=selects)
    layout = build_view(1, 1, controls)
    assert layout is not None and len(layout.children) == 5
    assert controls.notes == ["(Drop: use the slash commands.)"]


def test_placings_share_the_better_place_when_tied() -> None:
    names = {"a": "Ugg", "b": "Grok", "c": "Mog", "d": "Zug"}
    assert placings_lines([["a"], ["b", "c"], ["d"]], names) == [
        "🥇 1st — Ugg", "🥈 =2nd — Grok and Mog", "▫️ 4th — Zug"]


def test_long_logs_keep_the_newest_lines() -> None:
    lines = [f"line {n} " + "x" * 90 for n in range(100)]
    text = last_lines(lines, 1000)
    assert len(text) <= 1000
    assert text.endswith(lines[-1]) and "earlier line(s)" in text.splitlines()[0]


def test_guides_are_split_at_paragraphs_under_the_limit() -> None:
    guide = "\n\n".join(f"Paragraph {n}. " + "word " * 150 for n in range(12))
    pieces = split_markdown(guide, 2000)
    assert all(len(p) <= 2000 for p in pieces)
    assert "\n\n".join(pieces) == guide.strip()


def test_a_form_button_is_known_from_its_payload_alone() -> None:
    """A form must be the first answer to the click, before the game is read: its payload names the
    game's command group and the move, and nothing else reads as a form."""
    deploy = CONTROLS.from_button("form.mf.deploy")
    assert isinstance(deploy, AskForm) and [f.name for f in deploy.fields] == ["square"]
    with pytest.raises(ValueError):
        CONTROLS.from_button("form.mf.grab")
    assert isinstance(CONTROLS.from_button("deploy.random"), RandomLegal)


def test_a_form_of_menus_offers_each_value_some_legal_action_has() -> None:
    # Orcz's placements are many (every Battlefield, lawful pair and side): its form is four menus, each
    # offering exactly the values of the legal actions, in the words of the player's picture
    game = GAMES["orcz"]
    adapter = adapter_for(game)
    place = adapter.book.named("place")
    assert place is not None and not getattr(place.offer, "picks", None)  # no menu mixing four questions any more
    for steps in (0, 5):
        state = play_random(game, 4, 3, stop_after=steps).state
        player = game.waiting_for(state)[0]
        view = game.view(state, None)
        legal = game.legal_actions(state, player)
        assert len(legal) > 100
        form = adapter.with_menus(adapter.form("form.orcz.place"), view, legal)
        assert form.menus and [f.name for f in form.fields] == ["field", "left", "right", "down"]
        reading = Reading(view, dict(view.names))
        places = [a for a in legal if a.type == "place"]
        for field, param in zip(form.fields, place.params, strict=True):
            assert {v for v, _ in field.options} == {param.token(param.value_of(a), reading) for a in places}
            assert len(field.options) <= MAX_OPTIONS
        words = dict(form.fields[1].options)
        assert all(w.split()[0] in ("Grunt", "Cavalry", "Archer", "Champion", "Shaman") for w in words.values())
        assert dict(form.fields[3].options) == {"left": "Left card face down", "right": "Right card face down"}


def test_a_form_keeps_text_boxes_when_its_values_are_a_sample() -> None:
    # Flying Pigs' bearing takes any angle: no menu can list it, so the form asks it typed
    game = GAMES["flying-pigs"]
    adapter = adapter_for(game)
    for steps in range(0, 60, 3):
        state = play_random(game, game.usual_table(), 1, stop_after=steps).state
        if game.outcome(state) is not None:
            break
        player = game.waiting_for(state)[0]
        legal = game.legal_actions(state, player)
        for button in adapter.controls(game.view(state, player), legal, player).buttons:
            if button.payload.startswith("form."):
                form = adapter.with_menus(adapter.form(button.payload), game.view(state, None), legal)
                move = adapter.book.named(form.move)
                assert move is not None
                assert not form.menus or not move.samples


def test_equal_values_of_different_types_are_spelt_one_by_one() -> None:
    from pydantic import BaseModel

    from bot.ui.declared import _tokens
    from rules.core.moves import Kind, Param

    class Pick(BaseModel):
        type: str = "pick"
        n: Any

    param = Param("n", Kind.CHOICE, "n", choices=(("1", "one"), ("1.0", "one point nought")))
    assert _tokens(param, [Pick(n=1), Pick(n=1.0), Pick(n=1)], Reading(None)) == {"1", "1.0"}
    assert _tokens(param, [Pick(n="1"), Pick(n="1")], Reading(None)) == {"1"}
    assert _tokens(param, [Pick(n=[1]), Pick(n=[1])], Reading(None)) == {"[1]"}  # not hashable
