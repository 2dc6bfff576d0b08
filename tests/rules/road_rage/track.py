"""Build a Road Rage position by hand: the ready "oval" circuit on the 36" board, chariots where a
test wants them, the first one driving with the Action Points given.

Players are "alice", "bob", "carol", "dave". A D3 takes a D6 face (1-2 -> 1, 3-4 -> 2, 5-6 -> 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.dice import DiceState, ScriptedDice
from rules.core.engine import Event, Seat, Step
from rules.core.geometry import turn_between
from rules.orclympics.broods import Brood
from rules.orclympics.road_rage.circuits import ready
from rules.orclympics.road_rage.engine import RoadRage
from rules.orclympics.road_rage.models import (
    XY,
    Action,
    Ask,
    AskKind,
    Chariot,
    Phase,
    RoadRageState,
    Turn,
)

GAME = RoadRage()
PLAYERS = ("alice", "bob", "carol", "dave")


def d3(value: int) -> int:
    return value * 2


@dataclass
class Car:
    at: XY
    facing: float = 0.0
    speed: int = 0
    top_speed: int = 3
    agility: int = 3
    skill: int = 3
    chassis: int = 3
    rerolls: list[str] = field(default_factory=list)
    big_boss: bool = False
    next_gate: int = 0
    laps: int = 0


@dataclass
class Race:
    cars: dict[str, Car]
    ap: int = 6
    laps: int = 2

    def build(self) -> RoadRageState:
        layout = ready("oval", 36.0)
        players = list(self.cars)
        seats = [Seat(player=p, name=p.title(), pick="common", colour=i) for i, p in enumerate(players)]
        chariots = {p: Chariot(player=p, brood=Brood.COMMON, driver="boar_boss", x=c.at[0], y=c.at[1],
                               facing=c.facing, placed=True, speed=c.speed, top_speed=c.top_speed, agility=c.agility,
                               skill=c.skill, chassis=c.chassis, rerolls=list(c.rerolls), big_boss=c.big_boss,
                               next_gate=c.next_gate, laps=c.laps)
                    for p, c in self.cars.items()}
        state = RoadRageState(seats=seats, dice=DiceState(seed=1), phase=Phase.RACE, circuit="oval",
                              gates=[(g.a, g.b) for g in layout.gates],
                              blocks=[(b.x, b.y, b.width, b.height) for b in layout.blocks],
                              cells=layout.cells(len(players)), laps=self.laps, chariots=chariots, order=players,
                              turn=1, aps={p: self.ap for p in players})
        state.current = Turn(player=players[0], ap=self.ap)
        state.ask = Ask(kind=AskKind.DRIVE, players=[players[0]])
        return state


def play(state: RoadRageState, player: str, action: Action, faces: list[int] | None = None) -> Step:
    dice = ScriptedDice(faces or [])
    step = GAME.apply(state, player, action, dice=dice)
    assert dice.remaining == [], f"unused faces {dice.remaining}"
    return step


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def driver(state: RoadRageState, player: str, legal: list[Action], n: int) -> Action:
    """A player who drives: a one-lap oval, speed 2, turning towards the next Checkpoint's middle,
    ramming with Chassis Points and taking the hit."""
    from rules.core.geometry import angle_to
    from rules.orclympics.road_rage.models import (
        Advance, Build, EndTurn, Escape, FreePivot, Pivot, RamStat, SetRace, SpeedChange, TakeCell)

    first = legal[0]
    if isinstance(first, Build):
        return legal[n % len(legal)]
    if isinstance(first, SetRace):
        return SetRace(circuit="oval", laps=1)
    if isinstance(first, TakeCell):
        return first
    if isinstance(first, RamStat):
        return RamStat(stat="chassis")
    if isinstance(first, Escape):
        return Escape(escape=False)
    if isinstance(first, FreePivot):
        return FreePivot(turn=0)
    chariot = state.chariots[player]
    cur = state.current
    if SpeedChange(delta=1) in legal and chariot.speed < 2:
        return SpeedChange(delta=1)
    (ax, ay), (bx, by) = state.gates[chariot.next_gate]
    want = angle_to(chariot.xy, ((ax + bx) / 2, (ay + by) / 2))
    off = turn_between(want, chariot.facing)
    turn = 1 if off > 0 else -1
    if abs(off) > 30.0 and Pivot(turn=turn) in legal and cur is not None and cur.ap > 1:
        return Pivot(turn=turn)
    if Advance() in legal:
        return Advance()
    return EndTurn() if EndTurn() in legal else legal[-1]
