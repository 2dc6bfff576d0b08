"""Issue 41, "a terminal game nothing typed can break": whatever text a player types, every declared
parameter of every game (the slash command's options, a form's fields, the terminal's words) and the
terminal's line handling either read it or refuse it with a sentence (`RuleViolation`); no other
exception ever reaches the player (a traceback in the terminal, "Something went wrong" in Discord).
Each kind of value has one reader in `rules.core.moves` (`parse_count`, `parse_number`, `parse_points`)."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli.terminal import Quit, TerminalGame
from rules.core.engine import Game
from rules.core.errors import RuleViolation
from rules.core.moves import Reading, parse_count, parse_number, parse_points
from rules.registry import GAMES

AWKWARD = ["²", "³", "٣", "⁴2", "9" * 4301, "9" * 5000, "1" + "0" * 400, "1e309", "-1e309", "1e-400", "-1", "- 1",
           "nan", "NaN", "inf", "-inf", "Infinity", "1_000", "0x10", "1.5", "2.0", "1,000", "<@123456789012345678>",
           "@everyone 1", "<#1>", "\u202e12", "12\u200f", "\u200b", "\u2067c4\u2069", "", " ", "\t", "?", "? ?",
           "quit?", "::", ":", "a:b:c", "/", "//", "__", "_", "9" * 400 + ",1", "1," + "9" * 400, "3/" + "9" * 5000,
           "Player 1 " + "9" * 5000, "Player_1:" + "9" * 5000, "random", "nobody", "🃏", "\x00", "\x1b[2J"]
"""What players have typed, or could: the top-left key of an AZERTY keyboard, numbers too long for Python's
int, too large for a float, signs, mentions, right-to-left and invisible marks, control characters."""

TEXT = st.one_of(st.sampled_from(AWKWARD), st.text(max_size=24),
                 st.builds(lambda a, b: a + b, st.sampled_from(AWKWARD), st.text(max_size=8)),
                 st.builds(lambda n, s: s * n, st.integers(1, 5000), st.sampled_from(["9", "²", "1,", "-"])))


@cache
def _table(slug: str) -> tuple[Game[Any, Any], TerminalGame, Any]:
    """A game at its start, every seat a human at one keyboard (so its first question is a human's)."""
    game = GAMES[slug]
    table = TerminalGame(game, game.min_players, 0, seed=7, keyboard=None, out=io.StringIO())
    state = game.start(table.seats, None, 7).state
    return game, table, state


SLUGS = sorted(GAMES)


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_every_declared_reader_reads_or_refuses(slug: str, text: str) -> None:
    game, table, state = _table(slug)
    if game.moves is None:
        return
    reading = Reading(game.view(state, table.humans[0]), table.names)
    for move in game.moves.moves:
        for param in move.params:
            try:
                param.parse(text, reading)
            except RuleViolation as refused:
                assert str(refused).strip(), f"{slug} {move.name} {param.name}: a refusal without a sentence"
            try:
                move.build({p.name: text for p in move.params if p.name == param.name}, reading)
            except RuleViolation:
                pass


@given(text=TEXT)
@settings(max_examples=200, deadline=None)
def test_the_core_readers_read_or_refuse(text: str) -> None:
    for reader in (lambda t: parse_count(t, "it"), lambda t: parse_number(t, "it"), parse_points):
        try:
            value = reader(text)
        except RuleViolation:
            continue
        numbers = [value] if isinstance(value, int | float) else [c for p in value for c in p]
        assert all(abs(n) <= 1_000_000 for n in numbers), (text, value)


class _Once:
    """Types one line, then quits."""

    def __init__(self, line: str) -> None:
        self.lines = [line]

    def ask(self, prompt: str) -> str:
        if not self.lines:
            raise Quit()
        return self.lines.pop()

    def drop_typed_ahead(self) -> None:
        pass


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, word=st.sampled_from(["", "?", "? ", "/", "help "]), named=st.booleans())
def test_a_terminal_line_is_answered_never_a_traceback(slug: str, text: str, word: str, named: bool) -> None:
    """Any line at a terminal's question: a move read, or a sentence and the question again (here,
    the keyboard then quits). Lines start as a player's might: with `?`, a move's own word, a slash."""
    game, table, state = _table(slug)
    player = game.waiting_for(state)[0]
    moves = [m.name for m in game.moves.moves] if game.moves is not None else ["move"]
    line = word + (f"{moves[len(text) % len(moves)]} " if named else "") + text
    if word == "/" and game.moves is not None:
        line = f"/{game.moves.group} " + line[1:]
    table.keyboard = _Once(line)
    try:
        table._read_move(state, player, game.legal_actions(state, player), game.view(state, player), "> ")
    except Quit:
        pass


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=st.one_of(st.integers(min_value=-(10 ** 400), max_value=10 ** 400), st.floats(), st.booleans()))
def test_a_slash_commands_number_is_read_or_refused(slug: str, value: Any) -> None:
    """What Discord sends for a number option (an int or a float already, a flag's bool) goes through the
    same readers: within the bounds and finite, or a sentence."""
    game, table, state = _table(slug)
    if game.moves is None:
        return
    reading = Reading(game.view(state, table.humans[0]), table.names)
    for move in game.moves.moves:
        for param in move.params:
            if param.kind.value not in ("number", "count", "flag"):
                continue
            try:
                param.parse(value, reading)
            except RuleViolation:
                pass
