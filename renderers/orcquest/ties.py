"""The ties the party is asked to settle, marked on the map while the question is open (the view's
`tied_squares` and `tied_ringers`): where an Exploration's token or figure may go among equally near
empty squares (L488, L499; reading d7), and which of the Enemies tied nearest the Bell runs to ring it
(L803). The question in the channel lists them in words and its buttons name them ("Put it on c4",
"Peasant 1 rings"); the map shows them, so nobody has to find c4 by hand.

A tied square is washed and framed in `CHOICE` (fuchsia), its name written in it in white rimmed in
ink, as the buttons say it; a tied Enemy is ringed in the same colour (`renderers.orcquest.figures`).
Only the squares are shown: a token asked about is still face down (L483), and the view never says
what it is."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.common import INK, SHOWN_TEXT, TEXT, Frame, font, labels, write
from renderers.orcquest.board import hidden
from renderers.orcquest.layout import BOARD, CHOICE, LINE, Box
from rules.core.grid import Square
from rules.orcquest.models import Enemy, QuestView

Draw = ImageDraw.ImageDraw
NAME_TEXT = SHOWN_TEXT
"""A tied square's name: a letter and a digit, `LEGIBLE` where Discord shows the board."""
WASH = 0.45
"""How much of `CHOICE` a tied square is washed with: the ground still shows through."""
NAME_INSET = 4 * LINE
"""Room left between a tied square's name and its sides (its frame's width)."""
RING = (0.5, 0.63)
"""A tied Enemy's ring, inner and outer radius in squares: round its token, clear of it."""


def tied_squares(view: QuestView) -> list[Square]:
    """The tied squares of the open `place` question that the picture may show."""
    return [s for s in view.tied_squares if not hidden(view, s)]


def tied_ringers(view: QuestView) -> list[Enemy]:
    """The Enemies of the open `ringer` question that the picture shows, lowest number first."""
    tied = set(view.tied_ringers)
    return [e for e in sorted(view.enemies, key=lambda e: e.id) if e.id in tied and not hidden(view, e.square)]


def mark_square(draw: Draw, box: Box) -> None:
    """A tied square: washed in `CHOICE` and framed in it, a thin ink line round the frame so it reads on
    any ground."""
    image: Image.Image = draw._image  # type: ignore[attr-defined]
    area = tuple(round(v) for v in box)
    part = image.crop(area)
    image.paste(Image.blend(part, Image.new("RGB", part.size, CHOICE), WASH), area[:2])
    inset = 2 * LINE
    draw.rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), outline=INK, width=7 * LINE)
    inset = 3 * LINE
    draw.rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), outline=CHOICE, width=5 * LINE)


def ring(draw: Draw, f: Frame) -> None:
    """A tied Enemy's ring, drawn under its token: `CHOICE` rimmed in ink."""
    inner, outer = RING
    draw.ellipse(f.oval(0, 0, outer, outer), fill=INK)
    draw.ellipse(f.oval(0, 0, outer - 1.5 * LINE / f.size, outer - 1.5 * LINE / f.size), fill=CHOICE)
    draw.ellipse(f.oval(0, 0, inner, inner), outline=INK, width=2 * LINE)


def draw_ties(draw: Draw, view: QuestView) -> None:
    """The tied squares of the open question, over the figures beside them: each marked, then each named
    (the names last, so none is painted over by a neighbour's frame)."""
    squares = tied_squares(view)
    for square in squares:
        mark_square(draw, BOARD.cell(square))
    for square in squares:
        name(draw, BOARD.cell(square), square)


def name(draw: Draw, box: Box, text: str) -> None:
    """A tied square's name in the middle of it, white rimmed in ink, as the buttons write it: at
    `NAME_TEXT` always, so it stays `LEGIBLE`; where the square is narrower than the name (the map's
    smaller sizes, `SQUARES`), the name is condensed across to fit, its height kept, so the names of
    tied squares side by side never run into each other."""
    face = font(NAME_TEXT)
    stroke = max(2, face.size // 8)
    left, top, right, bottom = face.getbbox(text, anchor="lt", stroke_width=stroke)
    width, height = math.ceil(right - left), math.ceil(bottom - top)
    picture = Image.new("RGBA", (width, height), (*INK, 0))
    write(ImageDraw.Draw(picture), (-left, -top), text, face, (*TEXT, 255), anchor="lt",  # type: ignore[arg-type]
          stroke=stroke, stroke_fill=(*INK, 255), label=False)  # type: ignore[arg-type]  # its label: as pasted
    room = box[2] - box[0] - 2 * NAME_INSET
    if width > room:
        picture = picture.resize((max(1, math.floor(room)), height), Image.Resampling.LANCZOS)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    at = (round(cx - picture.width / 2), round(cy - picture.height / 2))
    image: Image.Image = draw._image  # type: ignore[attr-defined]
    image.paste(picture, at, picture)
    labels().add(text, (at[0], at[1], at[0] + picture.width, at[1] + picture.height))


def square_icon(draw: Draw, f: Frame) -> None:
    """The key's tied square."""
    mark_square(draw, f.box(-0.45, -0.45, 0.45, 0.45))


__all__ = ["CHOICE", "draw_ties", "mark_square", "name", "ring", "square_icon", "tied_ringers", "tied_squares"]
