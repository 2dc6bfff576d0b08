"""Every board the bot posts carries a description of its picture (Discord's alt text, read by
screen readers): the game and where it stands, whose turn it is, what just happened, and the
standings, in words taken from the board's own side panel."""

from __future__ import annotations

from typing import Any

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    World,
    applied,
    bot_db,
    last_board,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)

from renderers import DESCRIPTION_LIMIT
from renderers.common import printable


async def open_table(world: World) -> None:
    """Alice and Bob sit down at a Masters' Fight and Alice starts it: the first board goes up."""
    for member, command, options in ((world.alice, "game new", {"game": "masters-fight", "brood": "feral"}),
                                     (world.bob, "game join", {"brood": "iron"}), (world.alice, "game start", {})):
        result = await member.slash(world.channel, command, **options)
        assert applied(result), result.response.content if result.response else result


def described(world: World) -> str:
    board = last_board(world.channel)
    assert board.attachments and board.attachments[0].filename == "board.png"
    description = board.attachments[0].description
    assert description, "the board's picture has no description"
    return description


async def test_the_first_board_says_whose_turn_it_is_and_the_standings(simcord_env: Any, world: World) -> None:
    await open_table(world)
    snap = await snapshot(simcord_env, world.channel)
    names = {s.player: s.name for s in snap.seats}
    description = described(world)
    assert description.startswith("Masters' Fight board. Deployment.")
    assert f"Waiting for {names[snap.waiting_for[0]]}." in description
    assert "Deployment order:" in description and all(name in description for name in names.values())
    assert len(description) <= DESCRIPTION_LIMIT


async def test_a_board_after_a_move_says_what_just_happened(simcord_env: Any, world: World) -> None:
    await open_table(world)
    bot = simcord_env.bot
    snap = await snapshot(simcord_env, world.channel)
    player = snap.waiting_for[0]
    legal = await bot.table.legal_actions(world.channel.id, player)
    result = await bot.table.act(world.channel.id, player, legal[0])
    assert await (await bot.show_move(result))  # shown as every applied move is: the board goes up

    newest = printable(result.public_events[-1].text).rstrip(".")
    after = await snapshot(simcord_env, world.channel)
    names = {s.player: s.name for s in after.seats}
    description = described(world)
    assert f"Just now: {newest}." in description
    assert f"Waiting for {names[after.waiting_for[0]]}." in description
