"""A `normal` computer rides That'll do Pigs with purpose (issue 24: 17.6% of its moves changed
nothing, most of them an activation ended while a Lash was there to take): it Lashes on open track,
keeps ending as a choice only where a Lash meets the crowd or loses ground, always has a go in
Get Ready!, rides straight at a Piglet within reach, and knows that laps without the Piglet win
nothing (small search budget)."""

from __future__ import annotations

import pytest

from rules.core.computer import Level, decide
from rules.core.engine import Seat
from rules.core.search import Budget, tactics_of
from rules.orclympics.thatll_do_pigs.computer import aimed_rides, lash_is_free, target_gates
from rules.orclympics.thatll_do_pigs.models import (
    Activation,
    Ask,
    AskKind,
    EndActivation,
    Lash,
    ReadyAssault,
    Ride,
    RollSpeed,
    TakePlace,
    ThatllDoPigsState,
)
from tests.rules.thatll_do_pigs.track import GAME, PLAYERS, Racer, Track, play

SMALL = Budget(iterations=30, depth=6)
TACTICS = tactics_of(GAME)


def after_the_move(at: tuple[float, float], facing: float) -> ThatllDoPigsState:
    """Rider 1 (alice) has made its Move (a 6" ride of 8") and is asked for its second action."""
    state = Track({"1": Racer(at, facing=facing), "2": Racer((30.0, 30.0), facing=0.0)}, active=None).build()
    state.activation = Activation(rider="1", speed=8.0, moved=6.0, second=True)
    state.riders["1"].activated = True
    state.ask = Ask(kind=AskKind.SECOND, players=["alice"], rider="1")
    return state


def test_a_rider_with_open_track_ahead_lashes_rather_than_ends() -> None:
    # 000 V.4.2.2 Lash: D6" more straight on after the Move; the south straight runs west, and
    # nothing stands within 6" west of (14, 5) (the Skid Trigger is the line y = x)
    state = after_the_move((14.0, 5.0), 180.0)
    legal = GAME.legal_actions(state, "alice")
    assert legal == [Lash(), EndActivation()]
    assert lash_is_free(state, state.riders["1"])
    assert TACTICS.sensible(state, "alice", legal) == [Lash()]
    for seed in range(3):
        assert decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, SMALL) == Lash()


@pytest.mark.parametrize(("at", "facing", "why"), [
    ((2.5, 5.0), 180.0, "the board edge (a Public Area, V.2.2) is under 2\" ahead"),
    ((14.0, 5.0), 0.0, "east on the south straight is the wrong way round"),
])
def test_ending_stays_a_choice_where_a_lash_meets_the_crowd_or_loses_ground(
        at: tuple[float, float], facing: float, why: str) -> None:
    # 000 V.4.2.1: touching a Public Area is a Falling Test and D6" thrown back; a Lash the wrong
    # way gives ground away: the search may weigh ending the activation there
    state = after_the_move(at, facing)
    assert not lash_is_free(state, state.riders["1"]), why
    assert TACTICS.sensible(state, "alice", GAME.legal_actions(state, "alice")) == [Lash(), EndActivation()]


def get_ready() -> ThatllDoPigsState:
    """A four-rider race at its Get Ready! question: the front row filled in initiative order."""
    seats = [Seat(player=p, name=p.title(), pick="common", colour=i) for i, p in enumerate(PLAYERS)]
    state = GAME.start(seats, None, 7).state
    while state.ask is not None and state.ask.kind is AskKind.DEPLOY:
        player = state.ask.player
        state = GAME.apply(state, player, GAME.legal_actions(state, player)[0]).state
    assert state.ask is not None and state.ask.kind is AskKind.READY
    return state


def test_a_front_row_rider_always_assaults_in_get_ready() -> None:
    # 000 V.3 "Get Ready!" (lines 919-924): a won Assault pushes the defender to the second row, a
    # lost one changes nothing, so letting the rivals be is never better
    state = get_ready()
    player = state.ask.player
    legal = GAME.legal_actions(state, player)
    assert ReadyAssault(target=None) in legal and len(legal) > 1
    assert ReadyAssault(target=None) not in TACTICS.sensible(state, player, legal)
    for seed in range(3):
        made = decide(GAME, GAME.seen_by(state, player), player, Level.NORMAL, seed, SMALL)
        assert isinstance(made, ReadyAssault) and made.target is not None


def test_the_winner_of_a_get_ready_assault_takes_the_beaten_riders_place() -> None:
    # 000 V.3 (line 924): "the attacker may choose to take the defender's position in the first row"
    state = get_ready()
    player, rider = state.ask.player, state.ask.rider
    state.ask = Ask(kind=AskKind.TAKE_PLACE, players=[player], rider=rider, options=["2"])
    legal = GAME.legal_actions(state, player)
    assert legal == [TakePlace(take=True), TakePlace(take=False)]
    assert TACTICS.sensible(state, player, legal) == [TakePlace(take=True)]


def test_a_rider_rides_straight_at_a_loose_piglet_within_reach() -> None:
    # 000 V.4.2.1 and V.4.2.4: touching the Piglet during the Move is a Grab (D6 + Ability more than 4);
    # the Piglet lies 10° off the nearest of the sixteen menu headings, where a 20 mm Piglet is missed
    at, pig = (14.0, 5.0), (8.0, 5.0 - 6.0 * 0.2126)  # 12° south of west
    rivals = {"2": Racer((15.0, 8.0)), "3": Racer((17.0, 3.0)), "4": Racer((16.0, 9.5))}  # close behind
    state = Track({"1": Racer(at), **rivals}, piglet=pig).build()
    state = play(state, "alice", RollSpeed(), [3, 3]).state  # Speed 8"
    legal = GAME.legal_actions(state, "alice")
    aimed = aimed_rides(state, state.riders["1"], 8.0)
    assert len(aimed) == 1 and aimed[0] not in legal
    assert aimed[0] in TACTICS.sensible(state, "alice", legal)
    grabbed = play(state, "alice", aimed[0], [2]).state  # 2 + 3 > 4
    assert grabbed.riders["1"].piglet and grabbed.piglet.held_by == "1"
    for seed in range(2):  # the search takes it, the whole Budget's search as in the bot
        assert decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, Budget()) == aimed[0]


def test_an_unridden_boar_or_a_far_piglet_gets_no_aimed_ride() -> None:
    # 000 V.4.5: an Unridden Boar pivots exactly 45°; a Piglet beyond the Speed cannot be touched
    far = Track({"1": Racer((30.0, 5.0)), "2": Racer((30.0, 30.0), facing=0.0)}, piglet=(8.0, 5.0)).build()
    assert aimed_rides(far, far.riders["1"], 8.0) == []
    fallen = Track({"1": Racer((14.0, 5.0), ridden=False), "2": Racer((30.0, 30.0))}, piglet=(8.0, 5.0)).build()
    assert aimed_rides(fallen, fallen.riders["1"], 8.0) == []


def test_the_standing_counts_the_piglet_not_laps_alone() -> None:
    # 000 V.1: the first to cross the Finish Line with the Piglet after the second lap wins; a rider a
    # lap ahead without it is not winning, one on its last lap with it is
    lapping = Track({"1": Racer((14.0, 5.0), gates=12), "2": Racer((30.0, 5.0), gates=10, piglet=True)}).build()
    assert [target_gates(lapping.riders[r]) for r in ("1", "2")] == [16, 11]
    chances = GAME.standing(lapping)
    assert chances["bob"] > 0.9 > 0.1 > chances["alice"]
    near = Track({"1": Racer((14.0, 5.0), gates=10), "2": Racer((14.0, 25.0), gates=8)}, piglet=(12.0, 5.0)).build()
    far = Track({"1": Racer((14.0, 5.0), gates=10), "2": Racer((14.0, 25.0), gates=8)}, piglet=(14.0, 27.0)).build()
    assert GAME.standing(near)["alice"] > GAME.standing(far)["alice"]


def test_a_rider_that_may_lash_does_not_ride_to_a_stop_facing_the_crowd() -> None:
    # 000 V.4.2.1 and V.4.2.2: an 11" ride due west from (14, 5) stops 2.5" short of the board edge (a
    # Public Area), where a Lash of 3 or more meets the crowd; the half ride leaves open track ahead
    state = Track({"1": Racer((14.0, 5.0)), "2": Racer((30.0, 30.0), facing=0.0)}).build()
    state = play(state, "alice", RollSpeed(), [4, 5]).state  # Speed 11"
    legal = GAME.legal_actions(state, "alice")
    full, half = Ride(heading=180.0, distance=11.0), Ride(heading=180.0, distance=5.5)
    assert full in legal and half in legal
    kept = TACTICS.sensible(state, "alice", legal)
    assert full not in kept and half in kept
    after = play(state, "alice", half).state
    assert after.ask.kind is AskKind.SECOND and lash_is_free(after, after.riders["1"])
