"""What a game hides, declared once: who may see each hidden thing, and what may stand in for it.

A game lists its kinds of secret in `Game.secrets`. Everything that must agree on what a seat
may know reads that one list:

- the game's `view` asks `secret.seen(state, key, viewer)` for each hidden thing it draws, and
  gets the value only when the viewer may see it (None otherwise: a card back, "chosen in
  secret");
- a computer player's picture of the game (`Game.seen_by`) puts a fixed stand-in wherever its
  seat may not look, and the search's imagined worlds (`Game.determinize`) draw a possible value
  there instead — so a computer never decides from something its human neighbour could not see.

A `Secret` finds its hidden things in a state as `Spot`s (a key and the players who may see it);
a spot that is not found is not hidden (revealed, or not chosen yet). `Hidden` is the common
kind: one value per spot out of a known list of possibilities; a game whose secrets must stay
consistent with each other when imagined (cards dealt from one deck, say) subclasses `Secret` and
writes its own `veil`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rules.core.dice import Dice

PlayerId = str
S = TypeVar("S")


@dataclass(frozen=True)
class Spot:
    """One hidden thing in a state: where it is (`key`, the secret's own address for it) and who
    may see it besides the rules."""

    key: Hashable
    seen_by: frozenset[PlayerId]


class Secret(ABC, Generic[S]):
    """A kind of thing a game keeps from some of its players."""

    name: str

    @abstractmethod
    def spots(self, state: S) -> Iterable[Spot]:
        """Every thing of this kind hidden right now, with who may see it."""

    @abstractmethod
    def read(self, state: S, key: Hashable) -> Any:
        """The true value at `key`."""

    @abstractmethod
    def veil(self, state: S, spots: Sequence[Spot], chooser: Dice | None) -> None:
        """Replace, in place, the values at `spots`: with a fixed stand-in when `chooser` is None
        (two states that differ only there become equal), else with a possible value drawn from
        `chooser`."""

    def spots_at(self, state: S, key: Hashable) -> Iterable[Spot]:
        """The spots found at `key` (none: nothing is hidden there). Every spot, filtered, unless a
        secret finds the one place directly: a view asks `seen` for each hidden thing it draws, and
        listing every spot each time made a view's cost grow with the square of its secrets."""
        return (spot for spot in self.spots(state) if spot.key == key)

    def hidden_from(self, state: S, viewer: PlayerId | None) -> list[Spot]:
        """The spots of this kind that `viewer` may not see (all of them for the public view)."""
        return [spot for spot in self.spots(state) if viewer is None or viewer not in spot.seen_by]

    def seen(self, state: S, key: Hashable, viewer: PlayerId | None) -> Any:
        """The value at `key` as `viewer` sees it: the value itself, or None while it is hidden
        from them. What a view shows of a secret always goes through here."""
        if any(viewer is None or viewer not in spot.seen_by for spot in self.spots_at(state, key)):
            return None
        return self.read(state, key)


@dataclass(frozen=True)
class Hidden(Secret[S]):
    """A secret with one value per spot, out of a list of possibilities: a chosen attack, a
    card drawn from a known range. The first possibility is the stand-in."""

    name: str
    find: Callable[[S], Iterable[Spot]]
    get: Callable[[S, Any], Any]
    put: Callable[[S, Any, Any], None]
    possible: Callable[[S, Any], Sequence[Any]]

    def spots(self, state: S) -> Iterable[Spot]:
        return self.find(state)

    def read(self, state: S, key: Hashable) -> Any:
        return self.get(state, key)

    def veil(self, state: S, spots: Sequence[Spot], chooser: Dice | None) -> None:
        for spot in spots:
            options = list(self.possible(state, spot.key))
            value = options[0] if chooser is None else options[chooser.draw(len(options)) - 1]
            self.put(state, spot.key, value)


def veil_all(secrets: Sequence[Secret[S]], state: S, player: PlayerId, chooser: Dice | None) -> None:
    """Every secret `player` may not see, veiled in place (what `Game._veil` does by default).
    The spots are all found first, so veiling one kind cannot hide or reveal another's."""
    found = [(secret, secret.hidden_from(state, player)) for secret in secrets]
    for secret, spots in found:
        if spots:
            secret.veil(state, spots, chooser)


__all__ = ["Spot", "Secret", "Hidden", "veil_all"]
