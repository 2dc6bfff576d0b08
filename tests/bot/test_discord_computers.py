"""Computer players in Discord: seated from the lobby (button and /seat computer), playing their
turns through the table service by themselves, in a standalone game and in a campaign.

The human's moves go through the table service (the same door as a click, tested game by game);
the lobby, the form, the computers' moves and every post are the real bot.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    last_board,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)

from bot.app.client import ZagjanBot
from rules.core.computer import Level, is_computer, level_of, new_computer
from rules.core.engine import Seat
from rules.core.dice import Dice
from rules.core.search import kind_first, picker


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pause before a computer's move, and a short search, so a whole game fits in a test."""
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")
    monkeypatch.setenv("ZAGJAN_COMPUTER_ITERATIONS", "6")


async def computers_done(bot: ZagjanBot, channel_id: int) -> None:
    """Wait until no computer is thinking or moving and the channel's posts are out."""
    for _ in range(10_000):
        await bot.boards.channel(channel_id).drained()
        pending = [t for t in bot.computer_moves.values() if not t.done()]
        campaigns = bot.get_cog("Campaigns")  # its scoreboards follow the boards
        chores = [t for t in (campaigns._chores if campaigns is not None else ()) if not t.done()]
        if not pending and not chores:
            return
        await asyncio.gather(*pending, *chores, return_exceptions=True)
    raise AssertionError("the computers never stopped")


async def play_with_computers(bot: ZagjanBot, channel_id: int, human: str, seed: int) -> Any:
    """The human plays random legal moves (a kind of move first, as self-play does) whenever asked;
    the computers play by themselves."""
    chooser = Dice(seed=seed)
    for _ in range(5000):
        await computers_done(bot, channel_id)
        snap = await bot.table.snapshot(channel_id)
        if snap.outcome is not None or snap.status != "active":
            return snap
        assert human in snap.waiting_for, f"nobody plays: waiting for {snap.waiting_for}"
        legal = await bot.table.legal_actions(channel_id, human)
        result = await bot.table.act(channel_id, human, kind_first(legal, picker(chooser)),
                                     expected_version=snap.version)
        await bot.show_move(result)
    raise AssertionError("the game did not end")


def lobby_message(world: Any) -> Any:
    return next(m for m in reversed(world.channel.history()) if m.components and m.embeds
                and "open" in (m.embeds[0].title or "") or m.components and m.embeds
                and "gathering" in (m.embeds[0].title or ""))


async def test_one_human_and_three_computers_play_masters_fight_to_the_end(simcord_env, world):
    bot = simcord_env.bot
    assert applied(await world.alice.slash(world.channel, "game new", game="masters-fight"))
    # a stranger's click on the lobby button is refused with a sentence
    refused = await world.bob.click(lobby_message(world), label="Add a computer player")
    assert answered_privately(refused) == "Only alice, who opened this table, seats computer players."
    shown = await world.alice.click(lobby_message(world), label="Add a computer player")
    # the level and the brood are chosen from menus, in words a player understands; the name may be left empty
    menus = {part["component"]["custom_id"]: part["component"] for part in shown.modal["components"]
             if part["type"] == 18 and part["component"]["type"] == 3}
    assert [o["label"] for o in menus["level"]["options"]] == ["Easy", "Normal"]
    assert [o["label"] for o in menus["pick"]["options"]] == ["Common Orcs", "Feral Orcs", "Iron Orcs"]
    assert applied(await world.alice.submit_modal(shown, {"name": "Grimgor", "level": ["normal"]}))
    assert applied(await world.alice.slash(world.channel, "seat computer", level="easy"))
    assert applied(await world.alice.slash(world.channel, "seat computer", name="Skarsnik", level="easy",
                                           brood="iron"))
    snap = await snapshot(simcord_env, world.channel)
    computers = [s for s in snap.seats if is_computer(s.player)]
    assert [s.name for s in computers] == ["Grimgor", "Grukk", "Skarsnik"]
    assert [level_of(s.player) for s in computers] == ["normal", "easy", "easy"]
    card = lobby_message(world).embeds[0]
    assert "🤖 Skarsnik (easy) takes a seat." in card.description
    seats = card.fields[0].value.splitlines()
    assert seats[0].startswith("👤 alice") and seats[1].startswith("🤖 Grimgor") and "computer, normal" in seats[1]
    assert "🤖 Skarsnik (Iron Orcs) — computer, easy" in seats

    assert applied(await world.alice.slash(world.channel, "game start"))
    final = await play_with_computers(bot, world.channel.id, str(world.alice.id), seed=3)
    assert final.outcome is not None
    assert sum(len(group) for group in final.outcome.placings) == 4
    assert "is over" in last_board(world.channel).content
    assert await bot.table.replay_check(final.game_id)  # every computer move is a logged action
    moves = await bot.table.store.actions(final.game_id)
    assert {a.player for a in moves} == {s.player for s in final.seats}  # everyone played, computers too
    # nothing was sent to a computer's (non-existent) DMs, and no mention of one was written
    assert not any("<@cpu-" in (m.content or "") for m in world.channel.history())


async def test_computer_seats_are_the_creators_to_give_and_take(simcord_env, world):
    assert applied(await world.alice.slash(world.channel, "game new", game="masters-fight"))
    refused = await world.bob.slash(world.channel, "seat computer")
    assert "Only alice" in answered_privately(refused)
    assert applied(await world.alice.slash(world.channel, "seat computer", name="Grimgor"))
    taken = await world.alice.slash(world.channel, "seat computer", name="grimgor")
    assert "already called" in answered_privately(taken)
    missing = await world.alice.slash(world.channel, "seat remove", name="Nobody")
    assert "no computer player called Nobody" in answered_privately(missing)
    assert applied(await world.alice.slash(world.channel, "seat remove", name="Grimgor"))
    assert len((await snapshot(simcord_env, world.channel)).seats) == 1
    # computers alone do not keep a table open
    assert applied(await world.alice.slash(world.channel, "seat computer"))
    assert applied(await world.alice.slash(world.channel, "game leave"))
    assert (await snapshot(simcord_env, world.channel)).status == "abandoned"


async def test_a_quick_campaign_with_two_computers_runs_through(simcord_env, world):
    # three players (000 Campaign Rules 3): Brood Rumble and That'll do Pigs cannot seat them, so the
    # quick campaign plays Flying Pigs, then Masters' Fight or Timber! by the players' choice, then Road Rage
    bot = simcord_env.bot
    assert applied(await world.alice.slash(world.channel, "campaign new", kind="quick", brood="feral"))
    shown = await world.alice.click(lobby_message(world), label="Add a computer player")
    assert applied(await world.alice.submit_modal(shown, {"name": "", "level": ["normal"]}))
    assert applied(await world.alice.slash(world.channel, "seat computer", level="easy"))
    info = await bot.get_cog("Campaigns").service.current(world.channel.id)
    assert len(info.data.members) == 3 and all(m.brood for m in info.data.members)
    assert applied(await world.alice.slash(world.channel, "campaign start"))
    human = str(world.alice.id)
    played, finals = [], []
    for game in range(1, 4):
        await computers_done(bot, world.channel.id)
        vote = next((m for m in reversed(world.channel.history()) if m.components and "🗳️" in (m.content or "")),
                    None)
        campaigns = bot.get_cog("Campaigns").service
        if vote is not None and (await campaigns.current(world.channel.id)).data.vote is not None:
            # 000 Campaign Rules 2 (reading "vote"): the computers go along with the humans, so alice's
            # choice alone is the agreement
            label = vote.components[0].children[0].label
            assert applied(await world.alice.click(vote, label=label))
        final = await play_with_computers(bot, world.channel.id, human, seed=game)
        assert final.outcome is not None and final.campaign_id == info.id
        played.append(final.game_id)
        finals.append(final)
        await computers_done(bot, world.channel.id)
        if game < 3:
            assert applied(await world.alice.slash(world.channel, "campaign next"))
    info = await bot.get_cog("Campaigns").service.current(world.channel.id)
    assert info.status == "finished" and info.data.campaign is not None
    totals = info.data.campaign.totals()
    assert set(totals) == {m.player for m in info.data.members}
    assert sum(totals.values()) >= 3 * (3 + 2 + 1)  # every game scored, computers included
    assert info.data.campaign.schedule[0] == "flying-pigs" and info.data.campaign.schedule[2] == "road-rage"
    # the War Cry holders of games 2 and 3 answer its windows themselves, computers too (who holds it
    # depends on how the games went; a computer holder is also tested on its own, below)
    holders = {p for f in finals if f.state.war_cry is not None for p in f.state.war_cry.uses if is_computer(p)}
    answers = [a for game_id in played for a in await bot.table.store.actions(game_id)
               if is_computer(a.player) and ('"war-cry"' in a.action_json or '"let-it-stand"' in a.action_json)]
    assert {a.player for a in answers} == holders


async def test_a_computer_holding_the_war_cry_answers_its_window_itself(simcord_env, world):
    # 000 Campaign Rules 6: the deployment Initiative opens a window for the computer holding the War Cry,
    # and it decides alone, from the faces that landed
    bot = simcord_env.bot
    computer, name = new_computer(Level.NORMAL, [], [])
    seats = [Seat(player=str(world.alice.id), name=world.alice.name, pick="common", colour=0),
             Seat(player=computer, name=name, pick="iron", colour=1)]
    result = await bot.table.start_seated(world.channel.id, world.guild.id, "masters-fight", seats,
                                          {"war_cry": [computer]})
    assert result.waiting_for == [computer] and "War Cry" in result.prompts[0].text
    await bot.show_move(result)
    await computers_done(bot, world.channel.id)
    first = (await bot.table.store.actions(result.game_id))[0]
    assert first.player == computer and ('"war-cry"' in first.action_json or '"let-it-stand"' in first.action_json)
    assert await bot.table.replay_check(result.game_id)


async def test_a_computer_whose_turn_it_was_plays_after_a_restart(simcord_env, world, make_bot, monkeypatch):
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "3600")  # the first bot stops before its computer moves
    bot = simcord_env.bot
    assert applied(await world.alice.slash(world.channel, "game new", game="masters-fight"))
    assert applied(await world.alice.slash(world.channel, "seat computer", level="easy"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    human, chooser = str(world.alice.id), random.Random(1)
    snap = await snapshot(simcord_env, world.channel)
    while human in snap.waiting_for:
        legal = await bot.table.legal_actions(world.channel.id, human)
        await bot.show_move(await bot.table.act(world.channel.id, human, chooser.choice(legal), expected_version=snap.version))
        snap = await snapshot(simcord_env, world.channel)
    assert is_computer(snap.waiting_for[0]) and bot.computer_moves  # it is waiting out its pause
    await bot.boards.channel(world.channel.id).drained()
    assert "is thinking…" in last_board(world.channel).content
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")
    new_bot = make_bot()
    await simcord_env.restart_bot(new_bot)
    await computers_done(new_bot, world.channel.id)
    after = await new_bot.table.snapshot(world.channel.id)
    assert after.version > snap.version and not any(is_computer(p) for p in after.waiting_for)


async def test_a_computer_makes_its_secret_brood_rumble_choices_itself(simcord_env, world):
    # seed 000 II.4.3: attacks are chosen in secret; a computer's are chosen by itself, never by DM
    bot = simcord_env.bot
    assert applied(await world.alice.slash(world.channel, "game new", game="brood-rumble"))
    assert applied(await world.alice.slash(world.channel, "seat computer", name="Gorbag", level="easy"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    final = await play_with_computers(bot, world.channel.id, str(world.alice.id), seed=4)
    assert final.outcome is not None
    moves = await bot.table.store.actions(final.game_id)
    kinds = {(is_computer(a.player), a.action_json.split('"type":"')[1].split('"')[0]) for a in moves}
    assert (True, "attack") in kinds and (True, "defence") in kinds
    assert await bot.table.replay_check(final.game_id)
