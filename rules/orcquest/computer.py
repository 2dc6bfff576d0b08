"""OrcQuest for computer players: how close the party stands to winning, and which moves are worth a thought.

The Quest is won together or lost together (L184-190), so the standing is one chance shared by every
seat: the Totem fetched and carried toward the Hero Exit counts most, walked distance on the map (walls
go round, doors go through) rather than squares as the crow flies; then the Heroes' Health Points,
the Alert gauge's distance from 15, and a little for Badass Points in the pool.

A search cannot weigh forty squares to walk to, four ways to face and a dozen cards to throw away at
every step, so a sensible Hero: plays its cards while it has AP for them instead of ending its
activation, attacks when its card may rather than finishing it, walks only where it gets nearer its
goal (the Totem, then the Exit) or into a fight, never back where it came from; opens doors but does
not close them, drinks a Potion only when the wound is worth it, re-rolls only its weakest dice, and
leaves its Stuff, its facing and the Exit without the Totem alone. A tie the players settle (where an
Exploration's figure goes, which Enemy rings the Bell) keeps all its answers for the search.
"""

from __future__ import annotations

import functools
import math
from collections import deque
from typing import Any

from rules.core.engine import PlayerId
from rules.core.grid import Square
from rules.core.search import Tactics
from rules.core.tactics import kind_first
from rules.orcquest.attacks import attack_moves, effect_of
from rules.orcquest.board import LAYOUTS, scene_of
from rules.orcquest.geometry import Route, path_route
from rules.orcquest.heroes import mover_of
from rules.orcquest.data import ALERT_MAX, ATTACK_FACES, DEFENCE_FACES, Layout, Level
from rules.orcquest.models import (
    Attack,
    BuyAP,
    Card,
    Discard,
    Drink,
    EndActivation,
    EndTurn,
    Equip,
    Face,
    Finish,
    Hero,
    Leave,
    Move,
    OpenDoor,
    Phase,
    QuestState,
    Rekup,
    Reroll,
    Resurrect,
    Unequip,
    UseSkill,
)

TOTEM = "totem"
FETCH, CARRY = 0.45, 0.55
"""How much of the way to victory fetching the Totem and carrying it out are worth."""
DOOR_STEP = 2
"""A closed door costs a Movement Point to open: a step through it counts as two."""
FIELD_STEP = 3
"""A step across a field (a Spawn Zone) counts as three: whatever sleeps there wakes (L495-499)."""
NEAR = 2
"""A move that brings a Hero within this many squares of an Enemy is one toward a fight."""


@functools.lru_cache(maxsize=16)
def walking(quest: str, goal: tuple[Square, ...]) -> dict[Square, int]:
    """Steps from every square to the nearest of `goal`, round the walls and through the doors (as if
    nobody stood anywhere): how far a Hero really is from the Totem or the Exit."""
    layout: Layout = LAYOUTS[quest]
    grid = layout.grid
    far: dict[Square, int] = {g: 0 for g in goal}
    todo = deque(goal)
    while todo:
        here = todo.popleft()
        for there in grid.neighbouring(here):
            edge = frozenset((here, there))
            if edge in layout.walls or there in layout.trunks or there == layout.bell:
                continue
            cost = far[here] + (DOOR_STEP if edge in layout.door_edges else FIELD_STEP if there in layout.fields else 1)
            if cost < far.get(there, math.inf):
                far[there] = cost
                todo.append(there)
    return far


def _objective(state: QuestState) -> Square:
    token = next((t.square for t in state.tokens if t.kind == "objective"), None)
    return token if token is not None else LAYOUTS[state.quest].objective


def goal_of(state: QuestState) -> tuple[Square, ...]:
    """Where the party is headed now: the Totem's square until someone carries it, then the Exit."""
    if any(TOTEM in h.inventory for h in state.heroes):
        return LAYOUTS[state.quest].entry
    return (_objective(state),)


def _far(state: QuestState, square: Square | None, goal: tuple[Square, ...]) -> float:
    if square is None:
        return float(walking(state.quest, LAYOUTS[state.quest].entry).get(_objective(state), 30))
    return float(walking(state.quest, goal).get(square, 60))


def progress(state: QuestState) -> float:
    """How far along the Quest is, 0 to 1: the nearest Hero's walk to the Totem, then its carrier's to
    the Exit (a dead carrier's Totem is stuck until it is raised: half the carrying counts)."""
    layout = LAYOUTS[state.quest]
    whole = max(1.0, float(walking(state.quest, layout.entry).get(_objective(state), 30)))
    carrier = next((h for h in state.heroes if TOTEM in h.inventory), None)
    if carrier is None:
        walkers = [h for h in state.heroes if h.alive and not h.left]
        near = min((_far(state, h.square, (_objective(state),)) for h in walkers), default=whole)
        return FETCH * max(0.0, 1 - near / whole)
    if carrier.left:
        return 1.0
    left = _far(state, carrier.square, layout.entry)
    carried = max(0.0, 1 - left / whole)
    return FETCH + CARRY * (carried / 2 if carrier.dead else carried)


def health(state: QuestState) -> float:
    """The party's Health Points left, 0 to 1 (a Hero gone out by the Exit is safe)."""
    return sum(1.0 if h.left else 0.0 if h.dead else 1 - h.damage / h.hp for h in state.heroes) / len(state.heroes)


def chance(state: QuestState) -> float:
    """The party's chance of winning from here, roughly: a logistic of the progress, the health, the
    Alert (above 15 is a loss, L732) and what will raise it (every Alert Enemy alive at the end of an
    Enemy Phase, a Bell-ringer on its way, L736, L887-888), and the Badass Points in hand."""
    if state.won is not None:
        return 1.0 if state.won else 0.0
    alert = sum(e.alert for e in state.enemies)
    ringing = any(e.ringer for e in state.enemies)
    score = (6.0 * progress(state) + 2.5 * health(state) - 5.0 * (state.alert / ALERT_MAX) ** 2
             - 0.2 * alert - 0.8 * ringing + 0.04 * state.badass
             - 1.5 * sum(h.dead for h in state.heroes) / len(state.heroes))
    return 1 / (1 + math.exp(-(score - 4.5)))


def standing(state: QuestState) -> dict[PlayerId, float] | None:
    if state.won is not None:
        return None
    shared = chance(state)
    return {p: shared for p in state.players}


# -- sensible moves --------------------------------------------------------------------------------------

def _enemy_near(state: QuestState, square: Square) -> bool:
    grid = LAYOUTS[state.quest].grid
    return any(grid.distance(square, e.square) <= NEAR for e in state.enemies)


def _moves(state: QuestState, moves: list[Move]) -> list[Move]:
    """Walks that get the Hero nearer its goal, or (but for the Totem's carrier) into a fight; the nearest
    to the goal of them first (never a step back along the way it came: that is no nearer). A carrier
    who can reach the Exit with a Movement Point left to step out walks only there."""
    card = state.card
    if card is None:
        return moves
    hero = state.hero(card.hero)
    goal = goal_of(state)
    here = _far(state, hero.square, goal)
    carrier = TOTEM in hero.inventory
    if carrier and hero.square is not None:
        scene, mover, exits = scene_of(state), mover_of(hero), LAYOUTS[state.quest].entry
        out = [m for m in moves if m.path[-1] in exits
               and _spent(path_route(scene, mover, hero.square, m.path)) < card.mp]
        if out:
            return out
    useful = [m for m in moves if _far(state, m.path[-1], goal) < here
              or (not carrier and _enemy_near(state, m.path[-1]))]
    return sorted(useful, key=lambda m: (_far(state, m.path[-1], goal), len(m.path)))[:8]


def _spent(route: Route | str) -> float:
    return route.mp if isinstance(route, Route) else math.inf


def _weakest(faces: list[tuple[Any, int]], table: Any, rerolls: list[Reroll]) -> list[Reroll]:
    """The one re-roll worth making: every die showing the lowest result, when any shows less than Orange."""
    levels = [table[colour][face - 1] for colour, face in faces]
    weak = [n for n, level in enumerate(levels) if level < Level.ORANGE]
    return [r for r in rerolls if r.dice == weak]


def _hero_phase(state: QuestState, actions: list[Any]) -> list[Any]:
    card = state.card
    kept = [a for a in actions if not isinstance(a, Face | Discard | Rekup | Equip | Unequip)]
    if card is not None:
        attacks = [a for a in kept if isinstance(a, Attack)]
        walks = _moves(state, [a for a in kept if isinstance(a, Move)])
        leave = [a for a in kept if isinstance(a, Leave)]
        if leave:
            return leave  # the Totem goes out: the Quest is won
        doors = [a for a in kept if isinstance(a, OpenDoor) and a.door not in state.open_doors]
        rest = [*attacks, *walks, *doors]
        finish = [a for a in kept if isinstance(a, Finish)] if not rest else []
        drinks = [a for a in kept if isinstance(a, Drink) and state.hero(a.hero).damage >= 2]
        return [*rest, *finish, *drinks] or kept
    kept = [a for a in kept if not isinstance(a, Drink) or state.hero(a.hero).damage >= 2]
    if state.active is not None:
        hero = state.hero(state.active)
        cards = [a for a in kept if isinstance(a, UseSkill) and a.hero == hero.code and _worth_playing(state, hero, a)]
        kept = [a for a in kept if not isinstance(a, UseSkill)] + cards
        if cards and hero.ap > 0:
            kept = [a for a in kept if not isinstance(a, EndActivation)]
        kept = [a for a in kept if not isinstance(a, BuyAP) or (a.hero == hero.code and hero.ap + hero.extra == 0)]
    return kept


def _worth_playing(state: QuestState, hero: Hero, action: UseSkill) -> bool:
    """A card that moves is worth playing; one that only attacks, when there is something in reach."""
    card = Card(hero=hero.code, skill=action.skill, enhanced=action.enhanced)
    effect = effect_of(card)
    if effect.move:
        return True
    return bool(attack_moves(state, hero, card))


class QuestTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float] | None:
        """One chance for the whole table (`chance`): everyone wins or everyone loses."""
        return standing(state) if isinstance(state, QuestState) else None

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        if not isinstance(state, QuestState) or len(actions) < 2:
            return actions
        if state.ask is not None and state.ask.kind in ("place", "ringer"):  # a tie the party settles: each
            return actions  # answer is worth a thought (few, and the search weighs where the Enemies stand)
        if state.held is not None:  # the Hero's own dice are down
            rerolls = [a for a in actions if isinstance(a, Reroll)]
            weak = _weakest(state.held.faces.attack, ATTACK_FACES, rerolls)
            return [a for a in actions if not isinstance(a, Reroll)] + weak
        strike = state.enemy_turn.strike if state.enemy_turn is not None else None
        if strike is not None:  # an Enemy's Attack is rolled on the Hero
            rerolls = [a for a in actions if isinstance(a, Reroll)]
            weak = _weakest(strike.faces.defence, DEFENCE_FACES, rerolls) if strike.faces is not None else []
            return [a for a in actions if not isinstance(a, Reroll)] + weak
        if state.phase is Phase.END:
            return [a for a in actions if isinstance(a, Resurrect | EndTurn)] or actions
        return _hero_phase(state, actions) or actions

    def play_out(self, state: Any, player: PlayerId, actions: list[Any], pick: Any) -> Any:
        """The rest of the activation as the computer would play it: a sensible move, its kind drawn first."""
        return kind_first(self.sensible(state, player, actions), pick)

    def substance(self, state: Any) -> Any:
        assert isinstance(state, QuestState)
        heroes = tuple((h.code, h.square, h.facing, h.damage, h.dead, h.left, tuple(h.hands), tuple(h.body),
                        tuple(sorted(h.inventory)), tuple(sorted(h.conditions.items()))) for h in state.heroes)
        enemies = tuple((e.id, e.square, e.facing, e.damage, e.alert) for e in state.enemies)
        return (heroes, enemies, tuple(sorted(state.open_doors)), tuple(sorted(state.destroyed_doors)),
                tuple(sorted(state.explored)), tuple((t.square, t.kind) for t in state.tokens), state.alert,
                state.badass, state.limit, state.won)


TACTICS = QuestTactics()

__all__ = ["TACTICS", "QuestTactics", "chance", "goal_of", "health", "progress", "standing", "walking"]
