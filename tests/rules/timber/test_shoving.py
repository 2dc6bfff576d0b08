"""Shoving and the broods' Shoving rules (seed 000, IV.1.2, IV.4.2.3.2, IV.5 Gimme That!).

Dice order: the attacker's two dice (and its reroll), the defender's two dice (and its reroll),
then the loser's D3 of dropped Wood if it carries any.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood
from rules.orclympics.timber import READINGS
from rules.orclympics.timber.models import Feat, PushTo, Shove, TimberState
from tests.rules.timber.forest import GAME, Forest, duo, play, texts

IRON_VS_FERAL = {"mug": Brood.IRON, "zog": Brood.FERAL}


def scuffle(attacker: str = "d4", defender: str = "d5", *, broods: dict[str, Brood] | None = None,
            wood: tuple[int, int] = (0, 0), **kw: Any) -> TimberState:
    """Mug #1 (Iron unless told) on `attacker` about to shove Zog #1 (Feral unless told) on `defender`."""
    teams = {"mug": duo(attacker, "h1", wood=(wood[0], 0)), "zog": duo(defender, "h8", wood=(wood[1], 0))}
    kw.setdefault("boar", "a8")
    return Forest(teams, broods=broods or IRON_VS_FERAL, **kw).build()


def test_keep_the_higher_die_plus_one_for_the_attacker_minus_one_per_wood() -> None:
    # 000 IV.4.2.3.2: two D6 each, the lower discarded; +1 to the attacker; -1 per Wood carried
    step = play(scuffle(wood=(2, 1)), "mug", Shove(orc="mug:1", target="zog:1"), [2, 5, 6, 3, 1])
    assert "Mug #1 4 against Zog #1 5" in texts(step.events)
    # the defender won: the attacker drops D3 (a 1) on its own square, and nobody is pushed
    state = step.state
    assert state.orcs["mug:1"].wood == 1 and state.dropped == {"d4": 1}
    assert state.orcs["zog:1"].square == "d5" and state.current.push is None


def test_the_winning_attacker_takes_wood_off_the_loser_and_pushes_it_the_difference() -> None:
    # 000 IV.4.2.3.2: the loser drops D3 Wood on its square, then is pushed by the difference
    step = play(scuffle(wood=(0, 1)), "mug", Shove(orc="mug:1", target="zog:1"), [2, 5, 6, 3, 6])
    state = step.state
    assert "Mug #1 6 against Zog #1 5" in texts(step.events)
    assert state.orcs["zog:1"].wood == 0 and state.dropped == {"d5": 1}  # D3 of 3, but it carried just 1
    assert state.current.push is not None and state.current.push.steps == 1
    assert GAME.waiting_for(state) == ["mug"]
    assert {a.square for a in GAME.legal_actions(state, "mug")} == {"d6", "e5", "c5"}
    pushed = play(state, "mug", PushTo(square="e5")).state
    assert pushed.orcs["zog:1"].square == "e5" and pushed.current.push is None
    # 000 IV.5 Gimme That!: an enemy dropped Wood to Mug's Shoving in Mug's turn
    assert pushed.feats == {Feat.GIMME_THAT.value: "mug"}


def test_the_push_follows_the_move_rules_square_by_square() -> None:
    # 000 IV.4.2.3.2 and READINGS["push-full"]: the attacker chooses every square; a lone choice is taken at once
    state = scuffle("b1", "a1")
    step = play(state, "mug", Shove(orc="mug:1", target="zog:1"), [6, 1, 1, 1])
    state = step.state
    assert state.orcs["zog:1"].square == "a2" and state.current.push.steps == 5  # a2 was the only way out
    assert {a.square for a in GAME.legal_actions(state, "mug")} == {"a3", "b2", "a1"}
    with pytest.raises(RuleViolation, match="free square"):
        GAME.apply(state, "mug", PushTo(square="b3"))
    state = play(state, "mug", PushTo(square="a1")).state  # back where it came from: allowed
    assert state.orcs["zog:1"].square == "a2" and state.current.push.steps == 3  # and on to a2 again at once
    assert "crossed twice" in READINGS["push-full"]


def test_a_boxed_in_loser_stops_and_no_one_leaves_the_board() -> None:
    # 000 IV.4.2.3.1: an Orc cannot be forced to leave the Forest
    step = play(scuffle("b1", "a1", rocks=["a2"]), "mug", Shove(orc="mug:1", target="zog:1"), [6, 1, 1, 1])
    assert step.state.orcs["zog:1"].square == "a1" and step.state.current.push is None
    assert "wedged" in texts(step.events)


@pytest.mark.parametrize("broods", [
    {"mug": Brood.IRON, "zog": Brood.FERAL},  # no Common Orc
    {"mug": Brood.COMMON, "zog": Brood.COMMON},  # both Common: still a draw
])
def test_a_draw_does_nothing(broods: dict[str, Brood]) -> None:
    # 000 IV.4.2.3.2: if there is a draw, nothing happens (3 + 1 - 1 against 4 - 1)
    step = play(scuffle(broods=broods, wood=(1, 1)), "mug", Shove(orc="mug:1", target="zog:1"), [3, 2, 4, 1])
    assert "Neither Orc" in texts(step.events)
    assert step.state.dropped == {} and step.state.current.push is None


def test_a_common_attacker_wins_a_draw_without_pushing() -> None:
    # 000 IV.1.2 Common Orc and READINGS["common-draw"]: the loser drops Wood, the push is 0 squares
    state = scuffle(broods={"mug": Brood.COMMON, "zog": Brood.FERAL}, wood=(0, 2))
    step = play(state, "mug", Shove(orc="mug:1", target="zog:1"), [3, 2, 6, 1, 3])
    assert "Common Orcs never lose a draw" in texts(step.events)
    assert step.state.dropped == {"d5": 2} and step.state.orcs["zog:1"].square == "d5"
    assert step.state.current.push is None
    assert "0 squares" in READINGS["common-draw"]


def test_a_common_defender_wins_a_draw() -> None:
    state = scuffle(broods={"mug": Brood.IRON, "zog": Brood.COMMON}, wood=(1, 0))
    step = play(state, "mug", Shove(orc="mug:1", target="zog:1"), [3, 2, 3, 1, 2])
    assert step.state.dropped == {"d4": 1} and step.state.orcs["mug:1"].wood == 0
    assert Feat.GIMME_THAT.value not in step.state.feats


def test_a_feral_attacker_rerolls_its_lower_die() -> None:
    # 000 IV.1.2 Feral Orc and READINGS["brood-reroll"]: the lower die is thrown again and the new face stands
    state = scuffle(broods={"mug": Brood.FERAL, "zog": Brood.COMMON})
    step = play(state, "mug", Shove(orc="mug:1", target="zog:1"), [2, 4, 6, 3, 3])
    rolls = [e.roll for e in step.events if e.roll is not None]
    assert [r.result for r in rolls] == [2, 4, 6, 3, 3]
    assert rolls[2].rerolled_from == rolls[0].id  # the 2 was rerolled, not the 4
    assert "Mug #1 7 against Zog #1 3" in texts(step.events)
    assert step.state.current.push.steps == 4
    assert "never hurt" in READINGS["brood-reroll"]


def test_a_feral_defender_and_an_iron_attacker_do_not_reroll() -> None:
    state = scuffle(broods={"mug": Brood.IRON, "zog": Brood.FERAL})
    step = play(state, "mug", Shove(orc="mug:1", target="zog:1"), [1, 2, 1, 3])
    assert all(e.roll.rerolled_from is None for e in step.events if e.roll is not None)
    assert "Mug #1 3 against Zog #1 3" in texts(step.events)


def test_an_iron_defender_rerolls_its_lower_die() -> None:
    # 000 IV.1.2 Iron Orc: the defender's lower die is thrown again
    state = scuffle(broods={"mug": Brood.IRON, "zog": Brood.IRON})
    step = play(state, "mug", Shove(orc="mug:1", target="zog:1"), [3, 4, 2, 1, 5])
    rolls = [e.roll for e in step.events if e.roll is not None]
    assert rolls[4].rerolled_from == rolls[3].id  # the defender's 1
    assert "Mug #1 5 against Zog #1 5" in texts(step.events) and "Neither Orc" in texts(step.events)


def test_shove_an_enemy_on_a_neighbouring_square_only() -> None:
    # 000 IV.4.2.3.2: a neighbouring square (not corner to corner), an enemy Orc
    with pytest.raises(RuleViolation, match="sharing a side"):
        GAME.apply(scuffle("d4", "e5"), "mug", Shove(orc="mug:1", target="zog:1"))
    state = Forest({"mug": duo("d4", "d5"), "zog": duo("h8", "h7")}, boar="a8").build()
    with pytest.raises(RuleViolation, match="your side"):
        GAME.apply(state, "mug", Shove(orc="mug:1", target="mug:2"))
    assert not any(isinstance(a, Shove) for a in GAME.legal_actions(state, "mug"))


def test_gimme_that_needs_wood_to_fall() -> None:
    # 000 IV.5 Gimme That!: winning against an Orc that carries nothing earns nothing
    step = play(scuffle(wood=(0, 0)), "mug", Shove(orc="mug:1", target="zog:1"), [2, 5, 1, 3])
    assert step.state.feats == {}
