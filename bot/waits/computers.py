"""Computer players at a Discord table: when a board waits for one, it plays.

After every board (`BoardPosts` tells the bot), `schedule` looks at who must act; when it is a
computer, one task per game waits a short pause (so the table can follow the board), asks the
table for the state as that seat knows it (`TableService.seen_by`), thinks in the bot's thinking
pool (a worker process: the event loop never runs a search), and plays through the same door as
a click (`TableService.act`, pinned to the version it thought about), and its move is shown as a
click's is (`ShowMove`). The new board starts the next computer's turn the same way. A human's answer in the meantime moves the version on, and
the computer's stale move is refused harmlessly; the new board schedules it again.

Tasks live in memory (`computer_moves` of the bot, one per game), so `resume` starts them again for
every running game when the bot starts.

Out of turn, a computer may also make a move the rules leave open to anyone at any time (a
`Move.any_time`, such as a shout): after each board, every computer seat the game is not waiting
for looks at the game as its seat knows it, and when its game's tactics find such a move worth
making (`out_of_turn(state, player, actions)` of the game's `Tactics`, if it has one: none, and a
computer never moves out of turn), it makes it after a human-like pause (`ANY_TIME_SECONDS`, drawn
from the bot's seeded `rng`), looking again first: one task per computer seat and game
(`computer_any_time`), which later boards leave to run, so a table that moves fast does not keep
putting it off. Every channel's tasks are its own: none waits for another channel's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import TYPE_CHECKING, Any, Protocol

from bot.service.painter import Painter
from bot.settings import Settings
from bot.service.table import TableError, TableService
from rules.core.computer import Level, decide, level_of
from rules.core.dice import Dice
from rules.core.engine import Game
from rules.core.search import Budget, kind_first, picker, tactics_of, worth_out_of_turn

if TYPE_CHECKING:
    from bot.ui.board import BoardLike
    from bot.ui.shown import ShowMove

log = logging.getLogger("zagjan.computers")

ANY_TIME_SECONDS: tuple[float, float] = (3.0, 7.0)
"""How long a computer takes to make a move out of turn (a shout), in seconds: each pause is drawn
from the bot's `rng` between these two, so a seeded bot repeats it (tests set them shorter)."""
ANY_TIME_TRIES = 3  # a move out of turn refused as stale (the game moved on meanwhile) is looked at again


class Playing(Protocol):
    """What a computer player uses of the bot: the table (what its seat knows, the door a move goes
    through), a pool to think in, a source of seeds, the one way a move is shown, and the moves
    under way (one task per game)."""

    thinking: Painter
    rng: random.Random
    computer_moves: dict[int, asyncio.Task[None]]
    computer_any_time: dict[tuple[int, str], asyncio.Task[None]]

    @property
    def table(self) -> TableService: ...

    @property
    def show_move(self) -> ShowMove: ...


def think(slug: str, seen_json: str, player: str, seed: int, iterations: int) -> str:
    """A computer's move as JSON, from the state as its seat knows it. Runs in a worker process."""
    from rules.registry import GAMES

    game = GAMES[slug]
    level = level_of(player)
    assert level is not None
    seen = game.load_state(seen_json)
    if level is Level.EASY:  # random moves, but no any-time move its game's tactics would not make
        actions = list(game.legal_actions(seen, player))
        any_time = game.out_of_turn(seen, player)
        worth = worth_out_of_turn(game, seen, player)
        kept = [a for a in actions if a not in any_time or a in worth] or actions
        return game.dump_action(kind_first(kept, picker(Dice(seed=seed))))
    action = decide(game, seen, player, level, seed, Budget(iterations=iterations))
    return game.dump_action(action)


def _has_any_time(game: Game[Any, Any]) -> bool:
    """Whether the game declares any-time moves and its tactics say which are worth making."""
    return (game.moves is not None and game.moves.any_time
            and getattr(tactics_of(game), "out_of_turn", None) is not None)


def waiting_computer(board: BoardLike) -> str | None:
    """The first computer the board waits for, if any."""
    if board.outcome is not None:
        return None
    return next((p for p in board.waiting_for if level_of(p) is not None), None)


def schedule(bot: Playing, board: BoardLike) -> asyncio.Task[None] | None:
    """Start (or restart) the computer move of `board`'s game; None when no computer must act. The
    other computer seats look for a move out of turn (`schedule_any_time`)."""
    schedule_any_time(bot, board)
    moves = bot.computer_moves
    cancel(moves, board.game_id)
    player = waiting_computer(board)
    if player is None:
        return None
    task = asyncio.get_running_loop().create_task(
        _play(bot, board.channel_id, board.game_id, player, pause_before(bot, board, player)),
        name=f"computer-{board.game_id}")
    moves[board.game_id] = task
    task.add_done_callback(lambda done: moves.pop(board.game_id, None) if moves.get(board.game_id) is done
                           else None)
    return task


def pause_before(bot: Playing, board: BoardLike, player: str) -> float:
    """How long the computer `player` waits before its move on `board`: the bot's pause
    (`computer_seconds`); for a timed reaction (a window the rules open for the others too, such as a
    last call for shouts) no less than a move out of turn's pause (`ANY_TIME_SECONDS`, drawn from the
    bot's rng), so a computer does not close it before a human could act in it. With no pause set
    (as tests set it), at once."""
    pause = Settings().computer_seconds
    if pause > 0 and any(p.player == player and p.default is not None for p in board.prompts):
        pause = max(pause, bot.rng.uniform(*ANY_TIME_SECONDS))
    return pause


def schedule_any_time(bot: Playing, board: BoardLike) -> list[asyncio.Task[None]]:
    """For each computer seat of `board`'s game that the game is not waiting for and that has no
    look under way: a task that looks for a move worth making out of turn and makes it after a
    pause. Games that declare no any-time move start nothing."""
    if board.outcome is not None or not _has_any_time(bot.table.game(board.slug)):
        return []
    tasks = bot.computer_any_time
    started = []
    for seat in board.seats:
        player = seat.player
        key = (board.game_id, player)
        if level_of(player) is None or player in board.waiting_for or (key in tasks and not tasks[key].done()):
            continue
        pause = bot.rng.uniform(*ANY_TIME_SECONDS)
        task = asyncio.get_running_loop().create_task(
            _out_of_turn(bot, board.channel_id, board.game_id, player, pause), name=f"computer-{board.game_id}-{player}")
        tasks[key] = task
        task.add_done_callback(lambda done, key=key: tasks.pop(key, None) if tasks.get(key) is done else None)
        started.append(task)
    return started


async def _worth(bot: Playing, game_id: int, player: str) -> tuple[int, Any] | None:
    """The game's version and the move out of turn `player` would make in it now, if any."""
    try:
        snap = await bot.table.game_by_id(game_id)
    except TableError:
        return None
    if snap.status != "active" or snap.outcome is not None or snap.state is None or player in snap.waiting_for:
        return None
    game = bot.table.game(snap.slug)
    found = worth_out_of_turn(game, game.seen_by(snap.state, player), player)
    return (snap.version, found[0]) if found else None


async def _out_of_turn(bot: Playing, channel_id: int, game_id: int, player: str, pause: float) -> None:
    if await _worth(bot, game_id, player) is None:
        return
    await asyncio.sleep(pause)
    for _ in range(ANY_TIME_TRIES):
        found = await _worth(bot, game_id, player)  # looked at again: the game went on meanwhile
        if found is None:
            return
        version, action = found
        try:
            result = await bot.table.act(channel_id, player, action, expected_version=version, game_id=game_id)
        except TableError as exc:
            log.info("computer move out of turn not applied game=%s version=%s player=%s: %s", game_id, version,
                     player, exc)
            continue
        await bot.show_move(result)
        return


def cancel(moves: dict[int, asyncio.Task[None]], game_id: int) -> None:
    """Drop the game's pending computer move (a newer board replaces it)."""
    task = moves.pop(game_id, None)
    if task is not None and not task.done() and task is not asyncio.current_task():
        task.cancel()


async def resume(bot: Playing) -> int:
    """After a restart: every running game waiting for a computer gets its move, in the guilds this
    process owns (`bot.storage.shards`); how many."""
    started = 0
    for row in await bot.table.active_games():
        try:
            snapshot = await bot.table.game_by_id(row.id)
        except TableError:
            continue
        if schedule(bot, snapshot) is not None:
            started += 1
    if started:
        log.info("resumed %d computer player(s) after a restart", started)
    return started


async def _play(bot: Playing, channel_id: int, game_id: int, player: str, pause: float) -> None:
    settings = Settings()
    await asyncio.sleep(pause)
    seen = await bot.table.seen_by(game_id, player)
    if seen is None:
        return  # the game moved on without this computer (a human answered, the game ended)
    version, slug, seen_json = seen
    try:
        action: Any = json.loads(await bot.thinking.run(think, slug, seen_json, player, bot.rng.getrandbits(62),
                                                        settings.computer_iterations))
    except Exception:  # a bug in a search must not stall the table: the computer plays the quietest move
        log.exception("computer %s could not decide in game %s; it plays the quietest move", player, game_id)
        action = (await bot.table.quiet_move(game_id, player)).model_dump(mode="json")
    try:
        result = await bot.table.act(channel_id, player, action, expected_version=version, game_id=game_id)
    except TableError as exc:
        log.info("computer move not applied game=%s version=%s player=%s: %s", game_id, version, player, exc)
        return
    await bot.show_move(result)


__all__ = ["ANY_TIME_SECONDS", "Level", "cancel", "pause_before", "resume", "schedule", "schedule_any_time", "think",
           "waiting_computer", "worth_out_of_turn"]
