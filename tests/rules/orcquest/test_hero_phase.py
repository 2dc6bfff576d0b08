"""The Hero Phase (seed 004 L353-421, L700-722; reading a10-a22, d15, d19-d20)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.errors import RuleViolation
from rules.orcquest.models import (
    Activate,
    BuyAP,
    Drink,
    EndActivation,
    Finish,
    Leave,
    Move,
    OpenDoor,
    Phase,
    Place,
    Token,
    UseSkill,
)
from rules.orcquest.board import LAYOUTS
from rules.orcquest.data import DoorKind, DoorSpec, parse_layout
from rules.orcquest.exploration import QUESTS
from rules.orcquest.models import QuestState
from tests.rules.orcquest.helpers import GAME, active, enemy, fresh, mini_quest, play, put, texts


def test_a_hero_enters_free_on_the_hero_entry_with_two_action_points() -> None:
    # 004 L395 (entry is free), L359 (2 Action Points); reading d20
    state = play(fresh(), Activate(hero="orrus", entry="a2")).state
    orrus = state.hero("orrus")
    assert (orrus.square, orrus.ap, state.active) == ("a2", 2, "orrus")
    with pytest.raises(RuleViolation, match="still active"):
        play(state, Activate(hero="mek"))


def test_a_card_is_paid_turned_face_down_and_resolved_in_full() -> None:
    # 004 L360-361 (pay, apply, flip; one card at a time), L370 (face down until the End of Turn), L398
    state = fresh()
    active(state, "mek", "c1")
    state = play(state, UseSkill(hero="mek", skill="sneak")).state
    mek = state.hero("mek")
    assert mek.ap == 1 and mek.down == ["sneak"] and state.card is not None and state.card.mp == 4
    with pytest.raises(RuleViolation, match="Finish the card"):
        play(state, UseSkill(hero="mek", skill="backstab"))
    state = play(state, Move(path=["d1", "e1"])).state
    assert state.hero("mek").square == "e1" and state.card is not None and state.card.mp == 2
    state = play(state, Finish()).state
    assert state.card is None
    with pytest.raises(RuleViolation, match="face down"):
        play(state, UseSkill(hero="mek", skill="sneak"))


def test_extra_action_points_cost_one_more_each_and_complete_a_two_point_card() -> None:
    # 004 L706-715 (1, 2, 3 BP; a 2-AP card finished with an extra AP)
    state = fresh()
    active(state, "thalla", "c1", ap=1)
    state.badass = 10
    with pytest.raises(RuleViolation, match="needs 1 more Action Point"):
        play(state, UseSkill(hero="thalla", skill="hit-and-run", enhanced=True))
    for expected in (9, 7, 4):
        state = play(state, BuyAP(hero="thalla")).state
        assert state.badass == expected
    assert GAME.price(state) == 4
    state = play(state, UseSkill(hero="thalla", skill="hit-and-run", enhanced=True)).state
    assert state.hero("thalla").ap == 0 and state.hero("thalla").extra == 2  # one of three spent


def test_another_hero_acts_in_the_active_heros_activation_with_extra_points() -> None:
    # 004 L707 (an extra Action during another Hero's activation)
    state = fresh()
    active(state, "orrus", "a3")
    put(state, "mek", "c1")
    state.badass = 1
    with pytest.raises(RuleViolation, match="needs 1 more"):
        play(state, UseSkill(hero="mek", skill="sneak"))
    state = play(state, BuyAP(hero="mek")).state
    state = play(state, UseSkill(hero="mek", skill="sneak")).state
    assert state.card is not None and state.card.hero == "mek" and state.hero("orrus").ap == 2
    state = play(state, Move(path=["d1"])).state
    assert state.hero("mek").square == "d1"


def test_cursed_heroes_spend_no_badass_points() -> None:
    # 004 L1052 (Cursed: no Badass Points in the Hero Phase)
    state = fresh()
    active(state, "orrus", "a3")
    state.badass = 5
    state.hero("orrus").conditions["cursed"] = 1
    with pytest.raises(RuleViolation, match="Cursed"):
        play(state, BuyAP(hero="orrus"))
    with pytest.raises(RuleViolation, match="Cursed"):
        play(state, UseSkill(hero="orrus", skill="smash", enhanced=True))


def test_leaving_a_danger_zone_hurts_and_the_enemy_sees_the_hero() -> None:
    # 004 L415 (2 Automatic Damage), L323 (an Enemy seeing a Hero becomes alert)
    state = fresh()
    active(state, "mek", "f5")
    peasant = enemy(state, "peasant", "e5", "E")
    state = play(state, UseSkill(hero="mek", skill="sneak")).state
    step = play(state, Move(path=["g5"]))
    assert step.state.hero("mek").damage == 2
    assert step.state.enemy(peasant.id).alert  # type: ignore[union-attr]
    assert any("alert" in t for t in texts(step))


def test_a_pond_costs_one_more_to_leave_and_hides_an_unseen_hero() -> None:
    # 004 L456 (pond exit +1 MP), L457 (Invisible when entering unseen), L1122 (no alert when Invisible)
    state = fresh()
    active(state, "mandar", "a5")
    peasant = enemy(state, "peasant", "e5", "E")  # looking away from the pond
    state = play(state, UseSkill(hero="mandar", skill="shuffle")).state
    state = play(state, Move(path=["b5"])).state
    assert state.hero("mandar").invisible and state.card is not None and state.card.mp == 5
    peasant_now = state.enemy(peasant.id)
    assert peasant_now is not None
    peasant_now.facing = "W"  # it turns to look straight at the pond
    state = play(state, Move(path=["c5"])).state
    assert state.card is not None and state.card.mp == 3  # 2 MP out of the pond
    assert state.hero("mandar").invisible  # c5 is a tree's shadow, entered...
    assert state.enemy(peasant.id).alert is False  # type: ignore[union-attr]


def test_opening_a_door_costs_one_movement_point_and_explores_the_room() -> None:
    # 004 L419 (1 MP to open), L469 (opening an unexplored Room's door explores it), L478-490
    state = fresh()
    state.explored = ["2", "3", "A"]
    state.reserves["main"] = ["dog", "peasant", "peasant"]
    active(state, "thalla", "j3", "E")
    state = play(state, UseSkill(hero="thalla", skill="stalk")).state
    # die 1 on m3 (11th square of Room 1 in reading order), die 2 on l5 (low furniture: its eight
    # neighbours tie, the players choose and leave it to the default, k4, reading d7);
    # the dog's arrow points W (4th facing), the Peasant's E (2nd)
    asked = play(state, OpenDoor(door="door-west"), [11, 18, 4])
    assert asked.state.exploring is not None and asked.state.exploring.options[0] == "k4"
    words = GAME.prompts(asked.state)[0].text  # the token is still face down (L483-486): not named yet
    assert "face-down token" in words and "k4, l4, m4, k5, m5, k6, l6 or m6" in words and "Peasant" not in words
    step = play(asked.state, Place(), [2])
    state = step.state
    assert state.card is not None and state.card.mp == 4 and "door-west" in state.open_doors
    dogs = [(e.kind, e.square, e.facing) for e in state.enemies]
    assert dogs == [("dog", "m3", "W"), ("peasant", "k4", "E")]
    assert state.enemies[0].alert and state.enemies[0].seen_hero  # the dog looks through the door at Thalla
    assert state.enemies[1].alert and not state.enemies[1].seen_hero  # the Peasant sees the alert dog (L323)
    assert state.reserve_discard == ["dog", "peasant"] and "1" in state.explored
    assert any("moved to k4" in t for t in texts(step))


def test_smashing_heroes_cannot_open_doors_but_smash_through_them() -> None:
    # 004 L433 (no opening; a closed door smashed by moving through), L437 (1 grey Attack die and Push 1
    # on an Enemy behind), L443 and L493 (the revealed Enemies face the Hero, alerted by the noise)
    state = fresh()
    state.explored = ["2", "3", "A"]
    state.reserves["main"] = ["peasant", "peasant", "dog"]
    state.badass = 1
    active(state, "orrus", "j3", "E")
    state = play(state, UseSkill(hero="orrus", skill="stomp")).state
    with pytest.raises(RuleViolation, match="cannot open or close doors"):
        play(state, OpenDoor(door="door-west"))
    # dice: Peasants on k3 and n8, both facing N; the door hits the one on k3: grey Red, white blank
    step = play(state, Move(path=["k3"]), [9, 32, 1, 1, 6, 1])
    state = step.state
    assert "door-west" in state.destroyed_doors
    assert state.hero("orrus").square == "k3"  # the Peasant behind died, the way is clear
    (survivor,) = state.enemies
    assert survivor.square == "n8" and survivor.facing == "S" and survivor.alert
    assert state.badass == 3  # 1 + the Peasant's 1 + 1 for a kill from full health in one roll


def test_the_totem_is_taken_by_walking_over_it_and_carried_out_by_the_exit() -> None:
    # 004 L412-413 (an Objective is collected by moving onto or through it); house set b (the goal)
    state = fresh()
    state.tokens = [Token(square="c1", kind="objective")]
    active(state, "thalla", "d1", "W")
    state = play(state, UseSkill(hero="thalla", skill="stalk")).state
    state = play(state, Move(path=["c1", "b1", "a1"])).state
    assert "totem" in state.hero("thalla").inventory and state.tokens == []
    step = play(state, Leave())
    assert step.state.won is True
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.winners() == ["p1"] and outcome.kind == "cooperative"


def test_too_heavy_a_load_leaves_no_movement_points() -> None:
    # 004 L672 (over the Inventory capacity, no Movement Points)
    state = fresh()
    active(state, "mandar", "c1")
    state.hero("mandar").inventory = ["totem", "pitchfork"]
    state = play(state, UseSkill(hero="mandar", skill="shuffle")).state
    assert state.card is None  # no Movement Point to spend: the card is spent at once


def test_an_event_ends_the_activation_and_a_personal_one_finds_its_hero() -> None:
    # 004 L362-363 (Event on ending), L722 (a Hero's own Event hits it whoever drew it)
    state = fresh()
    active(state, "orrus", "a3")
    state.events = ["mek-alert", "nothing-1"]
    state = play(state, EndActivation()).state
    assert state.alert == 2 and state.hero("mek").event == "mek-alert" and state.hero("orrus").event is None
    assert state.active is None and state.hero("orrus").activated


def test_a_potion_heals_two_without_action_points() -> None:
    # 004 L650-652 (Potions: any time in the Hero Phase, no AP, discarded)
    state = fresh()
    put(state, "orrus", "a3")
    orrus = state.hero("orrus")
    orrus.damage, orrus.inventory = 3, ["potion"]
    state = play(state, Drink(hero="orrus")).state
    assert state.hero("orrus").damage == 1 and state.loot_discard == ["potion"]


def test_the_hero_phase_ends_when_every_hero_has_acted_and_prices_reset() -> None:
    # 004 L723 (the Hero Phase ends), L713 (the price of extra AP resets), L887 (Alert +1 for a live
    # Alert Enemy), L899-900 (End of Turn: cards restored, Events discarded)
    state = fresh()
    for code in ("thalla", "mek", "mandar"):
        state.hero(code).activated = True
    active(state, "orrus", "a3")
    state.hero("orrus").down = ["stomp"]
    state.bought = 2
    state.events = ["nothing-1"]
    enemy(state, "peasant", "t1", alert=True)
    state = play(state, EndActivation()).state
    assert state.phase is Phase.END and state.bought == 0 and state.alert == 2
    assert state.hero("orrus").down == [] and state.hero("orrus").event is None
    assert state.event_discard == ["nothing-1"]


def test_a_war_dogs_flair_finds_an_invisible_hero() -> None:
    # 004 L1117 (Flair: Invisible Characters revealed within 3 squares), L1122 (Invisible)
    state = fresh()
    active(state, "mek", "a5")
    state.hero("mek").square = "a5"
    enemy(state, "dog", "f5", "E")  # looking away
    state = play(state, UseSkill(hero="mek", skill="sneak")).state
    state = play(state, Move(path=["b5"])).state
    assert state.hero("mek").invisible  # 4 squares from the dog
    state = play(state, Move(path=["c5"])).state  # shadow, but 3 squares from the dog
    assert not state.hero("mek").invisible


def test_smashing_through_furniture_yields_resources_and_a_chicken_heals() -> None:
    # 004 L429-432 (Smashing: furniture destroyed, a Loot card as Resources), L501 (a Chicken heals 1)
    state = fresh()
    active(state, "orrus", "l2", "S")
    state.hero("orrus").damage = 2
    state.loot = ["dagger", "wood"]
    state.tokens.append(Token(square="m1", kind="chicken"))
    state = play(state, UseSkill(hero="orrus", skill="stomp")).state
    state = play(state, Move(path=["k2", "k1", "l1", "m1"])).state
    orrus = state.hero("orrus")
    assert "high-k1" not in state.furniture and orrus.inventory == ["metal"] and state.loot_discard == ["dagger"]
    assert orrus.damage == 1 and all(t.kind != "chicken" for t in state.tokens)


def test_the_secondary_objective_pays_when_the_bell_never_rang() -> None:
    # house set b (Secondary Objective: the Bell never rung, +5 Badass Points)
    state = fresh()
    active(state, "thalla", "a1", "W")
    state.hero("thalla").inventory = ["totem"]
    state = play(state, UseSkill(hero="thalla", skill="stalk")).state
    assert play(state, Leave()).state.badass == 5


def test_a_hero_killed_crossing_another_falls_where_it_could_have_stopped() -> None:
    # 004 L398 (a Hero crosses another Hero, never stops on it), L415 (2 Damage per Danger Zone left),
    # L892 (a Dead Hero token where no move may end)
    state = fresh()
    active(state, "orrus", "h4", "E")
    state.hero("orrus").damage = 5
    put(state, "mandar", "i4", "W")
    enemy(state, "dog", "i5", "S")
    enemy(state, "peasant", "i3", "N")
    state = play(state, UseSkill(hero="orrus", skill="stomp")).state
    state = play(state, Move(path=["i4", "j4"])).state
    orrus = state.hero("orrus")
    assert orrus.dead and orrus.square == "h4" and state.hero("mandar").square == "i4"


@pytest.fixture
def cellar(monkeypatch: pytest.MonkeyPatch) -> QuestState:
    """A small map: Room 1 on b3-d4 with a simple door on its south side (c2|c3), a pond at c2; one die
    is dropped to explore the Room."""
    quest = replace(mini_quest("B...O\n.111.\n.111.\n..p..\n.....",
                               (DoorSpec("cellar", DoorKind.SIMPLE, (("c2", "c3"),)),)), room_dice=1)
    monkeypatch.setitem(LAYOUTS, "mini", parse_layout(quest))
    monkeypatch.setitem(QUESTS, "mini", quest)
    state = fresh()
    state.quest, state.furniture, state.tokens, state.explored = "mini", [], [], []
    state.reserves, state.reserve_discard = {"main": []}, []
    return state


def test_an_invisible_hero_slips_through_a_closed_door(cellar: QuestState) -> None:
    # 004 L1124 (Invisible: through doors without opening them, the Room explored first), L457 (ponds)
    active(cellar, "mek", "b2", "E")
    state = play(cellar, UseSkill(hero="mek", skill="sneak")).state
    state = play(state, Move(path=["c2"])).state
    assert state.hero("mek").invisible
    step = play(state, Move(path=["c3"]), [1])  # the die lands on b3; the reserve is empty
    assert step.state.hero("mek").square == "c3" and "cellar" not in step.state.open_doors
    assert "1" in step.state.explored and any("slips through" in t for t in texts(step))
    seen = state.model_copy(deep=True)
    seen.hero("mek").invisible = False
    with pytest.raises(RuleViolation):
        play(seen, Move(path=["c3"]))  # a Hero in sight opens doors, it does not slip through them


def test_an_enemy_behind_the_door_opens_it_on_the_invisible_hero(cellar: QuestState) -> None:
    # 004 L1124 (an Enemy appearing just behind turns to the Hero, opens the door; the Hero is seen, stops)
    active(cellar, "mek", "b2", "E")
    cellar.reserves["main"] = ["peasant"]
    state = play(cellar, UseSkill(hero="mek", skill="sneak")).state
    state = play(state, Move(path=["c2"])).state
    state = play(state, Move(path=["c3", "d3"]), [2, 1]).state  # the die on c3; its arrow points north
    mek, (peasant,) = state.hero("mek"), state.enemies
    assert mek.square == "c2" and not mek.invisible and "cellar" in state.open_doors
    assert peasant.square == "c3" and peasant.facing == "S" and peasant.alert


def test_an_empty_event_deck_takes_its_discard_shuffled() -> None:
    # reading d19 (an empty Event or Loot deck takes its discard, shuffled); 004 L362-363
    state = fresh()
    active(state, "orrus", "a3")
    state.events, state.event_discard = [], ["nothing-1", "alert"]
    state = play(state, EndActivation(), [2, 1]).state  # the shuffle puts the Alert card on top
    assert state.alert == 2 and state.events == ["nothing-1"] and state.event_discard == []


def test_a_smashed_door_waits_for_the_players_choice_then_falls_on_the_enemy_behind() -> None:
    # 004 L433-443 (a door smashed: the Room explored with noise, 1 grey Attack die on an Enemy behind),
    # L488-499 and reading d7 (the second Peasant's square among a tie is the players' choice): the move
    # ends at the door, the crash comes once the Exploration is done
    state = fresh()
    state.explored = ["2", "3", "A"]
    state.reserves["main"] = ["peasant-x2", "dog"]
    active(state, "orrus", "j3", "E")
    state = play(state, UseSkill(hero="orrus", skill="stomp")).state
    # die 1 on k3 (two Peasants, facing N), die 2 on n8
    asked = play(state, Move(path=["k3", "l3"]), [9, 32, 1]).state
    assert asked.exploring is not None and asked.exploring.options == ["k2", "l2", "l3", "k4", "l4"]
    assert asked.hero("orrus").square == "j3" and [e.square for e in asked.enemies] == ["k3"]
    assert asked.card is not None and asked.card.mp == 4
    # the Dog's arrow N; then the door on the Peasant on k3: grey Red, white blank
    step = play(asked, Place(square="l3"), [1, 6, 1])
    state = step.state
    assert [(e.kind, e.square, e.facing) for e in state.enemies] == [("peasant", "l3", "W"), ("dog", "n8", "S")]
    assert all(e.alert for e in state.enemies) and any("door crashes" in t for t in texts(step))
    assert state.ask is None and state.card is not None and state.card.mp == 4  # Stomp goes on from j3
