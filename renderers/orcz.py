"""The Orcz board: the four Battlefields in a row, each with its Challenge and its ranks from the
front (nearest the Battlefield, at the top) to the rear, the ranks set aside under them, and a side
panel with the turn, the Event, the Warlords and what just happened.

Face-down cards are backs in the Warlord's colour; on a Warlord's own picture their own face-down
cards are shown with a gold dot, and their hand is laid out under the Battlefields. A Slave total
appears only on its owner's picture until the end. Pillow only; the same view gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

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
    recent_lines,
    title,
    write,
)
from renderers.kits.cards import Card, CardNumber, empty_slot, paste_card
from rules.orcz.data import CHAMPION, SCOUT, SHAMAN, card_name, is_troop, strength_of
from rules.orcz.models import FrontView, OrczView, RankView

SLUG = "orcz"

S = SUPERSAMPLE
CARD = (58 * S, 80 * S)
SMALL_CARD = (34 * S, 47 * S)
GAP = 5 * S
COLUMN = 2 * CARD[0] + GAP + 2 * 14 * S + 14 * S  # two cards, a strip for the owner, padding
MARGIN = 16 * S
HEADER = 112 * S
ROW = CARD[1] + GAP
SMALL_ROW = SMALL_CARD[1] + GAP
PANEL = SidePanel(width=400 * S, gap=22 * S, padding=16 * S)
BOARD_BG: RGB = (58, 52, 44)
COLUMN_BG: RGB = (74, 66, 54)
CURRENT_BG: RGB = (92, 78, 50)

WARLORD_COLOURS: dict[str, RGB] = {"red": (190, 56, 46), "green": (64, 140, 64), "blue": (58, 98, 186),
                                   "yellow": (214, 172, 36)}
FIELD_MARKS = {"tree": "Tree", "anvil": "Anvil", "tower": "Tower", "tent": "Tent"}
HERO_NOTES = {CHAMPION: "wins the day", SHAMAN: "doubles partner", SCOUT: "peeks"}


def colour_of(view: OrczView, player: str) -> RGB:
    warlord = next((w for w in view.warlords if w.player == player), None)
    return WARLORD_COLOURS.get(warlord.colour if warlord else "", MUTED)


def card_face(code: str, owner: RGB, *, mine_down: bool = False) -> Card:
    """A card face up: its type in the owner's band, its Strength large; the owner's own face-down
    card keeps its face on their picture, marked with a gold dot."""
    if is_troop(code):
        name = card_name(code).split()[0]
        return Card(name=name, colour=owner, numbers=(CardNumber(str(strength_of(code))),),
                    note="face down" if mine_down else "", dot=ACCENT if mine_down else None)
    return Card(name=code.capitalize(), colour=owner, note="face down" if mine_down else HERO_NOTES.get(code, ""),
                dot=ACCENT if mine_down else None)


def render(view: OrczView, recent: Sequence[str] = ()) -> bytes:
    """The board and its side panel as PNG bytes; `recent` are the newest log lines."""
    lines = panel_lines(view, recent)
    tallest = max((len(f.ranks) * ROW + _aside_height(f) for f in view.fronts), default=0)
    hand = _own_hand(view)
    hand_height = (28 * S + CARD[1] + GAP) if hand is not None else 0
    board_right = MARGIN + 4 * COLUMN + 3 * GAP
    board_bottom = MARGIN + HEADER + max(tallest, 2 * ROW) + 12 * S + hand_height + MARGIN
    width, height = PANEL.picture_size(board_right, board_bottom, MARGIN, lines)
    column_bottom = board_bottom - hand_height - MARGIN
    canvas = base_canvas(SLUG, (width, height), lambda draw: _draw_ground(draw, board_right, height))
    draw = ImageDraw.Draw(canvas)
    _draw_columns(draw, column_bottom)
    for n, front in enumerate(view.fronts):
        left = MARGIN + n * (COLUMN + GAP)
        _draw_front(canvas, draw, view, front, left, column_bottom)
    if hand is not None:
        _draw_hand(canvas, draw, view, hand, column_bottom + 12 * S)
    PANEL.draw(draw, board_right, MARGIN, height, lines)
    return encode_png(canvas)


def _draw_ground(draw: ImageDraw.ImageDraw, board_right: int, height: int) -> None:
    """What every picture starts with, drawn once (`base_canvas`, again for a taller picture): the
    board's ground."""
    draw.rectangle((0, 0, board_right + MARGIN // 2, height), fill=BOARD_BG)


def _draw_columns(draw: ImageDraw.ImageDraw, column_bottom: int) -> None:
    """The four empty Battlefield columns, as long as the longest line of ranks needs: drawn on each
    picture, since their length changes as ranks are placed (a base per length was a base drawn
    anew at nearly every Orcz board of a busy bot)."""
    for n in range(4):
        left = MARGIN + n * (COLUMN + GAP)
        draw.rounded_rectangle((left, MARGIN, left + COLUMN, column_bottom), radius=8 * S, fill=COLUMN_BG)


def _own_hand(view: OrczView) -> list[str] | None:
    own = next((w for w in view.warlords if w.player == view.viewer), None)
    return own.hand if own is not None and own.hand else None


def _aside_height(front: FrontView) -> int:
    if not front.aside:
        return 0
    rows = -(-len(front.aside) // 2)
    return 26 * S + rows * SMALL_ROW


def _draw_front(canvas: object, draw: ImageDraw.ImageDraw, view: OrczView, front: FrontView, left: int,
                bottom: int) -> None:
    """One Battlefield's column: its header, the ranks in line, then the ranks set aside."""
    top = MARGIN
    right = left + COLUMN
    if front.current:  # the ground has every column in COLUMN_BG
        draw.rounded_rectangle((left, top, right, bottom), radius=8 * S, fill=CURRENT_BG)
    big, small = font(20 * S), font(15 * S)
    write(draw, (left + COLUMN / 2, top + 6 * S), FIELD_MARKS[front.field.value].upper(), small, ACCENT, anchor="ma")
    write(draw, (left + COLUMN / 2, top + 26 * S), fit(front.title, small, COLUMN - 12 * S), small, TEXT, anchor="ma")
    if front.cleared:
        state, note = "Cleared", "no Challenge left"
    elif front.primary is None:
        state, note = "No Challenge", ""
    else:
        state = f"Challenge {front.primary}/{front.secondary}"
        note = f"need {front.need} · {front.stack} stacked"
    write(draw, (left + COLUMN / 2, top + 46 * S), state, big, TEXT, anchor="ma")
    if note:
        write(draw, (left + COLUMN / 2, top + 72 * S), fit(note, small, COLUMN - 12 * S), small, MUTED, anchor="ma")
    if front.current:
        write(draw, (left + COLUMN / 2, top + 90 * S), "resolving now", small, ACCENT, anchor="ma")
    elif front.done and not front.cleared:
        write(draw, (left + COLUMN / 2, top + 90 * S), "resolved", small, MUTED, anchor="ma")
    y = top + HEADER
    for n, rank in enumerate(front.ranks, start=1):
        _draw_rank(canvas, draw, view, rank, left, y, n)
        y += ROW
    if front.aside:
        y += 4 * S
        strength = sum(front.strength.values())
        write(draw, (left + 8 * S, y), fit(f"Set aside · Strength {strength}", small, COLUMN - 16 * S), small, MUTED)
        y += 22 * S
        for n, rank in enumerate(front.aside):
            x = left + 6 * S + (n % 2) * (2 * SMALL_CARD[0] + 2 * GAP + 2 * S)
            row_y = y + (n // 2) * SMALL_ROW
            _draw_pair(canvas, draw, view, rank, x, row_y, SMALL_CARD)


def _draw_rank(canvas: object, draw: ImageDraw.ImageDraw, view: OrczView, rank: RankView, left: int, y: int,
               number: int) -> None:
    """A rank in line: its number and an owner strip, then the left and the right card."""
    owner = colour_of(view, rank.owner)
    small = font(14 * S)
    draw.rounded_rectangle((left + 6 * S, y, left + 18 * S, y + CARD[1]), radius=3 * S, fill=owner)
    write(draw, (left + 12 * S, y + CARD[1] / 2), str(number), small, TEXT, anchor="mm")
    _draw_pair(canvas, draw, view, rank, left + 24 * S, y, CARD)
    if rank.scouted_by:  # a Scout looked at its face-down card: a ring on the strip (the panel says whose)
        cx, cy, r = left + 12 * S, y + CARD[1] - 10 * S, 4 * S
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=TEXT, width=S)


def _draw_pair(canvas: object, draw: ImageDraw.ImageDraw, view: OrczView, rank: RankView, x: int, y: int,
               size: tuple[int, int]) -> None:
    owner = colour_of(view, rank.owner)
    for k, side in enumerate(("left", "right")):
        at = (x + k * (size[0] + GAP), y)
        code = rank.left if side == "left" else rank.right
        if side in rank.lost:
            empty_slot(draw, (at[0], at[1], at[0] + size[0] - 1, at[1] + size[1] - 1))
        elif code is None:
            paste_card(canvas, at, Card(name="", colour=owner, face_down=True, back=owner), size)  # type: ignore[arg-type]
        else:
            paste_card(canvas, at, card_face(code, owner, mine_down=rank.down == side and rank.mine), size)  # type: ignore[arg-type]


def _draw_hand(canvas: object, draw: ImageDraw.ImageDraw, view: OrczView, hand: list[str], y: int) -> None:
    """The viewer's own hand, behind their screen: only ever on their own picture."""
    owner = colour_of(view, view.viewer or "")
    write(draw, (MARGIN, y), "Your hand (behind your screen)", font(16 * S), ACCENT)
    x = MARGIN
    for code in hand:
        paste_card(canvas, (x, y + 24 * S), card_face(code, owner), CARD)  # type: ignore[arg-type]
        x += CARD[0] + GAP


def panel_lines(view: OrczView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """Where the war is, the Event, the Warlords (Slaves only where the viewer may see them, spent
    Heroes, ranks placed), a share-out being decided, what just happened, and the end."""
    if view.phase == "over":
        where = "The war is over"
    elif view.phase == "deploy":
        where = f"Turn {view.turn}/{view.turns} · deployment, round {view.round}"
    else:
        where = f"Turn {view.turn}/{view.turns} · struggles"
    lines = [title("Orcz"), PanelLine(where, size=26 * S)]
    if view.late:
        waiting = " and ".join(view.names.get(p, p) for p in view.waiting_for)
        lines.append(PanelLine(f"{waiting} is too slow: the others may shout Gnorish!", colour=ACCENT,
                               size=SMALL_TEXT))
    elif view.timer and view.phase == "deploy":
        lines.append(PanelLine("Phrase timer on: place your rank quickly", colour=MUTED, size=SMALL_TEXT))
    if view.event_title:
        lines += [heading("Event"), PanelLine(view.event_title, colour=ACCENT),
                  PanelLine(view.event_text, size=SMALL_TEXT)]
    lines.append(heading("Warlords"))
    for warlord in view.warlords:
        bits = [_slaves(warlord.slaves) if warlord.slaves is not None else "Slaves hidden"]
        if view.phase == "deploy":
            bits.append(f"{warlord.placed} placed")
        first = " (first)" if warlord.player == view.first and view.phase != "over" else ""
        lines.append(PanelLine(view.names.get(warlord.player, warlord.player) + first,
                               swatch=WARLORD_COLOURS.get(warlord.colour), marked=warlord.player in view.waiting_for,
                               note=" · ".join(bits)))
        if warlord.spent:
            lines.append(PanelLine("spent: " + ", ".join(h.capitalize() for h in warlord.spent), size=SMALL_TEXT,
                                   colour=MUTED))
    if view.split is not None:
        split = view.split
        who = view.names.get(split.by, split.by)
        what = "gives" if split.won else "may make others pay"
        lines += [heading("Share-out"), PanelLine(f"{who} {what} {split.amount} Slave(s)", size=SMALL_TEXT)]
    if view.looks:
        lines.append(heading("Scouts"))
        for look in view.looks:
            where = next(((f.title, n) for f in view.fronts for n, r in enumerate(f.ranks, start=1)
                          if r.id == look.rank), None)
            if where is not None:
                owner = next(r.owner for f in view.fronts for r in f.ranks if r.id == look.rank)
                lines.append(PanelLine(f"{view.names.get(look.by, '?')} saw {view.names.get(owner, '?')}'s card in "
                                       f"rank {where[1]} at {where[0]}", size=SMALL_TEXT))
    lines += recent_lines(recent)
    if view.placings is not None:
        lines += _end_lines(view)
    return lines


def _slaves(count: int) -> str:
    return f"{count} Slave" + ("" if count == 1 else "s")


def _end_lines(view: OrczView) -> list[PanelLine]:
    """The Slaves each Warlord ended with, most first (ties share a place); when too few Battlefields
    were cleared, nobody won, and the list says so instead of naming a winner."""
    lines = [heading("Result")]
    if view.nobody_won:
        lines.append(PanelLine("Llovar falls: every Warlord loses", colour=ACCENT))
    slaves = {w.player: w.slaves for w in view.warlords}
    place = 1
    for group in view.placings or []:
        for player in group:
            tie = "=" if len(group) > 1 else ""
            won = place == 1 and not view.nobody_won
            lines.append(PanelLine(f"{tie}{ordinal(place)}  {view.names.get(player, player)}",
                                   colour=ACCENT if won else TEXT, swatch=colour_of(view, player),
                                   note=_slaves(slaves.get(player) or 0)))
        place += len(group)
    return lines


__all__ = ["SLUG", "panel_lines", "render"]
