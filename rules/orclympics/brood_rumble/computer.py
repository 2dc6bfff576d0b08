"""Brood Rumble for computer players: how the brawl stands, and the moves not worth a thought.

The search (`rules.core.search`) is the same for every game; what it needs to know of this one is
here: `standing` (asked through `TACTICS`, for cut play-outs) and `TACTICS` (moves a sensible team never
makes, and what a move must change to have done something).
"""

from __future__ import annotations

import math
from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics, win_chances
from rules.orclympics.brood_rumble.models import (
    BonusThrow,
    BroodRumbleState,
    Charge,
    EndActivation,
    Grab,
    Move,
    MoveTo,
    Throw,
)

ITEM_WORTH = 1.0
"""An Item adds a wound to one attack (or takes one off a Headbutt)."""

FIRST_STRIKE = 1.0
"""A charger strikes first in its fight this Game Turn."""


def standing(state: BroodRumbleState) -> dict[PlayerId, float]:
    """Each player's rough chance that their team is the one left standing."""
    strength = {t: 0.0 for t in state.teams}
    chargers = set(state.charges.values())
    for orc in state.orcs.values():
        if orc.out:
            continue
        worth = max(orc.hp, 0) + (0.0 if orc.knocked_down else 1.0)
        if orc.item is not None:
            worth += ITEM_WORTH
        if orc.id in chargers and not orc.knocked_down:
            worth += FIRST_STRIKE
        strength[orc.team] += worth
    team = win_chances(strength, spread=4.0)
    return {p: team[t.id] for t in state.teams.values() for p in t.players}


class BroodRumbleTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float]:
        """A team's Health, Orcs on their feet, Items, first strikes (`standing`)."""
        return standing(state)

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        kept = actions
        if any(isinstance(a, (Move, Throw, Grab)) for a in actions):
            kept = [a for a in actions if not isinstance(a, EndActivation)]  # an Orc that can act, acts
        if any(isinstance(a, BonusThrow) and a.target is not None for a in actions):
            kept = [a for a in kept if not (isinstance(a, BonusThrow) and a.target is None)]
        orc = state.orcs.get(state.ask.orc or "") if state.ask is not None else None
        if orc is not None and orc.x is not None and any(isinstance(a, (MoveTo, Charge)) for a in actions):
            stay = [a for a in kept if isinstance(a, MoveTo) and not a.via
                    and math.dist(tuple(a.to), (orc.x, orc.y)) < 1e-6]
            if len(stay) < len(kept):
                kept = [a for a in kept if a not in stay]  # a Move rolled is a Move made
        return kept or actions

    def substance(self, state: Any) -> Any:
        orcs = tuple((o.id, None if o.x is None else round(o.x, 2), None if o.y is None else round(o.y, 2), o.hp,
                      o.knocked_down, o.item, o.out) for o in sorted(state.orcs.values(), key=lambda o: o.id))
        barrels = tuple((b.id, round(b.x, 2), round(b.y, 2)) for b in state.barrels)
        return orcs, barrels, tuple(sorted(state.charges.items()))


TACTICS = BroodRumbleTactics()

__all__ = ["TACTICS", "BroodRumbleTactics", "standing"]
