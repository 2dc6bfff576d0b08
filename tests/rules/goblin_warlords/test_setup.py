"""The goblin warlords set-up (seed 002 L5-7; lines of 002_6fc21e352e2e7ee3.txt, the reading's
items in brackets)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.goblin_warlords.data import LEADER_CHIPS, UNIT_CHIPS, CaravanKind
from rules.goblin_warlords.models import ChooseBosses, Phase, Reinforce, SetupStep, TradeForGold
from tests.rules.goblin_warlords.helpers import (
    GAME,
    GOBLIN,
    GOBLIN_LEADER,
    GOLD_FACE,
    KOBOLD,
    OGRE_LEADER,
    ORC,
    all_but_last_ready,
    fresh,
    seats,
    texts,
)


def test_two_to_four_players() -> None:
    # issue 43 (reading b9): 2 to 4 players
    for count in (2, 3, 4):
        assert len(fresh(count).warlords) == count
    for count in (1, 5):
        with pytest.raises(RuleViolation, match="2 to 4 players"):
            GAME.start(seats(1) if count == 1 else [*seats(4), *seats(1)], None, 1)


def test_a_random_player_starts_the_game() -> None:
    # 002 L7 (reading a9, c1): the first player is drawn; game turn 1 goes clockwise from them
    state = GAME.start(seats(4), None, 1, dice=ScriptedDice([3])).state
    assert state.first == 2 and state.phase is Phase.SETUP and state.turn == 0
    assert GAME.view(state, None).first == "p3"
    state = all_but_last_ready(4)
    state.first = 2
    state.warlords[0].units = [GOBLIN_LEADER]  # Cy (first) has no leader: asked to redraw, no dice yet
    state.tribe_cup.remove(GOBLIN_LEADER)
    state = GAME.apply(state, "p4", TradeForGold(), dice=ScriptedDice([])).state
    assert state.turn == 1 and state.order == ["p3", "p4", "p1", "p2"]


def test_every_player_chooses_one_or_two_bosses_at_once() -> None:
    # 002 L6 (reading a7): each player chooses 1-2 bosses; everyone is asked together
    state = fresh(3)
    assert [p.player for p in GAME.prompts(state)] == ["p1", "p2", "p3"]
    assert GAME.legal_actions(state, "p2") == [ChooseBosses(count=1), ChooseBosses(count=2)]
    for count in (0, 3):
        with pytest.raises(RuleViolation, match="one boss or two"):
            GAME.apply(state, "p2", ChooseBosses(count=count))
    chosen = GAME.apply(state, "p2", ChooseBosses(count=1)).state
    assert [p.player for p in GAME.prompts(chosen)] == ["p1", "p2", "p3"]  # Bo is now asked about the trade
    assert next(p for p in GAME.prompts(chosen) if p.player == "p2").secret
    with pytest.raises(RuleViolation, match="already chosen your bosses"):
        GAME.apply(chosen, "p2", ChooseBosses(count=2))


def test_bosses_are_leaders_drawn_at_random_then_units_up_to_six() -> None:
    # 002 L6 (reading a7, b3): the bosses are drawn from the cup's leaders, then any units to make six
    state = fresh(2)
    # leaders sorted 44..58: face 1 the first goblin leader; then from the 14 left, face 14 the last ogre leader;
    # then four from the 72 chips left, faces 1, 1, 13, 13: goblins 0 and 1, kobolds 12 and 13
    dice = ScriptedDice([1, 14, 1, 1, 11, 11])
    step = GAME.apply(state, "p1", ChooseBosses(count=2), dice=dice)
    warlord = step.state.warlord("p1")
    assert warlord.units == [GOBLIN_LEADER, OGRE_LEADER + 2, GOBLIN, GOBLIN + 1, KOBOLD, KOBOLD + 1]
    assert warlord.bosses == 2 and warlord.setup is SetupStep.TRADE and dice.remaining == []
    assert len(step.state.tribe_cup) == len(UNIT_CHIPS) - 6
    assert all(c in LEADER_CHIPS for c in warlord.units[:2])
    assert "Ann starts with 2 bosses and draws 4 more units." in texts(step, public_only=True)
    assert not any("Goblin" in t for t in texts(step, public_only=True))  # the hand is the owner's


def test_one_boss_leaves_five_random_units_which_may_hold_more_leaders() -> None:
    # 002 L6: "random units to make total of 6" — any chip of the cup, leaders too
    state = fresh(2)
    dice = ScriptedDice([1, 45, 1, 1, 1, 1])  # after the boss (44), face 45 of the 73 left is goblin leader 45
    warlord = GAME.apply(state, "p2", ChooseBosses(count=1), dice=dice).state.warlord("p2")
    assert warlord.units[:2] == [GOBLIN_LEADER, GOBLIN_LEADER + 1] and len(warlord.units) == 6
    assert warlord.bosses == 1


def test_units_are_traded_for_gold_one_for_one() -> None:
    # 002 L6 (reading a8): each unit given back to the tribe cup brings one gold chip
    state = all_but_last_ready(3, hands=[[], [], [GOBLIN_LEADER, ORC, GOBLIN, KOBOLD]])
    state.warlords[0].units = [OGRE_LEADER]  # so the game turn's first player draws without being asked
    state.tribe_cup.remove(OGRE_LEADER)
    dice = ScriptedDice([GOLD_FACE, GOLD_FACE, 1, 1, 1])  # two gold chips, then Ann's three free draws
    step = GAME.apply(state, "p3", TradeForGold(units=[ORC, GOBLIN]), dice=dice)
    cy = step.state.warlord("p3")
    assert cy.units == [GOBLIN_LEADER, KOBOLD] and cy.gold == 2 and cy.setup is SetupStep.DONE
    assert ORC in step.state.tribe_cup  # back in the cup (the goblin too: Ann's first free draw took it again)
    assert step.state.warlord("p1").units == [OGRE_LEADER, GOBLIN, GOBLIN + 1, GOBLIN + 2]
    assert len(step.state.gold_cup) == 66 - 2
    assert "Cy trades 2 units for gold." in texts(step, public_only=True)
    assert step.state.turn == 1  # everyone was ready: the war begins


def test_a_caravan_drawn_is_placed_at_once_and_another_chip_drawn() -> None:
    # 002 L6 (reading a8, b2): a caravan chip goes on the map at its road's start, and is replaced
    state = all_but_last_ready(2, hands=[[], [ORC]])
    state.turn = 0
    state.warlords[0].setup = SetupStep.TRADE  # Ann trades first, so the game turn does not begin yet
    state.warlords[0].units = [GOBLIN]
    state.tribe_cup.remove(GOBLIN)
    # face 4: an Elf caravan chip; then, the cup holding 3 dwarf, 2 elf and 60 gold, face 6: gold
    step = GAME.apply(state, "p1", TradeForGold(units=[GOBLIN]), dice=ScriptedDice([4, 6]))
    after = step.state
    assert after.warlord("p1").gold == 1 and after.warlord("p1").caravans == []
    assert [(c.kind, c.territory, c.power) for c in after.caravans] == [(CaravanKind.ELF, 18, None)]
    assert sorted(after.gold_cup).count("elf") == 2 and len(after.gold_cup) == 66 - 2
    assert "Ann draws an Elf caravan: it sets out from Elf Wood (18) for Dwarf Gate (13)." in texts(step)
    assert after.turn == 0 and after.phase is Phase.SETUP


def test_keeping_every_unit_is_a_trade_of_none() -> None:
    # 002 L6: units "may" be traded
    state = all_but_last_ready(2, hands=[[GOBLIN_LEADER], [ORC, GOBLIN]])
    legal = GAME.legal_actions(state, "p2")
    assert TradeForGold(units=[]) in legal and TradeForGold(units=[GOBLIN, ORC]) in legal and len(legal) == 4
    step = GAME.apply(state, "p2", TradeForGold(), dice=ScriptedDice([1, 1, 1]))
    assert step.state.warlord("p2").units == [ORC, GOBLIN] and "Bo keeps every unit." in texts(step)


def test_alike_chips_are_one_choice_of_trade() -> None:
    # 002 L6: two goblins are the same trade whichever is given back
    state = all_but_last_ready(2, hands=[[], [GOBLIN, GOBLIN + 1, ORC]])
    assert len(GAME.legal_actions(state, "p2")) == 3 * 2


def test_a_wrong_trade_is_refused_and_changes_nothing() -> None:
    # 002 L6: only units in one's own hand, each once; bosses first; never twice
    state = all_but_last_ready(2, hands=[[GOBLIN_LEADER], [ORC, GOBLIN]])
    before = state.model_dump()
    for action, why in ((TradeForGold(units=[KOBOLD]), "in your hand"),
                        (TradeForGold(units=[ORC, ORC]), "only once")):
        with pytest.raises(RuleViolation, match=why):
            GAME.apply(state, "p2", action)
    with pytest.raises(RuleViolation, match="already traded"):
        GAME.apply(state, "p1", TradeForGold())
    with pytest.raises(RuleViolation, match="not over yet"):
        GAME.apply(state, "p2", Reinforce())
    with pytest.raises(RuleViolation, match="not playing"):
        GAME.apply(state, "p9", TradeForGold())
    with pytest.raises(RuleViolation, match="Choose your bosses first"):
        GAME.apply(fresh(2), "p1", TradeForGold())
    assert state.model_dump() == before


def test_the_setup_replays_from_its_seed_and_log() -> None:
    # the engine contract: a game is its seed and its action log
    state = GAME.new(seats(2), None, 42)
    log = []
    for player in ("p1", "p2"):
        for _ in range(2):
            action = GAME.legal_actions(state, player)[-1]
            log.append((player, action))
            state = GAME.apply(state, player, action).state
    assert state.turn == 1
    assert GAME.replay(seats(2), None, 42, log).model_dump() == state.model_dump()
    assert GAME.parse_action(GAME.dump_action(log[1][1])) == log[1][1]
