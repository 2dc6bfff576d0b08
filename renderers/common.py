"""Drawing pieces every game's renderer shares: colours, fonts, text, the side panel, PNG.

Renderers draw on a canvas `SUPERSAMPLE` times larger than the picture they
return and shrink it at the end (`encode_png`), because Pillow draws shapes
without anti-aliasing: shrinking smooths the edges of tokens and terrain.
All sizes given to this module are canvas pixels. The larger pieces a board is built
from (an inch table, a square grid, cards, a map of areas) are in `renderers.kits`.
"""

from __future__ import annotations

import itertools
import math
import os
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from isal import isal_zlib
from PIL import Image, ImageChops, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont

QUICK = "ZAGJAN_QUICK_DRAWING"
"""Set to 1 in a process's environment before the renderers are imported, it draws pictures unsmoothed
(`SUPERSAMPLE` 1): the same size and layout, text as smooth as ever, the edges of shapes stepped, for
about two thirds of the drawing's cost. The bot's quick drawing processes (`bot.service.painter`) set it; they
draw while more boards wait than there are smooth drawing processes to draw them."""

SUPERSAMPLE = 1 if os.environ.get(QUICK) == "1" else 2
"""Canvas pixels per output pixel."""

SHOWN = (550, 412)
"""The box Discord shows a board in, in screen pixels: an attached image (or one in a Components V2
media gallery) is shown at most about 550 px wide on a desktop, and we take its height as three
quarters of that, so a board drawn landscape is shown by its width (an embed's image would be only
400 x 300; the bot attaches its boards instead). A phone shows less (its screen is 360-430 px wide).
Every label a player needs must be legible in this box: `LEGIBLE` pixels tall at least."""

LEGIBLE = 10
"""The smallest height, in screen pixels at the `SHOWN` size, of a label a player must read."""


def shown_scale(size: tuple[float, float]) -> float:
    """Screen pixels per pixel of a picture of `size` (canvas or output pixels alike) when Discord
    fits it into the `SHOWN` box; never more than 1 (a small picture is not blown up)."""
    return min(1.0, SHOWN[0] / size[0], SHOWN[1] / size[1])


BACKGROUND: RGB = (43, 45, 49)
"""Discord's dark-mode message colour, so the picture sits in the chat without a frame."""
TEXT: RGB = (235, 235, 238)
MUTED: RGB = (150, 152, 160)
ACCENT: RGB = (255, 204, 77)
INK: RGB = (20, 18, 16)

PALETTE: tuple[RGB, ...] = (
    (230, 57, 70),  # red
    (52, 152, 219),  # blue
    (241, 196, 15),  # yellow
    (46, 204, 113),  # green
    (155, 89, 182),  # purple
    (255, 140, 40),  # orange
    (26, 188, 188),  # teal
    (255, 111, 181),  # pink
    (170, 220, 50),  # lime
    (236, 236, 236),  # white
)
"""Player colours, indexed by the colour a seat got when it joined. They differ in hue
and stay bright enough to read against both the dark panel and an earthy board."""


def player_colour(index: int) -> RGB:
    """The palette colour of a seat; wraps round so a large table never crashes the drawing."""
    return PALETTE[index % len(PALETTE)]


def ink_on(background: RGB) -> RGB:
    """Dark or light text, whichever reads better on `background` (by perceived brightness)."""
    r, g, b = background
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 135 else TEXT


def shade(colour: RGB, factor: float) -> RGB:
    """A darker (factor < 1) or lighter (factor > 1) version of a colour, for rims and shadows."""
    return tuple(max(0, min(255, round(c * factor))) for c in colour)  # type: ignore[return-value]


class _RememberingFont(ImageFont.FreeTypeFont):
    """Pillow's font that keeps the glyph masks it has rendered and the lengths and boxes it has
    measured: a board repeats the same labels (square names, badges, panel lines) picture after
    picture, and laying out text is a large share of drawing one. None depends on the colour."""

    KEPT = 4096

    def _kept(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        memory: dict[Hashable, Any] = self.__dict__.setdefault("_memory", {})
        if key not in memory:
            if len(memory) >= self.KEPT:
                memory.clear()
            memory[key] = compute()
        return memory[key]

    def getmask2(self, text: str | bytes, mode: str = "", direction: str | None = None,  # type: ignore[override]
                 features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                 anchor: str | None = None, ink: int = 0, start: tuple[float, float] | None = None,
                 *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        key = ("mask", text, mode, direction, tuple(features or ()), language, stroke_width, anchor,
               ink if mode == "RGBA" else 0, start, args, tuple(sorted(kwargs.items())))
        return self._kept(key, lambda: super(_RememberingFont, self).getmask2(
            text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs))

    def getbbox(self, text: str | bytes, mode: str = "", direction: str | None = None,  # type: ignore[override]
                features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                anchor: str | None = None) -> tuple[float, float, float, float]:
        key = ("bbox", text, mode, direction, tuple(features or ()), language, stroke_width, anchor)
        return self._kept(key, lambda: super(_RememberingFont, self).getbbox(  # type: ignore[no-any-return]
            text, mode, direction, features, language, stroke_width, anchor))

    def getlength(self, text: str | bytes, mode: str = "", direction: str | None = None,  # type: ignore[override]
                  features: list[str] | None = None, language: str | None = None) -> float:
        key = ("length", text, mode, direction, tuple(features or ()), language)
        return float(self._kept(key, lambda: super(_RememberingFont, self).getlength(
            text, mode, direction, features, language)))


@lru_cache(maxsize=None)
def font(size: int) -> Font:
    """Pillow's bundled font at `size` canvas pixels: no font files to ship or license."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    remembering = _RememberingFont.__new__(_RememberingFont)
    remembering.__dict__.update(loaded.__dict__)
    return remembering


def fit(text: str, face: Font, width: float) -> str:
    """`text` cut down with an ellipsis until it fits `width`, for tables where a cell cannot grow.
    A board never cuts a name (it wraps or shrinks it instead); a cut is noted on the picture's
    labels, so the tests can tell."""
    if face.getlength(text) <= width:
        return text
    labels().cut.append(text)
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, face: Font, width: float) -> list[str]:
    """`text` broken at spaces into lines no wider than `width`; a single word wider than that is
    broken between letters. Nothing is ever dropped, so a long name stays whole on two lines."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if face.getlength(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while face.getlength(word) > width and len(word) > 1:
            cut = 1
            while cut < len(word) - 1 and face.getlength(word[:cut + 1]) <= width:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


LINE_PITCH = 1.25
"""Line spacing as a multiple of the font size: the bundled font's ascent plus descent, so lines
of a block never overlap and a block of n lines is n pitches tall."""


def fit_lines(text: str, width: float, height: float, largest: int, smallest: int,
              max_lines: int = 2) -> tuple[tuple[str, ...], Font]:
    """`text` in the largest font size (from `largest` down to `smallest`) at which it fits a box of
    `width` x `height`, on as few lines as possible (at most `max_lines`, broken at spaces).

    Shrinking keeps a long name whole where a short one is drawn large; only when even the
    smallest size is too big is the last line cut with an ellipsis, so text never overflows.
    """
    words = text.split()
    for size in range(largest, smallest - 1, -1):
        face = font(size)
        for count in range(1, min(max_lines, len(words)) + 1):
            if count * size * LINE_PITCH > height:
                break
            lines = _balanced(words, count, face)
            if max(face.getlength(line) for line in lines) <= width:
                return lines, face
    face = font(smallest)
    count = max(1, min(max_lines, int(height // (smallest * LINE_PITCH))))
    if len(words) <= count:
        return tuple(fit(word, face, width) for word in words) or ("",), face
    head = words[: count - 1]
    return (*(fit(word, face, width) for word in head), fit(" ".join(words[count - 1:]), face, width)), face


def _balanced(words: Sequence[str], count: int, face: Font) -> tuple[str, ...]:
    """`words` broken into `count` lines so that the longest line is as short as it can be."""
    if count <= 1:
        return (" ".join(words),)
    best: tuple[float, tuple[str, ...]] | None = None
    for cuts in itertools.combinations(range(1, len(words)), count - 1):
        bounds = (0, *cuts, len(words))
        lines = tuple(" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:]))
        longest = max(face.getlength(line) for line in lines)
        if best is None or longest < best[0]:
            best = (longest, lines)
    assert best is not None
    return best[1]


SUBSTITUTES: dict[str, str] = {"→": "->", "←": "<-", "—": "-", "–": "-", "×": "x", "“": '"', "”": '"', "‘": "'"}
"""Signs the bundled font lacks, written with signs it has."""


def _shape(character: str) -> tuple[Any, ...]:
    """What a character looks like in the bundled font, compared by its mask's size and profiles."""
    mask = font(20).getmask(character)
    return (mask.size, tuple(mask.histogram()), mask.getprojection())


@lru_cache(maxsize=4096)
def _has_glyph(character: str) -> bool:
    return character.isspace() or _shape(character) != _shape("\ue000")  # a private-use sign: the empty box


def printable(text: str) -> str:
    """`text` as the bundled font can draw it: known signs written plainly, and what it has no glyph
    for (the dice and boars of the game log) left out rather than drawn as empty boxes."""
    plain = "".join(SUBSTITUTES.get(c, c) for c in text)
    return " ".join("".join(c for c in plain if _has_glyph(c)).split())


# -- labels: where every piece of text on a picture went ------------------------------------------

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Label:
    """A piece of text on a picture (with its tag or disc, when it has one) and the box it covers."""

    text: str
    box: Box


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


class Labels:
    """Every label of one picture: each text drawn, where, and any that had to be cut.

    Boards place a model's tags where they hide no other label (`place`), and the tests read
    these after drawing (`recording`) to check that no label hides another, none runs off the
    picture and no name was cut. `keep_clear` marks what a label should rather not cover (the
    bases of models): a label goes there only when nowhere else is free.
    """

    def __init__(self, size: tuple[int, int], drawn: Iterable[Label] = (), cut: Iterable[str] = ()) -> None:
        self.size = size
        self.drawn: list[Label] = list(drawn)
        self.cut: list[str] = list(cut)
        self.clear: list[Box] = []

    def add(self, text: str, box: Box) -> None:
        self.drawn.append(Label(text, box))

    def keep_clear(self, box: Box) -> None:
        self.clear.append(box)

    def _outside(self, box: Box, within: Box) -> float:
        width, height = box[2] - box[0], box[3] - box[1]
        return width * height - overlap(box, within)

    def place(self, candidates: Sequence[Box], within: Box | None = None) -> Box:
        """The first of `candidates` (best first) that hides no label, stays `within` (the picture by
        default) and covers nothing kept clear; failing that the first that hides no label; failing
        that the one that hides least."""
        bounds = within or (0, 0, *self.size)
        region = (min(c[0] for c in candidates), min(c[1] for c in candidates), max(c[2] for c in candidates),
                  max(c[3] for c in candidates))
        near = [label.box for label in self.drawn if overlap(label.box, region) > 0]  # the only ones in reach
        clear = [other for other in self.clear if overlap(other, region) > 0]

        def cost(k: int) -> tuple[float, bool, int]:
            box = candidates[k]
            hidden = sum(overlap(box, other) for other in near) + self._outside(box, bounds)
            return (hidden, any(overlap(box, other) > 0 for other in clear), k)

        for k in range(len(candidates)):
            if cost(k)[:2] == (0, False):
                return candidates[k]
        return candidates[min(range(len(candidates)), key=cost)]

    def overlapping(self) -> list[tuple[Label, Label]]:
        """Every pair of labels that share some area."""
        return [(a, b) for a, b in itertools.combinations(self.drawn, 2) if overlap(a.box, b.box) > 0]

    def outside(self) -> list[Label]:
        """Every label that runs off the picture."""
        return [label for label in self.drawn if self._outside(label.box, (0, 0, *self.size)) > 0]


_LOCAL = threading.local()
"""The labels of the picture each thread is drawing, and the lists recording finished ones."""


def labels() -> Labels:
    """The labels of the picture this thread is drawing: begun by `base_canvas`, finished by
    `encode_png`. Text drawn outside a board (a test drawing a panel alone) goes on a loose sheet."""
    sheet: Labels | None = getattr(_LOCAL, "sheet", None)
    if sheet is None:
        sheet = _LOCAL.sheet = Labels((0, 0))
    return sheet


def _begin(sheet: Labels) -> Labels:
    _LOCAL.sheet = sheet
    return sheet


def _finish(size: tuple[int, int]) -> None:
    sheet: Labels | None = getattr(_LOCAL, "sheet", None)
    _LOCAL.sheet = None
    if sheet is None:
        return
    sheet.size = size
    for kept in getattr(_LOCAL, "recorders", []):
        kept.append(sheet)


@contextmanager
def apart() -> Iterator[None]:
    """Text drawn inside is on a picture of its own (a card, pasted onto boards later): its boxes
    are in that picture's pixels, so they are none of the board's labels."""
    sheet = getattr(_LOCAL, "sheet", None)
    _LOCAL.sheet = Labels((0, 0))
    try:
        yield
    finally:
        _LOCAL.sheet = sheet


@contextmanager
def recording() -> Iterator[list[Labels]]:
    """The labels of every picture begun and finished (encoded) in this thread while inside, in
    order; whatever was drawn before is left behind."""
    _LOCAL.sheet = None
    kept: list[Labels] = []
    _LOCAL.recorders = [*getattr(_LOCAL, "recorders", []), kept]
    try:
        yield kept
    finally:
        _LOCAL.recorders = [r for r in _LOCAL.recorders if r is not kept]


# -- text ----------------------------------------------------------------------------------------


def write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: Font, fill: RGB = TEXT, *,
          anchor: str = "la", stroke: int = 0, stroke_fill: RGB | None = None, label: bool = True,
          sharp: bool = False) -> Box:
    """Every text on a picture is drawn here, so the picture's labels know where each one went;
    `label=False` for text inside a tag, which counts as the tag's. Returns the text's box.

    `sharp` text (one line, no stroke) is drawn at the picture's own size once the canvas is shrunk,
    over everything on the canvas, in a font `SUPERSAMPLE` times smaller: text needs no supersampling
    (the font smooths its own edges), and a side panel's text drawn large and shrunk was a sixth of a
    board's cost. Its box is in canvas pixels, as every label's."""
    box: Box
    if sharp and "\n" not in text and not stroke:
        box = _later(draw, xy, text, face, fill, anchor)
    elif "\n" in text or not isinstance(face, _RememberingFont) or draw.fontmode != "L":
        draw.text(xy, text, font=face, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
        box = draw.textbbox(xy, text, font=face, anchor=anchor, stroke_width=stroke)
    else:
        box = _one_line(draw, xy, text, face, fill, anchor, stroke, stroke_fill)
    if label and text.strip():
        labels().add(text, box)
    return box


def _one_line(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: _RememberingFont, fill: RGB,
              anchor: str, stroke: int, stroke_fill: RGB | None) -> Box:
    """`ImageDraw.text` and `textbbox` for one line of text, the same pixels and box, without the layout
    objects Pillow builds for every call (a third of the cost of drawing a board's text was those):
    the glyphs' mask, at the fraction of a pixel where the text starts, painted with the fill's ink
    (first the stroke's, with its width, when the text has one)."""
    x, y = xy
    at, start = (int(x), int(y)), (math.modf(x)[0], math.modf(y)[0])
    ink = draw._getink(fill)[0]
    passes = [(ink, 0)]  # (ink, stroke width), in the order Pillow paints them
    if stroke:
        stroke_ink = draw._getink(stroke_fill)[0] if stroke_fill is not None else ink
        passes = [(stroke_ink, stroke)] + ([] if stroke_ink == ink else passes)
    for paint, width in passes:
        mask, offset = face.getmask2(text, "L", None, None, None, width, anchor, paint, start, stroke_filled=True)
        draw.draw.draw_bitmap((at[0] + offset[0], at[1] + offset[1]), mask, paint)
    left, top, right, bottom = face.getbbox(text, "L", None, None, None, stroke, anchor)
    return (left + x, top + y, right + x, bottom + y)


def _later(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: Font, fill: RGB, anchor: str) -> Box:
    """Note `text` to be drawn at output size (see `write`'s `sharp`); its box in canvas pixels now."""
    small = font(max(1, round(face.size / SUPERSAMPLE)))
    at = (xy[0] / SUPERSAMPLE, xy[1] / SUPERSAMPLE)
    at_output_size(draw, lambda out: _one_line(out, at, text, small, fill, anchor, 0, None))  # type: ignore[arg-type]
    left, top, right, bottom = small.getbbox(text, "L", None, None, None, 0, anchor)
    return ((left + at[0]) * SUPERSAMPLE, (top + at[1]) * SUPERSAMPLE, (right + at[0]) * SUPERSAMPLE,
            (bottom + at[1]) * SUPERSAMPLE)


def at_output_size(draw: ImageDraw.ImageDraw, paint: Callable[[ImageDraw.ImageDraw], None]) -> None:
    """Note `paint` to be run by `encode_png` on the picture once the canvas `draw` paints on is shrunk:
    it draws in output pixels (canvas pixels / `SUPERSAMPLE`), over everything on the canvas."""
    canvas = draw._image  # type: ignore[attr-defined]
    noted: tuple[Image.Image, list[Callable[[ImageDraw.ImageDraw], None]]] | None = getattr(_WORK, "later", None)
    if noted is None or noted[0] is not canvas:
        noted = _WORK.later = (canvas, [])
    noted[1].append(paint)


def _draw_later(canvas: Image.Image, picture: Image.Image) -> None:
    """Draw on `picture` (the shrunk `canvas`) what was noted to be drawn at output size on `canvas`."""
    noted: tuple[Image.Image, list[Callable[[ImageDraw.ImageDraw], None]]] | None = getattr(_WORK, "later", None)
    _WORK.later = None
    if noted is not None and noted[0] is canvas and noted[1]:
        out = ImageDraw.Draw(picture)
        for paint in noted[1]:
            paint(out)


def draw_lines(draw: ImageDraw.ImageDraw, centre: tuple[float, float], lines: Sequence[str], face: Font,
               fill: RGB, *, bold: bool = False, halo: RGB | None = None) -> None:
    """A block of lines (as `fit_lines` gives them) centred on `centre`, one pitch apart; `halo`
    rims the letters in a colour close to the ground, so they read over lines drawn under them."""
    pitch = face.size * LINE_PITCH
    x, y = centre
    for k, line in enumerate(lines):
        at = (x, y + (k - (len(lines) - 1) / 2) * pitch)
        if bold:
            bold_text(draw, at, line, face, fill=fill, anchor="mm")
        elif halo is not None:
            write(draw, at, line, face, fill, anchor="mm", stroke=max(1, face.size // 10), stroke_fill=halo)
        else:
            write(draw, at, line, face, fill, anchor="mm")


def outlined_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB = TEXT,
    outline: RGB = INK,
    anchor: str = "la",
) -> Box:
    """Text with a dark outline, readable on any board colour underneath."""
    return write(draw, xy, text, face, fill, anchor=anchor, stroke=max(2, face.size // 8), stroke_fill=outline)


def bold_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB = TEXT,
    anchor: str = "la",
    *,
    label: bool = True,
) -> Box:
    """Heavier strokes for short labels that must read at a glance; Pillow's font has no bold cut."""
    return write(draw, xy, text, face, fill, anchor=anchor, stroke=max(1, face.size // 24), stroke_fill=fill,
                 label=label)


def shadowed_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB = TEXT,
    anchor: str = "la",
) -> Box:
    """Text with a soft drop shadow: lifts headings off the background without a heavy outline."""
    offset = max(1, face.size // 14)
    write(draw, (xy[0] + offset, xy[1] + offset), text, face, INK, anchor=anchor, label=False)
    return write(draw, xy, text, face, fill, anchor=anchor)


# -- tags: short labels on a coloured ground, placed where they hide nothing -----------------------


@dataclass(frozen=True)
class Chip:
    """One part of a tag: a short text on its own colour (an id, a count, a status code)."""

    text: str
    fill: RGB


TAG_PAD = 4 * SUPERSAMPLE
"""Room left and right of a chip's text."""


def _chip_width(chip: Chip, face: Font) -> float:
    return max(face.size * 1.1, face.getlength(chip.text) + 2 * TAG_PAD)


def tag_size(chips: Sequence[Chip], face: Font) -> tuple[float, float]:
    """(width, height) of a tag of these chips side by side."""
    return (sum(_chip_width(c, face) for c in chips), round(face.size * 1.25))


def draw_tag(draw: ImageDraw.ImageDraw, box: Box, chips: Sequence[Chip], face: Font, *, outline: RGB = INK,
             line: int = SUPERSAMPLE) -> None:
    """A rounded tag filling `box` (moved to whole pixels), its chips side by side (each text bold on
    its colour, in the ink that reads on it): one label for the picture, however many chips it has.

    A tag is drawn once per look (chips, font, size, outline) and kept, then pasted through its own
    shape: a board repeats the same tags move after move, and drawing them (rounded chips, bold
    text) was a twentieth of a board."""
    left, top = round(box[0]), round(box[1])
    picture, shape = _tag_picture((round(box[2]) - left, round(box[3]) - top), tuple(chips), face.size, outline,
                                  line)
    draw._image.paste(picture, (left, top), shape)  # type: ignore[attr-defined]
    labels().add(" ".join(c.text for c in chips), box)


@lru_cache(maxsize=512)
def _tag_picture(size: tuple[int, int], chips: tuple[Chip, ...], face_size: int, outline: RGB, line: int
                 ) -> tuple[Image.Image, Image.Image]:
    """A tag of `size` drawn with its top-left corner at (0, 0), and its shape: the pixels the drawing
    covers (the same on any ground: drawn on black and on white, what came out alike). Pasted at whole
    pixels it is the very drawing, moved."""
    drawn = []
    reach = max(size[0], math.ceil(sum(_chip_width(chip, font(face_size)) for chip in chips)))  # chips may stick out
    for ground in ((0, 0, 0), (255, 255, 255)):
        picture = Image.new("RGB", (reach + 2, size[1] + 2), ground)
        with apart():
            _paint_tag(ImageDraw.Draw(picture), (0, 0, *size), chips, font(face_size), outline, line)
        drawn.append(picture)
    shape = ImageChops.difference(*drawn).convert("L").point(lambda v: 255 if v == 0 else 0)
    return drawn[0], shape


def _paint_tag(draw: ImageDraw.ImageDraw, box: Box, chips: Sequence[Chip], face: Font, outline: RGB,
               line: int) -> None:
    left, top, right, bottom = box
    radius = (bottom - top) / 2.5
    draw.rounded_rectangle(box, radius=radius, fill=chips[0].fill, outline=outline, width=line)
    inner = max(0.0, min(radius - line, (bottom - top - 2 * line) / 2 - 1))
    x = left
    for k, chip in enumerate(chips):
        width = _chip_width(chip, face)
        if k == len(chips) - 1 and k:
            draw.rounded_rectangle((x, top + line, right - line, bottom - line), radius=inner, fill=chip.fill,
                                   corners=(False, True, True, False))
        elif k:
            draw.rectangle((x, top + line, x + width, bottom - line), fill=chip.fill)
        if k:
            draw.line((x, top + line, x, bottom - line), fill=outline, width=line)
        bold_text(draw, (x + width / 2, (top + bottom) / 2), chip.text, face, fill=ink_on(chip.fill), anchor="mm",
                  label=False)
        x += width


def around(target: Box, size: tuple[float, float], gap: float, rings: int = 3) -> list[Box]:
    """Places for a label of `size` round `target`, best first: centred below, above, right and left,
    then at the four corners, then the same again further out, ring by ring; last, ring by ring, below
    and above with its left or right edge in line with the target's, which keeps a wide label near a
    target at the picture's edge on the picture."""
    left, top, right, bottom = target
    width, height = size
    cx, cy = (left + right) / 2, (top + bottom) / 2
    spots: list[tuple[float, float]] = []
    for ring in range(rings):
        g = gap + ring * (height + gap)
        spots += [(cx - width / 2, bottom + g), (cx - width / 2, top - g - height), (right + g, cy - height / 2),
                  (left - g - width, cy - height / 2), (right + g * 0.5, bottom + g * 0.5),
                  (left - g * 0.5 - width, bottom + g * 0.5), (right + g * 0.5, top - g * 0.5 - height),
                  (left - g * 0.5 - width, top - g * 0.5 - height)]
    for ring in range(rings):
        g = gap + ring * (height + gap)
        spots += [(left, bottom + g), (left, top - g - height), (right - width, bottom + g),
                  (right - width, top - g - height)]
    return [(x, y, x + width, y + height) for x, y in spots]


def place_tag(draw: ImageDraw.ImageDraw, target: Box, chips: Sequence[Chip], face: Font, *, gap: float,
              within: Box | None = None, outline: RGB = INK, line: int = SUPERSAMPLE, leader: RGB = INK,
              rings: int = 3) -> Box:
    """A tag for the model whose base is `target`, put where it hides no other label (see
    `Labels.place`), looking as far as `rings` tag heights away; a tag that had to move away from its
    model is tied to it by a thin line."""
    box = labels().place(around(target, tag_size(chips, face), gap, rings), within)
    if overlap(_grown(target, 2 * gap), box) == 0:
        centre = ((target[0] + target[2]) / 2, (target[1] + target[3]) / 2)
        draw.line((_nearest(box, centre), _nearest(target, _middle(box))), fill=leader, width=line)
    draw_tag(draw, box, chips, face, outline=outline, line=line)
    return box


def place_text(draw: ImageDraw.ImageDraw, centres: Sequence[tuple[float, float]], text: str, face: Font,
               fill: RGB = TEXT, *, outline: RGB = INK, within: Box | None = None) -> Box:
    """Outlined text centred on the first of `centres` (best first) where it hides no other label
    (see `Labels.place`): a name that belongs to a place rather than to a model."""
    stroke = max(2, face.size // 8)
    boxes = [draw.textbbox(centre, text, font=face, anchor="mm", stroke_width=stroke) for centre in centres]
    chosen = labels().place(boxes, within)
    return outlined_text(draw, centres[boxes.index(chosen)], text, face, fill, outline, anchor="mm")


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _middle(box: Box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _nearest(box: Box, point: tuple[float, float]) -> tuple[float, float]:
    return (min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3]))


def arrow(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], colour: RGB, *,
          head: float = 12 * SUPERSAMPLE) -> None:
    """A move as every board draws it: a line edged in ink, with a head at its end."""
    draw.line(points, fill=INK, width=6 * SUPERSAMPLE, joint="curve")
    draw.line(points, fill=colour, width=3 * SUPERSAMPLE, joint="curve")
    x1, y1 = points[-1]
    x0, y0 = next((p for p in reversed(points) if p != points[-1]), points[0])
    angle = math.atan2(y1 - y0, x1 - x0)
    draw.polygon([(x1, y1), (x1 - head * math.cos(angle - 0.45), y1 - head * math.sin(angle - 0.45)),
                  (x1 - head * math.cos(angle + 0.45), y1 - head * math.sin(angle + 0.45))], fill=colour, outline=INK)


def dashed(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], colour: RGB, width: int,
           dash: float) -> None:
    """A line through `points` in dashes `dash` long with gaps as long; each stretch starts with a
    dash, so a short stretch never vanishes into a gap."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        k = 0.0
        while k < length:
            end = min(k + dash, length)
            draw.line((x0 + (x1 - x0) * k / length, y0 + (y1 - y0) * k / length,
                       x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length), fill=colour, width=width)
            k += dash * 2


def polygon(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], *, fill: RGB | None = None,
            outline: RGB | None = None, width: int = 1) -> None:
    """`draw.polygon`, the same pixels, at a fraction of the cost for a thick outline: Pillow draws
    an outline wider than one pixel through four masks the size of the whole canvas (it keeps the
    outline inside the shape), which on a supersampled board costs more than the rest of a piece.
    Here that happens on a crop around the shape, shifted by whole pixels so nothing moves."""
    image: Image.Image | None = getattr(draw, "_image", None)
    if width <= 1 or outline is None or image is None or not points:
        draw.polygon(points, fill=fill, outline=outline, width=width)
        return
    pad = width + 2
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top = max(0, math.floor(min(xs)) - pad), max(0, math.floor(min(ys)) - pad)
    right, bottom = min(image.width, math.ceil(max(xs)) + pad), min(image.height, math.ceil(max(ys)) + pad)
    if right <= left or bottom <= top:
        return
    piece = image.crop((left, top, right, bottom))
    ImageDraw.Draw(piece).polygon([(x - left, y - top) for x, y in points], fill=fill, outline=outline, width=width)
    image.paste(piece, (left, top))


def inch_labels(draw: ImageDraw.ImageDraw, at: Callable[[float, float], tuple[float, float]], inches: range,
                below: float, left: float, size: int = 22 * SUPERSAMPLE) -> None:
    """The inch marks every 6" along the bottom and the left of a board showing `inches`; the corner's
    mark, the same inch both ways, only under the board (two marks there would crowd each other)."""
    face = font(size)
    for k in inches:
        if k % 6 == 0:
            shadowed_text(draw, (at(k, inches.start)[0], below), f'{k}"', face, anchor="mm")
            if k != inches.start:
                shadowed_text(draw, (left, at(inches.start, k)[1]), str(k), face, anchor="mm")


@dataclass(frozen=True)
class PanelLine:
    """One line of a side panel. Games build a list of these; `draw_panel` lays them out."""

    text: str
    size: int = 26 * SUPERSAMPLE
    colour: RGB = TEXT
    swatch: RGB | None = None  # a player's colour square before the text
    struck: bool = False  # crossed out: a player who is out of the game
    marked: bool = False  # a pointer before the line: whose move it is
    note: str = ""  # right-aligned detail in a quieter colour, never crossed out
    space_before: int = 0
    heading: bool = False  # a section's name: read out with a colon after it in a description
    note_size: int = 0  # the note's text size; 0 for 0.85 times the line's

    @property
    def note_face(self) -> Font:
        return font(self.note_size or round(self.size * 0.85))


def title(text: str) -> PanelLine:
    return PanelLine(text, size=38 * SUPERSAMPLE, colour=ACCENT)


def heading(text: str, size: int = 24 * SUPERSAMPLE) -> PanelLine:
    return PanelLine(text, size=size, colour=MUTED, space_before=18 * SUPERSAMPLE, heading=True)


SMALL_TEXT = 22 * SUPERSAMPLE
"""Panel text for lists that can run long: feats, notes."""


@dataclass(frozen=True)
class Entrant:
    """How the panel names a player: their name and their palette index."""

    name: str
    colour: int


def _named(player: str, entrants: Mapping[str, Entrant]) -> tuple[str, RGB | None]:
    entrant = entrants.get(player)
    return (entrant.name, player_colour(entrant.colour)) if entrant else (player, None)


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def ranked(placings: Sequence[Sequence[str]]) -> Iterator[tuple[str, int, str]]:
    """Every player of `placings`, best first, with their place and how it reads: tied players share
    the better place, marked "=" ("=2nd"). The one reading of placings every picture uses."""
    place = 1
    for group in placings:
        tie = "=" if len(group) > 1 else ""
        for player in group:
            yield player, place, f"{tie}{ordinal(place)}"
        place += len(group)


def place_of(placings: Sequence[Sequence[str]] | None, player: str) -> str:
    """How `player`'s place reads ("1st", "=2nd"), or "" while there are no placings."""
    return next((text for who, _, text in ranked(placings or []) if who == player), "")


def placing_lines(placings: Sequence[Sequence[str]], entrants: Mapping[str, Entrant],
                  notes: Mapping[str, str] | None = None, size: int = 26 * SUPERSAMPLE) -> list[PanelLine]:
    """Placings best first; tied players share the better place, marked with '='; in text of `size`,
    their notes too (a note is a score, which must read as well as the name)."""
    lines = [heading("Final placings", max(size, 24 * SUPERSAMPLE))]
    for player, place, read in ranked(placings):
        name, swatch = _named(player, entrants)
        lines.append(PanelLine(f"{read}  {name}", size=size, colour=ACCENT if place == 1 else TEXT,
                               swatch=swatch, note=(notes or {}).get(player, ""), note_size=size))
    return lines


def recent_lines(recent: Sequence[str], shown: int = 3) -> list[PanelLine]:
    """The newest lines of the game's log (newest last) under "Just now", so the picture itself
    says what happened; each line is wrapped whole, never cut, and only the last `shown` are kept."""
    kept = [line for line in (printable(text) for text in recent) if line][-shown:]
    if not kept:
        return []
    return [heading("Just now"), *(PanelLine(line, size=SMALL_TEXT) for line in kept)]


@dataclass(frozen=True)
class _Row:
    """One row of a panel: a panel line gives one, or more when its text must wrap or its note
    does not fit beside it (nothing in a panel is ever cut)."""

    line: PanelLine
    text: str
    note: str
    first: bool  # the line's first row: it carries the pointer, the swatch and the space before
    height: int


def _rows(line: PanelLine, left: float, indent: float, right: float) -> list[_Row]:
    face, note_face = font(line.size), line.note_face
    room = right - (indent if line.swatch is not None or line.marked else left)
    note_room = note_face.getlength(line.note + "  ") if line.note else 0.0
    first, more = line.space_before + _whole(line.size * 1.4), _whole(line.size * 1.2)
    if face.getlength(line.text) <= room - note_room:
        return [_Row(line, line.text, line.note, True, first)]
    texts = wrap(line.text, face, room)
    rows = [_Row(line, text, "", k == 0, first if k == 0 else more) for k, text in enumerate(texts)]
    if not line.note:
        return rows
    if face.getlength(texts[-1]) <= room - note_room:
        return [*rows[:-1], _Row(line, texts[-1], line.note, len(rows) == 1, rows[-1].height)]
    return [*rows, *(_Row(line, "", note, False, more) for note in wrap(line.note, note_face, room))]


def _whole(height: float) -> int:
    """A row's height in canvas pixels rounded to whole output pixels, so a picture drawn unsmoothed
    (`QUICK`, its fonts half the size) lays out its rows as tall as the smooth one."""
    return round(height / SUPERSAMPLE) * SUPERSAMPLE


def _layout(lines: Sequence[PanelLine], width: float, padding: int) -> list[_Row]:
    left, right = padding, width - padding
    return [row for line in lines for row in _rows(line, left, left + PANEL_INDENT, right)]


PANEL_INDENT = 44 * SUPERSAMPLE
"""Room before a panel line's text for the pointer and the swatch."""


def panel_height(lines: Sequence[PanelLine], padding: int, width: float) -> int:
    """How tall a panel `width` wide holding these lines is (long ones wrapped), so the picture can
    grow to fit it."""
    return 2 * padding + sum(row.height for row in _layout(lines, width, padding))


PANEL_FILL: RGB = shade(BACKGROUND, 0.75)
"""The side panel's ground: a little darker than the message around the picture."""


def draw_panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    lines: Sequence[PanelLine],
    padding: int,
) -> None:
    """A rounded side panel in `box` with the lines top to bottom; a line too long for it wraps,
    and a note that does not fit beside its text goes on the row under it.

    Laid out in canvas pixels, like the rest of the picture, but drawn at the picture's own size
    once the canvas is shrunk (`at_output_size`): text and a flat ground need no supersampling, and
    the panel, a third of a board, was a sixth of its cost drawn large. The pointers and swatches,
    which do need it, are drawn large once and shrunk (`_mark`)."""
    left, top, right, bottom = box
    sheet = labels()
    before = len(sheet.drawn)
    at_output_size(draw, lambda out: out.rounded_rectangle(_small(box), radius=padding / SUPERSAMPLE,
                                                           fill=PANEL_FILL))
    y = top + padding
    for row in _layout(lines, right - left, padding):
        _draw_row(draw, row, left + padding, left + padding + PANEL_INDENT, right - padding, y)
        y += row.height
    # what lies right of the panel's left edge is on the canvas as the base had it (see `_shrunk`)
    _WORK.aside = (getattr(draw, "_image", None), left // SUPERSAMPLE * SUPERSAMPLE, before, len(sheet.drawn))


def _small(box: Box) -> Box:
    """A box in canvas pixels, in the picture's own."""
    return (box[0] / SUPERSAMPLE, box[1] / SUPERSAMPLE, box[2] / SUPERSAMPLE, box[3] / SUPERSAMPLE)


def _draw_row(draw: ImageDraw.ImageDraw, row: _Row, left: int, indent: int, right: int, y: int) -> None:
    line = row.line
    face = font(line.size)
    middle = y + line.space_before + line.size * 0.6 if row.first else y + line.size * 0.5
    x = indent if line.swatch is not None or line.marked else left
    if row.first and line.marked:
        half = round(line.size * 0.32)
        _mark(draw, (left, middle - half), _pointer(half))
    if row.first and line.swatch is not None:
        side = round(line.size * 0.72)
        _mark(draw, (indent - 8 * SUPERSAMPLE - side, middle - side / 2), _swatch(side, line.swatch))
    if row.text:
        write(draw, (x, middle), row.text, face, line.colour, anchor="lm", sharp=True)
        if line.struck:
            thickness = max(SUPERSAMPLE, line.size // 10)
            ends = _small((x, middle, x + face.getlength(row.text), middle))
            at_output_size(draw, lambda out: out.line(ends, fill=line.colour, width=max(1, thickness // SUPERSAMPLE)))
    if row.note:
        write(draw, (right, middle), row.note, line.note_face, MUTED, anchor="rm", sharp=True)


def _mark(draw: ImageDraw.ImageDraw, at: tuple[float, float], mark: Image.Image) -> None:
    """`mark` (at output size) pasted with its top-left corner at `at` (canvas pixels) once shrunk."""
    corner = (round(at[0] / SUPERSAMPLE), round(at[1] / SUPERSAMPLE))
    at_output_size(draw, lambda out: out._image.paste(mark, corner))  # type: ignore[attr-defined]


def _drawn_large(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw], None]) -> Image.Image:
    """A small mark drawn on the panel's ground at canvas size and shrunk, so its edges are smooth."""
    large = Image.new("RGB", (size[0] + SUPERSAMPLE, size[1] + SUPERSAMPLE), PANEL_FILL)
    paint(ImageDraw.Draw(large))
    return large.reduce(SUPERSAMPLE)


@lru_cache(maxsize=64)
def _pointer(half: int) -> Image.Image:
    """The pointer before the line of whoever is to play: a triangle `half` high above its middle."""
    return _drawn_large((round(half * 1.5), 2 * half),
                        lambda draw: draw.polygon([(0, 0), (half * 1.5, half), (0, 2 * half)], fill=ACCENT))


@lru_cache(maxsize=256)
def _swatch(side: int, colour: RGB) -> Image.Image:
    """A player's colour: a small rounded square, rimmed in ink."""
    return _drawn_large((side, side), lambda draw: draw.rounded_rectangle(
        (0, 0, side, side), radius=side / 5, fill=colour, outline=INK, width=SUPERSAMPLE))


@dataclass(frozen=True)
class SidePanel:
    """The panel to the right of a board, and the size of the picture that holds both.

    Its top is level with the board's; when it holds more lines than the board is tall, the
    picture grows downwards rather than the text shrinking, so it stays readable on a phone.
    """

    width: int
    gap: int = 24 * SUPERSAMPLE  # between the board (with its labels) and the panel
    padding: int = 16 * SUPERSAMPLE
    margin: int = 16 * SUPERSAMPLE  # right of and under the panel

    def left(self, board_right: float) -> int:
        return round(board_right + self.gap)

    def picture_size(self, board_right: float, board_bottom: float, top: float,
                     lines: Sequence[PanelLine]) -> tuple[int, int]:
        """(width, height) of a picture whose board ends at `board_right` and, labels included,
        at `board_bottom`, with this panel beside it from `top` down."""
        height = round(max(board_bottom, top + panel_height(lines, self.padding, self.width) + self.margin))
        return (self.left(board_right) + self.width + self.margin, height)

    def draw(self, draw: ImageDraw.ImageDraw, board_right: float, top: float, picture_height: int,
             lines: Sequence[PanelLine]) -> None:
        left = self.left(board_right)
        draw_panel(draw, (left, round(top), left + self.width, picture_height - self.margin), lines, self.padding)


SHOWN_TEXT = 29 * SUPERSAMPLE
"""The text size of a board drawn for Discord's size (`SHOWN`), a picture about 1,100 px wide: a
label in capitals or digits is then `LEGIBLE` screen pixels tall where Discord shows it. A label of
lower-case letters alone ("a", "out") is shorter for the same size and needs more."""
SHOWN_WIDTH = 1080 * SUPERSAMPLE
"""The canvas width of a board drawn for Discord's size: a little under twice `SHOWN`'s width, so
`SHOWN_TEXT` reads there with a pixel to spare."""
SHOWN_HEIGHT = SHOWN_WIDTH * SHOWN[1] // SHOWN[0]
"""The tallest such a board may be and still be fitted into `SHOWN` by its width."""


@dataclass(frozen=True)
class KeyRoom:
    """Where the key under a board goes: its left edge, its top (under the board's labels) and its width."""

    left: float
    top: float
    width: float


@dataclass(frozen=True)
class Laid:
    """A picture laid out by a `Column`: its size, the key entries under the board and those beside it."""

    size: tuple[int, int]
    under: list[KeyEntry]
    beside: list[KeyEntry]


@dataclass(frozen=True)
class Column:
    """The side panel, and the key, round a board drawn for Discord's size (`SHOWN_WIDTH` wide). The
    picture is landscape (Discord fits it by its width) and no taller than `SHOWN_HEIGHT`, so what is
    not the board stands beside it: the panel, only as tall as its lines, right of the board, and
    the key in the room left: as many rows as fit under the board (`key_room`), the rest under the
    panel. The column fills the picture from the board's right edge (`board_right`, its labels
    included) to `SHOWN_WIDTH`, its top level with the board's (`top`)."""

    board_right: float
    top: float
    key_room: KeyRoom
    gap: int = 20 * SUPERSAMPLE  # between the board (with its labels) and the column
    margin: int = 6 * SUPERSAMPLE  # right of and under the column
    padding: int = 10 * SUPERSAMPLE
    key_gap: int = 4 * SUPERSAMPLE  # between the panel and the key
    key_text: int = SHOWN_TEXT

    @property
    def left(self) -> int:
        return round(self.board_right + self.gap)

    @property
    def width(self) -> int:
        return SHOWN_WIDTH - self.left - self.margin

    def _panel_bottom(self, lines: Sequence[PanelLine]) -> int:
        return round(self.top + panel_height(lines, self.padding, self.width)) if lines else round(self.top)

    def lay(self, lines: Sequence[PanelLine], key: Sequence[KeyEntry]) -> Laid:
        """The picture of a board with these panel `lines` and `key` (the long entries best first: they
        fit the rows under the board, where the short ones pair up beside it)."""
        room = self.key_room
        under, beside = split_key(key, room.width, SHOWN_HEIGHT - room.top, self.key_text)
        below = room.top + key_height(under, room.width, self.key_text)
        column = self._panel_bottom(lines) + self.key_gap + key_height(beside, self.width, self.key_text)
        return Laid((SHOWN_WIDTH, round(max(below, column + self.margin))), under, beside)

    def draw(self, draw: ImageDraw.ImageDraw, lines: Sequence[PanelLine], laid: Laid) -> None:
        """The keys, then the panel (painted at output size, after the shrink)."""
        room, bottom = self.key_room, self._panel_bottom(lines)
        draw_key(draw, laid.under, room.left, room.top, room.width, self.key_text)
        draw_key(draw, laid.beside, self.left, bottom + self.key_gap, self.width, self.key_text)
        if lines:
            draw_panel(draw, (self.left, round(self.top), self.left + self.width, bottom), lines, self.padding)


PNG_COLOURS = 256
"""Boards are drawn in a few dozen flat colours plus their smoothed edges: a 256-colour palette
keeps them crisp, makes the file half the size of full colour, and encodes ten times faster."""

PNG_LEVEL = 1
"""Deflate level for the palette picture (ISA-L's levels run 0-3): 1 is as fast as storing the rows
and makes smaller files than zlib's fastest; a busy board stays far below 300 KB."""

PALETTE_SAMPLE = 4
"""The palette is chosen from every 4th pixel each way: the colours of a board cover areas far
larger than that, and choosing from a sixteenth of the pixels is what keeps encoding cheap."""


def encode_png(canvas: Image.Image) -> bytes:
    """Shrink the supersampled RGB canvas (a box filter: fast, and enough to smooth edges), reduce
    it to a 256-colour palette chosen from a sample of its pixels, and encode it as PNG.

    Deterministic on purpose: no text chunks, no timestamp, a fixed quantizer and compression
    level, so the same view always gives the same bytes and tests can compare them.
    """
    size = _picture_size(canvas)
    picture = _shrunk(canvas, size)
    _draw_later(canvas, picture)
    _finish(size)
    width, height = picture.size
    sample = picture.resize((max(1, width // PALETTE_SAMPLE), max(1, height // PALETTE_SAMPLE)),
                            Image.Resampling.NEAREST)
    palette = sample.quantize(PNG_COLOURS, method=Image.Quantize.FASTOCTREE)
    return palette_png(picture.quantize(palette=palette, dither=Image.Dither.NONE))


def palette_png(picture: Image.Image) -> bytes:
    """`picture` (mode P) as an 8-bit palette PNG, its rows unfiltered (filters do not pay on flat
    palette pictures) and deflated by ISA-L (`isal`). Pillow's own writer deflates with zlib, whose
    fastest level took a fifth of a board's drawing; ISA-L's level 1 takes a sixth of that time for a
    smaller file, and the pixels are the same."""
    width, height = picture.size
    rows = Image.new("P", (width + 1, height), 0)  # each row opens with its filter type: 0, none
    rows.paste(picture, (1, 0))
    colours = bytes(picture.getpalette("RGB") or (0, 0, 0))
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),  # 8 bits, palette
        _chunk(b"PLTE", colours[:3 * 256]),
        _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), PNG_LEVEL)),
        _chunk(b"IEND", b""),
    ))


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: its length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _shrunk(canvas: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The picture of `size` canvas pixels shrunk to output size. A board whose side panel is drawn at
    output size (`draw_panel`) left the canvas right of the panel's left edge as its base was: that
    part is taken from the base's own shrunk picture, and only the rest is shrunk, a third less of the
    heaviest step of a board. Taken only where no label or model of this picture reaches into it and
    nothing was drawn after the panel; else the whole canvas is shrunk."""
    aside: tuple[Image.Image, int, int, int] | None = getattr(_WORK, "aside", None)
    base = _painting(canvas)
    _WORK.aside = None
    width, height = size
    whole = (0, 0, width, height)
    if aside is None or base is None or aside[0] is not canvas or base.table is not None:
        return canvas.reduce(SUPERSAMPLE, whole)  # (a table's circuit drawn on the canvas may reach past the edge)
    _, split, before, after = aside
    beside = (split, 0, width, height)
    sheet = labels()
    if (not 0 < split < width or len(sheet.drawn) != after
            or any(overlap(label.box, beside) > 0 for label in sheet.drawn[base.labels_from:before])
            or any(overlap(clear, beside) > 0 for clear in sheet.clear)):
        return canvas.reduce(SUPERSAMPLE, whole)
    with _BASES_LOCK:  # a drawing thread of the bot's own may be lending this base's memory to another
        strip = None if base.kept.retired else base.kept.strip(split)
    if strip is None:
        return canvas.reduce(SUPERSAMPLE, whole)
    if base.clean_rows:  # nothing of this picture lies right of `split`: the canvas still has the base there
        _clean_parts()[canvas.size] = (base.kept, split, base.clean_rows)
    out = (-(-width // SUPERSAMPLE), -(-height // SUPERSAMPLE))
    pictures: dict[tuple[int, int], Image.Image] = getattr(_WORK, "pictures", None) or {}
    _WORK.pictures = pictures
    if out not in pictures:  # the two parts pasted below cover it whole: its memory is used again
        if len(pictures) >= CANVASES_KEPT:
            pictures.clear()
        pictures[out] = Image.new("RGB", out)
    picture = pictures[out]
    picture.paste(canvas.reduce(SUPERSAMPLE, (0, 0, split, height)), (0, 0))
    picture.paste(strip, (split // SUPERSAMPLE, 0))  # the base is taller: cut at the foot
    if height % SUPERSAMPLE:  # the base's last row was shrunk from one more row of the (taller) base
        picture.paste(canvas.reduce(SUPERSAMPLE, (split, height - 1, width, height)),
                      (split // SUPERSAMPLE, height // SUPERSAMPLE))
    return picture


@dataclass(eq=False)
class _Kept:
    """A base as kept: its picture (over `memory`, see `_mapped`), its labels, the height it was drawn
    for (its memory may be taller: recycled), and the part of it right of a side panel's edge shrunk
    to output size (`_shrunk`)."""

    image: Image.Image
    memory: bytearray
    labels: Labels
    height: int
    strips: dict[int, Image.Image] = field(default_factory=dict)
    retired: bool = False  # its memory was lent to another base (`_recycled`)

    def strip(self, split: int) -> Image.Image:
        """The base from canvas column `split` to its right edge, shrunk, made when first asked for."""
        if split not in self.strips:
            self.strips[split] = self.image.reduce(SUPERSAMPLE, (split, 0, *self.image.size))
        return self.strips[split]


_BASES: OrderedDict[tuple[Hashable, int], _Kept] = OrderedDict()
BASES_KEPT = 16
"""Base pictures kept per process (each about 20 MB): the ground and grids of every game in use,
which are the same for every table of a game (a circuit's ground too, and two of its circuits)."""
CANVASES_KEPT = 10
"""Canvases kept per drawing thread, one per size of picture (about one per game): a board is drawn
over the last one's memory of its size, whatever base it had (new memory costs its page faults)."""
BASES_PER_GAME = 2
"""Of which one game keeps at most this many: a game whose ground differs from table to table (a
circuit laid out per race) would otherwise push every other game's base out on a busy bot."""


def _keep(cache: OrderedDict[tuple[Hashable, int], Any], entry: tuple[Hashable, int]) -> None:
    """Make `entry` the newest in `cache` and drop the oldest beyond the limits above."""
    cache.move_to_end(entry)
    family = _game_of(entry[0])
    mine = [e for e in cache if _game_of(e[0]) == family]
    for old in mine[:-BASES_PER_GAME]:
        del cache[old]
        _pushed_out(old)
    while len(cache) > BASES_KEPT:
        _pushed_out(cache.popitem(last=False)[0])


_PUSHED_OUT: OrderedDict[tuple[Hashable, int], None] = OrderedDict()
PUSHED_OUT_KEPT = 1024
"""How many bases pushed out are remembered (keys only): a table's base pushed out once is drawn on
its canvas after that (`base_canvas`)."""


def _pushed_out(entry: tuple[Hashable, int]) -> None:
    _PUSHED_OUT[entry] = None
    _PUSHED_OUT.move_to_end(entry)
    while len(_PUSHED_OUT) > PUSHED_OUT_KEPT:
        _PUSHED_OUT.popitem(last=False)


def _game_of(key: Hashable) -> Hashable:
    """The game a base's key belongs to: its first part (renderers key a base by their slug first)."""
    return key[0] if isinstance(key, tuple) and key else key


Layer = tuple[Hashable, Callable[[ImageDraw.ImageDraw], None]]
"""A drawing kept per process as a base: its key (the game's slug first) and how to draw it."""


def base_canvas(key: Hashable, size: tuple[int, int], draw_base: Callable[[ImageDraw.ImageDraw], None],
                *, ground: Layer | None = None) -> Image.Image:
    """A canvas with what every board of a game starts with (ground, grid, labels) already drawn.
    `draw_base` runs once per `key` and width; later pictures start from the stored base, which is
    many times faster than drawing a grid of lines and labels again. The canvas belongs to the
    calling thread and is handed out again by its next call for the same base: draw and encode it
    before then.

    The side panel makes a picture taller or shorter from one move to the next, so a base is not
    kept per height: it is drawn at the tallest height asked for so far and a shorter picture is its
    top part (`encode_png` encodes only the picture's own size). With a base kept per height, a busy
    bot drew a base for every other board. So `draw_base` must draw the same pixels above any
    height whatever height it is given (a ground filled down to the bottom is fine).

    A game whose base differs from table to table (a circuit laid out per race) names the `ground`
    its bases share (the track and its inch grid, the same at every table): it is kept as a base of
    its own, and `draw_base` draws the table's own parts over a copy of it. A busy bot draws such a
    game's base at nearly every board, and the grid was half of it.

    It also begins the picture's labels (`labels()`) with the base's own, such as the inch marks,
    so what is drawn over the base is placed clear of them too."""
    entry = (key, size[0])
    work: OrderedDict[tuple[int, int], Image.Image] = getattr(_WORK, "canvases", None) or OrderedDict()
    _WORK.canvases = work
    with _BASES_LOCK:  # threads share the bases (a drawing thread of the bot's own); a recycled one is redrawn
        # a table's base that was pushed out before is not drawn again to be kept: its own parts are
        # drawn on the canvas over the ground (below); on a busy bot such a base would be pushed out
        # again before its table's next board, and copying it in and out cost as much as drawing it
        direct = ground is not None and entry not in _BASES and entry in _PUSHED_OUT
        kept = (_stored((ground[0], size[0]), size, ground[1]) if ground is not None and direct
                else _stored(entry, size, draw_base, ground))
        base, base_labels = kept.image, kept.labels
        canvas = work.get(base.size)
        clean = _clean_parts().pop(base.size, None)  # until this picture is shrunk without reaching past it
        if canvas is None:
            canvas = work[base.size] = base.copy()
            clean_rows = base.height
        else:
            clean_rows = _lay(canvas, kept, size[1], clean)
    _begin(Labels(size, base_labels.drawn, base_labels.cut))
    work.move_to_end(base.size)
    while len(work) > CANVASES_KEPT:
        work.popitem(last=False)
    _WORK.base = _Painting(canvas, kept, len(base_labels.drawn), size, clean_rows, entry if direct else None)
    _WORK.later = _WORK.aside = None  # a picture left unfinished on this canvas leaves nothing to the next
    if direct:
        draw_base(ImageDraw.Draw(canvas))
    return canvas


_BASES_LOCK = threading.Lock()


@dataclass(frozen=True, eq=False)
class _Painting:
    """The picture being painted on a thread's base canvas: over which base, how many of its labels
    are the base's own, its size (the canvas may be taller), and how many rows of the canvas right of
    the side panel's edge are known to be the base's (`_lay`); and, for a table's base drawn on the
    canvas over its ground, which base it is (see `base_canvas`)."""

    canvas: Image.Image
    kept: _Kept
    labels_from: int
    size: tuple[int, int]
    clean_rows: int
    table: Hashable | None = None  # the base whose own parts were drawn on the canvas over `kept`, its ground


def _painting(canvas: Image.Image) -> _Painting | None:
    """The picture being painted on `canvas`, if it is this thread's base canvas."""
    painting: _Painting | None = getattr(_WORK, "base", None)
    return painting if painting is not None and painting.canvas is canvas else None


def _clean_parts() -> dict[tuple[int, int], tuple[_Kept, int, int]]:
    """Per canvas of this thread (by size): the base its part right of a side panel's edge still holds
    untouched, that edge, and for how many rows. Set once a picture was shrunk without reaching past
    the edge (`_shrunk`); taken away while a picture is painted on the canvas."""
    parts: dict[tuple[int, int], tuple[_Kept, int, int]] | None = getattr(_WORK, "clean", None)
    if parts is None:
        parts = _WORK.clean = {}
    return parts


def _lay(canvas: Image.Image, kept: _Kept, rows: int, clean: tuple[_Kept, int, int] | None) -> int:
    """Lay `kept`'s base on `canvas` for a picture `rows` high, and return how many rows of the canvas
    right of the side panel's edge are the base's now. Only the picture's rows are laid (a base is as
    tall as the tallest picture so far), and the part right of the panel's edge only when the canvas
    does not hold it already: a board's picture never reaches there (else `_shrunk` says so), and that
    part, a third of the canvas, cost a third of laying the base."""
    width = canvas.width
    if clean is not None and clean[0] is kept and clean[2] >= rows:
        canvas.paste(_mapped(kept.memory, width, (clean[1], rows)), (0, 0))
        return clean[2]
    canvas.paste(_mapped(kept.memory, width, (width, rows)), (0, 0))
    return rows


def _mapped(memory: bytearray, width: int, size: tuple[int, int]) -> Image.Image:
    """The top left `size` of the RGB picture `width` pixels wide held in `memory`, sharing its pixels:
    laying part of a base on a canvas then copies that part once, where Pillow's `crop` would copy it
    twice. Pillow keeps RGB at four bytes a pixel; `test_render_bases` checks this against `crop`."""
    return Image.new("RGB", (0, 0))._new(Image.core.map_buffer(memory, size, "raw", 0, ("RGB", width * 4, 1)))


def _stored(entry: tuple[Hashable, int], size: tuple[int, int], draw_base: Callable[[ImageDraw.ImageDraw], None],
            ground: Layer | None = None) -> _Kept:
    """The base of `entry`, drawn for at least `size`, drawn now when it is not kept (over its `ground`)."""
    stored = _BASES.get(entry)
    if stored is None or stored.height < size[1]:
        memory, base = _recycled(entry, size, blank=ground is None)
        if ground is None:
            base_labels = _begin(Labels(size))
        else:
            under = _stored((ground[0], size[0]), base.size, ground[1])
            base.paste(_mapped(under.memory, under.image.width, base.size), (0, 0))
            base_labels = _begin(Labels(size, under.labels.drawn, under.labels.cut))
        draw_base(ImageDraw.Draw(base))
        stored = _BASES[entry] = _Kept(base, memory, base_labels, size[1])
    _keep(_BASES, entry)
    return stored


def _recycled(entry: tuple[Hashable, int], size: tuple[int, int], *, blank: bool = True
              ) -> tuple[bytearray, Image.Image]:
    """The memory for `entry`'s new base (filled with the background when `blank`, else to be drawn
    over whole): the base of the same game that it pushes out when that one is large enough, else new
    memory. A game whose base differs from table to table pushes one out at nearly every board of a
    busy bot, and taking new memory each time cost as much again as drawing it."""
    family = _game_of(entry[0])
    mine = [e for e in _BASES if e != entry and _game_of(e[0]) == family]
    if len(mine) >= BASES_PER_GAME:
        victim = mine[0]
        old = _BASES[victim]
        if old.image.width == size[0] and old.image.height >= size[1]:
            _BASES.pop(victim).retired = True
            _pushed_out(victim)
            if blank:
                old.image.paste(BACKGROUND, (0, 0, *old.image.size))
            return old.memory, old.image
    memory = bytearray(size[0] * size[1] * 4)
    base = _mapped(memory, size[0], size)
    base.paste(BACKGROUND, (0, 0, *size))
    return memory, base


def _picture_size(canvas: Image.Image) -> tuple[int, int]:
    """The size of the picture painted on `canvas`: a base canvas may be taller than its picture."""
    painting = _painting(canvas)
    return painting.size if painting is not None else canvas.size


_WORK = threading.local()
"""Each thread's canvases, one per size: a new picture is painted over the last one's memory
(copying a base into fresh memory costs several times more, in page faults, than the copy)."""


# -- drawings in unit coordinates ----------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """A square area of the canvas in which a drawing is laid out in unit coordinates.

    (0, 0) is the centre, -0.5..0.5 the edges, y grows downwards. Drawings written
    this way work at any size: the same icon fills a board square or a small badge.
    """

    cx: float
    cy: float
    size: float

    def at(self, u: float, v: float) -> tuple[float, float]:
        return (self.cx + u * self.size, self.cy + v * self.size)

    def box(self, u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        return (*self.at(u0, v0), *self.at(u1, v1))

    def oval(self, u: float, v: float, ru: float, rv: float) -> tuple[float, float, float, float]:
        """The bounding box of an ellipse centred at (u, v) with radii (ru, rv)."""
        return self.box(u - ru, v - rv, u + ru, v + rv)

    def part(self, u: float, v: float, size: float) -> Frame:
        """A smaller frame inside this one, for a badge or an icon in a corner."""
        return Frame(*self.at(u, v), size * self.size)


# -- the key: what each symbol on a board means -----------------------------------------------------

Icon = Callable[[ImageDraw.ImageDraw, Frame], None]
"""A symbol drawn small in a frame, as a key shows it (unit coordinates, see `Frame`)."""


def path_icon(draw: ImageDraw.ImageDraw, f: Frame, colour: RGB = ACCENT) -> None:
    """A move drawn this turn: an arrow, as the boards draw a model's path."""
    arrow(draw, [f.at(-0.5, 0.25), f.at(0.5, -0.2)], colour, head=f.size * 0.35)


def heading_icon(draw: ImageDraw.ImageDraw, f: Frame) -> None:
    """Headings in degrees: a dial with 0° pointing east and 90° north."""
    width = 2 * SUPERSAMPLE
    draw.arc(f.box(-0.45, -0.45, 0.45, 0.45), 0, 360, fill=MUTED, width=width)
    draw.line((f.at(0, 0), f.at(0.45, 0)), fill=ACCENT, width=width)
    draw.line((f.at(0, 0), f.at(0, -0.45)), fill=TEXT, width=width)


@dataclass(frozen=True)
class KeyEntry:
    """One symbol of a board explained: its picture, drawn small, and a few words."""

    icon: Icon
    text: str


KEY_TEXT = 20 * SUPERSAMPLE
"""The key's text size on a board drawn for a full screen; a board drawn for Discord's size passes
its own (`SHOWN_TEXT`)."""
KEY_GAP = 26 * SUPERSAMPLE
"""Room between two entries of a row."""


def _key_icon(size: int) -> int:
    """The side of a key's icon for text of `size`."""
    return round(size * 1.5)


def _key_pitch(size: int) -> int:
    """The height of a key's row of one line, for text of `size`."""
    return round(size * 1.8)


def _key_rows(entries: Sequence[KeyEntry], width: float, size: int) -> list[list[tuple[KeyEntry, list[str]]]]:
    """Entries flowed into rows `width` wide, each with its text in lines (wrapped only when one
    entry alone is wider than a row)."""
    face = font(size)
    text_room = width - _key_icon(size) - KEY_GAP / 2
    rows: list[list[tuple[KeyEntry, list[str]]]] = [[]]
    used = 0.0
    for entry in entries:
        lines = wrap(entry.text, face, text_room)
        need = _key_icon(size) + KEY_GAP / 2 + max(face.getlength(line) for line in lines)
        if rows[-1] and used + KEY_GAP + need > width:
            rows.append([])
            used = 0.0
        used += (KEY_GAP if rows[-1] else 0) + need
        rows[-1].append((entry, lines))
    return [row for row in rows if row]


def _key_row_height(row: Sequence[tuple[KeyEntry, list[str]]], size: int) -> int:
    return _key_pitch(size) + round(size * LINE_PITCH) * (max(len(lines) for _, lines in row) - 1)


def split_key(entries: Sequence[KeyEntry], width: float, height: float, size: int = KEY_TEXT
              ) -> tuple[list[KeyEntry], list[KeyEntry]]:
    """The entries whose rows fit a key `width` wide and `height` tall (in order), and the rest: a
    board drawn for Discord's size puts the first under itself and the rest beside it."""
    fitting: list[KeyEntry] = []
    for row in _key_rows(entries, width, size):
        if key_height([*fitting, *(entry for entry, _ in row)], width, size) > height:
            break
        fitting += [entry for entry, _ in row]
    return fitting, list(entries[len(fitting):])


def key_height(entries: Sequence[KeyEntry], width: float, size: int = KEY_TEXT) -> int:
    """How tall the key of these entries is when it is `width` wide, its text `size` (0 for no entries)."""
    if not entries:
        return 0
    return sum(_key_row_height(row, size) for row in _key_rows(entries, width, size)) + _key_pitch(size) // 3


def draw_key(draw: ImageDraw.ImageDraw, entries: Sequence[KeyEntry], left: float, top: float,
             width: float, size: int = KEY_TEXT) -> None:
    """The entries in rows from (`left`, `top`): each symbol drawn small, then its words, in text of `size`.

    On a board's base canvas the key drawn is kept (per thread, by base, place and entries) and later
    pasted whole: a game's key changes seldom (only its entries' symbols appear, as the board shows
    them) and drawing its icons and words was a twentieth of a board. It is pasted only where the
    picture still shows its base (no label or model of this picture reaches into it), so the pixels
    are those the drawing would give."""
    place = _key_place(draw, entries, left, top, width, size)
    if place is None:
        _draw_key(draw, entries, left, top, width, size)
        return
    canvas, box, memo = place
    sheet = labels()
    kept: OrderedDict[Hashable, tuple[Image.Image, list[Label]]] = getattr(_WORK, "keys", None) or OrderedDict()
    _WORK.keys = kept
    if memo in kept:
        picture, added = kept[memo]
        Image.Image.paste(canvas, picture, box[:2])
        sheet.drawn.extend(added)
        kept.move_to_end(memo)
        return
    before = len(sheet.drawn)
    _draw_key(draw, entries, left, top, width, size)
    kept[memo] = (canvas.crop(box), sheet.drawn[before:])
    while len(kept) > KEYS_KEPT:
        kept.popitem(last=False)


KEYS_KEPT = 24
"""Keys kept per thread (each a strip of a board, a MB or two): a few per game in use."""
KEY_ROOM = 6 * SUPERSAMPLE
"""Beyond the key's rows and width, how far an icon's outline may reach: kept with the key."""


def _key_place(draw: ImageDraw.ImageDraw, entries: Sequence[KeyEntry], left: float, top: float, width: float,
               size: int) -> tuple[Image.Image, Box, Hashable] | None:
    """Where a key drawn on a board's base canvas lies, and what it is kept by; None when it cannot be
    kept (not on a base canvas, an icon that cannot be named, or the picture already reaches into it)."""
    canvas = getattr(draw, "_image", None)
    base = None if canvas is None else _painting(canvas)
    if canvas is None or base is None:
        return None
    box = (max(0, math.floor(left - KEY_ROOM)), max(0, math.floor(top)),
           min(canvas.width, math.ceil(left + width + KEY_ROOM)),
           min(base.size[1], math.ceil(top + key_height(entries, width, size) + KEY_ROOM)))  # the picture's rows
    sheet = labels()
    if any(overlap(label.box, box) > 0 for label in sheet.drawn[base.labels_from:]) or any(
            overlap(clear, box) > 0 for clear in sheet.clear):
        return None
    try:
        memo = (base.kept, base.table, box, size, tuple((_icon_name(entry.icon), entry.text) for entry in entries))
        hash(memo)
    except TypeError:
        return None
    return canvas, box, memo


def _icon_name(icon: Icon) -> Hashable:
    """An icon as a key of the kept keys: the function, and the arguments a `partial` gives it."""
    if isinstance(icon, partial):
        return (icon.func, icon.args, tuple(sorted(icon.keywords.items())))
    return icon


def _draw_key(draw: ImageDraw.ImageDraw, entries: Sequence[KeyEntry], left: float, top: float,
              width: float, size: int) -> None:
    face, icon, pitch = font(size), _key_icon(size), _key_pitch(size)
    y = top + pitch // 3
    for row in _key_rows(entries, width, size):
        x = left
        middle = y + pitch / 2
        for entry, lines in row:
            entry.icon(draw, Frame(x + icon / 2, middle, icon))
            text_x = x + icon + KEY_GAP / 2
            for k, line in enumerate(lines):
                write(draw, (text_x, middle + k * size * LINE_PITCH), line, face, TEXT, anchor="lm")
            x = text_x + max(face.getlength(line) for line in lines) + KEY_GAP
        y += _key_row_height(row, size)
