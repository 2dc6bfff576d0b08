"""What a game tells its computer players (`Tactics`), and where the search finds it (`tactics_of`).

A game says it in a module `computer.py` of its own package exporting `TACTICS`, found by looking,
as the registry finds games: so a game's engine never imports its computer player, and the engine's
`Game.standing` asks the game's `Tactics.standing` like the search does. This module imports no
other part of the rules (`rules.core.engine` imports it), so the two cannot import each other.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
PlayerId = str  # as `rules.core.engine.PlayerId` (this module does not import the engine)


def kind_first(actions: Sequence[T], pick: Callable[[list[Any], str], Any]) -> T:
    """A random legal move, its kind (`type`) drawn first, so an attack is not drowned by forty
    squares to move to: the `easy` player, the other players of a play-out, and self-play.
    `pick(options, why)` draws one option (`rules.core.search.picker`; self-play draws with its recorded dice)."""
    kinds = list(dict.fromkeys(getattr(a, "type", "") for a in actions))
    kind = pick(kinds, "self-play kind")
    return pick([a for a in actions if getattr(a, "type", "") == kind], "self-play choice")  # type: ignore[no-any-return]


class Tactics:
    """What a game tells its computer players (how it stands, the moves worth a thought), in a module
    `computer.py` of its own package exporting `TACTICS` (found by looking, as the registry finds
    games). The defaults know nothing about any game."""

    def standing(self, state: Any) -> dict[PlayerId, float] | None:
        """How likely each player is to win from here, roughly (0-1), for a search that cannot play
        every future to the end (`Game.standing` asks this); None when plain play-outs to the end are
        cheap enough."""
        return None

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """The moves a sensible player would consider (never empty when `actions` is not): a game
        drops the ones that only waste what is free (a strike it may take for nothing, Action
        Points left unspent while something useful remains), and may add moves its rules accept
        that the listed ones only approximate (a ride aimed straight at a target)."""
        return actions

    def play_out(self, state: Any, player: PlayerId, actions: list[Any], pick: Callable[[list[Any], str], Any]) -> Any:
        """The searcher's own move in a play-out (the other players' are always `kind_first`): by
        default as random as theirs. A game whose plain choices `sensible` already makes (a stance,
        a reaction, a toss) may make them here too, so a play-out after the move being weighed
        plays the rest of the turn as the computer really would, and the standing at its end says
        what that move is worth rather than what a random finish of the turn leaves of it."""
        return kind_first(actions, pick)

    def substance(self, state: Any) -> Any:
        """What a move must change to have done something (positions, health, what is carried),
        leaving out whose turn it is and what is left of it; None when the game does not say
        (`zagjan arena` then does not count idle moves)."""
        return None


_TACTICS: dict[type, Tactics] = {}


def tactics_of(game: object) -> Tactics:
    """The game's `Tactics` from `<its package>.computer.TACTICS`, or the plain defaults."""
    kind = type(game)
    if kind not in _TACTICS:
        package = kind.__module__.rpartition(".")[0]
        found: Tactics | None = None
        if package and importlib.util.find_spec(f"{package}.computer") is not None:
            found = getattr(importlib.import_module(f"{package}.computer"), "TACTICS", None)
        _TACTICS[kind] = found if found is not None else Tactics()
    return _TACTICS[kind]


__all__ = ["Tactics", "kind_first", "tactics_of"]
