"""Every reading in guide.READINGS, tested by its key (seed 000, Bloodshed Games)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Context
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs import GUIDE, READINGS
from rules.orclympics.flying_pigs.engine import CHAIN_LIMIT
from rules.orclympics.flying_pigs.models import (
    Done,
    GreaseToss,
    MoveTo,
    Phase,
    React,
    Reaction,
    Stage,
    Stance,
    TossPig,
)
from tests.rules.flying_pigs import test_moves_and_winning as moves
from tests.rules.flying_pigs import test_reactions as reactions
from tests.rules.flying_pigs import test_setup as setup
from tests.rules.flying_pigs import test_turns as turns
from tests.rules.flying_pigs.arena import EAST, GAME, NORTH, d3, play, table

SIDE = 25 / 25.4
TESTED = {
    "terrain-apart", "deploy-bearing", "pigtoss-side", "orc-paths", "spacing-after", "any-number", "models-block", "shoo-continues",
    "shove-once", "reaction-default", "shrooms-near", "fire-forever", "fire-lands", "chain-limit", "pig-ablaze",
    "grease-full", "placing-ties", "tie-procedure",
}
SPOTS = [110, 210, 190, 210, 110, 90, 90, 150, 210, 150, 150, 230]  # terrain centres, in tenths from 9"


def test_every_reading_is_tested_and_shown_by_rules() -> None:
    assert set(READINGS) == TESTED
    for text in READINGS.values():
        assert text in GUIDE


def test_reading_terrain_apart() -> None:
    setup.test_terrain_lies_inside_the_pigsty_outside_the_kitchen(3)


def test_reading_deploy_bearing() -> None:
    state = GAME.new(setup.seats(2), None, 1)
    player = GAME.waiting_for(state)[0]
    angles = {a.angle for a in GAME.legal_actions(state, player)}  # type: ignore[union-attr]
    assert angles <= {float(a) for a in range(0, 360, 10)} and len(angles) >= 30


def test_reading_pigtoss_side() -> None:
    setup.test_a_tossed_pig_runs_toward_the_centre_then_sideways()
    setup.test_the_player_places_the_pig_against_either_orc_on_any_side_inside_the_pigsty()
    state = table({"1a": (24.0, 38.5)}, phase=Phase.PIGTOSS, terrain=[("field", (24.0, 34.0))])
    state.tossing = 0
    state.models["1p"].placed = False
    assert play(state, "alice", TossPig(orc="1a"), [d3(2), d3(1), 4, d3(1), d3(1)]).state.models["1p"].shrooms


def test_reading_orc_paths() -> None:
    turns.test_orcs_treat_the_kitchen_and_the_pigsty_edge_as_impassable()
    moves.test_orcs_do_not_walk_through_rocks_but_round_them()
    moves.test_a_path_is_measured_leg_by_leg_against_the_allowance()


def test_reading_spacing_after() -> None:
    # 000 I.6.1: "Apply this backtracking only after applying any Shove, Shoo!, or Shroom effects".
    # bob's Pig bumps into alice's Shove Orc 1a; where it stopped, her Fire it up! Orc 1b is 1.6"
    # away (2.2" once the Pig is spaced), so both are offered, and the spacing waits behind them.
    state = table({"1a": (30.0, 32.4 + SIDE), "1b": (30.0 + SIDE + 1.5, 34.0), "2p": (30.0, 30.0)}, active="bob",
                  stage=Stage.ACTION, stance={"1a": Stance.SHOVE, "1b": Stance.FIRE})
    stopped = play(state, "bob", Done(), [d3(3), d3(1), NORTH]).state
    assert stopped.models["2p"].xy == pytest.approx((30.0, 32.4), abs=0.02)  # not spaced yet
    assert [r.stance for r in stopped.pending] == [Stance.SHOVE, Stance.FIRE]
    assert stopped.queue[-1].kind == "space"
    shoved = play(stopped, "alice", React(use=True), [d3(1), d3(1), 271, 4, 4]).state
    assert shoved.models["2p"].xy == pytest.approx((30.0, 30.4), abs=0.02)  # moved on from where it stopped
    passed = play(stopped, "alice", React(use=False)).state
    assert passed.models["2p"].xy == pytest.approx((30.0, 32.4), abs=0.02) and GAME.waiting_for(passed) == ["alice"]
    done = play(passed, "alice", React(use=False), [4, 4]).state
    assert done.models["2p"].xy == pytest.approx((30.0, 31.4), abs=0.06)  # now 1" from 1a


def test_reading_any_number() -> None:
    # 000 I.1: "any number of players can participate"
    assert GAME.max_players >= 8
    for players in (8, 10):
        result = play_random(GAME, players, 7)
        assert result.finished and len({m.owner for m in result.state.models.values()}) == players


def test_reading_models_block() -> None:
    state = table({"2p": (30.0, 28.0), "1a": (30.0, 32.0)}, active="bob", stage=Stage.ACTION)
    step = play(state, "bob", Done(), [d3(3), d3(3), NORTH, 4, 4])
    assert step.state.models["2p"].y == pytest.approx(32.0 - SIDE - 1.0, abs=0.06)


def test_reading_shoo_continues() -> None:
    reactions.test_shoo_turns_a_pig_that_bumps_into_the_orc()
    state = table({"1a": (30.0, 33.0), "2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.SHOO})
    state.shoved = ["2p"]
    ctx = Context(ScriptedDice([d3(3), d3(1), NORTH]))
    GAME._random_move(ctx, state, state.models["2p"], "Shove")
    assert state.models["2p"].x == pytest.approx(30.0) and not state.shooed
    reactions.test_a_pig_shoved_earlier_in_the_turn_ignores_shoo()


def test_reading_shove_once() -> None:
    reactions.test_a_shove_let_pass_stays_ready()
    reactions.test_shoo_works_once_per_pig_and_player_turn()


def test_reading_reaction_default() -> None:
    state = reactions._bob_pig_runs_north_near(Stance.FIRE).state  # type: ignore[attr-defined]
    default = GAME.prompts(state)[0].default
    assert default is not None and GAME.parse_action(default) == React(use=True)


def test_reading_shrooms_near() -> None:
    reactions.test_coming_within_two_inches_of_shrooms_sets_off_a_random_move()
    reactions.test_a_shroomed_pig_ignores_shoo_and_knocks_the_orc_away()
    reactions.test_a_shroomed_pig_stopping_near_an_orc_sends_it_on_a_random_move()


def test_reading_fire_forever() -> None:
    state = table({"2p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION, fire=["2p"])
    for _ in range(2):
        state = play(state, "bob", Done(), [d3(1), d3(1), EAST, 4, 4]).state
        assert state.models["2p"].fire
        state.active, state.stage = "bob", Stage.ACTION


def test_reading_fire_lands() -> None:
    moves.test_a_burning_pig_flying_over_the_kitchen_does_not_win()
    step = moves._bob_pig((30.0, 26.0), [d3(3), d3(3), NORTH, 4, 4], fire=["2p"], terrain=[("field", (30.0, 29.0))])
    assert not step.state.models["2p"].shrooms


def test_reading_chain_limit() -> None:
    state = table({"1a": (16.0, 30.0), "2p": (23.5, 31.0)}, shrooms=["2p"])
    state.chain = CHAIN_LIMIT
    ctx = Context(ScriptedDice([]))
    assert GAME._triggers(ctx, state, state.models["1a"], set()) == []
    assert state.queue == [] and state.pending == []
    assert play(state, "alice", MoveTo(orc="1b", x=14.0, y=18.0)).state.chain == 1  # a decision starts again


def test_reading_pig_ablaze() -> None:
    reactions.test_fire_it_up_on_three_plus_sets_the_pig_ablaze_and_it_flies()
    state = table({"1a": (30.0, 34.0), "1p": (30.0, 30.0)}, active="bob", stage=Stage.ACTION,
                  stance={"1a": Stance.FIRE})
    state.stage = Stage.PIG
    ctx = Context(ScriptedDice([3, d3(1), d3(1), EAST]))
    state.pending = [Reaction(orc="1a", stance=Stance.FIRE, target="1p")]
    GAME._react(ctx, state, True)
    assert state.feats == {"Mmmm Smells Good": "alice"}  # one's own Pig: no Pyromania


def test_reading_grease_full() -> None:
    turns.test_grease_markers_stop_at_six()
    state = table({"1a": (24.0, 32.0), "1b": (20.0, 32.0), "2a": (28.0, 32.0), "2p": (28.0, 36.0)},
                  stage=Stage.GREASE, grease={"2a": 6})
    state = play(state, "alice", GreaseToss(orc="1a", target="2a"), [6]).state
    assert "bob" not in state.greased_owners
    assert play(state, "alice", GreaseToss(orc="1b", target="2p"), [6]).state.models["2p"].grease == 1


def test_reading_placing_ties() -> None:
    state = table({"2p": (24.0, 29.0), "1p": (30.0, 30.0), "3p": (18.0, 30.0)}, players=3, active="bob",
                  stage=Stage.ACTION)
    outcome = GAME.outcome(play(state, "bob", Done(), [d3(3), d3(3), 271]).state)
    assert outcome is not None and outcome.placings == [["bob"], ["alice", "carol"]]
    assert outcome.place_of("carol") == 2


@pytest.mark.parametrize(("tied", "first"), [(3, "alice"), (5, "bob")])
def test_reading_tie_procedure(tied: int, first: str) -> None:
    # 000 Campaign rules 4 (the older or younger brood wins a tie); I.3 Deployment
    seats = setup.seats(2)
    aged = GAME.start(seats, {"ages": {"alice": 0, "bob": 1}}, 1, dice=ScriptedDice([*SPOTS, tied, tied]))
    assert aged.state.deploy_order[0] == first
    rerolled = GAME.start(seats, None, 1, dice=ScriptedDice([*SPOTS, tied, tied, 2, 6]))
    assert rerolled.state.deploy_order == ["bob", "alice"]
