"""A `normal` computer plays Flying Pigs with purpose: every Random Move of a Pig is a chance to
touch the Kitchen, and a burning Pig must end a move on it, so it Shoves its own Pig, not the
others', lights the others' Pigs, not its own, and greases its own Pig (small search budget; the
positions are taken from random games where the reaction or the Grease Toss comes up)."""

from __future__ import annotations

from typing import Any

from rules.core.computer import Level, decide
from rules.core.dice import Dice
from rules.core.search import Budget, kind_first, picker
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs.models import GreaseToss, Kind, React, Stage, Stance
from rules.registry import GAMES

GAME = GAMES["flying-pigs"]
SMALL = Budget(iterations=20, depth=4)


def positions(wanted: Any, count: int) -> list[Any]:
    """States of random 3-player games where `wanted(state)` holds, up to `count` of them."""
    found: list[Any] = []
    for seed in range(1, 40):
        state, chooser = play_random(GAME, 3, seed, stop_after=0).state, Dice(seed=seed)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            if wanted(state):
                found.append(state)
                break
            player = GAME.waiting_for(state)[0]
            state = GAME.apply(state, player, kind_first(GAME.legal_actions(state, player), picker(chooser))).state
        if len(found) >= count:
            break
    return found


def pig_reaction(state: Any) -> bool:
    if not state.pending:
        return False
    target = state.models[state.pending[0].target]
    return target.kind is Kind.PIG and state.pending[0].stance in (Stance.SHOVE, Stance.FIRE)


def choice(state: Any, seed: int) -> Any:
    player = GAME.waiting_for(state)[0]
    return player, decide(GAME, GAME.seen_by(state, player), player, Level.NORMAL, seed, SMALL)


def test_shove_your_own_pig_and_light_the_others() -> None:
    states = positions(pig_reaction, 6)
    assert len(states) >= 4
    for n, state in enumerate(states):
        player, made = choice(state, n)
        reaction = state.pending[0]
        own = state.models[reaction.target].owner == player
        assert made == React(use=own if reaction.stance is Stance.SHOVE else not own), (reaction, player)


def test_grease_goes_on_your_own_pig() -> None:
    def own_pig_in_range(state: Any) -> bool:
        if state.pending or state.stage is not Stage.GREASE or state.active is None:
            return False
        pig = state.pig_of(state.active).id
        return any(isinstance(a, GreaseToss) and a.target == pig for a in GAME.legal_actions(state, state.active))

    states = positions(own_pig_in_range, 4)
    assert len(states) >= 3
    for n, state in enumerate(states):
        player, made = choice(state, n)
        assert isinstance(made, GreaseToss) and made.target == state.pig_of(player).id
