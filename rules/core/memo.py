"""Answers remembered by position, for the computers' searches and the legal moves they ask for.

A search asks the same question of the same positions at every iteration (which walks lead
somewhere, where an Orc may deploy), and working an answer out again costs geometry. A `Memo`
keeps the answers of a pure question by a key that holds everything the answer depends on, and
forgets them all once it holds `limit`, so a bot that runs for weeks does not grow.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_MISSING = object()


class Memo(Generic[K, V]):
    """At most `limit` answers, each kept by its key."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._answers: dict[K, V] = {}

    def get(self, key: K, work: Callable[[], V]) -> V:
        """The answer kept for `key`, else `work()`'s, kept."""
        found = self._answers.get(key, _MISSING)
        if found is _MISSING:
            if len(self._answers) >= self.limit:
                self._answers.clear()
            found = self._answers[key] = work()
        return found  # type: ignore[return-value]


__all__ = ["Memo"]
