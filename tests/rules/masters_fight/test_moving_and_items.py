"""Masters' Fight Move, Recover, Grab an Item and Drop (seed 000, III.2 and III.4.2.1-III.4.2.3)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood
from rules.orclympics.masters_fight.models import (
    DropItem,
    EndActivation,
    Feat,
    Grab,
    Item,
    Move,
    Recover,
    Smash,
    Terrain,
)
from tests.rules.masters_fight.arena import GAME, Arena, Fighter, play, texts


def _moves(state, player: str) -> set[str]:
    return {a.to for a in GAME.legal_actions(state, player) if isinstance(a, Move)}


def test_move_two_squares_in_any_direction() -> None:
    # 000 III.4.2.1 Move: 2 squares, horizontally, vertically or diagonally (Iron has no March Training)
    state = Arena({"mug": Fighter("d4", Brood.IRON), "zog": Fighter("h8")}).build()
    assert _moves(state, "mug") == {f"{f}{r}" for f in "bcdef" for r in range(2, 7)} - {"d4"}
    state = play(state, "mug", Move(to="f6")).state
    assert state.orcs["mug"].square == "f6"
    with pytest.raises(RuleViolation, match="cannot reach"):
        GAME.apply(state, "mug", Move(to="f1"))


def test_march_training_adds_a_square_to_each_move() -> None:
    # 000 III.1.2 March Training: Common Orcs move 1 additional square during each Move
    state = Arena({"grak": Fighter("a1"), "zog": Fighter("h8")}).build()
    assert "d4" in _moves(state, "grak") and "e5" not in _moves(state, "grak")


def test_knocked_down_orc_moves_one_square() -> None:
    # 000 III.4.2.1 Move: 1 square if Knocked Down
    state = Arena({"mug": Fighter("d4", Brood.IRON, down=True), "zog": Fighter("h8")}).build()
    assert _moves(state, "mug") == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}


def test_move_never_onto_or_through_orcs_or_pits() -> None:
    # 000 III.4.2.1 Move: only to squares without other models; III.2 Pit: no moving onto or through
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("a2"), "grak": Fighter("b2")},
                  terrain={"b1": Terrain.PIT}).build()
    assert _moves(state, "mug") == set()
    for square, reason in (("a2", "taken"), ("b1", "Pit"), ("a3", "cannot reach")):
        with pytest.raises(RuleViolation, match=reason):
            GAME.apply(state, "mug", Move(to=square))


def test_a_move_can_be_split_around_another_action() -> None:
    # 000 III.4.2.1 Move: move part of the distance, act, then move the rest
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("c3", Brood.IRON)}).build()
    state = play(state, "mug", Move(to="b2")).state
    assert (state.activation.action_points, state.activation.move_left) == (1, 1)
    state = play(state, "mug", Smash(target="zog"), [1]).state  # a miss
    assert (state.activation.action_points, state.activation.move_left) == (0, 1)
    assert state.activation.player == "mug"
    state = play(state, "mug", Move(to="b3")).state
    assert state.orcs["mug"].square == "b3"
    assert state.activation.player == "zog"


def test_platform_climb_on_two_plus() -> None:
    # 000 III.2 Platform: roll a D6 before entering; 2+ climbs and completes the move
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("h8")}, terrain={"b2": Terrain.PLATFORM}).build()
    step = play(state, "mug", Move(to="b2"), [2])
    assert step.state.orcs["mug"].square == "b2"


def test_platform_climb_fails_on_one_and_the_move_is_used_up() -> None:
    # 000 III.2 Platform: on a 1 the Orc moves no further during this Move, and the Move is used up
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("h8")}, terrain={"b2": Terrain.PLATFORM}).build()
    step = play(state, "mug", Move(to="b2"), [1])
    assert step.state.orcs["mug"].square == "a1"
    assert (step.state.activation.action_points, step.state.activation.move_left) == (1, 0)


def test_path_walks_around_a_platform_when_it_can() -> None:
    # 000 III.2 Platform, our reading "move-path": no climbing roll when a route around the Platform exists
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("h8")}, terrain={"b2": Terrain.PLATFORM}).build()
    assert play(state, "mug", Move(to="c2"), []).state.orcs["mug"].square == "c2"  # via b1, no roll
    # a1 -> c3 in two squares must pass b2: one roll, failed, so Mug stays put
    assert play(state, "mug", Move(to="c3"), [1]).state.orcs["mug"].square == "a1"


def test_a_move_may_name_its_route_to_climb_a_platform_on_the_way() -> None:
    # 000 III.4.2.1 Move (any direction, squares with no other model) and III.2 Platform; reading "move-path":
    # the player names the squares to pass, the shortest way fills the rest
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("h8")}, terrain={"b2": Terrain.PLATFORM}).build()
    step = play(state, "mug", Move(to="c2", via=["b2"]), [4])  # one climbing roll: through the Platform
    assert step.state.orcs["mug"].square == "c2" and "a1 → b2 → c2" in texts(step.events)
    stopped = play(state, "mug", Move(to="c2", via=["b2"]), [1])
    assert stopped.state.orcs["mug"].square == "a1"
    with pytest.raises(RuleViolation, match="cannot reach c3 that way"):
        GAME.apply(state, "mug", Move(to="c3", via=["b1"]))  # a1 -> b1 -> c3 is three squares
    with pytest.raises(RuleViolation, match="Pit"):
        GAME.apply(Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("h8")},
                         terrain={"b1": Terrain.PIT}).build(), "mug", Move(to="c1", via=["b1"]))
    with pytest.raises(RuleViolation, match="taken by another Orc"):
        GAME.apply(Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("b1")}).build(), "mug",
                   Move(to="c1", via=["b1"]))


def test_recover_on_two_plus_once_per_turn() -> None:
    # 000 III.4.2.2 Recover: 2+ gets up; Once per Turn
    state = Arena({"mug": Fighter("a1", Brood.IRON, down=True), "zog": Fighter("h8")}).build()
    assert Recover() in GAME.legal_actions(state, "mug")
    state = play(state, "mug", Recover(), [2]).state
    assert not state.orcs["mug"].knocked_down
    assert Recover() not in GAME.legal_actions(state, "mug")
    with pytest.raises(RuleViolation, match="standing"):
        GAME.apply(state, "mug", Recover())


def test_recover_is_once_per_turn_even_after_failing() -> None:
    # 000 III.4.2.2 Recover: Once per Turn
    state = Arena({"mug": Fighter("a1", Brood.IRON, down=True), "zog": Fighter("h8")}).build()
    state = play(state, "mug", Recover(), [1]).state
    with pytest.raises(RuleViolation, match="only once per turn"):
        GAME.apply(state, "mug", Recover())


def test_failed_recover_drops_the_item_where_the_owner_chooses() -> None:
    # 000 III.4.2.2 Recover: on a 1 the Orc stays down and Drops its Item (III.4.2.3 Drop an Item)
    state = Arena({"mug": Fighter("b2", Brood.IRON, item=Item.MACE, down=True), "zog": Fighter("h8")}).build()
    state = play(state, "mug", Recover(), [1]).state
    assert state.orcs["mug"].knocked_down and state.orcs["mug"].item is None
    assert {a.square for a in GAME.legal_actions(state, "mug")} == {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"}
    with pytest.raises(RuleViolation, match="First choose where"):
        GAME.apply(state, "mug", EndActivation())
    with pytest.raises(RuleViolation, match="cannot take"):
        GAME.apply(state, "mug", DropItem(square="e5"))
    state = play(state, "mug", DropItem(square="c3")).state
    assert state.items["c3"] is Item.MACE


def test_drop_onto_a_square_with_an_orc_but_never_onto_a_token() -> None:
    # 000 III.4.2.3 Drop an Item: adjacent square chosen by the owner, an Orc's square allowed, tokens not
    state = Arena({"mug": Fighter("a1", Brood.IRON, item=Item.MACE, down=True), "zog": Fighter("a2")},
                  terrain={"b2": Terrain.PIT}, items={"b1": Item.SPEAR}).build()
    state = play(state, "mug", Recover(), [1]).state
    assert state.items["a2"] is Item.MACE  # the only free square: no question asked


def test_dropped_item_is_discarded_when_every_adjacent_square_has_a_token() -> None:
    # 000 III.4.2.3 Drop an Item: if all adjacent squares have tokens, the Item leaves the game
    state = Arena({"mug": Fighter("a1", Brood.IRON, item=Item.MACE, down=True), "zog": Fighter("h8")},
                  terrain={"b2": Terrain.PIT, "a2": Terrain.PLATFORM}, items={"b1": Item.SPEAR}).build()
    step = play(state, "mug", Recover(), [1])
    assert Item.MACE not in step.state.items.values()
    assert "lost" in "\n".join(e.text for e in step.events)


def test_grab_an_item_and_drop_the_one_carried() -> None:
    # 000 III.4.2.3 Grab an Item: one Item at a time; grabbing another Drops the carried one
    state = Arena({"mug": Fighter("b2", Brood.IRON, item=Item.MACE), "zog": Fighter("h8")},
                  items={"b2": Item.SHIELD}).build()
    state = play(state, "mug", Grab()).state
    assert state.orcs["mug"].item is Item.SHIELD and "b2" not in state.items
    assert state.activation.pending_drop is Item.MACE
    state = play(state, "mug", DropItem(square="a1")).state
    assert state.items == {"a1": Item.MACE}


def test_grab_needs_an_item_and_a_standing_orc() -> None:
    # 000 III.4.2.3 Grab an Item; III.4.2.4 Knocked Down: only Move and Recover
    state = Arena({"mug": Fighter("b2", Brood.IRON), "zog": Fighter("h8")}).build()
    with pytest.raises(RuleViolation, match="no Item"):
        GAME.apply(state, "mug", Grab())
    state = Arena({"mug": Fighter("b2", Brood.IRON, down=True), "zog": Fighter("h8")}, items={"b2": Item.MACE}).build()
    with pytest.raises(RuleViolation, match="Knocked Down"):
        GAME.apply(state, "mug", Grab())
    assert Grab() not in GAME.legal_actions(state, "mug")


def test_items_are_ignored_while_moving() -> None:
    # 000 III.2: Orcs ignore Items during their Move actions
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("h8")}, items={"b2": Item.MACE}).build()
    state = play(state, "mug", Move(to="c3")).state
    assert state.orcs["mug"].square == "c3" and state.items == {"b2": Item.MACE}


def test_my_precious_after_three_grabs() -> None:
    # 000 III.5 Feats: My Precious... — perform at least 3 Grab an Item actions during the game
    state = Arena({"mug": Fighter("b2", Brood.IRON), "zog": Fighter("h8")},
                  items={"b2": Item.SHIELD}).build()
    state.orcs["mug"].grabs = 2
    step = play(state, "mug", Grab())
    assert step.state.feats[Feat.MY_PRECIOUS.value] == "mug"
    assert any(e.kind == "feat" for e in step.events)
