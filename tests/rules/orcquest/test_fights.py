"""Heroes' Attacks, Reactions, death and Combos (seed 004 L505-622, L586-599, L694-697, L886-892)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orcquest.data import AttackKind
from rules.orcquest.models import Attack, Boost, EndTurn, Finish, Move, Phase, Reroll, Resolve, Resurrect, UseSkill
from tests.rules.orcquest.helpers import GAME, active, enemy, fresh, play, put, texts


def smash(state, target: int, faces: list[int]):  # type: ignore[no-untyped-def]
    state = play(state, UseSkill(hero="orrus", skill="smash")).state
    return play(state, Attack(target=target), faces)


def test_a_kill_from_full_health_in_one_roll_earns_a_bonus_point() -> None:
    # 004 L619-622 (dead at its Health Points, the killer's rewards), L694-697 (+1 for one roll)
    state = fresh()
    active(state, "orrus", "j5", "W")
    peasant = enemy(state, "peasant", "i5", "E")
    step = smash(state, peasant.id, [3, 1])  # grey Orange against a blank: 2 Damage on Yellow HP
    assert step.state.enemies == [] and step.state.badass == 2
    wounded = fresh()
    active(wounded, "orrus", "j5", "W")
    hurt = enemy(wounded, "peasant", "i5", "E", damage=1)
    assert smash(wounded, hurt.id, [1, 1]).state.badass == 1  # already hurt: no bonus


def test_melee_needs_an_adjacent_target_and_no_wall_between() -> None:
    # 004 L347 (no Range: adjacent only), L303 (adjacency stops at walls)
    state = fresh()
    active(state, "orrus", "j5", "E")
    beyond = enemy(state, "peasant", "k5", "W")
    far = enemy(state, "peasant", "h5", "E")
    state = play(state, UseSkill(hero="orrus", skill="smash")).state
    for target in (beyond.id, far.id):
        with pytest.raises(RuleViolation, match="cannot reach"):
            play(state, Attack(target=target))


def test_a_dog_counterattacks_from_the_front_and_only_turns_when_hit_from_behind() -> None:
    # 004 L603-607 (Reaction after the first Attack, once per Hero Phase; from the Rear Arc only a turn,
    # reading d14);
    # L1106 (Counterattack); house set b (War Dog)
    state = fresh()
    active(state, "orrus", "f5", "W")
    dog = enemy(state, "dog", "e5", "E")
    state.badass = 1
    # Orrus: grey Yellow against white Yellow: nothing; the dog: grey Red against Leather's blank: 2 Damage
    step = smash(state, dog.id, [1, 3, 6, 1])
    assert step.state.hero("orrus").damage == 2 and step.state.enemy(dog.id).reacted  # type: ignore[union-attr]
    assert any("counterattacks" in t for t in texts(step))
    state = play(step.state, UseSkill(hero="orrus", skill="lightning-blow")).state
    again = play(state, Attack(target=dog.id), [1, 3])  # Yellow against Yellow: nothing, and no Reaction
    assert again.state.hero("orrus").damage == 2  # no second Reaction this Hero Phase

    behind = fresh()
    active(behind, "orrus", "f5", "W")
    sleepy = enemy(behind, "dog", "e5", "W")
    step = smash(behind, sleepy.id, [1, 3])
    after = step.state.enemy(sleepy.id)
    assert after is not None and after.facing == "E" and after.alert and step.state.hero("orrus").damage == 0


def test_backstab_adds_a_grey_die_from_the_rear_arc() -> None:
    # house set b (Backstab), 004 L302 (Rear Arc); reading d3
    state = fresh()
    active(state, "mek", "f5", "W")
    dog = enemy(state, "dog", "e5", "W")
    state = play(state, UseSkill(hero="mek", skill="backstab")).state
    step = play(state, Attack(target=dog.id), [1, 1, 1, 3])  # two Daggers and the extra die; the dog's Yellow
    assert any("from behind" in t for t in texts(step))
    assert step.state.enemy(dog.id).damage == 2  # type: ignore[union-attr]  # three Yellows, one cancelled


def test_a_ranged_attack_needs_a_line_of_fire() -> None:
    # 004 L323-331 (Line of Fire), L516-518 (Ranged); house set b (the Bow, Ranged 2-6)
    state = fresh()
    active(state, "thalla", "a5", "E")
    near = enemy(state, "peasant", "b5", "W")
    far = enemy(state, "peasant", "e5", "W")
    state = play(state, UseSkill(hero="thalla", skill="hit-and-run")).state
    with pytest.raises(RuleViolation, match="cannot reach"):
        play(state, Attack(target=near.id, kind=AttackKind.RANGED))  # Range 1 is too close for the Bow
    with pytest.raises(RuleViolation, match="cannot reach"):
        play(state, Attack(target=far.id, kind=AttackKind.RANGED))  # the Peasant on b5 is in the way
    clear = enemy(state, "peasant", "c7", "S")
    hit = play(state, Attack(target=clear.id), [6, 1, 1])  # white Orange and Yellow against a blank
    assert hit.state.enemy(clear.id) is None and hit.state.hero("thalla").facing == "N"


def test_fire_pulse_hits_every_enemy_around_and_sets_them_burning() -> None:
    # house set b (Fire Pulse: Magic Area 1, 1 grey die each, Burn 1); 004 L351 (Area)
    state = fresh()
    active(state, "mandar", "e5", "N")
    a = enemy(state, "peasant", "e6", "S")
    b = enemy(state, "peasant", "f4", "N")
    c = enemy(state, "peasant", "e8", "S")  # out of the Area
    state = play(state, UseSkill(hero="mandar", skill="fire-pulse")).state
    step = play(state, Attack(target=a.id), [1, 1, 1, 1])  # Yellow against blank on both: 1 Damage each
    state = step.state
    assert state.enemy(a.id).damage == 1 and state.enemy(b.id).damage == 1  # type: ignore[union-attr]
    assert state.enemy(c.id).damage == 0 and state.enemy(a.id).conditions == {"burn": 1}  # type: ignore[union-attr]


def test_weakening_drops_a_colour_until_the_next_attack() -> None:
    # house set b (Weakening), 004 L1074 (Weakened: Orange to Yellow, gone after the next Attack)
    state = fresh()
    active(state, "mandar", "e5", "E")
    guard = enemy(state, "guard", "h5", "E")
    state.badass = 1
    state = play(state, UseSkill(hero="mandar", skill="weakening")).state
    state = play(state, Attack(target=guard.id)).state
    assert state.enemy(guard.id).conditions == {"weakened": 1}  # type: ignore[union-attr]


def test_two_damaging_actions_open_a_free_combo_one() -> None:
    # 004 L586-599 (Combos: free, Active Hero only, Main effect only); reading d15
    state = fresh()
    active(state, "orrus", "j5", "W")
    state.badass = 5
    first = enemy(state, "peasant", "i5", "E")
    second = enemy(state, "peasant", "j4", "N")
    state = smash(state, first.id, [3, 1]).state
    assert state.chain == 1 and state.combo == 0
    state = play(state, UseSkill(hero="orrus", skill="lightning-blow")).state
    state = play(state, Attack(target=second.id), [3, 1]).state
    assert state.combo == 1 and state.hero("orrus").ap == 0
    before = state.badass
    with pytest.raises(RuleViolation, match="Main effect"):
        play(state, UseSkill(hero="orrus", skill="stomp", enhanced=True, combo=True))
    state = play(state, UseSkill(hero="orrus", skill="stomp", combo=True)).state
    assert state.card is not None and state.card.combo == 1 and state.badass == before
    state = play(state, Move(path=["i5"])).state
    state = play(state, Finish()).state
    assert state.card is None and state.combo == 0  # a Combo 1 that wounds nobody opens no Combo 2


def test_a_combo_one_that_wounds_opens_a_combo_two() -> None:
    # 004 L595 (a Combo 1 dealing Damage allows a Combo 2)
    state = fresh()
    active(state, "mek", "f5", "W")
    peasant = enemy(state, "peasant", "e5", "W", damage=0)
    state.combo = 1
    state = play(state, UseSkill(hero="mek", skill="backstab", combo=True)).state
    state = play(state, Attack(target=peasant.id), [1, 1, 1, 1]).state
    assert state.combo == 2 and state.hero("mek").ap == 2


def test_a_hero_dies_at_its_last_point_and_the_party_loses_when_none_is_left() -> None:
    # 004 L890-892 (death, Dead Hero token), L190 (all dead: defeat at once, reading d19)
    state = fresh()
    for code in ("orrus", "thalla", "mandar"):
        state.hero(code).dead = True
    active(state, "mek", "f5")
    state.hero("mek").damage = 5
    enemy(state, "peasant", "e5", "E")
    state = play(state, UseSkill(hero="mek", skill="sneak")).state
    step = play(state, Move(path=["g5"]))
    assert step.state.hero("mek").dead and step.state.won is False
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.winners() == []


def test_resurrection_costs_ten_of_the_limit_never_below_ten() -> None:
    # 004 L904-906 (Limit -10 at once, BP capped), L691 (never below 10)
    state = fresh(2)
    state.phase, state.badass = Phase.END, 25
    for code in ("orrus", "mek"):
        put(state, code, "a3" if code == "orrus" else "a4")
        state.hero(code).dead, state.hero(code).damage = True, 9
    state = play(state, Resurrect(hero="orrus")).state
    assert (state.limit, state.badass, state.hero("orrus").dead, state.hero("orrus").damage) == (20, 20, False, 0)
    state = play(state, Resurrect(hero="mek"), player="p2").state
    assert state.limit == 10
    with pytest.raises(RuleViolation):
        play(state, Resurrect(hero="thalla"))
    state.hero("thalla").dead = True
    with pytest.raises(RuleViolation, match="below 10"):
        play(state, Resurrect(hero="thalla"))
    state = play(state, EndTurn()).state
    assert state.phase is Phase.END
    state = play(state, EndTurn(), player="p2").state
    assert state.phase is Phase.HERO and state.turn == 2 and state.hero("thalla").activated


def test_a_boost_is_played_after_the_dice_are_down() -> None:
    # 004 L389-390 (a Boost at any time during an Action; the book's example: Piercing after the roll),
    # L1131 (Piercing); house set b (Thalla's Piercing Shot, 1 BP)
    state = fresh()
    active(state, "thalla", "e5", "E")
    guard = enemy(state, "guard", "h5", "W")
    state.badass = 2
    state = play(state, UseSkill(hero="thalla", skill="hit-and-run")).state
    # the Bow's white Orange and Yellow; the Guard's grey Orange
    paused = play(state, Attack(target=guard.id, kind=AttackKind.RANGED), [5, 1, 4]).state
    assert paused.ask is not None and paused.held is not None
    (prompt,) = GAME.prompts(paused)
    assert prompt.default == {"type": "resolve"}
    assert Boost(skill="piercing-shot") in GAME.legal_actions(paused, "p1")
    with pytest.raises(RuleViolation, match="not an answer"):
        play(paused, Move(path=["e6"]))
    as_they_lie = play(paused, Resolve()).state
    assert as_they_lie.enemy(guard.id).damage == 0  # type: ignore[union-attr]
    boosted = play(paused, Boost(skill="piercing-shot")).state
    assert boosted.enemy(guard.id).damage == 1 and boosted.badass == 1  # type: ignore[union-attr]
    assert "piercing-shot" in boosted.hero("thalla").down and boosted.ask is None


def test_an_enraged_hero_rerolls_once_then_the_dice_are_read() -> None:
    # 004 L1080 (Enraged: re-roll any number of dice once per Attack), L575 (one re-roll per Attack)
    state = fresh()
    active(state, "orrus", "j5", "W")
    state.hero("orrus").conditions["enraged"] = 1
    peasant = enemy(state, "peasant", "i5", "E")
    state = play(state, UseSkill(hero="orrus", skill="smash")).state
    paused = play(state, Attack(target=peasant.id), [1, 6]).state  # grey Yellow; the Peasant's white Orange
    assert Reroll(dice=[0]) in GAME.legal_actions(paused, "p1")
    state = play(paused, Reroll(dice=[0]), [6]).state  # grey Red: through the Orange
    assert state.enemies == [] and state.ask is None and state.badass == 2


def test_lightning_leaps_to_another_enemy_with_the_same_damage() -> None:
    # 004 L1126-1128 (Lightning X: the same Damage to X Enemies within 2; a Badass die to leap again);
    # house set b (Lightning Blow: Lightning 1; an Axe leaps again)
    state = fresh()
    active(state, "orrus", "f5", "W")
    state.badass = 1
    first = enemy(state, "dog", "e5", "W")
    second = enemy(state, "dog", "d6", "S")
    enemy(state, "dog", "b7", "S")
    state = play(state, UseSkill(hero="orrus", skill="lightning-blow")).state
    # grey Orange on the dog's blank: 2 Damage; Lightning's Badass die blank: no more leaps;
    # the first dog survives and turns round (it was struck from behind)
    step = play(state, Attack(target=first.id), [3, 1, 1])
    after = step.state
    assert after.enemy(first.id).damage == 2 and after.enemy(second.id).damage == 2  # type: ignore[union-attr]
    assert sum(e.damage for e in after.enemies) == 4


def test_push_moves_an_enemy_away_or_hurts_it_against_a_wall_or_a_figure() -> None:
    # 004 L440 and L1137 (Push 1: away from the pusher; an Obstacle: 1 Automatic Damage; a Character: both 1)
    from rules.core.dice import ScriptedDice
    from rules.core.engine import Context
    from rules.orcquest.heroes import push_enemy

    state = fresh()
    put(state, "orrus", "h5", "E")
    peasant = enemy(state, "peasant", "i5", "W")
    ctx = Context(ScriptedDice([]))
    assert not push_enemy(ctx, state, state.hero("orrus"), peasant) and peasant.square == "j5"
    put(state, "orrus", "i5", "E")
    assert push_enemy(ctx, state, state.hero("orrus"), peasant) and peasant.damage == 1  # Room 1's wall
    put(state, "orrus", "i4", "N")
    assert push_enemy(ctx, state, state.hero("orrus"), peasant)  # to k6: the wall's corner stops it
    assert state.enemy(peasant.id) is None  # its second Damage
    dog = enemy(state, "dog", "e2", "N")
    runt = enemy(state, "peasant", "d2", "E")
    put(state, "orrus", "c2", "E")
    assert push_enemy(ctx, state, state.hero("orrus"), runt) and dog.damage == 1 and runt.damage == 1
