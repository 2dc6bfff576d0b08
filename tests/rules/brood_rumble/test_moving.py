"""Brood Rumble movement, charges and terrain (seed 000, II.1.2 Feral, II.2 Terrain Features,
II.4.2.1 Move, II.4.2.4 Get Up, II.4.2.5 Fight)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.core.geometry import CONTACT_TOLERANCE, centre_distance, distance, touching
from rules.orclympics.broods import Brood
from rules.orclympics.brood_rumble.board import ORC_BASE, engaged_pairs, in_contact, orc_shape
from rules.orclympics.brood_rumble.combat import pairs_left
from rules.orclympics.brood_rumble.guide import READINGS
from rules.orclympics.brood_rumble.models import (
    AskKind,
    Charge,
    EndActivation,
    FeatureKind,
    Fight,
    GetUp,
    Move,
    MoveTo,
    Reroll,
)
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, play, texts

SIDE = ORC_BASE.width


def table(orcs: dict[str, Fighter] | None = None, **kw) -> object:  # type: ignore[no-untyped-def]
    """A1 at (4, 4) about to act; B1, B2 far away so the flow after A1 only asks team B."""
    base = {"A1": Fighter((4, 4)), "A2": Fighter((20, 2)), "B1": Fighter((20, 22)), "B2": Fighter((4, 22))}
    return Arena({**base, **(orcs or {})}, **kw).build()


def moving(state, faces: list[int], player: str = "alice"):  # type: ignore[no-untyped-def]
    return play(state, player, Move(), faces).state


# -- II.4.2.1 Move ---------------------------------------------------------------------------


def test_a_move_rolls_d6_plus_two_inches_then_asks_where_to() -> None:
    # 000 II.4.2.1: an unengaged Orc moves up to D6+2"
    step = play(table(), "alice", Move(), [3])
    state = step.state
    assert state.ask is not None and state.ask.kind is AskKind.MOVE_TO
    assert state.activation is not None and state.activation.budget == 5
    assert "D6+2 rolled 3 = 5" in texts(step.events)
    with pytest.raises(RuleViolation, match="may move only 5.00"):
        play(state, "alice", MoveTo(to=(9.1, 4)))
    done = play(state, "alice", MoveTo(to=(9, 4))).state
    assert done.orcs["A1"].xy == (9, 4)


def test_the_offered_destinations_are_all_legal_and_include_staying() -> None:
    state = moving(table(barrels=[(6, 6)]), [6])
    offers = GAME.legal_actions(state, "alice")
    assert MoveTo(to=(4, 4)) in offers
    assert len(offers) > 8
    for offer in offers:
        GAME.apply(state, "alice", offer)


def test_pivots_let_a_move_go_round_an_obstacle() -> None:
    # 000 II.4.2.1 and reading "move-path": any number of Pivots during the move, paid in distance only
    assert "move-path" in READINGS
    state = moving(table(features={"T1": (FeatureKind.COVER, (7, 4))}), [6])  # 8"
    with pytest.raises(RuleViolation, match="Cover T1 is in the way"):
        play(state, "alice", MoveTo(to=(10, 4)))
    done = play(state, "alice", MoveTo(to=(10, 4), via=[(5, 5.05), (9, 5.05)])).state
    assert done.orcs["A1"].xy == (10, 4)
    assert done.trail == [[(4, 4), (5, 5.05), (9, 5.05), (10, 4)]]


@pytest.mark.parametrize("kind", [FeatureKind.PIT, FeatureKind.COVER, FeatureKind.MOUND])
def test_orcs_cannot_move_into_or_through_pits_cover_or_debris_mounds(kind: FeatureKind) -> None:
    # 000 II.2: Pits, Cover and Debris Mounds cannot be moved into or through
    state = moving(table(features={"T1": (kind, (8, 4))}), [6])
    with pytest.raises(RuleViolation, match="in the way"):
        play(state, "alice", MoveTo(to=(12, 4)))


def test_orcs_move_over_barrels_and_cannot_pass_through_other_orcs() -> None:
    # 000 II.2 Barrels: Orcs can move over Barrels; models never share ground
    state = moving(table({"A3": Fighter((7, 4))}, barrels=[(6, 4)]), [6])
    with pytest.raises(RuleViolation, match="A3 is in the way"):
        play(state, "alice", MoveTo(to=(10, 4)))
    assert play(state, "alice", MoveTo(to=(6, 4))).state.orcs["A1"].xy == (6, 4)


def test_feral_orcs_may_reroll_the_move_distance_once() -> None:
    # 000 II.1.2 Feral: reroll the dice for each movement; no die is rerolled twice
    state = table({"A1": Fighter((4, 4), brood=Brood.FERAL)})
    state = moving(state, [1])
    assert state.ask is not None and state.ask.kind is AskKind.MOVE_REROLL
    step = play(state, "alice", Reroll(reroll=True), [6])
    assert step.state.activation is not None and step.state.activation.budget == 8
    assert step.state.ask is not None and step.state.ask.kind is AskKind.MOVE_TO
    with pytest.raises(RuleViolation):
        play(step.state, "alice", Reroll(reroll=True))
    kept = play(state, "alice", Reroll(reroll=False)).state
    assert kept.activation is not None and kept.activation.budget == 3


def test_other_broods_are_not_offered_the_move_reroll() -> None:
    state = moving(table(), [1])
    assert state.ask is not None and state.ask.kind is AskKind.MOVE_TO


# -- Charges --------------------------------------------------------------------------------------


def test_moving_into_contact_with_an_unengaged_enemy_is_a_charge() -> None:
    # 000 II.4.2.1: moving into contact with an unengaged enemy Orc is a Charge
    state = moving(table({"B3": Fighter((9, 4))}), [6])
    assert Charge(target="B3") in GAME.legal_actions(state, "alice")
    step = play(state, "alice", Charge(target="B3"))
    a1, b3 = step.state.orcs["A1"], step.state.orcs["B3"]
    assert touching(orc_shape(a1), orc_shape(b3))
    assert distance(orc_shape(a1), orc_shape(b3)) <= CONTACT_TOLERANCE
    assert step.state.charges == {"A1-B3": "A1"}
    assert "charges B3" in texts(step.events)


def test_a_charge_out_of_reach_is_refused() -> None:
    state = moving(table({"B3": Fighter((14, 4))}), [1])  # 3"
    assert Charge(target="B3") not in GAME.legal_actions(state, "alice")
    with pytest.raises(RuleViolation, match="may move only 3.00"):
        play(state, "alice", Charge(target="B3"))


def test_no_charging_an_orc_already_engaged() -> None:
    # 000 II.4.2.1: you cannot move into contact with an enemy Orc that is already Engaged
    busy = {"B3": Fighter((9, 4)), "A3": Fighter((9 + SIDE, 4))}
    state = moving(table(busy), [6])
    assert Charge(target="B3") not in GAME.legal_actions(state, "alice")
    with pytest.raises(RuleViolation, match="already fighting"):
        play(state, "alice", Charge(target="B3"))
    with pytest.raises(RuleViolation, match="already fighting"):
        play(state, "alice", MoveTo(to=(9 - SIDE, 4)))


def test_a_knocked_down_orc_cannot_be_charged() -> None:
    # 000 II.4.3 Knocked Down: as long as an Orc is Knocked Down, it cannot be Charged
    state = moving(table({"B3": Fighter((9, 4), down=True)}), [6])
    with pytest.raises(RuleViolation, match="Knocked Down"):
        play(state, "alice", Charge(target="B3"))


def test_a_charger_is_engaged_and_can_do_nothing_more() -> None:
    # 000 II.4.2.5: an Orc in base contact with an enemy can only Fight
    state = moving(table({"B3": Fighter((9, 4))}, barrels=[(4, 4)]), [6])
    step = play(state, "alice", Charge(target="B3"))
    assert step.state.orcs["A1"].activated and step.state.activation is None


def test_an_engaged_orc_can_only_fight_and_that_passes() -> None:
    # 000 II.4.2.5: Fight is the only action; combat waits for the end of the turn
    state = table({"B3": Fighter((4 + SIDE, 4))})
    assert GAME.legal_actions(state, "alice") == [Fight()]
    with pytest.raises(RuleViolation, match="Fight is its only action"):
        play(state, "alice", Move())
    step = play(state, "alice", Fight())
    assert step.state.orcs["A1"].activated and step.state.orcs["A1"].xy == (4, 4)


def test_a_knocked_down_orc_only_gets_up_and_that_is_its_whole_activation() -> None:
    # 000 II.4.2.4: a Knocked Down Orc can only Get Up, and no second action
    state = table({"A1": Fighter((4, 4), down=True)})
    assert GAME.legal_actions(state, "alice") == [GetUp()]
    with pytest.raises(RuleViolation, match="getting up"):
        play(state, "alice", EndActivation())
    step = play(state, "alice", GetUp())
    assert not step.state.orcs["A1"].knocked_down and step.state.orcs["A1"].activated


# -- II.2 Terrain ------------------------------------------------------------------------------------


def test_climbing_a_platform_costs_its_height_up_and_down() -> None:
    # 000 II.2 Platforms and reading "platform-centre": 1" to climb up, 1" to climb down
    state = moving(table(features={"T1": (FeatureKind.PLATFORM, (9, 4))}), [3])  # 5"
    with pytest.raises(RuleViolation, match="costs 6.00"):
        play(state, "alice", MoveTo(to=(9, 4)))  # 5" of walking and 1" of climbing
    state = moving(table(features={"T1": (FeatureKind.PLATFORM, (9, 4))}), [4])  # 6"
    on_top = play(state, "alice", MoveTo(to=(9, 4))).state
    view = GAME.view(on_top, None)
    assert next(o for o in view.orcs if o.id == "A1").on_platform
    across = moving(table(features={"T1": (FeatureKind.PLATFORM, (8, 4))}), [6])  # 8": 6" and two edges
    assert play(across, "alice", MoveTo(to=(10, 4))).state.orcs["A1"].xy == (10, 4)
    with pytest.raises(RuleViolation, match="costs 8.10"):
        play(across, "alice", MoveTo(to=(10.1, 4)))


def test_dangerous_terrain_bites_on_a_four_plus() -> None:
    # 000 II.2 Dangerous Terrain and reading "dangerous-once": one D6 per feature touched during a move
    state = moving(table(features={"T1": (FeatureKind.DANGEROUS, (8, 4))}), [6])
    hurt = play(state, "alice", MoveTo(to=(11, 4)), [4])
    assert hurt.state.orcs["A1"].hp == 11 and "Dangerous Terrain" in texts(hurt.events)
    spared = play(state, "alice", MoveTo(to=(11, 4)), [3])
    assert spared.state.orcs["A1"].hp == 12
    untouched = play(state, "alice", MoveTo(to=(4, 8)))
    assert untouched.state.orcs["A1"].hp == 12


# -- Contact is one measure: every accepted Charge ends in a fight (issue 11) --------------------

_COORD = st.floats(min_value=2.0, max_value=22.0, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(a=st.tuples(_COORD, _COORD), b=st.tuples(_COORD, _COORD), face=st.integers(1, 6),
       aim=st.tuples(st.floats(-1.2, 1.2), st.floats(-1.2, 1.2)),
       ground=st.sampled_from([None, FeatureKind.DANGEROUS, FeatureKind.PLATFORM]))
def test_every_accepted_charge_ends_in_a_fight(a, b, face, aim, ground) -> None:  # type: ignore[no-untyped-def]
    # 000 II.4.2.1: moving into base contact with an enemy is a Charge, and II.4.2.5 / II.4.3:
    # Orcs in base contact fight at the end of the turn. The Charge and the fight are decided
    # by the same contact test, so no geometry may leave a charger touching but not engaged.
    assume(centre_distance(a, b) > 1.5)
    features = {}
    if ground is not None:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        if centre_distance(mid, a) > 2.6 and centre_distance(mid, b) > 2.6:
            features["F1"] = (ground, mid)
    state = moving(Arena({"A1": Fighter(a), "B1": Fighter(b), "A2": Fighter((0.6, 23.4)),
                          "B2": Fighter((23.4, 0.6))}, features=features).build(), [face])
    near_b = (b[0] + aim[0], b[1] + aim[1])
    tries = [a for a in GAME.legal_actions(state, "alice") if isinstance(a, Charge | MoveTo)]
    tries += [Charge(target="B1"), MoveTo(to=near_b)]
    for action in tries:
        try:
            after = GAME.apply(state, "alice", action, dice=ScriptedDice([4] * 4)).state
        except RuleViolation:
            continue
        for key, charger in after.charges.items():
            pair = tuple(sorted(key.split("-")))
            assert charger == "A1" and pair in engaged_pairs(after), (action, key)
            assert pair in pairs_left(after)
        for enemy in ("B1", "B2"):
            if in_contact(after.orcs["A1"], after.orcs[enemy]) and not in_contact(
                    state.orcs["A1"], state.orcs[enemy]):
                assert f"A1-{enemy}" in after.charges, action
