"""Combat with the coloured dice (seed 004 L530-585; reading a36-a39, d13)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.orcquest.combat import Pool, cancel, damage_of, reroll, resolve, shifted, throw
from rules.orcquest.data import Badass, DieColour, Level

Y, O, R, N = Level.YELLOW, Level.ORANGE, Level.RED, Level.NONE
WHITE, GREY, BLACK = DieColour.WHITE, DieColour.GREY, DieColour.BLACK


def test_damage_by_result_and_health_colour() -> None:
    # 004 L544-549 (Weak, Medium, Mighty results), L582 (weaker than the HP colour: nothing)
    assert [damage_of(a, Y) for a in (Y, O, R)] == [1, 2, 4]
    assert [damage_of(a, O) for a in (Y, O, R)] == [0, 1, 2]
    assert [damage_of(a, R) for a in (Y, O, R)] == [0, 0, 1]


def test_results_do_not_stack() -> None:
    # 004 L551 (two Yellows never wound Orange), L562 (two Yellow Defences never stop an Orange)
    assert cancel([Y, Y], [], O).damage == 0
    assert cancel([O], [Y, Y], O).damage == 1


def test_same_colours_cancel_then_each_defence_takes_a_weaker_result() -> None:
    # 004 L578 (same colours cancel), L580 (each remaining Defence cancels a lower one); reading d13
    assert cancel([O], [O], Y).damage == 0
    assert cancel([Y, O], [O], Y).damage == 1  # the Orange pair cancels; the Yellow hits
    assert cancel([Y, O, R], [R, N], Y).through == (O, Y)  # Red cancels Red; the blank nothing
    assert cancel([O, Y], [R], Y).through == (Y,)  # a Red Defence takes the strongest weaker result
    assert cancel([R, O], [O, Y], Y).through == (R,)  # Orange pairs off, the Yellow finds nothing weaker


def test_the_book_examples() -> None:
    # 004 L579 (Orange Defence blocks Orange), L581 (Orange blocks Yellow), L583 (Yellow cannot wound
    # Orange HP), L585 (the Soldier, Orange HP, fails to parry a Red: 2 Damage)
    assert cancel([O], [O], O).damage == 0 and cancel([Y], [O], Y).damage == 0
    assert cancel([Y], [], O).damage == 0
    assert cancel([R], [Y], O).damage == 2


def test_brutality_goes_where_it_hurts_most_and_never_twice_on_a_die() -> None:
    # 004 L1104 (Brutality), L1095 (one effect per die), L574 (Badass dice's effects before cancelling)
    assert resolve([Y, O], [], O, brutality=1).damage == 2  # Orange to Red beats Yellow to Orange
    assert resolve([Y], [], Y, brutality=2).damage == 2  # a Yellow is raised once, to Orange, never Red
    assert resolve([O], [O], O, brutality=1).damage == 2  # raised to Red, the Orange shield cannot hold it


def test_a_peasants_skull_gives_brutality() -> None:
    # house set b (Peasant, Red Activation: a blue die, Skull = Brutality); 004 L573 (Badass effects first)
    assert resolve([Y], [], O, badass=[Badass.SKULL], skulls_brutal=True).damage == 1
    assert resolve([Y], [], O, badass=[Badass.AXE], skulls_brutal=True).damage == 0


def test_piercing_lowers_a_defence_but_never_clears_a_yellow() -> None:
    # 004 L1131 (Piercing: Orange to Yellow, Red to Orange, Yellow stays), L577 (blank never raised)
    assert resolve([O], [O], O, piercing=1).damage == 1
    assert resolve([Y], [Y], Y, piercing=1).damage == 0
    assert resolve([R, O], [R, O], O, piercing=1).damage == 2  # the Red shield pierced to Orange lets the Red through


def test_health_colour_shifts() -> None:
    # 004 L1083 (Fortified raises the colour), L1074 (Weakened lowers it)
    assert shifted(O, fortified=True) is R and shifted(O, weakened=True) is Y
    assert shifted(Y, weakened=True) is Y and shifted(R, fortified=True) is R
    assert shifted(O, fortified=True, weakened=True) is O


def test_pools_are_capped_at_three_dice_a_colour_and_two_badass() -> None:
    # 004 L570
    with pytest.raises(RuleViolation):
        Pool((WHITE,) * 4).check()
    with pytest.raises(RuleViolation):
        Pool((GREY,), badass=3).check()
    Pool((WHITE,) * 3 + (GREY,) * 3, (BLACK,) * 3, 2).check()
    assert Pool((WHITE,) * 5, (), 4).capped() == Pool((WHITE,) * 3, (), 2)


def test_throw_reads_the_faces_and_rerolls_once_per_attack() -> None:
    # 004 L571 (all thrown together), L575 (one re-roll per Attack or Defence); house set b faces
    dice = ScriptedDice([6, 1, 1, 2, 6])
    thrown = throw(dice, Pool((GREY, WHITE), (WHITE,), 1), "Orrus attacks")
    assert thrown.attack_results == [R, Y] and thrown.badass_results == [Badass.BLANK]
    assert thrown.defence_results == [N]
    reroll(dice, thrown, attack=[1])
    assert thrown.attack_results == [R, O]
    with pytest.raises(RuleViolation):
        reroll(dice, thrown, attack=[0])
    assert "grey Red, white Orange" in thrown.words()
