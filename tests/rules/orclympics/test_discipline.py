"""What every discipline is besides its rules: a brood at each seat (`Discipline.seat_pick`), read
from games stored before seats were generic too, and the War Cry laid over its rules."""

from __future__ import annotations

import json

import pytest

from rules.core.engine import Seat
from rules.orclympics.broods import BROOD, Brood, brood_of
from rules.orclympics.discipline import Discipline
from rules.orclympics.war_cry import WarCryRules
from rules.registry import GAMES

SEATS = [Seat(player="ann", name="Ann", pick="iron"), Seat(player="bo", name="Bo", colour=1)]


ORCLYMPICS = sorted(slug for slug, game in GAMES.items() if type(game).__module__.startswith("rules.orclympics."))
"""The disciplines: the games of the Orclympics family (other families' games have neither broods nor the War Cry)."""


def test_the_six_disciplines_are_found() -> None:
    assert len(ORCLYMPICS) == 6


@pytest.mark.parametrize("slug", ORCLYMPICS)
def test_every_discipline_asks_for_a_brood_and_carries_the_war_cry(slug: str) -> None:
    game = GAMES[slug]
    assert isinstance(game, Discipline) and isinstance(game, WarCryRules) and game.seat_pick is BROOD


def test_a_seat_that_picked_nothing_plays_common_orcs() -> None:
    # seed 000 campaign rules 4: every Orc is of a brood; Zagjan's default is the Common one
    assert [brood_of(s) for s in SEATS] == [Brood.IRON, Brood.COMMON]


def test_a_game_stored_with_broods_in_its_seats_still_loads() -> None:
    game = GAMES["masters-fight"]
    state = game.start(SEATS, {"war_cry": ["ann"]}, 11).state
    old = json.loads(state.model_dump_json())
    for seat in old["seats"]:
        seat["brood"] = seat.pop("pick")
    loaded = game.load_state(json.dumps(old))
    assert loaded.model_dump() == state.model_dump()
    assert [s.pick for s in loaded.seats] == ["iron", ""]
