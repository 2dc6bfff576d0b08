"""Flying Pigs controls: buttons and menus built from the engine's legal actions only.

Payloads stay short because a custom_id holds at most 100 characters: `done`, `react.1`,
`react.0`, `toss.1a` (the Pig on the Orc's side facing the centre), `stance.1a.shove`. Menus:
`deploy` (a bearing), `pigside` (`<orc>.<bearing>`: the Pig on another side of an Orc),
`walka` / `walkb` (where the player's first or second Orc walks: `<orc>.m.<model>` toward a
model, `<orc>.p.<x>,<y>` to a point), `grease` (`<orc>.<target>`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.ui.controls import (
    MAX_OPTIONS,
    ButtonSpec,
    Controls,
    Decoded,
    OptionSpec,
    SelectSpec,
)
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Deploy,
    Done,
    FlyingPigsView,
    GreaseToss,
    MoveTo,
    MoveToward,
    React,
    Stance,
    TossPig,
)

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
STANCE_EMOJI = {Stance.SHOVE: "🤚", Stance.SHOO: "🧹", Stance.FIRE: "🔥"}


def model_name(view: FlyingPigsView, model_id: str) -> str:
    """'Bob's Pig 2p' — how a menu names a model."""
    model = next((m for m in view.models if m.id == model_id), None)
    if model is None:
        return model_id
    return f"{view.names.get(model.owner, model.owner)}'s {'Pig' if model.kind == 'pig' else 'Orc'} {model.id}"


def compass(start: tuple[float, float], end: tuple[float, float]) -> str:
    angle = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])) % 360
    return COMPASS[round(angle / 45) % 8]


class FlyingPigsControls:
    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls:
        table = view if isinstance(view, FlyingPigsView) else FlyingPigsView.model_validate(view)
        where = {m.id: (m.x, m.y) for m in table.models}
        out = Controls()
        if any(isinstance(a, React) for a in legal):
            out.buttons.append(ButtonSpec("react.1", "Use it", discord.ButtonStyle.danger, "💥"))
            out.buttons.append(ButtonSpec("react.0", "Let it pass", discord.ButtonStyle.secondary))
        for action in legal:
            if isinstance(action, TossPig) and action.side is None:
                out.buttons.append(ButtonSpec(f"toss.{action.orc}", f"Toss from Orc {action.orc}",
                                              discord.ButtonStyle.primary, "🐖"))
            elif isinstance(action, ChooseStance):
                out.buttons.append(ButtonSpec(f"stance.{action.orc}.{action.stance.value}",
                                              f"{action.orc}: {action.stance.label}", discord.ButtonStyle.secondary,
                                              STANCE_EMOJI[action.stance]))
        if any(isinstance(a, Done) for a in legal):
            out.buttons.append(ButtonSpec("done", "Finish this step", discord.ButtonStyle.success, "⏭️"))

        deploys = [a for a in legal if isinstance(a, Deploy)]
        if deploys:
            shown = deploys[:: max(1, math.ceil(len(deploys) / MAX_OPTIONS))]
            out.selects.append(SelectSpec("deploy", "Deploy an Orc at the bearing…", [
                OptionSpec(f"{a.angle:g}°", f"{a.angle:g}", compass((0, 0), (math.cos(math.radians(a.angle)),
                                                                              math.sin(math.radians(a.angle)))))
                for a in shown]))
            if len(shown) < len(deploys):
                out.notes.append("The menu shows every other bearing: use /fp deploy for any angle.")

        sides = [a for a in legal if isinstance(a, TossPig) and a.side is not None]
        if sides:
            out.selects.append(SelectSpec("pigside", "Or put the Pig on another side of an Orc…", _fit([
                OptionSpec(f"Orc {a.orc}, {COMPASS[round((a.side or 0.0) / 45) % 8]} side ({a.side:g}°)",
                           f"{a.orc}.{a.side:g}") for a in sides], out)))

        orcs = sorted({a.orc for a in legal if isinstance(a, (MoveTo, MoveToward))})
        for orc in orcs:
            options = [OptionSpec(f"Toward {model_name(table, a.target)}"[:100], f"{orc}.m.{a.target}")
                       for a in legal if isinstance(a, MoveToward) and a.orc == orc]
            options += [OptionSpec(f"{compass(where[orc], (a.x, a.y))} to ({a.x:.1f}, {a.y:.1f})",
                                   f"{orc}.p.{a.x:g},{a.y:g}")
                        for a in legal if isinstance(a, MoveTo) and a.orc == orc]
            kind = "walk" + orc[-1]
            out.selects.append(SelectSpec(kind, f"Walk Orc {orc}…", _fit(options[-8:] + options[:-8], out)))

        tosses = [a for a in legal if isinstance(a, GreaseToss)]
        if tosses:
            out.selects.append(SelectSpec("grease", "Toss grease…", _fit([
                OptionSpec(f"{a.orc} → {model_name(table, a.target)}"[:100], f"{a.orc}.{a.target}")
                for a in tosses], out)))
        return out

    def from_button(self, payload: str) -> Decoded:
        if payload == "done":
            return {"type": "done"}
        if payload in ("react.1", "react.0"):
            return {"type": "react", "use": payload.endswith("1")}
        kind, _, rest = payload.partition(".")
        if kind == "toss" and rest:
            return {"type": "toss-pig", "orc": rest}
        if kind == "stance" and "." in rest:
            orc, _, stance = rest.partition(".")
            return {"type": "stance", "orc": orc, "stance": stance}
        raise ValueError(f"unknown button {payload!r}")

    def from_select(self, kind: str, value: str) -> Decoded:
        if kind == "deploy":
            return {"type": "deploy", "angle": float(value)}
        if kind == "pigside":
            orc, _, side = value.partition(".")
            return {"type": "toss-pig", "orc": orc, "side": float(side)}
        if kind == "grease":
            orc, _, target = value.partition(".")
            return {"type": "grease", "orc": orc, "target": target}
        if kind in ("walka", "walkb"):
            orc, how, where = value.split(".", 2)
            if how == "m":
                return {"type": "move-toward", "orc": orc, "target": where}
            x, _, y = where.partition(",")
            return {"type": "move", "orc": orc, "x": float(x), "y": float(y)}
        raise ValueError(f"unknown select {kind!r}")


def _fit(options: list[OptionSpec], out: Controls) -> list[OptionSpec]:
    if len(options) > MAX_OPTIONS:
        out.notes.append(f"A menu shows {MAX_OPTIONS} of {len(options)} choices: the /fp commands take any.")
    return options[:MAX_OPTIONS]
