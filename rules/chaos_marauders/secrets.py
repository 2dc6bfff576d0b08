"""What Chaos Marauders hides: the order of the draw pile (L764-765), from everyone, and the card just
drawn while its drawer decides on it, from everyone but the drawer (and the owners of Gits in the
drawer's lines, who see what the drawer means to do with it: L220-226, C8). The drawer places the
Chaos Marauders quietly and the others must spot it on the table (L37-57): once placed, a card lies
face up like any other. Declared once, so the view shows the pile only as a count and the drawn card
only to those who may see it, and a computer player's picture of the game holds the unseen cards
sorted (a fixed stand-in) or freshly shuffled (a world it imagines)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from rules.chaos_marauders import table as t
from rules.chaos_marauders.data import DECK, MARAUDERS
from rules.chaos_marauders.models import CMState
from rules.core.dice import Dice
from rules.core.secrets import Secret, Spot

PILE = "pile"
DRAWN = "drawn"
MARAUDERS_CARD = DECK.index(MARAUDERS)


def drawn_seen_by(state: CMState) -> frozenset[str] | None:
    """Who may see the card being decided on: its drawer, and while the drawer's stated use of it waits
    for the Git owners, those owners too. None when no card is hidden: none is drawn, or it is Dagromm
    or Odlugg, which act in the open the moment they are drawn."""
    if state.drawn is None or (state.intent is not None and state.intent.get("type") == "obey"):
        return None
    if state.intent is not None:
        return frozenset({state.current, *t.gits_against(state, state.current)})
    return frozenset({state.current})


class UnseenCards(Secret[CMState]):
    """Which card comes next is hidden from everyone; which cards are in the pile is not (anyone
    could count the cards on the table), so a veiled pile holds the same cards in another order. The
    card being decided on is one of those unseen cards for everyone who may not see it: veiled, it is
    any card of the pile and the one drawn, the rest making the pile."""

    name = "unseen cards"

    def spots(self, state: CMState) -> Iterable[Spot]:
        found = [Spot(PILE, frozenset())] if len(state.pile) > 1 else []
        seen_by = drawn_seen_by(state)
        if seen_by is not None:
            found.append(Spot(DRAWN, seen_by))
        return found

    def read(self, state: CMState, key: Hashable) -> Any:
        return state.drawn if key == DRAWN else list(state.pile)

    def veil(self, state: CMState, spots: Sequence[Spot], chooser: Dice | None) -> None:
        keys = {spot.key for spot in spots}
        if not keys:
            return
        pool = list(state.pile)
        drawn = DRAWN in keys and state.drawn is not None
        if drawn:
            assert state.drawn is not None
            pool.append(state.drawn)
        if chooser is None:
            pool.sort()
        else:
            shuffled = []
            while pool:
                shuffled.append(pool.pop(chooser.draw(len(pool)) - 1))
            pool = shuffled
        if not drawn:
            state.pile = pool
            return
        was = state.drawn
        state.drawn, state.pile = pool[0], pool[1:]
        # "the Marauders was drawn this turn" would tell what is hidden while it is the card decided on
        # (a Marauders drawn and placed earlier in the turn lies on the table for all to see)
        if state.drawn == MARAUDERS_CARD:
            state.marauders_turn = state.turn
        elif was == MARAUDERS_CARD or state.marauders_turn != state.turn:
            state.marauders_turn = None


UNSEEN = UnseenCards()
SECRETS: tuple[Secret[Any], ...] = (UNSEEN,)

__all__ = ["DRAWN", "PILE", "SECRETS", "UNSEEN", "UnseenCards", "drawn_seen_by"]
