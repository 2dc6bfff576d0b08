"""Random Moves, terrain, the Pigsty edge, the Kitchen and the feats (seed 000, I.1, I.6, I.7, I.8, I.9)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.flying_pigs.models import Done, GreaseToss, MoveTo, Stage
from tests.rules.flying_pigs.arena import GAME, NORTH, SOUTH, d3, play, table, texts

SIDE = 25 / 25.4
QUIET_TURN = [4, 4]


def _bob_pig(at: tuple[float, float], faces: list[int], **extra: object):  # type: ignore[no-untyped-def]
    state = table({"2p": at}, active="bob", stage=Stage.ACTION, **extra)  # type: ignore[arg-type]
    return play(state, "bob", Done(), faces)


def test_random_move_adds_a_d3_per_grease_marker() -> None:
    # 000 I.1 Random Move; I.7 Grease Marker
    step = _bob_pig((30.0, 26.0), [d3(1), d3(2), d3(3), d3(1), NORTH, *QUIET_TURN], grease={"2p": 2})
    assert step.state.models["2p"].xy == pytest.approx((30.0, 33.0))


def test_a_pig_turns_round_at_the_pigsty_edge() -> None:
    # 000 I.6.5 Pigsty
    step = _bob_pig((24.0, 36.0), [d3(3), d3(3), NORTH, *QUIET_TURN])
    # up to the edge (centre at 38.5) and back with the rest of the 6"
    assert step.state.models["2p"].y == pytest.approx(36.0 + 2 * (38.5 - 36.0) - 6.0, abs=0.03)


def test_an_orc_random_move_stops_at_the_pigsty_edge() -> None:
    # 000 I.6.5 Pigsty (Orcs treat its edge as impassable)
    state = table({"1a": (24.0, 36.0), "2a": (28.0, 34.0)}, stage=Stage.GREASE)
    slip = play(state, "alice", GreaseToss(orc="1a", target="2a"), [1, d3(3), d3(3), d3(1), NORTH])
    assert slip.state.models["1a"].y == pytest.approx(38.5, abs=0.03)


def test_rocks_stop_a_move_and_models_end_one_inch_away() -> None:
    # 000 I.6.1 Model Spacing; I.6.2 Impassable Terrain
    step = _bob_pig((30.0, 28.0), [d3(3), d3(3), NORTH, *QUIET_TURN], terrain=[("rock", (30.0, 32.0))])
    gap = 32.0 - 0.5 - (step.state.models["2p"].y + SIDE / 2)
    assert step.state.models["2p"].x == pytest.approx(30.0) and gap == pytest.approx(1.0, abs=0.06)


def test_a_pig_touching_a_mushroom_field_gets_shrooms() -> None:
    # 000 I.6.4 Mushroom Fields
    step = _bob_pig((30.0, 26.0), [d3(3), d3(3), NORTH, *QUIET_TURN], terrain=[("field", (30.0, 29.0))])
    assert step.state.models["2p"].shrooms and step.state.models["2p"].y == pytest.approx(32.0)
    assert "Shrooms" in texts(step)


def test_the_first_pig_touching_the_kitchen_wins_and_the_rest_are_placed_by_distance() -> None:
    # 000 I.8 Winning; I.5 (the turns end when a Pig touches the Kitchen)
    state = table({"2p": (24.0, 29.0), "1p": (30.0, 30.0), "3p": (38.0, 24.0)}, players=3, active="bob",
                  stage=Stage.ACTION)
    step = play(state, "bob", Done(), [d3(3), d3(3), SOUTH])
    assert step.state.models["2p"].y == pytest.approx(25.5 + SIDE / 2, abs=0.02)
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.placings == [["bob"], ["alice"], ["carol"]]
    assert GAME.prompts(step.state) == [] and GAME.legal_actions(step.state, "alice") == []
    with pytest.raises(RuleViolation, match="over"):
        GAME.apply(step.state, "alice", Done())


def test_a_burning_pig_flying_over_the_kitchen_does_not_win() -> None:
    # 000 I.8 (a Pig on fire must end its move in contact); reading fire-lands
    step = _bob_pig((24.0, 30.0), [d3(3), d3(3), d3(3), d3(3), SOUTH, *QUIET_TURN], fire=["2p"],
                    grease={"2p": 2})
    assert GAME.outcome(step.state) is None and step.state.models["2p"].y == pytest.approx(18.0)


def test_a_burning_pig_landing_on_the_kitchen_wins() -> None:
    # 000 I.8 Winning Flaming Pig Flight
    step = _bob_pig((24.0, 30.0), [d3(3), d3(3), SOUTH], fire=["2p"])
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.placings[0] == ["bob"]


def test_grease_feats_go_to_the_owner_of_the_greased_model() -> None:
    # 000 I.9 Wicky Sticky and Triple Fat
    state = table({"1a": (24.0, 32.0), "2a": (28.0, 32.0), "2p": (28.0, 36.0)}, stage=Stage.GREASE,
                  grease={"2a": 2, "2p": 2})
    orc = play(state, "alice", GreaseToss(orc="1a", target="2a"), [6])
    assert orc.state.feats == {"Wicky Sticky": "bob"}
    pig = play(state, "alice", GreaseToss(orc="1a", target="2p"), [6])
    assert pig.state.feats == {"Triple Fat": "bob"}


def test_orcs_do_not_walk_through_rocks_but_round_them() -> None:
    # 000 I.6.2 Impassable Terrain: no move into or through it; I.6.1 the 1" spacing applies only
    # where a move ends (reading orc-paths)
    state = table({"1a": (16.0, 30.0)}, terrain=[("rock", (20.0, 30.0))])
    with pytest.raises(RuleViolation, match="a rock is in the way"):
        play(state, "alice", MoveTo(orc="1a", x=23.0, y=30.0))
    orc = play(state, "alice", MoveTo(orc="1a", x=23.0, y=30.0, via=[(20.0, 31.6)])).state.models["1a"]
    assert orc.xy == pytest.approx((23.0, 30.0))  # it passed 0.6" from the rock and went on


def test_a_path_is_measured_leg_by_leg_against_the_allowance() -> None:
    # 000 I.5 Step 2: up to 8" (+1" per Grease Marker), the whole path counted
    state = table({"1a": (16.0, 30.0)})
    with pytest.raises(RuleViolation, match="at most 8\" this turn; that path is 9.0"):
        play(state, "alice", MoveTo(orc="1a", x=16.0, y=33.0, via=[(19.0, 30.0), (19.0, 33.0)]))
    orc = play(state, "alice", MoveTo(orc="1a", x=17.0, y=33.0, via=[(19.0, 30.0), (19.0, 33.0)])).state
    assert orc.models["1a"].xy == pytest.approx((17.0, 33.0))
    assert orc.paths[-1].points == [(16.0, 30.0), (19.0, 30.0), (19.0, 33.0), (17.0, 33.0)]


def test_a_path_ending_near_a_model_backs_up_along_its_last_leg() -> None:
    # 000 I.6.1: ending within 1" of a model, the move is backtracked until it is 1" away
    state = table({"1a": (16.0, 30.0), "2a": (22.0, 33.0)})
    after = play(state, "alice", MoveTo(orc="1a", x=20.5, y=33.0, via=[(16.0, 33.0)])).state
    assert after.models["1a"].xy == pytest.approx((22.0 - 25 / 25.4 - 1.0, 33.0), abs=0.06)


def test_clearance_up_to_a_spacing_measures_everything_nearer_than_it() -> None:
    # 000 I.6.1: backtracking asks only whether a model is 1" from everything; the obstacles it does
    # not measure must never hide one nearer than that (or the model would stop too close)
    from rules.orclympics.flying_pigs import board

    state = table({"1a": (16.0, 30.0), "2a": (22.0, 33.0), "1b": (30.0, 20.0)})
    orc = state.models["1a"]
    for x in [15.0 + 0.25 * k for k in range(40)]:
        at = (x, 32.5)
        full = board.clearance(state, orc, at)
        capped = board.clearance(state, orc, at, upto=1.0)
        assert capped == full if full <= 1.0 else capped > 1.0
