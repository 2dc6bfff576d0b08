"""A `normal` computer plays Flying Pigs with purpose: every Random Move of a Pig is a chance to
touch the Kitchen, and a burning Pig must end a move on it, so it Shoves its own Pig, not the
others', lights the others' Pigs, not its own, and greases its own Pig (small search budget; the
positions are taken from random games where the reaction or the Grease Toss comes up)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.computer import Level, decide
from rules.core.dice import Dice
from rules.core.search import Budget, kind_first, picker, tactics_of
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs.computer import _pins, greaser_near, walk_choices
from rules.orclympics.flying_pigs.models import Done, GreaseToss, Kind, MoveToward, React, Stage, Stance
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


def test_every_orc_gets_a_stance() -> None:
    # I.5 Step 4: each Orc takes Shove, Shoo! or Fire it up!; Shove and Fire it up! are only offered
    # when something stops within 2", so a stance costs nothing and ending the step without one idles
    def choosing(state: Any) -> bool:
        return not state.pending and state.stage is Stage.ACTION and state.active is not None and any(
            not o.acted for o in state.orcs_of(state.active))

    states = positions(choosing, 3)
    assert len(states) >= 2
    for state in states:
        legal = GAME.legal_actions(state, state.active)
        assert Done() in legal
        assert Done() not in tactics_of(GAME).sensible(state, state.active, legal)


def test_no_walk_that_ends_where_it_began() -> None:
    # I.6.1: a walk at a model stops at the first thing in its way and is backed off to 1" from it
    def moving(state: Any) -> bool:
        return not state.pending and state.stage is Stage.MOVEMENT and state.active is not None

    dropped = kept_some = 0
    for state in positions(moving, 6):
        player = state.active
        legal = GAME.legal_actions(state, player)
        kept = walk_choices(state, player, legal)
        pig = state.pig_of(player)
        pinning = {o.id for o in state.orcs_of(player) if not o.moved and not o.slipped and _pins(pig, o)}
        for action in legal:
            if not isinstance(action, MoveToward) or (pinning and action.orc not in pinning):
                continue  # an Orc pinning its own Pig walks off it first (I.6.1): the other waits
            moved = GAME.apply(state, player, action).state.models[action.orc].xy
            if action in kept:
                kept_some += 1
            elif state.models[action.target].kind is Kind.PIG:  # walks at Orcs are left out anyway (no purpose)
                dropped += 1
                assert moved == pytest.approx(state.models[action.orc].xy, abs=0.06)
    assert dropped and kept_some


def test_an_orc_within_a_grease_toss_of_its_own_pig_counts() -> None:
    # I.5 Step 3: an Orc may toss Grease at a model within 10"; each marker lengthens the Pig's Random
    # Moves by D3" (I.7), so an Orc that stays within reach of its own Pig is worth something
    def placed(state: Any) -> bool:
        return state.phase.value == "turns" and not state.pending

    state = positions(placed, 1)[0]
    player = state.seats[0].player
    pig = state.pig_of(player)
    pig.grease = 0
    for orc in state.orcs_of(player):
        orc.x, orc.y = pig.x + (1.5 if pig.x > 24.0 else -1.5), pig.y  # right beside it, not in its way
    near = GAME.standing(state)[player]
    assert greaser_near(state, pig)
    for orc in state.orcs_of(player):
        orc.x, orc.y = pig.x + (20.0 if pig.x < 24.0 else -20.0), pig.y
    assert not greaser_near(state, pig)
    assert GAME.standing(state)[player] < near
