"""How a Brood Rumble ends (seed 000, II.1) and the readings of the guide not tested elsewhere,
each by its name; a last test makes sure every reading is named in some test."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Seat
from rules.core.errors import RuleViolation
from rules.core.geometry import mm
from rules.orclympics.broods import Brood
from rules.orclympics.brood_rumble.board import BARREL_DIAMETER, BOARD, FEATURE_SIZES, ORC_BASE
from rules.orclympics.brood_rumble.guide import GUIDE, READINGS
from rules.orclympics.brood_rumble.models import (
    AskKind,
    Attack,
    Block,
    BonusThrow,
    ChooseAttack,
    ChooseDefence,
    EndActivation,
    FallBack,
    Feat,
    FeatureKind,
    Grab,
    Phase,
    PlaceFeature,
    Throw,
)
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, fighting, play, texts

SIDE = ORC_BASE.width


# -- II.1 the end ----------------------------------------------------------------------------------


def last_stand(players: int = 2) -> object:
    orcs = {"A1": Fighter((4, 4)), "B3": Fighter((4 + SIDE, 4), hp=2)}
    return fighting(Arena(orcs, active=None, players=players).build(), "A1", "B3")


def test_a_team_with_no_orc_left_loses() -> None:
    # 000 II.1: once all Orcs of one team are eliminated, the other team wins
    state = play(last_stand(), "alice", ChooseAttack(attack=Attack.KICK)).state
    step = play(state, "bob", ChooseDefence(block=Block.HIGH), [3])
    assert step.state.phase is Phase.OVER and step.state.winner == "A"
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.placings == [["alice"], ["bob"]]
    assert "wins the Brood Rumble" in texts(step.events)
    with pytest.raises(RuleViolation, match="over"):
        GAME.apply(step.state, "alice", EndActivation())


def test_with_four_players_the_winners_share_first_and_the_others_third() -> None:
    # 000 II.1: the two winning players both count as first, the other two as third
    state = play(last_stand(4), "alice", ChooseAttack(attack=Attack.KICK)).state
    step = play(state, "dave", ChooseDefence(block=Block.HIGH), [3])
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.placings == [["alice", "carol"], ["bob", "dave"]]
    assert [outcome.place_of(p) for p in ("alice", "carol", "bob", "dave")] == [1, 1, 3, 3]


def test_last_orcs_falling_together_is_a_draw() -> None:
    # reading "simultaneous-end": one Barrel takes out both teams' last Orcs
    orcs = {"A1": Fighter((4, 4), hp=1), "B3": Fighter((4, 9), hp=1)}
    state = Arena(orcs, barrels=[(4, 4)]).build()
    step = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 6, 271, 1, 1, 1, 1])
    assert step.state.winner == "draw"
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.placings == [["alice", "bob"]]


# -- readings ----------------------------------------------------------------------------------------


def test_sizes_we_chose() -> None:
    # reading "sizes"
    assert FEATURE_SIZES[FeatureKind.PIT] == (3.0, 3.0, True) and FEATURE_SIZES[FeatureKind.MOUND] == (3.0, 3.0, True)
    assert FEATURE_SIZES[FeatureKind.COVER] == (3.0, 1.0, False)
    assert BARREL_DIAMETER == mm(20) and (BOARD.width, BOARD.height) == (24, 24)


def test_nothing_is_stacked_on_a_platform() -> None:
    # reading "no-stacking": the 3" rule keeps every feature off the others
    dice = ScriptedDice([1, 6, 1])
    seats = [Seat(player="alice", name="Alice"), Seat(player="bob", name="Bob")]
    state = GAME.start(seats, None, 1, dice=dice).state
    state = play(state, "alice", PlaceFeature(kind=FeatureKind.PLATFORM, x=12, y=12)).state
    with pytest.raises(RuleViolation, match="3\" or less from the Platform"):
        play(state, "bob", PlaceFeature(kind=FeatureKind.PIT, x=12, y=12))


def test_with_four_players_each_orc_has_its_players_brood() -> None:
    # reading "brood-per-player"; and reading "feral-reroll" follows each Orc's own brood
    seats = [Seat(player="alice", name="Alice", pick="feral"), Seat(player="bob", name="Bob"),
             Seat(player="carol", name="Carol", pick="iron"), Seat(player="dave", name="Dave")]
    state = GAME.start(seats, None, 1, dice=ScriptedDice([1, 6, 1])).state
    assert [state.orcs[o].brood for o in ("A1", "A2", "A3", "A4")] == [Brood.FERAL] * 2 + [Brood.IRON] * 2
    assert "feral-reroll" in READINGS


def test_a_catch_thrown_back_into_cover_bursts() -> None:
    # reading "flight": A3, hit by a bounce, catches and throws back at A1 -- through a wall
    orcs = {"A1": Fighter((4, 4)), "B3": Fighter((4, 9)), "A3": Fighter((8, 9)), "B1": Fighter((20, 22))}
    state = Arena(orcs, features={"T1": (FeatureKind.COVER, (6, 6.5))}, barrels=[(4, 4)]).build()
    step = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 4, 1, 6, 3, 3])
    assert "smashes against the Cover T1" in texts(step.events)
    assert step.state.orcs["A1"].hp == 12 and step.state.barrels == []


def test_a_caught_barrel_goes_back_even_at_a_team_mate_or_anywhere_for_its_own_thrower() -> None:
    # reading "catch-back"
    orcs = {"A1": Fighter((4, 4)), "B3": Fighter((4, 9)), "A3": Fighter((6, 9)), "B1": Fighter((20, 22))}
    state = Arena(orcs, barrels=[(4, 4)]).build()
    step = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 3, 1, 6, 3, 3, 1, 1, 1, 1])
    assert step.state.orcs["A3"].hp == 12 and step.state.orcs["A1"].hp == 11
    assert "straight back at A1" in texts(step.events)
    own = Arena({"A1": Fighter((4, 4)), "B3": Fighter((4, 9)), "B1": Fighter((20, 22))}, barrels=[(4, 4)]).build()
    paused = play(own, "alice", Throw(target="B3"), [3, 3, 1, 1, 6, 271, 6]).state
    assert paused.ask is not None and paused.ask.kind is AskKind.CATCH_THROW and paused.ask.orc == "A1"


def test_a_caught_hit_does_not_count_for_wombo_combo() -> None:
    # reading "wombo-combo"
    orcs = {"A1": Fighter((4, 4)), "B3": Fighter((4, 9)), "B4": Fighter((6, 9), brood=Brood.IRON),
            "B1": Fighter((20, 22))}
    state = Arena(orcs, barrels=[(4, 4)]).build()
    step = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 3, 1, 6, 1, 1, 1, 1])
    assert Feat.WOMBO_COMBO.value not in step.state.feats


def test_the_oh_a_barrel_throw_can_anger_the_crowd_too() -> None:
    # reading "anger"
    orcs = {"A1": Fighter((4, 4)), "B3": Fighter((4, 9)), "A3": Fighter((4 + SIDE, 9)), "B1": Fighter((20, 22))}
    mound = {"M1": (FeatureKind.MOUND, (4 + SIDE / 2 + 1.505, 4))}
    state = play(Arena(orcs, features=mound).build(), "alice", Grab(), [1]).state
    step = play(state, "alice", BonusThrow(target="B3"), [3, 3, 1, 1, 91, 2])
    assert "The crowd boos" in texts(step.events) and "grumbles" in texts(step.events)


def test_the_crowd_does_not_pick_an_orc_it_has_already_hit() -> None:
    # reading "crowd-once"
    state = Arena({"A1": Fighter((4, 4)), "B1": Fighter((20, 22), activated=True)}).build()
    state.audience_hit = ["A1"]
    step = play(state, "alice", EndActivation(), [1, 1, 1, 1, 1, 1, 1, 1, 6, 1])
    assert "Barrel throw at B1" in texts(step.events) and "at A1" not in texts(step.events)


def test_a_beating_after_a_push_still_knocks_down() -> None:
    # reading "beating-knockdown"
    state = fighting(Arena({"A1": Fighter((4, 4)), "B3": Fighter((4 + SIDE, 4)), "B1": Fighter((20, 22))},
                           active=None).build(), "A1", "B3")
    state.combat.lost["B3"] = 2  # type: ignore[union-attr]
    state = play(state, "alice", ChooseAttack(attack=Attack.HEADBUTT)).state
    step = play(state, "bob", ChooseDefence(block=Block.LOW), [6])
    assert step.state.orcs["B3"].knocked_down and step.state.orcs["B3"].xy[0] > 10
    assert step.state.ask is not None and step.state.ask.kind is AskKind.FALL_BACK
    assert Feat.ORC_PEDAGOGY.value in step.state.feats


def test_a_fall_back_stops_at_the_edge_and_never_leaves_the_board() -> None:
    # reading "fall-back"
    state = fighting(Arena({"A1": Fighter((2, 4)), "B3": Fighter((2 + SIDE, 4)), "B1": Fighter((20, 22))},
                           active=None).build(), "A1", "B3")
    state = play(state, "alice", ChooseAttack(attack=Attack.KICK)).state
    state = play(state, "bob", ChooseDefence(block=Block.HIGH), [6]).state
    step = play(state, "alice", FallBack(angle=180), [6, 1])
    assert not step.state.orcs["A1"].out and step.state.orcs["A1"].xy[0] == pytest.approx(SIDE / 2 + 0.01)


def test_the_guide_lists_every_reading_in_our_words() -> None:
    assert all(text in GUIDE for text in READINGS.values())
    assert "Brood Rumble" in GUIDE and "secret" in GUIDE


def test_every_reading_is_tested_by_name() -> None:
    here = Path(__file__).parent
    tests = "\n".join(p.read_text() for p in here.glob("test_*.py"))
    missing = [key for key in READINGS if f'"{key}"' not in tests]
    assert missing == []
