"""Shove, Shoo!, Fire it up! and Shrooms during other players' turns (seed 000, I.5 Step 4, I.7)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.flying_pigs.models import Done, MoveTo, React, Stage, Stance
from tests.rules.flying_pigs.arena import (
    EAST,
    GAME,
    NORTH,
    WEST,
    d3,
    play,
    table,
    texts,
)

QUIET_TURN = [4, 4]  # alice's Slippery rolls when her turn comes round


def _bob_pig_runs_north_near(orc_stance: Stance, after: tuple[int, ...] = (), **extra: object) -> object:
    """bob ends his turn; his Pig 2p runs 2" north from (30, 30) and stops 1" from alice's 1a."""
    state = table({"1a": (30.0, 34.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": orc_stance}, **extra)  # type: ignore[arg-type]
    return play(state, "bob", Done(), [d3(1), d3(1), NORTH, *after])


def test_shove_asks_the_orcs_owner_during_another_players_turn_with_a_default() -> None:
    # 000 I.5 Step 4 Shove
    step = _bob_pig_runs_north_near(Stance.SHOVE)
    state = step.state  # type: ignore[attr-defined]
    assert GAME.waiting_for(state) == ["alice"]
    prompt = GAME.prompts(state)[0]
    assert prompt.default == {"type": "react", "use": True}
    assert GAME.legal_actions(state, "alice") == [React(use=True), React(use=False)]
    with pytest.raises(RuleViolation):
        GAME.apply(state, "bob", React(use=True))
    shoved = play(state, "alice", React(use=True), [d3(1), d3(1), EAST, *QUIET_TURN])
    assert shoved.state.models["2p"].xy == pytest.approx((32.0, 32.0))
    assert shoved.state.models["1a"].stance_used and shoved.state.active == "alice"


def test_a_shove_let_pass_stays_ready() -> None:
    # 000 I.5 Step 4 Shove ("may"); reading shove-once
    state = _bob_pig_runs_north_near(Stance.SHOVE).state  # type: ignore[attr-defined]
    passed = play(state, "alice", React(use=False), QUIET_TURN)
    assert passed.state.models["2p"].xy == pytest.approx((30.0, 32.0))
    assert not passed.state.models["1a"].stance_used and "lets" in texts(passed)


def test_shrooms_ignore_shove() -> None:
    # 000 I.7 Shrooms (ignores Shove and Shoo!; any model that comes within 2" makes a Random Move)
    step = _bob_pig_runs_north_near(Stance.SHOVE, (d3(1), d3(1), NORTH, *QUIET_TURN), shrooms=["2p"])
    state = step.state  # type: ignore[attr-defined]
    assert state.pending == [] and state.active == "alice"
    assert state.models["1a"].xy == pytest.approx((30.0, 36.0)) and not state.models["1a"].stance_used


def test_fire_it_up_on_three_plus_sets_the_pig_ablaze_and_it_flies() -> None:
    # 000 I.5 Step 4 Fire it up!; I.9 Mmmm Smells Good and Pyromania
    state = _bob_pig_runs_north_near(Stance.FIRE, terrain=[("rock", (32.0, 32.0))]).state  # type: ignore[attr-defined]
    lit = play(state, "alice", React(use=True), [3, d3(2), d3(2), EAST, *QUIET_TURN])
    pig = lit.state.models["2p"]
    assert pig.fire and pig.xy == pytest.approx((34.0, 32.0))  # flew over the rock at x = 32
    assert lit.state.feats == {"Mmmm Smells Good": "bob", "Pyromania": "alice"}


def test_fire_it_up_on_one_or_two_burns_the_orc() -> None:
    # 000 I.5 Step 4 Fire it up!; I.9 I'm on Fire!
    state = _bob_pig_runs_north_near(Stance.FIRE).state  # type: ignore[attr-defined]
    burnt = play(state, "alice", React(use=True), [2, d3(1), d3(1), NORTH, *QUIET_TURN])
    assert burnt.state.models["1a"].fire and not burnt.state.models["2p"].fire
    assert burnt.state.models["1a"].xy == pytest.approx((30.0, 36.0))
    assert burnt.state.feats == {"I'm on Fire!": "alice"}


def test_fire_it_up_from_a_mushroom_field_gives_shrooms_instead() -> None:
    # 000 I.5 Step 4 Fire it up! (Orc fully inside a Mushroom Field)
    state = _bob_pig_runs_north_near(Stance.FIRE, terrain=[("field", (30.0, 34.5))]).state  # type: ignore[attr-defined]
    step = play(state, "alice", React(use=True), [5, d3(1), d3(1), EAST, d3(1), d3(1), NORTH, *QUIET_TURN])
    pig = step.state.models["2p"]
    assert pig.shrooms and not pig.fire and step.state.feats == {}
    assert step.state.models["1a"].xy == pytest.approx((30.0, 36.0))  # within 2" of the Shroomed Pig: away


def test_shoo_turns_a_pig_that_bumps_into_the_orc() -> None:
    # 000 I.5 Step 4 Shoo!; reading shoo-continues
    state = table({"1a": (30.0, 33.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.SHOO})
    step = play(state, "bob", Done(), [d3(3), d3(1), NORTH, EAST, *QUIET_TURN])
    pig = step.state.models["2p"]
    touch = 33.0 - 25 / 25.4
    assert pig.x == pytest.approx(30.0 + 4.0 - (touch - 30.0), abs=0.05) and pig.y == pytest.approx(touch, abs=0.05)
    assert "Shoo!" in texts(step) and step.state.shooed == []  # alice's turn began, the count starts again


def test_shoo_works_once_per_pig_and_player_turn() -> None:
    # 000 I.5 Step 4 Shoo! (once per Pig and Player Turn); I.6.1 backtracking
    state = table({"1a": (30.0, 33.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.SHOO})
    state.shooed = ["2p"]
    pig = play(state, "bob", Done(), [d3(3), d3(1), NORTH, *QUIET_TURN]).state.models["2p"]
    assert pig.x == pytest.approx(30.0) and pig.y == pytest.approx(33.0 - 25 / 25.4 - 1.0, abs=0.06)


def test_a_shroomed_pig_ignores_shoo_and_knocks_the_orc_away() -> None:
    # 000 I.7 Shrooms (contact sends the other model on a Random Move)
    state = table({"1a": (30.0, 33.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.SHOO}, shrooms=["2p"])
    step = play(state, "bob", Done(), [d3(3), d3(1), NORTH, d3(2), d3(1), NORTH, *QUIET_TURN])
    assert step.state.models["1a"].xy == pytest.approx((30.0, 36.0))
    # I.6.1: the spacing comes after the Shroom effect, and with the Orc knocked 3" away the Pig
    # stays where it bumped into it
    assert step.state.models["2p"].y == pytest.approx(33.0 - 25 / 25.4, abs=0.02)
    assert step.state.models["2p"].shrooms  # bob's Shrooms last until his own next turn


def test_coming_within_two_inches_of_shrooms_sets_off_a_random_move() -> None:
    # 000 I.7 Shrooms ("any Pig or Orc that comes within 2"); reading shrooms-near
    state = table({"1a": (16.0, 30.0), "2p": (23.5, 31.0)}, shrooms=["2p"])
    step = play(state, "alice", MoveTo(orc="1a", x=21.0, y=30.0), [d3(1), d3(1), WEST])
    assert step.state.models["1a"].xy == pytest.approx((19.0, 30.0))
    assert "Shroomed" in texts(step)


def test_shrooms_wear_off_at_the_start_of_the_owners_next_turn() -> None:
    # 000 I.7 Shrooms (until the start of the next friendly Player Turn)
    state = table({"1p": (30.0, 34.0), "2p": (16.0, 34.0)}, active="bob", stage=Stage.ACTION, shrooms=["1p"])
    step = play(state, "bob", Done(), [d3(1), d3(1), NORTH, *QUIET_TURN])
    assert not step.state.models["1p"].shrooms and "wear off" in texts(step)


def test_a_shroomed_pig_stopping_near_an_orc_sends_it_on_a_random_move() -> None:
    # 000 I.7 Shrooms: "any Pig or Orc that comes within 2"" of a Shroomed model moves, also when
    # the Shroomed model is the one that arrives (reading shrooms-near)
    state = table({"2a": (30.0, 34.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION, shrooms=["2p"])
    step = play(state, "bob", Done(), [d3(1), d3(1), NORTH, d3(1), d3(1), NORTH, *QUIET_TURN])
    assert step.state.models["2p"].xy == pytest.approx((30.0, 32.0))
    assert step.state.models["2a"].xy == pytest.approx((30.0, 36.0))
    assert "lurches away" in texts(step)


def test_a_pig_shoved_earlier_in_the_turn_ignores_shoo() -> None:
    # 000 I.5 Step 4 Shoo!: "If a Pig is subject to Shove prior to contacting a model that has chosen
    # Shoo!, ignore the effect of Shoo!" (reading shoo-continues: for the rest of that Player Turn)
    state = table({"1a": (30.0, 34.0), "1b": (33.0, 32.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.SHOVE, "1b": Stance.SHOO})
    near = play(state, "bob", Done(), [d3(1), d3(1), NORTH]).state
    shoved = play(near, "alice", React(use=True), [d3(3), d3(1), EAST, *QUIET_TURN])
    pig = shoved.state.models["2p"]
    assert pig.x == pytest.approx(33.0 - 25 / 25.4 - 1.0, abs=0.06) and pig.y == pytest.approx(32.0)
    assert "Shoo!" not in texts(shoved)
