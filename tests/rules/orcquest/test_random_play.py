"""Random play (the house's property tests, before the game is registered): every legal action is
accepted, the board stays sound after every move, a Quest ends in a win or a loss, and the action log
replays to the same state."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.orcquest.board import layout_of
from rules.orcquest.data import FIGURES
from rules.orcquest.models import QuestState
from tests.rules.orcquest.helpers import GAME, seats


def sound(state: QuestState) -> None:
    """One figure a square (L398, L892), nothing on furniture or trunks but an Agile Hero (L446-447),
    the Bell for its ringer alone (L405), no more figures than the box holds (L133), Badass Points
    within the Limit (L691), a question open exactly while something waits for its answer (a Reaction,
    the dice after an Attack, a tie the players settle)."""
    layout = layout_of(state)
    standing = [e.square for e in state.enemies] + [h.square for h in state.heroes if h.square and not h.left]
    assert not [s for s, n in Counter(standing).items() if n > 1]
    for enemy in state.enemies:
        piece = layout.furniture_at(enemy.square)
        assert enemy.square not in layout.trunks and not (piece and piece.code in state.furniture)
        assert enemy.square != layout.bell or enemy.ringer
    for hero in state.heroes:
        if hero.square and not hero.left and hero.code != "mek":
            piece = layout.furniture_at(hero.square)
            assert hero.square not in layout.trunks and not (piece and piece.code in state.furniture)
        if hero.on_board:
            assert hero.square != layout.bell and hero.damage < hero.hp
    kinds = Counter(e.kind for e in state.enemies)
    assert all(kinds[k] <= FIGURES[k] for k in kinds)
    assert 0 <= state.badass <= state.limit and state.alert >= 1
    waiting = (state.held is not None or (state.enemy_turn is not None and state.enemy_turn.strike is not None)
               or state.exploring is not None or bool(state.ringer_tie))  # reading d7, L803: ties the players settle
    assert (state.ask is not None) == waiting


@pytest.mark.parametrize(("seed", "count"), [(3, 1), (5, 2), (8, 3), (13, 4)])
def test_random_quests_end_sound_and_replay(seed: int, count: int) -> None:
    chooser = random.Random(seed)
    state = GAME.new(seats(count), None, seed)
    log = []
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        prompts = GAME.prompts(state)
        assert prompts, f"nobody is asked anything in {state.phase}"
        player = chooser.choice(prompts).player
        actions = GAME.legal_actions(state, player)
        assert actions, f"{player} is asked but has no move"
        quick = [a for a in actions if a.type not in ("face", "discard", "rekup", "equip", "unequip")]
        action = chooser.choice(quick or actions)
        state = GAME.apply(state, player, action).state
        sound(state)
        log.append((player, action))
    assert GAME.outcome(state) is not None
    assert GAME.replay(seats(count), None, seed, log).model_dump() == state.model_dump()
