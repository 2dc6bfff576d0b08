"""Fixtures for the SimCord tests: the real ZagjanBot on a real SQLite file, a server with players.

Import the fixtures a test module uses by name (pytest finds fixtures in the
module's namespace); `tests/bot` is on the import path. The seed
is fixed, so every test game deals the same board and rolls the same dice.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle, GuildHandle

from bot.app.client import ZagjanBot
from bot.service.table import Snapshot
from bot.ui.answers import CONFIRMED
from bot.ui.board import RECORD

SEED = 7


class TickingClock:
    """A clock that moves one second per reading, so stored timestamps are repeatable."""

    def __init__(self) -> None:
        self.at = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


def new_bot(database: Path, **overrides: Any) -> ZagjanBot:
    """The real bot as every SimCord test builds it: the fixed seed, the ticking clock, boards drawn in
    the bot's own threads; `overrides` replace any of these or add other options (`games=`).
    (`make_bot` below, and `python -m tests.screens`, which plays scripted moments for the docs.)"""
    options: dict[str, Any] = {"seed_source": lambda: SEED, "now": TickingClock(), "rng": random.Random(1),
                               "render_workers": 0, "replays": False}
    options.update(overrides)
    return ZagjanBot(database, **options)


@pytest.fixture
def quiet_timers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reaction timers fire only where a test says; computers move at once and think briefly (a module
    takes it for every test with `pytestmark = pytest.mark.usefixtures("quiet_timers")`)."""
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")
    monkeypatch.setenv("ZAGJAN_COMPUTER_ITERATIONS", "4")


async def drained(bot: ZagjanBot, channel_id: int) -> None:
    """Until everything the channel's boards queued is out."""
    await bot.boards.channel(channel_id).drained()


@pytest.fixture
def bot_db(tmp_path: Path) -> Path:
    return tmp_path / "zagjan-bot.sqlite3"


@pytest_asyncio.fixture
async def make_bot(bot_db: Path) -> AsyncIterator[Callable[..., ZagjanBot]]:
    """A fresh bot on the test's database file (call it again to 'restart' on the same file).
    Every bot made is closed when the test ends, passed or failed, so no store or task outlives it."""
    made: list[ZagjanBot] = []

    def make(**overrides: Any) -> ZagjanBot:
        made.append(new_bot(bot_db, **overrides))
        return made[-1]

    yield make
    for bot in made:
        if not bot.is_closed() or bot.store is not None:
            await bot.close()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., ZagjanBot]) -> ZagjanBot:
    return make_bot()


@dataclass
class World:
    """One server, one game channel, four players and a moderator with Manage Server."""

    guild: GuildHandle
    channel: ChannelHandle
    other: ChannelHandle
    alice: MemberActor
    bob: MemberActor
    carol: MemberActor
    dave: MemberActor
    mod: MemberActor

    @property
    def players(self) -> list[MemberActor]:
        return [self.alice, self.bob, self.carol, self.dave]

    def by_id(self, player: str) -> MemberActor:
        return next(m for m in [*self.players, self.mod] if str(m.id) == player)


def new_world(env: Any, channel: str = "masters-fight",
              names: tuple[str, str, str, str] = ("alice", "bob", "carol", "dave")) -> World:
    """The server of the `world` fixture in a running SimCord `env` (its game channel's name and the
    four players' names may be changed: `python -m tests.screens` shows them)."""
    guild = env.create_guild("Orc Pit")
    game_channel = guild.create_text_channel(channel)
    other = guild.create_text_channel("tavern")
    mods = guild.create_role("Warbosses", permissions=discord.Permissions(manage_guild=True))
    members = [guild.add_member(env.create_user(name)) for name in names]
    mod = guild.add_member(env.create_user("morg"), roles=[mods])
    return World(guild, game_channel, other, *members, mod)


@pytest.fixture
def world(simcord_env: Any) -> World:
    return new_world(simcord_env)


async def snapshot(env: Any, channel: ChannelHandle) -> Snapshot:
    """The table's view of the channel's game, read straight from the running bot."""
    return await env.bot.table.snapshot(channel.id)


# -- reading what the bot posted ------------------------------------------------------------------


def boards(channel: ChannelHandle) -> list[discord.Message]:
    """The board messages in the channel, oldest first: the live one (public, with the 'Game #n · move v'
    footer) and those of earlier turns, which became records of their turn (`bot.ui.board.record`)."""
    return [m for m in channel.history() if not m.flags.ephemeral and (
        (m.embeds and (m.embeds[0].footer.text or "").startswith("Game #")) or m.content.startswith(RECORD))]


def records(channel: ChannelHandle) -> list[discord.Message]:
    """The board messages that play has moved past: each the record of its turn."""
    return [m for m in boards(channel) if m.content.startswith(RECORD)]


def last_board(channel: ChannelHandle) -> discord.Message:
    found = boards(channel)
    assert found, "the bot has posted no board in this channel"
    return found[-1]


def custom_ids(message: discord.Message) -> list[str]:
    return [child.custom_id for row in message.components for child in getattr(row, "children", [])
            if getattr(child, "custom_id", None)]


def select_values(message: discord.Message, kind: str) -> list[str]:
    for row in message.components:
        for child in getattr(row, "children", []):
            if (getattr(child, "custom_id", None) or "").endswith(f":{kind}") and hasattr(child, "options"):
                return [o.value for o in child.options]
    return []


def pick_id(message: discord.Message, kind: str) -> str:
    return next(c for c in custom_ids(message) if c.startswith("zj:pick:") and c.endswith(f":{kind}"))


def answered_privately(result: Any) -> str:
    """The text of an ephemeral answer (a refusal); fails if the answer was public."""
    private = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    assert private, f"expected an ephemeral answer, got {result!r}"
    return private[-1].content


def applied(result: Any) -> bool:
    """The command or click went through: nothing private came back but the bot's confirmations
    (a typed move gets one, a click none; the board or public message goes to the channel)."""
    if not result.acknowledged:
        return False
    private = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    return all(m.content.startswith(CONFIRMED) for m in private)


async def click_in_flight(actor: Any, message: discord.Message, custom_id: str,
                          values: list[str] | None = None) -> Any:
    """The second click of a doubled click, carrying the component the player saw. The bot edits a
    turn's message in place, so by the time simcord would let a test click again the component has a
    newer version; a real second click sent before the edit arrived still carries the old one.
    simcord only offers clicks on what a message shows now, so this builds that click itself."""
    from simcord import actors as simcord_actors
    from simcord.backend import serializers
    from simcord.builders import ChannelHandle as Handle

    env = actor._env
    stored = simcord_actors._visible_message(actor, message)
    seen = dict(serializers.message_payload(env.backend, stored))
    seen["components"] = [row.to_dict() for row in message.components]  # what the player saw
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        data["values"] = list(values)
    channel = Handle(env, getattr(actor, "guild", None), env.backend.get_channel(stored.channel_id))
    return await simcord_actors._dispatch_actor_interaction(
        actor, discord.InteractionType.component.value, channel, data, extra={"message": seen},
        source_message_id=stored.id)


def last_public(channel: ChannelHandle) -> discord.Message:
    """The newest message everyone in the channel sees (a lobby's seats, a note, a board)."""
    public = [m for m in channel.history() if not m.flags.ephemeral]
    assert public, "the bot has posted nothing public in this channel"
    return public[-1]


def current(env: Any, message: Any) -> discord.Message:
    """The message (a DM, a board, an ephemeral answer) as it stands now, after the bot's edits, read
    from SimCord's store."""
    from simcord.results import to_discord_message

    channel_id = getattr(message, "channel_id", None) or message.channel.id
    return to_discord_message(env, env.backend.get_message(channel_id, message.id))


def live_controls(message: discord.Message) -> list[str]:
    """The custom ids of the controls a message still offers, enabled (raw JSON rows too)."""
    rows = message.components
    if rows and isinstance(rows[0], dict):
        return [c.get("custom_id", "") for row in rows for c in row.get("components", [])
                if c.get("custom_id") and not c.get("disabled")]
    return [child.custom_id for row in rows for child in getattr(row, "children", [])
            if getattr(child, "custom_id", None) and not getattr(child, "disabled", False)]


# -- what a channel shows once play has moved on (issue 40) ------------------------------------------

PRESENT_TENSE = ("is thinking", "is choosing", "button below", "your move", "press ", "use the buttons")
"""Words that speak of what must happen now: true on the live board, untrue on any older message."""



def past_messages(channel: ChannelHandle) -> list[discord.Message]:
    """The channel's public messages that are no longer current: all but the live board (the newest
    one with the board's footer) and a lobby card still gathering (the newest message with lobby
    buttons, while no board follows it)."""
    public = [m for m in channel.history() if not m.flags.ephemeral]
    current = {m.id for m in public[-1:]}
    live = [m for m in public if m.embeds and (m.embeds[0].footer.text or "").startswith("Game #")]
    current |= {m.id for m in live[-1:]}
    return [m for m in public if m.id not in current]


def untrue_past(channel: ChannelHandle) -> list[str]:
    """What older messages still offer or say that has stopped being true: live controls, or words
    about who must act now. Empty in a channel that reads as a story with one live board."""
    found = []
    for message in past_messages(channel):
        controls = live_controls(message)
        if controls:
            found.append(f"message {message.id} keeps live controls {controls[:3]}")
        words = [w for w in PRESENT_TENSE if w in (message.content or "").lower()]
        if words:
            found.append(f"message {message.id} still says {words}: {message.content[:80]!r}")
    return found
