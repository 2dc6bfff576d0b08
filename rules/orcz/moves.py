"""Orcz moves as players say them (`/orcz …`, the buttons and forms, the terminal): declared once.

Placing a rank names the Battlefield, the left and right cards and which of them lies face down
(L112-120); only lawful pairs are offered. Struggle or hold answer the rear rank's question; a
share-out names who gets (or pays) how many; the Scout's pick is made in private, naming a rank as
the log and the board do, by its Battlefield and its place in the line from the front. With the phrase
timer, the others may challenge a Warlord whose time for a rank has run out (`challenge`, any time).
"""

from __future__ import annotations

import re
from typing import Any

from rules.core.errors import RuleViolation
from rules.core.moves import Kind, Move, MoveBook, Param, Reading, choice, parse_count
from rules.core.offers import Buttons, Form, Menu
from rules.orcz.data import CHAMPION, RANKS_PER_TURN, SHAMAN, TROOPS, Field, card_name

FIELD_CHOICES: tuple[tuple[str, str], ...] = tuple((f.value, f"{f.title} ({f.value.capitalize()})") for f in Field)
CARD_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (c, card_name(c)) for c in dict.fromkeys([*TROOPS, CHAMPION, SHAMAN]))
SIDE_CHOICES: tuple[tuple[str, str], ...] = (("left", "Left card face down"), ("right", "Right card face down"))


def _chosen(choices: tuple[tuple[str, str], ...], what: str) -> Any:
    """A CHOICE read from words (so the parameter can also be typed in a form)."""
    return lambda text, reading: choice(text, choices, what)


def _field_title(value: Any) -> str:
    return Field(value).title if value in {f.value for f in Field} else str(value)


def _say_place(action: Any, reading: Reading) -> str:
    field = Field(action.field).value.capitalize()
    up = "right" if action.down == "left" else "left"
    return (f"{field}: {card_name(getattr(action, up))} up, {card_name(getattr(action, action.down))} down "
            f"({action.down})")


def _rank_words(action: Any, reading: Reading) -> str:
    """A rank as players know it, the Scout's words for it: its owner, its place in the line (from the
    front, as the log counts) and its Battlefield."""
    field = Field(action.field)
    for front in getattr(reading.view, "fronts", []) or []:
        if front.field == field and 1 <= action.rank <= len(front.ranks):
            return f"{reading.name(front.ranks[action.rank - 1].owner)}'s rank {action.rank} at {field.title}"
    return f"rank {action.rank} at {field.title}"


MOST_RANKS = RANKS_PER_TURN * 4
"""The longest line a Battlefield can hold: every rank of four Warlords."""


def _show_shares(shares: Any, reading: Reading) -> str:
    if not shares:
        return "nobody"
    return ", ".join(f"{reading.name(p)} {n}" for p, n in shares.items())


def _spell_shares(shares: Any, reading: Reading) -> str:
    return ",".join(f"{reading.name(p).replace(' ', '_')}:{n}" for p, n in shares.items()) or "nobody"


def _read_shares(text: str, reading: Reading) -> dict[str, int]:
    """'Ann 1, Bo 1', 'Ann:2', 'nobody'."""
    words = text.strip()
    if words.casefold() in ("", "nobody", "none", "no one", "0"):
        return {}
    shares: dict[str, int] = {}
    for part in re.split(r"[,;]+", words):
        part = part.strip()
        if not part:
            continue
        found = re.fullmatch(r"(.+?)[\s:=]+([0-9]+)", part)
        if found is None:
            raise RuleViolation(f"'{part}' is not a share: give a name and a number, like Ann 1.")
        who = reading.player(found.group(1))
        shares[who] = shares.get(who, 0) + parse_count(found.group(2), f"{reading.name(who)}'s share")
    return shares


def _say_share(action: Any, reading: Reading) -> str:
    if not action.shares:
        return "Spare everyone"
    return _show_shares(action.shares, reading)


MOVES = MoveBook("orcz", help="Orcz moves: place your ranks, struggle or hold, share out Slaves, send your Scout.",
                 moves=[
    Move("place", "place", "Place a rank", "Place a rank: a Battlefield, your left and right cards, and which "
                                           "of them goes face down.",
         (Param("field", Kind.CHOICE, "The Battlefield", choices=FIELD_CHOICES, read=_chosen(FIELD_CHOICES, "field"),
                example="tower"),
          Param("left", Kind.CHOICE, "Your left card", choices=CARD_CHOICES, read=_chosen(CARD_CHOICES, "left"),
                example="G2"),
          Param("right", Kind.CHOICE, "Your right card", choices=CARD_CHOICES, read=_chosen(CARD_CHOICES, "right"),
                example="A3"),
          Param("down", Kind.CHOICE, "Which card goes face down", choices=SIDE_CHOICES,
                read=_chosen(SIDE_CHOICES, "down"), example="right")),
         say=_say_place, offer=Form(emoji="🃏", style="primary")),
    Move("struggle", "struggle", "Struggle", "Your rear rank attacks the rank in front of it.",
         say=lambda a, r: "Struggle!", offer=Buttons(emoji="⚔️", style="danger")),
    Move("hold", "hold", "Hold", "Your rear rank does not struggle and stands aside.",
         say=lambda a, r: "Hold", offer=Buttons(emoji="🛡️"), quiet=True),
    Move("share", "share", "Share out", "Share the secondary out: who gets (or pays) how many Slaves.",
         (Param("shares", Kind.TEXT, "Who and how many, like Ann 1, Bo 1 (or nobody)", read=_read_shares,
                show=_show_shares, spell=_spell_shares, example="Ann 1, Bo 1"),),
         say=_say_share, offer=Menu(emoji="⛓️")),
    Move("scout", "scout", "Send the Scout", "Spend your Scout to look at one opponent's face-down card.",
         (Param("field", Kind.CHOICE, "The Battlefield of the rank to look at", choices=FIELD_CHOICES,
                read=_chosen(FIELD_CHOICES, "field"), example="tent"),
          Param("rank", Kind.COUNT, "The rank's place in that line, from the front (1: nearest the Battlefield)",
                bounds=(1, MOST_RANKS), example="2")),
         say=_rank_words, offer=Menu(emoji="👁️"), any_time=True),
    Move("gnorish", "challenge", "Gnorish!", "Shout the Orcish phrase at a Warlord whose time for a rank ran out: "
                                             "they discard a Goblin Slave.",
         say=lambda a, r: "Gnorish!", offer=Buttons(emoji="📢", style="danger"),
         any_time=True, aliases=("gnorish",)),
    Move("time-up", "time-up", "Time's up", "The time for a rank ran out (the bot's timer plays it, nobody chooses it).",
         say=lambda a, r: "Time's up", typed=False),
])

__all__ = ["CARD_CHOICES", "FIELD_CHOICES", "MOVES", "SIDE_CHOICES"]
