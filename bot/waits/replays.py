"""A game's replay, posted beside its final board when it ends, without a click.

The move that ends a game is shown as every move is; this follower of its board (`ShowMove.followers`)
then has the replay drawn in the painting pool, in pieces (`bot.service.replays`), and queues it in the
channel after the final board. A replay that cannot be drawn or posted is logged and left: the game,
its result and its record are stored whatever happens to the picture, and /game replay asks again.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any, Protocol

import discord

from bot.service.replays import REPLAY_FILE, Replays
from bot.ui.board import BoardLike
from bot.ui.poster import BoardPosts

log = logging.getLogger("zagjan.replays")

CAPTION = "📽️ **{title}**, the whole game again, turn by turn."


class Replaying(Protocol):
    """What posting a replay at a game's end uses of the bot: the replays, the channel's boards, and
    the tasks under way (cancelled when the bot closes)."""

    replays: Replays
    replay_tasks: set[asyncio.Task[bool]]

    @property
    def boards(self) -> BoardPosts: ...


def schedule(bot: Replaying, board: BoardLike) -> asyncio.Task[bool] | None:
    """A move's board that ends its game: its replay is drawn and posted after it."""
    if board.outcome is None:
        return None
    task = asyncio.get_running_loop().create_task(
        post(bot.replays, bot.boards, board.channel_id, board.game_id, board.title), name=f"replay-{board.game_id}")
    bot.replay_tasks.add(task)
    task.add_done_callback(bot.replay_tasks.discard)
    return task


async def post(replays: Replays, boards: BoardPosts, channel_id: int, game_id: int, title: str) -> bool:
    """Draw the game's replay and queue it in the channel; whether it went out."""
    try:
        data = await replays.animation(game_id)
    except Exception:
        log.exception("could not draw the replay of game %s", game_id)
        return False
    return await boards.say(channel_id, **message(title, data))


def message(title: str, data: bytes) -> dict[str, Any]:
    """The replay's message: a line and the animation attached (Discord plays a GIF inline)."""
    return {"content": CAPTION.format(title=title), "file": discord.File(io.BytesIO(data), filename=REPLAY_FILE),
            "allowed_mentions": discord.AllowedMentions.none()}


__all__ = ["CAPTION", "Replaying", "message", "post", "schedule"]
