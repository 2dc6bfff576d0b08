"""The game turn's first steps (seed 002 L8-25; lines of 002_6fc21e352e2e7ee3.txt, the reading's
items in brackets): A, the caravans step; the order of B; B1, caravans placed; B2, reinforcements."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.goblin_warlords.data import UNIT_CHIPS, CaravanKind
from rules.goblin_warlords.models import AskKind, Caravan, EndTurn, KeepHand, Phase, Redraw, Reinforce, TradeForGold
from tests.rules.goblin_warlords.helpers import (
    GAME,
    GOBLIN,
    GOBLIN_LEADER,
    KOBOLD,
    KOBOLD_LEADER,
    OGRE_LEADER,
    ORC,
    ORC_LEADER,
    TROLL_LEADER,
    all_but_last_ready,
    in_march,
    put_army,
    run,
    texts,
)


def begin(state, dice):  # type: ignore[no-untyped-def]
    """The last seat's trade of nothing, which ends the set-up and begins game turn 1."""
    return GAME.apply(state, state.players[-1], TradeForGold(), dice=ScriptedDice(dice))


# -- A. caravans --------------------------------------------------------------------------------------

def test_every_caravan_steps_toward_its_destination_and_leaves_on_arrival() -> None:
    # 002 L9, L18 (reading a10, b2): one step each; a Dwarf caravan at River Ford reaches Elf Wood and goes
    state = all_but_last_ready(2, hands=[[GOBLIN_LEADER]])
    state.caravans = [Caravan(id=1, kind=CaravanKind.DWARF, step=4), Caravan(id=2, kind=CaravanKind.ELF, step=0)]
    state.gold_cup.remove("dwarf")
    state.gold_cup.remove("elf")
    state.next_id = 3
    step = begin(state, [1, 1, 1])  # Ann's three free draws
    after = step.state
    assert [(c.kind, c.territory) for c in after.caravans] == [(CaravanKind.ELF, 17)]
    assert after.gold_cup.count("dwarf") == 3  # its chip back in the cup (our reading)
    lines = texts(step, public_only=True)
    assert "The Dwarf caravan reaches Elf Wood (18) and leaves the map." in lines
    assert "The Elf caravan moves on to River Ford (17)." in lines
    assert lines.index("Game turn 1 begins.") < lines.index("Order of play: Ann, Bo.") < lines.index("Ann's turn.")


# -- B. the order of play ------------------------------------------------------------------------------

def test_after_the_first_game_turn_the_smallest_leader_authority_goes_first_then_clockwise() -> None:
    # 002 L20 (reading a11, c1): sums of authority on the map — Ann 6, Bo 4, Cy 5 + 5
    state = in_march(begin(all_but_last_ready(3, hands=[[GOBLIN_LEADER + 1]]), [1, 1, 1]).state)
    put_army(state, "p1", 7, ORC_LEADER)
    put_army(state, "p2", 8, KOBOLD_LEADER)
    put_army(state, "p3", 9, OGRE_LEADER, [ORC])
    put_army(state, "p3", 10, GOBLIN_LEADER)
    after, lines = run(state, "_end_game_turn", ScriptedDice([1, 1, 1]))  # Bo's free draws
    assert after.turn == 2 and after.order == ["p2", "p3", "p1"] and after.current == "p2"
    assert not any("Roll-off" in line for line in lines)
    assert [w.authority for w in GAME.view(after, None).warlords] == [6, 4, 10]


def test_leaders_in_the_hand_do_not_count_for_the_order() -> None:
    # 002 L20 (reading c1): the sum is of leaders in play, on the map
    state = in_march(begin(all_but_last_ready(2, hands=[[GOBLIN_LEADER + 1]]), [1, 1, 1]).state)
    put_army(state, "p2", 8, KOBOLD_LEADER)
    state.warlord("p1").units = [ORC_LEADER]
    state.tribe_cup.remove(ORC_LEADER)
    after, _ = run(state, "_end_game_turn", ScriptedDice([1, 1, 1]))
    assert after.order == ["p1", "p2"]


def test_a_tie_for_the_smallest_sum_is_settled_by_a_die() -> None:
    # 002 L20 (reading c1): Ann and Bo both 4, Cy 6; the roll-off's higher die goes first
    state = in_march(begin(all_but_last_ready(3, hands=[[GOBLIN_LEADER + 1]]), [1, 1, 1]).state)
    put_army(state, "p1", 7, KOBOLD_LEADER)
    put_army(state, "p2", 8, TROLL_LEADER)
    put_army(state, "p3", 9, ORC_LEADER)
    after, lines = run(state, "_end_game_turn", ScriptedDice([2, 5, 1, 1, 1]))
    assert after.order == ["p2", "p3", "p1"]
    assert "🎲 Bo — Roll-off for the first turn of game turn 2: D6 rolled 5" in lines
    again, lines = run(state, "_end_game_turn", ScriptedDice([3, 3, 6, 1, 1, 1, 1]))  # tied again: roll again
    assert again.order == ["p1", "p2", "p3"]
    assert any("(tie-break)" in line for line in lines)


def test_the_player_turns_follow_the_order_then_a_new_game_turn() -> None:
    # 002 L10, L20: each player in order does B; after the last, the next game turn
    state = begin(all_but_last_ready(3, hands=[[GOBLIN_LEADER], [KOBOLD_LEADER], [ORC_LEADER]]), [1, 1, 1]).state
    assert state.current == "p1" and state.phase is Phase.MARCH
    state.active = 0
    after, _ = run(state, "_end_player_turn", ScriptedDice([1, 1, 1]))
    assert after.turn == 1 and after.current == "p2" and after.phase is Phase.MARCH


# -- B1. caravans in the hand -------------------------------------------------------------------------

def test_unplaced_caravans_are_all_placed_at_their_start_and_moved_one_step() -> None:
    # 002 L11, L22 (reading a12, b2)
    state = all_but_last_ready(2, hands=[[GOBLIN_LEADER]])
    state.warlord("p1").caravans = [CaravanKind.ELF, CaravanKind.DWARF]
    state.gold_cup.remove("elf")
    state.gold_cup.remove("dwarf")
    step = begin(state, [1, 1, 1])
    after = step.state
    assert sorted((c.kind, c.territory) for c in after.caravans) == [(CaravanKind.DWARF, 14), (CaravanKind.ELF, 17)]
    assert after.warlord("p1").caravans == [] and after.warlord("p1").gold_chips == 0
    assert "Ann puts a Dwarf caravan on the road at Dwarf Gate (13); it moves on to Stone Road (14)." in texts(step)
    assert "Ann puts an Elf caravan on the road at Elf Wood (18); it moves on to River Ford (17)." in texts(step)


# -- B2. reinforcements ---------------------------------------------------------------------------------

def test_three_units_are_drawn_free_then_up_to_two_bought_at_two_gold_each() -> None:
    # 002 L12, L24 (reading a13)
    step = begin(all_but_last_ready(2, hands=[[GOBLIN_LEADER]], golds=[5]), [1, 1, 1])
    state = step.state
    ann = state.warlord("p1")
    assert ann.units == [GOBLIN_LEADER, GOBLIN, GOBLIN + 1, GOBLIN + 2]
    assert "Ann draws 3 reinforcements." in texts(step, public_only=True)
    assert state.ask is not None and state.ask.kind is AskKind.BUY and state.ask.players == ["p1"]
    assert GAME.legal_actions(state, "p1") == [Reinforce(bought=0), Reinforce(bought=1), Reinforce(bought=2)]
    assert GAME.legal_actions(state, "p2") == []
    bought = GAME.apply(state, "p1", Reinforce(bought=2), dice=ScriptedDice([1, 1]))
    ann = bought.state.warlord("p1")
    assert ann.gold == 1 and len(ann.units) == 6 and bought.state.gold_cup.count("gold") == 60 - 5 + 4
    assert "Ann pays 4 gold for 2 more units." in texts(bought, public_only=True)
    assert bought.state.phase is Phase.MARCH and bought.state.ask.kind is AskKind.MARCH


def test_buying_more_than_two_or_more_than_the_gold_allows_is_refused_and_changes_nothing() -> None:
    # 002 L24: up to two, 2 gold each
    state = begin(all_but_last_ready(2, hands=[[GOBLIN_LEADER]], golds=[3]), [1, 1, 1]).state
    before = state.model_dump()
    assert GAME.legal_actions(state, "p1") == [Reinforce(bought=0), Reinforce(bought=1)]
    with pytest.raises(RuleViolation, match="at most 2 more units"):
        GAME.apply(state, "p1", Reinforce(bought=3))
    with pytest.raises(RuleViolation, match="at most 1 unit now"):
        GAME.apply(state, "p1", Reinforce(bought=2))
    with pytest.raises(RuleViolation, match="not your decision"):
        GAME.apply(state, "p2", Reinforce(bought=0))
    with pytest.raises(RuleViolation, match="not an answer"):
        GAME.apply(state, "p1", Redraw())
    with pytest.raises(RuleViolation, match="set-up is over"):
        GAME.apply(state, "p1", TradeForGold())
    assert state.model_dump() == before
    kept = GAME.apply(state, "p1", Reinforce(bought=0)).state
    assert kept.warlord("p1").gold == 3 and kept.phase is Phase.MARCH


def test_a_player_who_cannot_pay_is_not_asked_to_buy() -> None:
    # 002 L24: two gold for one unit
    state = begin(all_but_last_ready(2, hands=[[GOBLIN_LEADER]], golds=[1]), [1, 1, 1]).state
    assert state.ask.kind is AskKind.MARCH and state.phase is Phase.MARCH
    legal = GAME.legal_actions(state, "p1")
    assert legal[-1] == EndTurn() and not any(isinstance(a, Reinforce) for a in legal)


def test_a_leaderless_player_may_show_and_redraw_the_hand_up_to_three_times() -> None:
    # 002 L25 (reading a13, c12): no leader on the map or in hand: show the hand, discard it, draw six; again
    # while still no leader, three times in all; then the free draws
    state = begin(all_but_last_ready(2, hands=[[GOBLIN, KOBOLD]], golds=[1]), []).state
    assert state.ask is not None and state.ask.kind is AskKind.REDRAW and state.ask.players == ["p1"]
    assert GAME.legal_actions(state, "p1") == [Redraw(), KeepHand()]
    assert "three" not in GAME.prompts(state)[0].text and "3 of 3 tries left" in GAME.prompts(state)[0].text
    step = GAME.apply(state, "p1", Redraw(), dice=ScriptedDice([1] * 6))
    assert "Ann has no leader, shows the hand (Goblin (1), Kobold (1)) and draws six anew." in texts(
        step, public_only=True)
    state = step.state
    ann = state.warlord("p1")
    assert ann.units == [GOBLIN + n for n in range(6)] and ann.redraws == 1 and ann.gold == 1
    assert KOBOLD in state.tribe_cup and len(state.tribe_cup) == len(UNIT_CHIPS) - 6
    assert state.ask is not None and state.ask.kind is AskKind.REDRAW  # still no leader: may try again
    state = GAME.apply(state, "p1", Redraw(), dice=ScriptedDice([1] * 6)).state
    assert state.ask is not None and state.ask.kind is AskKind.REDRAW and "1 of 3" in GAME.prompts(state)[0].text
    state = GAME.apply(state, "p1", Redraw(), dice=ScriptedDice([1] * 6 + [1, 1, 1])).state
    ann = state.warlord("p1")
    assert ann.redraws == 3 and len(ann.units) == 9 and state.phase is Phase.MARCH  # no fourth try


def test_a_redraw_that_brings_a_leader_ends_the_redraws() -> None:
    # 002 L25: "if there is still no leaders" — a leader drawn stops it
    state = begin(all_but_last_ready(2, hands=[[GOBLIN]]), []).state
    step = GAME.apply(state, "p1", Redraw(), dice=ScriptedDice([45, 1, 1, 1, 1, 1, 1, 1, 1]))
    ann = step.state.warlord("p1")
    assert ann.units[0] == GOBLIN_LEADER and len(ann.units) == 9 and step.state.phase is Phase.MARCH


def test_a_leaderless_player_may_keep_the_hand() -> None:
    # 002 L25: "may opt"
    state = begin(all_but_last_ready(2, hands=[[GOBLIN]]), []).state
    step = GAME.apply(state, "p1", KeepHand(), dice=ScriptedDice([2, 2, 2]))
    assert step.state.warlord("p1").units == [GOBLIN, GOBLIN + 2, GOBLIN + 3, GOBLIN + 4]
    assert step.state.phase is Phase.MARCH and "Ann keeps the hand." in texts(step)


def test_a_leader_on_the_map_means_no_redraw() -> None:
    # 002 L25 (reading c12): "no leaders at game" — one on the map is in the game, though the hand has none
    state = in_march(begin(all_but_last_ready(2, hands=[[GOBLIN_LEADER], [ORC_LEADER]]), [1, 1, 1]).state)
    state.tribe_cup += state.warlord("p1").units
    state.warlord("p1").units = []
    put_army(state, "p1", 7, KOBOLD_LEADER)
    put_army(state, "p2", 8, ORC_LEADER + 1)
    after, _ = run(state, "_end_game_turn", ScriptedDice([1, 1, 1]))  # game turn 2: Ann (4) before Bo (6)
    assert after.current == "p1" and after.ask.kind is AskKind.MARCH and after.phase is Phase.MARCH
    assert len(after.warlord("p1").units) == 3 and not after.warlord("p1").leaderless
