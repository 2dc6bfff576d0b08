"""Player Turns of Flying Pigs: Slippery, Movement, Grease Toss and Action (seed 000, I.5)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Done,
    GreaseToss,
    MoveTo,
    MoveToward,
    Stage,
    Stance,
)
from tests.rules.flying_pigs.arena import EAST, GAME, NORTH, d3, play, table, texts


def test_slippery_on_a_one_greases_and_slides_the_orc() -> None:
    # 000 I.5 Step 1 Slippery; I.7 Slippery! (the new Grease Marker already adds its D3")
    state = table({"1a": (24.0, 32.0), "2p": (32.0, 30.0)}, active="bob", stage=Stage.ACTION)
    faces = [d3(1), d3(1), EAST,  # bob's Pig runs 2" east
             1, d3(1), d3(1), d3(1), NORTH,  # alice's 1a slips: 2D3 + 1 D3 for its new marker
             4]  # 1b keeps its feet
    step = play(state, "bob", Done(), faces)
    orc = step.state.models["1a"]
    assert (orc.grease, orc.slipped) == (1, True)
    assert orc.xy == pytest.approx((24.0, 35.0))
    assert step.state.active == "alice" and step.state.stage is Stage.MOVEMENT
    assert "Slippery" in texts(step)
    assert not any(getattr(a, "orc", None) == "1a" for a in GAME.legal_actions(step.state, "alice"))
    with pytest.raises(RuleViolation, match="slipped"):
        GAME.apply(step.state, "alice", MoveTo(orc="1a", x=24.0, y=30.0))


def test_an_orc_walks_up_to_eight_inches_plus_one_per_grease_marker() -> None:
    # 000 I.5 Step 2 Movement
    state = table({"1a": (16.0, 30.0), "1b": (16.0, 34.0)}, grease={"1b": 1})
    moved = play(state, "alice", MoveTo(orc="1a", x=24.0, y=30.0)).state
    assert moved.models["1a"].xy == pytest.approx((24.0, 30.0))
    with pytest.raises(RuleViolation, match="at most 9"):
        GAME.apply(moved, "alice", MoveTo(orc="1b", x=25.5, y=34.0))
    further = play(moved, "alice", MoveTo(orc="1b", x=25.0, y=34.0)).state
    assert further.models["1b"].xy == pytest.approx((25.0, 34.0))
    assert further.stage is Stage.GREASE  # both Orcs have moved: Step 3 begins
    with pytest.raises(RuleViolation):
        GAME.apply(state, "bob", MoveTo(orc="2a", x=16.0, y=20.0))


def test_an_orc_moving_toward_a_model_stops_one_inch_short() -> None:
    # 000 I.6.1 Model Spacing
    state = table({"1a": (16.0, 30.0), "2a": (22.0, 30.0)})
    orc = play(state, "alice", MoveToward(orc="1a", target="2a")).state.models["1a"]
    assert orc.x == pytest.approx(22.0 - 25 / 25.4 - 1.0, abs=0.02) and orc.y == pytest.approx(30.0)


def test_orcs_treat_the_kitchen_and_the_pigsty_edge_as_impassable() -> None:
    # 000 I.6.3 Kitchen; I.6.5 Pigsty; I.6.1 spacing where the move ends
    state = table({"1a": (24.0, 30.0), "1b": (24.0, 36.0)})
    with pytest.raises(RuleViolation, match="the Kitchen is in the way"):
        play(state, "alice", MoveTo(orc="1a", x=24.0, y=24.0))
    state = play(state, "alice", MoveTo(orc="1a", x=24.0, y=26.6)).state
    assert state.models["1a"].y == pytest.approx(25.5 + 1.0 + 25 / 50.8, abs=0.02)
    with pytest.raises(RuleViolation, match="the edge of the Pigsty is in the way"):
        play(state, "alice", MoveTo(orc="1b", x=24.0, y=42.0))
    state = play(state, "alice", MoveToward(orc="1b", target="1a")).state  # toward the Kitchen's side
    assert state.models["1b"].y == pytest.approx(state.models["1a"].y + 25 / 25.4 + 1.0, abs=0.02)


def test_an_orc_slipping_in_the_grease_toss_puts_its_owner_off_limits_for_the_step() -> None:
    # 000 I.5 Step 3: only models of players who have not gained a Grease Marker in this step may be
    # targeted; I.7 Slippery! gives the Orc that rolled a 1 a Grease Marker, in this step
    state = table({"1a": (24.0, 32.0), "1b": (20.0, 32.0), "2a": (28.0, 32.0), "2p": (28.0, 36.0)},
                  stage=Stage.GREASE)
    assert GreaseToss(orc="1b", target="1a") in GAME.legal_actions(state, "alice")
    slip = play(state, "alice", GreaseToss(orc="1a", target="2a"), [1, d3(1), d3(1), d3(1), NORTH]).state
    assert slip.models["1a"].grease == 1 and slip.greased_owners == ["alice"]
    offered = {a.target for a in GAME.legal_actions(slip, "alice") if isinstance(a, GreaseToss)}
    assert offered and not offered & {"1a", "1b", "1p"}
    with pytest.raises(RuleViolation, match="already greased"):
        GAME.apply(slip, "alice", GreaseToss(orc="1b", target="1a"))


def test_grease_toss_hits_on_three_plus_one_target_per_player_and_backfires_on_a_one() -> None:
    # 000 I.5 Step 3 Grease Toss
    state = table({"1a": (24.0, 32.0), "1b": (20.0, 32.0), "2a": (28.0, 32.0), "2p": (28.0, 36.0),
                   "3a": (20.0, 36.0)}, players=3, stage=Stage.GREASE)
    hit = play(state, "alice", GreaseToss(orc="1a", target="2a"), [3])
    assert hit.state.models["2a"].grease == 1 and hit.state.greased_owners == ["bob"]
    with pytest.raises(RuleViolation, match="already greased|out of reach"):
        GAME.apply(hit.state, "alice", GreaseToss(orc="1b", target="2p"))
    with pytest.raises(RuleViolation, match="already tossed"):
        GAME.apply(hit.state, "alice", GreaseToss(orc="1a", target="3a"))
    miss = play(state, "alice", GreaseToss(orc="1a", target="2a"), [2])
    assert miss.state.models["2a"].grease == 0 and "misses" in texts(miss)
    slip = play(state, "alice", GreaseToss(orc="1a", target="2a"), [1, d3(1), d3(1), d3(1), NORTH])
    assert slip.state.models["1a"].grease == 1 and slip.state.models["2a"].grease == 0
    assert slip.state.models["1a"].xy == pytest.approx((24.0, 35.0))


def test_grease_toss_reaches_ten_inches() -> None:
    # 000 I.5 Step 3 Grease Toss (within 10", base to base)
    side = 25 / 25.4
    state = table({"1a": (14.0, 32.0), "2a": (14.0 + side + 10.0, 32.0), "2b": (14.0 + side + 10.2, 36.0)},
                  stage=Stage.GREASE)
    assert GreaseToss(orc="1a", target="2a") in GAME.legal_actions(state, "alice")
    with pytest.raises(RuleViolation, match="out of reach"):
        GAME.apply(state, "alice", GreaseToss(orc="1a", target="2b"))


def test_grease_markers_stop_at_six() -> None:
    # 000 I.7 Grease Marker (up to 6); reading grease-full
    state = table({"1a": (24.0, 32.0), "2a": (28.0, 32.0)}, stage=Stage.GREASE, grease={"2a": 6})
    step = play(state, "alice", GreaseToss(orc="1a", target="2a"), [6])
    assert step.state.models["2a"].grease == 6 and "greasier" in texts(step)


def test_step_four_actions_last_until_step_four_of_the_next_friendly_turn() -> None:
    # 000 I.5 Step 4 Action
    state = table({"1a": (24.0, 32.0)}, stage=Stage.ACTION)
    state = play(state, "alice", ChooseStance(orc="1a", stance=Stance.SHOVE)).state
    assert state.models["1a"].stance is Stance.SHOVE
    with pytest.raises(RuleViolation, match="already chosen"):
        GAME.apply(state, "alice", ChooseStance(orc="1a", stance=Stance.FIRE))
    later = table({"1a": (24.0, 32.0)}, stage=Stage.GREASE, stance={"1a": Stance.SHOVE})
    later.models["1a"].tossed = later.models["1b"].tossed = False
    after = play(later, "alice", Done()).state
    assert after.stage is Stage.ACTION and after.models["1a"].stance is None
