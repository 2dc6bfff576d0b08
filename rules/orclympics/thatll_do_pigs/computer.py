"""That'll do Pigs for computer players: the moves not worth a thought, and what a move must change.

The search (`rules.core.search`) is the same for every game; the engine's `standing` measures the
race, and `TACTICS` here keeps a rider from idling:
- a Get Ready! Assault costs nothing when it fails (V.3: the loser is pushed back, a failed
  attacker keeps its cell), so a rider on the front row always has a go at a rival;
- a Lash is D6" more ground for free (V.4.2.2), so a rider that may Lash does, unless the run
  ahead is bad ground: the crowd within reach of half the faces (a Falling Test, then thrown back,
  V.4.2.1), or a run that loses ground round the Circuit. Only then may it end its activation
  instead, and the search weighs the two.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.geometry import offset, travel
from rules.core.search import Tactics
from rules.orclympics.thatll_do_pigs.circuit import BOARD
from rules.orclympics.thatll_do_pigs.engine import circuit_of, rider_shape
from rules.orclympics.thatll_do_pigs.models import (
    AskKind,
    EndActivation,
    Lash,
    ReadyAssault,
    Rider,
    ThatllDoPigsState,
)

LASH_MOST = 6.0
"""The longest Lash: a D6" (V.4.2.2)."""

CROWD_REACH = 4.0
"""A Lash that meets the crowd within this many inches does so on half the faces or more (4, 5, 6):
a gamble the search is left to weigh, not a free move."""

GROUND_LOST = 1.0
"""Progress (degrees round the Circuit) a typical 3" Lash may lose before it counts as going the
wrong way."""


def lash_is_free(state: ThatllDoPigsState, rider: Rider) -> bool:
    """Whether a Lash straight on is plainly worth taking: the crowd (a Public Area or the board
    edge) is farther ahead than `CROWD_REACH`, and a middling Lash does not lose ground round the
    Circuit. A Lash stops 1" short of models (V.4.2.2), so riders and the Piglet never make it worse."""
    circuit = circuit_of(state)
    ahead = travel(rider_shape(rider), rider.facing, LASH_MOST, circuit.walls, area=BOARD)
    if ahead.stopped_by is not None and ahead.travelled <= CROWD_REACH:
        return False
    middle = offset(rider.xy, rider.facing, min(LASH_MOST / 2, ahead.travelled))
    return circuit.progress(rider.gates, middle) >= circuit.progress(rider.gates, rider.xy) - GROUND_LOST


class ThatllDoPigsTactics(Tactics):
    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        assert isinstance(state, ThatllDoPigsState)
        ask = state.ask
        if ask is None:
            return actions
        if ask.kind is AskKind.READY:  # a failed Get Ready! Assault changes nothing: always try one
            return [a for a in actions if not (isinstance(a, ReadyAssault) and a.target is None)] or actions
        if ask.kind is AskKind.SECOND and any(isinstance(a, Lash) for a in actions):
            rider = state.riders.get(ask.rider or "")
            if rider is not None and lash_is_free(state, rider):
                return [a for a in actions if not isinstance(a, EndActivation)] or actions
        return actions

    def substance(self, state: Any) -> Any:
        assert isinstance(state, ThatllDoPigsState)
        riders = tuple((r.id, r.placed, r.cell, round(r.x, 2), round(r.y, 2), round(r.facing, 1), r.ridden, r.out,
                        r.gates, r.piglet) for _, r in sorted(state.riders.items()))
        pig = state.piglet
        return riders, (round(pig.x, 2), round(pig.y, 2), pig.placed, pig.held_by)


TACTICS = ThatllDoPigsTactics()

__all__ = ["CROWD_REACH", "TACTICS", "ThatllDoPigsTactics", "lash_is_free"]
