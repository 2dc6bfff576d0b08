"""B3's other parts (seed 002; lines of 002_6fc21e352e2e7ee3.txt, the reading's items in brackets): spies
(L41; house set b7), levies of shamans and war machines (L67-72), fortresses and mines built (L61-66), and
a leader carrying one gold chip only (L49-50)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.goblin_warlords.models import (
    AskKind,
    Battle,
    Build,
    Fortress,
    Levy,
    Move,
    SpyEffect,
    UseSpy,
    Work,
)
from tests.rules.goblin_warlords.helpers import (
    GAME,
    KOBOLD,
    KOBOLD_LEADER,
    ORC,
    ORC_LEADER,
    SHAMAN,
    SPY,
    WAR_MACHINE,
    put_army,
    texts,
)
from tests.rules.goblin_warlords.test_march import army_at, b3, give, refused
from tests.rules.goblin_warlords.test_secrets import conserved


def ann_holds_black_mire(hand: list[int] = (), gold: int = 0, units: list[int] = ()) -> object:  # type: ignore[assignment]
    """Ann's Orc leader in Black Mire (9), which she controls, with `units`; `hand` and `gold` in her hand."""
    state = b3()
    state.control[9] = "p1"
    put_army(state, "p1", 9, ORC_LEADER, list(units))
    give(state, "p1", list(hand))
    state.warlord("p1").gold = gold
    for _ in range(gold):
        state.gold_cup.remove("gold")
    conserved(state)
    return state


# -- spies (L41; house set b7) ------------------------------------------------------------------------------

def test_a_spy_peeks_into_a_hand_for_its_sender_alone_and_is_discarded() -> None:
    # 002 L41: "Spies can be used to do one of the following things and are then discarded" (the list is
    # empty; house set b7: a peek at a hand)
    state = ann_holds_black_mire(hand=[SPY])
    assert UseSpy(spy=SPY, effect=SpyEffect.PEEK, player="p2") in GAME.legal_actions(state, "p1")
    refused(state, "p1", UseSpy(spy=SPY, effect=SpyEffect.PEEK, player="p1"), "another player's hand")
    refused(state, "p1", UseSpy(spy=SPY + 1, effect=SpyEffect.PEEK, player="p2"), "from your hand")
    step = GAME.apply(state, "p1", UseSpy(spy=SPY, effect=SpyEffect.PEEK, player="p2"))
    private = [e for e in step.events if e.visible_to == ["p1"]]
    assert private and "Kobold leader" in private[0].text
    assert not any("Kobold leader" in t for t in texts(step, public_only=True))
    assert SPY in step.state.tribe_cup and SPY not in step.state.warlord("p1").units
    assert step.state.ask is not None and step.state.ask.kind is AskKind.MARCH


def test_an_incited_leaders_foreign_troops_rebel_when_he_fails() -> None:
    # house set b7: incite an enemy leader — a control check without the fortress bonus (L62); failure, his
    # non-native troops rebel and attack him (L36)
    state = ann_holds_black_mire(hand=[SPY])
    put_army(state, "p2", 10, KOBOLD_LEADER, [KOBOLD, ORC])
    bo = state.armies[-1].id
    step = GAME.apply(state, "p1", UseSpy(spy=SPY, effect=SpyEffect.INCITE, army=bo), dice=ScriptedDice([8]))
    assert army_at(step.state, 10, "p2") == [KOBOLD_LEADER, KOBOLD] and army_at(step.state, 10, None) == [ORC]
    assert step.state.battles == [Battle(territory=10, attacker=None, army=bo, why="rebels")]
    held = GAME.apply(state, "p1", UseSpy(spy=SPY, effect=SpyEffect.INCITE, army=bo), dice=ScriptedDice([4]))
    assert "His troops stay loyal." in texts(held) and army_at(held.state, 10, None) == []


def test_a_spy_sabotages_a_mine() -> None:
    # house set b7: sabotage any mine
    state = ann_holds_black_mire(hand=[SPY])
    state.mines = [14]
    step = GAME.apply(state, "p1", UseSpy(spy=SPY, effect=SpyEffect.SABOTAGE, territory=14))
    assert step.state.mines == []
    refused(step.state, "p1", UseSpy(spy=SPY, effect=SpyEffect.SABOTAGE, territory=14), "from your hand")


# -- shamans and war machines (L67-72) ------------------------------------------------------------------------

def test_a_leader_levies_one_shaman_at_most() -> None:
    # 002 L70: "Leader may levy shaman"; L72: "No leader or army may have two shamans"; not native, it takes
    # an authority check (L36)
    state = ann_holds_black_mire(hand=[SHAMAN, SHAMAN + 1], units=[ORC])
    assert Levy(leader=ORC_LEADER, units=[SHAMAN]) in GAME.legal_actions(state, "p1")
    refused(state, "p1", Levy(leader=ORC_LEADER, units=[SHAMAN, SHAMAN + 1]), "two shamans")
    after = GAME.apply(state, "p1", Levy(leader=ORC_LEADER, units=[SHAMAN]), dice=ScriptedDice([1])).state
    assert army_at(after, 9) == [ORC_LEADER, ORC, SHAMAN]


def test_a_war_machine_is_paid_for_and_needs_a_troop_to_tow_it() -> None:
    # 002 L68: "Leader may recruit war machine by paying it's power in gold and levying it normally. War
    # machine requires at least one troop to tow it (no leader may do it)"
    alone = ann_holds_black_mire(hand=[WAR_MACHINE], gold=2)
    refused(alone, "p1", Levy(leader=ORC_LEADER, units=[WAR_MACHINE]), "troop to tow it")
    poor = ann_holds_black_mire(hand=[WAR_MACHINE, ORC], gold=1)
    refused(poor, "p1", Levy(leader=ORC_LEADER, units=[ORC, WAR_MACHINE]), "costs its power in gold")
    state = ann_holds_black_mire(hand=[WAR_MACHINE, ORC], gold=2)
    assert Levy(leader=ORC_LEADER, units=[ORC, WAR_MACHINE]) in GAME.legal_actions(state, "p1")
    after = GAME.apply(state, "p1", Levy(leader=ORC_LEADER, units=[ORC, WAR_MACHINE]), dice=ScriptedDice([1])).state
    assert army_at(after, 9) == [ORC_LEADER, ORC, WAR_MACHINE] and after.warlord("p1").gold == 0


def test_a_war_machine_left_without_troops_is_destroyed_and_kept_by_a_leader_with_loyal_troops() -> None:
    # 002 L68: "is destroyed if leaved to territory without friendly troops ... in case of rebel, leader may
    # use it if he has any loyal troops, otherwise rebels use it"
    state = ann_holds_black_mire(units=[ORC, WAR_MACHINE])
    step = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[10], leave=[WAR_MACHINE]))
    assert WAR_MACHINE in step.state.tribe_cup and any("no troop to tow it" in t for t in texts(step))
    state = ann_holds_black_mire(hand=[KOBOLD, WAR_MACHINE + 1], gold=2, units=[ORC])
    after = GAME.apply(state, "p1", Levy(leader=ORC_LEADER, units=[KOBOLD, WAR_MACHINE + 1]),
                       dice=ScriptedDice([8])).state  # the check fails: the kobold rebels
    assert army_at(after, 9) == [ORC_LEADER, ORC, WAR_MACHINE + 1] and army_at(after, 9, None) == [KOBOLD]


# -- fortresses and mines (L61-66) ----------------------------------------------------------------------------

def test_a_fortress_is_paid_with_its_rating_and_its_leader_stays_put() -> None:
    # 002 L61: "Leader may build a fortess to friendly territory if player pays gold equal to it's strength and
    # has at least one army there and do not move this turn"; L63: a new one destroys the old
    state = ann_holds_black_mire(gold=3, units=[ORC])
    state.fortresses.append(Fortress(territory=9, rating=1, owner="p1"))
    assert Build(leader=ORC_LEADER, work=Work.FORTRESS, rating=3) in GAME.legal_actions(state, "p1")
    refused(state, "p1", Build(leader=ORC_LEADER, work=Work.FORTRESS, rating=4), "costs 4 gold")
    after = GAME.apply(state, "p1", Build(leader=ORC_LEADER, work=Work.FORTRESS, rating=3)).state
    assert after.fortresses == [Fortress(territory=9, rating=3, owner="p1")] and after.warlord("p1").gold == 0
    refused(after, "p1", Move(army=after.armies[0].id, path=[10]), "already moved")
    lone = ann_holds_black_mire(gold=3)
    refused(lone, "p1", Build(leader=ORC_LEADER, work=Work.FORTRESS, rating=1), "needs an army there")
    moved = ann_holds_black_mire(gold=3, units=[ORC])
    moved.moved.append(ORC_LEADER)
    refused(moved, "p1", Build(leader=ORC_LEADER, work=Work.FORTRESS, rating=1), "does not move this turn")
    outside = ann_holds_black_mire(gold=3, units=[ORC])
    outside.control.pop(9)
    refused(outside, "p1", Build(leader=ORC_LEADER, work=Work.FORTRESS, rating=1), "friendly territory")


def test_a_mine_needs_a_unit_there_for_the_whole_turn_and_one_a_territory() -> None:
    # 002 L65-66: "Leader may build a mine to friendly territory if it has at least one friendly unit there for
    # whole turn"; "Only one mine is allowed per territory"
    state = ann_holds_black_mire(units=[ORC])
    refused(state, "p1", Build(leader=ORC_LEADER, work=Work.MINE), "for the whole turn")  # they came this turn
    state.posts = {ORC: 9}
    assert Build(leader=ORC_LEADER, work=Work.MINE) in GAME.legal_actions(state, "p1")
    after = GAME.apply(state, "p1", Build(leader=ORC_LEADER, work=Work.MINE)).state
    assert after.mines == [9]
    refused(after, "p1", Build(leader=ORC_LEADER, work=Work.MINE), "one a territory")


# -- gold carried (L49-50) -------------------------------------------------------------------------------------

def test_a_leader_alone_carries_one_gold_chip_and_an_army_any() -> None:
    # 002 L49-50: "Leader may carry only one gold counter ... Armies may carry any number of gold."
    state = b3()
    put_army(state, "p1", 14, ORC_LEADER, [ORC])
    state.armies[0].gold = 3
    cup = len(state.gold_cup)
    step = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[15], leave=[]))
    assert step.state.armies[0].gold == 3  # an army carries any number
    state.armies[0].units = []
    state.tribe_cup.append(ORC)
    step = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[15]))
    assert step.state.armies[0].gold == 1 and len(step.state.gold_cup) == cup + 2
    assert any("carries one gold chip only" in t for t in texts(step))
