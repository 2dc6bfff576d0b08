"""That'll do Pigs: the Move, Lash, Assault, Grab, Random Movement and Falling (seed 000, V.4.2-V.4.5)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood
from rules.orclympics.thatll_do_pigs.models import AskKind, EndActivation, Lash, Ride, RollSpeed
from tests.rules.thatll_do_pigs.track import GAME, Racer, Track, d3, play, texts

SIDE = 25 / 25.4


def ready(track: Track, faces: list[int], player: str = "alice"):  # type: ignore[no-untyped-def]
    """Roll the active rider's Speed."""
    return play(track.build(), player, RollSpeed(), faces).state


def test_the_speed_is_2d6_plus_the_broods_bonus() -> None:
    # 000 V.1.2: Speed 2D6+2" (Common), 2D6+3" (Feral), 2D6+1" (Iron)
    for brood, speed in ((Brood.COMMON, 8), (Brood.FERAL, 9), (Brood.IRON, 7)):
        state = ready(Track({"1": Racer((14.0, 5.0), brood=brood), "2": Racer((30.0, 5.0))}), [3, 3])
        assert state.activation.speed == speed and state.ask.kind is AskKind.RIDE
        with pytest.raises(RuleViolation, match=f"0 to {speed}"):
            play(state, "alice", Ride(heading=180.0, distance=speed + 1))


def test_a_move_pivots_then_runs_straight_and_the_second_action_may_be_a_lash() -> None:
    # 000 V.4.2.1 Move (initial Pivot, straight line, up to the Speed); V.4.2 the second action
    state = ready(Track({"1": Racer((30.0, 5.0)), "2": Racer((30.0, 20.0), facing=90.0)}), [2, 2])
    moved = play(state, "alice", Ride(heading=180.0, distance=5.0)).state
    assert moved.riders["1"].xy == pytest.approx((25.0, 5.0)) and moved.riders["1"].facing == 180.0
    assert moved.ask.kind is AskKind.SECOND
    assert GAME.legal_actions(moved, "alice") == [Lash(), EndActivation()]


def test_touching_another_rider_stops_the_move_for_an_assault() -> None:
    # 000 V.4.2.1 (interrupt the Move at the touch) and V.4.2.3 Assault: Attacks dice + Force against
    # Ability dice + Defence, highest against highest; the beaten defender's Random Movement Roll goes
    # straight away from the attacker (V.4.4)
    track = Track({"1": Racer((14.0, 5.0)), "2": Racer((10.0, 5.0), brood=Brood.IRON)}, order=["1", "2"])
    state = ready(track, [3, 3])
    step = play(state, "alice", Ride(heading=180.0, distance=8.0), [5, 2, 3, 1, 4, d3(2)])
    after = step.state
    assert after.riders["1"].xy == pytest.approx((10.0 + SIDE, 5.0), abs=0.02)
    assert after.riders["2"].xy == pytest.approx((7.0, 5.0), abs=0.02)  # 3" on, due west
    assert "9 against 7" in texts(step.events)
    assert after.activation.rider == "2" and after.ask.kind is AskKind.MOVE  # no Lash after an Assault


def test_a_tied_or_lost_assault_changes_nothing() -> None:
    # 000 V.4.2.3: a tie or a higher defence: nothing happens
    track = Track({"1": Racer((14.0, 5.0)), "2": Racer((10.0, 5.0), brood=Brood.IRON)}, order=["1", "2"])
    step = play(ready(track, [3, 3]), "alice", Ride(heading=180.0, distance=8.0), [3, 1, 5, 2])
    assert step.state.riders["2"].xy == (10.0, 5.0) and "holds its line" in texts(step.events)


def test_winning_an_assault_takes_the_piglet_gotcha() -> None:
    # 000 V.4.2.3: the attacker grabs the Piglet from the defender; V.5 Gotcha!
    track = Track({"1": Racer((14.0, 5.0)), "2": Racer((10.0, 5.0), piglet=True)}, order=["1", "2"])
    after = play(ready(track, [3, 3]), "alice", Ride(heading=180.0, distance=8.0), [6, 1, 1, 1, 1, 3, d3(1)]).state
    assert after.riders["1"].piglet and not after.riders["2"].piglet and after.piglet.held_by == "1"
    assert after.feats == {"Gotcha!": "alice"}


def test_the_public_attacks_a_rider_touching_a_public_area() -> None:
    # 000 V.4.2.1 Attacked by the Public!: stop, Falling Test, turn 180 degrees and go D6" back,
    # stopping 1" from anything
    track = Track({"1": Racer((30.0, 5.0)), "2": Racer((30.0, 20.0))}, order=["1", "2"])
    step = play(ready(track, [3, 3]), "alice", Ride(heading=270.0, distance=8.0), [5, 4])
    rider = step.state.riders["1"]
    assert rider.facing == 90.0 and rider.xy == pytest.approx((30.0, SIDE / 2 + 0.01 + 4.0), abs=0.02)
    assert "crowd goes for" in texts(step.events) and rider.ridden


def test_a_lash_adds_d6_inches_stops_one_inch_short_of_models_and_6_is_epic_sprint() -> None:
    # 000 V.4.2.2 Lash; V.5 Epic Sprint
    track = Track({"1": Racer((30.0, 5.0)), "2": Racer((15.0, 5.0))}, order=["1", "2"])
    moved = play(ready(track, [1, 1]), "alice", Ride(heading=180.0, distance=4.0)).state  # to x = 26
    sprint = play(moved, "alice", Lash(), [6]).state
    assert sprint.riders["1"].xy == pytest.approx((20.0, 5.0)) and sprint.feats == {"Epic Sprint": "alice"}
    close = Track({"1": Racer((30.0, 5.0)), "2": Racer((21.5, 5.0))}, order=["1", "2"])
    moved = play(ready(close, [1, 1]), "alice", Ride(heading=180.0, distance=4.0)).state
    short = play(moved, "alice", Lash(), [6]).state
    assert short.riders["1"].x == pytest.approx(21.5 + SIDE + 1.0, abs=0.02) and short.feats == {}


def test_no_lash_while_carrying_the_piglet() -> None:
    # 000 V.4.2.2: Lash cannot be used when carrying the Piglet
    track = Track({"1": Racer((30.0, 5.0), piglet=True), "2": Racer((30.0, 20.0))}, order=["1", "2"])
    after = play(ready(track, [1, 1]), "alice", Ride(heading=180.0, distance=4.0)).state
    assert after.activation.rider == "2"  # nothing more to do: the activation ended


def test_grabbing_the_piglet_needs_more_than_four_and_a_miss_runs_on() -> None:
    # 000 V.4.2.4 Grab the Piglet: D6 + Ability > 4 captures it; 4 or less and the rider must move all
    # of its remaining Move distance, past the Piglet
    track = Track({"1": Racer((30.0, 5.0)), "2": Racer((30.0, 20.0))}, order=["1", "2"], piglet=(26.0, 5.0))
    caught = play(ready(track, [3, 3]), "alice", Ride(heading=180.0, distance=5.0), [2]).state  # 2+3 > 4
    assert caught.riders["1"].piglet and caught.piglet.held_by == "1"
    assert caught.riders["1"].x == pytest.approx(26.0 + (SIDE + 20 / 25.4) / 2, abs=0.02)
    missed = play(ready(track, [3, 3]), "alice", Ride(heading=180.0, distance=5.0), [1]).state  # 1+3
    assert not missed.riders["1"].piglet and missed.riders["1"].xy == pytest.approx((22.0, 5.0))
    assert missed.activation.rider == "2"  # the failed Grab was the second action


def test_an_unridden_boar_pivots_exactly_45_degrees() -> None:
    # 000 V.4.5 Unridden Boar: only a 45 degree Pivot, not more or less, before it runs
    state = ready(Track({"1": Racer((30.0, 5.0), ridden=False), "2": Racer((30.0, 20.0))}), [2, 2])
    assert {a.heading for a in GAME.legal_actions(state, "alice") if isinstance(a, Ride)} == {225.0, 135.0}
    with pytest.raises(RuleViolation, match="exactly 45"):
        play(state, "alice", Ride(heading=180.0, distance=2.0))


def test_a_random_movement_roll_of_one_is_a_falling_test_and_riders_fall() -> None:
    # 000 V.4.4 (1: Falling Test) and V.4.5 (D6 + Ability: 2-4 the rider Falls; the Boar runs on unridden)
    track = Track({"1": Racer((14.0, 5.0)), "2": Racer((10.0, 5.0), brood=Brood.FERAL)}, order=["1", "2"])
    step = play(ready(track, [3, 3]), "alice", Ride(heading=180.0, distance=8.0), [6, 1, 1, 1, 2])
    assert not step.state.riders["2"].ridden and "Falls" in texts(step.events)


def test_an_unridden_boar_crashes_out_on_a_critical_failure() -> None:
    # 000 V.4.4 (1-2 for an Unridden Boar) and V.4.5 (a 1 is a Critical Failure: out of the race)
    track = Track({"1": Racer((14.0, 5.0)), "2": Racer((10.0, 5.0), ridden=False), "3": Racer((30.0, 20.0))},
                  order=["1", "2", "3"])
    step = play(ready(track, [3, 3]), "alice", Ride(heading=180.0, distance=8.0), [2, 1, 2, 1])
    assert step.state.riders["2"].out and step.state.retired == ["2"]
    assert step.state.activation.rider == "3"  # a crashed Boar is skipped


def test_a_rider_falling_with_the_piglet_keeps_it_only_if_the_boar_grabs_it() -> None:
    # 000 V.4.5: when the rider Falls holding the Piglet, a Grab the Piglet with the Boar's Ability (0):
    # more than 4 keeps it, else it is free
    track = Track({"1": Racer((30.0, 5.0), piglet=True), "2": Racer((30.0, 20.0))}, order=["1", "2"])
    kept = play(ready(track, [3, 3]), "alice", Ride(heading=270.0, distance=8.0), [1, 5, 4]).state
    assert not kept.riders["1"].ridden and kept.riders["1"].piglet and kept.piglet.held_by == "1"
    lost = play(ready(track, [3, 3]), "alice", Ride(heading=270.0, distance=8.0), [1, 4, 4]).state
    assert not lost.riders["1"].piglet and lost.piglet.held_by is None and lost.piglet.placed


# -- V.4.6 the 2-player variant ---------------------------------------------------------------------


def test_two_players_race_two_allied_riders_each_taking_turns() -> None:
    # 000 V.4.6: each player two riders of the same brood; the players take turns activating one
    from tests.rules.thatll_do_pigs.test_start_and_finish import LAYOUT
    from rules.core.dice import ScriptedDice
    from rules.core.engine import Seat

    seats = [Seat(player="alice", name="Alice", pick="feral", colour=0),
             Seat(player="bob", name="Bob", pick="iron", colour=1)]
    state = GAME.start(seats, None, 1, dice=ScriptedDice(LAYOUT + [5, 2])).state
    assert sorted(state.riders) == ["1a", "1b", "2a", "2b"]
    assert state.riders["1b"].brood is Brood.FERAL and state.riders["2a"].brood is Brood.IRON
    assert state.order == ["1a", "2a", "1b", "2b"]  # alice, bob, alice, bob; bob's second runs up


def test_an_ally_is_ridden_through_and_can_be_handed_the_piglet() -> None:
    # 000 V.4.6: allies are not forced to attack: ride through with the remaining distance; a Grab the
    # Piglet against an ally passes it (rolled as against an enemy)
    track = Track({"1a": Racer((30.0, 5.0)), "1b": Racer((27.0, 5.0)), "2a": Racer((30.0, 20.0)),
                   "2b": Racer((20.0, 20.0))}, active="1a", order=["1a", "2a", "1b", "2b"])
    state = play(track.build(), "alice", RollSpeed(), [3, 3]).state
    through = play(state, "alice", Ride(heading=180.0, distance=6.0)).state
    assert through.riders["1a"].xy == pytest.approx((24.0, 5.0)) and through.riders["1b"].xy == (27.0, 5.0)
    carrying = Track({"1a": Racer((30.0, 5.0)), "1b": Racer((27.0, 5.0), piglet=True), "2a": Racer((30.0, 20.0)),
                      "2b": Racer((20.0, 20.0))}, active="1a", order=["1a", "2a", "1b", "2b"])
    state = play(carrying.build(), "alice", RollSpeed(), [3, 3]).state
    passed = play(state, "alice", Ride(heading=180.0, distance=6.0), [2]).state  # 2 + 3 > 4
    assert passed.riders["1a"].piglet and not passed.riders["1b"].piglet
    assert passed.riders["1a"].x == pytest.approx(27.0 + SIDE, abs=0.02)


def test_an_assault_that_throws_the_loser_into_another_rider_is_as_planned() -> None:
    # 000 V.4.4: a Random Movement touching another rider is an Assault (a free action); V.5 As Planned
    track = Track({"1": Racer((14.0, 5.0)), "2": Racer((10.0, 5.0)), "3": Racer((7.5, 5.0))}, order=["1", "2", "3"])
    step = play(ready(track, [3, 3]), "alice", Ride(heading=180.0, distance=8.0),
                [6, 1, 1, 1, 1, 4, d3(2), 1, 1, 6, 6, 6])
    after = step.state
    assert after.riders["2"].x == pytest.approx(7.5 + SIDE, abs=0.02)
    assert after.feats == {"As Planned": "alice"} and "Rider 2 assaults rider 3" in texts(step.events)


def test_a_random_movement_into_a_public_area_is_attacked_by_the_public() -> None:
    # reading random-public (000 V.4.2.1 Attacked by the Public! applied to a Random Movement)
    track = Track({"1": Racer((14.0, 3.5)), "2": Racer((14.0, 2.0))}, order=["1", "2"])
    step = play(ready(track, [3, 3]), "alice", Ride(heading=270.0, distance=3.0),
                [6, 1, 1, 1, 1, 4, d3(2), 6, 2])
    rider = step.state.riders["2"]
    assert "crowd goes for rider 2" in texts(step.events) and rider.facing == 90.0
    assert rider.y == pytest.approx(2.0 + SIDE - SIDE - 1.0, abs=0.02)  # thrown back, 1" short of rider 1
