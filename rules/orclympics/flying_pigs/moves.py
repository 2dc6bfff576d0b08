"""Flying Pigs moves as players say them (`/fp …`, the buttons, the terminal): declared once.

Models are named by the ids the board shows ("1a" an Orc, "2p" a Pig), because players type
them. Bearings and points are continuous: the menus offer a handful (every 10° of the edge, eight
directions of a walk, eight sides of an Orc), while a form, `/fp` and the terminal take any value
the rules accept (000 I, readings deploy-bearing, pigtoss-side, orc-paths).
"""

from __future__ import annotations

import math
from typing import Any

from rules.core.moves import Kind, Move, MoveBook, Param, Reading, choices_of
from rules.core.offers import Auto, Buttons, Menu
from rules.orclympics.flying_pigs.models import Stance

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
STANCE_EMOJI = {Stance.SHOVE: "🤚", Stance.SHOO: "🧹", Stance.FIRE: "🔥"}


def compass(angle: float) -> str:
    """The nearest of eight directions, as a player says it ('north-east')."""
    return COMPASS[round((angle % 360.0) / 45) % 8]


def heading(start: tuple[float, float], end: tuple[float, float]) -> str:
    return compass(math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])))


def model_id(text: str, reading: Reading) -> str:
    """A model as typed: its id in any case, or a name that ends with it ('Orc 1A', "Bob's Pig 2p")."""
    words = text.split()
    return words[-1].lower() if words else ""


def model_name(model: str, reading: Reading) -> str:
    """'Bob's Pig 2p': how menus and suggestions name a model (its id alone when the view lacks it)."""
    found = next((m for m in getattr(reading.view, "models", ()) if m.id == model), None)
    if found is None:
        return model
    return f"{reading.name(found.owner)}'s {'Pig' if found.kind == 'pig' else 'Orc'} {found.id}"


def _where(model: str, reading: Reading) -> tuple[float, float] | None:
    found = next((m for m in getattr(reading.view, "models", ()) if m.id == model), None)
    return (found.x, found.y) if found is not None else None


def _walk(action: Any, reading: Reading) -> str:
    here = _where(action.orc, reading)
    way = f"{heading(here, (action.x, action.y))} " if here is not None else ""
    return f"Orc {action.orc}: {way}to ({action.x:.1f}, {action.y:.1f})"


def _toss(action: Any, reading: Reading) -> str:
    if action.side is None:
        return f"Toss from Orc {action.orc}"
    return f"Orc {action.orc}, {compass(action.side)} side ({action.side:g}°)"


ORC = Param("orc", Kind.PIECE, "Your Orc", read=model_id, show=lambda o, r: f"Orc {o}", example="1a")


def _target(help: str) -> Param:
    return Param("target", Kind.PIECE, help, read=model_id, show=model_name, example="2p")


MOVES = MoveBook("fp", help="Flying Pigs: move, toss grease, act, react.", moves=[
    Move("react", "react", "React", "Answer a reaction you are offered: use it, or let it pass.",
         (Param("use", Kind.FLAG, "True to use it, False to let it pass"),),
         say=lambda a, r: "Use it" if a.use else "Let it pass",
         offer=Buttons(look=lambda a: ("danger", "💥") if a.use else ("secondary", None))),
    Move("deploy", "deploy", "Deploy an Orc at the bearing",
         "Deploy your next Orc on the Pigsty's edge at a bearing from the centre.",
         (Param("angle", Kind.NUMBER, "Degrees from the centre: 0 east, 90 north", modulo=360.0, example="275"),),
         say=lambda a, r: f"{a.angle:g}°", note=lambda a, r: compass(a.angle), samples=True, offer=Menu(emoji="📍")),
    Move("toss-pig", "toss", "Toss from another side", "Toss your Pig from beside one of your Orcs.",
         (Param("orc", Kind.PIECE, "The Orc your Pig starts beside", read=model_id, show=lambda o, r: f"Orc {o}",
                example="1a"),
          Param("side", Kind.NUMBER, "Its side in degrees; empty: toward the centre", required=False,
                modulo=360.0, example="90")),
         say=_toss, samples=True, offer=Menu(emoji="🐖", style="primary", pin=lambda a: a.side is None)),
    Move("move", "move", "Walk to a point",
         "Step 2: walk an Orc to a point (x, y in inches), round things by turning points.",
         (ORC, Param("x", Kind.NUMBER, "Inches from the left edge", example="20"),
          Param("y", Kind.NUMBER, "Inches from the bottom edge", example="31.5"),
          Param("via", Kind.PATH, "Turning points first, like 20,31.6; 22,33", required=False,
                example="20,31.6; 22,33")),
         say=_walk, samples=True, offer=Menu(emoji="🚶", split="orc")),
    Move("move-toward", "toward", "Walk toward", "Step 2: walk an Orc straight at a model, stopping 1\" short.",
         (ORC, _target("The model to walk toward")),
         say=lambda a, r: f"Orc {a.orc} toward {model_name(a.target, r)}", offer=Menu(split="orc")),
    Move("grease", "grease", "Toss grease", "Step 3: toss grease from an Orc at a model within 10\".",
         (ORC, _target("The model to grease")),
         say=lambda a, r: f"{a.orc} → {model_name(a.target, r)}", offer=Menu(split="orc")),
    Move("stance", "action", "Action", "Step 4: Shove, Shoo! or Fire it up! for one of your Orcs.",
         (ORC, Param("action", Kind.CHOICE, "What it gets ready to do until your next Step 4", field="stance",
                     choices=choices_of(Stance, lambda s: s.label))),
         say=lambda a, r: f"{a.orc}: {Stance(a.stance).label}",
         offer=Buttons(look=lambda a: ("secondary", STANCE_EMOJI[Stance(a.stance)]))),
    Move("done", "done", "Finish this step", "Finish the current step (Movement, Grease Toss or Action).",
         offer=Auto(emoji="⏭️", style="success"), quiet=True),
])
