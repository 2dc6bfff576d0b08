"""What the richer `/br` commands mean against the whole game (`Move.plan`, run by the table).

A Move is two decisions in the rules (roll the D6+2", then say where to walk), so `/br move to:…`
and `/br charge` make both in one command: the roll first, then the walk or the Charge read from
the state the roll left (a Feral Orc is offered its reroll in between, and the command pauses
there). Names are read as players say them: an Orc by its id or by its player (the nearest of
theirs that fits), a place to walk toward by an Orc, a feature's id or kind, or a Barrel. A
mistyped name or point is refused before any die is rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rules.core.errors import RuleViolation
from rules.core.geometry import angle_to, centre_distance, offset
from rules.core.moves import Args, Pause, Reading, number, parse_points
from rules.orclympics.brood_rumble import movement
from rules.orclympics.brood_rumble.actions import act_offers, bonus_offers, catch_offers
from rules.orclympics.brood_rumble.models import (
    XY,
    AskKind,
    BonusThrow,
    BroodRumbleState,
    CatchThrow,
    Charge,
    FeatureKind,
    Orc,
    Throw,
)

PlayerId = str
Build = Callable[[BroodRumbleState, PlayerId], dict[str, Any]]
"""The walk (a MoveTo or a Charge) a command makes once the distance is rolled."""

SET_DOWN = ("down", "none", "set down")
STOP_SHORT = 0.05  # a walk towards an enemy ends this far short of it: touching it would be a Charge
SEARCH_STEPS = 40
GRID_STEP = 0.01  # a walk toward something ends on the offers' 0.01" grid, stepping back until legal


# -- names ---------------------------------------------------------------------------------------------


def _on_board(state: BroodRumbleState) -> list[Orc]:
    return [o for o in state.orcs.values() if o.on_board]


def _nearest(orcs: Iterable[Orc], to: XY | None) -> Orc | None:
    found = list(orcs)
    if not found:
        return None
    if to is None:
        return min(found, key=lambda o: o.id)
    return min(found, key=lambda o: (centre_distance(o.xy, to), o.id))


def resolve_orc(text: str, state: BroodRumbleState, candidates: Sequence[str], *, near: XY | None = None) -> str:
    """An Orc by id ('B2', as autocomplete sends it), by 'B2 (bob)', or by its player's name, which means
    the nearest of that player's Orcs among `candidates` (or on the board, when none is a candidate)."""
    wanted = text.strip()
    head = wanted.split("(")[0].strip().upper()
    if head in state.orcs:
        return head
    folded = wanted.casefold()
    theirs = [o for o in state.orcs.values() if state.name_of(o.player).casefold() == folded]
    if theirs:
        pool = [o for o in theirs if o.id in candidates] or [o for o in theirs if o.on_board] or theirs
        chosen = _nearest(pool, near)
        assert chosen is not None
        return chosen.id
    raise RuleViolation(f"There is no Orc called '{wanted}': name one like B2, or its player.")


def find_landmark(state: BroodRumbleState, mover: Orc, text: str) -> tuple[str, XY, str]:
    """What `toward:` names: an Orc (id or player, the nearest of theirs), a feature (id like T1 or M1,
    or a kind like 'pit', the nearest), a Barrel (id like K2, or 'barrel', the nearest).
    Returns its name, its centre and what it is ('orc', 'feature', 'barrel')."""
    wanted = text.strip()
    key = wanted.split("(")[0].strip().upper()
    here = mover.xy
    if key in state.orcs and state.orcs[key].on_board and key != mover.id:
        orc = state.orcs[key]
        return f"{orc.id} ({state.name_of(orc.player)})", orc.xy, "orc"
    for feature in state.features:
        if feature.id == key:
            return f"the {feature.kind.label} {feature.id}", (feature.x, feature.y), "feature"
    for barrel in state.barrels:
        if barrel.id == key:
            return f"the Barrel {barrel.id}", (barrel.x, barrel.y), "barrel"
    folded = wanted.casefold().rstrip("s")
    if folded in ("barrel", "keg") and state.barrels:
        barrel = min(state.barrels, key=lambda b: (centre_distance(here, (b.x, b.y)), b.id))
        return f"the Barrel {barrel.id}", (barrel.x, barrel.y), "barrel"
    kinds = [k for k in FeatureKind if folded in (k.value, k.label.casefold()) or
             (k is FeatureKind.MOUND and folded in ("mound", "debris"))]
    features = [f for f in state.features if f.kind in kinds]
    if features:
        feature = min(features, key=lambda f: (centre_distance(here, (f.x, f.y)), f.id))
        return f"the {feature.kind.label} {feature.id}", (feature.x, feature.y), "feature"
    theirs = [o for o in _on_board(state)
              if o.id != mover.id and state.name_of(o.player).casefold() == wanted.casefold()]
    orc = _nearest(theirs, here)
    if orc is not None:
        return f"{orc.id} ({state.name_of(orc.player)})", orc.xy, "orc"
    raise RuleViolation(f"There is nothing called '{wanted}' on the board: name an Orc (B2, or its player), "
                        "a feature (T1, M2, pit) or a Barrel (K1, barrel).")


# -- walking toward something ----------------------------------------------------------------------------


def legal_point(state: BroodRumbleState, mover: Orc, spot: XY, budget: float) -> bool:
    try:
        return not movement.plan(state, mover, [spot], budget).charged
    except RuleViolation:
        return False


def walk_toward(state: BroodRumbleState, mover: Orc, target: XY, budget: float, *, enemy: bool) -> XY | None:
    """The farthest point on the straight line towards `target` that the Orc may walk to: within its
    rolled distance, no farther than the target's centre, stopping where something blocks it, and short
    of an enemy (walking into one is a Charge, which /br charge does). The point is rounded to 0.01"
    (and checked again once rounded), so the move reads short and replays as it reads. None when it
    cannot move at all."""
    here = mover.xy
    heading = angle_to(here, target)
    reach = min(budget, centre_distance(here, target))
    if reach <= 0:
        return None
    if legal_point(state, mover, offset(here, heading, reach), budget):
        best = reach
    else:
        low, high = 0.0, reach
        for _ in range(SEARCH_STEPS):
            middle = (low + high) / 2
            low, high = (middle, high) if legal_point(state, mover, offset(here, heading, middle), budget) \
                else (low, middle)
        best = low
    if enemy:
        best -= STOP_SHORT
    while best > STOP_SHORT:
        x, y = offset(here, heading, best)
        spot = (round(x, movement.GRID_PLACES), round(y, movement.GRID_PLACES))  # short to read and replay
        if legal_point(state, mover, spot, budget):
            return spot
        best -= GRID_STEP
    return None


def _active(state: BroodRumbleState) -> Orc | None:
    return state.orcs[state.activation.orc] if state.activation is not None else None


def chargeable_enemies(state: BroodRumbleState) -> list[Orc]:
    """Enemies of the active Orc that may be charged at all (standing, not already fighting)."""
    mover = _active(state)
    if mover is None:
        return []
    return [e for e in _on_board(state) if e.team != mover.team and movement.chargeable(state, e) is None]


def toward(state: BroodRumbleState, text: str) -> dict[str, Any]:
    """The walk `toward:` names, once the distance is rolled."""
    mover = _active(state)
    act = state.activation
    if mover is None or act is None or act.budget is None or not mover.on_board:
        raise RuleViolation("Nothing is moving right now.")
    name, target, kind = find_landmark(state, mover, text)
    enemy = kind == "orc" and any(o.team != mover.team for o in _on_board(state) if o.xy == target)
    spot = walk_toward(state, mover, target, float(act.budget), enemy=enemy)
    if spot is None:
        raise RuleViolation(f"{mover.id} cannot get any closer to {name} in a straight line: something is in "
                            f"the way. Give a path with to: (turning points first), or stay with to: "
                            f"{number(mover.xy[0])},{number(mover.xy[1])}.")
    return {"type": "move_to", "to": list(spot), "via": []}


def _charge_targets(state: BroodRumbleState) -> list[str]:
    """Who the active Orc may charge now: the rules' offers once the distance is rolled, else every
    enemy that may be charged at all."""
    mover, act = _active(state), state.activation
    if mover is not None and act is not None and act.budget is not None and state.ask is not None \
            and state.ask.kind is AskKind.MOVE_TO:
        offered = [c.target for c in movement.move_offers(state, mover, float(act.budget)) if isinstance(c, Charge)]
        if offered:
            return offered
    return [e.id for e in chargeable_enemies(state)]


def check_before_roll(state: BroodRumbleState, build: Build, player: PlayerId) -> None:
    """Names and points are checked before the Move's dice are rolled, so a typo costs nothing.
    (Reach cannot be checked yet: it depends on the roll.)"""
    mover = _active(state)
    if mover is None:
        return
    probe = state.model_copy(deep=True)
    assert probe.activation is not None
    probe.activation.budget = 99.0
    probe.ask = probe.ask.model_copy(update={"kind": AskKind.MOVE_TO}) if probe.ask is not None else None
    action = build(probe, player)
    if action.get("type") == "charge":
        enemy = probe.orcs[action["target"]]
        if not enemy.on_board or enemy.team == mover.team:
            raise RuleViolation(f"{enemy.id} is not an enemy Orc on the board.")
        problem = movement.chargeable(probe, enemy)
        if problem is not None:
            raise RuleViolation(problem)


# -- the commands ----------------------------------------------------------------------------------------


def _given(args: Args, name: str) -> str:
    value = args.get(name)
    return value.strip() if isinstance(value, str) else ""


def _walk(state: BroodRumbleState, player: PlayerId, build: Build | None, done: int) -> dict[str, Any] | None:
    """One command for a whole Move: roll the distance when the active Orc has not moved yet, then
    walk (`build`, from the state after the roll). Without `build` it only rolls. Whatever else the
    game is waiting for, the first step is handed to the rules, which refuse it for the real reason."""
    ask = state.ask
    if ask is None or player not in ask.players:
        return {"type": "move"} if done == 0 else None
    if ask.kind is AskKind.MOVE_REROLL:
        if done == 0:
            raise RuleViolation("First keep or reroll the distance (the buttons, or /br reroll); then say "
                                "where to walk.")
        if build is None:
            return None
        raise Pause("Your Feral Orc may reroll that distance first: use the buttons (or /br reroll), then "
                    "repeat the command to walk.")
    if ask.kind is AskKind.ACT:
        if done > 0:
            return None
        if build is not None:
            check_before_roll(state, build, player)
        return {"type": "move"}
    if ask.kind is AskKind.MOVE_TO:
        if build is None:
            if done == 0:
                raise RuleViolation("The distance is already rolled: say where to walk with to: x,y or "
                                    "toward: a name, or /br charge an enemy.")
            return None
        return build(state, player) if done <= 1 else None
    if done > 0:
        return None
    return build(state, player) if build is not None else {"type": "move"}


def move(state: BroodRumbleState, player: PlayerId, args: Args, reading: Reading, done: int) -> dict[str, Any] | None:
    """`/br move`: roll, and walk to a point (`to`, turning points first) or toward something."""
    to, aim = _given(args, "to"), _given(args, "toward")
    if to and aim:
        raise RuleViolation("Give a point (to) or something to walk toward, not both.")
    build: Build | None = None
    if to:
        def build(state: BroodRumbleState, player: PlayerId) -> dict[str, Any]:
            points = parse_points(to)
            return {"type": "move_to", "to": list(points[-1]), "via": [list(p) for p in points[:-1]]}
    elif aim:
        def build(state: BroodRumbleState, player: PlayerId) -> dict[str, Any]:
            return toward(state, aim)
    return _walk(state, player, build, done)


def charge(state: BroodRumbleState, player: PlayerId, args: Args, reading: Reading, done: int) -> dict[str, Any] | None:
    """`/br charge`: roll if needed, then run straight at an enemy (by id, or the nearest of a player's)."""
    target = _given(args, "target")

    def build(state: BroodRumbleState, player: PlayerId) -> dict[str, Any]:
        mover = _active(state)
        near = mover.xy if mover is not None and mover.on_board else None
        return {"type": "charge", "target": resolve_orc(target, state, _charge_targets(state), near=near)}
    return _walk(state, player, build, done)


def throw(state: BroodRumbleState, player: PlayerId, args: Args, reading: Reading, done: int) -> dict[str, Any] | None:
    """`/br throw`: whichever Barrel the Orc has to throw now, the one it touches, the one it found
    (or set that one down) or the one it caught (at an Orc, or in a direction)."""
    if done:
        return None
    target = _given(args, "target")
    angle = args.get("angle")
    ask = state.ask
    if ask is None or player not in ask.players:
        return {"type": "throw", "target": target or "?"}
    orc = state.orcs.get(ask.orc or "")
    near = orc.xy if orc is not None and orc.on_board else None
    if ask.kind is AskKind.CATCH_THROW and orc is not None:
        if angle is not None and not target:
            return {"type": "catch_throw", "angle": float(angle)}
        if angle is not None or not target:
            raise RuleViolation("Throw the caught Barrel at an Orc (target) or in a direction (angle).")
        able = [a.target for a in catch_offers(state, orc) if isinstance(a, CatchThrow) and a.target]
        return {"type": "catch_throw", "target": resolve_orc(target, state, able, near=near)}
    if angle is not None:
        raise RuleViolation("Only a caught Barrel can be thrown in a direction; name an enemy Orc.")
    if ask.kind is AskKind.BONUS_THROW and orc is not None:
        if not target or target.casefold() in SET_DOWN:
            return {"type": "bonus_throw", "target": None}
        able = [a.target for a in bonus_offers(state, orc) if isinstance(a, BonusThrow) and a.target]
        return {"type": "bonus_throw", "target": resolve_orc(target, state, able, near=near)}
    if not target:
        raise RuleViolation("Name the enemy Orc to throw at, like B2.")
    act = state.activation
    able = [a.target for a in act_offers(state, orc, act) if isinstance(a, Throw)] \
        if ask.kind is AskKind.ACT and orc is not None and act is not None else []
    return {"type": "throw", "target": resolve_orc(target, state, able, near=near)}


__all__ = ["chargeable_enemies", "charge", "check_before_roll", "find_landmark", "legal_point", "move",
           "resolve_orc", "throw", "toward", "walk_toward"]
