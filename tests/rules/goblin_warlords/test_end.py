"""The end of the player turn and of the game (seed 002; lines of 002_6fc21e352e2e7ee3.txt, the
reading's items in brackets): B5, the discard down to ten."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.goblin_warlords.models import AskKind, Discard, EndTurn, TradeForGold
from tests.rules.goblin_warlords.helpers import GAME, GOBLIN, GOBLIN_LEADER, ORC, ORC_LEADER, all_but_last_ready, texts

TWELVE = [GOBLIN_LEADER, *range(GOBLIN + 1, GOBLIN + 8), *range(ORC, ORC + 4)]
"""Ann's hand: a leader and eleven troops, twelve units in all."""


def over_the_limit():  # type: ignore[no-untyped-def]
    """Game turn 1, Ann in B3 with twelve units in hand (and her leader among them)."""
    state = all_but_last_ready(2, hands=[TWELVE[:9], [ORC_LEADER]])
    state = GAME.apply(state, "p2", TradeForGold(), dice=ScriptedDice([1, 1, 1])).state  # Ann draws 3 free
    assert state.current == "p1" and len(state.warlord("p1").units) == 12
    return state


# -- B5. discard ----------------------------------------------------------------------------------------

def test_a_hand_over_ten_units_discards_down_to_ten_chosen_by_its_player() -> None:
    # 002 L46 (reading a33): more than 10 units in hand -> the player discards down to 10
    state = GAME.apply(over_the_limit(), "p1", EndTurn()).state
    assert state.ask is not None and state.ask.kind is AskKind.DISCARD and state.current == "p1"
    prompt = GAME.prompts(state)[0]
    assert prompt.player == "p1" and prompt.secret
    legal = GAME.legal_actions(state, "p1")
    assert legal and all(len(a.units) == 2 for a in legal)
    hand = list(state.warlord("p1").units)
    cup = len(state.tribe_cup)
    gone = [hand[0], hand[-1]]
    step = GAME.apply(state, "p1", Discard(units=gone), dice=ScriptedDice([1, 1, 1]))  # Bo's free draws
    after = step.state
    assert len(after.warlord("p1").units) == 10 and not set(gone) & set(after.warlord("p1").units)
    assert len(after.tribe_cup) == cup + 2 - 3 and after.current == "p2"
    assert "Ann discards 2 units down to 10." in texts(step, public_only=True)
    assert not any("You discard" in t for t in texts(step, public_only=True))  # which ones stays secret


def test_ten_units_or_fewer_are_kept_and_play_passes_on() -> None:
    # 002 L46: only a hand of MORE than 10 units is discarded
    state = over_the_limit()
    for unit in state.warlord("p1").units[10:]:
        state.warlord("p1").units.remove(unit)
        state.tribe_cup.append(unit)
    after = GAME.apply(state, "p1", EndTurn(), dice=ScriptedDice([1, 1, 1])).state
    assert after.current == "p2" and len(after.warlord("p1").units) == 10


@pytest.mark.parametrize("units", [[], [GOBLIN + 1], [GOBLIN + 1, GOBLIN + 2, GOBLIN + 3], [GOBLIN + 1, GOBLIN + 1],
                                   [GOBLIN + 1, GOBLIN + 11]])
def test_a_wrong_discard_is_refused_and_changes_nothing(units: list[int]) -> None:
    # 002 L46: exactly down to ten, each unit once, from the hand
    state = GAME.apply(over_the_limit(), "p1", EndTurn()).state
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        GAME.apply(state, "p1", Discard(units=units))
    assert state.model_dump() == before
