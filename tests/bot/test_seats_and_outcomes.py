"""Seats and outcomes for any game, through the table service and what the bot shows (issue 23):
the lobby asks for the pick a game declares (a unique hero in Hold the Gate, nothing in a game
without one), and a co-operative table's win or loss is stored, counted in the hall of fame and
told at the end as a win or a loss of everyone, a team game's as its sides'."""

from __future__ import annotations

import pytest

from bot.cogs.lifecycle import table_card
from bot.service.fame import hall_of_fame
from bot.storage.store import Store
from bot.service.table import TableError, TableService
from bot.ui.lobby import embed_of
from bot.ui.text import outcome_lines
from conftest import FakeClock
from rules.core.engine import Outcome
from tests.rules.core.gate import HoldTheGate

CHANNEL, GUILD = 300, 9
NAMES = {"ann": "Ann", "bo": "Bo", "cy": "Cy", "di": "Di"}


class Pickless(HoldTheGate):
    """Hold the Gate where nobody picks anything as they sit down."""

    slug = "pickless-gate"
    seat_pick = None


def gate_table(store: Store, seed: int) -> TableService:
    games = {HoldTheGate.slug: HoldTheGate(), Pickless.slug: Pickless()}
    return TableService(store, games, seed_source=lambda: seed, now=FakeClock())


async def play(table: TableService, channel: int = CHANNEL) -> Outcome:
    """Hold the gate until the game ends (every move is the one legal Hold)."""
    for _ in range(20):
        snap = await table.snapshot(channel)
        if snap.outcome is not None:
            return snap.outcome
        player = snap.waiting_for[0]
        await table.act(channel, player, (await table.legal_actions(channel, player))[0])
    raise AssertionError("the gate game did not end")


async def test_the_lobby_asks_for_the_pick_the_game_declares(store: Store) -> None:
    table = gate_table(store, 1)
    lobby = await table.new_game(CHANNEL, GUILD, "ann", "Ann", "hold-the-gate", creator_pick="Grubz")
    assert lobby.pick is not None and lobby.pick.name == "hero" and lobby.seats[0].pick == "grubz"
    with pytest.raises(TableError, match="Grubz is taken"):
        await table.join(CHANNEL, "bo", "Bo", "grubz")
    lobby = await table.join(CHANNEL, "bo", "Bo")  # nothing asked: the default, Smasha, is free
    assert [s.pick for s in lobby.seats] == ["grubz", "smasha"]
    assert await table.seat_pick(CHANNEL) == (lobby.pick, ["nogg"])  # what is still free, for autocomplete
    shown = embed_of(table_card(table.game(lobby.slug), lobby, "")).fields[0].value
    assert "Ann (Grubz)" in shown and "Bo (Smasha the Bold)" in shown


async def test_a_game_without_a_pick_asks_for_nothing(store: Store) -> None:
    table = gate_table(store, 1)
    lobby = await table.new_game(CHANNEL, GUILD, "ann", "Ann", "pickless-gate", creator_pick="iron")
    assert lobby.pick is None and lobby.seats[0].pick == ""
    assert await table.seat_pick(CHANNEL) == (None, [])
    assert "(" not in embed_of(table_card(table.game(lobby.slug), lobby, "")).fields[0].value


@pytest.mark.parametrize(("horde", "won"), [(1, True), (99, False)])
async def test_a_cooperative_table_wins_or_loses_together_in_the_hall_of_fame(store: Store, horde: int,
                                                                                won: bool) -> None:
    table = gate_table(store, 5)
    await table.new_game(CHANNEL, GUILD, "ann", "Ann", "hold-the-gate", {"horde": horde})
    await table.join(CHANNEL, "bo", "Bo")
    await table.start(CHANNEL, "ann")
    outcome = await play(table)
    assert outcome.won is won and outcome.winners() == (["ann", "bo"] if won else [])
    results = await store.read(lambda tx: tx.results_of_guild(GUILD))
    assert [(r.player, r.won) for r in results] == [("ann", won), ("bo", won)]
    fame = hall_of_fame("Pit", results, [], {"hold-the-gate": "Hold the Gate"})
    assert [(r.name, r.games, r.games_won) for r in fame.rows] == [("Ann", 1, int(won)), ("Bo", 1, int(won))]


def test_the_end_is_told_in_the_words_of_its_kind() -> None:
    assert outcome_lines(Outcome(placings=[["ann"], ["bo", "cy"]]), NAMES) == (
        "Placings", ["🥇 1st — Ann", "🥈 =2nd — Bo and Cy"])
    assert outcome_lines(Outcome.of_teams([["ann", "cy"], ["bo", "di"]], 1), NAMES) == (
        "Teams", ["🏆 Won — Bo and Di", "▫️ Lost — Ann and Cy"])
    assert outcome_lines(Outcome.of_teams([["ann"], ["bo"]], None), NAMES) == ("Teams", ["🤝 Draw — Ann and Bo"])
    assert outcome_lines(Outcome.together(["ann", "bo"], won=True), NAMES) == (
        "Result", ["🏆 Everyone wins together — Ann and Bo"])
    assert outcome_lines(Outcome.together(["ann", "bo"], won=False), NAMES) == (
        "Result", ["💀 Everyone loses together — Ann and Bo"])
    assert outcome_lines(Outcome.together(["ann", "bo"], won=True).put_last(["bo"]), NAMES) == (
        "Result", ["🏆 Everyone wins together — Ann", "▫️ Removed, not winning — Bo"])
