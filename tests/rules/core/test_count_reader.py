"""The reader of whole numbers players type (`rules.core.moves.parse_count`, a `Kind.COUNT` parameter):
the whole value or a refusal with a sentence, never a number found somewhere in the words (issue 41:
`1e309`, `-1` and `@everyone 1` all read as 1 before)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.core.moves import MOST_COUNT, Kind, Param, Reading, parse_count

READING = Reading(None, {})


@pytest.mark.parametrize(("given", "value"), [("2", 2), (" 15 ", 15), ("+3", 3), ("007", 7), ("0", 0), (4, 4),
                                               (4.0, 4), (str(MOST_COUNT), MOST_COUNT)])
def test_a_whole_number_is_read_whole(given: object, value: int) -> None:
    assert parse_count(given, "rank") == value


@pytest.mark.parametrize(("given", "says"), [
    ("1e309", "nothing else"), ("1e3", "nothing else"), ("1.5", "nothing else"), ("2.0", "nothing else"),
    ("-1", "below 0"), ("- 1", "below 0"), (-1, "below 0"), ("@everyone 1", "nothing else"),
    ("1 @everyone", "nothing else"), ("1,000", "nothing else"), ("1_000", "nothing else"), ("", "nothing else"),
    ("one", "nothing else"), ("٣", "nothing else"), ("inf", "nothing else"), ("nan", "nothing else"),
    ("9" * 5000, "far too large"), (str(MOST_COUNT + 1), "far too large"), (10 ** 30, "far too large"),
    (float("inf"), "whole number"), (2.5, "whole number"), (True, "whole number"),
])
def test_anything_else_is_refused_with_a_sentence(given: object, says: str) -> None:
    with pytest.raises(RuleViolation, match=says) as refused:
        parse_count(given, "rank")
    assert str(refused.value).startswith("Give rank as a whole number")


def test_a_count_parameter_reads_through_it_and_keeps_its_bounds_and_shift() -> None:
    cell = Param("cell", Kind.COUNT, "The cell, from 1", shift=1, bounds=(1, 6))
    assert cell.parse("3", READING) == 2 and cell.parse(3, READING) == 2
    for typed in ("1e309", "-1", "@everyone 1", "3 please"):
        with pytest.raises(RuleViolation):
            cell.parse(typed, READING)
    with pytest.raises(RuleViolation, match="from 1 to 6"):
        cell.parse("7", READING)
