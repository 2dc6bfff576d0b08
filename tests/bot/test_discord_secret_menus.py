"""Secret choices by clicking (issue 40): an Orcz rank placed through one form of four menus of the
legal values, in the words of the player's own picture, with one confirm; the answered question
closed (no live control, the choice shown to its owner alone); a question the game left behind or
replaced closed too; at most two DM messages per secret choice; closed DMs: one click from the
board to the choice; a stranger's click refused; a doubled confirm counted once; and the same after
a restart. Orcz needs no bot code of its own: all of it comes from the moves its rules declare."""

from __future__ import annotations

import itertools
import logging
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    click_in_flight,
    current,
    live_controls,
    make_bot,
    select_values,
    simcord_bot,
    snapshot,
    world,
)
from test_discord_brood_rumble import CANNOT_DM, newest_board, newest_id, since, texts
from test_discord_orcz_humans import FORM, form_button, menus_of, secret_button

from bot.app.client import ZagjanBot
from bot.service.table import NOT_PLAYING, TurnResult
from bot.ui.answers import DONE
from bot.ui.dms import MOVED_ON, REPLACED
from rules.orcz.models import Place

WORDS = ("Grunt", "Cavalry", "Archer", "Champion", "Shaman")


async def orcz_table(world: World, *, closed: Any = None, env: Any = None) -> None:
    """Alice, Bob and Carol at an Orcz table (`closed`: a member whose DMs are closed), started."""
    if closed is not None:
        env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", **CANNOT_DM)
    await world.alice.slash(world.channel, "game new", game="orcz")
    for member in (world.bob, world.carol):
        assert applied(await member.slash(world.channel, "game join"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    await env.bot.boards.channel(world.channel.id).drained()


def question(env: Any, member: Any) -> Any:
    """The member's newest DM offering the "Place a rank…" form."""
    found = [m for m in since(env, member.user.dm_channel) if form_button(m)]
    assert found, f"{member.name} has no open question"
    return found[-1]


async def placer(env: Any, world: World) -> tuple[Any, list[Place]]:
    snap = await snapshot(env, world.channel)
    player = snap.waiting_for[0]
    legal = await env.bot.table.legal_actions(world.channel.id, player)
    return world.by_id(player), [a for a in legal if isinstance(a, Place)]


def chosen(place: Place) -> dict[str, list[str]]:
    return {"field": [place.field.value], "left": [place.left], "right": [place.right], "down": [place.down]}


async def test_a_rank_placed_by_four_menus_and_one_confirm_in_a_dm(simcord_env, world, caplog):
    caplog.set_level(logging.DEBUG, logger="zagjan")
    await orcz_table(world, env=simcord_env)
    actor, places = await placer(simcord_env, world)
    asked = question(simcord_env, actor)
    assert asked.content.startswith("**Orcz: Da Boardzgame** (#1) · Turn 1 of 3: ") and "Round 1: place a rank" in asked.content
    before = newest_id(simcord_env, actor.user.dm_channel)

    shown = await actor.user.click(asked, custom_id=form_button(asked))  # click 1: the form opens
    assert shown.modal is not None and shown.modal["title"] == "Place a rank"
    parts = shown.modal["components"]
    assert [p["type"] for p in parts] == [18, 18, 18, 18]  # four labelled menus, no text box
    assert [p["label"] for p in parts] == ["The Battlefield", "Your left card", "Your right card",
                                          "Which card goes face down"]
    labels = {p["component"]["custom_id"]: [o["label"] for o in p["component"]["options"]] for p in parts}
    assert all(label.split()[0] in WORDS for label in labels["left"])  # as the hand picture says: "Archer 1"
    assert labels["down"] == ["Left card face down", "Right card face down"]
    offered = menus_of(shown.modal)
    assert {p.left for p in places} == set(offered["left"])  # only values some legal placement has

    place = places[len(places) // 2]
    done = await actor.user.submit_modal(shown, chosen(place))  # the picks, then the confirm
    assert done.acknowledged and not [m for m in [done.response, *done.followups] if m is not None
                                      and m.content == DONE]
    snap = await snapshot(simcord_env, world.channel)
    assert snap.version == 1 and actor.name in " ".join(e.text for e in await simcord_env.bot.table.store.events(
        snap.game_id, viewer=None))

    closed = current(simcord_env, asked)  # the same message, edited: no live control, the choice shown
    assert not live_controls(closed)
    assert closed.content.startswith(asked.content)
    assert f"\n✅ You chose: **{place.field.value.capitalize()}: " in closed.content
    new = since(simcord_env, actor.user.dm_channel, before)
    assert len(new) <= 1 and "Face down on the" in texts(new)  # the private news: one message, no "Done"
    # Nothing of the choice reached the channel, the others' DMs or the bot's log.
    hidden = f"Face down on the {place.down}"
    assert hidden not in texts(since(simcord_env, world.channel))
    for other in world.players:
        if other is not actor:
            assert "You chose" not in texts(since(simcord_env, other.user.dm_channel))
    assert "form place" in caplog.text and "Face down" not in caplog.text
    assert f"left={place.left}" not in caplog.text and "You chose" not in caplog.text


async def test_a_combination_that_is_not_legal_is_refused_and_changes_nothing(simcord_env, world):
    await orcz_table(world, env=simcord_env)
    actor, places = await placer(simcord_env, world)
    asked = question(simcord_env, actor)
    shown = await actor.user.click(asked, custom_id=form_button(asked))
    offered = menus_of(shown.modal)
    lawful = {(p.field.value, p.left, p.right, p.down) for p in places}
    bad = next(c for c in itertools.product(*(offered[k] for k in ("field", "left", "right", "down")))
               if c not in lawful)
    refused = await actor.user.submit_modal(shown, dict(zip(("field", "left", "right", "down"),
                                                             ([v] for v in bad), strict=True)))
    text = answered_privately(refused)
    assert text.endswith("Nothing was changed: pick again.") and len(text) > len("Nothing was changed: pick again.")
    assert (await snapshot(simcord_env, world.channel)).version == 0
    assert live_controls(current(simcord_env, asked)), "the question stays open for another try"

    again = await actor.user.click(asked, custom_id=form_button(asked))
    assert applied(await actor.user.submit_modal(again, chosen(places[0])))
    assert (await snapshot(simcord_env, world.channel)).version == 1


async def test_a_doubled_confirm_counts_once(simcord_env, world):
    await orcz_table(world, env=simcord_env)
    actor, places = await placer(simcord_env, world)
    asked = question(simcord_env, actor)
    first = await actor.user.click(asked, custom_id=form_button(asked))
    second = await actor.user.click(asked, custom_id=form_button(asked))  # the form opened twice
    assert applied(await actor.user.submit_modal(first, chosen(places[0])))
    late = await actor.user.submit_modal(second, chosen(places[-1]))
    assert not applied(late) and "turn" in answered_privately(late)
    snap = await snapshot(simcord_env, world.channel)
    assert snap.version == 1
    moves = await simcord_env.bot.table.store.actions(snap.game_id)
    assert [m.player for m in moves] == [str(actor.id)]


async def test_a_question_answered_another_way_or_replaced_is_closed(simcord_env, world):
    await orcz_table(world, env=simcord_env)
    bot: ZagjanBot = simcord_env.bot
    actor, places = await placer(simcord_env, world)
    asked = question(simcord_env, actor)
    place = places[0]
    typed = await actor.slash(world.channel, "orcz place", field=place.field.value, left=place.left,
                              right=place.right, down=place.down)
    assert applied(typed)
    left = current(simcord_env, asked)  # answered by the command: the DM's question is closed
    assert not live_controls(left) and left.content.endswith(MOVED_ON)

    # The next placer is asked; a newer question for them (sent again, as a new question would be)
    # closes the older one, so their DMs hold one live question.
    snap = await snapshot(simcord_env, world.channel)
    nxt = world.by_id(snap.waiting_for[0])
    older = question(simcord_env, nxt)
    row = await bot.table.snapshot(world.channel.id)
    again = TurnResult(game_id=row.game_id, slug=row.slug, title=row.title, channel_id=row.channel_id,
                       version=row.version, seats=row.seats, public_events=[], private_events={},
                       public_view=row.public_view, prompts=row.prompts, waiting_for=row.waiting_for,
                       outcome=None, already_asked=[])
    await bot.show_move.offer_secrets(again)
    replaced = current(simcord_env, older)
    assert not live_controls(replaced) and replaced.content.endswith(REPLACED)
    newer = question(simcord_env, nxt)
    assert newer.id != older.id and live_controls(newer)
    live = [m for m in since(simcord_env, nxt.user.dm_channel) if live_controls(m)]
    assert [m.id for m in live] == [newer.id]


async def test_closed_dms_one_click_from_the_board_to_the_choice(simcord_env, world):
    await orcz_table(world, closed=world.bob, env=simcord_env)
    bot: ZagjanBot = simcord_env.bot
    for _ in range(3):  # up to Bob's placement, each by the menus in the DM
        actor, places = await placer(simcord_env, world)
        if actor is world.bob:
            break
        asked = question(simcord_env, actor)
        shown = await actor.user.click(asked, custom_id=form_button(asked))
        assert applied(await actor.user.submit_modal(shown, chosen(places[0])))
        await bot.boards.channel(world.channel.id).drained()
    assert actor is world.bob
    board = newest_board(simcord_env, world.channel)
    button = next(c for row in board.components for c in row.children if c.custom_id == secret_button(board))
    assert button.label == "Choose in secret (bob)"
    assert f"<@{world.bob.id}>, my direct messages do not reach you: “Choose in secret (bob)” below" in board.content
    stranger = await world.mod.click(board, custom_id=button.custom_id)
    assert answered_privately(stranger) == NOT_PLAYING
    other = await world.alice.click(board, custom_id=button.custom_id)
    assert answered_privately(other).startswith("This button is for bob, who is choosing in secret")

    shown = await world.bob.click(board, custom_id=button.custom_id)  # one click: the form, for him alone
    assert shown.modal is not None and set(menus_of(shown.modal)) == {"field", "left", "right", "down"}
    done = await world.bob.submit_modal(shown, chosen(places[0]))
    assert done.acknowledged and (await snapshot(simcord_env, world.channel)).version == 3
    private = [m.content for m in done.followups if m.ephemeral]
    assert any(t.startswith("✅ You chose: **") for t in private)
    assert all(m.ephemeral for m in done.followups)
    assert "You chose" not in texts(m for m in since(simcord_env, world.channel) if not m.flags.ephemeral)


async def test_dm_messages_per_secret_choice_over_an_orcz_round(simcord_env, world):
    """Each secret choice costs its player at most two DM messages: the question (then edited) and
    the private news of what they placed face down, with their picture."""
    await orcz_table(world, env=simcord_env)
    bot: ZagjanBot = simcord_env.bot
    start = {m.id: newest_id(simcord_env, m.user.dm_channel) for m in (world.alice, world.bob, world.carol)}
    choices = {m.id: 0 for m in (world.alice, world.bob, world.carol)}
    for _ in range(6):  # two rounds of three placements
        actor, places = await placer(simcord_env, world)
        asked = question(simcord_env, actor)
        shown = await actor.user.click(asked, custom_id=form_button(asked))
        assert applied(await actor.user.submit_modal(shown, chosen(places[-1])))
        await bot.boards.channel(world.channel.id).drained()
        choices[actor.id] += 1
    for member in (world.alice, world.bob, world.carol):
        sent = since(simcord_env, member.user.dm_channel, start[member.id])
        live = [m for m in sent if live_controls(m)]
        assert choices[member.id] == 2
        # this round's two choices, and the question of the next round that is waiting
        assert len(sent) - len(live) <= 2 * choices[member.id], [m.content[:60] for m in sent]
        assert len(live) <= 1 and all(FORM in c for m in live for c in live_controls(m) if "form" in c)


async def test_after_a_restart_an_old_question_still_answers_once(simcord_env, world, make_bot):
    await orcz_table(world, env=simcord_env)
    actor, places = await placer(simcord_env, world)
    asked = question(simcord_env, actor)
    old = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old.close()

    shown = await actor.user.click(asked, custom_id=form_button(asked))  # the new process reads the game
    assert shown.modal is not None and {p.left for p in places} == set(menus_of(shown.modal)["left"])
    assert applied(await actor.user.submit_modal(shown, chosen(places[0])))
    closed = current(simcord_env, asked)
    assert not live_controls(closed) and "✅ You chose: **" in closed.content
    late = await click_in_flight(actor.user, asked, form_button(asked))  # clicked before the edit arrived
    assert late.modal is None and "turn" in answered_privately(late)
    assert (await snapshot(simcord_env, world.channel)).version == 1



async def test_a_scout_sent_from_the_question_keeps_the_rank_to_place_asked(simcord_env, world):
    """The Scout (a move open at any time) sent from the DM's question: the same message shows what was
    chosen and asks for the rank still owed, with fresh controls; the look itself is private news."""
    await orcz_table(world, env=simcord_env)
    bot: ZagjanBot = simcord_env.bot
    actor, places = await placer(simcord_env, world)
    asked = question(simcord_env, actor)
    shown = await actor.user.click(asked, custom_id=form_button(asked))
    assert applied(await actor.user.submit_modal(shown, chosen(places[0])))
    await bot.boards.channel(world.channel.id).drained()

    nxt, places = await placer(simcord_env, world)
    asked = question(simcord_env, nxt)
    scout = next(c for c in live_controls(asked) if c.endswith(":scout"))
    [target] = select_values(asked, "scout")  # the one face-down card on the table
    looked = await nxt.user.select(asked, [target], custom_id=scout)
    assert applied(looked)
    again = current(simcord_env, asked)
    assert again.content.startswith(f"✅ You chose: **{actor.name}'s rank 1 at ")
    assert "Round 1: place a rank" in again.content
    assert any(c.endswith(FORM) for c in live_controls(again)) and not any(c.endswith(":scout")
                                                                         for c in live_controls(again))
    assert "Your Scout saw" in texts(since(simcord_env, nxt.user.dm_channel))
    shown = await nxt.user.click(again, custom_id=form_button(again))  # the rank, from the same message
    assert applied(await nxt.user.submit_modal(shown, chosen(places[0])))
    closed = current(simcord_env, asked)
    assert not live_controls(closed) and closed.content.count("✅ You chose: **") == 2


async def test_a_question_left_open_at_a_restart_is_still_closed_when_answered_another_way(simcord_env, world,
                                                                                         make_bot):
    await orcz_table(world, env=simcord_env)
    actor, places = await placer(simcord_env, world)
    asked = question(simcord_env, actor)
    old = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old.close()

    place = places[0]
    typed = await actor.slash(world.channel, "orcz place", field=place.field.value, left=place.left,
                              right=place.right, down=place.down)
    assert applied(typed)
    left = current(simcord_env, asked)  # the new process knew the old one's question, and closed it
    assert not live_controls(left) and left.content.endswith(MOVED_ON)
    nxt, _ = await placer(simcord_env, world)
    assert [m.id for m in since(simcord_env, nxt.user.dm_channel) if live_controls(m)] == [
        question(simcord_env, nxt).id]
