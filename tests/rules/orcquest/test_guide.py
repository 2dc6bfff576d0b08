"""The /rules text and its readings (reading (d)): every reading is named by a test that checks it."""

from __future__ import annotations

import re
from pathlib import Path

from rules.orcquest.guide import GUIDE, READINGS

HERE = Path(__file__).parent


def cited() -> set[str]:
    """The readings the tests name: 'reading d7', 'reading d8-d10', 'readings d3, d4'."""
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for match in re.finditer(r"reading[s]? ((?:d\d+(?:-d\d+)?(?:, )?)+)", path.read_text(encoding="utf-8")):
            for part in match.group(1).split(","):
                ends = [int(n) for n in re.findall(r"\d+", part)]
                if ends:
                    found.update(f"d{n}" for n in range(ends[0], ends[-1] + 1))
    return found


def test_every_reading_is_in_the_guide_and_checked_by_a_test() -> None:
    assert list(READINGS) == [f"d{n}" for n in range(1, 24)]
    assert all(text in GUIDE for text in READINGS.values())
    assert set(READINGS) <= cited(), sorted(set(READINGS) - cited())
