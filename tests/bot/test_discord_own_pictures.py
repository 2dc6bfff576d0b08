"""Each seat's own picture: what only that player may see, drawn like the board, shown to them alone.

Brood Rumble's secret attack is the case: once chosen, it is in its attacker's view and in nobody
else's. The attacker gets the picture of their own view by DM with the news of their choice (or
ephemerally, when their DMs are closed); the "Your hand" button under the board and /game hand
show it to them on request. A secret shown where it should not be is the worst bug, so every
test also checks that the channel and the other player's DMs never get the picture or its text.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    make_bot,
    snapshot,
    world,
)
from test_discord_brood_rumble import (
    ATTACK_WORDS,
    CANNOT_DM,
    GAME,
    SEED,
    attachment_bytes,
    attack_dm,
    attack_id,
    first_attack,
    newest_board,
    newest_id,
    play,
    since,
    texts,
    to_the_brink,
)

from bot.app.client import ZagjanBot
from bot.service.table import NO_GAME, NOT_PLAYING
from bot.ui.hand import HAND_FILE, HAND_LABEL, NOTHING_HIDDEN
from renderers import render
from rules.orclympics.brood_rumble.models import Attack


@pytest.fixture
async def simcord_bot(make_bot) -> AsyncIterator[ZagjanBot]:
    bot = make_bot(seed_source=lambda: SEED)
    yield bot
    await bot.close()


def labels(message: discord.Message) -> list[str]:
    return [c.label for row in message.components for c in row.children if getattr(c, "label", None)]


async def pictures_of(env: Any, messages: list[Any]) -> list[bytes]:
    """The bytes of every picture attached to these messages."""
    found = []
    for message in messages:
        for attachment in message.attachments:
            blob = env.backend.cdn.get(attachment.url)
            assert blob is not None
            found.append(bytes(blob))
    return found


async def nothing_leaked(env: Any, world: World, secret_png: bytes, *, channel_after: int, defender: Any,
                         defender_after: int) -> None:
    """Neither the channel (its public messages) nor the defender's DMs show the attacker's picture,
    a picture named as a seat's own, or a word of the attack."""
    public = [m for m in since(env, world.channel, channel_after) if not m.flags.ephemeral]
    theirs = since(env, defender.user.dm_channel, defender_after)
    for where in (public, theirs):
        assert secret_png not in await pictures_of(env, where)
        assert not any(a.filename == HAND_FILE for m in where for a in m.attachments)
        assert not any(word in texts(where) for word in ATTACK_WORDS), texts(where)


async def test_the_attackers_own_picture_goes_to_the_attacker_only(simcord_env, world):
    attacker, defender, version = await first_attack(simcord_env, world)
    snap = await snapshot(simcord_env, world.channel)
    channel_before = newest_id(simcord_env, world.channel)
    attacker_before = newest_id(simcord_env, attacker.user.dm_channel)
    defender_before = newest_id(simcord_env, defender.user.dm_channel)

    clicked = await attacker.user.click(attack_dm(simcord_env, attacker, snap.game_id, version),
                                        custom_id=attack_id(snap.game_id, version, Attack.KICK))
    assert applied(clicked)
    await simcord_env.bot.boards.channel(world.channel.id).drained()

    after = (await snapshot(simcord_env, world.channel)).state
    own, public = GAME.view(after, str(attacker.id)), GAME.view(after, None)
    assert own.combat is not None and own.combat.attack is Attack.KICK and public.combat.attack is None
    sent = [m for m in since(simcord_env, attacker.user.dm_channel, attacker_before) if m.attachments]
    assert len(sent) == 1 and sent[0].attachments[0].filename == HAND_FILE
    assert "You chose Kick in the Crotch" in sent[0].content  # the news and the picture travel together
    png = await attachment_bytes(simcord_env, sent[0])
    assert png == render(own)  # the attacker's own view, drawn like the board
    assert png != render(public)  # and the drawing shows the viewer their own attack
    assert png != render(own.model_copy(update={"combat": own.combat.model_copy(update={"attack": Attack.PUNCH})}))
    await nothing_leaked(simcord_env, world, png, channel_after=channel_before, defender=defender,
                         defender_after=defender_before)


async def test_with_closed_dms_the_attacker_sees_the_picture_ephemerally(simcord_env, world):
    state, actor, action, n = await to_the_brink(simcord_env, world)
    fight = GAME.apply(state, str(actor.id), action).state
    attacker = world.by_id(fight.orcs[fight.combat.attacker].player)
    defender = world.by_id(fight.orcs[fight.combat.defender].player)
    simcord_env.inject_error("POST", f"/channels/{attacker.user.dm_channel.id}/messages", **CANNOT_DM)
    await play(simcord_env, world, state, actor, action, n + 1)
    channel_before = newest_id(simcord_env, world.channel)
    defender_before = newest_id(simcord_env, defender.user.dm_channel)

    opened = await attacker.click(newest_board(simcord_env, world.channel), label=f"Choose in secret ({attacker.name})")
    snap = await snapshot(simcord_env, world.channel)
    chosen = await attacker.click(opened.response, custom_id=attack_id(snap.game_id, snap.version, Attack.HEADBUTT))
    assert chosen.acknowledged
    mine = [m for m in chosen.followups if m.ephemeral and m.attachments]
    assert len(mine) == 1 and "You chose Headbutt" in mine[0].content
    png = await attachment_bytes(simcord_env, mine[0])
    assert png == render(GAME.view((await snapshot(simcord_env, world.channel)).state, str(attacker.id)))
    await nothing_leaked(simcord_env, world, png, channel_after=channel_before, defender=defender,
                         defender_after=defender_before)


async def test_my_hand_and_game_hand_show_each_player_only_their_own(simcord_env, world):
    attacker, defender, version = await first_attack(simcord_env, world)
    snap = await snapshot(simcord_env, world.channel)
    assert HAND_LABEL not in labels(newest_board(simcord_env, world.channel))  # nothing is private yet
    nothing = await attacker.slash(world.channel, "game hand")
    assert answered_privately(nothing) == NOTHING_HIDDEN.format(title="Brood Rumble")

    await attacker.user.click(attack_dm(simcord_env, attacker, snap.game_id, version),
                              custom_id=attack_id(snap.game_id, version, Attack.PUNCH))
    channel_before = newest_id(simcord_env, world.channel)
    defender_before = newest_id(simcord_env, defender.user.dm_channel)
    board = newest_board(simcord_env, world.channel)
    assert HAND_LABEL in labels(board)  # someone now sees what the table does not
    own = GAME.view((await snapshot(simcord_env, world.channel)).state, str(attacker.id))

    for asked in (await attacker.click(board, label=HAND_LABEL), await attacker.slash(world.channel, "game hand")):
        shown = [m for m in [asked.response, *asked.followups] if m is not None and m.ephemeral and m.attachments]
        assert len(shown) == 1 and shown[0].attachments[0].filename == HAND_FILE
        png = await attachment_bytes(simcord_env, shown[0])
        assert png == render(own)

    clicked = await defender.click(board, label=HAND_LABEL)
    assert answered_privately(clicked) == NOTHING_HIDDEN.format(title="Brood Rumble")
    assert not any(m.attachments for m in [clicked.response, *clicked.followups] if m is not None)
    assert answered_privately(await world.carol.click(board, label=HAND_LABEL)) == NOT_PLAYING
    assert answered_privately(await world.carol.slash(world.channel, "game hand")) == NOT_PLAYING
    assert answered_privately(await world.alice.slash(world.other, "game hand")) == NO_GAME
    await nothing_leaked(simcord_env, world, png, channel_after=channel_before, defender=defender,
                         defender_after=defender_before)
