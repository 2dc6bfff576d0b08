"""Goblin Warlords in Discord (issue 43), with no bot code of its own: its battles' secret strategies
(seed 002 L94-99), chosen by DM at the same moment by both sides, or under the board by a player whose
DMs are closed, or left to the reaction timer by a player who is away (the guide's default: Mindless
Charge); the hands (reading a6: units, gold, captives) and a spy's peek (L41, house set b7) reaching
their owner alone; and a whole game of one human and two computers from `/game new` to the placings.

Where a secret could leak is read from everything the bot sent Discord, in order (`sent`: every
message, edit, interaction answer and picture description, with who may read it), so "before both
are in" is checked on what was really sent before the reveal, whatever order the two clicks of one
moment were served in. The moves before the first battle are played through the table service with
a seeded policy (no boards: fast); the battle's own are clicks.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world, quiet_timers are fixtures)
    drained,
    quiet_timers,
    World,
    answered_privately,
    applied,
    bot_db,
    click_in_flight,
    current,
    custom_ids,
    live_controls,
    make_bot,
    simcord_bot,
    snapshot,
    untrue_past,
    world,
)
from test_discord_brood_rumble import CANNOT_DM, attachment_bytes, newest_board, since
from test_discord_orcz import computers_done
from test_discord_orcz_humans import log_keeps_secrets, no_picture, secret_button

from bot.app.client import ZagjanBot
from bot.service.table import NOT_PLAYING, Snapshot
from bot.ui.board import SECRET_LABEL
from bot.ui.hand import HAND_FILE, HAND_LABEL
from bot.waits import reactions
from renderers import describe, render
from rules.core.dice import Dice
from rules.core.moves import Reading
from rules.core.search import kind_first, picker
from rules.core.selfplay import kind_first_policy
from rules.goblin_warlords import GAME, READINGS
from rules.goblin_warlords.moves import battle_brief
from rules.goblin_warlords.models import AskKind, ChooseStrategy, GoblinState, SpyEffect, Strategy, UseSpy

CHOICES = {Strategy.CHARGE: "Mindless Charge", Strategy.CAREFUL: "Careful Advance (or Defence)",
           Strategy.CLEVER: "Clever Strategy"}
"""The strategy buttons' labels (`rules.goblin_warlords.moves`)."""
STRATEGY_WORDS = ("mindless charge", "careful advance", "clever strategy", "careful defence")
REVEALED = "Strategies revealed"
REPORT = "Your spy reports"
"""How a spy's peek is told to its sender (his private news)."""


pytestmark = pytest.mark.usefixtures("quiet_timers")


async def open_table(world: World, members: list[Any]) -> None:
    """The first member opens a Goblin Warlords table, the others join, the first starts it."""
    assert applied(await members[0].slash(world.channel, "game new", game="goblin-warlords"))
    for member in members[1:]:
        assert applied(await member.slash(world.channel, "game join"))
    assert applied(await members[0].slash(world.channel, "game start"))


def battle_of_two(state: GoblinState) -> bool:
    return state.ask is not None and state.ask.kind is AskKind.STRATEGY and len(state.ask.players) == 2


async def play_until(env: Any, world: World, stop: Any, seed: int = 1, steps: int = 3000) -> Snapshot:
    """Seeded legal moves through the table service (no boards) until the move after which `stop(state)`
    holds; that move is shown as every move is (the board, the DMs, the secret questions)."""
    bot: ZagjanBot = env.bot
    chooser = Dice(seed=seed)
    for _ in range(steps):
        snap = await snapshot(env, world.channel)
        player = snap.waiting_for[0]
        action = kind_first_policy(GAME, snap.state, player, await bot.table.legal_actions(world.channel.id, player),
                                   chooser)
        result = await bot.table.act(world.channel.id, player, action)
        if stop(GAME.apply(snap.state, player, action).state):
            await bot.show_move(result)
            await drained(bot, world.channel.id)
            return await snapshot(env, world.channel)
    raise AssertionError(f"the game never reached {stop.__name__}")


def strategy_dm(env: Any, member: Any) -> Any:
    """The newest DM asking `member` for a battle strategy."""
    found = [m for m in since(env, member.user.dm_channel) if any(":strategy." in c for c in custom_ids(m))]
    assert found, f"{member.name} was not asked for a strategy by DM"
    return found[-1]


def choice_id(message: Any, strategy: Strategy) -> str:
    """The custom id of a strategy's button in a DM, or in an ephemeral answer (whose rows are raw JSON)."""
    value = strategy.value.replace(" ", "+")
    return next(c for c in live_controls(message) if c.endswith(f":strategy.{value}"))


# -- everything the bot sent, with who may read it -------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """One request the bot made to Discord that shows something: to whom ("everyone", or one player's
    id), its words (content, embeds, picture descriptions) and its controls' labels."""

    audience: str
    words: str
    labels: str


def _words(payload: dict[str, Any]) -> tuple[str, str]:
    data = payload.get("data", payload) if isinstance(payload.get("data"), dict) else payload
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text", "")]
        parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields") or []]
    parts += [a.get("description") or "" for a in data.get("attachments") or []]
    labels = [c.get("label") or "" for row in data.get("components") or [] for c in row.get("components", [])]
    labels += [o.get("label") or "" for row in data.get("components") or [] for c in row.get("components", [])
               for o in c.get("options", [])]
    return "\n".join(parts), "\n".join(labels)


def sent(env: Any, world: World, after: int = 0) -> list[Sent]:
    """What the bot sent from its `after`-th request on. A channel message is everyone's; a DM its
    owner's; an interaction's answer its clicker's when it is ephemeral (or answers a click in a DM),
    else everyone's (a board edited by a click)."""
    clicks: dict[str, tuple[str, str]] = {}  # interaction id -> (channel id, clicker id)
    for kind, name, payload in env.backend.transcript:
        if kind == "GATEWAY" and name == "INTERACTION_CREATE" and isinstance(payload, dict):
            user = (payload.get("member") or {}).get("user") or payload.get("user") or {}
            clicks[str(payload["id"])] = (str(payload.get("channel_id")), str(user.get("id")))
    owners = {str(m.user.dm_channel.id): str(m.id) for m in [*world.players, world.mod] if m.user.dm_channel}
    private: set[str] = set()  # interactions whose first answer was ephemeral
    out = []
    for request in env.http_requests[after:]:
        payload = request.json if isinstance(request.json, dict) else {}
        parts = request.path.strip("/").split("/")
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            audience = owners.get(parts[1], "everyone")
        elif parts[0] in ("interactions", "webhooks"):
            interaction = parts[1] if parts[0] == "interactions" else parts[2].rpartition("_")[2]
            channel, clicker = clicks.get(interaction, ("", ""))
            flags = (payload.get("data") or payload).get("flags", 0) if isinstance(payload.get("data") or payload,
                                                                                 dict) else 0
            if flags & 64:
                private.add(interaction)
            followup = parts[0] == "webhooks" and request.method == "POST"
            mine = channel in owners or (flags & 64) or (interaction in private and not followup)
            audience = clicker if mine else "everyone"
        else:
            continue
        words, labels = _words(payload)
        if words.strip() or labels.strip():
            out.append(Sent(audience, words, labels))
    return out


def strategy_words(text: str) -> list[str]:
    return [w for w in STRATEGY_WORDS if w in text.casefold()]


def until_revealed(messages: list[Sent]) -> tuple[list[Sent], list[Sent]]:
    """The messages sent before the strategies were revealed, and from then on (the reveal is there)."""
    at = next((k for k, m in enumerate(messages) if REVEALED in m.words), None)
    assert at is not None, "the strategies were never revealed"
    return messages[:at], messages[at:]


def nothing_before_the_reveal(before: list[Sent], question: str, chosen: dict[str, Strategy]) -> None:
    """Before the reveal: nothing everyone reads names a strategy (words or controls); a player's own
    messages name no strategy but the one they chose (the question itself lists the three, and its
    buttons are the three)."""
    for message in before:
        words = message.words.replace(question, "")
        if message.audience == "everyone":
            assert not strategy_words(words) and not strategy_words(message.labels), message
            continue
        theirs = {s.value for p, s in chosen.items() if p != message.audience}
        assert not theirs & set(strategy_words(words)), message


# -- the battle ------------------------------------------------------------------------------------------------


async def test_both_sides_choose_by_dm_at_the_same_moment_and_neither_choice_shows_before_both_are_in(
        simcord_env, world, caplog):
    caplog.set_level(logging.DEBUG, logger="zagjan")
    bot: ZagjanBot = simcord_env.bot
    await open_table(world, [world.alice, world.bob])
    snap = await play_until(simcord_env, world, battle_of_two)
    alice, bob = str(world.alice.id), str(world.bob.id)
    assert set(snap.waiting_for) == {alice, bob} and all(p.secret for p in snap.prompts)
    board = newest_board(simcord_env, world.channel)
    assert f"<@{alice}> is choosing in secret" in board.content and f"<@{bob}> is choosing in secret" in board.content
    assert not any(":strategy." in c for c in custom_ids(board))  # the choice is never a board button
    asked = {member: strategy_dm(simcord_env, member) for member in (world.alice, world.bob)}
    assert all([c.label for row in dm.components for c in row.children] == list(CHOICES.values())
               for dm in asked.values())
    table = GAME.view(snap.state, None)  # the question says who stands there, from the table's view
    brief = battle_brief(table, Reading(table, {s.player: s.name for s in snap.seats}))
    assert brief is not None and "alice: power" in brief and "bob: power" in brief
    assert all(brief in dm.content for dm in asked.values())

    start = len(simcord_env.http_requests)
    chosen = {alice: Strategy.CLEVER, bob: Strategy.CAREFUL}
    first, second = await asyncio.gather(  # one moment: the second click is sent before the first is served
        world.alice.user.click(asked[world.alice], custom_id=choice_id(asked[world.alice], Strategy.CLEVER)),
        click_in_flight(world.bob.user, asked[world.bob], choice_id(asked[world.bob], Strategy.CAREFUL)))
    assert applied(first) and applied(second)
    await drained(bot, world.channel.id)

    moves = (await bot.table.store.actions(snap.game_id))[snap.version:]
    assert sorted((m.player, json.loads(m.action_json)["strategy"]) for m in moves[:2]) == sorted(
        (p, s.value) for p, s in chosen.items())  # each counted once, neither refused as stale
    before, after = until_revealed(sent(simcord_env, world, start))
    nothing_before_the_reveal(before, snap.prompts[0].text, chosen)
    assert any("has chosen a strategy" in m.words for m in before if m.audience == "everyone")  # a board between
    reveal = next(m.words for m in after if REVEALED in m.words)
    assert "alice Clever Strategy" in reveal and "bob Careful Advance" in reveal
    assert next(m for m in after if REVEALED in m.words).audience == "everyone"
    for member, strategy in ((world.alice, Strategy.CLEVER), (world.bob, Strategy.CAREFUL)):
        closed = current(simcord_env, asked[member])  # each question closed, its owner's choice shown
        assert not live_controls(closed) and f"✅ You chose: **{CHOICES[strategy]}**" in closed.content
    assert not strategy_words(caplog.text)  # the bot's own logging
    assert not untrue_past(world.channel)


async def test_with_closed_dms_the_second_side_chooses_under_the_board_and_learns_nothing_first(
        simcord_env, world, caplog):
    caplog.set_level(logging.DEBUG, logger="zagjan")
    bot: ZagjanBot = simcord_env.bot
    simcord_env.inject_error("POST", f"/channels/{world.bob.user.dm_channel.id}/messages", **CANNOT_DM)
    await open_table(world, [world.alice, world.bob])
    snap = await play_until(simcord_env, world, battle_of_two)
    alice, bob = str(world.alice.id), str(world.bob.id)
    board = newest_board(simcord_env, world.channel)
    assert f"<@{bob}>, my direct messages do not reach you: “{SECRET_LABEL}” below opens" in board.content
    assert not since(simcord_env, world.bob.user.dm_channel)
    start = len(simcord_env.http_requests)

    # (bob chose Clever Strategy against rebels earlier in this seeded game: his own news says so)
    asked = strategy_dm(simcord_env, world.alice)
    assert applied(await world.alice.user.click(asked, custom_id=choice_id(asked, Strategy.CAREFUL)))
    await drained(bot, world.channel.id)
    half = await snapshot(simcord_env, world.channel)
    assert half.waiting_for == [bob] and half.state.battles[0].chosen == {alice: Strategy.CAREFUL}

    # The board's picture and its description are the table's, the same whichever strategy alice chose.
    board = newest_board(simcord_env, world.channel)
    lines = (board.embeds[0].description or "").split("\n")
    views = [GAME.view(GAME.apply(snap.state, alice, ChooseStrategy(strategy=s)).state, None) for s in CHOICES]
    assert len({render(v) for v in views}) == 1 and len({describe(v, lines) for v in views}) == 1
    assert await attachment_bytes(simcord_env, board) == render(views[0])
    assert board.attachments[0].description == describe(views[0], lines)
    assert "alice has chosen a strategy" in (board.embeds[0].description or "")
    # /game log: alice reads her own choice; bob and an onlooker do not. Bob's own picture holds none of it.
    assert "You chose Careful Advance" in answered_privately(await world.alice.slash(world.channel, "game log"))
    await log_keeps_secrets(world.bob, world, {"You chose Careful Advance"})
    await log_keeps_secrets(world.mod, world, {"You chose Careful Advance"})
    hand = await world.bob.click(board, label=HAND_LABEL)
    assert hand.ephemeral and await attachment_bytes(simcord_env, hand.response) == render(GAME.view(half.state, bob))
    assert answered_privately(await world.mod.click(board, label=HAND_LABEL)) == NOT_PLAYING

    # Bob opens his choice under the board, where only he sees it, and chooses: both are revealed.
    opened = await world.bob.click(board, custom_id=secret_button(board))
    assert opened.ephemeral and not strategy_words(opened.response.content.replace(half.prompts[0].text, ""))
    chosen = await world.bob.click(opened.response, custom_id=choice_id(opened.response, Strategy.CLEVER))
    assert chosen.acknowledged and (await snapshot(simcord_env, world.channel)).version > half.version
    assert all(m.ephemeral for m in chosen.followups)  # his news comes back to him alone, with DMs closed
    assert "You chose Clever Strategy" in "\n".join(m.content or "" for m in chosen.followups)
    await drained(bot, world.channel.id)
    before, after = until_revealed(sent(simcord_env, world, start))
    nothing_before_the_reveal(before, snap.prompts[0].text, {alice: Strategy.CAREFUL, bob: Strategy.CLEVER})
    assert any("alice Careful Advance, bob Clever Strategy" in m.words or
               "bob Clever Strategy, alice Careful Advance" in m.words for m in after if m.audience == "everyone")
    assert not since(simcord_env, world.bob.user.dm_channel)
    assert not strategy_words(caplog.text)


async def test_a_player_away_from_a_battle_charges_mindlessly_when_the_time_runs_out(simcord_env, world):
    # the guide's reading for an absent player: the reaction timer applies the strategy stage's default
    assert "Mindless Charge" in READINGS["default-strategy"]
    bot: ZagjanBot = simcord_env.bot
    await open_table(world, [world.alice, world.bob])
    await play_until(simcord_env, world, battle_of_two)
    asked = strategy_dm(simcord_env, world.alice)
    assert applied(await world.alice.user.click(asked, custom_id=choice_id(asked, Strategy.CLEVER)))
    await drained(bot, world.channel.id)
    snap = await snapshot(simcord_env, world.channel)
    [prompt] = snap.prompts
    bob = str(world.bob.id)
    assert prompt.player == bob and prompt.default == ChooseStrategy(strategy=Strategy.CHARGE).model_dump()
    task = reactions.schedule(bot, snap, seconds=0.01)  # bob's time runs out
    assert task is not None
    await asyncio.wait_for(task, 10)
    await drained(bot, world.channel.id)
    after = await snapshot(simcord_env, world.channel)
    assert after.version > snap.version
    said = "\n".join(m.words for m in sent(simcord_env, world) if m.audience == "everyone")
    assert "bob did not answer in time" in said
    assert "alice Clever Strategy, bob Mindless Charge" in said or "bob Mindless Charge, alice Clever Strategy" in said
    reactions.cancel(after.game_id)


# -- hands and spies -------------------------------------------------------------------------------------------


def peek_open(state: GoblinState) -> bool:
    """A human may send a spy to look into another's hand now."""
    return any(isinstance(a, UseSpy) and a.effect is SpyEffect.PEEK
               for p in GAME.waiting_for(state) for a in GAME.legal_actions(state, p))


async def test_hands_reach_their_owner_alone_and_a_spys_peek_its_sender_alone(simcord_env, world):
    # reading a6 (the hand: units, gold, captives), L41 and house set b7 (the peek)
    bot: ZagjanBot = simcord_env.bot
    members = [world.alice, world.bob, world.carol]
    await open_table(world, members)
    snap = await play_until(simcord_env, world, peek_open)
    spymaster = next(p for p in snap.waiting_for if any(
        isinstance(a, UseSpy) and a.effect is SpyEffect.PEEK for a in GAME.legal_actions(snap.state, p)))
    peek = next(a for a in GAME.legal_actions(snap.state, spymaster)
                if isinstance(a, UseSpy) and a.effect is SpyEffect.PEEK)
    sender, target = world.by_id(spymaster), world.by_id(peek.player or "")
    start = len(simcord_env.http_requests)
    dms = {m.id: len(since(simcord_env, m.user.dm_channel)) for m in members}
    await bot.show_move(await bot.table.act(world.channel.id, spymaster, peek))
    await drained(bot, world.channel.id)
    after = await snapshot(simcord_env, world.channel)

    saw = [m for m in sent(simcord_env, world, start) if REPORT in m.words]
    assert saw and all(m.audience == spymaster for m in saw)  # the sender's DM, nobody else's, never the channel
    told = since(simcord_env, sender.user.dm_channel)[dms[sender.id]:]
    assert any(REPORT in (m.content or "") for m in told)
    picture = next(m for m in reversed(told) if m.attachments and m.attachments[0].filename == HAND_FILE)
    assert await attachment_bytes(simcord_env, picture) == render(GAME.view(after.state, spymaster)) != render(
        GAME.view(after.state, None))
    for member in members:
        if member is not sender:
            assert not any(REPORT in (m.content or "") for m in since(simcord_env, member.user.dm_channel))
            await log_keeps_secrets(member, world, {f"{REPORT} {target.name}"})

    # Every hand picture went to its owner's DM only, drawn from their own view; the channel has none.
    everything = sent(simcord_env, world)
    assert not [m for m in since(simcord_env, world.channel) if not m.flags.ephemeral
                for a in m.attachments if a.filename == HAND_FILE]
    for member in members:
        pictures = [m for m in since(simcord_env, member.user.dm_channel) for a in m.attachments if a.filename == HAND_FILE]
        assert pictures, f"{member.name} never got their own picture"
    own = {p: GAME.own_lines(GAME.view(after.state, p)) for p in after.state.players}
    for player, lines in own.items():  # nobody else's hand in words, anywhere anyone else reads
        assert not [m for m in everything if m.audience != player and lines[0] in m.words]
    board = newest_board(simcord_env, world.channel)
    mine = await target.click(board, label=HAND_LABEL)  # the hand button shows each their own
    assert mine.ephemeral and await attachment_bytes(simcord_env, mine.response) == render(
        GAME.view((await snapshot(simcord_env, world.channel)).state, str(target.id)))


# -- a whole game ----------------------------------------------------------------------------------------------


async def test_one_human_and_two_computers_play_a_whole_game_to_the_placings(simcord_env, world, monkeypatch):
    bot: ZagjanBot = simcord_env.bot
    assert applied(await world.alice.slash(world.channel, "game new", game="goblin-warlords"))
    for level in ("easy", "normal"):
        assert applied(await world.alice.slash(world.channel, "seat computer", level=level))
    assert applied(await world.alice.slash(world.channel, "game start"))
    await computers_done(bot, world.channel.id)
    assert newest_board(simcord_env, world.channel).attachments  # the first boards are drawn...
    monkeypatch.setattr(bot.painter, "render", no_picture)  # ...the rest of the game is checked in words
    human = str(world.alice.id)
    chooser = Dice(seed=3)
    for _ in range(3000):
        await computers_done(bot, world.channel.id)
        snap = await snapshot(simcord_env, world.channel)
        if snap.outcome is not None or snap.status != "active":
            break
        assert snap.waiting_for == [human]
        legal = await bot.table.legal_actions(world.channel.id, human)
        result = await bot.table.act(world.channel.id, human, kind_first(legal, picker(chooser)),
                                     expected_version=snap.version)
        await bot.show_move(result)
    else:
        raise AssertionError("the game did not end")
    await drained(bot, world.channel.id)
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    end = newest_board(simcord_env, world.channel)
    fields = {f.name: f.value for f in end.embeds[0].fields}
    assert "🥇" in fields.get("Placings", "")
    assert await bot.table.replay_check(final.game_id)
    assert not untrue_past(world.channel), untrue_past(world.channel)[:3]
    assert not [live_controls(m) for m in world.alice.user.dm_channel.history() if live_controls(m)]


async def test_rules_shows_the_guide_with_every_reading(simcord_env, world):
    # issue 43: `/rules` with the readings, among them the absent player's strategy
    result = await world.carol.slash(world.channel, "rules", game="goblin-warlords")
    assert result.ephemeral
    embeds = result.response.embeds + [e for f in result.followups for e in f.embeds]
    assert embeds[0].title == "📜 Goblin Warlords — how to play"
    text = "\n".join(e.description or "" for e in embeds)
    assert all(reading.split(":")[0] in text for reading in READINGS.values())
    assert READINGS["default-strategy"] in text
    assert all(len(e.description or "") <= 4096 for e in embeds)
