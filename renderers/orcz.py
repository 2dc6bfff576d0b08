"""The Orcz board, drawn for the size Discord shows it (`SHOWN`: about 550 px wide): a picture of a
fixed size whatever the game holds, so it is never shrunk further as ranks pile up.

At the top, the turn and the Event; under it the four Battlefields side by side, each with its
Challenge and its ranks from the front (nearest the Battlefield, at the top) to the rear, then the
ranks set aside and their Strength; at the foot the Warlords. Every card is a strip with its name
and Strength. A Battlefield shows as many ranks as its column holds, the rear ones first (they are
the ones that struggle), and says how many more stand in front; the ranks set aside likewise.
The log is not drawn: the bot sends it as text with the picture.

Face-down cards are backs in the Warlord's colour; on a Warlord's own picture their own face-down
cards are shown ringed in gold, and their hand is laid out above the Warlords. A Slave total
appears only on its owner's picture until the end. Pillow only; the same view gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.common import (
    ACCENT,
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
    recent_lines,
    title,
    wrap,
    write,
)
from renderers.kits.cards import Card, CardNumber, empty_slot, paste_card
from rules.orcz.data import card_name, is_troop, strength_of
from rules.orcz.models import FrontView, OrczView, RankView, WarlordView

SLUG = "orcz"

S = SUPERSAMPLE
SIZE = (1100 * S, 824 * S)
"""Twice the `SHOWN` box, every picture: a label 20 output px tall is 10 px where Discord shows it."""

MARGIN = 15 * S
LABEL = 29 * S
"""The size of every label: a capital or a digit of it is 21 output px tall, 10.5 px as shown."""
LINE = 35 * S
"""The pitch of lines of labels."""

CARD = (125 * S, 44 * S)
"""A card as a strip: its name and Strength, side by side."""
CARD_GAP = 5 * S
ROW = CARD[1] + 4 * S
"""The pitch of ranks in a column, and of the rows of a hand."""
INSET = 4 * S
"""Between a column's edge and its ranks."""
COLUMN = 2 * INSET + 2 * CARD[0] + CARD_GAP
COLUMN_GAP = (SIZE[0] - 2 * MARGIN - 4 * COLUMN) // 3
FIELD_HEAD = 4 * LINE
"""A Battlefield's name, its Challenge, what it needs, whether it is being resolved."""
HAND_ROW = 8
"""Cards in a row of the hand: a whole hand (13 cards) takes two rows."""
UNDER_COLUMNS = 6 * S
"""Between the columns' foot and the hand or the Warlords under them."""
FEWEST_RANKS = 4
"""The rows a column keeps for its ranks, before the header may list the Scouts' looks."""
BOARD_BG: RGB = (58, 52, 44)
COLUMN_BG: RGB = (74, 66, 54)
CURRENT_BG: RGB = (100, 84, 50)

WARLORD_COLOURS: dict[str, RGB] = {"red": (190, 56, 46), "green": (64, 140, 64), "blue": (58, 98, 186),
                                   "yellow": (214, 172, 36)}


@dataclass(frozen=True)
class Note:
    """A line of the header under the turn: the Event's text, a timer, a share-out, a Scout's look."""

    text: str
    colour: RGB = TEXT
    spare: bool = False  # left out when the room is short


def colour_of(view: OrczView, player: str) -> RGB:
    warlord = next((w for w in view.warlords if w.player == player), None)
    return WARLORD_COLOURS.get(warlord.colour if warlord else "", MUTED)


def card_face(code: str, owner: RGB, *, mine_down: bool = False) -> Card:
    """A card face up as a strip in its owner's colour: its type and its Strength (a Hero has none);
    the owner's own face-down card keeps its face on their picture, ringed in gold."""
    name = card_name(code).split()[0] if is_troop(code) else code.capitalize()
    numbers = (CardNumber(str(strength_of(code))),) if is_troop(code) else ()
    return Card(name=name, colour=owner, numbers=numbers, dot=ACCENT if mine_down else None, text=LABEL)


def _back(owner: RGB) -> Card:
    return Card(name="", colour=owner, face_down=True, back=owner)


def render(view: OrczView) -> bytes:
    """The board as PNG bytes. The newest log lines are not drawn: the message carries them as text."""
    face = font(LABEL)
    hand = _own_hand(view)
    marks = key_marks(view)
    warlords_top = SIZE[1] - MARGIN - len(view.warlords) * LINE
    beside_hand = bool(hand) and _key_width(marks, face) <= SIZE[0] - 2 * MARGIN - face.getlength(HAND_TITLE) - LINE
    key_top = warlords_top - (LINE if marks and not beside_hand else 0)
    hand_top = key_top - (_hand_height(hand) if hand else 0)
    notes = _notes(view, face, hand_top)
    canvas = base_canvas(SLUG, SIZE, _draw_ground)
    draw = ImageDraw.Draw(canvas)
    _draw_turn(draw, view, face)
    for k, note in enumerate(notes):
        write(draw, (MARGIN, MARGIN + (k + 1) * LINE), note.text, face, note.colour)
    columns_top = _columns_top(len(notes))
    for n, front in enumerate(view.fronts):
        _draw_front(canvas, draw, view, front, MARGIN + n * (COLUMN + COLUMN_GAP),
                    (columns_top, hand_top - UNDER_COLUMNS), _rank_rows(columns_top, hand_top))
    if hand:
        _draw_hand(canvas, draw, view, hand, hand_top)
    if marks:
        _draw_key(canvas, draw, view, marks, hand_top if beside_hand else key_top, face)
    _draw_warlords(draw, view, warlords_top, face)
    return encode_png(canvas)


def _columns_top(notes: int) -> int:
    return MARGIN + (notes + 1) * LINE + 4 * S


def _rank_rows(columns_top: int, foot: int) -> int:
    """How many ranks (or lines saying what is left out) a column holds between its head and `foot`."""
    return (foot - UNDER_COLUMNS - columns_top - FIELD_HEAD) // ROW


def _notes(view: OrczView, face: Font, foot: int) -> list[Note]:
    """The header's lines under the turn, wrapped to the picture's width; the Scouts' looks are left out,
    the last first, where they would leave a column fewer than `FEWEST_RANKS` rows (the log said them
    when they happened)."""
    notes = header_notes(view)
    while True:
        rows = [row for note in notes for row in _wrapped(note, face)]
        spare = [k for k, note in enumerate(notes) if note.spare]
        if not spare or _rank_rows(_columns_top(len(rows)), foot) >= FEWEST_RANKS:
            return rows
        del notes[spare[-1]]


def _draw_ground(draw: ImageDraw.ImageDraw) -> None:
    """What every picture starts with, drawn once (`base_canvas`): the board's ground."""
    draw.rectangle((0, 0, SIZE[0], SIZE[1]), fill=BOARD_BG)


def _wrapped(note: Note, face: Font) -> list[Note]:
    return [Note(text, note.colour, note.spare) for text in wrap(note.text, face, SIZE[0] - 2 * MARGIN)]


def _where(view: OrczView) -> str:
    """Where the war stands, as the message's heading says it (`where()`), with the part of the turn."""
    if view.phase == "over":
        return "The war is over"
    part = f"deployment, round {view.round}" if view.phase == "deploy" else "struggles"
    return f"{view.where()} · {part}"


def _draw_turn(draw: ImageDraw.ImageDraw, view: OrczView, face: Font) -> None:
    """The first line: where the war is, and the Event's title at the right."""
    where = _where(view)
    write(draw, (MARGIN, MARGIN), where, face, TEXT)
    if view.event_title:
        write(draw, (SIZE[0] - MARGIN, MARGIN), f"Event: {view.event_title}", face, ACCENT, anchor="ra")


def header_notes(view: OrczView) -> list[Note]:
    """What the header says under the turn: the Event's rule, the phrase timer, a share-out being
    decided, the Scouts' looks, and at the end whether anyone won."""
    notes = [Note(view.event_text)] if view.event_text and view.phase != "over" else []
    if view.late:
        waiting = " and ".join(view.names.get(p, p) for p in view.waiting_for)
        notes.append(Note(f"{waiting} is too slow: the others may shout Gnorish!", ACCENT))
    elif view.timer and view.phase == "deploy":
        notes.append(Note("Phrase timer on: place your rank quickly", MUTED))
    if view.split is not None:
        who = view.names.get(view.split.by, view.split.by)
        what = "gives" if view.split.won else "may make others pay"
        notes.append(Note(f"Share-out: {who} {what} {_slaves(view.split.amount)}", ACCENT))
    notes += [Note(text, MUTED, spare=True) for text in _looks(view)]
    if view.placings is not None and view.nobody_won:
        notes.append(Note("Llovar falls: every Warlord loses", ACCENT))
    return notes


def _looks(view: OrczView) -> list[str]:
    """Who a Scout looked at, and where: the rank counted from the front."""
    said = []
    for look in view.looks:
        where = next(((f.title, n, r.owner) for f in view.fronts for n, r in enumerate(f.ranks, start=1)
                      if r.id == look.rank), None)
        if where is not None:
            field, number, owner = where
            said.append(f"Scout: {view.names.get(look.by, '?')} saw {view.names.get(owner, '?')}'s card in rank "
                        f"{number} at {field}")
    return said


def _draw_front(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: OrczView, front: FrontView, left: int,
                span: tuple[int, int], rows: int) -> None:
    """One Battlefield's column: its head, then the ranks in line and the ranks set aside, as many as
    `rows` holds."""
    top, bottom = span
    draw.rounded_rectangle((left, top, left + COLUMN, bottom), radius=8 * S,
                           fill=CURRENT_BG if front.current else COLUMN_BG)
    face = font(LABEL)
    for k, (text, colour) in enumerate(_field_head(front)):
        write(draw, (left + COLUMN / 2, top + 4 * S + k * LINE), text, face, colour, anchor="ma")
    y = top + FIELD_HEAD
    line, aside = _shares(len(front.ranks), len(front.aside), rows)
    ahead = len(front.ranks) - line
    if ahead:  # the front ranks give way: the rear ones are those that struggle
        write(draw, (left + COLUMN / 2, y + ROW / 2), f"{ahead} more in front", face, MUTED, anchor="mm")
        y += ROW
        line -= 1
    for rank in front.ranks[len(front.ranks) - line:]:
        _draw_pair(canvas, draw, view, rank, left + INSET, y)
        y += ROW
    if aside:
        unshown = len(front.aside) - (aside - 1)
        write(draw, (left + COLUMN / 2, y + ROW / 2), f"Set aside · {unshown} more" if unshown else "Set aside",
              face, MUTED, anchor="mm")
        y += ROW
        for rank in front.aside[len(front.aside) - (aside - 1):] if aside > 1 else []:
            _draw_pair(canvas, draw, view, rank, left + INSET, y)
            y += ROW


def _field_head(front: FrontView) -> list[tuple[str, RGB]]:
    """A Battlefield's name, its Challenge (or that it has none), what beating it needs and how many
    Challenges are stacked behind it, and, while it is resolved, the Strength face up there."""
    lines = [(front.title, ACCENT if front.current else TEXT)]
    if front.cleared:
        lines.append(("Cleared", TEXT))
    elif front.primary is None:
        lines.append(("No Challenge", TEXT))
    else:
        lines += [(f"Challenge {front.primary}/{front.secondary}", TEXT),
                  (f"Need {front.need} · {front.stack} more", MUTED)]
    strength = sum(front.strength.values())
    if front.current:  # its column is lit: the Strength face up there says more than "resolving"
        lines.append((f"Strength {strength} so far" if strength else "Resolving now", ACCENT))
    elif front.done and not front.cleared:
        lines.append(("Resolved", MUTED))
    return lines


def _shares(line: int, aside: int, rows: int) -> tuple[int, int]:
    """The rows a column gives its ranks in line and its ranks set aside (their heading included):
    all when they fit; else the line first, the ranks set aside keeping at least their heading."""
    wanted = aside + 1 if aside else 0
    if line + wanted <= rows:
        return line, wanted
    kept = min(wanted, max(1 if aside else 0, rows - line))
    return rows - kept, kept


def _draw_pair(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: OrczView, rank: RankView, x: int,
               y: int) -> None:
    """A rank's left and right card: face up, a back, or the empty place of a card lost in a struggle."""
    owner = colour_of(view, rank.owner)
    for k, side in enumerate(("left", "right")):
        at = (x + k * (CARD[0] + CARD_GAP), y)
        code = rank.left if side == "left" else rank.right
        if side in rank.lost:
            empty_slot(draw, (at[0], at[1], at[0] + CARD[0] - 1, at[1] + CARD[1] - 1))
        elif code is None:
            paste_card(canvas, at, _back(owner), CARD)
        else:
            paste_card(canvas, at, card_face(code, owner, mine_down=rank.down == side and rank.mine), CARD)


def _own_hand(view: OrczView) -> list[str] | None:
    own = next((w for w in view.warlords if w.player == view.viewer), None)
    return own.hand if own is not None and own.hand else None


def _hand_height(hand: Sequence[str]) -> int:
    return LINE + -(-len(hand) // HAND_ROW) * ROW


def _draw_hand(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: OrczView, hand: Sequence[str], top: int) -> None:
    """The viewer's own hand, behind their screen: only ever on their own picture."""
    owner = colour_of(view, view.viewer or "")
    write(draw, (MARGIN, top), HAND_TITLE, font(LABEL), ACCENT)
    for n, code in enumerate(hand):
        at = (MARGIN + (n % HAND_ROW) * (CARD[0] + CARD_GAP), top + LINE + (n // HAND_ROW) * ROW)
        paste_card(canvas, at, card_face(code, owner), CARD)


HAND_TITLE = "Your hand"
KEY_ICON = (52 * S, 26 * S)
"""A mark's sample in the key: a small card, as tall as a label."""
KEY_GAP = 8 * S
"""Between a sample and its words."""
KEY_SPACE = 24 * S
"""Between one entry of the key and the next."""
KEY_WORDS = {"back": "face down", "mine": "your face-down card", "lost": "lost in a struggle"}
"""What each mark of the picture means, in the key's words."""


def key_marks(view: OrczView) -> list[str]:
    """The marks the picture may show, in the key's order: a card's back (a face-down card the viewer
    cannot see), the gold ring of the viewer's own face-down card (their picture only), and the dashed
    gap a card beaten in a struggle leaves."""
    ranks = [r for f in view.fronts for r in (*f.ranks, *f.aside)]
    marks = []
    if any(r.down is not None and getattr(r, r.down) is None for r in ranks):
        marks.append("back")
    if any(r.mine and r.down is not None and getattr(r, r.down) is not None for r in ranks):
        marks.append("mine")
    if any(r.lost for r in ranks):
        marks.append("lost")
    return marks


def _key_width(marks: Sequence[str], face: Font) -> float:
    return sum(KEY_ICON[0] + KEY_GAP + face.getlength(KEY_WORDS[m]) for m in marks) + KEY_SPACE * (len(marks) - 1)


def _draw_key(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: OrczView, marks: Sequence[str], top: int,
              face: Font) -> None:
    """The key to the picture's marks, on one line ending at the right edge: a sample of each and what
    it means."""
    x = SIZE[0] - MARGIN - _key_width(marks, face)
    middle = top + LINE / 2
    own = colour_of(view, view.viewer or "")
    for mark in marks:
        at = (x, middle - KEY_ICON[1] / 2)
        if mark == "back":
            paste_card(canvas, at, _back(MUTED), KEY_ICON)
        elif mark == "mine":
            draw.rounded_rectangle((at[0], at[1], at[0] + KEY_ICON[0] - 1, at[1] + KEY_ICON[1] - 1), radius=5 * S,
                                   fill=own, outline=ACCENT, width=4 * S)
        else:
            empty_slot(draw, (at[0], at[1], at[0] + KEY_ICON[0] - 1, at[1] + KEY_ICON[1] - 1))
        x += KEY_ICON[0] + KEY_GAP
        write(draw, (x, middle), KEY_WORDS[mark], face, MUTED, anchor="lm")
        x += face.getlength(KEY_WORDS[mark]) + KEY_SPACE


def _draw_warlords(draw: ImageDraw.ImageDraw, view: OrczView, top: int, face: Font) -> None:
    """A line per Warlord: a pointer when they must act, their colour and whole name, then at the right
    what others may know (ranks placed, Heroes spent) and their Slaves where the viewer may see them;
    at the end, their place first."""
    rows = [(w, f"{_place(view, w.player)}{view.names.get(w.player, w.player)}"
             + (" (first)" if w.player == view.first and view.phase != "over" else "")) for w in _in_order(view)]
    brief = any(face.getlength(named) + 3 * LINE // 4 + face.getlength(_known(view, w))
                > SIZE[0] - 2 * MARGIN - 54 * S for w, named in rows)  # all rows alike, brief if one must be
    for k, warlord in enumerate(_in_order(view)):
        y = top + k * LINE
        middle = y + LINE / 2
        if warlord.player in view.waiting_for:
            draw.polygon([(MARGIN, middle - 9 * S), (MARGIN + 14 * S, middle), (MARGIN, middle + 9 * S)], fill=ACCENT)
        side = 22 * S
        draw.rounded_rectangle((MARGIN + 22 * S, middle - side / 2, MARGIN + 22 * S + side, middle + side / 2),
                               radius=4 * S, fill=WARLORD_COLOURS.get(warlord.colour, MUTED))
        name = view.names.get(warlord.player, warlord.player)
        first = " (first)" if warlord.player == view.first and view.phase != "over" else ""
        place = _place(view, warlord.player)
        named = f"{place}{name}{first}"
        write(draw, (MARGIN + 54 * S, middle), named, face, ACCENT if place.startswith("1st")
              and not view.nobody_won else TEXT, anchor="lm")
        write(draw, (SIZE[0] - MARGIN, middle), _known(view, warlord, brief=brief), face, MUTED, anchor="rm")


def _in_order(view: OrczView) -> list[WarlordView]:
    """The Warlords in seat order; at the end, best placed first."""
    if view.placings is None:
        return list(view.warlords)
    order = [player for group in view.placings for player in group]
    return sorted(view.warlords, key=lambda w: order.index(w.player) if w.player in order else len(order))


def _place(view: OrczView, player: str) -> str:
    """"1st  " and the like once the war is over (ties share a place, marked "="), else nothing."""
    read = place_of(view.placings, player)
    return f"{read}  " if read else ""


def _known(view: OrczView, warlord: WarlordView, *, brief: bool = False) -> str:
    """What the picture says of a Warlord: ranks placed while deploying, Heroes spent, and Slaves
    only where the viewer may see them (their own, or everyone's at the end). In `brief` ("4 ranks,
    1 skipped", "3 Heroes spent"), for rows beside long names."""
    bits = [_placed(warlord, brief=brief)] if view.phase == "deploy" else []
    if warlord.spent:
        bits.append(_spent(warlord.spent, brief=brief))
    if warlord.slaves is not None:
        bits.append(_slaves(warlord.slaves))
    return " · ".join(bits)


def _spent(heroes: Sequence[str], *, brief: bool = False) -> str:
    if brief:
        return f"{len(heroes)} Hero{'' if len(heroes) == 1 else 'es'} spent"
    return "spent: " + ", ".join(h.capitalize() for h in heroes)


def panel_lines(view: OrczView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The board read out for a screen reader (`renderers.describe`, the picture's alt text): where the
    war is, the Event, the Warlords (Slaves only where the viewer may see them, spent Heroes, ranks
    placed), a share-out being decided, the Scouts' looks, and the end. The picture draws none of it
    as a panel: it is laid out for the size Discord shows it."""
    where = _where(view)
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
            bits.append(_placed(warlord))
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
        lines += [heading("Share-out"), PanelLine(f"{who} {what} {_slaves(split.amount)}", size=SMALL_TEXT)]
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


def _placed(warlord: WarlordView, *, brief: bool = False) -> str:
    """The ranks a Warlord has on the table this turn, and apart the placements skipped (no lawful
    rank): "4 ranks placed, 1 skipped" ("4 ranks, 1 skipped" in brief), never a skip counted as a rank."""
    said = f"{warlord.placed} rank{'' if warlord.placed == 1 else 's'}" + ("" if brief else " placed")
    return said + (f", {warlord.skipped} skipped" if warlord.skipped else "")


def _end_lines(view: OrczView) -> list[PanelLine]:
    """The Slaves each Warlord ended with, most first (ties share a place); when too few Battlefields
    were cleared, nobody won, and the list says so instead of naming a winner."""
    lines = [heading("Result")]
    if view.nobody_won:
        lines.append(PanelLine("Llovar falls: every Warlord loses", colour=ACCENT))
    slaves = {w.player: w.slaves for w in view.warlords}
    for player, place, read in ranked(view.placings or []):
        won = place == 1 and not view.nobody_won
        lines.append(PanelLine(f"{read}  {view.names.get(player, player)}", colour=ACCENT if won else TEXT,
                               swatch=colour_of(view, player), note=_slaves(slaves.get(player) or 0)))
    return lines


__all__ = ["SLUG", "header_notes", "panel_lines", "render"]
