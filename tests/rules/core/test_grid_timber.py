"""Straight lines across the 8x8 board, for the falling Tree (seed 000, IV.4.2.3.4 The Trees)."""

from __future__ import annotations

import math

import pytest

from rules.core.grid import (
    ALL_SQUARES,
    COMPASS,
    centre,
    heading,
    line_end,
    line_squares,
)


def test_centres_are_in_board_units() -> None:
    assert centre("a1") == (0.5, 0.5)
    assert centre("h8") == (7.5, 7.5)
    assert centre("d4") == (3.5, 3.5)


def test_heading_reads_scatter_degrees() -> None:
    # 0 degrees is towards the h file, counter-clockwise: 90 is towards rank 8
    east, north = heading(0), heading(90)
    assert east == pytest.approx((1.0, 0.0))
    assert north == pytest.approx((0.0, 1.0), abs=1e-12)


@pytest.mark.parametrize(("direction", "squares"), [
    ("N", ["d4", "d5", "d6", "d7", "d8"]),
    ("E", ["d4", "e4", "f4", "g4", "h4"]),
    ("S", ["d4", "d3", "d2", "d1"]),
    ("W", ["d4", "c4", "b4", "a4"]),
])
def test_straight_lines_run_along_their_file_or_rank(direction: str, squares: list[str]) -> None:
    # 000 IV.4.2.3.4: a line from the centre of the Tree's square to the board edge
    assert line_squares("d4", *COMPASS[direction]) == squares


def test_a_diagonal_through_corners_touches_the_squares_it_grazes() -> None:
    # the line from d4's centre to the north-east passes exactly through the corners it meets:
    # d5 and e4 are only grazed at a corner, and count as touched
    assert line_squares("d4", *COMPASS["NE"]) == [
        "d4", "d5", "e4", "e5", "e6", "f5", "f6", "f7", "g6", "g7", "g8", "h7", "h8"]


def test_a_diagonal_from_whole_degrees_matches_the_exact_one() -> None:
    # 45 degrees from a scatter roll is a hair off the exact diagonal; it must touch the same squares
    assert line_squares("d4", *heading(45)) == line_squares("d4", *COMPASS["NE"])
    assert line_squares("e5", *heading(225)) == line_squares("e5", *COMPASS["SW"])


def test_a_shallow_line_crosses_square_sides_only() -> None:
    # from d4 (3.5, 3.5) through f5's centre (5.5, 4.5): slope 1/2, it never meets a corner
    assert line_squares("d4", 2, 1) == ["d4", "e4", "e5", "f5", "g5", "g6", "h6"]
    assert line_end("d4", 2, 1) == pytest.approx((8.0, 5.75))


def test_line_ends_on_the_board_edge() -> None:
    assert line_end("e5", *COMPASS["N"]) == pytest.approx((4.5, 8.0))
    assert line_end("d4", *COMPASS["SW"]) == pytest.approx((0.0, 0.0))
    x, y = line_end("d5", *heading(200))
    assert x == pytest.approx(0.0) and 0.0 <= y <= 8.0


@pytest.mark.parametrize("degrees", range(0, 360, 7))
def test_every_line_is_connected_and_starts_at_home(degrees: int) -> None:
    squares = line_squares("e4", *heading(degrees))
    assert squares[0] == "e4"
    assert len(set(squares)) == len(squares)
    # each touched square touches (shares a side or a corner with) an earlier one
    for later in range(1, len(squares)):
        x, y = ord(squares[later][0]), int(squares[later][1])
        assert any(max(abs(x - ord(s[0])), abs(y - int(s[1]))) == 1 for s in squares[:later])


def test_sampled_points_of_the_line_lie_in_touched_squares() -> None:
    # geometry check: every point along the segment falls inside a square on the list
    for degrees in range(0, 360, 11):
        dx, dy = heading(degrees)
        squares = set(line_squares("d5", dx, dy))
        (px, py), (ex, ey) = centre("d5"), line_end("d5", dx, dy)
        for k in range(200):
            t = k / 200
            x, y = px + (ex - px) * t, py + (ey - py) * t
            square = "abcdefgh"[min(7, math.floor(x))] + str(min(7, math.floor(y)) + 1)
            assert square in squares, (degrees, square)


def test_no_direction_is_refused() -> None:
    with pytest.raises(ValueError):
        line_squares("d4", 0, 0)


def test_every_square_and_compass_direction_gives_a_line() -> None:
    for square in ALL_SQUARES:
        for step in COMPASS.values():
            assert line_squares(square, *step)[0] == square
