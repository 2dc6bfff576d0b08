"""The Chaos Marauders board, drawn for the size Discord shows it (`SHOWN`: about 550 px wide): each
player's three battle lines in a band of their own, one under the other, under a row numbering the
slots ("slot 1" to "slot 6", as the moves name them: the slots of every band stand in the same
columns); at the foot the round, the pile (a count: its order is the game's one secret) and the
newest discards, then a key of the marks the board shows.

A band starts with the player's colour, whole name and points ("drawing" while their turn is on:
not in the last call for shouts after it), then each line's cell ("line 2", its Attack Value; on
gold once the line is complete) and its six slots: a card is a strip with its name on its type's
colour (a Sneaky Git's on its owner's; a Plague Lord's with the rating it counts for); an empty slot
is a dashed outline. A column is as wide as the longest name in it needs, the columns sharing what
is left; when a crowded board's names need more than the width, the widest columns are narrowed
alike and their names condensed, never drawn smaller (`CARD_TEXT`). The log and the question asked
are not drawn: the bot sends them as text with the picture. The card being decided on is in no
picture but its drawer's own (the table's view does not hold it), at the foot.

Every card placed this turn is ringed alike in white, so the Chaos Marauders looks like any other
newcomer and spotting it stays the players' job. Pillow only; the same view gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

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
    place_of,
    ranked,
    player_colour,
    recent_lines,
    title,
    wrap,
    write,
)
from renderers.kits.cards import Card, empty_slot, paste_card, strip_margin, strip_name_width
from rules.chaos_marauders.data import PLAGUE, SLOTS
from rules.chaos_marauders.models import CardView, CMView, LineView, PlayerView

SLUG = "chaos-marauders"

S = SUPERSAMPLE
WIDTH = 1100 * S
"""Twice the `SHOWN` box's width: a label 20 output px tall is 10 px where Discord shows it."""
MARGIN = 4 * S
TOP = 3 * S
LABEL = 29 * S
"""The size of every label but the cards' names: a capital or a digit of it is 21 output px tall,
10.5 px as shown."""
HEADER = 24 * S
"""The row of the slots' numbers, over the columns of every band."""
CARD_TEXT = 28 * S
"""The size of a card's name, never smaller: a capital of it, bold, is 20.5 output px tall (10.2 px as
shown); a long name in a crowded line is condensed instead (`renderers.kits.cards.strip_name`)."""
LINE = 33 * S
"""The pitch of the lines of a player's name."""
CARD_HEIGHT = 59 * S
"""A card strip: room for a name on two lines of `CARD_TEXT` one font size apart, inside its ring."""
RING: tuple[int, int] = (3 * S, S + S // 2)
"""The ring of a card placed this turn, across and down: thin above and below, where a two-line name
needs the room."""
ROW_GAP = 2 * S
SEAT_HEIGHT = 3 * CARD_HEIGHT + 2 * ROW_GAP
SEAT_GAP = 3 * S
FOOT = 29 * S
"""A row at the foot (where the game is; the key): a line of `LABEL`, ascenders to descenders."""
BAR = 6 * S
"""The player's colour, down the left edge of their band."""
NAME_LEFT = MARGIN + BAR + 6 * S
NAME_LEAST = 120 * S
NAME_MOST = 200 * S
"""The column of the player's name (wrapped, never cut: as wide as its longest word, within these) and
points."""
CELL_WIDTH = 86 * S
"""Each line's cell: its number and its Attack Value, on gold once the line is complete."""
COLUMN_GAP = 6 * S
SLOT_GAP = 4 * S
SLOT_LEAST = 82 * S
"""A column of slots no card stands in: room for its number over it."""
ICON = (34 * S, 20 * S)
"""A key's symbol: a small strip."""
BOARD_BG: RGB = (50, 44, 40)
SEAT_BG: RGB = (68, 60, 52)
ACTIVE_BG: RGB = (88, 74, 50)
COMPLETE: RGB = (226, 184, 72)
NEW_RING: RGB = (255, 255, 255)

CARD_COLOURS: dict[str, RGB] = {"grey": (128, 128, 134), "blue": (58, 110, 196), "purple": (126, 70, 160),
                                "green": (56, 140, 72), "red": (184, 52, 44)}


def _card(view: CMView, card: CardView) -> Card:
    """A card's strip: its name on its type's colour (a Git's on its owner's), ringed when it was
    placed this turn. Its Attack Rating and points are in its line's Attack Value and its owner's
    points: a strip has room only for the name."""
    band = _colour_of(view, card.git_owner) if card.git_owner is not None else CARD_COLOURS.get(card.colour, MUTED)
    return Card(name=_label(card), colour=band, dot=NEW_RING if card.new else None, text=CARD_TEXT, condense=True,
                ring=RING)


def _label(card: CardView) -> str:
    """The name on a card's strip, its words capitalised as a card's title ("Boneshaker Crew": a word
    of short letters alone on a line reads smaller than the rest); a Plague Lord's with the Attack
    Rating it counts for now (2, 4, 6 or 8 by how many its owner has), the one rating on the table
    that is not printed on the card."""
    name = " ".join(word if word == "of" else word[:1].upper() + word[1:] for word in card.name.split())
    return f"{name} AR {card.ar}" if card.key == PLAGUE else name


def _colour_of(view: CMView, player: str) -> RGB:
    seat = next((p for p in view.players if p.player == player), None)
    return player_colour(seat.colour) if seat is not None else MUTED


def _drawing(view: CMView) -> str | None:
    """The player whose turn it is, while it is: nobody once the game is over, nor in the last call
    for shouts after a turn (the view's `active` is still that turn's player then)."""
    return None if view.over or view.active is None or view.last_call else view.active


def _height(players: int) -> int:
    return TOP + HEADER + players * SEAT_HEIGHT + (players - 1) * SEAT_GAP + S + 2 * FOOT + S


def _seat_top(n: int) -> int:
    return TOP + HEADER + n * (SEAT_HEIGHT + SEAT_GAP)


@dataclass(frozen=True)
class _Layout:
    """Where the columns of this board lie: the name column's width, the left edge of the lines'
    cells, and each slot column's left edge and width (alike in every band, under its number)."""

    name_width: int
    cell_left: int
    slots: tuple[tuple[int, int], ...]


def render(view: CMView) -> bytes:
    """The board as PNG bytes. The newest log lines are not drawn: the message carries them as text."""
    players = len(view.players)
    size = (WIDTH, _height(players))
    canvas = base_canvas((SLUG, players), size, lambda draw: _draw_ground(draw, players, size))
    draw = ImageDraw.Draw(canvas)
    face = font(LABEL)
    layout = _layout(view, face)
    for k, (left, width) in enumerate(layout.slots):
        write(draw, (left + width / 2, TOP + HEADER / 2), f"slot {k + 1}", face, MUTED, anchor="mm")
    drawing = _drawing(view)
    for n, seat in enumerate(view.players):
        _draw_seat(canvas, draw, view, seat, _seat_top(n), face, layout, drawing)
    foot = _seat_top(players) - SEAT_GAP + S
    write(draw, (MARGIN, _baseline(foot, face)), _footer(view, face), face, MUTED, anchor="ls")
    _draw_key(draw, view, foot + FOOT, face)
    return encode_png(canvas)


def _draw_ground(draw: ImageDraw.ImageDraw, players: int, size: tuple[int, int]) -> None:
    """What is the same on every board of this many players, drawn once per worker (`base_canvas`):
    the ground and each player's band."""
    draw.rectangle((0, 0, *size), fill=BOARD_BG)
    for n in range(players):
        _draw_band(draw, _seat_top(n), SEAT_BG)


def _draw_band(draw: ImageDraw.ImageDraw, top: int, fill: RGB) -> None:
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + SEAT_HEIGHT), radius=6 * S, fill=fill)


def _layout(view: CMView, face: Font) -> _Layout:
    """The name column as wide as the longest word of a name (so none is broken), then the cells, then
    the six slot columns: each as wide as the widest name standing in it needs, sharing what is left
    alike; when the names need more than the room, the widest columns are narrowed alike (their
    names condensed, never smaller)."""
    words = [word for name in view.names.values() for word in name.split()] or [""]
    name_width = max(NAME_LEAST, min(NAME_MOST, math.ceil(max(face.getlength(word) for word in words)) + 4 * S))
    cell_left = NAME_LEFT + name_width + COLUMN_GAP
    left = cell_left + CELL_WIDTH + COLUMN_GAP
    needs = [SLOT_LEAST] * SLOTS
    for seat in view.players:
        for line in seat.lines:
            for k, card in enumerate(line.slots[:SLOTS]):
                if card is not None:
                    needs[k] = max(needs[k], _need(_label(card)))
    room = WIDTH - MARGIN - left - (SLOTS - 1) * SLOT_GAP
    widths = _shared(needs, room)
    slots = []
    for width in widths:
        slots.append((left, width))
        left += width + SLOT_GAP
    return _Layout(name_width, cell_left, tuple(slots))


def _shared(needs: Sequence[int], room: int) -> list[int]:
    """Column widths filling `room`: every column at least a common level, a column that needs more
    getting it while the room lasts; else each the smaller of its need and the level at which they
    fill the room."""
    if sum(needs) <= room:
        return [max(need, _level(needs, room)) for need in needs]
    level = room // len(needs)
    while True:
        narrow = [need for need in needs if need < level]
        wider = len(needs) - len(narrow)
        new = (room - sum(narrow)) // wider
        if new == level:
            return [min(need, level) for need in needs]
        level = new


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
def _need(name: str) -> int:
    """The width a card's strip needs for `name` at `CARD_TEXT` without condensing it."""
    return math.ceil(strip_name_width(name, CARD_TEXT)) + strip_margin(RING[0])


def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: CMView, seat: PlayerView, top: int,
               face: Font, layout: _Layout, drawing: str | None) -> None:
    """One player's band: their colour, name and points, then their three lines top to bottom. The
    ground has the band already in the colour of a player not drawing; the drawing player's is drawn
    anew (only while their turn is on)."""
    active = seat.player == drawing
    ground = ACTIVE_BG if active else SEAT_BG
    if active:
        _draw_band(draw, top, ground)
    draw.rounded_rectangle((MARGIN, top, MARGIN + BAR, top + SEAT_HEIGHT), radius=3 * S,
                           fill=_colour_of(view, seat.player))
    room = layout.name_width
    texts = [(line, ACCENT if active else TEXT)
             for line in wrap(view.names.get(seat.player, seat.player), face, room)]
    texts += [(line, MUTED) for line in wrap(_points(view, seat), face, room)]
    if active:
        texts.append(("drawing", ACCENT))
    for k, (text, colour) in enumerate(texts):
        write(draw, (NAME_LEFT, top + 2 * S + k * LINE), text, face, colour)
    for n, line in enumerate(seat.lines):
        _draw_line(canvas, draw, view, line, n, top + n * (CARD_HEIGHT + ROW_GAP), ground, face, layout)


def _points(view: CMView, seat: PlayerView) -> str:
    """A player's points (the final score once it is over, after their place), and their Idol's."""
    place = _place(view, seat.player)
    points = f"{(view.scores or {}).get(seat.player, seat.vp)} VP"
    idol = f" · Idol {seat.idol:+d}" if seat.idol is not None else ""
    return f"{place}{points}{idol}"


def _place(view: CMView, player: str) -> str:
    read = place_of(view.placings, player)
    return f"{read} · " if read else ""


def _draw_line(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: CMView, line: LineView, number: int, top: int,
               ground: RGB, face: Font, layout: _Layout) -> None:
    """A line: its cell (its number as the moves name it, its Attack Value; on gold once complete),
    then its slots from left to right, each in its column."""
    left = layout.cell_left
    if line.complete:
        draw.rounded_rectangle((left, top, left + CELL_WIDTH, top + CARD_HEIGHT), radius=6 * S, fill=COMPLETE)
    ink = INK if line.complete else TEXT
    middle = left + CELL_WIDTH / 2
    write(draw, (middle, top + CARD_HEIGHT / 2 - 3 * S), f"line {number + 1}", face, INK if line.complete else MUTED,
          anchor="ms")
    write(draw, (middle, top + CARD_HEIGHT / 2 + 25 * S), f"AV {line.value}", face, ink, anchor="ms")
    for card, (x, width) in zip(line.slots, layout.slots, strict=True):
        if card is None:
            empty_slot(draw, (x, top, x + width - 1, top + CARD_HEIGHT - 1))
        else:
            paste_card(canvas, (x, top), _card(view, card), (width, CARD_HEIGHT), ground=ground)


def _baseline(top: int, face: Font) -> float:
    """The baseline of a row at the foot starting at `top`: its tallest letters' ink centred in it."""
    _, high, _, low = face.getbbox("Hbdlkgpqy", anchor="ls")
    return top + (FOOT - high - low) / 2


def _draw_key(draw: ImageDraw.ImageDraw, view: CMView, top: int, face: Font) -> None:
    """The marks a newcomer does not know, each only when the board shows it: a card placed this
    turn, a complete line, a Sneaky Git in its owner's colour, an empty slot."""
    cards = [card for seat in view.players for line in seat.lines for card in line.slots]
    entries: list[tuple[Callable[[ImageDraw.ImageDraw, tuple[int, int, int, int]], None], str]] = []
    if any(card is not None and card.new for card in cards):
        entries.append((_new_icon, "placed this turn"))
    if any(line.complete for seat in view.players for line in seat.lines):
        entries.append((_complete_icon, "complete line"))
    owner = next((card.git_owner for card in cards if card is not None and card.git_owner is not None), None)
    if owner is not None:
        entries.append((partial(_git_icon, _colour_of(view, owner)), "Git: its owner's colour"))
    if any(card is None for card in cards):
        entries.append((_empty_icon, "empty slot"))
    x = MARGIN
    middle = top + FOOT / 2
    for icon, text in entries:
        icon(draw, (x, round(middle - ICON[1] / 2), x + ICON[0], round(middle + ICON[1] / 2)))
        box = write(draw, (x + ICON[0] + 8 * S, _baseline(top, face)), text, face, TEXT, anchor="ls")
        x = math.ceil(box[2]) + 22 * S


def _new_icon(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    draw.rounded_rectangle(box, radius=3 * S, fill=NEW_RING)
    inner = (box[0] + RING[0], box[1] + RING[1] + S // 2, box[2] - RING[0], box[3] - RING[1] - S // 2)
    draw.rounded_rectangle(inner, radius=2 * S, fill=CARD_COLOURS["grey"])


def _complete_icon(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    draw.rounded_rectangle(box, radius=3 * S, fill=COMPLETE)


def _git_icon(colour: RGB, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    draw.rounded_rectangle(box, radius=3 * S, fill=INK)
    draw.rounded_rectangle((box[0] + S, box[1] + S, box[2] - S, box[3] - S), radius=2 * S, fill=colour)


def _empty_icon(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    empty_slot(draw, box)


def _footer(view: CMView, face: Font) -> str:
    """The line at the foot: how the game ended; or where it is, the pile, and as many of the newest
    discards as fit; in the drawer's own picture (sent to them alone), first the card they drew."""
    if view.over:
        return f"The game is over: {view.end}"
    pile = f"{view.pile} cards in the pile" + (" (reshuffled once)" if view.reshuffled else "")
    turn = f"turn {view.turn}" if view.active is None or _drawing(view) else f"turn {view.turn} is over: last call"
    text = f"Round {view.round} · {turn} · {pile}"
    if view.drawn is not None:  # the drawer's own picture: the card they are deciding on
        text = f"You drew {view.drawn.name} · {text}"
    room = WIDTH - 2 * MARGIN - 2 * S
    for shown in range(min(3, len(view.discards)), 0, -1):
        longer = f"{text} · discards: " + ", ".join(c.name for c in view.discards[-shown:])
        if face.getlength(longer) <= room:
            return longer
    return text


def panel_lines(view: CMView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The board read out for a screen reader (`renderers.describe`, the picture's alt text): where the
    game is, the players (points, whose turn), the pile and discards, what is asked, and the end; the
    card being decided on only in its drawer's own view (the table's never holds it: L37-57). The
    picture draws none of it as a panel: it is laid out for the size Discord shows it."""
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
    for player, place, read in ranked(view.placings or []):
        lines.append(PanelLine(f"{read}  {view.names.get(player, player)}", colour=ACCENT if place == 1 else TEXT,
                               swatch=_colour_of(view, player), note=f"{scores.get(player, 0)} VP"))
    return lines


__all__ = ["SLUG", "panel_lines", "render"]
