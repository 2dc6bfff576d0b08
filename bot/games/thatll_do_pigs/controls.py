"""That'll do Pigs controls: buttons and menus built from the engine's legal actions only.

Payloads stay short (a custom_id holds at most 100 characters): buttons `move`, `lash`, `end`,
`ready.none`, `place.1` / `place.0`, `go.<rider>`; menus `cell` (a column), `ready` (a rider),
`ride` (`<heading>:<distance>`), `steer` (a heading).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.ui.controls import ButtonSpec, Controls, Decoded, OptionSpec, SelectSpec
from bot.ui.text import compass
from rules.orclympics.thatll_do_pigs.models import (
    Activate,
    EndActivation,
    Lash,
    ReadyAssault,
    Ride,
    RollSpeed,
    Steer,
    TakeCell,
    TakePlace,
    ThatllDoPigsView,
)

BUTTONS: dict[str, dict[str, Any]] = {
    "move": {"type": "move"}, "lash": {"type": "lash"}, "end": {"type": "end"},
    "ready.none": {"type": "ready", "target": None},
    "place.1": {"type": "take_place", "take": True}, "place.0": {"type": "take_place", "take": False},
}


def bearing(heading: float) -> str:
    """'NW (135°)': a heading as a menu shows it."""
    return f"{compass(heading)} ({heading:g}°)"


class ThatllDoPigsControls:
    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls:
        race = view if isinstance(view, ThatllDoPigsView) else ThatllDoPigsView.model_validate(view)
        names = {r.id: f"rider {r.id} ({r.name})" for r in race.riders}
        out = Controls()
        for action in legal:
            if isinstance(action, RollSpeed):
                out.buttons.append(ButtonSpec("move", "Move: roll the Speed", discord.ButtonStyle.primary, "🐗"))
            elif isinstance(action, Lash):
                out.buttons.append(ButtonSpec("lash", "Lash (D6\" more)", discord.ButtonStyle.danger, "🪢"))
            elif isinstance(action, EndActivation):
                out.buttons.append(ButtonSpec("end", "End the activation", discord.ButtonStyle.secondary, "⏹️"))
            elif isinstance(action, TakePlace):
                out.buttons.append(ButtonSpec("place.1", "Take its place", discord.ButtonStyle.primary)
                                   if action.take else ButtonSpec("place.0", "Stay put"))
            elif isinstance(action, Activate):
                out.buttons.append(ButtonSpec(f"go.{action.rider}", f"Go with rider {action.rider}",
                                              discord.ButtonStyle.primary))
            elif isinstance(action, ReadyAssault) and action.target is None:
                out.buttons.append(ButtonSpec("ready.none", "Let them be"))
        cells = [a.column for a in legal if isinstance(a, TakeCell)]
        if cells:
            out.selects.append(SelectSpec("cell", "Take a grid cell…", [
                OptionSpec(f"Cell {c + 1}", str(c), "from the outer edge of the straight") for c in cells]))
        targets = [a.target for a in legal if isinstance(a, ReadyAssault) and a.target is not None]
        if targets:
            out.selects.append(SelectSpec("ready", "Get Ready! Assault…", [
                OptionSpec(f"Assault {names.get(t, t)}"[:100], t) for t in targets]))
        rides = [a for a in legal if isinstance(a, Ride)]
        if rides:
            out.selects.append(SelectSpec("ride", "Ride…", [
                OptionSpec(f"{bearing(a.heading)}, {a.distance:g}\"", f"{a.heading:g}:{a.distance:g}") for a in rides]))
            out.notes.append("Any heading and distance: /pigs ride heading: distance:")
        steers = [a.heading for a in legal if isinstance(a, Steer)]
        if steers:
            out.selects.append(SelectSpec("steer", "Send it…", [OptionSpec(bearing(h), f"{h:g}") for h in steers]))
        return out

    def from_button(self, payload: str) -> Decoded:
        if payload in BUTTONS:
            return dict(BUTTONS[payload])
        kind, _, rest = payload.partition(".")
        if kind == "go" and rest:
            return {"type": "activate", "rider": rest}
        raise ValueError(f"unknown button {payload!r}")

    def from_select(self, kind: str, value: str) -> Decoded:
        if kind == "cell":
            return {"type": "cell", "column": int(value)}
        if kind == "ready":
            return {"type": "ready", "target": value}
        if kind == "ride":
            heading, _, distance = value.partition(":")
            return {"type": "ride", "heading": float(heading), "distance": float(distance)}
        if kind == "steer":
            return {"type": "steer", "heading": float(value)}
        raise ValueError(f"unknown select {kind!r}")
