"""OrcQuest WarPath at the terminal (`zagjan play orcquest`, issue 44): a party of four computers plays
the first Quest to its end; one player moves all four Heroes (L248-252: a lone player runs the whole
party) by typed moves; and the Quest's secret, the order of its decks and reserves (L253-256, reading
a3), is on no screen: the terminal shows what the table sees, and no pile's cards by the rules' names."""

from __future__ import annotations

import io
import re

import pytest

from bot.cli import main as cli
from bot.cli.terminal import CLEAR, TerminalGame
from rules.orcquest.data import EVENTS, PATROL_DECK
from rules.registry import GAMES
from tests.test_play import Lines, Picker

PILE_CODES = {c for c in [*(e.code for e in EVENTS), *(p.code for p in PATROL_DECK)] if "-" in c and c != "about-turn"} \
    | {"peasant-x2", "peasant-x3"}
"""How the rules name the piles' cards and tokens (words no sentence uses): a pile dumped would show them."""
HEROES = ("Orrus the Warrior", "Thalla the Ranger", "Mek the Thief", "Mandar the Warlock")


@pytest.fixture(autouse=True)
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)  # quicker; the boards are drawn elsewhere


def test_a_party_of_four_computers_plays_the_quest_to_its_end(capsys, tmp_path):
    code = cli.main(["play", "orcquest", "--players", "0", "--computers", "4", "--seed", "1", "--out", str(tmp_path),
                     "--iterations", "4"])
    text = capsys.readouterr().out
    assert code == 0
    assert "OrcQuest WarPath is over." in text
    assert "Everyone loses together" in text or "Everyone wins together" in text
    assert all(f"{hero} is played by" in text for hero in HEROES)
    assert "Turn 1: Enemy Phase." in text and re.search(r"^🎲 Table — .+: D6 rolled", text, re.MULTILINE)
    assert "🤖" in text and CLEAR not in text
    assert not [c for c in PILE_CODES if c in text]


def test_one_player_moves_all_four_heroes_to_the_end_of_the_quest(tmp_path):
    out = io.StringIO()
    answer = Picker(out, seed=2, prefer=("take-it", "read", "activate", "end", "done"))
    table = TerminalGame(GAMES["orcquest"], 1, 0, seed=3, out_dir=tmp_path, keyboard=Lines(answer), out=out)
    table.play()
    text = out.getvalue()
    name = table.names[next(iter(table.names))]
    assert all(f"{hero} is played by {name}." in text for hero in HEROES)  # one player, the whole party
    assert answer.moves > 20 and "OrcQuest WarPath is over." in text
    for hero in ("Orrus", "Thalla", "Mek", "Mandar"):  # each Hero activated by the one player's typed moves
        assert f"{hero} is the Active Hero" in text
    assert "🤖" not in text and CLEAR not in text  # nobody else at the keyboard: nothing to hide
    assert not [c for c in PILE_CODES if c in text]
