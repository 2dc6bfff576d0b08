"""The Enemy Phase, played by the rules (seed 004 L724-888; reading d2, d8-d10, d16-d18)."""

from __future__ import annotations

from rules.orcquest.enemies import alert_groups, groups
from rules.orcquest.exploration import PLACE
from rules.orcquest.models import Dodge, EndActivation, Move, Pass, Patrol, Phase, Place, Reroll, Ringer, UseSkill
from rules.orcquest.questions import RINGER
from tests.rules.orcquest.helpers import GAME, active, enemy, fresh, play, put, texts, to_enemy_phase


def patrol(state, *squares_kinds: tuple[str, str]):  # type: ignore[no-untyped-def]
    """A Patrol on the road, front first."""
    members = [enemy(state, kind, square, "E", patrol=state.next_patrol) for square, kind in squares_kinds]
    state.on_patrol.append(Patrol(id=state.next_patrol, members=[m.id for m in members]))
    state.next_patrol += 1
    return members


def test_a_patrol_appears_on_the_first_squares_of_its_path() -> None:
    # 004 L754-768 (a card for the Patrol Entry; the Appearance symbol), L749 (Yellow: a War Dog and a
    # Peasant), L769 (card effects do not apply to a Patrol entering)
    state = fresh()
    state.patrols = ["appear-4a", "move-6"]
    step = to_enemy_phase(state)
    state = step.state
    assert [(e.kind, e.square, e.facing, e.patrol) for e in state.enemies] == [("dog", "b9", "E", 1),
                                                                                ("peasant", "a9", "E", 1)]
    assert state.phase is Phase.END and state.alert == 1 and state.patrol_discard == ["appear-4a"]


def test_a_patrol_walks_its_path_and_leaves_by_the_exit() -> None:
    # 004 L754 (one card per Patrol), L782-786 (it moves together; out by the Exit, removed whole)
    state = fresh()
    patrol(state, ("c9", "dog"), ("b9", "peasant"))
    state.patrols = ["move-4", "move-6"]
    state = to_enemy_phase(state).state
    assert [e.square for e in state.enemies] == ["g9", "f9"]
    gone = fresh()
    patrol(gone, ("r9", "dog"), ("q9", "peasant"))
    gone.patrols = ["move-4", "move-6"]
    gone = to_enemy_phase(gone).state
    assert gone.enemies == [] and gone.on_patrol == []


def test_a_patrol_that_sees_a_hero_stops_sends_a_bell_ringer_and_attacks() -> None:
    # 004 L796-811 (stop, Alert; the Bell-ringer nearest the Bell, never a War Dog; it runs its full
    # move at the end of the management; the rest an Alert group), L847-856 (Activation roll),
    # L869-875 (targeting), L887 (Alert +1 at the end)
    state = fresh()
    dog, peasant = patrol(state, ("c9", "dog"), ("b9", "peasant"))
    put(state, "thalla", "f8", "W")
    state.patrols = ["move-4", "move-6"]
    # the dog's grey Activation die: Yellow (Assault); its grey Attack Yellow on Thalla's blank
    step = to_enemy_phase(state, [1, 1, 1])
    state = step.state
    ringer = state.enemy(peasant.id)
    hound = state.enemy(dog.id)
    assert ringer is not None and ringer.ringer and ringer.square == "g9"  # 5 from the Bell, as f10; reading order
    assert hound is not None and hound.alert and not hound.ringer and hound.square == "f9"
    assert state.hero("thalla").damage == 0 and state.alert == 2 and state.phase is Phase.END
    assert any("runs for the Bell" in t for t in texts(step))


def test_the_bell_rings_next_colour_new_patrols_all_alert() -> None:
    # 004 L812-816 (the Bell: next colour, a Patrol at every free Entry and Exit, all Alert, no more),
    # L736 and L888 (+1 while the Bell-ringer is on the Bell); reading d2, d17
    state = fresh()
    enemy(state, "peasant", "i10", "E", ringer=True, alert=True)
    state.patrols = ["move-2", "move-6"]
    step = to_enemy_phase(state)
    state = step.state
    assert state.bell_rung and state.on_patrol == []
    kinds = sorted((e.kind, e.square) for e in state.enemies if not e.ringer)
    assert kinds == sorted([("dog", "d9"), ("dog", "c9"), ("peasant", "b9"), ("peasant", "a9"),
                            ("dog", "q9"), ("dog", "r9"), ("peasant", "s9"), ("peasant", "t9")])
    assert all(e.alert for e in state.enemies)
    assert state.alert == 8  # 6 for Orange, +1 for Alert Enemies, +1 for the Bell-ringer on the Bell


def test_enemy_groups_rooms_whole_outside_by_range_two() -> None:
    # 004 L827-830 (a Room is one group; outside, Range 2 of each other; one Alert alerts all); reading d8
    state = fresh()
    a = enemy(state, "peasant", "l2", alert=True)
    b = enemy(state, "dog", "m7")
    c = enemy(state, "peasant", "c5")
    d = enemy(state, "peasant", "e5")
    e = enemy(state, "peasant", "h5")
    found = [[x.id for x in g] for g in alert_groups(state)]
    assert [a.id, b.id] in found and [c.id, d.id] in found and [e.id] in found
    assert state.enemy(b.id).alert  # type: ignore[union-attr]


def test_a_group_that_never_saw_a_hero_only_turns() -> None:
    # 004 L840-845 (no roll: it turns towards what alerted it); reading d9
    state = fresh()
    enemy(state, "peasant", "e5", "N", alert=True, alerted_by="h5")
    state = to_enemy_phase(state, []).state
    assert state.enemies[0].facing == "E" and state.enemies[0].square == "e5"


def test_an_orange_alert_makes_a_yellow_roll_orange_and_peasants_assault() -> None:
    # 004 L855 (Orange Alert: at least Orange), house set b (Peasant: Yellow Flee, Orange Assault)
    state = fresh()
    state.alert = 6
    enemy(state, "peasant", "c5", "E", alert=True, seen_hero=True)
    put(state, "mandar", "d5", "W")
    # white Activation die Yellow (raised to Orange); white Attack Yellow; Mandar's Charm blank
    step = to_enemy_phase(state, [1, 1, 1])
    assert any("raised to Orange" in t for t in texts(step)) and any("attacks Mandar" in t for t in texts(step))
    assert step.state.alert == 7


def test_a_fleeing_peasant_runs_from_the_heroes_and_turns_its_back() -> None:
    # 004 L860 (Flee first), L1118 (Flee: back to the Heroes, as far as it can); reading d10
    state = fresh()
    enemy(state, "peasant", "e5", "W", alert=True, seen_hero=True)
    put(state, "mandar", "c5", "E")
    step = to_enemy_phase(state, [1], square="t1")  # white Yellow: Flee; Orrus far off in Room 2
    runner = step.state.enemies[0]
    assert runner.square == "i5" and runner.facing == "E"


def test_targets_the_hero_with_fewest_health_points_left() -> None:
    # 004 L869-872 (fewest Health Points, weakest colour, nearest); reading d10
    state = fresh()
    enemy(state, "dog", "e5", "E", alert=True, seen_hero=True)
    put(state, "orrus", "h5", "W")
    put(state, "thalla", "e8", "S")
    state.hero("orrus").damage = 6  # 3 left, Thalla 7
    step = to_enemy_phase(state, [1, 1, 1])  # grey Yellow: Assault; grey Yellow on Orrus's blank
    assert any("attacks Orrus" in t for t in texts(step))


def test_mek_may_dodge_an_attack_and_the_default_is_to_take_it() -> None:
    # 004 L883-885 (one Reaction per Enemy activation, not from the Rear Arc), L1111 (Dodge); house set b
    state = fresh()
    state.badass = 3
    enemy(state, "dog", "e5", "E", alert=True, seen_hero=True)
    put(state, "mek", "f5", "W")
    # grey Activation Yellow (Assault); grey Red on Mek's Vest blank: 2 Damage, held for the Reaction
    step = to_enemy_phase(state, [1, 6, 1])
    state = step.state
    assert state.phase is Phase.ENEMY and state.ask is not None
    (prompt,) = GAME.prompts(state)
    assert prompt.player == "p1" and prompt.default == {"type": "pass"}
    assert Pass() in GAME.legal_actions(state, "p1") and Dodge(square="f4") in GAME.legal_actions(state, "p1")
    dodged = play(state, Dodge(square="f4")).state
    assert dodged.hero("mek").damage == 0 and dodged.hero("mek").square == "f4" and dodged.badass == 2
    assert dodged.phase is Phase.END
    taken = play(state, Pass()).state
    assert taken.hero("mek").damage == 2 and taken.phase is Phase.END


def test_a_hero_on_the_patrol_entry_is_swept_aside() -> None:
    # 004 L775-776 (Push 1 and 1 Automatic Damage until the Patrol fits); reading d18
    state = fresh()
    put(state, "orrus", "b9", "E")
    state.patrols = ["appear-4a", "move-6"]
    # then the dog sees Orrus: grey Activation Yellow, grey Attack Yellow on the Leather's blank
    step = to_enemy_phase(state, [1, 1, 1])
    state = step.state
    assert state.hero("orrus").square == "c9" and state.hero("orrus").damage == 1
    assert [e.square for e in state.enemies][0] == "b9"


def test_a_patrol_takes_a_calm_enemy_it_meets_at_its_head() -> None:
    # 004 L790-792 (merging: the newcomers in front, then the move is finished)
    state = fresh()
    patrol(state, ("c9", "dog"), ("b9", "peasant"))
    calm = enemy(state, "peasant", "e9", "S")
    state.patrols = ["move-4", "move-6"]
    state = to_enemy_phase(state).state
    (band,) = state.on_patrol
    assert band.members[0] == calm.id and [e.square for e in state.enemies] == ["g9", "f9", "h9"]


def test_patrol_cards_split_off_the_rear_or_turn_about() -> None:
    # 004 L788-789 (the one left behind is the rear member, inert); house set b (the Patrol cards)
    state = fresh()
    dog, peasant = patrol(state, ("c9", "dog"), ("b9", "peasant"))
    state.patrols = ["split-3", "move-6"]
    state = to_enemy_phase(state).state
    assert state.enemy(dog.id).square == "f9" and state.enemy(peasant.id).square == "b9"  # type: ignore[union-attr]
    assert state.enemy(peasant.id).patrol is None and not state.enemy(peasant.id).alert  # type: ignore[union-attr]
    turned = fresh()
    patrol(turned, ("c9", "dog"), ("b9", "peasant"))
    turned.patrols = ["about-turn", "move-6"]
    turned = to_enemy_phase(turned).state
    assert [(e.square, e.facing) for e in turned.enemies] == [("c9", "W"), ("b9", "W")]


def test_a_patrol_of_dogs_rings_no_bell() -> None:
    # 004 L805-806 (a War Dog is never the Bell-ringer; only Dogs left: no Bell-ringer)
    state = fresh()
    patrol(state, ("c9", "dog"), ("b9", "dog"))
    put(state, "thalla", "t10", "W")
    state.patrols = ["move-4", "move-6"]
    state = to_enemy_phase(state, [1]).state  # their grey Activation die: Yellow, Assault (out of reach)
    assert all(e.alert and not e.ringer for e in state.enemies) and state.on_patrol == []
    assert state.enemies[0].square == "j9"  # six squares closer to Thalla


def test_a_group_told_by_another_in_sight_rolls_too() -> None:
    # 004 L843-845 (a group that knows the Heroes' place from another group in sight rolls)
    state = fresh()
    enemy(state, "peasant", "c5", "E", alert=True, seen_hero=True)
    enemy(state, "peasant", "g5", "W", alert=True)  # 4 squares off: another group, looking at the first
    step = to_enemy_phase(state, [1, 1], square="t1")  # both groups roll Yellow and flee
    assert any("learn where the Heroes are" in t for t in texts(step))


def test_an_enraged_hero_rerolls_its_defence_under_an_enemy_attack() -> None:
    # 004 L1080 (Enraged: re-roll any number of dice, once per Attack), L575 (one re-roll per Defence)
    state = fresh()
    enemy(state, "dog", "e5", "E", alert=True, seen_hero=True)
    put(state, "orrus", "f5", "W")
    state.hero("orrus").conditions["enraged"] = 1
    # grey Activation Yellow (Assault); grey Orange on the Leather's blank: 1 Damage, held
    state = to_enemy_phase(state, [1, 3, 1], hero="thalla", square="o1").state
    assert state.ask is not None and Reroll(dice=[0]) in GAME.legal_actions(state, "p1")
    state = play(state, Reroll(dice=[0]), [6]).state  # white Orange: the Orange is stopped
    assert state.hero("orrus").damage == 0 and state.phase is Phase.END


def test_an_alert_enemy_on_the_move_explores_a_spawn_zone_it_sees() -> None:
    # 004 L475 (an Alert Enemy on the move opening an unexplored Room's door or seeing a Spawn Zone)
    state = fresh()
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["chicken", "chicken", "peasant-x3"]
    enemy(state, "peasant", "e6", "S", alert=True, seen_hero=True)
    put(state, "mandar", "c6", "E")
    # white Activation Yellow: it flees (from Mandar, towards the field); die 1 on f1, die 2 on h3
    step = to_enemy_phase(state, [1, 1, 9], square="t1")
    assert "A" in step.state.explored and any("Exploration of Spawn Zone A" in t for t in texts(step))


def test_too_few_figures_for_a_patrol_raise_the_alert_and_bring_none() -> None:
    # 004 L773 (too few miniatures for a Patrol: Alert +1); reading d22 (and no Patrol)
    state = fresh()
    for n in range(4):
        enemy(state, "dog", f"{'pqrs'[n]}3", "N")  # every War Dog figure is in Room 2 already
    state.patrols = ["appear-4a", "move-6"]
    state = to_enemy_phase(state, square="t1").state
    assert state.on_patrol == [] and state.alert == 2


def test_the_alert_going_past_fifteen_loses_the_quest() -> None:
    # 004 L732 (beyond 15 the Quest is lost); reading d1 (15 itself is not yet lost)
    state = fresh()
    state.alert = 14
    enemy(state, "peasant", "t1", alert=True)
    state = to_enemy_phase(state, [], square="o1").state
    assert state.alert == 15 and state.won is None
    state.events = ["alert"]
    state.phase = Phase.HERO
    active(state, "mek", "a3")
    step = play(state, EndActivation())
    assert step.state.alert == 16 and step.state.won is False and GAME.outcome(step.state) is not None


def test_the_players_choose_the_bell_ringer_among_a_tie_in_the_hero_phase() -> None:
    # 004 L797 (the member nearest the Bell), L803 ("In case of a tie ... choose the Bell-ringer"): asked
    # of every seat once the Hero's move is over, the lowest number standing in as the default
    state = fresh(2)
    front, rear = patrol(state, ("k9", "peasant"), ("j9", "peasant"))  # both at Range 1 of the Bell on k10
    for member in (front, rear):
        member.facing = "N"
    active(state, "thalla", "e8", "N")
    state = play(state, UseSkill(hero="thalla", skill="stalk")).state
    step = play(state, Move(path=["e9"]))  # onto the road, level with them: seen (reading d3)
    state = step.state
    assert state.ask is not None and state.ask.kind == RINGER and state.ask.players == ["p1", "p2"]
    assert state.enemy(front.id).ringer and not state.enemy(rear.id).ringer  # the default meanwhile
    view = GAME.view(state, "p2")  # the board rings the tied, as the question names them
    assert view.tied_ringers == [front.id, rear.id] and view.tied_squares == []
    prompt = GAME.prompts(state)[1]
    assert "Peasant 1 on k9 or Peasant 2 on j9" in prompt.text and prompt.default == {"type": "ringer", "enemy": front.id}  # the very Enemy
    assert GAME.legal_actions(state, "p2") == [Ringer(enemy=front.id), Ringer(enemy=rear.id)]
    chosen = play(state, Ringer(enemy=rear.id), player="p2").state
    assert chosen.enemy(rear.id).ringer and not chosen.enemy(front.id).ringer
    assert GAME.view(chosen, None).tied_ringers == []
    assert chosen.ask is None and chosen.ringer_tie == [] and chosen.card is not None  # Stalk goes on
    kept = play(state, Ringer()).state  # nobody answered: the default stays
    assert kept.enemy(front.id).ringer and not kept.enemy(rear.id).ringer and kept.ask is None


def test_a_bell_ringer_chosen_in_the_enemy_phase_runs_once_chosen() -> None:
    # 004 L803 (the players choose among a tie), L807 (the Bell-ringer runs its full move at the end of the
    # Patrol management, so after the choice), L847-856 (the other, Alert, rolls and flees)
    state = fresh()
    west, east = patrol(state, ("e10", "peasant"), ("q10", "peasant"))  # both at Range 6 of the Bell on k10
    for member in (west, east):
        member.facing = "W"
    put(state, "thalla", "s10", "W")
    state.patrols = ["about-turn", "move-6"]  # they turn about and see Thalla; no new Patrol comes
    state = to_enemy_phase(state).state
    assert state.ask is not None and state.ask.kind == RINGER and state.phase is Phase.ENEMY
    assert [e.square for e in state.enemies] == ["e10", "q10"]  # nobody ran yet
    step = play(state, Ringer(enemy=east.id), [1])  # the west one's white Activation die: Yellow, Flee
    state = step.state
    ringer = state.enemy(east.id)
    assert ringer is not None and ringer.ringer and ringer.square == "m10"  # its 4 squares towards the Bell
    assert not state.enemy(west.id).ringer and state.phase is Phase.END
    assert any("Peasant 2 is the Bell-ringer" in t for t in texts(step))


def test_an_enemy_exploring_on_its_move_waits_for_the_players_choice_then_goes_on() -> None:
    # 004 L475 (an Alert Enemy on the move explores), L488 and L499 (x2: the other on the nearest empty
    # square, the players choosing among a tie); reading d7; reading d23 (the Enemy waits where it stands,
    # then walks the rest of its move and its activation ends as it would have)
    state = fresh(2)
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["peasant-x2", "chicken"]
    runner = enemy(state, "peasant", "e6", "S", alert=True, seen_hero=True)
    put(state, "mandar", "c6", "E")
    # white Activation Yellow: it flees from Mandar and sees the field from e5; die 1 on f1 (two Peasants,
    # arrows E: the second's squares g1, f2 and g2 tie), die 2 on h3 (a Chicken)
    state = to_enemy_phase(state, [1, 1, 9, 2], square="t1").state
    assert state.ask is not None and state.ask.kind == PLACE and state.ask.players == ["p1", "p2"]
    assert state.phase is Phase.ENEMY and state.exploring is not None and state.exploring.options == ["g1", "f2", "g2"]
    assert state.enemy(runner.id).square == "e5"  # waiting on its way
    # the two new Peasants, alert, roll Yellow and flee too
    step = play(state, Place(square="g2"), [1], player="p2")
    state = step.state
    assert any("put on g2" in t for t in texts(step)) and any("Die 2 lands on h3: a Chicken" in t for t in texts(step))
    fled = state.enemy(runner.id)
    assert fled is not None and fled.square == "h5" and fled.facing == "E"  # the rest of its flight, its back turned
    assert state.ask is None and state.phase is Phase.END and len(state.enemies) == 3


def test_an_enemy_two_groups_claim_goes_to_the_stronger_die_then_the_larger_group() -> None:
    # 004 L831 (an Enemy equally between two groups: the higher Activation die first, then the players
    # decide, unkind to Heroes); reading d8 (double claims: stronger die, then larger group)
    state = fresh()
    state.open_doors = ["door-west"]
    inside = enemy(state, "peasant", "k3")  # Room 1's group: a white die
    between = enemy(state, "peasant", "i3")  # within 2 of both, in sight through the open door
    dog = enemy(state, "dog", "g3")  # outside: a grey die
    assert [[e.id for e in g] for g in groups(state)] == [[inside.id], [between.id, dog.id]]
    state.enemy(dog.id).kind = "peasant"  # white against white, one against one: the Room's group (the
    # default of the players' decision), and the one beyond joins it through it
    assert [[e.id for e in g] for g in groups(state)] == [[inside.id, between.id, dog.id]]
    enemy(state, "peasant", "e3")  # the outside group grows to two: it wins
    assert [[e.id for e in g] for g in groups(state)][0] == [inside.id]


def test_an_enemy_opening_a_door_waits_for_the_choice_then_walks_in_and_attacks() -> None:
    # 004 L475 (an Alert Enemy opening an unexplored Room's door explores it), L488 (the players choose
    # among tied squares), L869-875 (its target); reading d23 (it waits on its way, then goes on)
    state = fresh()
    state.explored = ["2", "3", "A"]
    state.reserves["main"] = ["chicken", "chicken"]
    peasant = enemy(state, "peasant", "h3", "E", alert=True, seen_hero=True)
    put(state, "thalla", "l3", "W")
    # white Activation Orange: Assault on Thalla, through the west door; die 1 on l5 (low furniture: its
    # neighbours tie), die 2 on m3
    state = to_enemy_phase(state, [5, 18, 11]).state
    assert state.ask is not None and state.ask.kind == PLACE and "door-west" in state.open_doors
    assert state.enemy(peasant.id).square == "j3" and state.enemy_turn is not None and state.enemy_turn.walk
    assert state.hero("thalla").damage == 0
    # then its white Attack die Orange on Thalla's white Defence blank: 1 Damage
    state = play(state, Place(square="m6"), [5, 1]).state
    assert sorted(t.square for t in state.tokens if t.kind == "chicken") == ["m3", "m6"]
    assert state.enemy(peasant.id).square == "k3" and state.hero("thalla").damage == 1
    assert state.ask is None and state.phase is Phase.END
