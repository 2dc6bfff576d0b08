"""Playing cards for the card games' boards: a fixed-size box with a colour band and the card's
name, one or two numbers (an attack rating, victory points, a strength), a short note, and
a face-down back that tells nothing but whose card it is.

A card is drawn on a picture of its own and pasted: nothing in it, however long its name,
can spill over a neighbour in a row. The pictures are kept, because a board shows the same
few dozen faces again and again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import (
    INK,
    MUTED,
    RGB,
    SUPERSAMPLE,
    apart,
    dashed,
    draw_lines,
    fit_lines,
    ink_on,
    shade,
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
    dot: RGB | None = None  # a small dot in the top-right corner, such as "placed this turn"


def paste_card(canvas: Image.Image, at: tuple[float, float], card: Card, size: CardSize = CARD_SIZE) -> None:
    """The card with its top-left corner at `at`, covering exactly `size` pixels of the canvas."""
    picture = card_picture(card, size)
    canvas.paste(picture, (round(at[0]), round(at[1])), picture)


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


@lru_cache(maxsize=128)
def card_picture(card: Card, size: CardSize = CARD_SIZE) -> Image.Image:
    """The card alone on a transparent picture of `size` (its corners are rounded). The picture is
    shared by every later call for the same card: paste it, never draw on it."""
    width, height = size
    picture = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(picture)
    short = min(width, height)
    radius = round(short * 0.08)
    rim = max(SUPERSAMPLE, round(short / 48))
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=INK)
    inner = (rim, rim, width - 1 - rim, height - 1 - rim)
    with apart():  # the card's words are in its own pixels, not the board's labels
        if card.face_down:
            _back(draw, inner, radius - rim, card.back)
        else:
            _face(draw, inner, radius - rim, card)
    if card.dot is not None:
        r = max(3 * SUPERSAMPLE, round(short * 0.06))
        cx, cy = width - 1 - rim - 2 * r, rim + 2 * r
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=card.dot, outline=INK, width=SUPERSAMPLE)
    return picture


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
