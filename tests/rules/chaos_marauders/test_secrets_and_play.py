"""What Chaos Marauders hides (the order of the pile, L764-765) and random games: 2 and 4 players
finish without error and replay identically from their seeds and logs, shouts included."""

from __future__ import annotations

from typing import Any

import pytest

from rules.chaos_marauders import GAME
from rules.chaos_marauders.models import Shout
from rules.core.dice import Dice
from rules.core.selfplay import play_random, random_seats
from tests.rules.chaos_marauders.helpers import table


def test_the_view_shows_how_many_cards_the_pile_holds_never_their_order() -> None:
    state = table(["hak", "claws", "grivziz", "spittledung"])
    view = GAME.view(state, "ann")
    assert view.pile == 3 and "pile" not in view.model_dump_json().replace('"pile":3', "")
    shuffled = GAME.determinize(GAME.seen_by(state, "ann"), "ann", Dice(seed=4))
    assert sorted(shuffled.pile) == sorted(state.pile)
    assert GAME.seen_by(state, "ann").pile == sorted(state.pile)
    assert GAME.view(shuffled, "ann").model_dump() == view.model_dump()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_finish_and_replay_identically(players: int, seed: int) -> None:
    result = play_random(GAME, players, seed)
    assert result.finished and GAME.outcome(result.state) is not None
    again = GAME.replay(result.state.seats, None, seed, result.log)
    assert again.model_dump() == result.state.model_dump()
    assert play_random(GAME, players, seed).log == result.log


def _with_shouts(players: int, seed: int) -> tuple[Any, list[tuple[str, Any]]]:
    """A random game where, before each move, someone else may shout (rightly or wrongly), each shout
    naming the turn it is about as a button carries it."""
    chooser = Dice(seed=seed)
    seats = random_seats(players, chooser)
    state = GAME.start(seats, None, seed).state
    log: list[tuple[str, Any]] = []
    while GAME.outcome(state) is None and len(log) < 3000:
        shouters = [s.player for s in seats if Shout(turn=state.turn) in GAME.legal_actions(state, s.player)]
        if shouters and chooser.draw(6) == 1:
            move: tuple[str, Any] = (chooser.pick(shouters, "shouter"), Shout(turn=state.turn))
        else:
            waiting = GAME.waiting_for(state)
            player = waiting[0] if len(waiting) == 1 else chooser.pick(waiting, "who")
            move = (player, chooser.pick(GAME.legal_actions(state, player), "move"))
        state = GAME.apply(state, *move).state
        log.append(move)
    return state, log


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_shouts_finish_and_replay(players: int) -> None:
    state, log = _with_shouts(players, 7)
    assert GAME.outcome(state) is not None and any(isinstance(a, Shout) for _, a in log)
    assert GAME.replay(state.seats, None, 7, log).model_dump() == state.model_dump()
