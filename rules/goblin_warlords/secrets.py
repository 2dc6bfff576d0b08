"""What the goblin warlords game hides, declared once (`rules.core.secrets`):

- each player's hand (reading a6): its unit chips, its gold, the caravan chips not yet placed and
  its captives (L74), seen by the owner alone (a capture is announced, but what becomes of the
  captive is the holder's business);
- what a player's spies saw of other hands (L41; house set b7), his alone: in another seat's picture
  it stands in as nothing seen; how many chips it holds is public (chips held in a hand are counted at
  a glance);
- the two cups, seen by nobody: what is left in the tribe cup would tell what the hands hold;
- a battle's proposed strategy (L94-99), seen by its chooser alone until both sides' are in, or
  shown at once when the other side has a shaman and chooses after it (L102).

Chips are conserved: every unit chip is on the map, in a hand or in the tribe cup, and every gold
or caravan chip in a hand, on the map or in the gold cup. So a computer's picture of the game does
not invent chips one by one; it deals the chips it cannot see again among the places it cannot see
into, each keeping its public count (`Chips.veil`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from rules.core.dice import Dice
from rules.core.secrets import Hidden, Secret, Spot
from rules.goblin_warlords.combat import choices_for
from rules.goblin_warlords.data import GOLD, CaravanKind
from rules.goblin_warlords.models import GoblinState, Peek, Phase, Strategy

HAND = "hand"
CUP = "cup"
TRIBE_CUP = (CUP, "tribe")
GOLD_CUP = (CUP, "gold")


def hand_key(player: str) -> tuple[str, str]:
    return HAND, player


class Chips(Secret[GoblinState]):
    """Every hand's chips (its owner's) and the cups' (nobody's)."""

    name = "chips"

    def spots(self, state: GoblinState) -> Iterable[Spot]:
        if state.phase is Phase.OVER:
            return
        for warlord in state.warlords:
            yield Spot(hand_key(warlord.player), frozenset({warlord.player}))
        yield Spot(TRIBE_CUP, frozenset())
        yield Spot(GOLD_CUP, frozenset())

    def read(self, state: GoblinState, key: Hashable) -> Any:
        """A hand as (unit chips, gold, unplaced caravans, captives); a cup as its sorted chips."""
        if key == TRIBE_CUP:
            return tuple(sorted(state.tribe_cup))
        if key == GOLD_CUP:
            return tuple(sorted(state.gold_cup))
        warlord = state.warlord(key[1])  # type: ignore[index]
        return (tuple(sorted(warlord.units)), warlord.gold, tuple(sorted(warlord.caravans)),
                tuple(sorted(warlord.captives)))

    def veil(self, state: GoblinState, spots: Sequence[Spot], chooser: Dice | None) -> None:
        """Deal the veiled places' chips again among them, each keeping its count: unit chips among
        the hands and the tribe cup, gold and caravan chips among the hands and the gold cup. With
        `chooser` in a random order; without, sorted, so any two deals of the same chips agree."""
        keys = {spot.key for spot in spots}
        hands = [w for w in state.warlords if hand_key(w.player) in keys]
        units = [c for w in hands for c in (*w.units, *w.captives)]
        units += list(state.tribe_cup) if TRIBE_CUP in keys else []
        golds = [g for w in hands for g in [GOLD] * w.gold + [k.value for k in w.caravans]]
        golds += list(state.gold_cup) if GOLD_CUP in keys else []
        units = sorted(units) if chooser is None else _shuffled(units, chooser)
        golds = sorted(golds) if chooser is None else _shuffled(golds, chooser)
        for warlord in hands:
            count, chips = len(warlord.units), warlord.gold_chips
            warlord.units, units = units[:count], units[count:]
            held = len(warlord.captives)
            warlord.captives, units = units[:held], units[held:]
            dealt, golds = golds[:chips], golds[chips:]
            warlord.gold = dealt.count(GOLD)
            warlord.caravans = [CaravanKind(g) for g in dealt if g != GOLD]
        if TRIBE_CUP in keys:
            state.tribe_cup = units
        if GOLD_CUP in keys:
            state.gold_cup = golds


def _shuffled(items: list[Any], chooser: Dice) -> list[Any]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = chooser.draw(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


STRATEGY = "strategy"


def strategy_key(battle: int, player: str) -> tuple[str, int, str]:
    return STRATEGY, battle, player


def _strategy_spots(state: GoblinState) -> Iterable[Spot]:
    """A proposed strategy chosen for a battle (L94-99) is its chooser's until both are in; they are
    revealed together, as the battle is fought, and the battle leaves the list then."""
    for n, battle in enumerate(state.battles):
        for player in sorted(p for p in battle.chosen if p not in battle.shown):
            yield Spot(strategy_key(n, player), frozenset({player}))


def _put_strategy(state: GoblinState, key: Any, strategy: Strategy) -> None:
    state.battles[key[1]].chosen[key[2]] = strategy


PEEK = "peek"


def peek_key(player: str) -> tuple[str, str]:
    return PEEK, player


def _peek_spots(state: GoblinState) -> Iterable[Spot]:
    """What a player's spies saw (L41; house set b7) is his alone."""
    if state.phase is Phase.OVER:
        return
    for warlord in state.warlords:  # every player's, seen or not: whether a spy saw anything is no clue
        yield Spot(peek_key(warlord.player), frozenset({warlord.player}))


def _put_peeks(state: GoblinState, key: Any, peeks: tuple[Peek, ...]) -> None:
    state.warlord(key[1]).peeks = [p.model_copy() for p in peeks]


HANDS = Chips()
PEEKS: Hidden[GoblinState] = Hidden(
    name="peeks", find=_peek_spots, get=lambda state, key: tuple(state.warlord(key[1]).peeks), put=_put_peeks,
    possible=lambda state, key: [()])
"""Another player's peeks stand in as nothing seen: what his spy saw cannot be guessed."""
STRATEGIES: Hidden[GoblinState] = Hidden(
    name="strategies", find=_strategy_spots, get=lambda state, key: state.battles[key[1]].chosen.get(key[2]),
    put=_put_strategy, possible=lambda state, key: choices_for(state, key[2]))
SECRETS: tuple[Secret[GoblinState], ...] = (HANDS, STRATEGIES, PEEKS)

__all__ = ["CUP", "Chips", "GOLD_CUP", "HAND", "HANDS", "PEEK", "PEEKS", "SECRETS", "STRATEGIES", "STRATEGY", "TRIBE_CUP", "hand_key",
           "peek_key", "strategy_key"]
