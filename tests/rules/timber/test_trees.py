"""Falling Trees and their Smash Attacks (seed 000, IV.4.2.3.4 The Trees and Smash Attack, IV.4.2.3.5, IV.5).

Dice order when the last Wood goes: the Gather roll (not in Orcy Style), the direction D6, a scatter
for 2-3, then for each Orc on the line, nearest the Tree first: its dodge D6, then its D3 of Wood.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.timber import READINGS
from rules.orclympics.timber.models import (
    EscapeTo,
    Feat,
    FellCompass,
    FellToward,
    Gather,
    GatherOrcy,
    Move,
    TimberState,
)
from tests.rules.timber.forest import GAME, Forest, duo, play, texts


def last_wood(grak: tuple[str, str] = ("d3", "h1"), zog: tuple[str, str] = ("a5", "h8"), *,
              wood: tuple[int, int] = (0, 0), **kw: Any) -> TimberState:
    """Grak #1 on `grak[0]` next to the Tree at d4, which has one Wood left."""
    kw.setdefault("boar", "a8")
    teams = {"grak": duo(*grak), "zog": duo(*zog, wood=wood)}
    return Forest(teams, trees={"d4": 1, "e5": 4}, **kw).build()


def test_a_one_fells_the_tree_onto_the_gatherer() -> None:
    # 000 IV.4.2.3.4 The Trees, result 1: the line runs through the gatherer's square (and hits it);
    # READINGS["tree-line"]: the feller is not spared, and READINGS["smash-order"]: nearest the Tree first
    state = last_wood(zog=("d1", "h8"), wood=(2, 0))
    step = play(state, "grak", Gather(orc="grak:1", tree="d4"), [4, 1, 2, 1, 1, 6])
    after = step.state
    assert "d4" not in after.trees
    assert after.falls[-1].touched == ["d4", "d3", "d2", "d1"]
    assert after.falls[-1].end == (3.5, 0.0)
    assert after.orcs["grak:1"].wood == 0 and after.orcs["zog:1"].wood == 0
    assert after.dropped == {"d3": 1, "d1": 2}
    rolls = [e.text for e in step.events if e.kind == "roll"]
    assert "Grak #1 tries to dodge" in rolls[2] and "Zog #1 tries to dodge" in rolls[4]
    # 000 IV.5: Clever Gathering for the roll, Nature's Revenge for Zog's lost Wood
    assert after.feats == {Feat.CLEVER_GATHERING.value: "grak", Feat.NATURES_REVENGE.value: "grak"}
    assert "felled it included" in READINGS["tree-line"] and "nearest the Tree first" in READINGS["smash-order"]


def test_a_two_or_three_fells_it_in_a_random_direction() -> None:
    # 000 IV.4.2.3.4 The Trees, 2-3: a random direction (the scatter face is the angle + 1; 90 is north)
    step = play(last_wood(), "grak", Gather(orc="grak:1", tree="d4"), [5, 3, 91])
    assert step.state.falls[-1].touched == ["d4", "d5", "d6", "d7", "d8"]
    assert step.state.orcs["grak:1"].square == "d3"  # not on the line, not attacked
    assert "90°" in texts(step.events)


@pytest.mark.parametrize("face", [4, 5, 6])
def test_four_to_six_lets_the_feller_choose(face: int) -> None:
    # 000 IV.4.2.3.4 The Trees, 4-6, and READINGS["tree-aim"]: a compass direction or a square on the line
    step = play(last_wood(), "grak", Gather(orc="grak:1", tree="d4"), [6, face])
    state = step.state
    assert state.current.aim is not None and GAME.waiting_for(state) == ["grak"]
    legal = GAME.legal_actions(state, "grak")
    assert len(legal) == 8 + 63 and FellToward(square="d4") not in legal
    with pytest.raises(RuleViolation, match="Tree falls"):
        GAME.apply(state, "grak", Move(orc="grak:1", to="c3"))
    with pytest.raises(RuleViolation, match="other than"):
        GAME.apply(state, "grak", FellToward(square="d4"))
    west = play(state, "grak", FellCompass(direction="W")).state
    assert west.falls[-1].touched == ["d4", "c4", "b4", "a4"] and west.current.aim is None
    shallow = play(state, "grak", FellToward(square="f5")).state
    assert shallow.falls[-1].touched == ["d4", "e4", "e5", "f5", "g5", "g6", "h6"]
    assert "compass" in READINGS["tree-aim"]


def test_orcy_style_fells_the_tree_too() -> None:
    # READINGS["orcy-fells"]: no Gather roll, but the direction D6 all the same
    step = play(last_wood(), "grak", GatherOrcy(orc="grak:1", tree="d4"), [3, 1])
    assert "d4" not in step.state.trees and step.state.falls[-1].touched[:2] == ["d4", "e4"]
    assert "Orcy Style" in READINGS["orcy-fells"]


def test_a_felled_tree_leaves_open_ground() -> None:
    # READINGS["fallen-tree"]
    state = play(last_wood(), "grak", Gather(orc="grak:1", tree="d4"), [4, 3, 1]).state
    assert play(state, "grak", Move(orc="grak:1", to="d4")).state.orcs["grak:1"].square == "d4"
    assert "open ground" in READINGS["fallen-tree"]


def test_a_corner_graze_is_a_hit() -> None:
    # READINGS["tree-line"]: the diagonal from d4 grazes e4 at a corner; Zog #1 there is attacked
    state = last_wood(zog=("e4", "h1"), wood=(1, 0))
    step = play(state, "grak", Gather(orc="grak:1", tree="d4"), [4, 6])
    step = play(step.state, "grak", FellCompass(direction="NE"), [1, 2])
    assert step.state.dropped == {"e4": 1} and "grazes" in READINGS["tree-line"]


def test_the_owner_of_a_dodging_orc_picks_its_square_off_the_line() -> None:
    # 000 IV.4.2.3.4 Smash Attack: on 5+ the owner moves it to a free neighbouring square the line does not touch
    state = last_wood(zog=("d6", "h8"), wood=(1, 0))
    step = play(state, "grak", Gather(orc="grak:1", tree="d4"), [4, 2, 91, 5])
    state = step.state
    assert state.current.escape.options == ["e6", "c6"] and GAME.waiting_for(state) == ["zog"]
    assert GAME.prompts(state)[0].player == "zog"
    with pytest.raises(RuleViolation, match="Zog"):
        GAME.apply(state, "grak", Move(orc="grak:1", to="c3"))
    after = play(state, "zog", EscapeTo(square="c6")).state
    assert after.orcs["zog:1"].square == "c6" and after.orcs["zog:1"].wood == 1
    assert after.feats == {Feat.CLEVER_GATHERING.value: "grak"}


def test_a_lone_escape_square_is_taken_without_asking() -> None:
    # READINGS["escape-single"]
    state = last_wood(zog=("d6", "h8"), wood=(1, 0), rocks=["e6"])
    step = play(state, "grak", Gather(orc="grak:1", tree="d4"), [4, 2, 91, 6])
    assert step.state.orcs["zog:1"].square == "c6" and step.state.current.escape is None
    assert "one square" in READINGS["escape-single"]


def test_nowhere_to_dive_counts_as_a_failed_dodge() -> None:
    # 000 IV.4.2.3.4 Smash Attack: if no square qualifies, the Orc is considered to have failed
    state = last_wood(zog=("d6", "h8"), wood=(3, 0), rocks=["e6"], bushes=["c6"])
    step = play(state, "grak", Gather(orc="grak:1", tree="d4"), [4, 2, 91, 6, 3])
    assert step.state.orcs["zog:1"].square == "d6" and step.state.dropped == {"d6": 2}
    assert "nowhere to dive" in texts(step.events)


def test_an_orc_with_no_wood_rolls_nothing_to_drop() -> None:
    # READINGS["no-wood-no-roll"]
    state = last_wood(zog=("d6", "h8"))
    step = play(state, "grak", Gather(orc="grak:1", tree="d4"), [4, 2, 91, 1])
    assert "carries no Wood" in texts(step.events) and step.state.dropped == {}
    assert "rolls nothing" in READINGS["no-wood-no-roll"]


def test_natures_revenge_needs_an_enemy_to_drop_wood() -> None:
    # 000 IV.5 Nature's Revenge: an enemy Orc; Grak's own Orc dropping Wood does not count
    state = last_wood(grak=("d3", "d1"))
    state.orcs["grak:2"].wood = 2
    step = play(state, "grak", GatherOrcy(orc="grak:1", tree="d4"), [1, 1, 1, 1, 1])
    assert step.state.dropped == {"d3": 1, "d1": 1}
    assert Feat.NATURES_REVENGE.value not in step.state.feats


def test_the_fall_is_shown_for_the_rest_of_the_game_turn() -> None:
    # the view carries the line of a Tree that fell this Game Turn, for the board picture
    state = play(last_wood(), "grak", Gather(orc="grak:1", tree="d4"), [4, 3, 1]).state
    view = GAME.view(state, None)
    assert [f.tree for f in view.falls] == ["d4"] and view.falls[0].end == (8.0, 3.5)
    state.turn += 1
    assert GAME.view(state, None).falls == []
