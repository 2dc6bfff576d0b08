"""Chaos Marauders' moves as players say them (`/cm …`, the buttons and menus, the terminal):
declared once. Lines and slots are counted from 1 for players (line 1 is the top line, slot 1 the
left end, where the Standard stands) and from 0 by the rules.

The shout carries the turn it is about, not a version of the game: a click made as the next card
comes up still names the same turn and still counts (the rules judge it by that turn).
"""

from __future__ import annotations

from typing import Any

from rules.chaos_marauders.data import LINES, SLOTS
from rules.core.moves import Kind, Move, MoveBook, Param, Reading
from rules.core.offers import Buttons, Menu


def _line(name: str = "line", help: str = "The line, 1 (top) to 3", field: str | None = None) -> Param:
    return Param(name, Kind.COUNT, help, field=field, bounds=(1, LINES), shift=1, example="2")


def _slot(name: str = "slot", help: str = "The slot, 1 (left end) to 6", field: str | None = None) -> Param:
    return Param(name, Kind.COUNT, help, field=field, bounds=(1, SLOTS), shift=1, example="3")


def _whose(value: Any, reading: Reading) -> str:
    return reading.name(str(value)) if value else "your lines"


def _player(help: str, *, required: bool = True) -> Param:
    return Param("player", Kind.PLAYER, help, required=required, read=lambda text, r: r.player(text),
                 show=_whose if not required else None, example="a player's name")


def _drawn(reading: Reading) -> str:
    """The card being decided on, named only where the view holds it: the drawer's own view (their
    typed command's autocomplete); the board's buttons are read by the whole table, whose view never
    holds it, so they say "the card" whatever it is (L37-57)."""
    drawn = getattr(reading.view, "drawn", None)
    return drawn.name if drawn is not None else "the card"


def _card_at(reading: Reading, player: Any, line: int, slot: int) -> str:
    for seat in getattr(reading.view, "players", None) or []:
        if seat.player == player:
            card = seat.lines[line].slots[slot]
            return card.name if card is not None else "an empty slot"
    return "a card"


def _where(line: int, slot: int) -> str:
    return f"line {line + 1}, slot {slot + 1}"


def _say_place(action: Any, reading: Reading) -> str:
    where = _where(action.line, action.slot)
    if action.player:
        where = f"{reading.name(action.player)}'s {where}"
    drawn = getattr(reading.view, "drawn", None)
    return f"{drawn.name} into {where}" if drawn is not None else f"Into {where}"


def _say_put(action: Any, reading: Reading) -> str:
    where = _where(action.line, action.slot)
    return f"Put it in {reading.name(action.player)}'s {where}" if action.player else f"Put it in {where}"


def _penalised(reading: Reading) -> Any:
    asked = getattr(reading.view, "asked", "") or ""
    names = getattr(reading.view, "names", {}) or {}
    return next((p for p, n in names.items() if asked.startswith(n + " shouted")), None)


def _say_take(action: Any, reading: Reading) -> str:
    return f"Take {_card_at(reading, _penalised(reading), action.line, action.slot)} ({_where(action.line, action.slot)})"


def _say_at(action: Any, reading: Reading) -> str:
    return (f"{reading.name(action.player)}'s {_card_at(reading, action.player, action.line, action.slot)} "
            f"({_where(action.line, action.slot)})")


def _say_shift(action: Any, reading: Reading) -> str:
    viewer = getattr(reading.view, "active", None)
    card = _card_at(reading, viewer, action.from_line, action.from_slot)
    there = _card_at(reading, viewer, action.line, action.slot)
    move = f"{card}: {_where(action.from_line, action.from_slot)} → {_where(action.line, action.slot)}"
    return move if there in ("an empty slot", "a card") else f"{move}, swapping with {there}"


SHOUT_LABEL = 'Shout "Chaos Marauders!" (wrong: the drawer may take a card of yours)'
"""The shout's button on every board: it must read as a shout, and say what a wrong one costs (L42-L61),
since it sits there for everyone all game long. Within Discord's 80 characters."""


MOVES = MoveBook("cm", help="Chaos Marauders: place the drawn card, attack, use a card's power, shout.", moves=[
    Move("place", "place", "Place", "Put the card you drew in a line (a Git or the Idol may go in an opponent's "
                                    "line).",
         (_line(), _slot(), _player("Whose line, for a Git or the Idol (yours if left out)", required=False)),
         say=_say_place, offer=Menu(emoji="🃏", style="primary", split="player")),
    Move("decline", "decline", "Decline", "Do not play the card you drew: it is discarded and your turn ends.",
         say=lambda a, r: f"Decline {_drawn(r)}", offer=Buttons(emoji="✋"), quiet=True),
    Move("steal", "steal", "Steal", "Venomous Creeps: take an opponent's card that is not purple.",
         (_player("Whose card"), _line(), _slot()), say=_say_at, offer=Menu(emoji="🐍")),
    Move("blast", "blast", "Blast", "Skyrr's Blowback: aim at an opponent's line (the Cube decides who burns).",
         (_player("Whose line"), _line()), say=lambda a, r: f"{r.name(a.player)}'s line {a.line + 1}",
         offer=Menu(emoji="🔥", style="danger")),
    Move("assassinate", "assassinate", "Assassinate", "Use the Git you drew to kill a Git in your own lines.",
         (_line(), _slot()), say=lambda a, r: f"Kill the Git in {_where(a.line, a.slot)}", offer=Menu(emoji="🗡️")),
    Move("force-discard", "force-discard", "Force the discard", "Your Git makes the drawer discard the card "
                                                                "they just drew; the Git goes too.",
         offer=Buttons(emoji="🗡️", style="danger")),
    Move("let-be", "let-be", "Let it be", "Your Git stays put and lets the card be played.",
         offer=Buttons(emoji="🤐"), quiet=True),
    Move("put", "put", "Put", "Put a card you received in one of your lines (the Idol may go in an opponent's).",
         (_line(), _slot(), _player("Whose line, for the Idol (yours if left out)", required=False)),
         say=_say_put, offer=Menu(emoji="📥", split="player")),
    Move("drop", "drop", "Discard it", "Discard the card you received instead of keeping it.",
         offer=Buttons(emoji="🗑️"), quiet=True),
    Move("take", "take", "Take", "For a wrong shout: take one card from the shouter's lines.", (_line(), _slot()),
         say=_say_take, offer=Menu(emoji="🫳")),
    Move("spare", "spare", "Spare them", "Take nothing from the player who shouted wrongly.",
         offer=Buttons(emoji="🕊️"), quiet=True),
    Move("attack", "attack", "Attack", "Attack an opponent's weaker incomplete line; the Cube decides.",
         (_player("Whose line"), _line()),
         say=lambda a, r: f"{r.name(a.player)}'s line {a.line + 1}", offer=Menu(emoji="⚔️", style="danger")),
    Move("hold-back", "hold-back", "Hold back", "Do not attack with this line.", offer=Buttons(emoji="🛡️"),
         quiet=True),
    Move("stick", "stick", "Stick", "Bozlum Pigsticker: discard a purple card (or Odlugg) from an opponent's line.",
         (_player("Whose card"), _line(), _slot()), say=_say_at, offer=Menu(emoji="🏹")),
    Move("skip", "skip", "Skip", "Leave the power unused.", offer=Buttons(emoji="⏭️"), quiet=True),
    Move("reorganize", "reorganize", "Reorganize", "Bilge sorts out your lines: move your cards about.",
         offer=Buttons(emoji="🔀")),
    Move("lead", "lead", "Lead an attack", "Bilge leads his line, complete or not, against a weaker incomplete "
                                           "line.", offer=Buttons(emoji="📯", style="danger")),
    Move("shift", "shift", "Move a card", "Bilge's reorganization: move one of your cards to another slot; a card "
                                          "there swaps places with it.",
         (_line("from-line", "The line it leaves, 1 to 3", field="from_line"),
          _slot("from-slot", "The slot it leaves, 1 to 6", field="from_slot"),
          _line("line", "The line it goes to, 1 to 3"), _slot("slot", "The slot it goes to, 1 to 6")),
         say=_say_shift, offer=Menu(emoji="↔️", split="from-line")),
    Move("start-over", "start-over", "Start over", "Bilge's reorganization: put every card back where it stood.",
         offer=Buttons(emoji="↩️")),
    Move("done", "done", "Done", "Bilge's reorganization is finished (every line must follow the placing rules).",
         offer=Buttons(emoji="✅"), quiet=True),
    Move("begin", "draw", "Draw", "Start your turn: draw your first card (this ends the last call for shouts on "
                                  "the turn before).", offer=Buttons(emoji="🃏", style="primary"), quiet=True),
    Move("shout", "shout", "Chaos Marauders!", "Shout if the Marauders were just drawn: right, you take the card; "
                                               "wrong, they may take one of yours.",
         say=lambda a, r: SHOUT_LABEL, offer=Buttons(emoji="📣", style="danger"), any_time=True,
         any_version=True),
])

__all__ = ["MOVES", "SHOUT_LABEL"]
