"""Orcz for computer players: which moves are worth a thought and what a move must change.

The search (`rules.core.search`) is the same for every game; the engine's `standing` weighs the
Slaves and the chance that the war is won at all.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics
from rules.orcz.models import OrczState, Place


class OrczTactics(Tactics):
    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """While a rank is being placed, the Scout waits: a look is worth more once more face-down
        cards lie on the table, and the search would otherwise spend many play-outs on it early.
        It is still considered whenever nothing else is asked of the player."""
        places = [a for a in actions if isinstance(a, Place)]
        if places and isinstance(state, OrczState) and state.round <= 2:
            return places
        return actions

    def substance(self, state: Any) -> Any:
        assert isinstance(state, OrczState)
        fronts = tuple((f.field.value, f.challenge, f.stack,
                        tuple((r.id, r.left, r.right, r.revealed) for r in f.ranks),
                        tuple((r.id, r.left, r.right) for r in f.aside)) for f in state.fronts)
        warlords = tuple((w.player, w.slaves, tuple(w.hand), tuple(w.spent)) for w in state.warlords)
        return fronts, warlords, tuple((look.by, look.rank) for look in state.looks)


TACTICS = OrczTactics()

__all__ = ["TACTICS", "OrczTactics"]
