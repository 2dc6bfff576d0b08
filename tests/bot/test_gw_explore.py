from __future__ import annotations
from typing import Any
import pytest
from discord_fixtures import applied, bot_db, make_bot, simcord_bot, snapshot, world, custom_ids  # noqa
from test_discord_brood_rumble import newest_board, since, texts
from rules.core.dice import Dice
from rules.core.selfplay import kind_first_policy
from rules.goblin_warlords import GAME
from rules.goblin_warlords.models import AskKind


async def test_explore(simcord_env, world, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    bot = simcord_env.bot
    ch = world.channel
    assert applied(await world.alice.slash(ch, "game new", game="goblin-warlords"))
    assert applied(await world.bob.slash(ch, "game join"))
    assert applied(await world.alice.slash(ch, "game start"))
    chooser = Dice(seed=1)
    for n in range(3000):
        snap = await snapshot(simcord_env, ch)
        player = snap.waiting_for[0]
        legal = await bot.table.legal_actions(ch.id, player)
        action = kind_first_policy(GAME, snap.state, player, legal, chooser)
        after = GAME.apply(snap.state, player, action).state
        if after.ask is not None and after.ask.kind is AskKind.STRATEGY and len(after.ask.players) == 2:
            await bot.show_move(await bot.table.act(ch.id, player, action))
            break
        await bot.table.act(ch.id, player, action)
    print("steps", n)
    await bot.boards.channel(ch.id).drained()
    snap = await snapshot(simcord_env, ch)
    print(snap.version, snap.waiting_for, [p.model_dump() for p in snap.prompts])
    b = newest_board(simcord_env, ch)
    print("BOARD", texts([b]))
    print(custom_ids(b))
    for m in (world.alice, world.bob):
        for msg in since(simcord_env, m.user.dm_channel):
            print(m.name, "DM:", texts([msg])[:1500], custom_ids(msg), [a.filename for a in msg.attachments])


async def test_explore_gather(simcord_env, world, monkeypatch, caplog):
    import asyncio, logging, json
    caplog.set_level(logging.DEBUG, logger="zagjan")
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    bot = simcord_env.bot
    ch = world.channel
    assert applied(await world.alice.slash(ch, "game new", game="goblin-warlords"))
    assert applied(await world.bob.slash(ch, "game join"))
    assert applied(await world.alice.slash(ch, "game start"))
    chooser = Dice(seed=1)
    for n in range(3000):
        snap = await snapshot(simcord_env, ch)
        player = snap.waiting_for[0]
        legal = await bot.table.legal_actions(ch.id, player)
        action = kind_first_policy(GAME, snap.state, player, legal, chooser)
        after = GAME.apply(snap.state, player, action).state
        if after.ask is not None and after.ask.kind is AskKind.STRATEGY and len(after.ask.players) == 2:
            await bot.show_move(await bot.table.act(ch.id, player, action))
            break
        await bot.table.act(ch.id, player, action)
    await bot.boards.channel(ch.id).drained()
    start = len(simcord_env.http_requests)
    dm_a = since(simcord_env, world.alice.user.dm_channel)[-1]
    dm_b = since(simcord_env, world.bob.user.dm_channel)[-1]
    from discord_fixtures import click_in_flight
    cid = [c for c in custom_ids(dm_b) if "careful" in c][0]
    ra, rb = await asyncio.gather(world.alice.user.click(dm_a, label="Clever Strategy"),
                                  click_in_flight(world.bob.user, dm_b, cid))
    await bot.boards.channel(ch.id).drained()
    print("A", ra, "B", rb)
    for r in simcord_env.http_requests[start:]:
        print(r.method, r.path, json.dumps(r.json)[:600] if r.json else None)
    print("ids", ch.id, world.alice.user.dm_channel.id, world.bob.user.dm_channel.id)
    print("CAPLOG", caplog.text[-3000:])
