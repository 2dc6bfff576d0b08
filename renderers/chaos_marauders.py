"""The Chaos Marauders board: each player's three battle lines as rows of card boxes (the card's
colour, name, Attack Rating and Victory Points), each line's Attack Value beside it and a frame
round a complete line, Sneaky Gits banded in their owner's colour; a side panel with the round,
whose turn it is, the pile (a count: its order is the game's one secret), the newest discards,
the card being decided on and what just happened.

Every card placed this turn carries the same small dot, so the Chaos Marauders looks like any
other newcomer and spotting it stays the players' job. Pillow only; the same view gives the same
bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import (
    ACCENT,
    MUTED,
    RGB,
    SMALL_TEXT,
    SUPERSAMPLE,
    TEXT,
    PanelLine,
    SidePanel,
    base_canvas,
    encode_png,
    fit,
    font,
    heading,
    ordinal,
    player_colour,
    recent_lines,
    title,
    write,
)
from renderers.kits.cards import Card, CardNumber, empty_slot, paste_card
from rules.chaos_marauders.data import LINES, SLOTS
from rules.chaos_marauders.models import CardView, CMView, LineView, PlayerView

SLUG = "chaos-marauders"

S = SUPERSAMPLE
CARD = (68 * S, 94 * S)
GAP = 5 * S
MARGIN = 16 * S
NAME_ROW = 34 * S
VALUE_COLUMN = 72 * S
LINE_ROW = CARD[1] + 10 * S
SEAT_WIDTH = VALUE_COLUMN + 6 * CARD[0] + 5 * GAP + 16 * S
SEAT_HEIGHT = NAME_ROW + 3 * LINE_ROW + 8 * S
SEAT_GAP = 14 * S
PANEL = SidePanel(width=380 * S, gap=22 * S, padding=16 * S)
BOARD_BG: RGB = (50, 44, 40)
SEAT_BG: RGB = (68, 60, 52)
ACTIVE_BG: RGB = (88, 74, 50)
COMPLETE: RGB = (226, 184, 72)
NEW_DOT: RGB = (255, 255, 255)

CARD_COLOURS: dict[str, RGB] = {"grey": (128, 128, 134), "blue": (58, 110, 196), "purple": (126, 70, 160),
                                "green": (56, 140, 72), "red": (184, 52, 44)}


def _card(view: CMView, card: CardView) -> Card:
    """A card's box: its type's colour (a Git's band in its owner's colour), name, Attack Rating
    and booty points; the same dot on every card placed this turn."""
    band = CARD_COLOURS.get(card.colour, MUTED)
    note = ""
    if card.git_owner is not None:
        band = _colour_of(view, card.git_owner)
        note = f"Git of {view.names.get(card.git_owner, '?')}"
    numbers = []
    if card.ar:  # a machine's rating counts only for the whole machine
        numbers.append(CardNumber(str(card.ar), "machine" if card.colour == "red" else "AR"))
    if card.vp:
        numbers.append(CardNumber(f"+{card.vp}", "VP"))
    return Card(name=card.name, colour=band, numbers=tuple(numbers), note=note, dot=NEW_DOT if card.new else None)


def _colour_of(view: CMView, player: str) -> RGB:
    seat = next((p for p in view.players if p.player == player), None)
    return player_colour(seat.colour) if seat is not None else MUTED


def _columns(players: int) -> int:
    return 2 if players > 2 else 1


def _seat_at(n: int, columns: int) -> tuple[int, int]:
    """The top-left corner of the `n`-th player's area."""
    return MARGIN + (n % columns) * (SEAT_WIDTH + SEAT_GAP), MARGIN + (n // columns) * (SEAT_HEIGHT + SEAT_GAP)


def render(view: CMView, recent: Sequence[str] = ()) -> bytes:
    """The board and its side panel as PNG bytes; `recent` are the newest log lines."""
    lines = panel_lines(view, recent)
    players = len(view.players)
    columns = _columns(players)
    rows = -(-players // columns)
    board_right = MARGIN + columns * SEAT_WIDTH + (columns - 1) * SEAT_GAP
    board_bottom = MARGIN + rows * SEAT_HEIGHT + (rows - 1) * SEAT_GAP + MARGIN
    width, height = PANEL.picture_size(board_right, board_bottom, MARGIN, lines)
    canvas = base_canvas((SLUG, players), (width, height),
                         lambda draw: _draw_ground(draw, players, board_right + MARGIN // 2, height))
    draw = ImageDraw.Draw(canvas)
    for n, seat in enumerate(view.players):
        _draw_seat(canvas, draw, view, seat, *_seat_at(n, columns))
    PANEL.draw(draw, board_right, MARGIN, height, lines)
    return encode_png(canvas)


def _draw_ground(draw: ImageDraw.ImageDraw, players: int, right: int, height: int) -> None:
    """What is the same on every board of this many players, drawn once per worker (`base_canvas`):
    the board's ground and each player's area with its eighteen empty slots. A board then draws only
    what changed on it: the area of the player drawing, the cards, the words."""
    draw.rectangle((0, 0, right, height), fill=BOARD_BG)
    for n in range(players):
        _draw_area(draw, *_seat_at(n, _columns(players)), SEAT_BG)


def _draw_area(draw: ImageDraw.ImageDraw, left: int, top: int, fill: RGB) -> None:
    """A player's area in `fill`, every slot empty (its dashed outline)."""
    draw.rounded_rectangle((left, top, left + SEAT_WIDTH, top + SEAT_HEIGHT), radius=8 * S, fill=fill)
    for n in range(LINES):
        for slot in range(SLOTS):
            empty_slot(draw, _slot_box(left + 8 * S, top + NAME_ROW + n * LINE_ROW, slot))


@lru_cache(maxsize=4)
def _area(fill: RGB) -> Image.Image:
    """The area of the player drawing, on the board's ground: drawn once per worker, then pasted
    whole over the ground's (a card laid in a slot then covers that slot's outline)."""
    picture = Image.new("RGB", (SEAT_WIDTH + 1, SEAT_HEIGHT + 1), BOARD_BG)
    _draw_area(ImageDraw.Draw(picture), 0, 0, fill)
    return picture


def _slot_box(left: int, top: int, slot: int) -> tuple[int, int, int, int]:
    """Where slot `slot` of a line whose first column starts at `left` lies."""
    x = left + VALUE_COLUMN + slot * (CARD[0] + GAP)
    return x, top, x + CARD[0] - 1, top + CARD[1] - 1


def _draw_seat(canvas: object, draw: ImageDraw.ImageDraw, view: CMView, seat: PlayerView, left: int, top: int) -> None:
    """One player's area: their name and points, then their three lines top to bottom. The ground
    has it already in the colour of a player not drawing; the drawing player's is drawn anew."""
    active = seat.player == view.active
    if active:
        canvas.paste(_area(ACTIVE_BG), (left, top))  # type: ignore[attr-defined]
    colour = _colour_of(view, seat.player)
    draw.rounded_rectangle((left + 8 * S, top + 9 * S, left + 24 * S, top + 25 * S), radius=3 * S, fill=colour)
    big, small = font(18 * S), font(14 * S)
    points = f"{seat.vp} VP" + (f" · Idol {seat.idol:+d}" if seat.idol is not None else "")
    points_box = write(draw, (left + SEAT_WIDTH - 10 * S, top + 8 * S), points, small, MUTED, anchor="ra")
    name = view.names.get(seat.player, seat.player) + (" · drawing" if active and not view.over else "")
    room = points_box[0] - (left + 32 * S) - 10 * S
    write(draw, (left + 32 * S, top + 6 * S), fit(name, big, room), big, ACCENT if active else TEXT)
    for n, line in enumerate(seat.lines):
        _draw_line(canvas, draw, view, line, n, left + 8 * S, top + NAME_ROW + n * LINE_ROW,
                   ACTIVE_BG if active else SEAT_BG)


def _draw_line(canvas: object, draw: ImageDraw.ImageDraw, view: CMView, line: LineView, number: int, left: int,
               top: int, ground: RGB) -> None:
    """A line: its number and Attack Value, marks for the Horned Rat and Odlugg, then its cards (the
    empty slots are on the ground already; a card, laid on its area's ground, covers its slot's outline)."""
    small, tiny = font(14 * S), font(12 * S)
    write(draw, (left + VALUE_COLUMN / 2 - 4 * S, top + 4 * S), f"Line {number + 1}", tiny, MUTED, anchor="ma")
    write(draw, (left + VALUE_COLUMN / 2 - 4 * S, top + 22 * S), f"AV {line.value}", small,
          COMPLETE if line.complete else TEXT, anchor="ma")
    marks = [m for m, on in (("complete", line.complete), ("Horned Rat", line.horned_rat), ("Odlugg", line.odlugg))
             if on]
    for k, mark in enumerate(marks):
        write(draw, (left + VALUE_COLUMN / 2 - 4 * S, top + 42 * S + k * 16 * S), fit(mark, tiny, VALUE_COLUMN - 8 * S),
              tiny, COMPLETE if mark == "complete" else ACCENT, anchor="ma")
    x0 = left + VALUE_COLUMN
    if line.complete:
        draw.rounded_rectangle((x0 - 4 * S, top - 4 * S, x0 + 6 * CARD[0] + 5 * GAP + 4 * S, top + CARD[1] + 4 * S),
                               radius=6 * S, outline=COMPLETE, width=3 * S)
    for s, card in enumerate(line.slots):
        if card is not None:
            canvas.paste(_card_on(_card(view, card), ground), _slot_box(left, top, s)[:2])  # type: ignore[attr-defined]


@lru_cache(maxsize=512)
def _card_on(card: Card, ground: RGB) -> Image.Image:
    """A card's box already laid on the ground of a player's area (its rounded corners show that
    ground), kept per worker: pasted whole it covers its slot's outline, with no mask to blend."""
    picture = Image.new("RGB", CARD, ground)
    paste_card(picture, (0, 0), card, CARD)
    return picture


def panel_lines(view: CMView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """Where the game is, the players (points, whose turn), the pile and discards, the card being
    decided on, what is asked, what just happened, and the end."""
    where = "The game is over" if view.over else f"Round {view.round} · turn {view.turn}"
    lines = [title("Chaos Marauders"), PanelLine(where, size=26 * S)]
    lines.append(heading("Players"))
    for seat in view.players:
        lines.append(PanelLine(view.names.get(seat.player, seat.player), swatch=_colour_of(view, seat.player),
                               marked=seat.player in view.waiting_for,
                               note=f"{(view.scores or {}).get(seat.player, seat.vp)} VP"))
    pile = f"{view.pile} cards" + (" (reshuffled once)" if view.reshuffled else "")
    lines += [heading("Draw pile"), PanelLine(pile, size=SMALL_TEXT)]
    if view.discards:
        lines += [heading("Discards, newest last"),
                  PanelLine(", ".join(c.name for c in view.discards[-4:]), size=SMALL_TEXT, colour=MUTED)]
    if view.drawn is not None and not view.over:
        lines += [heading("Just drawn"), PanelLine(view.drawn.name, colour=ACCENT)]
    if view.asked and not view.over:
        lines.append(PanelLine(view.asked, size=SMALL_TEXT))
    lines += recent_lines(recent)
    if view.placings is not None:
        lines += _end_lines(view)
    return lines


def _end_lines(view: CMView) -> list[PanelLine]:
    lines = [heading("Result"), PanelLine(view.end.capitalize(), size=SMALL_TEXT, colour=MUTED)]
    scores = view.scores or {}
    place = 1
    for group in view.placings or []:
        for player in group:
            tie = "=" if len(group) > 1 else ""
            lines.append(PanelLine(f"{tie}{ordinal(place)}  {view.names.get(player, player)}",
                                   colour=ACCENT if place == 1 else TEXT, swatch=_colour_of(view, player),
                                   note=f"{scores.get(player, 0)} VP"))
        place += len(group)
    return lines


__all__ = ["SLUG", "panel_lines", "render"]
