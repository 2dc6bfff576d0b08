"""A `normal` computer plays Masters' Fight with purpose (issue 24: Orcs that walked back and forth,
never picked up an Item, and declined a free Feral Fury strike): forced positions where only one
kind of move makes sense, decided with a small search budget."""

from __future__ import annotations

import pytest

from rules.core.computer import Level, decide
from rules.core.search import Budget
from rules.orclympics.broods import Brood
from rules.orclympics.masters_fight.models import AttackKind, EndActivation, Fury, Grab, Item, Smash
from tests.rules.masters_fight.arena import GAME, Arena, Fighter

SMALL = Budget(iterations=30, depth=6)
SEEDS = range(4)


def choice(state: object, player: str, seed: int) -> object:
    return decide(GAME, GAME.seen_by(state, player), player, Level.NORMAL, seed, SMALL)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_orc_standing_on_a_mace_with_nobody_near_picks_it_up(seed: int) -> None:
    # III.4.2.3: Grab an Item costs an Action Point; with nobody to fight, a Mace is worth it
    state = Arena({"grak": Fighter("d4"), "zog": Fighter("h8"), "mug": Fighter("a8")},
                  items={"d4": Item.MACE}).build()
    assert isinstance(choice(state, "grak", seed), Grab)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_feral_orc_takes_its_free_fury_strike(seed: int) -> None:
    # III.1.2 Feral Fury: the second strike costs nothing, so it is always taken
    state = Arena({"grak": Fighter("d4", Brood.FERAL), "zog": Fighter("d5", hp=3), "mug": Fighter("c3"),
                   "bob": Fighter("h8")}, action_points=1).build()
    state.activation.used = ["smash"]
    state.activation.fury_target, state.activation.fury_kind = "zog", AttackKind.SMASH
    assert choice(state, "grak", seed) == Fury(strike=True)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_orc_next_to_a_hurt_enemy_strikes_rather_than_ending_its_activation(seed: int) -> None:
    state = Arena({"grak": Fighter("d4"), "zog": Fighter("d5", hp=2), "mug": Fighter("h1")}).build()
    made = choice(state, "grak", seed)
    assert not isinstance(made, EndActivation)
    assert isinstance(made, Smash) or made.type == "move"
