"""When Discord says no after a move is stored: the move stands, the player is told the truth, and
the board comes back at the next chance; a failure inside a click is answered, not swallowed."""

from __future__ import annotations

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    boards,
    last_board,
    make_bot,
    pick_id,
    select_values,
    simcord_bot,
    snapshot,
    world,
)
from test_discord_game import open_table
from test_discord_refusals import deploy_both

from bot.ui.answers import FAILED_UNCHANGED

MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


async def test_a_typed_move_whose_board_cannot_be_posted_is_saved_and_shown_later(simcord_env, world):
    await open_table(world)
    before = await snapshot(simcord_env, world.channel)
    posted = len(boards(world.channel))
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", **MISSING_PERMISSIONS)

    typed = await world.alice.slash(world.channel, "mf deploy", square="d4")
    text = answered_privately(typed)
    assert "Your move counted and is saved" in text and "Missing Permissions" in text
    assert "unchanged" not in text
    after = await snapshot(simcord_env, world.channel)
    assert after.version == before.version + 1  # stored, whatever Discord said
    assert len(boards(world.channel)) == posted

    # The next interaction in the channel (here a look at the status) brings the board back.
    await world.carol.slash(world.channel, "game status")
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    assert len(boards(world.channel)) == posted + 1
    board = last_board(world.channel)
    assert board.embeds[0].footer.text.endswith(f"move {after.version}")
    assert "alice deploys" in (board.embeds[0].description or "").lower() or board.embeds[0].description


async def test_a_click_whose_board_cannot_be_posted_tells_the_player(simcord_env, world):
    await open_table(world)
    await deploy_both(simcord_env, world)
    board = last_board(world.channel)
    before = await snapshot(simcord_env, world.channel)
    simcord_env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/*", **MISSING_PERMISSIONS)
    chosen = await world.alice.select(board, [select_values(board, "move")[0]], custom_id=pick_id(board, "move"))
    assert "Your move counted and is saved" in answered_privately(chosen)
    assert (await snapshot(simcord_env, world.channel)).version == before.version + 1
    # The board in the channel is still the old one; the next click on it is refused as stale, and
    # that interaction brings the saved move's board back as a fresh message.
    stale = await world.alice.click(board, label="End activation")
    assert not applied(stale)
    newest = last_board(world.channel)
    assert newest.id != board.id and newest.embeds[0].footer.text.endswith(f"move {before.version + 1}")
    assert applied(await world.alice.click(newest, label="End activation"))
    assert (await snapshot(simcord_env, world.channel)).waiting_for == [str(world.bob.id)]


async def test_a_board_refused_by_a_server_error_is_posted_again_by_the_timer(simcord_env, world):
    from bot.ui.poster import RETRY_SECONDS

    await open_table(world)
    posted = len(boards(world.channel))
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500, times=1)
    typed = await world.alice.slash(world.channel, "mf deploy", square="d4")
    assert "Your move counted and is saved" in answered_privately(typed)
    assert len(boards(world.channel)) == posted
    await simcord_env.advance_time(RETRY_SECONDS[0] + 1)  # nobody does anything: the timer tries again
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    assert len(boards(world.channel)) == posted + 1
    assert last_board(world.channel).embeds[0].footer.text.endswith("move 1")


async def test_a_failure_inside_a_click_is_answered_privately_and_changes_nothing(simcord_env, world,
                                                                                monkeypatch):
    from bot.ui.declared import DeclaredControls

    await open_table(world)
    await deploy_both(simcord_env, world)
    board = last_board(world.channel)
    before = await snapshot(simcord_env, world.channel)

    def broken(self, kind, value):
        raise RuntimeError("a bug")

    monkeypatch.setattr(DeclaredControls, "from_select", broken)
    chosen = await world.alice.select(board, [select_values(board, "move")[0]], custom_id=pick_id(board, "move"))
    assert answered_privately(chosen) == FAILED_UNCHANGED
    assert (await snapshot(simcord_env, world.channel)).version == before.version


async def test_a_timers_default_whose_board_is_refused_is_shown_at_the_next_chance(simcord_env, world, monkeypatch):
    import asyncio

    from test_discord_flying_pigs import _to_a_reaction

    from bot.waits import reactions

    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    snap = await _to_a_reaction(simcord_env, world)
    boards_now = len(boards(world.channel))
    simcord_env.inject_error("*", f"/channels/{world.channel.id}/messages*", times=None, **{
        k: v for k, v in MISSING_PERMISSIONS.items()})
    task = reactions.schedule(simcord_env.bot, snap, seconds=0.01)
    assert task is not None
    await asyncio.wait_for(task, 10)
    channel_boards = simcord_env.bot.boards.channel(world.channel.id)
    await channel_boards.drained()
    assert (await snapshot(simcord_env, world.channel)).version == snap.version + 1  # applied and stored
    assert len(boards(world.channel)) == boards_now and channel_boards.last_error  # not shown, remembered
    simcord_env.backend.faults.clear()  # Discord lets the bot post again
    await world.carol.slash(world.channel, "game status")  # any interaction in the channel
    await channel_boards.drained()
    assert len(boards(world.channel)) == boards_now + 1
    assert "did not answer in time" in (last_board(world.channel).embeds[0].description or "")
