"""Road Rage's controls, built from the moves its rules declare (rules/orclympics/road_rage/moves.py):
every button and menu entry leads to one of the legal actions it was built from, every legal action
has a control, and any Chariot the rules allow (000 VI.2.1: one Driver Upgrade, up to three Chariot
Upgrades) can be picked in one menu or typed, not only the few builds the rules list."""

from __future__ import annotations

from typing import Any

import pytest
from test_discord_controls import reach

from bot.ui.declared import adapter_for
from bot.service.table import TableError
from bot.cli.terminal import parse_typed, typed_form
from bot.ui.controls import PICKED
from rules.core.errors import RuleViolation
from rules.core.moves import Reading
from rules.core.selfplay import play_random
from rules.orclympics.road_rage import GAME
from rules.orclympics.road_rage.models import Build, Pivot, SpeedChange, TakeCell
from tests.rules.road_rage.track import driver

ADAPTER = adapter_for(GAME)
THREE = ["moar_boar", "wolves", "goblins"]  # Top Speed 3, Agility 5, Driver Skill 2 with Boar Boss


def _offered(state: Any) -> set[str]:
    """The kinds of action the controls offer the player the race waits for; each legal one is reached."""
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    controls = ADAPTER.controls(GAME.view(state, None), legal, player)
    reached, forms = reach(controls, ADAPTER, legal, GAME)
    assert not forms
    assert all(action in reached for action in legal), [a for a in legal if a not in reached]
    return {a.type for a in reached}


@pytest.mark.parametrize("players", [2, 4])
def test_every_control_of_a_race_decodes_to_a_legal_action(players: int) -> None:
    seen: set[str] = set()
    policy = (lambda g, s, p, legal, dice: driver(s, p, legal, s.version))
    for steps in (0, 1, 2, 3, 4, 6, 9, 14, 20, 30, 45, 70):
        for chooser in (None, policy):
            state = play_random(GAME, players, 3, stop_after=steps, policy=chooser).state
            if GAME.outcome(state) is None:
                seen |= _offered(state)
    assert {"build", "race", "cell", "speed", "pivot", "advance", "end"} <= seen


def _building() -> tuple[Any, str, Any]:
    state = play_random(GAME, 2, 3, stop_after=0).state
    player = GAME.waiting_for(state)[0]
    legal = GAME.legal_actions(state, player)
    return state, player, ADAPTER.controls(GAME.view(state, None), legal, player)


def test_any_build_is_picked_in_one_menu_of_many_picks() -> None:
    state, player, controls = _building()
    ready, parts = (next(s for s in controls.selects if s.kind == kind) for kind in ("build", "build-parts"))
    assert ready.placeholder == "Build your Chariot…" and parts.max_values == 4
    drivers = [o.value for o in parts.options if o.value.startswith("driver=")]
    assert len(drivers) == 3, "only the Driver Upgrades this brood may take"
    assert any("lists a few choices" in note and "/rr build" in note for note in controls.notes)
    chosen = ["driver=boar_boss", *(f"upgrades={u}" for u in THREE)]
    made = ADAPTER.from_select(parts.kind, PICKED.join(chosen))
    assert Build(driver="boar_boss", upgrades=THREE) not in GAME.legal_actions(state, player)
    after = GAME.apply(state, player, GAME.parse_action(made)).state
    assert after.chariots[player].upgrades == THREE and after.chariots[player].skill == 2


def test_a_muddled_pick_is_refused_with_a_reason() -> None:
    _, _, controls = _building()
    with pytest.raises(TableError, match="one driver"):
        ADAPTER.from_select("build-parts", PICKED.join(["driver=boar_boss", "driver=big_boss"]))
    with pytest.raises(TableError, match="needs driver"):
        ADAPTER.from_select("build-parts", "upgrades=wolves")


def test_any_build_can_be_typed_by_key_or_name() -> None:
    state = play_random(GAME, 2, 3, stop_after=0).state
    player = GAME.waiting_for(state)[0]
    legal, view = GAME.legal_actions(state, player), GAME.view(state, None)
    names = {s.player: s.name for s in state.seats}
    wanted = Build(driver="boar_boss", upgrades=THREE)
    assert parse_typed("build driver:boar_boss upgrades:moar_boar,wolves,goblins", legal, names, GAME, view) == wanted
    assert parse_typed("/rr build driver:Boar_Boss upgrades:Moar_Boar,Are_those_Wolves?,goblins", legal, names,
                       GAME, view) == wanted
    assert typed_form(wanted, names, GAME, view) == "build driver:boar_boss upgrades:moar_boar,wolves,goblins"
    move = GAME.moves.named("build")
    assert move is not None
    assert move.build({"driver": "big_boss", "upgrades": "Moar Boar, 'Eavy Wheels; dead sneaky"}, Reading(view)) == {
        "type": "build", "driver": "big_boss", "upgrades": ["moar_boar", "eavy_wheels", "dead_sneaky"]}
    with pytest.raises(RuleViolation, match="upgrades"):
        move.build({"driver": "big_boss", "upgrades": "Rocket"}, Reading(view))


def test_commands_keep_the_words_players_type() -> None:
    """Cells count from 1 and turns have a way; the action stores a cell from 0 and a sign."""
    book, reading = GAME.moves, Reading(None)
    assert book.named("cell").build({"cell": 1}, reading) == {"type": "cell", "cell": 0}  # type: ignore[union-attr]
    assert book.typed_form(TakeCell(cell=2), reading) == "cell cell:3"
    assert book.typed_form(Pivot(turn=-1), reading) == "pivot way:right"
    assert book.typed_form(SpeedChange(delta=-1), reading) == "speed up:no"
    assert GAME.parse_action(book.named("outta").build({"what": "pivot left"}, reading)).turn == 1  # type: ignore[union-attr]
    assert book.named("race").build({"circuit": "Oval", "board": "48"}, reading) == {  # type: ignore[union-attr]
        "type": "race", "circuit": "oval", "board": 48.0}
    with pytest.raises(RuleViolation, match="from 1 to 4"):
        book.named("cell").build({"cell": 5}, reading)  # type: ignore[union-attr]


def test_every_legal_move_typed_as_shown_reads_back_to_itself() -> None:
    """`zagjan play` shows each move as it is typed (the slash command's words) and reads it back."""
    from rules.orclympics.road_rage.models import CircuitDone, Escape, FreePivot

    for players, steps in ((2, 0), (2, 1), (4, 2), (2, 3), (4, 8), (2, 21), (4, 55)):
        state = play_random(GAME, players, 3, stop_after=steps).state
        if GAME.outcome(state) is not None:
            continue
        player = GAME.waiting_for(state)[0]
        legal, view = GAME.legal_actions(state, player), GAME.view(state, None)
        names = {s.player: s.name for s in state.seats}
        extra = [Escape(escape=True), Escape(escape=False), FreePivot(turn=0), FreePivot(turn=-1), CircuitDone()]
        for action in [*legal, *extra]:
            typed = typed_form(action, names, GAME, view)
            assert parse_typed(typed, [*legal, *extra], names, GAME, view) == action, typed
