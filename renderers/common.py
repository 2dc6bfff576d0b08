"""Drawing pieces every game's renderer shares: colours, fonts, text, the side panel, PNG.

Renderers draw on a canvas `SUPERSAMPLE` times larger than the picture they
return and shrink it at the end (`encode_png`), because Pillow draws shapes
without anti-aliasing: shrinking smooths the edges of tokens and terrain.
All sizes given to this module are canvas pixels. The larger pieces a board is built
from (an inch table, a square grid, cards, a map of areas) are in `renderers.kits`.
"""

from __future__ import annotations

import io
import itertools
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont

SUPERSAMPLE = 2
"""Canvas pixels per output pixel."""

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
    """Pillow's font that keeps the glyph masks it has rendered and the lengths it has measured: a
    board repeats the same labels (square names, badges, panel lines) picture after picture, and
    laying out text is a large share of drawing one. Neither depends on the colour."""

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
    """`text` cut down with an ellipsis until it fits `width`, so long names never overflow."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


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
            draw.text(at, line, font=face, fill=fill, anchor="mm", stroke_width=max(1, face.size // 10),
                      stroke_fill=halo)
        else:
            draw.text(at, line, font=face, fill=fill, anchor="mm")


def outlined_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB = TEXT,
    outline: RGB = INK,
    anchor: str = "la",
) -> None:
    """Text with a dark outline, readable on any board colour underneath."""
    draw.text(xy, text, font=face, fill=fill, anchor=anchor, stroke_width=max(2, face.size // 8), stroke_fill=outline)


def bold_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB = TEXT,
    anchor: str = "la",
) -> None:
    """Heavier strokes for short labels that must read at a glance; Pillow's font has no bold cut."""
    draw.text(xy, text, font=face, fill=fill, anchor=anchor, stroke_width=max(1, face.size // 24), stroke_fill=fill)


def shadowed_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB = TEXT,
    anchor: str = "la",
) -> None:
    """Text with a soft drop shadow: lifts headings off the background without a heavy outline."""
    offset = max(1, face.size // 14)
    draw.text((xy[0] + offset, xy[1] + offset), text, font=face, fill=INK, anchor=anchor)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)


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


def inch_labels(draw: ImageDraw.ImageDraw, at: Callable[[float, float], tuple[float, float]], inches: int,
                below: float, left: float, size: int = 22 * SUPERSAMPLE) -> None:
    """The inch marks every 6" along the bottom and the left of a board."""
    face = font(size)
    for k in range(0, inches + 1, 6):
        shadowed_text(draw, (at(k, 0)[0], below), f'{k}"', face, anchor="mm")
        shadowed_text(draw, (left, at(0, k)[1]), str(k), face, anchor="mm")


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


def title(text: str) -> PanelLine:
    return PanelLine(text, size=38 * SUPERSAMPLE, colour=ACCENT)


def heading(text: str) -> PanelLine:
    return PanelLine(text, size=24 * SUPERSAMPLE, colour=MUTED, space_before=18 * SUPERSAMPLE)


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


def feat_lines(feats: Mapping[str, str], entrants: Mapping[str, Entrant]) -> list[PanelLine]:
    """Feats in the order they were earned, each after its earner's name and colour."""
    lines = [heading("Feats")]
    if not feats:
        return [*lines, PanelLine("none yet", size=SMALL_TEXT, colour=MUTED)]
    for feat, player in feats.items():
        name, swatch = _named(player, entrants)
        lines.append(PanelLine(f"{name}: {feat}", size=SMALL_TEXT, swatch=swatch))
    return lines


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def placing_lines(placings: Sequence[Sequence[str]], entrants: Mapping[str, Entrant],
                  notes: Mapping[str, str] | None = None) -> list[PanelLine]:
    """Placings best first; tied players share the better place, marked with '='."""
    lines = [heading("Final placings")]
    place = 1
    for group in placings:
        tie = "=" if len(group) > 1 else ""
        for player in group:
            name, swatch = _named(player, entrants)
            lines.append(PanelLine(f"{tie}{ordinal(place)}  {name}", colour=ACCENT if place == 1 else TEXT,
                                   swatch=swatch, note=(notes or {}).get(player, "")))
        place += len(group)
    return lines


def _line_height(line: PanelLine) -> int:
    return line.space_before + round(line.size * 1.4)


def panel_height(lines: Sequence[PanelLine], padding: int) -> int:
    """How tall a panel of these lines is, so the picture can grow to fit it."""
    return 2 * padding + sum(_line_height(line) for line in lines)


def draw_panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    lines: Sequence[PanelLine],
    padding: int,
) -> None:
    """A rounded side panel in `box` with the lines top to bottom; text that is too long is cut."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=padding, fill=shade(BACKGROUND, 0.75))
    indent = left + padding + 44 * SUPERSAMPLE  # room for the pointer and the swatch
    y = top + padding
    for line in lines:
        y += line.space_before
        _draw_panel_line(draw, line, left + padding, indent, right - padding, y)
        y += _line_height(line) - line.space_before


def _draw_panel_line(draw: ImageDraw.ImageDraw, line: PanelLine, left: int, indent: int, right: int, y: int) -> None:
    face = font(line.size)
    middle = y + line.size * 0.6
    x = indent if line.swatch is not None or line.marked else left
    if line.marked:
        half = line.size * 0.32
        draw.polygon([(left, middle - half), (left + half * 1.5, middle), (left, middle + half)], fill=ACCENT)
    if line.swatch is not None:
        side = line.size * 0.72
        swatch_right = indent - 8 * SUPERSAMPLE
        draw.rounded_rectangle(
            (swatch_right - side, middle - side / 2, swatch_right, middle + side / 2),
            radius=side / 5,
            fill=line.swatch,
            outline=INK,
            width=SUPERSAMPLE,
        )
    if line.note:
        note_face = font(round(line.size * 0.85))
        draw.text((right, middle), line.note, font=note_face, fill=MUTED, anchor="rm")
        right -= round(note_face.getlength(line.note + "  "))
    text = fit(line.text, face, right - x)
    draw.text((x, middle), text, font=face, fill=line.colour, anchor="lm")
    if line.struck:
        thickness = max(SUPERSAMPLE, line.size // 10)
        draw.line((x, middle, x + face.getlength(text), middle), fill=line.colour, width=thickness)


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
        height = round(max(board_bottom, top + panel_height(lines, self.padding) + self.margin))
        return (self.left(board_right) + self.width + self.margin, height)

    def draw(self, draw: ImageDraw.ImageDraw, board_right: float, top: float, picture_height: int,
             lines: Sequence[PanelLine]) -> None:
        left = self.left(board_right)
        draw_panel(draw, (left, round(top), left + self.width, picture_height - self.margin), lines, self.padding)


PNG_COLOURS = 256
"""Boards are drawn in a few dozen flat colours plus their smoothed edges: a 256-colour palette
keeps them crisp, makes the file half the size of full colour, and encodes ten times faster."""

PNG_LEVEL = 1
"""zlib level for the palette picture: the fastest; a busy board stays far below 300 KB."""

PALETTE_SAMPLE = 4
"""The palette is chosen from every 4th pixel each way: the colours of a board cover areas far
larger than that, and choosing from a sixteenth of the pixels is what keeps encoding cheap."""


def encode_png(canvas: Image.Image) -> bytes:
    """Shrink the supersampled RGB canvas (a box filter: fast, and enough to smooth edges), reduce
    it to a 256-colour palette chosen from a sample of its pixels, and encode it as PNG.

    Deterministic on purpose: no text chunks, no timestamp, a fixed quantizer and compression
    level, so the same view always gives the same bytes and tests can compare them.
    """
    picture = canvas.reduce(SUPERSAMPLE)
    width, height = picture.size
    sample = picture.resize((max(1, width // PALETTE_SAMPLE), max(1, height // PALETTE_SAMPLE)),
                            Image.Resampling.NEAREST)
    palette = sample.quantize(PNG_COLOURS, method=Image.Quantize.FASTOCTREE)
    picture = picture.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", compress_level=PNG_LEVEL, optimize=False)
    return buffer.getvalue()


_BASES: OrderedDict[tuple[Hashable, tuple[int, int]], Image.Image] = OrderedDict()
BASES_KEPT = 12
"""Base pictures kept per process (each a few MB): the ground and grids of every game and panel
height in use, which are the same for every table of a game."""

_WORK = threading.local()
"""Each thread's canvases, one per base: a new picture is painted over the last one's memory
(copying a base into fresh memory costs several times more, in page faults, than the copy)."""


def base_canvas(key: Hashable, size: tuple[int, int], draw_base: Callable[[ImageDraw.ImageDraw], None]
                ) -> Image.Image:
    """A canvas with what every board of a game starts with (ground, grid, labels) already drawn.
    `draw_base` runs once per `key` and size; later pictures start from the stored base, which is
    many times faster than drawing a grid of lines and labels again. The canvas belongs to the
    calling thread and is handed out again by its next call for the same base: draw and encode it
    before then."""
    entry = (key, size)
    base = _BASES.get(entry)
    if base is None:
        base = Image.new("RGB", size, BACKGROUND)
        draw_base(ImageDraw.Draw(base))
        _BASES[entry] = base
        while len(_BASES) > BASES_KEPT:
            _BASES.popitem(last=False)
    else:
        _BASES.move_to_end(entry)
    work: OrderedDict[tuple[Hashable, tuple[int, int]], Image.Image] = getattr(_WORK, "canvases", None) or OrderedDict()
    _WORK.canvases = work
    canvas = work.get(entry)
    if canvas is None:
        canvas = work[entry] = base.copy()
        while len(work) > BASES_KEPT:
            work.popitem(last=False)
    else:
        work.move_to_end(entry)
        canvas.paste(base, (0, 0))
    return canvas


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
