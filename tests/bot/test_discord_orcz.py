"""Orcz in Discord with no bot code of its own (issue 26): one human and two computers from the
lobby to the end; the human places a rank by the typed command, the channel never shows a
face-down card, a hand, a Slave total or what a Scout saw. And a whole 4-player game of one human,
whose DMs are closed, and three computers: the human's private news and choices reach only them
(ephemerally), and no secret of anyone's — the human's or a computer's — reaches a channel message,
a board picture or its description, /game log, the bot's logging or any DM."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    drained,
    applied,
    live_controls,
    bot_db,
    make_bot,
    simcord_bot,
    snapshot,
    untrue_past,
    world,
)
from test_discord_brood_rumble import CANNOT_DM, newest_board, since, texts
from test_discord_orcz_humans import (
    MARKERS,
    channel_keeps_secrets,
    log_keeps_secrets,
    no_picture,
    place_by_form,
    posted_picture_is_public,
    private_news,
)

from bot.app.client import ZagjanBot
from rules.core.dice import Dice
from rules.core.search import kind_first, picker
from rules.orcz.models import AskKind, OrczState, Place, Scout


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
            assert applied(done) and done.response is None  # the board answers: no "Done" is left behind
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
    # issue 40: the channel reads as a story (one board, then records of each turn, nothing live or untrue
    # left behind) and no question in the DMs is still clickable once the game is over
    assert not untrue_past(world.channel)
    still_open = [(m.content[:80], live_controls(m)) for m in world.alice.user.dm_channel.history() if live_controls(m)]
    assert not still_open, still_open


async def test_one_human_with_closed_dms_and_three_computers_play_a_whole_game_and_no_secret_leaks(
        simcord_env, world, caplog, monkeypatch):
    # seed 003 L34-35 (hands behind the screen), L112-120 (a face-down card), L306-308 (the Scout's
    # look), L27-31 (the Slaves behind the screen): each reaches its owner only
    caplog.set_level(logging.DEBUG, logger="zagjan")
    bot: ZagjanBot = simcord_env.bot
    simcord_env.inject_error("POST", f"/channels/{world.alice.user.dm_channel.id}/messages", **CANNOT_DM)
    await world.alice.slash(world.channel, "game new", game="orcz")
    for level in ("easy", "easy", "easy"):  # (what a computer may know is the rules tests' matter)
        assert applied(await world.alice.slash(world.channel, "seat computer", level=level))
    started = await world.alice.slash(world.channel, "game start")  # her hand comes back to her alone
    assert started.acknowledged and started.response.ephemeral and "for your eyes only" in started.response.content
    human = str(world.alice.id)
    chooser = Dice(seed=6)
    by_form = by_button = 0
    scouted = checked_picture = False
    for _ in range(3000):
        await computers_done(bot, world.channel.id)
        snap = await snapshot(simcord_env, world.channel)
        if snap.outcome is not None or snap.status != "active":
            break
        state: OrczState = snap.state
        assert snap.waiting_for == [human]
        legal = await bot.table.legal_actions(world.channel.id, human)
        scout = [a for a in legal if isinstance(a, Scout)]
        if scout and not scouted and state.round >= 3:  # the Scout, at a computer's face-down card
            await bot.show_move(await bot.table.act(world.channel.id, human, scout[0]))
            scouted = True
            continue
        if not checked_picture and state.round == 3:  # the posted picture is the public view's
            await drained(bot, world.channel.id)
            await posted_picture_is_public(simcord_env, world, state, human)
            checked_picture = True
            monkeypatch.setattr(bot.painter, "render", no_picture)  # the rest is checked in words
        if state.ask.kind is AskKind.PLACE and state.turn == 1:  # the private choice under the board
            place = chooser.pick([a for a in legal if isinstance(a, Place)], "a rank")
            await place_by_form(simcord_env, world, world.alice, place, dms_closed=True)
            by_form += 1
            continue
        if state.ask.kind is AskKind.STRUGGLE and by_button < 3:  # Struggle and Hold are board buttons
            await drained(bot, world.channel.id)
            label = "Struggle!" if by_button % 2 == 0 else "Hold"
            clicked = await world.alice.click(newest_board(simcord_env, world.channel), label=label)
            assert clicked.acknowledged and (await snapshot(simcord_env, world.channel)).version > snap.version
            by_button += 1
            continue
        result = await bot.table.act(world.channel.id, human, kind_first(legal, picker(chooser)),
                                     expected_version=snap.version)
        await bot.show_move(result)
    await drained(bot, world.channel.id)
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None and len(final.state.players) == 4
    assert by_form == 5 and by_button >= 1 and scouted and checked_picture

    private = await private_news(bot, final.game_id, final.state.players)  # the computers' too
    assert any(t.startswith("Your Scout saw") for t in private[human])
    everyone_private = set().union(*private.values())

    said = channel_keeps_secrets(simcord_env, world, everyone_private)
    # the DM failed: the live board said where her news was, and no note was left behind in the channel
    assert "private news here instead" not in said and not untrue_past(world.channel)
    # Alice's own news came back to her alone, ephemerally, and nobody's secret reached any DM.
    assert "Face down on the" in texts([m for m in since(simcord_env, world.channel) if m.flags.ephemeral])
    for member in world.players:
        assert since(simcord_env, member.user.dm_channel) == []
    # /game log shows Alice her own news, none of the computers'; the bot's logging none at all.
    await log_keeps_secrets(world.alice, world, everyone_private - private[human])
    for marker in MARKERS:
        assert marker not in caplog.text
