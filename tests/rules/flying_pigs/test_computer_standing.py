"""How a `normal` computer weighs a race of Pigs (`standing`), and an Orc that pins its own Pig.

A Pig wins by touching the Kitchen (seed 000, I.8) with Random Moves of 2D3" and a D3" more per
Grease Marker (I.1, I.7): `standing` shares the win out by each Pig's chance of getting there within
its next few moves, as the engine's own Random Move makes it (`pig_chance`). A Pig spaced back into
contact with its own Orc (I.6.1) stops at once on every move at that Orc (I.6), so the Orc walks off
it first (I.5 Step 2)."""

from __future__ import annotations

import pytest

from rules.core.dice import Dice
from rules.core.engine import Context
from rules.core.geometry import separation
from rules.core.search import tactics_of
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.computer import pig_chance, standing
from rules.orclympics.flying_pigs.models import Done, MoveTo, MoveToward, Phase, Stage
from tests.rules.flying_pigs.arena import GAME, NORTH, d3, play, table

# everything far from the Kitchen's east and south sides, where the Pigs of these tests stand, and
# every Orc more than a Grease Toss (10", I.5 Step 3) from its own Pig
FAR = {"1a": (12.0, 33.0), "1b": (14.0, 35.0), "1p": (13.0, 27.0),
       "2a": (11.0, 16.0), "2b": (13.0, 14.0), "3a": (33.0, 31.0), "3b": (35.0, 35.0)}


def test_grease_far_out_is_worth_more_than_a_few_inches() -> None:
    # I.7: each Grease Marker adds a D3" to a Random Move, and a Pig that would leave the Pigsty turns
    # back (I.6.5): a Pig 10" off the Kitchen with two markers reaches it within three moves more often
    # than an ungreased one 6" off (measured: 14% against 8%); the old score, 1.5" a marker, put the
    # greased one behind (10 - 3 = 7" against 6")
    state = table(FAR | {"2p": (24.0 + 2.0 + 10.0, 24.0), "3p": (24.0, 24.0 - 2.0 - 6.0)}, players=3,
                  grease={"2p": 2})
    chances = standing(state)
    assert chances["bob"] > chances["carol"]
    assert pig_chance(10.0, 2, False)[1] > pig_chance(6.0, 0, False)[1]


def test_the_chances_are_the_engines_random_move() -> None:
    # I.1, I.8: one Random Move of an ungreased Pig 2" off the Kitchen's edge touches it about 23% of
    # the time (the table), and the engine's Random Move agrees; a burning Pig must end its move there
    wins = 0
    trials = 300
    for k in range(trials):
        state = table(FAR | {"2p": (24.0 + 2.0 + 2.0, 24.0)}, players=3)
        for m in state.models.values():
            m.placed = m.id == "2p"
        GAME._random_move(Context(Dice(seed=31 * k + 5)), state, state.models["2p"], "test")
        wins += state.phase is Phase.OVER
    assert abs(wins / trials - pig_chance(2.0, 0, False)[0]) < 0.07
    assert pig_chance(2.0, 0, True)[0] < pig_chance(2.0, 0, False)[0]


def test_an_orc_pinning_its_own_pig_walks_off_it_first() -> None:
    # I.6, I.6.1: a Pig spaced back into contact with its own Orc (after a Pigtoss, I.4) stops at once
    # on a move at that Orc; wedged between it and the Pigsty's edge it may never get away. Orc 1a stands
    # on the north edge with alice's Pig against it: it walks off first, and the step is not finished
    at = FAR | {"1a": (24.0, 38.0), "1p": (24.0, 37.0), "2p": (30.0, 24.0), "3p": (24.0, 18.0)}
    state = table(at, players=3, active="alice", stage=Stage.ACTION)
    stuck = play(state, "alice", Done(), [d3(2), d3(2), NORTH, 4, 4])  # Step 5 at the Orc; bob's Slippery rolls
    assert stuck.state.models["1p"].xy == pytest.approx((24.0, 37.0))
    state = table(at, players=3)
    sensible = tactics_of(GAME).sensible(state, "alice", GAME.legal_actions(state, "alice"))
    assert sensible and Done() not in sensible
    assert all(isinstance(a, (MoveTo, MoveToward)) and a.orc == "1a" for a in sensible)
    for walk in sensible:
        after = GAME.apply(state, "alice", walk).state
        orc, pig = after.models["1a"], after.models["1p"]
        assert separation(board.shape_of(orc), board.shape_of(pig)) > 0.95
