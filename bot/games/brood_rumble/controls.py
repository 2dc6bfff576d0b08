"""Brood Rumble controls: the buttons and menus under a board (or in a DM), and what each one means.

Everything is built from the engine's `legal_actions`, so a control never offers what the rules
would refuse, and every control stands for exactly one action: the "random" buttons are the
engine's own PlaceAtRandom and DeployAtRandom, not a choice the bot makes. Only one question is
open at a time in Brood Rumble (`state.ask`), so each kind of question gets the five rows to itself.

Encodings. A button payload must match `[a-z0-9._-]+`, so Orc ids are written in lower case there
(`charge.b2`, `activate.a1`, `fallback.45`). A select's kind is letters only (`placepit`,
`deploya`, `moveto`); select values have no such limit and carry exact numbers (`5.0,8.0`,
`A1:4.0`, `12.3456,7.5`), so a chosen option decodes to the very action that was offered.

The secret attack is asked by DM with three buttons; `secret_text` tells the attacker what they
need to decide (the enemy, both Orcs' HP, the wounds of this round) and `secret_version` pins those
buttons to the moment they were sent, so a doubled or late click cannot answer the next attack.
"""

from __future__ import annotations

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
from bot.ui.text import compass
from rules.core.engine import Prompt
from rules.core.geometry import angle_to, centre_distance
from rules.orclympics.brood_rumble.models import (
    PLACEABLE,
    Activate,
    Attack,
    Block,
    BonusThrow,
    BroodRumbleView,
    CatchThrow,
    Charge,
    ChooseAttack,
    ChooseCombat,
    ChooseDefence,
    ChooseEdge,
    Deploy,
    DeployAtRandom,
    Edge,
    EndActivation,
    FallBack,
    FeatureKind,
    Fight,
    GetUp,
    Grab,
    Move,
    MoveTo,
    OrcView,
    PlaceAtRandom,
    PlaceFeature,
    Reroll,
    Throw,
)

LABEL_LIMIT = 80  # Discord's limit for a button label
OPTION_TEXT_LIMIT = 100  # and for a select option's label or description
TOWARD_DEGREES = 1.0  # a destination this close to the line towards something is "toward" it

ARROWS = {"E": "➡️", "NE": "↗️", "N": "⬆️", "NW": "↖️", "W": "⬅️", "SW": "↙️", "S": "⬇️", "SE": "↘️"}

EDGE_ARROWS = {Edge.NORTH: "⬆️", Edge.EAST: "➡️", Edge.SOUTH: "⬇️", Edge.WEST: "⬅️"}

ATTACK_EMOJI = {Attack.HEADBUTT: "🐏", Attack.PUNCH: "👊", Attack.KICK: "🦶"}
ATTACK_EFFECT = {Attack.HEADBUTT: "3+ wounds push the enemy 6\" away",
                 Attack.PUNCH: "3+ wounds cost 1 HP more and pause the fight",
                 Attack.KICK: "3+ wounds knock the enemy down"}
BLOCK_EMOJI = {Block.LOW: "⬇️", Block.MID: "↔️", Block.HIGH: "⬆️"}

SIMPLE_BUTTONS: dict[str, dict[str, Any]] = {
    "move": {"type": "move"},
    "grab": {"type": "grab"},
    "getup": {"type": "get_up"},
    "fight": {"type": "fight"},
    "end": {"type": "end"},
    "reroll.yes": {"type": "reroll", "reroll": True},
    "reroll.no": {"type": "reroll", "reroll": False},
    "place.random": {"type": "place_random", "kind": None},
    "bonus.down": {"type": "bonus_throw", "target": None},
}

PLACE_KINDS = {f"place{kind.value}": kind for kind in PLACEABLE}
"""Select kinds of the placement menus, one per kind of Terrain Feature."""

DEPLOY_KINDS = ("deploya", "deployb", "deployc", "deployd")
"""Select kinds of the deployment menus: one per Orc still to deploy (at most four)."""


def _clip(text: str, limit: int = OPTION_TEXT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def num(value: float) -> str:
    """A coordinate as people write it: 12, 7.5, 3.25."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def point(xy: Sequence[float]) -> str:
    return f"({num(xy[0])}, {num(xy[1])})"


def exact(xy: Sequence[float]) -> str:
    """A point as a select value: the float's own repr, so it decodes to the same number."""
    return f"{float(xy[0])!r},{float(xy[1])!r}"


def parse_exact(text: str) -> tuple[float, float]:
    x, sep, y = text.partition(",")
    if not sep:
        raise ValueError(f"not a point: {text!r}")
    return (float(x), float(y))


def spread(items: Sequence[Any], count: int = MAX_OPTIONS) -> list[Any]:
    """At most `count` items picked evenly from the whole list (a menu of spots then still covers the board)."""
    if len(items) <= count:
        return list(items)
    return [items[(i * len(items)) // count] for i in range(count)]


class _Table:
    """Names, positions and health from the public view, for labels."""

    def __init__(self, view: BroodRumbleView) -> None:
        self.view = view
        self.orcs: dict[str, OrcView] = {o.id: o for o in view.orcs}

    def orc(self, orc_id: str | None) -> str:
        """"B2 (bob, 9 HP)": the Orc, who runs it and how much it can still take."""
        found = self.orcs.get(orc_id or "")
        if found is None:
            return orc_id or "?"
        state = ", down" if found.knocked_down else ""
        return f"{found.id} ({found.name}, {found.hp} HP{state})"

    def short(self, orc_id: str | None) -> str:
        found = self.orcs.get(orc_id or "")
        return f"{found.id} ({found.name})" if found is not None else (orc_id or "?")

    def at(self, orc_id: str | None) -> tuple[float, float] | None:
        found = self.orcs.get(orc_id or "")
        if found is None or found.x is None or found.y is None:
            return None
        return (found.x, found.y)

    def landmarks(self, mover: OrcView) -> list[tuple[str, tuple[float, float]]]:
        """What a move may head for, with the name a player knows it by: Orcs, Barrels, features."""
        marks: list[tuple[str, tuple[float, float]]] = []
        for orc in self.view.orcs:
            if orc.id != mover.id and not orc.out and orc.x is not None and orc.y is not None:
                marks.append((self.short(orc.id), (orc.x, orc.y)))
        marks += [(f"Barrel {b.id}", (b.x, b.y)) for b in self.view.barrels]
        marks += [(f"{f.kind.label} {f.id}", (f.x, f.y)) for f in self.view.features]
        return marks


class BroodRumbleControls:
    """The `GameControls` adapter for Brood Rumble."""

    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls:
        rumble = view if isinstance(view, BroodRumbleView) else BroodRumbleView.model_validate(view)
        table = _Table(rumble)
        out = Controls()
        kinds = {type(a) for a in legal}
        if kinds & {PlaceFeature, PlaceAtRandom}:
            _place_controls(out, legal)
        elif ChooseEdge in kinds:
            for action in (a for a in legal if isinstance(a, ChooseEdge)):
                out.buttons.append(ButtonSpec(f"edge.{action.edge.value}", f"{action.edge.value.title()} edge",
                                              discord.ButtonStyle.primary, EDGE_ARROWS[action.edge]))
        elif kinds & {Deploy, DeployAtRandom}:
            _deploy_controls(out, table, legal)
        elif Activate in kinds:
            for action in (a for a in legal if isinstance(a, Activate)):
                out.buttons.append(ButtonSpec(f"activate.{action.orc.lower()}",
                                              _clip(f"Activate {table.orc(action.orc)}", LABEL_LIMIT),
                                              discord.ButtonStyle.primary, "❗"))
        elif kinds & {MoveTo, Charge}:
            _move_to_controls(out, table, legal)
        elif Reroll in kinds:
            out.buttons.append(ButtonSpec("reroll.yes", "Yes, reroll", discord.ButtonStyle.primary, "🎲"))
            out.buttons.append(ButtonSpec("reroll.no", "No, keep it", discord.ButtonStyle.secondary, "✋"))
        elif BonusThrow in kinds:
            for action in (a for a in legal if isinstance(a, BonusThrow)):
                if action.target is None:
                    out.buttons.append(ButtonSpec("bonus.down", "Set it down", discord.ButtonStyle.secondary, "⬇️"))
                else:
                    out.buttons.append(ButtonSpec(f"bonus.{action.target.lower()}",
                                                  _clip(f"Throw at {table.orc(action.target)}", LABEL_LIMIT),
                                                  discord.ButtonStyle.danger, "🛢️"))
        elif CatchThrow in kinds:
            _catch_controls(out, table, legal)
        elif ChooseCombat in kinds:
            _combat_controls(out, table, legal)
        elif ChooseAttack in kinds:
            for action in (a for a in legal if isinstance(a, ChooseAttack)):
                out.buttons.append(ButtonSpec(f"attack.{action.attack.value}", action.attack.label,
                                              discord.ButtonStyle.danger, ATTACK_EMOJI[action.attack]))
        elif ChooseDefence in kinds:
            for action in (a for a in legal if isinstance(a, ChooseDefence)):
                out.buttons.append(ButtonSpec(f"block.{action.block.value}", action.block.label,
                                              discord.ButtonStyle.primary, BLOCK_EMOJI[action.block]))
        elif FallBack in kinds:
            _fall_back_controls(out, legal)
        else:
            _act_controls(out, table, legal)
        return out

    def from_button(self, payload: str) -> Decoded:
        if payload in SIMPLE_BUTTONS:
            return dict(SIMPLE_BUTTONS[payload])
        kind, _, rest = payload.partition(".")
        if not rest:
            raise ValueError(f"unknown button {payload!r}")
        if kind == "place" and rest.startswith("random."):
            return {"type": "place_random", "kind": FeatureKind(rest.removeprefix("random.")).value}
        if kind == "edge":
            return {"type": "choose_edge", "edge": Edge(rest).value}
        if kind == "deployrandom":
            return {"type": "deploy_random", "orc": rest.upper()}
        if kind == "activate":
            return {"type": "activate", "orc": rest.upper()}
        if kind == "throw":
            return {"type": "throw", "target": rest.upper()}
        if kind == "charge":
            return {"type": "charge", "target": rest.upper()}
        if kind == "bonus":
            return {"type": "bonus_throw", "target": rest.upper()}
        if kind == "catch":
            return {"type": "catch_throw", "angle": float(rest)}
        if kind == "attack":
            return {"type": "attack", "attack": Attack(rest).value}
        if kind == "block":
            return {"type": "defence", "block": Block(rest).value}
        if kind == "fallback":
            return {"type": "fall_back", "angle": float(rest)}
        raise ValueError(f"unknown button {payload!r}")

    def from_select(self, kind: str, value: str) -> Decoded:
        if kind in PLACE_KINDS:
            x, y = parse_exact(value)
            return {"type": "place_feature", "kind": PLACE_KINDS[kind].value, "x": x, "y": y}
        if kind in DEPLOY_KINDS:
            orc, sep, at = value.partition(":")
            if not sep:
                raise ValueError(f"not a deployment: {value!r}")
            return {"type": "deploy", "orc": orc, "at": float(at)}
        if kind == "moveto":
            return {"type": "move_to", "to": list(parse_exact(value))}
        if kind == "combat":
            first, sep, second = value.partition(".")
            if not sep:
                raise ValueError(f"not a fight: {value!r}")
            return {"type": "choose_combat", "orcs": [first, second]}
        if kind == "catch":
            return {"type": "catch_throw", "target": value}
        if kind == "fallback":
            return {"type": "fall_back", "angle": float(value)}
        raise ValueError(f"unknown select {kind!r}")

    # -- the secret attack ----------------------------------------------------------------------
    def secret_text(self, view: Any, prompt: Prompt) -> str:
        """The DM for the attacker: the question, then what it depends on (both Orcs' HP and Items,
        the wounds of this Round of Combat so far) and what each attack does. Drawn from the public
        view, so it says nothing the channel could not already see."""
        rumble = view if isinstance(view, BroodRumbleView) else BroodRumbleView.model_validate(view)
        fight = rumble.combat
        if fight is None:
            return prompt.text
        table = _Table(rumble)
        lines = [prompt.text]
        mine, theirs = table.orcs.get(fight.attacker), table.orcs.get(fight.defender)
        if mine is not None and theirs is not None:
            lines.append(f"Your {_health(mine)} · the enemy {_health(theirs)}.")
        lost = [f"{table.short(o)} {n} HP" for o, n in fight.lost.items()]
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

    def secret_version(self, version: int) -> int | None:
        """One question at a time: the DM's buttons answer only the attack they were sent for."""
        return version


def _health(orc: OrcView) -> str:
    item = f", {orc.item.label}" if orc.item is not None else ""
    return f"{orc.id} ({orc.name}): {orc.hp}/{orc.max_hp} HP{item}"


# -- II.2 terrain -----------------------------------------------------------------------------------


def _place_controls(out: Controls, legal: Sequence[BaseModel]) -> None:
    """Random buttons (any kind, or one kind), then one menu of offered centres per kind."""
    for action in legal:
        if isinstance(action, PlaceAtRandom):
            if action.kind is None:
                out.buttons.insert(0, ButtonSpec("place.random", "Random feature", discord.ButtonStyle.primary, "🎲"))
            else:
                out.buttons.append(ButtonSpec(f"place.random.{action.kind.value}", f"Random {action.kind.label}",
                                              discord.ButtonStyle.secondary, "🎲"))
    left_out = False
    for kind in PLACEABLE:
        spots = sorted(((a.x, a.y) for a in legal if isinstance(a, PlaceFeature) and a.kind is kind),
                       key=lambda p: (-p[1], p[0]))
        if not spots:
            continue
        left_out = left_out or len(spots) > MAX_OPTIONS
        out.selects.append(SelectSpec(f"place{kind.value}", f"Place a {kind.label} at…", [
            OptionSpec(f"{kind.label} at {point(p)}", exact(p)) for p in spread(spots)]))
    if left_out:
        out.notes.append("The menus show a choice of spots: /br place puts a feature at any x, y.")


# -- II.3 deployment -----------------------------------------------------------------------------------


def _deploy_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    """A random button and a menu of spots along the edge for every Orc still to deploy."""
    orcs = list(dict.fromkeys(a.orc for a in legal if isinstance(a, Deploy | DeployAtRandom)))
    for orc in orcs:
        if any(isinstance(a, DeployAtRandom) and a.orc == orc for a in legal):
            out.buttons.append(ButtonSpec(f"deployrandom.{orc.lower()}", _clip(f"{table.short(orc)} at random",
                                                                               LABEL_LIMIT),
                                          discord.ButtonStyle.secondary, "🎲"))
    team = table.orcs[orcs[0]].team if orcs and orcs[0] in table.orcs else None
    edge = next((t.edge for t in table.view.teams if t.id == team), None)
    along = "x" if edge in (Edge.NORTH, Edge.SOUTH) else "y"
    for kind, orc in zip(DEPLOY_KINDS, orcs):
        spots = [a.at for a in legal if isinstance(a, Deploy) and a.orc == orc]
        if spots:
            out.selects.append(SelectSpec(kind, _clip(f"Deploy {table.short(orc)} on the "
                                                      f"{edge.value if edge else ''} edge at…", 150), [
                OptionSpec(f"{orc} at {along} = {num(at)}", f"{orc}:{at!r}") for at in spread(spots)]))
    out.notes.append("The menus offer every 2\": /br deploy puts an Orc at any position along the edge, "
                     "like at: 7.5.")


# -- II.4.2 the activated Orc ------------------------------------------------------------------------------


def _act_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    for action in legal:
        if isinstance(action, GetUp):
            out.buttons.append(ButtonSpec("getup", "Get up", discord.ButtonStyle.success, "🧍"))
        elif isinstance(action, Fight):
            out.buttons.append(ButtonSpec("fight", "Stay in the fight", discord.ButtonStyle.danger, "⚔️"))
        elif isinstance(action, Move):
            out.buttons.append(ButtonSpec("move", "Move (D6+2\")", discord.ButtonStyle.primary, "🏃"))
        elif isinstance(action, Grab):
            out.buttons.append(ButtonSpec("grab", "Grab an Item", discord.ButtonStyle.primary, "✋"))
    for action in legal:
        if isinstance(action, EndActivation):
            out.buttons.append(ButtonSpec("end", "End activation", discord.ButtonStyle.secondary, "⏹️"))
    for action in legal:
        if isinstance(action, Throw):
            out.buttons.append(ButtonSpec(f"throw.{action.target.lower()}",
                                          _clip(f"Throw a Barrel at {table.orc(action.target)}", LABEL_LIMIT),
                                          discord.ButtonStyle.danger, "🛢️"))


def _move_to_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    """A button per Charge, and the engine's destinations in a menu, each named by what it heads for."""
    for action in legal:
        if isinstance(action, Charge):
            out.buttons.append(ButtonSpec(f"charge.{action.target.lower()}",
                                          _clip(f"Charge {table.orc(action.target)}", LABEL_LIMIT),
                                          discord.ButtonStyle.danger, "⚔️"))
    ordered = destinations(table.view, legal)
    if ordered:
        out.selects.append(SelectSpec("moveto", "Walk to…", ordered[:MAX_OPTIONS]))
        if len(ordered) > MAX_OPTIONS:
            out.notes.append("The menu shows some of the destinations: /br move takes any x, y or a name.")
    out.notes.append("/br move to: x,y (or toward: a name) walks anywhere in reach; /br charge charges.")


def destinations(view: BroodRumbleView, legal: Sequence[BaseModel]) -> list[OptionSpec]:
    """The MoveTo offers as menu options: staying put first, then the walks towards something
    (an Orc, a Barrel, a feature), then the plain compass directions. The value is the exact point."""
    table = _Table(view)
    mover = table.orcs.get(view.active or "")
    if mover is None or mover.x is None or mover.y is None:
        return []
    here = (mover.x, mover.y)
    marks = table.landmarks(mover)
    options: list[tuple[int, OptionSpec]] = []
    for action in legal:
        if not isinstance(action, MoveTo):
            continue
        to = (float(action.to[0]), float(action.to[1]))
        gone = centre_distance(here, to)
        if gone < 1e-9:
            options.append((0, OptionSpec("Stay where it is", exact(to), f"stays at {point(to)}")))
            continue
        heading = angle_to(here, to)
        aims = [(name, centre_distance(here, xy)) for name, xy in marks
                if centre_distance(here, xy) > 1e-9 and _angle_gap(angle_to(here, xy), heading) <= TOWARD_DEGREES]
        if aims:
            name = min(aims, key=lambda a: a[1])[0]
            options.append((1, OptionSpec(_clip(f"Toward {name}: {num(gone)}\" to {point(to)}"), exact(to))))
        else:
            options.append((2, OptionSpec(_clip(f"{num(gone)}\" {compass(heading)} to {point(to)}"), exact(to))))
    return [o for _, o in sorted(options, key=lambda pair: pair[0])]


def _angle_gap(a: float, b: float) -> float:
    gap = abs(a - b) % 360.0
    return min(gap, 360.0 - gap)


def _catch_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    """Eight compass buttons for a throw in a direction, and a menu of Orcs to throw it at."""
    for action in legal:
        if isinstance(action, CatchThrow) and action.angle is not None and action.target is None:
            name = compass(action.angle)
            out.buttons.append(ButtonSpec(f"catch.{num(action.angle)}", f"Throw {name}",
                                          discord.ButtonStyle.secondary, ARROWS.get(name)))
    targets = [a.target for a in legal if isinstance(a, CatchThrow) and a.target is not None]
    if targets:
        out.selects.append(SelectSpec("catch", "Throw it at…", [
            OptionSpec(_clip(table.orc(t)), t) for t in targets[:MAX_OPTIONS]]))


def _combat_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    options = []
    for action in legal:
        if isinstance(action, ChooseCombat):
            first, second = action.orcs
            options.append(OptionSpec(_clip(f"{table.orc(first)} against {table.orc(second)}"),
                                      f"{first}.{second}"))
    if options:
        out.selects.append(SelectSpec("combat", "Resolve this fight next…", options[:MAX_OPTIONS]))


def _fall_back_controls(out: Controls, legal: Sequence[BaseModel]) -> None:
    """The eight main directions as buttons, all sixteen in a menu."""
    angles = [float(a.angle) for a in legal if isinstance(a, FallBack)]
    for angle in angles:
        name = compass(angle)
        if name in ARROWS:
            out.buttons.append(ButtonSpec(f"fallback.{num(angle)}", name, discord.ButtonStyle.secondary,
                                          ARROWS[name]))
    if angles:
        out.selects.append(SelectSpec("fallback", "Fall back towards…", [
            OptionSpec(f"{compass(a)} ({num(a)}°)", repr(a)) for a in angles[:MAX_OPTIONS]]))
    out.notes.append("/br fallback also takes any angle in degrees (0 = east, 90 = north).")


__all__ = ["BroodRumbleControls", "destinations", "num", "parse_exact", "point"]
