"""That'll do Pigs moves as players say them (`/pigs …`, the buttons, the terminal): declared once.

Riders are named by the ids the board shows ("1", or "1a" and "1b" with two players), cells by
their number from the outer edge of the straight, 1 to 6 (the rules count them from 0). Headings
and distances are continuous: the menus offer sixteen headings and the full or half Speed, while
a form, `/pigs` and the terminal take any the rules accept (000 V, reading 'ride').
"""

from __future__ import annotations

import re
from typing import Any

from rules.core.moves import Kind, Move, MoveBook, Param, Reading
from rules.core.offers import Auto, Buttons, Menu

COMPASS16 = ("E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW", "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE")
"""The sixteen directions, counter-clockwise from east (0°), as the engine counts angles."""


def bearing(heading: float) -> str:
    """'NW (135°)': a heading as a menu shows it."""
    return f"{COMPASS16[round((heading % 360.0) / 22.5) % 16]} ({heading:g}°)"


def rider_id(text: str, reading: Reading) -> str:
    """A rider as typed: its id ('2', '1B'), or words that hold it ('rider 2 (Bob)')."""
    found = re.search(r"\b(\d+[a-z]?)\b", text.lower())
    return found.group(1) if found else text.strip().lower()


def rider_name(rider: str, reading: Reading) -> str:
    """'rider 2 (Bob)': the id with the name of the player riding it, when the view says."""
    found = next((r for r in getattr(reading.view, "riders", ()) if r.id == rider), None)
    return f"rider {rider} ({found.name})" if found is not None else f"rider {rider}"


def _assault(action: Any, reading: Reading) -> str:
    return "Let them be" if action.target is None else f"Assault {rider_name(action.target, reading)}"


HEADING = "Degrees: 0 east, 90 north, 180 west"

MOVES = MoveBook("pigs", help="That'll do Pigs: ride, lash, assault, steer.", moves=[
    Move("cell", "cell", "Take a grid cell", "Take a cell of the starting grid (1 at the outer edge of the straight).",
         (Param("cell", Kind.COUNT, "1 to 6", field="column", shift=1, bounds=(1, 6)),),
         say=lambda a, r: f"Cell {a.column + 1}", note=lambda a, r: "from the outer edge of the straight",
         offer=Menu()),
    Move("ready", "assault", "Get Ready! Assault", "Get Ready!: Assault a rider on the front row (empty: let them be).",
         (Param("rider", Kind.PIECE, "The rider's id, like 2", field="target", required=False, read=rider_id,
                show=rider_name, example="2"),),
         say=_assault, offer=Menu(pin=lambda a: a.target is None)),
    Move("take_place", "place", "Take its place", "Take the beaten rider's place on the front row, or stay.",
         (Param("take", Kind.FLAG, "True to take its place, False to stay put"),),
         say=lambda a, r: "Take its place" if a.take else "Stay put",
         offer=Buttons(look=lambda a: ("primary" if a.take else "secondary", None))),
    Move("activate", "go", "Go with rider", "(2 players) Choose which of your riders goes now.",
         (Param("rider", Kind.PIECE, "The rider's id, like 1b", read=rider_id, show=rider_name, example="1b"),),
         say=lambda a, r: f"Go with rider {a.rider}", offer=Buttons(style="primary")),
    Move("move", "move", "Move: roll the Speed", "Move: roll your rider's Speed.",
         offer=Auto(emoji="🐗", style="primary")),
    Move("ride", "ride", "Ride", "Turn to a heading and ride straight up to the Speed rolled.",
         (Param("heading", Kind.NUMBER, HEADING, modulo=360.0, example="135"),
          Param("distance", Kind.NUMBER, "Inches", example="6")),
         say=lambda a, r: f"{bearing(a.heading)}, {a.distance:g}\"", samples=True, offer=Menu()),
    Move("lash", "lash", "Lash (D6\" more)", "Lash the Boar: D6\" more straight on.",
         offer=Auto(emoji="🪢", style="danger")),
    Move("end", "end", "End the activation", "End your rider's activation.", offer=Auto(emoji="⏹️"), quiet=True),
    Move("steer", "steer", "Send it", "You are last: send the Piglet or a skidding rider this way.",
         (Param("heading", Kind.NUMBER, HEADING, modulo=360.0, example="90"),
          Param("via", Kind.PATH, "Piglet only: turning points, like 20,5; 23,5", required=False,
                example="20,5; 23,5")),
         say=lambda a, r: bearing(a.heading), samples=True, offer=Menu()),
])
