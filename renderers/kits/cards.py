"""Playing cards for the card games' boards: a fixed-size box with a colour band and the card's
name, one or two numbers (an attack rating, victory points, a strength), a short note, and
a face-down back that tells nothing but whose card it is.

A card is drawn on a picture of its own and pasted: nothing in it, however long its name,
can spill over a neighbour in a row. The pictures are kept, because a board shows the same
few dozen faces again and again. The words written on a card are labels of the board it is
pasted on, moved to where it lies there: the tests that read a board's labels (none hides
another, none is cut, each is legible where Discord shows the picture) see its cards' names too.

A card wider than it is tall is a strip: just its name and its numbers on its colour, for
boards that show many cards at the size Discord shows a picture. A strip may be `condense`d: its
name is then never smaller than its `text` size, and a strip narrower than the name condenses its
letters instead (they keep their height, which is what makes them legible where Discord shows them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import (
    INK,
    LINE_PITCH,
    MUTED,
    RGB,
    SUPERSAMPLE,
    Font,
    Label,
    apart,
    bold_text,
    dashed,
    draw_lines,
    fit_lines,
    font,
    ink_on,
    labels,
    shade,
    write,
)

CardSize = tuple[int, int]
"""(width, height) in canvas pixels."""

CARD_SIZE: CardSize = (96 * SUPERSAMPLE, 132 * SUPERSAMPLE)
"""Upright, about the proportions of a playing card; a row of six fits a third of a 1200 px picture."""

PAPER: RGB = (246, 238, 218)
BACK: RGB = (96, 70, 48)
SMALLEST_TEXT = 9 * SUPERSAMPLE
"""Below this the bundled font stops being legible once the picture is shrunk; text is cut instead."""


@dataclass(frozen=True)
class CardNumber:
    """A number printed on a card, with the short caption that says what it counts."""

    value: str
    caption: str = ""


@dataclass(frozen=True)
class Card:
    """What a card shows. Face down, only `back` is drawn: the name, numbers and note of a hidden
    card may be left in (the picture never uses them) but a view for others should not carry them."""

    name: str
    colour: RGB  # the band: the card's type or its owner
    numbers: tuple[CardNumber, ...] = ()  # at most two: one is centred, two go to the corners
    note: str = ""  # a short line under the band: a type, a symbol, "crew"
    face_down: bool = False
    back: RGB = BACK  # the colour of the back, such as its owner's
    dot: RGB | None = None  # a small dot in the top-right corner, such as "placed this turn" (a strip: its rim)
    text: int = 0  # a strip's largest name size in canvas pixels (0: as its height allows), alike on a row
    condense: bool = False  # a strip's name always at `text` size, its letters condensed to fit (see `strip_name`)
    ring: tuple[int, int] = (0, 0)  # a ringed strip's ring across and down, in canvas pixels (0, 0: `STRIP_RING`)


def paste_card(canvas: Image.Image, at: tuple[float, float], card: Card, size: CardSize = CARD_SIZE, *,
               ground: RGB | None = None) -> None:
    """The card with its top-left corner at `at`, covering exactly `size` pixels of the canvas, its
    words noted among the canvas's labels where they now lie. On a `ground` known beforehand the
    card is pasted already laid on it (kept, with no mask to blend): a board that pastes many cards
    on one colour pays for their rounded corners once."""
    x, y = round(at[0]), round(at[1])
    if ground is None:
        drawn = _drawn(card, size)
        canvas.paste(drawn.picture, (x, y), drawn.picture)
    else:
        drawn = _on_ground(card, size, ground)
        canvas.paste(drawn.picture, (x, y))
    _note_words(drawn, (x, y))


def _note_words(drawn: _Drawn, at: tuple[int, int]) -> None:
    """The card's words and cut names, moved to where the card lies, on the labels of the picture
    being drawn."""
    sheet = labels()
    for label in drawn.words:
        left, top, right, bottom = label.box
        sheet.add(label.text, (left + at[0], top + at[1], right + at[0], bottom + at[1]))
    sheet.cut.extend(drawn.cut)


def paste_row(canvas: Image.Image, at: tuple[float, float], cards: Sequence[Card | None], size: CardSize = CARD_SIZE,
              gap: int = 6 * SUPERSAMPLE) -> int:
    """Cards side by side from `at`, an empty slot for each None; returns the x where the row ends."""
    x, y = round(at[0]), round(at[1])
    draw = ImageDraw.Draw(canvas)
    for card in cards:
        if card is None:
            empty_slot(draw, (x, y, x + size[0] - 1, y + size[1] - 1))
        else:
            paste_card(canvas, (x, y), card, size)
        x += size[0] + gap
    return x - gap


def empty_slot(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB = MUTED) -> None:
    """The outline of a place a card may go, dashed so it never reads as a card."""
    inset = SUPERSAMPLE  # the line's width lies inside the box
    left, top, right, bottom = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    dashed(draw, [(left, top), (right, top), (right, bottom), (left, bottom), (left, top)], colour, SUPERSAMPLE,
           6 * SUPERSAMPLE)


@dataclass(frozen=True)
class _Drawn:
    """A card's picture, the words written on it (boxes in the picture's own pixels) and any text
    that had to be cut to fit."""

    picture: Image.Image
    words: tuple[Label, ...]
    cut: tuple[str, ...]


def card_picture(card: Card, size: CardSize = CARD_SIZE) -> Image.Image:
    """The card alone on a transparent picture of `size` (its corners are rounded). The picture is
    shared by every later call for the same card: paste it, never draw on it."""
    return _drawn(card, size).picture


@lru_cache(maxsize=512)
def _drawn(card: Card, size: CardSize) -> _Drawn:
    """The card drawn once per worker: a board shows the same few dozen faces again and again."""
    width, height = size
    picture = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(picture)
    short = min(width, height)
    radius = round(short * 0.08)
    rim = max(SUPERSAMPLE, round(short / 48))
    strip = width > height
    ringed = strip and card.dot is not None  # a strip has no corner to spare: its dot is its rim
    across, down = card.ring if card.ring != (0, 0) else (rim * STRIP_RING, rim * STRIP_RING)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=card.dot if ringed else INK)
    inner = (across, down, width - 1 - across, height - 1 - down) if ringed else (rim, rim, width - 1 - rim,
                                                                                  height - 1 - rim)
    if ringed:
        rim = min(across, down)
    with apart():  # the card's words, in its own pixels: `paste_card` moves them to the board's
        sheet = labels()
        if card.face_down:
            _back(draw, inner, radius - rim, card.back)
        elif strip and card.condense:
            _condensed_strip(draw, inner, radius - rim, card, (width, height), across)
        elif strip:
            _strip(draw, inner, radius - rim, card, min(card.text or height, round(height * STRIP_TEXT)))
        else:
            _face(draw, inner, radius - rim, card)
    if card.dot is not None and not ringed:
        r = max(3 * SUPERSAMPLE, round(short * 0.06))
        cx, cy = width - 1 - rim - 2 * r, rim + 2 * r
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=card.dot, outline=INK, width=SUPERSAMPLE)
    return _Drawn(picture, tuple(sheet.drawn), tuple(sheet.cut))


@lru_cache(maxsize=512)
def _on_ground(card: Card, size: CardSize, ground: RGB) -> _Drawn:
    """The card already laid on `ground` (its rounded corners show it), opaque: pasted whole it
    covers what lay under it, such as an empty slot's outline."""
    drawn = _drawn(card, size)
    picture = Image.new("RGB", size, ground)
    picture.paste(drawn.picture, (0, 0), drawn.picture)
    return _Drawn(picture, drawn.words, drawn.cut)


def _face(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], radius: int, card: Card) -> None:
    """Paper with the colour band on top holding the name, the note under it, the numbers at the foot."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    pad = max(SUPERSAMPLE, round(width * 0.06))
    draw.rounded_rectangle(box, radius=radius, fill=PAPER)
    band = round(height * 0.34)
    draw.rounded_rectangle((left, top, right, top + band), radius=radius, fill=card.colour,
                           corners=(True, True, False, False))
    draw.line((left, top + band, right, top + band), fill=shade(card.colour, 0.6), width=SUPERSAMPLE)
    ink = ink_on(card.colour)
    lines, face = fit_lines(card.name, width - 2 * pad, band - pad, round(band * 0.36), SMALLEST_TEXT)
    draw_lines(draw, (left + width / 2, top + band / 2), lines, face, ink, bold=True)
    foot = round(height * 0.36) if card.numbers else 0
    if card.note:
        room = height - band - foot
        lines, face = fit_lines(card.note, width - 2 * pad, room - pad, round(height * 0.1), SMALLEST_TEXT)
        draw_lines(draw, (left + width / 2, top + band + room / 2), lines, face, shade(INK, 1.8))
    if card.numbers:
        _numbers(draw, (left + pad, bottom - foot, right - pad, bottom - pad), card.numbers[:2])


STRIP_RING = 3
"""A strip's rim is this many times a card's when it is the strip's dot."""

STRIP_PITCH = 1.0
"""Line spacing of a strip's name, as a multiple of the font size (plus the bold stroke above and
below): a strip is a row of a crowded board, so its two lines sit closer than a paragraph's
(`LINE_PITCH`), filling its height; a line's descenders still clear the capitals of the next."""

STRIP_BOLD = SUPERSAMPLE // 2 or 1
"""The stroke that makes a strip's name bold: half an output pixel, where `bold_text`'s whole one
would make two close lines touch."""

STRIP_TEXT = 0.68
"""A strip's name is at most this share of its (whole) height on one line, its numbers as tall."""


def _strip(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], radius: int, card: Card, largest: int) -> None:
    """A strip: the card's colour, its name in bold as large as fits up to `largest` (on two lines when
    that lets it be larger), its numbers in paper chips at the right end. `largest` is set by the
    strip's whole height, so a ringed strip's words are as large as its neighbours'."""
    left, top, right, bottom = box
    height = bottom - top
    pad = max(SUPERSAMPLE, round(height * 0.12))
    draw.rounded_rectangle(box, radius=radius, fill=card.colour)
    x = right - pad
    for number in reversed(card.numbers[:2]):
        x = _strip_number(draw, (x, top + pad, bottom - pad), number, largest) - pad
    room = (left + pad, x)
    lines, face = fit_lines(card.name, room[1] - room[0], (height - 4 * STRIP_BOLD) * LINE_PITCH / STRIP_PITCH,
                            largest, SMALLEST_TEXT)  # (two lines, each with its bold stroke)
    pitch = face.size * STRIP_PITCH + 2 * STRIP_BOLD
    ink = ink_on(card.colour)
    first = top + height / 2 - _ink_middle(lines, face, pitch)
    for k, line in enumerate(lines):
        write(draw, ((room[0] + room[1]) / 2, first + k * pitch), line, face, ink, anchor="mm", stroke=STRIP_BOLD,
              stroke_fill=ink)


STRIP_SIDE = 2 * SUPERSAMPLE
"""A condensed strip's room between its ring (drawn or not) and its name, either side."""

SHORT = 0.7
"""A line of a name whose letters all stay under this share of the font size ("crew") reads smaller
than its size says (the picture's legibility is measured by the letters' height): a strip's name is
broken so that no line is of short letters only, when it can be."""


def _short(line: str, face: Font) -> bool:
    _, top, _, bottom = face.getbbox(line, anchor="ls")
    return bottom - top < SHORT * face.size


def _name_layouts(name: str, face: Font) -> list[tuple[tuple[str, ...], float]]:
    """The ways to write `name` on a strip, one line or two (broken at a space), with the width of
    each; those with a line of short letters only are left out unless every way has one."""
    words = name.split() or [""]
    ways = [((" ".join(words),), face.getlength(" ".join(words)))]
    for cut in range(1, len(words)):
        lines = (" ".join(words[:cut]), " ".join(words[cut:]))
        ways.append((lines, max(face.getlength(line) for line in lines)))
    tall = [way for way in ways if not any(_short(line, face) for line in way[0])]
    return tall or ways


def strip_name_width(name: str, size: int) -> float:
    """The narrowest a condensed strip's name is at `size` without being condensed (on one line or
    two): a board gives a strip this much room (plus `strip_margin`) and the name is drawn as it is."""
    return min(width for _, width in _name_layouts(name, font(size)))


def strip_margin(across: int) -> int:
    """A condensed strip's width beyond its name's: its ring `across` and `STRIP_SIDE`, either side."""
    return 2 * (across + STRIP_SIDE)


def strip_name(name: str, size: int, room: float) -> tuple[tuple[str, ...], float]:
    """A condensed strip's name in `room`: the lines (the fewest that fit whole, else the narrowest
    way) and how much its letters are condensed (1: not at all). Never smaller than `size`: a long name
    in a crowded row is drawn narrower, as tall as every other."""
    face = font(size)
    ways = _name_layouts(name, face)
    fitting = [way for way in ways if way[1] <= room]
    if fitting:
        return min(fitting, key=lambda way: (len(way[0]), way[1]))[0], 1.0
    lines, width = min(ways, key=lambda way: way[1])
    return lines, max(0.01, room / width)


def _condensed_strip(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], radius: int, card: Card,
                     size: CardSize, across: int) -> None:
    """A strip whose name is always `card.text` big: on one line or two lines one font size apart
    (their ink may touch, never their boxes), centred on the whole card (so a ringed strip's name lies
    where an unringed one's does), condensed when the strip is narrower than the name."""
    width, height = size
    draw.rounded_rectangle(box, radius=radius, fill=card.colour)
    face = font(card.text)
    room = width - strip_margin(across)
    lines, squeeze = strip_name(card.name, card.text, room)
    pitch = face.size
    ink = ink_on(card.colour)
    first = height / 2 - _ink_middle(lines, face, pitch)
    for k, line in enumerate(lines):
        _squeezed(draw, (width / 2, first + k * pitch), line, face, ink, squeeze)


def _squeezed(draw: ImageDraw.ImageDraw, centre: tuple[float, float], line: str, face: Font, ink: RGB,
              squeeze: float) -> None:
    """One bold line centred on `centre`, its letters narrowed to `squeeze` of their width (not at all
    at 1): drawn on a mask of its own and shrunk across only, so it keeps its height."""
    if squeeze >= 1:
        write(draw, centre, line, face, ink, anchor="mm", stroke=STRIP_BOLD, stroke_fill=ink)
        return
    left, top, right, bottom = face.getbbox(line, anchor="mm", stroke_width=STRIP_BOLD)
    wide, high = math.ceil(right - left) + 2, math.ceil(bottom - top) + 2
    mask = Image.new("L", (wide, high), 0)
    white: Any = 255  # the mask's one channel
    write(ImageDraw.Draw(mask), (1 - left, 1 - top), line, face, white, anchor="mm", stroke=STRIP_BOLD,
          stroke_fill=white, label=False)
    narrow = max(1, round(wide * squeeze))
    mask = mask.resize((narrow, high), Image.Resampling.LANCZOS)
    x, y = round(centre[0] - narrow / 2), round(centre[1] + top - 1)
    draw._image.paste((*ink, 255), (x, y, x + narrow, y + high), mask)  # type: ignore[attr-defined]
    labels().add(line, (x + squeeze, y + 1, x + narrow - squeeze, y + high - 1))


def _ink_middle(lines: Sequence[str], face: Font, pitch: float) -> float:
    """How far below the first line's anchor the middle of the lines' ink lies: centring the ink, not
    the font's ascent and descent, keeps two close lines off a strip's edges."""
    boxes = [face.getbbox(line, anchor="mm", stroke_width=STRIP_BOLD) for line in lines]
    return (min(box[1] for box in boxes) + max(box[3] + k * pitch for k, box in enumerate(boxes))) / 2


def _strip_number(draw: ImageDraw.ImageDraw, span: tuple[int, int, int], number: CardNumber, size: int) -> int:
    """A number on a paper chip whose right edge is at `span[0]`, from `span[1]` down to `span[2]`;
    returns the chip's left edge. A strip has no room for captions: the board says what it counts."""
    right, top, bottom = span
    face = font(size)
    width = round(face.getlength(number.value)) + 2 * max(SUPERSAMPLE, size // 5)
    left = right - width
    draw.rounded_rectangle((left, top, right, bottom), radius=max(1, size // 6), fill=PAPER)
    bold_text(draw, ((left + right) / 2, (top + bottom) / 2), number.value, face, fill=INK, anchor="mm")
    return left


def _numbers(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], numbers: Sequence[CardNumber]) -> None:
    """Each number large with its caption small above it: one centred, two in the corners."""
    left, top, right, bottom = box
    slot = (right - left) / len(numbers)
    caption_height = (bottom - top) * 0.3
    for k, number in enumerate(numbers):
        centre = left + slot * (k + 0.5)
        if number.caption:
            lines, face = fit_lines(number.caption, slot * 0.95, caption_height, round(caption_height * 0.75),
                                    SMALLEST_TEXT, max_lines=1)
            draw_lines(draw, (centre, top + caption_height / 2), lines, face, MUTED)
        value_top = top + (caption_height if number.caption else 0)
        room = bottom - value_top
        lines, face = fit_lines(number.value, slot * 0.95, room, round(room * 0.72), SMALLEST_TEXT, max_lines=1)
        draw_lines(draw, (centre, value_top + room / 2), lines, face, INK, bold=True)


def _back(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], radius: int, colour: RGB) -> None:
    """The back: the colour with a lattice and a ring in the middle, the same for every card of that colour."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    draw.rounded_rectangle(box, radius=radius, fill=colour, outline=shade(colour, 0.55), width=SUPERSAMPLE)
    inset = round(min(width, height) * 0.08)
    inner = (left + inset, top + inset, right - inset, bottom - inset)
    step = max(4 * SUPERSAMPLE, round(width / 6))
    for k in range(-(inner[3] - inner[1]), inner[2] - inner[0], step):
        for slope in (1, -1):
            segment = _diagonal(inner, k, slope)
            if segment is not None:
                draw.line(segment, fill=shade(colour, 0.8), width=SUPERSAMPLE)
    draw.rounded_rectangle(inner, radius=max(1, radius - inset // 2), outline=shade(colour, 1.35), width=SUPERSAMPLE)
    r = round(min(width, height) * 0.2)
    cx, cy = left + width / 2, top + height / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=shade(colour, 0.7), outline=shade(colour, 1.35),
                 width=2 * SUPERSAMPLE)
    draw.ellipse((cx - r / 2, cy - r / 2, cx + r / 2, cy + r / 2), fill=shade(colour, 1.2))


def _diagonal(box: tuple[int, int, int, int], offset: int, slope: int) -> tuple[float, float, float, float] | None:
    """The part inside `box` of the 45-degree line through (left + offset, top) or, for slope -1,
    through (left + offset, bottom): the lattice of a back, kept off its margin."""
    left, top, right, bottom = box
    start = max(0, -offset)  # how far along the line it enters the box
    end = min(bottom - top, right - left - offset)
    if start >= end:
        return None
    x0, x1 = left + offset + start, left + offset + end
    if slope == 1:
        return (x0, top + start, x1, top + end)
    return (x0, bottom - start, x1, bottom - end)
