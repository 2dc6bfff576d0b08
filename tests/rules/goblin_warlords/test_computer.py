"""Goblin Warlords for computer players (`rules.goblin_warlords.computer`): the standing, the sensible
moves, and the search playing from what its seat may see."""

from __future__ import annotations

import time

from rules.core.computer import Level, decide
from rules.core.dice import Dice
from rules.core.search import Budget
from rules.core.tactics import tactics_of
from rules.goblin_warlords.computer import TACTICS, standing
from rules.goblin_warlords.models import EndTurn, Levy, Move, Underground
from tests.rules.goblin_warlords.helpers import GAME, KOBOLD_LEADER, ORC, ORC_LEADER, put_army, seats
from tests.rules.goblin_warlords.test_march import b3, give


def test_the_search_finds_the_tactics() -> None:
    assert tactics_of(GAME) is TACTICS


def test_standing_favours_the_warlord_nearer_victory() -> None:
    state = b3()
    state.control.update({7: "p1", 8: "p1", 9: "p1"})
    chances = standing(state)
    assert chances is not None and abs(sum(chances.values()) - 1) < 1e-9 and chances["p1"] > chances["p2"]


def test_a_sensible_march_leaves_nobody_behind_levies_all_and_shuns_stronger_enemies() -> None:
    state = b3()
    state.control[9] = "p1"
    put_army(state, "p1", 9, ORC_LEADER, [ORC])
    put_army(state, "p2", 10, KOBOLD_LEADER, [ORC + 1, ORC + 2, ORC + 3])
    give(state, "p1", [ORC + 4, ORC + 5])
    state.mines.append(9)
    legal = GAME.legal_actions(state, "p1")
    kept = TACTICS.sensible(state, "p1", legal)
    assert kept and all(a in legal for a in kept) and EndTurn() in kept
    assert not any(isinstance(a, Move) and a.leave for a in kept)
    assert not any(isinstance(a, Move) and a.path[-1] == 10 for a in kept)  # Bo is the stronger there
    assert not any(isinstance(a, Underground) for a in kept)
    assert [a for a in kept if isinstance(a, Levy) and a.leader == ORC_LEADER] == [
        Levy(leader=ORC_LEADER, units=[ORC + 4, ORC + 5])]


def test_sensible_moves_are_never_empty_and_a_search_plays_from_its_seat() -> None:
    state = GAME.new(seats(2), None, 11)
    chooser = Dice(seed=3)
    for _ in range(150):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        player = prompts[0].player
        legal = GAME.legal_actions(state, player)
        kept = TACTICS.sensible(state, player, legal)
        assert kept and all(a in legal for a in kept)
        state = GAME.apply(state, player, kept[chooser.draw(len(kept)) - 1]).state
    player = GAME.prompts(state)[0].player
    started = time.perf_counter()
    move = decide(GAME, GAME.seen_by(state, player), player, Level.NORMAL, 5, Budget(iterations=12, depth=4))
    assert move in GAME.legal_actions(state, player)
    assert time.perf_counter() - started < 5
