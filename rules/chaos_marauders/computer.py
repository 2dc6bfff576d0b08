"""Chaos Marauders for computer players: which moves are worth a thought, and what a move must
change to have done something. A computer never shouts wrongly (issue 27): it shouts only when the
Chaos Marauders really was drawn this turn, which anyone watching the table knows."""

from __future__ import annotations

from typing import Any

from rules.chaos_marauders.models import CMState, Shout
from rules.core.engine import PlayerId
from rules.core.search import Tactics


class MaraudersTactics(Tactics):
    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        if not isinstance(state, CMState):
            return actions
        right = state.marauders_turn == state.turn
        kept = [a for a in actions if not isinstance(a, Shout) or right]
        return kept or actions

    def substance(self, state: Any) -> Any:
        assert isinstance(state, CMState)
        return (tuple((p, tuple(tuple(line) for line in lines)) for p, lines in state.lines.items()),
                tuple(state.discards), state.drawn, tuple(h.card for h in state.held))


TACTICS = MaraudersTactics()

__all__ = ["TACTICS", "MaraudersTactics"]
