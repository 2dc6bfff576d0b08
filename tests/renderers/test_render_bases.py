"""The bases boards start from: kept per game, recycled, laid over a shared ground; and text drawn
without Pillow's layout objects. Whatever the cache did before, a board is the bytes it has alone."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageDraw

from renderers import RENDERERS, common, render
from renderers.common import (
    BACKGROUND,
    Chip,
    KeyEntry,
    PanelLine,
    SidePanel,
    title,
    base_canvas,
    draw_key,
    draw_tag,
    encode_png,
    font,
    heading_icon,
    outlined_text,
    path_icon,
    write,
)
from rules.core.selfplay import play_random
from rules.registry import GAMES, get_game
from tests.renderers.board_checks import forget_kept


@pytest.fixture
def empty_cache() -> Iterator[Callable[[], None]]:
    """A function that forgets every base and canvas of this process, as a new drawing worker has
    none; the cache is emptied before and after the test."""
    forget_kept()
    yield forget_kept
    forget_kept()


@cache
def _tables(slug: str, count: int, moments: int = 1) -> list[Any]:
    """Public views of `count` different tables (each its own seed, so its own circuit), after 30
    random moves, 60 (as many `moments`), or the game's end if it comes first."""
    game = get_game(slug)
    players = game.usual_table()
    return [game.view(play_random(game, players, seed, stop_after=30 * k).state, None)
            for seed in range(1, count + 1) for k in range(1, moments + 1)]


def _alone(views: list[Any], forget: Callable[[], None]) -> list[bytes]:
    drawn = []
    for view in views:
        forget()
        drawn.append(render(view))
    forget()
    return drawn


@pytest.mark.parametrize("slug", sorted(set(RENDERERS) & set(GAMES)))
def test_a_board_drawn_from_kept_bases_grounds_and_keys_is_drawn_as_alone(
        slug: str, empty_cache: Callable[[], None]) -> None:
    views = _tables(slug, common.BASES_PER_GAME + 1, moments=2)  # more tables than bases kept
    alone = _alone(views, empty_cache)
    for _ in range(2):
        assert [render(view) for view in views] == alone


@pytest.mark.parametrize("slug", ["thatll-do-pigs", "road-rage"])
def test_a_circuit_is_drawn_over_a_ground_the_tables_share(slug: str, empty_cache: Callable[[], None]) -> None:
    # five races: each pushes a base out and takes its memory (Road Rage's seeds 1 and 3 share a circuit)
    views = _tables(slug, common.BASES_PER_GAME + 3, moments=1)
    alone = _alone(views, empty_cache)
    common._PUSHED_OUT.clear()
    tables = []

    def drawn(view: Any) -> bytes:
        picture = render(view)
        tables.append(common._WORK.base.table)
        return picture

    assert [drawn(view) for view in views + views] == alone + alone
    grounds = [entry for entry in common._BASES if "ground" in str(entry[0][0])]
    assert 1 <= len(grounds) < len(views), "a ground is shared by the tables of a game (of one board size)"
    # a table whose base was pushed out has its own parts drawn on the canvas, over the ground, after that
    assert tables[:len(views)] == [None] * len(views)
    assert any(table is not None for table in tables[len(views):])


def test_a_key_is_drawn_again_where_the_board_reaches_into_it(empty_cache: Callable[[], None]) -> None:
    entries = [KeyEntry(path_icon, "a walk this turn"), KeyEntry(heading_icon, "headings: 0° east")]

    def board(tag_in_key: bool) -> bytes:
        canvas = base_canvas(("key-test",), (600, 300), lambda draw: None)
        draw = ImageDraw.Draw(canvas)
        if tag_in_key:
            write(draw, (30, 140), "Grak", font(40), (255, 0, 0))
        draw_key(draw, entries, 10, 120, 560)
        return encode_png(canvas)

    plain, tagged = board(False), board(True)
    assert board(False) == plain  # the kept key, pasted
    assert board(True) == tagged != plain  # drawn again over the tag, which stays
    empty_cache()
    assert board(True) == tagged


def _ground_to(height: int) -> Callable[[ImageDraw.ImageDraw], None]:
    """A base drawn for one height only (as Orcz fills its board's ground down to the picture's foot)."""
    return lambda draw: draw.rectangle((0, 0, 60, height), fill=(120, 90, 40))


def test_a_recycled_base_taller_than_its_drawing_is_drawn_again_for_a_taller_picture(
        empty_cache: Callable[[], None]) -> None:
    size = (80, 300)
    for k in range(common.BASES_PER_GAME):
        base_canvas(("bases-test", k), size, _ground_to(size[1]))
    oldest = common._BASES[(("bases-test", 0), 80)]
    short = base_canvas(("bases-test", "new"), (80, 200), _ground_to(200))  # in the memory of a 300 px base
    assert common._BASES[(("bases-test", "new"), 80)].image is oldest.image
    assert oldest.retired  # its shrunk strip is never taken again (a drawing thread may still hold it)
    assert common._BASES[(("bases-test", "new"), 80)].image.height == 300
    assert short.getpixel((10, 150)) == (120, 90, 40)
    # the base is filled only as far as it was drawn (a canvas is laid only as far as its picture)
    assert common._BASES[(("bases-test", "new"), 80)].image.getpixel((10, 250)) == BACKGROUND
    tall = encode_png(base_canvas(("bases-test", "new"), size, _ground_to(size[1])))
    empty_cache()
    assert tall == encode_png(base_canvas(("bases-test", "new"), size, _ground_to(size[1])))


@pytest.mark.parametrize("anchor", ["la", "mm", "rm", "ma", "lm", "rs"])
@pytest.mark.parametrize("stroke, stroke_fill", [(0, None), (3, (20, 18, 16)), (2, None)])
def test_one_line_of_text_is_drawn_as_pillow_draws_it(anchor: str, stroke: int,
                                                      stroke_fill: tuple[int, int, int] | None) -> None:
    face = font(37)
    ours, pillows = (Image.new("RGB", (420, 120), BACKGROUND) for _ in range(2))
    for x, y in ((100.0, 60.0), (123.37, 58.81), (17.5, 30.25)):
        box = write(ImageDraw.Draw(ours), (x, y), "Grishnakh 5/6 KD", face, (235, 200, 10), anchor=anchor,
                    stroke=stroke, stroke_fill=stroke_fill)
        draw = ImageDraw.Draw(pillows)
        draw.text((x, y), "Grishnakh 5/6 KD", font=face, fill=(235, 200, 10), anchor=anchor, stroke_width=stroke,
                  stroke_fill=stroke_fill)
        assert box == draw.textbbox((x, y), "Grishnakh 5/6 KD", font=face, anchor=anchor, stroke_width=stroke)
    assert ours.tobytes() == pillows.tobytes()


def test_text_on_two_lines_still_goes_through_pillow() -> None:
    canvas = Image.new("RGB", (300, 160), BACKGROUND)
    box = outlined_text(ImageDraw.Draw(canvas), (20, 20), "Crowd\nstand", font(30))
    assert box[3] - box[1] > 50  # both lines counted


@pytest.mark.parametrize("slug", sorted(set(RENDERERS) & set(GAMES)))
def test_right_of_the_side_panel_a_board_is_its_base_shrunk(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The part of a board from the side panel's left edge is taken from the base's shrunk picture:
    it must be what shrinking the canvas gives, for every game and at every moment."""
    shrink = common._shrunk
    taken = []

    def both(canvas: Image.Image, size: tuple[int, int]) -> Image.Image:
        aside = common._WORK.aside
        picture = shrink(canvas, size)
        assert picture.tobytes() == canvas.reduce(common.SUPERSAMPLE, (0, 0, *size)).tobytes()
        taken.append(aside is not None)
        return picture

    monkeypatch.setattr(common, "_shrunk", both)
    views = _tables(slug, common.BASES_PER_GAME + 3, moments=1)
    for view in views + views:  # the second time over, a race's circuit is drawn on the canvas (pushed out)
        render(view)
    if slug in WITHOUT_A_SIDE_PANEL:
        assert not any(taken), f"{slug} draws no side panel"
    else:
        assert all(taken), "every board has a side panel at output size"


WITHOUT_A_SIDE_PANEL = {"chaos-marauders", "orcquest", "orcz"}
"""Boards drawn for the size Discord shows them (issue 40) whose board needs the picture's whole width
(OrcQuest's map too, its Quest strip and Heroes' cards drawn on the canvas under it): they have no
side panel painted at output size, and their canvas is shrunk whole."""


def test_a_label_right_of_the_side_panel_is_shrunk_with_the_canvas(empty_cache: Callable[[], None]) -> None:
    lines = [title("A panel"), PanelLine("Grak", swatch=(230, 57, 70), marked=True, note="5/6")]
    panel = SidePanel(width=160)

    def board(tag: bool) -> Image.Image:
        canvas = base_canvas(("strip-test",), (600, 400), lambda draw: None)
        draw = ImageDraw.Draw(canvas)
        if tag:  # a label that strays past the panel's edge, under the panel's top margin
            write(draw, (560, 380), "Zog", font(30), (255, 0, 0))
        panel.draw(draw, 380, 40, 360, lines)
        return Image.open(io.BytesIO(encode_png(canvas))).convert("RGB")

    corner = (270, 180, 300, 200)  # under the panel, right of its left edge
    assert set(board(False).crop(corner).get_flattened_data()) == {BACKGROUND}
    assert any(r > 150 and g < 60 for r, g, _ in board(True).crop(corner).get_flattened_data())  # the label, shown


def test_a_canvas_is_trusted_beside_the_panel_only_while_no_picture_reached_there(
        empty_cache: Callable[[], None]) -> None:
    """A canvas is laid with its base's part right of the panel's edge only when no picture reached
    there since (`_lay`): boards with and without stray labels, of two heights, drawn one after the
    other on one canvas, are each the board drawn alone. (A label left behind shows only on a later
    board that is shrunk whole, one with a stray label of its own.)"""
    lines = [title("A panel"), PanelLine("Grak", swatch=(230, 57, 70), marked=True, note="5/6")]
    panel = SidePanel(width=160)

    def ground(draw: ImageDraw.ImageDraw) -> None:
        for x in range(0, 600, 40):
            draw.line((x, 0, x + 300, 400), fill=(90, 120, 60), width=5)

    def board(stray: tuple[str, int] | None, height: int) -> bytes:
        canvas = base_canvas(("lay-test",), (600, height), ground)
        draw = ImageDraw.Draw(canvas)
        draw.ellipse((100, 100, 200, 220), fill=(200, 40, 40))
        if stray is not None:  # a label past the panel's edge, under the panel's top margin or at the foot
            write(draw, (540, stray[1]), stray[0], font(30), (255, 0, 0))
        panel.draw(draw, 380, 40, height - 40, lines)
        return encode_png(canvas)

    order: list[tuple[tuple[str, int] | None, int]] = [
        (None, 400), (None, 400), (("Zog", 370), 400), (None, 400), (None, 360), (("Ugg", 5), 360),
        (None, 400), (("Bok", 5), 400), (("Nar", 5), 360), (None, 360), (("Dug", 5), 400), (None, 400),
        (("Zog", 370), 400), (None, 360), (("Dug", 5), 400)]
    together = [board(stray, height) for stray, height in order]
    for (stray, height), drawn in zip(order, together):
        empty_cache()
        board(None, 400)  # the base as tall as the tallest picture, as it was above
        assert board(stray, height) == drawn, (stray, height)


def test_a_mapped_part_of_a_base_is_its_crop(empty_cache: Callable[[], None]) -> None:
    base_canvas(("map-test",), (90, 70), lambda draw: draw.ellipse((5, 8, 80, 60), fill=(10, 200, 30)))
    kept = common._BASES[(("map-test",), 90)]
    for size in [(90, 70), (37, 70), (90, 21), (1, 1)]:
        assert common._mapped(kept.memory, 90, size).tobytes() == kept.image.crop((0, 0, *size)).tobytes()


@pytest.mark.parametrize("corner", [(40.0, 30.0), (41.3, 29.6), (7.5, 80.5)])
@pytest.mark.parametrize("chips", [(Chip("1a", (230, 57, 70)), Chip("3/6", (46, 204, 113)), Chip("KD", (200, 30, 40))),
                                   (Chip("Ugluk", (241, 196, 15)),)])
def test_a_kept_tag_is_the_tag_drawn_there(corner: tuple[float, float], chips: tuple[Chip, ...]) -> None:
    width, height = common.tag_size(chips, font(24))
    box = (*corner, corner[0] + width, corner[1] + height)
    ground = Image.effect_noise((200, 140), 80).convert("RGB")  # a busy board under the tag
    kept, drawn = ground.copy(), ground.copy()
    for _ in range(2):  # drawn and kept, then pasted from the kept picture
        draw_tag(ImageDraw.Draw(kept), box, chips, font(24))
    left, top = round(box[0]), round(box[1])
    common._paint_tag(ImageDraw.Draw(drawn), (left, top, round(box[2]), round(box[3])), chips, font(24),
                      common.INK, common.SUPERSAMPLE)
    assert kept.tobytes() == drawn.tobytes()
