"""Inch geometry (DESIGN.md rules/core/geometry.py; seed 000 'How to use this document':
measures from bases, scatter directions, pivots on the centre)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import MultiPoint, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.polygon import orient

from rules.core.dice import ScriptedDice
from rules.core.geometry import (
    CAVALRY_25X50MM,
    CONTACT_TOLERANCE,
    EDGE,
    ROUND_30MM,
    SQUARE_20MM,
    SQUARE_25MM,
    Board,
    RoundArea,
    Shape,
    _hull,
    angle_to,
    contacts,
    crossings,
    disc,
    distance,
    exit_distance,
    exit_point,
    first_contact,
    heading,
    mm,
    offset,
    overlapping,
    push_angle,
    random_direction,
    rebound,
    rectangle,
    separation,
    square,
    surely_apart,
    touching,
    travel,
    within,
)

SIDE = mm(25)


# -- bases and their sizes ---------------------------------------------------------------


def test_bases_have_their_real_size_in_inches() -> None:
    # 000 How to use: 25 mm square bases, 25x50 mm for cavalry; 20 mm for later games
    assert SQUARE_25MM.width == pytest.approx(0.984, abs=1e-3)
    assert SQUARE_20MM.width == pytest.approx(0.787, abs=1e-3)
    assert (CAVALRY_25X50MM.width, CAVALRY_25X50MM.depth) == pytest.approx((0.984, 1.969), abs=1e-3)
    assert ROUND_30MM.at((5, 5)).polygon(64).area == pytest.approx(math.pi * (mm(30) / 2) ** 2, rel=1e-3)


def test_a_base_facing_east_turns_its_long_side_along_x() -> None:
    north = CAVALRY_25X50MM.at((10, 10))
    east = CAVALRY_25X50MM.at((10, 10), facing=0)
    assert north.extent() == pytest.approx((mm(25) / 2, mm(50) / 2))
    assert east.extent() == pytest.approx((mm(50) / 2, mm(25) / 2))


def test_directions_run_counter_clockwise_from_east() -> None:
    assert heading(0) == pytest.approx((1, 0))
    assert heading(90) == pytest.approx((0, 1), abs=1e-12)
    assert angle_to((0, 0), (0, -2)) == pytest.approx(270)
    assert offset((1, 1), 180, 2) == pytest.approx((-1, 1))


def test_random_direction_is_the_scatter_roll_in_degrees() -> None:
    # 000 How to use: random directions come from a scatter die; a scripted face n means n-1 degrees
    dice = ScriptedDice([91])
    assert random_direction(dice, "bounce") == 90.0
    assert dice.rolls[0].kind == "scatter"


# -- distances and contact --------------------------------------------------------------------


def test_base_to_base_distance_is_measured_between_the_edges() -> None:
    # 000 How to use: every measure is taken from the base of the model
    a, b = SQUARE_25MM.at((1, 1)), SQUARE_25MM.at((4, 1))
    assert distance(a, b) == pytest.approx(3 - SIDE)
    corner = SQUARE_25MM.at((4, 5))
    assert distance(a, corner) == pytest.approx(math.hypot(3 - SIDE, 4 - SIDE))


def test_overlapping_shapes_have_a_negative_separation_and_zero_distance() -> None:
    a, b = square((0, 0), 2), square((1.5, 0), 2)
    assert separation(a, b) == pytest.approx(-0.5)
    assert distance(a, b) == 0.0 and overlapping(a, b)


def test_contact_uses_an_explicit_tolerance() -> None:
    a = SQUARE_25MM.at((1, 1))
    assert touching(a, SQUARE_25MM.at((1 + SIDE + CONTACT_TOLERANCE / 2, 1)))
    assert not touching(a, SQUARE_25MM.at((1 + SIDE + CONTACT_TOLERANCE * 2, 1)))
    assert not overlapping(a, SQUARE_25MM.at((1 + SIDE - CONTACT_TOLERANCE / 2, 1)))


def test_within_is_decided_on_the_distance_with_the_tolerance() -> None:
    a = disc((0, 0), 1)
    assert within(a, disc((4.0, 0), 1), 3.0)
    assert within(a, disc((4.005, 0), 1), 3.0)
    assert not within(a, disc((4.05, 0), 1), 3.0)


def _random_shape(rng: random.Random) -> Shape:
    return Shape(rng.uniform(0, 10), rng.uniform(0, 10), rng.uniform(0, 2), rng.uniform(0, 2),
                 rng.choice([0.0, rng.uniform(0, 1)]), rng.choice([0.0, 90.0, rng.uniform(0, 360)]))


def test_distances_agree_with_shapely() -> None:
    rng = random.Random(7)
    for _ in range(500):
        a, b = _random_shape(rng), _random_shape(rng)
        assert distance(a, b) == pytest.approx(a.polygon(256).distance(b.polygon(256)), abs=1e-4)


def test_contains_agrees_with_shapely() -> None:
    rng = random.Random(8)
    checked = 0
    for _ in range(400):
        shape = _random_shape(rng)
        point = ShapelyPoint(rng.uniform(0, 10), rng.uniform(0, 10))
        poly = shape.polygon(256)
        if poly.area == 0 or poly.boundary.distance(point) < 1e-3:
            continue  # a flat shape, or too close to the outline to call
        assert shape.contains((point.x, point.y)) == poly.contains(point)
        checked += 1
    assert checked > 200


# -- straight moves --------------------------------------------------------------------------


def test_a_move_stops_where_the_bases_touch() -> None:
    mover, wall = SQUARE_25MM.at((1, 1)), rectangle((6, 1), 1, 4)
    went = travel(mover, 0, 10, {"wall": wall})
    assert went.stopped_by == "wall"
    assert went.travelled == pytest.approx(5 - 0.5 - SIDE / 2 - CONTACT_TOLERANCE)
    assert touching(mover.at(went.end), wall) and not overlapping(mover.at(went.end), wall)


def test_a_move_stops_at_the_spacing_when_asked() -> None:
    # Flying Pigs 6.1: moves end 1" away from terrain and models
    mover, rock = SQUARE_25MM.at((1, 1)), square((8, 1), 1)
    went = travel(mover, 0, 20, {"rock": rock}, spacing=1.0)
    assert distance(mover.at(went.end), rock) == pytest.approx(1.0 + CONTACT_TOLERANCE)


def test_sliding_along_or_leaving_a_contact_does_not_stop_a_move() -> None:
    mover = SQUARE_25MM.at((1, 1 + SIDE / 2))  # resting on top of the wall below
    wall = rectangle((5, 0.5), 10, 1)
    assert touching(mover, wall)
    assert not travel(mover, 0, 5, {"wall": wall}).blocked  # along it
    assert not travel(mover, 90, 5, {"wall": wall}).blocked  # away from it
    into = travel(mover, 270, 5, {"wall": wall})
    assert into.blocked and into.travelled == 0.0  # into it


def test_a_move_that_starts_at_the_contact_tolerance_slides_past_the_corner() -> None:
    # A Pig that stopped against an Orc (Flying Pigs I.6) stands the contact tolerance off it, to the
    # last bit of a float. Shoved on along the Orc's face (I.5 Step 4), it slides on past the corner
    # instead of stopping there after one base width; into the Orc it still cannot go
    pig = SQUARE_25MM.at((31.0, 25.00574803149606))
    orc = SQUARE_25MM.at((31.0, 26.0))
    assert separation(pig, orc) == pytest.approx(CONTACT_TOLERANCE)
    for along in (0.0, 180.0):
        slide = travel(pig, along, 6, {"orc": orc})
        assert not slide.blocked and slide.travelled == pytest.approx(6.0)
    into = travel(pig, 91.0, 6, {"orc": orc})
    assert into.blocked and into.travelled < 0.01


def test_contacts_lists_everything_touched_in_order() -> None:
    mover = disc((0, 0), 1)
    things = {"far": disc((8, 0), 1), "near": disc((3, 0), 1), "aside": disc((5, 5), 1)}
    found = contacts(mover, 0, 10, things)
    assert [c.key for c in found] == ["near", "far"]
    assert found[0].at == pytest.approx(2 - CONTACT_TOLERANCE)


def test_first_contact_agrees_with_the_distance_after_the_move() -> None:
    rng = random.Random(3)
    for _ in range(300):
        a, b = _random_shape(rng), _random_shape(rng)
        angle = rng.uniform(0, 360)
        hit = first_contact(a, angle, b, 30, tolerance=0.0)
        if hit is None or hit.at == 0.0:
            continue
        assert distance(a.at(offset(a.centre, angle, hit.at)), b) == pytest.approx(0.0, abs=1e-6)
        assert separation(a.at(offset(a.centre, angle, hit.at - 1e-3)), b) > 0


def test_things_merely_passed_are_reported_but_do_not_stop_the_move() -> None:
    mover = SQUARE_25MM.at((1, 1))
    went = travel(mover, 0, 10, {}, passing={"mud": square((5, 1.5), 2)})
    assert not went.blocked and went.touched == ("mud",)


# -- board edges, areas and bounces -------------------------------------------------------------


def test_the_board_edge_stops_a_move_and_names_itself() -> None:
    board = Board(24, 24)
    mover = SQUARE_25MM.at((20, 12))
    went = travel(mover, 0, 10, {}, area=board)
    assert went.stopped_by == EDGE
    assert board.edge_gap(mover.at(went.end)) == pytest.approx(CONTACT_TOLERANCE)
    assert board.touched_edges(mover.at(went.end)) == ["east"]


def test_a_model_on_the_edge_can_walk_along_it_and_away_from_it() -> None:
    board = Board(24, 24)
    on_edge = SQUARE_25MM.at((12, SIDE / 2))
    assert not travel(on_edge, 0, 5, {}, area=board).blocked
    assert not travel(on_edge, 90, 5, {}, area=board).blocked
    assert travel(on_edge, 270, 5, {}, area=board).travelled == 0.0


def test_a_model_sliding_along_one_edge_still_stops_at_the_next() -> None:
    board = Board(24, 24)
    in_the_corner_lane = SQUARE_25MM.at((24 - SIDE / 2, 4))  # touching the east edge
    went = travel(in_the_corner_lane, 270, 8, {}, area=board)
    assert went.stopped_by == EDGE and went.end[1] == pytest.approx(SIDE / 2 + CONTACT_TOLERANCE)
    round_area = RoundArea((0, 0), 10)
    assert round_area.edge_contact(disc((9.5, 0), 1), 90, 5) is not None


def test_the_nearest_edge_point() -> None:
    board = Board(24, 24)
    assert board.nearest_edge_point((3, 10)) == (0.0, 10)
    assert board.nearest_edge_point((12, 22)) == (12, 24.0)
    assert board.nearest_edge((23, 2)) == "east"
    assert board.contains(SQUARE_25MM.at((SIDE / 2, SIDE / 2)))
    assert not board.contains(SQUARE_25MM.at((0.2, 5)))


def test_a_round_area_has_an_edge_too() -> None:
    # Flying Pigs: the Pigsty is the ground less than 15" from the centre
    sty = RoundArea((24, 24), 15)
    mover = SQUARE_25MM.at((24, 24))
    went = travel(mover, 0, 30, {}, area=sty)
    assert went.stopped_by == EDGE
    corner = math.hypot(SIDE / 2, SIDE / 2)
    assert math.hypot(went.end[0] + SIDE / 2 - 24, SIDE / 2) == pytest.approx(15 - CONTACT_TOLERANCE, abs=1e-6)
    assert corner < 1
    assert sty.nearest_edge_point((30, 24)) == pytest.approx((39, 24))
    assert sty.contains(mover) and not sty.contains(mover.at((38.9, 24)))


def test_a_model_on_a_round_edge_walking_inward_meets_the_edge_again_across_the_chord() -> None:
    # Flying Pigs 6.5: an Orc touching the Pigsty edge that walks across a chord is stopped where
    # the chord meets the edge again, not let out of the Pigsty because it touched the edge at the start
    sty = RoundArea((24, 24), 15)
    start = SQUARE_25MM.at((24 + 14.0, 24))
    while sty.contains(start.at((start.x + 0.01, start.y))):
        start = start.at((start.x + 0.01, start.y))
    went = travel(start, 120, 40, {}, area=sty)
    assert went.stopped_by == EDGE and 5 < went.travelled < 30
    assert sty.contains(start.at(went.end))
    assert not sty.contains(start.at(offset(went.end, 120, 0.1)))


def test_a_move_that_meets_no_round_edge_stays_inside_and_one_that_leaves_meets_it() -> None:
    # Flying Pigs 6.5: edge_contact skips the corners of a move that plainly stays clear of the
    # Pigsty's edge; that look must never miss an edge the move reaches (it fails with the look's sign turned)
    sty = RoundArea((24, 24), 15)
    rng = random.Random(5)
    skipped = reached = 0
    for _ in range(1500):
        spot = offset((24, 24), rng.uniform(0, 360), rng.uniform(0, 13.5))
        mover = Shape(*spot, rng.choice([SIDE / 2, rng.uniform(0, 1)]), rng.choice([SIDE / 2, rng.uniform(0, 1)]),
                      rng.choice([0.0, 0.3]), rng.choice([0.0, rng.uniform(0, 360)]))
        if not sty.contains(mover):
            continue
        angle, length = rng.uniform(0, 360), rng.uniform(0, 10)
        contact = sty.edge_contact(mover, angle, length)
        ends_beyond = sty._far(mover.at(offset(mover.centre, angle, length))) > 15 - CONTACT_TOLERANCE + 1e-6
        if contact is None:
            skipped += 1
            assert not ends_beyond, (mover, angle, length)
        if ends_beyond:
            reached += 1
            assert contact is not None and contact.at <= length, (mover, angle, length)
    assert skipped > 300 and reached > 100


def test_rebound_turns_round_at_the_edge() -> None:
    # Flying Pigs 6.5: at the edge a Pig turns 180 degrees and goes on with what is left
    board = Board(10, 10)
    legs = rebound(disc((8, 5), 1), 0, 5, board)
    assert [leg.stopped_by for leg in legs] == [EDGE, None]
    assert legs[0].travelled + legs[1].travelled == pytest.approx(5)
    first = 10 - 0.5 - CONTACT_TOLERANCE - 8  # to the edge
    assert legs[1].end[0] == pytest.approx(8 + first - (5 - first))


def test_a_push_goes_straight_away_from_the_pusher() -> None:
    assert push_angle((0, 0), (1, 1)) == pytest.approx(45)
    assert push_angle((5, 5), (5, 2)) == pytest.approx(270)


# -- helpers for terrain ------------------------------------------------------------------------


def test_crossings_of_a_square_by_a_moving_point() -> None:
    box = square((5, 5), 2)
    assert crossings((0, 5), 0, 10, box) == pytest.approx([4, 6])
    assert crossings((5, 5), 0, 10, box) == pytest.approx([1])
    assert crossings((0, 6), 0, 10, box) == []  # grazing the top edge is not crossing it
    assert crossings((0, 5), 0, 4.5, box) == pytest.approx([4])
    assert crossings((0, 5), 0, 10, disc((5, 5), 2)) == pytest.approx([4, 6])


def test_exit_distance_carries_a_shape_clear() -> None:
    mound = disc((0, 0), 3)
    barrel = disc((0.5, 0), 1)
    assert exit_distance(barrel, 0, mound) == pytest.approx(1.5 + 0.5 - 0.5)
    assert exit_distance(barrel.at((5, 0)), 0, mound) == 0.0
    assert exit_point(square((0, 0), 2), 0) == pytest.approx((1, 0))


@settings(max_examples=200, deadline=None)
@given(x=st.floats(1, 23), y=st.floats(1, 23), angle=st.floats(0, 360), length=st.floats(0, 30))
def test_a_move_never_ends_inside_a_blocker_or_off_the_board(x: float, y: float, angle: float, length: float) -> None:
    board = Board(24, 24)
    rocks = {"a": square((12, 12), 3), "b": disc((6, 18), 3), "c": rectangle((18, 6), 3, 1)}
    mover = SQUARE_25MM.at((x, y))
    if any(separation(mover, r) <= CONTACT_TOLERANCE for r in rocks.values()) or \
            board.edge_gap(mover) <= CONTACT_TOLERANCE:
        return  # start clear of everything: a move that starts in contact may slide along it
    went = travel(mover, angle, length, rocks, area=board)
    moved = mover.at(went.end)
    assert board.edge_gap(moved) >= -1e-9
    assert all(separation(moved, r) >= -1e-9 for r in rocks.values())
    assert went.travelled <= length + 1e-12


def test_contact_survives_floating_point_rounding() -> None:
    # A charge computed to stop at the tolerance can land a few ulps past it
    # (0.0100000000000005" was seen in play); it must still be base contact, or no fight starts.
    a = SQUARE_25MM.at((1, 1))
    b = SQUARE_25MM.at((1 + SIDE + 0.0100000000000005, 1))
    assert touching(a, b)
    assert not touching(a, SQUARE_25MM.at((1 + SIDE + 0.0101, 1)))


# -- hulls of turned shapes ------------------------------------------------------------------


def _shapely_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """What the geometry used to ask shapely for: the hull's corners counter-clockwise as GEOS
    orders them (its two ends, or the one point, when there is no area)."""
    hull = MultiPoint(points).convex_hull
    if isinstance(hull, Polygon):
        return list(orient(hull, 1.0).exterior.coords)[:-1]
    return [tuple(c) for c in hull.coords] if hull.geom_type == "LineString" else [(hull.x, hull.y)]


def test_the_hull_of_two_turned_shapes_is_shapely_s_to_the_last_bit() -> None:
    # Turned the same way (or a quarter turn apart), many of the 16 points lie on the hull's edges
    # up to rounding: whether each is a corner must be decided as GEOS decides it, exactly.
    rng = random.Random(7)
    angles = [0.0, 15.0, 30.0, 45.0, 60.0, 90.0, 135.0, 254.1]
    for _ in range(3000):
        a = Shape(rng.uniform(0, 36), rng.uniform(0, 36), rng.choice([0.0, 0.5, rng.uniform(0, 2)]),
                  rng.choice([0.0, 1.0, rng.uniform(0, 2)]), 0.0, rng.choice(angles + [rng.uniform(0, 360)]))
        turn = rng.choice([a.angle, a.angle + 90.0, a.angle + 180.0, rng.uniform(0, 360)])
        b = Shape(rng.choice([a.x, rng.uniform(0, 36)]), rng.uniform(0, 36), rng.choice([0.0, 0.75, rng.uniform(0, 2)]),
                  rng.choice([0.0, 0.5, rng.uniform(0, 2)]), 0.0, turn)
        points = [(bx - ax, by - ay) for bx, by in b.core() for ax, ay in a.core()]
        assert repr(_hull(points)) == repr(_shapely_hull(points)), (a, b)


@pytest.mark.parametrize("points", [
    [(1.0, 1.0)], [(2.0, 3.0), (1e-17, 3.0)], [(1.0, 1.0), (1.0, 1.0), (0.0, 0.0)],
    [(0.0, 0.0), (2.0, 2.0), (1.0, 1.0)], [(1.0, 3.0), (1.0, 1.0), (1.0, 2.0)], [(0.0, 2.0), (1.0, 1.0), (2.0, 0.0)],
    [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.5, 0.0)], [(0.1, 0.1), (0.3, 0.3), (0.7, 0.2), (0.2, 0.7)],
])
def test_a_hull_with_no_area_or_points_on_its_edges_is_shapely_s(points: list[tuple[float, float]]) -> None:
    assert repr(_hull(points)) == repr(_shapely_hull(points))


def test_shapes_surely_apart_are_further_apart_than_the_gap() -> None:
    # Callers skip the exact distance of whatever is surely apart: it must never hide a shape within the gap.
    rng = random.Random(11)
    for _ in range(3000):
        a = Shape(rng.uniform(0, 36), rng.uniform(0, 36), rng.uniform(0, 2), rng.uniform(0, 2), rng.choice([0.0, 0.5]),
                  rng.uniform(0, 360))
        b = Shape(a.x + rng.uniform(-6, 6), a.y + rng.uniform(-6, 6), rng.uniform(0, 2), rng.uniform(0, 2), 0.0,
                  rng.uniform(0, 360))
        gap = rng.uniform(0, 3)
        if surely_apart(a, b, gap):
            assert separation(a, b) > gap
    assert not surely_apart(SQUARE_25MM.at((0, 0)), SQUARE_25MM.at((SIDE + 1.0, 0)), 1.0)
    assert surely_apart(SQUARE_25MM.at((0, 0)), SQUARE_25MM.at((SIDE * 2 + 1.01, 0)), 1.0)
