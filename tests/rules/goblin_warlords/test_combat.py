"""Combat (seed 002 L83-147; lines of 002_6fc21e352e2e7ee3.txt, the reading's items in brackets): the
battles B3 recorded are fought when the player ends B3 — secret strategies revealed together, the
leadership check and the d6 for a real strategy, troll stupidity, the strategy table's damage, its
assignment, the survivor roll, surrender, and the fate of a destroyed leader."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.dice import ScriptedDice
from rules.core.engine import PromptKind
from rules.goblin_warlords.combat import FIGHTING, assign, fortress_used, loser, retreat_to, survivor
from rules.goblin_warlords.data import CaravanKind
from rules.goblin_warlords.models import (
    AskKind,
    AttackCaravan,
    Battle,
    Caravan,
    ChooseStrategy,
    EndTurn,
    Fortress,
    GoblinState,
    Move,
    Strategy,
)
from rules.goblin_warlords.secrets import STRATEGIES, strategy_key
from tests.rules.goblin_warlords.helpers import (
    GAME,
    GOBLIN,
    GOBLIN_LEADER,
    KOBOLD,
    KOBOLD_LEADER,
    OGRE,
    OGRE_LEADER,
    ORC,
    ORC_LEADER,
    TROLL,
    TROLL_LEADER,
    WAR_MACHINE,
    by_default,
    put_army,
    texts,
)
from tests.rules.goblin_warlords.test_march import army_at, b3, refused

CHARGE, CAREFUL, CLEVER = Strategy.CHARGE, Strategy.CAREFUL, Strategy.CLEVER
BO_DRAWS = [1, 1, 1]
"""Bo's three free units when his turn begins, once Ann's battles are fought."""


def battle(attackers: Sequence[int], defenders: Sequence[int], *, attacker: int = ORC_LEADER,
           defender: int | None = KOBOLD_LEADER) -> GoblinState:
    """Ann's army (in Bone Ridge, 8) has marched into Bo's (Black Mire, 9), and Ann ends B3: both are
    asked for a strategy."""
    state = b3()
    put_army(state, "p1", 8, attacker, attackers)
    put_army(state, "p2", 9, defender, defenders)
    state = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[9])).state
    assert len(state.battles) == 1
    state = GAME.apply(state, "p1", EndTurn()).state
    assert state.ask is not None and state.ask.kind is AskKind.STRATEGY
    return state


def fight(state: GoblinState, ann: Strategy, bo: Strategy, faces: Sequence[int]) -> tuple[GoblinState, list[str]]:
    state = GAME.apply(state, "p1", ChooseStrategy(strategy=ann)).state
    dice = ScriptedDice([*faces, *BO_DRAWS])
    step = GAME.apply(state, "p2", ChooseStrategy(strategy=bo), dice=dice)
    return by_default(step.state, dice, texts(step))


# -- 1.1 proposed strategies --------------------------------------------------------------------------

def test_both_sides_choose_a_strategy_at_once_and_in_secret() -> None:
    # 002 L94-99 (reading a37): each player selects a strategy; both reveal them at the same time
    state = battle([ORC], [KOBOLD])
    prompts = GAME.prompts(state)
    assert [p.player for p in prompts] == ["p1", "p2"]
    assert all(p.secret and p.kind is PromptKind.SECRET for p in prompts)
    assert GAME.legal_actions(state, "p2") == [ChooseStrategy(strategy=s) for s in FIGHTING]
    step = GAME.apply(state, "p1", ChooseStrategy(strategy=CLEVER))
    state = step.state
    assert "Ann has chosen a strategy." in texts(step, public_only=True)
    assert not any("Clever" in t for t in texts(step, public_only=True))
    assert GAME.view(state, "p1").battles[0].chosen == {"p1": CLEVER}
    assert GAME.view(state, "p2").battles[0].chosen == {} and GAME.view(state, None).battles[0].chosen == {}
    assert STRATEGIES.seen(state, strategy_key(0, "p1"), "p2") is None
    assert [p.player for p in GAME.prompts(state)] == ["p2"]
    refused(state, "p1", ChooseStrategy(strategy=CHARGE), "not your decision")  # chosen once, no take-backs
    refused(state, "p2", EndTurn(), "not an answer")


def test_a_battle_whose_army_moved_away_is_dropped() -> None:
    # 002 L37 (reading a23): a battle occurs where units enter a territory with enemies; once the army has
    # left, there is nobody to fight there (our reading)
    state = b3()
    put_army(state, "p1", 8, ORC_LEADER, [ORC])
    put_army(state, "p2", 9, KOBOLD_LEADER, [KOBOLD])
    state.battles.append(Battle(territory=9, attacker="p1", army=state.armies[0].id, why="entered enemies"))
    step = GAME.apply(state, "p1", EndTurn(), dice=ScriptedDice(BO_DRAWS))
    assert any("is not fought" in t for t in texts(step))
    assert step.state.battles == [] and step.state.current == "p2"


# -- the fight ------------------------------------------------------------------------------------------

def test_the_texts_example_charge_against_clever_strategy() -> None:
    # 002 L127-134 (reading a45, c3): "Power 23 charges while power 11 has clever strategy. 11 damage is
    # inflicted to charges while only 4 to strategists."; L133/L75: the charger's leader, destroyed, is hacked
    # to pieces and checks half his servivility (4 // 2 = 2)
    state = battle([OGRE, OGRE + 1, OGRE + 2, OGRE + 3, GOBLIN], [ORC, ORC + 1, ORC + 2, GOBLIN + 1])
    after, said = fight(state, CHARGE, CLEVER, [1, 1, 6, 3])  # leadership d8s; survivor d6; servivility d8 3 > 2
    assert "Strategies revealed: Ann Mindless Charge, Bo Clever Strategy." in said
    assert "Power 23 against 11: Ann takes 11 damage, Bo 4." in said
    assert any("is hacked to pieces" in t for t in said)
    assert army_at(after, 9, "p1") == [] and ORC_LEADER in after.tribe_cup
    assert army_at(after, 9, "p2") == [KOBOLD_LEADER] and after.battles == []
    assert after.current == "p2"  # the battles fought, the player turn ends


def test_troops_that_fail_their_leader_roll_their_real_strategy() -> None:
    # 002 L110-119 (reading a43): a failed authority check -> d6: 3 or less Charge, 4-5 Careful, 6+ Clever;
    # -1 when the biggest unit is a troll, +1 when a kobold
    state = battle([TROLL], [KOBOLD, KOBOLD + 1])
    after, said = fight(state, CLEVER, CHARGE, [8, 4, 8, 5, 6, 1, 4])  # d8 8 fails; 4-1; d8 8; 5+1; troll 6;
    # survivor 1; the destroyed troll does not regenerate (4)
    assert "Ann's troops do as they will: Mindless Charge." in said
    assert "Bo's troops do as they will: Clever Strategy." in said
    assert "Power 9 against 6: Ann takes 6 damage, Bo 1." in said  # Charge against Clever: 1:1 and 1:5
    assert army_at(after, 3, "p1") == [ORC_LEADER]  # the leader survives 3 damage on a 1 (1 + 3 < 6)
    assert army_at(after, 9, "p2") == [KOBOLD_LEADER, KOBOLD + 1]
    assert "Ann retreats to Redtusk Hold (3)." in said  # L150-152 (house set b8): Ann lost 3, Bo 1


def test_stupid_trolls_sit_the_battle_out() -> None:
    # 002 L120-126 (reading a44): d6 for each troll, stupid on 2 or less with Clever Strategy: no part in
    # the combat, back with the army after
    state = battle([TROLL], [KOBOLD])
    after, said = fight(state, CLEVER, CAREFUL, [1, 1, 2, 3])  # leadership d8s; troll 2: stupid; survivor 3
    assert "1 troll of Ann stand about, stupid." in said
    assert "Power 6 against 5: Ann takes 2 damage, Bo 1." in said  # Clever against Careful: 1:2 and 1:5
    assert army_at(after, 9, "p1") == [ORC_LEADER, TROLL]  # 3 + 2 < 6: the leader survives


def test_a_beaten_army_surrenders_and_its_leader_is_captured() -> None:
    # 002 L147 (reading a48, c9): damage over the army's power -> its troops surrender on a d6 of 1-2 (to the
    # winner's hand, house set b9); L73-74, L144 (reading a49): a destroyed leader who fails servivility is
    # captured; L143: a struck unit survives when d6 + its damage is under its power
    state = battle([OGRE, OGRE + 1, OGRE + 2, OGRE + 3], [GOBLIN, GOBLIN + 1])
    after, said = fight(state, CAREFUL, CAREFUL, [1, 1, 2, 1, 7])  # d8s; ogre survivor 2; surrender 1; d8 7 > 6
    assert "Power 22 against 6: Ann takes 3 damage, Bo 11." in said
    assert army_at(after, 9, "p1") == [ORC_LEADER, OGRE, OGRE + 3]  # 1 damage on three ogres; 2 + 1 < 4: one lives
    assert any("surrender to Ann" in t for t in said) and any("captured by Ann" in t for t in said)
    assert after.warlord("p1").captives == [KOBOLD_LEADER]
    assert {GOBLIN, GOBLIN + 1} <= set(after.warlord("p1").units)
    assert army_at(after, 9, "p2") == []


def test_rebels_roll_their_strategy() -> None:
    # 002 L36, L103 (house set b2, our reading): nobody chooses for rebels; they roll a d3 as a caravan does
    state = b3()
    put_army(state, "p1", 9, ORC_LEADER, [ORC])
    put_army(state, "p1", 9, None, [GOBLIN])
    state.armies[1].owner = None
    state.battles.append(Battle(territory=9, attacker=None, army=state.armies[0].id, why="rebels"))
    state = GAME.apply(state, "p1", EndTurn()).state
    assert state.ask is not None and state.ask.players == ["p1"]
    step = GAME.apply(state, "p1", ChooseStrategy(strategy=CAREFUL), dice=ScriptedDice([1, 1, *BO_DRAWS]))
    assert "Strategies revealed: the rebels Mindless Charge, Ann Careful Advance." in texts(step)
    assert "Power 1 against 8: the rebels take 1 damage, Ann 0." in texts(step)  # Charge v Careful: 1:5, 1:2
    assert army_at(step.state, 9, None) == []


def test_damage_is_spread_no_unit_taking_more_than_its_power() -> None:
    # 002 L141-143 (reading a46): no more damage to a unit than its power; one struck unit may survive
    assert assign([ORC_LEADER, OGRE, GOBLIN], 4) == {GOBLIN: 1, OGRE: 2, ORC_LEADER: 1}
    assert assign([GOBLIN, ORC], 9) == {GOBLIN: 1, ORC: 2}
    assert survivor({GOBLIN: 1, ORC: 2}) is None and survivor({ORC_LEADER: 2, OGRE: 1}) == ORC_LEADER


# -- fortresses -------------------------------------------------------------------------------------------

def test_a_defender_in_his_fortress_fights_on_its_table_and_it_absorbs_damage() -> None:
    # 002 L104-106, L135-138 (reading a41): the defender must use his fortress, Careful Defence on its table;
    # L145 (reading a47): it absorbs its rating; L118 (reading a43): +1 to the d6 for defenders in a fortress
    state = battle([OGRE, OGRE + 1, OGRE + 2, OGRE + 3], [KOBOLD])
    state.fortresses.append(Fortress(territory=9, rating=3, owner="p2"))
    after, said = fight(state, CAREFUL, CHARGE, [1, 8, 2, 1, 17])  # Ann obeys; Bo's d8 8, d6 2 +1 kobold +1 fort
    assert "Bo's troops do as they will: Careful Defence." in said
    assert "Power 22 against 5: Ann takes 2 damage, Bo 1." in said  # Careful v Careful Defence: 1:2, 1:5; 4 - 3
    assert after.fortresses  # the fortress stands
    # L64 (house set b8): Bo has no troop left, so he retreats, out of a fortress into the caves: d20 17
    assert army_at(after, 17, "p2") == [KOBOLD_LEADER] and army_at(after, 9, "p2") == []


def test_a_war_machine_cancels_the_fortress_and_too_much_damage_brings_it_down() -> None:
    # 002 L146 (reading a47, c9): one war machine negates the fortress's rating up to its power; damage over the
    # defender's power and the printed rating destroys the castle; L137: Clever against Careful Defence is 1:5,
    # 1:1*, the defender's leader hacked to pieces
    state = battle([OGRE, WAR_MACHINE], [KOBOLD])
    state.fortresses.append(Fortress(territory=9, rating=3, owner="p2"))
    after, said = fight(state, CLEVER, CAREFUL, [1, 1, 6, 8])  # leadership; surrender 6: no; servivility 8
    assert "Power 12 against 5: Ann takes 1 damage, Bo 11." in said  # 12 less (3 - 2)
    assert "The fortress in Black Mire (9) falls." in said and after.fortresses == []
    assert any("hacked to pieces" in t for t in said) and KOBOLD_LEADER in after.tribe_cup


def test_an_underground_surprise_on_a_fortress_forces_both_strategies() -> None:
    # 002 L30, L109 (reading a42, c12): arriving by the caves at a fortress, the attacker has Clever Strategy,
    # the defender Careful Defence — no secret choice, no leadership roll
    state = b3()
    put_army(state, "p1", 9, ORC_LEADER, [ORC])
    put_army(state, "p2", 9, KOBOLD_LEADER, [KOBOLD])
    state.fortresses.append(Fortress(territory=9, rating=1, owner="p2"))
    state.battles.append(Battle(territory=9, attacker="p1", army=state.armies[0].id, surprise=True,
                                why="underground surprise"))
    dice = ScriptedDice([6, 1, *BO_DRAWS])  # surrender 6; servivility 1
    step = GAME.apply(state, "p1", EndTurn(), dice=dice)
    after, said = by_default(step.state, dice, texts(step))
    assert "Strategies forced by the surprise: Ann Clever Strategy, Bo Careful Defence. Bo fights from a " \
           "fortress of rating 1." in said
    assert "Power 8 against 5: Ann takes 1 damage, Bo 7." in said  # Clever v Careful Defence: 1:5, 1:1*
    assert after.fortresses == [] and after.current == "p2"
    assert army_at(after, 3, "p2") == [KOBOLD_LEADER]  # the castle fallen, he retreats on foot (L40)


def test_no_fortress_against_rebels_or_levied_troops() -> None:
    # 002 L62, L104: the fortress does not help against own troops, troops levied there, or rebels
    state = b3()
    state.fortresses.append(Fortress(territory=9, rating=2, owner="p2"))
    for why, used in (("rebels", False), ("levied among enemies", False), ("entered enemies", True)):
        found = fortress_used(state, Battle(territory=9, attacker="p1", army=0, why=why), "p2")
        assert (found is not None) is used


# -- caravans -----------------------------------------------------------------------------------------------

def caravan_at_stone_road(state: GoblinState) -> int:
    """A Dwarf caravan one step along its road, in Stone Road (14); its power not yet known."""
    caravan = Caravan(id=state.new_id(), kind=CaravanKind.DWARF, step=1)
    state.caravans.append(caravan)
    state.gold_cup.remove(CaravanKind.DWARF.value)
    return caravan.id


def test_a_caravan_attacked_gets_its_power_and_treasury_and_flees_when_beaten() -> None:
    # 002 L76-82, L103 (reading a40, a52): power on a d6 at the first attack (5 -> 3), as many chips drawn,
    # a caravan chip a new rumour; the caravan's strategy a d3 after the attacker's; beaten, it gives the
    # winner gold equal to the power destroyed, moves one step on and cannot be attacked by that army again
    state = b3()
    put_army(state, "p1", 14, ORC_LEADER, [OGRE])
    target = caravan_at_stone_road(state)
    step = GAME.apply(state, "p1", AttackCaravan(army=state.armies[0].id, caravan=target, strategy=CLEVER),
                      dice=ScriptedDice([5, 1, 5, 5, 5, 5, 1]))  # power; dwarf rumour, 3 gold; d3 Clever; d8
    said, after = texts(step), step.state
    assert "The Dwarf caravan has power 3." in said and any("A rumour" in t for t in said)
    assert "The caravan answers with Clever Strategy." in said
    assert "Power 10 against 3: Ann takes 0 damage, the caravan 2." in said  # Clever v Clever: 1:5 - 1:5
    caravan = next(c for c in after.caravans if c.id == target)
    assert after.armies[0].gold == 2 and caravan.power == 1 and caravan.treasury == 1 and caravan.territory == 15
    assert any(c.territory == 13 for c in after.caravans)  # the rumour sets out from the start of its road
    after = GAME.apply(after, "p1", Move(army=after.armies[0].id, path=[15])).state
    refused(after, "p1", AttackCaravan(army=after.armies[0].id, caravan=target, strategy=CHARGE), "fled from")


def test_a_caravan_that_holds_loses_the_gold_of_its_destroyed_power() -> None:
    # 002 L82 (reading a52): "If caravan wins, any destroyed power (gold chits) are lost"; a 6 on the power
    # roll means d6 - 1 (L80); reading b8: the caravan yields only if it lost more power than the army
    state = b3()
    put_army(state, "p1", 14, KOBOLD_LEADER, [GOBLIN])
    target = caravan_at_stone_road(state)
    cup = len(state.gold_cup)
    dice = ScriptedDice([6, 6, 6, 6, 6, 6, 6, 1, 1, 6, 1])
    step = GAME.apply(state, "p1", AttackCaravan(army=state.armies[0].id, caravan=target, strategy=CAREFUL),
                      dice=dice)
    # power 6 -> d6 6 - 1 = 5; 5 gold; d3 Charge; d8 obeys; the leader's survivor d6 6 fails; servivility 1
    after, said = by_default(step.state, dice, texts(step))
    assert "Power 5 against 5: Ann takes 2 damage, the caravan 1." in said  # Careful v Charge: 1:2* - 1:5*
    assert "The caravan holds; 1 gold chip of its treasury is lost." in said
    caravan = next(c for c in after.caravans if c.id == target)
    assert caravan.power == 4 and caravan.treasury == 4 and army_at(after, 14) == []
    assert army_at(after, 8) == [KOBOLD_LEADER]  # L82, L40: beaten by the caravan, the army retreats
    assert len(after.gold_cup) == cup - 5 + 1


def test_caravan_attacks_are_refused_out_of_reach_or_before_the_battle() -> None:
    # 002 L38 (reading a24): after the combat between goblinoids, an army may attack the caravans in its
    # territory; a d6 power of 0 (6, then 1) is an empty rumour, removed (house set b2)
    state = b3()
    put_army(state, "p1", 13, ORC_LEADER, [ORC])
    put_army(state, "p1", 14, GOBLIN_LEADER, [GOBLIN])
    put_army(state, "p2", 14, KOBOLD_LEADER, [KOBOLD])
    target = caravan_at_stone_road(state)
    far, near = state.armies[0].id, state.armies[1].id
    state.battles.append(Battle(territory=14, attacker="p1", army=near, forced=False, why="entered enemies"))
    refused(state, "p1", AttackCaravan(army=far, caravan=target, strategy=CHARGE), "in its own territory")
    refused(state, "p1", AttackCaravan(army=near, caravan=target, strategy=CHARGE), "fights its battle first")
    state.battles = []
    step = GAME.apply(state, "p1", AttackCaravan(army=near, caravan=target, strategy=CHARGE), dice=ScriptedDice([6, 1]))
    assert "The Dwarf caravan is an empty rumour: nothing there (house set b2)." in texts(step)
    assert step.state.caravans == []


# -- retreat ------------------------------------------------------------------------------------------------

def test_the_attacker_retreats_unless_the_defender_lost_more_or_has_no_troop_left() -> None:
    # 002 L150-152 (house set b8): the retreat exceptions the text leaves empty
    assert loser({"attacker": 2, "defender": 1}, True) == "attacker"
    assert loser({"attacker": 1, "defender": 1}, True) == "attacker"
    assert loser({"attacker": 1, "defender": 2}, True) == "defender"
    assert loser({"attacker": 3, "defender": 0}, False) == "defender"


def test_an_army_with_nowhere_to_retreat_is_destroyed_and_its_leader_killed() -> None:
    # 002 L40: "If there is no such terrains, army is destroyed and leader killed"
    state = b3()
    put_army(state, "p1", 8, ORC_LEADER, [TROLL])
    put_army(state, "p2", 9, KOBOLD_LEADER, [KOBOLD, KOBOLD + 1])
    for territory, leader in ((3, OGRE_LEADER), (10, OGRE_LEADER + 1), (15, TROLL_LEADER)):
        put_army(state, "p2", territory, leader)
    state = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[9])).state
    put_army(state, "p2", 8, TROLL_LEADER + 1)  # Bone Ridge, where Ann came from, is taken too
    state = GAME.apply(state, "p1", EndTurn()).state
    after, said = fight(state, CLEVER, CHARGE, [8, 4, 8, 5, 6, 1, 4])  # as in the leadership test: Ann retreats
    assert "Ann has nowhere to retreat: the army is destroyed, its leader killed." in said
    assert army_at(after, 9, "p1") == [] and ORC_LEADER in after.tribe_cup


def test_a_leader_may_retreat_to_his_own_land_first() -> None:
    # 002 L40: to an adjacent free territory (our reading, until the owner chooses: one he controls first)
    state = b3()
    state.control[10] = "p1"
    assert retreat_to(state, "p1", 9) == 10 and retreat_to(state, "p2", 9) == 3


def rebels_against_ann(rebels: Sequence[int], ann: Sequence[int]) -> GoblinState:
    """Ann's Orc leader in Black Mire (9), which she controls, attacked by rebels there."""
    state = b3()
    state.control[9] = "p1"
    put_army(state, "p1", 9, ORC_LEADER, ann)
    put_army(state, "p1", 9, None, rebels)
    state.armies[1].owner = None
    state.battles.append(Battle(territory=9, attacker=None, army=state.armies[0].id, why="rebels"))
    return GAME.apply(state, "p1", EndTurn()).state


def test_rebels_forced_to_retreat_are_destroyed() -> None:
    # 002 L36: "Such troops are destroyed if they must retreat"
    state = rebels_against_ann([OGRE, OGRE + 1, OGRE + 2], [TROLL, TROLL + 1, TROLL + 2, TROLL + 3])
    dice = ScriptedDice([5, 1, 6, 6, 6, 6, 1, 1, 5, *BO_DRAWS])
    step = GAME.apply(state, "p1", ChooseStrategy(strategy=CLEVER), dice=dice)
    # d3 Clever; Ann obeys; four trolls not stupid; rebels' survivor 1; Ann's survivor 1; her troll regenerates
    step.state, said = by_default(step.state, dice, texts(step))
    assert "Power 12 against 18: the rebels take 3 damage, Ann 2." in said  # Clever v Clever: 1:5 - 1:5
    assert "The rebels are beaten and destroyed (L36)." in said and army_at(step.state, 9, None) == []
    assert "They rejoin their army." in said  # L155: the winner's regenerated troll is back
    assert army_at(step.state, 9) == [ORC_LEADER, TROLL, TROLL + 1, TROLL + 2, TROLL + 3]


def test_rebels_who_win_stay_and_the_land_turns_neutral() -> None:
    # 002 L36: "otherwise land becomes neutral and units stay there"
    state = rebels_against_ann([OGRE, OGRE + 1, OGRE + 2, OGRE + 3], [])
    step = GAME.apply(state, "p1", ChooseStrategy(strategy=CAREFUL), dice=ScriptedDice([1, 1, 1, 8, *BO_DRAWS]))
    # d3 Charge; Ann obeys; the rebels' struck ogre survives on a 1; Ann's leader, hacked, fails on an 8
    said = texts(step)
    assert "Power 16 against 6: the rebels take 1 damage, Ann 8." in said  # Charge v Careful: 1:5* - 1:2*
    assert "Black Mire (9) turns neutral." in said and 9 not in step.state.control
    assert army_at(step.state, 9, None) == [OGRE, OGRE + 1, OGRE + 2, OGRE + 3]


def test_destroyed_trolls_regenerate_and_the_winner_may_take_the_losers() -> None:
    # 002 L153-155 (reading a51): a d6 of 5-6 for each destroyed troll; one of the losing side goes to the
    # opponent on an authority check, else back to the tribe cup
    state = battle([TROLL], [KOBOLD, KOBOLD + 1])
    after, said = fight(state, CLEVER, CHARGE, [8, 4, 8, 5, 6, 1, 5, 1])  # as above; regenerates on 5; Bo's d8 1
    assert "1 troll of Ann regenerates." in said and "They go over to Bo." in said
    assert army_at(after, 9, "p2") == [KOBOLD_LEADER, KOBOLD + 1, TROLL] and TROLL not in after.tribe_cup
    state = battle([TROLL], [KOBOLD, KOBOLD + 1])
    after, said = fight(state, CLEVER, CHARGE, [8, 4, 8, 5, 6, 1, 6, 8])  # Bo's d8 8 always fails
    assert "They wander back to the tribe cup." in said and TROLL in after.tribe_cup


# -- the lone chief ------------------------------------------------------------------------------------------

def test_a_lone_chief_may_flee_escaping_on_servivility_or_captured() -> None:
    # 002 L100 (reading a38): "Lonely chief may opt to flee; in that case, it is automatically 'destroyed' and
    # must make servivility check to escape"; L148-149: an escaped leader retreats; L74: else captured
    state = battle([OGRE], [])
    refused(state, "p1", ChooseStrategy(strategy=Strategy.FLEE), "Only a lone chief")
    assert ChooseStrategy(strategy=Strategy.FLEE) in GAME.legal_actions(state, "p2")
    after, said = fight(state, CHARGE, Strategy.FLEE, [6])  # Kobold leader's servivility 6: a 6 escapes
    assert "Bo's lone chief flees." in said and not any(t.startswith("Power") for t in said)
    assert army_at(after, 3, "p2") == [KOBOLD_LEADER] and army_at(after, 9) == [ORC_LEADER, OGRE]
    after, said = fight(battle([OGRE], []), CLEVER, Strategy.FLEE, [7])
    assert any("captured by Ann" in t for t in said) and after.warlord("p1").captives == [KOBOLD_LEADER]


def test_with_no_army_left_regenerated_trolls_stay_neutral_in_their_native_land() -> None:
    # 002 L155 (reading a51): "If there are no armies left ..., trolls become neutral and are returned to tribe
    # cup unless they are in native land in which case they stay there"
    state = b3()
    put_army(state, "p1", 4, GOBLIN_LEADER, [TROLL])  # Troll Fen, the trolls' home (house set b1)
    put_army(state, "p2", 4, KOBOLD_LEADER, [OGRE])
    state.battles.append(Battle(territory=4, attacker="p1", army=state.armies[0].id, why="entered enemies"))
    state = GAME.apply(state, "p1", EndTurn()).state
    after, said = fight(state, CHARGE, CHARGE, [1, 1, 6, 8, 8, 5])
    # both obey; the troll is not stupid; Charge v Charge 1:1* both ways: every unit struck to the full (no
    # survivor, no surrender: the damage is not over the power), both leaders hacked and killed on an 8;
    # Ann's troll regenerates on a 5
    assert "Power 8 against 8: Ann takes 8 damage, Bo 8." in said
    assert "They stay in their native Troll Fen (4), neutral." in said and army_at(after, 4, None) == [TROLL]
