"""`zagjan arena`: how much stronger the `normal` computer is than `easy` ones.

One `normal` player against `easy` players, its seat rotated game by game; it wins a game's
share when it is among the winners (a shared win counts as a share). Games run in parallel worker
processes; each game is fully determined by the seed. A line per finished game goes to stderr, so
the JSON report stays the last line of stdout.

It also counts the `normal` player's idle moves: a move that changes nothing of substance (the
game's `Tactics.substance`: positions, health, what is carried; not whose turn it is) in any of a
few dice worlds, chosen while another legal move would have changed something; and its idle
turns: runs of its decisions, one after another, that leave the substance as they found it (a walk
there and back again).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pydantic import BaseModel

from rules.core.computer import Level, decide
from rules.core.dice import Dice, _splitmix64
from rules.core.engine import Game, PlayerId
from rules.core.search import Budget, Tactics, tactics_of
from rules.core.selfplay import random_seats
from rules.registry import GAMES

WORLDS = 3
"""Dice worlds in which a move must change nothing to count as idle (a strike that may miss is
not idle)."""


class GameResult(BaseModel):
    share: float = 0.0  # of the first place, for the normal player
    error: str | None = None
    think_ms: list[float] = []
    choices: int = 0  # the normal player's decisions with more than one legal move
    idle: int = 0  # of those, moves that changed nothing while another would have
    idle_kinds: dict[str, int] = {}  # idle moves by their type
    turns: int = 0  # runs of the normal player's decisions, one after another, with a choice in them
    idle_turns: int = 0  # of those, runs that left the position as it found them (a walk there and back)


def changes_something(game: Game[Any, Any], tactics: Tactics, state: Any, player: PlayerId, action: Any,
                      worlds: list[Any]) -> bool:
    """Whether `action` changes the substance of the position in at least one of `worlds`."""
    for world in worlds:
        try:
            after = game.apply(world, player, action).state
        except Exception:  # noqa: BLE001 - a move a world refuses changes nothing there
            continue
        if tactics.substance(after) != tactics.substance(world):
            return True
    return False


def idle_move(game: Game[Any, Any], state: Any, player: PlayerId, action: Any, seed: int) -> bool | None:
    """Whether `action` is idle in `state`: it changes nothing of substance while another legal move
    would; None when the game does not say what its substance is."""
    tactics = tactics_of(game)
    if tactics.substance(state) is None:
        return None
    chooser = Dice(seed=seed)
    seen = game.seen_by(state, player)
    worlds = [game.determinize(seen, player, chooser) for _ in range(WORLDS)]
    if changes_something(game, tactics, state, player, action, worlds):
        return False
    chosen = game.dump_action(action)
    return any(changes_something(game, tactics, state, player, other, worlds)
               for other in game.legal_actions(state, player) if game.dump_action(other) != chosen)


def play_one(slug: str, players: int, seed: int, normal_seat: int, iterations: int = Budget.iterations,
             max_actions: int = 5000) -> GameResult:
    """One arena game: seat `normal_seat` is the `normal` computer, the others `easy`."""
    game = GAMES[slug]
    seats = random_seats(players, Dice(seed=seed ^ 0x5EED5EED), game.seat_pick)
    searcher = seats[normal_seat].player
    result = GameResult()
    try:
        state = game.start(seats, None, seed).state
        tactics = tactics_of(game)
        run_start: Any = None  # the substance when the normal player's current run of decisions began
        run_choice = False
        for count in range(max_actions):
            if game.outcome(state) is not None:
                break
            waiting = game.waiting_for(state)
            player = waiting[count % len(waiting)]
            level = Level.NORMAL if player == searcher else Level.EASY
            if level is Level.NORMAL and run_start is None:
                run_start, run_choice = tactics.substance(state), False
            elif level is Level.EASY and run_start is not None:
                if run_choice:
                    result.turns += 1
                    result.idle_turns += tactics.substance(state) == run_start
                run_start = None
            started = time.perf_counter()
            action = decide(game, game.seen_by(state, player), player, level, _splitmix64(seed + count),
                            Budget(iterations=iterations))
            if level is Level.NORMAL:
                result.think_ms.append((time.perf_counter() - started) * 1000)
                if len(game.legal_actions(state, player)) > 1:
                    result.choices += 1
                    run_choice = True
                    if idle_move(game, state, player, action, _splitmix64(seed ^ count)):
                        result.idle += 1
                        kind = str(getattr(action, "type", "?"))
                        result.idle_kinds[kind] = result.idle_kinds.get(kind, 0) + 1
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
          iterations: int = Budget.iterations, out: Any = sys.stderr) -> dict[str, Any]:
    """`games` games of `slug` (seeds drawn from `seed`), the `normal` seat rotated; one JSON-ready
    dict. A progress line per finished game goes to `out`."""
    game = GAMES[slug]
    count = players or game.usual_table()
    jobs = [(slug, count, _splitmix64(seed * 1_000_003 + n) >> 2, n % count, iterations) for n in range(games)]
    started = time.perf_counter()
    results: list[GameResult] = []

    def progress(result: GameResult) -> None:
        results.append(result)
        n = len(results)
        wins = sum(r.share for r in results)
        what = f"error: {result.error}" if result.error else ("won" if result.share == 1 else
                                                               f"won a {result.share:.2f} share" if result.share
                                                               else "lost")
        print(f"arena {slug}: game {n}/{games} (normal in seat {jobs[n - 1][3] + 1}) {what}; "
              f"{wins:g}/{n} so far; {time.perf_counter() - started:.0f}s", file=out, flush=True)

    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for result in pool.map(play_one, *zip(*jobs, strict=True)):
                progress(result)
    else:
        for job in jobs:
            progress(play_one(*job))
    wins = sum(r.share for r in results)
    rate = wins / games if games else 0.0
    thinks = [t for r in results for t in r.think_ms]
    choices = sum(r.choices for r in results)
    turns = sum(r.turns for r in results)
    idle_turns = sum(r.idle_turns for r in results)
    idle = sum(r.idle for r in results)
    kinds: dict[str, int] = {}
    for r in results:
        for kind, n in r.idle_kinds.items():
            kinds[kind] = kinds.get(kind, 0) + n
    return {"game": slug, "games": games, "seed": seed, "players": count, "wins": round(wins, 2),
            "win_rate": round(rate, 3), "win_rate_se": round(math.sqrt(rate * (1 - rate) / games), 3) if games
            else 0.0, "baseline": round(1 / count, 3), "ratio": round(rate * count, 2),
            "errors": sum(1 for r in results if r.error is not None),
            "think_ms_p50": round(statistics.median(thinks), 1) if thinks else 0.0,
            "choices": choices, "idle_moves": idle, "idle_rate": round(idle / choices, 3) if choices else 0.0,
            "idle_by_kind": dict(sorted(kinds.items())), "turns": turns, "idle_turns": idle_turns,
            "idle_turn_rate": round(idle_turns / turns, 3) if turns else 0.0}
