"""Two bot processes (two shard groups of a bot with two shards) on one PostgreSQL database (issue 28).

SimCord runs one bot per environment and one environment per event loop. Here two environments
share one simulated Discord (one backend), each routing only its own shard's gateway events, as
Discord does: a guild's events go to shard `(guild_id >> 22) % 2`, every direct message to shard 0.
Each bot posts through a recording courier, so a test can tell which process posted where.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from datetime import UTC, datetime
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import pytest_asyncio
from discord_fixtures import TickingClock, applied, last_board
from fakegame import LuckyRace
from simcord import Env
from simcord._runtime import _LIVE_LOOPS
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle, UserHandle

from bot.waits import idle
from bot.app.client import ShardedZagjanBot, ZagjanBot, make_bot
from bot.storage.shards import NOTIFY_SQL, Note, Ownership, channel_name
from bot.ui.board import SECRET_LABEL
from bot.ui.poster import DiscordCourier
from rules.core.computer import is_computer
from rules.core.engine import Seat
from rules.registry import GAMES

WAIT_SECONDS = 10.0
"""The longest a test waits (real time) for a hand-over to cross PostgreSQL; it takes milliseconds."""


class RecordingCourier:
    """The bot's own courier, noting which process sent or edited what in which channel."""

    def __init__(self, process: int, posts: list[tuple[int, str, int]]) -> None:
        self.process = process
        self.posts = posts
        self.inner: DiscordCourier | None = None

    async def send(self, channel_id: int, kwargs: dict[str, Any]) -> int:
        assert self.inner is not None
        self.posts.append((self.process, "send", channel_id))
        return await self.inner.send(channel_id, kwargs)

    async def edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> None:
        assert self.inner is not None
        self.posts.append((self.process, "edit", channel_id))
        await self.inner.edit(channel_id, message_id, kwargs)


def _one_environment_tracks_each_callback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two environments on one loop each wrap the loop's `call_soon`. What the outer one (the second
    attached) already tracks as its bot's work reaches the inner one wrapped; the inner one would take
    it for someone else's and run it in a context without its bot (a task's wake-up resumed in a
    copied context, a hand-over's callback outside its bot's work), so it passes it on untouched."""
    from simcord import _runtime

    real = _runtime._track_callback

    def tracked(work: Any, original: Any, callback: Any, args: Any, **kwargs: Any) -> Any:
        if hasattr(callback, "__simcord_original_callback__"):
            return original(*kwargs.get("schedule_args", ()), callback, *args, context=kwargs.get("context"))
        return real(work, original, callback, args, **kwargs)

    monkeypatch.setattr(_runtime, "_track_callback", tracked)


@dataclass
class Pair:
    """The two processes: `envs[0]` holds shard 0 (every DM comes to it), `envs[1]` shard 1."""

    url: str
    envs: list[Env]
    posts: list[tuple[int, str, int]] = field(default_factory=list)
    made: list[ZagjanBot] = field(default_factory=list)

    def bot(self, process: int) -> ShardedZagjanBot:
        bot = self.envs[process].bot
        assert isinstance(bot, ShardedZagjanBot)
        return bot

    def make(self, shard: int) -> ZagjanBot:
        courier = RecordingCourier(shard, self.posts)
        bot = make_bot(self.url, ownership=Ownership(2, frozenset({shard})), courier=courier,
                       games={**GAMES, LuckyRace.slug: LuckyRace()}, seed_source=lambda: 7, now=TickingClock(),
                       rng=random.Random(1), render_workers=0)
        courier.inner = DiscordCourier(bot)
        self.made.append(bot)
        return bot

    def member(self, process: int, name: str) -> tuple[ChannelHandle, MemberActor]:
        """A guild of the shard `process` holds, with a channel and a first member."""
        guild = self.envs[process].create_guild(f"Pit {process}", shard_id=process)
        return guild.create_text_channel("games"), guild.add_member(self.envs[process].create_user(name))

    def posted_in(self, channel: ChannelHandle) -> set[int]:
        """The processes that sent or edited anything in the channel."""
        return {process for process, _, channel_id in self.posts if channel_id == channel.id}

    async def until(self, process: int, done: Callable[[], Awaitable[bool]]) -> None:
        """Wait (real time: the note crosses PostgreSQL and a thread) until `done`, then let the
        process finish what it started."""
        deadline = time.monotonic() + WAIT_SECONDS
        while not await done():
            assert time.monotonic() < deadline, "the other process never caught up"
            await asyncio.sleep(0.01)
        await self.envs[process].settle()


@pytest_asyncio.fixture
async def pair(pg_server: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Pair]:
    """Two processes, started in turn; on the way out stopped in the other order (each environment
    put back what it wrapped) and every bot closed, whatever the test did."""
    _one_environment_tracks_each_callback(monkeypatch)
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")
    monkeypatch.setenv("ZAGJAN_COMPUTER_ITERATIONS", "6")
    made = Pair(pg_server.new_schema(), [])
    loop = asyncio.get_running_loop()
    started: list[Env] = []
    try:
        for shard in (0, 1):
            env = Env(made.make(shard))
            if made.envs:
                env.backend = made.envs[0].backend
            made.envs.append(env)
            _LIVE_LOOPS.pop(loop, None)  # SimCord allows one live environment per loop: two take turns
            await env.start()
            started.append(env)
        yield made
    finally:
        for env in reversed(started):
            _LIVE_LOOPS[loop] = env
            await env.shutdown()
        _LIVE_LOOPS.pop(loop, None)
        for bot in made.made:
            if not bot.is_closed() or bot.store is not None:
                await bot.close()


def choice(number: int) -> list[str]:
    return [json.dumps({"type": "choose", "number": number}, separators=(",", ":"))]


async def lucky_race(pair: Pair, *names: str) -> tuple[ChannelHandle, list[MemberActor], int]:
    """A Lucky Race in a guild of shard 1, its players (`names`) about to choose a number in secret."""
    channel, first = pair.member(1, names[0])
    players = [first, *(channel.guild.add_member(pair.envs[1].create_user(name)) for name in names[1:])]
    assert applied(await first.slash(channel, "game new", game="lucky-race"))
    for member in players[1:]:
        assert applied(await member.slash(channel, "game join"))
    assert applied(await first.slash(channel, "game start"))
    snap = await pair.bot(1).table.snapshot(channel.id)
    return channel, players, snap.game_id


async def test_a_secret_choice_in_a_dm_is_posted_once_by_the_guilds_owner(pair: Pair) -> None:
    channel, (alice, bob), game_id = await lucky_race(pair, "alice", "bob")
    zero, one = pair.bot(0), pair.bot(1)
    synced = [r for r in pair.envs[0].http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(synced) == 1, "only the process holding shard 0 syncs the commands"
    assert pair.posted_in(channel) == {1}
    before = len(pair.posts)

    # Alice's DM: Discord gives its interaction to shard 0, the other process.
    alice_dm = UserHandle(pair.envs[0], alice.user._user)
    picked = await alice_dm.select(alice_dm.dm_channel.last_message, choice(3), custom_id="zj:pick:1:x:any")
    assert picked.acknowledged and not picked.followups  # no "Done": the question itself is edited
    assert any(m.content.endswith("✅ You chose: **choose number=3**") for m in alice_dm.dm_channel.history())
    assert alice_dm.dm_channel.last_message.content.endswith("You picked 3 as your lucky number.")
    await pair.until(1, lambda: asyncio.sleep(0, one.show_move.shown.get(game_id, 0) >= 1))
    # the owner, who sent the question, leaves it as the DM's process closed it: with the choice shown
    assert any(m.content.endswith("✅ You chose: **choose number=3**") for m in alice_dm.dm_channel.history())

    assert "alice has picked a lucky number." in last_board(channel).embeds[0].description
    assert pair.posted_in(channel) == {1}, "only the owner touches its guild's channel"
    assert [p for p in pair.posts[before:] if p[2] == channel.id] == [(1, "edit", channel.id)]
    assert channel.id not in zero.boards._channels, "the DM's process queued no board of its own"

    # The same note again (a doubled notification, or one overtaken by a newer board) posts nothing.
    posts = len(pair.posts)
    await zero.table.store.write(lambda tx: tx.run(NOTIFY_SQL, (channel_name(1), Note(game_id, channel.id, 1).payload())))
    await asyncio.sleep(0.3)
    await pair.envs[1].settle()
    assert len(pair.posts) == posts
    assert not await pair.envs[1].bot.table.store.read(lambda tx: tx.fetch(  # nothing was written twice either
        "SELECT seq FROM actions WHERE game_id = ? GROUP BY seq HAVING count(*) > 1", (game_id,)))


async def test_the_owner_leaves_a_question_answered_in_the_other_process_as_that_process_closed_it(
        pair: Pair, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process Discord gives a DM's answer to closes the question ("You chose …"); the owner, which
    sent the question and shows the move's board, must not close it again as left behind — even when it
    shows the move before the other process has forgotten the question (seen once in CI: the owner's
    late edit replaced "You chose" with its note)."""
    channel, (alice, bob), game_id = await lucky_race(pair, "alice", "bob")
    zero, one = pair.bot(0), pair.bot(1)
    alice_dm = UserHandle(pair.envs[0], alice.user._user)
    question = alice_dm.dm_channel.last_message
    still_open, forget, drop = one.dms._still_open, zero.dms.forget, one.table.store.drop_hand_over
    looked = asyncio.Event()  # the owner looked at the question, or was done with the move without looking

    def closed_there() -> bool:
        return any(m.id == question.id and "You chose" in m.content for m in alice_dm.dm_channel.history())

    async def owner_looks_first(*args: Any, **kwargs: Any) -> bool:  # the owner finds the question open, and
        found = await still_open(*args, **kwargs)                     # edits only once the other process has
        looked.set()                                                  # closed it with the choice shown
        await pair.until(0, lambda: asyncio.sleep(0, closed_there()))
        return found

    async def owner_done(*args: Any, **kwargs: Any) -> Any:  # the owner has shown the move: its last step
        done = await drop(*args, **kwargs)
        looked.set()
        return done

    async def forget_after_the_owner_looked(*args: Any, **kwargs: Any) -> None:
        await looked.wait()
        await forget(*args, **kwargs)

    monkeypatch.setattr(one.dms, "_still_open", owner_looks_first)
    monkeypatch.setattr(one.table.store, "drop_hand_over", owner_done)
    monkeypatch.setattr(zero.dms, "forget", forget_after_the_owner_looked)
    picked = await alice_dm.select(question, choice(3), custom_id="zj:pick:1:x:any")
    assert picked.acknowledged
    await pair.envs[1].settle()
    answered = [m for m in alice_dm.dm_channel.history() if m.id == question.id][0]
    assert answered.content.endswith("✅ You chose: **choose number=3**"), answered.content


async def test_clicks_through_both_processes_at_once_are_neither_doubled_nor_lost(pair: Pair) -> None:
    channel, (alice, bob, carol), game_id = await lucky_race(pair, "alice", "bob", "carol")
    one = pair.bot(1)

    def in_dm(member: MemberActor) -> tuple[UserHandle, Any]:
        """The member as shard 0's process sees them (DMs come there), and their secret question."""
        user = UserHandle(pair.envs[0], member.user._user)
        return user, user.dm_channel.last_message

    # Alice's choice twice at the same moment: in her DM (shard 0's process) and under the board
    # (shard 1's). One of them counts.
    opened = await alice.click(last_board(channel), label=SECRET_LABEL)
    user, dm = in_dm(alice)
    twice = await asyncio.gather(user.select(dm, choice(3), custom_id="zj:pick:1:x:any"),
                                 alice.select(opened.response, choice(4), custom_id="zj:pick:1:x:any"))
    assert all(r.acknowledged for r in twice)
    # Bob in his DM and carol under the board at the same moment: both count, one after the other.
    opened = await carol.click(last_board(channel), label=SECRET_LABEL)
    user, dm = in_dm(bob)
    both = await asyncio.gather(user.select(dm, choice(5), custom_id="zj:pick:1:x:any"),
                                carol.select(opened.response, choice(6), custom_id="zj:pick:1:x:any"))
    assert all(r.acknowledged for r in both)

    moves = await one.table.store.actions(game_id)
    assert sorted(m.player for m in moves) == sorted(str(m.id) for m in (alice, bob, carol)), \
        "each chose once: none doubled, none lost"
    assert [m.seq for m in moves] == [1, 2, 3]
    await pair.until(1, lambda: asyncio.sleep(0, one.show_move.shown.get(game_id, 0) >= 3))
    assert pair.posted_in(channel) == {1}
    assert await one.table.replay_check(game_id)


async def test_a_restarted_process_resumes_only_its_own_computers(pair: Pair,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "3600")  # each computer waits out its pause till the restart
    games: dict[int, tuple[ChannelHandle, int]] = {}
    for process in (0, 1):
        channel, human = pair.member(process, f"orc{process}")
        assert applied(await human.slash(channel, "game new", game="masters-fight"))
        assert applied(await human.slash(channel, "seat computer", level="easy"))
        assert applied(await human.slash(channel, "game start"))
        bot = pair.bot(process)
        snap = await bot.table.snapshot(channel.id)
        chooser = random.Random(process)
        while str(human.id) in snap.waiting_for:
            legal = await bot.table.legal_actions(channel.id, str(human.id))
            await bot.show_move(await bot.table.act(channel.id, str(human.id), chooser.choice(legal),
                                                    expected_version=snap.version))
            snap = await bot.table.snapshot(channel.id)
        assert is_computer(snap.waiting_for[0])
        games[process] = (channel, snap.game_id)
    assert set(pair.bot(0).computer_moves) == {games[0][1]} and set(pair.bot(1).computer_moves) == {games[1][1]}

    # Shard 1's process dies and starts again: it picks up its own computer, never shard 0's.
    old = pair.bot(1)
    await old.close()
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")
    new = pair.make(1)
    await pair.envs[1].restart_bot(new)
    assert set(new.computer_moves) <= {games[1][1]}
    await asyncio.gather(*new.computer_moves.values(), return_exceptions=True)
    await pair.envs[1].settle()
    assert set(pair.bot(0).computer_moves) == {games[0][1]}, "shard 0's computer still waits in its own process"
    after = await new.table.game_by_id(games[1][1])
    assert not any(is_computer(p) for p in after.waiting_for), "the restarted process played its computer"
    untouched = await new.table.game_by_id(games[0][1])
    assert is_computer(untouched.waiting_for[0]), "and left the other process's computer alone"
    # Its idle sweep, long after, looks at its own tables only (shard 0's computer stays shard 0's).
    assert await idle.sweep(new, now=datetime(2030, 1, 1, tzinfo=UTC)) == 1
    await pair.envs[1].settle()
    assert set(new.computer_moves) <= {games[1][1]}
    assert (await new.table.game_by_id(games[0][1])).version == untouched.version, "shard 0's table untouched"
    assert "may vote" in games[1][0].last_message.content
    for process in (0, 1):
        assert pair.posted_in(games[process][0]) == {process}


async def test_a_board_shown_where_its_guild_is_not_owned_reaches_the_owner_after_the_fact(pair: Pair) -> None:
    """A result no move's transaction handed over (a table started whole, as a campaign's next game
    is) is handed over right after, when a process that does not own its guild shows it."""
    channel, alice = pair.member(1, "alice")
    bob = channel.guild.add_member(pair.envs[1].create_user("bob"))
    zero, one = pair.bot(0), pair.bot(1)
    seats = [Seat(player=str(m.id), name=m.name, pick="common", colour=n) for n, m in enumerate((alice, bob))]
    started = await zero.table.start_seated(channel.id, channel.guild.id, LuckyRace.slug, seats, {})
    assert not started.handed_over
    assert await (await zero.show_move(started))
    await pair.until(1, lambda: asyncio.sleep(0, started.game_id in one.show_move.shown))
    assert pair.posted_in(channel) == {1}
    assert "Everyone now picks a secret lucky number." in last_board(channel).embeds[0].description
