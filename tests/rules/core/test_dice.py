"""Dice (seed 000, 'How to use this document': D3, rerolls; DESIGN.md rules/core/dice.py)."""

from __future__ import annotations

import pytest

from rules.core.dice import Dice, DiceExhausted, DiceState, Replay, ScriptedDice
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


# -- playing a move's dice back (how a War Cry throws one die again) ----------------------------------------


def landed_move(dice: Dice) -> list[int]:
    """A small move: Ann's to-hit D6, Bo's 2D6, then Ann's D3; what the rules read."""
    return [dice.d6("to hit", "ann").result, dice.two_d6("dodge", "bo").result, dice.d3("damage", "ann").result]


def test_the_tape_writes_down_every_throw_named_as_the_rules_asked_for_it() -> None:
    dice = ScriptedDice([4, 2, 5, 6, 3])
    dice.tape()
    landed_move(dice)
    secret = dice.draw(10)
    throws = dice.taped().throws
    assert [(t.who, t.why, t.kind, t.sides, t.faces) for t in throws[:3]] == [
        ("ann", "to hit", "D6", 6, [4]), ("bo", "dodge", "2D6", 6, [2, 5]), ("ann", "damage", "D3", 6, [6])]
    assert throws[3].unseen and throws[3].faces == [secret] and not any(t.unseen for t in throws[:3])


def test_a_replay_throws_the_named_die_anew_and_every_other_lands_as_before() -> None:
    # 000 Campaign Rules 6: reroll a single die; the others of the move keep their faces
    dice = ScriptedDice([4, 2, 5, 6])
    dice.tape()
    assert landed_move(dice) == [4, 7, 3]
    fresh = ScriptedDice([1])
    replay = Replay(dice.taped(), fresh, {1: 0}, anew=1)  # throw 1 (Bo's 2D6), its first die
    replay.tape()
    assert landed_move(replay) == [4, 6, 3]  # the dodge is 1 + 5 now; the to-hit and the damage stay
    assert fresh.remaining == [] and replay.rolls[2].faces == [1, 5] and replay.rolls[2].rerolled_from == 1
    # played again for another die, the one cried over before keeps its new face (its throw is counted
    # one further on: the new reroll comes before it)
    again = Replay(replay.taped(), ScriptedDice([2]), {2: 0, 0: 0}, anew=0)
    assert [again.d6("to hit", "ann").result, again.two_d6("dodge", "bo").result] == [2, 6]


def test_a_replay_draws_fresh_only_the_throws_that_never_landed() -> None:
    # a different face can take the move another way: a throw it did not make before comes fresh, and a
    # throw it no longer makes shifts nothing after it
    dice = ScriptedDice([2, 3, 4, 5])
    dice.tape()
    dice.d6("to hit", "ann")
    dice.two_d6("dodge", "bo")
    dice.d6("Initiative", "ann")
    fresh = ScriptedDice([6, 1])
    replay = Replay(dice.taped(), fresh, {0: 0}, anew=0)
    assert replay.d6("to hit", "ann").result == 6  # the new face: a hit now, so no dodge…
    assert replay.d3("damage", "ann").result == 1  # …but damage, which never landed: fresh
    assert replay.d6("Initiative", "ann").result == 5  # the Initiative lands as before
    assert fresh.remaining == []


def test_reroll_on_may_name_several_throws() -> None:
    dice = ScriptedDice([1, 2, 3, 4])
    dice.reroll_on(0, 0)
    dice.reroll_on(2, 0)  # the third roll counted with the first one's reroll
    assert dice.d6("a").result == 2 and dice.d6("b").result == 4
    assert [r.rerolled_from for r in dice.rolls] == [None, 0, None, 2]
