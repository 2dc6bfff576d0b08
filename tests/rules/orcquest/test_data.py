"""The house set as data (seed 004; /work/shared/games/orcquest.md (b))."""

from __future__ import annotations

from collections import Counter

from rules.orcquest.data import (
    ATTACK_FACES,
    DEFENCE_FACES,
    ENEMIES,
    EVENTS,
    FARM,
    HEROES,
    LOOT_DECK,
    PATROL_DECK,
    PRESENCE,
    QUEST1,
    SKILLS,
    CARDS,
    Level,
    alert_colour,
    next_colour_level,
)


def test_attack_dice_never_blank_and_defence_dice_sometimes() -> None:
    # 004 L542 (swords on every Attack face), L553 (shields on most Defence faces); house set b
    assert all(Level.NONE not in faces for faces in ATTACK_FACES.values())
    assert all(faces.count(Level.NONE) >= 1 for faces in DEFENCE_FACES.values())
    assert all(len(faces) == 6 for faces in (*ATTACK_FACES.values(), *DEFENCE_FACES.values()))


def test_four_heroes_with_three_starting_skills_of_their_own_and_their_stuff() -> None:
    # 004 L240 (three starting Skills), L243 (starting Stuff); house set b
    assert list(HEROES) == ["orrus", "thalla", "mek", "mandar"]
    for hero in HEROES.values():
        assert len(hero.skills) == 3
        assert all(SKILLS[s].hero == hero.code for s in hero.skills)
        assert all(s in CARDS for s in hero.stuff)
        hands = sum(CARDS[s].weight for s in hero.stuff if CARDS[s].slot == "hand")
        body = sum(CARDS[s].weight for s in hero.stuff if CARDS[s].slot == "body")
        assert hands <= hero.hands and body <= hero.body  # L670: within the capacities
    assert HEROES["orrus"].hp == 9 and HEROES["mandar"].hp == 6


def test_decks_and_counts() -> None:
    # house set b: 20 Events (2 per Hero, L244), 16 Loot, 10 Patrol cards; reserves of L258
    assert len(EVENTS) == 20 and Counter(e.hero for e in EVENTS if e.hero) == {h: 2 for h in HEROES}
    assert len(LOOT_DECK) == 16 and all(c in CARDS for c in LOOT_DECK)
    assert len(PATROL_DECK) == 10 and sum(p.appears for p in PATROL_DECK) == 5
    main = Counter(QUEST1.reserves["main"])
    assert main == {"peasant": 8, "peasant-x2": 1, "dog": 2}
    assert Counter(QUEST1.reserves["A"]) == {"peasant-x3": 1, "chicken": 2}
    assert all(code in PRESENCE for r in QUEST1.reserves.values() for code in r)
    assert QUEST1.patrols[Level.YELLOW] == ("dog", "peasant")  # L749
    assert ENEMIES["peasant"].hp == 2 and ENEMIES["dog"].mp == 6


def test_alert_colours_and_the_bell() -> None:
    # 004 L728 (15 levels, three colours), L735 (the Bell moves to the next colour); reading d2
    assert [alert_colour(n) for n in (1, 5, 6, 10, 11, 15)] == [Level.YELLOW] * 2 + [Level.ORANGE] * 2 + [Level.RED] * 2
    assert next_colour_level(4) == 6 and next_colour_level(7) == 11 and next_colour_level(12) == 12


def test_the_farm_map_read_off_the_ascii() -> None:
    # house set b: Quest 1, 20 x 10; Rooms 1-3, their walls, doors, furniture, terrain
    grid = FARM.grid
    assert (grid.width, grid.height) == (20, 10)
    assert len(FARM.room_squares("1")) == 32 and len(FARM.room_squares("2")) == 24
    assert len(FARM.room_squares("3")) == 24
    assert FARM.rooms["k1"] == "1" and FARM.rooms["t4"] == "2" and FARM.rooms["r7"] == "3"
    wall = frozenset
    assert wall(("j1", "k1")) in FARM.walls and wall(("j3", "k3")) not in FARM.walls  # the west door
    assert wall(("q8", "q9")) not in FARM.walls and wall(("p8", "p9")) in FARM.walls  # the double door
    assert wall(("o4", "o5")) in FARM.walls  # Room 2 below Room 3
    assert FARM.door_at("k3", "j3") is not None and FARM.door_at("r9", "r8") is FARM.door_at("q8", "q9")
    assert FARM.furniture_at("q1") == FARM.furniture_at("p1")  # one low piece over two squares
    assert FARM.furniture_at("k1").high and not FARM.furniture_at("l7").high  # type: ignore[union-attr]
    assert FARM.trunks == {"e8", "h6", "d4"} and "g7" in FARM.shadow and "h6" not in FARM.shadow
    assert FARM.ponds == {"b5", "c5", "b6", "c6"} and len(FARM.zones["A"]) == 9
    assert FARM.bell == "k10" and FARM.entry == ("a1", "a2") and FARM.objective == "r7"
    assert QUEST1.patrol_path[0] == "a9" and QUEST1.patrol_path[-1] == "t9"
