"""What OrcQuest hides, declared once (`rules.core.secrets`): the order of every deck (Events, Loot,
Patrols) and of every Presence reserve, face down and shuffled, hidden from every seat alike
(L253-256; reading a3). Nothing is private to one player; unexplored Rooms hold nothing yet (their
contents are drawn from the reserves as they are explored), so the reserves are their secret.

A computer's picture of the Quest keeps each pile's cards and deals them again: sorted for the
fixed stand-in, shuffled for an imagined world.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from rules.core.dice import Dice
from rules.core.secrets import Secret, Spot
from rules.orcquest.models import Phase, QuestState

DECKS = ("events", "loot", "patrols")


class Piles(Secret[QuestState]):
    """The face-down piles: a deck by its field name, a reserve as ("reserve", its name)."""

    name = "piles"

    def spots(self, state: QuestState) -> Iterable[Spot]:
        if state.phase is Phase.OVER:
            return
        for deck in DECKS:
            if len(getattr(state, deck)) > 1:
                yield Spot(deck, frozenset())
        for reserve, tokens in sorted(state.reserves.items()):
            if tokens:
                yield Spot(("reserve", reserve), frozenset())

    def read(self, state: QuestState, key: Hashable) -> Any:
        return tuple(self._pile(state, key))

    @staticmethod
    def _pile(state: QuestState, key: Hashable) -> list[str]:
        if isinstance(key, tuple):
            return state.reserves[key[1]]
        return getattr(state, str(key))  # type: ignore[no-any-return]

    def veil(self, state: QuestState, spots: Sequence[Spot], chooser: Dice | None) -> None:
        for spot in spots:
            pile = self._pile(state, spot.key)
            cards = sorted(pile)
            if chooser is not None:
                for i in range(len(cards) - 1, 0, -1):
                    j = chooser.draw(i + 1) - 1
                    cards[i], cards[j] = cards[j], cards[i]
            pile[:] = cards


PILES = Piles()
SECRETS: tuple[Secret[QuestState], ...] = (PILES,)

__all__ = ["DECKS", "PILES", "Piles", "SECRETS"]
