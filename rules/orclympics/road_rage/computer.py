"""Road Rage for computer players: the moves not worth a thought, and what a move must change.

The search (`rules.core.search`) is the same for every game; the engine's `standing` scores the
race, and `TACTICS` here keeps a Chariot from idling: one standing still with Action Points to
spend speeds up before it turns (the first Pivot fixes the speed for the turn) or ends its turn.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics
from rules.orclympics.road_rage.models import EndTurn, OuttaDaWay, Pivot, RoadRageState, SpeedChange


class RoadRageTactics(Tactics):
    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        chariot = state.chariots.get(player)
        if chariot is None or chariot.speed > 0:
            return actions
        faster = any(isinstance(a, (SpeedChange, OuttaDaWay)) and (a.speed if isinstance(a, OuttaDaWay) else a.delta)
                     == 1 for a in actions)
        if faster:  # a Chariot at a standstill that can speed up does so before it turns or ends its turn
            return [a for a in actions if not isinstance(a, (EndTurn, Pivot))
                    and not (isinstance(a, OuttaDaWay) and a.turn)]
        return actions

    def substance(self, state: Any) -> Any:
        assert isinstance(state, RoadRageState)
        chariots = tuple((p, c.driver, tuple(c.upgrades), c.placed, round(c.x, 2), round(c.y, 2), round(c.facing, 1),
                          c.speed, c.next_gate, c.laps, c.chassis, c.skill, c.agility, c.destroyed, c.finished)
                         for p, c in sorted(state.chariots.items()))
        return chariots, state.circuit, tuple(state.gates), tuple(state.blocks), state.laps


TACTICS = RoadRageTactics()

__all__ = ["TACTICS", "RoadRageTactics"]
