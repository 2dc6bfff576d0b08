"""Road Rage for computer players: the moves not worth a thought, and what a move must change.

The search (`rules.core.search`) is the same for every game; the engine's `standing` scores the
race, and `TACTICS` here keeps a Chariot from idling:
- one standing still with Action Points to spend speeds up before it turns (the first Pivot fixes
  the speed for the turn) or ends its turn;
- it plays no Dirty Trick that cannot work (VI 4.2.4): "lose a Driver Skill point" against a driver
  already at the minimum of one, "both lose a Chassis Point" when that point would wreck its own
  Chariot, or any trick while its own Skill Test (VI 4.2.3) passes less than one time in three (a driver at
  Skill 1 passes only on a 1, and its failures cost nothing more: the Action Point goes for nothing).
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics
from rules.orclympics.road_rage.chariots import Reroll
from rules.orclympics.road_rage.engine import _nearest_enemy
from rules.orclympics.road_rage.models import (
    Chariot,
    DirtyTricks,
    EndTurn,
    OuttaDaWay,
    Pivot,
    RoadRageState,
    SpeedChange,
)

LEAST_SKILL = 1
"""VI 4.2.4: Driver Skill never drops below one."""

TRICK_CHANCE = 1 / 3
"""The least chance of passing the Skill Test that makes a Dirty Trick worth its Action Point."""


def trick_chance(chariot: Chariot, target: Chariot) -> float:
    """The chance that `chariot`'s Skill Test for a Dirty Trick on `target` passes (VI 4.2.3: a 1
    always passes, a 6 always fails, 5-6 against a Big Boss; one reroll with Dead Sneaky or the
    Goblins in a coat)."""
    fails_from = 5 if target.big_boss else 6
    once = sum(1 for face in range(1, 7) if face == 1 or (face <= chariot.skill and face < fails_from)) / 6
    if Reroll.DIRTY.value in chariot.rerolls:
        return 1 - (1 - once) ** 2
    return once


def trick_can_work(chariot: Chariot, target: Chariot, effect: str) -> bool:
    """Whether a Dirty Trick with `effect` on `target` is worth its Action Point (see the module)."""
    if trick_chance(chariot, target) < TRICK_CHANCE:
        return False
    if effect == "skill":
        return target.skill > LEAST_SKILL
    return chariot.chassis > 1


class RoadRageTactics(Tactics):
    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        assert isinstance(state, RoadRageState)
        chariot = state.chariots.get(player)
        if chariot is None:
            return actions
        kept = actions
        if any(isinstance(a, DirtyTricks) for a in actions):
            target = _nearest_enemy(state, chariot)
            kept = [a for a in kept if not isinstance(a, DirtyTricks)
                    or (target is not None and trick_can_work(chariot, target, a.effect))]
        if chariot.speed > 0:
            return kept or actions
        faster = any(isinstance(a, (SpeedChange, OuttaDaWay)) and (a.speed if isinstance(a, OuttaDaWay) else a.delta)
                     == 1 for a in kept)
        if faster:  # a Chariot at a standstill that can speed up does so before it turns or ends its turn
            kept = [a for a in kept if not isinstance(a, (EndTurn, Pivot))
                    and not (isinstance(a, OuttaDaWay) and a.turn)]
        return kept or actions

    def substance(self, state: Any) -> Any:
        assert isinstance(state, RoadRageState)
        chariots = tuple((p, c.driver, tuple(c.upgrades), c.placed, round(c.x, 2), round(c.y, 2), round(c.facing, 1),
                          c.speed, c.next_gate, c.laps, c.chassis, c.skill, c.agility, c.destroyed, c.finished)
                         for p, c in sorted(state.chariots.items()))
        return chariots, state.circuit, tuple(state.gates), tuple(state.blocks), state.laps


TACTICS = RoadRageTactics()

__all__ = ["TACTICS", "RoadRageTactics", "trick_can_work", "trick_chance"]
