"""Brood Rumble in words, read from what a seat may see (its view): Orcs by id, player and health,
directions by compass name, where a walk heads. Buttons, menus, suggestions and the secret attack's
private message all name things through these, so they say them the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.geometry import angle_to, centre_distance
from rules.core.moves import Reading, number
from rules.orclympics.brood_rumble.models import (
    XY,
    Attack,
    Block,
    BroodRumbleView,
    Edge,
    OrcView,
)

COMPASS16 = ("E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW", "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE")
"""The sixteen directions, counter-clockwise from east (0°), as the engine counts angles."""

ARROWS = {"E": "➡️", "NE": "↗️", "N": "⬆️", "NW": "↖️", "W": "⬅️", "SW": "↙️", "S": "⬇️", "SE": "↘️"}
EDGE_ARROWS = {Edge.NORTH: "⬆️", Edge.EAST: "➡️", Edge.SOUTH: "⬇️", Edge.WEST: "⬅️"}
ATTACK_EMOJI = {Attack.HEADBUTT: "🐏", Attack.PUNCH: "👊", Attack.KICK: "🦶"}
ATTACK_EFFECT = {Attack.HEADBUTT: "3+ wounds push the enemy 6\" away",
                 Attack.PUNCH: "3+ wounds cost 1 HP more and pause the fight",
                 Attack.KICK: "3+ wounds knock the enemy down"}
BLOCK_EMOJI = {Block.LOW: "⬇️", Block.MID: "↔️", Block.HIGH: "⬆️"}
TOWARD_DEGREES = 1.0  # a destination this close to the line towards something is "toward" it


WORDS16 = {"E": "east", "ENE": "east-north-east", "NE": "north-east", "NNE": "north-north-east", "N": "north",
           "NNW": "north-north-west", "NW": "north-west", "WNW": "west-north-west", "W": "west",
           "WSW": "west-south-west", "SW": "south-west", "SSW": "south-south-west", "S": "south",
           "SSE": "south-south-east", "SE": "south-east", "ESE": "east-south-east"}
"""The compass names in words, for a menu where a player reads rather than types them."""


def compass(angle: float) -> str:
    """The nearest of the sixteen compass names for an angle in degrees."""
    return COMPASS16[round((angle % 360.0) / 22.5) % 16]


def point(xy: Sequence[float]) -> str:
    """A point as people write it: (12, 7.5)."""
    return f"({number(xy[0])}, {number(xy[1])})"


def exact(value: float) -> str:
    """A coordinate that reads back as the very same float (so a suggested point is the legal one)."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def exact_path(points: Sequence[Sequence[float]]) -> str:
    return "; ".join(f"{exact(p[0])},{exact(p[1])}" for p in points)


def clip(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def table(reading: Reading) -> BroodRumbleView | None:
    """The view a reading draws on, whether it came as the model or as its JSON."""
    view = reading.view
    if isinstance(view, BroodRumbleView):
        return view
    if isinstance(view, dict) and view.get("game") == "brood-rumble":
        return BroodRumbleView.model_validate(view)
    return None


def orc_of(view: BroodRumbleView | None, orc_id: str | None) -> OrcView | None:
    if view is None:
        return None
    return next((o for o in view.orcs if o.id == orc_id), None)


def where(orc: OrcView | None) -> XY | None:
    if orc is None or orc.out or orc.x is None or orc.y is None:
        return None
    return (orc.x, orc.y)


def orc_words(reading: Reading, orc_id: str | None) -> str:
    """"B2 (bob, 9 HP)": the Orc, who runs it and how much it can still take."""
    found = orc_of(table(reading), orc_id)
    if found is None:
        return orc_id or "?"
    down = ", down" if found.knocked_down else ""
    return f"{found.id} ({found.name}, {found.hp} HP{down})"


def short(reading: Reading, orc_id: str | None) -> str:
    """"B2 (bob)"."""
    found = orc_of(table(reading), orc_id)
    return f"{found.id} ({found.name})" if found is not None else (orc_id or "?")


def active_spot(reading: Reading) -> XY | None:
    """Where the activated Orc stands, if one is."""
    view = table(reading)
    return where(orc_of(view, view.active)) if view is not None else None


def orc_label(reading: Reading, orc_id: str, near: XY | None = None) -> str:
    """What a suggestion says of an Orc: "B2 (bob, 9 HP, knocked down) at (3, 4), 5.5" away"."""
    found = orc_of(table(reading), orc_id)
    if found is None:
        return orc_id
    spot = where(found)
    at = f" at {point(spot)}" if spot is not None else ""
    away = f", {number(centre_distance(near, spot))}\" away" if near is not None and spot is not None else ""
    down = ", knocked down" if found.knocked_down else ""
    return f"{found.id} ({found.name}, {found.hp} HP{down}){at}{away}"


def landmarks(view: BroodRumbleView, mover: OrcView) -> list[tuple[str, XY]]:
    """What a walk may head for, with the name a player knows it by: Orcs, Barrels, features."""
    marks = [(f"{o.id} ({o.name})", spot) for o in view.orcs if o.id != mover.id and (spot := where(o)) is not None]
    marks += [(f"Barrel {b.id}", (b.x, b.y)) for b in view.barrels]
    marks += [(f"{f.kind.label} {f.id}", (f.x, f.y)) for f in view.features]
    return marks


def destination(reading: Reading, to: Sequence[float]) -> tuple[int, str]:
    """A legal walk's destination in words, and its rank in the menu: staying put (0), then the walks
    towards something (an Orc, a Barrel, a feature: 1), then the plain compass directions (2). The
    words say where and how far, never the coordinates: those are for whoever types a point."""
    view = table(reading)
    mover = orc_of(view, view.active) if view is not None else None
    here = where(mover)
    end = (float(to[0]), float(to[1]))
    if view is None or mover is None or here is None:
        return 2, f"Walk to {point(end)}"
    gone = centre_distance(here, end)
    if gone < 1e-9:
        return 0, "Stay where it is"
    heading = angle_to(here, end)
    aims = [(name, centre_distance(here, xy)) for name, xy in landmarks(view, mover)
            if centre_distance(here, xy) > 1e-9 and _gap(angle_to(here, xy), heading) <= TOWARD_DEGREES]
    far = f"{number(gone, places=1)}\""
    if aims:
        name = min(aims, key=lambda aim: aim[1])[0]
        return 1, clip(f"Toward {name}, {far}")
    return 2, clip(f"{far} {WORDS16[compass(heading)]}")


def _gap(a: float, b: float) -> float:
    gap = abs(a - b) % 360.0
    return min(gap, 360.0 - gap)


def health(orc: OrcView) -> str:
    item = f", {orc.item.label}" if orc.item is not None else ""
    return f"{orc.id} ({orc.name}): {orc.hp}/{orc.max_hp} HP{item}"


def attack_brief(view: Any, reading: Reading) -> str | None:
    """What the attacker needs to choose an attack (II.4.3): both Orcs' health and Items, the wounds
    of this Round of Combat so far, and what each attack does. From the public view only."""
    rumble = table(Reading(view, reading.names))
    fight = rumble.combat if rumble is not None else None
    if rumble is None or fight is None:
        return None
    lines = []
    mine, theirs = orc_of(rumble, fight.attacker), orc_of(rumble, fight.defender)
    if mine is not None and theirs is not None:
        lines.append(f"Your {health(mine)} · the enemy {health(theirs)}.")
    known = Reading(rumble, reading.names)
    lost = [f"{short(known, o)} {n} HP" for o, n in fight.lost.items()]
    if fight.exchanges:
        blows = "; ".join(f"{e.attacker} {e.attack.label} against a {e.block.label}: {e.wounds} wound(s)"
                          for e in fight.exchanges)
        lines.append(f"This round so far: {blows}. Lost: {', '.join(lost)} (5 in one round knocks an Orc down).")
    else:
        lines.append("No blow has landed in this round yet (5 HP lost in one round knocks an Orc down).")
    lines.append("Each attack deals D3 wounds, 3 fewer if blocked right (a High Block stops a Headbutt, "
                 "a Mid Block a Punch, a Low Block a Kick). " +
                 "; ".join(f"{a.label}: {ATTACK_EFFECT[a]}" for a in Attack) + ".")
    return "\n".join(lines)


__all__ = ["ARROWS", "ATTACK_EMOJI", "BLOCK_EMOJI", "COMPASS16", "EDGE_ARROWS", "active_spot", "attack_brief", "clip",
           "compass", "destination", "exact", "exact_path", "orc_label", "orc_of", "orc_words", "point", "short",
           "table", "where"]
