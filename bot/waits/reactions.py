"""Reactions with a time limit: a "may" put to a player during someone else's turn.

Rules engines have no clock, so a reaction prompt only names its default action
(`Prompt.default`) and, when the rules set one, its own time limit (`Prompt.seconds`: Chaos
Marauders' 8-second last call), which then replaces the table's usual reaction time
(`reaction_seconds`). After each board is posted, `schedule` starts one timer per game for
the newest such prompt; when it runs out, the default is applied through the table service
pinned to the version the prompt was asked at, so an answer given meanwhile (which moves
the version on) makes the timer's move a harmless stale refusal. The default's move is shown
as a click's is (`ShowMove`: the board, private news, and the DMs of any secret choice it
opens). A new board for the same game cancels the old timer. Timers live in memory, so `resume` starts them again for every
running game when the bot starts: after a restart the player gets a full time limit anew.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

from bot.settings import Settings
from bot.service.table import TableError, TableService
from rules.core.engine import Prompt

if TYPE_CHECKING:
    from bot.ui.board import BoardLike
    from bot.ui.shown import ShowMove

log = logging.getLogger("zagjan.reactions")

_TIMERS: dict[int, asyncio.Task[None]] = {}  # game id -> the timer of its open reaction


class Reacting(Protocol):
    """What a reaction's timer uses of the bot: the table, to apply the default, and the one way
    every move is shown."""

    @property
    def table(self) -> TableService: ...

    @property
    def show_move(self) -> ShowMove: ...


def reaction_seconds() -> float:
    return Settings().reaction_seconds


def time_limit(prompt: Prompt) -> float:
    """How long a reaction waits for its answer: the rules' own limit when they set one (a window they
    time, such as a last call for shouts), else the table's usual reaction time."""
    return reaction_seconds() if prompt.seconds is None else prompt.seconds


def schedule(bot: Reacting, board: BoardLike, seconds: float | None = None) -> asyncio.Task[None] | None:
    """Start (or restart) the timer of `board`'s reaction prompt; None when it has none. `seconds`
    overrides every limit (a test's, or a caller's own)."""
    cancel(board.game_id)
    if board.outcome is not None:
        return None
    prompt = next((p for p in board.prompts if p.default is not None), None)
    if prompt is None or prompt.default is None:
        return None
    wait = time_limit(prompt) if seconds is None else seconds
    task = asyncio.get_running_loop().create_task(
        _later(bot, board.channel_id, board.game_id, board.version, prompt.player, dict(prompt.default), wait))
    _TIMERS[board.game_id] = task
    return task


async def resume(bot: Reacting) -> int:
    """Restart the timers of the reactions that were open when the bot stopped, in the games of the
    guilds this process owns (`bot.storage.shards`: another process resumes its own); how many."""
    started = 0
    for row in await bot.table.active_games():
        snapshot = await bot.table.game_by_id(row.id)
        if schedule(bot, snapshot) is not None:
            started += 1
    if started:
        log.info("resumed %d reaction timer(s) after a restart", started)
    return started


def cancel(game_id: int) -> None:
    task = _TIMERS.pop(game_id, None)
    if task is not None and not task.done() and task is not asyncio.current_task():
        task.cancel()


async def _later(bot: Reacting, channel_id: int, game_id: int, version: int, player: str,
                 action: dict[str, Any], seconds: float) -> None:
    await asyncio.sleep(seconds)
    await apply_default(bot, channel_id, game_id, version, player, action)


async def apply_default(bot: Reacting, channel_id: int, game_id: int, version: int, player: str,
                        action: dict[str, Any], heading: str = "{name} did not answer in time, so the rules' "
                                                               "default was applied.") -> bool:
    """The timer's callback: apply the default for the silent player and show the move as any move
    is shown (which starts the next timer). False when the game moved on first (the player
    answered, or the game ended)."""
    try:
        result = await bot.table.act(channel_id, player, action, expected_version=version, game_id=game_id)
    except TableError as exc:
        log.info("reaction default not applied game=%s version=%s player=%s: %s", game_id, version, player, exc)
        return False
    log.info("reaction default applied game=%s version=%s player=%s action=%s", game_id, version, player,
             action.get("type"))
    name = next((s.name for s in result.seats if s.player == player), "someone")
    await bot.show_move(result, heading=f"⏱️ {heading.format(name=name)}")
    return True
