"""The lifecycle and reading commands, autocomplete, /rules and the interaction log."""

from __future__ import annotations

import logging

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    answered_privately,
    applied,
    last_public,
    boards,
    bot_db,
    last_board,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)
from test_discord_game import open_table
from test_discord_refusals import deploy_both


async def test_the_lobby_from_new_to_leave(simcord_env, world):
    opened = await world.alice.slash(world.channel, "game new", game="masters-fight", brood="iron")
    assert applied(opened)
    embed = last_public(world.channel).embeds[0]
    assert embed.title == "Masters' Fight — table open"
    assert "alice (Iron Orcs) — opened the table" in embed.fields[0].value

    again = await world.bob.slash(world.channel, "game new", game="masters-fight")
    assert answered_privately(again) == (
        "This channel already has a game of Masters' Fight; finish or /game abandon it first.")
    early = await world.bob.slash(world.channel, "game start")
    assert answered_privately(early) == "Only alice, who opened this table, can start the game."
    alone = await world.alice.slash(world.channel, "game start")
    assert answered_privately(alone) == "Masters' Fight needs 2 to 6 players; 1 is seated."

    joined = await world.bob.slash(world.channel, "game join", brood="feral")
    assert applied(joined) and "bob (Feral Orcs)" in last_public(world.channel).embeds[0].fields[0].value
    twice = await world.bob.slash(world.channel, "game join")
    assert answered_privately(twice) == "You are already seated at this table."
    status = await world.carol.slash(world.channel, "game status")
    assert "is **lobby**" in answered_privately(status)

    left = await world.bob.slash(world.channel, "game leave")
    assert applied(left) and "bob" not in last_public(world.channel).embeds[0].fields[0].value
    closed = await world.alice.slash(world.channel, "game leave")
    assert applied(closed) and "is empty, so it is closed" in last_public(world.channel).content
    assert (await snapshot(simcord_env, world.channel)).status == "abandoned"


async def test_status_board_and_log(simcord_env, world):
    await open_table(world)
    await deploy_both(simcord_env, world)
    legal = await simcord_env.bot.table.legal_actions(world.channel.id, str(world.alice.id))
    square = next(a.to for a in legal if a.type == "move")
    moved = await world.alice.slash(world.channel, "mf move", to=square.upper())
    assert applied(moved)
    assert (await snapshot(simcord_env, world.channel)).state.orcs[str(world.alice.id)].square == square

    status = answered_privately(await world.carol.slash(world.channel, "game status"))
    assert "is **active**" in status and "It is alice's turn." in status

    # Carol is not playing: she sees the board privately, without buttons, and the channel is unchanged.
    posted = len(boards(world.channel))
    watched = await world.carol.slash(world.channel, "game board")
    private = [m for m in [watched.response, *watched.followups] if m is not None and m.ephemeral]
    assert private and private[-1].embeds and private[-1].attachments and not private[-1].components
    assert len(boards(world.channel)) == posted
    # A player posts it again, with the buttons; the older board loses its own; not twice in a row.
    older = last_board(world.channel)
    shown = await world.bob.slash(world.channel, "game board")
    assert applied(shown) and len(boards(world.channel)) == posted + 1
    board = last_board(world.channel)
    assert board.attachments and "alice" in board.content
    assert "End activation" in [getattr(c, "label", None) for row in board.components for c in row.children]
    assert not next(m for m in boards(world.channel) if m.id == older.id).components
    again = await world.alice.slash(world.channel, "game board")
    assert "can be posted again in" in answered_privately(again)
    assert len(boards(world.channel)) == posted + 1

    log = answered_privately(await world.carol.slash(world.channel, "game log", lines=3))
    assert len(log.splitlines()) == 4  # the heading and three lines
    assert any(square in line for line in log.splitlines())


async def test_autocomplete_offers_only_legal_moves(simcord_env, world):
    await open_table(world)
    legal = await simcord_env.bot.table.legal_actions(world.channel.id, str(world.alice.id))
    squares = [a.square for a in legal]
    offered = await world.alice.autocomplete(world.channel, "mf deploy", "square", "")
    assert [c["value"] for c in offered] == squares[:25]
    typed = await world.alice.autocomplete(world.channel, "mf deploy", "square", "d")
    assert {c["value"] for c in typed} == {s for s in squares if s.startswith("d")}
    assert await world.bob.autocomplete(world.channel, "mf deploy", "square", "") == []

    await deploy_both(simcord_env, world, "d4", "e5")
    targets = await world.alice.autocomplete(world.channel, "mf smash", "target", "")
    assert targets == [{"name": "bob", "value": str(world.bob.id)}]
    moves = await world.alice.autocomplete(world.channel, "mf move", "to", "")
    legal = await simcord_env.bot.table.legal_actions(world.channel.id, str(world.alice.id))
    assert {c["value"] for c in moves} == {a.to for a in legal if a.type == "move"}


async def test_rules_shows_the_guide_privately(simcord_env, world):
    result = await world.carol.slash(world.channel, "rules", game="masters-fight")
    assert result.ephemeral
    embeds = result.response.embeds + [e for f in result.followups for e in f.embeds]
    assert embeds[0].title == "📜 Masters' Fight — how to play"
    text = "\n".join(e.description or "" for e in embeds)
    assert "Feral Fury" in text and "Our readings" in text
    assert all(len(e.description or "") <= 4096 for e in embeds)


async def test_one_log_line_per_interaction(simcord_env, world, caplog):
    caplog.set_level(logging.INFO, logger="zagjan.interactions")
    await world.alice.slash(world.channel, "game new", game="masters-fight")
    await world.bob.slash(world.channel, "game abandon")
    lines = [r.getMessage() for r in caplog.records if r.name == "zagjan.interactions"]
    assert lines == [
        f"interaction guild={world.guild.id} channel={world.channel.id} game=1 player={world.alice.id} "
        "command=game new result=ok",
        f"interaction guild={world.guild.id} channel={world.channel.id} game=1 player={world.bob.id} "
        "command=game abandon result=refused",
    ]


async def test_help_says_what_to_type_first_and_each_games_commands(simcord_env, world):
    overview = await world.carol.slash(world.channel, "help")
    private = [m for m in [overview.response, *overview.followups] if m is not None and m.ephemeral]
    embed = private[-1].embeds[0]
    assert "/game new" in embed.description and "/game join" in embed.description and "/game start" in embed.description
    # the seat pick under the games' own name, and the campaign plug-in's paragraph, found by looking
    assert "`brood`" in embed.description and "**/campaign new**" in embed.description
    fields = {f.name: f.value for f in embed.fields}
    assert set(fields) >= {"Masters' Fight", "Timber!", "Flying Pigs", "Brood Rumble", "That'll do Pigs", "Road Rage"}
    assert fields["Brood Rumble"].startswith("2 or 4 players") and "`/br …`" in fields["Brood Rumble"]
    one = await world.carol.slash(world.channel, "help", game="masters-fight")
    embed = [m for m in [one.response, *one.followups] if m is not None and m.ephemeral][-1].embeds[0]
    assert [f.name for f in embed.fields] == ["Masters' Fight"]
    assert "`/mf deploy`" in embed.fields[0].value and "`/mf smash`" in embed.fields[0].value
    assert not [m for m in world.channel.history() if not m.flags.ephemeral]


def test_autocomplete_narrows_by_what_the_other_options_mean():
    """`/mf jump target:morg` suggests only the squares of jumps at Morgoth the Mild: the options
    already given are read as the terminal reads them (`Param.agrees`: a name's start, a number by
    its value), not compared letter by letter (issue 25)."""
    from types import SimpleNamespace

    from bot.cogs.moves import _agreeing
    from rules.core.moves import Reading
    from rules.orclympics.masters_fight.models import Jump
    from rules.orclympics.masters_fight.moves import MOVES

    move = MOVES.named("jump")
    assert move is not None
    to = next(p for p in move.params if p.name == "to")
    actions = [Jump(to="c4", target="p2"), Jump(to="d5", target="p3")]
    reading = Reading(None, {"p1": "Grukk", "p2": "Morgoth the Mild", "p3": "Ugg"})
    for typed in ("morg", "Morgoth_the_Mild", "p2"):
        interaction = SimpleNamespace(namespace=SimpleNamespace(target=typed))
        assert _agreeing(actions, move, to, interaction, reading) == actions[:1], typed  # type: ignore[arg-type]


def test_an_option_keeps_its_hyphenated_name_in_discord():
    """`from-line` is one word in Discord and in the terminal, though no Python argument can be called
    so: the command renames its argument, and a use of it reaches the rules under the option's name."""
    import asyncio
    from types import SimpleNamespace

    from discord import app_commands

    from bot.cogs.moves import command_for
    from rules.core.moves import Kind, Move, MoveBook, Param

    shift = Move("shift", "shift", "Move a card", "Move a card.",
                 (Param("from-line", Kind.COUNT, "The line it leaves", field="from_line"),
                  Param("line", Kind.COUNT, "The line it goes to")))
    game = SimpleNamespace(slug="toy", moves=MoveBook("toy", [shift]))
    played: list[dict[str, object]] = []

    async def play(interaction: object, game_: object, move: Move, given: dict[str, object]) -> None:
        played.append(given)

    async def suggest(*args: object) -> list[object]:
        return []

    group = app_commands.Group(name="toy", description="toy")
    command = command_for(group, game, shift, play, suggest)  # type: ignore[arg-type]
    assert [p.display_name for p in command.parameters] == ["from-line", "line"]
    asyncio.run(command.callback(None, from_line=2, line=1))  # type: ignore[call-arg,arg-type]
    assert played == [{"from-line": 2, "line": 1}]
