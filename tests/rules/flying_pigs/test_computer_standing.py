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
from rules.orclympics.flying_pigs.computer import (
    _supports,
    pig_chance,
    purposeful_walks,
    stance_choice,
    standing,
    walk_choices,
)
from rules.orclympics.flying_pigs.models import ChooseStance, Done, MoveTo, MoveToward, Phase, React, Stage, Stance
from tests.rules.flying_pigs.arena import GAME, NORTH, WEST, d3, play, table

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
    legal = GAME.legal_actions(state, "alice")
    choices = walk_choices(state, "alice", legal)
    assert choices and Done() not in choices
    assert all(isinstance(a, (MoveTo, MoveToward)) and a.orc == "1a" for a in choices)
    assert tactics_of(GAME).sensible(state, "alice", legal)[0] in choices
    for walk in choices:
        after = GAME.apply(state, "alice", walk).state
        orc, pig = after.models["1a"], after.models["1p"]
        assert separation(board.shape_of(orc), board.shape_of(pig)) > 0.95


def test_an_orc_on_each_side_of_its_own_pig_makes_its_moves_again() -> None:
    # I.5 Step 4 (Shove: a model that ends its move within 2" may make a Random Move), I.6 (a Pig stops
    # at the first model in its way): alice's Pig stands 7" east of the Kitchen's centre, her Orcs 6"
    # north and south of it. Each walks to the spot beside the Pig square to its line to the Kitchen,
    # one on each side (`SUPPORT_ANGLES`), and `standing` counts each (measured with the engine: from
    # 3" off, 11% a move with none, 16% with one, 21% with two)
    at = FAR | {"1p": (31.0, 24.0), "1a": (31.0, 30.0), "1b": (31.0, 18.0), "2p": (24.0, 33.0), "3p": (24.0, 15.0)}
    state = table(at, players=3)
    before = standing(state)["alice"]
    def beside_own(orc: str) -> MoveTo:
        return next(w for w in purposeful_walks(state, "alice") if w.orc == orc and abs(w.x - 31.0) < 3.0)

    walks = {"1a": beside_own("1a")}
    assert walks["1a"].x == pytest.approx(31.0, abs=0.05) and 25.9 < walks["1a"].y < 26.5
    state = GAME.apply(state, "alice", walks["1a"]).state
    one = standing(state)["alice"]
    second = beside_own("1b")
    assert second.x == pytest.approx(31.0, abs=0.05) and 21.5 < second.y < 22.1
    state = GAME.apply(state, "alice", second).state
    assert _supports(state, state.models["1p"]) == 2
    assert standing(state)["alice"] > one > before
    # Step 4: both take Shove; Step 5 the Pig runs north into Orc 1a and stops by it, and alice shoves
    # it again: 6" a little south of west, into the Kitchen
    state = GAME.apply(state, "alice", Done()).state  # no Grease Toss (Step 3)
    state = GAME.apply(state, "alice", ChooseStance(orc="1a", stance=stance_choice(state, state.models["1a"]))).state
    last = ChooseStance(orc="1b", stance=stance_choice(state, state.models["1b"]))
    assert last.stance is Stance.SHOVE
    stopped = play(state, "alice", last, [d3(2), d3(2), NORTH]).state
    pig = stopped.models["1p"]
    assert 24.5 < pig.y < 25.6 and stopped.pending  # 4" rolled; 1" run, to Orc 1a
    reaction = tactics_of(GAME).sensible(stopped, "alice", GAME.legal_actions(stopped, "alice"))
    assert reaction == [React(use=True)]
    assert play(stopped, "alice", reaction[0], [d3(3), d3(3), WEST + 10]).state.winner == "alice"
