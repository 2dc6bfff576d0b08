"""The /rules text (`rules.goblin_warlords.guide`): every reading is in it, the commands it names exist,
and the choices the engine makes for an absent player are the ones it states."""

from __future__ import annotations

import re

from rules.goblin_warlords.guide import GUIDE, READINGS
from rules.goblin_warlords.models import AskKind, ChooseStrategy, Strategy
from rules.goblin_warlords.moves import MOVES
from rules.goblin_warlords.questions import STAGES


def test_the_guide_states_every_reading_and_names_real_commands() -> None:
    assert all(text in GUIDE for text in READINGS.values())
    for word in re.findall(r"`/gw ([a-z-]+)", GUIDE):
        move = MOVES.named(word)
        assert move is not None and move.typed, word
    assert len(GUIDE) < 16000  # four Discord embeds at most


def test_the_default_strategy_is_the_one_the_guide_names() -> None:
    # our reading: an absent player's troops charge mindlessly (the most bloodshed)
    assert STAGES.table[AskKind.STRATEGY].default == ChooseStrategy(strategy=Strategy.CHARGE)
    assert "Mindless Charge" in READINGS["default-strategy"]
