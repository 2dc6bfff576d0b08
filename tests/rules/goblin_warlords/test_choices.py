"""Combat's choices left to the owners (seed 002; lines of 002_6fc21e352e2e7ee3.txt, the reading's items
in brackets): each side spreads its own damage and names the unit that rolls to survive (L141-143), the
beaten side picks its retreat and a leader who had not moved may move on (L40), an army beaten by a
caravan retreats (L82); shamans choose late (L102), follow the winner (L70, L101) or die with a hacked
leader (L75); stupid trolls of a wiped-out army may join the victor (L126); units left behind attack
whoever comes in (L31); and what an absent player's questions answer by default."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.goblin_warlords.data import CaravanKind
from rules.goblin_warlords.models import (
    AskKind,
    AssignDamage,
    AttackCaravan,
    Caravan,
    Battle,
    ChooseStrategy,
    EndTurn,
    ExtraMove,
    Levy,
    Move,
    RetreatTo,
    Strategy,
)
from rules.goblin_warlords.secrets import STRATEGIES, strategy_key
from tests.rules.goblin_warlords.helpers import (
    GAME,
    GOBLIN_LEADER,
    KOBOLD,
    KOBOLD_LEADER,
    OGRE,
    ORC,
    ORC_LEADER,
    SHAMAN,
    TROLL,
    by_default,
    put_army,
    texts,
)
from tests.rules.goblin_warlords.test_combat import BO_DRAWS, battle, caravan_at_stone_road, fight
from tests.rules.goblin_warlords.test_march import army_at, b3, refused
from tests.rules.goblin_warlords.test_secrets import conserved

CHARGE, CAREFUL, CLEVER = Strategy.CHARGE, Strategy.CAREFUL, Strategy.CLEVER


def blows(ann: Strategy, bo: Strategy, attackers: list[int], defenders: list[int], faces: list[int]):  # type: ignore[no-untyped-def]
    """Ann (Orc leader, 8) marches on Bo (Kobold leader, 9); both choose; the dice up to the damage's spread."""
    state = battle(attackers, defenders)
    if state.ask is not None and "p1" in state.ask.players:
        state = GAME.apply(state, "p1", ChooseStrategy(strategy=ann)).state
    step = GAME.apply(state, "p2", ChooseStrategy(strategy=bo), dice=ScriptedDice(faces))
    if "p1" not in step.state.battles[0].chosen if step.state.battles else False:
        step = GAME.apply(step.state, "p1", ChooseStrategy(strategy=ann), dice=ScriptedDice(faces))
    return step.state, texts(step)


def test_each_owner_spreads_the_damage_and_names_the_survivor() -> None:
    # 002 L141-143: "Both sides divide damage deal to them in any way to choose ... No more damage than total
    # power of unit may be assigned to unit"; one struck unit may survive on a d6 plus its damage under its power
    state, said = blows(CAREFUL, CAREFUL, [ORC, ORC + 1], [KOBOLD, KOBOLD + 1], [1, 1])  # both obey
    assert "Power 10 against 6: Ann takes 3 damage, Bo 5." in said  # Careful v Careful: 1:2 - 1:2
    assert state.ask is not None and state.ask.kind is AskKind.ASSIGN and state.ask.players == ["p1", "p2"]
    legal = GAME.legal_actions(state, "p1")
    assert legal == [AssignDamage(), AssignDamage(hits={ORC: 1, ORC + 1: 1, ORC_LEADER: 1}, survivor=ORC_LEADER),
                     AssignDamage(hits={ORC: 2, ORC + 1: 1})]  # as many struck as can be, or as few
    refused(state, "p1", AssignDamage(hits={ORC: 3}), "no more than its power")
    refused(state, "p1", AssignDamage(hits={ORC: 2}), "Place all the damage: 3")
    refused(state, "p1", AssignDamage(hits={ORC: 2, KOBOLD: 1}), "only to your units")
    refused(state, "p1", AssignDamage(hits={ORC: 2, ORC + 1: 1}, survivor=ORC_LEADER), "one that was struck")
    step = GAME.apply(state, "p1", AssignDamage(hits={ORC: 2, ORC_LEADER: 1}, survivor=ORC_LEADER))
    assert "Ann spreads the damage: Orc (2) 2, Orc leader (authority 6, servivility 4) 1." in texts(step)
    assert step.state.ask is not None and step.state.ask.players == ["p2"]  # Bo's spread is still to come
    step = GAME.apply(step.state, "p2", AssignDamage(hits={KOBOLD_LEADER: 4, KOBOLD: 1}), dice=ScriptedDice([1, 1]))
    # any spread will do: Ann's leader survives on a 1; Bo's, destroyed, escapes on 1
    assert army_at(step.state, 9) == [ORC_LEADER, ORC + 1] and ORC in step.state.tribe_cup
    assert KOBOLD in step.state.tribe_cup and KOBOLD + 1 not in step.state.tribe_cup


def test_the_beaten_side_picks_its_retreat_and_an_unmoved_leader_moves_on() -> None:
    # 002 L40: "it must move to adjacent free territory ... leader may immediately move another area if it
    # has not yet moved this turn"
    state, _ = blows(CAREFUL, CAREFUL, [ORC, ORC + 1], [KOBOLD, KOBOLD + 1], [1, 1])
    state = GAME.apply(state, "p1", AssignDamage(hits={ORC: 2, ORC_LEADER: 1}, survivor=ORC_LEADER)).state
    state = GAME.apply(state, "p2", AssignDamage(), dice=ScriptedDice([1, 1])).state
    assert state.ask is not None and state.ask.kind is AskKind.RETREAT and state.ask.players == ["p2"]
    assert GAME.legal_actions(state, "p2") == [RetreatTo(), *(RetreatTo(to=n) for n in (3, 8, 10, 15))]
    refused(state, "p2", RetreatTo(to=14), "next to the battle")
    state = GAME.apply(state, "p2", RetreatTo(to=15)).state
    assert army_at(state, 15, "p2") == [KOBOLD_LEADER]
    assert state.ask is not None and state.ask.kind is AskKind.EXTRA and state.ask.players == ["p2"]
    assert ExtraMove() in GAME.legal_actions(state, "p2") and ExtraMove(to=16) in GAME.legal_actions(state, "p2")
    step = GAME.apply(state, "p2", ExtraMove(to=16), dice=ScriptedDice(BO_DRAWS))
    assert army_at(step.state, 16, "p2") == [KOBOLD_LEADER] and step.state.current == "p2"


def test_an_absent_players_combat_questions_have_defaults() -> None:
    # our reading: an absent warlord's troops charge mindlessly (the most bloodshed); his damage is spread by
    # the engine, he retreats where the engine picks and does not move on
    state = battle([ORC], [KOBOLD])
    assert all(p.default == ChooseStrategy(strategy=CHARGE).model_dump(mode="json") for p in GAME.prompts(state))
    state, _ = blows(CAREFUL, CAREFUL, [ORC, ORC + 1], [KOBOLD, KOBOLD + 1], [1, 1])
    assert GAME.prompts(state)[0].default == AssignDamage().model_dump(mode="json")
    after, said = by_default(state, ScriptedDice([1, 1, *BO_DRAWS]))  # the engine's survivor Orc leader; Bo escapes
    assert "Bo retreats to Redtusk Hold (3)." in said and army_at(after, 3, "p2") == [KOBOLD_LEADER]


def test_an_army_beaten_by_a_caravan_retreats_where_its_owner_says() -> None:
    # 002 L82, L40: the caravan that holds wins; the army, forced to retreat, picks its free neighbour
    state = b3()
    put_army(state, "p1", 14, KOBOLD_LEADER, [KOBOLD])
    state.moved.append(KOBOLD_LEADER)  # he marched there this turn: no extra move
    target = caravan_at_stone_road(state)
    step_dice = ScriptedDice([6, 6, *[7] * 5, 1, 1, 6, 1])
    step = GAME.apply(state, "p1", AttackCaravan(army=state.armies[0].id, caravan=target, strategy=CAREFUL),
                      dice=step_dice)
    # power 6 -> d6 6 - 1 = 5; 5 gold; d3 Charge; d8 obeys; then the spread: the leader's survivor d6 6 fails;
    # servivility 1
    state = GAME.apply(step.state, "p1", AssignDamage(), dice=step_dice).state
    assert state.ask is not None and state.ask.kind is AskKind.RETREAT
    after = GAME.apply(state, "p1", RetreatTo(to=15)).state
    assert army_at(after, 15) == [KOBOLD_LEADER] and after.ask is not None and after.ask.kind is AskKind.MARCH
    # L40: "After retreat move army may not attack caravans" (another one, met where it retreated)
    after.caravans.append(Caravan(id=after.new_id(), kind=CaravanKind.DWARF, step=2))
    after.gold_cup.remove(CaravanKind.DWARF.value)
    refused(after, "p1", AttackCaravan(army=after.armies[0].id, caravan=after.caravans[-1].id, strategy=CHARGE),
            "has retreated this turn")


# -- shamans ------------------------------------------------------------------------------------------------

def test_a_side_with_a_shaman_chooses_after_the_other_is_shown() -> None:
    # 002 L102: "If either player has shaman, he may choose his strategy AFTER enemy has revealed his! This
    # advantage is negated if both have shaman."
    state = battle([ORC], [KOBOLD, SHAMAN])
    assert [p.player for p in GAME.prompts(state)] == ["p1"]
    step = GAME.apply(state, "p1", ChooseStrategy(strategy=CLEVER))
    assert "Ann's strategy is shown: Clever Strategy." in texts(step, public_only=True)
    assert GAME.view(step.state, "p2").battles[0].chosen == {"p1": CLEVER}
    assert STRATEGIES.seen(step.state, strategy_key(0, "p1"), None) == CLEVER
    assert [p.player for p in GAME.prompts(step.state)] == ["p2"]
    both = battle([ORC, SHAMAN + 1], [KOBOLD, SHAMAN])
    assert [p.player for p in GAME.prompts(both)] == ["p1", "p2"]


def test_a_captured_leaders_shaman_follows_the_winner() -> None:
    # 002 L70: "If leader is forced to retreat, captured or killed, shaman is moved to winner"
    state, said = blows(CLEVER, CAREFUL, [OGRE, OGRE + 1], [SHAMAN], [1, 1])  # Clever v Careful: 1:2 - 1:5
    assert "Power 14 against 5: Ann takes 2 damage, Bo 2." in said
    assert sorted(state.ask.players) == ["p1", "p2"]  # type: ignore[union-attr]
    state = GAME.apply(state, "p2", AssignDamage(hits={KOBOLD_LEADER: 2})).state
    after, said = by_default(state, ScriptedDice([1, 8, *BO_DRAWS]))  # Ann's Ogre survives; Bo's leader: 8
    assert "Kobold leader (authority 4, servivility 6) is captured by Ann." in said
    assert army_at(after, 9) == [ORC_LEADER, OGRE, SHAMAN] and after.warlord("p1").captives == [KOBOLD_LEADER]


def test_a_hacked_leaders_shaman_dies_with_him() -> None:
    # 002 L70, L75: "unless leader was hacked to pieces, in which case shaman is destroyed"
    state, said = blows(CAREFUL, CHARGE, [OGRE, OGRE + 1], [SHAMAN], [1, 1])  # Careful v Charge: 1:2* - 1:5*
    state = GAME.apply(state, "p2", AssignDamage(hits={KOBOLD_LEADER: 2})).state
    after, said = by_default(state, ScriptedDice([1, 8, *BO_DRAWS]))
    assert "Kobold leader (authority 4, servivility 6) is hacked to pieces." in said
    assert "His shaman dies with him." in said and SHAMAN in after.tribe_cup


def test_a_fleeing_chiefs_shaman_joins_the_winner() -> None:
    # 002 L100-101: "If chief had shaman, he automatically joins winner." (a shaman is no unit, L3)
    state = battle([OGRE], [SHAMAN])
    shown = GAME.apply(state, "p1", ChooseStrategy(strategy=CHARGE)).state
    assert ChooseStrategy(strategy=Strategy.FLEE) in GAME.legal_actions(shown, "p2")
    after, said = fight(state, CHARGE, Strategy.FLEE, [6])  # servivility 6 escapes
    assert army_at(after, 9) == [ORC_LEADER, OGRE, SHAMAN] and army_at(after, 3, "p2") == [KOBOLD_LEADER]


# -- stupid trolls and units left behind ------------------------------------------------------------------------

def test_stupid_trolls_of_a_wiped_out_army_may_join_the_victor() -> None:
    # 002 L126: "If army was compltely destroyed, they may join victorious army. If victorious army is hostile,
    # leader must make authority check or trolls wander away to tribe cup."
    state = battle([OGRE, OGRE + 1], [TROLL])
    state.armies[1].gold = 2  # what the wiped-out army carried goes back to the cup
    state.gold_cup = state.gold_cup[:-2]
    after, said = fight(state, CHARGE, CLEVER, [1, 1, 1, 1, 6, 8, 1])
    conserved(after)
    # both obey; the troll stupid on 1; Ann's leader survives on 1; Bo's leader dies on 6 and is caught (8);
    # Ann's leader takes the troll on a 1
    assert "The stupid Troll (3) of a beaten army join Ann." in said
    assert army_at(after, 9) == [ORC_LEADER, TROLL]
    after, said = fight(battle([OGRE, OGRE + 1], [TROLL]), CHARGE, CLEVER, [1, 1, 1, 1, 6, 8, 8])
    assert "The stupid Troll (3) of a beaten army wander back to the tribe cup." in said and TROLL in after.tribe_cup


def test_units_left_behind_attack_an_enemy_coming_in() -> None:
    # 002 L31: "Leader may leave any number of units to friendly territory, and such troops attack any enemy
    # that comes there."
    state = b3()
    state.control[9] = "p2"
    put_army(state, "p1", 8, ORC_LEADER, [ORC])
    put_army(state, "p2", 9, None, [KOBOLD])
    step = GAME.apply(state, "p1", Move(army=state.armies[0].id, path=[9]))
    assert "Bo's units left in Black Mire (9) fall on the newcomers." in texts(step)
    assert step.state.battles == [Battle(territory=9, attacker="p2", army=state.armies[0].id,
                                         why="left behind attack")]
    state = GAME.apply(step.state, "p1", EndTurn()).state
    assert sorted(p.player for p in GAME.prompts(state)) == ["p1", "p2"]


def test_a_retreating_leader_may_move_on_into_enemies_and_fight_again() -> None:
    # 002 L40 with L27: the extra area may hold enemies; the leader has not attacked this turn, so a battle
    # is recorded and fought after this one (the reading with most bloodshed)
    state, _ = blows(CAREFUL, CAREFUL, [ORC, ORC + 1], [KOBOLD, KOBOLD + 1], [1, 1])
    put_army(state, "p1", 14, GOBLIN_LEADER, [OGRE])
    state = GAME.apply(state, "p1", AssignDamage(hits={ORC: 2, ORC_LEADER: 1}, survivor=ORC_LEADER)).state
    state = GAME.apply(state, "p2", AssignDamage(), dice=ScriptedDice([1, 1])).state
    state = GAME.apply(state, "p2", RetreatTo(to=15)).state
    step = GAME.apply(state, "p2", ExtraMove(to=14))
    assert [(b.territory, b.attacker) for b in step.state.battles] == [(14, "p2")]
    assert step.state.ask is not None and step.state.ask.kind is AskKind.STRATEGY


def test_units_left_behind_attack_a_leader_levied_among_them() -> None:
    # 002 L31 with L34: a leader levied into his home comes there, and the units left in it attack him
    state = b3()
    state.control[3] = "p2"  # Redtusk Hold, the orcs' home, held by Bo with units left there
    put_army(state, "p2", 3, None, [KOBOLD])
    state.tribe_cup.remove(ORC_LEADER)
    state.warlord("p1").units = [ORC_LEADER]
    step = GAME.apply(state, "p1", Levy(leader=ORC_LEADER, units=[]))
    assert [(b.territory, b.attacker, b.why) for b in step.state.battles] == [(3, "p2", "left behind attack")]
