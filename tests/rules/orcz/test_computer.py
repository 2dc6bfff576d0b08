"""What Orcz's computer players weigh (`Orcz.standing`, read by the search): the Slaves each Warlord
holds, what the Battlefields still to be resolved would pay as their ranks stand (seed 003 L229-284:
the strongest Warlord takes the primary where the Challenge falls and pays it where it holds), and
whether the war can still be won at all (L323-328: fewer than three Battlefields cleared, everybody
loses)."""

from __future__ import annotations

from rules.orcz import GAME
from rules.orcz.models import Phase
from tests.rules.orcz.helpers import battle


def test_leading_where_the_challenge_falls_is_worth_more_than_leading_where_it_holds() -> None:
    # a 3/1 needs 12 with four Warlords (L233-236); p1 leads the line in both positions
    falls = battle([("p1", "G3", "C3", "left"), ("p1", "A3", "G2", "left"), ("p2", "G2", "C1", "left")])
    holds = battle([("p1", "G3", "C3", "left"), ("p2", "G1", "C1", "left")])
    assert sum(GAME.strengths(falls, falls.front("anvil").ranks).values()) >= GAME.need(falls, 1)
    assert sum(GAME.strengths(holds, holds.front("anvil").ranks).values()) < GAME.need(holds, 1)
    won, change = GAME._projection(falls, falls.front("anvil"))
    assert won and change["p1"] == 3 and change["p2"] > 0  # the primary, and a share of the secondary
    lost, change = GAME._projection(holds, holds.front("anvil"))
    assert not lost and change["p1"] == -3
    assert GAME.standing(falls)["p1"] > GAME.standing(holds)["p1"]
    assert GAME.standing(falls)["p1"] > GAME.standing(falls)["p2"]


def test_a_war_that_cannot_be_won_is_worth_almost_nothing_to_anyone() -> None:
    # L323-328: with too many Challenges left for the turns, nobody can win
    state = battle([("p1", "G3", "C3", "left"), ("p2", "G1", "C1", "left")])
    hopeful = sum(GAME.standing(state).values())
    state.turn = state.turns  # the last turn: only Battlefields cleared by its end count
    for front in state.fronts:
        front.stack = 2
    assert sum(GAME.standing(state).values()) < 0.02 < 0.1 < hopeful
    state.phase = Phase.OVER
    assert GAME.standing(state) is None
