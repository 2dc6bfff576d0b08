"""Flying Pigs for computer players: what a move must change to have done something.

The search (`rules.core.search`) is the same for every game; the engine's `standing` scores the
race of the Pigs, and `TACTICS` here says what counts as a change on the board.
"""

from __future__ import annotations

from typing import Any

from rules.core.search import Tactics
from rules.orclympics.flying_pigs.models import FlyingPigsState


class FlyingPigsTactics(Tactics):
    def substance(self, state: Any) -> Any:
        assert isinstance(state, FlyingPigsState)
        return tuple((m.id, m.placed, round(m.x, 2), round(m.y, 2), m.grease, m.fire, m.shrooms, m.stance,
                      m.stance_used) for _, m in sorted(state.models.items()))


TACTICS = FlyingPigsTactics()

__all__ = ["TACTICS", "FlyingPigsTactics"]
