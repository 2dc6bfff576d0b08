"""Orcz for computer players: which moves are worth a thought and what a move must change.

The search (`rules.core.search`) is the same for every game; the engine's `standing` weighs the
Slaves and the chance that the war is won at all. A search in dealt worlds cannot value what a look
would teach, so the Scout is sent by rule: at the face-down card of the opponent's rank standing
right in front of one of the computer's own ranks on the Battlefield being resolved, the card its
next struggle would meet (L161-166, L306-308), whether the game is waiting for it or for someone
else. With the phrase timer on, a computer shouts Gnorish! at a slow Warlord as soon as it may
(L50-54: any Warlord may; our reading: most chaos, always).
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics
from rules.orcz.models import Gnorish, OrczState, Phase, Scout


def scout_aim(state: OrczState, player: PlayerId) -> Scout | None:
    """Where `player`'s Scout is worth sending now: the hidden card of an opponent's rank right in
    front of one of `player`'s ranks in the line being resolved, the rearmost such one (its struggle
    is decided first); None when there is none, or no Scout."""
    if state.phase is not Phase.STRUGGLE or state.current is None:
        return None
    front = state.front(state.current)
    seen = {look.rank for look in state.looks if look.by == player}
    for place in range(len(front.ranks), 1, -1):  # the rear first; the first rank has nothing ahead
        mine, ahead = front.ranks[place - 1], front.ranks[place - 2]
        if (mine.owner == player and ahead.owner != player and ahead.hidden is not None
                and ahead.id not in seen and not mine.broken and not mine.heroic):
            return Scout(field=front.field, rank=place - 1)
    return None


class OrczTactics(Tactics):
    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """The Scout is sent where it is worth it (`scout_aim`), before anything else the computer is
        asked; anywhere else it waits. A shout (Gnorish) is made whenever it may be."""
        if not isinstance(state, OrczState):
            return actions
        shouts = [a for a in actions if isinstance(a, Gnorish)]
        if shouts:
            return shouts
        scouts = [a for a in actions if isinstance(a, Scout)]
        if scouts:
            aim = scout_aim(state, player)
            if aim is not None and aim in scouts:
                return [aim]
            actions = [a for a in actions if not isinstance(a, Scout)] or actions
        return actions

    def out_of_turn(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """What a computer does while the game waits for someone else: shout at a slow Warlord (the
        phrase timer), or send its Scout where it is worth it."""
        if not isinstance(state, OrczState):
            return []
        shouts = [a for a in actions if isinstance(a, Gnorish)]
        if shouts:
            return shouts[:1]
        aim = scout_aim(state, player)
        return [aim] if aim is not None and aim in actions else []

    def substance(self, state: Any) -> Any:
        assert isinstance(state, OrczState)
        fronts = tuple((f.field.value, f.challenge, f.stack,
                        tuple((r.id, r.left, r.right, r.revealed) for r in f.ranks),
                        tuple((r.id, r.left, r.right) for r in f.aside)) for f in state.fronts)
        warlords = tuple((w.player, w.slaves, tuple(w.hand), tuple(w.spent)) for w in state.warlords)
        return fronts, warlords, tuple((look.by, look.rank) for look in state.looks)


TACTICS = OrczTactics()

__all__ = ["TACTICS", "OrczTactics", "scout_aim"]
