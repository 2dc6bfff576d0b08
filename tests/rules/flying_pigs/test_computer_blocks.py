"""A `normal` computer stands in the way of other players' Pigs: a Random Move stops at the first
model in its way (seed 000, I.6), so an Orc just in front of a Pig, between it and the Kitchen, takes
away the moves that would have reached the Kitchen. It counts that in `standing`, walks its Orcs
exactly there or just beside its own Pig, takes Shove beside its own Pig and Fire it up! in front of
another player's, and does not light a Pig already burning or near the Kitchen (Fire it up! sends it
on a Random Move at once, I.5 Step 4)."""

from __future__ import annotations

import pytest

from rules.core.computer import Level, decide
from rules.core.geometry import angle_to, centre_distance, turn_between
from rules.core.search import Budget, tactics_of
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.computer import (
    blocked_share,
    in_place,
    purposeful_walks,
    stance_choice,
    stance_for,
    standing,
    walk_choices,
)
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Done,
    Kind,
    MoveTo,
    MoveToward,
    React,
    Reaction,
    Stage,
    Stance,
)
from tests.rules.flying_pigs.arena import GAME, table

# bob's Pig 5" west of the Kitchen (centre (24, 24)); alice's Orcs 6" and 7" from it; the rest far
# off in the north-east, where nothing they do reaches anyone
SPREAD = {"2p": (17.0, 24.0), "1a": (17.0, 30.0), "1b": (11.0, 27.0), "1p": (30.0, 33.0),
          "2a": (33.0, 28.0), "2b": (35.0, 26.0), "3a": (28.0, 36.0), "3b": (31.0, 36.0), "3p": (33.0, 31.0)}


def test_a_model_between_a_pig_and_the_kitchen_blocks_it() -> None:
    # I.6: a Pig's move stops at the first model in its way; beside or behind the Pig, nothing is
    free = table(SPREAD, players=3)
    assert blocked_share(free, free.models["2p"]) == 0.0
    front = table(SPREAD | {"1a": (19.0, 24.0)}, players=3)
    assert blocked_share(front, front.models["2p"]) > 0.9
    for beside in ((17.0, 26.0), (15.0, 24.0)):
        state = table(SPREAD | {"1a": beside}, players=3)
        assert blocked_share(state, state.models["2p"]) == 0.0
    assert standing(front)["bob"] < standing(free)["bob"]
    assert standing(front)["alice"] > standing(free)["alice"]
    burning = table(SPREAD | {"1a": (19.0, 24.0)}, players=3, fire=["2p"])
    assert blocked_share(burning, burning.models["2p"]) == 0.0  # a burning Pig flies over models (I.5 Step 4)


def test_an_orc_may_walk_to_just_in_front_of_another_players_pig() -> None:
    state = table(SPREAD, players=3)
    walks = purposeful_walks(state, "alice")
    assert walks and all(isinstance(w, MoveTo) for w in walks)
    choices = walk_choices(state, "alice", GAME.legal_actions(state, "alice"))
    assert all(w in choices for w in walks)
    best = 0.0
    for walk in walks:
        after = GAME.apply(state, "alice", walk).state
        orc = after.models[walk.orc]
        assert (orc.x, orc.y) == (walk.x, walk.y)  # clear by 1": not backed off (I.6.1)
        best = max(best, blocked_share(after, after.models["2p"]))
    assert best > 0.9
    assert not purposeful_walks(table(SPREAD, players=3, fire=["2p"]), "alice")


def test_the_computer_walks_into_the_way_of_a_pig_near_the_kitchen() -> None:
    # alice's Orc 1b is by her own Pig (to Grease it, I.5 Step 3); 1a is free to stand in the way of
    # bob's Pig, 3.5" off the Kitchen (a move of its own reaches it about one time in five). Her whole
    # Step 2 is played (I.5 Step 2: walks need no dice): which Orc walks first is hers to choose. (Further
    # out, 5" off, a second Orc within a Grease Toss of her own Pig is worth more: `greaser_bonus`.)
    blocks = 0
    for seed in range(5):
        state = table(SPREAD | {"1b": (27.0, 33.0), "2p": (18.5, 24.0)}, players=3)
        while state.stage is Stage.MOVEMENT and not state.pending:
            made = decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, Budget())
            state = GAME.apply(state, "alice", made).state
        blocks += blocked_share(state, state.models["2p"]) > 0.5
    assert blocks >= 3


def test_an_orc_beside_its_own_pig_shoves_and_in_front_of_anothers_lights_it() -> None:
    # I.5 Step 4: beside its own Pig a Shove makes a move that stops by it again; in front of another
    # player's Pig the Orc stops its next move (I.6) within 2" of itself, where Fire it up! sets it
    # ablaze on 3+ (then it wins only by ending a move on the Kitchen, I.8). Beside a burning Pig,
    # Shove (never used on another player's Pig: the Orc is only there to stop it); never Shoo!
    state = table(SPREAD | {"1a": (19.0, 24.0), "1b": (30.0, 31.0)}, players=3, stage=Stage.ACTION)
    assert stance_for(state, state.models["1a"]) is Stance.SHOVE  # beside a Pig
    assert stance_for(state, state.models["3b"]) is None
    assert stance_choice(state, state.models["1a"]) is Stance.FIRE
    assert stance_choice(state, state.models["1b"]) is Stance.SHOVE
    sensible = tactics_of(GAME).sensible(state, "alice", GAME.legal_actions(state, "alice"))
    assert sensible == [ChooseStance(orc="1a", stance=Stance.FIRE)]  # then 1b's, one Orc at a time
    after = GAME.apply(state, "alice", sensible[0]).state
    assert tactics_of(GAME).sensible(after, "alice", GAME.legal_actions(after, "alice")) == [
        ChooseStance(orc="1b", stance=Stance.SHOVE)]
    burning = table(SPREAD | {"1a": (19.0, 24.0)}, players=3, stage=Stage.ACTION, fire=["2p"])
    assert stance_choice(burning, burning.models["1a"]) is Stance.SHOVE


def test_a_burning_pig_or_one_by_the_kitchen_is_not_lit() -> None:
    # Fire it up! sends the Pig on a Random Move at once (I.5 Step 4): a burning Pig gets only that,
    # and one within 4" of the Kitchen is about as likely to win with it as with its own next move
    for pig, fire, lit in (((17.0, 24.0), [], True), ((17.0, 24.0), ["2p"], False), ((20.0, 24.0), [], False)):
        state = table(SPREAD | {"2p": pig, "1a": (pig[0] + 2.0, 24.0)}, players=3, active="bob", stage=Stage.PIG,
                      fire=fire, stance={"1a": Stance.FIRE})
        state.pending = [Reaction(orc="1a", stance=Stance.FIRE, target="2p")]
        legal = GAME.legal_actions(state, "alice")
        assert tactics_of(GAME).sensible(state, "alice", legal) == [React(use=lit)]


def test_an_orc_may_walk_to_just_beside_its_own_pig() -> None:
    # beside it, square to its line to the Kitchen, an Orc is out of its Pig's way and a Shove there
    # makes a move that stops by it again (I.5 Step 4, I.6); standing counts such an Orc. Carol's
    # models stand off south-east, out of the way of the spots beside alice's Pig
    away = SPREAD | {"3p": (33.0, 17.0), "3a": (36.0, 20.0), "3b": (35.0, 16.0)}
    state = table(away | {"1b": (27.0, 33.0)}, players=3)
    beside = [w for w in purposeful_walks(state, "alice") if w.orc == "1b"]
    assert len(beside) == 1
    after = GAME.apply(state, "alice", beside[0]).state
    orc, pig = after.models["1b"], after.models["1p"]
    assert (orc.x, orc.y) == (beside[0].x, beside[0].y)
    assert centre_distance(orc.xy, pig.xy) < 2.5
    off = abs(turn_between(angle_to(pig.xy, orc.xy), angle_to(pig.xy, board.CENTRE)))
    assert off == pytest.approx(90.0, abs=1.0)
    assert blocked_share(after, pig) == 0.0
    assert in_place(after, orc) and stance_for(after, orc) is Stance.SHOVE
    aside = table(away | {"1b": (30.0, 36.0)}, players=3)  # as near, in front of nobody, beside nothing
    assert not in_place(aside, aside.models["1b"])
    assert standing(after)["alice"] > standing(aside)["alice"]


def test_orcs_walk_with_a_purpose() -> None:
    # Step 2: beside a Pig (in front of another player's, behind its own), or at a Pig too far for
    # that; the eight bearings and the walks at Orcs are left out, and so is finishing the step
    # unless an Orc left standing is already in place
    state = table(SPREAD | {"1b": (27.0, 33.0)}, players=3)
    legal = GAME.legal_actions(state, "alice")
    choices = walk_choices(state, "alice", legal)
    walks = purposeful_walks(state, "alice")
    assert Done() in legal and Done() not in choices
    assert all(a in walks or (isinstance(a, MoveToward) and state.models[a.target].kind is Kind.PIG) for a in choices)
    assert any(isinstance(a, MoveToward) for a in choices)
    assert tactics_of(GAME).sensible(state, "alice", legal)[0] in choices
    placed = table(SPREAD | {"1a": (19.0, 24.0), "1b": (27.0, 33.0)}, players=3)
    assert Done() in walk_choices(placed, "alice", GAME.legal_actions(placed, "alice"))
