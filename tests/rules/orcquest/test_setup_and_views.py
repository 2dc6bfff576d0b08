"""Set-up, seats and what the table sees (seed 004 L230-266; reading a1-a3, a9)."""

from __future__ import annotations

import pytest

from rules.core.dice import Dice
from rules.core.errors import RuleViolation
from rules.orcquest.models import Activate, Phase, Place
from rules.orcquest.questions import PLACE
from tests.rules.orcquest.helpers import GAME, enemy, fresh, play, seats


@pytest.mark.parametrize(("count", "owned"), [
    (1, [["p1"]] * 4),
    (2, [["p1"], ["p1"], ["p2"], ["p2"]]),
    (3, [["p1"], ["p2"], ["p3"], ["p1", "p2", "p3"]]),
    (4, [["p1"], ["p2"], ["p3"], ["p4"]]),
])
def test_four_heroes_shared_by_the_seats(count: int, owned: list[list[str]]) -> None:
    # 004 L248-252 (4 players one each; 3 one each and a fourth by all; 2 two each; solo all four)
    state = fresh(count)
    assert [h.owners for h in state.heroes] == owned


def test_the_first_game_set_up() -> None:
    # 004 L243 (starting Stuff), L246 (off the board), L253-256 (decks shuffled, reserves face down),
    # L258 (the first game's reserves), L261 (Badass 0, Limit 30), L266 (Alert 1)
    state = GAME.new(seats(2), None, 7)
    assert all(h.square is None for h in state.heroes)
    assert state.hero("orrus").hands == ["axe"] and state.hero("orrus").body == ["leather"]
    assert state.hero("mek").hands == ["dagger", "dagger"]
    assert (state.badass, state.limit, state.alert, state.phase, state.turn) == (0, 30, 1, Phase.HERO, 1)
    assert len(state.events) == 20 and len(state.loot) == 16 and len(state.patrols) == 10
    assert sorted(state.reserves["main"]) == sorted(["peasant"] * 8 + ["peasant-x2", "dog", "dog"])
    assert [(t.square, t.kind) for t in state.tokens] == [("r7", "objective")]
    assert state.explored == []


def test_views_never_carry_the_hidden_orders() -> None:
    # 004 L253-256 (face down, shuffled); reading a3 (deck orders and reserves hidden from everyone)
    state = fresh(2)
    other = state.model_copy(deep=True)
    other.events.reverse()
    other.reserves["main"].reverse()
    other.loot.reverse()
    for viewer in (None, "p1", "p2"):
        assert GAME.view(state, viewer).model_dump() == GAME.view(other, viewer).model_dump()
    seen = GAME.view(state, "p1").model_dump()
    assert seen["reserves"] == {"main": 11, "A": 3} and seen["decks"]["events"] == 20
    assert GAME.seen_by(state, "p1").events == GAME.seen_by(other, "p1").events


def test_a_refused_move_changes_nothing() -> None:
    # rules/ contract: a RuleViolation with a sentence, the state untouched
    state = fresh(2)
    before = state.model_dump()
    with pytest.raises(RuleViolation, match="not yours"):
        play(state, Activate(hero="mek"), player="p1")
    assert state.model_dump() == before


def test_a_computers_imagined_quest_keeps_each_piles_cards_in_another_order() -> None:
    # reading a3 (deck orders and reserves hidden from all): `determinize` deals them again
    state = fresh(2)
    worlds = [GAME.determinize(GAME.seen_by(state, "p1"), "p1", Dice(seed=n)) for n in range(4)]
    assert all(sorted(w.events) == sorted(state.events) for w in worlds)
    assert all(sorted(w.reserves["main"]) == sorted(state.reserves["main"]) for w in worlds)
    assert len({tuple(w.events) for w in worlds}) > 1


def test_the_view_carries_danger_zones_and_groups_for_the_board() -> None:
    # 004 L304 (Danger Zones), L827-830 (groups); reading (e) (tinted zones, group outlines)
    state = fresh()
    a = enemy(state, "peasant", "e5", "E")
    b = enemy(state, "dog", "f6", "S")
    view = GAME.view(state, None).model_dump()
    assert view["danger_zones"] == ["f5"] and view["groups"] == [[a.id, b.id]]
    assert not any(e.alert for e in state.enemies)  # drawing the board alerts nobody


def test_the_view_carries_the_tied_squares_of_an_open_place_question_and_never_the_face_down_token() -> None:
    # 004 L483 (a token drawn face down), L488 (a token on a figure goes to the nearest empty square, the
    # players choosing among a tie), L499 (the figures of a x2 likewise); reading d7: the question lists
    # the tied squares in the channel, so the view carries them for the board, and nothing of the token
    state = fresh(2)
    state.explored = ["1", "2", "3"]
    state.reserves["A"] = ["peasant-x2", "chicken"]
    enemy(state, "dog", "g2", "S")
    assert GAME.view(state, None).tied_squares == []
    state = play(state, Activate(hero="thalla", entry="a1"), [5, 1]).state  # die 1 on g2, a War Dog's square
    assert state.ask is not None and state.ask.kind == PLACE and state.exploring is not None
    assert state.exploring.token is None  # still face down: drawn once it has its square
    options = ["f1", "g1", "h1", "f2", "h2", "f3", "g3", "h3"]
    for viewer in (None, "p1", "p2"):
        view = GAME.view(state, viewer)
        assert view.tied_squares == options and view.tied_ringers == []
        assert "peasant-x2" not in view.model_dump_json()
    other = state.model_copy(deep=True)
    other.reserves["A"] = ["chicken", "peasant-x2"]  # the other token on top: the same view
    assert GAME.view(other, None).model_dump() == GAME.view(state, None).model_dump()
    state = play(state, Place(square="h3"), [2]).state  # the Peasants face E; the second's tie, from h3
    assert GAME.view(state, None).tied_squares == ["h2", "g3"]
    state = play(state, Place(square="g3")).state  # die 2: a Chicken on f1
    assert state.ask is None and state.exploring is None
    assert GAME.view(state, None).tied_squares == []

