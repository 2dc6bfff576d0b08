"""Every emoji the bot may put on a button or a menu option is one the real Discord accepts.

Discord refuses a whole message whose component carries an emoji that is not one of Unicode's
emoji (50035 `BUTTON_COMPONENT_INVALID_EMOJI`), and SimCord does not check it: Chaos Marauders'
Draw button carried U+1F0A0 (a playing card's back, a symbol but no emoji), so every board that
offered Draw would have failed in a server while its tests passed. Two checks now hold it:
`discord_limits`, installed for every bot test, refuses such a message in SimCord as Discord would;
and this test reads every string written only of symbols in `bot/` and `rules/` (a move's `emoji`,
a `look` table such as Brood Rumble's attack emoji, a button the bot builds), so an emoji no test
happens to click through is judged too. The judge is the `emoji` package's list of Unicode emoji.
"""

from __future__ import annotations

import ast
import unicodedata
from pathlib import Path

import emoji
import pytest

from discord_limits import invalid_emojis

ROOT = Path(__file__).resolve().parents[2]
JOINERS = {"\ufe0f", "\u200d", "\u20e3"}  # variation selector-16, zero-width joiner, keycap


def _symbols_only(text: str) -> bool:
    """A string of pictographs alone (what a component's emoji is), not text with a symbol in it."""
    kinds = [unicodedata.category(c) for c in text if c not in JOINERS]
    return bool(kinds) and all(kind in ("So", "Sk", "Sm") for kind in kinds) and any(
        ord(c) > 0x2000 for c in text)


def _constants(folder: str) -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _symbols_only(node.value):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    return found


@pytest.mark.parametrize("folder", ["bot", "rules"])
def test_every_pictograph_the_code_holds_is_an_emoji_discord_accepts(folder: str) -> None:
    found = _constants(folder)
    assert found, "the scan found no emoji at all: it no longer reads the code"
    bad = [f"{where}: {text!r}" for where, text in found if not emoji.is_emoji(text)]
    assert not bad, "not emoji Discord accepts on a component: " + "; ".join(bad)


def test_the_check_refuses_a_playing_card_back_and_takes_real_emoji() -> None:
    rows = [{"type": 1, "components": [
        {"type": 2, "style": 1, "custom_id": "a", "emoji": {"name": "\U0001f0a0"}},
        {"type": 2, "style": 1, "custom_id": "b", "emoji": {"name": "🃏"}},
        {"type": 2, "style": 2, "custom_id": "c", "emoji": {"name": "⏭️"}},
        {"type": 2, "style": 2, "custom_id": "d", "emoji": {"name": "custom", "id": "123"}}]},
        {"type": 1, "components": [{"type": 3, "custom_id": "e", "options": [
            {"label": "x", "value": "x", "emoji": {"name": "AB"}}]}]}]
    assert len(invalid_emojis(rows)) == 2
    assert _symbols_only("\U0001f0a0") and not _symbols_only("Draw 🃏") and not _symbols_only("…")
