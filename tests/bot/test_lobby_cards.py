"""The lobby cards' queue without Discord (`bot.ui.lobby.LobbyCards`): a lobby's card is edited in
place, in order with the channel's boards; updates that pile up are merged; a record is final; a
card Discord no longer has is posted anew; and a restarted bot edits the message the store names."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
from test_poster import CHANNEL, Board, Composer, Courier

from bot.ui.lobby import TABLE, CardSeat, LobbyCard, LobbyCards
from bot.ui.poster import BoardPosts


class Memory:
    def __init__(self) -> None:
        self.ids: dict[tuple[str, int], int] = {}

    async def lobby_message(self, kind: str, owner: int) -> int | None:
        return self.ids.get((kind, owner))

    async def set_lobby_message(self, kind: str, owner: int, channel_id: int, message_id: int) -> None:
        self.ids[(kind, owner)] = message_id


def card(*names: str, owner: int = 1) -> LobbyCard:
    return LobbyCard(kind=TABLE, owner=owner, channel_id=CHANNEL, name="Lucky Race", title="Lucky Race — table open",
                     heading="", seats=tuple(CardSeat(n.lower(), n) for n in names), creator=names[0].lower(),
                     max_players=4, sizes="2-4 players", playable=len(names) >= 2)


def make(memory: Memory | None = None, courier: Courier | None = None) -> tuple[LobbyCards, BoardPosts, Courier]:
    courier = courier or Courier()
    boards = BoardPosts(courier, Composer())
    return LobbyCards(boards, lambda: memory, {}), boards, courier


def seats_shown(kwargs: dict[str, Any]) -> str:
    return kwargs["embed"].fields[0].value


async def test_updates_merge_and_the_record_is_final_and_comes_before_the_board() -> None:
    cards, boards, courier = make(Memory())
    cards.show(card("Ann"))
    await boards.channel(CHANNEL).drained()
    courier.gate = asyncio.Event()
    cards.show(card("Ann", "Bob"))
    cards.show(card("Ann", "Bob", "Cy"))  # merged with the one waiting
    started = card("Ann", "Bob", "Cy").ended("Lucky Race: started with Ann, Bob and Cy.")
    done = cards.show(started)
    boards.show(Board(version=0, waiting_for=["ann"]))  # the first board, after the record
    assert cards.show(card("Ann", "Bob")).done()  # a late open card of a started lobby changes nothing
    courier.gate.set()
    await boards.channel(CHANNEL).drained()
    assert await done
    kinds = [(kind, kwargs.get("content")) for kind, _, kwargs in courier.calls]
    assert kinds == [("send", None), ("edit", "Lucky Race: started with Ann, Bob and Cy."), ("send", "v0")]
    first = courier.calls[0][1]
    assert courier.calls[1][1] == first and courier.calls[1][2]["view"] is None and courier.calls[1][2]["embed"] is None


async def test_a_deleted_card_is_posted_anew_and_a_restart_edits_the_stored_one() -> None:
    memory = Memory()
    cards, boards, courier = make(memory)
    cards.show(card("Ann"))
    await boards.channel(CHANNEL).drained()
    first = courier.calls[-1][1]
    assert memory.ids == {(TABLE, 1): first}

    class Gone(Courier):
        async def edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> None:
            if message_id == first:
                raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Message")
            await super().edit(channel_id, message_id, kwargs)

    gone = Gone()
    gone._next = 2000  # another courier: message ids of its own
    cards, boards, _ = make(memory, gone)  # a restart, and the card was deleted meanwhile
    assert await cards.show(card("Ann", "Bob"))
    assert [c[0] for c in gone.calls] == ["send"] and "Bob" in seats_shown(gone.calls[0][2])
    second = gone.calls[0][1]
    assert memory.ids == {(TABLE, 1): second}
    cards, boards, _ = make(memory, gone)  # another restart: the new card is the one edited
    assert await cards.show(card("Ann"))
    assert gone.calls[-1][:2] == ("edit", second)
