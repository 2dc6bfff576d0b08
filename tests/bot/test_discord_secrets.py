"""Secret choices and private news by direct message, with and without open DMs.

Masters' Fight has no hidden information, so this uses the table tests' Lucky
Race (tests/bot/fakegame.py): everyone first picks a secret lucky number at
once, and the confirmation of the pick is an event only its owner may see.
Lucky Race has no controls of its own, so it also exercises the generic
select of legal actions.
"""

from __future__ import annotations

import json

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    answered_privately,
    applied,
    boards,
    bot_db,
    current,
    live_controls,
    last_board,
    make_bot,
    snapshot,
    untrue_past,
    world,
)
from fakegame import LuckyRace

from bot.app.client import ZagjanBot
from bot.service.table import NOT_PLAYING
from bot.ui.answers import DONE
from bot.ui.board import SECRET_LABEL

CANNOT_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user", "times": None}


@pytest.fixture
def simcord_bot(make_bot) -> ZagjanBot:
    return make_bot(games={LuckyRace.slug: LuckyRace()})


def choice(number: int) -> str:
    return json.dumps({"type": "choose", "number": number}, separators=(",", ":"))


async def test_secret_choices_by_dm_and_by_button_when_dms_are_closed(simcord_env, world):
    bob_dm = world.bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{bob_dm.id}/messages", **CANNOT_DM)

    await world.alice.slash(world.channel, "game new", game="lucky-race")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")

    board = last_board(world.channel)
    assert f"<@{world.alice.id}> is choosing in secret" in board.content
    assert not board.attachments, "Lucky Race has no picture"
    # the live board tells Bob how to choose: no note of its own, which would stay behind once he has
    assert f"<@{world.bob.id}>, my direct messages do not reach you: “{SECRET_LABEL}”" in board.content
    assert world.channel.last_message.id == board.id

    # Alice chooses in her DM.
    dm = world.alice.user.dm_channel.last_message
    assert dm.content == "**Lucky Race** (#1): Pick your lucky number."
    picked = await world.alice.user.select(dm, [choice(3)], custom_id="zj:pick:1:x:any")
    assert picked.acknowledged
    assert not [m for m in picked.followups if m.content == DONE]  # the edited question says it
    answered = current(simcord_env, dm)  # the question is closed, and shows the choice to her alone
    assert answered.content.startswith(dm.content) and "You chose" in answered.content
    assert not live_controls(answered)
    assert world.alice.user.dm_channel.last_message.content.endswith("You picked 3 as your lucky number.")
    assert "alice has picked a lucky number." in last_board(world.channel).embeds[0].description

    # Bob cannot get DMs: the button under the board opens the same choice for his eyes only.
    secret_button = f"{SECRET_LABEL} (bob)"  # the button names whom it is for
    stranger = await world.carol.click(last_board(world.channel), label=secret_button)
    assert answered_privately(stranger) == NOT_PLAYING
    done = await world.alice.click(last_board(world.channel), label=secret_button)
    assert answered_privately(done).startswith("This button is for bob, who is choosing in secret")
    opened = await world.bob.click(last_board(world.channel), label=secret_button)
    assert opened.ephemeral and opened.response.content == "**Lucky Race** (#1): Pick your lucky number."
    chosen = await world.bob.select(opened.response, [choice(5)], custom_id="zj:pick:1:x:any")
    assert chosen.acknowledged
    assert "You chose" in current(simcord_env, opened.response).content
    private = [m for m in chosen.followups if m.ephemeral]
    assert private and private[-1].content.endswith("You picked 5 as your lucky number.")
    assert not untrue_past(world.channel)

    # Nothing secret ever reached the channel.
    public = [m for m in world.channel.history() if not m.flags.ephemeral]
    assert not any("You picked" in m.content or any("You picked" in (e.description or "") for e in m.embeds)
                   for m in public)

    # Now the rolls, through the generic select under each board, to the end.
    for _ in range(40):
        snap = await snapshot(simcord_env, world.channel)
        if snap.status != "active":
            break
        roller = world.by_id(snap.waiting_for[0])
        rolled = await roller.select(last_board(world.channel), ['{"type":"roll"}'],
                                     custom_id=f"zj:pick:1:{snap.version}:any")
        assert applied(rolled)
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished"
    assert "is over" in last_board(world.channel).content
    # One board message per turn (the start, then each time the game waits for someone new):
    # fewer than one per move, since a roll that leaves the same player to act edits the message.
    assert 1 < len(boards(world.channel)) <= final.version + 1


async def test_a_dm_refused_for_another_reason_falls_back_and_the_others_still_get_theirs(simcord_env, world):
    """40003 (opening DMs too fast) is not 'DMs closed', but the choice must not be lost either."""
    too_fast = {"status": 400, "code": 40003, "message": "You are opening direct messages too fast",
                "times": None}
    simcord_env.inject_error("POST", f"/channels/{world.alice.user.dm_channel.id}/messages", **too_fast)

    await world.alice.slash(world.channel, "game new", game="lucky-race")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")

    assert f"<@{world.alice.id}>, my direct messages do not reach you" in last_board(world.channel).content
    assert world.bob.user.dm_channel.last_message.content == "**Lucky Race** (#1): Pick your lucky number."
    opened = await world.alice.click(last_board(world.channel), label=SECRET_LABEL)  # both choose: the message names them
    assert opened.ephemeral and opened.response.content == "**Lucky Race** (#1): Pick your lucky number."
    chosen = await world.alice.select(opened.response, [choice(2)], custom_id="zj:pick:1:x:any")
    assert chosen.acknowledged and (await snapshot(simcord_env, world.channel)).version == 1
