"""What a player picks as they sit down, in Discord (issue 23): the lobby's option is named and
filled from what the games declare, never from a list of broods. With the Orclympics alone it is
`brood` (the other SimCord tests use it so); here a bot also runs Hold the Gate, whose players pick
heroes, so the one option of `/game new`, `/game join` and `/seat computer` is the plain `pick`, and
its autocomplete offers the choices of the game in question."""

from __future__ import annotations

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    last_public,
    make_bot,
    world,
)

from bot.app.client import ZagjanBot
from rules.registry import GAMES
from tests.rules.core.gate import HoldTheGate


@pytest.fixture
def simcord_bot(make_bot) -> ZagjanBot:
    return make_bot(games={"masters-fight": GAMES["masters-fight"], "hold-the-gate": HoldTheGate()})


def names(offered: list[dict[str, str]]) -> list[str]:
    return [o["name"] for o in offered]


async def test_the_option_offers_the_choices_of_the_chosen_game(simcord_env, world):
    assert await world.alice.autocomplete(world.channel, "game new", "pick", "") == []  # no game chosen yet
    broods = await world.alice.autocomplete(world.channel, "game new", "pick", "", game="masters-fight")
    assert names(broods) == ["Common Orcs", "Feral Orcs", "Iron Orcs"]
    heroes = await world.alice.autocomplete(world.channel, "game new", "pick", "nog", game="hold-the-gate")
    assert heroes == [{"name": "Nogg the Wise", "value": "nogg"}]


async def test_heroes_are_asked_for_and_no_two_players_pick_the_same(simcord_env, world):
    assert applied(await world.alice.slash(world.channel, "game new", game="hold-the-gate", pick="grubz"))
    assert "alice (Grubz) — opened the table" in last_public(world.channel).embeds[0].fields[0].value
    assert names(await world.bob.autocomplete(world.channel, "game join", "pick", "")) == [
        "Smasha the Bold", "Nogg the Wise"]  # Grubz is taken
    taken = await world.bob.slash(world.channel, "game join", pick="Grubz")
    assert answered_privately(taken) == "Grubz is taken; choose Smasha the Bold or Nogg the Wise."
    assert applied(await world.bob.slash(world.channel, "game join"))  # the default hero, free
    assert "bob (Smasha the Bold)" in last_public(world.channel).embeds[0].fields[0].value
    assert names(await world.alice.autocomplete(world.channel, "seat computer", "pick", "")) == ["Nogg the Wise"]
    assert applied(await world.alice.slash(world.channel, "seat computer", name="Grishnak", level="easy"))
    assert "Grishnak (Nogg the Wise)" in last_public(world.channel).embeds[0].fields[0].value  # the one left
