"""Everything the bot refuses: out of turn, illegal, doubled, no game here, abandon without the right.

A refusal is an ephemeral sentence to the one who asked, and it changes nothing:
the version stays put and no new board appears in the channel.
"""

from __future__ import annotations

from typing import Any

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    last_public,
    boards,
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

from bot.service.table import NO_GAME, STALE


async def deploy_both(env: Any, world: World, alice_at: str = "d4", bob_at: str = "f6") -> None:
    for member, square in ((world.alice, alice_at), (world.bob, bob_at)):
        result = await member.slash(world.channel, "mf deploy", square=square)
        assert applied(result), answered_privately(result)
    snap = await snapshot(env, world.channel)
    assert snap.waiting_for == [str(world.alice.id)], "alice rolled the higher initiative with this seed"


async def test_out_of_turn_is_refused_privately_and_changes_nothing(simcord_env, world):
    await open_table(world)
    before = await snapshot(simcord_env, world.channel)
    posted = len(boards(world.channel))
    board = last_board(world.channel)

    clicked = await world.bob.click(board, label="Random free square")
    assert answered_privately(clicked) == "It is alice's turn."
    modal = await world.bob.click(board, label="Choose a square…")
    assert modal.modal is None and answered_privately(modal) == "It is alice's turn."
    typed = await world.bob.slash(world.channel, "mf deploy", square="c4")
    assert answered_privately(typed) == "It is alice's turn."
    stranger = await world.dave.click(board, label="Random free square")
    assert answered_privately(stranger) == "It is alice's turn."
    typed_by_stranger = await world.dave.slash(world.channel, "mf deploy", square="c4")
    assert answered_privately(typed_by_stranger) == "You are not playing in this game."

    after = await snapshot(simcord_env, world.channel)
    assert after.version == before.version and after.state == before.state
    assert len(boards(world.channel)) == posted


async def test_illegal_moves_are_refused_with_a_clear_sentence(simcord_env, world):
    await open_table(world)
    before = await snapshot(simcord_env, world.channel)
    pit = next(sq for sq, kind in before.state.terrain.items() if kind == "pit")

    nowhere = await world.alice.slash(world.channel, "mf deploy", square="z9")
    assert answered_privately(nowhere) == "'z9' is not a square on the board: use a file a-h and a rank 1-8, like c4."
    into_pit = await world.alice.slash(world.channel, "mf deploy", square=pit)
    assert answered_privately(into_pit) == f"{pit} is not free: deploy on a square with no token and no Orc."
    too_early = await world.alice.slash(world.channel, "mf smash", target="bob")
    assert answered_privately(too_early) == "First deploy your Orc on an empty square."
    nobody = await world.alice.slash(world.channel, "mf stomp", target="grimgor")
    assert answered_privately(nobody) == "Nobody at this table is called 'grimgor'; pick one from the list."

    shown = await world.alice.click(last_board(world.channel), label="Choose a square…")
    typo = await world.alice.submit_modal(shown, {"square": "k12"})
    assert answered_privately(typo).startswith("'k12' is not a square on the board")

    after = await snapshot(simcord_env, world.channel)
    assert after.version == before.version and after.state == before.state

    await deploy_both(simcord_env, world)
    snap = await snapshot(simcord_env, world.channel)
    far = await world.alice.slash(world.channel, "mf move", to="h1")
    text = answered_privately(far)
    assert text.endswith(".") and "h1" in text
    assert (await snapshot(simcord_env, world.channel)).version == snap.version


async def test_a_doubled_click_is_applied_once(simcord_env, world):
    await open_table(world)
    await deploy_both(simcord_env, world)
    board = last_board(world.channel)
    before = await snapshot(simcord_env, world.channel)
    squares = select_values(board, "move")
    assert len(squares) >= 2
    select = pick_id(board, "move")

    first = await world.alice.select(board, [squares[0]], custom_id=select)
    assert applied(first)
    again = await click_in_flight(world.alice, board, select, [squares[0]])
    assert answered_privately(again) == STALE
    other = await click_in_flight(world.alice, board, select, [squares[1]])
    assert answered_privately(other) == STALE
    middle = await snapshot(simcord_env, world.channel)
    assert middle.version == before.version + 1
    assert middle.state.orcs[str(world.alice.id)].square == squares[0]

    board = last_board(world.channel)
    end = next(c for c in custom_ids(board) if c.endswith(":end"))
    ended = await world.alice.click(board, label="End activation")
    assert applied(ended)
    twice = await click_in_flight(world.alice, board, end)
    assert answered_privately(twice) == "It is bob's turn."
    after = await snapshot(simcord_env, world.channel)
    assert after.version == middle.version + 1
    assert after.waiting_for == [str(world.bob.id)]


async def test_commands_in_a_channel_without_a_game(simcord_env, world):
    for command, options in (("game status", {}), ("game board", {}), ("game log", {}), ("game start", {}),
                             ("game join", {}), ("game leave", {}), ("game abandon", {}),
                             ("mf end", {}), ("mf move", {"to": "c4"}), ("mf smash", {"target": "bob"})):
        result = await world.alice.slash(world.other, command, **options)
        assert answered_privately(result) == NO_GAME, command
    assert await world.alice.autocomplete(world.other, "mf move", "to", "") == []
    assert not world.other.history(), "nothing was posted publicly"


async def test_abandon_needs_the_creator_or_manage_server(simcord_env, world):
    await world.alice.slash(world.channel, "game new", game="masters-fight")
    await world.bob.slash(world.channel, "game join", brood="iron")

    refused = await world.bob.slash(world.channel, "game abandon")
    assert answered_privately(refused) == "Only alice, who opened this table, or a server admin can abandon it."
    assert (await snapshot(simcord_env, world.channel)).status == "lobby"

    by_mod = await world.mod.slash(world.channel, "game abandon")
    assert applied(by_mod) and "abandoned the game" in last_public(world.channel).content
    assert (await snapshot(simcord_env, world.channel)).status == "abandoned"

    await world.alice.slash(world.channel, "game new", game="masters-fight")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")
    by_creator = await world.alice.slash(world.channel, "game abandon")
    assert applied(by_creator)
    assert (await snapshot(simcord_env, world.channel)).status == "abandoned"
    stale = await world.alice.click(last_board(world.channel), label="Random free square")
    assert answered_privately(stale) == "That game was abandoned."  # said by the move's own read of it


async def test_a_masters_fight_command_at_another_games_table(simcord_env, world):
    await world.alice.slash(world.channel, "game new", game="timber")
    result = await world.alice.slash(world.channel, "mf end")
    assert answered_privately(result) == "The game in this channel is Timber!; that command is for another game."


async def test_a_click_on_a_control_the_message_no_longer_shows_is_answered(simcord_env, world):
    """Discord may deliver a doubled click with the message as it is after the edit: discord.py then
    finds no control to call, and the bot still answers instead of leaving 'This interaction failed'."""
    await open_table(world)
    await deploy_both(simcord_env, world)
    board = last_board(world.channel)
    select = pick_id(board, "move")
    squares = select_values(board, "move")
    assert applied(await world.alice.select(board, [squares[0]], custom_id=select))
    before = await snapshot(simcord_env, world.channel)
    edited = last_board(world.channel)
    assert edited.id == board.id and select not in custom_ids(edited)

    from simcord import actors as simcord_actors
    stored = simcord_actors._visible_message(world.alice, edited)
    late = await simcord_actors._component_interaction(
        world.alice, stored, {"custom_id": select, "component_type": 3, "values": [squares[1]]})
    assert answered_privately(late) == STALE
    assert (await snapshot(simcord_env, world.channel)).version == before.version


async def test_every_move_is_acknowledged_before_the_game_is_read(simcord_env, world, monkeypatch):
    """The deferral goes out before any store or table call, for a typed move and for a click."""
    import discord

    from bot.storage.store import Store
    from bot.service.table import TableService

    await open_table(world)
    order: list[str] = []

    def spy(cls: type, name: str, label: str) -> None:
        original = getattr(cls, name)

        async def wrapped(self, *args, **kwargs):
            order.append(label)
            return await original(self, *args, **kwargs)
        monkeypatch.setattr(cls, name, wrapped)

    spy(discord.InteractionResponse, "defer", "ack")
    for name in ("read", "write"):
        spy(Store, name, "store")
    for name in ("snapshot", "game_by_id", "act", "legal_actions"):
        spy(TableService, name, "table")

    simcord_env.bot.table.forget(world.channel.id)  # nothing cached: the move must read the store
    typed = await world.alice.slash(world.channel, "mf deploy", square="d4")
    assert applied(typed) and order[0] == "ack" and "store" in order, order
    order.clear()
    simcord_env.bot.table.forget(world.channel.id)
    board = last_board(world.channel)
    clicked = await world.bob.click(board, label="Random free square")
    assert applied(clicked) and order[0] == "ack" and "store" in order, order


async def test_a_refusal_quotes_only_a_short_clean_excerpt_and_pings_nobody(simcord_env, world):
    await open_table(world)
    before = await snapshot(simcord_env, world.channel)
    hostile = f"<@{world.bob.id}> \u202e" + "x" * 6000
    typed = await world.alice.slash(world.channel, "mf stomp", target=hostile)
    text = answered_privately(typed)
    assert len(text) < 300 and "xxxxxxxxxx…" in text
    assert f"<@{world.bob.id}>" not in text and "\u202e" not in text
    huge = await world.alice.slash(world.channel, "mf deploy", square="q" * 6000)
    assert len(answered_privately(huge)) < 300
    assert (await snapshot(simcord_env, world.channel)).version == before.version
