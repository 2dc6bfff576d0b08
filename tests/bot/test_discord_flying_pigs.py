"""A whole game of Flying Pigs through Discord, and the reaction clock.

The seed is fixed (discord_fixtures.SEED), so the Pigsty and every die are the same on each
run. Every action is chosen from the table's legal actions and made through the same
controls a player would use: menus, buttons and /fp commands in turn. The reaction timer is
set to an hour for the whole game (no clock must interfere) and to a blink in its own test.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    last_board,
    make_bot,
    pick_id,
    select_values,
    snapshot,
    world,
)

from bot.waits import reactions
from bot.app.client import EXTENSIONS, ZagjanBot
from rules.core.moves import code
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Deploy,
    Done,
    GreaseToss,
    MoveTo,
    MoveToward,
    React,
    Stance,
    TossPig,
)

MAX_STEPS = 600
COGS = ("bot.cogs.lifecycle", "bot.cogs.rules_guide", "bot.cogs.moves")


@pytest.fixture
def simcord_bot(make_bot: Any) -> ZagjanBot:
    return make_bot(extensions=COGS)


async def open_pigsty(world: World, players: int = 2) -> None:
    result = await world.alice.slash(world.channel, "game new", game="flying-pigs", brood="feral")
    assert applied(result), result.response.content
    for member in world.players[1:players]:
        result = await member.slash(world.channel, "game join", brood="iron")
        assert applied(result), result.response.content
    result = await world.alice.slash(world.channel, "game start")
    assert result.acknowledged and applied(result)


def choose(legal: list[Any], step: int) -> Any:
    """Use every reaction, place the Pig on various sides, walk toward a Pig or a point, grease,
    take an action; keep it moving. (With the fixtures' seed this game ends in about 120 moves.)"""
    for kind in (React, TossPig, Deploy):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[step % len(found)] if kind in (Deploy, TossPig) else found[0]
    towards = [a for a in legal if isinstance(a, MoveToward) and a.target.endswith("p")]
    if towards and step % 3 == 0:
        return towards[(step + 3) % len(towards)]
    points = [a for a in legal if isinstance(a, MoveTo)]
    if points and step % 3 == 1:
        return points[3 % len(points)]
    greases = [a for a in legal if isinstance(a, GreaseToss)]
    if greases and step % 2 == 0:
        return greases[0]
    stances = [a for a in legal if isinstance(a, ChooseStance)]
    if stances:
        wanted = [Stance.SHOVE, Stance.FIRE, Stance.SHOO][step % 3]
        return next((a for a in stances if a.stance is wanted), stances[0])
    return next(a for a in legal if isinstance(a, Done))


def menu(board: Any, name: str, action: Any) -> str | None:
    """The custom_id of the move's menu that lists this action: `name`, or one of its per-Orc
    menus (`name-a`, `name-b`) when one menu could not hold them all."""
    for kind in (name, f"{name}-a", f"{name}-b", f"{name}-c"):
        if code(action) in select_values(board, kind):
            return pick_id(board, kind)
    return None


async def play(world: World, actor: Any, action: Any, step: int) -> Any:
    board = last_board(world.channel)
    slash = step % 4 == 3
    if isinstance(action, React):
        if slash:
            return await actor.slash(world.channel, "fp react", use=action.use)
        return await actor.click(board, label="Use it" if action.use else "Let it pass")
    if isinstance(action, Deploy):
        found = menu(board, "deploy", action)
        if not slash and found:
            return await actor.select(board, [code(action)], custom_id=found)
        return await actor.slash(world.channel, "fp deploy", angle=action.angle)
    if isinstance(action, TossPig):
        if slash:
            sides = {} if action.side is None else {"side": action.side}
            return await actor.slash(world.channel, "fp toss", orc=action.orc, **sides)
        if action.side is not None:
            found = menu(board, "toss", action)
            assert found
            return await actor.select(board, [code(action)], custom_id=found)
        return await actor.click(board, label=f"Toss from Orc {action.orc}")
    if isinstance(action, MoveToward):
        found = menu(board, "toward", action)
        if not slash and found:
            return await actor.select(board, [code(action)], custom_id=found)
        return await actor.slash(world.channel, "fp toward", orc=action.orc, target=action.target)
    if isinstance(action, MoveTo):
        found = menu(board, "move", action)
        if not slash and found:
            return await actor.select(board, [code(action)], custom_id=found)
        return await actor.slash(world.channel, "fp move", orc=action.orc, x=action.x, y=action.y)
    if isinstance(action, GreaseToss):
        found = menu(board, "grease", action)
        if not slash and found:
            return await actor.select(board, [code(action)], custom_id=found)
        return await actor.slash(world.channel, "fp grease", orc=action.orc, target=action.target)
    if isinstance(action, ChooseStance):
        if slash:
            return await actor.slash(world.channel, "fp action", orc=action.orc, action=action.stance.value)
        return await actor.click(board, label=f"{action.orc}: {action.stance.label}")
    if slash:
        return await actor.slash(world.channel, "fp done")
    return await actor.click(board, label="Finish this step")


async def test_a_whole_game_from_game_new_to_the_placings(simcord_env, world, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    assert "bot.cogs.moves" in EXTENSIONS
    await open_pigsty(world)
    first = last_board(world.channel)
    assert first.attachments and first.attachments[0].filename == "board.png"
    reacted = 0
    for step in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        if snap.status != "active":
            break
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        action = choose(legal, step)
        reacted += isinstance(action, React)
        result = await play(world, world.by_id(player), action, step)
        assert result.acknowledged
        assert applied(result), f"step {step}: {action!r} was refused: {answered_privately(result)}"
        after = await snapshot(simcord_env, world.channel)
        assert after.version == snap.version + 1, f"step {step}: {action!r} was not applied once"
    else:
        raise AssertionError(f"the game did not end in {MAX_STEPS} actions")
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    board = last_board(world.channel)
    assert "is over" in board.content and not board.components
    assert await simcord_env.bot.table.replay_check(final.game_id)
    reactions.cancel(final.game_id)


async def _to_a_reaction(env: Any, world: World) -> Any:
    """Play on with legal moves until someone is offered a reaction (Shove or Fire it up!)."""
    await open_pigsty(world)
    for step in range(MAX_STEPS):
        snap = await snapshot(env, world.channel)
        assert snap.status == "active", "the game ended before any reaction came up"
        if any(p.default is not None for p in snap.prompts):
            return snap
        player = snap.waiting_for[0]
        action = choose(await env.bot.table.legal_actions(world.channel.id, player), step)
        await env.bot.table.act(world.channel.id, player, action)
    raise AssertionError("no reaction came up")


async def test_an_unanswered_reaction_gets_its_default_after_the_time_limit(simcord_env, world, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    snap = await _to_a_reaction(simcord_env, world)
    silent = next(p.player for p in snap.prompts if p.default is not None)
    task = reactions.schedule(simcord_env.bot, snap, seconds=0.01)
    assert task is not None
    await asyncio.wait_for(task, 10)
    await simcord_env.bot.boards.channel(world.channel.id).drained()  # the timer's board, posted in turn
    after = await snapshot(simcord_env, world.channel)
    assert after.version == snap.version + 1
    board = last_board(world.channel)
    name = next(s.name for s in snap.seats if s.player == silent)
    assert f"{name} did not answer in time" in (board.embeds[0].description or "")
    reactions.cancel(after.game_id)


async def test_an_answer_in_time_cancels_the_default(simcord_env, world, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "0.05")
    snap = await _to_a_reaction(simcord_env, world)
    silent = next(p.player for p in snap.prompts if p.default is not None)
    result = await world.by_id(silent).slash(world.channel, "fp react", use=False)
    assert applied(result)
    answered = await snapshot(simcord_env, world.channel)
    await asyncio.sleep(0.2)
    later = await snapshot(simcord_env, world.channel)
    assert later.version == answered.version == snap.version + 1  # the clock applied nothing more
    assert not await reactions.apply_default(simcord_env.bot, world.channel.id, snap.game_id, snap.version,
                                             silent, {"type": "react", "use": True})
    reactions.cancel(later.game_id)


async def test_autocomplete_offers_only_legal_orcs(simcord_env, world, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    await open_pigsty(world)
    snap = await snapshot(simcord_env, world.channel)
    while snap.public_view.phase.value != "pigtoss":
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        await simcord_env.bot.table.act(world.channel.id, player, legal[0])
        snap = await snapshot(simcord_env, world.channel)
    tosser = world.by_id(snap.waiting_for[0])
    offered = await tosser.autocomplete(world.channel, "fp toss", "orc", "")
    legal = await simcord_env.bot.table.legal_actions(world.channel.id, str(tosser.id))
    assert [c["value"] for c in offered] == list(dict.fromkeys(a.orc for a in legal))
    other = next(m for m in world.players[:2] if m is not tosser)
    assert await other.autocomplete(world.channel, "fp toss", "orc", "") == []


async def test_an_open_reaction_times_out_after_a_restart(simcord_env, world, make_bot, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    snap = await _to_a_reaction(simcord_env, world)
    old_bot = simcord_env.bot
    reactions.cancel(snap.game_id)
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "0.05")
    new_bot = make_bot(extensions=COGS)
    await simcord_env.restart_bot(new_bot)
    await old_bot.close()
    for _ in range(100):
        after = await snapshot(simcord_env, world.channel)
        if after.version > snap.version:
            break
        await asyncio.sleep(0.05)
    assert after.version > snap.version, "the restarted bot never applied the default"
    silent = next(s.name for s in snap.seats if s.player == next(p.player for p in snap.prompts if p.default))
    assert f"{silent} did not answer in time" in (last_board(world.channel).embeds[0].description or "")
    reactions.cancel(after.game_id)


async def test_a_move_with_turning_points_typed_in_discord(simcord_env, world, monkeypatch):
    """`/fp move via:` walks a path (000 I.5 Step 2, reading orc-paths); text that is not a point is
    refused privately and changes nothing."""
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    await open_pigsty(world)
    for step in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, snap.waiting_for[0])
        walks = [a for a in legal if isinstance(a, MoveTo)]
        if walks:
            break
        await simcord_env.bot.table.act(world.channel.id, snap.waiting_for[0], choose(legal, step))
    else:
        raise AssertionError("nobody came to walk")
    mover = world.by_id(snap.waiting_for[0])
    orc = next(m for m in snap.public_view.models if m.id == walks[0].orc)
    bad = await mover.slash(world.channel, "fp move", orc=orc.id, x=orc.x, y=orc.y, via="north a bit")
    assert bad.ephemeral and "is not a point" in answered_privately(bad)
    assert (await snapshot(simcord_env, world.channel)).version == snap.version
    end = (round((orc.x + walks[0].x) / 2, 2), round((orc.y + walks[0].y) / 2, 2))  # well clear of anything
    corner = (end[0], orc.y)
    typed = await mover.slash(world.channel, "fp move", orc=orc.id, x=end[0], y=end[1],
                              via=f"{corner[0]:g},{corner[1]:g}")
    after = await snapshot(simcord_env, world.channel)
    assert applied(typed) and after.version == snap.version + 1, answered_privately(typed)
    walked = [p for p in after.public_view.paths if p.model == orc.id][-1]
    assert walked.points[1] == pytest.approx(corner, abs=0.01) and walked.points[-1] == pytest.approx(end, abs=0.01)
    reactions.cancel(after.game_id)
