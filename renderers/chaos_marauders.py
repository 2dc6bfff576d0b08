"""The Chaos Marauders board, drawn for the size Discord shows it (`SHOWN`: about 550 px wide): each
player's three battle lines in a band of their own, one under the other, and a line at the foot
with the round, the pile (a count: its order is the game's one secret) and the newest discards.

A band starts with the player's colour, whole name and points, then each line's Attack Value (on
gold once the line is complete) and its six slots: a card is a strip with its name on its type's
colour (a Sneaky Git's on its owner's; a Plague Lord's with the rating it counts for); an empty slot is a dashed outline. Slots are alike when the
names fit them, and a long name takes the room of the empty slots beside it, so the cards keep
their places and the names stay large. The log and the question asked are not drawn: the bot sends
them as text with the picture. The card being decided on is in no picture but its drawer's own (the
table's view does not hold it), at the foot.

Every card placed this turn is ringed alike in white, so the Chaos Marauders looks like any other
newcomer and spotting it stays the players' job. Pillow only; the same view gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    RGB,
    SMALL_TEXT,
    SUPERSAMPLE,
    TEXT,
    Font,
    PanelLine,
    base_canvas,
    encode_png,
    font,
    heading,
    ordinal,
    player_colour,
    recent_lines,
    title,
    wrap,
    write,
)
from renderers.kits.cards import Card, empty_slot, paste_card
from rules.chaos_marauders.data import PLAGUE
from rules.chaos_marauders.models import CardView, CMView, LineView, PlayerView

SLUG = "chaos-marauders"

S = SUPERSAMPLE
WIDTH = 1100 * S
"""Twice the `SHOWN` box's width: a label 20 output px tall is 10 px where Discord shows it."""
MARGIN = 6 * S
LABEL = 29 * S
"""The size of every label but the cards' names: a capital or a digit of it is 21 output px tall,
10.5 px as shown."""
CARD_TEXT = 28 * S
"""The size of a card's name: a capital of it is 20.5 output px tall (10.2 px as shown), and two lines
of it fill a strip."""
LINE = 33 * S
"""The pitch of the lines of a player's name."""
CARD_HEIGHT = 60 * S
"""A card strip: room for a name on two lines of `CARD_TEXT`."""
ROW_GAP = 3 * S
SEAT_PAD = 2 * S
SEAT_HEIGHT = 2 * SEAT_PAD + 3 * CARD_HEIGHT + 2 * ROW_GAP
SEAT_GAP = 4 * S
BAR = 8 * S
"""The player's colour, down the left edge of their band."""
NAME_LEFT = MARGIN + BAR + 6 * S
NAME_WIDTH = 182 * S
"""The column of the player's name (wrapped, never cut) and points."""
VALUE_LEFT = NAME_LEFT + NAME_WIDTH
VALUE_WIDTH = 64 * S
"""Each line's Attack Value, on gold once the line is complete."""
CARDS_LEFT = VALUE_LEFT + VALUE_WIDTH + 8 * S
EMPTY_WIDTH = 30 * S
"""An empty slot at its narrowest, when the cards of its line need the room."""
SLOT_GAP = 5 * S
CARD_PAD = 18 * S
"""A strip's width beyond its name: its rim and the room either side."""
FOOTER = 34 * S
BOARD_BG: RGB = (50, 44, 40)
SEAT_BG: RGB = (68, 60, 52)
ACTIVE_BG: RGB = (88, 74, 50)
COMPLETE: RGB = (226, 184, 72)
NEW_RING: RGB = (255, 255, 255)
TALL = 0.7
"""A line of a card's name whose letters reach at least this share of the font size is as legible as
a capital; one of short letters only ("crew") is read smaller, so it stays on its neighbour's line."""

CARD_COLOURS: dict[str, RGB] = {"grey": (128, 128, 134), "blue": (58, 110, 196), "purple": (126, 70, 160),
                                "green": (56, 140, 72), "red": (184, 52, 44)}


def _card(view: CMView, card: CardView) -> Card:
    """A card's strip: its name on its type's colour (a Git's on its owner's), ringed when it was
    placed this turn. Its Attack Rating and points are in its line's Attack Value and its owner's
    points: a strip has room only for the name."""
    band = _colour_of(view, card.git_owner) if card.git_owner is not None else CARD_COLOURS.get(card.colour, MUTED)
    return Card(name=_label(card), colour=band, dot=NEW_RING if card.new else None, text=CARD_TEXT)


def _label(card: CardView) -> str:
    """The name on a card's strip; a Plague Lord's with the Attack Rating it counts for now (2, 4, 6 or
    8 by how many its owner has), the one rating on the table that is not printed on the card."""
    return f"{card.name} AR {card.ar}" if card.key == PLAGUE else card.name


def _colour_of(view: CMView, player: str) -> RGB:
    seat = next((p for p in view.players if p.player == player), None)
    return player_colour(seat.colour) if seat is not None else MUTED


def render(view: CMView) -> bytes:
    """The board as PNG bytes. The newest log lines are not drawn: the message carries them as text."""
    players = len(view.players)
    size = (WIDTH, 2 * MARGIN + players * SEAT_HEIGHT + (players - 1) * SEAT_GAP + FOOTER)
    canvas = base_canvas((SLUG, players), size, lambda draw: _draw_ground(draw, players, size))
    draw = ImageDraw.Draw(canvas)
    face = font(LABEL)
    for n, seat in enumerate(view.players):
        _draw_seat(canvas, draw, view, seat, MARGIN + n * (SEAT_HEIGHT + SEAT_GAP), face)
    write(draw, (MARGIN, size[1] - MARGIN - FOOTER / 2), _footer(view, face), face, MUTED, anchor="lm")
    return encode_png(canvas)


def _draw_ground(draw: ImageDraw.ImageDraw, players: int, size: tuple[int, int]) -> None:
    """What is the same on every board of this many players, drawn once per worker (`base_canvas`):
    the ground and each player's band."""
    draw.rectangle((0, 0, *size), fill=BOARD_BG)
    for n in range(players):
        _draw_band(draw, MARGIN + n * (SEAT_HEIGHT + SEAT_GAP), SEAT_BG)


def _draw_band(draw: ImageDraw.ImageDraw, top: int, fill: RGB) -> None:
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + SEAT_HEIGHT), radius=8 * S, fill=fill)


def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: CMView, seat: PlayerView, top: int,
               face: Font) -> None:
    """One player's band: their colour, name and points, then their three lines top to bottom. The
    ground has the band already in the colour of a player not drawing; the drawing player's is drawn
    anew."""
    active = seat.player == view.active and not view.over
    ground = ACTIVE_BG if active else SEAT_BG
    if active:
        _draw_band(draw, top, ground)
    draw.rounded_rectangle((MARGIN, top, MARGIN + BAR, top + SEAT_HEIGHT), radius=3 * S,
                           fill=_colour_of(view, seat.player))
    room = NAME_WIDTH - 6 * S
    texts = [(line, ACCENT if active else TEXT) for line in wrap(view.names.get(seat.player, seat.player), face, room)]
    texts += [(line, MUTED) for line in wrap(_points(view, seat), face, room)]
    if active:
        texts.append(("drawing", ACCENT))
    for k, (text, colour) in enumerate(texts):
        write(draw, (NAME_LEFT, top + SEAT_PAD + 2 * S + k * LINE), text, face, colour)
    for n, line in enumerate(seat.lines):
        _draw_line(canvas, draw, view, line, top + SEAT_PAD + n * (CARD_HEIGHT + ROW_GAP), ground, face)


def _points(view: CMView, seat: PlayerView) -> str:
    """A player's points (the final score once it is over, after their place), and their Idol's."""
    place = _place(view, seat.player)
    points = f"{(view.scores or {}).get(seat.player, seat.vp)} VP"
    idol = f" · Idol {seat.idol:+d}" if seat.idol is not None else ""
    return f"{place}{points}{idol}"


def _place(view: CMView, player: str) -> str:
    place = 1
    for group in view.placings or []:
        if player in group:
            return f"{'=' if len(group) > 1 else ''}{ordinal(place)} · "
        place += len(group)
    return ""


def _draw_line(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: CMView, line: LineView, top: int, ground: RGB,
               face: Font) -> None:
    """A line: its Attack Value (on gold once complete), then its slots from left to right."""
    if line.complete:
        draw.rounded_rectangle((VALUE_LEFT, top, VALUE_LEFT + VALUE_WIDTH, top + CARD_HEIGHT), radius=6 * S,
                               fill=COMPLETE)
    write(draw, (VALUE_LEFT + VALUE_WIDTH / 2, top + CARD_HEIGHT / 2), f"AV {line.value}", face,
          INK if line.complete else TEXT, anchor="mm")
    x = CARDS_LEFT
    for card, width in zip(line.slots, _widths(line.slots), strict=True):
        if card is None:
            empty_slot(draw, (x, top, x + width - 1, top + CARD_HEIGHT - 1))
        else:
            paste_card(canvas, (x, top), _card(view, card), (width, CARD_HEIGHT), ground=ground)
        x += width + SLOT_GAP


def _widths(slots: Sequence[CardView | None]) -> list[int]:
    """How wide each slot of a line is drawn: all alike when every name fits (the slots of the lines
    then line up, as on a table); else a card whose name needs more gets it and the others share what
    is left alike (an empty slot may be narrow). A line whose names need more than the whole room
    (six long ones) has its cards narrowed alike, their names then drawn smaller."""
    room = WIDTH - MARGIN - SEAT_PAD - CARDS_LEFT - (len(slots) - 1) * SLOT_GAP
    needs = [_natural(_label(card)) if card is not None else EMPTY_WIDTH for card in slots]
    if sum(needs) >= room:
        empty = EMPTY_WIDTH * slots.count(None)
        scale = (room - empty) / (sum(needs) - empty)
        return [int(need * scale) if card is not None else EMPTY_WIDTH for need, card in zip(needs, slots, strict=True)]
    return [max(need, _level(needs, room)) for need in needs]


def _level(needs: Sequence[int], room: int) -> int:
    """The width every slot is drawn at unless it needs more: the largest with which the line fills
    `room`."""
    wide: list[int] = []
    level = room // len(needs)
    while True:
        wider = sorted(need for need in needs if need > level)
        if wider == wide:
            return level
        wide = wider
        level = (room - sum(wide)) // (len(needs) - len(wide))


@lru_cache(maxsize=256)
def _natural(name: str) -> int:
    """The width a card needs for `name` at `CARD_TEXT`: on one line, or on two when that is narrower
    and both lines are tall enough to read (`TALL`)."""
    face = font(CARD_TEXT)
    words = name.split()
    best = face.getlength(name)
    for cut in range(1, len(words)):
        lines = (" ".join(words[:cut]), " ".join(words[cut:]))
        if all(_tall(line, face) for line in lines):
            best = min(best, max(face.getlength(line) for line in lines))
    return round(best) + CARD_PAD


def _tall(text: str, face: Font) -> bool:
    _, top, _, bottom = face.getbbox(text, anchor="ls")
    return bottom - top >= TALL * face.size


def _footer(view: CMView, face: Font) -> str:
    """The line at the foot: how the game ended; or where it is, the pile, and as many of the newest
    discards as fit; in the drawer's own picture (sent to them alone), first the card they drew."""
    if view.over:
        return f"The game is over: {view.end}"
    pile = f"{view.pile} cards in the pile" + (" (reshuffled once)" if view.reshuffled else "")
    text = f"Round {view.round} · turn {view.turn} · {pile}"
    if view.drawn is not None:  # the drawer's own picture: the card they are deciding on
        text = f"You drew {view.drawn.name} · {text}"
    room = WIDTH - 2 * MARGIN
    for shown in range(min(3, len(view.discards)), 0, -1):
        longer = f"{text} · discards: " + ", ".join(c.name for c in view.discards[-shown:])
        if face.getlength(longer) <= room:
            return longer
    return text


def panel_lines(view: CMView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The board read out for a screen reader (`renderers.describe`, the picture's alt text): where the
    game is, the players (points, whose turn), the pile and discards, what is asked, and the end; the
    card being decided on only in its drawer's own view (the table's never holds it: L37-57). The picture draws none of it as a panel: it is laid out for the size
    Discord shows it."""
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
    if view.drawn is not None and not view.over:  # only in the view of one who may see it: its drawer's
        lines += [heading("Your card"), PanelLine(view.drawn.name, colour=ACCENT)]
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
