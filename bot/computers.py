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
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import TYPE_CHECKING, Any, Protocol

from bot.painter import Painter
from bot.settings import Settings
from bot.table import TableError, TableService
from rules.core.computer import Level, decide, level_of
from rules.core.search import Budget

if TYPE_CHECKING:
    from bot.ui.board import BoardLike
    from bot.ui.shown import ShowMove

log = logging.getLogger("zagjan.computers")


class Playing(Protocol):
    """What a computer player uses of the bot: the table (what its seat knows, the door a move goes
    through), a pool to think in, a source of seeds, the one way a move is shown, and the moves
    under way (one task per game)."""

    thinking: Painter
    rng: random.Random
    computer_moves: dict[int, asyncio.Task[None]]

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
    action = decide(game, seen, player, level, seed, Budget(iterations=iterations))
    return game.dump_action(action)


def waiting_computer(board: BoardLike) -> str | None:
    """The first computer the board waits for, if any."""
    if board.outcome is not None:
        return None
    return next((p for p in board.waiting_for if level_of(p) is not None), None)


def schedule(bot: Playing, board: BoardLike) -> asyncio.Task[None] | None:
    """Start (or restart) the computer move of `board`'s game; None when no computer must act."""
    moves = bot.computer_moves
    cancel(moves, board.game_id)
    player = waiting_computer(board)
    if player is None:
        return None
    task = asyncio.get_running_loop().create_task(
        _play(bot, board.channel_id, board.game_id, player), name=f"computer-{board.game_id}")
    moves[board.game_id] = task
    task.add_done_callback(lambda done: moves.pop(board.game_id, None) if moves.get(board.game_id) is done
                           else None)
    return task


def cancel(moves: dict[int, asyncio.Task[None]], game_id: int) -> None:
    """Drop the game's pending computer move (a newer board replaces it)."""
    task = moves.pop(game_id, None)
    if task is not None and not task.done() and task is not asyncio.current_task():
        task.cancel()


async def resume(bot: Playing) -> int:
    """After a restart: every running game waiting for a computer gets its move; how many."""
    started = 0
    for row in await bot.table.store.active_games():
        try:
            snapshot = await bot.table.game_by_id(row.id)
        except TableError:
            continue
        if schedule(bot, snapshot) is not None:
            started += 1
    if started:
        log.info("resumed %d computer player(s) after a restart", started)
    return started


async def _play(bot: Playing, channel_id: int, game_id: int, player: str) -> None:
    settings = Settings()
    await asyncio.sleep(settings.computer_seconds)
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


__all__ = ["Level", "cancel", "resume", "schedule", "think", "waiting_computer"]
