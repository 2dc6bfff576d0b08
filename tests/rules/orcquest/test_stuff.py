"""Stuff: discard, Rekup, equipping (seed 004 L626-682, L921-923); Burn on an Enemy (L1044)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orcquest.models import Discard, Equip, Phase, Rekup, Unequip
from tests.rules.orcquest.helpers import enemy, fresh, play, put, texts, to_enemy_phase


def test_rekup_turns_stuff_into_resources_but_never_the_only_weapon() -> None:
    # 004 L676-682 (Rekup any time, weight 1 each; never the only weapon)
    state = fresh()
    put(state, "orrus", "a3")
    with pytest.raises(RuleViolation, match="only weapon"):
        play(state, Rekup(hero="orrus", card="axe"))
    state.hero("orrus").inventory = ["club"]
    state = play(state, Rekup(hero="orrus", card="axe")).state
    assert state.hero("orrus").hands == [] and state.hero("orrus").inventory == ["club", "metal"]


def test_discarded_cards_are_lost_but_the_totem_is_kept() -> None:
    # 004 L673-674 (discard any time, for good); house set b (the Totem is the Quest's aim)
    state = fresh()
    put(state, "mandar", "a3")
    state.hero("mandar").inventory = ["totem", "pitchfork"]
    state = play(state, Discard(hero="mandar", card="pitchfork")).state
    assert state.hero("mandar").inventory == ["totem"]
    with pytest.raises(RuleViolation, match="Totem"):
        play(state, Discard(hero="mandar", card="totem"))


def test_equipping_waits_for_the_end_of_turn_and_keeps_to_the_limits() -> None:
    # 004 L922 (organise Stuff in the End of Turn), L632-633 (bulky: both hands), L663-670 (two hands,
    # one Body, capacities)
    state = fresh()
    put(state, "mek", "a3")
    state.hero("mek").inventory = ["buckler", "pitchfork"]
    with pytest.raises(RuleViolation, match="End of Turn"):
        play(state, Equip(hero="mek", card="buckler"))
    state.phase = Phase.END
    with pytest.raises(RuleViolation, match="cannot equip"):
        play(state, Equip(hero="mek", card="buckler"))  # both hands hold Daggers
    state = play(state, Unequip(hero="mek", card="dagger")).state
    state = play(state, Equip(hero="mek", card="buckler")).state
    assert sorted(state.hero("mek").hands) == ["buckler", "dagger"]
    with pytest.raises(RuleViolation, match="cannot equip"):
        play(state, Equip(hero="mek", card="pitchfork"))  # bulky, and too heavy for Mek's hands


def test_a_burning_enemy_is_hurt_when_it_activates() -> None:
    # 004 L1044 (Burn 1: 1 Automatic Damage on Activation, then removed); house set b (Fire Pulse)
    state = fresh()
    enemy(state, "peasant", "e5", "E", alert=True, seen_hero=True, damage=1, conditions={"burn": 1})
    step = to_enemy_phase(state, [1])  # white Yellow: it would flee, but burns to death first
    assert step.state.enemies == [] and any("Burn" in t for t in texts(step))
