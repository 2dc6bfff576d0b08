"""Build a Timber! position by hand, so each rule test starts where its rule bites.

Players are named by their Orcs' owner: 'grak', 'zog', 'mug', 'ugg'; their Orcs are
'grak:1' and 'grak:2'. The first player listed is active, in the Orc-actions step
with two Action Tokens per Orc in the Forest, unless told otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import DiceState, ScriptedDice
from rules.core.engine import Event, Seat, Step
from rules.core.grid import distance
from rules.core.selfplay import kind_first_policy
from rules.orclympics.broods import Brood
from rules.orclympics.timber import Timber
from rules.orclympics.timber.models import Action, Orc, Phase, PlayerTurn, Stage, TimberState

GAME = Timber()


@dataclass
class Woodsman:
    """One Orc: where it stands (None once it has left) and the Wood it carries."""

    square: str | None
    wood: int = 0
    left: bool = False


@dataclass
class Forest:
    teams: dict[str, tuple[Woodsman, Woodsman]]
    broods: dict[str, Brood] = field(default_factory=dict)
    trees: dict[str, int] = field(default_factory=dict)
    rocks: list[str] = field(default_factory=list)
    bushes: list[str] = field(default_factory=list)
    boar: str = "h8"
    dropped: dict[str, int] = field(default_factory=dict)
    turn: int = 2
    active: str | None = None
    stage: Stage = Stage.ACTIONS
    tokens: dict[str, int] | None = None
    boar_squares: int = 0

    def build(self) -> TimberState:
        orcs: dict[str, Orc] = {}
        for player, pair in self.teams.items():
            for number, man in enumerate(pair, start=1):
                orc_id = f"{player}:{number}"
                orcs[orc_id] = Orc(id=orc_id, player=player, name=f"{player.title()} #{number}",
                                   brood=self.broods.get(player, Brood.COMMON), square=man.square, wood=man.wood,
                                   left=man.left)
        order = list(self.teams)
        active = self.active or order[0]
        seats = [Seat(player=p, name=p.title(), pick=self.broods.get(p, Brood.COMMON).value, colour=i)
                 for i, p in enumerate(order)]
        if self.tokens is not None:
            tokens = dict(self.tokens)
        elif self.stage is not Stage.DISTRIBUTE:
            tokens = {o.id: 2 for o in orcs.values() if o.player == active and o.square is not None}
        else:
            tokens = {}
        turn = PlayerTurn(player=active, stage=self.stage, tokens=tokens, boar_squares=self.boar_squares,
                          boar_roll=self.boar_squares)
        return TimberState(seats=seats, dice=DiceState(seed=1), phase=Phase.PLAY, orcs=orcs,
                           trees=dict(self.trees), rocks=list(self.rocks), bushes=list(self.bushes), boar=self.boar,
                           dropped=dict(self.dropped), turn=self.turn, order=order, step=order.index(active),
                           current=turn)


def duo(first: str | None, second: str | None = None, *, wood: tuple[int, int] = (0, 0)) -> tuple[Woodsman, Woodsman]:
    """A team of two; a missing square means that Orc has already left the Forest."""
    return (Woodsman(first, wood[0], left=first is None), Woodsman(second, wood[1], left=second is None))


def play(state: TimberState, player: str, action: Action, faces: list[int] | None = None) -> Step:
    """Apply with scripted dice and insist every scripted face was used."""
    dice = ScriptedDice(faces or [])
    step = GAME.apply(state, player, action, dice=dice)
    assert dice.remaining == [], f"unused faces {dice.remaining}"
    return step


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def woodcutter_policy(game: Any, state: TimberState, player: str, actions: list[Any], chooser: Any) -> Any:
    """Random play that goes for the Trees: gather when it can, walk towards Wood when it can,
    run out with Wood late in the game; otherwise any legal action. It reaches falling Trees,
    escapes and aims far more often than plain random play does."""
    def pick(kinds: tuple[str, ...]) -> list[Any]:
        return [a for a in actions if a.type in kinds]

    wanted = pick(("gather", "gather-orcy", "pick-wood", "fell-compass", "fell-toward", "escape", "push"))
    if state.turn >= 6:
        wanted = pick(("leave",)) or wanted
    if wanted:
        return chooser.pick(wanted, "woodcutter")
    targets = list(state.trees) + list(state.dropped)
    if targets:
        closer = [a for a in pick(("move",)) if min(distance(a.to, t) for t in targets)
                  < min(distance(state.orcs[a.orc].square, t) for t in targets)]
        if closer and chooser.pick([True, True, False], "woodcutter walks"):
            return chooser.pick(closer, "woodcutter")
    return kind_first_policy(game, state, player, actions, chooser)
