"""Build a Brood Rumble position by hand, so each rule test starts where its rule bites.

Players are "alice" (team A) and "bob" (team B); with four players "alice" and "carol" share
team A (A1, A2 and A3, A4) and "bob" and "dave" team B. Orcs are named by id: "A1".."B4".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.dice import DiceState, ScriptedDice
from rules.core.engine import Event, Seat, Step
from rules.orclympics.broods import Brood
from rules.orclympics.brood_rumble import BroodRumble
from rules.orclympics.brood_rumble.board import HEALTH
from rules.orclympics.brood_rumble.models import (
    XY,
    Action,
    Activation,
    Ask,
    AskKind,
    Barrel,
    BroodRumbleState,
    Combat,
    Edge,
    Feature,
    FeatureKind,
    Item,
    Orc,
    Phase,
    Team,
)

GAME = BroodRumble()
TWO = {"A": ["alice"], "B": ["bob"]}
FOUR = {"A": ["alice", "carol"], "B": ["bob", "dave"]}


@dataclass
class Fighter:
    at: XY
    brood: Brood = Brood.COMMON
    hp: int = HEALTH
    down: bool = False
    item: Item | None = None
    activated: bool = False


@dataclass
class Arena:
    orcs: dict[str, Fighter]
    features: dict[str, tuple[FeatureKind, XY]] = field(default_factory=dict)
    barrels: list[XY] = field(default_factory=list)
    players: int = 2
    active: str | None = "A1"  # this Orc is activated and asked for an action
    turn: int = 2
    initiative: str = "A"
    ages: dict[str, int] | None = None

    def build(self) -> BroodRumbleState:
        sides = TWO if self.players == 2 else FOUR
        order = ["alice", "bob"] if self.players == 2 else ["alice", "bob", "carol", "dave"]
        seats = [Seat(player=p, name=p.title(), pick="common", colour=i) for i, p in enumerate(order)]
        orcs = {}
        for oid, f in self.orcs.items():
            team = oid[0]
            number = int(oid[1:])
            side = sides[team]
            controller = side[(number - 1) * len(side) // 4]
            orcs[oid] = Orc(id=oid, team=team, player=controller, brood=f.brood, x=f.at[0], y=f.at[1], hp=f.hp,
                            knocked_down=f.down, item=f.item, activated=f.activated)
        teams = {t: Team(id=t, players=list(p), edge=Edge.SOUTH if t == "A" else Edge.NORTH)
                 for t, p in sides.items()}
        state = BroodRumbleState(
            seats=seats, dice=DiceState(seed=1), teams=teams, orcs=orcs, phase=Phase.ACTIVATION, turn=self.turn,
            initiative=self.initiative, next_team=self.initiative, ages=self.ages,
            features=[Feature(id=fid, kind=kind, x=xy[0], y=xy[1]) for fid, (kind, xy) in self.features.items()],
            barrels=[Barrel(id=f"K{i + 1}", x=x, y=y) for i, (x, y) in enumerate(self.barrels)],
            barrels_made=len(self.barrels))
        if self.active is not None:
            orc = state.orcs[self.active]
            state.activation = Activation(orc=orc.id)
            state.ask = Ask(kind=AskKind.ACT, players=[orc.player], orc=orc.id)
        return state


def fighting(state: BroodRumbleState, attacker: str, defender: str, *, counter: bool = False) -> BroodRumbleState:
    """The same table at the end of the turn, with `attacker` about to choose an attack."""
    state = state.model_copy(deep=True)
    state.phase = Phase.COMBAT
    state.activation = None
    for orc in state.orcs.values():
        orc.activated = True
    pair = tuple(sorted((attacker, defender)))
    state.fought = [f"{pair[0]}-{pair[1]}"]
    state.combat = Combat(orcs=pair, first=defender if counter else attacker, attacker=attacker, defender=defender,
                          counter=counter, lost={attacker: 0, defender: 0})
    state.ask = Ask(kind=AskKind.ATTACK, players=[state.orcs[attacker].player], orc=attacker)
    return state


def play(state: BroodRumbleState, player: str, action: Action, faces: list[int] | None = None) -> Step:
    """Apply with scripted dice and insist every scripted face was used."""
    dice = ScriptedDice(faces or [])
    step = GAME.apply(state, player, action, dice=dice)
    assert dice.remaining == [], f"unused faces {dice.remaining}"
    return step


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
