"""Orcz struggles (seed 003 L188-228, L289-305; readings c1-c6)."""

from __future__ import annotations

import pytest

from rules.core.dice import Dice, ScriptedDice
from rules.core.errors import RuleViolation
from rules.orcz import GAME
from rules.orcz.data import Event, Field
from rules.orcz.models import AskKind, Hold, Place, Rank, Struggle
from rules.orcz.rules import clash
from tests.rules.orcz.helpers import battle, fresh, texts


def test_trumps_work_whatever_the_strength_and_for_both_sides() -> None:
    # seed 003 L167-174: Cavalry beat Archers, Archers beat Grunts, Grunts beat Cavalry
    assert clash("C1", "A3") == "defender" and clash("A3", "C1") == "attacker"
    assert clash("A1", "G3") == "defender" and clash("G3", "A1") == "attacker"
    assert clash("G1", "C3") == "defender" and clash("C3", "G1") == "attacker"


def test_the_same_type_goes_by_strength_and_equal_does_nothing() -> None:
    # seed 003 L175-178
    assert clash("A2", "A1") == "defender" and clash("A1", "A2") == "attacker" and clash("G2", "G2") is None


def test_the_rear_rank_reveals_and_holding_sets_it_aside() -> None:
    # seed 003 L201-209; reading c3: each rank reveals its hidden card as it becomes the rear rank
    state = battle([("p1", "G1", "G2", "left"), ("p2", "A1", "C1", "right"), ("p3", "G3", "A3", "left")])
    step = GAME.apply(state, "p3", Hold())
    front = step.state.front(Field.ANVIL)
    assert [r.owner for r in front.aside] == ["p3"] and front.ranks[-1].owner == "p2" and front.ranks[-1].revealed
    assert any("Cavalry 1" in t for t in texts(step))  # p2's hidden card, turned over
    assert step.state.ask.kind is AskKind.STRUGGLE and step.state.ask.players == ["p2"]


def test_the_first_rank_never_struggles() -> None:
    # seed 003 L209-210, L157-160: when only the first rank is left the Challenge is faced
    state = battle([("p1", "G1", "G2", "left"), ("p2", "A1", "C1", "right")])
    step = GAME.apply(state, "p2", Hold())
    assert any("first rank never struggles" in t for t in texts(step))
    assert step.state.front(Field.ANVIL).ranks == [] and any("Strength" in t for t in texts(step))


def test_result_1_the_attacker_wipes_out_the_defenders_moves_up_and_takes_spoils() -> None:
    # seed 003 L180-183, L221-228: both defenders removed, the attacker stays rear rank, 1 Slave spoils
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G1", "C1", "right"), ("p3", "A1", "G2", "left")])
    step = GAME.apply(state, "p3", Struggle())
    after = step.state
    front = after.front(Field.ANVIL)
    assert [r.owner for r in front.ranks] == ["p1", "p3"] and front.aside == []
    assert after.ask.kind is AskKind.STRUGGLE and after.ask.players == ["p3"]
    assert after.warlord("p2").slaves == 4 and after.warlord("p3").slaves == 6


def test_result_2_the_attackers_are_wiped_out_and_pay() -> None:
    # seed 003 L184-187, L221-224
    state = battle([("p1", "G1", "G1", "left"), ("p2", "A1", "G3", "right"), ("p3", "G1", "C2", "left")])
    after = GAME.apply(state, "p3", Struggle()).state
    front = after.front(Field.ANVIL)
    assert [r.owner for r in front.ranks] == ["p1", "p2"] and after.ask.players == ["p2"]
    assert after.warlord("p3").slaves == 4 and after.warlord("p2").slaves == 6


def test_result_3_both_ranks_broken_stand_aside_and_nobody_pays() -> None:
    # seed 003 L211-220: one card lost on each side; the survivors stand aside, the next rank is rear
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G1", "G3", "left"), ("p3", "A1", "C2", "left")])
    step = GAME.apply(state, "p3", Struggle())
    after = step.state
    front = after.front(Field.ANVIL)
    # right: C2 vs G3 -> Grunt trumps Cavalry (attacker loses); left: A1 vs G1 -> Archer trumps Grunt
    assert [r.owner for r in front.aside[:2]] == ["p2", "p3"] and all(r.broken for r in front.aside[:2])
    assert [r.owner for r in front.aside[2:]] == ["p1"]  # then the first rank, which never struggles
    assert not any("as spoils" in t for t in texts(step))


def test_mixed_results_and_even_struggles() -> None:
    # reading c1: the side that lost a card is broken and stands aside; a whole rank goes on
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G2", "A1", "left"), ("p3", "G2", "C2", "left")])
    after = GAME.apply(state, "p3", Struggle()).state  # right: C2 beats A1; left: G2 = G2
    front = after.front(Field.ANVIL)
    assert [r.owner for r in front.aside] == ["p2"] and front.ranks[-1].owner == "p3"
    assert after.ask.players == ["p3"] and all(w.slaves == 5 for w in after.warlords)  # reading c2: no spoils
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G2", "G2", "left"), ("p3", "G2", "G2", "left")])
    after = GAME.apply(state, "p3", Struggle()).state
    front = after.front(Field.ANVIL)
    assert [r.owner for r in front.aside] == ["p3"] and front.ranks[-1].owner == "p2" and after.ask.players == ["p2"]


def test_a_broken_rank_never_struggles() -> None:
    # seed 003 L219-220: a whole attacker that broke the rank ahead stays; a broken one stands aside
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G1", "G1", "left"), ("p3", "G1", "A1", "left"),
                    ("p4", "G1", "C3", "left")])
    after = GAME.apply(state, "p4", Struggle()).state  # right: C3 vs A1 wins; left: G1 = G1 -> p3 broken
    front = after.front(Field.ANVIL)
    assert front.aside[0].broken and front.aside[0].owner == "p3"
    assert after.ask.players == ["p4"]


def test_blood_feud_doubles_spoils_and_spoils_to_oneself_are_nothing() -> None:
    # house set b3 (Blood Feud); reading c6: struggling into one's own rank is allowed, its spoils nothing
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G1", "C1", "right"), ("p3", "A1", "G2", "left")],
                   event=Event.BLOOD_FEUD)
    after = GAME.apply(state, "p3", Struggle()).state
    assert after.warlord("p2").slaves == 3 and after.warlord("p3").slaves == 7
    state = battle([("p1", "G1", "G1", "left"), ("p3", "G1", "C1", "right"), ("p3", "A1", "G2", "left")])
    step = GAME.apply(state, "p3", Struggle())
    assert step.state.warlord("p3").slaves == 5 and any("to oneself" in t for t in texts(step))


def test_a_champion_calls_the_struggle_off() -> None:
    # seed 003 L296-298; reading c4: the attackers stand aside, then the Champion's rank too
    state = battle([("p1", "G1", "G1", "left"), ("p2", "champion", "G1", "left"), ("p3", "A1", "G2", "left")])
    step = GAME.apply(state, "p3", Struggle())
    front = step.state.front(Field.ANVIL)
    assert any("Champion" in t and "called off" in t for t in texts(step))
    assert not any("as spoils" in t for t in texts(step))
    said = texts(step)
    aside = [t for t in said if "stands aside" in t]
    assert "Champion never struggles" in " ".join(aside)


def test_a_shaman_is_stepped_over_even_into_ones_own_rank() -> None:
    # seed 003 L302-305; reading c5: the Shaman's rank stands aside, the rank beyond is attacked
    state = battle([("p1", "G1", "G1", "left"), ("p3", "G1", "C1", "right"), ("p2", "shaman", "G1", "left"),
                    ("p4", "A1", "G2", "left")])
    step = GAME.apply(state, "p4", Struggle())
    front = step.state.front(Field.ANVIL)
    assert front.aside[0].owner == "p2" and front.aside[0].revealed
    assert [r.owner for r in front.ranks] == ["p1", "p4"]  # p3's rank was wiped out
    assert step.state.warlord("p3").slaves == 4 and step.state.warlord("p4").slaves == 6


def test_a_shaman_with_nothing_beyond_makes_the_struggle_fizzle() -> None:
    # reading c5: no rank ahead of the Shaman's, the struggle comes to nothing
    state = battle([("p2", "shaman", "G1", "left"), ("p4", "A1", "G2", "left")])
    step = GAME.apply(state, "p4", Struggle())
    assert any("comes to nothing" in t for t in texts(step))


def test_ranks_with_a_hero_never_struggle() -> None:
    # seed 003 L296, L302: the rear rank with a Champion or Shaman stands aside without a question
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G2", "A2", "left"), ("p3", "shaman", "G1", "left"),
                    ("p4", "G1", "G2", "left")])
    after = GAME.apply(state, "p4", Hold()).state
    assert after.front(Field.ANVIL).aside[-1].owner == "p3" and after.ask.players == ["p2"]


def test_hold_da_line_means_no_struggles() -> None:
    # house set b3: every rank reveals and stands aside, rear first
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G2", "A2", "left"), ("p3", "G3", "G1", "left")],
                   event=Event.HOLD_DA_LINE)
    step = GAME.apply(state, "p3", Hold())
    said = texts(step)
    assert sum("Hold Da Line" in t for t in said) == 1 and not any("struggles!" in t for t in said)
    assert any("Bo turns over" in t for t in said)


def test_only_the_rear_ranks_owner_decides() -> None:
    # seed 003 L201-204
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G2", "A2", "left")])
    with pytest.raises(RuleViolation, match="not your decision"):
        GAME.apply(state, "p1", Struggle())
    with pytest.raises(RuleViolation, match="not an answer"):
        GAME.apply(state, "p2", Place(field=Field.TREE, left="G1", right="G2", down="left"))


def test_the_battlefields_are_resolved_in_a_drawn_order() -> None:
    # seed 003 L189-192, L286-288: a Battlefield at random, then the next at random (dice forced)
    state = fresh()
    state.event = Event.HOLD_DA_LINE
    for front in state.fronts:
        front.ranks, front.aside = [], []
    state.warlord(state.ask.players[0]).hand = ["G1", "G2"]
    for warlord in state.warlords:
        warlord.placed = 5 if warlord.player != state.ask.players[0] else 4
    state.round = 5
    state.next = 3
    player = state.ask.players[0]
    # deployment ends; draws: 3rd of 4 (Tower), then 1st of 3 (Tree), then 2nd of 2 (Tent), then Anvil alone
    step = GAME.apply(state, player, Place(field=Field.ANVIL, left="G1", right="G2", down="left"),
                      dice=ScriptedDice([3, 1, 2, *[1] * 12]))
    order = [t for t in texts(step) if t.startswith("Next Battlefield")]
    assert [o.split(": ")[1].split(" (")[0] for o in order[:4]] == [
        "Falladir's Kingdom", "Lothari Forest", "Sunderlands", "Urth Valley"]


def test_a_beaten_card_goes_behind_its_owners_screen_at_once() -> None:
    # seed 003 L171-174 "Defeated units are always removed from the Battlefield and placed behind their
    # owner's screen", L225-226 (both defenders "returned to behind their owner's screen"): at once,
    # not at the end of the turn. The card is back in its owner's hand, on their own picture; the
    # others know which card it is (it was face up) but see no hand, and a computer's picture of the
    # game keeps it behind that screen (it is never dealt into a face-down place)
    state = battle([("p1", "G1", "G1", "left"), ("p2", "G1", "C1", "right"), ("p3", "A1", "G2", "left")])
    state.fronts[0].done = False  # another Battlefield still to come, its ranks face down
    state.fronts[0].ranks = [Rank(id=50, owner="p2", left="G3", right="A3", down="left")]
    state.warlord("p2").hand = ["A2"]
    after = GAME.apply(state, "p3", Struggle(), dice=ScriptedDice([1] * 16)).state  # A1 beats G1, G2 beats C1
    assert after.warlord("p2").hand == ["A2", "C1", "G1"] and after.warlord("p2").back == ["C1", "G1"]  # right first, then left (L163-166)
    assert after.warlord("p3").hand == [] and after.warlord("p3").back == []
    own = next(w for w in GAME.view(after, "p2").warlords if w.player == "p2")
    assert own.hand == ["A2", "C1", "G1"]
    assert all(w.hand is None for v in ("p1", "p3", None) for w in GAME.view(after, v).warlords if w.player == "p2")
    for seed in range(8):  # p3's picture of p2: the beaten cards stay behind the screen in every world
        world = GAME.determinize(GAME.seen_by(after, "p3"), "p3", Dice(seed=seed))
        assert {"G1", "C1"} <= set(world.warlord("p2").hand)
        assert world.front(Field.TREE).ranks[0].hidden in ("G3", "A2")
