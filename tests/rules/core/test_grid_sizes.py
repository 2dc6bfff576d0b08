"""Grids of other sizes than 8x8: the same square names (files a..t, ranks 1..n), the same
distances, and the 8x8 module functions untouched."""

from __future__ import annotations

import pytest

from rules.core import grid
from rules.core.errors import RuleViolation
from rules.core.grid import EIGHT_BY_EIGHT, Grid


def test_a_ten_by_ten_grid_names_its_squares_a1_to_j10() -> None:
    board = Grid(10, 10)
    assert len(board.squares) == 100
    assert board.squares[0] == "a1" and board.squares[-1] == "j10"
    assert board.files == "abcdefghij"
    assert board.xy("j10") == (9, 9) and board.square_at(9, 9) == "j10"


def test_a_wide_grid_has_files_up_to_t_and_ten_ranks() -> None:
    board = Grid(20, 10)
    assert len(board.squares) == 200
    assert board.square_at(19, 0) == "t1"
    assert board.square_at(20, 0) is None and board.square_at(0, 10) is None
    assert board.is_square("t10") and not board.is_square("t11") and not board.is_square("u1")


def test_every_square_name_reads_back_to_its_coordinates() -> None:
    board = Grid(20, 12)
    assert all(board.square_at(*board.xy(square)) == square for square in board.squares)


def test_parse_square_takes_two_digit_ranks_and_says_what_the_board_allows() -> None:
    board = Grid(10, 10)
    assert board.parse_square(" J10 ") == "j10"
    with pytest.raises(RuleViolation, match="use a file a-j and a rank 1-10"):
        board.parse_square("k1")
    with pytest.raises(RuleViolation, match="not a square on the board"):
        board.parse_square("a11")


def test_the_example_in_the_refusal_is_a_square_of_that_board() -> None:
    small = Grid(2, 3)
    with pytest.raises(RuleViolation, match="like b3"):
        small.parse_square("c1")


def test_distances_and_neighbours_reach_the_far_edge_of_a_large_grid() -> None:
    board = Grid(20, 10)
    assert board.distance("a1", "t10") == 19
    assert set(board.adjacent("t10")) == {"s10", "s9", "t9"}
    assert set(board.neighbouring("j5")) == {"j6", "j4", "i5", "k5"}
    assert board.ray("q1", 1, 0) == ["r1", "s1", "t1"]
    assert board.is_edge("t4") and board.is_edge("c10") and not board.is_edge("s9")
    assert len(list(board.within("j5", 2))) == 24


def test_lines_leave_a_wide_grid_at_its_own_edge() -> None:
    board = Grid(20, 10)
    assert board.line_end("a1", 1, 0) == (20.0, 0.5)
    assert board.line_end("a1", 0, 1) == (0.5, 10.0)
    assert board.line_squares("a1", 1, 0) == [f"{f}1" for f in board.files]


def test_the_module_functions_are_the_eight_by_eight_board() -> None:
    assert grid.ALL_SQUARES == EIGHT_BY_EIGHT.squares == Grid(8, 8).squares
    assert grid.FILES == "abcdefgh" and grid.SIZE == 8
    assert grid.xy("h8") == (7, 7) and grid.square_at(8, 0) is None
    assert grid.adjacent("a1") == Grid(8, 8).adjacent("a1")
    with pytest.raises(RuleViolation, match="use a file a-h and a rank 1-8, like c4"):
        grid.parse_square("a10")


def test_grids_of_the_same_size_are_equal() -> None:
    assert Grid(10, 10) == Grid(10, 10) != Grid(10, 9)
    assert hash(Grid(10, 10)) == hash(Grid(10, 10))


@pytest.mark.parametrize(("width", "height"), [(0, 8), (21, 8), (8, 0)])
def test_a_grid_out_of_reach_of_the_names_is_refused(width: int, height: int) -> None:
    with pytest.raises(ValueError):
        Grid(width, height)


def test_a_declared_square_is_read_on_its_own_board() -> None:
    """A move's square on a board that is not 8 x 8 (a 20 x 10 quest map) is read on that board, and a
    square off it is refused with the board's own sentence (`Param.grid`)."""
    from rules.core.moves import Kind, Param, Reading

    quest = Grid(20, 10)
    reading = Reading(None, {})
    assert Param("to", Kind.SQUARE, "Where", grid=quest).parse(" T10 ", reading) == "t10"
    assert Param("path", Kind.SQUARES, "The way", grid=quest).parse("a9 b9 t9", reading) == ["a9", "b9", "t9"]
    with pytest.raises(RuleViolation, match="use a file a-t and a rank 1-10"):
        Param("to", Kind.SQUARE, "Where", grid=quest).parse("u1", reading)
    with pytest.raises(RuleViolation, match="a rank 1-8"):
        Param("to", Kind.SQUARE, "Where").parse("t10", reading)  # the default board is 8 x 8
