"""The slice played with random legal moves, as the self-play tests play every registered game: every
legal move is accepted, the log replays to the same state, and the play reaches B3 (where this slice
stops) with the chips all accounted for."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.goblin_warlords.models import Phase
from tests.rules.goblin_warlords.helpers import GAME, seats
from tests.rules.goblin_warlords.test_secrets import conserved


def test_random_legal_play_reaches_b3_and_replays() -> None:
    for seed in range(12):
        count = 2 + seed % 3
        state = GAME.new(seats(count), None, seed)
        chooser = Dice(seed=1000 + seed)
        log = []
        while prompts := GAME.prompts(state):
            player = prompts[chooser.draw(len(prompts)) - 1].player
            legal = GAME.legal_actions(state, player)
            assert legal, (seed, player)
            action = legal[chooser.draw(len(legal)) - 1]
            log.append((player, action))
            state = GAME.apply(state, player, action).state
            conserved(state)
        assert state.phase is Phase.MARCH and state.turn == 1 and state.current == state.order[0]
        assert all(GAME.legal_actions(state, p) == [] for p in state.players)
        assert GAME.replay(seats(count), None, seed, log).model_dump() == state.model_dump()
