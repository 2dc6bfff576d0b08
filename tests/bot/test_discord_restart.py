"""A restart in the middle of a fight: the buttons posted before it keep working.

Nothing about a board lives in the bot's memory: the custom_id says which game
and version, the SQLite file holds the game, and `setup_hook` registers the
dynamic items again. So a brand-new bot on the same file picks up the click.
"""

from __future__ import annotations

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    answered_privately,
    applied,
    boards,
    bot_db,
    click_in_flight,
    last_board,
    make_bot,
    pick_id,
    select_values,
    simcord_bot,
    snapshot,
    world,
)
from test_discord_computers import lobby_message
from test_discord_game import open_table
from test_discord_refusals import deploy_both

from bot.service.table import STALE
from rules.core.computer import is_computer


async def test_a_button_from_before_a_restart_still_works(simcord_env, world, make_bot, bot_db):
    await open_table(world)
    await deploy_both(simcord_env, world)
    old_bot = simcord_env.bot
    stale_board = last_board(world.channel)
    move = select_values(stale_board, "move")[0]
    await world.alice.select(stale_board, [move], custom_id=pick_id(stale_board, "move"))
    board = last_board(world.channel)
    before = await snapshot(simcord_env, world.channel)

    new_bot = make_bot()
    await simcord_env.restart_bot(new_bot)
    await old_bot.close()
    assert simcord_env.bot is new_bot and new_bot.store is not None and old_bot.store is None
    assert new_bot.database == bot_db

    result = await world.alice.click(board, label="End activation")
    assert result.acknowledged and applied(result)
    after = await snapshot(simcord_env, world.channel)
    assert after.version == before.version + 1
    assert after.waiting_for == [str(world.bob.id)]
    assert last_board(world.channel).embeds[0].footer.text == f"Game #{after.game_id} · move {after.version}"

    older = await click_in_flight(world.alice, stale_board, pick_id(stale_board, "move"), [move])
    assert answered_privately(older) == "It is bob's turn."
    bobs = await click_in_flight(world.bob, stale_board, pick_id(stale_board, "move"), [move])
    assert answered_privately(bobs) == STALE
    assert (await snapshot(simcord_env, world.channel)).version == after.version
    # One message per turn: the start (alice deploys), bob's deploy, alice's activation (the move
    # edited it in place), and bob's turn after the restart.
    posted = boards(world.channel)
    assert len(posted) == 4
    # The restarted bot remembered which message was current and took its controls away.
    assert posted[-2].id == board.id and not posted[-2].components and posted[-1].components


async def test_a_square_form_opened_before_a_restart_can_still_be_sent(simcord_env, world, make_bot):
    await open_table(world)
    shown = await world.alice.click(last_board(world.channel), label="Choose a square…")
    assert shown.modal is not None
    old_bot = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old_bot.close()
    sent = await world.alice.submit_modal(shown, {"square": "c3"})
    assert applied(sent)
    snap = await snapshot(simcord_env, world.channel)
    assert snap.version == 1 and snap.state.orcs[str(world.alice.id)].square == "c3"


async def test_the_add_a_computer_form_opened_before_a_restart_can_still_be_sent(simcord_env, world, make_bot):
    # issue 24 ("Also"): the lobby's form works after a restart, like every other form
    await world.alice.slash(world.channel, "game new", game="masters-fight")
    shown = await world.alice.click(lobby_message(world), label="Add a computer player")
    assert shown.modal is not None
    old_bot = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old_bot.close()
    sent = await world.alice.submit_modal(shown, {"name": "Grimgor", "level": ["easy"]})
    assert applied(sent)
    snap = await snapshot(simcord_env, world.channel)
    assert [s.name for s in snap.seats if is_computer(s.player)] == ["Grimgor"]
