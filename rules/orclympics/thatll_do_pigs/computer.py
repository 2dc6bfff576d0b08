"""That'll do Pigs for computer players: the moves not worth a thought, and what a move must change.

The search (`rules.core.search`) is the same for every game; what it needs to know of this one is
here. `standing` (asked through `TACTICS`, for cut play-outs) knows that laps alone win nothing: a rider wins
by crossing the Finish Line with the Piglet to complete its second lap or a later one (V.1), so
each rider is as far from winning as it still has to go round to that crossing, plus the chase
for the Piglet when another rider has it or it runs loose. `TACTICS` keeps a rider from idling:
- a rider within reach of the Piglet (loose, or carried by a rival) may ride straight at it, and a
  rider that may Lash after its Move does not ride to a stop facing the crowd close ahead;
- a Get Ready! Assault costs nothing when it fails (V.3: the loser is pushed back, a failed
  attacker keeps its cell), so a rider on the front row always has a go at a rival, and takes the
  beaten rider's cell (chosen before its own, in initiative order);
- a Lash is D6" more ground for free (V.4.2.2), so a rider that may Lash does, unless the run
  ahead is bad ground: the crowd within reach of half the faces (a Falling Test, then thrown back,
  V.4.2.1), or a run that loses ground round the Circuit (away from a loose Piglet). Only then may it end its activation
  instead, and the search weighs the two.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.geometry import angle_to, centre_distance, offset, travel
from rules.core.memo import Memo
from rules.core.search import Tactics, win_chances
from rules.orclympics.thatll_do_pigs.circuit import BOARD, RIDER_BASE
from rules.orclympics.thatll_do_pigs.engine import LAPS, models_around, circuit_of, rider_shape
from rules.orclympics.thatll_do_pigs.models import (
    XY,
    AskKind,
    EndActivation,
    Lash,
    ReadyAssault,
    Ride,
    Rider,
    TakePlace,
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
    Circuit (or, while the Piglet runs loose, does not take the rider away from it). A Lash stops 1" short of models (V.4.2.2), so riders and the Piglet never make it worse."""
    circuit = circuit_of(state)
    if crowd_within_reach(state, rider.xy, rider.facing):
        return False
    ahead = travel(rider_shape(rider), rider.facing, LASH_MOST, circuit.walls, area=BOARD)
    middle = offset(rider.xy, rider.facing, min(LASH_MOST / 2, ahead.travelled))
    pig = state.piglet
    if pig.placed and pig.held_by is None:  # a loose Piglet: the ground that counts is the way to it
        return centre_distance(middle, (pig.x, pig.y)) < centre_distance(rider.xy, (pig.x, pig.y))
    return circuit.progress(rider.gates, middle) >= circuit.progress(rider.gates, rider.xy) - GROUND_LOST


GATES = 5
"""Lines crossed each lap: the Finish Line and the four Skid Triggers (`Rider.gates` counts them)."""

PER_INCH = 7.0
"""Progress (a gate is 100, `Circuit.progress`) that an inch of track is worth, roughly: a quarter of
the Circuit is some fifteen inches."""

UNSEEN = 60.0
"""What a Piglet not yet on the track costs every rider alike (it appears on the Finish Line)."""

LOOSE = 150.0
"""The Grab that takes a loose Piglet (D6 + Ability more than 4, V.4.2.4), beyond riding to it."""

HELD = 250.0
"""Taking the Piglet from a rival: an Assault to win (V.4.2.3), beyond riding to it."""

UNRIDDEN_COST = 150.0
"""An Unridden Boar turns only 45°, never Lashes and grabs on a 5 or 6 (V.4.5): far worse placed."""

SPREAD = 60.0
"""The lead (in progress) that makes a rider about e times as likely to win as the one behind."""


def target_gates(rider: Rider) -> int:
    """The gate count at the Finish Line crossing that would win the race for `rider` carrying the
    Piglet: the next crossing of the line that completes its second lap or a later one."""
    least = LAPS * GATES + 1  # gate 1 is leaving the grid; 6 completes the first lap, 11 the second
    if rider.gates < least:
        return least
    return rider.gates + ((1 - rider.gates) % GATES or GATES)


def to_win(state: ThatllDoPigsState, rider: Rider) -> float:
    """How far `rider` is from winning, in progress: round to its winning crossing, and the chase
    for the Piglet when it does not carry it."""
    circuit = circuit_of(state)
    left = 100.0 * target_gates(rider) - (circuit.progress(rider.gates, rider.xy) if rider.placed else 0.0)
    if not rider.ridden:
        left += UNRIDDEN_COST
    if rider.piglet:
        return left
    pig = state.piglet
    if not pig.placed:
        return left + UNSEEN
    holder = state.riders.get(pig.held_by or "")
    at = holder.xy if holder is not None else (pig.x, pig.y)
    return left + PER_INCH * centre_distance(rider.xy, at) + (HELD if holder is not None else LOOSE)


def standing(state: ThatllDoPigsState) -> dict[PlayerId, float]:
    """Each player's rough chance to win: their best rider's distance from winning (`to_win`)."""
    best: dict[PlayerId, float] = {s.player: -10_000.0 for s in state.seats}
    for rider in state.riders.values():
        if not rider.out:
            best[rider.player] = max(best[rider.player], -to_win(state, rider))
    return win_chances(best, spread=SPREAD)


def crowd_within_reach(state: ThatllDoPigsState, at: XY, facing: float) -> bool:
    """Whether a rider at `at` facing `facing` would meet the crowd (a Public Area or the board edge)
    on a Lash of `CROWD_REACH` inches or less."""
    ahead = travel(RIDER_BASE.at(at, facing), facing, CROWD_REACH, circuit_of(state).walls, area=BOARD)
    return ahead.stopped_by is not None


_BLIND: Memo[tuple[Any, ...], frozenset[tuple[float, float]]] = Memo(512)
"""`blind_rides` remembered by position (the search asks the same question at every iteration)."""


def blind_rides(state: ThatllDoPigsState, rider: Rider, rides: list[Ride]) -> frozenset[tuple[float, float]]:
    """The (heading, distance) of the rides that touch nothing and stop with the crowd within
    `CROWD_REACH` ahead: the Lash after them is a gamble, so ending there idles the rider."""
    others = tuple((r.id, r.x, r.y, r.placed, r.out) for r in state.riders.values() if r.id != rider.id)
    pig = state.piglet
    key = (tuple(map(tuple, state.poles)), state.crowd, rider.id, rider.x, rider.y, others,
           (pig.x, pig.y, pig.placed, pig.held_by), tuple((a.heading, a.distance) for a in rides))

    def work() -> frozenset[tuple[float, float]]:
        things = {**models_around(state, rider), **circuit_of(state).walls}
        blind = set()
        for ride in rides:
            leg = travel(rider_shape(rider, facing=ride.heading), ride.heading, ride.distance, things, area=BOARD)
            if leg.stopped_by is None and crowd_within_reach(state, leg.end, ride.heading):
                blind.add((ride.heading, ride.distance))
        return frozenset(blind)

    return _BLIND.get(key, work)


def aimed_rides(state: ThatllDoPigsState, rider: Rider, speed: float) -> list[Ride]:
    """Rides straight at the Piglet, loose or carried by a rival, when it is within the Speed rolled:
    touching it is the Grab or the Assault that takes it (V.4.2.1, V.4.2.3, V.4.2.4). Any heading is
    a legal Move (reading 'ride'); the sixteen the menus offer may pass beside a 20 mm Piglet. An
    Unridden Boar turns only 45°, so it aims at nothing."""
    pig = state.piglet
    if not rider.ridden or rider.piglet or not pig.placed:
        return []
    holder = state.riders.get(pig.held_by or "")
    if holder is not None and holder.player == rider.player:
        return []
    at = holder.xy if holder is not None else (pig.x, pig.y)
    if centre_distance(rider.xy, at) > speed + 1.0:
        return []
    return [Ride(heading=round(angle_to(rider.xy, at), 1), distance=speed)]


class ThatllDoPigsTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float]:
        """How far each player's best rider is from crossing the Finish Line
        with the Piglet to win (`standing`)."""
        return standing(state)

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        assert isinstance(state, ThatllDoPigsState)
        ask = state.ask
        if ask is None:
            return actions
        if ask.kind is AskKind.READY:  # a failed Get Ready! Assault changes nothing: always try one
            return [a for a in actions if not (isinstance(a, ReadyAssault) and a.target is None)] or actions
        if ask.kind is AskKind.TAKE_PLACE:  # the beaten rider chose its cell first: take it
            return [a for a in actions if isinstance(a, TakePlace) and a.take] or actions
        if ask.kind is AskKind.RIDE:
            rider = state.riders.get(ask.rider or "")
            if rider is not None and state.activation is not None and state.activation.speed:
                kept = actions
                if not rider.piglet:  # a rider that may Lash after its Move does not stop facing the crowd
                    blind = blind_rides(state, rider, [a for a in actions if isinstance(a, Ride)])
                    kept = [a for a in actions if not (isinstance(a, Ride) and (a.heading, a.distance) in blind)]
                kept = kept or actions
                return kept + [a for a in aimed_rides(state, rider, state.activation.speed) if a not in kept]
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

__all__ = ["CROWD_REACH", "TACTICS", "aimed_rides", "blind_rides", "crowd_within_reach", "ThatllDoPigsTactics", "lash_is_free", "standing", "target_gates", "to_win"]
