"""Build a Masters' Fight position by hand, so each rule test starts where its rule bites."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.dice import DiceState, ScriptedDice
from rules.core.engine import Event, Seat, Step
from rules.orclympics.broods import Brood
from rules.orclympics.masters_fight import MastersFight
from rules.orclympics.masters_fight.engine import PROFILES
from rules.orclympics.masters_fight.models import (
    Action,
    Activation,
    Item,
    MastersFightState,
    Orc,
    Phase,
    Terrain,
)

GAME = MastersFight()


@dataclass
class Fighter:
    square: str
    brood: Brood = Brood.COMMON
    item: Item | None = None
    hp: int | None = None
    down: bool = False


@dataclass
class Arena:
    """Players are named by their Orc's name: 'grak', 'zog', 'mug', ... The first one is active."""

    fighters: dict[str, Fighter]
    terrain: dict[str, Terrain] = field(default_factory=dict)
    items: dict[str, Item] = field(default_factory=dict)
    active: str | None = None
    action_points: int = 2
    turn: int = 2

    def build(self) -> MastersFightState:
        orcs = {}
        for name, f in self.fighters.items():
            skill, hp = PROFILES[f.brood]
            orcs[name] = Orc(player=name, name=name.title(), brood=f.brood, square=f.square, hp=f.hp or hp,
                             max_hp=hp, combat_skill=skill, knocked_down=f.down, item=f.item)
        order = list(self.fighters)
        active = self.active or order[0]
        seats = [Seat(player=n, name=n.title(), pick=f.brood.value, colour=i)
                 for i, (n, f) in enumerate(self.fighters.items())]
        return MastersFightState(seats=seats, dice=DiceState(seed=1), phase=Phase.FIGHT, orcs=orcs,
                                 terrain=dict(self.terrain), items=dict(self.items), turn=self.turn,
                                 order=order, step=order.index(active),
                                 activation=Activation(player=active, action_points=self.action_points))


def play(state: MastersFightState, player: str, action: Action, faces: list[int] | None = None) -> Step:
    """Apply with scripted dice and insist every scripted face was used."""
    dice = ScriptedDice(faces or [])
    step = GAME.apply(state, player, action, dice=dice)
    assert dice.remaining == [], f"unused faces {dice.remaining}"
    return step


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
