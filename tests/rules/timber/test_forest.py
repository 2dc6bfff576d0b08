"""The Orc actions a typed command reads (`forest.orc_actions` in `forest.turn_to_act`) are the
engine's own: the typed moves find which Orc a command is for without asking the engine (which
imports them), so both must list the same actions in every position."""

from __future__ import annotations

from typing import Any

from rules.core.selfplay import kind_first_policy, play_random
from rules.orclympics.timber import GAME
from rules.orclympics.timber.forest import orc_actions, turn_to_act
from rules.orclympics.timber.models import EndTurn


def test_the_forest_lists_the_engines_orc_actions_in_every_position() -> None:
    checked = 0

    def policy(game: Any, state: Any, player: str, actions: list[Any], chooser: Any) -> Any:
        nonlocal checked
        for seat in state.seats:
            legal = GAME.legal_actions(state, seat.player)
            cur = turn_to_act(state, seat.player)
            listed = orc_actions(state, cur) if cur is not None else []
            assert [a for a in legal if hasattr(a, "orc")] == listed
            if listed:
                assert legal == [*listed, EndTurn()]
                checked += 1
        return kind_first_policy(game, state, player, actions, chooser)

    for seed in (3, 8):
        play_random(GAME, 4, seed, policy=policy)
    assert checked > 50
