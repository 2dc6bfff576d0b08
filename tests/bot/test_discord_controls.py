"""The Masters' Fight controls against the engine: every button and option decodes to a legal move,
every legal move can be reached, and everything fits Discord's limits. Plus the text helpers."""

from __future__ import annotations

import pytest

from bot.games.masters_fight.controls import MastersFightControls
from bot.ui.components import build_view
from bot.ui.controls import (
    AskSquare,
    ButtonSpec,
    Controls,
    OptionSpec,
    RandomLegal,
    SelectSpec,
)
from bot.ui.text import last_lines, placings_lines, split_markdown
from rules.core.grid import distance
from rules.core.selfplay import play_random
from rules.orclympics.masters_fight import MastersFight
from rules.orclympics.masters_fight.models import ACTION_ADAPTER, Deploy, Jump, Move

GAME = MastersFight()
CONTROLS = MastersFightControls()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("steps", [0, 3, 10, 40, 90, 160])
def test_every_control_is_a_legal_move_and_every_legal_move_has_a_control(seed: int, steps: int) -> None:
    state = play_random(GAME, 4, seed, stop_after=steps).state
    if GAME.outcome(state) is not None:
        return
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    view = GAME.view(state, None)
    controls = CONTROLS.controls(view, legal, player)

    reached = []
    for button in controls.buttons:
        decoded = CONTROLS.from_button(button.payload)
        if isinstance(decoded, AskSquare):
            assert decoded.action_type == "deploy"
        elif isinstance(decoded, RandomLegal):
            assert any(a.type == decoded.action_type for a in legal)
        else:
            reached.append(ACTION_ADAPTER.validate_python(decoded))
    for select in controls.selects:
        for option in select.options[:25]:
            assert len(option.value) <= 100 and len(option.label) <= 100
            reached.append(ACTION_ADAPTER.validate_python(CONTROLS.from_select(select.kind, option.value)))
    assert all(action in legal for action in reached)

    unreached = [a for a in legal if a not in reached]
    assert all(isinstance(a, (Deploy, Move, Jump)) for a in unreached)
    if any(isinstance(a, Move) for a in unreached):
        assert any("/mf move" in note for note in controls.notes)
    if any(isinstance(a, Jump) for a in unreached):
        assert any("/mf jump" in note for note in controls.notes)

    moves = next((s for s in controls.selects if s.kind == "move"), None)
    if moves is not None:
        here = state.orcs[player].square
        steps_away = [distance(here, o.value) for o in moves.options]
        assert steps_away == sorted(steps_away), "nearest destinations first"

    layout = build_view(12345678901234, 99999, controls)
    assert layout is not None
    assert all(len(item.custom_id) <= 100 for item in layout.children)  # type: ignore[attr-defined]
    assert max(item.row or 0 for item in layout.children) <= 4  # type: ignore[attr-defined]


def test_a_common_orc_gets_25_nearest_squares_and_a_pointer_to_the_command() -> None:
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
    assert len(menu.item.options) == 25  # type: ignore[attr-defined]
    assert "use /mf move for the others" in " ".join(controls.notes)


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


def test_a_button_that_asks_for_a_square_is_known_from_its_payload_alone() -> None:
    """Its modal must be the first answer to the click, before the game is read, so every game's
    adapter has to agree on what such a payload means."""
    from bot.catalog import plugins
    from bot.games.masters_fight.controls import DEPLOY_ASK
    from bot.games.timber.controls import FELL_ASK
    from bot.ui.turns import _square_ask

    assert _square_ask("deploy.ask") == DEPLOY_ASK
    assert _square_ask("fell.ask") == FELL_ASK
    assert _square_ask("end") is None and _square_ask("deploy.random") is None
    assert set(plugins()) == {"masters-fight", "timber", "flying-pigs", "brood-rumble", "thatll-do-pigs", "road-rage"}
