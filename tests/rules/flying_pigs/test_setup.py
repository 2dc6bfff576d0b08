"""Set-up, deployment and the Pigtoss of Flying Pigs (seed 000, I.2, I.3, I.4)."""

from __future__ import annotations

import math

import pytest

from rules.core.errors import RuleViolation
from rules.core.geometry import SQUARE_25MM, separation, square
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.models import Deploy, Phase, TossPig
from tests.rules.flying_pigs.arena import GAME, d3, play, seats, table, texts

SIDE = 25 / 25.4


@pytest.mark.parametrize("seed", range(8))
def test_terrain_lies_inside_the_pigsty_outside_the_kitchen(seed: int) -> None:
    # 000 I.2 Setting up the Game; reading terrain-apart
    state = GAME.new(seats(3), None, seed)
    assert sorted(t.kind for t in state.terrain) == ["field"] * 3 + ["rock"] * 3
    shapes = [board.terrain_shape(t) for t in state.terrain]
    for shape in shapes:
        assert board.PIGSTY.contains(shape) and separation(shape, board.KITCHEN) >= 0
    assert all(separation(a, b) >= 0 for i, a in enumerate(shapes) for b in shapes[i + 1:])


def test_deployment_follows_initiative_and_orcs_touch_the_edge_one_inch_apart() -> None:
    # 000 I.3 Deployment
    step = GAME.start(seats(3), None, 5)
    state = step.state
    rolls = {e.roll.who: e.roll.result for e in step.events if e.roll and e.roll.why == "Initiative for deployment"}
    assert len(rolls) == 3 and rolls[state.deploy_order[0]] >= rolls[state.deploy_order[-1]]
    first = state.deploy_order[0]
    assert GAME.waiting_for(state) == [first]
    state = play(state, first, Deploy(angle=90.0)).state
    orc = state.orcs_of(first)[0]
    assert orc.xy == pytest.approx((24.0, 38.5), abs=0.01)
    assert board.PIGSTY.edge_gap(SQUARE_25MM.at(orc.xy)) == pytest.approx(0.0, abs=1e-6)
    with pytest.raises(RuleViolation, match="1\""):
        GAME.apply(state, first, Deploy(angle=92.0))
    assert Deploy(angle=90.0) not in GAME.legal_actions(state, first)


def test_the_pigtoss_starts_with_the_last_deployer_and_goes_clockwise() -> None:
    # 000 I.4 Pigtoss; I.5 (the first tosser plays first)
    state = GAME.new(seats(3), None, 11)
    while state.phase is Phase.DEPLOY:
        player = GAME.waiting_for(state)[0]
        state = GAME.apply(state, player, GAME.legal_actions(state, player)[0]).state
    players = [s.player for s in state.seats]
    last = state.deploy_order[-1]
    start = players.index(last)
    assert state.turn_order == players[start:] + players[:start]
    assert GAME.waiting_for(state) == [last] and state.phase is Phase.PIGTOSS


def test_a_tossed_pig_runs_toward_the_centre_then_sideways() -> None:
    # 000 I.4 Pigtoss (2D3" toward the centre, then 1-3 left / 4-6 right)
    state = table({"1a": (24.0, 38.5)}, phase=Phase.PIGTOSS)
    state.tossing = 0
    state.models["1p"].placed = False
    right = play(state, "alice", TossPig(orc="1a"), [d3(2), d3(1), 4, d3(1), d3(1)])
    assert right.state.models["1p"].xy == pytest.approx((22.0, 38.5 - SIDE - 3.0), abs=0.01)  # facing south, right is west
    left = play(state, "alice", TossPig(orc="1a"), [d3(2), d3(1), 3, d3(1), d3(1)])
    assert left.state.models["1p"].xy == pytest.approx((26.0, 38.5 - SIDE - 3.0), abs=0.01)
    assert GAME.waiting_for(right.state) == ["bob"] and "tossed" in texts(right)
    with pytest.raises(RuleViolation, match="own Orcs"):
        GAME.apply(state, "alice", TossPig(orc="2a"))


def test_the_player_places_the_pig_against_either_orc_on_any_side_inside_the_pigsty() -> None:
    # 000 I.4 Pigtoss: the player places the Pig fully inside the Pigsty in base contact with one of
    # their Orcs (reading pigtoss-side)
    state = table({"1a": (24.0, 38.5), "1b": (30.0, 30.0)}, phase=Phase.PIGTOSS)
    state.tossing = 0
    state.models["1p"].placed = False
    offers = GAME.legal_actions(state, "alice")
    assert TossPig(orc="1a") in offers and TossPig(orc="1a", side=225.0) in offers
    assert TossPig(orc="1a", side=0.0) not in offers  # east of 1a it would stick out of the Pigsty
    assert {a.orc for a in offers if isinstance(a, TossPig)} == {"1a", "1b"}
    with pytest.raises(RuleViolation, match="fully inside the Pigsty"):
        GAME.apply(state, "alice", TossPig(orc="1a", side=0.0))
    south = play(state, "alice", TossPig(orc="1b", side=270.0), [d3(1), d3(1), 4, d3(1), d3(1)])
    pig = south.state.models["1p"]
    start = (30.0, 30.0 - SIDE)
    inward = math.atan2(24.0 - start[1], 24.0 - start[0])
    ran = (start[0] + 2 * math.cos(inward), start[1] + 2 * math.sin(inward))  # 2" straight at the centre
    right = inward - math.pi / 2
    assert pig.xy == pytest.approx((ran[0] + 2 * math.cos(right), ran[1] + 2 * math.sin(right)), abs=0.01)
    assert south.state.paths[0].points[0] == pytest.approx(start, abs=0.001)
    with pytest.raises(RuleViolation, match="already stands there"):
        crowded = table({"1a": (24.0, 38.5), "1b": (30.0, 30.0), "2a": (30.0 + 1.5 * SIDE, 30.0)}, phase=Phase.PIGTOSS)
        crowded.tossing = 0
        crowded.models["1p"].placed = False
        GAME.apply(crowded, "alice", TossPig(orc="1b", side=0.0))


def test_a_tossed_pig_stops_one_inch_short_of_another_pig() -> None:
    # 000 I.4 Pigtoss (movement stops 1" away from the other Pig)
    state = table({"1a": (24.0, 38.5), "2p": (24.0, 33.0)}, phase=Phase.PIGTOSS)
    state.tossing = 0
    state.models["1p"].placed = False
    pig = play(state, "alice", TossPig(orc="1a"), [d3(2), d3(1), 4, d3(1), d3(1)]).state.models["1p"]
    assert pig.y == pytest.approx(33.0 + SIDE + 1.0, abs=0.06) and pig.x == pytest.approx(22.0, abs=0.01)


def test_after_the_last_pigtoss_the_first_tosser_takes_the_first_turn() -> None:
    # 000 I.5 Player Turns
    state = table({"1a": (24.0, 38.5), "2a": (24.0, 9.5)}, phase=Phase.PIGTOSS)
    state.tossing, state.turn = 1, 0  # alice tossed already; bob is last
    state.models["2p"].placed = False
    step = play(state, "bob", TossPig(orc="2a"), [d3(1), d3(1), 4, d3(1), d3(1), 4, 4])
    assert step.state.phase is Phase.TURNS and step.state.active == "alice" and step.state.turn == 1


def test_edge_point_touches_the_pigsty_from_inside() -> None:
    # 000 I.3 (bases touching the edge of the Pigsty, fully inside)
    for angle in range(0, 360, 15):
        spot = board.edge_point(float(angle))
        far = max(math.dist(board.CENTRE, c) for c in square(spot, SIDE).core())
        assert far == pytest.approx(15.0, abs=1e-6)
