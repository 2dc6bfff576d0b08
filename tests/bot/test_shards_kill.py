"""A process killed with SIGKILL in the middle of a burst of moves (issue 28).

Two real processes, each the table service of one shard group on the same PostgreSQL schema, play
Lucky Race games in the channels of their own guild as fast as they can, printing each move once it
is stored. One is killed mid-burst (quite possibly mid-transaction). What it reported as stored must
be stored, each game's log must still replay to its state (no half of a move), its games must not
stay locked, and the other process must go on serving its own guild.

Run as a script, this file is that worker (`worker`).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GUILDS = {0: 2 << 22, 1: 3 << 22}
"""A guild of each shard (with two shards: an even and an odd `id >> 22`)."""
CHANNELS = {0: 9_000_000, 1: 9_100_000}
"""Each process's channels are numbered from here."""
WAIT_SECONDS = 60.0


async def worker(url: str, shard: int, games: int, moves: int, pause_after: int) -> None:
    """Open `games` Lucky Races in this shard's guild, then move in them in turn, `moves` in all,
    printing `game version` as each is stored; after `pause_after` moves, wait for a line on stdin."""
    sys.path[:0] = [str(HERE), str(HERE.parents[1])]
    from fakegame import LuckyRace

    from bot.storage.shards import Ownership
    from bot.storage.store import Store
    from bot.service.table import TableService

    store = await Store.open(url)
    try:
        table = TableService(store, {LuckyRace.slug: LuckyRace()}, seed_source=lambda: 5)
        table.ownership = Ownership(2, frozenset({shard}))
        channels = [CHANNELS[shard] + n for n in range(games)]
        for channel in channels:
            await table.new_game(channel, GUILDS[shard], "a", "alice", LuckyRace.slug, {"target": 1000})
            await table.join(channel, "b", "bob")
            await table.start(channel, "a")
        print("ready", flush=True)
        done = 0
        while done < moves:
            for channel in channels:
                snap = await table.snapshot(channel)
                player = snap.waiting_for[0]
                action = (await table.legal_actions(channel, player))[0]
                result = await table.act(channel, player, action)
                print(f"{result.game_id} {result.version}", flush=True)
                done += 1
                if done == pause_after:
                    print("paused", flush=True)
                    await asyncio.to_thread(sys.stdin.readline)
    finally:
        await store.close()
    print("done", flush=True)


def _start(url: str, shard: int, moves: int, pause_after: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, __file__, url, str(shard), "3", str(moves), str(pause_after)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE.parents[1])


def _read_until(process: subprocess.Popen[str], last: str, lines: list[str]) -> None:
    """Read the worker's lines into `lines` until it prints `last` (failing if it stops first)."""
    assert process.stdout is not None
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"the worker stopped early (exit {process.wait()}) after {lines[-3:]}")
        lines.append(line.strip())
        if lines[-1] == last:
            return
    raise AssertionError(f"the worker did not print {last!r} in time")


def _stored(lines: list[str]) -> dict[int, int]:
    """The newest version each game was reported stored at."""
    newest: dict[int, int] = {}
    for line in lines:
        game, _, version = line.partition(" ")
        if game.isdigit() and version.isdigit():
            newest[int(game)] = max(newest.get(int(game), 0), int(version))
    return newest


def test_a_process_killed_mid_burst_loses_no_stored_move_and_the_other_goes_on(pg_server: Any) -> None:
    url = pg_server.new_schema()
    victim = _start(url, 1, 10_000, 0)  # moves until it is killed
    survivor = _start(url, 0, 60, 30)  # 30 moves, waits while the other dies, then 30 more
    try:
        before: list[str] = []
        _read_until(survivor, "paused", before)
        reported: list[str] = []
        _read_until(victim, "ready", reported)
        assert victim.stdout is not None
        for _ in range(25):  # into the burst
            reported.append(victim.stdout.readline().strip())
        os.kill(victim.pid, signal.SIGKILL)
        assert victim.wait(timeout=WAIT_SECONDS) == -signal.SIGKILL
        assert victim.stdout is not None
        reported += [line.strip() for line in victim.stdout.readlines()]  # what it printed before dying

        assert survivor.stdin is not None
        survivor.stdin.write("go\n")
        survivor.stdin.flush()
        after: list[str] = []
        _read_until(survivor, "done", after)
        assert survivor.wait(timeout=WAIT_SECONDS) == 0
        assert len(_stored(after)) == 3 and sum(1 for line in after if line[0].isdigit()) == 30, \
            "the other process went on serving its guild after the kill"

        asyncio.run(_check(url, _stored(reported), _stored(before + after)))
    finally:
        for process in (victim, survivor):
            if process.poll() is None:
                process.kill()
            process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    stream.close()


async def _check(url: str, killed: dict[int, int], kept: dict[int, int]) -> None:
    """Every move reported stored is stored, every game replays from its log, and the killed
    process's games can be moved on by another process (nothing of them stays locked)."""
    sys.path[:0] = [str(HERE)]
    from fakegame import LuckyRace

    from bot.storage.store import Store
    from bot.service.table import TableService

    store = await Store.open(url)
    try:
        table = TableService(store, {LuckyRace.slug: LuckyRace()})
        assert len(killed) == 3 and len(kept) == 3
        for game_id, version in [*killed.items(), *kept.items()]:
            row = await store.get_game(game_id)
            assert row is not None and row.version >= version, f"game {game_id} lost a move it reported stored"
            assert [a.seq for a in await store.actions(game_id)] == list(range(1, row.version + 1))
            assert await table.replay_check(game_id)
        for game_id in killed:
            snap = await table.game_by_id(game_id)
            player = snap.waiting_for[0]
            moved = await asyncio.wait_for(
                table.act(snap.channel_id, player, (await table.legal_actions(snap.channel_id, player))[0]), 10)
            assert moved.version == snap.version + 1
    finally:
        await store.close()


if __name__ == "__main__":
    url, shard, games, moves, pause_after = sys.argv[1:6]
    asyncio.run(worker(url, int(shard), int(games), int(moves), int(pause_after)))
