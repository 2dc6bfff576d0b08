"""Computer players: who they are, and how each level chooses a move.

`easy` plays a random legal move (its kind first, as self-play does); `normal` searches
(`rules.core.search`). Both are handed only `Game.seen_by(state, seat)`, never the state itself,
so a computer knows what a human in its seat would know and nothing more.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from rules.core.dice import Dice
from rules.core.engine import Game, PlayerId
from rules.core.errors import RuleViolation
from rules.core.search import Budget, kind_first, picker, search

NAMES = ("Grukk", "Snagga", "Morgoth the Mild", "Ugluk", "Bazrag", "Nazgrim", "Lurtz", "Gorbag", "Shagrat",
         "Muzgash", "Grishnak", "Azog")
"""Names a computer player gets when nobody gives it one."""


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"

    @property
    def label(self) -> str:
        return {"easy": "easy (random legal moves)", "normal": "normal (searches ahead)"}[self.value]


PREFIX = "cpu-"
"""A computer's player id is `cpu-<level>-<n>`: never a Discord id (those are digits), and its
level travels with it, so a table stores a computer like any other seat."""


def computer_id(level: Level, number: int) -> PlayerId:
    return f"{PREFIX}{level.value}-{number}"


def level_of(player: PlayerId) -> Level | None:
    """The level of a computer's seat; None for a human."""
    if not player.startswith(PREFIX):
        return None
    try:
        return Level(player[len(PREFIX):].rsplit("-", 1)[0])
    except ValueError:
        return None


def is_computer(player: PlayerId) -> bool:
    return level_of(player) is not None


def new_computer(level: Level, taken_ids: Sequence[PlayerId], taken_names: Sequence[str],
                 name: str | None = None) -> tuple[PlayerId, str]:
    """An id and a name for one more computer at a table (the first free number and name); a name
    someone already has is refused, so the players can tell the seats apart."""
    number = next(n for n in itertools.count(1) if computer_id(level, n) not in taken_ids)
    wanted = (name or "").strip()
    if wanted.lower() in (n.lower() for n in taken_names):
        raise RuleViolation(f"Someone here is already called {wanted}; choose another name.")
    if not wanted:
        wanted = next((n for n in NAMES if n not in taken_names), f"Computer {number}")
    return computer_id(level, number), wanted[:32]


def decide(game: Game[Any, Any], seen: Any, player: PlayerId, level: Level, seed: int,
           budget: Budget | None = None) -> BaseModel:
    """The move of a computer at `level` in `player`'s seat, from `seen` (= `game.seen_by(state,
    player)`); `seed` makes the choice repeatable."""
    if level is Level.EASY:
        actions = game.legal_actions(seen, player)
        if not actions:
            raise ValueError(f"{player} has nothing to do in this {game.slug} position")
        return kind_first(actions, picker(Dice(seed=seed)))
    return search(game, seen, player, seed, budget)


__all__ = ["NAMES", "PREFIX", "Level", "computer_id", "decide", "is_computer", "level_of", "new_computer"]
