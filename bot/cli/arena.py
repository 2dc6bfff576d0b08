"""`zagjan arena`: how much stronger the `normal` computer is than `easy` ones.

One `normal` player against `easy` players, its seat rotated game by game; it wins a game's
share when it is among the winners (a shared win counts as a share). Games run in parallel worker
processes; each game is fully determined by the seed. A line per finished game goes to stderr, so
the JSON report stays the last line of stdout.

It also counts the `normal` player's idle moves: a move that changes nothing of substance (the
game's `Tactics.substance`: positions, health, what is carried; not whose turn it is) in any of a
few dice worlds, chosen while another legal move would have changed something and could not have
hurt the mover; and its idle turns: runs of its decisions, one after another, that leave the
substance as they found it (a walk there and back again).

"Could not have hurt" is the game's own judgement, the one its computers search with: the mover's
worth (`Game.standing`, or its placing reward when the move ends the game) after the move is in
none of the dice worlds below its worth in that world before the move. A move that only might pay
(a Skill Test whose failure costs a Chassis Point) is a risk, and declining it is a choice, not
idleness: counting it idle would blame the computer for its prudence and hide the real idle moves
among the declined gambles. So a do-nothing move whose only useful alternatives are risky is
counted apart, as a declined risk (`declined_risks`, by the kind of move made and by the kinds of
the risks declined; an idle move's `idle_alternatives` name a harmless useful move it passed over).
Idle moves and declined risks together are what the measure counted before risk was weighed. Like
the change itself, the harm is judged in the few worlds drawn: a test passed in all of them is
taken as harmless. A game without a `standing` cannot say what hurts; its useful alternatives all
count as harmless (the measure as it was).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from enum import StrEnum
from typing import Any, TextIO

from pydantic import BaseModel

from rules.core.computer import Level, decide
from rules.core.dice import Dice, _splitmix64
from rules.core.engine import Game, PlayerId
from rules.core.search import Budget, Tactics, placing_rewards, tactics_of
from rules.core.selfplay import random_seats
from rules.registry import GAMES

WORLDS = 3
"""Dice worlds in which a move must change nothing to count as idle (a strike that may miss is
not idle)."""


LOSS = 1e-9
"""How far the mover's worth must fall to count as hurt: less is float noise of the standing's softmax."""


class Verdict(StrEnum):
    """What the `normal` player's move was, for the idle count."""

    BUSY = "busy"  # it changed something in some world
    IDLE = "idle"  # it changed nothing while a harmless move would have changed something
    DECLINED_RISK = "declined_risk"  # it changed nothing; the moves that would have could all hurt the mover
    NOTHING_TO_DO = "nothing_to_do"  # it changed nothing, and neither would any other move


class GameResult(BaseModel):
    share: float = 0.0  # of the first place, for the normal player
    error: str | None = None
    think_ms: list[float] = []
    choices: int = 0  # the normal player's decisions with more than one legal move
    idle: int = 0  # of those, moves that changed nothing while a harmless other would have
    idle_kinds: dict[str, int] = {}  # idle moves by their type
    idle_alternatives: dict[str, int] = {}  # idle moves by the type of a harmless useful move passed over
    declined: int = 0  # of the choices, moves that changed nothing while only risky others would have
    declined_kinds: dict[str, int] = {}  # declined risks by the type of the move made
    declined_alternatives: dict[str, int] = {}  # declined risks by the types of the risky moves not made
    turns: int = 0  # runs of the normal player's decisions, one after another, with a choice in them
    idle_turns: int = 0  # of those, runs that left the position as it found them (a walk there and back)


def kind_of(action: Any) -> str:
    """A move's kind for the report (its `type`), as the games' moves name themselves."""
    return str(getattr(action, "type", "?"))


def worth(game: Game[Any, Any], state: Any, player: PlayerId) -> float | None:
    """`player`'s worth in `state` by the game's own judgement, as its search scores a position: its
    placing reward when the game is over, else its `standing`; None when the game has no standing."""
    outcome = game.outcome(state)
    if outcome is not None:
        return placing_rewards(outcome, [p for group in outcome.placings for p in group]).get(player, 0.0)
    standing = game.standing(state)
    return None if standing is None else standing.get(player, 0.0)


def effect(game: Game[Any, Any], tactics: Tactics, player: PlayerId, action: Any, worlds: list[Any],
           befores: list[float | None] | None = None) -> tuple[bool, bool]:
    """Whether `action` changes the substance in at least one of `worlds`, and, given the mover's
    `worth` in each world before the move (`befores`), whether it leaves `player` worse off in at
    least one. A world that refuses the move is one where it neither changes nor hurts anything."""
    changes = hurts = False
    for n, world in enumerate(worlds):
        try:
            after = game.apply(world, player, action).state
        except Exception:  # noqa: BLE001 - a move a world refuses changes nothing there
            continue
        changes = changes or tactics.substance(after) != tactics.substance(world)
        if befores is None:
            if changes:
                break
        elif not hurts and (before := befores[n]) is not None:
            now = worth(game, after, player)
            hurts = now is not None and now < before - LOSS
    return changes, hurts


def changes_something(game: Game[Any, Any], tactics: Tactics, state: Any, player: PlayerId, action: Any,
                      worlds: list[Any]) -> bool:
    """Whether `action` changes the substance of the position in at least one of `worlds`."""
    return effect(game, tactics, player, action, worlds)[0]


def judge(game: Game[Any, Any], tactics: Tactics, state: Any, player: PlayerId, action: Any,
          worlds: list[Any]) -> tuple[Verdict, list[str]]:
    """The verdict on `action` in `state`, seen through `worlds`, and the kinds of the moves passed
    over: for an idle move the first harmless useful one found (what it might have done instead),
    for a declined risk every risky one. The alternatives are weighed only when `action` changed
    nothing, and the search stops at the first harmless useful one (the move is then idle)."""
    if changes_something(game, tactics, state, player, action, worlds):
        return Verdict.BUSY, []
    chosen = game.dump_action(action)
    befores = [worth(game, world, player) for world in worlds]
    risks: list[str] = []
    for other in game.legal_actions(state, player):
        if game.dump_action(other) == chosen:
            continue
        changes, hurts = effect(game, tactics, player, other, worlds, befores)
        if changes and not hurts:
            return Verdict.IDLE, [kind_of(other)]
        if changes:
            risks.append(kind_of(other))
    if risks:
        return Verdict.DECLINED_RISK, list(dict.fromkeys(risks))
    return Verdict.NOTHING_TO_DO, []


def dice_worlds(game: Game[Any, Any], state: Any, player: PlayerId, seed: int) -> list[Any]:
    """`WORLDS` worlds the mover cannot tell from `state`, drawn from `seed`."""
    chooser = Dice(seed=seed)
    seen = game.seen_by(state, player)
    return [game.determinize(seen, player, chooser) for _ in range(WORLDS)]


def verdict(game: Game[Any, Any], state: Any, player: PlayerId, action: Any,
            seed: int) -> tuple[Verdict, list[str]] | None:
    """`judge` in `WORLDS` dice worlds drawn from `seed`; None when the game does not say what its
    substance is."""
    tactics = tactics_of(game)
    if tactics.substance(state) is None:
        return None
    return judge(game, tactics, state, player, action, dice_worlds(game, state, player, seed))


def idle_move(game: Game[Any, Any], state: Any, player: PlayerId, action: Any, seed: int) -> bool | None:
    """Whether `action` is idle in `state`: it changes nothing of substance while another legal move
    would, harmlessly; None when the game does not say what its substance is."""
    found = verdict(game, state, player, action, seed)
    return None if found is None else found[0] is Verdict.IDLE


def _count(into: dict[str, int], kind: str) -> None:
    into[kind] = into.get(kind, 0) + 1


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
                    found = verdict(game, state, player, action, _splitmix64(seed ^ count))
                    if found is not None and found[0] is Verdict.IDLE:
                        result.idle += 1
                        _count(result.idle_kinds, kind_of(action))
                        _count(result.idle_alternatives, found[1][0])
                    elif found is not None and found[0] is Verdict.DECLINED_RISK:
                        result.declined += 1
                        _count(result.declined_kinds, kind_of(action))
                        for risk in found[1]:
                            _count(result.declined_alternatives, risk)
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
          iterations: int = Budget.iterations, out: TextIO | None = None) -> dict[str, Any]:
    """`games` games of `slug` (seeds drawn from `seed`), the `normal` seat rotated; one JSON-ready
    dict. A progress line per finished game goes to `out`, by default the stderr of the moment of
    the call (not of the import: a test's captured stream, a redirected one)."""
    out = sys.stderr if out is None else out
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
    declined = sum(r.declined for r in results)
    return {"game": slug, "games": games, "seed": seed, "players": count, "wins": round(wins, 2),
            "win_rate": round(rate, 3), "win_rate_se": round(math.sqrt(rate * (1 - rate) / games), 3) if games
            else 0.0, "baseline": round(1 / count, 3), "ratio": round(rate * count, 2),
            "errors": sum(1 for r in results if r.error is not None),
            "think_ms_p50": round(statistics.median(thinks), 1) if thinks else 0.0,
            "choices": choices, "idle_moves": idle, "idle_rate": round(idle / choices, 3) if choices else 0.0,
            "idle_by_kind": _summed(r.idle_kinds for r in results), "turns": turns, "idle_turns": idle_turns,
            "idle_turn_rate": round(idle_turns / turns, 3) if turns else 0.0,
            "declined_risks": declined, "declined_risk_rate": round(declined / choices, 3) if choices else 0.0,
            "declined_risk_by_kind": _summed(r.declined_kinds for r in results),
            "declined_risk_alternatives": _summed(r.declined_alternatives for r in results),
            "idle_alternatives": _summed(r.idle_alternatives for r in results)}


def _summed(counts: Iterable[dict[str, int]]) -> dict[str, int]:
    """Counts by kind over the games, sorted by kind (the report reads the same run after run)."""
    total: dict[str, int] = {}
    for each in counts:
        for kind, n in each.items():
            total[kind] = total.get(kind, 0) + n
    return dict(sorted(total.items()))
