"""`zagjan bench`: how fast the engines, the pictures, the store and the whole action path are.

Each benchmark prints what it measured and, last, one JSON line. Speed is shown here, not
asserted by timers in the test suite: the numbers depend on the machine.

- `engine`: per game, `apply` plus the next `legal_actions` on states met in random games,
  and how long one whole random game takes.
- `render`: per game, one busy mid-game board, against a bare PNG encode of the same picture.
- `persist`: storing one move (state, action, events, commit) against a raw insert + commit of a
  row of the same size, each one trip to the database's thread; and the whole move with its rules.
  On a temporary SQLite file, or (`--database URL`) in a scratch schema on a PostgreSQL server.
- `load`: many channels playing at once through the bot's own action path (what a menu click
  runs once its value is decoded), with Discord replaced by a stand-in that records every call
  and answers at once. On a temporary SQLite file, or (`--database URL`) a scratch schema on a
  PostgreSQL server; `--processes N` runs N bot processes on it, the channels dealt out between
  them, their measures merged (CPU: the bot processes and their drawing processes, not the server).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import json
import queue
import random
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.engine import Game


def _p(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of `values`, in the same unit; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


# -- engine ---------------------------------------------------------------------------------------------


def bench_engine(games: Mapping[str, Game[Any, Any]], *, samples: int = 400, whole: int = 5,
                 seed: int = 1, out: Any = sys.stderr) -> dict[str, Any]:
    from rules.core.selfplay import play_random

    report: dict[str, Any] = {}
    for slug, game in sorted(games.items()):
        players = game.usual_table()
        played = [play_random(game, players, seed + k) for k in range(whole)]
        game_seconds: list[float] = []
        for k in range(whole):
            started = time.perf_counter()
            play_random(game, players, seed + k)
            game_seconds.append(time.perf_counter() - started)
        # Replay the first games and time each step where it happened: apply, then the next list of moves.
        steps: list[float] = []
        for k, result in enumerate(played):
            state = game.start(list(result.state.seats), None, seed + k).state
            for player, action in result.log:
                started = time.perf_counter()
                step = game.apply(state, player, action)
                for waiting in game.waiting_for(step.state)[:1]:
                    game.legal_actions(step.state, waiting)
                steps.append(time.perf_counter() - started)
                state = step.state
                if len(steps) >= samples:
                    break
            if len(steps) >= samples:
                break
        report[slug] = {"players": players, "apply_legal_ms_p50": _ms(_p(steps, 0.5)),
                        "apply_legal_ms_p90": _ms(_p(steps, 0.9)), "steps": len(steps),
                        "game_s_p50": round(_p(game_seconds, 0.5), 3)}
        print(f"engine {slug}: apply+legal p50 {report[slug]['apply_legal_ms_p50']} ms, "
              f"one game p50 {report[slug]['game_s_p50']} s", file=out)
    return {"bench": "engine", "games": report}


# -- think ----------------------------------------------------------------------------------------------


def bench_think(games: Mapping[str, Game[Any, Any]], *, decisions: int = 36, iterations: int = 100,
                seed: int = 1, out: Any = sys.stderr) -> dict[str, Any]:
    """A `normal` computer's decision time on this core, at positions spread over random games
    (decisions with a single legal move, which cost nothing, are left out)."""
    from rules.core.computer import Level, decide
    from rules.core.search import Budget
    from rules.core.selfplay import play_random

    report: dict[str, Any] = {}
    for slug, game in sorted(games.items()):
        times: list[float] = []
        cpu: list[float] = []  # the process's own time: what the decision costs when other work shares the core
        for k in range(3):
            run = play_random(game, game.usual_table(), seed + k)
            state = game.start(list(run.state.seats), None, seed + k).state
            every = max(1, len(run.log) // (decisions // 3))
            for n, (player, action) in enumerate(run.log):
                if n % every == 0 and len(game.legal_actions(state, player)) > 1:
                    started, used = time.perf_counter(), time.process_time()
                    decide(game, game.seen_by(state, player), player, Level.NORMAL, n, Budget(iterations=iterations))
                    times.append(time.perf_counter() - started)
                    cpu.append(time.process_time() - used)
                state = game.apply(state, player, action).state
        report[slug] = {"decisions": len(times), "think_ms_p50": _ms(_p(times, 0.5)),
                        "think_ms_p90": _ms(_p(times, 0.9)), "cpu_ms_p50": _ms(_p(cpu, 0.5)),
                        "cpu_ms_p90": _ms(_p(cpu, 0.9))}
        print(f"think {slug}: p50 {report[slug]['think_ms_p50']} ms, p90 {report[slug]['think_ms_p90']} ms "
              f"(CPU p50 {report[slug]['cpu_ms_p50']} ms; {len(times)} decisions)", file=out)
    return {"bench": "think", "iterations": iterations, "games": report}


# -- render ---------------------------------------------------------------------------------------------


def busy_view(game: Game[Any, Any], seed: int = 3) -> Any:
    """A mid-game public view: half-way through a random game at the usual table size."""
    from rules.core.selfplay import play_random

    players = game.usual_table()
    full = play_random(game, players, seed)
    return game.view(play_random(game, players, seed, stop_after=len(full.log) // 2).state, None)


def bench_render(games: Mapping[str, Game[Any, Any]], *, repeat: int = 31, out: Any = sys.stderr) -> dict[str, Any]:
    from PIL import Image

    from renderers import RENDERERS, render

    report: dict[str, Any] = {}
    for slug, game in sorted(games.items()):
        if slug not in RENDERERS:
            continue
        view = busy_view(game)
        png = render(view)  # warms the base picture, as a running bot's worker would be
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            png = render(view)
            times.append(time.perf_counter() - started)
        picture = Image.open(io.BytesIO(png)).convert("RGB")
        bare = []
        for _ in range(repeat):
            started = time.perf_counter()
            picture.save(io.BytesIO(), format="PNG")
            bare.append(time.perf_counter() - started)
        report[slug] = {"p50_ms": _ms(_p(times, 0.5)), "p90_ms": _ms(_p(times, 0.9)),
                        "bare_png_encode_ms": _ms(_p(bare, 0.5)), "kb": round(len(png) / 1024, 1),
                        "size": list(picture.size)}
        print(f"render {slug}: p50 {report[slug]['p50_ms']} ms ({report[slug]['kb']} KB); a bare PNG encode "
              f"of the same picture {report[slug]['bare_png_encode_ms']} ms", file=out)
    return {"bench": "render", "games": report}


# -- persist --------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _scratch(database: str | None) -> Iterator[str | Path]:
    """Where the persist bench writes: a temporary SQLite file, or a schema of its own on the
    PostgreSQL server of `database` (a URL), dropped afterwards."""
    if database is None:
        with tempfile.TemporaryDirectory() as folder:
            yield Path(folder) / "bench.sqlite3"
        return
    import psycopg

    schema = f"zagjan_bench_{os.getpid()}"
    with psycopg.connect(database, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{database}{'&' if '?' in database else '?'}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(database, autocommit=True) as admin:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


async def _persist(slug: str, moves: int, database: str | None = None) -> dict[str, Any]:
    """Three timings per move of a random game: the whole `TableService.act` (rules included), the
    store's part alone (the row, the action and its events, committed: one trip to its thread), and
    a raw insert + commit of a row as large as the state, also one trip."""
    from datetime import UTC, datetime

    from bot.storage.store import Store, Tx
    from bot.service.table import TableService
    from rules.registry import GAMES

    game = GAMES[slug]
    at = datetime.now(UTC)
    with _scratch(database) as target:
        store = await Store.open(target)
        try:
            table = TableService(store, {slug: game}, seed_source=lambda: 11)
            players = game.usual_table()
            for channel in (1, 2):  # 1 is played through the table; 2 is written by the store alone
                await table.new_game(channel, None, "p1", "Orc 1", slug)
                for n in range(2, players + 1):
                    await table.join(channel, f"p{n}", f"Orc {n}", "")
                await table.start(channel, "p1")
            shadow = (await table.snapshot(2)).game_id
            await store.write(lambda tx: tx.run("CREATE TABLE bench_rows (data TEXT NOT NULL)"))  # the raw baseline's
            chooser = random.Random(5)
            acts, writes, raws, sizes = [], [], [], []
            for version in range(moves):
                snap = await table.snapshot(1)
                if snap.status != "active":
                    break
                player = snap.waiting_for[0]
                action = chooser.choice(await table.legal_actions(1, player))
                started = time.perf_counter()
                result = await table.act(1, player, action)
                acts.append(time.perf_counter() - started)
                state_json = (await table.snapshot(1)).state.model_dump_json()
                events = [*result.public_events, *(e for es in result.private_events.values() for e in es)]
                action_json = game.dump_action(game.parse_action(action.model_dump(mode="json")))
                sizes.append(len(state_json))

                def append(tx: Tx, v: int = version, s: str = state_json, a: str = action_json) -> int:
                    return tx.append_action(shadow, expected_version=v, player=player, action_json=a, state_json=s,
                                            events=events, finished=False, at=at)

                def raw(tx: Tx, s: str = state_json) -> None:
                    tx.run("INSERT INTO bench_rows (data) VALUES (?)", (s,))

                # Each first after the move on every other turn: what runs just after the move's CPU-heavy
                # work waits longer for a core on a busy machine, and that is neither's own cost.
                for job, times in ((append, writes), (raw, raws))[::1 if version % 2 else -1]:
                    started = time.perf_counter()
                    await store.write(job)
                    times.append(time.perf_counter() - started)
        finally:
            await store.close()
    write, bare = _p(writes, 0.5), _p(raws, 0.5)
    return {"bench": "persist", "game": slug, "moves": len(acts), "state_bytes": int(statistics.median(sizes)),
            "act_p50_ms": _ms(_p(acts, 0.5)), "store_p50_ms": _ms(write), "raw_insert_commit_p50_ms": _ms(bare),
            "ratio": round(write / bare, 2)}


def bench_persist(slug: str, moves: int = 300, out: Any = sys.stderr, database: str | None = None) -> dict[str, Any]:
    """`database`: a PostgreSQL URL to measure on that server (in a scratch schema); None, a temporary SQLite file."""
    report = asyncio.run(_persist(slug, moves, database))
    print(f"persist {slug}: storing one move {report['store_p50_ms']} ms against a raw insert+commit of "
          f"{report['state_bytes']} bytes {report['raw_insert_commit_p50_ms']} ms ({report['ratio']}x); the whole "
          f"move with its rules {report['act_p50_ms']} ms", file=out)
    return report


# -- load -----------------------------------------------------------------------------------------------


@dataclass
class Calls:
    """Every call the bot made to the stand-in Discord, and when boards went out."""

    count: Counter[str] = field(default_factory=Counter)
    boards: dict[int, list[tuple[int, float]]] = field(default_factory=lambda: defaultdict(list))

    def board(self, channel_id: int, kwargs: dict[str, Any]) -> None:
        embed = kwargs.get("embed")
        footer = getattr(getattr(embed, "footer", None), "text", None) or ""
        if " · move " in footer:
            self.boards[channel_id].append((int(footer.rsplit(" ", 1)[-1]), time.perf_counter()))


class StandInCourier:
    """Discord's channel endpoints, answered at once (after `latency` seconds, if given)."""

    def __init__(self, calls: Calls, latency: float) -> None:
        self._calls = calls
        self._latency = latency
        self._ids = iter(range(10**12, 10**13))

    async def _wait(self) -> None:
        if self._latency:
            await asyncio.sleep(self._latency)

    async def send(self, channel_id: int, kwargs: dict[str, Any]) -> int:
        await self._wait()
        self._calls.count["channel message"] += 1
        self._calls.board(channel_id, kwargs)
        return next(self._ids)

    async def edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> None:
        await self._wait()
        self._calls.count["channel edit"] += 1
        self._calls.board(channel_id, kwargs)


class _User:
    def __init__(self, user_id: int, calls: Calls) -> None:
        self.id = user_id
        self._calls = calls
        self.display_name = f"orc{user_id}"

    async def send(self, *args: Any, **kwargs: Any) -> None:
        self._calls.count["direct message"] += 1


class _Response:
    def __init__(self, click: Click) -> None:
        self._click = click

    def is_done(self) -> bool:
        return self._click.acked is not None

    async def _answer(self, what: str) -> None:
        self._click.calls.count[what] += 1
        if self._click.acked is None:
            self._click.acked = time.perf_counter()

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        await self._answer("interaction deferral")

    async def send_message(self, *args: Any, **kwargs: Any) -> None:
        await self._answer("interaction response")

    async def send_modal(self, *args: Any, **kwargs: Any) -> None:
        await self._answer("interaction modal")


class _Followup:
    def __init__(self, click: Click) -> None:
        self._click = click

    async def send(self, *args: Any, **kwargs: Any) -> None:
        self._click.calls.count["interaction follow-up"] += 1


@dataclass
class Click:
    """One menu click of a simulated player, as the bot's code sees an interaction."""

    calls: Calls
    user: _User
    channel_id: int
    client: Any
    guild_id: int = 1
    message: Any = None
    started: float = field(default_factory=time.perf_counter)
    acked: float | None = None

    def __post_init__(self) -> None:
        import discord

        self.type = discord.InteractionType.component
        self.response = _Response(self)
        self.followup = _Followup(self)


@dataclass
class LoadReport:
    clicks: int = 0
    applied: int = 0
    refused: int = 0
    doubled_sent: int = 0
    acks: list[float] = field(default_factory=list)
    boards: list[float] = field(default_factory=list)
    unanswered: int = 0
    moves: list[tuple[int, int]] = field(default_factory=list)  # (game, version) of each click that applied
    doubled: int = 0  # clicks sent twice that applied twice


def _bench_bot(database: str | Path, calls: Calls, latency: float, workers: int | None) -> Any:
    from bot.app.client import ZagjanBot

    class BenchBot(ZagjanBot):
        """The real bot with users that answer DMs at once instead of over the network."""

        def get_user(self, user_id: int, /) -> Any:  # type: ignore[override]
            return _User(user_id, calls)

    return BenchBot(database, courier=StandInCourier(calls, latency), render_workers=workers,
                    rng=random.Random(3))


async def _open_tables(bot: Any, channels: Sequence[int], slugs: list[str]) -> None:
    for channel in channels:
        slug = slugs[channel % len(slugs)]
        game = bot.table.game(slug)
        players = game.usual_table()
        base = channel * 100
        await bot.table.new_game(channel, 1, str(base + 1), f"orc{base + 1}", slug)
        for n in range(2, players + 1):
            await bot.table.join(channel, str(base + n), f"orc{base + n}", "")
        result = await bot.table.start(channel, str(base + 1))
        bot.boards.show(result, ["The game begins."])


async def _player_loop(bot: Any, channel: int, slugs: list[str], calls: Calls, report: LoadReport,
                       rng: random.Random, think: float, until: float, double: float) -> None:
    from bot.ui.turns import audit, run_action
    from rules.core.dice import Dice
    from rules.core.selfplay import kind_first_policy

    chooser = Dice(seed=rng.getrandbits(32))
    while True:
        pause = rng.expovariate(1 / think) if think > 0 else 0.0
        if time.perf_counter() + pause >= until:
            return  # this player would not move again before the end
        await asyncio.sleep(pause)
        # The player reads the board the bot last showed, as a person reads the channel: from the table's
        # memory, which costs the bot no database trip (a real click comes with its move; only the move
        # itself is checked, in its transaction). Only a channel the table forgot is read from the store.
        known = bot.table.known_game(channel)
        snap = bot.table.cached(known) if known is not None else None
        if snap is None:
            snap = await bot.table.snapshot(channel)
        if snap.status != "active":
            await _restart_table(bot, channel, slugs)
            continue
        player = rng.choice(snap.waiting_for)
        legal = bot.table.cached_legal(snap.game_id, player)
        if legal is None:
            legal = await bot.table.legal_actions(channel, player)
        if not legal:
            continue
        game = bot.table.game(snap.slug)
        action = kind_first_policy(game, snap.state, player, list(legal), chooser)
        repeats = 2 if rng.random() < double else 1
        report.doubled_sent += repeats - 1
        clicks = [Click(calls, _User(int(player), calls), channel, bot) for _ in range(repeats)]

        async def click(one: Click) -> Any:
            async with audit(one, "select any", acknowledge_first=True) as record:  # type: ignore[arg-type]
                return await run_action(one, record, channel_id=channel, action=action,  # type: ignore[arg-type]
                                        expected_version=snap.version, game_id=snap.game_id)

        results = await asyncio.gather(*(click(one) for one in clicks))
        report.doubled += max(0, sum(result is not None for result in results) - 1)
        for one, result in zip(clicks, results):
            report.clicks += 1
            if one.acked is None:
                report.unanswered += 1
            else:
                report.acks.append(one.acked - one.started)
            if result is None:
                report.refused += 1
                continue
            report.applied += 1
            report.moves.append((result.game_id, result.version))
            asyncio.get_running_loop().create_task(_board_time(calls, channel, result.version, one.started, report))


async def _board_time(calls: Calls, channel: int, version: int, started: float, report: LoadReport) -> None:
    """When the channel first showed this move (or a later one): polled, so it costs the bot nothing."""
    for _ in range(6000):
        for shown, at in calls.boards.get(channel, ()):
            if shown >= version:
                report.boards.append(at - started)
                return
        await asyncio.sleep(0.005)


async def _restart_table(bot: Any, channel: int, slugs: list[str]) -> None:
    snap = await bot.table.snapshot(channel)
    game = bot.table.game(snap.slug)
    players = [s.player for s in snap.seats]
    await bot.table.new_game(channel, 1, players[0], f"orc{players[0]}", snap.slug)
    for player in players[1:game.usual_table()]:
        await bot.table.join(channel, player, f"orc{player}", "")
    result = await bot.table.start(channel, players[0])
    bot.boards.show(result, ["A new game begins."])


def _live_children_cpu() -> float:
    """CPU seconds so far of this process's children still running (Linux's /proc; 0 elsewhere)."""
    me, total = os.getpid(), 0
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == me:  # ppid; then utime and stime are fields 14 and 15 of the line
            total += int(fields[11]) + int(fields[12])
    return total / tick


def _cpu_seconds() -> tuple[float, float]:
    """CPU seconds so far of this process (the bot: Discord side, table, store) and of its children (the
    drawing processes): those reaped, and those still running, so what they did before a measure starts
    (warming up, drawing the tables' first boards) is not counted in it."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime + _live_children_cpu()


@dataclass(frozen=True)
class LoadPlan:
    """What one bot process of `bench load` plays: its channels (each with its player's seed), how
    fast, for how long, against which database."""

    target: str | Path
    channels: dict[int, float]  # channel id -> the seed of its player's random choices
    think: float
    seconds: float
    latency: float
    double: float
    workers: int | None


async def _load_part(plan: LoadPlan, out: Any, ready: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """One bot process's share of `bench load`: it opens its channels' tables, says it is `ready` (several
    processes start playing together), plays them for `plan.seconds`, and returns what it measured, raw,
    for `_summary` (latencies as lists, so several processes' can be merged before taking quantiles)."""
    calls = Calls()
    report = LoadReport()
    bot = _bench_bot(plan.target, calls, plan.latency, plan.workers)
    await bot.open_table()
    slugs = sorted(bot.table.games)  # every game, at its usual table size, one per channel in turn
    try:
        await _open_tables(bot, list(plan.channels), slugs)
        for board in bot.boards._channels.values():
            await board.drained()
        await bot.painter.warm()
        calls.count.clear()
        print(f"load: {len(plan.channels)} channels, a move every {plan.think} s per channel, for {plan.seconds} s "
              f"({bot.painter.workers} drawing processes)", file=out)
        ready()
        cpu_before, wall_before = _cpu_seconds(), time.perf_counter()
        drawn_before = Counter(bot.painter.drawn)
        until = wall_before + plan.seconds
        await asyncio.gather(*(_player_loop(bot, channel, slugs, calls, report, random.Random(seed), plan.think, until,
                                            plan.double) for channel, seed in plan.channels.items()))
        for board in bot.boards._channels.values():
            await board.drained()
        await asyncio.sleep(0.05)  # the last board timings
        wall = time.perf_counter() - wall_before
        drawn = bot.painter.drawn - drawn_before
        bot.painter.close(wait=True)  # the drawing processes' CPU counts once they are reaped
        bot_cpu, drawing_cpu = (after - before for after, before in zip(_cpu_seconds(), cpu_before))
        stored = {game_id: {a.seq for a in await bot.store.actions(game_id)} for game_id in dict(report.moves)}
    finally:
        await bot.close()  # its pools (drawing, thinking), its listener for hand-overs, its store
    return {"wall": wall, "cpu": bot_cpu + drawing_cpu, "bot_cpu": bot_cpu, "clicks": report.clicks, "applied": report.applied, "refused": report.refused,
            "doubled_sent": report.doubled_sent, "acks": report.acks, "boards": report.boards,
            "unanswered": report.unanswered, "http": dict(calls.count), "drawn": dict(drawn),
            # lost: an answered move not in the log; doubled: a click sent twice that applied twice, or two
            # answered clicks given the same move (the bot's own moves, a timer's default, are neither)
            "lost": sum(version not in stored[game] for game, version in report.moves),
            "doubled": report.doubled + sum(n - 1 for n in Counter(report.moves).values())}


def _load_process(plan: LoadPlan, start: Any, results: Any) -> None:
    """A spawned bot process of `bench load --processes N`: its part, sent back on `results`. Every
    process waits at the `start` barrier once its tables are open, so they all play at the same time."""
    import faulthandler

    faulthandler.dump_traceback_later(plan.seconds + 600, exit=True)  # a stuck process says where, and ends
    import multiprocessing

    try:
        results.put(asyncio.run(_load_part(plan, sys.stderr, ready=lambda: start.wait(timeout=600))))
    except BaseException as exc:
        results.put({"error": f"{type(exc).__name__}: {exc}"})
        raise
    finally:
        for child in multiprocessing.active_children():  # a pool's worker left behind would outlive us
            child.terminate()


def _summary(channels: int, think: float, processes: int, parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON line of `bench load`: the processes' measures together (latency quantiles over all their
    clicks, CPU summed over the bot processes and their drawing processes, not the database server's)."""
    applied = sum(p["applied"] for p in parts)
    wall = max(p["wall"] for p in parts)
    cpu = sum(p["cpu"] for p in parts)
    acks = [a for p in parts for a in p["acks"]]
    boards = [b for p in parts for b in p["boards"]]
    http = sum((Counter(p["http"]) for p in parts), Counter[str]())
    drawn = sum((Counter(p.get("drawn", {})) for p in parts), Counter[str]())
    return {
        "bench": "load", "channels": channels, "think_s": think, "seconds": round(wall, 1),
        "clicks": sum(p["clicks"] for p in parts), "applied": applied, "refused": sum(p["refused"] for p in parts),
        "doubled_clicks_sent": sum(p["doubled_sent"] for p in parts),
        "ack_p50_ms": _ms(_p(acks, 0.5)), "ack_p99_ms": _ms(_p(acks, 0.99)),
        "board_p50_ms": _ms(_p(boards, 0.5)), "board_p99_ms": _ms(_p(boards, 0.99)),
        "actions_per_s": round(applied / wall, 2) if wall else 0.0,
        "cpu_ms_per_action": round(cpu * 1000 / applied, 2) if applied else 0.0,
        "http_calls_per_action": round(sum(http.values()) / applied, 2) if applied else 0.0,
        "http_calls": dict(sorted(http.items())),
        "lost": sum(p["lost"] for p in parts), "doubled": sum(p["doubled"] for p in parts),
        "unanswered": sum(p["unanswered"] for p in parts), "processes": processes,
        # the share of pictures drawn unsmoothed because more waited than the drawing processes could draw
        "quick_pictures": round(drawn["quick"] / sum(drawn.values()), 3) if drawn else 0.0,
    }


def _load_plans(target: str | Path, channels: int, processes: int, think: float, seconds: float, latency: float,
                double: float, workers: int | None, seed: int) -> list[LoadPlan]:
    """The channels dealt out to the processes in turn (so each plays every game), each with the seed its
    player had when one process played them all."""
    rng = random.Random(seed)
    seeds = {channel: rng.random() for channel in range(1, channels + 1)}
    if workers is None and processes > 1:
        from bot.service.painter import default_workers

        workers = max(1, default_workers() // processes)  # the cores shared out, as one machine's processes would
    return [LoadPlan(target, {c: seeds[c] for c in seeds if (c - 1) % processes == k}, think, seconds, latency,
                     double, workers) for k in range(processes)]


def _load_processes(plans: list[LoadPlan]) -> list[dict[str, Any]]:
    """Run each plan in a process of its own (spawned: a fresh interpreter, as a bot process would be)."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(len(plans)), context.Queue()
    children = [context.Process(target=_load_process, args=(plan, start, results), name=f"zagjan-load-{k}")
                for k, plan in enumerate(plans)]
    for child in children:
        child.start()
    parts: list[dict[str, Any]] = []
    try:
        while len(parts) < len(children):
            try:
                parts.append(results.get(timeout=1.0))
                if "error" in parts[-1]:
                    break  # the others may be waiting for it at the start: stop them
            except queue.Empty:
                dead = [c for c in children if c.exitcode not in (None, 0)]
                if dead and results.empty():  # died without a word (killed): the others would wait for it
                    raise RuntimeError(f"load process {dead[0].name} stopped (exit code {dead[0].exitcode})") from None
    finally:
        for child in children:
            child.join(timeout=60 if not any("error" in p for p in parts) else 1)
            if child.is_alive():
                child.kill()
                child.join()
    failed = [p["error"] for p in parts if "error" in p]
    if failed:
        raise RuntimeError(f"a load process failed: {failed[0]}")
    return parts


def bench_load(channels: int = 200, think: float = 10.0, seconds: float = 60.0, *, latency: float = 0.0,
               double: float = 0.05, workers: int | None = None, seed: int = 1, out: Any = sys.stderr,
               database: str | None = None, processes: int = 1) -> dict[str, Any]:
    """`database`: a PostgreSQL URL (a scratch schema on it, dropped after); None, a temporary SQLite file.
    `processes`: bot processes sharing that database, the channels dealt out between them."""
    with _scratch(database) as target:
        if isinstance(target, Path):
            target = target.with_name("load.sqlite3")
        plans = _load_plans(target, channels, processes, think, seconds, latency, double, workers, seed)
        parts = (_load_processes(plans) if processes > 1 else [asyncio.run(_load_part(plans[0], out))])
    report = _summary(channels, think, processes, parts)
    if report["applied"]:
        bot_ms = sum(p["bot_cpu"] for p in parts) * 1000 / report["applied"]
        print(f"load: CPU per move {report['cpu_ms_per_action']} ms: {bot_ms:.1f} ms in the bot process"
              f"{'es' if processes > 1 else ''}, the rest drawing ({report['quick_pictures']:.0%} of the pictures "
              "quick, drawn while others waited)", file=out)
    return report


def print_last(report: dict[str, Any]) -> None:
    print(json.dumps(report))


__all__ = ["bench_engine", "bench_render", "bench_persist", "bench_load", "busy_view", "print_last"]
