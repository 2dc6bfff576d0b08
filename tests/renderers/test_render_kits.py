"""The drawing kits: an inch table, a square grid of any size, cards and a map of areas. Each
draws the same pixels for the same input, and keeps its text where it belongs."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image, ImageChops, ImageDraw
from shapely.geometry import Point, Polygon

from renderers.common import (
    BACKGROUND,
    SHOWN_HEIGHT,
    SHOWN_TEXT,
    SHOWN_WIDTH,
    SUPERSAMPLE,
    Column,
    KeyEntry,
    PanelLine,
    encode_png,
    fit_lines,
    font,
    key_height,
    player_colour,
    title,
)
from renderers.kits import (
    CARD_SIZE,
    Area,
    AreaMap,
    Card,
    CardNumber,
    InchBoard,
    Marker,
    SquareBoard,
    card_picture,
    paste_card,
    paste_row,
)
from rules.core.grid import Grid

Drawing = Callable[[Image.Image], None]
GRASS = (96, 120, 74)
FAINT = (84, 106, 64)
STRONG = (70, 52, 34)
LIGHT = (184, 148, 100)
DARK = (132, 96, 60)


def picture(size: tuple[int, int], drawing: Drawing) -> Image.Image:
    canvas = Image.new("RGB", size, BACKGROUND)
    drawing(canvas)
    return canvas


def inked(canvas: Image.Image, box: tuple[int, int, int, int]) -> bool:
    region = canvas.crop(box)
    return ImageChops.difference(region, Image.new("RGB", region.size, BACKGROUND)).getbbox() is not None


def same_every_time(size: tuple[int, int], drawing: Drawing) -> bytes:
    first, second = encode_png(picture(size, drawing)), encode_png(picture(size, drawing))
    assert first == second
    return first


# -- the inch table --------------------------------------------------------------------------------


def draw_table(board: InchBoard, canvas: Image.Image, *, strong_last: bool = False) -> None:
    draw = ImageDraw.Draw(canvas)
    board.fence(draw, STRONG, 6)
    board.fill(draw, GRASS)
    board.grid(draw, FAINT, STRONG, line=1, strong_last=strong_last)
    board.edge(draw, STRONG, 2)
    board.labels(draw, fence=6)


def test_inch_table_puts_the_origin_bottom_left_with_y_up() -> None:
    board = InchBoard(24, 10, left=50, top=20)
    assert board.at(0, 0) == (50, 260) and board.at(24, 24) == (290, 20)
    assert board.side == 240 and (board.right, board.bottom) == (290, 260)
    assert board.box(12, 12, 1, 2) == (160, 120, 180, 160)


def test_a_fitted_table_keeps_its_side_whatever_its_inches() -> None:
    small, large = InchBoard.fitted(36, 1728), InchBoard.fitted(48, 1728)
    assert small.side == large.side == 1728
    assert small.at(36, 0) == large.at(48, 0)


def test_inch_table_draws_the_same_pixels_every_time_with_strong_lines_every_six() -> None:
    board = InchBoard(24, 10, left=50, top=20, label_band=40)
    size = (board.right + 20, board.bottom + board.label_band)
    for strong_last in (False, True):
        same_every_time(size, lambda canvas: draw_table(board, canvas, strong_last=strong_last))
    canvas = picture(size, lambda canvas: draw_table(board, canvas))
    x6, _ = board.at(6, 0)
    x5, _ = board.at(5, 0)
    _, y = board.at(0, 3.5)
    assert canvas.getpixel((round(x6), round(y))) == STRONG
    assert canvas.getpixel((round(x5), round(y))) == FAINT


def test_the_corners_of_a_turned_base_lie_around_its_centre() -> None:
    board = InchBoard(24, 10, left=0, top=0)
    front_left, front_right, back_right, back_left = board.corners((12, 12), 0, 0.5, 1)
    assert front_left == pytest.approx((130, 115)) and back_right == pytest.approx((110, 125))
    assert front_right == pytest.approx((130, 125)) and back_left == pytest.approx((110, 115))


def test_a_column_beside_the_board_fills_the_width_and_grows_to_hold_a_long_panel() -> None:
    board = InchBoard(24, 40, left=50, top=20)
    column = Column(board.right, board.top, board.key_room)
    short = column.lay([title("Short")], [])
    long = column.lay([title("Long"), *(PanelLine(f"line {k}") for k in range(40))], [])
    assert short.size == (SHOWN_WIDTH, board.bottom + board.label_band)
    assert long.size[0] == SHOWN_WIDTH and long.size[1] > short.size[1]


def test_a_column_puts_under_the_board_the_key_rows_that_fit_and_the_rest_beside_it() -> None:
    board = InchBoard(24, 40, left=50, top=20)
    column = Column(board.right, board.top, board.key_room)
    key = [KeyEntry(lambda draw, f: None, f"entry {k} " + "long " * 12) for k in range(12)]
    laid = column.lay([title("Short")], key)
    assert laid.under and laid.beside and laid.under + laid.beside == key
    assert board.bottom + board.label_band + key_height(laid.under, board.key_room.width, SHOWN_TEXT) <= SHOWN_HEIGHT


# -- the square grid --------------------------------------------------------------------------------


def draw_grid(board: SquareBoard, canvas: Image.Image) -> None:
    draw = ImageDraw.Draw(canvas)
    board.fence(draw, STRONG, 4)
    board.checker(draw, LIGHT, DARK)
    board.draw_labels(draw, font(14), fence=4, band=30)
    board.highlight(draw, ["b2", board.grid.squares[-1]], line=1)


@pytest.mark.parametrize(("width", "height", "last"), [(10, 10, "j10"), (20, 10, "t10")])
def test_a_grid_of_any_size_puts_a1_bottom_left_and_its_last_square_top_right(width: int, height: int,
                                                                              last: str) -> None:
    board = SquareBoard(left=40, top=10, square=30, grid=Grid(width, height))
    assert (board.width, board.height) == (30 * width, 30 * height)
    assert board.cell("a1") == (40, 10 + 30 * (height - 1), 70, 10 + 30 * height)
    assert board.cell(last) == (40 + 30 * (width - 1), 10, 40 + 30 * width, 40)
    assert board.point(width, height) == (board.right, board.top)
    assert all(board.square_at(*board.frame(s).at(0, 0)) == s for s in board.grid.squares)
    assert board.square_at(board.left - 1, board.top) is None and board.square_at(board.right, board.top) is None


@pytest.mark.parametrize(("width", "height"), [(10, 10), (20, 10)])
def test_a_grid_labels_every_file_under_it_and_every_rank_beside_it(width: int, height: int) -> None:
    board = SquareBoard(left=40, top=10, square=30, grid=Grid(width, height))
    size = (round(board.right) + 10, round(board.bottom) + 30)
    canvas = picture(size, lambda canvas: draw_grid(board, canvas))
    same_every_time(size, lambda canvas: draw_grid(board, canvas))
    below = board.bottom + 4 + (30 - 4) / 2
    for file in range(width):  # ink at each file's letter, centred under its column
        x = round(board.left + (file + 0.5) * board.square)
        assert inked(canvas, (x - 6, round(below) - 7, x + 6, round(below) + 7))
    for rank in range(height):  # and at each rank's number, left of its row
        y = round(board.top + (height - rank - 0.5) * board.square)
        assert inked(canvas, (2, y - 7, round(board.left) - 6, y + 7))
    assert not inked(canvas, (0, round(board.bottom) + 28, size[0], size[1]))  # nothing under the letters


def test_a_checker_starts_dark_at_a1_and_a_highlight_frames_its_square() -> None:
    board = SquareBoard(left=0, top=0, square=40, grid=Grid(10, 10))
    canvas = picture((400, 400), lambda canvas: draw_grid(board, canvas))

    def colour(square: str, u: float = 0) -> object:
        x, y = board.frame(square).at(u, 0)
        return canvas.getpixel((round(x), round(y)))

    assert colour("a1") == DARK and colour("b1") == LIGHT
    assert colour("b2") == DARK  # inside the frame, the square shows
    assert colour("b2", 0.4) != DARK  # on the frame


# -- cards -------------------------------------------------------------------------------------------


LONG_NAME = "Spattznatt's Squad of Unreasonably Long-Named Goblins Who Never Stop Talking"


def outside_is_background(canvas: Image.Image, box: tuple[int, int, int, int]) -> bool:
    covered = canvas.copy()
    ImageDraw.Draw(covered).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=BACKGROUND)
    return not inked(covered, (0, 0, *canvas.size))


@pytest.mark.parametrize("size", [CARD_SIZE, (130 * SUPERSAMPLE, 90 * SUPERSAMPLE), (40, 56)])
def test_a_long_name_never_draws_outside_the_card(size: tuple[int, int]) -> None:
    card = Card(LONG_NAME, (155, 89, 182), (CardNumber("12345678", "Attack Rating"), CardNumber("+300", "VP")),
                note=LONG_NAME, dot=(255, 204, 77))
    at = (30, 40)
    canvas = picture((size[0] + 80, size[1] + 100), lambda canvas: paste_card(canvas, at, card, size))
    assert outside_is_background(canvas, (at[0], at[1], at[0] + size[0], at[1] + size[1]))
    assert canvas.getpixel((at[0] + size[0] // 2, at[1] + size[1] // 2)) != BACKGROUND


def test_a_long_name_is_shrunk_then_cut_to_the_width_it_is_given() -> None:
    lines, face = fit_lines(LONG_NAME, 150, 60, 30, 10)
    assert face.size == 10 and 1 <= len(lines) <= 2 and lines[-1].endswith("…")
    assert all(face.getlength(line) <= 150 for line in lines)
    short, short_face = fit_lines("Cavalry", 150, 60, 30, 10)
    assert short == ("Cavalry",) and short_face.size == 30


def test_a_name_breaks_onto_two_lines_before_it_shrinks_to_nothing() -> None:
    lines, face = fit_lines("Hobgoblin Standard", 120, 80, 30, 10)
    assert lines == ("Hobgoblin", "Standard") and face.size > 10


@pytest.mark.parametrize("width", [300, 200, 130, 90])
def test_a_condensed_strip_keeps_its_name_whole_and_as_tall_however_narrow(width: int) -> None:
    """A condensed strip never draws its name smaller: a strip narrower than the name condenses its
    letters (two lines first, never one of short letters only), the same height as a wide strip's,
    inside the strip; wide enough, the name is drawn as it is."""
    from renderers.common import labels, recording
    from renderers.kits.cards import strip_margin, strip_name_width

    size = 28 * SUPERSAMPLE
    ring = (3 * SUPERSAMPLE, SUPERSAMPLE)
    card = Card("Boneshaker Crew", (184, 52, 44), dot=(255, 255, 255), text=size, condense=True, ring=ring)
    box = (width * SUPERSAMPLE, 59 * SUPERSAMPLE)
    at = (20, 20)
    with recording():
        picture((box[0] + 40, box[1] + 40), lambda canvas: paste_card(canvas, at, card, box))
        drawn = list(labels().drawn)
    words = [label for label in drawn if label.text in ("Boneshaker", "Crew", "Boneshaker Crew")]
    assert " ".join(label.text for label in words) == "Boneshaker Crew"
    _, top, _, bottom = font(size).getbbox("Crew", anchor="ls")
    assert all(label.box[3] - label.box[1] >= bottom - top for label in words)
    assert all(at[0] <= label.box[0] and label.box[2] <= at[0] + box[0] for label in words)
    fits = box[0] >= strip_name_width("Boneshaker Crew", size) + strip_margin(ring[0])
    natural = max(font(size).getlength(label.text) for label in words)
    assert (max(label.box[2] - label.box[0] for label in words) < natural - SUPERSAMPLE) is not fits


def test_cards_draw_the_same_pixels_every_time() -> None:
    cards = [Card("Claws of Malal", (155, 89, 182), (CardNumber("5", "AR"), CardNumber("10", "VP")), note="Troops"),
             Card("Shotti", (52, 152, 219), (CardNumber("+50", "VP"),)), None,
             Card("Archer", (230, 57, 70), face_down=True, back=player_colour(0))]
    row = (4 * CARD_SIZE[0] + 3 * 12 + 20, CARD_SIZE[1] + 20)
    ends: list[int] = []
    same_every_time(row, lambda canvas: ends.append(paste_row(canvas, (10, 10), cards, gap=12)))
    assert ends == [10 + 4 * CARD_SIZE[0] + 3 * 12] * 2


def test_a_face_down_card_shows_no_name_only_its_back() -> None:
    def back(name: str, number: str) -> bytes:
        return card_picture(Card(name, (46, 204, 113), (CardNumber(number),), note=name, face_down=True,
                                 back=player_colour(1))).tobytes()

    assert back("Archer", "3") == back("Champion", "") == back("", "1")
    face_up = card_picture(Card("Archer", (46, 204, 113), (CardNumber("3"),), back=player_colour(1))).tobytes()
    assert face_up != back("Archer", "3")
    other_owner = card_picture(Card("Archer", (46, 204, 113), face_down=True, back=player_colour(2))).tobytes()
    assert other_owner != back("Archer", "3")


# -- the map of areas ------------------------------------------------------------------------------

CRESCENT = ((0.0, 0.0), (10.0, 0.0), (10.0, 2.0), (2.0, 2.0), (2.0, 8.0), (10.0, 8.0), (10.0, 10.0), (0.0, 10.0))
"""A C shape: its centroid lies in the gap, outside it."""


def areas() -> list[Area]:
    return [
        Area("c", "Crescent of Very Long Name Hills", CRESCENT, (150, 160, 110),
             markers=(Marker("3", player_colour(0)), Marker("L2", player_colour(1)))),
        Area("g", "Gap", ((2.0, 2.0), (10.0, 2.0), (10.0, 8.0), (2.0, 8.0)), (92, 70, 110), highlight=True),
        Area("e", "East Mire", ((10.0, 0.0), (16.0, 0.0), (16.0, 10.0), (10.0, 10.0)), player_colour(3),
             markers=(Marker("12", player_colour(2)),)),
    ]


def test_area_labels_fall_inside_their_area_even_when_it_is_not_convex() -> None:
    world = AreaMap(areas(), (0, 0, 800, 500))
    for area in areas():
        assert Polygon(area.outline).contains(Point(world.unit(*world.label_at(area.key))))
        assert world.area_at(*world.label_at(area.key)) == area.key
    assert not Polygon(CRESCENT).contains(Polygon(CRESCENT).centroid)


def test_the_map_fits_its_box_and_keeps_its_proportions() -> None:
    world = AreaMap(areas(), (100, 50, 900, 550), padding=20)
    left, top = world.at(0, 10)
    right, bottom = world.at(16, 0)
    assert left >= 120 and right <= 880 and top >= 70 and bottom <= 530
    assert (right - left) / (bottom - top) == pytest.approx(1.6)
    assert world.unit(*world.at(3.5, 7.25)) == pytest.approx((3.5, 7.25))


def test_the_map_draws_the_same_pixels_every_time_with_its_markers() -> None:
    size = (800, 500)
    with_markers = same_every_time(size, lambda canvas: AreaMap(areas(), (0, 0, *size)).draw(ImageDraw.Draw(canvas)))
    bare = [Area(a.key, a.name, a.outline, a.fill) for a in areas()]
    without = encode_png(picture(size, lambda canvas: AreaMap(bare, (0, 0, *size)).draw(ImageDraw.Draw(canvas))))
    assert with_markers != without


def test_a_label_is_no_wider_than_its_area_where_it_stands() -> None:
    world = AreaMap(areas(), (0, 0, 800, 500))
    narrow = world.label_width("c")
    assert 0 < narrow < world.label_width("g")
    lines, face = fit_lines("Crescent of Very Long Name Hills", 0.9 * narrow, 100, 44, 20)
    assert all(face.getlength(line) <= 0.9 * narrow for line in lines)


def test_a_map_refuses_areas_that_share_a_key() -> None:
    square = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    with pytest.raises(ValueError):
        AreaMap([Area("a", "A", square, GRASS), Area("a", "B", square, GRASS)], (0, 0, 100, 100))
