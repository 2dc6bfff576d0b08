"""Answering an interaction: acknowledge it first, refuse it privately, log it in one line.

Every command, button, menu and form goes through `audit`, so each gets the same treatment: the
deferral before any work (Discord's 3-second limit never depends on the database, the rules or a
picture), a refusal as one private sentence that changed nothing, a truthful apology for a bug
(saying whether a move was already stored), and one log line without a token or a secret choice.
Kept apart from the action path (`bot.ui.turns`) so that anything answering a player, a seat's
own picture say, can use it without importing the moves.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

import discord

from bot.service.table import TableError

log = logging.getLogger("zagjan.interactions")
errors_log = logging.getLogger("zagjan.bot")

CONFIRMED = "✅"
"""How every private confirmation starts, so it reads apart from a refusal."""
DONE = f"{CONFIRMED} Done: the board is updated in the game's channel."


@dataclass
class Audit:
    """What the log line of one interaction says: never a token, never a secret choice."""

    command: str
    game: int | None = None
    result: str = "ok"
    stored: bool = False  # a move of this interaction is in the store: an error after it must say so
    quiet: bool = False  # a command the channel answers: its private "thinking…" goes when it ends well


FAILED_UNCHANGED = "Something went wrong on my side, and nothing was changed. Please try again."
FAILED_AFTER_MOVE = ("Your move counted and is saved, but something went wrong on my side while showing it. "
                     "/game board shows the board as it is now.")


@asynccontextmanager
async def audit(interaction: discord.Interaction[Any], command: str, *,
                acknowledge_first: bool = False) -> AsyncIterator[Audit]:
    """One log line for the interaction, the answer to a refusal, and a truthful private apology
    for a failure, for commands, buttons, menus and modals alike. Game moves pass
    `acknowledge_first`, so the deferral goes out before the command reads anything. Any
    interaction in a channel also gives a board Discord refused earlier its next chance."""
    record = Audit(command)
    try:
        if acknowledge_first:
            await acknowledge(interaction)
        client_as(interaction, Nudging).boards.nudge(interaction.channel_id)
        yield record
    except TableError as exc:
        # The one way a command is refused: a private sentence, and nothing changed.
        record.result = "refused"
        await refuse(interaction, str(exc))
    except Exception:
        record.result = "error"
        errors_log.exception("interaction %s failed in guild=%s channel=%s", command, interaction.guild_id,
                             interaction.channel_id)
        try:
            await refuse(interaction, FAILED_AFTER_MOVE if record.stored else FAILED_UNCHANGED)
        except discord.HTTPException:
            pass
    finally:
        if record.quiet and record.result == "ok":
            await settled(interaction)
        log.info("interaction guild=%s channel=%s game=%s player=%s command=%s result=%s",
                 interaction.guild_id, interaction.channel_id, record.game if record.game is not None else "-",
                 interaction.user.id, command, record.result)


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Tell Discord we are on it, before any other work: a private 'thinking…' for a command
    (its refusal or confirmation then stays private; the board goes to the channel on its own),
    a silent deferral for a click or a modal."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.application_command:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()


async def settled(interaction: discord.Interaction[Any]) -> None:
    """A typed command that worked, where the channel shows what it did: its private "thinking…"
    goes, so the player is left no message that says nothing (a click's deferral shows none, and a
    click's original response is the message clicked: it is never touched here)."""
    if interaction.type is not discord.InteractionType.application_command:
        return
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:  # already gone, or the token ran out: nothing is left to tidy
        pass


async def refuse(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral sentence: only the person who clicked or typed sees it, and nothing changed.
    What the player typed comes back only as a short, cleaned excerpt, and pings nobody."""
    text = clean_echo(text)
    quiet = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=quiet)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)


ECHO_LIMIT = 40
"""How much of something typed a refusal quotes back."""
_QUOTED = re.compile(r"'([^']{%d,})'" % (ECHO_LIMIT + 1))
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_MENTION = re.compile(r"<(@[!&]?|#)(\d+)>|@(everyone|here)")


def clean_echo(text: str, limit: int = 1900) -> str:
    """A sentence safe to show: no direction-changing or invisible characters, no live mention
    (the markup is broken so it shows as text), quotes of what was typed cut to `ECHO_LIMIT`
    characters, and the whole within Discord's message limit."""
    text = _INVISIBLE.sub("", text)
    text = _MENTION.sub(lambda m: "@\u2060" + (m.group(3) or m.group(2)), text)
    text = _QUOTED.sub(lambda m: "'" + m.group(1)[:ECHO_LIMIT].rstrip() + "…'", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


Services = TypeVar("Services")


def client_as(interaction: discord.Interaction[Any], services: type[Services]) -> Services:
    """The bot behind an interaction, seen as the narrow services a piece uses (a `Protocol` the
    piece declares beside its code): no piece below the app names the bot, and a reader sees what
    each one may touch. `tests/bot/test_discord_app.py` checks that the bot offers them all."""
    return cast(Services, interaction.client)


class _Boards(Protocol):
    def nudge(self, channel_id: int | None) -> None: ...


class Nudging(Protocol):
    """What `audit` uses of the bot: a channel's boards, given another chance at each interaction."""

    @property
    def boards(self) -> _Boards: ...


__all__ = ["Audit", "CONFIRMED", "DONE", "FAILED_AFTER_MOVE", "FAILED_UNCHANGED", "acknowledge", "audit", "client_as", "Nudging",
           "clean_echo", "refuse", "settled"]
