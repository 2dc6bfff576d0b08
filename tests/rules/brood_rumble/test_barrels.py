"""Brood Rumble Barrels: throwing, catching, bouncing and the crowd (seed 000, II.1.2 Common and
Iron, II.2 Barrels and Cover, II.4.2.2, II.4.2.2.1, II.4.4, II.5 Wombo Combo).

Scripted faces, in the order the rules roll them: 2D6 distance, the catch D6 (when the Orc can
catch), D3 wounds, then each bounce's D6 distance and scatter (an angle + 1: 1 = east, 91 = north).
"""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood
from rules.orclympics.brood_rumble.board import ORC_BASE
from rules.orclympics.brood_rumble.guide import READINGS
from rules.orclympics.brood_rumble.models import (
    AskKind,
    CatchThrow,
    EndActivation,
    Feat,
    FeatureKind,
    Reroll,
    Throw,
)
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, play, texts

SIDE = ORC_BASE.width
HALF = SIDE / 2


def table(orcs: dict[str, Fighter] | None = None, **kw) -> object:  # type: ignore[no-untyped-def]
    """A1 at (4, 4) standing on a Barrel; B3 at (4, 9), 5" north; others far away."""
    base = {"A1": Fighter((4, 4)), "A2": Fighter((20, 2)), "B1": Fighter((20, 22)), "B2": Fighter((4, 22)),
            "B3": Fighter((4, 9))}
    kw.setdefault("barrels", [(4, 4)])
    return Arena({**base, **(orcs or {})}, **kw).build()


def barrels_at(state) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    return [(round(b.x, 3), round(b.y, 3)) for b in state.barrels]


# -- II.4.2.2 Throw a Barrel --------------------------------------------------------------------


def test_a_throw_that_reaches_hits_for_d3_and_bounces_d6_from_the_target() -> None:
    # 000 II.4.2.2: 2D6 >= distance hits; D3 HP; then a D6" bounce in a random direction from the target's centre
    assert Throw(target="B3") in GAME.legal_actions(table(), "alice")
    step = play(table(), "alice", Throw(target="B3"), [3, 2, 1, 3, 2, 1])
    state = step.state
    assert state.orcs["B3"].hp == 10
    assert barrels_at(state) == [(6.0, 9.0)]  # the thrown Barrel, at rest 2" east of B3
    assert state.activation is not None and state.activation.used == ["throw"]
    assert "reaches B3" in texts(step.events)


def test_a_throw_that_falls_short_lands_the_rolled_distance_along_the_line() -> None:
    # 000 II.4.2.2 and reading "miss-landing": move it the rolled distance in the intended direction, then bounce
    state = table({"A1": Fighter((4, 4), brood=Brood.FERAL), "B3": Fighter((4, 14))})
    step = play(state, "alice", Throw(target="B3"), [1, 2, 1, 181])
    assert barrels_at(step.state) == [(3.0, round(4 + HALF + 3, 3))]
    assert step.state.orcs["B3"].hp == 12 and "falls short" in texts(step.events)


def test_an_orc_standing_in_the_line_of_a_throw_is_hit_instead_of_the_target() -> None:
    # 000 II.4.2.2: Barrels always move in a straight line and an Orc they touch is hit (reading "flight")
    state = table({"B4": Fighter((4, 6.5))})  # B4 stands between A1 and B3
    step = play(state, "alice", Throw(target="B3"), [3, 2, 1, 3, 2, 1])
    after = step.state
    assert after.orcs["B4"].hp == 10 and after.orcs["B3"].hp == 12
    assert barrels_at(after) == [(6.0, 6.5)]  # the bounce starts from B4's centre
    assert "straight into B4" in texts(step.events)
    assert "flight" in READINGS


def test_a_throw_that_falls_short_still_hits_an_orc_it_touches_on_the_way() -> None:
    # 000 II.4.2.2: a miss moves the rolled distance in a straight line, hitting an Orc it touches
    state = table({"A1": Fighter((4, 4), brood=Brood.FERAL), "B3": Fighter((4, 14)), "A3": Fighter((4, 7))})
    step = play(state, "alice", Throw(target="B3"), [2, 2, 1, 3, 2, 1])
    assert step.state.orcs["A3"].hp == 10 and step.state.orcs["B3"].hp == 12
    assert barrels_at(step.state) == [(6.0, 7.0)]


def test_a_thrown_barrel_touching_another_barrel_on_its_way_bursts() -> None:
    # 000 II.4.2.2: a Barrel that touches another Barrel is destroyed (reading "barrel-breaks")
    step = play(table(barrels=[(4, 4), (4, 6.5)]), "alice", Throw(target="B3"), [3, 2])
    assert step.state.orcs["B3"].hp == 12
    assert barrels_at(step.state) == [(4.0, 6.5)] and "bursts" in texts(step.events)


def test_only_an_unengaged_orc_touching_a_barrel_may_throw() -> None:
    # 000 II.4.2.2: an unengaged Orc in contact with a Barrel
    assert not any(isinstance(a, Throw) for a in GAME.legal_actions(table(barrels=[(6, 6)]), "alice"))
    with pytest.raises(RuleViolation, match="touches no Barrel"):
        play(table(barrels=[(6, 6)]), "alice", Throw(target="B3"))
    engaged = table({"B4": Fighter((4 + SIDE, 4))})
    with pytest.raises(RuleViolation, match="Fight"):
        play(engaged, "alice", Throw(target="B3"))


def test_cover_blocks_a_throw() -> None:
    # 000 II.2 Cover: Barrels are not thrown over Cover (Pits and Debris Mounds are fine)
    covered = table(features={"T1": (FeatureKind.COVER, (4, 6.5))})
    assert Throw(target="B3") not in GAME.legal_actions(covered, "alice")
    with pytest.raises(RuleViolation, match="Cover stands between"):
        play(covered, "alice", Throw(target="B3"))
    over_a_pit = table(features={"T1": (FeatureKind.PIT, (4, 6.5))})
    assert Throw(target="B3") in GAME.legal_actions(over_a_pit, "alice")


# -- II.4.2.2.1 Catch a Barrel, II.1.2 Iron and Common ----------------------------------------------


def test_a_six_catches_the_barrel_and_throws_it_back_at_the_attacker() -> None:
    # 000 II.4.2.2.1: on a 6 no wounds, and the Barrel flies straight back at the thrower
    step = play(table(), "alice", Throw(target="B3"), [3, 2, 6, 3, 3, 1, 5, 1, 1])
    state = step.state
    assert state.orcs["B3"].hp == 12 and state.orcs["A1"].hp == 9
    assert "catches the Barrel" in texts(step.events) and "straight back at A1" in texts(step.events)
    assert barrels_at(state) == [(5.0, 4.0)]


def test_iron_orcs_catch_on_a_five() -> None:
    # 000 II.1.2 Iron: +1 to catch a Barrel
    state = table({"B3": Fighter((4, 9), brood=Brood.IRON)})
    step = play(state, "alice", Throw(target="B3"), [3, 2, 5, 1, 1, 1, 1])
    assert step.state.orcs["B3"].hp == 12 and "catches" in texts(step.events)
    common = play(table(), "alice", Throw(target="B3"), [3, 2, 5, 1, 1, 1])
    assert common.state.orcs["B3"].hp == 11


def test_common_orcs_may_reroll_both_dice_of_a_throw_that_falls_short() -> None:
    # 000 II.1.2 Common and reading "common-reroll": reroll both dice or none
    assert "common-reroll" in READINGS
    far = table({"B3": Fighter((4, 14))})
    paused = play(far, "alice", Throw(target="B3"), [1, 2]).state
    assert paused.ask is not None and paused.ask.kind is AskKind.BARREL_REROLL
    assert GAME.legal_actions(paused, "alice") == [Reroll(reroll=False), Reroll(reroll=True)]
    rerolled = play(paused, "alice", Reroll(reroll=True), [6, 5, 1, 1, 1, 1])
    assert rerolled.state.orcs["B3"].hp == 11
    assert "2D6 rerolled 6 + 5 = 11" in texts(rerolled.events)  # the log says it is a reroll
    kept = play(paused, "alice", Reroll(reroll=False), [1, 1])
    assert kept.state.orcs["B3"].hp == 12 and kept.state.ask is not None and kept.state.ask.kind is AskKind.ACT


def test_an_engaged_or_knocked_down_orc_cannot_catch() -> None:
    # 000 II.4.2.2.1 (only while not Engaged) and reading "catch-down"
    engaged = table({"A3": Fighter((4 + SIDE, 9))})
    step = play(engaged, "alice", Throw(target="B3"), [3, 3, 5, 1, 91, 1])  # no catch roll: D3 straight away
    assert step.state.orcs["B3"].hp == 9
    lying = table({"B3": Fighter((4, 9), down=True)})
    assert play(lying, "alice", Throw(target="B3"), [3, 3, 5, 1, 1]).state.orcs["B3"].hp == 9


# -- bounces ----------------------------------------------------------------------------------


def test_a_bounce_hits_the_next_orc_and_bounces_on_wombo_combo() -> None:
    # 000 II.4.2.2: an Orc touched by the bounce is hit too, and the Barrel bounces again; II.5 Wombo Combo
    state = table({"B4": Fighter((6, 9))})
    step = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 3, 1, 1, 3, 1, 1])
    assert step.state.orcs["B3"].hp == 11 and step.state.orcs["B4"].hp == 10
    assert barrels_at(step.state) == [(7.0, 9.0)]
    assert step.state.feats == {Feat.WOMBO_COMBO.value: "alice"}


def test_bounces_hit_friends_too() -> None:
    # reading "bounce-anyone"
    state = table({"A3": Fighter((6, 9))})
    step = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 3, 1, 1, 3, 1, 1])
    assert step.state.orcs["A3"].hp == 10 and step.state.feats == {}


def test_a_barrel_touching_the_edge_cover_or_another_barrel_is_destroyed() -> None:
    # 000 II.4.2.2: touching the Board Edge, Cover or another Barrel destroys it
    edge = play(table(), "alice", Throw(target="B3"), [3, 3, 1, 1, 6, 181])
    assert edge.state.barrels == [] and "board edge" in texts(edge.events)
    cover = play(table(features={"T1": (FeatureKind.COVER, (7, 9))}), "alice", Throw(target="B3"),
                 [3, 3, 1, 1, 3, 1])
    assert cover.state.barrels == [] and "Cover T1" in texts(cover.events)
    other = play(table(barrels=[(4, 4), (6, 9)]), "alice", Throw(target="B3"), [3, 3, 1, 1, 3, 1])
    assert barrels_at(other.state) == [(6.0, 9.0)]  # reading "barrel-breaks": the one it hit stays
    assert "barrel-breaks" in READINGS


def test_a_barrel_ending_in_a_pit_is_gone_and_one_on_a_debris_mound_rolls_clear() -> None:
    # 000 II.4.2.2: removed when it ends inside a Pit; carried clear of a Debris Mound
    pit = play(table(features={"T1": (FeatureKind.PIT, (7, 9))}), "alice", Throw(target="B3"), [3, 3, 1, 1, 3, 1])
    assert pit.state.barrels == [] and "Pit T1" in texts(pit.events)
    mound = play(table(features={"M1": (FeatureKind.MOUND, (7, 9))}), "alice", Throw(target="B3"),
                 [3, 3, 1, 1, 3, 1])
    (x, y), = barrels_at(mound.state)
    assert x == pytest.approx(7 + 1.5 + 20 / 25.4 / 2, abs=1e-3) and y == 9.0


# -- the crowd ---------------------------------------------------------------------------------------


def test_throwing_at_an_engaged_orc_may_anger_the_crowd() -> None:
    # 000 II.4.2.2: target Engaged -> D6, on 4+ the audience throws a Barrel at the thrower from the nearest edge
    state = table({"A3": Fighter((4 + SIDE, 9))})
    step = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 91, 4, 2, 2, 1, 1, 1, 1])
    assert step.state.orcs["A1"].hp == 11 and step.state.orcs["B3"].hp == 11
    assert "crowd hurls a Barrel at A1" in texts(step.events)
    assert step.state.audience_hit == ["A1"]
    calm = play(state, "alice", Throw(target="B3"), [3, 3, 1, 1, 91, 3])
    assert calm.state.orcs["A1"].hp == 12 and "grumbles" in texts(calm.events)


def end_of_turn(**kw) -> object:  # type: ignore[no-untyped-def]
    orcs = {"A1": Fighter((4, 4)), "B1": Fighter((20, 22), activated=True)}
    return Arena({**orcs, **kw.pop("orcs", {})}, **kw).build()


def test_a_turn_without_bloodshed_ends_with_barrels_from_the_audience() -> None:
    # 000 II.4.4: D3 Barrels at random Orcs, each from the closest point of the edge
    step = play(end_of_turn(), "alice", EndActivation(), [1, 2, 1, 1, 1, 1, 1, 1, 6, 1])
    state = step.state
    assert state.orcs["B1"].hp == 11 and state.orcs["A1"].hp == 12
    assert barrels_at(state) == [(21.0, 22.0)]
    assert "Nobody bled" in texts(step.events)
    assert state.turn == 3 and state.initiative == "A"


def test_the_crowd_hits_each_orc_once_and_never_fills_the_field_past_six() -> None:
    # 000 II.4.4 (once per Orc, excess Barrels ignored), II.2 Barrels and reading "six-barrels"
    step = play(end_of_turn(), "alice", EndActivation(), [5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 1])
    assert "throws 2 Barrels" in texts(step.events)
    full = end_of_turn(barrels=[(10, 10), (11, 10), (12, 10), (13, 10), (14, 10), (15, 10)])
    step = play(full, "alice", EndActivation(), [5, 6, 1])
    assert "throws 0 Barrels" in texts(step.events) and len(step.state.barrels) == 6


def test_a_caught_crowd_barrel_can_be_thrown_anywhere() -> None:
    # 000 II.4.2.2.1: a Barrel caught from the audience may be thrown in any direction
    state = end_of_turn(orcs={"B1": Fighter((20, 22), brood=Brood.IRON, activated=True)})
    step = play(state, "alice", EndActivation(), [1, 2, 1, 1, 5])
    paused = step.state
    assert paused.ask is not None and paused.ask.kind is AskKind.CATCH_THROW and paused.ask.players == ["bob"]
    assert CatchThrow(target="A1") in GAME.legal_actions(paused, "bob")
    thrown = play(paused, "bob", CatchThrow(angle=180), [1, 1, 1, 1, 6, 1])
    assert barrels_at(thrown.state) == [(round(20 - HALF - 2 + 1, 3), 22.0)]
    with pytest.raises(RuleViolation, match="either at an Orc or in a direction"):
        play(paused, "bob", CatchThrow(target="A1", angle=90))
