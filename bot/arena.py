"""`zagjan arena`: how much stronger the `normal` computer is than `easy` ones.

One `normal` player against `easy` players, its seat rotated game by game; it wins a game's
share when it is among the winners (a shared win counts as a share). Games run in parallel worker
processes; each game is fully determined by the seed.
"""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pydantic import BaseModel

from rules.core.computer import Level, decide
from rules.core.dice import Dice, _splitmix64
from rules.core.search import Budget
from rules.core.selfplay import random_seats
from rules.registry import GAMES


class GameResult(BaseModel):
    share: float = 0.0  # of the first place, for the normal player
    error: str | None = None
    think_ms: list[float] = []


def play_one(slug: str, players: int, seed: int, normal_seat: int, iterations: int = Budget.iterations,
             max_actions: int = 5000) -> GameResult:
    """One arena game: seat `normal_seat` is the `normal` computer, the others `easy`."""
    game = GAMES[slug]
    seats = random_seats(players, Dice(seed=seed ^ 0x5EED5EED), game.seat_pick)
    searcher = seats[normal_seat].player
    result = GameResult()
    try:
        state = game.start(seats, None, seed).state
        for count in range(max_actions):
            if game.outcome(state) is not None:
                break
            waiting = game.waiting_for(state)
            player = waiting[count % len(waiting)]
            level = Level.NORMAL if player == searcher else Level.EASY
            started = time.perf_counter()
            action = decide(game, game.seen_by(state, player), player, level, _splitmix64(seed + count),
                            Budget(iterations=iterations))
            if level is Level.NORMAL:
                result.think_ms.append((time.perf_counter() - started) * 1000)
            state = game.apply(state, player, action).state
        outcome = game.outcome(state)
        if outcome is None:
            result.error = "did not finish"
        elif outcome.won_by(searcher):
            result.share = 1.0 / len(outcome.winners())
    except Exception as exc:  # an arena counts a broken game, it does not stop on one
        result.error = f"{type(exc).__name__}: {exc}"
    return result


def arena(slug: str, games: int, seed: int, players: int | None = None, workers: int = 1,
          iterations: int = Budget.iterations) -> dict[str, Any]:
    """`games` games of `slug` (seeds drawn from `seed`), the `normal` seat rotated; one JSON-ready dict."""
    game = GAMES[slug]
    count = players or game.usual_table()
    jobs = [(slug, count, _splitmix64(seed * 1_000_003 + n) >> 2, n % count, iterations) for n in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_one, *zip(*jobs, strict=True)))
    else:
        results = [play_one(*job) for job in jobs]
    wins = sum(r.share for r in results)
    thinks = [t for r in results for t in r.think_ms]
    return {"game": slug, "games": games, "players": count, "wins": round(wins, 2),
            "win_rate": round(wins / games, 3) if games else 0.0, "baseline": round(1 / count, 3),
            "errors": sum(1 for r in results if r.error is not None),
            "think_ms_p50": round(statistics.median(thinks), 1) if thinks else 0.0}
