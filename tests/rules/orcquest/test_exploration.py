"""Exploration (seed 004 L466-502; reading a30-a34, d7)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.engine import Context
from rules.orcquest.exploration import explore
from rules.orcquest.models import Activate
from tests.rules.orcquest.helpers import enemy, fresh, play, texts


def test_a_spawn_zone_in_sight_is_explored_and_a_triple_token_spreads_out() -> None:
    # 004 L472 (a Spawn Zone in Line of Sight), L478-483 (dice dropped, a token each from the zone's
    # reserve), L499 (x3: the others on the nearest empty squares), L490 (Secondary tokens leave the game),
    # L501 (a Chicken stays as a token); reading d7 (random squares and facings, ties in reading order)
    state = fresh()
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["peasant-x3", "chicken", "chicken"]
    # die 1 on g2 (5th of f1 g1 h1 f2 g2 ...), die 2 on f1; the Peasants' arrow points E
    step = play(state, Activate(hero="thalla", entry="a1"), [5, 1, 2])
    state = step.state
    assert [(e.square, e.facing) for e in state.enemies] == [("g2", "E"), ("f1", "E"), ("g1", "E")]
    assert [(t.square, t.kind) for t in state.tokens] == [("r7", "objective"), ("f2", "chicken")]
    assert state.reserves["A"] == ["chicken"] and state.reserve_discard == [] and "A" in state.explored
    assert any("Exploration of Spawn Zone A" in t for t in texts(step))


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
