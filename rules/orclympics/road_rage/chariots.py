"""Building a Chariot for Road Rage (seed 000, VI.2.1): the profile and its upgrades.

Every characteristic starts at 3. A driver takes exactly one Driver Upgrade (three of them
only for their own brood) and up to three different Chariot Upgrades. The text keeps every
characteristic between 1 and 6; a build that would push one outside is refused with the
reason (reading "profile-limits"), except Chassis Points, which only the race wears down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood

START = 3
LOW, HIGH = 1, 6
MAX_CHARIOT_UPGRADES = 3


class Trait(StrEnum):
    TOP_SPEED = "top_speed"
    AGILITY = "agility"
    SKILL = "skill"
    CHASSIS = "chassis"

    @property
    def label(self) -> str:
        return {"top_speed": "Top Speed", "agility": "Agility", "skill": "Driver Skill",
                "chassis": "Chassis Points"}[self.value]


class Reroll(StrEnum):
    """Which failed Skill Tests an upgrade lets the driver roll again (never twice, VI.2.1.2)."""

    OUTTA = "outta"  # Outta da way!
    DIRTY = "dirty"  # Dirty Tricks


@dataclass(frozen=True)
class Upgrade:
    key: str
    name: str
    changes: dict[Trait, int] = field(default_factory=dict)
    reroll: Reroll | None = None
    brood: Brood | None = None  # a Driver Upgrade only that brood may take
    big_boss: bool = False  # Dirty Tricks against this driver fail on 5-6


DRIVER_UPGRADES: dict[str, Upgrade] = {u.key: u for u in (
    Upgrade("born_to_race", "Born to Race", {Trait.TOP_SPEED: 1, Trait.SKILL: 1}, brood=Brood.COMMON),
    Upgrade("eavy_armour", "'Eavy Armour", {Trait.CHASSIS: 2, Trait.AGILITY: -1}, brood=Brood.IRON),
    Upgrade("born_lucky", "Born Lucky", reroll=Reroll.OUTTA, brood=Brood.FERAL),
    Upgrade("big_boss", "Big Boss", big_boss=True),
    Upgrade("boar_boss", "Boar Boss", {Trait.SKILL: 1}),
)}

CHARIOT_UPGRADES: dict[str, Upgrade] = {u.key: u for u in (
    Upgrade("metal_plates", "Metal Plates", {Trait.CHASSIS: 1, Trait.AGILITY: -1}),
    Upgrade("dead_sneaky", "Dead Sneaky", reroll=Reroll.DIRTY),
    Upgrade("moar_boar", "Moar Boar", {Trait.TOP_SPEED: 1, Trait.AGILITY: -1}),
    Upgrade("eavy_wheels", "'Eavy Wheels", {Trait.CHASSIS: 1, Trait.AGILITY: -1}),
    Upgrade("wolves", "Are those Wolves?", {Trait.AGILITY: 1, Trait.TOP_SPEED: -1}),
    Upgrade("goblins", "Are those 2 Goblins in an Orc Coat?", {Trait.AGILITY: 2, Trait.SKILL: -2},
            reroll=Reroll.DIRTY),
)}


@dataclass(frozen=True)
class Profile:
    top_speed: int
    agility: int
    skill: int
    chassis: int
    rerolls: frozenset[Reroll]
    big_boss: bool

    def card(self) -> str:
        return (f"Top Speed {self.top_speed} · Agility {self.agility} · Driver Skill {self.skill} · "
                f"Chassis Points {self.chassis}")


def driver_upgrades_for(brood: Brood) -> list[Upgrade]:
    return [u for u in DRIVER_UPGRADES.values() if u.brood in (None, brood)]


def build(brood: Brood, driver: str, chariot: list[str]) -> Profile:
    """The profile of a Chariot built with these upgrades, or a RuleViolation saying why not."""
    chosen = DRIVER_UPGRADES.get(driver)
    if chosen is None:
        raise RuleViolation(f"'{driver}' is not a Driver Upgrade: choose one of "
                            f"{', '.join(u.name for u in driver_upgrades_for(brood))}.")
    if chosen.brood is not None and chosen.brood is not brood:
        raise RuleViolation(f"{chosen.name} is for {chosen.brood.value.title()} Orc drivers only.")
    if len(chariot) > MAX_CHARIOT_UPGRADES:
        raise RuleViolation(f"A Chariot takes at most {MAX_CHARIOT_UPGRADES} Chariot Upgrades.")
    if len(set(chariot)) != len(chariot):
        raise RuleViolation("Each Chariot Upgrade can be taken once.")
    upgrades = [chosen]
    for key in chariot:
        if key not in CHARIOT_UPGRADES:
            raise RuleViolation(f"'{key}' is not a Chariot Upgrade: choose from "
                                f"{', '.join(u.name for u in CHARIOT_UPGRADES.values())}.")
        upgrades.append(CHARIOT_UPGRADES[key])
    values = {trait: START for trait in Trait}
    for upgrade in upgrades:
        for trait, change in upgrade.changes.items():
            values[trait] += change
    for trait in (Trait.TOP_SPEED, Trait.AGILITY, Trait.SKILL):
        if not LOW <= values[trait] <= HIGH:
            raise RuleViolation(f"That build leaves {trait.label} at {values[trait]}; every characteristic stays "
                                f"between {LOW} and {HIGH}.")
    return Profile(top_speed=values[Trait.TOP_SPEED], agility=values[Trait.AGILITY], skill=values[Trait.SKILL],
                   chassis=values[Trait.CHASSIS],
                   rerolls=frozenset(u.reroll for u in upgrades if u.reroll is not None),
                   big_boss=any(u.big_boss for u in upgrades))


__all__ = ["CHARIOT_UPGRADES", "DRIVER_UPGRADES", "Profile", "Reroll", "Trait", "Upgrade", "build",
           "driver_upgrades_for"]
