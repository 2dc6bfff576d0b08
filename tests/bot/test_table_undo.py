"""The table service's undo (issue 45) on both stores: stored like a move, in one transaction; the
taken-back move said in the log in its player's words, except a secret choice, which the channel
never learns; versions going on up; and the stored log replaying through its undos."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.table import STALE, TableError, TableService
from bot.storage.store import Store
from rules.core import undo
from rules.core.engine import Prompt, PromptKind
from tests.rules.core.test_undo import Tally, TallyState

CHANNEL, GUILD = 7, 70


class SecretTally(Tally):
    """Tally whose mover chooses in secret (a secret question that stays theirs after the answer)."""

    slug = "secret-tally"

    def _prompts(self, state: TallyState) -> list[Prompt]:
        return [Prompt(player=p.player, kind=PromptKind.SECRET, secret=True, text="choose.")
                for p in super()._prompts(state)]


async def _table(store: Store, game: Tally) -> TableService:
    table = TableService(store, {game.slug: game}, seed_source=lambda: 5)
    await table.new_game(CHANNEL, GUILD, "a", "Ana", game.slug, {})
    await table.join(CHANNEL, "b", "Bo")
    await table.start(CHANNEL, "a")
    return table


async def test_an_undo_is_stored_like_a_move_and_replays(store: Store) -> None:
    table = await _table(store, Tally())
    moved = await table.act(CHANNEL, "a", {"type": "step"})
    assert moved.undo_by == "a"
    with pytest.raises(TableError, match="the last move was Ana's"):
        await table.undo(CHANNEL, "b")
    taken = await table.undo(CHANNEL, "a", expected_version=moved.version)
    assert taken.version == moved.version + 1 and taken.undo_by is None
    assert [e.text for e in taken.public_events] == ["↩️ Ana takes back: step."]
    with pytest.raises(TableError, match=STALE):
        await table.undo(CHANNEL, "a", expected_version=moved.version)  # a doubled click
    with pytest.raises(TableError, match="There is no move to take back yet."):
        await table.undo(CHANNEL, "a")
    actions = await store.actions(taken.game_id)
    assert [undo.taken_back(a.action_json) for a in actions] == [None, moved.version]
    assert await table.replay_check(taken.game_id)
    rolled = await table.act(CHANNEL, "a", {"type": "roll"})
    assert rolled.undo_by is None
    with pytest.raises(TableError, match="a die was rolled"):
        await table.undo(CHANNEL, "a")


async def test_several_moves_are_taken_back_one_at_a_time(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """From the table's memory of the turn: no replay of the game (the store's writer, which every
    channel's moves wait for, never replays one); only a table that forgot the turn replays, in a thread."""
    replays: list[int] = []
    replay_log = Tally.replay_log
    monkeypatch.setattr(Tally, "replay_log", lambda self, *args: replays.append(1) or replay_log(self, *args))
    table = await _table(store, Tally())
    await table.act(CHANNEL, "a", {"type": "step"})
    await table.act(CHANNEL, "a", {"type": "hide"})
    first = await table.undo(CHANNEL, "a")
    assert first.undo_by == "a"  # the step before it may go too
    second = await table.undo(CHANNEL, "a")
    assert second.undo_by is None and second.version == 4
    snap = await table.snapshot(CHANNEL)
    assert snap.state.marks["a"] == 0 and not snap.state.hidden
    assert not replays
    assert await table.replay_check(snap.game_id)
    await table.act(CHANNEL, "a", {"type": "step"})
    table.forget(CHANNEL)  # as after a restart
    assert (await table.undo(CHANNEL, "a")).public_events[0].text == "↩️ Ana takes back: step."
    assert replays


async def test_a_secret_choice_taken_back_is_not_named_in_the_channel(store: Store) -> None:
    table = await _table(store, SecretTally())
    await table.act(CHANNEL, "a", {"type": "hide"})
    taken: Any = await table.undo(CHANNEL, "a")
    said = [e.text for e in taken.public_events]
    assert said == ["↩️ Ana takes back a secret choice."]
    assert all("hide" not in text for text in said)
