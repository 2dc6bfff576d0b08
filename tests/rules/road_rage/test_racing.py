"""Road Rage: Skill Tests, driving, Dirty Tricks, Ramming, Checkpoints and the end (seed 000, VI.3-VI.5)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Seat
from rules.core.errors import RuleViolation
from rules.core.geometry import distance
from rules.orclympics.road_rage.engine import chariot_shape, skill_test
from rules.orclympics.road_rage.models import (
    Advance,
    AskKind,
    Build,
    DirtyTricks,
    EndTurn,
    Escape,
    FreePivot,
    OuttaDaWay,
    Phase,
    Pivot,
    RamStat,
    SetRace,
    SpeedChange,
    TakeCell,
)
from rules.orclympics.road_rage.guide import READINGS
from tests.rules.road_rage.track import GAME, Car, Race, d3, play, texts


@pytest.mark.parametrize(("face", "skill", "passed"), [(1, 1, True), (3, 3, True), (4, 3, False), (6, 6, False),
                                                       (2, 6, True)])
def test_a_skill_test_passes_at_or_under_the_driver_skill_one_always_six_never(face: int, skill: int,
                                                                               passed: bool) -> None:
    # 000 VI.4.2.3 Skill Test
    assert skill_test(ScriptedDice([face]), skill, "test", "alice") is passed


def test_a_failed_skill_test_is_rerolled_once_when_an_upgrade_allows_and_big_bosses_fail_on_five() -> None:
    # 000 VI.2.1.2: rerolls (dice are rerolled once only); Big Boss: Dirty Tricks against it fail on 5-6
    assert skill_test(ScriptedDice([5, 2]), 3, "test", "alice", reroll=True)
    assert not skill_test(ScriptedDice([5, 6]), 3, "test", "alice", reroll=True)
    assert not skill_test(ScriptedDice([5]), 6, "test", "alice", fails_from=5)


def moving() -> Race:
    return Race({"alice": Car((26.0, 6.0), speed=2), "bob": Car((6.0, 30.0), facing=270.0)})


def test_a_chariot_moves_its_full_current_speed_in_3_inch_increments_with_pivots_between() -> None:
    # 000 VI.4.1 step 2 and VI.1.1: 3" per point of Current Speed, straight ahead; 45° Pivots before,
    # between and after increments; Speed Changes only before any movement or Pivot (VI.4.2.1)
    state = moving().build()
    with pytest.raises(RuleViolation, match="full Current Speed"):
        play(state, "alice", EndTurn())
    state = play(state, "alice", Advance()).state
    assert state.chariots["alice"].xy == pytest.approx((29.0, 6.0))
    with pytest.raises(RuleViolation, match="before any movement"):
        play(state, "alice", SpeedChange(delta=1))
    state = play(state, "alice", Pivot(turn=1)).state
    state = play(state, "alice", Advance()).state
    assert state.chariots["alice"].xy == pytest.approx((29.0 + 3 / 2 ** 0.5, 6.0 + 3 / 2 ** 0.5))
    assert state.current.ap == 5
    ended = play(state, "alice", EndTurn()).state
    assert ended.current.player == "bob" and ended.chariots["alice"].speed == 2  # momentum is kept


def test_speed_changes_and_pivots_share_the_agility_limit_and_outta_da_way_goes_beyond() -> None:
    # 000 VI.4.2.1-3: Speed Changes + Pivots per turn at most Agility; beyond it Outta da way! for 2 AP
    # and a Skill Test: passed, the change happens; failed, a Chassis Point is lost
    race = Race({"alice": Car((26.0, 6.0), speed=1, agility=1), "bob": Car((6.0, 30.0), facing=270.0)})
    state = play(race.build(), "alice", SpeedChange(delta=1)).state
    assert state.chariots["alice"].speed == 2
    assert Pivot(turn=1) not in GAME.legal_actions(state, "alice")
    with pytest.raises(RuleViolation, match="Agility 1 is used up"):
        play(state, "alice", Pivot(turn=1))
    done = play(state, "alice", OuttaDaWay(turn=1), [3]).state
    assert done.chariots["alice"].facing == 45.0 and done.current.ap == 3
    failed = play(state, "alice", OuttaDaWay(speed=1), [4]).state
    assert failed.chariots["alice"].speed == 2 and failed.chariots["alice"].chassis == 2
    assert "fails" in texts(play(state, "alice", OuttaDaWay(speed=1), [4]).events)


def test_dirty_tricks_on_the_nearest_enemy_within_three_inches() -> None:
    # 000 VI.4.2.4: passed, the enemy loses a Driver Skill point (minimum 1) or both lose a Chassis Point;
    # failed, the trickster loses a Driver Skill point
    race = Race({"alice": Car((26.0, 6.0)), "bob": Car((26.0, 8.0))})
    state = race.build()
    assert distance(chariot_shape(state.chariots["alice"]), chariot_shape(state.chariots["bob"])) <= 3.0
    hit = play(state, "alice", DirtyTricks(effect="skill"), [2]).state
    assert hit.chariots["bob"].skill == 2 and hit.current.ap == 5
    bash = play(state, "alice", DirtyTricks(effect="chassis"), [2]).state
    assert bash.chariots["bob"].chassis == 2 and bash.chariots["alice"].chassis == 2
    oops = play(state, "alice", DirtyTricks(effect="skill"), [5]).state
    assert oops.chariots["alice"].skill == 2 and oops.chariots["bob"].skill == 3
    far = Race({"alice": Car((26.0, 6.0)), "bob": Car((26.0, 12.0))}).build()
    assert not any(isinstance(a, DirtyTricks) for a in GAME.legal_actions(far, "alice"))


def ramming() -> Race:
    """alice drives east into bob, standing 2" ahead across her way."""
    return Race({"alice": Car((20.0, 6.0), speed=2), "bob": Car((23.5, 6.0), facing=90.0)})


def test_ramming_stops_the_move_and_a_winning_rammer_hurts_both_by_one_d3() -> None:
    # 000 VI.4.3: D6 + Current Speed + Agility or Chassis Points (each side chooses); attacker equal or
    # higher: each Chariot loses the same D3; V.5 Bloodlust
    state = play(ramming().build(), "alice", Advance()).state
    assert state.ask.kind is AskKind.RAM_STAT and state.ask.players == ["alice"]
    state = play(state, "alice", RamStat(stat="chassis")).state
    assert state.ask.players == ["bob"]
    after = play(state, "bob", RamStat(stat="agility"), [4, 3, d3(2)])
    a, b = after.state.chariots["alice"], after.state.chariots["bob"]
    assert (a.chassis, b.chassis) == (1, 1) and "9 against 6" in texts(after.events)
    assert distance(chariot_shape(a), chariot_shape(b)) == pytest.approx(1.0, abs=0.06)
    assert after.state.feats == {"Bloodlust": "alice"}
    legal = GAME.legal_actions(after.state, "alice")
    assert EndTurn() in legal and Advance() not in legal  # the movement is over; Pivots may follow


def test_a_defender_winning_the_roll_chooses_escape_or_take_the_hit() -> None:
    # 000 VI.4.3: Escape! no damage, 1" apart, the defender's free Pivot; Take the hit! D3 each, 1" apart,
    # the rammer's free Pivot
    state = play(play(ramming().build(), "alice", Advance()).state, "alice", RamStat(stat="chassis")).state
    lost = play(state, "bob", RamStat(stat="agility"), [1, 6]).state
    assert lost.ask.kind is AskKind.ESCAPE and lost.ask.players == ["bob"]
    escaped = play(lost, "bob", Escape(escape=True)).state
    assert escaped.chariots["alice"].chassis == 3 and escaped.ask.kind is AskKind.FREE_PIVOT
    assert escaped.ask.players == ["bob"]
    turned = play(escaped, "bob", FreePivot(turn=1)).state
    assert turned.chariots["bob"].facing == 135.0 and turned.ask.players == ["alice"]
    hit = play(lost, "bob", Escape(escape=False), [d3(1)]).state
    assert (hit.chariots["alice"].chassis, hit.chariots["bob"].chassis) == (2, 2)
    assert hit.ask.kind is AskKind.FREE_PIVOT and hit.ask.players == ["alice"]


def test_hitting_terrain_is_ramming_something_that_never_breaks() -> None:
    # 000 VI.4.3: a Terrain Feature counts as Speed 0, Skill 0, Agility 6, Chassis 6, rolled for by the
    # nearest rival's owner; V.5 This way?; a Chariot at 0 Chassis Points is destroyed
    race = Race({"alice": Car((6.0, 4.5), facing=90.0, speed=1), "bob": Car((14.0, 3.0)),
                 "carol": Car((30.0, 20.0), facing=90.0)})
    state = play(race.build(), "alice", Advance()).state
    state = play(state, "alice", RamStat(stat="chassis"), [2, 5]).state
    assert state.ask.kind is AskKind.ESCAPE and state.ask.players == ["bob"]  # the nearest rival decides
    wrecked = play(state, "bob", Escape(escape=False), [d3(3)])
    assert wrecked.state.chariots["alice"].destroyed and wrecked.state.wrecked == ["alice"]
    assert wrecked.state.feats == {"This way?": "alice"} and wrecked.state.current.player == "bob"


def test_checkpoints_in_order_and_the_race_ends_after_the_game_turn_of_the_last_lap() -> None:
    # 000 VI.2.2 (Checkpoints 1-3, the third the Goal) and VI.4.4: completing the laps by touching the
    # third Checkpoint; the game ends after that Game Turn; the others are placed by position
    race = Race({"alice": Car((4.0, 21.0), facing=270.0, speed=1, next_gate=2, laps=1),
                 "bob": Car((30.0, 14.5), facing=90.0, speed=1)}, laps=2)
    state = play(race.build(), "alice", Advance()).state
    assert state.chariots["alice"].laps == 2 and state.chariots["alice"].finished == 1
    state = play(state, "alice", EndTurn()).state
    assert state.phase is Phase.RACE and state.current.player == "bob"
    state = play(state, "bob", Advance()).state  # bob touches Checkpoint 1 on the east straight
    assert state.chariots["bob"].next_gate == 1
    over = play(state, "bob", EndTurn()).state
    assert over.phase is Phase.OVER
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.placings == [["alice"], ["bob"]]
    assert over.feats.get("I'm the Fastass!") is None  # nobody changed speed in this race


def test_building_choosing_the_circuit_deploying_and_the_first_initiative() -> None:
    # 000 VI.2 and VI.3: builds, the circuit and laps (D3+2 when not agreed), deployment at Current Speed 0;
    # VI.4.1: Initiative D6 + Driver Skill, ties rolled again, the lowest first, Action Points = the roll
    seats = [Seat(player="alice", name="Alice", pick="common", colour=0),
             Seat(player="bob", name="Bob", pick="feral", colour=1)]
    state = GAME.start(seats, None, 1).state
    assert state.phase is Phase.BUILD and set(GAME.waiting_for(state)) == {"alice", "bob"}
    with pytest.raises(RuleViolation, match="Common Orc drivers only|Feral Orc drivers only"):
        play(state, "bob", Build(driver="born_to_race"))
    state = play(state, "alice", Build(driver="born_to_race", upgrades=["moar_boar"])).state
    state = play(state, "bob", Build(driver="born_lucky", upgrades=["wolves"])).state
    assert state.chariots["alice"].top_speed == 5 and state.chariots["bob"].agility == 4
    state = play(state, "alice", SetRace(circuit="oval", laps=0), [d3(2), 6, 2]).state  # 4 laps; alice first
    assert state.laps == 4 and state.order == ["alice", "bob"] and state.phase is Phase.DEPLOY
    state = play(state, "alice", TakeCell(cell=0)).state
    started = play(state, "bob", TakeCell(cell=1), [3, 2]).state  # alice 3+4 = 7, bob 2+3 = 5
    assert started.phase is Phase.RACE and started.chariots["alice"].speed == 0
    assert started.order == ["bob", "alice"] and started.current.player == "bob" and started.current.ap == 5
    tied = play(state, "bob", TakeCell(cell=1), [3, 4, 1, 6]).state  # 7 and 7: both roll again, 5 and 9
    assert tied.order == ["alice", "bob"] and tied.current.ap == 5


@pytest.mark.parametrize(("faces", "order"), [([3, 4], ["bob", "alice"]), ([5, 6], ["alice", "bob"])])
def test_a_campaign_settles_a_tied_initiative_by_brood_age(faces: list[int], order: list[str]) -> None:
    # 000 Campaign Rules 4 on VI.4.1: no reroll; the lowest tied die 1-3 counts the younger brood higher,
    # 4-6 the older (reading age-ties-skill); the higher Initiative drives later
    race = Race({"alice": Car((26.0, 6.0), skill=4), "bob": Car((6.0, 30.0), skill=3)})
    state = race.build()
    state.ages = {"alice": 0, "bob": 1}  # alice's brood is the younger
    state.step = 1  # bob's turn of Game Turn 1 ends the turn
    state.current = state.current.model_copy(update={"player": "bob"})
    state.ask = state.ask.model_copy(update={"players": ["bob"]})
    state.order = ["alice", "bob"]
    ended = play(state, "bob", EndTurn(), faces).state  # alice faces[0]+4, bob faces[1]+3: tied
    assert ended.turn == 2 and ended.order == order
    assert "age-ties-skill" in READINGS


def test_epic_driving_and_the_fastass() -> None:
    # 000 VI.5: Epic Driving (a 90° turn in one Player Turn); I'm the Fastass! (the top Current Speed
    # reached, the first to reach it on a tie), decided at the end
    race = Race({"alice": Car((26.0, 6.0), speed=1), "bob": Car((6.0, 30.0), facing=270.0)})
    state = play(race.build(), "alice", SpeedChange(delta=1)).state
    state = play(state, "alice", Pivot(turn=1)).state
    assert state.feats == {}
    state = play(state, "alice", Pivot(turn=1)).state
    assert state.feats == {"Epic Driving": "alice"} and state.fastest == (2, "alice")


def test_every_reading_is_in_the_rules_text() -> None:
    from rules.orclympics.road_rage import GUIDE, READINGS

    assert len(READINGS) >= 8 and all(text in GUIDE for text in READINGS.values())


def test_players_may_draw_their_own_circuit_by_coordinates_on_a_48_inch_board() -> None:
    # 000 VI.2.2: place three Checkpoints, numbered 1 to 3, anywhere, and a few Terrain Features;
    # a 36x36" or 48x48" board (reading custom-circuit: the Starting Line by the south edge)
    from rules.orclympics.road_rage.models import CircuitDone, PlaceGate, PlaceTerrain

    seats = [Seat(player="alice", name="Alice", pick="common", colour=0),
             Seat(player="bob", name="Bob", pick="iron", colour=1)]
    state = GAME.start(seats, None, 1).state
    state = play(state, "alice", Build(driver="boar_boss")).state
    state = play(state, "bob", Build(driver="big_boss")).state
    state = play(state, "alice", SetRace(circuit="custom", laps=3, board=48.0)).state
    assert state.size == 48.0 and state.ask.kind is AskKind.PLACE and state.ask.players == ["alice"]
    with pytest.raises(RuleViolation, match="all three Checkpoints"):
        play(state, "alice", CircuitDone())
    with pytest.raises(RuleViolation, match="off the 48"):
        play(state, "alice", PlaceGate(number=1, a=(40.0, 20.0), b=(50.0, 20.0)))
    for number, a, b in ((1, (34.0, 24.0), (46.0, 24.0)), (2, (24.0, 34.0), (24.0, 46.0)), (3, (2.0, 24.0), (14.0, 24.0))):
        state = play(state, "alice", PlaceGate(number=number, a=a, b=b)).state
    with pytest.raises(RuleViolation, match="Starting Line"):
        play(state, "alice", PlaceTerrain(x=16.0, y=3.0))
    state = play(state, "alice", PlaceTerrain(x=24.0, y=24.0, width=12.0, height=12.0)).state
    lined = play(state, "alice", CircuitDone(), [6, 2]).state
    assert lined.phase is Phase.DEPLOY and lined.blocks == [(24.0, 24.0, 12.0, 12.0)]
    assert lined.gates[2] == ((2.0, 24.0), (14.0, 24.0))


# -- issue 24: departures from the text, each pinned by its section ---------------------------------


def test_vi_4_2_4_dirty_tricks_stay_allowed_after_pivots_made_before_the_first_increment() -> None:
    """000 VI 4.2.4: Dirty Tricks come "before and after a Chariot's move". A 45° Pivot made before the
    first 3" increment (VI 4.2.2) is not the move, so a trick may still follow it; between increments
    it may not; after the last increment it may again (reading tricks-timing)."""
    race = Race({"alice": Car((26.0, 6.0), speed=2), "bob": Car((27.5, 8.5))})
    state = play(race.build(), "alice", Pivot(turn=1)).state
    state = play(state, "alice", Pivot(turn=-1)).state
    assert DirtyTricks(effect="skill") in GAME.legal_actions(state, "alice")
    tricked = play(state, "alice", DirtyTricks(effect="skill"), [2]).state
    assert tricked.chariots["bob"].skill == 2 and tricked.current.ap == 3
    moving = play(tricked, "alice", Advance()).state  # one increment done, one owed: in the middle
    assert not any(isinstance(a, DirtyTricks) for a in GAME.legal_actions(moving, "alice"))
    with pytest.raises(RuleViolation, match="before or after the move"):
        play(moving, "alice", DirtyTricks(effect="chassis"))
    moved = play(moving, "alice", Advance()).state  # the move is over: tricks again
    assert DirtyTricks(effect="chassis") in GAME.legal_actions(moved, "alice")
    assert "tricks-timing" in READINGS


def test_vi_5_epic_driving_counts_the_free_pivot_a_ram_grants_in_your_player_turn() -> None:
    """000 VI 5 Epic Driving (a 90° turn in your Player Turn) with VI 4.3 Take the hit!: the rammer's
    free 45° Pivot and a paid 45° Pivot the same way, in its own Player Turn, make the 90°. The rammed
    Chariot's free Pivot (Escape!) falls in someone else's Player Turn, so it does not count for it
    (reading epic-driving)."""
    state = play(play(ramming().build(), "alice", Advance()).state, "alice", RamStat(stat="chassis")).state
    lost = play(state, "bob", RamStat(stat="agility"), [1, 6]).state  # alice 1+2+3 = 6 < bob 6+0+3 = 9
    hit = play(lost, "bob", Escape(escape=False), [d3(1)]).state
    assert hit.ask.kind is AskKind.FREE_PIVOT and hit.ask.players == ["alice"]
    swung = play(hit, "alice", FreePivot(turn=1)).state
    assert swung.chariots["alice"].facing == 45.0 and swung.feats == {}
    epic = play(swung, "alice", Pivot(turn=1)).state
    assert epic.chariots["alice"].facing == 90.0 and epic.feats == {"Epic Driving": "alice"}
    back = play(swung, "alice", Pivot(turn=-1)).state  # the other way: no 90° turn
    assert back.feats == {}
    escaped = play(lost, "bob", Escape(escape=True)).state
    turned = play(escaped, "bob", FreePivot(turn=1)).state
    assert turned.feats == {} and turned.current.player == "alice" and turned.current.turning == 0
    assert "Player Turn" in READINGS["epic-driving"]


def test_vi_4_4_the_first_chariot_to_complete_the_laps_wins_even_if_wrecked_on_its_victory_lap() -> None:
    """000 VI 4.4: the first Chariot to complete the laps "wins this discipline", and stays on the
    circuit for a victory lap until the Game Turn ends. Wrecked later in that Game Turn (here by a
    Dirty Trick), it still wins; the others are placed by position (reading winner-wrecked)."""
    race = Race({"alice": Car((4.0, 21.0), facing=270.0, speed=1, next_gate=2, laps=1, chassis=1),
                 "bob": Car((6.5, 18.0), facing=270.0)}, laps=2)
    state = play(race.build(), "alice", Advance()).state
    assert state.chariots["alice"].finished == 1
    state = play(state, "alice", EndTurn()).state
    assert state.current.player == "bob"
    wrecked = play(state, "bob", DirtyTricks(effect="chassis"), [2]).state  # both lose a Chassis Point
    assert wrecked.chariots["alice"].destroyed and wrecked.feats == {"Bite the Dust": "bob"}
    over = play(wrecked, "bob", EndTurn())
    assert over.state.phase is Phase.OVER and "Alice wins" in texts(over.events)
    outcome = GAME.outcome(over.state)
    assert outcome is not None and outcome.placings == [["alice"], ["bob"]]
    assert {c.player: c.position for c in GAME.view(over.state, None).chariots}["alice"] == 1
    assert GAME.standing(over.state)["alice"] > GAME.standing(over.state)["bob"]
    assert "winner-wrecked" in READINGS
