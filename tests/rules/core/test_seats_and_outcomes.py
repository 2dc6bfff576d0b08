"""What a game declares at the table (issue 23, "seats and outcomes for any game"): what a player
picks as they sit down, its player counts, and its kind of outcome — placings, teams, or a
co-operative table that wins or loses together. Checked on Hold the Gate, a tiny co-operative
game of the tests, and on every registered game.
"""

from __future__ import annotations

import pytest

from rules.core.dice import Dice, ScriptedDice
from rules.core.engine import Outcome, OutcomeKind, Seat
from rules.core.errors import RuleViolation
from rules.core.search import placing_rewards
from rules.core.selfplay import play_random, random_seats
from rules.registry import GAMES
from tests.rules.core.gate import HERO, Hold, HoldTheGate

GATE = HoldTheGate()
SEATS = [Seat(player="ann", name="Ann", pick="grubz"), Seat(player="bo", name="Bo", colour=1)]


def held(faces: list[int], **options: int) -> Outcome | None:
    """A game of Hold the Gate with the dice landing on `faces`, one Hold after another."""
    state = GATE.start(SEATS, dict(options), 1).state
    for face in faces:
        state = GATE.apply(state, GATE.waiting_for(state)[0], Hold(), dice=ScriptedDice([face])).state
    return GATE.outcome(state)


def test_a_cooperative_table_wins_together() -> None:
    outcome = held([6, 6], horde=12)
    assert outcome is not None and outcome.kind is OutcomeKind.COOPERATIVE and outcome.won
    assert outcome.winners() == ["ann", "bo"] and outcome.won_by("ann") and outcome.won_by("bo")
    assert placing_rewards(outcome, ["ann", "bo"]) == {"ann": 1.0, "bo": 1.0}


def test_a_cooperative_table_loses_together() -> None:
    outcome = held([1, 1, 1, 1], horde=12, rounds=2)
    assert outcome is not None and outcome.kind is OutcomeKind.COOPERATIVE and not outcome.won
    assert outcome.winners() == [] and not outcome.won_by("ann") and not outcome.won_by("bo")
    assert outcome.place_of("ann") == outcome.place_of("bo")  # nobody beat anybody
    assert placing_rewards(outcome, ["ann", "bo"]) == {"ann": 0.0, "bo": 0.0}


def test_a_player_removed_from_a_winning_table_does_not_win() -> None:
    outcome = held([6, 6]).put_last(["bo"])
    assert outcome.won and outcome.winners() == ["ann"] and not outcome.won_by("bo")


def test_teams_win_and_lose_as_sides() -> None:
    outcome = Outcome.of_teams([["a", "c"], ["b", "d"]], 1)
    assert outcome.kind is OutcomeKind.TEAMS and outcome.placings == [["b", "d"], ["a", "c"]]
    assert outcome.winners() == ["b", "d"] and outcome.place_of("a") == 3
    draw = Outcome.of_teams([["a", "c"], ["b", "d"]], None)
    assert draw.placings == [["a", "c", "b", "d"]] and draw.winners() == ["a", "c", "b", "d"]


def test_placings_win_for_the_first_place_only() -> None:
    outcome = Outcome(placings=[["a", "b"], ["c"]])
    assert outcome.kind is OutcomeKind.PLACINGS and outcome.winners() == ["a", "b"] and not outcome.won_by("c")


def test_the_seat_pick_is_read_through_the_declaration() -> None:
    state = GATE.start(SEATS, None, 1).state
    assert [HERO.of(s) for s in state.seats] == ["grubz", "smasha"]  # Bo said nothing: the default
    quiet = GATE.start([Seat(player=p, name=p.title()) for p in ("ann", "bo", "cy")], None, 1).state
    assert [s.pick for s in quiet.seats] == ["smasha", "grubz", "nogg"]  # a unique pick: the first still free
    assert HERO.chosen("nogg the wise") == "nogg" and HERO.chosen("", taken=["smasha"]) == "grubz"
    with pytest.raises(RuleViolation, match="Grubz is taken"):
        HERO.chosen("grubz", taken=["grubz"])
    with pytest.raises(RuleViolation, match="no hero called 'Gimli'"):
        HERO.chosen("Gimli")


def test_the_rules_refuse_a_pick_they_do_not_know_or_one_taken_twice() -> None:
    with pytest.raises(RuleViolation, match="not one of"):
        GATE.start([Seat(player="ann", name="Ann", pick="elf")], None, 1)
    with pytest.raises(RuleViolation, match="cannot pick the same hero"):
        GATE.start([Seat(player="ann", name="Ann", pick="nogg"), Seat(player="bo", name="Bo", pick="nogg")], None, 1)


def test_random_seats_take_free_unique_picks() -> None:
    seats = random_seats(3, Dice(seed=4), HERO)
    assert sorted(s.pick for s in seats) == ["grubz", "nogg", "smasha"]
    assert {s.pick for s in random_seats(2, Dice(seed=4), None)} == {""}


def test_a_seat_takes_no_stray_field() -> None:
    # a misspelt or retired field is an error, not a silent default
    with pytest.raises(ValueError):
        Seat(player="ann", name="Ann", brood="iron")  # type: ignore[call-arg]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_declares_the_player_counts_its_rules_accept(slug: str) -> None:
    game = GAMES[slug]
    for count in range(game.min_players, game.max_players + 1):
        seats = random_seats(count, Dice(seed=count), game.seat_pick)
        try:
            game.start(seats, None, 0)
            accepted = True
        except RuleViolation:
            accepted = False
        assert accepted == (count in game.table_sizes()), (slug, count)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_ends_with_the_kind_of_outcome_it_declares(slug: str) -> None:
    game = GAMES[slug]
    result = play_random(game, max(game.table_sizes()), 3)
    outcome = game.outcome(result.state)
    assert outcome is not None and outcome.kind is game.outcome_kind
    # winners, unless the game says nobody won (a lost co-operative table, a war every player lost)
    assert bool(outcome.winners()) == outcome.won and all(outcome.won_by(p) for p in outcome.winners())


def test_a_game_of_placings_may_end_with_nobody_winning() -> None:
    # the players still ranked, but nobody won (seed 003 L324-326: every Warlord loses)
    outcome = Outcome(placings=[["ann"], ["bo", "cy"]], won=False)
    assert outcome.kind is OutcomeKind.PLACINGS and outcome.winners() == [] and not outcome.won_by("ann")
    assert outcome.place_of("bo") == 2
