"""OrcQuest's MoveBook (`rules.orcquest.moves`): every action has its move and words, every legal action of
random positions is reached by the declared controls and read back from its typed form, the reactions'
defaults are quiet, and the `/oq` command group fits Discord's limits (25 subcommands; 4,000 characters
of names, descriptions and choices). The game is not registered yet, so the generic checks every
registered game passes (tests/bot/test_discord_controls.py, tests/test_typed_anything.py) are run on it here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ui.declared import adapter_for
from bot.ui.components import build_view
from rules.core.errors import RuleViolation
from rules.core.moves import Kind, Reading
from rules.registry import GAMES
from rules.orcquest.models import Attack, Move, Pass, QuestState, Reroll, Resolve, UseSkill
from rules.orcquest.moves import MOVES, offer_paths, read_dice, read_enemy, read_path
from rules.orcquest.questions import STAGES
from tests.bot.test_discord_controls import reach
from tests.bot.test_discord_controls import \
    test_every_control_is_a_legal_move_and_every_legal_move_has_a_control as generic_controls_check
from tests.test_typed_anything import test_a_slash_commands_number_is_read_or_refused as number_check
from tests.test_typed_anything import test_a_terminal_line_is_answered_never_a_traceback as terminal_check
from tests.test_typed_anything import test_every_declared_reader_reads_or_refuses as reader_check
from tests.rules.orcquest.helpers import GAME, active, enemy, fresh, play, put, seats, to_enemy_phase

NAMES = {"p1": "Ann", "p2": "Bo", "p3": "Cy", "p4": "Di"}


def action_types() -> set[str]:
    return set(GAME.action_adapter.json_schema()["discriminator"]["mapping"])


def test_every_action_has_its_move_and_the_game_declares_them() -> None:
    assert GAME.moves is MOVES
    assert {m.type for m in MOVES.moves} == action_types()


def test_the_reactions_defaults_are_quiet_moves() -> None:
    state = GAME.new(seats(2), None, 1)
    for stage in STAGES.table.values():  # a tie's default is worked out from the position (no tie here)
        default = stage.default(state, None) if callable(stage.default) else stage.default
        assert default is not None and MOVES.is_quiet(default)
    assert MOVES.is_quiet(Pass()) and MOVES.is_quiet(Resolve())
    assert not MOVES.is_quiet(Attack(target=1))


def positions(seed: int, count: int, every: int = 7) -> list[tuple[QuestState, str]]:
    """States of a random Quest (each with the player asked), one every `every` moves."""
    chooser = random.Random(seed)
    state = GAME.new(seats(count), None, seed)
    found = []
    for n in range(900):
        if GAME.outcome(state) is not None:
            break
        player = chooser.choice(GAME.prompts(state)).player
        if n % every == 0:
            found.append((state, player))
        legal = GAME.legal_actions(state, player)
        quick = [a for a in legal if a.type not in ("face", "discard", "rekup", "equip", "unequip")]
        state = GAME.apply(state, player, chooser.choice(quick or legal)).state
    return found


def reads_back(action: Any, reading: Reading) -> None:
    """Its words are never empty, and the typed form builds the very same action."""
    move = MOVES.of(action)
    assert move is not None and MOVES.words(action, reading).strip(), action
    args = {}
    for param in move.params:
        value = param.value_of(action)
        if value is None or value == [] or (param.kind is Kind.FLAG and value is False and not param.required):
            continue
        token = param.token(value, reading)
        assert param.agrees(value, token, reading), (action, param.name, token)
        args[param.name] = token
    assert GAME.parse_action(move.build(args, reading)) == action, (action, args)


def reached_by_controls(state: QuestState, player: str) -> set[str]:
    """Every legal action of `player` reads back and is reached by a button, a menu, a form or a note
    naming its command; the controls fit Discord's five rows. The action types offered."""
    legal = GAME.legal_actions(state, player)
    view = GAME.view(state, player)
    reading = Reading(view, NAMES)
    for action in legal:
        reads_back(action, reading)
    adapter = adapter_for(GAME)
    controls = adapter.controls(view, legal, player, NAMES)
    reached, forms = reach(controls, adapter, legal, GAME)
    for action in legal:
        move = MOVES.of(action)
        assert move is not None
        assert action in reached or move.name in forms or any(f"/oq {move.name}" in n for n in controls.notes), \
            (action, controls.notes)
    layout = build_view(12345678901234, 99999, controls)
    if layout is not None:
        assert max(item.row or 0 for item in layout.children) <= 4  # type: ignore[attr-defined]
    return {a.type for a in legal}


@pytest.mark.parametrize(("seed", "count"), [(2, 1), (4, 2), (6, 3), (9, 4)])
def test_every_legal_action_is_reached_by_a_control_and_reads_back(seed: int, count: int) -> None:
    kinds: set[str] = set()
    for state, player in positions(seed, count):
        kinds |= reached_by_controls(state, player)
    assert {"activate", "use-skill", "move", "end-activation", "end-turn", "discard"} <= kinds


def busy() -> QuestState:
    """One player's four Heroes on the board, every one wounded with a Potion, Badass Points to buy AP for
    each, Thalla active before six Peasants in her Bow's reach."""
    state = fresh()
    for code, square in (("orrus", "c3"), ("mek", "c4"), ("mandar", "c5")):
        state.hero(code).square = square
    active(state, "thalla", "e5")
    for hero in state.heroes:
        hero.damage, hero.inventory = 1, ["potion", "wood", "metal"]
    for square in ("h5", "h6", "h4", "i5", "i7", "g8"):
        enemy(state, "peasant", square, "N")
    state.badass = 6
    return state


def test_the_busiest_hero_phase_still_fits_and_every_choice_is_reached() -> None:
    state = busy()
    assert {"use-skill", "buy-ap", "drink", "face", "discard", "rekup", "end-activation"} <= \
        reached_by_controls(state, "p1")
    state = play(state, UseSkill(hero="thalla", skill="hit-and-run", enhanced=True)).state
    assert {"attack", "finish", "drink"} <= reached_by_controls(state, "p1")
    target = next(a for a in GAME.legal_actions(state, "p1") if isinstance(a, Attack))
    state.hero("thalla").conditions["enraged"] = 1
    paused = play(state, Attack(target=target.target, kind="ranged"), [1, 1, 6]).state
    assert {"boost", "reroll", "resolve"} <= reached_by_controls(paused, "p1")
    assert MOVES.words(Reroll(dice=[0, 1]), Reading(GAME.view(paused, "p1"), NAMES)) == \
        "Re-roll die 1 (white Yellow), die 2 (white Yellow)"


def test_doors_the_exit_and_a_dodge_are_offered_and_reached() -> None:
    state = fresh()
    active(state, "mek", "j3")
    state.hero("thalla").square, state.hero("thalla").inventory = "a1", ["totem"]
    state = play(state, UseSkill(hero="mek", skill="sneak")).state
    assert "open-door" in reached_by_controls(state, "p1")
    state = fresh()
    active(state, "thalla", "a1")
    state.hero("thalla").inventory = ["totem"]
    state = play(state, UseSkill(hero="thalla", skill="stalk")).state
    assert "leave" in reached_by_controls(state, "p1")
    state = fresh()
    state.badass = 3
    enemy(state, "dog", "e5", "E", alert=True, seen_hero=True)
    put(state, "mek", "f5", "W")
    state.hero("mek").conditions["enraged"] = 1
    state = to_enemy_phase(state, [1, 6, 1]).state
    assert {"dodge", "pass", "reroll"} <= reached_by_controls(state, "p1")
    assert MOVES.words(Pass(), Reading(GAME.view(state, "p1"), NAMES)) == "Take it (2 Damage)"


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("steps", [0, 3, 10, 40, 90])
def test_the_generic_controls_check_passes(seed: int, steps: int) -> None:
    generic_controls_check(GAME, seed, steps)


def test_a_move_is_typed_by_where_it_ends_and_walked_the_way_the_rules_list() -> None:
    state = fresh()
    active(state, "thalla", "d5")
    state = play(state, UseSkill(hero="thalla", skill="stalk")).state
    reading = Reading(GAME.view(state, "p1"), NAMES)
    legal = [a for a in GAME.legal_actions(state, "p1") if isinstance(a, Move)]
    far = max(legal, key=lambda a: len(a.path))
    assert read_path(far.path[-1], reading) == far.path
    assert read_path(" ".join(far.path), reading) == far.path
    assert MOVES.typed_form(far, reading) == f"move path:{far.path[-1]}"
    assert MOVES.words(far, reading).startswith(f"Move Thalla to {far.path[-1]} (")
    with pytest.raises(RuleViolation):
        read_path("t1", reading)
    offered = offer_paths(GAME.legal_actions(state, "p1"), reading, {})
    assert len(offered) == len(legal) and (far.path[-1], MOVES.words(far, reading)) in offered
    assert offered[0][1].endswith("(1 MP)")


def test_enemies_and_dice_are_named_as_the_board_shows_them() -> None:
    state = fresh()
    active(state, "thalla", "d5")
    foe = enemy(state, "peasant", "g7")
    reading = Reading(GAME.view(state, "p1"), NAMES)
    assert read_enemy("g7", reading) == read_enemy("Peasant 1", reading) == read_enemy(str(foe.id), reading) == foe.id
    assert read_enemy("peasant", reading) == read_enemy("the Peasant on g7", reading) == foe.id
    with pytest.raises(RuleViolation):
        read_enemy("h8", reading)
    assert MOVES.words(Attack(target=foe.id, kind="ranged"), reading) == "Attack the Peasant on g7 with the Bow"
    assert read_dice("1 3", reading) == [0, 2] and read_dice("2,1", reading) == [0, 1]
    for bad in ("0", "", "x", "1e3", "9" * 50):
        with pytest.raises(RuleViolation):
            read_dice(bad, reading)


def test_the_generic_typing_checks_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a player types into a parameter, a slash command's number or a terminal line: read, or
    refused with a sentence (tests/test_typed_anything.py, on OrcQuest)."""
    monkeypatch.setitem(GAMES, GAME.slug, GAME)
    reader_check(slug=GAME.slug)
    terminal_check(slug=GAME.slug)
    number_check(slug=GAME.slug)
