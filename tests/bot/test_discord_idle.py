"""An idle table moves on: a reminder after the turn limit, then the others vote to skip or remove
the idle player (who then places last); the clock and its stage survive restarts. Turn pings can be
turned off per channel."""

from __future__ import annotations

from datetime import datetime, timedelta

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    last_board,
    last_public,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)

from bot.waits import idle


async def open_fight(world, limit: int = 300) -> None:
    assert applied(await world.alice.slash(world.channel, "game new", game="masters-fight", turn_limit=limit))
    assert applied(await world.bob.slash(world.channel, "game join"))
    assert applied(await world.carol.slash(world.channel, "game join"))
    assert applied(await world.alice.slash(world.channel, "game start"))


async def since_waiting(env, world, seconds: float) -> datetime:
    row = await env.bot.store.open_game(world.channel.id)
    assert row is not None and row.waiting_since is not None
    return datetime.fromisoformat(row.waiting_since) + timedelta(seconds=seconds)


async def test_an_idle_player_is_reminded_then_removed_by_the_others_and_the_game_goes_on(
        simcord_env, world, make_bot):
    await open_fight(world)
    snap = await snapshot(simcord_env, world.channel)
    idler = world.by_id(snap.waiting_for[0])
    others = [m for m in (world.alice, world.bob, world.carol) if m is not idler]

    assert await idle.sweep(simcord_env.bot, await since_waiting(simcord_env, world, 200)) == 0
    assert await idle.sweep(simcord_env.bot, await since_waiting(simcord_env, world, 301)) == 1
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    reminder = last_public(world.channel)
    assert reminder.content.startswith(f"⏰ <@{idler.id}>") and "5 minute(s)" in reminder.content

    # A restart forgets nothing: the same moment is not reminded twice.
    old = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old.close()
    assert await idle.sweep(simcord_env.bot, await since_waiting(simcord_env, world, 302)) == 0

    assert await idle.sweep(simcord_env.bot, await since_waiting(simcord_env, world, 601)) == 1
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    vote = last_public(world.channel)
    assert "twice its turn limit" in vote.content
    assert answered_privately(await idler.click(vote, label="Remove them (they place last)")).startswith(
        "The table is waiting for you")
    first = await others[0].click(vote, label="Remove them (they place last)")
    assert "1 of the 2 needed" in answered_privately(first)
    assert (await snapshot(simcord_env, world.channel)).version == snap.version
    second = await others[1].click(vote, label="Remove them (they place last)")
    assert applied(second)
    after = await snapshot(simcord_env, world.channel)
    assert after.version > snap.version and str(idler.id) not in after.waiting_for
    assert after.state.orcs[str(idler.id)].square is not None  # the bot deployed for them
    assert "removed" in (last_board(world.channel).embeds[0].description or "")
    row = await simcord_env.bot.store.open_game(world.channel.id)
    assert row is not None and row.forfeited == (str(idler.id),) and row.idle_stage == 0


async def test_turn_pings_can_be_turned_off_in_a_channel(simcord_env, world):
    assert applied(await world.alice.slash(world.channel, "game pings", on=False))
    await open_fight(world)
    board = last_board(world.channel)
    assert board.content.startswith("<@")  # still named
    assert not await simcord_env.bot.table.pings(world.channel.id)
    message = await simcord_env.bot.compose(await snapshot(simcord_env, world.channel), [])
    assert message.send_kwargs()["allowed_mentions"].users == []
    assert applied(await world.alice.slash(world.channel, "game pings", on=True))
    message = await simcord_env.bot.compose(await snapshot(simcord_env, world.channel), [])
    assert [u.id for u in message.send_kwargs()["allowed_mentions"].users] == [int(p) for p in message.pinged]


async def test_a_reaction_left_for_twice_the_limit_gets_the_rules_default(simcord_env, world, monkeypatch):
    from test_discord_flying_pigs import _to_a_reaction

    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "360000")  # the reaction's own timer stays out of it
    snap = await _to_a_reaction(simcord_env, world)
    silent = next(p.player for p in snap.prompts if p.default is not None)
    limit = 24 * 3600
    assert await idle.sweep(simcord_env.bot, await since_waiting(simcord_env, world, 2 * limit + 1)) == 1
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    after = await snapshot(simcord_env, world.channel)
    assert after.version == snap.version + 1 and silent not in after.waiting_for
    assert "twice the turn limit" in (last_board(world.channel).embeds[0].description or "")


async def test_the_others_may_skip_an_idle_players_turn_instead(simcord_env, world):
    await open_fight(world)
    snap = await snapshot(simcord_env, world.channel)
    idler = world.by_id(snap.waiting_for[0])
    others = [m for m in (world.alice, world.bob, world.carol) if m is not idler]
    assert await idle.sweep(simcord_env.bot, await since_waiting(simcord_env, world, 601)) == 1
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    vote = last_public(world.channel)
    await others[0].click(vote, label="Skip their turn")
    assert applied(await others[1].click(vote, label="Skip their turn"))
    after = await snapshot(simcord_env, world.channel)
    assert after.version == snap.version + 1 and after.state.orcs[str(idler.id)].square is not None
    row = await simcord_env.bot.store.open_game(world.channel.id)
    assert row is not None and row.forfeited == ()  # skipped once, still playing
    late = await others[0].click(vote, label="Remove them (they place last)")
    assert "moved on" in answered_privately(late)
