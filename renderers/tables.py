"""A scoreboard-like picture: a title, a header row and lines of cells, for the campaign's
scoreboard and a server's hall of fame (the boards of the games are drawn by their own modules)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.common import (
    ACCENT,
    BACKGROUND,
    MUTED,
    RGB,
    SUPERSAMPLE,
    TEXT,
    encode_png,
    fit,
    font,
    shade,
    write,
)

S = SUPERSAMPLE
PAD = 24 * S
ROW = 54 * S
HEADER = 40 * S
TITLE = 64 * S


@dataclass(frozen=True)
class Cell:
    text: str
    sub: str = ""
    colour: RGB = TEXT


@dataclass(frozen=True)
class Line:
    cells: Sequence[Cell]
    mark: RGB | None = None  # a band behind the line (the champion's gold)


def table_picture(title: str, subtitle: str, headers: Sequence[str], widths: Sequence[int], lines: Sequence[Line],
                  footer: Sequence[str] = ()) -> bytes:
    """Columns `widths` wide (output pixels); the first column is left-aligned, the others centred."""
    columns = [w * S for w in widths]
    width = PAD * 2 + sum(columns)
    height = PAD + TITLE + HEADER + ROW * max(1, len(lines)) + (len(footer) * 24 * S + PAD // 2 if footer else 0) + PAD
    canvas = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    big, small, cell, note = font(30 * S), font(15 * S), font(19 * S), font(14 * S)
    write(draw, (PAD, PAD), fit(title, big, width - 2 * PAD), big, ACCENT)
    write(draw, (PAD, PAD + 38 * S), fit(subtitle, small, width - 2 * PAD), small, MUTED)
    y = PAD + TITLE
    lefts = [PAD + sum(columns[:n]) for n in range(len(columns))]
    for n, header in enumerate(headers):
        x = lefts[n] + (8 * S if n == 0 else columns[n] / 2)
        write(draw, (x, y + HEADER / 2), fit(header, small, columns[n] - 8 * S), small, MUTED,
              anchor="lm" if n == 0 else "mm")
    draw.line((PAD, y + HEADER - S, width - PAD, y + HEADER - S), fill=shade(MUTED, 0.6), width=S)
    y += HEADER
    for index, line in enumerate(lines):
        if line.mark is not None:
            draw.rectangle((PAD, y + 2 * S, width - PAD, y + ROW - 2 * S), fill=shade(line.mark, 0.35))
        elif index % 2:
            draw.rectangle((PAD, y, width - PAD, y + ROW), fill=shade(BACKGROUND, 1.25))
        for n, item in enumerate(line.cells[:len(columns)]):
            left = n == 0
            x = lefts[n] + (8 * S if left else columns[n] / 2)
            room = columns[n] - 12 * S
            anchor = "lm" if left else "mm"
            top = y + (ROW * 0.36 if item.sub else ROW / 2)
            write(draw, (x, top), fit(item.text, cell, room), cell, item.colour, anchor=anchor)
            if item.sub:
                write(draw, (x, y + ROW * 0.72), fit(item.sub, note, room), note, MUTED, anchor=anchor)
        y += ROW
    if not lines:
        write(draw, (PAD + 8 * S, y + ROW / 2), "Nothing to show yet.", cell, MUTED, anchor="lm")
        y += ROW
    y += PAD // 2
    for text in footer:
        write(draw, (PAD, y), fit(text, note, width - 2 * PAD), note, MUTED)
        y += 24 * S
    return encode_png(canvas)


__all__ = ["Cell", "Line", "table_picture"]
