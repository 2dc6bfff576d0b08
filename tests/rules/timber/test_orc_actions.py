"""Orc actions other than Shoving and falling Trees (seed 000, IV.4.2.3.1, IV.4.2.3.3-IV.4.2.3.7, IV.5)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.timber import READINGS
from rules.orclympics.timber.models import (
    Feat,
    Gather,
    GatherOrcy,
    Leave,
    Move,
    OpenWay,
    PickWood,
    ShareWood,
    TimberState,
)
from tests.rules.timber.forest import GAME, Forest, duo, play, texts


def woods(**kw: Any) -> TimberState:
    teams = kw.pop("teams", None) or {"grak": duo("c3", "h1"), "zog": duo("f6", "h8")}
    kw.setdefault("boar", "a8")
    return Forest(teams, **kw).build()


# -- IV.4.2.3.1 Move -------------------------------------------------------------------------------


def test_move_is_one_square_up_down_left_or_right() -> None:
    # 000 IV.4.2.3.1: one square, horizontally or vertically
    state = woods()
    moves = {a.to for a in GAME.legal_actions(state, "grak") if isinstance(a, Move) and a.orc == "grak:1"}
    assert moves == {"c4", "d3", "c2", "b3"}
    step = play(state, "grak", Move(orc="grak:1", to="d3"))
    assert step.state.orcs["grak:1"].square == "d3" and step.state.current.tokens["grak:1"] == 1
    with pytest.raises(RuleViolation, match="straight"):
        GAME.apply(state, "grak", Move(orc="grak:1", to="d4"))


@pytest.mark.parametrize(("blocker", "word"), [
    ({"rocks": ["c4"]}, "Rocks"), ({"bushes": ["c4"]}, "Bush"), ({"trees": {"c4": 4}}, "Tree"),
    ({"boar": "c4"}, "Boar"), ({"teams": {"grak": duo("c3", "h1"), "zog": duo("c4", "h8")}}, "Zog #1"),
])
def test_move_never_onto_terrain_or_models(blocker: dict[str, object], word: str) -> None:
    # 000 IV.2 Terrain Features and IV.4.2.3.1: no square with another model or Terrain
    with pytest.raises(RuleViolation, match=word):
        GAME.apply(woods(**blocker), "grak", Move(orc="grak:1", to="c4"))


def test_orcs_walk_onto_dropped_wood() -> None:
    assert play(woods(dropped={"c4": 2}), "grak", Move(orc="grak:1", to="c4")).state.orcs["grak:1"].square == "c4"


def test_leaving_the_forest_from_game_turn_five() -> None:
    # 000 IV.4.2.3.1 and READINGS["leave-from-turn-5"]: a Move off an edge square once Game Turn 5 has begun
    early = woods(teams={"grak": duo("a3", "h1", wood=(2, 0)), "zog": duo("f6", "h8")}, turn=4)
    assert not any(isinstance(a, Leave) for a in GAME.legal_actions(early, "grak"))
    with pytest.raises(RuleViolation, match="Game Turn 5"):
        GAME.apply(early, "grak", Leave(orc="grak:1"))
    state = woods(teams={"grak": duo("a3", "h1", wood=(2, 0)), "zog": duo("f6", "h8")}, turn=5)
    step = play(state, "grak", Leave(orc="grak:1"))
    orc = step.state.orcs["grak:1"]
    assert orc.left and orc.square is None and orc.wood == 2
    assert GAME.view(step.state, None).players[0].wood_out == 2
    # it never comes back: no action names it again
    assert not any(getattr(a, "orc", None) == "grak:1" for a in GAME.legal_actions(step.state, "grak"))
    with pytest.raises(RuleViolation, match="left the Forest"):
        GAME.apply(step.state, "grak", Move(orc="grak:1", to="a3"))
    assert "Game Turn 5" in READINGS["leave-from-turn-5"]


def test_leaving_needs_an_edge_square() -> None:
    with pytest.raises(RuleViolation, match="edge"):
        GAME.apply(woods(turn=6), "grak", Leave(orc="grak:1"))


# -- IV.4.2.3.3 Open Way ---------------------------------------------------------------------------


def test_open_way_removes_a_neighbouring_bush() -> None:
    # 000 IV.4.2.3.3: remove a Bush on a neighbouring square
    state = woods(bushes=["c4", "d4"])
    step = play(state, "grak", OpenWay(orc="grak:1", bush="c4"))
    assert step.state.bushes == ["d4"] and step.state.bushes_opened == {"grak": 1}
    with pytest.raises(RuleViolation, match="sharing a side"):
        GAME.apply(state, "grak", OpenWay(orc="grak:1", bush="d4"))
    with pytest.raises(RuleViolation, match="no Bush"):
        GAME.apply(state, "grak", OpenWay(orc="grak:1", bush="b3"))


def test_deforest_is_the_third_bush() -> None:
    # 000 IV.5 Deforest: remove three Bushes
    state = woods(bushes=["c4", "b3", "d3"], tokens={"grak:1": 3})
    state.bushes_opened = {"zog": 2}
    for bush in ("c4", "b3"):
        state = play(state, "grak", OpenWay(orc="grak:1", bush=bush)).state
        assert Feat.DEFOREST.value not in state.feats
    step = play(state, "grak", OpenWay(orc="grak:1", bush="d3"))
    assert step.state.feats == {Feat.DEFOREST.value: "grak"} and "Deforest" in texts(step.events)


# -- IV.4.2.3.4 Gather Wood, IV.4.2.3.5 Orcy Style ------------------------------------------------------


@pytest.mark.parametrize(("face", "gets"), [(1, 0), (3, 0), (4, 1), (6, 1)])
def test_gather_wood_on_four_or_more(face: int, gets: int) -> None:
    # 000 IV.4.2.3.4: 1-3 nothing happens, 4-6 one Wood from the Tree to the Orc
    step = play(woods(trees={"d3": 4}), "grak", Gather(orc="grak:1", tree="d3"), [face])
    assert step.state.orcs["grak:1"].wood == gets and step.state.trees["d3"] == 4 - gets
    assert step.state.current.tokens["grak:1"] == 1
    # 000 IV.5 Clever Gathering: a successful Gather Wood, not Orcy Style
    assert (Feat.CLEVER_GATHERING.value in step.state.feats) is bool(gets)


def test_gather_needs_a_neighbouring_tree_with_wood() -> None:
    with pytest.raises(RuleViolation, match="sharing a side"):
        GAME.apply(woods(trees={"d4": 4}), "grak", Gather(orc="grak:1", tree="d4"))
    with pytest.raises(RuleViolation, match="no Tree"):
        GAME.apply(woods(trees={"d3": 0}), "grak", Gather(orc="grak:1", tree="d3"))


def test_orcy_style_costs_two_tokens_and_never_fails() -> None:
    # 000 IV.4.2.3.5: two Action Tokens, one Wood, no roll
    step = play(woods(trees={"d3": 4}), "grak", GatherOrcy(orc="grak:1", tree="d3"))
    assert step.state.orcs["grak:1"].wood == 1 and step.state.trees["d3"] == 3
    assert Feat.CLEVER_GATHERING.value not in step.state.feats
    one_token = woods(trees={"d3": 4}, tokens={"grak:1": 1})
    assert not any(isinstance(a, GatherOrcy) for a in GAME.legal_actions(one_token, "grak"))
    with pytest.raises(RuleViolation, match="2 Action Tokens"):
        GAME.apply(one_token, "grak", GatherOrcy(orc="grak:1", tree="d3"))


# -- IV.4.2.3.6 Pick Wood -----------------------------------------------------------------------------


def test_pick_wood_takes_one_piece_from_the_orcs_square() -> None:
    # 000 IV.4.2.3.6: one Wood previously dropped on the Orc's square
    step = play(woods(dropped={"c3": 2}), "grak", PickWood(orc="grak:1"))
    assert step.state.orcs["grak:1"].wood == 1 and step.state.dropped == {"c3": 1}
    step = play(step.state, "grak", PickWood(orc="grak:1"))
    assert step.state.dropped == {}
    with pytest.raises(RuleViolation, match="no Wood"):
        GAME.apply(woods(dropped={"c4": 2}), "grak", PickWood(orc="grak:1"))


# -- IV.4.2.3.7 Share Wood ------------------------------------------------------------------------------


def test_share_wood_redistributes_freely_for_one_token() -> None:
    # 000 IV.4.2.3.7 and READINGS["share-changes"]: the acting Orc names what it keeps
    state = woods(teams={"grak": duo("c3", "c4", wood=(1, 3)), "zog": duo("f6", "h8")})
    shares = [a.keep for a in GAME.legal_actions(state, "grak") if isinstance(a, ShareWood) and a.orc == "grak:1"]
    assert shares == [0, 2, 3, 4]
    step = play(state, "grak", ShareWood(orc="grak:1", keep=4))
    assert step.state.orcs["grak:1"].wood == 4 and step.state.orcs["grak:2"].wood == 0
    assert step.state.current.tokens == {"grak:1": 1, "grak:2": 2}
    with pytest.raises(RuleViolation, match="change"):
        GAME.apply(state, "grak", ShareWood(orc="grak:1", keep=1))
    with pytest.raises(RuleViolation, match="0 to 4"):
        GAME.apply(state, "grak", ShareWood(orc="grak:1", keep=5))
    assert "keeps" in READINGS["share-changes"]


def test_share_wood_needs_the_teammate_alongside() -> None:
    state = woods(teams={"grak": duo("c3", "d4", wood=(1, 3)), "zog": duo("f6", "h8")})
    with pytest.raises(RuleViolation, match="sharing a side"):
        GAME.apply(state, "grak", ShareWood(orc="grak:1", keep=0))


def test_no_acting_with_an_enemy_orc_or_without_tokens() -> None:
    state = woods(tokens={"grak:1": 1})
    with pytest.raises(RuleViolation, match="not one of your Orcs"):
        GAME.apply(state, "grak", Move(orc="zog:1", to="f5"))
    with pytest.raises(RuleViolation, match="no Action Tokens"):
        GAME.apply(state, "grak", Move(orc="grak:2", to="g1"))
