"""Issue 42: a click is one straight way down and back. The table reads the game once, in the move's
own transaction, and checks there (once) whose turn it is and whether the button is current; what
the click means is read against the player's legal moves in that same transaction (`Moves.act`
with a `Choose`). So a click costs one trip to the store, even when other processes share it and a
cached game must otherwise be checked against the stored version first."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    applied,
    bot_db,
    click_in_flight,
    make_bot,
    world,
)
from toygame import SLUG, toy_bot

from bot.app.client import ZagjanBot
from bot.storage.store import Tx

GAME_READS = ("get_game", "open_game", "latest_game", "version_of", "latest_version")
"""The ways a transaction reads a game's row, or asks whether a cached one is current."""


@pytest.fixture
def simcord_bot(make_bot, monkeypatch) -> ZagjanBot:
    return toy_bot(make_bot, monkeypatch)


@pytest.fixture
def game_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Every read of a game's row by any transaction, counted by kind."""
    counted: Counter[str] = Counter()
    for name in GAME_READS:
        original = getattr(Tx, name)

        def counting(self: Tx, *args: object, _name: str = name, _original: object = original) -> object:
            counted[_name] += 1
            return _original(self, *args)  # type: ignore[operator]

        monkeypatch.setattr(Tx, name, counting)
    yield counted


def _secret_prompt(actor):
    return [m for m in actor.user.dm_channel.history() if m.components][-1]


async def test_a_click_reads_the_game_once_even_on_a_shared_store(simcord_env, world, game_reads):
    store = simcord_env.bot.table.store
    await world.alice.slash(world.channel, "game new", game=SLUG)
    await world.bob.slash(world.channel, "game join")
    assert applied(await world.alice.slash(world.channel, "game start"))
    store.shared = True  # as when several processes share the store: a cached game is checked before use
    game_reads.clear()
    prompt = _secret_prompt(world.alice)
    keep = await world.alice.user.click(prompt, label="Keep it")
    assert keep.acknowledged
    assert game_reads == Counter(open_game=1), game_reads  # the move's own read, and nothing before it

    # a doubled click is refused in that same one read: the turn and the version are checked there
    game_reads.clear()
    keep_id = next(c.custom_id for row in prompt.components for c in row.children if c.label == "Keep it")
    doubled = await click_in_flight(world.alice.user, prompt, keep_id)  # sent before the answer's edit arrived
    assert not applied(doubled)
    assert game_reads == Counter(open_game=1), game_reads
