"""Build a That'll do Pigs position by hand, so each rule test starts where its rule bites.

The Circuit is the unscattered one (poles 12" in along the diagonals, no crowd): the Finish
Line at x = 18 from the south edge up to the stand at y ~ 10.6, the race running west along
the south straight. Players "alice", "bob", "carol", "dave" own riders "1".."4" (with two
players, "1a", "1b", "2a", "2b"). Dice faces: a D3 takes a D6 face (1-2 -> 1, 3-4 -> 2, 5-6 -> 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import DiceState, ScriptedDice
from rules.core.engine import Event, Seat, Step
from rules.core.geometry import turn_between
from rules.orclympics.broods import Brood
from rules.orclympics.thatll_do_pigs.circuit import start_points
from rules.orclympics.thatll_do_pigs.engine import ThatllDoPigs
from rules.orclympics.thatll_do_pigs.models import (
    XY,
    Action,
    Activation,
    Ask,
    AskKind,
    Phase,
    Piglet,
    Rider,
    ThatllDoPigsState,
)

GAME = ThatllDoPigs()
PLAYERS = ("alice", "bob", "carol", "dave")


def d3(value: int) -> int:
    return value * 2


@dataclass
class Racer:
    at: XY
    facing: float = 180.0
    brood: Brood = Brood.COMMON
    gates: int = 1
    ridden: bool = True
    piglet: bool = False


@dataclass
class Track:
    racers: dict[str, Racer]
    active: str | None = "1"  # asked to Move (roll its Speed)
    order: list[str] = field(default_factory=list)
    piglet: XY | None = None
    turn: int = 2

    def build(self) -> ThatllDoPigsState:
        pairs = any(len(r) > 1 for r in self.racers)
        count = 2 if pairs else max(int(r) for r in self.racers)
        players = PLAYERS[:2] if pairs else PLAYERS[:max(count, 4)]  # single riders: the 4-player race
        seats = [Seat(player=p, name=p.title(), pick="common", colour=i) for i, p in enumerate(players)]
        riders = {rid: Rider(id=rid, player=players[int(rid[0]) - 1], brood=r.brood, x=r.at[0], y=r.at[1],
                             facing=r.facing, placed=True, ridden=r.ridden, gates=r.gates, piglet=r.piglet)
                  for rid, r in self.racers.items()}
        held = next((rid for rid, r in self.racers.items() if r.piglet), None)
        piglet = Piglet()
        if held is not None:
            piglet = Piglet(x=riders[held].x, y=riders[held].y, placed=True, held_by=held)
        elif self.piglet is not None:
            piglet = Piglet(x=self.piglet[0], y=self.piglet[1], placed=True)
        order = self.order or list(self.racers)
        state = ThatllDoPigsState(seats=seats, dice=DiceState(seed=1), phase=Phase.RACE, poles=start_points(),
                                  riders=riders, piglet=piglet, order=order, turn=self.turn)
        if self.active is not None:
            rider = riders[self.active]
            rider.activated = True
            state.step = order.index(self.active) + 1
            state.activation = Activation(rider=rider.id)
            state.ask = Ask(kind=AskKind.MOVE, player=rider.player, rider=rider.id)
        return state


def play(state: ThatllDoPigsState, player: str, action: Action, faces: list[int] | None = None) -> Step:
    dice = ScriptedDice(faces or [])
    step = GAME.apply(state, player, action, dice=dice)
    assert dice.remaining == [], f"unused faces {dice.remaining}"
    return step


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def racer(state: ThatllDoPigsState, player: str, legal: list[Any], n: int) -> Any:
    """A player who races: rides for the next gate (just outside its pole, or past the Finish Line),
    goes for a loose Piglet, Lashes when it can, Assaults on the grid, steers at random."""
    from rules.core.geometry import angle_to, centre_distance, offset
    from rules.orclympics.thatll_do_pigs.engine import circuit_of
    from rules.orclympics.thatll_do_pigs.models import Lash, ReadyAssault, Ride

    rides = [a for a in legal if isinstance(a, Ride)]
    if rides and state.ask is not None and state.ask.rider is not None:
        rider = state.riders[state.ask.rider]
        circuit = circuit_of(state)
        if state.piglet.placed and state.piglet.held_by is None:
            goal = (state.piglet.x, state.piglet.y)
        else:
            goals = [(circuit.finish_x - 3.0, circuit.finish_width / 2)] + [
                offset(pole, angle_to(pole, corner), 4.0) for pole, corner in circuit.gates[1:]]
            gate = rider.gates % 5
            goal = goals[gate]
            if centre_distance(rider.xy, goal) < 2.5:
                goal = goals[(gate + 1) % 5]
        want, far = angle_to(rider.xy, goal), centre_distance(rider.xy, goal)
        return min(rides, key=lambda a: (abs(turn_between(a.heading, want)), abs(a.distance - far)))
    if any(isinstance(a, Lash) for a in legal) and not (state.piglet.placed and state.piglet.held_by is None):
        return Lash()
    assaults = [a for a in legal if isinstance(a, ReadyAssault) and a.target is not None]
    if assaults:
        return assaults[n % len(assaults)]
    return legal[n % len(legal)] if len(legal) > 2 else legal[-1]
