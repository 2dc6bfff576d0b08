"""Where a `normal` computer deploys its Orcs (seed 000, I.3) and why it keeps both by its Pig.

The search scores a Pigsty with no Pig on it all alike, so it used to deploy at random bearings and
stood its two Orcs a third of the Pigsty apart; the Pig is tossed from beside one of them (I.4), and
only an Orc within a Grease Toss of it (10", I.5 Step 3) can grease it."""

from __future__ import annotations

import math

import pytest

from rules.core.computer import Level, decide
from rules.core.geometry import angle_to, distance, offset, turn_between
from rules.core.search import Budget
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.computer import greaser_bonus, standing
from rules.orclympics.flying_pigs.models import Deploy, Phase, Terrain
from tests.rules.flying_pigs.arena import GAME, seats, table


def _arc(a: float, b: float) -> float:
    return abs(turn_between(a, b))


def _normal(state: object, player: str, seed: int) -> object:
    return decide(GAME, GAME.seen_by(state, player), player, Level.NORMAL, seed, Budget())


@pytest.mark.parametrize("seed", range(4))
def test_both_orcs_deploy_together_and_reach_the_tossed_pig_with_grease(seed: int) -> None:
    # I.3 Deployment, I.4 Pigtoss, I.5 Step 3 (a Grease Toss reaches 10"): the normal player deploys
    # first, its second Orc beside its first; after every Pigtoss both stand within a Grease Toss of
    # its Pig, so from the first Player Turn the second throws whenever the first misses
    state = GAME.new(seats(3), None, 100 + seed)
    me = state.deploy_order[0]
    for _ in range(2):
        state = GAME.apply(state, me, _normal(state, me, seed)).state
    first, second = (angle_to(board.CENTRE, o.xy) for o in state.orcs_of(me))
    assert _arc(first, second) <= 10.0
    while state.phase is not Phase.TURNS:
        player = GAME.waiting_for(state)[0]
        action = _normal(state, me, seed) if player == me else GAME.legal_actions(state, player)[0]
        state = GAME.apply(state, player, action).state
    pig = board.shape_of(state.pig_of(me))
    assert all(distance(board.shape_of(o), pig) <= board.TOSS_RANGE for o in state.orcs_of(me))


@pytest.mark.parametrize("turn", [0.0, 30.0, 60.0, 90.0])
def test_the_first_orc_deploys_where_nothing_lies_on_the_pigs_way_in(turn: float) -> None:
    # I.4: the Pig runs 2D3" straight at the centre from beside its Orc; a rock on the way stops it
    # (I.6.2), a Mushroom Field gives it Shrooms (I.6.4, I.7: its own Orcs' Shove does nothing to it
    # then). Six pieces of terrain 9" out stand in the way of half the edge; the Orc deploys where the
    # Pig's first 7" inward keep clear of all of them
    state = GAME.new(seats(3), None, 7)
    state.terrain = [Terrain(kind="field" if k % 2 else "rock",  # type: ignore[arg-type]
                             x=round(offset(board.CENTRE, turn + 60.0 * k, 9.0)[0], 2),
                             y=round(offset(board.CENTRE, turn + 60.0 * k, 9.0)[1], 2)) for k in range(6)]
    me = state.deploy_order[0]
    action = _normal(state, me, 1)
    assert isinstance(action, Deploy)
    edge = board.edge_point(action.angle)
    inward = angle_to(edge, board.CENTRE)
    way = [board.base_at(offset(edge, inward, 1.0 + step)) for step in range(7)]
    terrain = [board.terrain_shape(t) for t in state.terrain]
    assert all(board.separation(spot, thing) >= 1.0 for spot in way for thing in terrain)


def test_the_first_orc_deploys_away_from_the_other_players_orcs() -> None:
    # I.3, I.4 (a Pig tossed near another stops 1" from it), I.5 Step 4 (an Orc of theirs beside a
    # greased Pig of ours may set it ablaze): with bob's and carol's Orcs on the north and east
    # edges, alice deploys on the far side, south-west
    state = GAME.new(seats(3), None, 3)
    state.terrain = []
    state.deploy_order = ["bob", "carol", "alice"]
    for player, angles in (("bob", (80.0, 100.0)), ("carol", (0.0, 350.0))):
        for angle in angles:
            state = GAME.apply(state, player, Deploy(angle=angle)).state
    action = _normal(state, "alice", 1)
    assert isinstance(action, Deploy)
    assert min(_arc(action.angle, a) for a in (80.0, 100.0, 0.0, 350.0)) >= 120.0


def test_a_second_orc_within_a_grease_toss_counts() -> None:
    # I.5 Step 3: each Orc may toss Grease at a model within 10", hitting on 3+; once the player's Pig
    # has a marker this step no more may land on their models, so the second Orc's toss counts only
    # when the first missed: a marker lands 8 turns in 9 with both in reach, 2 in 3 with one
    assert greaser_bonus(0) == 0.0
    assert greaser_bonus(2) == pytest.approx(greaser_bonus(1) * (8 / 9) / (2 / 3))
    pig = {"1p": (13.0, 27.0), "2p": (36.0, 24.0), "3p": (24.0, 12.0)}
    one = table(pig | {"1a": (13.0, 31.0), "1b": (28.0, 36.0)}, players=3)
    both = table(pig | {"1a": (13.0, 31.0), "1b": (10.0, 33.0)}, players=3)
    assert math.isclose(sum(standing(both).values()), 1.0)
    assert standing(both)["alice"] > standing(one)["alice"]
