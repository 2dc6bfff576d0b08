"""Flying Pigs for computer players: how the race of the Pigs stands, and the moves not worth a thought.

Every choice of a `normal` computer here is made at once, with no search (`sensible` leaves one
move); the search (`rules.core.search`) weighs only a War Cry in a campaign, and what it needs to
know of this game is here too (`standing`, `FlyingPigsTactics.play_out`). A Pig wins by touching the
Kitchen, so every Random Move it makes is a chance: Grease on your own Pig makes its moves longer
(more ground swept), a Shove gives it one more move, and a Pig on fire can win only by ending a move
on the Kitchen. `standing` shares the win out by each Pig's chance of reaching the Kitchen within
its next few moves, as the engine's own Random Move makes it (`pig_chance`). So a sensible chef
keeps an Orc within a Grease Toss of its own Pig (`standing` counts it), greases their own Pig and
nobody else's, Shoves their own Pig and not the others', and sets fire to the others' Pigs only
(`worth_lighting`); it gives every Orc a stance (each is free: Shove and Fire it up! are only
offered, Shoo! turns a Pig that bumps into it, which had stopped there), and does not walk at a
model when the 1" spacing would back it off all the way (a walk that ends where it began,
`goes_nowhere`).

The walks of Step 2 need no dice (I.5 Step 2), so `best_walk` reads each pair of walks of the
player's two Orcs off `standing` directly. The other choices have a plain best answer: the Grease
Toss (`grease_choice`: never at a model that already has its six markers, I.7), the stance of each
Orc in turn (`stance_choice`) and every reaction (Shove the own Pig, light another player's when
`worth_lighting`, Shove another player's Orc only out of the own Pig's way, `shove_orc`). A search
over those spends a second on dice that mostly never touch them (a play-out seldom sees a Pig stop
by an Orc), and its pick was close to a coin's.

A Pig stops at the first model in its way (I.6), so a model standing between a Pig and the Kitchen
takes away the moves that would have reached it: from 3" out, an Orc 1" in front of a Pig leaves it
almost no chance on its next move. `standing` counts how much of each Pig's way to the Kitchen is
stood in (`blocked_share`), the computer walks its Orcs to just in front of another player's Pig or
just beside its own, square to its line to the Kitchen (`purposeful_walks`: the listed walks only
approximate those spots), or at a Pig too far for that. An Orc beside its own Pig takes Shove
(`stance_choice`): a move that stops there is made again (one Orc there gives a Pig a quarter to two
fifths more chance at the Kitchen a move, one on each side two fifths to four fifths more,
`SUPPORT_GAIN`); in front of another player's, Fire it up!: the Pig's next move most likely stops by
the Orc, and is then set ablaze.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from rules.core.engine import PlayerId
from rules.core.errors import RuleViolation
from rules.core.geometry import angle_to, centre_distance, distance, offset, separation, turn_between
from rules.core.memo import Memo
from rules.core.search import Tactics, kind_first
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.engine import FlyingPigs
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Deploy,
    Done,
    FlyingPigsState,
    GreaseToss,
    Kind,
    Model,
    MoveTo,
    MoveToward,
    React,
    Stage,
    Stance,
    TossPig,
)

NOWHERE = 0.05
"""Inches beyond the 1" spacing a walk must make to end anywhere new."""

HORIZON = 3
"""Random Moves of a Pig over which `standing` weighs its chance of reaching the Kitchen (one round
of three players' turns each)."""

PIG_CHANCE: tuple[tuple[tuple[float, ...], tuple[float, ...]], ...] = (
    ((0.523, 0.363, 0.233, 0.13, 0.055, 0.016, 0.003, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # 0 markers, next
     (0.613, 0.456, 0.347, 0.265, 0.181, 0.117, 0.079, 0.051, 0.034, 0.021, 0.008, 0.007, 0.007)),  # within 3 moves
    ((0.507, 0.366, 0.273, 0.196, 0.12, 0.069, 0.04, 0.018, 0.004, 0.001, 0.0, 0.0, 0.0),  # 1 markers, next
     (0.567, 0.442, 0.352, 0.295, 0.238, 0.18, 0.147, 0.123, 0.091, 0.069, 0.067, 0.063, 0.052)),  # within 3 moves
    ((0.45, 0.361, 0.285, 0.222, 0.152, 0.103, 0.081, 0.058, 0.031, 0.013, 0.007, 0.003, 0.0),  # 2 markers, next
     (0.513, 0.436, 0.363, 0.295, 0.234, 0.199, 0.175, 0.159, 0.149, 0.138, 0.137, 0.13, 0.115)),  # within 3 moves
    ((0.51, 0.347, 0.229, 0.186, 0.153, 0.121, 0.101, 0.079, 0.065, 0.052, 0.03, 0.012, 0.003),  # 3 markers, next
     (0.57, 0.417, 0.323, 0.295, 0.271, 0.254, 0.251, 0.235, 0.218, 0.203, 0.177, 0.165, 0.164)),  # within 3 moves
    ((0.44, 0.352, 0.265, 0.203, 0.168, 0.141, 0.107, 0.084, 0.069, 0.048, 0.042, 0.042, 0.04),  # 4 markers, next
     (0.513, 0.454, 0.38, 0.32, 0.29, 0.273, 0.25, 0.242, 0.237, 0.223, 0.223, 0.223, 0.215)),  # within 3 moves
    ((0.503, 0.392, 0.274, 0.205, 0.162, 0.116, 0.092, 0.082, 0.078, 0.078, 0.078, 0.078, 0.068),  # 5 markers, next
     (0.61, 0.507, 0.398, 0.34, 0.304, 0.262, 0.256, 0.256, 0.256, 0.256, 0.256, 0.256, 0.256)),  # within 3 moves
    ((0.413, 0.348, 0.261, 0.193, 0.165, 0.142, 0.121, 0.111, 0.109, 0.108, 0.102, 0.088, 0.076),  # 6 markers, next
     (0.533, 0.489, 0.418, 0.356, 0.351, 0.351, 0.351, 0.339, 0.328, 0.321, 0.321, 0.32, 0.317)),  # within 3 moves
)
"""By Grease Markers (0-6): an unburnt Pig's chance of touching the Kitchen with its next Random Move,
and within its next `HORIZON`, by its gap to the Kitchen's edge (0-12"), measured with the engine's
Random Move on an open board (300 Pigs each, on the line east of the Kitchen; a Pig turns back at the
Pigsty's edge, I.6.5, so a long greased move far out comes back across it)."""

FIRE_CHANCE: tuple[tuple[tuple[float, ...], tuple[float, ...]], ...] = (
    ((0.18, 0.195, 0.159, 0.102, 0.051, 0.016, 0.003, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # 0 markers, next
     (0.32, 0.307, 0.264, 0.201, 0.133, 0.084, 0.059, 0.04, 0.026, 0.015, 0.006, 0.005, 0.007)),  # within 3 moves
    ((0.04, 0.062, 0.082, 0.084, 0.068, 0.047, 0.03, 0.015, 0.004, 0.001, 0.0, 0.0, 0.0),  # 1 markers, next
     (0.143, 0.146, 0.155, 0.163, 0.141, 0.109, 0.089, 0.073, 0.052, 0.036, 0.038, 0.04, 0.037)),  # within 3 moves
    ((0.0, 0.008, 0.021, 0.037, 0.043, 0.049, 0.056, 0.045, 0.023, 0.009, 0.005, 0.002, 0.0),  # 2 markers, next
     (0.073, 0.076, 0.077, 0.077, 0.079, 0.085, 0.087, 0.079, 0.067, 0.068, 0.067, 0.055, 0.048)),  # within 3 moves
    ((0.0, 0.0, 0.003, 0.01, 0.02, 0.028, 0.035, 0.043, 0.046, 0.041, 0.026, 0.01, 0.003),  # 3 markers, next
     (0.067, 0.056, 0.056, 0.064, 0.074, 0.083, 0.089, 0.094, 0.098, 0.093, 0.073, 0.056, 0.053)),  # within 3 moves
    ((0.0, 0.0, 0.0, 0.001, 0.006, 0.012, 0.014, 0.021, 0.027, 0.024, 0.029, 0.037, 0.035),  # 4 markers, next
     (0.047, 0.053, 0.055, 0.048, 0.048, 0.061, 0.066, 0.075, 0.077, 0.07, 0.084, 0.094, 0.083)),  # within 3 moves
    ((0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.005, 0.017, 0.027, 0.035, 0.044, 0.046, 0.041),  # 5 markers, next
     (0.077, 0.063, 0.051, 0.042, 0.037, 0.038, 0.048, 0.059, 0.068, 0.078, 0.087, 0.092, 0.093)),  # within 3 moves
    ((0.0, 0.0, 0.0, 0.001, 0.003, 0.007, 0.009, 0.014, 0.029, 0.04, 0.038, 0.037, 0.039),  # 6 markers, next
     (0.09, 0.059, 0.051, 0.053, 0.064, 0.07, 0.053, 0.043, 0.064, 0.077, 0.079, 0.088, 0.094)),  # within 3 moves
)
"""As `PIG_CHANCE`, for a burning Pig: it wins only by ending a move on the Kitchen (I.8), so Grease
makes its moves overshoot near it (`GREASED_FLIGHT`)."""

FLOOR = 0.01
"""Each Pig's part of `standing` besides its chance within the `HORIZON`: no Pig is out of the race."""

GREASER_GREASE = 1.0
"""Grease Markers a Pig counts as having more with one of its own Orcs within a Grease Toss of it: a
toss hits on 3+ (I.5 Step 3); over the `HORIZON`, about one more marker. With both Orcs in reach the
second throws when the first misses, so a marker lands 8 turns in 9 instead of 2 in 3: a third more
(`greaser_bonus`)."""

SUPPORT_GAIN = 0.3
"""Share of its next move's chance a Pig gains for each of its own Orcs (two at most) that stand
beside it with Shove (`_supports`): a move that stops by one is made again (I.5 Step 4). Measured
with the engine, 400 Step 5 moves each on the same dice, an Orc beside the Pig square to its line to
the Kitchen (`SUPPORT_ANGLES`): unburnt 3" off the Kitchen with no Grease 11.3% alone, 16.0% with
one such Orc, 21.2% with one on each side; 4" off with six markers 15.0%, 19.5%, 24.0%; 8" off with
six 10.2%, 13.0%, 13.5%. One straight behind the Pig, the old spot, gave 12.0%, 18.5% and 9.5%."""

PIN_SLACK = 0.05
"""Inches short of the 1" spacing (I.6.1) at which an Orc counts as pinning its own Pig (`_pins`)."""

KITCHEN_REACH = 2.1
"""Centre distance from the Kitchen's centre at which a Pig's base touches it, roughly (1.5" + 0.5",
a little more across the corners)."""

MODEL_REACH = 1.1
"""Centre distance at which two 25 mm bases touch, roughly (1", a little more across the corners)."""

BLOCK_RANGE = (4.0, 10.0)
"""Centre distances from a Pig over which a model in its way stops mattering: in full up to the first
(any Random Move, 2D3", gets that far), nothing from the second."""

BLOCK_ANGLES = (0.0, 30.0, -30.0)
"""Bearings, off the line from a Pig to the Kitchen, of the spots in front of it `purposeful_walks`
offers, the first that can be reached. A Pig less than 3" from the Kitchen leaves no room on its line
(an Orc keeps 1" from the Pig and from the Kitchen, I.6.1, I.6.3); 15 and 40 degrees aside as well
(a third to a half of the way of a Pig 2-2.5" off) gave arena seed 1 19/24 and seed 2 16/24, against
19/24 and 18/24 without: not kept."""

FIRE_NEAR = 8.0
"""Inches from an Orc within which another player's Pig may end a Random Move (2D3", more with
Grease) within 2" of it: nearer than the Orc's own Pig, the Orc takes Fire it up! (`stance_choice`)."""

SHOVE_BLOCK = 0.2
"""Share of a Pig's way to the Kitchen (`block_by`) another player's Orc must stand in for a Shove
to send it off (`shove_orc`)."""

LIGHT_NEAR = 4.0
"""Inches from the Kitchen within which another player's ungreased Pig is not set on fire
(`worth_lighting`)."""

GREASED_FLIGHT = {0: (0.45, 0.14), 1: (0.47, 0.03), 2: (0.40, 0.005)}
"""Grease Markers: a Pig's chance of touching the Kitchen with one Random Move from 2.5" (centre to
centre, the Kitchen's edge 1" off) unburnt, and of ending it there burning (I.8), measured with the
engine's Random Move on an open board (400-600 moves each). One marker is enough to make a burning
Pig's flight overshoot: why `worth_lighting` lights any greased Pig, and `grease_choice` greases
no burning Pig of its own near the Kitchen and does grease another player's."""

BURNING_NEAR = 4.0
"""Inches from the Kitchen within which Grease hurts a burning Pig (it must end its move there, I.8,
and a longer move overshoots): from 1-4" off the Kitchen's edge (3-6" centre to centre), a burning
Pig ends a move on the Kitchen 11-17% of the time with no Grease, 3-10% with one marker, 0.5-4% with
two (engine's Random Move, open board, 600 moves each); further out, 6-8" off, Grease helps it again
(a short move never gets there)."""

SUPPORT_ANGLES = (90.0, -90.0, 110.0, -110.0, 135.0, -135.0, 180.0)
"""Bearings, off the line from a Pig to the Kitchen, of the spots beside its own Pig `purposeful_walks`
offers, the first that can be reached: square to that line first, where a move aside stops by the
Orc and is made again, then further back (`SUPPORT_GAIN` has the measurements). The first Orc takes
one side and the second, its walk weighed after the first's, the other."""

SUPPORT_OFF = 75.0
"""Degrees off the line from a Pig to the Kitchen from which one of its own Orcs beside it stands
clear of its way and counts as supporting it (`_supports`, `in_place`)."""

TOSS_CLEAR = 7.0
"""Inches inward from a Pig's start within which another Pig cuts its Pigtoss short (2D3" straight
at the centre, I.4): a start with one there counts as that much further out (`toss_choice`)."""

BLOCK_GAP = 1.02
"""Inches between a blocking Orc's base and the Pig's: just over the 1" spacing (I.6.1), so the walk
is not backed off."""


def greaser_near(state: FlyingPigsState, pig: Model) -> bool:
    """Whether one of the Pig's own Orcs stands within a Grease Toss of it (10", I.5 Step 3) while
    it can take more Grease: it may grease it again next turn."""
    return greasers(state, pig) > 0


def greasers(state: FlyingPigsState, pig: Model) -> int:
    """How many of the Pig's own Orcs stand within a Grease Toss of it (10", I.5 Step 3) while it can
    take more Grease."""
    if not pig.placed or pig.grease >= board.MAX_GREASE:
        return 0
    shape = board.shape_of(pig)
    return sum(1 for o in state.models.values() if o.kind is Kind.ORC and o.owner == pig.owner and o.placed
               and distance(board.shape_of(o), shape) <= board.TOSS_RANGE)


def greaser_bonus(count: int) -> float:
    """Grease Markers `standing` adds for `count` of the Pig's own Orcs within a Grease Toss of it:
    `GREASER_GREASE` for one, scaled by the chance that at least one toss of theirs hits (3+ on a D6
    each, I.5 Step 3; the second Orc throws only when the first missed, as the step allows one
    marker a player)."""
    return GREASER_GREASE * (1.0 - (1.0 / 3.0) ** count) / (2.0 / 3.0)


def _fade(value: float, span: tuple[float, float]) -> float:
    """1 up to span[0], 0 from span[1], straight in between."""
    low, high = span
    return min(1.0, max(0.0, (high - value) / (high - low)))


def blocked_share(state: FlyingPigsState, pig: Model) -> float:
    """How much of the Pig's straight ways to the Kitchen other models stand in, 0-1: a Random Move
    heading there stops at them instead (I.6). The bearings are compared as arcs seen from the Pig
    (the Kitchen's, each model's nearer than the Kitchen), each model's share fading with its
    distance (a short move does not get that far). A burning Pig flies over them (I.5 Step 4)."""
    return min(1.0, sum(block_by(pig, m) for m in state.models.values()))


def block_by(pig: Model, other: Model) -> float:
    """The share of the Pig's way to the Kitchen that `other` stands in (`blocked_share`, one model's
    part): 0 when it is the Pig itself, off the board, no nearer than the Kitchen, beside or behind
    the Pig, or when the Pig burns (it flies over models, I.5 Step 4)."""
    if not pig.placed or pig.fire or other.id == pig.id or not other.placed:
        return 0.0
    far = centre_distance(pig.xy, board.CENTRE)
    if far <= KITCHEN_REACH:
        return 0.0
    near = centre_distance(pig.xy, other.xy)
    if near >= far or near <= 0.0:
        return 0.0
    kitchen = angle_to(pig.xy, board.CENTRE)
    half = math.degrees(math.asin(KITCHEN_REACH / far))
    off = turn_between(angle_to(pig.xy, other.xy), kitchen)
    width = math.degrees(math.asin(min(1.0, MODEL_REACH / near)))
    overlap = min(half, off + width) - max(-half, off - width)
    return overlap / (2 * half) * _fade(near, BLOCK_RANGE) if overlap > 0 else 0.0


def standing(state: FlyingPigsState) -> dict[PlayerId, float]:
    """Each player's rough chance that their Pig is the first in the Kitchen: each Pig's chance of
    reaching it within its next `HORIZON` Random Moves (`pig_chance`, measured with the engine's own
    Random Move, so it falls as fast with distance as the dice make it: an ungreased Pig 4" off the
    Kitchen's edge has 18% within three moves, 6" off 8%, where the old score, a softmax of inches
    with Grease at 1.5" a marker, fell 1.65x; and two markers make a Pig 10" off a better bet than an
    ungreased one 6" off, 14% against 8%, where the old score put it behind), shared out in
    proportion, with `FLOOR` each for the Pigs no move of the next few reaches. Its next move loses
    the part of its way to the Kitchen that models stand in (`blocked_share`, none for a burning Pig);
    an Orc of its own within a Grease Toss counts as `GREASER_GREASE` markers more (both, a third more
    again: `greaser_bonus`), each one beside it clear of its way (`_supports`, two at most) as
    `SUPPORT_GAIN` of its next move again (a Shove). (Arena, 24
    games, 3 players, --workers 1, with `_pins`: tuning seed 31 21/24; fresh seeds 41-45 15, 17, 18, 17
    and 16 of 24, the old score 15, 17, 18, 15 and 15; seeds 46 and 3-6 15, 11, 17, 14, 19 against 14,
    13, 17, 15, 14: over the ten fresh seeds 159/240 = 0.663, 1.99x the fair share, against 153/240,
    within the noise. With `deploy_choice`, `greaser_bonus`, the Orcs on each side of their Pig and
    `FlyingPigsTactics.play_out`, on ten more fresh seeds 61-70: 17, 16, 15, 15, 17, 12, 19, 16, 16, 15,
    158/240 = 0.658; on 61-66, 92 of 144 against 86 of 144 for the code before them, again within the
    noise.)"""
    weights: dict[PlayerId, float] = {}
    for m in state.models.values():
        if m.kind is not Kind.PIG:
            continue
        if not m.placed:
            weights[m.owner] = pig_chance(board.PIGSTY_RADIUS - 3.0, 0.0, False)[1] + FLOOR
            continue
        grease = float(m.grease)
        if not m.fire:
            grease = min(float(board.MAX_GREASE), grease + greaser_bonus(greasers(state, m)))
        first, within = pig_chance(board.kitchen_distance(m), grease, m.fire)
        within -= first * blocked_share(state, m)
        within += SUPPORT_GAIN * first * _supports(state, m)
        weights[m.owner] = max(0.0, within) + FLOOR
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def pig_chance(gap: float, grease: float, fire: bool) -> tuple[float, float]:
    """A Pig's chance of reaching the Kitchen (ending its move on it when `fire`, I.8) with its next
    Random Move, and within its next `HORIZON`, `gap` inches off the Kitchen's edge with `grease`
    markers (`PIG_CHANCE`, `FIRE_CHANCE`, read between their rows and columns)."""
    rows = FIRE_CHANCE if fire else PIG_CHANCE
    g = min(max(grease, 0.0), float(len(rows) - 1))
    x = min(max(gap, 0.0), float(len(rows[0][0]) - 1))
    g0, x0 = int(g), int(x)
    g1, x1 = min(g0 + 1, len(rows) - 1), min(x0 + 1, len(rows[0][0]) - 1)
    tg, tx = g - g0, x - x0

    def read(column: int) -> float:
        def at(row: int) -> float:
            line = rows[row][column]
            return line[x0] + (line[x1] - line[x0]) * tx
        return at(g0) + (at(g1) - at(g0)) * tg

    return read(0), read(1)


def _pins(pig: Model, orc: Model) -> bool:
    """Whether the Orc stands closer to the Pig than the 1" spacing (I.6.1), as after a Pigtoss
    spaced back all the way to where the Pig was set down beside it (I.4): the Pig's moves at it
    stop at once, and wedged between it and the Pigsty's edge the Pig was seen not to move for some
    20 Player Turns (`FlyingPigsTactics._walks` walks such an Orc away first)."""
    return (centre_distance(pig.xy, orc.xy) < 3.0
            and separation(board.shape_of(orc), board.shape_of(pig)) < board.SPACING - PIN_SLACK)


def _walk_to_beside(state: FlyingPigsState, orc: Model, pig: Model, bearing: float,
                    around: dict[str, Any]) -> MoveTo | None:
    """A straight walk (I.5 Step 2) that puts the Orc `BLOCK_GAP` from the Pig on `bearing` from it,
    clear of everything by 1" (I.6.1) so it ends where it was sent; None when it cannot, or when the
    Orc already stands there."""
    pig_shape = board.shape_of(pig)
    step = board.contact_step(bearing) + BLOCK_GAP
    spot = offset(pig.xy, bearing, step)
    for _ in range(20):  # across the corners 1" more along the bearing leaves less than 1"
        if separation(board.shape_of(orc, spot), pig_shape) >= BLOCK_GAP - 0.01:
            break
        step += 0.05
        spot = offset(pig.xy, bearing, step)
    spot = (round(spot[0], 2), round(spot[1], 2))
    walk = centre_distance(orc.xy, spot)
    if walk < 0.1 or walk > board.BASE_MOVE + orc.grease - 0.01:
        return None
    if not board.PIGSTY.contains(board.shape_of(orc, spot)):
        return None
    if board.clearance(state, orc, spot, around) < board.SPACING:
        return None
    if board.leg_blocker(state, orc, orc.xy, spot, around) is not None:
        return None
    return MoveTo(orc=orc.id, x=spot[0], y=spot[1])


def purposeful_walks(state: FlyingPigsState, player: PlayerId) -> list[MoveTo]:
    """Walks that put one of the player's Orcs just in front of another player's unlit Pig, on its
    line to the Kitchen if it can (`BLOCK_ANGLES` in turn), and just beside its own Pig, square to
    that line (`SUPPORT_ANGLES` in turn: out of its way, and a Shove there gives it another
    Random Move when it stops by the Orc). The listed walks (eight bearings, or at a model) seldom
    end there. Remembered by position: the search asks at every node of its tree."""
    key = (tuple((m.id, m.x, m.y, m.placed, m.fire, m.moved, m.slipped, m.grease) for m in state.models.values()),
           board.layout(state), player)
    return list(_SPOTS.get(key, lambda: _purposeful_walks(state, player)))


def _purposeful_walks(state: FlyingPigsState, player: PlayerId) -> tuple[MoveTo, ...]:
    walks: list[MoveTo] = []
    pigs = [m for m in state.models.values() if m.kind is Kind.PIG and m.placed and (m.owner == player or not m.fire)]
    for orc in state.orcs_of(player):
        if orc.slipped or orc.moved or not orc.placed:
            continue
        around = board.obstacles(state, orc)
        for pig in pigs:
            kitchen = angle_to(pig.xy, board.CENTRE)
            turns = SUPPORT_ANGLES if pig.owner == player else BLOCK_ANGLES
            for turn in turns:
                walk = _walk_to_beside(state, orc, pig, (kitchen + turn) % 360.0, around)
                if walk is not None:
                    walks.append(walk)
                    break
    return tuple(walks)


_SPOTS: Memo[tuple[Any, ...], tuple[MoveTo, ...]] = Memo(2048)
"""`purposeful_walks` remembered by position."""


def _supports(state: FlyingPigsState, pig: Model) -> int:
    """How many of the Pig's own Orcs stand beside it clear of its way (`_beside`), not pinning it
    and not burning it, two at most: each makes a move that stops by it again with Shove (I.5 Step 4,
    `stance_choice`)."""
    if pig.fire:
        return 0
    return min(2, sum(1 for o in state.models.values() if o.owner == pig.owner and o.kind is Kind.ORC and o.placed
                      and _beside(pig, o, own=True) and not _pins(pig, o)))


def in_place(state: FlyingPigsState, orc: Model) -> bool:
    """Whether the Orc already stands where `purposeful_walks` would send it: within 2" of a Pig
    (I.5 Step 4), in front of another player's, not in the way of its own."""
    return any(_beside(pig, orc, own=pig.owner == orc.owner) and not (pig.owner == orc.owner and _pins(pig, orc))
               for pig in state.models.values()
               if pig.kind is Kind.PIG and pig.placed and (pig.owner == orc.owner or not pig.fire))


def _beside(pig: Model, orc: Model, *, own: bool) -> bool:
    """Whether the Orc stands within 2" of the Pig (I.5 Step 4): beside or behind it, clear of its way
    to the Kitchen (`SUPPORT_OFF`), when `own`; in front of it otherwise."""
    if not _within_reach(pig, orc):
        return False
    off = abs(turn_between(angle_to(pig.xy, orc.xy), angle_to(pig.xy, board.CENTRE)))
    return off >= SUPPORT_OFF if own else off <= 45.0


def stance_for(state: FlyingPigsState, orc: Model) -> Stance | None:
    """Shove for an Orc beside a Pig (within 2", I.5 Step 4), None for one beside none: the plain
    answer before `stance_choice` looks at whose Pig it is (it lights another player's Pig worth
    lighting instead). Shove is never used on another player's Pig: beside one, the Orc is there to
    stop it, as any model does."""
    return Stance.SHOVE if _pigs_beside(state, orc) else None


def _within_reach(pig: Model, orc: Model) -> bool:
    """Whether the Orc stands within 2" of the Pig (I.5 Step 4), its centre looked at first."""
    return centre_distance(pig.xy, orc.xy) <= 4.0 and distance(board.shape_of(orc), board.shape_of(pig)) <= board.REACH


def _pigs_beside(state: FlyingPigsState, orc: Model) -> list[Model]:
    """The Pigs on the board within 2" of the Orc (I.5 Step 4)."""
    return [m for m in state.models.values() if m.kind is Kind.PIG and m.placed and _within_reach(m, orc)]


def worth_lighting(pig: Model) -> bool:
    """Whether Fire it up! on another player's Pig is worth it: it then flies at once (a Random Move,
    I.5 Step 4), and a burning Pig must end a move on the Kitchen to win (I.8). Not a Pig already
    burning (that move is all it would get), nor an ungreased one within `LIGHT_NEAR` of the Kitchen
    (its flight is as likely to win as its own next move, and burning does not make it much less
    likely after). A greased Pig is lit wherever it stands: each marker adds a D3" to its flight, which
    then mostly overshoots the Kitchen (`GREASED_FLIGHT`). (With `can_light`, `grease_choice`'s burning
    Pigs and `toss_choice`: arena seeds 1-4 19, 18, 13 and 17 of 24 games; df4ecd6 15, 15 and 16 on
    seeds 1-3.) Leaving unlit a Pig that stopped at the player's own Orc in front of it was measured
    and not kept: with the engine, over that Pig's next six Random Moves, it did better held there
    (ungreased 3" off the Kitchen 13-15% against 29% lit, as a burning Pig flies over models), but
    that needs the Orc to stay in front of it, and in play it seldom does (Slippery!, other walks):
    arena seeds 61-64, 60 of 96 games held against 63 of 96 lit (fad3512, reverted)."""
    return not pig.fire and (pig.grease > 0 or board.kitchen_distance(pig) > LIGHT_NEAR)


def can_light(state: FlyingPigsState, orc: Model) -> bool:
    """Whether the Orc's Fire it up! would set anything ablaze: fully inside a Mushroom Field, the
    model it would light gains Shrooms instead and still makes its Random Move (I.5 Step 4), so
    another player's Pig would get a free move, unburnt, and the Orc nothing."""
    return not board.in_field(state, orc)


def stance_choice(state: FlyingPigsState, orc: Model) -> Stance:
    """The stance an Orc takes (I.5 Step 4), with no search: each is free, and which one pays
    depends on which Pig ends a move within 2" of it before it chooses again. Beside its own Pig,
    Shove (a move that stops by the Orc is made again). Beside another player's Pig worth lighting
    (`worth_lighting`), Fire it up!: the Orc stands in its way, so the Pig's next move most likely
    stops by it, and it is then set ablaze (on 3+) and can win only by ending a move on the Kitchen
    (I.8); beside one near the Kitchen, Shove (never used on it: the Orc only stops it). Beside no Pig,
    Fire it up! when the nearest Pig is another player's, worth lighting and within `FIRE_NEAR`;
    Shove otherwise: its own Pig moves next, in Step 5 of this very Player Turn, and a Shove gives
    that move again. Never Shoo!: it turns a Pig that would have stopped at the Orc, and that Pig
    may turn to the Kitchen. (Against `easy` players, Fire it up! beside another player's Pig instead
    of Shove won 18 of 24 arena games with seed 1, Shove 14.)"""
    beside = _pigs_beside(state, orc)
    if any(m.owner == orc.owner for m in beside):
        return Stance.SHOVE
    if not can_light(state, orc):
        return Stance.SHOVE
    if any(worth_lighting(m) for m in beside):
        return Stance.FIRE
    if beside:
        return Stance.SHOVE
    own = min((centre_distance(orc.xy, m.xy) for m in state.models.values()
               if m.kind is Kind.PIG and m.placed and m.owner == orc.owner), default=math.inf)
    other = min((centre_distance(orc.xy, m.xy) for m in state.models.values()
                 if m.kind is Kind.PIG and m.placed and m.owner != orc.owner and worth_lighting(m)),
                default=math.inf)
    return Stance.FIRE if other < own and other <= FIRE_NEAR else Stance.SHOVE


def shove_orc(state: FlyingPigsState, player: PlayerId, target: Model) -> bool:
    """Whether to Shove an Orc that stopped within 2" (I.5 Step 4): another player's Orc standing in
    the way of the player's own Pig (`block_by`), which a Random Move most likely takes out of it;
    never the player's own Orcs (they stand where they were sent)."""
    if target.owner == player:
        return False
    pig = next((m for m in state.models.values() if m.kind is Kind.PIG and m.owner == player), None)
    return pig is not None and block_by(pig, target) >= SHOVE_BLOCK


def grease_choice(state: FlyingPigsState, player: PlayerId, actions: list[Any]) -> list[Any]:
    """The one Grease Toss worth making (I.5 Step 3), or finishing the step: at the player's own Pig
    while it can take more Grease (six at most, I.7: a toss at a full Pig changes nothing, and on a
    1 the tosser slips) unless it burns near the Kitchen (`BURNING_NEAR`: a burning Pig must end a
    move there, I.8, and Grease makes it overshoot); failing that, by an Orc not standing in place
    (`in_place`: on a 1 it slips away), at another player's Pig burning near the Kitchen (the same
    Grease spoils its flights), else at one of the player's own Orcs that can take more (a longer
    walk); never at another player's model otherwise (their Grease is their gain). The tosser not in
    place goes first."""
    tosses = [a for a in actions if isinstance(a, GreaseToss)]

    def tosser(a: GreaseToss) -> tuple[bool, str]:
        return in_place(state, state.models[a.orc]), a.orc

    def takes(a: GreaseToss) -> bool:
        target = state.models[a.target]
        return target.owner == player and target.grease < board.MAX_GREASE

    def spoilt(a: GreaseToss) -> bool:
        target = state.models[a.target]
        return (target.kind is Kind.PIG and target.owner != player and burning_near(target)
                and target.grease < board.MAX_GREASE)

    at_pig = [a for a in tosses if takes(a) and state.models[a.target].kind is Kind.PIG
              and not burning_near(state.models[a.target])]
    if at_pig:
        return [min(at_pig, key=tosser)]
    free = [a for a in tosses if not in_place(state, state.models[a.orc])]
    at_fire = [a for a in free if spoilt(a)]
    if at_fire:
        return [min(at_fire, key=lambda a: (board.kitchen_distance(state.models[a.target]), a.orc))]
    at_orc = [a for a in free if takes(a) and state.models[a.target].kind is Kind.ORC]
    if at_orc:
        return [min(at_orc, key=tosser)]
    return [Done()] if Done() in actions else actions


def burning_near(pig: Model) -> bool:
    """Whether the Pig burns within `BURNING_NEAR` of the Kitchen, where more Grease makes its flights
    overshoot (I.7 Grease Marker, I.8)."""
    return pig.fire and board.kitchen_distance(pig) < BURNING_NEAR


def toss_choice(state: FlyingPigsState, player: PlayerId, actions: list[Any]) -> list[Any]:
    """The Pigtoss (I.4): the Pig set on the side of its Orc facing the centre (`side` None), from
    the Orc whose Pig starts nearest the Kitchen with no other Pig in its way inward (a Pig in
    contact stops 1" from it, I.4). The Pig then runs 2D3" straight at the centre and 2D3" to a side:
    every other side starts it further out or across, so there is nothing to search (a search of the
    eighteen sides spent a second and a half on play-outs whose dice decide it). A toss spaced back
    (I.6.1) all the way to where the Pig was set down leaves it in contact with its Orc, which then
    walks off it first (`_pins`); trying each toss in a few dice worlds to avoid that was measured
    with other changes (arena seed 1 16/24) and not kept."""
    tosses = [a for a in actions if isinstance(a, TossPig) and a.side is None]
    if not tosses:
        return actions

    def start(a: TossPig) -> float:
        orc = state.models[a.orc]
        inward = angle_to(orc.xy, board.CENTRE)
        spot = offset(orc.xy, inward, board.contact_step(inward))
        ahead = any(m.kind is Kind.PIG and m.placed and m.owner != player
                    and centre_distance(m.xy, spot) < TOSS_CLEAR
                    and abs(turn_between(angle_to(spot, m.xy), inward)) < 45.0
                    for m in state.models.values())
        return centre_distance(spot, board.CENTRE) + (TOSS_CLEAR if ahead else 0.0)

    return [min(tosses, key=lambda a: (start(a), a.orc))]


DEPLOY_CLEAR = 8
"""Inches inward from an Orc on the Pigsty's edge over which a rock or a Mushroom Field spoils the
Pigtoss of a Pig set beside it (2D3" straight at the centre, then 2D3" aside, I.4): a rock stops it
short (I.6.2), a field gives it Shrooms (I.6.4), and its own Orcs' Shove then does nothing to it (I.7).
`deploy_choice` looks for terrain within 1" of a base at each inch of that way."""


def deploy_choice(state: FlyingPigsState, player: PlayerId, actions: list[Any]) -> list[Any]:
    """Where an Orc deploys on the Pigsty's edge (I.3), with no search (the search scores a board with
    no Pig on it all alike, so it picked a bearing at random and the two Orcs stood a third of the
    Pigsty apart). The second Orc stands right beside the first: the Pig is tossed from beside one
    of them (I.4, `toss_choice`) and lands 2-6" inward and 2-6" aside, so both are within a Grease
    Toss of it (10", I.5 Step 3) from the first Player Turn, and a marker lands on 8 turns in 9
    instead of 2 in 3. The first Orc takes the bearing with the least terrain on the way inward
    (`DEPLOY_CLEAR`), and among those the one furthest round the edge from the other players' Orcs:
    their Pigs are tossed from beside them and would stop ours 1" short (I.4), and an Orc of theirs
    that takes Fire it up! beside ours would set a greased Pig ablaze (I.5 Step 4)."""
    deploys = [a for a in actions if isinstance(a, Deploy)]
    if not deploys:
        return actions
    placed = [o for o in state.orcs_of(player) if o.placed]
    if placed:
        first = angle_to(board.CENTRE, placed[0].xy)
        return [min(deploys, key=lambda a: (abs(turn_between(a.angle, first)), a.angle))]
    others = [angle_to(board.CENTRE, m.xy) for m in state.models.values()
              if m.kind is Kind.ORC and m.placed and m.owner != player]
    terrain = [*board.rocks(state).values(), *board.fields(state).values()]

    def clutter(angle: float) -> int:
        edge = board.edge_point(angle)
        inward = angle_to(edge, board.CENTRE)
        spots = [board.base_at(offset(edge, inward, 1.0 + step)) for step in range(DEPLOY_CLEAR)]
        return sum(1 for thing in terrain if any(separation(spot, thing) < 1.0 for spot in spots))

    def apart(angle: float) -> float:
        return min((abs(turn_between(angle, other)) for other in others), default=180.0)

    return [min(deploys, key=lambda a: (clutter(a.angle), -apart(a.angle), a.angle))]


def goes_nowhere(state: FlyingPigsState, move: MoveToward) -> bool:
    """Whether walking at `move.target` ends where the Orc stands: the first thing in the way is
    within the 1" it is backed off to, or every point of the way is within 1" of something (a walk
    alongside a model), so it is backed off all the way (I.6.1)."""
    orc, target = state.models[move.orc], state.models.get(move.target)
    if target is None or not target.placed:
        return False
    def work() -> bool:
        angle = angle_to(orc.xy, target.xy)
        reach = board.reach_along(state, orc, angle, board.BASE_MOVE + orc.grease)
        return reach <= board.SPACING + NOWHERE or centre_distance(
            board.backtrack(state, orc, [orc.xy, offset(orc.xy, angle, reach)])[-1], orc.xy) < NOWHERE

    key = (tuple((m.id, m.x, m.y, m.placed) for m in state.models.values()), board.layout(state), orc.id,
           target.id, orc.grease)
    return _NOWHERE.get(key, work)


_NOWHERE: Memo[tuple[Any, ...], bool] = Memo(2048)
"""`goes_nowhere` remembered by position (`best_walk` asks the same question for many pairs of walks)."""


def walk_choices(state: FlyingPigsState, player: PlayerId, actions: list[Any]) -> list[Any]:
    """The walks of Step 2 `best_walk` chooses among, from the legal `actions`: walks with a purpose
    (`purposeful_walks`) and walks at the Pigs (to come nearer one too far to get beside this turn);
    finishing the step only while an Orc left standing is already in place (a walk elsewhere would
    undo it). Walks at Orcs and along the eight bearings are left out: they serve nothing here. An
    Orc pinning its own Pig (`_pins`) walks first, off it (along a bearing when no purposeful walk
    takes it), and the step is not finished before it has."""
    pigs = {m.id for m in state.models.values() if m.kind is Kind.PIG}
    walks: list[Any] = purposeful_walks(state, player)
    walks += [a for a in actions if isinstance(a, MoveToward) and a.target in pigs and not goes_nowhere(state, a)]
    own = state.pig_of(player)
    pinning = {o.id for o in state.orcs_of(player) if not o.moved and not o.slipped and o.placed and own.placed
               and _pins(own, o)}
    if pinning:  # walk it off the Pig first (`_pins`): not standing there is worth more than anything
        away = [a for a in walks if a.orc in pinning] or [
            a for a in actions if isinstance(a, MoveTo) and a.orc in pinning
            and not _pins(own, state.models[a.orc].model_copy(update={"x": a.x, "y": a.y}))]
        return away or walks or [a for a in actions if a != Done()] or actions
    if not walks:
        return [a for a in actions if not (isinstance(a, MoveToward) and goes_nowhere(state, a))] or actions
    standing_by = [o for o in state.orcs_of(player) if not o.moved and not o.slipped and in_place(state, o)]
    if standing_by and Done() in actions:
        walks.append(Done())
    return walks


_ENGINE = FlyingPigs()
"""The rules `best_walk` makes each walk by."""


def best_walk(state: FlyingPigsState, player: PlayerId, walks: list[Any]) -> Any:
    """The walk (or finishing the step) after which, with the player's other Orc's best walk after
    it, the player's `standing` is highest. A walk needs no dice (I.5 Step 2), so each pair of walks
    can be read off directly. The search weighed them by a handful of the Pigs' Random Moves in each
    play-out, for some 70 times the time (`bench think`: p90 1,175 ms against 16 ms), and won no more
    games: `zagjan arena`, one `normal` against two `easy` players, 251 of 384 games searched (seeds
    61-70, 200-205), 1,023 of 1,536 read off directly (fresh seeds 600-631 and 700-731), 0.654 and
    0.666. (An Orc kept by the Kitchen, worth a tenth more in `standing`, won 527 of 768 on seeds
    600-631, and on 20 of the seeds 700-731 312 of 480 against 324: not kept.)
    Ties go to the walk listed first, and a walk before finishing."""

    def after(s: FlyingPigsState, action: Any) -> FlyingPigsState | None:
        try:
            return _ENGINE.apply(s, player, action).state
        except RuleViolation:
            return None

    def worth(action: Any) -> float:
        first = after(state, action)
        if first is None:
            return -1.0
        best = standing(first).get(player, 0.0)
        if isinstance(action, Done) or first.stage is not Stage.MOVEMENT:
            return best
        for second in walk_choices(first, player, _ENGINE.legal_actions(first, player)):
            then = after(first, second)
            if then is not None:
                best = max(best, standing(then).get(player, 0.0))
        return best

    return max(((worth(a), not isinstance(a, Done), -i, a) for i, a in enumerate(walks)), key=lambda t: t[:3])[3]


class FlyingPigsTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float]:
        """How close each Pig is to the Kitchen, its Grease and fire (`standing`)."""
        return standing(state)

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        assert isinstance(state, FlyingPigsState)
        if state.pending and any(isinstance(a, React) for a in actions):
            reaction = state.pending[0]
            target = state.models.get(reaction.target)
            if target is None:
                return actions
            if target.kind is Kind.PIG:
                own = target.owner == player
                # Shove your Pig, light the others' (when worth it)
                use = own if reaction.stance is Stance.SHOVE else (
                    not own and worth_lighting(target) and can_light(state, state.models[reaction.orc]))
            else:
                use = reaction.stance is Stance.SHOVE and shove_orc(state, player, target)
            return [React(use=use)]
        if state.stage is Stage.ACTION and any(isinstance(a, ChooseStance) for a in actions):
            # a stance is free and its reactions are "may": every Orc takes one, one at a time
            orc = next(o for o in state.orcs_of(player) if any(isinstance(a, ChooseStance) and a.orc == o.id
                                                               for a in actions))
            choice = ChooseStance(orc=orc.id, stance=stance_choice(state, orc))
            return [choice] if choice in actions else actions
        if state.stage is Stage.MOVEMENT and any(isinstance(a, (MoveTo, MoveToward)) for a in actions):
            walks = walk_choices(state, player, actions)
            return [best_walk(state, player, walks)] if len(walks) > 1 else walks
        if any(isinstance(a, GreaseToss) for a in actions):
            return grease_choice(state, player, actions)
        if any(isinstance(a, TossPig) for a in actions):
            return toss_choice(state, player, actions)
        if any(isinstance(a, Deploy) for a in actions):
            return deploy_choice(state, player, actions)
        return actions

    def play_out(self, state: Any, player: PlayerId, actions: list[Any], pick: Callable[[list[Any], str], Any]) -> Any:
        """In a play-out the computer's own Grease Tosses, stances and reactions are its plain choices
        (`sensible`), not random ones: a random finish of the turn greased its own Pig only a third of
        the time and lit its own, so a walk was weighed by what a careless turn left of it. Walks stay
        random (working out the purposeful ones for every play-out position costs more than the
        search can spend)."""
        assert isinstance(state, FlyingPigsState)
        if state.stage is Stage.MOVEMENT and not state.pending:
            return kind_first(actions, pick)
        return kind_first(self.sensible(state, player, actions) or actions, pick)

    def substance(self, state: Any) -> Any:
        assert isinstance(state, FlyingPigsState)
        return tuple((m.id, m.placed, round(m.x, 2), round(m.y, 2), m.grease, m.fire, m.shrooms, m.stance,
                      m.stance_used) for _, m in sorted(state.models.items()))


TACTICS = FlyingPigsTactics()

__all__ = ["DEPLOY_CLEAR", "FIRE_CHANCE", "FLOOR", "GREASER_GREASE", "HORIZON",
           "PIG_CHANCE", "SUPPORT_GAIN", "TACTICS", "FlyingPigsTactics", "best_walk", "block_by", "blocked_share",
           "burning_near", "can_light", "deploy_choice", "goes_nowhere", "grease_choice", "greaser_bonus",
           "greaser_near", "greasers", "in_place", "pig_chance", "purposeful_walks", "shove_orc", "stance_choice",
           "stance_for", "standing", "toss_choice", "walk_choices", "worth_lighting"]
