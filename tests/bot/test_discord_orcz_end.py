"""The end of a game of placings that nobody won (Orcz: fewer than three Battlefields cleared, seed
003 L323-328 "If fewer than three Battlefields have been cleared … all the players lose"): the
terminal and Discord say "everybody loses", with no medals and no places, for any game whose
Outcome has won=False."""

from __future__ import annotations

import io

import pytest

from bot.cli import terminal
from bot.cli.terminal import TerminalGame
from bot.ui.text import outcome_lines
from rules.core.engine import Outcome
from rules.core.computer import Level
from rules.orcz import GAME

NAMES = {"ann": "Ann", "bo": "Bo", "cy": "Cy"}
MEDALS = ("🥇", "🥈", "🥉", "1st", "2nd")


def test_a_game_of_placings_nobody_won_says_everybody_loses() -> None:
    lost = Outcome(placings=[["ann"], ["bo", "cy"]], won=False, summary="Llovar falls.")
    heading, lines = outcome_lines(lost, NAMES)
    assert (heading, lines) == ("Result", ["💀 Everybody loses — Ann, Bo and Cy"])
    assert not any(medal in line for line in lines for medal in MEDALS)
    assert lost.winners() == []
    # a game of placings that was won keeps its medals
    assert outcome_lines(Outcome(placings=[["ann"], ["bo", "cy"]]), NAMES)[1][0] == "🥇 1st — Ann"


def test_the_terminal_tells_a_lost_war_as_everybody_losing(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    # three computers play the first legal move each time: the war is lost (seed 003 L323-328)
    monkeypatch.setattr(terminal, "decide", lambda game, state, player, *rest: game.legal_actions(state, player)[0])
    out = io.StringIO()
    table = TerminalGame(GAME, 0, 3, level=Level.EASY, seed=2, out_dir=tmp_path, out=out)
    state = table.play()
    outcome = GAME.outcome(state)
    assert outcome is not None and not outcome.won
    text = out.getvalue()
    assert "Result:" in text and "💀 Everybody loses — " in text
    assert "Placings:" not in text and not any(medal in text for medal in ("🥇", "🥈", "🥉"))
