"""The cards under the map: a rounded card per Hero and one for the Quest, each a list of panel lines
(`renderers.orcquest.panel`) laid out in rows; a line too long for its card wraps, and a note that
does not fit beside its text goes on the row under it (nothing is ever cut). The Hero's token starts
its card, its Skill cards are drawn as little cards on its HP row, and the Active Hero's card is
framed in gold; the Quest's card has the Alert gauge beside its Alert line and a stack of face-down
tokens before its reserves' line.

Drawn on the canvas rather than as `renderers.common`'s side panel: the side panel is the picture's
right-most column, while these cards lie under the map, side by side. Their text is drawn at the
picture's own size (`write(sharp=True)`), as the side panel's is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PANEL_FILL,
    Frame,
    PanelLine,
    at_output_size,
    font,
    shade,
    wrap,
    write,
)
from renderers.orcquest.layout import LEVEL_COLOURS, LINE, PAD, ROW, S, Box
from rules.orcquest.data import ALERT_MAX, alert_colour

Draw = ImageDraw.ImageDraw
Icon = Callable[[Draw, Frame], None]


@dataclass(frozen=True)
class Row:
    """One row of a card: a line's text (or part of it when it wraps) and its note."""

    line: PanelLine
    text: str
    note: str
    first: bool


def _indent(line: PanelLine) -> float:
    return ROW if line.swatch is not None else 0.0


def rows(lines: Sequence[PanelLine], width: float) -> list[Row]:
    """The rows of a card `width` wide (its padding inside) holding `lines`."""
    laid: list[Row] = []
    for line in lines:
        face, note_face = font(line.size), line.note_face
        room = width - 2 * PAD - _indent(line)
        note_room = note_face.getlength(line.note + "  ") if line.note else 0.0
        if face.getlength(line.text) <= room - note_room:
            laid.append(Row(line, line.text, line.note, True))
            continue
        texts = wrap(line.text, face, room)
        laid += [Row(line, text, "", k == 0) for k, text in enumerate(texts)]
        if line.note and face.getlength(texts[-1]) <= room - note_room:
            laid[-1] = Row(line, texts[-1], line.note, len(texts) == 1)
        elif line.note:
            laid += [Row(line, "", note, False) for note in wrap(line.note, note_face, room)]
    return laid


def card_height(lines: Sequence[PanelLine], width: float) -> float:
    return 2 * PAD + ROW * len(rows(lines, width))


def draw_card(draw: Draw, box: Box, lines: Sequence[PanelLine], *, icon: Icon | None = None,
              marked: bool = False) -> dict[int, tuple[float, float]]:
    """The card in `box`; `icon` is drawn before each line with a swatch (a Hero's token). Returns,
    for each line (by its place), where its first row's text ends and the row's middle."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=PAD, fill=PANEL_FILL, outline=ACCENT if marked else shade(PANEL_FILL, 1.6),
                           width=3 * LINE if marked else LINE)
    ends: dict[int, tuple[float, float]] = {}
    y = top + PAD
    index = -1
    for row in rows(lines, right - left):
        line = row.line
        if row.first:
            index += 1
        middle = y + ROW / 2
        x = left + PAD + _indent(line)
        if row.first and line.swatch is not None and icon is not None:
            icon(draw, Frame(left + PAD + ROW * 0.45, middle, ROW * 1.05))
        face = font(line.size)
        if row.text:
            write(draw, (x, middle), row.text, face, line.colour, anchor="lm", sharp=True)
            if line.struck:
                ends_at = (x / S, middle / S, (x + face.getlength(row.text)) / S, middle / S)
                at_output_size(draw, lambda out, e=ends_at, c=line.colour: out.line(e, fill=c, width=2))
        if row.note:
            write(draw, (right - PAD, middle), row.note, line.note_face, MUTED, anchor="rm", sharp=True)
        if row.first:
            ends[index] = (x + face.getlength(row.text), middle)
        y += ROW
    return ends


def alert_gauge(draw: Draw, left: float, right: float, middle: float, level: int) -> None:
    """The Alert gauge: a cell per level, each in its band's colour (Yellow, Orange, Red), lit up to the
    level reached, the level itself framed in white."""
    step = (right - left) / ALERT_MAX
    half = ROW * 0.28
    for k in range(1, ALERT_MAX + 1):
        x0 = left + (k - 1) * step
        colour = LEVEL_COLOURS[alert_colour(k)]
        fill = colour if k <= level else shade(colour, 0.35)
        draw.rectangle((x0 + LINE, middle - half, x0 + step - LINE, middle + half), fill=fill, outline=INK, width=LINE)
    if 1 <= level <= ALERT_MAX:
        x0 = left + (level - 1) * step
        draw.rectangle((x0 - LINE, middle - half - 3 * LINE, x0 + step + LINE, middle + half + 3 * LINE),
                       outline=(255, 255, 255), width=2 * LINE)


def skill_cards(draw: Draw, left: float, middle: float, up: int, count: int) -> None:
    """A Hero's Skill cards from `left`: face up (pale, gold-edged) first, then face down (dark), so the
    cards left to play read at a glance."""
    width, height = ROW * 0.36, ROW * 0.56
    for k in range(count):
        x = left + k * width * 1.25
        face_up = k < up
        draw.rounded_rectangle((x, middle - height / 2, x + width, middle + height / 2), radius=2 * LINE,
                               fill=(236, 226, 196) if face_up else (70, 74, 86),
                               outline=ACCENT if face_up else INK, width=2 * LINE)
        if not face_up:
            draw.line((x + 3 * LINE, middle + height / 2 - 3 * LINE, x + width - 3 * LINE, middle - height / 2 + 3 * LINE),
                      fill=MUTED, width=LINE)
