"""Timber! for computer players: what a move must change to have done something.

The search (`rules.core.search`) is the same for every game; the engine's `standing` counts the
Wood, and `TACTICS` here says what counts as a change in the Forest.
"""

from __future__ import annotations

from typing import Any

from rules.core.search import Tactics
from rules.orclympics.timber.models import TimberState


class TimberTactics(Tactics):
    def substance(self, state: Any) -> Any:
        assert isinstance(state, TimberState)
        orcs = tuple((o.id, o.square, o.wood, o.left) for _, o in sorted(state.orcs.items()))
        return orcs, tuple(sorted(state.trees.items())), tuple(sorted(state.dropped.items())), state.boar, \
            tuple(sorted(state.bushes))


TACTICS = TimberTactics()

__all__ = ["TACTICS", "TimberTactics"]
