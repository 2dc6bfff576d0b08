"""`zagjan bench load --processes N`: how the channels are dealt out and how the processes' measures add
up (the run itself is measured by hand: `zagjan bench load --database URL --processes 2`)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.cli.bench import _load_plans, _summary


def test_the_channels_are_dealt_out_once_each_with_the_seed_one_process_would_give() -> None:
    plans = _load_plans(Path("x.sqlite3"), 7, 2, think=10.0, seconds=5.0, latency=0.0, double=0.05, workers=None,
                        seed=1)
    alone = _load_plans(Path("x.sqlite3"), 7, 1, think=10.0, seconds=5.0, latency=0.0, double=0.05, workers=None,
                        seed=1)[0]
    assert [sorted(p.channels) for p in plans] == [[1, 3, 5, 7], [2, 4, 6]]
    assert {c: s for p in plans for c, s in p.channels.items()} == alone.channels
    rng = random.Random(1)
    assert list(alone.channels.values()) == [rng.random() for _ in range(7)]  # as `bench load` drew them before
    assert all(p.workers is not None and p.workers >= 1 for p in plans) and alone.workers is None


def part(acks: list[float], applied: int, wall: float, cpu: float, **counts: int) -> dict[str, Any]:
    return {"wall": wall, "cpu": cpu, "bot_cpu": cpu / 2, "clicks": applied + counts.get("refused", 0),
            "applied": applied, "refused": counts.get("refused", 0), "doubled_sent": counts.get("refused", 0), "acks": acks,
            "boards": [a * 10 for a in acks], "unanswered": counts.get("unanswered", 0),
            "http": {"channel edit": applied}, "lost": counts.get("lost", 0), "doubled": counts.get("doubled", 0)}


def test_the_processes_measures_are_merged_before_the_quantiles() -> None:
    fast = part([0.001] * 98, applied=98, wall=10.0, cpu=2.0)
    slow = part([0.2] * 2, applied=2, wall=10.5, cpu=0.5, refused=1, lost=1)
    report = _summary(200, 10.0, 2, [fast, slow])
    assert report["processes"] == 2 and report["applied"] == 100 and report["clicks"] == 101
    assert report["ack_p50_ms"] == 1.0 and report["ack_p99_ms"] == 200.0  # the other process's slow clicks count
    assert report["board_p99_ms"] == 2000.0
    assert report["seconds"] == 10.5 and report["cpu_ms_per_action"] == 25.0
    assert report["http_calls"] == {"channel edit": 100} and report["lost"] == 1 and report["refused"] == 1
    assert set(_summary(200, 10.0, 1, [fast])) == set(report)
