"""Masters' Fight controls: which buttons and selects the active Orc gets, and what they mean.

Built only from the engine's `legal_actions`, so the bot never offers a move
the rules would refuse. Payloads stay short because a custom_id holds at most
100 characters: `end`, `recover`, `grab`, `fury.1`, `helmet.0`, `deploy.ask`; select
values are a square (`c4`), a player id, `<id>.axe` or `<square>.<id>`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.ui.controls import (
    MAX_OPTIONS,
    AskSquare,
    ButtonSpec,
    Controls,
    Decoded,
    OptionSpec,
    RandomLegal,
    SelectSpec,
)
from rules.core.grid import distance
from rules.orclympics.masters_fight.models import (
    Deploy,
    DropItem,
    EndActivation,
    Fury,
    Grab,
    Jump,
    MastersFightView,
    Move,
    Recover,
    Smash,
    Stomp,
    UseHelmet,
)

DEPLOY_ASK = AskSquare(action_type="deploy", field="square", title="Deploy your Orc",
                       label="Square (a-h and 1-8, like c4)")

SIMPLE_BUTTONS: dict[str, dict[str, Any]] = {
    "recover": {"type": "recover"},
    "grab": {"type": "grab"},
    "end": {"type": "end"},
    "fury.1": {"type": "fury", "strike": True},
    "fury.0": {"type": "fury", "strike": False},
    "helmet.1": {"type": "helmet", "use": True},
    "helmet.0": {"type": "helmet", "use": False},
}


class MastersFightControls:
    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls:
        fight = view if isinstance(view, MastersFightView) else MastersFightView.model_validate(view)
        names = {o.player: o.name for o in fight.orcs}
        here = next((o.square for o in fight.orcs if o.player == player), None)
        out = Controls()

        if any(isinstance(a, Deploy) for a in legal):
            out.buttons.append(ButtonSpec("deploy.ask", "Choose a square…", discord.ButtonStyle.primary, "📍"))
            out.buttons.append(ButtonSpec("deploy.random", "Random free square", discord.ButtonStyle.secondary, "🎲"))
        for action in legal:
            if isinstance(action, UseHelmet):
                out.buttons.append(ButtonSpec("helmet.1", "Take it on the Helmet", discord.ButtonStyle.primary, "⛑️")
                                   if action.use else
                                   ButtonSpec("helmet.0", "Keep the Helmet", discord.ButtonStyle.secondary))
            if isinstance(action, Fury):
                out.buttons.append(ButtonSpec("fury.1", "Strike again", discord.ButtonStyle.danger, "🐺")
                                   if action.strike else
                                   ButtonSpec("fury.0", "Hold back", discord.ButtonStyle.secondary))
        if any(isinstance(a, Recover) for a in legal):
            out.buttons.append(ButtonSpec("recover", "Recover", discord.ButtonStyle.success, "🩹"))
        if any(isinstance(a, Grab) for a in legal):
            out.buttons.append(ButtonSpec("grab", "Grab the Item", discord.ButtonStyle.primary, "✋"))
        if any(isinstance(a, EndActivation) for a in legal):
            out.buttons.append(ButtonSpec("end", "End activation", discord.ButtonStyle.secondary, "⏹️"))

        moves = [a.to for a in legal if isinstance(a, Move)]
        if here is not None:
            moves.sort(key=lambda s: (distance(here, s), s))
        if moves:
            options = [OptionSpec(s, s, _squares_away(here, s)) for s in moves]
            out.selects.append(SelectSpec("move", "Move to…", options))
            if len(options) > MAX_OPTIONS:
                out.notes.append(f"The menu shows the {MAX_OPTIONS} nearest squares: use /mf move for the others.")

        smashes = [a for a in legal if isinstance(a, Smash)]
        if smashes:
            out.selects.append(SelectSpec("smash", "Smash…", [
                OptionSpec(f"Throw the axe at {names.get(a.target, a.target)}" if a.throw_axe
                           else f"Smash {names.get(a.target, a.target)}",
                           f"{a.target}.axe" if a.throw_axe else a.target)
                for a in smashes]))
        stomps = [a for a in legal if isinstance(a, Stomp)]
        if stomps:
            out.selects.append(SelectSpec("stomp", "Stomp…", [
                OptionSpec(f"Stomp {names.get(a.target, a.target)}", a.target) for a in stomps]))
        jumps = [a for a in legal if isinstance(a, Jump)]
        if jumps:
            out.selects.append(SelectSpec("jump", "Jump…", [
                OptionSpec(f"Jump to {a.to}, smash {names.get(a.target, a.target)}", f"{a.to}.{a.target}")
                for a in jumps]))
            if len(jumps) > MAX_OPTIONS:
                out.notes.append(f"The menu shows {MAX_OPTIONS} of {len(jumps)} jumps: use /mf jump for the others.")
        drops = [a.square for a in legal if isinstance(a, DropItem)]
        if drops:
            out.selects.append(SelectSpec("drop", "Drop the Item on…", [OptionSpec(s, s) for s in drops]))
        return out

    def from_button(self, payload: str) -> Decoded:
        if payload == "deploy.ask":
            return DEPLOY_ASK
        if payload == "deploy.random":
            return RandomLegal("deploy")
        try:
            return dict(SIMPLE_BUTTONS[payload])
        except KeyError:
            raise ValueError(f"unknown button {payload!r}") from None

    def from_select(self, kind: str, value: str) -> Decoded:
        if kind == "move":
            return {"type": "move", "to": value}
        if kind == "drop":
            return {"type": "drop", "square": value}
        if kind == "stomp":
            return {"type": "stomp", "target": value}
        if kind == "smash":
            target, _, axe = value.partition(".")
            return {"type": "smash", "target": target, "throw_axe": axe == "axe"}
        if kind == "jump":
            to, _, target = value.partition(".")
            return {"type": "jump", "to": to, "target": target}
        raise ValueError(f"unknown select {kind!r}")


def _squares_away(here: str | None, square: str) -> str | None:
    if here is None:
        return None
    n = distance(here, square)
    return f"{n} square{'s' if n != 1 else ''} away"
