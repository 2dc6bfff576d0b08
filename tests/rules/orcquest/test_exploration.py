"""Exploration (seed 004 L466-502; reading a30-a34, d7)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Context
from rules.core.errors import RuleViolation
from rules.orcquest.exploration import PLACE, explore
from rules.orcquest.models import Activate, Move, Place, UseSkill
from tests.rules.orcquest.helpers import GAME, active, enemy, fresh, play, put


def test_a_spawn_zone_in_sight_is_explored_and_a_triple_token_spreads_out() -> None:
    # 004 L472 (a Spawn Zone in Line of Sight), L478-483 (dice dropped, a token each from the zone's
    # reserve), L499 (x3: the others on the nearest empty squares), L490 (Secondary tokens leave the game),
    # L501 (a Chicken stays as a token); reading d7 (random squares and facings; the nearest squares that
    # tie are the players' choice, reading order their default)
    state = fresh()
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["peasant-x3", "chicken", "chicken"]
    # die 1 on g2 (5th of f1 g1 h1 f2 g2 ...), die 2 on f1; the Peasants' arrow points E
    step = play(state, Activate(hero="thalla", entry="a1"), [5, 1, 2])
    for _ in range(2):  # the second and third Peasants: nobody answers, the default goes
        assert step.state.ask is not None and step.state.ask.kind == PLACE
        step = play(step.state, Place())
    state = step.state
    assert [(e.square, e.facing) for e in state.enemies] == [("g2", "E"), ("f1", "E"), ("g1", "E")]
    assert [(t.square, t.kind) for t in state.tokens] == [("r7", "objective"), ("f2", "chicken")]
    assert state.reserves["A"] == ["chicken"] and state.reserve_discard == [] and "A" in state.explored
    assert state.ask is None and state.exploring is None and state.active == "thalla"


def test_the_players_choose_among_tied_nearest_squares_any_seat_answering() -> None:
    # 004 L488 ("Players choose which empty square"), L499 (x3: the others on the nearest empty squares);
    # reading d7 (ties: the players' choice, reading order the default); reading d23 (any seat answers)
    state = fresh(2)
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["peasant-x3", "chicken"]
    step = play(state, Activate(hero="thalla", entry="a1"), [5, 1, 2])  # die 1 on g2, die 2 on f1; arrows E
    state = step.state
    assert [e.square for e in state.enemies] == ["g2"]  # the first Peasant stands on its token's square
    assert state.ask is not None and state.ask.kind == PLACE and state.ask.players == ["p1", "p2"]
    options = ["f1", "g1", "h1", "f2", "h2", "f3", "g3", "h3"]  # g2's neighbours in Zone A, reading order
    assert state.exploring is not None and state.exploring.options == options
    assert GAME.legal_actions(state, "p2") == [Place(square=s) for s in options]
    prompt = GAME.prompts(state)[0]
    assert "f1, g1, h1, f2, h2, f3, g3 or h3" in prompt.text and prompt.default == {"type": "place", "square": "f1"}  # named
    with pytest.raises(RuleViolation):
        play(state, Place(square="g2"), player="p2")  # not one of the tie
    step = play(state, Place(square="h3"), player="p2")  # the seat who does not move Thalla answers
    state = step.state
    assert state.exploring is not None and state.exploring.options == ["h2", "g3"]  # the third: from h3
    step = play(state, Place(square="g3"), player="p1")
    state = step.state
    assert [(e.square, e.facing) for e in state.enemies] == [("g2", "E"), ("h3", "E"), ("g3", "E")]
    assert [(t.square, t.kind) for t in state.tokens] == [("r7", "objective"), ("f1", "chicken")]
    assert state.ask is None and state.exploring is None


def test_no_question_without_a_tie() -> None:
    # reading d7: only a real tie is asked; one nearest empty square is taken at once (L488, L499), and an
    # empty Secondary Reserve places nothing and asks nothing (L483)
    state = fresh()
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["peasant-x2"]
    for n, square in enumerate(("f2", "g2", "h1", "h2", "f3", "g3", "h3")):
        enemy(state, "dog" if n < 4 else "peasant", square, "S")
    # die 1 on f1: the second Peasant goes to g1, the one empty square left in the Zone; die 2 on f1 finds
    # the reserve empty; the Peasants' arrow points E
    step = play(state, Activate(hero="thalla", entry="a1"), [1, 1, 2])
    assert step.state.ask is None and step.state.exploring is None
    assert [e.square for e in step.state.enemies[7:]] == ["f1", "g1"]


def test_too_few_figures_raise_the_alert() -> None:
    # 004 L492 (too few miniatures for an Exploration: Alert +1, once for the Exploration); L133 (8 Peasants)
    state = fresh()
    state.explored = ["2", "3", "A"]
    for n in range(7):
        enemy(state, "peasant", f"{'abcdefg'[n]}10", "S")
    state.reserves["main"] = ["peasant-x2", "peasant"]
    ctx = Context(ScriptedDice([1, 32, 1, 1]))
    explore(ctx, state, "1", None)
    assert sum(e.kind == "peasant" for e in state.enemies) == 8 and state.alert == 2


def test_the_main_reserve_is_shuffled_again_from_its_discard() -> None:
    # 004 L483 (the Main Reserve re-formed from its discard when it is empty)
    state = fresh()
    state.explored = ["2", "3", "A"]
    state.reserves["main"] = []
    state.reserve_discard = ["dog", "peasant"]
    # dice on k1 (high furniture: l1 instead) and l2; the shuffle puts the Peasant first; arrows S
    ctx = Context(ScriptedDice([1, 6, 2, 1, 3, 3]))
    explore(ctx, state, "1", None)
    assert [(e.kind, e.square, e.facing) for e in state.enemies] == [("peasant", "l1", "S"), ("dog", "l2", "S")]
    assert state.reserve_discard == ["peasant", "dog"]


def test_a_walk_ends_where_an_exploration_asks_the_card_keeping_its_movement_points() -> None:
    # 004 L472 (a Spawn Zone in Line of Sight explored at once), L488 and reading d7 (the players choose
    # among tied squares); reading d23 (the typed path stops where the question comes, the card's MP left stay)
    state = fresh()
    state.explored = ["1", "2", "3"]
    state.open_doors = ["door-west"]
    state.reserves["A"] = ["peasant-x2", "chicken"]
    active(state, "thalla", "k5", "S")
    state = play(state, UseSkill(hero="thalla", skill="stalk")).state  # Move 5
    # die 1 on g2, die 2 on f1; the Peasants' arrow points E
    step = play(state, Move(path=["k4", "k3", "j3", "i3"]), [5, 1, 2])
    state = step.state
    thalla = state.hero("thalla")
    assert state.ask is not None and state.ask.kind == PLACE and thalla.square == "k3"  # Zone A seen from k3
    assert state.card is not None and state.card.mp == 3
    state = play(state, Place(square="h3")).state
    assert [e.square for e in state.enemies] == ["g2", "h3"] and state.ask is None
    assert state.card is not None and state.card.mp == 3 and state.hero("thalla").square == "k3"
    assert any(isinstance(a, Move) for a in GAME.legal_actions(state, "p1"))  # she walks on as she likes


def test_a_full_hero_entry_offers_every_tied_nearest_square() -> None:
    # 004 L488 (the nearest empty square, the players choosing among a tie); readings d7, d20 (every Hero
    # Entry square taken: a Hero comes in on the nearest empty square)
    state = fresh()
    put(state, "orrus", "a1")
    put(state, "mek", "a2")
    entries = [a for a in GAME.legal_actions(state, "p1") if isinstance(a, Activate) and a.hero == "thalla"]
    assert entries == [Activate(hero="thalla", entry="b1"), Activate(hero="thalla", entry="b2")]
    assert play(state, Activate(hero="thalla", entry="b2")).state.hero("thalla").square == "b2"
