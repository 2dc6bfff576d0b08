"""Brood Rumble combat (seed 000, II.4.3 Steps 1-5, II.4.3.1 End of Combat, the Push and Knocked
Down, campaign rules 4 for ties, II.5 Feats earned in a fight).

Faces: the D3 of each revealed attack; after a fight ends the turn, the next Initiative roll-off.
"""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.core.geometry import CONTACT_TOLERANCE
from rules.orclympics.brood_rumble.board import ORC_BASE
from rules.orclympics.brood_rumble.guide import READINGS
from rules.orclympics.brood_rumble.models import (
    AskKind,
    Attack,
    Block,
    Charge,
    ChooseAttack,
    ChooseCombat,
    ChooseDefence,
    FallBack,
    Feat,
    FeatureKind,
    Fight,
    Move,
    Phase,
)
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, fighting, play, texts

SIDE = ORC_BASE.width
HALF = SIDE / 2
B3_AT = 4 + SIDE


def duel(orcs: dict[str, Fighter] | None = None, **kw) -> object:  # type: ignore[no-untyped-def]
    """A1 at (4, 4) and B3 in base contact east of it; A2, B1, B2 far away; A1 attacks B3."""
    base = {"A1": Fighter((4, 4)), "B3": Fighter((B3_AT, 4)), "A2": Fighter((20, 20)), "B1": Fighter((20, 22)),
            "B2": Fighter((4, 22))}
    state = Arena({**base, **(orcs or {})}, active=None, **kw).build()
    return fighting(state, "A1", "B3")


def exchange(state, attack: Attack, block: Block, faces: list[int]):  # type: ignore[no-untyped-def]
    state = play(state, "alice", ChooseAttack(attack=attack)).state
    return play(state, "bob", ChooseDefence(block=block), faces)


# -- Steps 2-4 ------------------------------------------------------------------------------------


def test_the_attacker_chooses_then_the_defender_blocks_then_the_reveal() -> None:
    # 000 II.4.3 Steps 2-4
    state = duel()
    assert state.ask is not None and state.ask.kind is AskKind.ATTACK and state.ask.players == ["alice"]
    with pytest.raises(RuleViolation, match="waiting for Alice"):
        play(state, "bob", ChooseDefence(block=Block.LOW))
    chosen = play(state, "alice", ChooseAttack(attack=Attack.PUNCH)).state
    assert chosen.ask is not None and chosen.ask.kind is AskKind.DEFENCE and chosen.ask.players == ["bob"]
    step = play(chosen, "bob", ChooseDefence(block=Block.LOW), [3])
    assert step.state.orcs["B3"].hp == 10
    assert "Revealed: A1 goes for a Punch" in texts(step.events)


@pytest.mark.parametrize(("attack", "block"), [(Attack.HEADBUTT, Block.HIGH), (Attack.PUNCH, Block.MID),
                                                (Attack.KICK, Block.LOW)])
def test_the_right_block_takes_three_wounds_off(attack: Attack, block: Block) -> None:
    # 000 II.4.3 Step 3: Low stops the Kick, Mid the Punch, High the Headbutt
    step = exchange(duel(), attack, block, [6])
    assert step.state.orcs["B3"].hp == 12


# -- effects of 3 or more -------------------------------------------------------------------------------


def test_a_big_headbutt_pushes_six_inches_and_ends_the_combat() -> None:
    # 000 II.4.3 Headbutt: 3+ HP -> Pushed 6" directly away (centre to centre), combat ends
    step = exchange(duel(), Attack.HEADBUTT, Block.LOW, [6, 6, 1])
    state = step.state
    assert state.orcs["B3"].hp == 9 and state.orcs["B3"].xy == pytest.approx((B3_AT + 6, 4))
    assert state.combat is None and state.turn == 3 and state.phase is Phase.ACTIVATION


def test_pushed_into_a_pit_is_out_my_orclympics_and_go_play_dolls() -> None:
    # 000 II.4.3 Push (Pit eliminates), II.5 My Orclympics! and reading "go-play-dolls"
    step = exchange(duel(features={"T1": (FeatureKind.PIT, (9, 4))}), Attack.HEADBUTT, Block.LOW, [6, 6, 1])
    assert step.state.orcs["B3"].out and "into the Pit T1" in texts(step.events)
    assert step.state.feats == {Feat.MY_ORCLYMPICS.value: "alice", Feat.GO_PLAY_DOLLS.value: "alice"}
    assert "go-play-dolls" in READINGS


def test_pushed_off_the_board_is_out() -> None:
    # 000 II.4.3 Push: touching the Board Edge eliminates
    state = duel({"A1": Fighter((20, 4)), "B3": Fighter((20 + SIDE, 4))})
    step = exchange(state, Attack.HEADBUTT, Block.LOW, [6, 6, 1])
    assert step.state.orcs["B3"].out and "off the board" in texts(step.events)


@pytest.mark.parametrize("kind", [FeatureKind.COVER, FeatureKind.MOUND])
def test_pushed_against_cover_or_a_debris_mound_costs_one_more(kind: FeatureKind) -> None:
    # 000 II.4.3 Push: stops at the feature and loses 1 Health Point
    step = exchange(duel(features={"T1": (kind, (9, 4))}), Attack.HEADBUTT, Block.LOW, [6, 6, 1])
    b3 = step.state.orcs["B3"]
    assert b3.hp == 8 and b3.xy[0] == pytest.approx(9 - 1.5 - HALF - CONTACT_TOLERANCE)


def test_pushed_into_another_orc_both_lose_one_and_it_staggers_back() -> None:
    # 000 II.4.3 Push: against another Orc both lose 1 HP, then the pushed Orc moves back 1"
    step = exchange(duel({"B4": Fighter((9, 4))}), Attack.HEADBUTT, Block.LOW, [6, 6, 1])
    state = step.state
    assert state.orcs["B3"].hp == 8 and state.orcs["B4"].hp == 11
    assert state.orcs["B3"].xy[0] == pytest.approx(9 - SIDE - CONTACT_TOLERANCE - 1)


def test_pushed_off_a_platform_costs_one_and_the_push_goes_on() -> None:
    # 000 II.4.3 Push off a Platform: 1 HP, and only an element touched stops a Push, so it carries
    # on its full 6"; II.5 My Orclympics! and reading "push-stops"
    step = exchange(duel(features={"T1": (FeatureKind.PLATFORM, (6, 4))}), Attack.HEADBUTT, Block.LOW, [6, 6, 1])
    b3 = step.state.orcs["B3"]
    assert b3.hp == 8 and b3.xy[0] == pytest.approx(B3_AT + 6)
    assert "tumbling off the Platform" in texts(step.events)
    assert Feat.MY_ORCLYMPICS.value in step.state.feats
    assert "push-stops" in READINGS


def test_a_push_off_a_platform_can_carry_on_into_a_pit() -> None:
    # 000 II.4.3 Push: off the Platform (1 HP), then into a Pit further along: eliminated
    features = {"T1": (FeatureKind.PLATFORM, (6, 4)), "T2": (FeatureKind.PIT, (11, 4))}
    step = exchange(duel(features=features), Attack.HEADBUTT, Block.LOW, [6, 6, 1])
    b3 = step.state.orcs["B3"]
    assert b3.out and "tumbling off the Platform" in texts(step.events) and "into the Pit T2" in texts(step.events)


def test_a_push_stops_at_dangerous_terrain_which_then_bites() -> None:
    # 000 II.2 Dangerous Terrain (any movement) and reading "push-stops"
    step = exchange(duel(features={"T1": (FeatureKind.DANGEROUS, (10, 4))}), Attack.HEADBUTT, Block.LOW,
                    [6, 5, 6, 1])
    b3 = step.state.orcs["B3"]
    assert b3.hp == 8 and b3.xy[0] == pytest.approx(10 - 1.5 - HALF - CONTACT_TOLERANCE)


def test_a_big_punch_adds_a_wound_and_interrupts_the_combat() -> None:
    # 000 II.4.3 Punch: 3+ HP -> one more, and the combat continues next Game Turn (no Counterstroke now)
    step = exchange(duel(), Attack.PUNCH, Block.HIGH, [6, 6, 1])
    assert step.state.orcs["B3"].hp == 8 and step.state.combat is None and step.state.turn == 3


def test_a_big_kick_knocks_down_and_the_attacker_falls_back_where_its_owner_wants() -> None:
    # 000 II.4.3 Kick: Knocked Down, combat ends; the attacker falls back 3" in a direction of its owner's choice
    step = exchange(duel(), Attack.KICK, Block.MID, [6])
    state = step.state
    assert state.orcs["B3"].knocked_down and state.orcs["B3"].hp == 9
    assert state.ask is not None and state.ask.kind is AskKind.FALL_BACK and state.ask.players == ["alice"]
    assert len(GAME.legal_actions(state, "alice")) == 16
    moved = play(state, "alice", FallBack(angle=180), [6, 1]).state
    assert moved.orcs["A1"].xy == pytest.approx((1, 4))


# -- Step 5 and End of Combat ------------------------------------------------------------------------------


def test_second_serving_then_counterstroke() -> None:
    # 000 II.4.3 Step 5: attack again until the defender blocks right, then swap roles
    state = exchange(duel(), Attack.PUNCH, Block.LOW, [1]).state  # wrong block: 1 wound
    assert state.ask is not None and state.ask.kind is AskKind.ATTACK and state.ask.players == ["alice"]
    state = exchange(state, Attack.PUNCH, Block.MID, [1]).state  # right block: Counterstroke
    assert state.combat is not None and state.combat.attacker == "B3" and state.combat.counter
    assert state.ask is not None and state.ask.players == ["bob"]
    state = play(state, "bob", ChooseAttack(attack=Attack.KICK)).state
    step = play(state, "alice", ChooseDefence(block=Block.LOW), [1, 6, 1])  # right: both have struck
    assert step.state.combat is None and step.state.orcs["B3"].hp == 11 and step.state.orcs["A1"].hp == 12
    assert step.state.turn == 3


def test_the_counterstroke_also_goes_on_until_the_right_block() -> None:
    # reading "counterstroke-serving"
    state = exchange(duel(), Attack.PUNCH, Block.MID, [1]).state
    state = play(state, "bob", ChooseAttack(attack=Attack.KICK)).state
    state = play(state, "alice", ChooseDefence(block=Block.HIGH), [1]).state
    assert state.ask is not None and state.ask.kind is AskKind.ATTACK and state.ask.players == ["bob"]
    assert "counterstroke-serving" in READINGS


def test_five_hp_in_one_round_knocks_down_orc_pedagogy() -> None:
    # 000 II.4.3.1: 5+ HP lost in the same Round of Combat -> Knocked Down; II.5 Orc Pedagogy
    state = exchange(duel(), Attack.PUNCH, Block.HIGH, [3]).state
    state = exchange(state, Attack.PUNCH, Block.HIGH, [3]).state
    step = exchange(state, Attack.KICK, Block.HIGH, [3])
    assert step.state.orcs["B3"].knocked_down and step.state.orcs["B3"].hp == 6
    assert step.state.feats == {Feat.ORC_PEDAGOGY.value: "alice"}
    assert step.state.ask is not None and step.state.ask.kind is AskKind.FALL_BACK


def test_zero_hp_is_out_and_three_wounds_earn_go_play_dolls() -> None:
    # 000 II.4.3.1: at 0 HP the Orc is eliminated; II.5 Go Play Dolls!
    step = exchange(duel({"B3": Fighter((B3_AT, 4), hp=3)}), Attack.KICK, Block.HIGH, [6, 6, 1])
    assert step.state.orcs["B3"].out and step.state.feats == {Feat.GO_PLAY_DOLLS.value: "alice"}
    small = exchange(duel({"B3": Fighter((B3_AT, 4), hp=1)}), Attack.KICK, Block.HIGH, [1, 6, 1])
    assert small.state.orcs["B3"].out and small.state.feats == {}


# -- Step 1 and the order of combats ---------------------------------------------------------------------


def last_to_act(**kw) -> object:  # type: ignore[no-untyped-def]
    orcs = {"A1": Fighter((4, 4)), "B3": Fighter((9, 4), activated=True), "B1": Fighter((20, 22), activated=True)}
    orcs.update(kw.pop("orcs", {}))
    return Arena(orcs, **kw).build()


def test_the_charger_strikes_first() -> None:
    # 000 II.4.3 Step 1: the Charging Orc strikes first
    state = play(last_to_act(), "alice", Move(), [6]).state
    step = play(state, "alice", Charge(target="B3"))
    assert step.state.phase is Phase.COMBAT and step.state.combat is not None
    assert step.state.combat.attacker == "A1" and "charged" in texts(step.events)


def test_otherwise_the_players_roll_off_and_ties_roll_again() -> None:
    # 000 II.4.3 Step 1: a combat from an earlier turn starts with a roll-off; outside a campaign ties reroll
    state = last_to_act(orcs={"B3": Fighter((B3_AT, 4), activated=True)})
    step = play(state, "alice", Fight(), [2, 5])
    assert step.state.combat is not None and step.state.combat.attacker == "B3"
    tied = play(state, "alice", Fight(), [3, 3, 6, 1])
    assert tied.state.combat is not None and tied.state.combat.attacker == "A1"


def test_in_a_campaign_a_tie_goes_by_the_age_of_the_broods() -> None:
    # 000 campaign rules 4 ("the procedure p. 6") and reading "tie-procedure"
    state = last_to_act(orcs={"B3": Fighter((B3_AT, 4), activated=True)}, ages={"alice": 0, "bob": 2})
    low = play(state, "alice", Fight(), [2, 2])  # 1-3: the younger brood counts as higher
    assert low.state.combat is not None and low.state.combat.attacker == "A1"
    high = play(state, "alice", Fight(), [5, 5])  # 4-6: the older brood counts as higher
    assert high.state.combat is not None and high.state.combat.attacker == "B3"


def test_the_initiative_team_chooses_the_order_of_the_combats() -> None:
    # 000 II.4.1 step 5: resolve all combats in the order chosen by the team with the Initiative
    orcs = {"B3": Fighter((B3_AT, 4), activated=True), "A2": Fighter((14, 14), activated=True),
            "B4": Fighter((14 + SIDE, 14), activated=True)}
    state = play(last_to_act(orcs=orcs, initiative="B"), "alice", Fight()).state
    assert state.ask is not None and state.ask.kind is AskKind.CHOOSE_COMBAT and state.ask.players == ["bob"]
    assert {a.orcs for a in GAME.legal_actions(state, "bob")} == {("A1", "B3"), ("A2", "B4")}
    step = play(state, "bob", ChooseCombat(orcs=("B4", "A2")), [1, 6])
    assert step.state.combat is not None and set(step.state.combat.orcs) == {"A2", "B4"}
    with pytest.raises(RuleViolation):
        play(state, "bob", ChooseCombat(orcs=("A1", "B4")))


def test_a_knocked_down_orc_is_in_no_combat() -> None:
    # reading "knocked-down": an Orc lying beside an enemy is not Engaged, so the enemy may walk away
    state = last_to_act(orcs={"B3": Fighter((B3_AT, 4), activated=True, down=True)})
    assert Move() in GAME.legal_actions(state, "alice")
    assert GAME.view(state, None).engaged == []
