"""What a game tells its computer players (`rules.core.search.Tactics`, found in the game's own
`computer.py`): the moves it leaves out are never all of them, and always legal ones; a move it
adds (one the listed moves only approximate) is one the rules accept."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.search import Tactics, tactics_of
from rules.core.selfplay import play_random
from rules.registry import GAMES


class _Nowhere:
    """A game that lives in no package with a `computer.py`."""


def test_a_game_without_a_computer_module_gets_the_plain_tactics() -> None:
    tactics = tactics_of(_Nowhere())  # type: ignore[arg-type]
    assert type(tactics) is Tactics
    assert tactics.sensible(None, "p1", [1, 2]) == [1, 2] and tactics.substance(None) is None


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_sensible_moves_are_some_of_the_legal_ones_and_substance_is_known(slug: str) -> None:
    game = GAMES[slug]
    tactics = tactics_of(game)
    assert type(tactics) is not Tactics, f"{slug} has no computer.py with TACTICS"
    run = play_random(game, game.usual_table(), 5)
    state: Any = play_random(game, game.usual_table(), 5, stop_after=0).state
    assert tactics.substance(state) is not None
    for n, (player, action) in enumerate(run.log):
        if n % 3 == 0:
            legal = game.legal_actions(state, player)
            kept = tactics.sensible(state, player, legal)
            keys = {game.dump_action(a) for a in legal}
            assert kept
            for a in kept:
                if game.dump_action(a) not in keys:
                    game.apply(state, player, a)  # an added move: the rules accept it (raises if not)
        state = game.apply(state, player, action).state
