"""The 8x8 grid (seed 000, III.1 'adjacent' and 'range X squares') and initiative with ties."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.core.grid import (
    adjacent,
    distance,
    is_edge,
    neighbouring,
    parse_square,
    ray,
    within,
)
from rules.core.initiative import age_ties, roll_off, roll_order
from rules.orclympics.broods import AGE_ORDER, Brood


def test_adjacent_includes_diagonals_and_is_range_one() -> None:
    # 000 III.1: adjacent squares touch, corner to corner included, i.e. range 1
    assert set(adjacent("b2")) == {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"}
    assert set(adjacent("a1")) == {"a2", "b1", "b2"}
    assert all(distance("b2", s) == 1 for s in adjacent("b2"))


def test_range_two_adds_the_squares_touching_those() -> None:
    # 000 III.1: range 2 also includes any square touching a square touching the given one
    assert len(list(within("d4", 2))) == 24
    assert distance("a1", "c3") == 2 and distance("a1", "h2") == 7


def test_neighbouring_rays_and_edges() -> None:
    assert set(neighbouring("a1")) == {"a2", "b1"}
    assert ray("a1", 1, 1) == ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    assert is_edge("a5") and not is_edge("d4")


@pytest.mark.parametrize("text", ["i1", "a9", "a0", "", "c44", "hello"])
def test_squares_off_the_board_are_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(RuleViolation, match="not a square on the board"):
        parse_square(text)


def test_square_names_are_forgiving_about_case_and_spaces() -> None:
    assert parse_square(" C4 ") == "c4"


def test_initiative_rerolls_ties_among_the_tied_only() -> None:
    # 000 III.3: players who tie roll again until there are no ties among them
    dice = ScriptedDice([4, 6, 4, 4, 2, 3, 5, 5, 1])
    # a 4, b 6, c 4, d 4 -> b first; a, c and d roll again: 2, 3, 5 -> d, c, a
    order = roll_order(dice, ["a", "b", "c", "d"])
    assert order == ["b", "d", "c", "a"]
    assert dice.remaining == [5, 1]


def test_initiative_keeps_rerolling_while_ties_remain() -> None:
    dice = ScriptedDice([3, 3, 2, 2, 6, 1])
    assert roll_order(dice, ["a", "b"]) == ["a", "b"]
    assert dice.remaining == []


def test_roll_off_winner() -> None:
    assert roll_off(ScriptedDice([2, 5]), ["a", "b"]) == "b"


def test_campaign_age_procedure_settles_ties_without_rerolling() -> None:
    # 000 Campaign rules 4: on a tied 1-3 the younger brood counts higher, on 4-6 the older
    assert AGE_ORDER == (Brood.FERAL, Brood.COMMON, Brood.IRON)
    settle = age_ties({"feral": 0, "iron": 2})
    assert roll_order(ScriptedDice([2, 2]), ["iron", "feral"], tie_break=settle) == ["feral", "iron"]
    assert roll_order(ScriptedDice([5, 5]), ["feral", "iron"], tie_break=settle) == ["iron", "feral"]
