"""Squares, arcs, lines and movement (seed 004 L300-352, L394-465; reading a17-a28, d3-d6, d11-d12)."""

from __future__ import annotations

from rules.orcquest.data import FARM
from rules.orcquest.geometry import (
    Figure,
    Mover,
    Scene,
    adjacent,
    danger_zone,
    distance,
    facing_towards,
    in_front_arc,
    line_of_fire,
    line_of_sight,
    path_route,
    push_square,
    reachable,
    sees,
)
from tests.rules.orcquest.helpers import OPEN

HERO = Mover()
AGILE = Mover(agile=True)


def test_adjacent_means_a_shared_edge_with_no_wall_or_closed_door() -> None:
    # 004 L303: adjacent = common edge, not separated by a wall or a closed door
    closed = Scene(FARM)
    assert "k3" not in adjacent(closed, "j3") and "k1" not in adjacent(closed, "j1")
    assert "i3" in adjacent(closed, "j3") and "k4" not in adjacent(closed, "j3")  # no diagonals
    assert "k3" in adjacent(Scene(FARM, open_doors=frozenset({"door-west"})), "j3")


def test_the_danger_zone_is_the_square_at_the_front_edge_and_stops_at_walls() -> None:
    # 004 L304 (Danger Zone), L303 (adjacency stops at walls and closed doors)
    scene = Scene(FARM)
    assert danger_zone(scene, "e5", "E") == "f5"
    assert danger_zone(scene, "k5", "W") is None  # Room 1's west wall
    assert danger_zone(scene, "k3", "W") is None  # the west door, closed
    assert danger_zone(Scene(FARM, open_doors=frozenset({"door-west"})), "k3", "W") == "j3"
    assert danger_zone(scene, "a5", "W") is None  # the board's edge


def test_front_arc_includes_the_squares_level_with_the_figure() -> None:
    # 004 L302, L311 (Front and Rear Arcs; nothing seen behind); reading d3 (level squares are Front)
    scene = Scene(FARM)
    assert in_front_arc(scene, "e5", "E", "h2") and in_front_arc(scene, "e5", "E", "e9")
    assert in_front_arc(scene, "e5", "E", "e5")  # in its own Line of Sight
    assert not in_front_arc(scene, "e5", "E", "d5") and not in_front_arc(scene, "e5", "N", "a4")
    assert sees(scene, "e5", "E", "g5") and not sees(scene, "e5", "W", "g5")
    assert facing_towards(scene, "e5", "g6") == "E" and facing_towards(scene, "e5", "e2") == "S"


def test_range_counts_king_moves_including_the_target() -> None:
    # 004 L342-343: diagonals count, the eight squares around are Range 1; reading d5 (walls ignored)
    scene = Scene(FARM)
    assert distance(scene, "a1", "b2") == 1 and distance(scene, "a1", "c2") == 2
    assert distance(scene, "j1", "k1") == 1  # through the wall: Range is not Line of Sight


def test_walls_and_closed_doors_block_sight_and_open_doors_let_it_through() -> None:
    # 004 L312-318 (walls, closed doors block), L336 (open door ends are wall corners); reading d6
    closed, opened = Scene(FARM), Scene(FARM, open_doors=frozenset({"door-west"}))
    assert not line_of_sight(closed, "i3", "m3")
    assert line_of_sight(opened, "i3", "m3")
    assert line_of_sight(opened, "j4", "k2")  # crosses the doorway inside its opening
    assert not line_of_sight(opened, "j4", "l2")  # passes exactly over the door's end: a wall corner
    assert not line_of_sight(closed, "j1", "l1")


def test_high_furniture_blocks_sight_low_furniture_and_trunks_do_not() -> None:
    # 004 L316 (high furniture blocks), L320 (characters, trunks, low furniture do not); L459 (from on top)
    scene = Scene(OPEN)
    assert not line_of_sight(scene, "a4", "c4")  # across the high piece at b4
    assert line_of_sight(scene, "c4", "e4") and line_of_sight(scene, "e4", "g4")  # low piece, trunk
    assert line_of_sight(scene, "b4", "h4")  # standing on it, it blocks nothing
    assert line_of_sight(scene, "a5", "d4")  # grazes b4's corner only: other corners never block (L334)
    assert not line_of_sight(scene, "a4", "c4")


def test_line_of_fire_is_stopped_by_characters_and_trunks_but_not_their_corners() -> None:
    # 004 L323-331 (Line of Fire: Line of Sight plus Characters and trunks), L334 (corners never block)
    scene = Scene(OPEN, enemies={"c2": Figure("N")})
    assert line_of_sight(scene, "a2", "e2") and not line_of_fire(scene, "a2", "e2")
    assert line_of_sight(scene, "e4", "g4") and not line_of_fire(scene, "e4", "g4")  # the trunk at f4
    assert line_of_fire(scene, "e5", "h4")  # touches only the trunk's corner at (6, 4)
    assert line_of_fire(scene, "b2", "c2") and line_of_fire(scene, "a2", "c2")  # the target itself never blocks


def test_raised_shooters_and_support_see_past_characters() -> None:
    # 004 L459, L465 (on high or low furniture or a trunk, Characters do not block), L1151 (Support)
    scene = Scene(OPEN, heroes={"d4": "thalla", "d2": "orrus", "c3": "mek"}, enemies={"d1": Figure("N"),
                                                                                    "c1": Figure("N")})
    assert line_of_fire(scene, "d4", "d1")  # from the low furniture at d4, Orrus at d2 does not block
    ground = Scene(OPEN, heroes={"c4": "thalla", "c3": "mek"}, enemies={"c1": Figure("N")})
    assert not line_of_fire(ground, "c4", "c1")
    assert line_of_fire(ground, "c4", "c1", supported=True)  # Mek is adjacent to the shooter
    far = Scene(OPEN, heroes={"c4": "thalla", "c2": "mek"}, enemies={"c1": Figure("N")})
    assert not line_of_fire(far, "c4", "c1", supported=True)  # not adjacent: still in the way
    dead = Scene(OPEN, heroes={"c4": "thalla"}, dead=frozenset({"c2"}), enemies={"c1": Figure("N")})
    assert line_of_fire(dead, "c4", "c1")  # L892: a Dead Hero token blocks nothing


def test_a_hero_moves_orthogonally_one_mp_a_step_and_two_out_of_a_pond() -> None:
    # 004 L398 (1 MP per adjacent square), L456 (leaving a pond costs 1 more)
    scene = Scene(FARM)
    routes = reachable(scene, HERO, "a5", 2)
    assert set(routes) == {"a5", "a4", "a3", "a6", "a7", "b5", "b4", "b6"}
    assert routes["b4"].mp == 2 and routes["b6"].path in (("a6", "b6"), ("b5", "b6"))
    from_pond = reachable(scene, HERO, "b5", 2)
    assert "a5" in from_pond and "a4" not in from_pond  # 2 MP out of the pond, none left


def test_heroes_cross_heroes_but_stop_on_no_figure_token_or_bell() -> None:
    # 004 L398 (cross a Hero, never end on one), L405 (only the Bell-ringer stops on a Bell), L892
    scene = Scene(FARM, heroes={"j10": "orrus"}, dead=frozenset({"c1"}))
    routes = reachable(scene, HERO, "i10", 2)
    assert "j10" not in routes and "k10" not in routes  # Orrus's square and the Bell
    assert "l10" not in routes  # 3 steps away
    assert "b1" in reachable(scene, HERO, "d1", 2) and "c1" not in reachable(scene, HERO, "d1", 2)
    assert "k10" in reachable(scene, Mover(ringer=True), "i10", 2)


def test_enemies_block_heroes_and_heroes_block_enemies() -> None:
    # 004 L411-412 (Enemies are Obstacles to Heroes, Heroes to Enemies); reading d11 (Enemies cross Enemies)
    scene = Scene(FARM, enemies={"b10": Figure("S"), "c10": Figure("S")}, heroes={"a9": "mek"})
    assert "c10" not in reachable(scene, HERO, "a10", 4) and "d10" not in reachable(scene, HERO, "a10", 4)
    assert "d10" in reachable(scene, HERO, "a10", 5)  # round by the road
    enemy = Mover(hero=False)
    assert "d10" in reachable(scene, enemy, "b10", 2)  # through the other Enemy
    routes = reachable(scene, enemy, "b10", 3)
    assert "a9" not in routes and "a9" not in routes["a8"].path  # Mek at a9 is in its way


def test_leaving_a_danger_zone_costs_two_automatic_damage_and_the_kind_route_is_found() -> None:
    # 004 L415 (2 Automatic Damage leaving a live Danger Zone); reading d12 (passing through counts)
    scene = Scene(FARM, enemies={"e5": Figure("E")})
    assert path_route(scene, HERO, "f5", ["g5"]).damage == 2  # type: ignore[union-attr]
    assert path_route(scene, HERO, "f4", ["f5", "f6"]).damage == 2  # type: ignore[union-attr]
    routes = reachable(scene, HERO, "f5", 3)
    assert routes["g5"].damage == 2  # any way off f5 leaves the zone
    around = reachable(scene, HERO, "f4", 4)
    assert around["f6"].damage == 0 and around["f6"].mp == 4  # round by g4, g5, g6
    stunned = Scene(FARM, enemies={"e5": Figure("E", menacing=False)})
    assert path_route(stunned, HERO, "f5", ["g5"]).damage == 0  # type: ignore[union-attr]


def test_agile_steps_diagonally_past_a_free_flank_and_onto_furniture() -> None:
    # 004 L446-448 (Agile: diagonal if a flanking square is free; may enter furniture and trunks)
    scene = Scene(OPEN, enemies={"c2": Figure("N"), "b3": Figure("E")})
    assert "c3" not in reachable(scene, AGILE, "b2", 1)  # both flanks hold Enemies
    assert "a3" in reachable(scene, AGILE, "b2", 1)  # a3's flank a2 is free
    assert "f4" in reachable(Scene(OPEN), AGILE, "e3", 1) and "f4" not in reachable(Scene(OPEN), HERO, "e3", 1)
    assert "b4" in reachable(Scene(OPEN), Mover(smashing=True), "b3", 1)  # Smashing enters furniture (L425)
    assert "f4" not in reachable(Scene(OPEN), Mover(smashing=True), "f3", 1)  # but not a trunk


def test_agile_diagonals_never_cut_a_wall_corner() -> None:
    # 004 L446 (the flank crossed must be open to the mover); L303 (walls stop adjacency)
    scene = Scene(FARM)
    assert "k2" not in reachable(scene, AGILE, "j1", 1)
    assert "k4" in reachable(Scene(FARM, open_doors=frozenset({"door-west"})), AGILE, "j3", 1)


def test_enemies_open_doors_on_the_way_unless_they_are_dogs() -> None:
    # 004 L836 (Enemies but War Dogs open doors at no cost)
    scene = Scene(FARM)
    assert "k3" in reachable(scene, Mover(hero=False, opens_doors=True), "j3", 1)
    assert "k3" not in reachable(scene, Mover(hero=False), "j3", 1)


def test_push_moves_one_square_straight_away() -> None:
    # 004 L1137 (Push X: away from the pusher); reading d21 (sign of each offset)
    scene = Scene(FARM)
    assert push_square(scene, "e5", "f5") == "g5" and push_square(scene, "e5", "f6") == "g7"
    assert push_square(scene, "b1", "a1") is None
