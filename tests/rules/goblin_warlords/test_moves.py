"""Goblin warlords' MoveBook (`rules.goblin_warlords.moves`): every action has its move, every move its
words, a typed move reads back what it says, secrets are never typed, and the slash command group stays
within Discord's limits (25 choices an option; 4,000 characters of names, descriptions and choices)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.dice import Dice
from rules.core.errors import RuleViolation
from rules.core.moves import Kind, Reading
from rules.goblin_warlords.moves import MOVES, read_hits, read_path, read_territory, read_units
from rules.goblin_warlords.questions import STAGES
from tests.rules.goblin_warlords.helpers import GAME, ORC, ORC_LEADER, seats
from tests.rules.goblin_warlords.test_march import b3
from tests.rules.goblin_warlords.helpers import put_army

AWKWARD = ["²", "³", "٣", "9" * 5000, "1e309", "-1", "nan", "", " ", "?", "::", "=", "Orc=", "=2", "Orc=" + "9" * 500,
           "a:b:c", "🃏", "\x00", "0", "19", "99", "none", ",,", "Black", "b", "Orc, Orc, Orc, Orc"]


def action_types() -> set[str]:
    schema = GAME.action_adapter.json_schema()
    return set(schema["discriminator"]["mapping"])


def test_every_action_has_its_move_and_secrets_are_never_typed() -> None:
    assert {m.type for m in MOVES.moves} == action_types()
    secret = {t.__name__ for kind, stage in STAGES.table.items() if stage.secret for t in stage.answers}
    for move in MOVES.moves:
        model = GAME.action_adapter.validate_python({"type": move.type, **_sample(move.type)})
        if type(model).__name__ in secret or move.type == "trade-for-gold":
            assert not move.typed, move.type
            # a private form takes what a menu of 25 cannot hold: every parameter can be typed
            assert all(p.read is not None or p.kind in (Kind.COUNT, Kind.TEXT) for p in move.params
                       if move.type not in ("strategy", "accept-trade")), move.type


def _sample(kind: str) -> dict[str, Any]:
    """The fields an action type needs to be built (its required ones)."""
    needs = {"bosses": {"count": 1}, "move": {"army": 1, "path": [9]}, "underground": {"army": 1},
             "levy": {"leader": 50}, "claim": {"leader": 50, "army": 1}, "allow-passage": {"allow": True},
             "attack-passer": {"attack": True}, "reroll-underground": {"reroll": True}, "strategy": {"strategy": "flee"},
             "attack-caravan": {"army": 1, "caravan": 2, "strategy": "flee"}, "rampage": {"army": 1},
             "destroy-mine": {"territory": 9}, "offer-trade": {"partner": "p2"}, "accept-trade": {"accept": True},
             "spy": {"spy": 68, "effect": "peek"}, "build": {"leader": 50, "work": "mine"}}
    return needs.get(kind, {})


def test_every_reader_reads_or_refuses_with_a_sentence() -> None:
    state = b3()
    put_army(state, "p1", 9, ORC_LEADER, [ORC])
    reading = Reading(GAME.view(state, "p1"), {"p1": "Ann", "p2": "Bo"})
    for move in MOVES.moves:
        for param in move.params:
            for text in AWKWARD:
                try:
                    param.parse(text, reading)
                except RuleViolation:
                    pass
    assert read_territory("black mire") == 9 and read_path("9 10") == [9, 10] and read_path("8, rust") == [8, 10]
    assert read_units("Orc leader, Orc", reading) == [ORC_LEADER, ORC] and read_hits("Orc=2", reading) == {ORC: 2}
    with pytest.raises(RuleViolation):
        read_territory("19")


def test_every_legal_action_in_play_has_words_and_a_typed_move_reads_back() -> None:
    """And every question's default (an absent player's answer) is one of the legal answers."""
    seen: set[str] = set()
    for seed in range(3):
        count = 2 + seed
        state = GAME.new(seats(count), None, seed)
        chooser = Dice(seed=500 + seed)
        names = {s.player: s.name for s in state.seats}
        steps = 0
        while (prompts := GAME.prompts(state)) and steps < 400:
            player = prompts[chooser.draw(len(prompts)) - 1].player
            legal = GAME.legal_actions(state, player)
            reading = Reading(GAME.view(state, player), names)
            for prompt in prompts:  # an absent player's default is always a legal answer
                if prompt.default is not None:
                    assert GAME.parse_action(prompt.default) in GAME.legal_actions(state, prompt.player)
                    seen.add(f"default {prompt.default['type']}")
            for action in legal[:40]:
                move = MOVES.of(action)
                assert move is not None and MOVES.words(action, reading), action
                seen.add(move.type)
                if not move.typed:
                    continue
                for param in move.params:
                    value = param.value_of(action)
                    if value is None or value == [] or value == {} or (param.kind is Kind.FLAG and value is False
                                                                          and not param.required):
                        continue
                    assert param.agrees(value, param.token(value, reading), reading), (action, param.name)
            state = GAME.apply(state, player, legal[chooser.draw(len(legal)) - 1]).state
            steps += 1
    assert {"move", "levy", "strategy", "end-turn", "bosses", "default strategy", "default assign"} <= seen
