"""The shared drawing pieces: palette, text fitting, contrast and the side panel."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers.common import (
    BACKGROUND,
    INK,
    PALETTE,
    TEXT,
    PanelLine,
    draw_panel,
    encode_png,
    fit,
    font,
    heading,
    ink_on,
    palette_png,
    panel_height,
    player_colour,
    recording,
    title,
)


def test_palette_has_at_least_six_distinct_colours() -> None:
    assert len(set(PALETTE)) == len(PALETTE) >= 6


def test_palette_colours_stand_out_from_the_background() -> None:
    def brightness(rgb: tuple[int, int, int]) -> float:
        return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]

    assert all(brightness(colour) - brightness(BACKGROUND) > 50 for colour in PALETTE)


def test_player_colour_wraps_round() -> None:
    assert player_colour(len(PALETTE)) == player_colour(0)


def test_ink_is_dark_on_light_and_light_on_dark() -> None:
    assert ink_on((250, 240, 200)) == INK
    assert ink_on((30, 30, 60)) == TEXT


def test_fit_keeps_short_text_and_cuts_long_text() -> None:
    face = font(20)
    assert fit("Ugluk", face, 200) == "Ugluk"
    cut = fit("Bolgrot the Unwashed of the Deep Mud", face, 100)
    assert cut.endswith("…") and face.getlength(cut) <= 100


def test_panel_height_grows_with_its_lines() -> None:
    short = [title("Title")]
    longer = [*short, heading("Heading"), PanelLine("a line")]
    assert panel_height(longer, 10, 400) > panel_height(short, 10, 400)


def test_a_long_panel_line_wraps_whole_and_its_note_moves_under_it() -> None:
    one = [PanelLine("Ugluk", note="5/6")]
    long = [PanelLine("Bolg of the Northern Pits and his cousin Grishnakh Bonecrusher", note="5/6 KD Spear")]
    assert panel_height(long, 10, 400) > panel_height(one, 10, 400)
    canvas = Image.new("RGB", (400, panel_height(long, 10, 400)), BACKGROUND)
    with recording() as sheets:
        draw_panel(ImageDraw.Draw(canvas), (0, 0, 400, canvas.height), long, 10)
        encode_png(canvas)
    shown = [label.text for label in sheets[0].drawn]
    assert " ".join(shown[:-1]) == long[0].text and shown[-1] == "5/6 KD Spear"
    assert not sheets[0].cut and not sheets[0].overlapping() and not sheets[0].outside()


def test_panel_draws_every_kind_of_line() -> None:
    lines = [
        title("Title"),
        heading("Heading"),
        PanelLine("marked with swatch", swatch=PALETTE[0], marked=True, note="5/6"),
        PanelLine("struck", struck=True, note="out"),
    ]
    def drawn() -> bytes:
        canvas = Image.new("RGB", (400, panel_height(lines, 10, 400)), BACKGROUND)
        draw_panel(ImageDraw.Draw(canvas), (0, 0, 400, canvas.height), lines, 10)
        return encode_png(canvas)

    picture = Image.open(io.BytesIO(drawn())).convert("RGB")
    assert len(set(picture.get_flattened_data())) > 10  # the ground, the text, the swatch, the pointer and their edges
    assert drawn() == drawn()


def test_palette_png_holds_exactly_the_pictures_pixels_and_palette() -> None:
    """Our own PNG writer (ISA-L's deflate): a reader checking every chunk's CRC gets back the very
    indices and colours, for a full 256-colour palette and for one of a few colours."""
    full = Image.new("RGB", (300, 200))
    full.putdata([((x * 7) % 256, (y * 5) % 256, (x * y) % 256) for y in range(200) for x in range(300)])
    few = Image.new("RGB", (33, 17), BACKGROUND)
    ImageDraw.Draw(few).rectangle((3, 3, 20, 10), fill=INK)
    for rgb in (full, few):
        picture = rgb.quantize(256, method=Image.Quantize.FASTOCTREE)
        data = palette_png(picture)
        Image.open(io.BytesIO(data)).verify()  # signature, chunk CRCs
        back = Image.open(io.BytesIO(data))
        assert back.mode == "P" and back.size == picture.size
        assert back.tobytes() == picture.tobytes()
        assert back.convert("RGB").tobytes() == picture.convert("RGB").tobytes()
