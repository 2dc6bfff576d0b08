"""Road Rage for computer players: the moves not worth a thought, and what a move must change.

The search (`rules.core.search`) is the same for every game; what it needs to know of this one is
here. `standing` (asked through `TACTICS`, for cut play-outs) scores the race: Checkpoints passed and the
inches to the next one, and what carries a Chariot round faster or keeps it in one piece: its
Current Speed (kept from turn to turn, VI 4.1), its Driver Skill (the Action Points, VI 4.1, and
every Skill Test) and its Chassis. `TACTICS` keeps a Chariot from idling:
- one standing still with Action Points to spend speeds up before it turns (the first Pivot fixes
  the speed for the turn) or ends its turn;
- one that has moved its distance and still has Action Points turns towards the next Checkpoint
  before it ends its turn (the next turn's first Pivot would fix its speed before it could change);
- it tries no Outta da way! whose failure would wreck it (VI 4.2.3: a failure costs a Chassis Point);
- it plays no Dirty Trick that cannot work (VI 4.2.4): "lose a Driver Skill point" against a driver
  already at the minimum of one, "both lose a Chassis Point" when that point would wreck its own
  Chariot or leave it one crash (D3) from its wreck without wrecking the target, or any trick while
  its own Skill Test (VI 4.2.3) passes less than one time in three (a driver at Skill 1 passes only
  on a 1, and its failures cost nothing more: the Action Point goes for nothing).
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.geometry import angle_to, centre_distance, turn_between
from rules.core.search import Tactics, win_chances
from rules.orclympics.road_rage.chariots import Reroll
from rules.orclympics.road_rage.circuits import Gate
from rules.orclympics.road_rage.engine import PIVOT, nearest_enemy
from rules.orclympics.road_rage.models import (
    Chariot,
    DirtyTricks,
    EndTurn,
    OuttaDaWay,
    Pivot,
    RoadRageState,
    SpeedChange,
)

CHECKPOINT = 30.0
"""A Checkpoint passed, in inches of the race."""

SPEED_WORTH = 2.0
"""A point of Current Speed: 3" more every turn it is kept, less what it costs to turn and to crash."""

SKILL_WORTH = 3.0
"""A point of Driver Skill: an Action Point every turn and better Skill Tests."""

CHASSIS_WORTH = 2.0
"""A Chassis Point: a crash further from the wreck."""

WRECK_RISK = {1: 12.0, 2: 5.0, 3: 1.5}
"""What a Chariot this close to its wreck loses besides: a crash takes D3 Chassis Points (VI 4.3)
and a failed Outta da way! one (VI 4.2.3), and a wreck is out of the race."""

SPREAD = 8.0
"""The lead (in inches of the race) that makes a Chariot about e times as likely to win."""


def standing(state: RoadRageState) -> dict[PlayerId, float]:
    """Each player's rough chance to win (see the module); the winner stays the winner even if wrecked
    on its victory lap (reading winner-wrecked)."""
    scores: dict[PlayerId, float] = {}
    for chariot in state.chariots.values():
        if chariot.finished == 1:
            scores[chariot.player] = 1000.0
        elif chariot.destroyed:
            scores[chariot.player] = -1000.0
        elif chariot.finished is not None:
            scores[chariot.player] = 1000.0 - chariot.finished
        elif not chariot.placed or not state.gates:
            scores[chariot.player] = 0.0
        else:
            gate = Gate(*state.gates[chariot.next_gate])
            passed = chariot.laps * len(state.gates) + chariot.next_gate
            scores[chariot.player] = (CHECKPOINT * passed - centre_distance(chariot.xy, gate.middle)
                                      + SPEED_WORTH * chariot.speed + SKILL_WORTH * chariot.skill
                                      + CHASSIS_WORTH * chariot.chassis - WRECK_RISK.get(chariot.chassis, 0.0))
    return win_chances(scores, spread=SPREAD)


def off_course(state: RoadRageState, chariot: Chariot) -> float:
    """Degrees between where the Chariot faces and its next Checkpoint's middle (-180 to 180,
    positive: the Checkpoint lies to its left)."""
    if not state.gates:
        return 0.0
    want = angle_to(chariot.xy, Gate(*state.gates[chariot.next_gate]).middle)
    return turn_between(want, chariot.facing)

LEAST_SKILL = 1
"""VI 4.2.4: Driver Skill never drops below one."""

ONE_CRASH = 3
"""The most Chassis Points one crash takes (D3, VI 4.3): a Chariot with no more is a crash from its wreck."""

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
    if chariot.chassis <= 1:
        return False
    return target.chassis <= 1 or chariot.chassis - 1 > ONE_CRASH  # it wrecks the target, or stays out of reach


class RoadRageTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float]:
        """How far round each Chariot is, its speed, Driver Skill and Chassis;
        a finished Chariot far ahead, a wrecked one far behind (`standing`)."""
        return standing(state)

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        assert isinstance(state, RoadRageState)
        chariot = state.chariots.get(player)
        if chariot is None:
            return actions
        kept = actions
        if any(isinstance(a, DirtyTricks) for a in actions):
            target = nearest_enemy(state, chariot)
            kept = [a for a in kept if not isinstance(a, DirtyTricks)
                    or (target is not None and trick_can_work(chariot, target, a.effect))]
        if chariot.chassis <= 1:  # a failed Outta da way! costs a Chassis Point: its own wreck
            kept = [a for a in kept if not isinstance(a, OuttaDaWay)]
        if any(isinstance(a, EndTurn) for a in kept) and abs(off_course(state, chariot)) > PIVOT / 2:
            toward = 1 if off_course(state, chariot) > 0 else -1
            if any(isinstance(a, Pivot) and a.turn == toward for a in kept):  # not a risky Outta da way!
                # turn for the next Checkpoint first, and that way
                kept = [a for a in kept if not isinstance(a, EndTurn)
                        and not (isinstance(a, (Pivot, OuttaDaWay)) and a.turn == -toward)]
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

__all__ = ["TACTICS", "RoadRageTactics", "off_course", "standing", "trick_can_work", "trick_chance"]
