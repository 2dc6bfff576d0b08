"""A game written only in tests (tests/bot/toygame.py) plays in Discord with no bot code of its
own: the lobby, its buttons, its slash command with autocomplete, the secret choice by DM, each
player's own picture of their card, and the end. Everything comes from what its rules declare."""

from __future__ import annotations

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    applied,
    bot_db,
    last_board,
    make_bot,
    snapshot,
    world,
)
from toygame import SLUG, toy_bot

from bot.app.client import ZagjanBot


@pytest.fixture
def simcord_bot(make_bot, monkeypatch) -> ZagjanBot:
    return toy_bot(make_bot, monkeypatch)


def everything_public(world, channel) -> str:
    """Every text the channel shows: messages, embeds and the labels of their controls."""
    texts = []
    for message in channel.history():
        if message.flags.ephemeral:
            continue
        texts.append(message.content or "")
        for embed in message.embeds:
            texts += [embed.title or "", embed.description or "", *(f.value for f in embed.fields)]
        for row in message.components:
            texts += [getattr(c, "label", None) or "" for c in getattr(row, "children", [])]
    return "\n".join(texts)


async def test_a_toy_game_plays_from_lobby_to_end_with_no_bot_code(simcord_env, world):
    await world.alice.slash(world.channel, "game new", game=SLUG)
    await world.bob.slash(world.channel, "game join")
    started = await world.alice.slash(world.channel, "game start")
    assert applied(started)
    snap = await snapshot(simcord_env, world.channel)
    cards = dict(snap.state.cards)

    # each player's own card reaches them alone, as a picture of their own view
    for actor in (world.alice, world.bob):
        pictures = [a for m in actor.user.dm_channel.history() for a in m.attachments]
        assert pictures, "no private picture of the player's card"
    own = await world.alice.slash(world.channel, "game hand")
    shown = [m for m in [own.response, *own.followups] if m is not None]
    assert shown and all(m.ephemeral for m in shown) and any(m.attachments for m in shown)
    assert not any(m.attachments for m in world.channel.history() if not m.flags.ephemeral
                   and "hand" in (m.attachments[0].filename if m.attachments else ""))

    # the secret choice reaches each player by DM, with the buttons its declaration asks for
    for actor in (world.alice, world.bob):
        dms = [m for m in actor.user.dm_channel.history() if m.components]
        assert dms, "the secret choice was not sent by DM"
        labels = [c.label for row in dms[-1].components for c in row.children]
        assert labels == ["Keep it", "Swap it"]
    keep = await world.alice.user.click([m for m in world.alice.user.dm_channel.history() if m.components][-1],
                                        label="Keep it")
    assert keep.acknowledged
    swap = await world.bob.user.click([m for m in world.bob.user.dm_channel.history() if m.components][-1],
                                      label="Swap it")
    assert swap.acknowledged
    snap = await snapshot(simcord_env, world.channel)
    assert snap.state.swaps == {str(world.alice.id): False, str(world.bob.id): True}

    # the channel never learns a card or a decision before the show-down
    public = everything_public(world, world.channel)
    assert "Swap it" not in public and "Keep it" not in public and "swapped" not in public
    for player, card in cards.items():
        assert f"card is a {card}" not in public

    # the wager is a slash command whose autocomplete comes from the legal moves
    first = snap.waiting_for[0]
    actor = world.by_id(first)
    offered = await actor.autocomplete(world.channel, "hc wager", "chips", "")
    assert [c["value"] for c in offered] == ["1", "2", "3"]
    other = world.bob if actor is world.alice else world.alice
    assert await other.autocomplete(world.channel, "hc wager", "chips", "") == []
    refused = await other.slash(world.channel, "hc wager", chips="2")
    assert not applied(refused)
    assert applied(await actor.slash(world.channel, "hc wager", chips="2"))

    # the second wager with the menu under the board
    board = last_board(world.channel)
    last = await other.select(board, ["3"], custom_id=next(
        c.custom_id for row in board.components for c in row.children if c.custom_id.endswith(":wager")))
    assert applied(last)
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    assert "Show-down" in everything_public(world, world.channel)
