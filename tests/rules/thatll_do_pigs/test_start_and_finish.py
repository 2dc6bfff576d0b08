"""That'll do Pigs: the start, the Skid, the Piglet and the finish (seed 000, V.3, V.4.1, V.4.3, V.5)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Seat
from rules.core.selfplay import play_random
from rules.orclympics.thatll_do_pigs.models import (
    Ask,
    AskKind,
    EndActivation,
    Phase,
    ReadyAssault,
    Ride,
    RollSpeed,
    Steer,
    TakeCell,
    TakePlace,
)
from tests.rules.thatll_do_pigs.track import GAME, PLAYERS, Racer, Track, d3, play, texts

SIDE = 25 / 25.4
LAYOUT = [1, 1] * 4 + [2, 1]  # each pole 1" east; a crowd of D3+1 = 2", the first spot the dice may pick


def opened(count: int = 4, initiative: list[int] | None = None):  # type: ignore[no-untyped-def]
    seats = [Seat(player=p, name=p.title(), pick="common", colour=i) for i, p in enumerate(PLAYERS[:count])]
    dice = ScriptedDice(LAYOUT + (initiative or [6, 5, 4, 3][:count]))
    step = GAME.start(seats, None, 1, dice=dice)
    assert dice.remaining == []
    return step.state


def test_deployment_fills_the_front_row_in_initiative_order_and_the_lowest_runs_up_last() -> None:
    # 000 V.3: everyone but the lowest roller takes a front-row cell in initiative order; "Get Ready!"
    # Assaults in that order; then the Running Up Boar takes a free front-row cell and goes first
    state = opened()
    assert state.phase is Phase.DEPLOY and state.ask.kind is AskKind.DEPLOY and state.ask.player == "alice"
    for player, column in (("alice", 0), ("bob", 1), ("carol", 2)):
        state = play(state, player, TakeCell(column=column)).state
    assert state.phase is Phase.READY and state.ask.kind is AskKind.READY and state.ask.player == "alice"
    assert set(state.ask.options) == {"2", "3"}
    # alice's rider beats bob's: bob's rider goes to the cell behind; alice takes its place
    state = play(state, "alice", ReadyAssault(target="2"), [6, 1, 1, 1, 1]).state
    assert state.riders["2"].cell == (1, 1) and state.ask.kind is AskKind.TAKE_PLACE
    state = play(state, "alice", TakePlace(take=True)).state
    assert state.riders["1"].cell == (0, 1)
    state = play(state, "carol", ReadyAssault(target=None)).state
    assert state.phase is Phase.RUN_UP and state.ask.player == "dave"
    assert [a.column for a in GAME.legal_actions(state, "dave")] == [0, 3, 4, 5]
    started = play(state, "dave", TakeCell(column=0), [2, 5, 3, 6]).state  # Game Turn 1's initiative
    assert started.phase is Phase.RACE and started.turn == 1
    assert started.order[0] == "4" and started.activation.rider == "4"


def test_a_beaten_rider_chooses_between_two_equally_close_cells() -> None:
    # 000 V.3: the closest free cell of the second row; the owner decides when two are as close
    state = opened()
    for player, column in (("alice", 1), ("bob", 3), ("carol", 2)):
        state = play(state, player, TakeCell(column=column)).state
    state = play(state, "alice", ReadyAssault(target="3"), [6, 1, 1, 1, 1]).state  # carol behind, to (1, 2)
    state = play(state, "alice", TakePlace(take=True)).state  # alice to (0, 2)
    state = play(state, "bob", ReadyAssault(target="1"), [6, 1, 1, 1, 1]).state  # (1, 2) is taken
    assert state.ask.kind is AskKind.RETREAT and state.ask.player == "alice" and state.ask.options == ["1", "3"]
    state = play(state, "alice", TakeCell(column=3)).state
    assert state.riders["1"].cell == (1, 3) and state.ask.kind is AskKind.TAKE_PLACE and state.ask.player == "bob"


def test_three_players_are_refused() -> None:
    # 000 V.1 and V.4.6: four riders, or two players with two each
    with pytest.raises(Exception, match="four players, or by two"):
        opened(3)


def test_fully_crossing_a_skid_trigger_takes_the_safe_skid_test() -> None:
    # 000 V.4.3: 2D6 + Ability greater than the distance moved passes; otherwise a Random Movement
    # Roll whose direction the player in last place chooses (V.4.4)
    track = Track({"1": Racer((5.0, 2.5)), "2": Racer((30.0, 20.0), facing=270.0)}, order=["1", "2"])
    rolled = play(track.build(), "alice", RollSpeed(), [1, 2]).state  # 5"
    clean = play(rolled, "alice", Ride(heading=135.0, distance=5.0), [3, 3])
    assert clean.state.riders["1"].gates == 2 and clean.state.ask.kind is AskKind.SECOND
    assert "corner clean" in texts(clean.events)
    wide = play(rolled, "alice", Ride(heading=135.0, distance=5.0), [1, 1, 3, d3(1)]).state
    assert wide.ask.kind is AskKind.DIRECTION and wide.ask.player == "bob" and wide.ask.distance == 2.0
    sent = play(wide, "bob", Steer(heading=90.0)).state
    assert sent.riders["1"].y == pytest.approx(wide.riders["1"].y + 2.0)
    assert sent.ask.kind is AskKind.SECOND and sent.ask.player == "alice"


def test_the_piglet_appears_on_the_finish_line_after_the_first_rider_crosses_the_last_trigger() -> None:
    # 000 V.4.1.1: once the first rider has fully crossed the last Skid Trigger and finished its Move,
    # the Piglet is placed on the centre of the Finish Line; it runs D6+3" before the next initiative,
    # steered by the player in last place, away from riders and the Circuit when it can be
    track = Track({"1": Racer((33.0, 7.0), gates=4), "2": Racer((30.0, 20.0), facing=270.0)}, order=["1"])
    rolled = play(track.build(), "alice", RollSpeed(), [1, 3]).state  # 6"
    crossed = play(rolled, "alice", Ride(heading=225.0, distance=4.0), [1, 3]).state  # skid 4+3 > 4
    assert crossed.riders["1"].gates == 5 and not crossed.piglet.placed
    placed = play(crossed, "alice", EndActivation(), [2]).state  # the next turn: the Piglet's D6+3 = 5"
    assert placed.piglet.placed and placed.piglet.x == pytest.approx(18.0)
    assert placed.ask.kind is AskKind.PIGLET and placed.ask.player == "bob" and placed.ask.distance == 5.0
    headings = {a.heading for a in GAME.legal_actions(placed, "bob")}
    assert 180.0 in headings and 90.0 not in headings  # north runs into the central stand
    ran = play(placed, "bob", Steer(heading=180.0), [4, 2]).state
    assert (ran.piglet.x, ran.piglet.y) == pytest.approx((13.0, placed.piglet.y))
    assert ran.activation is not None and ran.order[0] == "1"


def test_crossing_the_finish_line_with_the_piglet_after_two_laps_wins() -> None:
    # 000 V.1 and V.4.1: the race lasts two laps; crossing the Finish Line with the Piglet wins;
    # V.5 Unexpected End when it is an Unridden Boar
    track = Track({"1": Racer((19.5, 5.0), gates=10, piglet=True, ridden=False), "2": Racer((30.0, 20.0))},
                  order=["1", "2"])
    rolled = play(track.build(), "alice", RollSpeed(), [1, 1]).state
    won = play(rolled, "alice", Ride(heading=225.0, distance=4.0))
    assert won.state.phase is Phase.OVER and won.state.winner == "1"
    outcome = GAME.outcome(won.state)
    assert outcome is not None and outcome.placings == [["alice"], ["bob"]]
    assert won.state.feats == {"Unexpected End": "alice"} and "wins" in texts(won.events)
    early = Track({"1": Racer((19.5, 5.0), gates=5, piglet=True), "2": Racer((30.0, 20.0))}, order=["1", "2"])
    rolled = play(early.build(), "alice", RollSpeed(), [1, 1]).state
    lap = play(rolled, "alice", Ride(heading=180.0, distance=4.0)).state
    assert lap.phase is Phase.RACE and lap.riders["1"].laps == 1
    assert lap.feats == {"Leading the Race": "alice"}  # 000 V.5: across the line after the first lap


def test_race_position_decides_who_is_last() -> None:
    # 000 V.4.1.1 and V.4.4: the rider in last place steers; position is laps, gates, then how far round
    track = Track({"1": Racer((14.0, 5.0), gates=1), "2": Racer((3.0, 20.0), gates=2),
                   "3": Racer((25.0, 5.0), gates=1)}, active=None)
    standings = [r.id for r in GAME._standings(track.build())]
    assert standings == ["2", "1", "3"]
    view = GAME.view(track.build(), None)
    assert {r.id: r.position for r in view.riders} == {"1": 2, "2": 1, "3": 3}


@pytest.mark.parametrize("players", [2, 4])
def test_random_races_end_and_replay(players: int) -> None:
    for seed in range(3):
        result = play_random(GAME, players, seed)
        assert result.finished
        assert GAME.replay(result.state.seats, None, seed, result.log) == result.state


def test_racers_bring_the_piglet_home() -> None:
    # 000 V.1: a race ends when a rider crosses the Finish Line with the Piglet after two laps; players
    # who race (tests/rules/thatll_do_pigs/track.racer) get there in some races, in others every Boar crashes
    from tests.rules.thatll_do_pigs.track import racer

    winners = 0
    for seed in range(12):
        result = play_random(GAME, 4, seed, policy=lambda g, s, p, legal, dice: racer(s, p, legal, s.version))
        assert result.finished
        if result.state.winner is not None:
            winners += 1
            assert result.state.riders[result.state.winner].laps >= 2
    assert winners >= 1


def test_the_piglet_may_pivot_on_its_run() -> None:
    # 000 V.4.1.1: the Piglet moves D6+3" and "can perform any number of Pivots during its move"
    track = Track({"1": Racer((15.5, 5.0), gates=6), "2": Racer((30.0, 20.0), gates=6)}, active=None,
                  order=["1", "2"], piglet=(20.0, 4.0))
    state = track.build()
    state.ask = Ask(kind=AskKind.PIGLET, player="alice", distance=6.0)
    ran = play(state, "alice", Steer(heading=90.0, via=[(23.0, 4.0)]), [3, 5]).state  # then initiative
    assert (ran.piglet.x, ran.piglet.y) == pytest.approx((23.0, 7.0))
    assert ran.trails[-1] == [(20.0, 4.0), (23.0, 4.0), pytest.approx((23.0, 7.0))]
    with pytest.raises(Exception, match="farther than the Piglet runs"):
        play(state, "alice", Steer(heading=90.0, via=[(28.0, 4.0)]))
    with pytest.raises(Exception, match="clear of the riders"):
        play(state, "alice", Steer(heading=180.0, via=[(20.0, 5.0)]))  # west, straight into rider 1


@pytest.mark.parametrize(("tied", "first"), [(2, "alice"), (6, "bob")])
def test_tied_deployment_rolls_follow_the_brood_ages_in_a_campaign(tied: int, first: str) -> None:
    # 000 V.3 ("in case of a tie, the procedure p. 6 should apply") and Campaign Rules 4: on 1-3 the
    # younger brood counts as higher, on 4-6 the older
    seats = [Seat(player=p, name=p.title(), pick="common", colour=i) for i, p in enumerate(PLAYERS[:4])]
    ages = {"alice": 0, "bob": 1, "carol": 2, "dave": 3}
    dice = ScriptedDice(LAYOUT + [tied, tied, 1, 1])
    state = GAME.start(seats, {"ages": ages}, 1, dice=dice).state
    assert dice.remaining == []
    assert state.order[:2] == (["1", "2"] if first == "alice" else ["2", "1"])
    assert state.order[2:] == ["3", "4"]  # the 1s tie too: younger Carol counts higher


def test_the_race_is_called_after_the_last_game_turn() -> None:
    # reading race-length
    from rules.orclympics.thatll_do_pigs.engine import TURN_LIMIT

    track = Track({"1": Racer((14.0, 5.0), gates=3), "2": Racer((30.0, 5.0), gates=1)}, order=["1"],
                  turn=TURN_LIMIT)
    rolled = play(track.build(), "alice", RollSpeed(), [1, 1]).state
    over = play(rolled, "alice", Ride(heading=90.0, distance=1.0)).state
    over = play(over, "alice", EndActivation()).state
    assert over.phase is Phase.OVER and over.winner is None
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.placings[:2] == [["alice"], ["bob"]] and "called" in outcome.summary


def test_every_reading_is_in_the_rules_text() -> None:
    from rules.orclympics.thatll_do_pigs import GUIDE, READINGS

    assert len(READINGS) >= 10 and all(text in GUIDE for text in READINGS.values())


def test_tied_game_turn_initiative_goes_by_brood_age_in_a_campaign() -> None:
    # 000 V.4.1 (roll again) and Campaign Rules 4 (in a campaign: 1-3 the younger brood, 4-6 the older)
    track = Track({"1": Racer((14.0, 5.0)), "2": Racer((30.0, 20.0)), "3": Racer((30.0, 30.0)),
                   "4": Racer((6.0, 30.0))}, order=["1"])
    state = track.build()
    state.ages = {"alice": 3, "bob": 2, "carol": 1, "dave": 0}
    rolled = play(state, "alice", RollSpeed(), [1, 1]).state
    moved = play(rolled, "alice", Ride(heading=90.0, distance=1.0)).state
    young = play(moved, "alice", EndActivation(), [2, 2, 2, 2]).state
    assert young.order == ["4", "3", "2", "1"]
    old = play(moved, "alice", EndActivation(), [6, 6, 6, 6]).state
    assert old.order == ["1", "2", "3", "4"]


# -- issue 24: departures from the text, each pinned by its section ---------------------------------


def test_v_1_the_race_ends_the_moment_the_piglet_crosses_the_line_after_two_laps() -> None:
    """000 V 1 ("At that moment, the race ends") and V 4.1: the rider carrying the Piglet fully crosses
    the Finish Line on its third crossing (its second lap done) and then, on the same Move, runs into
    the board edge, a Public Area. The race is over at the crossing: no Falling Test, no throw-back
    (V 4.2.1) that would carry it back over the line (reading finish-moment)."""
    from rules.orclympics.thatll_do_pigs.guide import READINGS

    track = Track({"1": Racer((19.5, 1.6), gates=10, piglet=True), "2": Racer((30.0, 20.0), facing=270.0)},
                  order=["1", "2"])
    rolled = play(track.build(), "alice", RollSpeed(), [1, 1]).state  # 4"
    won = play(rolled, "alice", Ride(heading=200.0, distance=4.0))  # the line after 2.3", the edge after 2.8"
    assert won.state.phase is Phase.OVER and won.state.winner == "1"
    assert "crowd goes for" not in texts(won.events) and "wins" in texts(won.events)
    rider = won.state.riders["1"]
    assert rider.x < 18.0 and rider.laps == 2 and (won.state.piglet.x, won.state.piglet.y) == rider.xy
    outcome = GAME.outcome(won.state)
    assert outcome is not None and outcome.placings == [["alice"], ["bob"]]
    # the same run without the Piglet only counts the lap, and the crowd still throws the rider back
    bare = Track({"1": Racer((19.5, 1.6), gates=10), "2": Racer((30.0, 20.0), facing=270.0)}, order=["1", "2"])
    rolled = play(bare.build(), "alice", RollSpeed(), [1, 1]).state
    thrown = play(rolled, "alice", Ride(heading=200.0, distance=4.0), [6, 6]).state  # keeps its seat; 6" back
    assert thrown.phase is Phase.RACE and thrown.riders["1"].laps == 2 and thrown.riders["1"].x > 18.0
    assert "finish-moment" in READINGS


@pytest.mark.parametrize("initiative", [[5, 2], [2, 5]])
def test_v_3_and_v_4_1_the_running_up_boar_goes_first_in_game_turn_1_with_two_players(
        initiative: list[int]) -> None:
    """000 V 3 (the Running Up Boar is the first rider activated in the first Game Turn), V 4.1 (it has
    the highest Initiative automatically) and V 4.6 (two players take turns): bob's second rider ran up,
    so it goes first, without bob being asked which rider; then alice, bob, alice, whoever rolled
    higher for Game Turn 1."""
    seats = [Seat(player="alice", name="Alice", pick="common", colour=0),
             Seat(player="bob", name="Bob", pick="common", colour=1)]
    state = GAME.start(seats, None, 1, dice=ScriptedDice(LAYOUT + [5, 2])).state  # alice rolls higher
    for player, column in (("alice", 0), ("bob", 1), ("alice", 2)):
        state = play(state, player, TakeCell(column=column)).state
    while state.ask.kind is AskKind.READY:
        state = play(state, state.ask.player, ReadyAssault(target=None)).state
    assert state.ask.kind is AskKind.RUN_UP and state.ask.rider == "2b"
    started = play(state, "bob", TakeCell(column=3), initiative).state
    assert started.turn == 1 and started.activation is not None and started.activation.rider == "2b"
    assert started.ask.kind is AskKind.MOVE and started.ask.player == "bob"
    rolled = play(started, "bob", RollSpeed(), [1, 1]).state
    moved = play(rolled, "bob", Ride(heading=180.0, distance=1.0)).state
    after = play(moved, "bob", EndActivation()).state
    assert after.ask.kind is AskKind.ACTIVATE and after.ask.player == "alice"  # then the players take turns
    assert [state.riders[slot].player for slot in after.order] == ["bob", "alice", "bob", "alice"]
