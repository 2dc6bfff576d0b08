"""Dice (seed 000, 'How to use this document': D3, rerolls; DESIGN.md rules/core/dice.py)."""

from __future__ import annotations

import pytest

from rules.core.dice import Dice, DiceExhausted, DiceState, ScriptedDice
from rules.core.errors import RuleViolation


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_d3_is_a_d6_read_in_pairs(face: int, value: int) -> None:
    # 000 How to use this document: D3 — 1-2 is 1, 3-4 is 2, 5-6 is 3
    assert ScriptedDice([face]).d3("test").result == value


def test_no_die_is_rerolled_twice() -> None:
    # 000 How to use this document: no dice result can be rerolled twice; the second result stands
    dice = ScriptedDice([2, 5, 6])
    first = dice.d6("hit")
    second = dice.reroll(first)
    assert second.result == 5 and second.rerolled_from == first.id
    with pytest.raises(RuleViolation, match="already been rerolled"):
        dice.reroll(first)
    with pytest.raises(RuleViolation):
        dice.reroll(second)


def test_reroll_keeps_the_kind_of_roll() -> None:
    dice = ScriptedDice([1, 2, 6, 6, 3, 4, 1, 5])
    assert dice.reroll(dice.two_d6("distance")).result == 12
    assert dice.reroll(dice.keep_highest(2, 6, "shove")).result == 5


def test_two_d6_keep_highest_d8_d20_scatter_and_plus() -> None:
    dice = ScriptedDice([3, 4, 2, 5, 7, 19, 91, 2])
    assert dice.two_d6("x").result == 7
    assert dice.keep_highest(2, 6, "x").result == 5
    assert dice.d8("x").result == 7
    assert dice.d20("x").result == 19
    assert dice.scatter("x").result == 90
    assert dice.d6_plus(2, "x").result == 4


def test_scripted_dice_refuse_impossible_faces_and_say_when_they_run_out() -> None:
    with pytest.raises(ValueError):
        ScriptedDice([7]).d6("x")
    with pytest.raises(DiceExhausted):
        ScriptedDice([]).d6("x")


def test_seeded_dice_replay_exactly_from_their_state() -> None:
    dice = Dice(DiceState(seed=99))
    first = [dice.d6("x").result for _ in range(20)]
    saved = dice.state
    later = [dice.d6("x").result for _ in range(20)]
    assert [Dice(DiceState(seed=99)).d6("x").result for _ in range(1)] == first[:1]
    assert [Dice(saved).d6("x").result for _ in range(1)] == later[:1]
    assert first != [Dice(DiceState(seed=100)).d6("x").result for _ in range(20)]


def test_every_roll_is_recorded_with_who_and_why() -> None:
    dice = ScriptedDice([4])
    roll = dice.d6("Smash Roll", "grak")
    assert dice.rolls == [roll] and (roll.who, roll.why, roll.faces) == ("grak", "Smash Roll", [4])


def test_pick_and_shuffle_are_uniform_choices_from_the_dice() -> None:
    dice = ScriptedDice([2, 3, 1, 1])
    assert dice.pick(["a", "b", "c"], "x") == "b"
    assert dice.shuffled("xyz", "x") == ["z", "x", "y"]
