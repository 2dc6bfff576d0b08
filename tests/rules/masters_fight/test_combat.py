"""Masters' Fight Smash, Stomp, Jump, the Items in a fight, Feral Fury, elimination and Feats
(seed 000, III.1, III.1.2, III.2, III.4.2.4-III.4.2.6, III.5)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood
from rules.orclympics.masters_fight.models import (
    Activation,
    EndActivation,
    Feat,
    Fury,
    Item,
    Jump,
    Move,
    Phase,
    Recover,
    Smash,
    Stomp,
    Terrain,
    UseHelmet,
)
from rules.orclympics.masters_fight.guide import READINGS
from tests.rules.masters_fight.arena import GAME, Arena, Fighter, play, texts


def duel(attacker: Fighter | None = None, target: Fighter | None = None, **kw) -> object:
    """Mug (Iron, CS 3) next to Zog (Common) unless told otherwise."""
    return Arena({"mug": attacker or Fighter("d4", Brood.IRON), "zog": target or Fighter("d5")}, **kw).build()


# -- III.4.2.4 Smash ----------------------------------------------------------------------


def test_smash_hits_on_combat_skill_or_more() -> None:
    # 000 III.4.2.4 Smash: a Smash Roll equal to or higher than Combat Skill hits
    step = play(duel(), "mug", Smash(target="zog"), [3, 4])
    assert step.state.orcs["zog"].hp == 5
    step = play(duel(), "mug", Smash(target="zog"), [2])
    assert step.state.orcs["zog"].hp == 6 and "misses" in texts(step.events)


@pytest.mark.parametrize(("table", "hp", "down", "word"), [
    (2, 6, False, "Nope"), (3, 5, False, "Smash!"), (5, 5, False, "Smash!"), (6, 5, True, "Proper fightin'")])
def test_smash_table(table: int, hp: int, down: bool, word: str) -> None:
    # 000 III.4.2.4 Smash Table: 2 Nope, 3-5 Smash! (-1 HP), 6 Proper fightin! (-1 HP and Knocked Down)
    step = play(duel(), "mug", Smash(target="zog"), [6, table])
    assert step.state.orcs["zog"].hp == hp and step.state.orcs["zog"].knocked_down is down
    assert word in texts(step.events)


def test_oomph_drops_the_attackers_item_even_with_a_mace() -> None:
    # 000 III.4.2.4 Smash Table: a natural 1 is always Oomph!, whatever the modifiers; the Item is Dropped
    state = duel(Fighter("a1", Brood.IRON, item=Item.MACE), Fighter("a2"), terrain={"b1": Terrain.PIT,
                                                                                  "b2": Terrain.PIT})
    step = play(state, "mug", Smash(target="zog"), [6, 1])
    assert "Oomph" in texts(step.events)
    assert step.state.orcs["zog"].hp == 6 and step.state.orcs["mug"].item is None
    # b1 and b2 hold Pits; a2 holds Zog but no token, so the Mace lands there without asking
    assert step.state.items == {"a2": Item.MACE}


def test_proper_fightin_on_a_knocked_down_orc_costs_two_hp() -> None:
    # 000 III.4.2.4 Smash Table 6+: if the target already is Knocked Down it loses 2 HP instead
    step = play(duel(target=Fighter("d5", down=True)), "mug", Smash(target="zog"), [6, 6])
    assert step.state.orcs["zog"].hp == 4 and step.state.orcs["zog"].knocked_down


def test_smash_only_against_an_adjacent_orc_once_per_turn() -> None:
    # 000 III.4.2.4 Smash: Once per Turn, against an Orc on an adjacent square
    with pytest.raises(RuleViolation, match="out of reach"):
        GAME.apply(duel(target=Fighter("d6")), "mug", Smash(target="zog"))
    state = play(duel(), "mug", Smash(target="zog"), [1]).state
    with pytest.raises(RuleViolation, match="once per turn"):
        GAME.apply(state, "mug", Smash(target="zog"))
    assert not any(isinstance(a, Smash) for a in GAME.legal_actions(state, "mug"))


def test_knocked_down_orc_can_only_move_and_recover() -> None:
    # 000 III.4.2.4 Knocked Down: only Move and Recover
    state = duel(Fighter("d4", Brood.IRON, down=True), Fighter("d5"))
    kinds = {type(a) for a in GAME.legal_actions(state, "mug")}
    assert kinds == {Move, Recover, EndActivation}
    with pytest.raises(RuleViolation, match="Knocked Down"):
        GAME.apply(state, "mug", Smash(target="zog"))


def test_no_attacking_yourself_or_the_fallen() -> None:
    # 000 III.4.2.4 Smash: against another Orc in the game
    with pytest.raises(RuleViolation, match="itself"):
        GAME.apply(duel(), "mug", Smash(target="mug"))
    state = duel()
    state.orcs["zog"].out = True
    with pytest.raises(RuleViolation, match="not in the fight"):
        GAME.apply(state, "mug", Smash(target="zog"))


# -- III.2 Items in a fight -------------------------------------------------------------------


def test_mace_adds_one_on_the_smash_table() -> None:
    # 000 III.2 Mace: +1 to rolls on the Smash Table (5 becomes Proper fightin!)
    step = play(duel(Fighter("d4", Brood.IRON, item=Item.MACE)), "mug", Smash(target="zog"), [3, 5])
    assert step.state.orcs["zog"].knocked_down


def test_spear_reaches_one_square_further() -> None:
    # 000 III.2 Spear: the range of a Smash is increased by 1 square
    step = play(duel(Fighter("d4", Brood.IRON, item=Item.SPEAR), Fighter("d6")), "mug", Smash(target="zog"), [3, 3])
    assert step.state.orcs["zog"].hp == 5
    with pytest.raises(RuleViolation, match="out of reach"):
        GAME.apply(duel(Fighter("d4", Brood.IRON, item=Item.SPEAR), Fighter("d7")), "mug", Smash(target="zog"))


def test_shield_takes_one_from_smash_rolls_against_its_bearer() -> None:
    # 000 III.2 Shield: Smash Rolls against the bearer suffer -1
    state = duel(target=Fighter("d5", item=Item.SHIELD))
    assert play(state, "mug", Smash(target="zog"), [3]).state.orcs["zog"].hp == 6
    assert play(state, "mug", Smash(target="zog"), [4, 3]).state.orcs["zog"].hp == 5


def test_knocked_down_orc_gets_nothing_from_its_shield() -> None:
    # 000 III.4.2.4 Knocked Down: it cannot benefit from any Items it carries
    state = duel(target=Fighter("d5", item=Item.SHIELD, down=True))
    assert play(state, "mug", Smash(target="zog"), [3, 3]).state.orcs["zog"].hp == 5


def test_the_helmet_wearer_may_turn_a_proper_fightin_into_a_smash_then_it_breaks() -> None:
    # 000 III.2 Helmet: the wearer "can turn" the next Proper fightin! into a Smash!; one use, then
    # discarded (reading helmet: the wearer is asked, with keeping it as the default)
    state = duel(target=Fighter("d5", item=Item.HELMET))
    asked = play(state, "mug", Smash(target="zog"), [3, 6]).state
    assert GAME.waiting_for(asked) == ["zog"] and asked.orcs["zog"].hp == 6
    prompt = GAME.prompts(asked)[0]
    assert prompt.default is not None and GAME.parse_action(prompt.default) == UseHelmet(use=False)
    assert GAME.legal_actions(asked, "zog") == [UseHelmet(use=True), UseHelmet(use=False)]
    with pytest.raises(RuleViolation, match="turn"):
        GAME.apply(asked, "mug", EndActivation())
    used = play(asked, "zog", UseHelmet(use=True)).state
    zog = used.orcs["zog"]
    assert zog.hp == 5 and not zog.knocked_down and zog.item is None
    assert Item.HELMET not in used.items.values() and GAME.waiting_for(used) == ["mug"]
    kept = play(asked, "zog", UseHelmet(use=False)).state
    assert kept.orcs["zog"].hp == 5 and kept.orcs["zog"].knocked_down and kept.orcs["zog"].item is Item.HELMET


def test_a_helmet_kept_on_a_platform_is_there_for_the_next_blow() -> None:
    # 000 III.2 Helmet and Platform: on a Platform the knock-down is ignored, so the wearer may keep it
    state = duel(target=Fighter("d5", item=Item.HELMET))
    state.terrain["d5"] = Terrain.PLATFORM
    kept = play(play(state, "mug", Smash(target="zog"), [3, 6]).state, "zog", UseHelmet(use=False)).state
    zog = {o.player: o for o in GAME.view(kept, None).orcs}["zog"]
    assert zog.hp == 5 and not zog.knocked_down and zog.item is Item.HELMET


def test_feral_fury_waits_for_the_helmet_answer() -> None:
    # 000 III.1.2 Feral Fury after a blow the Helmet decision belongs to
    state = duel(Fighter("d4", Brood.FERAL), Fighter("d5", item=Item.HELMET))
    asked = play(state, "mug", Smash(target="zog"), [4, 6]).state
    assert asked.activation is not None and asked.activation.fury_target is None
    after = play(asked, "zog", UseHelmet(use=True)).state
    assert after.activation is not None and after.activation.fury_target == "zog"
    assert GAME.waiting_for(after) == ["mug"]


def test_throwing_axe_reaches_four_squares_once() -> None:
    # 000 III.2 Throwing Axe: a Smash with range 4, one use only
    state = duel(Fighter("a1", Brood.IRON, item=Item.THROWING_AXE), Fighter("e5"))
    assert Smash(target="zog", throw_axe=True) in GAME.legal_actions(state, "mug")
    step = play(state, "mug", Smash(target="zog", throw_axe=True), [3, 4])
    assert step.state.orcs["zog"].hp == 5 and step.state.orcs["mug"].item is None
    assert Item.THROWING_AXE not in step.state.items.values()
    with pytest.raises(RuleViolation, match="reaches 4"):
        GAME.apply(duel(Fighter("a1", Brood.IRON, item=Item.THROWING_AXE), Fighter("f5")), "mug",
                   Smash(target="zog", throw_axe=True))
    with pytest.raises(RuleViolation, match="no Throwing Axe"):
        GAME.apply(duel(), "mug", Smash(target="zog", throw_axe=True))


def test_throwing_axe_is_spent_even_on_a_miss() -> None:
    # 000 III.2 Throwing Axe: one use only, discard the token after using it
    state = duel(Fighter("a1", Brood.IRON, item=Item.THROWING_AXE), Fighter("c3"))
    assert play(state, "mug", Smash(target="zog", throw_axe=True), [2]).state.orcs["mug"].item is None


# -- III.4.2.5 Stomp ----------------------------------------------------------------------------


def test_stomp_adds_one_on_the_table_against_a_knocked_down_orc() -> None:
    # 000 III.4.2.5 Stomp: a Smash with +1 on the Smash Table, only against a Knocked Down Orc
    state = duel(target=Fighter("d5", down=True))
    step = play(state, "mug", Stomp(target="zog"), [3, 5])
    assert step.state.orcs["zog"].hp == 4  # 5 + 1 = Proper fightin! on a downed Orc: 2 HP
    assert step.state.feats[Feat.NO_QUARTER.value] == "mug"
    with pytest.raises(RuleViolation, match="not Knocked Down"):
        GAME.apply(duel(), "mug", Stomp(target="zog"))


def test_smash_and_stomp_in_one_activation_each_once() -> None:
    # 000 III.4.2 Once per Turn: Smash and Stomp are limited separately
    state = play(duel(), "mug", Smash(target="zog"), [3, 6]).state
    state = play(state, "mug", Stomp(target="zog"), [3, 3]).state
    assert state.orcs["zog"].hp == 4
    assert state.activation.player == "zog"


# -- III.2 Platform and III.4.2.6 Jump ------------------------------------------------------------


def test_an_orc_on_a_platform_ignores_being_knocked_down() -> None:
    # 000 III.2 Platform: an Orc ignores being Knocked Down while on a Platform; our reading "platform-knockdown"
    state = duel(target=Fighter("d5"), terrain={"d5": Terrain.PLATFORM})
    state = play(state, "mug", Smash(target="zog"), [3, 6]).state
    zog = state.orcs["zog"]
    assert zog.hp == 5 and zog.knocked_down  # the status is kept...
    view = {o.player: o for o in GAME.view(state, None).orcs}
    assert not view["zog"].knocked_down  # ...but does not count on the Platform
    with pytest.raises(RuleViolation, match="not Knocked Down"):
        GAME.apply(state, "mug", Stomp(target="zog"))


def test_knocked_down_orc_on_a_platform_acts_freely_but_moves_off_it_as_knocked_down() -> None:
    # 000 III.2 Platform ("ignores being Knocked Down while standing on a Platform") and III.4.2.1
    # (1 square when Knocked Down); reading "platform-knockdown"
    state = Arena({"zog": Fighter("d5", Brood.IRON, down=True), "mug": Fighter("h8", Brood.IRON)},
                  terrain={"d5": Terrain.PLATFORM}).build()
    assert Jump(to="g7", target="mug") in GAME.legal_actions(state, "zog")
    assert not {o.player: o for o in GAME.view(state, None).orcs}["zog"].knocked_down
    moves = {a.to for a in GAME.legal_actions(state, "zog") if isinstance(a, Move)}
    assert "d6" in moves and "d7" not in moves  # one square per Move, two Moves for two AP
    with pytest.raises(RuleViolation, match="cannot reach d8"):
        GAME.apply(state, "zog", Move(to="d8"))
    state = play(state, "zog", Move(to="d6")).state
    assert state.orcs["zog"].square == "d6"
    assert {o.player: o for o in GAME.view(state, None).orcs}["zog"].knocked_down
    assert "platform-knockdown" in READINGS


def test_a_jump_landing_on_a_platform_takes_the_climbing_roll() -> None:
    # 000 III.2 Platform: "When an Orc is about to enter a square with a Platform, roll a D6" --
    # a Jump's landing too (reading jump-landing)
    arena = Arena({"mug": Fighter("a1", Brood.IRON), "grak": Fighter("e1")},
                  terrain={"a1": Terrain.PLATFORM, "d1": Terrain.PLATFORM})
    landed = play(arena.build(), "mug", Jump(to="d1", target="grak"), [2, 3, 4])
    assert landed.state.orcs["mug"].square == "d1" and landed.state.orcs["grak"].hp == 5
    fell = play(arena.build(), "mug", Jump(to="d1", target="grak"), [1])
    assert fell.state.orcs["mug"].square == "c1"  # comes down short, out of reach: no Smash
    assert fell.state.orcs["grak"].hp == 6 and "out of reach" in texts(fell.events)
    assert "jump" in fell.state.activation.used  # type: ignore[union-attr]
    near = Arena({"mug": Fighter("a1", Brood.IRON), "grak": Fighter("c2")},
                 terrain={"a1": Terrain.PLATFORM, "d1": Terrain.PLATFORM})
    short = play(near.build(), "mug", Jump(to="d1", target="grak"), [1, 3, 4])
    assert short.state.orcs["mug"].square == "c1" and short.state.orcs["grak"].hp == 5  # still in reach


def test_jump_from_a_platform_over_orcs_and_pits_then_smash() -> None:
    # 000 III.4.2.6 Jump: up to 3 squares through occupied squares and Pits, land on an empty square, Smash
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("b2"), "grak": Fighter("e1")},
                  terrain={"a1": Terrain.PLATFORM, "c1": Terrain.PIT}).build()
    step = play(state, "mug", Jump(to="d1", target="grak"), [3, 4])
    assert step.state.orcs["mug"].square == "d1" and step.state.orcs["grak"].hp == 5
    assert step.state.feats[Feat.FLYING_MENACE.value] == "mug"
    for to, reason in (("c1", "cannot Jump"), ("b2", "cannot Jump"), ("e1", "cannot Jump")):
        with pytest.raises(RuleViolation, match=reason):
            GAME.apply(state, "mug", Jump(to=to, target="grak"))
    with pytest.raises(RuleViolation, match="cannot Jump"):
        GAME.apply(state, "mug", Jump(to="h8", target="grak"))


def test_jump_needs_a_platform_and_is_once_per_turn_but_apart_from_smash() -> None:
    # 000 III.4.2.6 Jump: Once per Turn from a Platform; our reading "jump-and-smash"
    with pytest.raises(RuleViolation, match="Platform"):
        GAME.apply(duel(), "mug", Jump(to="c5", target="zog"))
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("a2")},
                  terrain={"a1": Terrain.PLATFORM}).build()
    state = play(state, "mug", Smash(target="zog"), [1]).state
    assert any(isinstance(a, Jump) for a in GAME.legal_actions(state, "mug"))
    state = play(state, "mug", Jump(to="b3", target="zog"), [1]).state
    assert state.activation.player == "zog"


def test_march_training_jumps_four_squares() -> None:
    # 000 III.1.2 March Training: +1 square during each Jump
    state = Arena({"grak": Fighter("a1"), "zog": Fighter("f1")}, terrain={"a1": Terrain.PLATFORM}).build()
    assert Jump(to="e1", target="zog") in GAME.legal_actions(state, "grak")
    state = Arena({"mug": Fighter("a1", Brood.IRON), "zog": Fighter("f1")}, terrain={"a1": Terrain.PLATFORM}).build()
    assert Jump(to="e1", target="zog") not in GAME.legal_actions(state, "mug")


# -- III.1.2 Feral Fury ----------------------------------------------------------------------------


def test_feral_fury_strikes_again_at_combat_skill_five() -> None:
    # 000 III.1.2 Feral Fury: a second Smash against the same target for the same Action Point, CS 5
    state = Arena({"zog": Fighter("d4", Brood.FERAL), "mug": Fighter("d5", Brood.IRON)}).build()
    state = play(state, "zog", Smash(target="mug"), [4, 3]).state
    assert GAME.legal_actions(state, "zog") == [Fury(strike=True), Fury(strike=False)]
    with pytest.raises(RuleViolation, match="Feral Fury"):
        GAME.apply(state, "zog", EndActivation())
    assert play(state, "zog", Fury(strike=True), [4]).state.orcs["mug"].hp == 6  # 4 misses at CS 5
    state = play(state, "zog", Fury(strike=True), [5, 3]).state
    assert state.orcs["mug"].hp == 5
    assert state.activation.action_points == 1 and state.activation.fury_target is None


def test_no_feral_fury_after_a_natural_one_to_hit() -> None:
    # 000 III.1.2 Feral Fury: a natural 1 to hit on the first attack forbids the second
    state = Arena({"zog": Fighter("d4", Brood.FERAL), "mug": Fighter("d5", Brood.IRON)}).build()
    state = play(state, "zog", Smash(target="mug"), [1]).state
    assert state.activation.fury_target is None


def test_feral_fury_follows_a_miss_and_can_be_declined() -> None:
    # 000 III.1.2 Feral Fury: "can" perform the second Smash: a choice, also after a miss other than a 1
    state = Arena({"zog": Fighter("d4", Brood.FERAL), "mug": Fighter("d5", Brood.IRON)}).build()
    state = play(state, "zog", Smash(target="mug"), [2]).state
    assert state.activation.fury_target == "mug"
    state = play(state, "zog", Fury(strike=False)).state
    assert state.activation.fury_target is None and state.orcs["mug"].hp == 7


# -- III.1 Elimination and placings, III.5 Feats --------------------------------------------------


def test_elimination_at_zero_hp_and_placings() -> None:
    # 000 III.1: at 0 HP an Orc is eliminated; last standing first, last eliminated second, and so on
    state = Arena({"mug": Fighter("d4", Brood.IRON), "zog": Fighter("d5", hp=1), "grak": Fighter("h8", hp=1)}).build()
    state.orcs["grak"].out, state.orcs["grak"].square = True, None
    state.eliminated = ["grak"]
    state.orcs["zog"].item = Item.SHIELD
    step = play(state, "mug", Smash(target="zog"), [4, 3])  # 4 - 1 for the Shield still hits CS 3
    final = step.state
    assert final.orcs["zog"].out and final.phase is Phase.OVER
    assert final.items == {"d5": Item.SHIELD}  # our reading "elimination-item"
    assert GAME.outcome(final).placings == [["mug"], ["zog"], ["grak"]]
    assert final.feats[Feat.WHOS_NEXT.value] == "mug"
    with pytest.raises(RuleViolation, match="over"):
        GAME.apply(final, "mug", EndActivation())


def test_sweat_dreams_for_the_first_knock_down_only() -> None:
    # 000 III.5 Feats: Sweat Dreams — Knock Down an enemy Orc; each Feat goes to the first player only
    state = Arena({"mug": Fighter("d4", Brood.IRON), "zog": Fighter("d5"), "grak": Fighter("c4")}).build()
    state = play(state, "mug", Smash(target="zog"), [3, 6]).state
    assert state.feats == {Feat.SWEAT_DREAMS.value: "mug"}
    state.activation, state.step = Activation(player="grak"), 2
    state = play(state, "grak", Smash(target="mug"), [4, 6]).state
    assert state.feats[Feat.SWEAT_DREAMS.value] == "mug"


def test_illegal_actions_change_nothing() -> None:
    # 000 III.4.2: a refused action leaves the game exactly as it was
    state = duel()
    before = state.model_dump()
    for action in (Smash(target="nobody"), Move(to="d5"), Move(to="q1"), Stomp(target="zog")):
        with pytest.raises(RuleViolation):
            GAME.apply(state, "mug", action)
    assert state.model_dump() == before
