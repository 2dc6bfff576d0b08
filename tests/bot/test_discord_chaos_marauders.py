"""Chaos Marauders in Discord (issue 27): a whole game of three players from `/game new` to the
placings, with a wrong shout and its price, a Git owner's forced-discard question left to the
reaction timer (its default: let it be), two shouts clicked in the same moment, and the last call
after each turn; then computer players who shout out of turn, after a seeded pause, never wrongly.

The deck order comes from the game's seed: 729 brings a wrong-shout chance, a Git's question and the
Chaos Marauders early under the policy below in either order of the two shouts; it was found by
`tests/rules/chaos_marauders/seed_search.py`, which plays the same policy on the engine alone.
"""

from __future__ import annotations

import asyncio
import json
import random
from types import SimpleNamespace
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    click_in_flight,
    custom_ids,
    last_board,
    live_controls,
    make_bot,
    snapshot,
    untrue_past,
    world,
)

from bot.waits import computers
from bot.waits import reactions
from bot.app.client import ZagjanBot
from bot.service.table import STALE
from rules.chaos_marauders.data import DECK, MARAUDERS
from rules.chaos_marauders.models import AskKind, Decline, LetBe, Place, Shout, Take
from rules.core.computer import Level, is_computer, new_computer
from rules.core.engine import Seat

SEED = 729


@pytest.fixture
def simcord_bot(make_bot) -> ZagjanBot:
    return make_bot(seed_source=lambda: SEED)


def policy(legal: list[Any]) -> Any:
    """The seed search's player: let a Git be, take the first card a wrong shout allows, else the
    first move that is neither a shout nor a decline."""
    if LetBe() in legal:
        return LetBe()
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        return takes[0]
    kept = [a for a in legal if not isinstance(a, Shout | Decline)]
    return (kept or legal)[0]


def shout_button(board: Any) -> str:
    return next(c for c in custom_ids(board) if ":shout." in c)


async def settle(bot: ZagjanBot, channel_id: int) -> None:
    await bot.boards.channel(channel_id).drained()


async def wait_past(bot: ZagjanBot, channel_id: int, version: int) -> Any:
    for _ in range(200):
        await settle(bot, channel_id)
        snap = await bot.table.snapshot(channel_id)
        if snap.version > version:
            return snap
        await asyncio.sleep(0.02)
    raise AssertionError("the reaction timer never applied its default")


def public_text(channel: Any) -> str:
    """Everything the channel shows everyone: messages and their embeds."""
    return "\n".join(part for m in channel.history() if not m.flags.ephemeral
                     for part in [m.content or "", *(e.description or "" for e in m.embeds)])


async def test_a_game_with_a_wrong_shout_a_git_and_two_shouts_in_the_same_moment(simcord_env, world, monkeypatch):
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")  # the timers fire only where the test says
    bot, channel = simcord_env.bot, world.channel
    assert applied(await world.alice.slash(channel, "game new", game="chaos-marauders"))
    assert applied(await world.bob.slash(channel, "game join"))
    assert applied(await world.carol.slash(channel, "game join"))
    assert applied(await world.alice.slash(channel, "game start"))
    await settle(bot, channel.id)
    wrong = git = raced = False
    for step in range(400):
        snap = await snapshot(simcord_env, channel)
        if snap.outcome is not None:
            break
        if step % 10 == 0:  # issue 40: one live board; no older message keeps controls or untrue words
            await settle(bot, channel.id)
            assert not untrue_past(channel), untrue_past(channel)[:3]
        state = snap.state
        ask = state.ask
        others = [*state.order[state.active + 1:], *state.order[:state.active]]

        if (not wrong and snap.version >= 4 and ask.kind is AskKind.DRAWN and state.marauders_turn != state.turn
                and any(c is not None for line in state.lines[others[0]] for c in line)):
            # a wrong shout (seed 001 L58-64, C15): a click on the button every turn shows
            shouter = world.by_id(others[0])
            assert applied(await shouter.click(last_board(channel), custom_id=shout_button(last_board(channel))))
            await settle(bot, channel.id)
            assert "has not drawn it this turn" in public_text(channel)
            after = await snapshot(simcord_env, channel)
            assert after.state.penalties == [others[0]]
            wrong = True
            continue

        if ask.kind is AskKind.PENALTY:  # the drawer takes a card for it, with the slash command
            take = policy(await bot.table.legal_actions(channel.id, state.current))
            assert isinstance(take, Take)
            result = await world.by_id(state.current).slash(channel, "cm take", line=take.line + 1,
                                                            slot=take.slot + 1)
            assert applied(result)
            await settle(bot, channel.id)
            assert "for the wrong shout" in public_text(channel)
            continue

        if ask.kind is AskKind.GIT:  # nobody answers: the reaction timer lets the card be (C8)
            prompt = next(p for p in snap.prompts if p.default is not None)
            assert prompt.default == LetBe().model_dump() and prompt.player in ask.players
            owner = next(s.name for s in snap.seats if s.player == prompt.player)
            reactions.schedule(bot, snap, seconds=0.05)
            after = await wait_past(bot, channel.id, snap.version)
            assert f"{owner} did not answer in time" in (last_board(channel).embeds[0].description or "")
            assert after.state.ask is None or after.state.ask.kind is not AskKind.GIT or \
                after.state.git_waiting != state.git_waiting
            git = True
            continue

        player = snap.waiting_for[0]
        action = policy(await bot.table.legal_actions(channel.id, player))
        marauders = (ask.kind is AskKind.DRAWN and DECK[state.drawn] == MARAUDERS and isinstance(action, Place)
                     and action.player is None)
        await bot.show_move(await bot.table.act(channel.id, player, action, expected_version=snap.version))
        await settle(bot, channel.id)
        if not marauders or raced:
            continue

        # the Marauders is in the drawer's line: both other players click "Chaos Marauders!" at once,
        # the second click carrying the board as it was before the first one changed it
        placed = await snapshot(simcord_env, channel)
        assert placed.state.marauders_turn == placed.state.turn and not placed.state.claimed
        board = last_board(channel)
        button = shout_button(board)
        assert button.endswith(f"shout.{placed.state.turn}")  # the turn, not the version (any_version)
        first, second = (world.by_id(p) for p in others)
        results = await asyncio.gather(first.click(board, custom_id=button), click_in_flight(second, board, button))
        assert all(applied(r) for r in results)
        await settle(bot, channel.id)
        moves = (await bot.table.store.actions(placed.game_id))[placed.version:]  # the moves since the Marauders
        assert [(m.player, '"shout"' in m.action_json) for m in moves] == [(others[0], True), (others[1], True)] \
            or [(m.player, '"shout"' in m.action_json) for m in moves] == [(others[1], True), (others[0], True)]
        winner, loser = moves[0].player, moves[1].player  # the log's order is the race's
        names = {s.player: s.name for s in placed.seats}
        text = public_text(channel)
        assert f"{names[winner]} shouts \"Chaos Marauders!\" first" in text
        assert f"{names[loser]} shouts \"Chaos Marauders!\" too — too late: {names[winner]} was first" in text
        won = await snapshot(simcord_env, channel)
        assert won.state.held[0].player == winner and len(won.state.held) == 1  # nothing doubled
        assert MARAUDERS not in [DECK[c] for line in won.state.lines[placed.state.current] for c in line if c]
        # a third click is refused with a sentence (each player shouts once a turn) and stores nothing
        again = await click_in_flight(world.by_id(loser), board, button)
        assert answered_privately(again).endswith("turn.")
        assert len(await bot.table.store.actions(placed.game_id)) == placed.version + 2
        raced = True
    else:
        raise AssertionError("the game did not end")

    final = await snapshot(simcord_env, channel)
    assert wrong and git and raced
    assert final.outcome is not None and sum(len(g) for g in final.outcome.placings) == 3
    assert "Victory Points" in public_text(channel)
    assert await bot.table.replay_check(final.game_id)  # the stored log replays, shouts in their order
    assert not untrue_past(channel), untrue_past(channel)[:3]
    for member in (world.alice, world.bob, world.carol):  # no question left clickable in anyone's DMs
        assert not [live_controls(m) for m in member.user.dm_channel.history() if live_controls(m)]


async def test_computers_shout_out_of_turn_after_a_seeded_pause_and_never_wrongly(simcord_env, world, monkeypatch):
    # issue 27: a computer shouts the moment a human might (3-7 s, from the bot's seeded rng; shortened
    # here), while the game waits for someone else, and only when the Marauders really was drawn
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")
    monkeypatch.setenv("ZAGJAN_COMPUTER_ITERATIONS", "4")
    monkeypatch.setattr(computers, "ANY_TIME_SECONDS", (0.01, 0.03))
    pauses: list[float] = []
    looking = computers._out_of_turn

    async def looks(bot: Any, channel_id: int, game_id: int, player: str, pause: float) -> None:
        pauses.append(pause)
        await looking(bot, channel_id, game_id, player, pause)

    monkeypatch.setattr(computers, "_out_of_turn", looks)
    bot = simcord_env.bot
    channel = world.channel
    easy, easy_name = new_computer(Level.EASY, [], [])
    normal, normal_name = new_computer(Level.NORMAL, [easy], [easy_name])
    human = str(world.alice.id)
    seats = [Seat(player=human, name="alice", colour=0), Seat(player=easy, name=easy_name, colour=1),
             Seat(player=normal, name=normal_name, colour=2)]
    result = await bot.table.start_seated(channel.id, world.guild.id, "chaos-marauders", seats, {})
    await bot.show_move(result)
    shouts_seen = 0
    for _ in range(3000):
        await settle(bot, channel.id)
        pending = [t for t in [*bot.computer_moves.values(), *bot.computer_any_time.values()] if not t.done()]
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
            continue
        snap = await bot.table.snapshot(channel.id)
        if snap.outcome is not None:
            break
        state = snap.state
        if state.marauders_turn == state.turn and state.current == human and not state.claimed:
            shouts_seen += 1
        if human not in snap.waiting_for:
            await asyncio.sleep(0.01)
            continue
        legal = await bot.table.legal_actions(channel.id, human)
        await bot.show_move(await bot.table.act(channel.id, human, policy(legal), expected_version=snap.version))
    else:
        raise AssertionError("the game did not end")
    final = await bot.table.snapshot(channel.id)
    assert final.outcome is not None
    log = await bot.table.store.actions(final.game_id)
    shouts = [a for a in log if '"shout"' in a.action_json]
    assert shouts and all(is_computer(a.player) for a in shouts)
    assert "has not drawn it this turn" not in public_text(channel)  # never wrongly
    # some shout came while the game was waiting for someone else (replayed from the log)
    game, row = bot.table.game("chaos-marauders"), await bot.table.store.get_game(final.game_id)
    out_of_turn = [n for n, a in enumerate(log) if '"shout"' in a.action_json and a.player not in game.waiting_for(
        game.replay(seats, {}, row.seed, [(m.player, game.parse_action(json.loads(m.action_json))) for m in log[:n]]))]
    assert out_of_turn
    # each pause was drawn from the bot's seeded rng, within the bounds
    assert pauses and all(0.01 <= p <= 0.03 for p in pauses)
    again = random.Random(1)  # the fixture's rng: the first pause is its first draw
    assert pauses[0] == again.uniform(0.01, 0.03)
    assert await bot.table.replay_check(final.game_id)


def test_a_computer_answers_a_timed_window_no_sooner_than_it_would_shout(monkeypatch):
    # C14: the next seat's last call is a reaction; a computer there waits a human's while (3-7 s,
    # from the bot's seeded rng) before drawing, so the others keep time to shout about the turn before
    from rules.core.engine import Prompt, PromptKind

    bot = SimpleNamespace(rng=random.Random(5))
    timed = SimpleNamespace(prompts=[Prompt(player="cpu-normal-1", kind=PromptKind.ACTION, text="last call",
                                            default={"type": "begin"})])
    asked = SimpleNamespace(prompts=[Prompt(player="cpu-normal-1", kind=PromptKind.ACTION, text="where?")])
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "2")
    assert computers.pause_before(bot, asked, "cpu-normal-1") == 2
    assert computers.pause_before(bot, timed, "cpu-normal-1") == random.Random(5).uniform(3.0, 7.0)
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "0")  # no pause at all (tests): at once
    assert computers.pause_before(bot, timed, "cpu-normal-1") == 0


async def test_a_computer_waiting_to_shout_in_one_channel_holds_up_no_other(simcord_env, world, monkeypatch):
    # each computer's look out of turn is a task of its own: a long pause in one channel does not
    # delay a move in another
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "3600")  # the computers the game waits for stall
    monkeypatch.setattr(computers, "ANY_TIME_SECONDS", (30.0, 30.0))
    monkeypatch.setattr(computers, "worth_out_of_turn", lambda game, seen, player: game.out_of_turn(seen, player))
    bot = simcord_env.bot
    one, one_name = new_computer(Level.EASY, [], [])
    two, two_name = new_computer(Level.EASY, [one], [one_name])
    seats = [Seat(player=str(world.alice.id), name="alice", colour=0), Seat(player=one, name=one_name, colour=1),
             Seat(player=two, name=two_name, colour=2)]
    started = await bot.table.start_seated(world.channel.id, world.guild.id, "chaos-marauders", seats, {})
    await bot.show_move(started)
    waiting = [t for t in bot.computer_any_time.values() if not t.done()]
    assert waiting, "no computer is waiting to make a move out of turn"
    others = [Seat(player=str(world.bob.id), name="bob", colour=0), Seat(player=str(world.carol.id), name="carol",
                                                                        colour=1)]
    elsewhere = await bot.table.start_seated(world.other.id, world.guild.id, "chaos-marauders", others, {})
    await bot.show_move(elsewhere)
    player = elsewhere.waiting_for[0]
    legal = await bot.table.legal_actions(world.other.id, player)
    moved = await asyncio.wait_for(bot.table.act(world.other.id, player, policy(legal)), timeout=5)
    await asyncio.wait_for(bot.show_move(moved), timeout=5)
    assert moved.version == elsewhere.version + 1 and all(not t.done() for t in waiting)
    for task in waiting:
        task.cancel()


async def test_the_last_call_keeps_the_rules_eight_seconds_not_the_tables_reaction_time(simcord_env, world,
                                                                                        monkeypatch):
    # seed 001 L42-61, reading C14 (b): "plus an 8 s last call given after every turn". The table's usual
    # reaction time is an hour here; the last call's timer still waits the rules' 8 seconds (the clock is
    # forced: each timer's wait is recorded, then it fires at once), and then the next player draws.
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    timed: list[tuple[int, str, float]] = []
    later = reactions._later

    async def forced(bot: Any, channel_id: int, game_id: int, version: int, player: str, action: dict[str, Any],
                     seconds: float) -> None:
        timed.append((version, action["type"], seconds))
        await later(bot, channel_id, game_id, version, player, action, 0)

    monkeypatch.setattr(reactions, "_later", forced)
    bot, channel = simcord_env.bot, world.channel
    seats = [Seat(player=str(world.alice.id), name="alice", colour=0),
             Seat(player=str(world.bob.id), name="bob", colour=1)]
    await bot.show_move(await bot.table.start_seated(channel.id, world.guild.id, "chaos-marauders", seats, {}))
    for _ in range(300):
        await settle(bot, channel.id)
        await asyncio.gather(*[t for t in reactions._TIMERS.values() if not t.done()])
        await settle(bot, channel.id)
        if any(kind == "begin" for _, kind, _ in timed):
            break
        snap = await bot.table.snapshot(channel.id)
        assert snap.outcome is None and snap.state.ask.kind is not AskKind.LAST_CALL  # its timer ran first
        player = snap.waiting_for[0]
        action = policy(await bot.table.legal_actions(channel.id, player))
        await bot.show_move(await bot.table.act(channel.id, player, action, expected_version=snap.version))
    else:
        raise AssertionError("no turn ended")
    version, _, seconds = next(t for t in timed if t[1] == "begin")
    assert seconds == 8.0  # the rules' limit, not the table's 3600
    assert all(s == 20.0 for _, kind, s in timed if kind == "let-be")  # C8: a Git owner's 20 seconds
    after = await bot.table.snapshot(channel.id)
    applied_move = (await bot.table.store.actions(after.game_id))[version]  # the timer's move, at its version
    assert '"begin"' in applied_move.action_json and after.version > version
    assert "did not answer in time, so the rules' default was applied" in public_text(channel)


def test_a_computer_shouts_inside_the_last_call(monkeypatch):
    # C14 (b): the 8-second last call leaves a computer time to shout in it: its pause out of turn (3-7 s)
    # and, when it is the one asked, its pause before drawing are both shorter than the call
    from rules.chaos_marauders.questions import LAST_CALL_SECONDS
    from rules.core.engine import Prompt, PromptKind

    assert computers.ANY_TIME_SECONDS[1] < LAST_CALL_SECONDS
    monkeypatch.delenv("ZAGJAN_COMPUTER_SECONDS", raising=False)  # the bot's usual pause
    bot = SimpleNamespace(rng=random.Random(3))
    call = SimpleNamespace(prompts=[Prompt(player="cpu-normal-1", kind=PromptKind.ACTION, text="last call",
                                           default={"type": "begin"}, seconds=LAST_CALL_SECONDS)])
    assert all(computers.pause_before(bot, call, "cpu-normal-1") < LAST_CALL_SECONDS for _ in range(200))


async def test_an_old_turns_buttons_say_their_turn_is_over(simcord_env, world, monkeypatch):
    # seed 001 L42-61, C14 (b): a shout counts only in its turn and the last call after it. A shout
    # button of a turn that is over (judged by its turn, not a version) is answered with that, not with
    # whose turn it is or "not open to you any more", and nothing is stored.
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")
    bot, channel = simcord_env.bot, world.channel
    seats = [Seat(player=str(world.alice.id), name="alice", colour=0),
             Seat(player=str(world.bob.id), name="bob", colour=1),
             Seat(player=str(world.carol.id), name="carol", colour=2)]
    await bot.show_move(await bot.table.start_seated(channel.id, world.guild.id, "chaos-marauders", seats, {}))
    await settle(bot, channel.id)
    first = await bot.table.snapshot(channel.id)
    old_board = last_board(channel)
    old_shout = shout_button(old_board)
    pinned = next(c for c in custom_ids(old_board) if ":shout." not in c and f":{first.version}:" in c)
    for _ in range(100):  # play on until the next turn has started
        snap = await bot.table.snapshot(channel.id)
        if snap.state.turn > first.state.turn:
            break
        player = snap.waiting_for[0]
        action = policy(await bot.table.legal_actions(channel.id, player))
        await bot.show_move(await bot.table.act(channel.id, player, action, expected_version=snap.version))
        await settle(bot, channel.id)
    else:
        raise AssertionError("the first turn never ended")
    now = await bot.table.snapshot(channel.id)
    stored = len(await bot.table.store.actions(now.game_id))
    bystander = next(p for p in now.state.order if p not in (now.state.current, *now.waiting_for))
    for player in (bystander, now.state.current):  # whoever clicks it, the drawer of the new turn too
        late = await click_in_flight(world.by_id(player), old_board, old_shout)
        assert answered_privately(late).startswith("Too late: the turn that shout is about is over")
    # an old board's button pinned to its version says it is from an earlier moment, to the player asked
    # now and to one who may shout (anyone else is told whose turn it is, as in every game)
    for player in (now.waiting_for[0], bystander):
        assert answered_privately(await click_in_flight(world.by_id(player), old_board, pinned)) == STALE
    assert len(await bot.table.store.actions(now.game_id)) == stored  # nothing was applied
    assert (await bot.table.snapshot(channel.id)).version == now.version


def test_a_click_read_back_from_its_code_is_the_move_coded_or_nothing():
    # the refusal of an old shout reads the click back into its move (rules.core.moves.read_back): for every
    # game's legal moves along a random game, it gives that very move or None, never another one
    from rules.core.moves import code, read_back
    from rules.core.selfplay import play_random
    from rules.registry import GAMES

    read = 0
    for slug, game in sorted(GAMES.items()):
        log = play_random(game, game.usual_table(), 2, stop_after=30).log
        state = play_random(game, game.usual_table(), 2, stop_after=0).state  # the same start
        for player, action in log:
            for seat in state.seats:
                for legal in game.legal_actions(state, seat.player):
                    back = read_back(game, legal.type, code(legal))
                    assert back is None or back == legal, (slug, legal, back)
                    read += back is not None
            state = game.apply(state, player, action).state
    assert read > 100
    shout = Shout(turn=7)
    assert read_back(GAMES["chaos-marauders"], "shout", code(shout)) == shout
