"""Every applied move is shown the same way (`bot.ui.shown.ShowMove`), whoever or whatever made it.

The case that was missing: a reaction's timed default that opens a secret choice. In a campaign
game of Brood Rumble the War Cry's holder may let a roll-off's dice stand by letting the time run
out; the attack that follows is chosen in secret, by DM. The timer's move must send that DM, as a
click's would.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    World,
    bot_db,
    custom_ids,
    make_bot,
    snapshot,
    world,
)
from test_discord_brood_rumble import ATTACK_WORDS, GAME, SEED, attack_id, choose, newest_id, since, texts

from bot.waits import reactions
from bot.app.client import ZagjanBot
from rules.core.engine import Seat
from rules.orclympics.brood_rumble.models import Attack

MAX_STEPS = 900


@pytest.fixture
async def simcord_bot(make_bot) -> AsyncIterator[ZagjanBot]:
    bot = make_bot(seed_source=lambda: SEED)
    yield bot
    await bot.close()


async def to_a_war_cry_before_an_attack(env: Any, world: World) -> Any:
    """A campaign game of Brood Rumble in which both players hold the War Cry, played through the
    table service (no boards: fast) until a War Cry window whose default (letting the dice stand)
    asks for a secret attack; its snapshot."""
    bot = env.bot
    seats = [Seat(player=str(m.id), name=m.name, pick=brood, colour=n)
             for n, (m, brood) in enumerate(((world.alice, "feral"), (world.bob, "common")))]
    await bot.table.start_seated(world.channel.id, world.guild.id, GAME.slug, seats,
                                 {"war_cry": [s.player for s in seats]})
    for n in range(MAX_STEPS):
        snap = await snapshot(env, world.channel)
        assert snap.status == "active", "the game ended before a War Cry came before an attack"
        window = next((p for p in snap.prompts if p.default is not None), None)
        if window is not None:
            stands = GAME.apply(snap.state, window.player, GAME.parse_action(window.default)).state
            if any(p.secret for p in GAME.prompts(stands)):
                return snap
            await bot.table.act(world.channel.id, window.player, window.default)
            continue
        player = snap.waiting_for[n % len(snap.waiting_for)]
        legal = await bot.table.legal_actions(world.channel.id, player)
        await bot.table.act(world.channel.id, player, choose(snap.state, player, legal, n))
    raise AssertionError("no War Cry window came before a secret attack")


async def test_a_timed_out_reaction_that_opens_a_secret_choice_sends_its_dm(simcord_env, world, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    snap = await to_a_war_cry_before_an_attack(simcord_env, world)
    holder = next(p.player for p in snap.prompts if p.default is not None)
    dms_before = {m.id: newest_id(simcord_env, m.user.dm_channel) for m in (world.alice, world.bob)}

    task = reactions.schedule(simcord_env.bot, snap, seconds=0.01)  # the holder lets the time run out
    assert task is not None
    await asyncio.wait_for(task, 10)
    await simcord_env.bot.boards.channel(world.channel.id).drained()

    after = await snapshot(simcord_env, world.channel)
    assert after.version == snap.version + 1
    asked = [p for p in after.prompts if p.secret]
    assert len(asked) == 1
    attacker = world.by_id(asked[0].player)
    defender = world.alice if attacker is world.bob else world.bob
    dm = [m for m in since(simcord_env, attacker.user.dm_channel, dms_before[attacker.id])
          if attack_id(after.game_id, after.version, Attack.PUNCH) in custom_ids(m)]
    assert dm, f"the attacker got no DM asking for the attack after the timer ({holder} let the dice stand)"
    assert "choose your attack in secret" in dm[-1].content
    theirs = since(simcord_env, defender.user.dm_channel, dms_before[defender.id])
    assert not any(word in texts(theirs) for word in ATTACK_WORDS) and not any(custom_ids(m) for m in theirs)
    reactions.cancel(after.game_id)
