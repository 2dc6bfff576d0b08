"""The table service with the fake Lucky Race game on a real SQLite file.

Every refusal must leave the stored game exactly as it was; every applied move
must be in the store before `act` returns; the store alone must be enough to
carry on after a restart and to replay the game from its seed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage.store import Store
from bot.service.table import NO_GAME, NOT_PLAYING, STALE, Snapshot, TableError, TableService, TurnResult
from fakegame import Choose, RollDie

CHANNEL = 100
GUILD = 7
PLAYERS = [("u1", "Grak", "iron"), ("u2", "Mub", "feral"), ("u3", "Snot", "common")]
NAMES = {p: n for p, n, _ in PLAYERS}


async def seated(table: TableService, count: int = 3, channel: int = CHANNEL) -> None:
    """A lobby with the first `count` players of PLAYERS, u1 being the creator."""
    player, name, brood = PLAYERS[0]
    await table.new_game(channel, GUILD, player, name, "lucky-race", {"target": 10}, creator_pick=brood)
    for player, name, brood in PLAYERS[1:count]:
        await table.join(channel, player, name, brood)


async def started(table: TableService, count: int = 3, channel: int = CHANNEL) -> TurnResult:
    await seated(table, count, channel)
    return await table.start(channel, "u1")


async def chosen(table: TableService, count: int = 3, channel: int = CHANNEL) -> Snapshot:
    """Started, with every lucky number picked (u1: 1, u2: 2, ...), so the rolling has begun."""
    await started(table, count, channel)
    for number, (player, _, _) in enumerate(PLAYERS[:count], start=1):
        await table.act(channel, player, {"type": "choose", "number": number})
    return await table.snapshot(channel)


async def fingerprint(table: TableService, channel: int = CHANNEL) -> tuple[Any, ...]:
    """Everything a refused command must leave untouched."""
    snap = await table.snapshot(channel)
    row = await table.store.get_game(snap.game_id)
    assert row is not None
    seats = await table.store.seats(snap.game_id)
    return (row, seats, await table.store.actions(snap.game_id),
            await table.store.events(snap.game_id, viewer="u1"))


async def refused(table: TableService, command: Any, message: str, channel: int = CHANNEL) -> None:
    before = await fingerprint(table, channel)
    with pytest.raises(TableError) as caught:
        await command
    assert str(caught.value).startswith(message), str(caught.value)
    assert await fingerprint(table, channel) == before


async def play_to_the_end(table: TableService, channel: int = CHANNEL) -> TurnResult | None:
    result = None
    for _ in range(200):
        snap = await table.snapshot(channel)
        if snap.status != "active":
            return result
        player = snap.waiting_for[0]
        action = (await table.legal_actions(channel, player))[0]
        result = await table.act(channel, player, action, expected_version=snap.version)
    raise AssertionError("the game did not end")


# -- the lobby -------------------------------------------------------------------------


async def test_new_game_seats_the_creator_and_notes_the_table_size(table: TableService) -> None:
    lobby = await table.new_game(CHANNEL, GUILD, "u1", "Grak", "lucky-race", creator_pick="Iron")
    assert (lobby.slug, lobby.title, lobby.status, lobby.creator) == ("lucky-race", "Lucky Race", "lobby", "u1")
    assert [(s.player, s.name, s.pick, s.colour) for s in lobby.seats] == [("u1", "Grak", "iron", 0)]
    assert lobby.pick is not None and lobby.pick.name == "brood"  # the game's own declaration
    assert lobby.note == "Lucky Race is best with 3 to 4 players; you have 1."
    lobby = await table.join(CHANNEL, "u2", "Mub", "feral")
    lobby = await table.join(CHANNEL, "u3", "Snot", "")
    assert lobby.note is None
    assert [(s.pick, s.colour) for s in lobby.seats] == [("iron", 0), ("feral", 1), ("common", 2)]


async def test_a_channel_runs_one_game_at_a_time(table: TableService) -> None:
    await seated(table, 2)
    await refused(table, table.new_game(CHANNEL, GUILD, "u3", "Snot", "lucky-race"),
                  "This channel already has a game of Lucky Race; finish or /game abandon it first.")
    other = await table.new_game(CHANNEL + 1, GUILD, "u3", "Snot", "lucky-race")
    assert other.channel_id == CHANNEL + 1


async def test_an_unknown_game_is_named_with_the_known_ones(table: TableService) -> None:
    with pytest.raises(TableError, match="no game called 'chess'. Known games: lucky-race."):
        await table.new_game(CHANNEL, GUILD, "u1", "Grak", "chess")


async def test_join_refusals_change_nothing(table: TableService) -> None:
    await seated(table, 3)
    await refused(table, table.join(CHANNEL, "u2", "Mub", "feral"), "You are already seated at this table.")
    await refused(table, table.join(CHANNEL, "u4", "Zog", "goblin"),
                  "There is no brood called 'goblin'; choose Common Orcs, Feral Orcs or Iron Orcs.")
    await table.join(CHANNEL, "u4", "Zog", "common")
    await refused(table, table.join(CHANNEL, "u5", "Gut", "common"),
                  "The table is full: Lucky Race takes at most 4 players.")
    await table.start(CHANNEL, "u1")
    await refused(table, table.join(CHANNEL, "u5", "Gut", "common"), "The game has already started")


async def test_join_without_a_game(table: TableService) -> None:
    with pytest.raises(TableError, match=NO_GAME):
        await table.join(CHANNEL, "u2", "Mub", "feral")


async def test_colours_take_the_first_free_index(table: TableService) -> None:
    await seated(table, 3)
    await table.leave(CHANNEL, "u2")
    lobby = await table.join(CHANNEL, "u4", "Zog", "iron")
    assert {s.player: s.colour for s in lobby.seats} == {"u1": 0, "u3": 2, "u4": 1}


async def test_leaving_hands_the_table_on_and_an_empty_table_is_abandoned(table: TableService) -> None:
    await seated(table, 2)
    await refused(table, table.leave(CHANNEL, "u9"), "You are not seated at this table.")
    lobby = await table.leave(CHANNEL, "u1")
    assert lobby.creator == "u2" and [s.player for s in lobby.seats] == ["u2"]
    lobby = await table.leave(CHANNEL, "u2")
    assert lobby.status == "abandoned" and lobby.seats == []
    fresh = await table.new_game(CHANNEL, GUILD, "u3", "Snot", "lucky-race")
    assert fresh.game_id != lobby.game_id


async def test_only_the_creator_starts_and_only_with_enough_players(table: TableService) -> None:
    await seated(table, 1)
    await refused(table, table.start(CHANNEL, "u1"), "Lucky Race needs 2 to 4 players; 1 is seated.")
    await table.join(CHANNEL, "u2", "Mub", "feral")
    await refused(table, table.start(CHANNEL, "u2"), "Only Grak, who opened this table, can start the game.")
    result = await table.start(CHANNEL, "u1")
    assert result.version == 0
    assert sorted(result.waiting_for) == ["u1", "u2"]
    assert all(p.secret for p in result.prompts)
    assert any("will roll first" in e.text for e in result.public_events)
    await refused(table, table.start(CHANNEL, "u1"), "The game has already started.")


async def test_a_bad_option_refuses_to_start_and_keeps_the_lobby(table: TableService) -> None:
    await table.new_game(CHANNEL, GUILD, "u1", "Grak", "lucky-race", {"target": 0})
    await table.join(CHANNEL, "u2", "Mub", "feral")
    await refused(table, table.start(CHANNEL, "u1"), "The target must be at least 1 point.")
    assert (await table.snapshot(CHANNEL)).status == "lobby"


# -- playing ------------------------------------------------------------------------------


async def test_act_without_a_running_game(table: TableService) -> None:
    with pytest.raises(TableError, match=NO_GAME):
        await table.act(CHANNEL, "u1", {"type": "roll"})
    await seated(table, 2)
    await refused(table, table.act(CHANNEL, "u1", {"type": "roll"}), "The game has not started yet")


async def test_act_refusals_change_nothing(table: TableService) -> None:
    snap = await chosen(table)
    roller = snap.waiting_for[0]
    idle = next(p for p, _, _ in PLAYERS if p != roller)
    await refused(table, table.act(CHANNEL, "u9", {"type": "roll"}), NOT_PLAYING)
    await refused(table, table.act(CHANNEL, idle, {"type": "roll"}), f"It is {NAMES[roller]}'s turn.")
    await refused(table, table.act(CHANNEL, roller, {"type": "roll"}, expected_version=snap.version - 1), STALE)
    await refused(table, table.act(CHANNEL, roller, {"type": "fly"}), "Lucky Race has no move called 'fly'.")
    await refused(table, table.act(CHANNEL, roller, {"number": 3}),
                  "That move does not say what kind of move it is.")
    await refused(table, table.act(CHANNEL, roller, {"type": "choose"}), "That move needs a value for 'number'.")
    await refused(table, table.act(CHANNEL, roller, {"type": "choose", "number": 9}),
                  "That move has a bad value for 'number'")
    await refused(table, table.act(CHANNEL, roller, Choose(number=3)),
                  "The lucky numbers have all been picked; roll the die.")
    result = await table.act(CHANNEL, roller, RollDie(), expected_version=snap.version)
    assert result.version == snap.version + 1


async def test_simultaneous_prompts_name_everyone_still_to_choose(table: TableService) -> None:
    await started(table)
    await table.act(CHANNEL, "u1", {"type": "choose", "number": 4})
    await refused(table, table.act(CHANNEL, "u1", {"type": "choose", "number": 5}),
                  "The game is waiting for Mub and Snot.")


async def test_private_events_go_only_to_the_named_player(table: TableService) -> None:
    await started(table)
    result = await table.act(CHANNEL, "u2", {"type": "choose", "number": 5})
    assert [e.text for e in result.public_events] == ["Mub has picked a lucky number."]
    assert list(result.private_events) == ["u2"]
    assert [e.text for e in result.private_events["u2"]] == ["You picked 5 as your lucky number."]
    assert "5" not in result.public_view.model_dump_json()  # the secret is not on the public board
    assert not any("You picked" in t for t in await table.log(CHANNEL))
    assert not any("You picked" in t for t in await table.log(CHANNEL, viewer="u1"))
    assert "You picked 5 as your lucky number." in await table.log(CHANNEL, viewer="u2")
    own = await table.seat_view(result.game_id, "u2")
    assert own.view.model_dump()["lucky"] == {"u2": 5} and own.private
    assert result.private_changed == result.private_seats == ["u2"]  # u2's own view changed, privately
    other = await table.seat_view(result.game_id, "u1")
    assert other.view.model_dump()["lucky"] == {} and not other.private
    with pytest.raises(TableError, match="You are not playing in this game."):
        await table.seat_view(result.game_id, "someone else")


async def test_a_secret_question_still_open_is_not_asked_again(table: TableService) -> None:
    """Whoever is still at the same secret question after someone else's move was asked already;
    the player who moved answered theirs."""
    await started(table)
    first = await table.act(CHANNEL, "u1", {"type": "choose", "number": 2})
    assert [p.player for p in first.prompts if p.secret] == first.already_asked == ["u2", "u3"]
    assert first.private_changed == ["u1"]
    second = await table.act(CHANNEL, "u2", {"type": "choose", "number": 3})
    assert second.already_asked == ["u3"] and second.private_changed == ["u2"]
    assert second.private_seats == ["u1", "u2"]


async def test_every_applied_move_is_stored_before_act_returns(table: TableService) -> None:
    await chosen(table)
    snap = await table.snapshot(CHANNEL)
    result = await table.act(CHANNEL, snap.waiting_for[0], {"type": "roll"})
    row = await table.store.get_game(result.game_id)
    assert row is not None and row.version == result.version == snap.version + 1
    actions = await table.store.actions(result.game_id)
    assert [a.seq for a in actions] == list(range(1, result.version + 1))
    assert actions[-1].player == snap.waiting_for[0] and '"roll"' in actions[-1].action_json


async def test_a_doubled_click_is_applied_exactly_once(table: TableService) -> None:
    snap = await chosen(table)
    roller = snap.waiting_for[0]
    outcomes = await asyncio.gather(
        table.act(CHANNEL, roller, {"type": "roll"}, expected_version=snap.version),
        table.act(CHANNEL, roller, {"type": "roll"}, expected_version=snap.version),
        return_exceptions=True)
    assert sorted(type(o).__name__ for o in outcomes) == ["TableError", "TurnResult"]
    error = next(o for o in outcomes if isinstance(o, TableError))
    # the second click sees it is no longer that player's turn, or that the button is old
    assert str(error) in (STALE, f"It is {NAMES[(await table.snapshot(CHANNEL)).waiting_for[0]]}'s turn.")
    assert (await table.snapshot(CHANNEL)).version == snap.version + 1
    assert len(await table.store.actions(snap.game_id)) == snap.version + 1


async def test_two_processes_clicking_at_once_apply_the_move_once(
        table: TableService, database: Path | str, make_table: Callable[[Store], TableService]) -> None:
    snap = await chosen(table)
    roller = snap.waiting_for[0]
    other_store = await Store.open(database)
    try:
        other = make_table(other_store)  # its own locks: only the version check stands between them
        outcomes = await asyncio.gather(table.act(CHANNEL, roller, {"type": "roll"}),
                                        other.act(CHANNEL, roller, {"type": "roll"}),
                                        return_exceptions=True)
    finally:
        await other_store.close()
    assert sorted(type(o).__name__ for o in outcomes) == ["TableError", "TurnResult"]
    assert len(await table.store.actions(snap.game_id)) == snap.version + 1
    assert await table.replay_check(snap.game_id)


async def test_losing_the_race_to_another_process_is_refused_and_changes_nothing(
        table: TableService, database: Path | str, make_table: Callable[[Store], TableService]) -> None:
    snap = await chosen(table)
    roller = snap.waiting_for[0]
    other_store = await Store.open(database)
    try:
        other = make_table(other_store)
        seen = await other.snapshot(CHANNEL)  # the second process has this moment cached
        await table.act(CHANNEL, roller, {"type": "roll"})  # the first process writes meanwhile
        with pytest.raises(TableError):  # by now it is not the roller's turn, and the button is stale
            await other.act(CHANNEL, roller, {"type": "roll"}, expected_version=seen.version,
                            game_id=seen.game_id)
    finally:
        await other_store.close()
    assert len(await table.store.actions(snap.game_id)) == snap.version + 1
    assert await table.replay_check(snap.game_id)


async def test_a_cached_state_older_than_the_row_is_read_again_not_applied_to(
        table: TableService, database: Path | str, make_table: Callable[[Store], TableService]) -> None:
    """The per-channel cache is only used when its version is the stored one."""
    snap = await chosen(table)
    other_store = await Store.open(database)
    try:
        other = make_table(other_store)
        await other.snapshot(CHANNEL)
        first = await table.act(CHANNEL, snap.waiting_for[0], {"type": "roll"})
        after = await other.act(CHANNEL, first.waiting_for[0], {"type": "roll"})
    finally:
        await other_store.close()
    assert after.version == snap.version + 2
    assert len(await table.store.actions(snap.game_id)) == snap.version + 2
    assert await table.replay_check(snap.game_id)


async def test_simultaneous_secret_choices_through_two_processes_both_apply_in_turn(
        table: TableService, database: Path | str, make_table: Callable[[Store], TableService]) -> None:
    """Two stores on one database (two bot processes), each with its own locks and cache: the game
    row is held for each move's transaction, so both choices apply, one after the other."""
    snap = (await started(table)).version
    other_store = await Store.open(database)
    try:
        other = make_table(other_store)
        await other.snapshot(CHANNEL)  # both have the opening cached
        both = await asyncio.gather(table.act(CHANNEL, "u1", {"type": "choose", "number": 1}),
                                    other.act(CHANNEL, "u2", {"type": "choose", "number": 2}))
        assert sorted(r.version for r in both) == [snap + 1, snap + 2]
        third = await other.act(CHANNEL, "u3", {"type": "choose", "number": 3})
        assert third.version == snap + 3
        # a move through one, then through the other: neither works on a stale state
        roll = await table.act(CHANNEL, third.waiting_for[0], {"type": "roll"})
        again = await other.act(CHANNEL, roll.waiting_for[0], {"type": "roll"})
        assert again.version == snap + 5
        if other_store.shared:  # a cache shared with other processes is checked before it is shown
            assert (await table.snapshot(CHANNEL)).version == snap + 5
            assert (await table.game_by_id(again.game_id)).version == snap + 5
    finally:
        await other_store.close()
    assert len(await table.store.actions(third.game_id)) == snap + 5
    assert await table.replay_check(third.game_id)


async def test_a_seats_own_view_is_the_stored_versions_not_one_kept_from_before(
        table: TableService, database: Path | str, make_table: Callable[[Store], TableService]) -> None:
    """The table keeps each version's seat views with its snapshot (a moved seat's picture is drawn from
    them): a later version, made here or by another process, never shows a view kept at an earlier one."""
    started_at = (await started(table)).version
    await table.act(CHANNEL, "u1", {"type": "choose", "number": 1})
    game_id = (await table.snapshot(CHANNEL)).game_id
    mine = await table.seat_view(game_id, "u1")
    assert (mine.version, mine.view.lucky, mine.private) == (started_at + 1, {"u1": 1}, True)
    assert (await table.seat_view(game_id, "u2")).view.lucky == {}  # built at this version: nothing kept
    await table.act(CHANNEL, "u2", {"type": "choose", "number": 2})
    theirs = await table.seat_view(game_id, "u2")
    assert (theirs.version, theirs.view.lucky, theirs.private) == (started_at + 2, {"u2": 2}, True)
    again = await table.seat_view(game_id, "u1")  # u1's own part is as it was; the table's moved on
    assert (again.version, again.view.lucky, again.view.chosen) == (started_at + 2, {"u1": 1}, ["u1", "u2"])
    other_store = await Store.open(database)
    try:  # another process moves on: a store shared by processes is asked for the version first
        await make_table(other_store).act(CHANNEL, "u3", {"type": "choose", "number": 3})
    finally:
        await other_store.close()
    if table.store.shared:
        third = await table.seat_view(game_id, "u3")
        assert (third.version, third.view.lucky, third.private) == (started_at + 3, {"u3": 3}, True)
        assert (await table.seat_view(game_id, "u1")).view.chosen == ["u1", "u2", "u3"]


async def test_whom_the_game_waits_for_is_asked_again_at_a_version_another_process_made(
        table: TableService, database: Path | str, make_table: Callable[[Store], TableService]) -> None:
    """The table keeps whom each version waits for (`Live.waiting_for`): a move checked against a cached
    game another process has moved on from reads the stored version, and whom it waits for, again."""
    snap = await chosen(table)
    roller = snap.waiting_for[0]
    assert await table.legal_actions(CHANNEL, roller) == [RollDie()]  # this version's, kept
    other_store = await Store.open(database)
    try:
        moved = await make_table(other_store).act(CHANNEL, roller, {"type": "roll"})
    finally:
        await other_store.close()
    following = moved.waiting_for[0]
    assert following != roller
    if table.store.shared:  # the cached version is checked before its legal moves are given
        assert await table.legal_actions(CHANNEL, roller) == []
        assert await table.legal_actions(CHANNEL, following) == [RollDie()]
    after = await table.act(CHANNEL, following, {"type": "roll"})  # not refused as out of turn
    assert after.version == snap.version + 2
    assert await table.replay_check(snap.game_id)


async def test_a_game_plays_to_the_end_and_replays_from_its_seed(table: TableService) -> None:
    await chosen(table)
    last = await play_to_the_end(table)
    assert last is not None and last.outcome is not None
    assert last.prompts == [] and last.waiting_for == []
    assert any(e.kind == "end" for e in last.public_events)
    snap = await table.snapshot(CHANNEL)
    assert snap.status == "finished" and snap.outcome == last.outcome and snap.version == last.version
    assert await table.replay_check(snap.game_id)
    with pytest.raises(TableError, match=NO_GAME):
        await table.act(CHANNEL, snap.waiting_for[0] if snap.waiting_for else "u1", {"type": "roll"})
    with pytest.raises(TableError, match="That game is over."):
        await table.act(CHANNEL, "u1", {"type": "roll"}, game_id=snap.game_id)
    assert (await table.new_game(CHANNEL, GUILD, "u1", "Grak", "lucky-race")).status == "lobby"


async def test_a_restart_mid_game_carries_on(
        store: Store, database: Path | str, make_table: Callable[[Store], TableService]) -> None:
    first = make_table(store)
    snap = await chosen(first)
    await first.act(CHANNEL, snap.waiting_for[0], {"type": "roll"})
    before = await first.snapshot(CHANNEL)
    await store.close()

    reopened = await Store.open(database)
    try:
        second = make_table(reopened)
        after = await second.snapshot(CHANNEL)
        assert after.model_dump() == before.model_dump()
        assert await second.replay_check(after.game_id)
        last = await play_to_the_end(second)
        assert last is not None and last.outcome is not None
        assert await second.replay_check(after.game_id)
    finally:
        await reopened.close()


async def test_buttons_from_an_earlier_game_are_refused(table: TableService) -> None:
    await started(table)
    old = await table.snapshot(CHANNEL)
    await table.abandon(CHANNEL, "u1", is_admin=False)
    await started(table)
    await refused(table, table.act(CHANNEL, "u1", {"type": "choose", "number": 1}, game_id=old.game_id,
                                   expected_version=0), "That game was abandoned.")
    current = await table.snapshot(CHANNEL)
    result = await table.act(CHANNEL, "u1", {"type": "choose", "number": 1}, game_id=current.game_id,
                             expected_version=0)
    assert result.version == 1
    assert (await table.game_by_id(old.game_id)).status == "abandoned"
    with pytest.raises(TableError, match="That game no longer exists."):
        await table.game_by_id(9999)


async def test_only_the_creator_or_an_admin_abandons(table: TableService) -> None:
    await started(table)
    await refused(table, table.abandon(CHANNEL, "u2", is_admin=False),
                  "Only Grak, who opened this table, or a server admin can abandon it.")
    await table.abandon(CHANNEL, "u2", is_admin=True)
    assert (await table.snapshot(CHANNEL)).status == "abandoned"
    with pytest.raises(TableError, match=NO_GAME):
        await table.abandon(CHANNEL, "u1", is_admin=True)


async def test_legal_actions_are_empty_for_anyone_who_cannot_act(table: TableService) -> None:
    assert await table.legal_actions(CHANNEL, "u1") == []
    await seated(table, 2)
    assert await table.legal_actions(CHANNEL, "u1") == []
    await table.start(CHANNEL, "u1")
    assert await table.legal_actions(CHANNEL, "u1") == [Choose(number=n) for n in range(1, 7)]
    await table.act(CHANNEL, "u1", {"type": "choose", "number": 2})
    assert await table.legal_actions(CHANNEL, "u1") == []
    assert await table.legal_actions(CHANNEL, "u9") == []


async def test_snapshots_and_logs(table: TableService) -> None:
    with pytest.raises(TableError, match=NO_GAME):
        await table.snapshot(CHANNEL)
    with pytest.raises(TableError, match=NO_GAME):
        await table.log(CHANNEL)
    await seated(table, 2)
    lobby = await table.snapshot(CHANNEL)
    assert (lobby.status, lobby.state, lobby.public_view, lobby.prompts) == ("lobby", None, None, [])
    assert await table.log(CHANNEL) == []
    await chosen(table, 2, channel=CHANNEL + 1)
    snap = await table.snapshot(CHANNEL + 1)
    assert snap.status == "active" and len(snap.waiting_for) == 1 and snap.public_view is not None
    assert snap.model_dump()["public_view"]["game"] == "lucky-race"
    log = await table.log(CHANNEL + 1, limit=2)
    assert log == ["Grak has picked a lucky number.", "Mub has picked a lucky number."]
    assert len(await table.log(CHANNEL + 1, viewer="u1")) == len(await table.log(CHANNEL + 1)) + 1


async def test_the_real_masters_fight_survives_a_restart_and_replays(database: Path | str) -> None:
    """The registry's game through the whole service: JSON round trips of its state and actions."""
    import random

    from rules.registry import GAMES

    chooser = random.Random(4)
    store = await Store.open(database)
    table = TableService(store, seed_source=lambda: 77)
    assert table.games is GAMES
    await table.new_game(CHANNEL, GUILD, "u1", "Grak", "masters-fight", creator_pick="iron")
    for player, name, brood in PLAYERS[1:]:
        await table.join(CHANNEL, player, name, brood)
    await table.start(CHANNEL, "u1")
    for half in range(2):
        for _ in range(30):
            snap = await table.snapshot(CHANNEL)
            player = snap.waiting_for[0]
            action = chooser.choice(await table.legal_actions(CHANNEL, player))
            await table.act(CHANNEL, player, action.model_dump(mode="json"), expected_version=snap.version)
        assert await table.replay_check(snap.game_id)
        await store.close()
        store = await Store.open(database)
        table = TableService(store, seed_source=lambda: 77)
    snap = await table.snapshot(CHANNEL)
    assert snap.version == 60 and snap.status == "active" and snap.public_view is not None
    await store.close()


async def test_a_channel_the_cache_let_go_of_is_read_again_and_plays_on(
        table: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.service.live as table_module

    monkeypatch.setattr(table_module, "LIVE_KEPT", 1)
    first = await chosen(table, channel=CHANNEL)
    second = await chosen(table, channel=CHANNEL + 1)  # pushes the first channel out of memory
    assert table.cached(first.game_id) is None and table.cached(second.game_id) is not None
    again = await table.snapshot(CHANNEL)
    assert again.version == first.version and again.state == first.state
    moved = await table.act(CHANNEL, again.waiting_for[0], {"type": "roll"}, expected_version=again.version,
                            game_id=again.game_id)
    assert moved.version == first.version + 1
    assert await table.replay_check(first.game_id)


async def test_an_idle_player_removed_by_the_others_is_played_for_and_places_last(table: TableService) -> None:
    snap = await chosen(table)
    idle = snap.waiting_for[0]
    after = await table.settle_idle(CHANNEL, snap.game_id, snap.version, [idle], "remove")
    assert after.version == snap.version + 1 and idle not in after.waiting_for  # their roll was made for them
    while (current := await table.snapshot(CHANNEL)).outcome is None:
        assert idle not in current.waiting_for, "the game never waits for a removed player again"
        await table.act(CHANNEL, current.waiting_for[0], {"type": "roll"})
    final = await table.snapshot(CHANNEL)
    assert final.outcome is not None and final.outcome.placings[-1] == [idle]
    assert "removed for idling" in final.outcome.summary
    assert await table.replay_check(final.game_id)  # the bot's moves for them are in the log like any other
    with pytest.raises(TableError, match=STALE):
        await table.settle_idle(CHANNEL, snap.game_id, snap.version, [idle], "skip")


async def test_skipping_an_idle_player_plays_one_quiet_move_for_them(table: TableService) -> None:
    snap = await chosen(table)
    idle = snap.waiting_for[0]
    after = await table.settle_idle(CHANNEL, snap.game_id, snap.version, [idle], "skip")
    assert after.version == snap.version + 1 and after.waiting_for and after.waiting_for[0] != idle
    row = await table.store.get_game(snap.game_id)
    assert row is not None and row.forfeited == () and row.idle_stage == 0 and row.waiting_since is not None


async def test_a_flying_pigs_lobby_seats_ten(store: Store) -> None:
    # 000 I.1: "any number of players can participate" (reading any-number: the bot seats ten)
    from renderers import render
    from rules.orclympics.flying_pigs import GAME as FLYING_PIGS

    pigs = TableService(store, {"flying-pigs": FLYING_PIGS}, seed_source=lambda: 5)
    await pigs.new_game(CHANNEL, GUILD, "p1", "Orc 1", "flying-pigs", creator_pick="iron")
    for n in range(2, 11):
        await pigs.join(CHANNEL, f"p{n}", f"Orc {n}", "common")
    with pytest.raises(TableError, match="takes at most 10 players"):
        await pigs.join(CHANNEL, "p11", "Orc 11", "common")
    await pigs.start(CHANNEL, "p1")
    snap = await pigs.snapshot(CHANNEL)
    assert len(snap.seats) == 10 and len({s.colour for s in snap.seats}) == 10
    assert render(snap.public_view)[:8] == b"\x89PNG\r\n\x1a\n"
