"""A whole race of That'll do Pigs through Discord.

The seed is fixed (discord_fixtures.SEED), so the Circuit and every die are the same on each run.
Every action is chosen from the table's legal actions by a player who races (rules tests'
`racer`) and made through the controls a player would use: menus, buttons and /pigs commands.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    last_board,
    make_bot,
    pick_id,
    select_values,
    snapshot,
    world,
)

from bot.app.client import ZagjanBot
from rules.core.moves import code
from rules.orclympics.thatll_do_pigs.models import (
    Activate,
    EndActivation,
    Lash,
    ReadyAssault,
    Ride,
    RollSpeed,
    Steer,
    TakeCell,
    TakePlace,
)
from tests.rules.thatll_do_pigs.track import racer

MAX_STEPS = 900
COGS = ("bot.cogs.lifecycle", "bot.cogs.rules_guide", "bot.cogs.moves")


@pytest.fixture
def simcord_bot(make_bot: Any) -> ZagjanBot:
    return make_bot(extensions=COGS)


async def open_race(world: World, players: int = 4) -> None:
    broods = ["common", "feral", "iron", "common"]
    result = await world.alice.slash(world.channel, "game new", game="thatll-do-pigs", brood=broods[0])
    assert applied(result), result.response.content
    for member, brood in zip(world.players[1:players], broods[1:players]):
        result = await member.slash(world.channel, "game join", brood=brood)
        assert applied(result), result.response.content
    result = await world.alice.slash(world.channel, "game start")
    assert result.acknowledged and applied(result)


async def play(world: World, actor: Any, action: Any, step: int) -> Any:
    board = last_board(world.channel)
    typed = step % 4 == 3

    async def pick(kind: str, value: str) -> Any:
        assert value in select_values(board, kind), (kind, value)
        return await actor.select(board, [value], custom_id=pick_id(board, kind))

    match action:
        case TakeCell():
            if typed:
                return await actor.slash(world.channel, "pigs cell", cell=action.column + 1)
            return await pick("cell", code(action))
        case ReadyAssault(target=None):
            return await actor.click(board, label="Let them be")
        case ReadyAssault():
            if typed:
                return await actor.slash(world.channel, "pigs assault", rider=action.target)
            return await pick("assault", code(action))
        case TakePlace():
            return await actor.click(board, label="Take its place" if action.take else "Stay put")
        case Activate():
            return await actor.click(board, label=f"Go with rider {action.rider}")
        case RollSpeed():
            if typed:
                return await actor.slash(world.channel, "pigs move")
            return await actor.click(board, label="Move: roll the Speed")
        case Ride():
            if typed:
                return await actor.slash(world.channel, "pigs ride", heading=action.heading, distance=action.distance)
            return await pick("ride", code(action))
        case Lash():
            if typed:
                return await actor.slash(world.channel, "pigs lash")
            return await actor.click(board, label="Lash (D6\" more)")
        case EndActivation():
            return await actor.click(board, label="End the activation")
        case Steer():
            if typed:
                return await actor.slash(world.channel, "pigs steer", heading=action.heading)
            return await pick("steer", code(action))
    raise AssertionError(f"no control for {action!r}")


async def test_a_whole_race_from_game_new_to_the_placings(simcord_env, world):
    await open_race(world)
    first = last_board(world.channel)
    assert first.attachments and first.attachments[0].filename == "board.png"
    for step in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        if snap.status != "active":
            break
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        action = racer(snap.state, player, legal, step)
        result = await play(world, world.by_id(player), action, step)
        assert result.acknowledged
        assert applied(result), f"step {step}: {action!r} was refused: {answered_privately(result)}"
        after = await snapshot(simcord_env, world.channel)
        assert after.version == snap.version + 1, f"step {step}: {action!r} was not applied once"
    else:
        raise AssertionError(f"the race did not end in {MAX_STEPS} actions")
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    assert sorted(p for group in final.outcome.placings for p in group) == sorted(str(m.id) for m in world.players)
    board = last_board(world.channel)
    assert "is over" in board.content and not board.components
    assert await simcord_env.bot.table.replay_check(final.game_id)


async def test_a_stranger_cannot_ride_someone_elses_boar(simcord_env, world):
    await open_race(world)
    snap = await snapshot(simcord_env, world.channel)
    waiting = world.by_id(snap.waiting_for[0])
    other = next(m for m in world.players if m is not waiting)
    refused = await other.slash(world.channel, "pigs cell", cell=1)
    assert refused.ephemeral and not applied(refused)
    assert (await snapshot(simcord_env, world.channel)).version == snap.version
