"""Goblin Warlords for computer players: how a warlord stands, and which of the many moves B3 offers are
worth a thought.

The standing weighs the road to either victory (lands and manned fortresses against 12 less the players;
leaders with armies in orclands against five), then what wins them: power on the map, leaders, gold and
the hand. A move list in B3 runs to hundreds (every path with every choice of units left behind, every
levy's choice of troops); a sensible warlord leaves nobody behind, levies all he can at once, marches into
enemies only when his army is the stronger, raids a caravan only with a charge, spies only to stir up an
enemy's troops or wreck a mine his enemy holds, builds the fortress he can pay while keeping gold for
reinforcements, and leaves the caves alone while there is anything else to do. Combat's own questions
(the damage's spread, the retreat, the extra move) are answered as an absent player's are: the engine's
spread, its retreat, staying put. Trading is left alone: offers are turned down and none made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics, win_chances
from rules.core.tactics import kind_first
from rules.goblin_warlords.combat import power
from rules.goblin_warlords.data import BOUGHT_PRICE, LEADERSHIP_LEADERS, chip, victory_lands
from rules.goblin_warlords.models import (
    AcceptTrade,
    AssignDamage,
    AttackCaravan,
    Build,
    ChooseBosses,
    ChooseStrategy,
    DestroyMine,
    Discard,
    EndTrading,
    EndTurn,
    ExtraMove,
    GoblinState,
    Levy,
    Move,
    OfferTrade,
    Phase,
    Redraw,
    Reinforce,
    RetreatTo,
    SpyEffect,
    Strategy,
    TradeForGold,
    Underground,
    UseSpy,
    Work,
)
from rules.goblin_warlords.rules import lands_and_fortresses, leaders_with_armies

SPREAD = 2.5
"""How many points of standing make a warlord about e times as likely to win as the one behind."""
FORTRESS_KEEP = BOUGHT_PRICE * 2
"""Gold a warlord keeps after building a fortress: enough to buy two units next turn."""


def score(state: GoblinState, player: PlayerId) -> float:
    """A warlord's standing in points: each step toward a victory is worth most, then the power he has on
    the map, his leaders, gold and units in hand."""
    need = victory_lands(len(state.warlords))
    lands = lands_and_fortresses(state, player)
    led = leaders_with_armies(state, player)
    on_map = sum(power([*([a.leader] if a.leader is not None else []), *a.units]) for a in state.armies
                 if a.owner == player and not a.lost)
    warlord = state.warlord(player)
    return (6.0 * max(lands / need, led / LEADERSHIP_LEADERS) + 1.2 * lands + 0.8 * led + 0.12 * on_map
            + 0.1 * warlord.gold + 0.05 * len(warlord.units))


def standing(state: GoblinState) -> dict[PlayerId, float] | None:
    if state.phase is Phase.OVER:
        return None
    return win_chances({p: score(state, p) for p in state.players}, SPREAD)


def _army(state: GoblinState, army_id: int) -> Any:
    return next((a for a in state.armies if a.id == army_id), None)


def _strength(state: GoblinState, territory: int, owner: PlayerId | None) -> int:
    return sum(power([*([a.leader] if a.leader is not None else []), *a.units]) for a in state.armies
               if a.territory == territory and a.owner == owner and not a.lost)


def _enemies(state: GoblinState, territory: int, player: PlayerId) -> int:
    return sum(power([*([a.leader] if a.leader is not None else []), *a.units]) for a in state.armies
               if a.territory == territory and a.owner != player and not a.lost)


def _marches(state: GoblinState, player: PlayerId, actions: Sequence[Any]) -> list[Any]:
    """B3's moves worth a thought (see the module's docstring)."""
    kept: list[Any] = []
    biggest: dict[int, Levy] = {}
    for action in actions:
        if isinstance(action, Move):
            moving = _army(state, action.army)
            if action.leave or moving is None:
                continue
            end = action.path[-1]
            theirs = _enemies(state, end, player)
            if theirs and _strength(state, moving.territory, player) <= theirs:
                continue
            kept.append(action)
        elif isinstance(action, Levy):
            best = biggest.get(action.leader)
            if best is None or len(action.units) > len(best.units):
                biggest[action.leader] = action
        elif isinstance(action, AttackCaravan):
            if action.strategy is Strategy.CHARGE:
                kept.append(action)
        elif isinstance(action, UseSpy):
            if action.effect is SpyEffect.INCITE or (
                    action.effect is SpyEffect.SABOTAGE and any(a.territory == action.territory and a.owner
                                                                not in (None, player) for a in state.armies)):
                kept.append(action)
        elif isinstance(action, Build):
            gold = state.warlord(player).gold
            if action.work is Work.MINE or gold - action.rating >= FORTRESS_KEEP:
                kept.append(action)
        elif not isinstance(action, Underground):
            kept.append(action)  # claims, end of the turn
    return [*kept, *biggest.values()]


def _discard(state: GoblinState, player: PlayerId, actions: Sequence[Discard]) -> list[Any]:
    """The discard that gives back the least: no leader, the weakest units."""
    def cost(action: Discard) -> tuple[int, int]:
        return sum(chip(c).is_leader for c in action.units), sum(chip(c).power for c in action.units)
    return [min(actions, key=cost)]


class GoblinTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float] | None:
        """Each warlord's road to victory, then his strength (`score`), as chances."""
        return standing(state) if isinstance(state, GoblinState) else None

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        if not isinstance(state, GoblinState) or not actions:
            return actions
        first = actions[0]
        if isinstance(first, ChooseBosses):
            return [a for a in actions if a.count == max(b.count for b in actions)]
        if isinstance(first, TradeForGold):
            return [a for a in actions if not a.units] or actions
        if any(isinstance(a, Redraw) for a in actions):
            return [a for a in actions if isinstance(a, Redraw)]
        if isinstance(first, Reinforce):
            return [max(actions, key=lambda a: a.bought)]
        if isinstance(first, AssignDamage | RetreatTo | ExtraMove):
            return [first]  # the engine's spread, its retreat, staying put
        if isinstance(first, ChooseStrategy):
            return [a for a in actions if a.strategy is not Strategy.FLEE] or actions
        if isinstance(first, Discard):
            return _discard(state, player, actions)
        if any(isinstance(a, OfferTrade | EndTrading) for a in actions):
            return [a for a in actions if isinstance(a, EndTrading)] or actions
        if isinstance(first, AcceptTrade):
            return [a for a in actions if not a.accept] or actions
        if any(isinstance(a, EndTurn) for a in actions):
            return _marches(state, player, actions) or actions
        return [a for a in actions if not isinstance(a, DestroyMine)] or actions

    def play_out(self, state: Any, player: PlayerId, actions: list[Any], pick: Any) -> Any:
        """The rest of the turn as the computer would play it: a sensible move, its kind drawn first."""
        return kind_first(self.sensible(state, player, actions), pick)

    def substance(self, state: Any) -> Any:
        assert isinstance(state, GoblinState)
        armies = tuple(sorted((a.owner or "", a.territory, a.leader or -1, tuple(a.units), a.gold, a.lost)
                              for a in state.armies))
        hands = tuple((w.player, tuple(sorted(w.units)), w.gold, tuple(w.caravans), tuple(w.captives))
                      for w in state.warlords)
        return (armies, hands, tuple(sorted(state.control.items())), tuple((f.territory, f.rating, f.owner)
                                                                          for f in state.fortresses),
                tuple(state.mines), tuple((c.id, c.step, c.power) for c in state.caravans))


TACTICS = GoblinTactics()

__all__ = ["FORTRESS_KEEP", "SPREAD", "TACTICS", "GoblinTactics", "score", "standing"]
