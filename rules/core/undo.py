"""Taking a move back: what the rules let a player undo, and the action log with its undos.

A player at a table says "wait, I meant c5" and takes the model back, as long as nobody has learnt
anything from the move and no luck was used. The same test holds for every game, so it is written
once here and asked through `Game.undo_refusal` (a game may add a refusal of its own there). A move
may be taken back when, all at once:

- it did not end the game;
- no random number was drawn for it (a die, a shuffle, a random pick: the state's dice counter
  did not move, and no die is in its log), so taking it back cannot be used to fish for better luck;
- no hidden thing was uncovered: for every seat, everything of the game's declared secrets that
  was hidden from that seat before the move is still hidden from it after (the same things, by
  value: a card drawn, a face-down card turned, a hand shown all fail this; a secret piece moved,
  or a secret choice made by the mover, do not);
- nobody else was told anything in private by it;
- it is still the mover's turn, and only theirs: the game waits for them alone (a move that passed
  the turn, or opened a reaction to another player, is theirs to live with).

Which move is the last, and whose, is the table's to say (the log); the rules judge that move.

The log keeps an undo as an entry of its own (`marker`), so nothing is ever removed from it: an undo
is stored like a move, and a game replays from its seed and log with its undos (`replay`). The
state's `version` counts every entry of the log, undos included, so a button drawn before an undo
never matches the game after it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from rules.core.secrets import Secret

PlayerId = str
UNDO_KEY = "undo"
"""The one key of a log entry that takes a move back; its value is the taken-back entry's number."""


class _Told(Protocol):
    kind: str
    visible_to: list[PlayerId] | None


class _Rules(Protocol):
    """What the test reads of a game (its engine, `rules.core.engine.Game`)."""

    secrets: tuple[Secret[Any], ...]

    def waiting_for(self, state: Any) -> list[PlayerId]: ...

    def outcome(self, state: Any) -> Any: ...


def refusal(game: _Rules, before: Any, player: PlayerId, after: Any, events: Sequence[_Told]) -> str | None:
    """Why the move that took `before` to `after` (telling `events`) may not be taken back by the
    `player` who made it, in a sentence for them; None when it may."""
    if game.outcome(after) is not None:
        return "that move ended the game."
    if after.dice.draws != before.dice.draws or any(e.kind == "roll" for e in events):
        return "a die was rolled (or chance was drawn on) since."
    waiting = game.waiting_for(after)
    if player not in waiting:
        return "your turn is over."
    if len(waiting) > 1:
        return "another player may now answer it."
    if any(e.visible_to is not None and set(e.visible_to) - {player} for e in events):
        return "another player was told something in private by it."
    if any(_uncovered(game, before, after, seat.player) for seat in before.seats):  # the costly one, last
        return "something hidden was uncovered by it (a card drawn or shown)."
    return None


def _uncovered(game: _Rules, before: Any, after: Any, viewer: PlayerId) -> bool:
    """Whether something hidden from `viewer` before is not hidden from them after (by value)."""
    hidden_before = _hidden(game, before, viewer)
    if not hidden_before:
        return False
    return bool(hidden_before - _hidden(game, after, viewer))


def _hidden(game: _Rules, state: Any, viewer: PlayerId) -> Counter[tuple[str, str]]:
    """What `state` hides from `viewer`, as a multiset of (secret, value): where a thing lies is left
    out, so a hidden piece that only moved hides the same."""
    return Counter((secret.name, _token(secret.read(state, spot.key)))
                   for secret in game.secrets for spot in secret.hidden_from(state, viewer))


def _token(value: Any) -> str:
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    return json.dumps(value, sort_keys=True, default=repr)


# -- the log with its undos ---------------------------------------------------------------------------


def marker(taken_back: int) -> str:
    """The log entry of an undo: which entry (by its number) it takes back."""
    return json.dumps({UNDO_KEY: taken_back})


def taken_back(action_json: str) -> int | None:
    """The entry an undo's log entry takes back; None for a move."""
    if not action_json.startswith('{"' + UNDO_KEY + '"'):
        return None
    found = json.loads(action_json)
    return int(found[UNDO_KEY]) if isinstance(found, dict) and set(found) == {UNDO_KEY} else None


Entry = tuple[int, PlayerId, str]
"""A log entry: its number (the version it made), who made it, and the action's JSON (or an undo's)."""


def standing(entries: Iterable[Entry]) -> list[Entry]:
    """The moves of a log that stand, in order: every move but those taken back."""
    moves: list[Entry] = []
    for entry in entries:
        back = taken_back(entry[2])
        if back is None:
            moves.append(entry)
        elif moves and moves[-1][0] == back:
            moves.pop()
        else:
            raise ValueError(f"log entry {entry[0]} takes back entry {back}, which is not the last move standing")
    return moves


def replay(entries: Sequence[Entry], new: Callable[[], Any], apply: Callable[[Any, PlayerId, str], Any]) -> Any:
    """The state a log leads to, undos included: its standing moves applied from `new()` (`apply`
    reads an action's JSON and plays it), and the state's `version` the number of the log's last
    entry (every entry counts, so versions only go up)."""
    state = new()
    for _, player, action_json in standing(entries):
        state = apply(state, player, action_json)
    if entries:
        state.version = entries[-1][0]
    return state


__all__ = ["Entry", "UNDO_KEY", "marker", "refusal", "replay", "standing", "taken_back"]
