"""Road Rage controls: buttons and menus built from the engine's legal actions only.

Payloads stay short: buttons `speed.1`, `pivot.-1`, `outta.s1` / `outta.t-1`, `tricks.skill`,
`advance`, `end`, `ram.agility`, `escape.1`, `free.0`; menus `build` (`<driver>|<up>,<up>`),
`race` (`<circuit>:<laps>:<board>`), `place` (a Checkpoint or Terrain of a circuit drawn by hand),
`cell` (an index).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.ui.controls import ButtonSpec, Controls, Decoded, OptionSpec, SelectSpec
from rules.orclympics.road_rage.chariots import CHARIOT_UPGRADES, DRIVER_UPGRADES
from rules.orclympics.road_rage.models import (
    Advance,
    Build,
    CircuitDone,
    DirtyTricks,
    EndTurn,
    Escape,
    FreePivot,
    OuttaDaWay,
    Pivot,
    PlaceGate,
    PlaceTerrain,
    RamStat,
    SetRace,
    SpeedChange,
    TakeCell,
)

TURNS = {1: "left", -1: "right"}


def _button(action: BaseModel) -> ButtonSpec | None:
    style = discord.ButtonStyle
    match action:
        case SpeedChange(delta=d):
            return ButtonSpec(f"speed.{d}", "Speed up" if d > 0 else "Slow down", style.primary, "⏫" if d > 0 else "⏬")
        case Pivot(turn=t):
            return ButtonSpec(f"pivot.{t}", f"Pivot {TURNS[t]}", style.secondary, "↪️" if t > 0 else "↩️")
        case OuttaDaWay(speed=s, turn=t):
            what = (f"speed {'up' if s > 0 else 'down'}" if s else f"pivot {TURNS[t]}")
            return ButtonSpec(f"outta.s{s}" if s else f"outta.t{t}", f"Outta da way! ({what})", style.danger)
        case DirtyTricks(effect=e):
            return ButtonSpec(f"tricks.{e}", "Dirty Tricks: " + ("Driver Skill" if e == "skill" else "Chassis"),
                              style.danger, "🪓")
        case Advance():
            return ButtonSpec("advance", "Next 3\" increment", style.success, "🐗")
        case EndTurn():
            return ButtonSpec("end", "End the turn", style.secondary, "⏹️")
        case RamStat(stat=s):
            return ButtonSpec(f"ram.{s}", "Dodge (Agility)" if s == "agility" else "Ram (Chassis Points)",
                              style.primary)
        case Escape(escape=e):
            return ButtonSpec(f"escape.{int(e)}", "Escape!" if e else "Take the hit!", style.primary)
        case CircuitDone():
            return ButtonSpec("circuit.done", "The circuit is drawn", style.success)
        case FreePivot(turn=t):
            return ButtonSpec(f"free.{t}", f"Free pivot {TURNS[t]}" if t else "Keep straight", style.secondary)
    return None


class RoadRageControls:
    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls:
        out = Controls()
        for action in legal:
            button = _button(action)
            if button is not None:
                out.buttons.append(button)
        builds = [a for a in legal if isinstance(a, Build)]
        if builds:
            out.selects.append(SelectSpec("build", "Build your Chariot…", [
                OptionSpec(f"{DRIVER_UPGRADES[b.driver].name}"
                           + (" + " + ", ".join(CHARIOT_UPGRADES[u].name for u in b.upgrades) if b.upgrades else ""),
                           f"{b.driver}|{','.join(b.upgrades)}") for b in builds][:25]))
            out.notes.append("Any build: /rr build driver: upgrades:")
        races = [a for a in legal if isinstance(a, SetRace)]
        if races:
            out.selects.append(SelectSpec("race", "Circuit, laps and board…", [
                OptionSpec(f"{a.circuit.title()}, " + (f"{a.laps} lap{'s' if a.laps > 1 else ''}" if a.laps
                                                       else "D3+2 laps") + f", {a.board:g}\" board",
                           f"{a.circuit}:{a.laps}:{a.board:g}") for a in races]))
        places = [a for a in legal if isinstance(a, PlaceGate | PlaceTerrain)]
        if places:
            out.selects.append(SelectSpec("place", "Place (or type /rr gate and /rr terrain)…", [
                OptionSpec(f"Checkpoint {a.number} from ({a.a[0]:g}, {a.a[1]:g}) to ({a.b[0]:g}, {a.b[1]:g})",
                           f"g{a.number}:{a.a[0]:g},{a.a[1]:g},{a.b[0]:g},{a.b[1]:g}") if isinstance(a, PlaceGate)
                else OptionSpec(f"Terrain {a.width:g}x{a.height:g}\" at ({a.x:g}, {a.y:g})",
                                f"t:{a.x:g},{a.y:g},{a.width:g},{a.height:g}") for a in places][:25]))
        cells = [a.cell for a in legal if isinstance(a, TakeCell)]
        if cells:
            out.selects.append(SelectSpec("cell", "Take a cell of the Starting Line…",
                                          [OptionSpec(f"Cell {c + 1}", str(c)) for c in cells]))
        return out

    def from_button(self, payload: str) -> Decoded:
        kind, _, rest = payload.partition(".")
        if payload == "advance":
            return {"type": "advance"}
        if payload == "end":
            return {"type": "end"}
        if payload == "circuit.done":
            return {"type": "circuit_done"}
        if kind == "speed":
            return {"type": "speed", "delta": int(rest)}
        if kind == "pivot":
            return {"type": "pivot", "turn": int(rest)}
        if kind == "outta" and rest[:1] in ("s", "t"):
            return {"type": "outta", ("speed" if rest[0] == "s" else "turn"): int(rest[1:])}
        if kind == "tricks":
            return {"type": "tricks", "effect": rest}
        if kind == "ram":
            return {"type": "ram_stat", "stat": rest}
        if kind == "escape":
            return {"type": "escape", "escape": rest == "1"}
        if kind == "free":
            return {"type": "free_pivot", "turn": int(rest)}
        raise ValueError(f"unknown button {payload!r}")

    def from_select(self, kind: str, value: str) -> Decoded:
        if kind == "build":
            driver, _, upgrades = value.partition("|")
            return {"type": "build", "driver": driver, "upgrades": [u for u in upgrades.split(",") if u]}
        if kind == "race":
            circuit, laps, board = value.split(":")
            return {"type": "race", "circuit": circuit, "laps": int(laps), "board": float(board)}
        if kind == "place":
            head, _, numbers = value.partition(":")
            n = [float(v) for v in numbers.split(",")]
            if head.startswith("g"):
                return {"type": "gate", "number": int(head[1:]), "a": [n[0], n[1]], "b": [n[2], n[3]]}
            return {"type": "terrain", "x": n[0], "y": n[1], "width": n[2], "height": n[3]}
        if kind == "cell":
            return {"type": "cell", "cell": int(value)}
        raise ValueError(f"unknown select {kind!r}")
