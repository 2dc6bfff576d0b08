"""Brood Rumble Items (seed 000, II.4.2.3 Grab an Item and its table; the Items in II.4.3 combat;
II.5 Collector)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.brood_rumble.board import ORC_BASE
from rules.orclympics.brood_rumble.guide import READINGS
from rules.orclympics.brood_rumble.models import (
    AskKind,
    Attack,
    Block,
    BonusThrow,
    ChooseAttack,
    ChooseDefence,
    Feat,
    FeatureKind,
    Grab,
    Item,
    Throw,
)
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, fighting, play, texts

SIDE = ORC_BASE.width
MOUND_X = 4 + SIDE / 2 + 1.5 + 0.005  # a 3" Debris Mound just touching A1's east side


def by_the_mound(orcs: dict[str, Fighter] | None = None, **kw) -> object:  # type: ignore[no-untyped-def]
    base = {"A1": Fighter((4, 4)), "A2": Fighter((20, 2)), "B1": Fighter((20, 22)), "B2": Fighter((4, 22)),
            "B3": Fighter((4, 9))}
    kw.setdefault("features", {"M1": (FeatureKind.MOUND, (MOUND_X, 4)), "M2": (FeatureKind.MOUND, (18, 12))})
    return Arena({**base, **(orcs or {})}, **kw).build()


@pytest.mark.parametrize(("face", "item"), [(3, Item.KNUCKLE_DUSTERS), (4, Item.KNUCKLE_DUSTERS),
                                            (5, Item.OLD_HELMET), (6, Item.OLD_HELMET)])
def test_the_grab_table(face: int, item: Item) -> None:
    # 000 II.4.2.3: 3-4 Rusty Knuckle Dusters, 5-6 Old Helmet
    assert Grab() in GAME.legal_actions(by_the_mound(), "alice")
    step = play(by_the_mound(), "alice", Grab(), [face])
    assert step.state.orcs["A1"].item is item and item.label in texts(step.events)


def test_oh_a_barrel_is_thrown_at_once() -> None:
    # 000 II.4.2.3: 1-2 Oh, a Barrel! -- an immediate throw that is not an action
    state = play(by_the_mound(), "alice", Grab(), [2]).state
    assert state.ask is not None and state.ask.kind is AskKind.BONUS_THROW
    assert BonusThrow(target="B3") in GAME.legal_actions(state, "alice")
    step = play(state, "alice", BonusThrow(target="B3"), [3, 2, 1, 3, 2, 1])
    assert step.state.orcs["B3"].hp == 10
    assert step.state.activation is not None and step.state.activation.used == ["grab"]


def test_oh_a_barrel_kept_lies_at_the_orcs_feet() -> None:
    # reading "oh-a-barrel": not thrown, it is set down and can be thrown as the second action
    state = play(by_the_mound(), "alice", Grab(), [1]).state
    kept = play(state, "alice", BonusThrow(target=None)).state
    assert [(b.x, b.y) for b in kept.barrels] == [(4, 4)]
    assert Throw(target="B3") in GAME.legal_actions(kept, "alice")
    full = by_the_mound(barrels=[(10, 10), (11, 10), (12, 10), (13, 10), (14, 10), (15, 10)])
    state = play(full, "alice", Grab(), [1]).state
    assert len(play(state, "alice", BonusThrow(target=None)).state.barrels) == 6  # reading "six-barrels"


def test_one_item_at_a_time() -> None:
    # 000 II.4.2.3: grabbing another Item before using the first loses the first
    state = by_the_mound({"A1": Fighter((4, 4), item=Item.OLD_HELMET)})
    step = play(state, "alice", Grab(), [3])
    assert step.state.orcs["A1"].item is Item.KNUCKLE_DUSTERS and "drops its Old Helmet" in texts(step.events)
    barrel = play(state, "alice", Grab(), [1])
    assert barrel.state.orcs["A1"].item is None  # reading "oh-a-barrel"
    assert "oh-a-barrel" in READINGS


def test_no_grab_while_an_enemy_touches_the_mound_or_away_from_it() -> None:
    # 000 II.4.2.3: unless there are enemy Orcs also in contact with that Debris Mound
    guarded = by_the_mound({"B3": Fighter((MOUND_X + 1.5 + SIDE / 2 + 0.005, 4))})
    assert Grab() not in GAME.legal_actions(guarded, "alice")
    with pytest.raises(RuleViolation, match="no enemy touches"):
        play(guarded, "alice", Grab())
    away = by_the_mound(features={"M1": (FeatureKind.MOUND, (10, 4))})
    with pytest.raises(RuleViolation, match="must touch a Debris Mound"):
        play(away, "alice", Grab())


def test_collector_needs_both_mounds_in_one_game_turn() -> None:
    # 000 II.5 Collector and reading "collector"
    state = by_the_mound()
    state.grabs = {"alice": ["M2"]}
    step = play(state, "alice", Grab(), [5])
    assert step.state.feats == {Feat.COLLECTOR.value: "alice"}
    assert play(by_the_mound(), "alice", Grab(), [5]).state.feats == {}


# -- the Items in a fight -------------------------------------------------------------------------


def duel(a1_item: Item | None = None, b3_item: Item | None = None) -> object:
    orcs = {"A1": Fighter((4, 4), item=a1_item), "B3": Fighter((4 + SIDE, 4), item=b3_item),
            "A2": Fighter((20, 20)), "B1": Fighter((20, 22))}
    return fighting(Arena(orcs, active=None).build(), "A1", "B3")


def strike(state, attack: Attack, block: Block, faces: list[int]):  # type: ignore[no-untyped-def]
    state = play(state, "alice", ChooseAttack(attack=attack)).state
    return play(state, "bob", ChooseDefence(block=block), faces)


def test_knuckle_dusters_add_a_wound_to_the_next_punch_blocked_or_not() -> None:
    # 000 II.4.2.3 Rusty Knuckle Dusters and reading "dusters"
    blocked = strike(duel(Item.KNUCKLE_DUSTERS), Attack.PUNCH, Block.MID, [5])  # 3 + 1 - 3 = 1
    assert blocked.state.orcs["B3"].hp == 11 and blocked.state.orcs["A1"].item is None
    kept = strike(duel(Item.KNUCKLE_DUSTERS), Attack.KICK, Block.MID, [1])
    assert kept.state.orcs["A1"].item is Item.KNUCKLE_DUSTERS


def test_the_old_helmet_works_on_the_next_headbutt_given_or_taken() -> None:
    # 000 II.4.2.3 Old Helmet and reading "helmet"
    given = strike(duel(a1_item=Item.OLD_HELMET), Attack.HEADBUTT, Block.LOW, [1])  # 1 + 1 = 2
    assert given.state.orcs["B3"].hp == 10 and given.state.orcs["A1"].item is None
    taken = strike(duel(b3_item=Item.OLD_HELMET), Attack.HEADBUTT, Block.LOW, [3])  # 2 - 1 = 1
    assert taken.state.orcs["B3"].hp == 11 and taken.state.orcs["B3"].item is None
