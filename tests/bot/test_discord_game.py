"""A whole Masters' Fight through Discord: slash commands, buttons, selects and the deploy modal.

The seed is fixed (discord_fixtures.SEED), so the board and every die are the
same on each run. The players are aggressive (attack first, then close in) to
keep the fight short; the moves are always chosen from the table's legal
actions and made through the same controls a player would use.
"""

from __future__ import annotations

from typing import Any

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    last_board,
    make_bot,
    pick_id,
    select_values,
    simcord_bot,
    snapshot,
    world,
)

from bot.waits import reactions
from rules.core.grid import adjacent, distance
from rules.core.moves import code
from rules.orclympics.masters_fight.models import (
    Deploy,
    DropItem,
    EndActivation,
    Fury,
    Grab,
    Item,
    Jump,
    Move,
    Recover,
    Smash,
    Stomp,
    UseHelmet,
)

MAX_STEPS = 400


async def open_table(world: World, players: int = 2) -> None:
    """Alice opens a table, the others join, Alice starts: the board with Deploy buttons appears."""
    broods = ["feral", "iron", "common", "feral"]
    result = await world.alice.slash(world.channel, "game new", game="masters-fight", brood=broods[0])
    assert applied(result)
    for member, brood in zip(world.players[1:players], broods[1:players]):
        result = await member.slash(world.channel, "game join", brood=brood)
        assert applied(result), result.response.content
    result = await world.alice.slash(world.channel, "game start")
    assert result.acknowledged and applied(result)


def choose(legal: list[Any], view: Any, player: str) -> Any:
    """A bloodthirsty but legal choice: strike, else close in on the nearest enemy, else end."""
    squares = {o.player: o.square for o in view.orcs if o.square and not o.out}
    enemies = [sq for p, sq in squares.items() if p != player]
    for kind in (UseHelmet, Fury, Stomp, Smash, Jump, DropItem):
        options = [a for a in legal if isinstance(a, kind)]
        if kind is Fury:
            options = [a for a in options if a.strike]
        if options:
            return options[0]
    deploys = [a for a in legal if isinstance(a, Deploy)]
    if deploys:
        if not enemies:
            return next((a for a in deploys if a.square in ("d4", "e4", "d5", "e5")), deploys[0])
        return min(deploys, key=lambda a: (min(distance(a.square, e) for e in enemies), a.square))
    for kind in (Recover, Grab):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    here = squares.get(player)
    moves = [a for a in legal if isinstance(a, Move)]
    if moves and here and enemies:
        now = min(distance(here, e) for e in enemies)
        best = min(moves, key=lambda a: (min(distance(a.to, e) for e in enemies), a.to))
        if min(distance(best.to, e) for e in enemies) < now:
            return best
    return next(a for a in legal if isinstance(a, EndActivation))


async def play(env: Any, world: World, action: Any, step: int) -> Any:
    """Make `action` through the controls of the newest board (or the slash command when that
    is what a player would have to use), as the player whose turn it is."""
    snap = await snapshot(env, world.channel)
    actor = world.by_id(snap.waiting_for[0])
    board = last_board(world.channel)
    if isinstance(action, Deploy):
        if step == 0:  # the modal
            shown = await actor.click(board, label="Choose a square…")
            assert shown.modal is not None
            return await actor.submit_modal(shown, {"square": action.square.upper()})
        return await actor.slash(world.channel, "mf deploy", square=action.square)
    if isinstance(action, Move):
        if step % 2 and action.to in select_values(board, "move"):
            return await actor.select(board, [action.to], custom_id=pick_id(board, "move"))
        return await actor.slash(world.channel, "mf move", to=action.to)
    if isinstance(action, Smash):
        value = code(action)
        if step % 3 == 0:
            return await actor.slash(world.channel, "mf smash", target=action.target, throw_axe=action.throw_axe)
        return await actor.select(board, [value], custom_id=pick_id(board, "smash"))
    if isinstance(action, Stomp):
        return await actor.select(board, [action.target], custom_id=pick_id(board, "stomp"))
    if isinstance(action, Jump):
        value = code(action)
        if value in select_values(board, "jump"):
            return await actor.select(board, [value], custom_id=pick_id(board, "jump"))
        return await actor.slash(world.channel, "mf jump", to=action.to, target=action.target)
    if isinstance(action, DropItem):
        return await actor.select(board, [action.square], custom_id=pick_id(board, "drop"))
    if isinstance(action, Fury):
        return await actor.click(board, label="Strike again" if action.strike else "Hold back")
    if isinstance(action, UseHelmet):
        return await actor.click(board, label="Take it on the Helmet" if action.use else "Keep the Helmet")
    labels = {Recover: "Recover", Grab: "Grab the Item", EndActivation: "End activation"}
    if step % 5 == 4:
        names = {Recover: "mf recover", Grab: "mf grab", EndActivation: "mf end"}
        return await actor.slash(world.channel, names[type(action)])
    return await actor.click(board, label=labels[type(action)])


async def test_a_whole_fight_from_game_new_to_the_placings(simcord_env, world):
    await open_table(world)
    first = last_board(world.channel)
    assert first.attachments and first.attachments[0].filename == "board.png"
    assert first.embeds[0].image.url is None  # attached, shown about 550 px wide, not in the embed (400 px)
    assert "deploy your Orc" in first.content

    for step in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        if snap.status != "active":
            break
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        action = choose(legal, snap.public_view, player)
        result = await play(simcord_env, world, action, step)
        assert result.acknowledged
        assert applied(result), f"step {step}: {action!r} was refused: {answered_privately(result)}"
        after = await snapshot(simcord_env, world.channel)
        assert after.version == snap.version + 1, f"step {step}: {action!r} was not applied once"
        board = last_board(world.channel)
        assert board.embeds[0].footer.text == f"Game #{after.game_id} · move {after.version}"
    else:
        raise AssertionError(f"the fight did not end in {MAX_STEPS} moves")

    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    board = last_board(world.channel)
    assert "is over" in board.content
    fields = {f.name: f.value for f in board.embeds[0].fields}
    names = {s.player: s.name for s in final.seats}
    winner = names[final.outcome.placings[0][0]]
    assert fields["Placings"].splitlines()[0] == f"🥇 1st — {winner}"
    assert fields["Placings"].splitlines()[1].endswith(names[final.outcome.placings[1][0]])
    for feat, player in final.outcome.feats.items():
        assert f"🏅 {feat} — {names[player]}" in fields["Feats"]
    assert not board.components, "a finished game offers no buttons"
    assert await simcord_env.bot.table.replay_check(final.game_id)


def helmet_seeker(legal: list[Any], view: Any, player: str) -> Any:
    """`choose`, but an Orc first deploys near a Helmet, walks to it and grabs it."""
    helmets = [s for s, i in view.items.items() if i is Item.HELMET]
    me = next(o for o in view.orcs if o.player == player)
    if helmets and me.item is not Item.HELMET:
        if view.items.get(me.square) is Item.HELMET and Grab() in legal:
            return Grab()
        deploys = [a for a in legal if isinstance(a, Deploy)]
        if deploys:
            return min(deploys, key=lambda a: (min(distance(a.square, h) for h in helmets), a.square))
        moves = [a for a in legal if isinstance(a, Move)]
        if moves and me.square:
            best = min(moves, key=lambda a: (min(distance(a.to, h) for h in helmets), a.to))
            if min(distance(best.to, h) for h in helmets) < min(distance(me.square, h) for h in helmets):
                return best
    return choose(legal, view, player)


async def test_the_helmet_question_goes_to_the_wearer_and_is_answered_with_a_button(simcord_env, world,
                                                                                   monkeypatch):
    """000 III.2 Helmet ("can turn"): a Proper fightin' against a Helmet waits for its wearer,
    who answers with the buttons under the board (or /mf helmet); the attacker cannot answer."""
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    await open_table(world, 2)
    for _ in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        if any(isinstance(a, UseHelmet) for a in legal):
            break
        await simcord_env.bot.table.act(world.channel.id, player, helmet_seeker(legal, snap.public_view, player))
    else:
        raise AssertionError("no Proper fightin' ever met a Helmet")
    await world.alice.slash(world.channel, "game board")
    wearer = world.by_id(player)
    attacker = next(m for m in world.players[:2] if m is not wearer)
    board = last_board(world.channel)
    assert "Helmet" in (board.embeds[0].description or "") or "Helmet" in board.content
    refused = await attacker.click(board, label="Keep the Helmet")
    assert not applied(refused) and (await snapshot(simcord_env, world.channel)).version == snap.version
    typed = await wearer.slash(world.channel, "mf helmet", use=True) if snap.version % 2 else None
    clicked = typed or await wearer.click(board, label="Take it on the Helmet")
    assert applied(clicked), answered_privately(clicked)
    after = await snapshot(simcord_env, world.channel)
    assert after.version == snap.version + 1
    assert next(o for o in after.public_view.orcs if o.player == player).item is not Item.HELMET
    reactions.cancel(after.game_id)


async def test_a_move_names_the_squares_on_its_way(simcord_env, world):
    """000 III.4.2.1 Move, reading move-path: `/mf move to: via:` walks through the named square;
    a square that is not on the board is refused privately and changes nothing."""
    await open_table(world, 2)
    for _ in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        here = next(o.square for o in snap.public_view.orcs if o.player == player)
        twos = [a.to for a in legal if isinstance(a, Move) and here and distance(here, a.to) == 2]
        if twos:
            break
        await simcord_env.bot.table.act(world.channel.id, player, choose(legal, snap.public_view, player))
    else:
        raise AssertionError("no Orc ever had two squares to walk")
    mover = world.by_id(player)
    bad = await mover.slash(world.channel, "mf move", to=twos[0], via="z9")
    assert bad.ephemeral and "not a square" in answered_privately(bad)
    assert (await snapshot(simcord_env, world.channel)).version == snap.version
    taken = {o.square for o in snap.public_view.orcs if o.square}
    between = next(s for s in adjacent(here) if distance(s, twos[0]) == 1 and s not in taken
                   and snap.public_view.terrain.get(s) is None)
    walked = await mover.slash(world.channel, "mf move", to=twos[0], via=between)
    assert applied(walked), answered_privately(walked)
    after = await snapshot(simcord_env, world.channel)
    assert after.version == snap.version + 1 and after.public_view.highlight == [here, between, twos[0]]
