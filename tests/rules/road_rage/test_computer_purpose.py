"""A `normal` computer uses its Action Points in Road Rage (issue 24: a Chariot ended its turn at
speed 0 with 9 Action Points): from a standstill it speeds up and moves, with a small search budget;
and it plays no Dirty Trick that cannot work (13% of its moves changed nothing, most of them tricks
that failed at Skill 1)."""

from __future__ import annotations

import pytest

from rules.core.computer import Level, decide
from rules.core.geometry import centre_distance
from rules.core.search import Budget, tactics_of
from rules.orclympics.road_rage.circuits import ready
from rules.orclympics.road_rage.computer import off_course, trick_chance
from rules.orclympics.road_rage.models import DirtyTricks, EndTurn, OuttaDaWay, Pivot
from tests.rules.road_rage.track import GAME, Car, Race

SMALL = Budget(iterations=30, depth=6)
TACTICS = tactics_of(GAME)


def standstill(facing: float, ap: int = 9) -> object:
    cells = ready("oval", 36.0).cells(2)
    return Race({"alice": Car(cells[0], facing=facing), "bob": Car((30.0, 30.0), facing=facing)}, ap=ap).build()


@pytest.mark.parametrize("facing", [90.0, 270.0])
@pytest.mark.parametrize("seed", range(3))
def test_a_chariot_at_a_standstill_does_not_end_its_turn_there(facing: float, seed: int) -> None:
    # VI.4.2: Speed Changes cost an Action Point each; a Chariot at speed 0 with 9 to spend uses them
    state = standstill(facing)
    assert not isinstance(decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, SMALL), EndTurn)


@pytest.mark.parametrize("seed", range(2))
def test_a_chariot_with_action_points_drives_off_in_its_turn(seed: int) -> None:
    state = standstill(180.0)
    start = state.chariots["alice"].xy
    for n in range(30):
        if "alice" not in GAME.waiting_for(state) or state.current is None or state.current.player != "alice":
            break
        state = GAME.apply(state, "alice", decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL,
                                                  seed * 100 + n, SMALL)).state
    assert centre_distance(state.chariots["alice"].xy, start) > 1.0


def side_by_side(skill: int = 3, target_skill: int = 3, chassis: int = 5, rerolls: tuple[str, ...] = (),
                 target_chassis: int = 3) -> object:
    """Alice on the Starting Line, moving, with Bob's Chariot in the next cell (well within 3")."""
    cells = ready("oval", 36.0).cells(2)
    return Race({"alice": Car(cells[0], facing=90.0, speed=1, skill=skill, chassis=chassis, rerolls=list(rerolls)),
                 "bob": Car(cells[1], facing=90.0, skill=target_skill, chassis=target_chassis)}, ap=6).build()


def tricks(state: object) -> list[DirtyTricks]:
    legal = GAME.legal_actions(state, "alice")
    return [a for a in TACTICS.sensible(state, "alice", legal) if isinstance(a, DirtyTricks)]


def test_both_dirty_tricks_are_considered_when_they_can_work() -> None:
    # VI 4.2.4: with an enemy within 3" and a fair Skill Test both effects are open
    state = side_by_side()
    assert {a.effect for a in GAME.legal_actions(state, "alice") if isinstance(a, DirtyTricks)} == {"skill", "chassis"}
    assert {a.effect for a in tricks(state)} == {"skill", "chassis"}


def test_no_trick_to_lower_a_driver_skill_already_at_one() -> None:
    # VI 4.2.4 (seed 000 lines 1239-1240): "loses one Driver Skill point ... to a minimum of one"
    assert [a.effect for a in tricks(side_by_side(target_skill=1))] == ["chassis"]


def test_no_chassis_trick_that_would_wreck_its_own_chariot() -> None:
    # VI 4.2.4: "both Chariots lose one Chassis Point"; at one left, that is its own wreck
    assert [a.effect for a in tricks(side_by_side(chassis=1))] == ["skill"]


def test_a_chassis_trick_keeps_its_own_chariot_out_of_one_crash_of_its_wreck() -> None:
    # VI 4.3: a crash costs D3 Chassis Points; a trick that leaves 3 or fewer puts its own Chariot one
    # crash from its wreck: only worth it when it wrecks the target (at one Chassis Point left)
    assert [a.effect for a in tricks(side_by_side(chassis=4))] == ["skill"]
    assert {a.effect for a in tricks(side_by_side(chassis=4, target_chassis=1))} == {"skill", "chassis"}
    assert {a.effect for a in tricks(side_by_side(chassis=5))} == {"skill", "chassis"}


def test_a_driver_at_skill_one_plays_no_dirty_tricks() -> None:
    # VI 4.2.3 Skill Test (seed 000 line 1232): a 1 always passes, so a Skill 1 driver passes one time in six, and its
    # failure (lose a Skill point, to a minimum of one: lines 1243-1245) changes nothing
    state = side_by_side(skill=1)
    assert any(isinstance(a, DirtyTricks) for a in GAME.legal_actions(state, "alice"))
    assert tricks(state) == []
    assert trick_chance(state.chariots["alice"], state.chariots["bob"]) == pytest.approx(1 / 6)
    for seed in range(3):
        made = decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, SMALL)
        assert not isinstance(made, DirtyTricks)


def test_a_reroll_and_a_big_boss_change_the_odds() -> None:
    # VI 2.1.2 (lines 1150, 1156): Dead Sneaky rerolls a failed Dirty Tricks test; a Big Boss makes it fail on 5-6
    state = side_by_side(skill=1, rerolls=("dirty",))
    assert trick_chance(state.chariots["alice"], state.chariots["bob"]) == pytest.approx(11 / 36)
    strong = side_by_side(skill=6)
    strong.chariots["bob"].big_boss = True
    assert trick_chance(strong.chariots["alice"], strong.chariots["bob"]) == pytest.approx(4 / 6)


def moved_its_distance(facing: float) -> object:
    """Alice has moved her full Current Speed this turn (the oval's first Checkpoint ahead, east
    of her), with Action Points to spare."""
    cells = ready("oval", 36.0).cells(2)
    state = Race({"alice": Car(cells[0], facing=facing, speed=1), "bob": Car((30.0, 30.0))}, ap=6).build()
    state.current.started, state.current.to_move, state.current.increments = True, 1, 1
    return state


def test_a_chariot_turns_for_the_next_checkpoint_before_it_ends_its_turn() -> None:
    # VI 4.1: a Chariot keeps its Current Speed and facing into the next turn, where the first Pivot
    # closes Speed Changes (VI 4.2.1-4.2.2): Action Points left at the end go on facing the way on
    state = moved_its_distance(facing=180.0)
    chariot = state.chariots["alice"]
    assert abs(off_course(state, chariot)) > 90.0
    legal = GAME.legal_actions(state, "alice")
    toward = 1 if off_course(state, chariot) > 0 else -1
    assert EndTurn() in legal and Pivot(turn=toward) in legal and Pivot(turn=-toward) in legal
    kept = TACTICS.sensible(state, "alice", legal)
    assert EndTurn() not in kept and Pivot(turn=-toward) not in kept and Pivot(turn=toward) in kept
    for seed in range(2):
        assert not isinstance(decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, SMALL), EndTurn)


def test_a_chariot_facing_its_checkpoint_may_end_its_turn() -> None:
    state = moved_its_distance(facing=0.0)
    state.chariots["alice"].facing = round(state.chariots["alice"].facing + off_course(state, state.chariots["alice"]))
    assert abs(off_course(state, state.chariots["alice"])) < 22.5
    assert EndTurn() in TACTICS.sensible(state, "alice", GAME.legal_actions(state, "alice"))


def test_the_standing_counts_speed_and_driver_skill() -> None:
    # VI 4.1: the Current Speed carries over; the Initiative Roll (the Action Points) is D6 + Driver Skill
    cells = ready("oval", 36.0).cells(2)
    even = Race({"alice": Car(cells[0]), "bob": Car(cells[1])}).build()
    assert GAME.standing(even)["alice"] == pytest.approx(0.5, abs=0.05)
    for field in ("speed", "skill"):
        state = Race({"alice": Car(cells[0]), "bob": Car(cells[1])}).build()
        setattr(state.chariots["alice"], field, getattr(state.chariots["alice"], field) + 1)
        assert GAME.standing(state)["alice"] > GAME.standing(even)["alice"], field


def test_no_outta_da_way_that_would_wreck_its_own_chariot() -> None:
    # VI 4.2.3: beyond its Agility a change is Outta da way! (2 Action Points, a Skill Test); a failure
    # costs a Chassis Point, which at one left is the Chariot's wreck
    cells = ready("oval", 36.0).cells(2)
    state = Race({"alice": Car(cells[0], facing=90.0, agility=0, chassis=1), "bob": Car((30.0, 30.0))}, ap=6).build()
    legal = GAME.legal_actions(state, "alice")
    assert any(isinstance(a, OuttaDaWay) for a in legal)
    assert not any(isinstance(a, OuttaDaWay) for a in TACTICS.sensible(state, "alice", legal))
    state.chariots["alice"].chassis = 2
    assert any(isinstance(a, OuttaDaWay) for a in TACTICS.sensible(state, "alice", legal))
