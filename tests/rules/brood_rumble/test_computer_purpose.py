"""A `normal` computer's Orcs move in Brood Rumble (issue 24: Orcs ended activations without
moving): an Orc that has rolled its Move walks, with a small search budget."""

from __future__ import annotations

import math

import pytest

from rules.core.computer import Level, decide
from rules.core.search import Budget
from rules.orclympics.brood_rumble.models import Ask, AskKind, Charge, EndActivation, MoveTo
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter

SMALL = Budget(iterations=30, depth=6)
ORCS = {"A1": Fighter((6.0, 4.0)), "A2": Fighter((10.0, 2.0)), "A3": Fighter((14.0, 2.0)), "A4": Fighter((18.0, 2.0)),
        "B1": Fighter((6.0, 16.0)), "B2": Fighter((10.0, 22.0)), "B3": Fighter((14.0, 22.0)), "B4": Fighter((18.0, 22.0))}


def choice(state: object, seed: int) -> object:
    return decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, SMALL)


@pytest.mark.parametrize("seed", range(3))
def test_an_orc_that_may_move_does_not_end_its_activation(seed: int) -> None:
    assert not isinstance(choice(Arena(ORCS).build(), seed), EndActivation)


@pytest.mark.parametrize("seed", range(4))
def test_an_orc_that_has_rolled_its_move_walks(seed: int) -> None:
    # II.4.2.1 Move: D6+2 inches rolled, then walked; staying put wastes the roll
    state = Arena(ORCS).build()
    state.activation.used, state.activation.budget = ["move"], 6.0
    state.ask = Ask(kind=AskKind.MOVE_TO, players=["alice"], orc="A1")
    made = choice(state, seed)
    assert isinstance(made, (MoveTo, Charge))
    if isinstance(made, MoveTo):
        assert math.dist(made.to, (6.0, 4.0)) > 1.0
