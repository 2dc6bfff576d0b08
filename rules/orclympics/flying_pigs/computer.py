"""Flying Pigs for computer players: how the race of the Pigs stands, and the moves not worth a thought.

The search (`rules.core.search`) is the same for every game; what it needs to know of this one is
here. A Pig wins by touching the Kitchen, so every Random Move it makes is a chance: Grease on
your own Pig makes its moves longer (more ground swept), a Shove gives it one more move, and a Pig
on fire can win only by ending a move on the Kitchen. So a sensible chef keeps an Orc within a Grease
Toss of its own Pig (`standing` counts it), greases their own Pig and nobody else's, Shoves their own
Pig and not the others', and sets fire to the others' Pigs only; it gives every Orc a stance (each is
free: Shove and Fire it up! are only offered, Shoo! turns a Pig that bumps into it, which had stopped
there), and does not walk at a model whose way is blocked within the 1" it would be backed off to (a
walk that ends where it began).
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.geometry import angle_to, distance
from rules.core.search import Tactics, win_chances
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Done,
    FlyingPigsState,
    GreaseToss,
    Kind,
    Model,
    MoveToward,
    React,
    Stage,
    Stance,
)

GREASE_WORTH = 1.5
"""Inches nearer the Kitchen a Grease Marker on a Pig is worth: each adds a D3" to its moves."""

NOWHERE = 0.05
"""Inches beyond the 1" spacing a walk must make to end anywhere new."""

GREASER_WORTH = 1.0
"""Inches nearer the Kitchen a Pig is worth with one of its own Orcs within a Grease Toss of it."""

FIRE_COST = 6.0
"""Inches further a burning Pig is, in effect: it must end a move on the Kitchen to win."""


def greaser_near(state: FlyingPigsState, pig: Model) -> bool:
    """Whether one of the Pig's own Orcs stands within a Grease Toss of it (10", I.5 Step 3) while
    it can take more Grease: it may grease it again next turn."""
    if not pig.placed or pig.grease >= board.MAX_GREASE:
        return False
    shape = board.shape_of(pig)
    return any(o.kind is Kind.ORC and o.owner == pig.owner and o.placed
               and distance(board.shape_of(o), shape) <= board.TOSS_RANGE for o in state.models.values())


def standing(state: FlyingPigsState) -> dict[PlayerId, float]:
    """Each player's rough chance that their Pig is the first in the Kitchen."""
    far: dict[PlayerId, float] = {}
    for m in state.models.values():
        if m.kind is not Kind.PIG:
            continue
        d = board.kitchen_distance(m) if m.placed else board.PIGSTY_RADIUS + board.BOARD / 2
        d += -GREASE_WORTH * m.grease + (FIRE_COST if m.fire else 0.0)
        if greaser_near(state, m):
            d -= GREASER_WORTH
        far[m.owner] = d
    return win_chances({p: -d for p, d in far.items()}, spread=4.0)


def goes_nowhere(state: FlyingPigsState, move: MoveToward) -> bool:
    """Whether walking at `move.target` ends where the Orc stands: the first thing in the way is
    within the 1" it is backed off to (I.6.1)."""
    orc, target = state.models[move.orc], state.models.get(move.target)
    if target is None or not target.placed:
        return False
    key = (tuple((m.id, m.x, m.y, m.placed) for m in state.models.values()),
           tuple((t.kind, t.x, t.y) for t in state.terrain), orc.id, target.id, orc.grease)
    found = _NOWHERE.get(key)
    if found is None:
        angle = angle_to(orc.xy, target.xy)
        found = board.reach_along(state, orc, angle, board.BASE_MOVE + orc.grease) <= board.SPACING + NOWHERE
        if len(_NOWHERE) > 2048:
            _NOWHERE.clear()
        _NOWHERE[key] = found
    return found


_NOWHERE: dict[tuple[Any, ...], bool] = {}
"""`goes_nowhere` remembered by position (the search asks the same question at every iteration)."""


class FlyingPigsTactics(Tactics):
    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        assert isinstance(state, FlyingPigsState)
        if state.pending and any(isinstance(a, React) for a in actions):
            reaction = state.pending[0]
            target = state.models.get(reaction.target)
            if target is not None and target.kind is Kind.PIG:
                own = target.owner == player
                use = own if reaction.stance is Stance.SHOVE else not own  # Shove your Pig, light the others'
                return [React(use=use)]
            return actions
        if state.stage is Stage.ACTION and any(isinstance(a, ChooseStance) for a in actions):
            return [a for a in actions if not isinstance(a, Done)]  # a stance is free; its reactions are "may"
        if state.stage is Stage.MOVEMENT:
            kept = [a for a in actions if not (isinstance(a, MoveToward) and goes_nowhere(state, a))]
            return kept or actions
        if any(isinstance(a, GreaseToss) for a in actions):
            pig = next((m.id for m in state.models.values() if m.owner == player and m.kind is Kind.PIG), None)
            mine = [a for a in actions if isinstance(a, GreaseToss) and a.target == pig]
            if mine:
                return mine
            return [a for a in actions if not (isinstance(a, GreaseToss) and state.models[a.target].kind is Kind.PIG)]
        return actions

    def substance(self, state: Any) -> Any:
        assert isinstance(state, FlyingPigsState)
        return tuple((m.id, m.placed, round(m.x, 2), round(m.y, 2), m.grease, m.fire, m.shrooms, m.stance,
                      m.stance_used) for _, m in sorted(state.models.items()))


TACTICS = FlyingPigsTactics()

__all__ = ["FIRE_COST", "GREASER_WORTH", "GREASE_WORTH", "TACTICS", "FlyingPigsTactics", "goes_nowhere", "greaser_near",
           "standing"]
