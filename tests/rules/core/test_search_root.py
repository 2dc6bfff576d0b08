"""The search's root weighs the moves picked on the seat's own view in every imagined world, even a
world where the game's `Tactics.sensible` would pick others (one that reads what is hidden, or the
dice): before, such a world left the root nothing to choose from and the decision broke off with
`max() arg is an empty sequence` (seen in an arena of a Flying Pigs variant, three games in 96)."""

from __future__ import annotations

from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Budget, Searcher, Tactics
from tests.rules.flying_pigs.arena import GAME, table


class _Shifty(Tactics):
    """On the seat's own view, the first two legal moves; in every imagined world, two others."""

    def __init__(self, seen: Any) -> None:
        self.seen = seen

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        return actions[:2] if state is self.seen else actions[2:4]


def test_the_root_keeps_its_own_moves_in_a_world_that_would_pick_others() -> None:
    state = table(players=3)  # alice's Step 2 (I.5): many walks to choose from
    seen = GAME.seen_by(state, "alice")
    legal = GAME.legal_actions(seen, "alice")
    assert len(legal) >= 4
    searcher = Searcher(GAME, "alice", 5, Budget(iterations=12, depth=4))
    searcher.tactics = _Shifty(seen)
    assert searcher.decide(seen) in legal[:2]
