"""What lies under the map: the Quest's strip and a rounded card per Hero, each made of panel lines
(`renderers.orcquest.panel`). On a Hero's card the lines are laid out in rows; a line too long for
its card wraps, and a note that does not fit beside its text goes on the row under it (nothing is
ever cut). The Hero's token starts its card, its Skill cards are drawn as little cards on its HP
row, and the Active Hero's card is framed in gold. The Quest's strip spans the picture: its facts
flow along two rows (`strip_rows`), the Alert gauge after the Alert line taking the first row's room
left over, a stack of face-down tokens before the reserves' count; the key is its last row.

Drawn on the canvas rather than as `renderers.common`'s side panel: the side panel is the picture's
right-most column, while these lie under the map. Their text is drawn at the
picture's own size (`write(sharp=True)`), as the side panel's is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.common import (
    ACCENT,
    INK,
    TEXT,
    KeyEntry,
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
from renderers.orcquest.layout import LEVEL_COLOURS, LINE, PAD, ROW, TEXT_SIZE, S, Box
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


STRIP_SPACE = 22 * S
"""Between two facts on a row of the Quest's strip."""
GAUGE_MIN = 15 * 18 * S
"""The Alert gauge's least width: a cell per level, each wide enough to tell lit from dark on a phone."""


@dataclass(frozen=True)
class Fact:
    """A fact of the Quest's strip: its line, and whether the Alert gauge follows it."""

    line: PanelLine
    gauge: bool = False


def strip_rows(facts: Sequence[Fact], width: float) -> list[list[Fact]]:
    """The facts laid in rows of a strip `width` wide (its padding inside), in order, a fact going to the
    next row when it does not fit; the gauge's line takes the first row's room left over."""
    room = width - 2 * PAD
    laid: list[list[Fact]] = [[]]
    used = 0.0
    for fact in facts:
        need = _fact_width(fact) + (GAUGE_MIN + GAUGE_SPACE if fact.gauge else 0)
        if laid[-1] and used + STRIP_SPACE + need > room:
            laid.append([])
            used = 0.0
        used += (STRIP_SPACE if laid[-1] else 0) + need
        laid[-1].append(fact)
    return laid


GAUGE_SPACE = 12 * S
"""Between the Alert line's text and its gauge."""


def _fact_width(fact: Fact) -> float:
    return font(fact.line.size).getlength(fact.line.text) + (ROW if fact.line.swatch is not None else 0)


def strip_height(facts: Sequence[Fact], width: float, key: Sequence[KeyEntry] = ()) -> float:
    return 2 * PAD + ROW * (len(strip_rows(facts, width)) + (1 if key else 0))


KEY_SPACE = 26 * S
"""Between two entries of the key's row."""
KEY_ICON = 1.15
"""A key entry's symbol, in rows."""


def _entry_width(entry: KeyEntry) -> float:
    return ROW * KEY_ICON + 6 * S + font(TEXT_SIZE).getlength(entry.text)


def key_fits(entries: Sequence[KeyEntry], width: float) -> bool:
    """Whether `entries` fit the key's row of a strip `width` wide."""
    return sum(_entry_width(e) for e in entries) + KEY_SPACE * (len(entries) - 1) <= width - 2 * PAD


def draw_strip(draw: Draw, box: Box, facts: Sequence[Fact], level: int, *, icon: Icon | None = None,
               key: Sequence[KeyEntry] = ()) -> None:
    """The Quest's strip in `box`: its facts row by row, each row spread over the strip's width, the
    Alert gauge after its line taking what room the row leaves; then the key's row, under a rule."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=PAD, fill=PANEL_FILL, outline=shade(PANEL_FILL, 1.6), width=LINE)
    room = right - left - 2 * PAD
    if key:
        middle = bottom - PAD - ROW / 2
        draw.line((left + PAD, middle - ROW / 2, right - PAD, middle - ROW / 2), fill=shade(PANEL_FILL, 1.6),
                  width=LINE)
        widths = [_entry_width(e) for e in key]
        space = min(3 * KEY_SPACE, (room - sum(widths)) / (len(key) - 1)) if len(key) > 1 else 0.0
        x = left + PAD
        for entry, width in zip(key, widths, strict=True):
            entry.icon(draw, Frame(x + ROW * KEY_ICON / 2, middle, ROW * KEY_ICON))
            write(draw, (x + ROW * KEY_ICON + 6 * S, middle), entry.text, font(TEXT_SIZE), TEXT, anchor="lm",
                  sharp=True)
            x += width + space
    for k, row in enumerate(strip_rows(facts, right - left)):
        middle = top + PAD + ROW * (k + 0.5)
        widths = [_fact_width(f) for f in row]
        gauged = any(f.gauge for f in row)
        spare = room - sum(widths) - (GAUGE_SPACE if gauged else 0)
        gauge = max(GAUGE_MIN, spare - STRIP_SPACE * (len(row) - 1)) if gauged else 0.0
        space = (spare - gauge) / (len(row) - 1) if len(row) > 1 else 0.0
        space = space if gauged else min(space, 3 * STRIP_SPACE)
        x = left + PAD
        for fact, width in zip(row, widths, strict=True):
            line = fact.line
            if line.swatch is not None and icon is not None:
                icon(draw, Frame(x + ROW * 0.45, middle, ROW * 1.05))
            write(draw, (x + width - font(line.size).getlength(line.text), middle), line.text, font(line.size),
                  line.colour, anchor="lm", sharp=True)
            x += width
            if fact.gauge:
                alert_gauge(draw, x + GAUGE_SPACE, x + GAUGE_SPACE + gauge, middle, level)
                x += GAUGE_SPACE + gauge
            x += space
