"""What the goblin warlords game hides (reading a6): a hand — its units, gold and unplaced caravans —
is its owner's; the cups are nobody's; how many chips a hand holds is public. Checked as the core
checks every registered game (tests/rules/core/test_secrets.py), which this unregistered slice is not
yet: a view is the same in every world its viewer cannot tell from the real one."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.dice import Dice
from rules.goblin_warlords.data import UNIT_CHIPS
from rules.goblin_warlords.models import ChooseBosses, GoblinState
from rules.goblin_warlords.secrets import HANDS, hand_key
from tests.rules.goblin_warlords.helpers import GAME, seats


def positions(seed: int, count: int = 3, steps: int = 40) -> list[GoblinState]:
    """The states of one game played with the legal moves a seeded die picks, `steps` moves long
    (into B3: the game has no end yet)."""
    state = GAME.new(seats(count), None, seed)
    chooser = Dice(seed=seed)
    found = [state]
    while (prompts := GAME.prompts(state)) and len(found) <= steps:
        player = prompts[0].player
        legal = GAME.legal_actions(state, player)
        state = GAME.apply(state, player, legal[chooser.draw(len(legal)) - 1]).state
        found.append(state)
    return found


def conserved(state: GoblinState) -> None:
    units = [c for w in state.warlords for c in (*w.units, *w.captives)] + state.tribe_cup
    units += [c for a in state.armies for c in (*a.units, *(() if a.leader is None else (a.leader,)))]
    assert sorted(units) == list(range(len(UNIT_CHIPS)))
    golds = Counter(state.gold_cup)
    golds["gold"] += sum(a.gold for a in state.armies) + sum(c.treasury for c in state.caravans)
    for w in state.warlords:
        golds["gold"] += w.gold
        golds.update(k.value for k in w.caravans)
    golds.update(c.kind.value for c in state.caravans)
    assert golds == {"gold": 60, "dwarf": 3, "elf": 3}


def test_a_view_is_the_same_in_every_world_its_viewer_cannot_tell_apart() -> None:
    varied = 0
    for seed in (1, 2, 3):
        for state in positions(seed):
            conserved(state)
            for viewer in (None, *state.players):
                seen = GAME.view(state, viewer).model_dump()
                for n in range(3):
                    if viewer is None:
                        world = GoblinState.model_validate(state.model_dump())
                        HANDS.veil(world, HANDS.hidden_from(world, None), Dice(seed=n))
                    else:
                        world = GAME.determinize(GAME.seen_by(state, viewer), viewer, Dice(seed=n))
                    conserved(world)
                    assert GAME.view(world, viewer).model_dump() == seen
                    varied += int(world.model_dump(exclude={"dice"}) != state.model_dump(exclude={"dice"}))
    assert varied


def test_a_hand_shows_only_in_its_owners_view() -> None:
    # reading a6: hand [H: owner]; its size is public
    state = GAME.apply(GAME.new(seats(2), None, 5), "p1", ChooseBosses(count=1)).state
    mine, theirs, table = GAME.view(state, "p1"), GAME.view(state, "p2"), GAME.view(state, None)
    assert mine.warlords[0].hand == sorted(state.warlord("p1").units) and mine.warlords[0].gold == 0
    assert theirs.warlords[0].hand is None and table.warlords[0].hand is None and theirs.warlords[0].gold is None
    assert theirs.warlords[0].units == table.warlords[0].units == 6
    assert HANDS.seen(state, hand_key("p1"), "p2") is None


def test_a_computer_sees_nobody_elses_hand_nor_the_cups() -> None:
    # two worlds that differ only in Bo's hand and the cup look the same to Ann
    state = GAME.apply(GAME.new(seats(2), None, 5), "p2", ChooseBosses(count=2)).state
    other = GoblinState.model_validate(state.model_dump())
    bo: Any = other.warlord("p2")
    swapped = next(c for c in bo.units if not UNIT_CHIPS[c].is_leader)
    replacement = next(c for c in other.tribe_cup if c not in bo.units)
    bo.units[bo.units.index(swapped)] = replacement
    other.tribe_cup[other.tribe_cup.index(replacement)] = swapped
    assert GAME.seen_by(state, "p1").model_dump() == GAME.seen_by(other, "p1").model_dump()
    assert GAME.seen_by(state, "p2").model_dump() != GAME.seen_by(other, "p2").model_dump()


def test_captives_are_their_holders_secret_and_their_count_is_public() -> None:
    # 002 L74: "Captured leader are keeped separate in winner's hand" (reading a6: the hand is its owner's)
    from tests.rules.goblin_warlords.helpers import KOBOLD_LEADER
    from tests.rules.goblin_warlords.test_march import b3

    state = b3()
    state.tribe_cup.remove(KOBOLD_LEADER)
    state.warlord("p1").captives = [KOBOLD_LEADER]
    mine, theirs = GAME.view(state, "p1").warlords[0], GAME.view(state, "p2").warlords[0]
    assert mine.captives == [KOBOLD_LEADER] and theirs.captives is None and theirs.captured == mine.captured == 1
    world = GAME.determinize(GAME.seen_by(state, "p2"), "p2", Dice(seed=3))
    conserved(world)
    assert len(world.warlord("p1").captives) == 1


def test_a_strategy_shown_before_a_shamans_choice_is_no_secret() -> None:
    # 002 L102: the shaman's side chooses after the other's is revealed; the revealed one is public
    from rules.goblin_warlords.models import ChooseStrategy, Strategy
    from rules.goblin_warlords.secrets import STRATEGIES
    from tests.rules.goblin_warlords.helpers import KOBOLD, ORC, SHAMAN
    from tests.rules.goblin_warlords.test_combat import battle

    state = battle([ORC], [KOBOLD, SHAMAN])
    state = GAME.apply(state, "p1", ChooseStrategy(strategy=Strategy.CLEVER)).state
    assert STRATEGIES.hidden_from(state, None) == []
    assert GAME.view(state, None).battles[0].chosen == {"p1": Strategy.CLEVER}


def test_what_a_spy_saw_is_its_senders_alone() -> None:
    # 002 L41, house set b7: a peek at a hand; what it saw shows in the sender's view only, and another
    # seat's picture of the game holds nothing there
    from rules.goblin_warlords.models import Peek, SpyEffect, UseSpy
    from tests.rules.goblin_warlords.helpers import KOBOLD_LEADER, SPY
    from tests.rules.goblin_warlords.test_march import b3, give

    state = b3()
    give(state, "p1", [SPY])
    state = GAME.apply(state, "p1", UseSpy(spy=SPY, effect=SpyEffect.PEEK, player="p2")).state
    assert KOBOLD_LEADER + 2 in state.warlord("p2").units
    assert GAME.view(state, "p1").warlords[0].peeks == [Peek(of="p2", units=sorted(state.warlord("p2").units),
                                                             gold=0, turn=1)]
    assert GAME.view(state, "p2").warlords[0].peeks is None and GAME.view(state, None).warlords[0].peeks is None
    assert GAME.seen_by(state, "p2").warlord("p1").peeks == []
    world = GAME.determinize(GAME.seen_by(state, "p1"), "p1", Dice(seed=2))
    assert GAME.view(world, "p1").warlords[0].peeks == GAME.view(state, "p1").warlords[0].peeks


def test_a_warlords_own_words_tell_his_hand_his_peeks_and_his_hidden_strategy_to_him_alone() -> None:
    # reading a6 (the hand), L74 (captives), L41 and house set b7 (a peek), L94-99 (a strategy hidden until
    # both are in): the terminal's `hand` and the seat's own picture say them (`rules.own_words`)
    from rules.goblin_warlords.models import ChooseStrategy, SpyEffect, Strategy, UseSpy
    from tests.rules.goblin_warlords.helpers import GOBLIN, KOBOLD, KOBOLD_LEADER, ORC, SPY
    from tests.rules.goblin_warlords.test_combat import battle
    from tests.rules.goblin_warlords.test_march import b3, give

    state = b3()
    give(state, "p1", [SPY, GOBLIN + 5, GOBLIN + 6])
    state.tribe_cup.remove(KOBOLD_LEADER + 1)
    state.warlord("p1").captives = [KOBOLD_LEADER + 1]
    state.warlord("p1").gold = 3
    state = GAME.apply(state, "p1", UseSpy(spy=SPY, effect=SpyEffect.PEEK, player="p2")).state
    mine = GAME.own_lines(GAME.view(state, "p1"))
    assert mine[0] == "Units: Goblin x2; gold: 3"
    assert mine[1] == "Captives: Kobold leader 4/6"
    assert mine[2].startswith("Your spy saw Bo's hand (game turn 1): Kobold leader")
    assert mine[-1] == "(leader 6/3: authority 6, servivility 3)"
    assert not any("Goblin x2" in line or "Captives" in line for line in GAME.own_lines(GAME.view(state, "p2")))
    assert GAME.own_lines(GAME.view(state, None)) == []

    fight = battle([ORC], [KOBOLD])
    fight = GAME.apply(fight, "p1", ChooseStrategy(strategy=Strategy.CLEVER)).state
    assert any(line.endswith(": Clever Strategy (hidden until both are in)")
               for line in GAME.own_lines(GAME.view(fight, "p1")))
    assert not any("Clever" in line for line in GAME.own_lines(GAME.view(fight, "p2")))
