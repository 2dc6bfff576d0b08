"""Where a game stands, as its view says it (`TableView.where`): the board's heading reads it, so a
game that counts otherwise than Game Turns says so itself (issue 25: Flying Pigs' "Turn 9" counted
Player Turns)."""

from __future__ import annotations

from rules.core.selfplay import play_random
from rules.core.views import TableView
from rules.registry import GAMES


def test_a_plain_view_counts_game_turns_once_play_has_begun() -> None:
    assert TableView(turn=3, phase="fight").where() == "Game Turn 3"
    assert TableView(turn=0, phase="fight").where() == "" and TableView(turn=2, phase="deployment").where() == ""


def test_flying_pigs_heads_its_board_with_the_game_turn_not_the_player_turn() -> None:
    # seed 000 I.5: a Game Turn is one Player Turn of each player, in the Pigtoss order
    game = GAMES["flying-pigs"]
    state = play_random(game, 4, 3, stop_after=60).state
    view = game.view(state, None)
    assert view.turn > len(view.order)  # several Game Turns in
    assert view.where() == f"Game Turn {(view.turn - 1) // len(view.order) + 1}"


def test_every_game_says_where_it_stands() -> None:
    for slug, game in GAMES.items():
        view = game.view(play_random(game, game.usual_table(), 3, stop_after=40).state, None)
        assert isinstance(view, TableView) and view.where(), slug
