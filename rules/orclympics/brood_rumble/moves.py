"""Brood Rumble moves as players say them (`/br …`, the buttons, the terminal): declared once.

The words follow the discipline's own (000 II): placing Terrain Features, choosing an edge,
deploying, activating an Orc, Move, Charge, Throw a Barrel, Grab an Item, Get Up, Fight, the
rerolls, the Barrels found and caught, the fights, the hidden attack and the block, the fall-back.

Some commands make more than one kind of action, as players think of them: `/br place` with no
spot lets the dice place the feature, `/br deploy` with no position too; `/br move` rolls the
distance and walks (`/br charge` rolls and charges) in one go, and `/br throw` throws whichever
Barrel the Orc has. Those read the whole game through `plans`. The attack is chosen in secret, so
it has no command: only the buttons sent to its player.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core.errors import RuleViolation
from rules.core.geometry import centre_distance
from rules.core.moves import Kind, Move, MoveBook, Param, Reading, number, parse_number, parse_point
from rules.core.offers import Auto, Buttons, Menu
from rules.orclympics.brood_rumble import plans
from rules.orclympics.brood_rumble.models import (
    PLACEABLE,
    Attack,
    Block,
    BonusThrow,
    CatchThrow,
    Charge,
    Deploy,
    DeployAtRandom,
    Edge,
    FeatureKind,
    OrcView,
    PlaceFeature,
    Throw,
)
from rules.orclympics.brood_rumble.words import (
    ATTACK_EMOJI,
    BLOCK_EMOJI,
    COMPASS16,
    EDGE_ARROWS,
    WORDS16,
    active_spot,
    attack_brief,
    compass,
    destination,
    exact_path,
    orc_label,
    orc_of,
    orc_words,
    point,
    short,
    table,
    where,
)

RANDOM = "random"
DICE = "random (the dice place it)"
SET_DOWN = "down"
Offers = list[tuple[str, str]]


# -- Orcs as players name them --------------------------------------------------------------------------


def orc_reader(fits: Callable[[OrcView], bool]) -> Callable[[str, Reading], str]:
    """An Orc by id ('b2', 'B2 (bob)') or by its player's name: the nearest of their Orcs that `fits`
    the question (still to deploy, still to act...), from what the table shows."""
    def read(text: str, reading: Reading) -> str:
        view = table(reading)
        wanted = text.strip()
        head = wanted.split("(")[0].strip().upper()
        if view is None or head in {o.id for o in view.orcs}:
            return head
        theirs = [o for o in view.orcs if o.name.casefold() == wanted.casefold()]
        if not theirs:
            raise RuleViolation(f"There is no Orc called '{wanted}': name one like B2, or its player.")
        pool = [o for o in theirs if fits(o)] or [o for o in theirs if where(o) is not None] or theirs
        near = active_spot(reading)

        def away(orc: OrcView) -> float:
            spot = where(orc)
            return centre_distance(near, spot) if near is not None and spot is not None else 0.0
        return min(pool, key=lambda o: (away(o), o.id)).id
    return read


def _labelled(orc: str, reading: Reading) -> str:
    return orc_label(reading, orc, active_spot(reading))


def orc_param(name: str, help: str, fits: Callable[[OrcView], bool], **more: Any) -> Param:
    return Param(name, Kind.PIECE, help, read=orc_reader(fits), show=_labelled, example="B2", **more)


def _standing(orc: OrcView) -> bool:
    return where(orc) is not None


def _to_deploy(orc: OrcView) -> bool:
    return orc.x is None and not orc.out


def _to_activate(orc: OrcView) -> bool:
    return where(orc) is not None and not orc.activated


# -- what autocomplete offers where the legal actions alone cannot say it ------------------------------


def _place_spots(legal: Sequence[BaseModel], reading: Reading, given: Mapping[str, str]) -> Offers:
    kind = given.get("kind", "")
    spots = [a for a in legal if isinstance(a, PlaceFeature) and (not kind or a.kind.value == kind)]
    where_ = [(f"{number(a.x)},{number(a.y)}", "" if kind else f" ({a.kind.label})") for a in spots]
    return ([(RANDOM, DICE)] if spots else []) + [(xy, xy + what) for xy, what in where_]


def _deploy_orcs(legal: Sequence[BaseModel], reading: Reading, given: Mapping[str, str]) -> Offers:
    orcs = dict.fromkeys(a.orc for a in legal if isinstance(a, Deploy | DeployAtRandom))
    return [(o, _labelled(o, reading)) for o in orcs]


def _deploy_spots(legal: Sequence[BaseModel], reading: Reading, given: Mapping[str, str]) -> Offers:
    orc = given.get("orc", "").split("(")[0].strip().upper()
    deploys = [a for a in legal if isinstance(a, Deploy | DeployAtRandom)]
    mine = [a for a in deploys if a.orc == orc] or deploys
    spots = sorted({a.at for a in mine if isinstance(a, Deploy)})
    return ([(RANDOM, DICE)] if mine else []) + [(number(s), f"{number(s)}\" along the edge") for s in spots]


def _landmarks(legal: Sequence[BaseModel], reading: Reading, given: Mapping[str, str]) -> Offers:
    """Everything a walk may head for, nearest Orcs first."""
    view = table(reading)
    mover = orc_of(view, view.active) if view is not None else None
    here = where(mover)
    if view is None or mover is None or here is None:
        return []
    orcs = sorted((o for o in view.orcs if o.id != mover.id and where(o) is not None),
                  key=lambda o: centre_distance(here, where(o)))  # type: ignore[arg-type]
    return ([(o.id, orc_label(reading, o.id, here)) for o in orcs]
            + [(f.id, f"{f.kind.label} {f.id} at {point((f.x, f.y))}") for f in view.features]
            + [(b.id, f"Barrel {b.id} at {point((b.x, b.y))}") for b in view.barrels])


def _charge_targets(legal: Sequence[BaseModel], reading: Reading, given: Mapping[str, str]) -> Offers:
    """The Charges the rules offer once the distance is rolled; before, every enemy that may be
    charged at all (standing and not already fighting)."""
    targets = [a.target for a in legal if isinstance(a, Charge)]
    view = table(reading)
    mover = orc_of(view, view.active) if view is not None else None
    if not targets and view is not None and mover is not None and any(a.type == "move" for a in legal):
        fighting = {o for pair in view.engaged for o in pair}
        targets = [o.id for o in view.orcs if o.team != mover.team and where(o) is not None
                   and not o.knocked_down and o.id not in fighting]
    return [(t, _labelled(t, reading)) for t in dict.fromkeys(targets)]


def _throw_targets(legal: Sequence[BaseModel], reading: Reading, given: Mapping[str, str]) -> Offers:
    targets = [a.target for a in legal if isinstance(a, Throw | BonusThrow | CatchThrow) and a.target]
    offers = [(t, _labelled(t, reading)) for t in dict.fromkeys(targets)]
    if any(isinstance(a, BonusThrow) and a.target is None for a in legal):
        offers.insert(0, (SET_DOWN, "Set the Barrel down at your feet"))
    return offers


# -- values as typed ---------------------------------------------------------------------------------


def _spot_or_dice(text: str, reading: Reading) -> tuple[float, float] | None:
    return None if text.strip().casefold() == RANDOM else parse_point(text)


def _along_or_dice(text: str, reading: Reading) -> float | None:
    return None if text.strip().casefold() == RANDOM else parse_number(text, "the position along the edge")


def _fight(text: str, reading: Reading) -> list[str]:
    ids = [w.upper() for w in re.findall(r"[A-Za-z]\d", text)]
    if len(ids) != 2:
        raise RuleViolation("Name the two Orcs of the fight, like A1 B3.")
    return ids


def _fight_words(value: str, reading: Reading) -> str:
    first, _, second = value.partition(" ")
    return f"{orc_label(reading, first)} against {orc_label(reading, second)}"


# -- commands that make another kind of action --------------------------------------------------------


def _place(data: dict[str, Any], reading: Reading) -> dict[str, Any]:
    """No spot (or 'random'): the dice place the feature, of the kind given or of any kind."""
    if data.get("x") is None:
        return {"type": "place_random", "kind": data.get("kind")}
    if data.get("kind") is None:
        raise RuleViolation("Say which kind of feature goes there (kind), or leave 'at' empty for the dice.")
    return data


def _deploy(data: dict[str, Any], reading: Reading) -> dict[str, Any]:
    """No position (or 'random'): the dice put the Orc somewhere on the edge."""
    if data.get("at") is None:
        return {"type": "deploy_random", "orc": data["orc"]}
    return data


def _fall_back(data: dict[str, Any], reading: Reading) -> dict[str, Any]:
    direction, angle = data.get("direction"), data.get("angle")
    if (direction is None) == (angle is None):
        raise RuleViolation("Give a compass direction or an angle in degrees (one of them).")
    degrees = COMPASS16.index(direction) * 22.5 if direction is not None else float(angle)
    return {"type": "fall_back", "angle": degrees}


# -- how actions read --------------------------------------------------------------------------------


def _along(action: Any, reading: Reading) -> str:
    """"A1 at x = 7.5": a spot on the team's edge (x along the north and south edges, y along the others)."""
    view = table(reading)
    orc = orc_of(view, action.orc)
    edge = next((t.edge for t in view.teams if orc is not None and t.id == orc.team), None) if view else None
    axis = "x" if edge in (Edge.NORTH, Edge.SOUTH) else "y"
    return f"{action.orc} at {axis} = {number(action.at)}"


def _heading(action: Any, reading: Reading) -> str:
    """A fall-back direction in words ("north-east"): the menu holds all sixteen, and its last entry
    takes any angle typed in degrees."""
    return f"Fall back {WORDS16[compass(action.angle)]}"


def _path(action: Any) -> list[Any] | None:
    """A walk's turning points and end (none for the roll that starts a Move)."""
    end = getattr(action, "to", None)
    return [*getattr(action, "via", []), end] if end is not None else None


KINDS = tuple((k.value, k.label) for k in PLACEABLE)
EDGES = tuple((e.value, f"{e.value.title()} edge") for e in Edge)
ATTACKS = tuple((a.value, a.label) for a in Attack)
BLOCKS = (("low", "Low Block (stops a Kick)"), ("mid", "Mid Block (stops a Punch)"),
          ("high", "High Block (stops a Headbutt)"))
DIRECTIONS = tuple((name, f"{name} ({number(k * 22.5)}°)") for k, name in enumerate(COMPASS16))
KIND_ORDER = {k: n for n, k in enumerate(FeatureKind)}

MOVES = MoveBook("br", help="Brood Rumble moves for your team.", pin_secrets=True, moves=[
    # -- II.2 set-up ----------------------------------------------------------------------------------
    Move("place_random", "place-random", "Random feature", "Let the dice place a Terrain Feature.",
         (Param("kind", Kind.CHOICE, "Which kind (empty: the dice choose)", required=False, choices=KINDS),),
         say=lambda a, r: f"Random {a.kind.label}" if a.kind is not None else "Random feature",
         offer=Buttons(look=lambda a: ("primary" if a.kind is None else "secondary", "🎲")), typed=False),
    Move("place_feature", "place", "Place a feature", "Place a Terrain Feature by its centre, or let the dice place it.",
         (Param("kind", Kind.CHOICE, "Pit, Dangerous Terrain or Platform (empty: the dice choose)", required=False,
                choices=KINDS),
          Param("at", Kind.POINT, "The centre as x,y in inches, like 12,7.5 (empty or 'random': the dice place it)",
                required=False, read=_spot_or_dice, put=lambda v: {"x": v[0], "y": v[1]} if v is not None else {},
                get=lambda a: (a.x, a.y), offers=_place_spots, example="12,7.5")),
         say=lambda a, r: f"{a.kind.label} at {point((a.x, a.y))}",
         order=lambda a, r: (KIND_ORDER[a.kind], -a.y, a.x), samples=True, offer=Menu(split="kind"),
         finish=_place),
    Move("choose_edge", "edge", "Choose an edge", "Won the roll-off: choose the board edge your team deploys on.",
         (Param("edge", Kind.CHOICE, "Your team's edge; the other team gets the opposite one", choices=EDGES),),
         say=lambda a, r: f"{a.edge.value.title()} edge",
         offer=Buttons(look=lambda a: ("primary", EDGE_ARROWS[a.edge]))),
    # -- II.3 deployment ------------------------------------------------------------------------------
    Move("deploy_random", "deploy-random", "At random", "Let the dice put one of your Orcs on your edge.",
         (orc_param("orc", "Which Orc, like A2", _to_deploy),),
         say=lambda a, r: f"{short(r, a.orc)} at random", offer=Buttons(emoji="🎲"), quiet=True, typed=False),
    Move("deploy", "deploy", "Deploy an Orc", "Put one of your Orcs with its back on your team's edge.",
         (orc_param("orc", "Which Orc, like A2", _to_deploy, offers=_deploy_orcs),
          Param("at", Kind.NUMBER, "Its centre along the edge in inches, like 7.5 (or 'random': the dice place it)",
                required=False, read=_along_or_dice, offers=_deploy_spots, example="7.5")),
         say=_along, samples=True, offer=Menu(split="orc"), finish=_deploy),
    # -- II.4.2 the activated Orc ---------------------------------------------------------------------
    Move("activate", "activate", "Activate", "Choose which of your Orcs acts next.",
         (orc_param("orc", "One of your Orcs that has not acted this Game Turn, like A3", _to_activate),),
         say=lambda a, r: f"Activate {orc_words(r, a.orc)}", offer=Buttons(emoji="❗", style="primary")),
    Move("get_up", "getup", "Get up", "Your Knocked Down Orc gets back on its feet (its whole activation).",
         offer=Auto(emoji="🧍", style="success"), aliases=("get-up",)),
    Move("fight", "fight", "Stay in the fight",
         "Your Orc touching an enemy stays in the fight (blows come at turn end).",
         offer=Auto(emoji="⚔️", style="danger")),
    Move("move", "move", "Move (D6+2\")",
         "Move: roll D6+2\" and walk to a point, or toward an Orc, a feature or a Barrel.",
         (Param("to", Kind.PATH, "Where to walk as x,y in inches, like 12,7.5 (turning points first: 10,5; 12,7.5)",
                required=False, via="via", makes="move_to", get=_path, show=lambda v, r: destination(r, v[-1])[1],
                spell=lambda v, r: exact_path(v)),
          Param("toward", Kind.TEXT, "Or walk straight at something as far as you can: B2, a player, M1, pit, barrel",
                required=False, offers=_landmarks)),
         offer=Auto(emoji="🏃", style="primary"), plan=plans.move),
    Move("grab", "grab", "Grab an Item", "Dig an Item out of the Debris Mound you touch.",
         offer=Auto(emoji="✋", style="primary")),
    Move("end", "end", "End activation", "End your Orc's activation now.", offer=Auto(emoji="⏹️"), quiet=True),
    Move("throw", "throw", "Throw a Barrel", "Throw a Barrel at an Orc (or a caught Barrel in a direction).",
         (orc_param("target", "The Orc to throw at, like B2, or its player; 'down' sets a found Barrel down",
                    _standing, required=False, offers=_throw_targets),
          Param("angle", Kind.NUMBER, "A caught Barrel only: a direction in degrees (0 = east, 90 = north)",
                required=False)),
         say=lambda a, r: f"Throw a Barrel at {orc_words(r, a.target)}",
         offer=Buttons(emoji="🛢️", style="danger"), plan=plans.throw),
    Move("charge", "charge", "Charge", "Charge an enemy: roll the Move if needed, then run straight at it.",
         (orc_param("target", "The enemy Orc, like B2, or its player (the nearest of theirs)", _standing,
                    offers=_charge_targets),),
         say=lambda a, r: f"Charge {orc_words(r, a.target)}", offer=Buttons(emoji="⚔️", style="danger"),
         plan=plans.charge),
    Move("move_to", "move-to", "Walk to", "Walk to a point, through any turning points on the way.",
         (Param("to", Kind.PATH, "Where to walk as x,y in inches (turning points first: 10,5; 12,7.5)", via="via",
                spell=lambda v, r: exact_path(v), example="12,7.5"),),
         say=lambda a, r: destination(r, a.to)[1], order=lambda a, r: destination(r, a.to)[0],
         samples=True, offer=Menu(), typed=False),
    Move("reroll", "reroll", "Reroll", "Feral Move or Common Barrel throw: reroll the dice, or keep them.",
         (Param("again", Kind.FLAG, "True to roll again, False to keep what you rolled", field="reroll"),),
         say=lambda a, r: "Yes, reroll" if a.reroll else "No, keep it", order=lambda a, r: not a.reroll,
         offer=Buttons(look=lambda a: ("primary", "🎲") if a.reroll else ("secondary", "✋"))),
    # -- II.4.2.2 Barrels found and caught -------------------------------------------------------------
    Move("bonus_throw", "bonus-throw", "Oh, a Barrel!", "Throw the Barrel you found at an enemy, or set it down.",
         (orc_param("target", "The enemy Orc to throw at (empty: set it down)", _standing, required=False),),
         say=lambda a, r: "Set it down" if a.target is None else f"Throw at {orc_words(r, a.target)}",
         offer=Buttons(look=lambda a: ("secondary", "⬇️") if a.target is None else ("danger", "🛢️")),
         typed=False),
    Move("catch_throw", "catch-throw", "Throw it at", "Throw the Barrel you caught at any Orc, or in any direction.",
         (orc_param("target", "Any other Orc on the board", _standing, required=False),
          Param("angle", Kind.NUMBER, "Or a direction in degrees (0 = east, 90 = north)", required=False)),
         say=lambda a, r: f"Throw it {WORDS16[compass(a.angle or 0.0)]}" if a.target is None
         else f"Throw it at {orc_words(r, a.target)}", offer=Menu(), typed=False),
    # -- II.4.3 combat ----------------------------------------------------------------------------------
    Move("choose_combat", "combat", "Resolve this fight next",
         "Your team has the Initiative: choose the next fight to resolve.",
         (Param("fight", Kind.PIECE, "The two Orcs, like A1 B3", field="orcs", read=_fight, show=_fight_words,
                get=lambda a: " ".join(a.orcs), example="A1 B3"),),
         say=lambda a, r: f"{orc_words(r, a.orcs[0])} against {orc_words(r, a.orcs[1])}", offer=Menu()),
    Move("attack", "attack", "Attack", "Choose your hidden attack.",
         (Param("attack", Kind.CHOICE, "Headbutt, Punch or Kick in the Crotch", choices=ATTACKS),),
         say=lambda a, r: a.attack.label, offer=Buttons(look=lambda a: ("danger", ATTACK_EMOJI[a.attack])),
         typed=False, brief=attack_brief),
    Move("defence", "block", "Block", "Block the hidden attack: Low, Mid or High.",
         (Param("block", Kind.CHOICE, "Low stops a Kick, Mid a Punch, High a Headbutt", choices=BLOCKS),),
         say=lambda a, r: Block(a.block).label, offer=Buttons(look=lambda a: ("primary", BLOCK_EMOJI[a.block]))),
    Move("fall_back", "fallback", "Fall back towards", "Your Orc won by a knock-down: the direction it falls back 3\".",
         (Param("direction", Kind.CHOICE, "A compass direction", required=False, choices=DIRECTIONS),
          Param("angle", Kind.NUMBER, "Or any angle in degrees (0 = east, 90 = north)", required=False)),
         say=_heading, samples=True, offer=Menu(), finish=_fall_back, aliases=("fall-back",)),
])
"""Every Brood Rumble move, in the order its controls appear (only one question is open at a time)."""


__all__ = ["MOVES", "orc_reader"]
