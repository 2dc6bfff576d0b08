"""Tables built by hand for the Chaos Marauders tests: chosen cards in chosen slots, a pile in a
known order, the Cube's faces forced with `ScriptedDice` (1 is the Mark of Chaos, 6 an Orcish Eye)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.chaos_marauders import GAME
from rules.chaos_marauders.data import DECK, LINES, SLOTS
from rules.chaos_marauders.models import AskKind, Begin, CMState
from rules.core.dice import DiceState, ScriptedDice
from rules.core.engine import Context, Seat

MARK, EYE = 1, 6
PLAYERS = ("ann", "bo", "cy", "di")
_used: dict[str, int] = {}


def card(key: str, copy: int = 0) -> int:
    """The number of the `copy`-th card with this key."""
    found = [n for n, k in enumerate(DECK) if k == key]
    return found[copy]


class Deal:
    """Hands out distinct copies of a key, so one table never holds the same card twice."""

    def __init__(self) -> None:
        self.taken: dict[str, int] = {}

    def __call__(self, key: str) -> int:
        n = self.taken.get(key, 0)
        self.taken[key] = n + 1
        return card(key, n)


def table(pile: Iterable[str] = (), lines: Mapping[str, Mapping[tuple[int, int], str]] | None = None, *,
          players: int = 2, turn: int | None = None, active: int = 0, faces: Iterable[int] = (),
          gits: Mapping[tuple[str, int, int], str] | None = None, last_call: bool = False) -> CMState:
    """A table with `lines` ({player: {(line, slot): key}}, counted from 0), a pile drawn in the order
    given, play in round 2 unless `turn` says otherwise, and the first card drawn."""
    deal = Deal()
    order = list(PLAYERS[:players])
    grid: dict[str, list[list[int | None]]] = {p: [[None] * SLOTS for _ in range(LINES)] for p in order}
    for player, cards in (lines or {}).items():
        for (line, slot), key in cards.items():
            grid[player][line][slot] = deal(key)
    owners = {}
    for (player, line, slot), owner in (gits or {}).items():
        c = grid[player][line][slot]
        assert c is not None
        owners[c] = owner
    state = CMState(seats=[Seat(player=p, name=p.capitalize(), colour=n) for n, p in enumerate(order)],
                    dice=DiceState(seed=1), order=order, lines=grid, pile=[deal(k) for k in pile],
                    git_owner=owners, active=active, turn=turn if turn is not None else players + 1 + active)
    dice = ScriptedDice(faces)
    GAME._advance(Context(dice), state)
    if not last_call and at_last_call(state):
        assert state.ask is not None
        state = GAME.apply(state, state.ask.players[0], Begin(), dice=dice).state
    return state


def at_last_call(state: CMState) -> bool:
    return state.ask is not None and state.ask.kind is AskKind.LAST_CALL


def act(state: CMState, player: str, action: Any, faces: Iterable[int] = (), *, last_call: bool = False) -> CMState:
    return step(state, player, action, faces, last_call=last_call)[0]


def step(state: CMState, player: str, action: Any, faces: Iterable[int] = (), *,
         last_call: bool = False) -> tuple[CMState, list[str]]:
    """Apply one action; a turn it ends goes on to the next one (its last call left to run out, as
    nobody shouts) unless `last_call` keeps the table there (C14)."""
    dice = ScriptedDice(faces)
    result = GAME.apply(state, player, action, dice=dice)
    said = [e.text for e in result.events]
    state = result.state
    if not last_call and at_last_call(state):
        assert state.ask is not None
        after = GAME.apply(state, state.ask.players[0], Begin(), dice=dice)
        state, said = after.state, said + [e.text for e in after.events]
    return state, said  # type: ignore[return-value]


def keys(state: CMState, player: str, line: int) -> list[str | None]:
    return [DECK[c] if c is not None else None for c in state.lines[player][line]]


def full_line(*middle: str, standard: str = "hob-standard", musician: str = "hob-musician") -> dict[tuple[int, int], str]:
    """Slots of one line (line 0) with a Standard, the middle cards given and a Musician."""
    return {(0, 0): standard, **{(0, k + 1): key for k, key in enumerate(middle)}, (0, SLOTS - 1): musician}


def at_line(cards: Mapping[tuple[int, int], str], line: int) -> dict[tuple[int, int], str]:
    return {(line, s): k for (_, s), k in cards.items()}
