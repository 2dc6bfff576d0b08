"""Self-play of goblin warlords from a test helper: whole games of random legal moves (the kind drawn
first, as `zagjan simulate`'s easy players pick them), or of the computer's sensible moves, each checked
for chips conserved and an outcome at the end.

Run by hand for the bigger count: `python -m tests.rules.goblin_warlords.selfplay [random|sensible] [games]`.
Measured on the shared 2-core machine (20 games each, 2026-11-29): random play ends every game, in
game turn 12 or earlier, 0.2 s a game with 2 players (about 170 moves), 0.2 s with 3 (290 moves), 0.3 s
with 4 (380 moves), the longest 0.5 s; sensible play 0.2-0.5 s a game, the longest 1.1 s (4 players).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from rules.core.dice import Dice
from rules.core.search import picker
from rules.core.tactics import kind_first
from rules.goblin_warlords.computer import TACTICS
from tests.rules.goblin_warlords.helpers import GAME, seats
from tests.rules.goblin_warlords.test_secrets import conserved

MOST_MOVES = 5000
"""A game still going after this many moves is a fault (random games take a few hundred)."""


@dataclass
class Played:
    players: int
    seed: int
    moves: int
    turn: int
    seconds: float


def play(players: int, seed: int, *, sensible: bool = False) -> Played:
    """One whole game; raises if a chip goes missing, a move is refused or the game does not end."""
    started = time.perf_counter()
    state = GAME.new(seats(players), None, seed)
    chooser = Dice(seed=9000 + seed)
    pick = picker(chooser)
    moves = 0
    while prompts := GAME.prompts(state):
        assert moves < MOST_MOVES, (players, seed)
        player = prompts[chooser.draw(len(prompts)) - 1].player
        legal = GAME.legal_actions(state, player)
        if sensible:
            legal = TACTICS.sensible(state, player, legal)
        state = GAME.apply(state, player, kind_first(legal, pick)).state
        conserved(state)
        moves += 1
    assert GAME.outcome(state) is not None, (players, seed)
    return Played(players, seed, moves, state.turn, time.perf_counter() - started)


def main(argv: list[str]) -> None:
    sensible = bool(argv) and argv[0] == "sensible"
    games = int(argv[1]) if len(argv) > 1 else 20
    for players in (2, 3, 4):
        runs = [play(players, seed, sensible=sensible) for seed in range(games)]
        print(f"{players} players: {games} games, {sum(r.seconds for r in runs) / games:.2f} s a game "
              f"(longest {max(r.seconds for r in runs):.2f} s), {sum(r.moves for r in runs) / games:.0f} moves, "
              f"game turn {sum(r.turn for r in runs) / games:.1f} at the end")


if __name__ == "__main__":
    main(sys.argv[1:])
