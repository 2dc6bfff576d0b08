"""Road Rage moves as players say them (`/rr …`, the buttons, the terminal): declared once.

The words follow the discipline's own (000 VI): building the Chariot, choosing the Circuit (or
drawing one: Checkpoints and Terrain by coordinates), the Starting Line, then each Player Turn's
Speed Changes, 45° Pivots, Outta da way!, Dirty Tricks, 3" increments and collisions.

Several commands keep the shape players type even where the action stores it differently
(`up` for a Speed Change of +1 or -1, cells counted from 1, a way to turn rather than a sign),
so each such parameter says how its value goes into the action (`put`) and comes back (`get`).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleViolation
from rules.core.moves import Kind, Move, MoveBook, Param, Reading, parse_points
from rules.core.offers import Auto, Buttons, Menu
from rules.orclympics.road_rage.chariots import (
    CHARIOT_UPGRADES,
    DRIVER_UPGRADES,
    MAX_CHARIOT_UPGRADES,
    Reroll,
    Upgrade,
)
from rules.orclympics.road_rage.circuits import READY, SIZES

WAYS = {1: "left", -1: "right", 0: "straight"}
TURNS = {way: turn for turn, way in WAYS.items()}
EXTRA = {"speed-up": ("speed", 1), "slow-down": ("speed", -1), "pivot-left": ("turn", 1),
         "pivot-right": ("turn", -1)}
POSTS = "Give the two posts as x,y; x,y, like 24,1; 24,10."


def _effects(upgrade: Upgrade) -> str:
    """What an upgrade does, in a few words: its changes to the profile and what it lets you reroll."""
    parts = [f"{trait.label} {change:+d}" for trait, change in upgrade.changes.items()]
    if upgrade.reroll is not None:
        parts.append("reroll a failed " + ("Outta da way!" if upgrade.reroll is Reroll.OUTTA else "Dirty Tricks"))
    if upgrade.big_boss:
        parts.append("Dirty Tricks against you fail on 5-6")
    if upgrade.brood is not None:
        parts.append(f"{upgrade.brood.value.title()} Orcs only")
    return ", ".join(parts)


def _note(upgrades: dict[str, Upgrade]) -> Any:
    return lambda key: _effects(upgrades[key]) if key in upgrades else None


def _build(action: Any, reading: Reading) -> str:
    driver = DRIVER_UPGRADES[action.driver].name if action.driver in DRIVER_UPGRADES else action.driver
    chosen = [CHARIOT_UPGRADES[u].name if u in CHARIOT_UPGRADES else u for u in action.upgrades]
    return driver + (" + " + ", ".join(chosen) if chosen else "")


def _race(action: Any, reading: Reading) -> str:
    laps = f"{action.laps} lap{'s' if action.laps > 1 else ''}" if action.laps else "D3+2 laps"
    return f"{action.circuit.title()}, {laps}, {action.board:g}\" board"


def _posts(text: str, reading: Reading) -> list[tuple[float, float]]:
    try:
        points = parse_points(text)
    except RuleViolation:
        raise RuleViolation(POSTS) from None
    if len(points) != 2:
        raise RuleViolation(POSTS)
    return points


def _gate(action: Any, reading: Reading) -> str:
    (ax, ay), (bx, by) = action.a, action.b
    return f"Checkpoint {action.number} from ({ax:g}, {ay:g}) to ({bx:g}, {by:g})"


def _extra(action: Any) -> str:
    return next(name for name, (field, step) in EXTRA.items() if getattr(action, field) == step)


def _outta(action: Any, reading: Reading) -> str:
    what = f"speed {'up' if action.speed > 0 else 'down'}" if action.speed else f"pivot {WAYS[action.turn]}"
    return f"Outta da way! ({what})"


def _way(*ways: str) -> tuple[tuple[str, str], ...]:
    return tuple((way, way) for way in ways)


MOVES = MoveBook("rr", help="Road Rage: build, drive, ram, play dirty.", moves=[
    Move("build", "build", "Build your Chariot",
         "Build your Chariot: a Driver Upgrade and up to three Chariot Upgrades.",
         (Param("driver", Kind.CHOICE, "Your Driver Upgrade (one)",
                choices=tuple((u.key, u.name) for u in DRIVER_UPGRADES.values()), notes=_note(DRIVER_UPGRADES)),
          Param("upgrades", Kind.CHOICES, "Chariot Upgrades separated by commas, like Moar Boar, 'Eavy Wheels",
                required=False, choices=tuple((u.key, u.name) for u in CHARIOT_UPGRADES.values()),
                most=MAX_CHARIOT_UPGRADES, notes=_note(CHARIOT_UPGRADES))),
         say=_build,
         samples=True,
         offer=Menu(picks=f"Any build: one Driver Upgrade and up to {MAX_CHARIOT_UPGRADES} Chariot Upgrades…")),
    Move("race", "race", "Circuit, laps and board",
         "Choose the Circuit (custom: draw it yourself), the laps (0: roll D3+2), the board.",
         (Param("circuit", Kind.CHOICE, "A ready circuit, random, or custom (you place it)",
                choices=tuple((c, c.title()) for c in (*sorted(READY), "random", "custom"))),
          Param("laps", Kind.COUNT, "1 to 5 laps; 0 or left out: roll D3+2", required=False, bounds=(0, 5)),
          Param("board", Kind.CHOICE, "The board's side in inches (36 unless you say)", required=False,
                choices=tuple((f"{s:g}", f'{s:g}"') for s in SIZES),
                put=lambda v: {"board": float(v)}, get=lambda a: f"{a.board:g}")),
         say=_race, offer=Menu()),
    Move("gate", "gate", "Place a Checkpoint", "A circuit of your own: Checkpoint 1, 2 or 3 between two posts.",
         (Param("number", Kind.COUNT, "1, 2 or 3 (3 is the Goal)", bounds=(1, 3)),
          Param("posts", Kind.PATH, "The two posts as x,y; x,y like 24,1; 24,10", read=_posts,
                example="24,1; 24,10", put=lambda p: {"a": list(p[0]), "b": list(p[1])},
                get=lambda a: [a.a, a.b])),
         say=_gate, offer=Menu()),
    Move("terrain", "terrain", "Place Terrain", "A circuit of your own: an impassable Terrain Feature.",
         (Param("at", Kind.POINT, "Its centre as x,y", put=lambda p: {"x": p[0], "y": p[1]},
                get=lambda a: (a.x, a.y)),
          Param("width", Kind.NUMBER, "Inches (default 2)", required=False),
          Param("height", Kind.NUMBER, "Inches (default 2)", required=False)),
         say=lambda a, r: f"Terrain {a.width:g}x{a.height:g}\" at ({a.x:g}, {a.y:g})", offer=Menu()),
    Move("circuit_done", "drawn", "The circuit is drawn", "A circuit of your own: it is finished.",
         offer=Auto(style="success")),
    Move("cell", "cell", "Take a cell of the Starting Line", "Line up on a cell of the Starting Line.",
         (Param("cell", Kind.COUNT, "The cell, counted from 1", shift=1, bounds=(1, 4)),),
         say=lambda a, r: f"Cell {a.cell + 1}", offer=Menu()),
    Move("speed", "speed", "Speed Change", "Speed Change: +1 or -1 Current Speed (before moving).",
         (Param("up", Kind.FLAG, "True to speed up, False to slow down",
                put=lambda up: {"delta": 1 if up else -1}, get=lambda a: a.delta > 0),),
         say=lambda a, r: "Speed up" if a.delta > 0 else "Slow down",
         offer=Buttons(look=lambda a: ("primary", "⏫" if a.delta > 0 else "⏬"))),
    Move("pivot", "pivot", "Pivot", "A 45° Pivot.",
         (Param("way", Kind.CHOICE, "Which way to turn", choices=_way("left", "right"),
                put=lambda w: {"turn": TURNS[w]}, get=lambda a: WAYS[a.turn]),),
         say=lambda a, r: f"Pivot {WAYS[a.turn]}",
         offer=Buttons(look=lambda a: ("secondary", "↪️" if a.turn > 0 else "↩️"))),
    Move("outta", "outta", "Outta da way!", "Outta da way!: one more Speed Change or Pivot past your Agility.",
         (Param("what", Kind.CHOICE, "The change beyond your Agility (2 Action Points and a Skill Test)",
                choices=tuple((name, name.replace("-", " ")) for name in EXTRA),
                put=lambda w: {EXTRA[w][0]: EXTRA[w][1]}, get=_extra),),
         say=_outta, offer=Buttons(style="danger")),
    Move("tricks", "tricks", "Dirty Tricks", "Dirty Tricks on the nearest enemy Chariot within 3\".",
         (Param("effect", Kind.CHOICE, "What the trick does if your Skill Test passes",
                choices=(("skill", "its Driver Skill"), ("chassis", "both lose a Chassis Point"))),),
         say=lambda a, r: "Dirty Tricks: " + ("Driver Skill" if a.effect == "skill" else "Chassis"),
         offer=Buttons(emoji="🪓", style="danger")),
    Move("advance", "go", "Next 3\" increment", "Move the next 3\" increment straight ahead.",
         offer=Auto(emoji="🐗", style="success")),
    Move("end", "end", "End the turn", "End your Player Turn (after the full move).",
         offer=Auto(emoji="⏹️"), quiet=True),
    Move("ram_stat", "ram", "Ramming roll",
         "In a collision: add your Agility (dodge) or your Chassis Points (ram).",
         (Param("stat", Kind.CHOICE, "What to add to your Ramming roll",
                choices=(("agility", "Agility"), ("chassis", "Chassis Points"))),),
         say=lambda a, r: "Dodge (Agility)" if a.stat == "agility" else "Ram (Chassis Points)",
         offer=Buttons(style="primary")),
    Move("escape", "escape", "Escape!", "You won the collision roll: Escape! (True) or Take the hit! (False).",
         (Param("escape", Kind.FLAG, "True to escape unharmed, False to take the hit (D3 to both)"),),
         say=lambda a, r: "Escape!" if a.escape else "Take the hit!", offer=Buttons(style="primary")),
    Move("free_pivot", "free", "Free pivot", "Your free 45° Pivot after a collision (or keep straight).",
         (Param("way", Kind.CHOICE, "Which way to turn, or straight", choices=_way("left", "right", "straight"),
                put=lambda w: {"turn": TURNS[w]}, get=lambda a: WAYS[a.turn]),),
         say=lambda a, r: f"Free pivot {WAYS[a.turn]}" if a.turn else "Keep straight", offer=Buttons()),
])
"""Every Road Rage decision, in the order its controls are shown."""

__all__ = ["MOVES"]
