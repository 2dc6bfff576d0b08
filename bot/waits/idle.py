"""Idle tables: a player who walks away must not block a channel for good.

Each game has a turn limit (set at /game new, 24 h by default). Since when the players a
game waits for have been waiting is stored with every move (`waiting_since`), so the clock
survives restarts. A sweep, every `SWEEP_SECONDS`, looks at every running game: after the
limit, the waiting players are reminded once (and pinged, unless the channel turned pings
off); after twice the limit, the rules' default is applied where the question has one (a
reaction), and otherwise the other players are asked to vote: skip the idle players' turn,
or remove them (the bot then plays for them, and they place last).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Protocol

import discord

from bot.waits import computers
from bot.waits import reactions
from bot.service.table import TableError
from bot.ui.board import pinging
from bot.ui.components import idle_vote_view
from bot.ui.poster import BoardPosts
from bot.ui.text import and_list, mention

log = logging.getLogger("zagjan.idle")

SWEEP_SECONDS = 60.0
REMINDED, ASKED = 1, 2


class Sweeping(reactions.Reacting, computers.Playing, Protocol):
    """What the sweep uses of the bot: what a reaction's timer and a computer player use (it applies
    defaults and restarts lost computer moves), and the channels' boards, for its reminders and votes."""

    @property
    def boards(self) -> BoardPosts: ...


def _limit_text(seconds: int) -> str:
    if seconds % 86400 == 0:
        return f"{seconds // 86400} day(s)"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} hour(s)"
    return f"{max(1, seconds // 60)} minute(s)"


async def sweep(bot: Sweeping, now: datetime | None = None) -> int:
    """One look at every running game of the guilds this process owns (`bot.storage.shards`: each process
    sweeps its own); how many it did something about."""
    now = now or bot.table.now()
    acted = 0
    for row in await bot.table.active_games():
        if row.waiting_since is None:
            continue
        waited = (now - datetime.fromisoformat(row.waiting_since)).total_seconds()
        stage = ASKED if waited >= 2 * row.turn_seconds else REMINDED if waited >= row.turn_seconds else 0
        if stage <= row.idle_stage:
            continue
        try:
            snap = await bot.table.game_by_id(row.id)
        except TableError:
            continue
        if snap.version != row.version or not snap.waiting_for:
            continue
        if computers.schedule(bot, snap) is not None:
            continue  # a computer's move was lost (the bot stopped while it thought): it plays now
        if not await bot.table.store.set_idle_stage(row.id, row.version, stage):
            continue  # someone moved meanwhile
        acted += 1
        waiting = [s for s in snap.seats if s.player in snap.waiting_for]
        names = and_list([s.name for s in waiting])
        ping = pinging(snap.waiting_for) if await bot.table.pings(snap.channel_id) else discord.AllowedMentions.none()
        mentions = and_list([mention(s.player, s.name) for s in waiting])
        if stage == REMINDED:
            bot.boards.say(snap.channel_id, allowed_mentions=ping, content=(
                f"⏰ {mentions}: {snap.title} has been waiting for you for {_limit_text(row.turn_seconds)}. "
                f"If nothing happens in as long again, the others may skip your turn or remove you from the game."))
            continue
        prompt = next((p for p in snap.prompts if p.default is not None and p.player in snap.waiting_for), None)
        if prompt is not None and prompt.default is not None:
            await reactions.apply_default(bot, snap.channel_id, snap.game_id, snap.version, prompt.player,
                                          dict(prompt.default), heading="{name} did not answer for twice the "
                                          "turn limit, so the rules' default was applied.")
            continue
        bot.boards.say(snap.channel_id, allowed_mentions=ping, view=idle_vote_view(snap.game_id, snap.version),
                       content=(f"⌛ {snap.title} has waited for {mentions} for twice its turn limit. The other "
                                f"players may vote: skip {names}'s turn, or remove {names} from the game "
                                "(the bot then plays for them, and they place last). A majority decides."))
    return acted


async def keep_sweeping(bot: Sweeping, every: float = SWEEP_SECONDS) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await sweep(bot)
        except Exception:
            log.exception("the idle sweep failed; trying again at the next one")
