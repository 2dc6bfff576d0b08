"""OrcQuest for computer players (`rules.orcquest.computer`): one standing shared by the whole table, sensible
moves that waste neither AP nor steps, and the generic checks every registered game's computer passes (run
here on OrcQuest, which is not registered yet)."""

from __future__ import annotations

import pytest

from rules.core.computer import Level, decide
from rules.core.search import Budget
from rules.core.tactics import tactics_of
from rules.orcquest.computer import TACTICS, chance, goal_of, progress, standing, walking
from rules.orcquest.models import (
    Activate,
    Attack,
    Discard,
    EndActivation,
    Face,
    Finish,
    Leave,
    Move,
    Place,
    Reroll,
    UseSkill,
)
from rules.registry import GAMES
from tests.rules.core.test_computer import test_a_computer_decides_the_same_whatever_is_hidden_from_it as hidden_check
from tests.rules.core.test_search_tactics import \
    test_sensible_moves_are_some_of_the_legal_ones_and_substance_is_known as sensible_check
from tests.rules.orcquest.helpers import GAME, active, enemy, fresh, play


def test_the_search_finds_the_tactics_and_the_table_shares_one_chance() -> None:
    assert tactics_of(GAME) is TACTICS
    state = fresh(3)
    chances = standing(state)
    assert chances is not None and set(chances) == {"p1", "p2", "p3"} and len(set(chances.values())) == 1
    assert 0 < chances["p1"] < 1


def test_the_standing_rises_with_the_totem_carried_out_and_falls_with_wounds_and_the_alert() -> None:
    state = fresh()
    state.hero("mek").square = "c5"
    start = chance(state)
    state.hero("mek").square = "q7"  # beside the Totem, round the walls
    near = chance(state)
    state.hero("mek").square, state.hero("mek").inventory, state.tokens = "q7", ["totem"], []
    carried = chance(state)
    state.hero("mek").square = "b2"
    out = chance(state)
    assert start < near < carried < out and progress(state) > 0.9 and goal_of(state) == ("a1", "a2")
    wounded = state.model_copy(deep=True)
    wounded.hero("mek").damage = 5
    alarmed = state.model_copy(deep=True)
    alarmed.alert = 12
    assert chance(wounded) < out and chance(alarmed) < out


def test_walking_goes_round_the_walls_and_through_the_doors() -> None:
    far = walking("farm", ("r7",))
    assert far["r7"] == 0 and far["q7"] == 1
    assert far["r9"] > 2  # the yard's wall stands between: round by a door
    assert far["a2"] > 20


def test_a_sensible_hero_plays_its_cards_and_attacks_rather_than_wasting_them() -> None:
    state = fresh()
    active(state, "thalla", "e5")
    for square in ("h5", "h6"):
        enemy(state, "peasant", square, "N")
    legal = GAME.legal_actions(state, "p1")
    kept = TACTICS.sensible(state, "p1", legal)
    assert kept and all(a in legal for a in kept)
    assert not any(isinstance(a, Face | Discard | EndActivation) for a in kept)
    assert UseSkill(hero="thalla", skill="hit-and-run") in kept
    state = play(state, UseSkill(hero="thalla", skill="hit-and-run")).state
    kept = TACTICS.sensible(state, "p1", GAME.legal_actions(state, "p1"))
    assert any(isinstance(a, Attack) for a in kept) and Finish() not in kept


def test_a_sensible_walk_gets_nearer_the_totem_and_never_plays_an_attack_card_at_nobody() -> None:
    state = fresh()
    active(state, "orrus", "e5")
    kept = TACTICS.sensible(state, "p1", GAME.legal_actions(state, "p1"))
    assert UseSkill(hero="orrus", skill="smash") not in kept and UseSkill(hero="orrus", skill="stomp") in kept
    state = play(state, UseSkill(hero="orrus", skill="stomp")).state
    kept = TACTICS.sensible(state, "p1", GAME.legal_actions(state, "p1"))
    far = walking("farm", goal_of(state))
    walks = [a for a in kept if isinstance(a, Move)]
    assert walks and all(far[a.path[-1]] < far["e5"] for a in walks) and Finish() not in kept


def test_only_the_weakest_dice_are_thrown_again() -> None:
    state = fresh()
    active(state, "orrus", "j5", "W")
    state.hero("orrus").conditions["enraged"] = 1
    peasant = enemy(state, "peasant", "i5", "E")
    state = play(state, UseSkill(hero="orrus", skill="smash")).state
    paused = play(state, Attack(target=peasant.id), [1, 6]).state  # the Axe's grey Yellow
    kept = TACTICS.sensible(paused, "p1", GAME.legal_actions(paused, "p1"))
    assert [a for a in kept if isinstance(a, Reroll)] == [Reroll(dice=[0])]


def test_the_generic_computer_checks_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, GAME.slug, GAME)
    sensible_check(GAME.slug)
    hidden_check(GAME.slug)


def test_a_search_plays_a_legal_move_from_its_seat() -> None:
    state = fresh(2)
    active(state, "thalla", "e5")
    enemy(state, "peasant", "h5", "N")
    move = decide(GAME, GAME.seen_by(state, "p1"), "p1", Level.NORMAL, 3, Budget(iterations=12, depth=4))
    assert move in GAME.legal_actions(state, "p1")


def test_the_totems_carrier_steps_onto_the_exit_with_a_point_left_then_out() -> None:
    state = fresh()
    active(state, "mek", "d2")
    state.hero("mek").inventory, state.tokens = ["totem"], []
    state = play(state, UseSkill(hero="mek", skill="sneak")).state
    kept = TACTICS.sensible(state, "p1", GAME.legal_actions(state, "p1"))
    assert kept and all(isinstance(a, Move) and a.path[-1] in ("a1", "a2") and len(a.path) < 4 for a in kept)
    state = play(state, kept[0]).state
    assert TACTICS.sensible(state, "p1", GAME.legal_actions(state, "p1")) == [Leave()]


def test_a_computer_seat_answers_a_tie_the_players_settle() -> None:
    # reading d7 (the players choose among tied nearest squares, L488): a computer seat weighs every answer
    state = fresh(2)
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["peasant-x3", "chicken"]
    state = play(state, Activate(hero="thalla", entry="a1"), [5, 1, 2]).state  # the second Peasant's tie
    legal = GAME.legal_actions(state, "p2")
    assert legal and all(isinstance(a, Place) for a in legal) and TACTICS.sensible(state, "p2", legal) == legal
    move = decide(GAME, GAME.seen_by(state, "p2"), "p2", Level.NORMAL, 3, Budget(iterations=12, depth=4))
    assert move in legal
