"""The house set of the goblin warlords game as data (reading /work/shared/games/goblin-warlords.md
(b); seed 002 gives no map or component list)."""

from __future__ import annotations

from collections import Counter

from rules.goblin_warlords.data import (
    ADJACENT,
    CARAVAN_CHIPS,
    HOMES,
    LEADER_CHIPS,
    ROADS,
    TERRITORIES,
    UNDERGROUND_DESTROYED,
    UNDERGROUND_LOST,
    UNIT_CHIPS,
    CaravanKind,
    ChipKind,
    Kind,
    Tribe,
    gold_cup,
    territory,
    victory_lands,
)


def test_eighteen_territories_numbered_as_the_underground_d20_reads_them() -> None:
    # 002 L30 (reading b1): d20 1-18 is a territory, 19 and 20 are the text's mishaps
    assert [t.number for t in TERRITORIES] == list(range(1, 19))
    assert UNDERGROUND_LOST == 19 and UNDERGROUND_DESTROYED == 20
    assert len({t.name for t in TERRITORIES}) == 18


def test_twelve_orclands_in_the_south_and_middle_six_outlands_in_the_north() -> None:
    # 002 L33, L157 (reading b1): 12 - players lands must be reachable, so at least 12 orclands
    assert [t.number for t in TERRITORIES if t.kind is Kind.ORCLAND] == list(range(1, 13))
    assert [t.number for t in TERRITORIES if t.kind is Kind.OUTLAND] == list(range(13, 19))
    assert victory_lands(2) == 10 <= 12


def test_the_map_is_symmetric_and_connected_on_a_three_by_six_grid() -> None:
    # reading b1: adjacent = next column in the same row or next row in the same column
    for number, around in ADJACENT.items():
        assert number not in around
        for other in around:
            assert number in ADJACENT[other]
    assert ADJACENT[1] == {2, 7} and ADJACENT[8] == {2, 7, 9, 14} and ADJACENT[18] == {12, 17}
    assert sum(len(a) for a in ADJACENT.values()) == 2 * (3 * 5 + 2 * 6)  # 27 borders
    seen, todo = {1}, [1]
    while todo:
        for other in ADJACENT[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert seen == set(range(1, 19))


def test_each_tribe_has_one_home_in_the_south_row_with_its_standard_units() -> None:
    # 002 L34-35 (reading b1, b3): leaders levied at home; a home's standard units are its tribe's
    assert HOMES == {Tribe.GOBLIN: 1, Tribe.KOBOLD: 2, Tribe.ORC: 3, Tribe.TROLL: 4, Tribe.OGRE: 5}
    assert territory(6).home is None and territory(6).standard is None
    assert all(territory(n).standard is tribe for tribe, n in HOMES.items())


def test_the_caravan_roads_run_the_north_row_both_ways() -> None:
    # 002 L18, L22 (reading b2)
    assert ROADS[CaravanKind.DWARF] == (13, 14, 15, 16, 17, 18)
    assert ROADS[CaravanKind.ELF] == tuple(reversed(ROADS[CaravanKind.DWARF]))
    for road in ROADS.values():
        assert all(territory(n).kind is Kind.OUTLAND for n in road)
        assert all(b in ADJACENT[a] for a, b in zip(road, road[1:], strict=False))


def test_the_tribe_cup_holds_74_chips_as_the_house_set_counts_them() -> None:
    # reading b3
    assert len(UNIT_CHIPS) == 74 and all(c.number == n for n, c in enumerate(UNIT_CHIPS))
    troops = Counter((c.tribe, c.power) for c in UNIT_CHIPS if c.kind is ChipKind.TROOP)
    assert troops == {(Tribe.GOBLIN, 1): 12, (Tribe.KOBOLD, 1): 12, (Tribe.ORC, 2): 10, (Tribe.TROLL, 3): 6,
                      (Tribe.OGRE, 4): 4}
    leaders = Counter((c.tribe, c.authority, c.servivility) for c in UNIT_CHIPS if c.is_leader)
    assert leaders == {(Tribe.GOBLIN, 5, 5): 3, (Tribe.KOBOLD, 4, 6): 3, (Tribe.ORC, 6, 4): 3,
                       (Tribe.TROLL, 4, 3): 3, (Tribe.OGRE, 5, 3): 3}
    assert len(LEADER_CHIPS) == 15
    kinds = Counter(c.kind for c in UNIT_CHIPS)
    assert kinds[ChipKind.SHAMAN] == 5 and kinds[ChipKind.SPY] == 6
    assert sorted(c.power for c in UNIT_CHIPS if c.kind is ChipKind.WAR_MACHINE) == [2, 2, 3, 3]
    assert all(c.power == 1 for c in UNIT_CHIPS if c.kind is ChipKind.SHAMAN)


def test_the_gold_cup_holds_60_gold_and_3_caravans_of_each_kind() -> None:
    # reading b4
    cup = Counter(gold_cup())
    assert cup == {"gold": 60, "dwarf": 3, "elf": 3}
    assert CARAVAN_CHIPS == {CaravanKind.DWARF: 3, CaravanKind.ELF: 3}
