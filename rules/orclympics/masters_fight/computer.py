"""Masters' Fight for computer players: how a fight stands, and the moves not worth a thought.

The search (`rules.core.search`) is the same for every game; what it needs to know of this one is
here: `standing` (asked through `TACTICS`, for cut play-outs) and `TACTICS` (moves a sensible Orc never makes,
and what a move must change to have done something).
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics, win_chances
from rules.orclympics.masters_fight.models import (
    EndActivation,
    Fury,
    Grab,
    Item,
    MastersFightState,
    Orc,
    Recover,
    Smash,
    Stomp,
    is_down,
)

ITEM_WORTH: dict[Item, float] = {Item.MACE: 1.0, Item.SPEAR: 0.8, Item.SHIELD: 0.8, Item.HELMET: 0.6,
                                 Item.THROWING_AXE: 0.5}
"""What carrying an Item is worth, in Health Points: the Mace turns a shrug into a wound and a wound
into Proper fightin'; the Spear strikes from two squares; the Shield spoils one roll in six."""


def strength(state: MastersFightState, orc: Orc) -> float:
    """An Orc's worth in the fight: Health Points, a point for standing, and its Item."""
    if orc.out or orc.square is None:
        return 0.0
    down = is_down(state, orc)
    worth = orc.hp + (0.0 if down else 1.0)
    if orc.item is not None:
        worth += ITEM_WORTH[orc.item] * (0.5 if down else 1.0)
    return worth


def standing(state: MastersFightState) -> dict[PlayerId, float]:
    """Each Orc's rough chance to be the last one standing."""
    return win_chances({p: strength(state, o) if not o.out else -5.0 for p, o in state.orcs.items()}, spread=2.0)


class MastersFightTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float]:
        """Health, standing up, Items and prey in reach (`standing`)."""
        return standing(state)

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        # Feral Fury's second strike costs nothing: always take it
        if any(isinstance(a, Fury) for a in actions):
            return [a for a in actions if isinstance(a, Fury) and a.strike] or actions
        orc = state.orcs.get(player)
        useful = any(isinstance(a, (Smash, Stomp, Recover)) for a in actions) or any(
            isinstance(a, Grab) for a in actions) and orc is not None and orc.item is None
        if useful:
            return [a for a in actions if not isinstance(a, EndActivation)]
        return actions

    def substance(self, state: Any) -> Any:
        orcs = tuple((p, o.square, o.hp, o.knocked_down, o.item, o.out) for p, o in sorted(state.orcs.items()))
        return orcs, tuple(sorted(state.items.items()))


TACTICS = MastersFightTactics()

__all__ = ["ITEM_WORTH", "TACTICS", "MastersFightTactics", "standing", "strength"]
