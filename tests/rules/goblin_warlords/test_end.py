"""The end of the player turn and of the game (seed 002; lines of 002_6fc21e352e2e7ee3.txt, the
reading's items in brackets): B4, rampage and mines; B5, the discard down to ten; C, trading; victory,
announced before A and checked after C, and the house set's end after game turn 12."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.goblin_warlords.data import LAST_TURN, CaravanKind
from rules.goblin_warlords.models import (
    AcceptTrade,
    Ask,
    AskKind,
    DestroyMine,
    Discard,
    EndRampage,
    EndTrading,
    EndTurn,
    Fortress,
    OfferTrade,
    Phase,
    Rampage,
    TradeForGold,
)
from tests.rules.goblin_warlords.helpers import (
    GAME,
    GOBLIN,
    GOBLIN_LEADER,
    GOLD_FACE,
    KOBOLD,
    KOBOLD_LEADER,
    OGRE_LEADER,
    ORC,
    ORC_LEADER,
    SHAMAN,
    TROLL_LEADER,
    all_but_last_ready,
    in_march,
    put_army,
    run,
    texts,
)

TWELVE = [GOBLIN_LEADER, *range(GOBLIN + 1, GOBLIN + 8), *range(ORC, ORC + 4)]
"""Ann's hand: a leader and eleven troops, twelve units in all."""


def over_the_limit():  # type: ignore[no-untyped-def]
    """Game turn 1, Ann in B3 with twelve units in hand (and her leader among them)."""
    state = all_but_last_ready(2, hands=[TWELVE[:9], [ORC_LEADER]])
    state = GAME.apply(state, "p2", TradeForGold(), dice=ScriptedDice([1, 1, 1])).state  # Ann draws 3 free
    assert state.current == "p1" and len(state.warlord("p1").units) == 12
    return state


# -- B5. discard ----------------------------------------------------------------------------------------

def test_a_hand_over_ten_units_discards_down_to_ten_chosen_by_its_player() -> None:
    # 002 L46 (reading a33): more than 10 units in hand -> the player discards down to 10
    state = GAME.apply(over_the_limit(), "p1", EndTurn()).state
    assert state.ask is not None and state.ask.kind is AskKind.DISCARD and state.current == "p1"
    prompt = GAME.prompts(state)[0]
    assert prompt.player == "p1" and prompt.secret
    legal = GAME.legal_actions(state, "p1")
    assert legal and all(len(a.units) == 2 for a in legal)
    hand = list(state.warlord("p1").units)
    cup = len(state.tribe_cup)
    gone = [hand[0], hand[-1]]
    step = GAME.apply(state, "p1", Discard(units=gone), dice=ScriptedDice([1, 1, 1]))  # Bo's free draws
    after = step.state
    assert len(after.warlord("p1").units) == 10 and not set(gone) & set(after.warlord("p1").units)
    assert len(after.tribe_cup) == cup + 2 - 3 and after.current == "p2"
    assert "Ann discards 2 units down to 10." in texts(step, public_only=True)
    assert not any("You discard" in t for t in texts(step, public_only=True))  # which ones stays secret


def test_ten_units_or_fewer_are_kept_and_play_passes_on() -> None:
    # 002 L46: only a hand of MORE than 10 units is discarded
    state = over_the_limit()
    for unit in state.warlord("p1").units[10:]:
        state.warlord("p1").units.remove(unit)
        state.tribe_cup.append(unit)
    after = GAME.apply(state, "p1", EndTurn(), dice=ScriptedDice([1, 1, 1])).state
    assert after.current == "p2" and len(after.warlord("p1").units) == 10


@pytest.mark.parametrize("units", [[], [GOBLIN + 1], [GOBLIN + 1, GOBLIN + 2, GOBLIN + 3], [GOBLIN + 1, GOBLIN + 1],
                                   [GOBLIN + 1, GOBLIN + 11]])
def test_a_wrong_discard_is_refused_and_changes_nothing(units: list[int]) -> None:
    # 002 L46: exactly down to ten, each unit once, from the hand
    state = GAME.apply(over_the_limit(), "p1", EndTurn()).state
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        GAME.apply(state, "p1", Discard(units=units))
    assert state.model_dump() == before


# -- victory ---------------------------------------------------------------------------------------------

DRAWS = [1, 1, 1]
"""The free draws of the next game turn's first player (Ann: her goblin leader's 5 before Bo's orc's 6)."""


def last_of_turn(turn: int = 1):  # type: ignore[no-untyped-def]
    """Bo, the last player of game turn `turn`, ending it: Ann's goblin leader with a goblin in Goblin
    Warrens (1), Bo's orc leader with an orc in Redtusk Hold (3)."""
    state = GAME.apply(all_but_last_ready(2), "p2", TradeForGold(), dice=ScriptedDice(DRAWS * 2)).state
    state = in_march(state)
    state.turn = turn
    put_army(state, "p1", 1, GOBLIN_LEADER, [GOBLIN])
    put_army(state, "p2", 3, ORC_LEADER, [ORC])
    state.control = {1: "p1", 3: "p2"}
    state.ask = Ask(kind=AskKind.MARCH, players=["p2"])
    return state


def lands(state, player: str, numbers) -> None:  # type: ignore[no-untyped-def]
    for n in numbers:
        state.control[n] = player


def test_a_condition_met_at_the_start_of_the_game_turn_is_announced() -> None:
    # 002 L156-157 (reading a53-54, c2): power victory: 12 - 2 players = 10 lands and fortresses
    state = last_of_turn()
    lands(state, "p1", range(1, 11))
    after, lines = run(state, "_next_player", ScriptedDice(DRAWS))
    assert after.turn == 2 and after.announced == ["p1"] and after.phase in (Phase.REINFORCE, Phase.MARCH)
    assert any("Ann announces victory (power)" in line for line in lines)
    assert GAME.view(after, "p2").announced == ["p1"]


def test_one_land_short_is_no_announcement() -> None:
    # 002 L157: X = 12 - number of players; 9 lands of 10 do not do
    state = last_of_turn()
    lands(state, "p1", range(1, 10))
    after, _ = run(state, "_next_player", ScriptedDice(DRAWS))
    assert after.announced == []


def test_an_announced_condition_met_again_after_the_game_turn_wins() -> None:
    # 002 L156 (reading c2): announced at the start, met at the end of the game turn -> wins
    state = last_of_turn()
    lands(state, "p1", range(1, 11))
    state.announced = ["p1"]
    after, lines = run(state, "_next_player", ScriptedDice([]))
    assert after.phase is Phase.OVER and after.winners == ["p1"] and "Ann wins the game!" in lines
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.placings == [["p1"], ["p2"]]
    assert GAME.prompts(after) == [] and GAME.legal_actions(after, "p2") == []
    with pytest.raises(RuleViolation):
        GAME.apply(after, "p2", EndTurn())


def test_a_condition_met_without_an_announcement_does_not_win() -> None:
    # 002 L156: the condition must be met at the start AND announced
    state = last_of_turn()
    lands(state, "p1", range(1, 11))
    after, _ = run(state, "_next_player", ScriptedDice(DRAWS))
    assert after.phase is not Phase.OVER and GAME.outcome(after) is None and after.turn == 2


def test_an_announcement_not_met_at_the_end_does_not_win() -> None:
    # 002 L156: announced, but the lands were lost during the turn
    state = last_of_turn()
    lands(state, "p1", range(1, 10))
    state.announced = ["p1"]
    after, _ = run(state, "_next_player", ScriptedDice(DRAWS))
    assert after.phase is not Phase.OVER and after.turn == 2 and after.announced == []


def test_the_condition_at_the_end_need_not_be_the_announced_one() -> None:
    # 002 L156 "(it must not be the same!)" (reading c2: need not): power announced, leadership met
    # 002 L158: 5 leaders with armies in orclands
    state = last_of_turn()
    state.announced = ["p1"]
    for n, leader in enumerate([GOBLIN_LEADER + 1, KOBOLD_LEADER, KOBOLD_LEADER + 1, TROLL_LEADER]):
        put_army(state, "p1", 7 + n, leader, [KOBOLD + n])
    after, _ = run(state, "_end_game_turn", ScriptedDice([]))
    assert after.phase is Phase.OVER and after.winners == ["p1"]


def test_leaders_alone_or_in_the_outlands_do_not_count_for_leadership() -> None:
    # 002 L158: leaders WITH armies IN orclands (with the goblin leader in Goblin Warrens, four count here)
    state = last_of_turn()
    state.announced = ["p1"]
    for n, leader in enumerate([GOBLIN_LEADER + 1, KOBOLD_LEADER, KOBOLD_LEADER + 1]):
        put_army(state, "p1", 7 + n, leader, [KOBOLD + n])
    put_army(state, "p1", 11, TROLL_LEADER, [SHAMAN])  # alone but for a shaman, who is no unit (L3)
    put_army(state, "p1", 13, OGRE_LEADER, [KOBOLD + 5])  # Dwarf Gate, an outland
    after, _ = run(state, "_end_game_turn", ScriptedDice(DRAWS))
    assert after.phase is not Phase.OVER


def test_a_fortress_counts_only_with_a_friendly_unit_in_it() -> None:
    # 002 L157: no fortresses are counted unless there is at least one friendly unit in
    state = last_of_turn()
    lands(state, "p1", range(1, 10))
    state.announced = ["p1"]
    state.fortresses = [Fortress(territory=12, rating=2, owner="p1")]
    after, _ = run(state, "_next_player", ScriptedDice(DRAWS))
    assert after.phase is not Phase.OVER  # 9 lands + an empty fortress
    state.fortresses = [Fortress(territory=1, rating=2, owner="p1")]  # with Ann's army
    after, _ = run(state, "_next_player", ScriptedDice([]))
    assert after.phase is Phase.OVER and after.winners == ["p1"]


def test_two_winners_share_the_victory() -> None:
    # 002 L156 (reading c2): two winners -> shared
    state = last_of_turn()
    state.announced = ["p1", "p2"]
    lands(state, "p1", range(1, 11))  # Ann's ten lands
    for n, leader in enumerate([GOBLIN_LEADER + 1, KOBOLD_LEADER, KOBOLD_LEADER + 1, TROLL_LEADER]):
        put_army(state, "p2", 1 + n, leader, [KOBOLD + n])  # Bo's five leaders with armies
    after, lines = run(state, "_end_game_turn", ScriptedDice([]))
    assert after.winners == ["p1", "p2"] and "Ann and Bo win the game!" in lines
    assert GAME.outcome(after).placings == [["p1", "p2"]]  # type: ignore[union-attr]


def test_after_game_turn_twelve_the_most_lands_and_fortresses_win() -> None:
    # house set b9: after game turn 12, most lands + fortresses wins (tie shared)
    state = last_of_turn(LAST_TURN - 1)
    after, _ = run(state, "_next_player", ScriptedDice(DRAWS))
    assert after.turn == LAST_TURN and after.phase is not Phase.OVER
    state = last_of_turn(LAST_TURN)
    state.fortresses = [Fortress(territory=3, rating=1, owner="p2")]
    after, lines = run(state, "_next_player", ScriptedDice([]))
    assert after.phase is Phase.OVER and after.winners == ["p2"]
    assert GAME.outcome(after).placings == [["p2"], ["p1"]]  # type: ignore[union-attr]
    state.fortresses = []
    after, lines = run(state, "_next_player", ScriptedDice([]))
    assert after.winners == ["p1", "p2"] and GAME.outcome(after).placings == [["p1", "p2"]]  # type: ignore[union-attr]


# -- B4. rampage and mines --------------------------------------------------------------------------------

DWARF_GATE, REDTUSK_HOLD = 13, 3


def bo_in_the_outlands(units=(ORC,)):  # type: ignore[no-untyped-def]
    """Bo (last of game turn 1, orc leader: authority 6) ends B3 with his army in Dwarf Gate."""
    state = last_of_turn()
    bo = next(a for a in state.armies if a.owner == "p2")
    bo.territory, bo.units = DWARF_GATE, list(units)
    if not units:
        state.tribe_cup.append(ORC)
    state = GAME.apply(state, "p2", EndTurn()).state
    assert state.ask is not None and state.ask.kind is AskKind.RAMPAGE and state.current == "p2"
    return state, bo.id


def test_a_rampaging_army_gains_gold_for_its_leader_and_itself() -> None:
    # 002 L43 (reading a31): leader's authority check -> 1 gold; the army 1 more, the leader checks again
    state, bo = bo_in_the_outlands()
    step = GAME.apply(state, "p2", Rampage(army=bo), dice=ScriptedDice([3, GOLD_FACE, GOLD_FACE, 6]))
    army = next(a for a in step.state.armies if a.id == bo)
    assert army.gold == 2 and army.units == [ORC]
    assert step.state.ask is not None and step.state.ask.kind is AskKind.RAMPAGE  # still B4: now only "done"
    assert GAME.legal_actions(step.state, "p2") == [EndRampage()]


def test_a_failed_second_check_sends_a_random_unit_to_the_hand_with_the_gold() -> None:
    # 002 L43 (reading c10): the unit and the gold both reach the hand; a failed first check gains nothing
    state, bo = bo_in_the_outlands((ORC, ORC + 1))
    gold = state.warlord("p2").gold
    step = GAME.apply(state, "p2", Rampage(army=bo), dice=ScriptedDice([8, GOLD_FACE, 7, 2]))
    army = next(a for a in step.state.armies if a.id == bo)
    assert army.gold == 0 and army.units == [ORC]
    assert ORC + 1 in step.state.warlord("p2").units and step.state.warlord("p2").gold == gold + 1


def test_a_lone_leader_rampages_with_one_check_and_a_caravan_chip_is_kept_and_replaced() -> None:
    # 002 L43: a lone leader checks once; L52: a caravan drawn is kept and another chip drawn
    state, bo = bo_in_the_outlands(())
    step = GAME.apply(state, "p2", Rampage(army=bo), dice=ScriptedDice([2, 1, GOLD_FACE]))
    army = next(a for a in step.state.armies if a.id == bo)
    assert army.gold == 1 and step.state.warlord("p2").caravans == [CaravanKind.DWARF]


def test_rampaging_twice_or_in_an_orcland_is_refused_and_changes_nothing() -> None:
    # 002 L43: armies and leaders IN OUTLANDS rampage; once each B4 (reading a31)
    state, bo = bo_in_the_outlands()
    ann = next(a for a in state.armies if a.owner == "p1")
    for wrong in (Rampage(army=ann.id), Rampage(army=999)):
        before = state.model_dump()
        with pytest.raises(RuleViolation):
            GAME.apply(state, "p2", wrong)
        assert state.model_dump() == before
    state = GAME.apply(state, "p2", Rampage(army=bo), dice=ScriptedDice([3, GOLD_FACE, GOLD_FACE, 6])).state
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        GAME.apply(state, "p2", Rampage(army=bo))
    assert state.model_dump() == before


def bo_at_a_mine(miners):  # type: ignore[no-untyped-def]
    state = last_of_turn()
    state.mines = [REDTUSK_HOLD]
    state.miners = list(miners)
    return state


def test_a_mine_held_all_turn_by_a_troop_yields_a_chip_caravans_not_replaced() -> None:
    # 002 L44, L52, L65 (reading a32, c6): one chip to the hand; a caravan chip is kept, nothing replaces it
    state = GAME.apply(bo_at_a_mine([ORC]), "p2", EndTurn()).state
    assert state.ask is not None and state.ask.kind is AskKind.RAMPAGE
    gold, cup = state.warlord("p2").gold, len(state.gold_cup)
    after = GAME.apply(state, "p2", EndRampage(), dice=ScriptedDice([GOLD_FACE, *DRAWS])).state
    assert after.warlord("p2").gold == gold + 1 and after.turn == 2
    after = GAME.apply(state, "p2", EndRampage(), dice=ScriptedDice([1, *DRAWS])).state
    assert after.warlord("p2").caravans == [CaravanKind.DWARF] and len(after.gold_cup) == cup - 1


def test_a_troop_that_came_this_turn_or_a_lone_leader_does_not_mine() -> None:
    # 002 L44 "for full turn", L65 "friendly troop (not leader)"
    state = GAME.apply(bo_at_a_mine([]), "p2", EndTurn(), dice=ScriptedDice(DRAWS)).state
    assert state.turn == 2 and state.warlord("p2").gold == 0


def test_the_troops_may_destroy_the_mine_instead() -> None:
    # 002 L65: instead of producing gold, troop may destroy mine
    state = GAME.apply(bo_at_a_mine([ORC]), "p2", EndTurn()).state
    after = GAME.apply(state, "p2", DestroyMine(territory=REDTUSK_HOLD), dice=ScriptedDice(DRAWS)).state
    assert after.mines == [] and after.warlord("p2").gold == 0 and after.turn == 2


def test_the_troops_at_a_mine_are_noted_when_the_turn_begins() -> None:
    # 002 L44 (reading c6): a troop present since the start of its owner's turn
    state = last_of_turn()
    state.mines = [1]
    after, _ = run(state, "_next_player", ScriptedDice(DRAWS))
    assert after.current == "p1" and after.miners == [GOBLIN]


# -- C. trading -------------------------------------------------------------------------------------------

def trading():  # type: ignore[no-untyped-def]
    """Game turn 1 over for both: Bo's army moved next to Ann's (Kobold Pits, 2, by Goblin Warrens, 1),
    Ann holding a goblin in hand, Bo a gold chip; C begins."""
    state = last_of_turn()
    next(a for a in state.armies if a.owner == "p2").territory = 2
    state.warlord("p1").units = [GOBLIN + 1]
    state.tribe_cup.remove(GOBLIN + 1)
    state.warlord("p2").gold = 1
    state.gold_cup.remove("gold")
    after, _ = run(state, "_next_player", ScriptedDice([]))
    assert after.phase is Phase.TRADE and after.ask is not None and after.ask.kind is AskKind.TRADE
    assert after.ask.players == ["p1"] and after.current is None and after.traders == ["p1", "p2"]
    return after


def test_players_with_leaders_in_adjacent_territories_trade_hand_units_and_gold() -> None:
    # 002 L47-48 (reading a34): leaders in adjacent territories -> trade units and gold in hand freely
    state = trading()
    step = GAME.apply(state, "p1", OfferTrade(partner="p2", give=[GOBLIN + 1], take_gold=1))
    assert step.state.ask is not None and step.state.ask.players == ["p2"] and GAME.prompts(step.state)[0].secret
    assert texts(step, public_only=True) == ["Ann makes Bo an offer."]  # what is offered stays between them
    after = GAME.apply(step.state, "p2", AcceptTrade(accept=True)).state
    assert after.warlord("p1").units == [] and after.warlord("p1").gold == 1
    assert after.warlord("p2").units == [GOBLIN + 1] and after.warlord("p2").gold == 0
    assert after.ask is not None and after.ask.players == ["p1"]  # Ann may trade on
    after = GAME.apply(after, "p1", EndTrading()).state
    assert after.ask is not None and after.ask.players == ["p2"]
    after = GAME.apply(after, "p2", EndTrading(), dice=ScriptedDice(DRAWS)).state
    assert after.turn == 2 and after.phase is not Phase.TRADE


def test_an_offer_turned_down_changes_no_hand() -> None:
    # 002 L48: a trade both players choose
    state = trading()
    state = GAME.apply(state, "p1", OfferTrade(partner="p2", give=[GOBLIN + 1], take_gold=1)).state
    after = GAME.apply(state, "p2", AcceptTrade(accept=False)).state
    assert after.warlord("p1").units == [GOBLIN + 1] and after.warlord("p2").gold == 1 and after.offer is None


def test_accepting_what_one_cannot_give_is_refused_and_changes_nothing() -> None:
    # 002 L48: units and gold IN THEIR HAND
    state = trading()
    state = GAME.apply(state, "p1", OfferTrade(partner="p2", give=[GOBLIN + 1], take_gold=2)).state
    assert GAME.legal_actions(state, "p2") == [AcceptTrade(accept=False)]
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        GAME.apply(state, "p2", AcceptTrade(accept=True))
    assert state.model_dump() == before


@pytest.mark.parametrize("offer", [OfferTrade(partner="p2", give=[ORC + 5]), OfferTrade(partner="p2", give_gold=1),
                                   OfferTrade(partner="p2"), OfferTrade(partner="p1", give=[GOBLIN + 1]),
                                   OfferTrade(partner="p3", give=[GOBLIN + 1])])
def test_a_wrong_offer_is_refused_and_changes_nothing(offer: OfferTrade) -> None:
    # 002 L48: only one's own hand, only to a player with a leader adjacent
    state = trading()
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        GAME.apply(state, "p1", offer)
    assert state.model_dump() == before


def test_captives_may_be_traded_and_the_others_are_executed_after_trading() -> None:
    # 002 L74 (reading a49): captives may be traded in the trade phase; not traded -> executed, to the cup
    state = trading()
    state.warlord("p1").captives = [KOBOLD_LEADER, TROLL_LEADER]
    state.tribe_cup.remove(KOBOLD_LEADER)
    state.tribe_cup.remove(TROLL_LEADER)
    state = GAME.apply(state, "p1", OfferTrade(partner="p2", give=[KOBOLD_LEADER], take_gold=1)).state
    state = GAME.apply(state, "p2", AcceptTrade(accept=True)).state
    assert KOBOLD_LEADER in state.warlord("p2").units and state.warlord("p1").captives == [TROLL_LEADER]
    state = GAME.apply(state, "p1", EndTrading()).state
    step = GAME.apply(state, "p2", EndTrading(), dice=ScriptedDice(DRAWS))
    assert step.state.warlord("p1").captives == [] and TROLL_LEADER in step.state.tribe_cup
    assert any("executes the captive" in t for t in texts(step))


def test_no_leaders_side_by_side_means_no_trading() -> None:
    # 002 L48: only players with leaders in adjacent territories trade
    after, _ = run(last_of_turn(), "_next_player", ScriptedDice(DRAWS))  # Goblin Warrens and Redtusk Hold
    assert after.turn == 2 and after.traders == []
