"""Orcz with four humans in Discord (issue 26): a whole 4-player game in which every rank is placed
through the private form — in each player's DMs, or, for Bob, whose DMs are closed, through the
private choice opened under the board — and every struggle or hold is a click on the board's
buttons; the share-outs are played through the table service and shown as any move is shown (so
every DM and private note still goes out). Then nothing
secret — a hand, a face-down card, a Slave total, what a Scout saw — may be found in any channel
message, board picture (or its description), log line (`/game log`, the bot's own logging) or other
player's DM (seed 003 L34-35, L112-120, L306-308)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    drained,
    World,
    applied,
    bot_db,
    current,
    custom_ids,
    live_controls,
    make_bot,
    simcord_bot,
    snapshot,
    untrue_past,
    world,
)
from test_discord_brood_rumble import CANNOT_DM, attachment_bytes, newest_board, since, texts

from bot.waits import reactions
from bot.app.client import ZagjanBot
from bot.ui.answers import DONE
from bot.ui.board import SECRET_PAYLOAD
from bot.ui.hand import HAND_FILE
from renderers import describe, render
from rules.core.dice import Dice
from rules.core.search import kind_first, picker
from rules.orcz import GAME
from rules.orcz.data import START_SLAVES
from rules.orcz.engine import TIMER_OPTION
from rules.orcz.models import AskKind, OrczState, Place, Scout

FORM = "form.orcz.place"
MARKERS = ("Face down on the", "Your Scout saw", "You now have")
"""The words only private news uses: a face-down card, a Scout's look, a Slave total."""


def form_button(message: Any) -> str | None:
    """The custom id of the "Place a rank…" button of a message (a DM, or an ephemeral answer whose
    components are still raw JSON)."""
    if message.components and isinstance(message.components[0], dict):
        ids = [c.get("custom_id", "") for row in message.components for c in row.get("components", [])]
    else:
        ids = custom_ids(message)
    return next((c for c in ids if c.endswith(FORM)), None)


def secret_button(board: Any) -> str:
    """The custom id of the board's button that opens a secret choice where only its player sees it."""
    return next(c for c in custom_ids(board) if c.endswith(f":{SECRET_PAYLOAD}"))


def menus_of(modal: Any) -> dict[str, list[str]]:
    """A form's menus (a Label around a Select each): custom id -> the values offered."""
    return {part["component"]["custom_id"]: [o["value"] for o in part["component"].get("options", [])]
            for part in modal["components"] if part.get("type") == 18 and part["component"].get("type") == 3}


async def place_by_form(env: Any, world: World, actor: Any, action: Place, *, dms_closed: bool) -> None:
    """Place `action` as a player does: the "Place a rank…" button in their DM (or, with DMs closed,
    the board's secret-choice button, which opens the same form at once), then the form's four menus
    and its confirm. The DM's question is then closed: no live control, the choice shown."""
    asked = None
    board_id = newest_board(env, world.channel).id
    if dms_closed:
        shown = await actor.click(newest_board(env, world.channel), custom_id=secret_button(
            newest_board(env, world.channel)))
        if shown.modal is None:  # beside the form, the choice holds a move open at any time (the Scout)
            assert shown.ephemeral
            asked = shown.response
            cid = form_button(asked)
            assert cid is not None, "the private choice offers the form"
            shown = await actor.click(asked, custom_id=cid)
    else:
        asked = next(m for m in reversed(since(env, actor.user.dm_channel)) if form_button(m))
        shown = await actor.user.click(asked, custom_id=form_button(asked))
    assert shown.modal is not None
    fields = {"field": action.field.value, "left": action.left, "right": action.right, "down": action.down}
    offered = menus_of(shown.modal)
    assert set(offered) == set(fields) and all(fields[k] in offered[k] for k in fields), "four menus, all legal"
    submitter = actor if dms_closed else actor.user
    before = await placed_by(env, world, actor)
    done = await submitter.submit_modal(shown, {k: [v] for k, v in fields.items()})
    assert done.acknowledged and await placed_by(env, world, actor) == before + 1  # (computers may move on)
    assert not any(m.content == DONE for m in [done.response, *done.followups] if m is not None)
    if dms_closed:  # what comes back to the placer in the channel is for their eyes only (the form's
        # answer acknowledges the board it was opened from, without changing it)
        assert all(m.ephemeral for m in done.followups)
        assert done.response is None or done.response.ephemeral or done.response.id == board_id
    if asked is not None:
        closed = current(env, asked)
        assert "You chose: **" in closed.content
        assert not [c for c in live_controls(closed) if c.endswith(FORM)]


async def placed_by(env: Any, world: World, actor: Any) -> int:
    """How many ranks `actor` has placed so far in the channel's game, by its log."""
    snap = await snapshot(env, world.channel)
    said = f"{snap.state.name_of(str(actor.id))} places rank "
    return sum(e.text.startswith(said) for e in await env.bot.table.store.events(snap.game_id, viewer=None))


async def no_picture(view: Any, recent: Any = ()) -> None:
    return None


async def posted_picture_is_public(env: Any, world: World, state: OrczState, player: str) -> None:
    """The newest board's picture and its description are drawn from the public view, not from
    `player`'s own (whatever lies face down); the Slaves are hidden on it."""
    board = newest_board(env, world.channel)
    png = await attachment_bytes(env, board)
    lines = board.embeds[0].description.split("\n")
    public_view, own_view = GAME.view(state, None), GAME.view(state, player)
    assert png == render(public_view, lines) != render(own_view, lines)
    alt = board.attachments[0].description or ""
    assert alt == describe(public_view, lines) != describe(own_view, lines)
    assert "Slaves hidden" in alt


async def private_news(bot: ZagjanBot, game_id: int, players: list[str]) -> dict[str, set[str]]:
    """What each player alone was told, from the store (their face-down cards, Scout, Slaves)."""
    private: dict[str, set[str]] = {}
    for p in players:
        private[p] = {e.text for e in await bot.table.store.events(game_id, viewer=p) if e.visible_to is not None}
        assert any(t.startswith("Face down on the") for t in private[p])
    return private


def channel_keeps_secrets(env: Any, world: World, everyone_private: set[str]) -> str:
    """No private news, no own picture and nothing secret in a picture's description in the
    channel's public messages; gives what they say."""
    public = [m for m in since(env, world.channel) if not m.flags.ephemeral]
    said = texts(public)
    for marker in MARKERS:
        assert marker not in said
    assert not any(text in said for text in everyone_private)
    assert not any(a.filename == HAND_FILE for m in public for a in m.attachments)
    assert not any(marker in (a.description or "") for m in public for a in m.attachments for marker in MARKERS)
    return said


async def log_keeps_secrets(member: Any, world: World, others: set[str]) -> None:
    """/game log, asked by `member`, shows none of `others` (the other players' private news)."""
    asked = await member.slash(world.channel, "game log", lines=100)
    shown = "\n".join((m.content or "") + "".join(e.description or "" for e in m.embeds)
                      for m in [asked.response, *asked.followups] if m is not None)
    assert not any(text in shown for text in others)


async def test_four_humans_place_in_private_and_no_secret_leaks(simcord_env, world, caplog, monkeypatch):
    caplog.set_level(logging.DEBUG, logger="zagjan")
    bot: ZagjanBot = simcord_env.bot
    simcord_env.inject_error("POST", f"/channels/{world.bob.user.dm_channel.id}/messages", **CANNOT_DM)
    await world.alice.slash(world.channel, "game new", game="orcz")
    for player in (world.bob, world.carol, world.dave):
        assert applied(await player.slash(world.channel, "game join"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    bob = str(world.bob.id)
    chooser = Dice(seed=5)
    by_form = by_button = scouted = 0
    checked_picture = False
    for step in range(2000):
        await drained(bot, world.channel.id)
        snap = await snapshot(simcord_env, world.channel)
        if snap.outcome is not None or snap.status != "active":
            break
        if step % 10 == 0:  # issue 40: one live board; no older message keeps controls or untrue words
            assert not untrue_past(world.channel), untrue_past(world.channel)[:3]
        state: OrczState = snap.state
        player = snap.waiting_for[0]
        actor = world.by_id(player)
        legal = await bot.table.legal_actions(world.channel.id, player)
        if state.ask is not None and state.ask.kind is AskKind.STRUGGLE:  # the board's buttons
            await drained(bot, world.channel.id)
            label = chooser.pick(["Struggle!", "Hold"], "struggle or hold")
            clicked = await actor.click(newest_board(simcord_env, world.channel), label=label)
            assert clicked.acknowledged and (await snapshot(simcord_env, world.channel)).version == snap.version + 1
            by_button += 1
            continue
        if state.ask is not None and state.ask.kind is AskKind.PLACE:
            if state.turn == 1 and state.round == 3 and scouted < 2:  # Bob (DMs closed) and another send their Scouts, out of turn
                scout_owner = [bob, next(p for p in state.players if p not in (bob, player))][scouted]
                scout = next(a for a in GAME.legal_actions(state, scout_owner) if isinstance(a, Scout))
                result = await bot.table.act(world.channel.id, scout_owner, scout)
                await bot.show_move(result)
                scouted += 1
                continue
            place = chooser.pick([a for a in legal if isinstance(a, Place)], "a rank")
            await place_by_form(simcord_env, world, actor, place, dms_closed=player == bob)
            by_form += 1
            if by_form == 6:  # the picture posted is the public view's, whatever lies face down
                await drained(bot, world.channel.id)
                after = await snapshot(simcord_env, world.channel)
                await posted_picture_is_public(simcord_env, world, after.state, player)
                checked_picture = True
                # The rest of the game is checked in words: the pictures from here on are not drawn
                # (each takes tens of milliseconds; their view is the public one, as just checked).
                monkeypatch.setattr(bot.painter, "render", no_picture)
            continue
        result = await bot.table.act(world.channel.id, player, kind_first(legal, picker(chooser)),
                                     expected_version=snap.version)
        await bot.show_move(result)
    await drained(bot, world.channel.id)
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    placed = sum(e.text.count(" places rank ") for e in await bot.table.store.events(final.game_id, viewer=None))
    assert by_form == placed >= 60 and by_button >= 1 and scouted == 2 and checked_picture

    private = await private_news(bot, final.game_id, final.state.players)
    assert any(t.startswith("Your Scout saw") for t in private[bob])
    everyone_private = set().union(*private.values())

    said = channel_keeps_secrets(simcord_env, world, everyone_private)
    # Bob's DMs are closed: his private news and choices reached him privately, never the channel, and
    # the channel holds no note about it (the live board said how to choose while he had to).
    assert "could not send a direct message" not in said

    # Each player's DMs: their own news only.
    for member in (world.alice, world.carol, world.dave):
        p = str(member.id)
        dms = since(simcord_env, member.user.dm_channel)
        assert dms and any(a.filename == HAND_FILE for m in dms for a in m.attachments)
        told = texts(dms)
        others = everyone_private - private[p]
        assert not any(text in told for text in others), [t for t in others if t in told]

    # The log: /game log for a player shows none of the others' news; the bot's own logging none at all.
    for member in world.players:
        await log_keeps_secrets(member, world, everyone_private - private[str(member.id)])
    for marker in MARKERS:
        assert marker not in caplog.text

    # issue 40: once over, the channel holds records and the final board, nothing live or untrue, and no
    # player's DMs hold a question still clickable
    assert not untrue_past(world.channel), untrue_past(world.channel)[:5]
    for member in world.players:
        assert not [live_controls(m) for m in member.user.dm_channel.history() if live_controls(m)]

    # Fewer than three Battlefields cleared: everybody loses, and the end says so without medals.
    end = newest_board(simcord_env, world.channel)
    fields = {f.name: f.value for f in end.embeds[0].fields}
    if not final.outcome.won:
        assert fields.get("Result", "").startswith("💀 Everybody loses")
        assert "🥇" not in texts([end])
    else:
        assert "🥇" in fields.get("Placings", "")


async def test_the_phrase_timer_lets_the_others_shout_gnorish_at_a_slow_placer(simcord_env, world, monkeypatch):
    """The optional timer (seed 003 L39-44, L50-54) as a table option: when the placer's time runs
    out (the bot's reaction timer applies the prompt's default), the others get the Gnorish! button
    under the board; a shout costs the slow Warlord a Slave and the rank is still owed."""
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    bot: ZagjanBot = simcord_env.bot
    await bot.table.new_game(world.channel.id, world.guild.id, str(world.alice.id), "alice", "orcz",
                             {TIMER_OPTION: True})
    for player in (world.bob, world.carol):
        assert applied(await player.slash(world.channel, "game join"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    await drained(bot, world.channel.id)
    snap = await snapshot(simcord_env, world.channel)
    slow = snap.waiting_for[0]
    [prompt] = snap.prompts
    assert prompt.player == slow and prompt.default == {"type": "time-up"}
    assert "Gnorish!" not in texts([newest_board(simcord_env, world.channel)])
    task = reactions.schedule(bot, snap, seconds=0.01)  # the time for the rank runs out
    assert task is not None
    await asyncio.wait_for(task, 10)
    await drained(bot, world.channel.id)
    late = await snapshot(simcord_env, world.channel)
    assert late.version == snap.version + 1 and late.state.late and late.waiting_for == [slow]
    board = newest_board(simcord_env, world.channel)
    assert "taking too long" in (board.embeds[0].description or "")
    shouter = next(m for m in world.players[:3] if str(m.id) != slow)
    refused = await world.by_id(slow).click(board, label="Gnorish!")  # not at oneself
    assert not applied(refused)
    shouted = await shouter.click(board, label="Gnorish!")
    assert applied(shouted)
    await drained(bot, world.channel.id)
    after = await snapshot(simcord_env, world.channel)
    assert after.state.warlord(slow).slaves == START_SLAVES - 1 and after.waiting_for == [slow]
    said = newest_board(simcord_env, world.channel).embeds[0].description or ""
    assert "Gnorish vor kladden" in said and "pays 1 Slave(s) to the pool" in said
    assert f"You now have {START_SLAVES - 1} Slaves" not in texts(since(simcord_env, world.channel))
    assert f"You now have {START_SLAVES - 1} Slaves" in texts(since(simcord_env, world.by_id(slow).user.dm_channel))
    assert [p.default for p in after.prompts] == [{"type": "time-up"}]  # the time runs again for the rank
    reactions.cancel(after.game_id)
