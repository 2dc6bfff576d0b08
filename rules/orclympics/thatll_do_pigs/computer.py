"""That'll do Pigs for computer players: what a move must change to have done something.

The search (`rules.core.search`) is the same for every game; the engine's `standing` measures the
race, and `TACTICS` here says what counts as a change on the track.
"""

from __future__ import annotations

from typing import Any

from rules.core.search import Tactics
from rules.orclympics.thatll_do_pigs.models import ThatllDoPigsState


class ThatllDoPigsTactics(Tactics):
    def substance(self, state: Any) -> Any:
        assert isinstance(state, ThatllDoPigsState)
        riders = tuple((r.id, r.placed, r.cell, round(r.x, 2), round(r.y, 2), round(r.facing, 1), r.ridden, r.out,
                        r.gates, r.piglet) for _, r in sorted(state.riders.items()))
        pig = state.piglet
        return riders, (round(pig.x, 2), round(pig.y, 2), pig.placed, pig.held_by)


TACTICS = ThatllDoPigsTactics()

__all__ = ["TACTICS", "ThatllDoPigsTactics"]
