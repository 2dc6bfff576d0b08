"""Building a Chariot (seed 000, VI.2.1 Chariot Characteristics, Model Upgrades, Chariot Profile)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood
from rules.orclympics.road_rage.chariots import (
    CHARIOT_UPGRADES,
    Reroll,
    build,
    driver_upgrades_for,
)


def test_every_characteristic_starts_at_three_and_the_books_example_adds_up() -> None:
    # 000 VI.2.1.2 and 2.1.3: Boar Boss, Moar Boar and 'Eavy Wheels give Top Speed 4, Agility 1,
    # Driver Skill 4, Chassis Points 4
    plain = build(Brood.COMMON, "big_boss", [])
    assert (plain.top_speed, plain.agility, plain.skill, plain.chassis) == (3, 3, 3, 3) and plain.big_boss
    example = build(Brood.COMMON, "boar_boss", ["moar_boar", "eavy_wheels"])
    assert (example.top_speed, example.agility, example.skill, example.chassis) == (4, 1, 4, 4)
    assert example.card() == "Top Speed 4 · Agility 1 · Driver Skill 4 · Chassis Points 4"


@pytest.mark.parametrize(("brood", "driver", "allowed"), [
    (Brood.COMMON, "born_to_race", True), (Brood.FERAL, "born_to_race", False),
    (Brood.IRON, "eavy_armour", True), (Brood.COMMON, "eavy_armour", False),
    (Brood.FERAL, "born_lucky", True), (Brood.IRON, "born_lucky", False),
    (Brood.IRON, "big_boss", True), (Brood.FERAL, "boar_boss", True)])
def test_three_driver_upgrades_belong_to_one_brood_each(brood: Brood, driver: str, allowed: bool) -> None:
    # 000 VI.2.1.2: Born to Race (Common), 'Eavy Armour (Iron), Born Lucky (Feral); Big Boss and Boar Boss for all
    assert (driver in {u.key for u in driver_upgrades_for(brood)}) is allowed
    if allowed:
        build(brood, driver, [])
    else:
        with pytest.raises(RuleViolation, match="drivers only"):
            build(brood, driver, [])


def test_upgrade_effects_and_rerolls() -> None:
    # 000 VI.2.1.2: the listed changes; Born Lucky rerolls Outta da way! tests, Dead Sneaky and the two
    # Goblins reroll Dirty Tricks tests
    assert build(Brood.COMMON, "born_to_race", []).top_speed == 4 and build(Brood.COMMON, "born_to_race", []).skill == 4
    armour = build(Brood.IRON, "eavy_armour", ["metal_plates"])
    assert (armour.chassis, armour.agility) == (6, 1)
    assert build(Brood.FERAL, "born_lucky", []).rerolls == {Reroll.OUTTA}
    goblins = build(Brood.FERAL, "born_lucky", ["goblins", "dead_sneaky"])
    assert (goblins.agility, goblins.skill) == (5, 1) and goblins.rerolls == {Reroll.OUTTA, Reroll.DIRTY}
    wolves = build(Brood.COMMON, "boar_boss", ["wolves"])
    assert (wolves.agility, wolves.top_speed) == (4, 2)


def test_at_most_three_different_chariot_upgrades_and_characteristics_between_one_and_six() -> None:
    # 000 VI.2.1.2 (up to 3 Chariot Upgrades) and VI.2.1.1 (values between 1 and 6); reading profile-limits
    with pytest.raises(RuleViolation, match="at most 3"):
        build(Brood.COMMON, "boar_boss", list(CHARIOT_UPGRADES)[:4])
    with pytest.raises(RuleViolation, match="once"):
        build(Brood.COMMON, "boar_boss", ["moar_boar", "moar_boar"])
    with pytest.raises(RuleViolation, match="Agility at 0"):
        build(Brood.IRON, "eavy_armour", ["metal_plates", "eavy_wheels"])
    with pytest.raises(RuleViolation, match="not a Chariot Upgrade"):
        build(Brood.COMMON, "boar_boss", ["rocket"])
