"""Timber! for computer players: what a move must change to have done something.

The search (`rules.core.search`) is the same for every game; `standing` (asked through `TACTICS`) counts the
Wood, what is carried only as far as it can still be walked out before the last Game Turn, and
`TACTICS` here says what counts as a change in the Forest.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.grid import xy
from rules.core.search import Tactics, win_chances
from rules.orclympics.timber.models import Orc, TimberState

TURNS = 8  # IV.1: the game's length (the engine's TURNS)
STEPS_PER_TURN = 2.0
"""Squares an Orc can count on walking in a Game Turn, its share of the Action Tokens."""


def carried_worth(state: TimberState, orc: Orc) -> float:
    """What a Wood still carried in the Forest is worth: half a Wood out while there is time to
    walk it out, less and less as the last Game Turn comes nearer than the edge."""
    if orc.square is None:
        return 0.0
    x, y = xy(orc.square)
    to_edge = min(x, 7 - x, y, 7 - y)
    time_left = (TURNS - state.turn + 1) * STEPS_PER_TURN
    return 0.5 * max(0.0, min(1.0, (time_left - to_edge) / 4.0))


def standing(state: TimberState) -> dict[PlayerId, float]:
    """Wood out of the Forest, and what is still carried as far as it can still get out."""
    return win_chances({s.player: sum(o.wood if o.left else o.wood * carried_worth(state, o)
                                      for o in state.orcs.values() if o.player == s.player)
                        for s in state.seats}, spread=1.5)


class TimberTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float]:
        """Wood out, and what is carried as far as it can still get out (`standing`)."""
        return standing(state)

    def substance(self, state: Any) -> Any:
        assert isinstance(state, TimberState)
        orcs = tuple((o.id, o.square, o.wood, o.left) for _, o in sorted(state.orcs.items()))
        return orcs, tuple(sorted(state.trees.items())), tuple(sorted(state.dropped.items())), state.boar, \
            tuple(sorted(state.bushes))


TACTICS = TimberTactics()

__all__ = ["TACTICS", "TimberTactics", "carried_worth", "standing"]
