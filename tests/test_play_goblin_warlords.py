"""Goblin Warlords at the terminal (`zagjan play goblin-warlords`, issue 43): at a shared keyboard (the
hot seat) no seat's secret reaches another seat's screen: the hand (reading a6: units, gold, captives)
shown by `hand` or named by the moves a seat may make, and a battle's strategy (L94-99) chosen in
secret, until the rules reveal both. (Against computers, that a computer's secret choice is only said
to be made is checked for every game with secrets in tests/test_play.py.)

Before, a seat's turn at a shared keyboard was not handed over unless it had news or a secret
question, so the moves listed for it (a levy names the units of the hand) were on everyone's screen."""

from __future__ import annotations

import io
import re

import pytest

from bot.cli.terminal import CLEAR, Quit, TerminalGame
from rules.core.computer import Level
from rules.registry import GAMES
from tests.test_play import Lines, Picker

GAME = GAMES["goblin-warlords"]
REVEALED = re.compile(r"Strategies revealed: (Player \d) (.+?), (Player \d) (.+?)\.")
"""A battle between the two seats (not rebels, not a caravan), its strategies revealed."""


def owner(screen: str) -> str | None:
    """Whose screen this is: the seat the keyboard was passed to when it was cleared; None: everyone's."""
    found = re.match(r"\s*Pass the keyboard to (Player \d)", screen)
    return found.group(1) if found else None


def test_at_a_shared_keyboard_no_seat_sees_the_others_hand_or_strategy(monkeypatch, tmp_path):
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)  # no pictures: quicker
    out = io.StringIO()
    answer = Picker(out, seed=4, prefer=("strategy",), stop=lambda text: REVEALED.search(text) is not None)
    asked_hand: set[str] = set()

    def typed(prompt: str) -> str:
        out.write(prompt + "\n")  # the question is on the screen too
        if prompt.startswith(("Pass the keyboard", "Press Enter")):
            return ""
        seat = prompt.partition(" > ")[0]
        if seat not in asked_hand and answer.mark is None:  # each seat looks at its hand once
            asked_hand.add(seat)
            return "hand"
        return answer(prompt)

    table = TerminalGame(GAME, 2, 0, seed=3, out_dir=tmp_path, keyboard=Lines(typed), out=out)
    with pytest.raises(Quit):
        table.play()
    text = out.getvalue()
    revealed = REVEALED.search(text)
    assert revealed is not None and asked_hand == {"Player 1", "Player 2"}
    screens = text[:revealed.start()].split(CLEAR)
    private = re.compile(r"eyes only|\(a secret choice|Units: |You chose|You draw|Your spy")
    for screen in screens:
        seat = owner(screen)
        # a seat's moves (which name the chips of its hand) are listed on its own screen alone
        movers = set(re.findall(r"━━━━ (Player \d), your move ━━━━", screen))
        assert movers <= ({seat} if seat else set()), screen[:300]
        if private.search(screen):
            assert seat is not None and set(re.findall(r"For (Player \d)'s eyes only", screen)) <= {seat}
    # each strategy was chosen on its chooser's screen, and said on no other before both were in
    strategies = {revealed.group(1): revealed.group(2), revealed.group(3): revealed.group(4)}
    for seat, strategy in strategies.items():
        said = f"You chose {strategy.replace('Careful Defence', 'Careful Advance')}"
        assert any(owner(s) == seat and said in s for s in screens), (seat, said)
