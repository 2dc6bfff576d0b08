"""Issue 45: a finished game's replay is posted beside its final board, /game replay posts it again
(once a minute a channel), and /game record hands the asker the game as JSON: whole once it is over
(it replays to the stored game), and before that without its seed or anyone's secret choice."""

from __future__ import annotations

import json

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    make_bot,
    snapshot,
    world,
)
from toygame import SLUG, HighCard, toy_bot

from bot.app.client import ZagjanBot
from bot.service.replays import RECORD_FILE, REPLAY_FILE
from renderers.replay import frame_count
from rules.core.replay import GameRecord


@pytest.fixture
def simcord_bot(make_bot, monkeypatch) -> ZagjanBot:
    return toy_bot(make_bot, monkeypatch, replays=True)


def _prompt(actor):
    return [m for m in actor.user.dm_channel.history() if m.components][-1]


async def _record(actor, channel) -> tuple[dict, str]:
    asked = await actor.slash(channel, "game record")
    sent = [m for m in [asked.response, *asked.followups] if m is not None and m.attachments]
    assert sent and all(m.ephemeral for m in sent), "the record goes to the asker alone"
    attachment = sent[-1].attachments[0]
    assert attachment.filename == RECORD_FILE
    return json.loads(await attachment.read()), sent[-1].content


async def test_a_finished_game_is_replayed_and_recorded(simcord_env, world):
    await world.alice.slash(world.channel, "game new", game=SLUG)
    await world.bob.slash(world.channel, "game join")
    assert applied(await world.alice.slash(world.channel, "game start"))
    await world.alice.user.click(_prompt(world.alice), label="Swap it")
    await world.bob.user.click(_prompt(world.bob), label="Keep it")

    # while it runs: the record has no seed, and each secret choice is only "secret"
    running, said = await _record(world.carol, world.channel)
    assert "seed" not in running and "left out until the game is over" in said
    assert [entry["action"] for entry in running["log"]] == [{"secret": True}, {"secret": True}]
    assert "swap" not in json.dumps(running)

    for actor in (world.alice, world.bob):
        await actor.slash(world.channel, "hc wager", chips="2")
    snap = await snapshot(simcord_env, world.channel)
    assert snap.status == "finished"
    for task in list(simcord_env.bot.replay_tasks):
        await task
    posted = [m for m in world.channel.history() if any(a.filename == REPLAY_FILE for a in m.attachments)]
    assert len(posted) == 1 and "the whole game again" in posted[0].content
    gif = await posted[0].attachments[0].read()
    assert gif[:6] == b"GIF89a" and frame_count(gif) >= 3  # the set-up, the turns, the placings

    whole, said = await _record(world.carol, world.channel)
    assert "zagjan replay --record" in said
    record = GameRecord.model_validate(whole)
    assert record.final_state(HighCard()).model_dump() == snap.state.model_dump()

    again = await world.carol.slash(world.channel, "game replay")
    assert applied(again)
    assert len([m for m in world.channel.history() if any(a.filename == REPLAY_FILE for a in m.attachments)]) == 2
    too_soon = await world.dave.slash(world.channel, "game replay")
    assert answered_privately(too_soon).startswith("A replay was shown here less than a minute ago")


async def test_no_replay_before_a_game_has_finished(simcord_env, world):
    asked = await world.alice.slash(world.channel, "game replay")
    assert answered_privately(asked) == "No game has finished in this channel yet, so there is no replay to show."
