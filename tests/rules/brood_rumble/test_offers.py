"""Every Move destination the rules offer is one the rules accept (seed 000, II.4.2.1 Move and
II.2 Terrain Features, Platforms: "Orcs need to spend movement equal to the height of the Platform
to climb up or down"; our reading "platform-centre": 1" each time the centre crosses an edge).

An arena game once offered a walk that `movement.plan` then refused ("That path costs 3.89\" ...
may move only 3.00\""): the offer measured the climbs before rounding its point, and the rounded
point had crossed a Platform's edge. Offers are now judged by `plan` itself."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import RuleViolation
from rules.core.geometry import offset, travel
from rules.core.selfplay import kind_first_policy, play_random
from rules.orclympics.brood_rumble import movement
from rules.orclympics.brood_rumble.board import BOARD, PLATFORM_HEIGHT, orc_shape_at
from rules.orclympics.brood_rumble.models import AskKind, BroodRumbleState, FeatureKind, Move, MoveTo
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, play

SEEDS = st.integers(min_value=0, max_value=2**62)


def _refused(state: BroodRumbleState) -> list[tuple[MoveTo, str]]:
    """The offered walks of the Orc now asked where to walk that `plan` refuses, with its reason."""
    assert state.activation is not None and state.activation.budget is not None
    orc = state.orcs[state.activation.orc]
    bad = []
    for offer in movement.move_offers(state, orc, float(state.activation.budget)):
        if isinstance(offer, MoveTo):
            try:
                movement.plan(state, orc, [*offer.via, offer.to], float(state.activation.budget))
            except RuleViolation as why:
                bad.append((offer, str(why)))
    return bad


def _platform_edge_table(rolled: int = 1) -> BroodRumbleState:
    """A1 at (4, 4) walks east towards B1 with D6+2 = 3". The offer stops 0.05" short of B1's base,
    0.00001" before the west edge of a Platform (x = 6.89579) that B1 stands on."""
    state = Arena({"A1": Fighter((4.0, 4.0)), "A2": Fighter((20.0, 2.0)), "B1": Fighter((7.94003, 4.0)),
                   "B2": Fighter((4.0, 22.0))}, features={"T1": (FeatureKind.PLATFORM, (8.39579, 4.0))}).build()
    return play(state, "alice", Move(), [rolled]).state


def test_a_walk_offered_short_of_a_platform_edge_is_accepted() -> None:
    # 000 II.4.2.1 Move (D6+2" = 3" here) and II.2 Platforms (1" to climb): the walk offered towards B1
    # stops just short of the Platform's edge, so it climbs nothing and costs less than 3"
    state = _platform_edge_table()
    assert state.activation is not None and state.activation.budget == 3.0
    toward_b1 = [o for o in movement.move_offers(state, state.orcs["A1"], 3.0)
                 if isinstance(o, MoveTo) and o.to[1] == 4.0 and o.to[0] > 6.5]
    assert toward_b1, "a walk towards B1 is offered"
    assert _refused(state) == []
    for offer in toward_b1:
        done = play(state, "alice", offer).state
        assert done.orcs["A1"].xy == offer.to
        assert not done.orcs["A1"].knocked_down


def test_the_platform_edge_still_costs_its_climb() -> None:
    # 000 II.2 Platforms: one step more, over the edge, pays the 1" climb and is refused on 3"
    state = _platform_edge_table()
    walk = movement.plan(state, state.orcs["A1"], [(6.9, 4.0)], 99.0)
    assert math.isclose(walk.cost, 2.9 + PLATFORM_HEIGHT)
    try:
        movement.plan(state, state.orcs["A1"], [(6.9, 4.0)], 3.0)
    except RuleViolation as why:
        assert "costs 3.90" in str(why)
    else:
        raise AssertionError("a 3.90\" walk was accepted on 3\"")


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, players=st.sampled_from([2, 4]), skip=st.integers(min_value=0, max_value=30))
def test_every_offered_destination_in_self_play_is_accepted_by_plan(seed: int, players: int, skip: int) -> None:
    # 000 II.4.2.1: the offers are a sample of the legal walks, so each must pass the rules' own check
    seen: list[BroodRumbleState] = []

    def policy(game, state, player, actions, chooser):  # type: ignore[no-untyped-def]
        if state.ask is not None and state.ask.kind is AskKind.MOVE_TO and len(seen) <= skip:
            seen.append(state.model_copy(deep=True))
        return kind_first_policy(game, state, player, actions, chooser)

    play_random(GAME, players, seed, policy=policy, max_actions=1500)
    for state in seen[-4:]:
        assert _refused(state) == []


_SPOT = st.floats(min_value=5.0, max_value=19.0, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(x=_SPOT, y=_SPOT, angle=st.floats(min_value=0.0, max_value=360.0, exclude_max=True), gap=st.floats(3.5, 4.0),
       nudge=st.floats(min_value=-1e-4, max_value=1e-4))
def test_walks_offered_next_to_a_platform_edge_are_accepted(x: float, y: float, angle: float, gap: float,
                                                            nudge: float) -> None:
    # 000 II.4.2.1 (D6+2" with a 1 rolled: 3") and II.2 Platforms: B1 stands `gap` inches from A1 at
    # `angle`; the edge of a Platform facing A1 lies where the offer towards B1 stops (give or take
    # `nudge`), more than 2" away, so 1" of climbing more would take it over 3": the arena's refusal
    foe = offset((x, y), angle, gap)
    contact = travel(orc_shape_at((x, y)), angle, gap, {"B1": orc_shape_at(foe)}, area=BOARD)
    end = offset((x, y), angle, contact.travelled - movement.ENEMY_GAP)
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    if abs(ux) >= abs(uy):  # the edge across the way A1 walks, the Platform beyond it
        platform = (end[0] + math.copysign(nudge + 1.5, ux), end[1])
    else:
        platform = (end[0], end[1] + math.copysign(nudge + 1.5, uy))
    state = Arena({"A1": Fighter((x, y)), "A2": Fighter((1.0, 1.0)), "B1": Fighter(foe), "B2": Fighter((23.0, 23.0))},
                  features={"T1": (FeatureKind.PLATFORM, platform)}).build()
    state = play(state, "alice", Move(), [1]).state
    assert _refused(state) == []
