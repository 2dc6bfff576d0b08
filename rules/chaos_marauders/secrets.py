"""The one secret of Chaos Marauders: the order of the draw pile (L764-765). Everything else lies
face up. Declared once, so the view shows the pile only as a count and a computer player's picture
of the game holds the pile sorted (a fixed stand-in) or freshly shuffled (a world it imagines)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from rules.chaos_marauders.models import CMState
from rules.core.dice import Dice
from rules.core.secrets import Secret, Spot

PILE = "pile"


class PileOrder(Secret[CMState]):
    """Which card comes next is hidden from everyone; which cards are in the pile is not (anyone
    could count the cards on the table), so a veiled pile holds the same cards in another order."""

    name = "pile order"

    def spots(self, state: CMState) -> Iterable[Spot]:
        return [Spot(PILE, frozenset())] if len(state.pile) > 1 else []

    def read(self, state: CMState, key: Hashable) -> Any:
        return list(state.pile)

    def veil(self, state: CMState, spots: Sequence[Spot], chooser: Dice | None) -> None:
        if not spots:
            return
        if chooser is None:
            state.pile = sorted(state.pile)
            return
        pool, shuffled = list(state.pile), []
        while pool:
            shuffled.append(pool.pop(chooser.draw(len(pool)) - 1))
        state.pile = shuffled


SECRETS: tuple[Secret[Any], ...] = (PileOrder(),)

__all__ = ["PILE", "PileOrder", "SECRETS"]
