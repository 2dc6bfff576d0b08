"""Orcz in Discord with no bot code of its own (issue 26): one human and two computers from the
lobby to the end; the human places a rank by the typed command, the channel never shows a
face-down card, a hand, a Slave total or what a Scout saw."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    applied,
    bot_db,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)

from bot.app import ZagjanBot
from rules.core.dice import Dice
from rules.core.search import kind_first, picker
from rules.orcz.models import AskKind, Place


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")
    monkeypatch.setenv("ZAGJAN_COMPUTER_ITERATIONS", "4")


async def computers_done(bot: ZagjanBot, channel_id: int) -> None:
    for _ in range(10_000):
        await bot.boards.channel(channel_id).drained()
        pending = [t for t in bot.computer_moves.values() if not t.done()]
        if not pending:
            return
        await asyncio.gather(*pending, return_exceptions=True)
    raise AssertionError("the computers never stopped")


def everything_public(channel: Any) -> str:
    texts = []
    for message in channel.history():
        if message.flags.ephemeral:
            continue
        texts.append(message.content or "")
        for embed in message.embeds:
            texts += [embed.title or "", embed.description or "", *(f.value for f in embed.fields)]
    return "\n".join(texts)


async def test_one_human_and_two_computers_play_orcz_to_the_end(simcord_env, world):
    await world.alice.slash(world.channel, "game new", game="orcz")
    for _ in range(2):
        assert applied(await world.alice.slash(world.channel, "seat computer", level="easy"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    bot: ZagjanBot = simcord_env.bot
    human = str(world.alice.id)
    chooser = Dice(seed=4)
    typed = False
    for _ in range(3000):
        await computers_done(bot, world.channel.id)
        snap = await snapshot(simcord_env, world.channel)
        if snap.outcome is not None or snap.status != "active":
            break
        assert human in snap.waiting_for
        legal = await bot.table.legal_actions(world.channel.id, human)
        if not typed and snap.state.ask.kind is AskKind.PLACE:
            place = next(a for a in legal if isinstance(a, Place))
            done = await world.alice.slash(world.channel, "orcz place", field=place.field.value, left=place.left,
                                           right=place.right, down=place.down)
            assert applied(done)
            typed = True
            continue
        result = await bot.table.act(world.channel.id, human, kind_first(legal, picker(chooser)),
                                     expected_version=snap.version)
        await bot.show_move(result)
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None and typed
    public = everything_public(world.channel)
    for secret in ("Face down on the", "Your Scout saw", "You now have"):
        assert secret not in public
    dms = "\n".join(m.content or "" for m in world.alice.user.dm_channel.history())
    assert "Face down on the" in dms or "You now have" in dms  # the private news went to its owner
