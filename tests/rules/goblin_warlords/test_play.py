"""The game so far played with random legal moves, as the self-play tests play every registered game:
every legal move is accepted, the log replays to the same state, the chips stay all accounted for, and
the play goes through B3 (moves, passages, underground travel, levies) and B5 to the end of the game
(a victory, or the house set's end after game turn 12), with placings."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.goblin_warlords.models import Move
from tests.rules.goblin_warlords.helpers import GAME, seats
from tests.rules.goblin_warlords.test_secrets import conserved


def test_random_legal_play_reaches_the_end_of_the_game_and_replays() -> None:
    turns, moved = 0, 0
    for seed in range(8):
        count = 2 + seed % 3
        state = GAME.new(seats(count), None, seed)
        chooser = Dice(seed=1000 + seed)
        log = []
        while (prompts := GAME.prompts(state)) and len(log) < 2000:
            player = prompts[chooser.draw(len(prompts)) - 1].player
            legal = GAME.legal_actions(state, player)
            assert legal, (seed, player)
            action = legal[chooser.draw(len(legal)) - 1]
            log.append((player, action))
            state = GAME.apply(state, player, action).state
            conserved(state)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.placings[0] == state.winners, (seed, state.turn)
        assert sorted(p for group in outcome.placings for p in group) == state.players
        turns += state.turn
        moved += sum(isinstance(a, Move) for _, a in log)
        assert GAME.replay(seats(count), None, seed, log).model_dump() == state.model_dump()
    assert turns > 8 and moved


def test_a_few_whole_games_per_player_count_end_with_chips_conserved() -> None:
    # the quick self-play check (`tests/rules/goblin_warlords/selfplay.py` plays 20 a count by hand)
    from tests.rules.goblin_warlords.selfplay import play

    for players in (2, 3, 4):
        assert play(players, 40 + players).turn >= 1
        assert play(players, 50 + players, sensible=True).turn >= 1
