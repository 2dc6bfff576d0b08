"""Masters' Fight moves as players say them (`/mf …`, the buttons, the terminal): declared once.

The words follow the discipline's own: Deploy, Move, Recover, Grab, Drop, Smash, Stomp, Jump,
Feral Fury, the Helmet, and ending the activation (000 III).
"""

from __future__ import annotations

from typing import Any

from rules.core.grid import distance
from rules.core.moves import Kind, Move, MoveBook, Param, Reading
from rules.core.offers import Auto, Buttons, Form, Menu

TARGET = "The Orc to smash"


def _here(reading: Reading) -> str | None:
    """The square of the Orc whose player is acting (the active Orc), from the view."""
    view = reading.view
    active = getattr(view, "active", None)
    return next((o.square for o in getattr(view, "orcs", []) if o.player == active), None)


def _away(action: Any, reading: Reading) -> str | None:
    here = _here(reading)
    if here is None:
        return None
    n = distance(here, action.to)
    return f"{n} square{'s' if n != 1 else ''} away"


def _nearest_first(action: Any, reading: Reading) -> tuple[int, str]:
    here = _here(reading)
    return (distance(here, action.to) if here is not None else 0), action.to


def _smash(action: Any, reading: Reading) -> str:
    who = reading.name(action.target)
    return f"Throw the axe at {who}" if action.throw_axe else f"Smash {who}"


MOVES = MoveBook("mf", help="Masters' Fight moves for your Orc.", moves=[
    Move("helmet", "helmet", "Helmet", "A Proper fightin' hits you: spend your Helmet to make it a Smash!, or keep it.",
         (Param("use", Kind.FLAG, "True to spend the Helmet on this blow, False to keep it"),),
         say=lambda a, r: "Take it on the Helmet" if a.use else "Keep the Helmet",
         offer=Buttons(emoji="⛑️", style="primary")),
    Move("fury", "fury", "Feral Fury", "Feral Fury: take (or pass on) the second strike at Combat Skill 5.",
         (Param("strike", Kind.FLAG, "True to strike again, False to hold back"),),
         say=lambda a, r: "Strike again" if a.strike else "Hold back", offer=Buttons(emoji="🐺", style="danger")),
    Move("deploy", "deploy", "Choose a square", "Put your Orc on an empty square at the start of the fight.",
         (Param("square", Kind.SQUARE, "An empty square, like c4"),),
         offer=Form(emoji="📍", dice="Random free square"), quiet=True),
    Move("recover", "recover", "Recover", "Try to get up when Knocked Down (2+ on a D6).",
         offer=Auto(emoji="🩹", style="success")),
    Move("grab", "grab", "Grab the Item", "Pick up the Item on your square.", offer=Auto(emoji="✋", style="primary")),
    Move("end", "end", "End activation", "End your Orc's activation now.", offer=Auto(emoji="⏹️"), quiet=True),
    Move("move", "move", "Move to", "Move your Orc (a new Move action starts when you have no squares left).",
         (Param("to", Kind.SQUARE, "The square to move to, like d5"),
          Param("via", Kind.SQUARES, "Squares to pass on the way, in order, like c4 d4 (to climb a Platform "
                                     "on purpose)", required=False)),
         say=lambda a, r: a.to, note=_away, offer=Menu(), order=_nearest_first),
    Move("smash", "smash", "Smash", "Smash an Orc in reach (or throw your Throwing Axe).",
         (Param("target", Kind.PLAYER, TARGET),
          Param("throw_axe", Kind.FLAG, "Throw your Throwing Axe (range 4, one use)", required=False)),
         say=_smash, offer=Menu()),
    Move("stomp", "stomp", "Stomp", "Stomp a Knocked Down Orc next to you (+1 on the Smash Table).",
         (Param("target", Kind.PLAYER, "The Knocked Down Orc to stomp"),),
         say=lambda a, r: f"Stomp {r.name(a.target)}", offer=Menu()),
    Move("jump", "jump", "Jump", "Leap from your Platform onto a square and smash an Orc from there.",
         (Param("to", Kind.SQUARE, "The landing square"), Param("target", Kind.PLAYER, "The Orc to smash after landing")),
         say=lambda a, r: f"Jump to {a.to}, smash {r.name(a.target)}", offer=Menu()),
    Move("drop", "drop", "Drop the Item on", "Choose the adjacent square where your dropped Item lands.",
         (Param("square", Kind.SQUARE, "An adjacent square, like e3"),), say=lambda a, r: a.square,
         offer=Menu()),
])
