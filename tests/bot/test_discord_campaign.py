"""The Orclympics campaign through Discord (seed 000, Campaign Rules 1-7): the lobby with broods,
the quick campaign's vote, every game with the same seats, the scoreboard after each game, the War
Cry button, restarts between games and in the middle of one.

The games' moves go through the table service, the same door a click goes through, picked at
random among the legal ones (the games' own Discord controls are tested game by game); the
campaign's commands, its buttons and everything the bot posts are real Discord traffic.
"""

from __future__ import annotations

import asyncio
from typing import Any

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    last_board,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)
from table_play import play_to_the_end

from bot.app.client import ZagjanBot
from bot.service.table import TurnResult
from rules.core.engine import Seat
from rules.orclympics.war_cry import CryWarCry


async def settle(bot: ZagjanBot, channel_id: int) -> None:
    """Wait until the channel's posts are out, the scoreboards that follow boards included."""
    for _ in range(20):
        await bot.boards.channel(channel_id).drained()
        chores = [t for t in bot.get_cog("Campaigns")._chores if not t.done()]
        if not chores:
            return
        await asyncio.gather(*chores, return_exceptions=True)


async def play_out(bot: ZagjanBot, channel_id: int, seed: int, *, stop_before_end: bool = False) -> TurnResult | None:
    """Play the channel's game with random legal moves (War Cries included) until it ends, then show
    its final board as a click would; with `stop_before_end`, stop one move short instead."""
    result = await play_to_the_end(bot.table, channel_id, seed, stop_before_end=stop_before_end)
    if stop_before_end:
        return None
    assert result is not None and result.outcome is not None, "the game did not end"
    await bot.show_move(result)
    await settle(bot, channel_id)
    return result


def scoreboards(world: World) -> list[Any]:
    return [m for m in world.channel.history() if not m.flags.ephemeral and m.attachments
            and m.attachments[0].filename == "scoreboard.png"]


async def gather_four(world: World, kind: str) -> None:
    result = await world.alice.slash(world.channel, "campaign new", kind=kind, brood="feral")
    assert applied(result), result
    for member, brood in zip(world.players[1:], ("iron", "common", "common")):
        assert applied(await member.slash(world.channel, "campaign join", brood=brood))


async def test_a_whole_quick_campaign_with_a_vote_a_roll_and_the_scoreboard_after_each_game(simcord_env, world):
    # 000 Campaign Rules 2: each quick game one of its pair, by agreement or else by a D6
    await gather_four(world, "quick")
    lobby = [m for m in world.channel.history() if m.embeds and "gathering players" in (m.embeds[0].title or "")]
    assert "Players: 4 of 6" in lobby[-1].embeds[0].fields[0].name
    assert "Timber!: best with 4" in lobby[-1].embeds[0].fields[1].value
    refused = await world.bob.slash(world.channel, "campaign start")
    assert "Only alice" in answered_privately(refused)
    assert applied(await world.alice.slash(world.channel, "campaign start"))
    await settle(simcord_env.bot, world.channel.id)
    texts = [m.content for m in world.channel.history()]
    assert any("campaign begins" in t and "age 1" in t for t in texts)

    vote = next(m for m in reversed(world.channel.history()) if m.components)
    assert "Flying Pigs" in vote.content and "Brood Rumble" in vote.content
    stranger = await world.mod.click(vote, label="Brood Rumble")
    assert "Only the campaign's players" in answered_privately(stranger)
    for member in world.players:  # everyone agrees: Brood Rumble
        assert applied(await member.click(vote, label="Brood Rumble")) or member is world.dave
    await settle(simcord_env.bot, world.channel.id)
    snap = await snapshot(simcord_env, world.channel)
    assert snap.slug == "brood-rumble" and {s.player for s in snap.seats} == {str(m.id) for m in world.players}
    assert {s.pick for s in snap.seats} == {"feral", "iron", "common"}

    await play_out(simcord_env.bot, world.channel.id, 1)
    assert len(scoreboards(world)) == 1 and "after game 1 of 3" in scoreboards(world)[-1].content

    for game in (2, 3):
        assert applied(await world.bob.slash(world.channel, "campaign next"))
        await settle(simcord_env.bot, world.channel.id)
        vote = next(m for m in reversed(world.channel.history()) if m.components and "🗳️" in m.content)
        assert applied(await world.carol.click(vote, label="Let the dice decide"))
        await settle(simcord_env.bot, world.channel.id)
        board = last_board(world.channel)
        assert "lets the dice decide" in board.embeds[0].description and "🎲 Table — the discipline of game" in board.embeds[0].description
        await play_out(simcord_env.bot, world.channel.id, game)
        assert len(scoreboards(world)) == game
    info = await simcord_env.bot.get_cog("Campaigns").service.current(world.channel.id)
    assert info.status == "finished" and info.data.campaign is not None and info.data.campaign.finished
    assert "Champion" in scoreboards(world)[-1].content
    status = await world.dave.slash(world.channel, "campaign status")
    assert "is **finished**" in answered_privately(status)


async def test_a_whole_full_campaign_survives_restarts_between_games_and_in_the_middle_of_one(
        simcord_env, world, make_bot):
    # 000 Campaign Rules 1: the six disciplines in order; the campaign lives in the store
    await gather_four(world, "full")
    assert applied(await world.alice.slash(world.channel, "campaign start"))
    await settle(simcord_env.bot, world.channel.id)
    order = []
    for game in range(6):
        bot = simcord_env.bot
        snap = await snapshot(simcord_env, world.channel)
        order.append(snap.slug)
        if game == 2:  # a restart in the middle of Masters' Fight
            await play_out(bot, world.channel.id, 10 + game, stop_before_end=True)
            await simcord_env.restart_bot(make_bot())
            await bot.close()
        await play_out(simcord_env.bot, world.channel.id, 10 + game)
        assert len(scoreboards(world)) == game + 1
        if game == 3:  # and one between Timber! and That'll do Pigs
            old = simcord_env.bot
            await simcord_env.restart_bot(make_bot())
            await old.close()
        if game < 5:
            assert applied(await world.dave.slash(world.channel, "campaign next"))
            await settle(simcord_env.bot, world.channel.id)
    assert order == ["flying-pigs", "brood-rumble", "masters-fight", "timber", "thatll-do-pigs", "road-rage"]
    info = await simcord_env.bot.get_cog("Campaigns").service.current(world.channel.id)
    campaign = info.data.campaign
    assert info.status == "finished" and campaign is not None and len(campaign.scores) == 6
    assert all(score.places for score in campaign.scores)
    assert "Champion" in scoreboards(world)[-1].content
    board = await world.alice.slash(world.channel, "campaign scoreboard")
    private = [m for m in [board.response, *board.followups] if m is not None and m.ephemeral]
    assert private[-1].attachments[0].filename == "scoreboard.png" and "Champion" in private[-1].content
    fame = await world.bob.slash(world.channel, "leaderboard")
    assert "Hall of fame" in answered_privately(fame)
    assert sum(r.vp for r in (await simcord_env.bot.table.store.read(
        lambda tx: tx.results_of_guild(world.guild.id)))) == sum(campaign.totals().values())


async def test_the_war_cry_button_rerolls_for_its_holder_only(simcord_env, world):
    # 000 Campaign Rules 6: a "War Cry!" button after the holder's roll; nobody else may press it
    bot = simcord_env.bot
    seats = [Seat(player=str(m.id), name=m.name, pick="common", colour=n) for n, m in enumerate(world.players[:2])]
    result = await bot.table.start_seated(world.channel.id, world.guild.id, "masters-fight", seats,
                                          {"war_cry": [str(world.alice.id)]})
    offer = (await snapshot(simcord_env, world.channel)).state.war_cry.window.offers[str(world.alice.id)][0]
    await bot.show_move(result)
    await settle(bot, world.channel.id)
    board = last_board(world.channel)
    assert "War Cry" in board.content and "Initiative for deployment" in board.content
    refused = await world.bob.click(board, label="War Cry! on (1)")
    assert "alice" in answered_privately(refused)
    assert applied(await world.alice.click(board, label="War Cry! on (1)"))
    snap = await snapshot(simcord_env, world.channel)
    assert snap.version == 1 and snap.state.war_cry.uses[str(world.alice.id)] == 2
    log = await bot.store.actions(snap.game_id)
    assert bot.table.game("masters-fight").parse_action(log[0].action_json) == CryWarCry(roll=offer.roll, die=0)
    assert await bot.table.replay_check(snap.game_id)


async def test_a_two_player_campaign_is_warned_and_three_players_skip_what_cannot_seat_them(simcord_env, world):
    # 000 Campaign Rules 3: two players leave Brood Rumble out of a quick campaign; a discipline that
    # cannot seat the players is explained and skipped
    assert applied(await world.alice.slash(world.channel, "campaign new", kind="quick"))
    assert applied(await world.bob.slash(world.channel, "campaign join"))
    lobby = [m for m in world.channel.history() if m.embeds and "gathering players" in (m.embeds[0].title or "")]
    assert "advised to leave it out" in lobby[-1].embeds[0].fields[1].value
    assert applied(await world.alice.slash(world.channel, "campaign start"))
    await settle(simcord_env.bot, world.channel.id)
    assert (await snapshot(simcord_env, world.channel)).slug == "flying-pigs"
    assert applied(await world.alice.slash(world.channel, "campaign abandon"))
    snap = await snapshot(simcord_env, world.channel)
    assert snap.status == "abandoned"

    other = world.other
    assert applied(await world.alice.slash(other, "campaign new", kind="full"))
    for member in (world.bob, world.carol):
        assert applied(await member.slash(other, "campaign join", brood="iron"))
    lobby = [m for m in other.history() if m.embeds and "gathering players" in (m.embeds[0].title or "")]
    assert "Brood Rumble: best with 2 or 4; it cannot seat 3 players" in lobby[-1].embeds[0].fields[1].value
    assert applied(await world.alice.slash(other, "campaign start"))
    await play_out(simcord_env.bot, other.id, 5)
    assert applied(await world.alice.slash(other, "campaign next"))
    await settle(simcord_env.bot, other.id)
    board = last_board(other)
    assert "Brood Rumble cannot seat 3 players, so it is skipped" in board.embeds[0].description
    assert (await simcord_env.bot.table.snapshot(other.id)).slug == "masters-fight"


async def test_an_open_vote_survives_a_restart(simcord_env, world, make_bot):
    await gather_four(world, "quick")
    assert applied(await world.alice.slash(world.channel, "campaign start"))
    await settle(simcord_env.bot, world.channel.id)
    vote = next(m for m in reversed(world.channel.history()) if m.components and "🗳️" in m.content)
    assert applied(await world.alice.click(vote, label="Flying Pigs"))
    old = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old.close()
    assert [i.id for i in await simcord_env.bot.get_cog("Campaigns").service.open_votes()] != []
    assert simcord_env.bot.get_cog("Campaigns")._timers  # the timer runs again
    for member in world.players[1:]:
        await member.click(vote, label="Flying Pigs")
    await settle(simcord_env.bot, world.channel.id)
    assert (await snapshot(simcord_env, world.channel)).slug == "flying-pigs"


async def test_when_the_vote_runs_out_of_time_the_dice_decide(simcord_env, world, monkeypatch):
    # 000 Campaign Rules 2 (reading "vote"): no agreement in time, a D6 picks the discipline
    monkeypatch.setenv("ZAGJAN_VOTE_SECONDS", "0.05")
    await gather_four(world, "quick")
    assert applied(await world.alice.slash(world.channel, "campaign start"))
    await settle(simcord_env.bot, world.channel.id)
    vote = next(m for m in reversed(world.channel.history()) if m.components and "🗳️" in m.content)
    timers = list(simcord_env.bot.get_cog("Campaigns")._timers.values())
    await asyncio.gather(*timers, return_exceptions=True)
    await settle(simcord_env.bot, world.channel.id)
    board = last_board(world.channel)
    assert "Time is up for choosing" in board.embeds[0].description and "🎲 Table — the discipline of game" in board.embeds[0].description
    assert (await snapshot(simcord_env, world.channel)).slug in ("flying-pigs", "brood-rumble")
    late = await world.carol.click(vote, label="Flying Pigs")
    assert "That choice is over" in answered_privately(late)
