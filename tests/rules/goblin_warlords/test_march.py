"""B3, move, levy and attack (seed 002 L26-36; lines of 002_6fc21e352e2e7ee3.txt, the reading's items
in brackets): each leader's one move, attack and levy a turn; lone leaders and armies; passage through
an opponent's territory; underground travel; units left behind or without a leader; control; levies.
Battles only are recorded here, for the combat slice still to come."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.goblin_warlords.models import (
    AllowPassage,
    AskKind,
    AttackPasser,
    Claim,
    EndTurn,
    Fortress,
    GoblinState,
    Levy,
    Move,
    Phase,
    RerollUnderground,
    TradeForGold,
    Underground,
)
from tests.rules.goblin_warlords.helpers import (
    GAME,
    GOBLIN,
    GOBLIN_LEADER,
    KOBOLD,
    KOBOLD_LEADER,
    ORC,
    ORC_LEADER,
    SHAMAN,
    TROLL,
    TROLL_LEADER,
    all_but_last_ready,
    put_army,
    run,
    texts,
)


def b3() -> GoblinState:
    """Game turn 1, Ann's B3 with an empty hand and nothing on the map; Bo holds a kobold leader."""
    state = GAME.apply(all_but_last_ready(2, hands=[[GOBLIN_LEADER + 2], [KOBOLD_LEADER + 2]]), "p2", TradeForGold(),
                       dice=ScriptedDice([1, 1, 1])).state
    ann = state.warlord("p1")
    state.tribe_cup += ann.units
    ann.units = []
    assert state.current == "p1" and state.ask is not None and state.ask.kind is AskKind.MARCH
    return state


def give(state: GoblinState, player: str, units: Sequence[int]) -> None:
    for unit in units:
        state.tribe_cup.remove(unit)
    state.warlord(player).units += list(units)


def army_at(state: GoblinState, territory: int, owner: str | None = "p1") -> list[int]:
    """The chips of `owner`'s armies in the territory (leaders first)."""
    return [c for a in state.armies if a.territory == territory and a.owner == owner and not a.lost
            for c in ((a.leader,) if a.leader is not None else ()) + tuple(a.units)]


def refused(state: GoblinState, player: str, action: object, match: str) -> None:
    before = state.model_dump()
    with pytest.raises(RuleViolation, match=match):
        GAME.apply(state, player, action, dice=ScriptedDice([]))
    assert state.model_dump() == before


# -- the step's frame ---------------------------------------------------------------------------------

def test_each_leader_moves_once_a_turn_and_ending_the_turn_passes_play_on() -> None:
    # 002 L26-27 (reading a14): each leader may move once; "end my turn" ends B3 (B4-C still to come)
    state = b3()
    put_army(state, "p1", 7, GOBLIN_LEADER)
    put_army(state, "p1", 9, ORC_LEADER)
    first, second = state.armies[0].id, state.armies[1].id
    state = GAME.apply(state, "p1", Move(army=first, path=[8])).state
    assert army_at(state, 8) == [GOBLIN_LEADER] and state.moved == [GOBLIN_LEADER]
    assert not any(isinstance(a, Move) and a.army == first for a in GAME.legal_actions(state, "p1"))
    refused(state, "p1", Move(army=first, path=[7]), "already moved this turn")
    state = GAME.apply(state, "p1", Move(army=second, path=[10])).state  # another leader still may
    refused(state, "p2", EndTurn(), "not your decision")
    assert GAME.legal_actions(state, "p1")[-1] == EndTurn()
    step = GAME.apply(state, "p1", EndTurn(), dice=ScriptedDice([1, 1, 1]))  # Bo's three free draws
    after = step.state
    assert "Ann ends the turn." in texts(step) and after.current == "p2" and after.phase is Phase.MARCH
    assert after.moved == [] and after.ask is not None and after.ask.players == ["p2"]


# -- moves ----------------------------------------------------------------------------------------------

def test_a_lone_leader_moves_up_to_two_areas_an_army_one() -> None:
    # 002 L28-29 (reading a15): "Leaders without units may move up to 2 areas"; "Army may move one territory"
    state = b3()
    put_army(state, "p1", 7, GOBLIN_LEADER)
    put_army(state, "p1", 10, ORC_LEADER, [ORC])
    lone, army = state.armies[0].id, state.armies[1].id
    assert Move(army=lone, path=[8, 9]) in GAME.legal_actions(state, "p1")
    assert not any(isinstance(a, Move) and a.army == army and len(a.path) > 1 for a in GAME.legal_actions(state, "p1"))
    refused(state, "p1", Move(army=army, path=[11, 12]), "only one territory a turn")
    refused(state, "p1", Move(army=lone, path=[8, 9, 10]), "at most two areas")
    refused(state, "p1", Move(army=lone, path=[9]), "not next to")
    refused(state, "p1", Move(army=lone, path=[8, 7]), "each territory once")
    state = GAME.apply(state, "p1", Move(army=lone, path=[8, 9])).state
    state = GAME.apply(state, "p1", Move(army=army, path=[4])).state
    assert army_at(state, 9) == [GOBLIN_LEADER] and army_at(state, 4) == [ORC_LEADER, ORC]


def test_units_may_be_left_behind_in_friendly_territory_and_wait_there() -> None:
    # 002 L31-32 (reading a17-18): left in friendly territory, units without a leader stay; the leader left
    # alone moves as a lone leader, two areas
    state = b3()
    state.control[7] = "p1"
    put_army(state, "p1", 7, GOBLIN_LEADER, [GOBLIN, ORC])
    led = state.armies[0].id
    state = GAME.apply(state, "p1", Move(army=led, path=[8, 9], leave=[GOBLIN, ORC])).state
    assert army_at(state, 9) == [GOBLIN_LEADER] and army_at(state, 7) == [GOBLIN, ORC]
    assert any(a.leader is None and a.owner == "p1" for a in state.armies)


def test_units_cannot_be_left_in_unfriendly_territory() -> None:
    # 002 L31 (reading a17): "to friendly territory" — an outland or a land not his is not
    state = b3()
    put_army(state, "p1", 13, GOBLIN_LEADER, [GOBLIN])
    refused(state, "p1", Move(army=state.armies[0].id, path=[14], leave=[GOBLIN]), "only in friendly territory")
    assert all(not a.leave for a in GAME.legal_actions(state, "p1") if isinstance(a, Move))


def test_units_without_a_leader_in_unfriendly_territory_are_destroyed() -> None:
    # 002 L32 (reading a18): in an outland (unfriendly to all: our reading) they die; in his own land they wait
    state = b3()
    state.control[8] = "p1"
    put_army(state, "p1", 13, None, [ORC, TROLL])
    put_army(state, "p1", 8, None, [GOBLIN])
    put_army(state, "p1", 10, GOBLIN_LEADER)
    step = GAME.apply(state, "p1", Move(army=state.armies[2].id, path=[11]))
    after = step.state
    assert army_at(after, 13) == [] and ORC in after.tribe_cup and TROLL in after.tribe_cup
    assert army_at(after, 8) == [GOBLIN]
    assert "Ann's Orc (2), Troll (3) without a leader in unfriendly Dwarf Gate (13) are destroyed." in texts(step)


def test_a_leader_in_an_orcland_without_hostile_troops_gains_control() -> None:
    # 002 L33 (reading a19): only orclands; hostile troops stop it, a lone enemy leader does not
    state = b3()
    put_army(state, "p1", 7, GOBLIN_LEADER)
    put_army(state, "p1", 14, ORC_LEADER)
    put_army(state, "p1", 10, GOBLIN_LEADER + 1)
    put_army(state, "p2", 11, ORC_LEADER + 1, [ORC])
    put_army(state, "p2", 4, ORC_LEADER + 2)
    step = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[8]))
    # every leader standing alone in an orcland takes it, Bo's at Troll Fen too
    assert step.state.control == {8: "p1", 10: "p1", 11: "p2", 4: "p2"}
    assert "Ann takes control of Bone Ridge (8)." in texts(step)
    state = GAME.apply(step.state, "p1", Move(army=state.armies[1].id, path=[13])).state
    assert 13 not in state.control  # an outland is never controlled
    state = GAME.apply(state, "p1", Move(army=state.armies[2].id, path=[11])).state
    assert state.control[11] == "p2"  # Bo's orc stands there: a battle instead
    battle = state.battles[-1]
    assert (battle.territory, battle.attacker, battle.forced, battle.why) == (11, "p1", True, "entered enemies")
    assert GOBLIN_LEADER + 1 in state.attacked


def test_marching_into_enemies_records_the_battle_for_the_combat_slice() -> None:
    # 002 L37 (reading a23): in orclands the fight is forced, in outlands it may be declined (combat slice)
    state = b3()
    put_army(state, "p1", 14, GOBLIN_LEADER, [GOBLIN])
    put_army(state, "p2", 15, ORC_LEADER, [ORC])
    step = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[15]))
    battle = step.state.battles[0]
    assert (battle.territory, battle.forced) == (15, False)
    assert ("Enemies stand in Mill Fields (15): a battle will be fought there, outlands or not, once the turn's "
            "moves are done." in texts(step))
    assert GAME.view(step.state, None).battles == step.state.battles


# -- passage through an opponent's territory ---------------------------------------------------------

def passage() -> GoblinState:
    """Ann's lone goblin leader (servivility 5) at Skull Pass (7); Bo holds Bone Ridge (8) with an orc."""
    state = b3()
    state.control[8] = "p2"
    put_army(state, "p1", 7, GOBLIN_LEADER)
    put_army(state, "p2", 8, None, [ORC])
    return state


def test_passing_through_an_opponents_territory_holding_his_units_asks_him_first() -> None:
    # 002 L28 (reading a15): "if opponent accepts" — a prompt to him; he lets the leader through
    state = passage()
    step = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[8, 9]))
    asked = step.state
    assert asked.ask is not None and asked.ask.kind is AskKind.PASSAGE and asked.ask.players == ["p2"]
    prompt = GAME.prompts(asked)[0]
    assert prompt.player == "p2" and "asks to pass through Bone Ridge" in prompt.text
    assert prompt.default == AllowPassage(allow=False).model_dump(mode="json")  # unanswered: barred (bloodshed)
    assert GAME.legal_actions(asked, "p1") == []
    refused(asked, "p1", EndTurn(), "not your decision")
    after = GAME.apply(asked, "p2", AllowPassage(allow=True)).state
    assert army_at(after, 9) == [GOBLIN_LEADER] and after.ask is not None and after.ask.kind is AskKind.MARCH
    assert 9 in after.control and 8 not in [t for t, p in after.control.items() if p == "p1"]


def test_a_barred_leader_passes_on_a_servivility_check() -> None:
    # 002 L28 (reading a15, b5): d8 at or under servivility (5)
    state = GAME.apply(passage(), "p1", Move(army=passage().armies[0].id, path=[8, 9])).state
    step = GAME.apply(state, "p2", AllowPassage(allow=False), dice=ScriptedDice([5]))
    assert army_at(step.state, 9) == [GOBLIN_LEADER] and "Ann's leader slips through." in texts(step)


def test_a_failed_check_lets_the_opponent_attack_the_leader_or_let_him_go() -> None:
    # 002 L28 (reading a15): "If check fails, opponent may attack leader" — a choice for him; the battle is the
    # combat slice's, and the leader's move ends where he was caught
    state = GAME.apply(passage(), "p1", Move(army=passage().armies[0].id, path=[8, 9])).state
    caught = GAME.apply(state, "p2", AllowPassage(allow=False), dice=ScriptedDice([6])).state
    assert caught.ask is not None and caught.ask.kind is AskKind.PASSER and caught.ask.players == ["p2"]
    assert GAME.legal_actions(caught, "p2") == [AttackPasser(attack=True), AttackPasser(attack=False)]
    attacked = GAME.apply(caught, "p2", AttackPasser(attack=True)).state
    assert army_at(attacked, 8) == [GOBLIN_LEADER]
    battle = attacked.battles[0]
    assert (battle.territory, battle.attacker, battle.why) == (8, "p2", "caught passing")
    assert attacked.ask is not None and attacked.ask.kind is AskKind.MARCH and attacked.ask.players == ["p1"]
    assert attacked.control[8] == "p2"
    let_go = GAME.apply(caught, "p2", AttackPasser(attack=False)).state
    assert army_at(let_go, 9) == [GOBLIN_LEADER] and let_go.battles == []


def test_an_eight_always_fails_the_servivility_check_even_with_a_shaman() -> None:
    # 002 L71 (+1 with a shaman), reading b5 (8 fails); the shaman makes him an army, so set him by hand
    state = passage()
    state.armies[0].units = [SHAMAN]
    state.tribe_cup.remove(SHAMAN)
    state.armies[0].territory = 8
    state.ask.kind, state.ask.players, state.ask.army, state.ask.path = AskKind.PASSAGE, ["p2"], state.armies[0].id, [9]
    assert GAME.apply(state, "p2", AllowPassage(allow=False), dice=ScriptedDice([6])).state.ask.kind is AskKind.MARCH
    assert GAME.apply(state, "p2", AllowPassage(allow=False), dice=ScriptedDice([8])).state.ask.kind is AskKind.PASSER


def test_a_territory_with_other_enemies_ends_a_move() -> None:
    # 002 L37: a move into enemies stops there; only the controller's own units are passed with leave
    state = b3()
    put_army(state, "p1", 7, GOBLIN_LEADER)
    put_army(state, "p2", 8, None, [ORC])  # Bo's units, but Bo does not control Bone Ridge
    refused(state, "p1", Move(army=state.armies[0].id, path=[8, 9]), "a move into them ends there")


# -- underground -----------------------------------------------------------------------------------------

def underground() -> GoblinState:
    """Ann's goblin leader with a goblin at Skull Pass (7), hers, with a mine."""
    state = b3()
    state.control[7] = "p1"
    state.mines = [7]
    put_army(state, "p1", 7, GOBLIN_LEADER, [GOBLIN])
    return state


def test_underground_travel_comes_out_where_the_d20_says_with_one_reroll() -> None:
    # 002 L30 (reading a16, b1): d20 1-18 = the territory; one reroll accepted, the new place must be accepted
    state = underground()
    led = state.armies[0].id
    assert Underground(army=led) in GAME.legal_actions(state, "p1")
    rolled = GAME.apply(state, "p1", Underground(army=led), dice=ScriptedDice([12])).state
    assert rolled.ask is not None and rolled.ask.kind is AskKind.UNDERGROUND and rolled.ask.rolled == 12
    assert GOBLIN_LEADER in rolled.moved
    kept = GAME.apply(rolled, "p1", RerollUnderground(reroll=False)).state
    assert army_at(kept, 12) == [GOBLIN_LEADER, GOBLIN] and kept.control[12] == "p1"
    again = GAME.apply(rolled, "p1", RerollUnderground(reroll=True), dice=ScriptedDice([3])).state
    assert army_at(again, 3) == [GOBLIN_LEADER, GOBLIN] and again.ask.kind is AskKind.MARCH  # stands: no more asks
    refused(again, "p1", Underground(army=led), "already moved")


def test_underground_travel_needs_friendly_territory_with_a_mine_or_fortress() -> None:
    # 002 L30, L62 (reading a16, a27)
    state = underground()
    state.mines = []
    refused(state, "p1", Underground(army=state.armies[0].id), "friendly territory with a mine or a fortress")
    state.fortresses = [Fortress(territory=7, rating=2, owner="p1")]
    assert Underground(army=state.armies[0].id) in GAME.legal_actions(state, "p1")
    state.control[7] = "p2"
    refused(state, "p1", Underground(army=state.armies[0].id), "friendly territory")


def test_a_twenty_underground_destroys_the_army() -> None:
    # 002 L30: "If 20 is rolled, entire army is destroyed in messy way" — at once, no reroll (our reading)
    state = underground()
    step = GAME.apply(state, "p1", Underground(army=state.armies[0].id), dice=ScriptedDice([20]))
    assert step.state.armies == [] and GOBLIN_LEADER in step.state.tribe_cup and GOBLIN in step.state.tribe_cup
    assert step.state.ask.kind is AskKind.MARCH
    assert "Ann's army of Goblin leader (authority 5, servivility 5), Goblin (1) is destroyed in the caves, messily." \
        in texts(step)


def test_a_rerolled_twenty_stands_too() -> None:
    # 002 L30: "player must accept the new place"
    state = GAME.apply(underground(), "p1", Underground(army=underground().armies[0].id), dice=ScriptedDice([5])).state
    assert GAME.apply(state, "p1", RerollUnderground(reroll=True), dice=ScriptedDice([20])).state.armies == []


def test_a_nineteen_leaves_the_army_lost_until_its_next_turn_when_it_rolls_without_reroll() -> None:
    # 002 L30 (reading a16): lost in the dark; next turn it rolls for its place with no reroll
    state = underground()
    lost = GAME.apply(state, "p1", Underground(army=state.armies[0].id), dice=ScriptedDice([19])).state
    assert lost.armies[0].lost and army_at(lost, 7) == [] and lost.ask.kind is AskKind.MARCH
    assert not any(getattr(a, "army", None) == lost.armies[0].id for a in GAME.legal_actions(lost, "p1"))
    refused(lost, "p1", Move(army=lost.armies[0].id, path=[8]), "lost in the dark")
    after, lines = run(lost, "_march", ScriptedDice([9]))  # Ann's next B3: the roll, no question
    assert army_at(after, 9) == [GOBLIN_LEADER, GOBLIN] and not after.armies[0].lost
    assert after.ask.kind is AskKind.MARCH and GOBLIN_LEADER in after.moved
    again, _ = run(lost, "_march", ScriptedDice([19]))
    assert again.armies[0].lost


def test_an_underground_arrival_at_hostile_troops_and_a_fortress_is_a_surprise() -> None:
    # 002 L30, L109 (reading a16, a42): the battle is recorded as a surprise for the combat slice
    state = underground()
    state.control[12] = "p2"
    state.fortresses = [Fortress(territory=12, rating=3, owner="p2")]
    put_army(state, "p2", 12, ORC_LEADER, [ORC])
    rolled = GAME.apply(state, "p1", Underground(army=state.armies[0].id), dice=ScriptedDice([12])).state
    after = GAME.apply(rolled, "p1", RerollUnderground(reroll=False)).state
    assert after.battles[0].surprise and after.battles[0].why == "underground surprise"
    assert after.control[12] == "p2"


# -- levies -------------------------------------------------------------------------------------------

def test_a_leader_from_the_hand_is_levied_into_his_home_with_his_native_units() -> None:
    # 002 L34-36 (reading a20-21, b3): levied at home with units at the same time; natives obey without a check
    state = b3()
    give(state, "p1", [GOBLIN_LEADER, GOBLIN, GOBLIN + 1])
    assert Levy(leader=GOBLIN_LEADER, units=[GOBLIN, GOBLIN + 1]) in GAME.legal_actions(state, "p1")
    step = GAME.apply(state, "p1", Levy(leader=GOBLIN_LEADER, units=[GOBLIN, GOBLIN + 1]), dice=ScriptedDice([]))
    after = step.state
    assert army_at(after, 1) == [GOBLIN_LEADER, GOBLIN, GOBLIN + 1] and after.warlord("p1").units == []
    assert after.control[1] == "p1" and after.levied == [GOBLIN_LEADER]
    refused(after, "p1", Levy(leader=GOBLIN_LEADER, units=[]), "already levied this turn")
    assert "Ann takes control of Goblin Warrens (1)." in texts(step)


def test_all_the_standard_units_of_the_territory_are_levied_at_once() -> None:
    # 002 L35 (reading a20, b3): at Goblin Warrens every goblin troop in the hand comes together
    state = b3()
    give(state, "p1", [GOBLIN_LEADER, GOBLIN, GOBLIN + 1, ORC])
    refused(state, "p1", Levy(leader=GOBLIN_LEADER, units=[GOBLIN]), "must be levied at the same time")
    assert all(GOBLIN in a.units and GOBLIN + 1 in a.units for a in GAME.legal_actions(state, "p1")
               if isinstance(a, Levy) and a.units)


def test_non_native_units_obey_only_on_an_authority_check_or_rebel() -> None:
    # 002 L36, L55 (reading a21, a36, c11): one d8 for the non-native ones; failure: they rebel and attack
    state = b3()
    state.control[8] = "p1"
    put_army(state, "p1", 8, GOBLIN_LEADER)  # authority 5
    give(state, "p1", [ORC, TROLL])
    led = state.armies[0].id
    obeyed = GAME.apply(state, "p1", Levy(leader=GOBLIN_LEADER, units=[ORC, TROLL]), dice=ScriptedDice([5])).state
    assert army_at(obeyed, 8) == [GOBLIN_LEADER, ORC, TROLL] and obeyed.battles == []
    step = GAME.apply(state, "p1", Levy(leader=GOBLIN_LEADER, units=[ORC, TROLL]), dice=ScriptedDice([6]))
    rebels = step.state
    assert army_at(rebels, 8) == [GOBLIN_LEADER] and army_at(rebels, 8, None) == [ORC, TROLL]
    battle = rebels.battles[0]
    assert (battle.territory, battle.attacker, battle.army, battle.why) == (8, None, led, "rebels")
    assert ("Orc (2), Troll (3) rebel and attack him in Bone Ridge (8) (fought when the turn's moves are done)."
            in texts(step))


def test_goblins_and_kobolds_are_easier_to_control_and_an_eight_always_fails() -> None:
    # 002 L56, L59-60 (reading a36, c8): +1 all troops native or goblins/kobolds; +1 kobolds/goblins against
    # an army of twice their power; an 8 fails whatever the modifiers
    state = b3()
    state.control[9] = "p1"
    put_army(state, "p1", 9, ORC_LEADER, [ORC, ORC + 1])  # authority 6, troops of power 4
    give(state, "p1", [KOBOLD, KOBOLD + 1])  # power 2: both +1, so 8 needed, and an 8 always fails
    levy = Levy(leader=ORC_LEADER, units=[KOBOLD, KOBOLD + 1])
    assert {KOBOLD, KOBOLD + 1} <= set(army_at(GAME.apply(state, "p1", levy, dice=ScriptedDice([7])).state, 9))
    assert GAME.apply(state, "p1", levy, dice=ScriptedDice([8])).state.battles[0].why == "rebels"


def test_no_units_are_levied_in_a_territory_the_player_does_not_control() -> None:
    # 002 L35 (reading a20): "unless they are levied at the same time as leader"
    state = b3()
    put_army(state, "p1", 8, GOBLIN_LEADER)
    give(state, "p1", [ORC])
    refused(state, "p1", Levy(leader=GOBLIN_LEADER, units=[ORC]), "do not control")
    assert not any(isinstance(a, Levy) for a in GAME.legal_actions(state, "p1"))


# -- claiming native units (L39) ------------------------------------------------------------------------

def test_an_arriving_leader_wins_over_his_native_troops_unless_their_holder_checks_authority() -> None:
    # 002 L39 (reading a22): Bo's troll leader (authority 4, no modifier: his orc is neither his native nor
    # a goblin) must roll 4 or less to keep the orc from Ann's orc leader
    state = b3()
    put_army(state, "p1", 8, ORC_LEADER)
    put_army(state, "p2", 9, TROLL_LEADER, [ORC, TROLL])
    move = Move(army=state.armies[0].id, path=[9])
    kept = GAME.apply(state, "p1", move, dice=ScriptedDice([4]))
    assert army_at(kept.state, 9, "p2") == [TROLL_LEADER, ORC, TROLL] and army_at(kept.state, 9) == [ORC_LEADER]
    swapped = GAME.apply(state, "p1", move, dice=ScriptedDice([5]))
    assert army_at(swapped.state, 9, "p2") == [TROLL_LEADER, TROLL]
    assert army_at(swapped.state, 9) == [ORC_LEADER, ORC]
    assert "Orc (2) of Bo's go over to their native leader, Ann's." in texts(swapped)
    assert swapped.state.battles[0].territory == 9  # the troll and his leader still stand there


def test_native_troops_with_no_leader_to_keep_them_go_over_at_once() -> None:
    # 002 L39: nobody there to check authority (our reading); then no hostile troops are left: control (L33)
    state = b3()
    state.control[9] = "p2"
    put_army(state, "p1", 8, ORC_LEADER)
    put_army(state, "p2", 9, None, [ORC])
    after = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[9]), dice=ScriptedDice([])).state
    assert army_at(after, 9) == [ORC_LEADER, ORC] and army_at(after, 9, "p2") == []
    assert after.control[9] == "p1" and after.battles == []


def test_goblins_and_kobolds_are_never_taken_from_their_native_leader() -> None:
    # 002 L39: "no units can be taken away from their native leader" — no roll at all
    state = b3()
    put_army(state, "p1", 8, GOBLIN_LEADER)
    put_army(state, "p2", 9, GOBLIN_LEADER + 1, [GOBLIN])
    after = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[9]), dice=ScriptedDice([])).state
    assert army_at(after, 9, "p2") == [GOBLIN_LEADER + 1, GOBLIN]


# -- claiming units without a leader (L31-32, L36) ------------------------------------------------------

def test_a_leader_claims_units_left_behind_natives_freely_others_on_an_authority_check() -> None:
    # 002 L31 (reading a17, c12): the goblin joins his goblin leader; the orc on a d8 at or under 5 (no modifier)
    state = b3()
    state.control[7] = "p1"
    put_army(state, "p1", 7, None, [GOBLIN, ORC])
    put_army(state, "p1", 7, GOBLIN_LEADER)
    claim = Claim(leader=GOBLIN_LEADER, army=state.armies[0].id)
    assert claim in GAME.legal_actions(state, "p1")
    joined = GAME.apply(state, "p1", claim, dice=ScriptedDice([5])).state
    assert army_at(joined, 7) == [GOBLIN_LEADER, GOBLIN, ORC] and len(joined.armies) == 1
    refused(joined, "p1", Levy(leader=GOBLIN_LEADER, units=[]), "already levied")  # the claim was his levy
    step = GAME.apply(state, "p1", claim, dice=ScriptedDice([6]))
    assert army_at(step.state, 7) == [GOBLIN_LEADER, GOBLIN] and army_at(step.state, 7, None) == [ORC]
    assert step.state.battles[0].why == "rebels"


def test_rebels_are_claimed_only_by_their_native_leader_without_a_check() -> None:
    # 002 L36 (reading a21): "can be claimed later by native leader"
    state = b3()
    put_army(state, "p1", 8, ORC_LEADER)
    put_army(state, "p1", 8, GOBLIN_LEADER)
    rebels = {"id": 99, "owner": None, "leader": None, "units": [ORC, GOBLIN + 5]}
    state.armies.append(state.armies[0].model_copy(update=rebels))
    state.tribe_cup.remove(ORC)
    state.tribe_cup.remove(GOBLIN + 5)
    after = GAME.apply(state, "p1", Claim(leader=ORC_LEADER, army=99), dice=ScriptedDice([])).state
    assert army_at(after, 8) == [ORC_LEADER, ORC, GOBLIN_LEADER] and army_at(after, 8, None) == [GOBLIN + 5]
    refused(after, "p1", Claim(leader=ORC_LEADER, army=99), "already levied")
    state.armies[2].units = [GOBLIN + 5]
    refused(state, "p1", Claim(leader=ORC_LEADER, army=99), "Only their native leader")


def test_a_leader_attacks_only_once_a_turn() -> None:
    # 002 L27: "attack once" — levied among enemies, he may not then march into other enemies
    state = b3()
    state.control[1] = state.control[7] = "p2"
    put_army(state, "p2", 1, KOBOLD_LEADER, [ORC])  # with a leader: units left behind would attack him (L31)
    put_army(state, "p2", 7, None, [TROLL])
    give(state, "p1", [GOBLIN_LEADER])
    state = GAME.apply(state, "p1", Levy(leader=GOBLIN_LEADER, units=[]), dice=ScriptedDice([])).state
    assert state.battles[0].why == "levied among enemies" and state.attacked == [GOBLIN_LEADER]
    led = next(a for a in state.armies if a.leader == GOBLIN_LEADER)
    refused(state, "p1", Move(army=led.id, path=[7]), "already attacked this turn")
    assert Move(army=led.id, path=[2]) in GAME.legal_actions(state, "p1")


def test_a_leader_passing_through_an_empty_orcland_does_not_take_it() -> None:
    # 002 L33 (our reading): control is gained where the move ends
    state = b3()
    put_army(state, "p1", 13, GOBLIN_LEADER)
    state = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[7, 8])).state
    assert state.control == {8: "p1"}


def test_gold_carried_goes_to_the_hand_in_friendly_territory() -> None:
    # 002 L51: "If leader or army arrives or moves thru friendly territory, gold is placed on player's hand"
    state = b3()
    state.control[8] = "p1"
    put_army(state, "p1", 7, GOBLIN_LEADER)
    put_army(state, "p1", 14, ORC_LEADER)
    state.armies[0].gold = state.armies[1].gold = 1
    state.gold_cup.remove("gold")
    state.gold_cup.remove("gold")
    through = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[8, 9])).state
    assert through.warlord("p1").gold == 1 and through.armies[0].gold == 0
    outland = GAME.apply(state, "p1", Move(army=state.armies[1].id, path=[15])).state
    assert outland.warlord("p1").gold == 0 and outland.armies[1].gold == 1
