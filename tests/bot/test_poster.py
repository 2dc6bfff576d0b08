"""The board messages of a channel: one per turn, edited in place, in order, only the newest drawn.

Driven without Discord: a courier stand-in records every send and edit, and can be held up to
play a slow Discord while moves keep coming.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.ui.board import BoardMessage
from bot.ui.poster import ChannelBoards
from rules.core.engine import Outcome, Prompt, Seat

CHANNEL = 77


@dataclass
class Board:
    """Enough of a TurnResult for the poster."""

    version: int
    waiting_for: list[str]
    game_id: int = 1
    slug: str = "lucky-race"
    title: str = "Lucky Race"
    channel_id: int = CHANNEL
    seats: list[Seat] = field(default_factory=list)
    public_view: Any = None
    prompts: list[Prompt] = field(default_factory=list)
    outcome: Outcome | None = None
    campaign_id: int | None = None


class Courier:
    """Records calls; `gate` (when set) holds every call until the test opens it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int | None, dict[str, Any]]] = []
        self.gate: asyncio.Event | None = None
        self._next = 1000

    async def send(self, channel_id: int, kwargs: dict[str, Any]) -> int:
        if self.gate is not None:
            await self.gate.wait()
        self._next += 1
        self.calls.append(("send", self._next, kwargs))
        return self._next

    async def edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> None:
        if self.gate is not None:
            await self.gate.wait()
        self.calls.append(("edit", message_id, kwargs))


class Composer:
    """Draws nothing, but remembers which boards it was asked to draw."""

    def __init__(self) -> None:
        self.drawn: list[int] = []

    async def __call__(self, board: Any, lines: Sequence[str]) -> BoardMessage:
        self.drawn.append(board.version)
        embed = discord.Embed(description="\n".join(lines))
        embed.set_footer(text=f"move {board.version}")
        view = discord.ui.View(timeout=None) if board.waiting_for else None
        return BoardMessage(content=f"v{board.version}", embed=embed, png=b"png", view=view)


def make() -> tuple[ChannelBoards, Courier, Composer]:
    courier, composer = Courier(), Composer()
    return ChannelBoards(CHANNEL, courier, composer), courier, composer


def footer(kwargs: dict[str, Any]) -> str:
    return kwargs["embed"].footer.text


async def test_moves_within_a_turn_edit_the_turns_message_in_place() -> None:
    boards, courier, _ = make()
    await boards.show(Board(0, ["a"]), ["the game begins"])
    await boards.show(Board(1, ["a"]), ["a moves"])
    await boards.show(Board(2, ["a"]), ["a moves again"])
    assert [(kind, ref) for kind, ref, _ in courier.calls] == [("send", 1001), ("edit", 1001), ("edit", 1001)]
    last = courier.calls[-1][2]
    assert footer(last) == "move 2" and last["attachments"] and last["view"] is not None
    assert last["embed"].description == "the game begins\na moves\na moves again"  # the turn's whole log


async def test_a_new_turn_gets_a_new_message_and_the_old_one_becomes_the_record_of_its_turn() -> None:
    boards, courier, _ = make()
    await boards.show(Board(0, ["a"]), ["start"])
    await boards.show(Board(1, ["b"]), ["a ends"])
    assert [(kind, ref) for kind, ref, _ in courier.calls] == [("send", 1001), ("edit", 1001), ("send", 1002)]
    retired = courier.calls[1][2]  # its log stays; the picture, the controls and "v0" (who must act) go
    assert retired["content"].endswith("\nstart") and "v0" not in retired["content"]
    assert retired["view"] is None and retired["attachments"] == [] and retired["embed"] is None
    assert courier.calls[2][2]["embed"].description == "a ends"
    # Someone answering while others still choose is the same turn; a finished game is a new message.
    await boards.show(Board(2, ["b", "c"]), ["c is asked too"])
    await boards.show(Board(3, ["c"]), ["b answers"])
    await boards.show(Board(4, [], outcome=Outcome(placings=[["c"]])), ["c wins"])
    assert [(kind, ref) for kind, ref, _ in courier.calls[3:]] == [
        ("edit", 1002), ("send", 1003), ("edit", 1003), ("edit", 1003), ("send", 1004)]


async def test_moves_faster_than_discord_are_drawn_once_with_every_line() -> None:
    boards, courier, composer = make()
    await boards.show(Board(0, ["a"]), ["start"])
    courier.gate = asyncio.Event()
    first = boards.show(Board(1, ["a"]), ["one"])
    await asyncio.sleep(0)  # the edit for move 1 is on its way, held at the gate
    pending = [boards.show(Board(v, ["a"]), [f"line {v}"]) for v in range(2, 6)]
    courier.gate.set()
    assert await first and all([await p for p in pending])
    assert composer.drawn == [0, 1, 5], "moves 2-4 were never drawn"
    kinds = [(kind, footer(kwargs)) for kind, _, kwargs in courier.calls]
    assert kinds == [("send", "move 0"), ("edit", "move 1"), ("edit", "move 5")]
    assert courier.calls[-1][2]["embed"].description.splitlines() == [
        "start", "one", "line 2", "line 3", "line 4", "line 5"]


async def test_a_turn_that_ended_unseen_gives_its_lines_to_the_next_message() -> None:
    boards, courier, composer = make()
    await boards.show(Board(0, ["a"]), ["start"])
    courier.gate = asyncio.Event()
    boards.show(Board(1, ["a"]), ["a moves"])
    await asyncio.sleep(0)
    boards.show(Board(2, ["a"]), ["a moves again"])
    boards.show(Board(3, ["b"]), ["a ends"])
    courier.gate.set()
    await boards.drained()
    assert composer.drawn == [0, 1, 3]
    sent = courier.calls[-1][2]
    assert courier.calls[-1][0] == "send" and sent["embed"].description == "a moves again\na ends"


async def test_posts_and_notes_leave_in_the_order_they_were_made() -> None:
    boards, courier, _ = make()
    courier.gate = asyncio.Event()
    boards.show(Board(0, ["a"]), ["start"])
    boards.say(content="a note about closed DMs")
    boards.show(Board(1, ["b"]), ["a ends"])
    courier.gate.set()
    await boards.drained()
    assert [kwargs.get("content") for kind, _, kwargs in courier.calls if kind == "send"] == [
        "v0", "a note about closed DMs", "v1"]


async def test_an_older_board_arriving_late_is_not_shown_over_a_newer_one() -> None:
    boards, courier, composer = make()
    await boards.show(Board(3, ["a"]), ["three"])
    assert await boards.show(Board(2, ["a"]), ["two"])
    assert composer.drawn == [3] and len(courier.calls) == 1


async def test_a_failed_post_is_reported_and_the_next_one_still_goes_out() -> None:
    boards, courier, _ = make()

    async def refused(channel_id: int, kwargs: dict[str, Any]) -> int:
        raise discord.DiscordException("refused")

    courier.send = refused  # type: ignore[method-assign]
    assert await boards.show(Board(0, ["a"]), ["start"]) is False
    del courier.send
    assert await boards.show(Board(1, ["b"]), ["next"]) is True
    assert courier.calls[-1][0] == "send"


async def test_a_finished_games_board_stays_whole_when_the_next_game_begins() -> None:
    boards, courier, _ = make()
    await boards.show(Board(0, ["a"]), ["start"])
    await boards.show(Board(1, [], outcome=Outcome(placings=[["a"]])), ["a wins"])
    await boards.show(Board(0, ["a"], game_id=2), ["a new game"])
    assert [(kind, ref) for kind, ref, _ in courier.calls] == [("send", 1001), ("edit", 1001), ("send", 1002),
                                                                 ("send", 1003)]
