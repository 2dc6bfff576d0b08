"""Issue 45: a move taken back in Discord. The board offers "Undo" to the player who may take back
the last move (the rules say when: `Game.undo_refusal`), /game undo does the same, and an undo is
stored like a move: the log says what was taken back and by whom, the undone board's buttons and a
doubled click are refused, and it all survives a restart."""

from __future__ import annotations

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    click_in_flight,
    custom_ids,
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

from bot.service.table import STALE
from bot.ui.board import UNDO_PAYLOAD


def _undo_ids(message) -> list[str]:
    return [c for c in custom_ids(message) if c.endswith(f":{UNDO_PAYLOAD}")]


async def test_a_move_is_taken_back_by_its_player_and_by_nobody_else(simcord_env, world):
    await open_table(world)
    await deploy_both(simcord_env, world)
    before = await snapshot(simcord_env, world.channel)
    board = last_board(world.channel)
    assert not _undo_ids(board)  # bob's deployment ended his turn: nothing to take back
    move = select_values(board, "move")[0]
    moved = await world.alice.select(board, [move], custom_id=pick_id(board, "move"))
    assert applied(moved)
    after_move = await snapshot(simcord_env, world.channel)
    assert after_move.undo_by == str(world.alice.id)
    board = last_board(world.channel)
    assert _undo_ids(board) and any("Undo (alice)" == c.label for row in board.components for c in row.children)

    # bob may not take alice's move back: the rules' sentence, privately, and nothing changes
    stranger = await world.bob.click(board, label="Undo (alice)")
    assert answered_privately(stranger) == "You cannot take anything back: the last move was alice's."
    assert (await snapshot(simcord_env, world.channel)).version == after_move.version

    taken = await world.alice.click(board, label="Undo (alice)")
    assert applied(taken)
    now = await snapshot(simcord_env, world.channel)
    assert now.version == after_move.version + 1  # versions only go up: the undone board's buttons are old
    assert now.state.model_dump(exclude={"version"}) == before.state.model_dump(exclude={"version"})
    assert now.waiting_for == [str(world.alice.id)] and now.undo_by is None
    log = await simcord_env.bot.table.log(world.channel.id)
    assert log[-1].startswith("↩️ alice takes back: ")
    assert await simcord_env.bot.table.replay_check(now.game_id)  # the log with its undo replays to the game

    # a doubled click on Undo, and the undone board's own move menu, are refused as stale
    doubled = await click_in_flight(world.alice, board, _undo_ids(board)[0])
    assert answered_privately(doubled) == STALE
    old_move = await click_in_flight(world.alice, board, pick_id(board, "move"), select_values(board, "move")[:1])
    assert answered_privately(old_move) == STALE
    assert (await snapshot(simcord_env, world.channel)).version == now.version


async def test_undo_survives_a_restart_and_says_why_when_it_cannot(simcord_env, world, make_bot):
    await open_table(world)
    await deploy_both(simcord_env, world)
    nothing = await world.bob.slash(world.channel, "game undo")
    assert answered_privately(nothing) == ("You cannot take that move back: your turn is over.")
    board = last_board(world.channel)
    await world.alice.select(board, select_values(board, "move")[:1], custom_id=pick_id(board, "move"))
    moved = await snapshot(simcord_env, world.channel)

    old_bot = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old_bot.close()
    typed = await world.alice.slash(world.channel, "game undo")  # asked of the rules again, from the stored log
    assert applied(typed)
    now = await snapshot(simcord_env, world.channel)
    assert now.version == moved.version + 1 and now.waiting_for == [str(world.alice.id)]
    again = await world.alice.slash(world.channel, "game undo")
    assert answered_privately(again).startswith("You cannot take")  # bob's deployment stands before it
