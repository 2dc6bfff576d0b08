"""Direct messages: the one way something reaches a single player and nobody else.

Private news, secret choices and a seat's own picture all leave through `DirectMessages.send`,
which says whether Discord delivered; the caller then falls back (an ephemeral message for the
player who acted, a pointer in the channel for anyone else), so nothing private is ever lost or
shown to the wrong person.

A secret question sent by DM (`ask`) is remembered until it is closed: answered from the message
itself (the answering interaction edits it: its controls go, the choice is shown), or replaced by
the player's next question, or left behind by the game (answered by a typed command, a timer, the
end of the game), which `close` edits with a short note and no controls. So a player's DMs hold at
most one live question per game. The open questions are kept in memory and, through the store
(`open_questions`), across a restart: the process that starts reads them back (`load`), so it can
close a question the old one sent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.storage.store import Store

log = logging.getLogger("zagjan.bot")

DM_CLOSED = 50007
"""Discord's code for a user who does not accept direct messages from the bot."""

REPLACED = "*Closed: your next question follows below.*"
MOVED_ON = "*Closed: the game has moved on.*"


@dataclass(frozen=True)
class OpenQuestion:
    """A secret question waiting in a player's DMs: where it is, and what it says (to edit it without reading it)."""

    channel_id: int
    message_id: int
    text: str


def private_prompt(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction came from a private question: a DM or an ephemeral message of the bot
    that is not a board (a board copy carries an embed). Such a message is closed once answered."""
    message = interaction.message
    if message is None or message.embeds:
        return False
    return interaction.guild_id is None or message.flags.ephemeral


class DirectMessages:
    """Sends with the bot's own client (a bench or a test may hand in a client whose users answer at once)."""

    def __init__(self, client: discord.Client, store: Callable[[], Store | None] = lambda: None) -> None:
        self._client = client
        self._store = store  # where the open questions outlive the process (none: memory only)
        self._open: dict[tuple[int, str], OpenQuestion] = {}  # (game, player) -> their open question
        self.unreachable: set[str] = set()
        """The players whose last direct message Discord would not deliver: their boards say how else
        to choose and read their news, until a message reaches them again."""

    async def load(self) -> None:
        """The questions a previous process left open, read back when the bot starts."""
        store = self._store()
        if store is not None:
            for game_id, player, channel_id, message_id, text in await store.open_questions():
                self._open[(game_id, player)] = OpenQuestion(channel_id, message_id, text)

    async def send(self, player: str, text: str, *, view: discord.ui.View | None = None,
                   file: discord.File | None = None) -> discord.Message | None:
        """Send `text` (with controls or a picture) to `player`: the message, or None when Discord would
        not deliver it."""
        try:
            user = self._client.get_user(int(player)) or await self._client.fetch_user(int(player))
            kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
            if view is not None:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
            sent = await user.send(text, **kwargs)
            self.unreachable.discard(player)
            return sent
        except discord.HTTPException as exc:
            self.unreachable.add(player)
            # Closed DMs (50007) are the usual reason; any other refusal (opening DMs too fast, a server
            # error after retries) gets the same fallback, so no choice and no news is ever lost.
            if exc.code != DM_CLOSED:
                log.warning("could not send a direct message to %s: %s %s", player, exc.status, exc.code)
            return None

    # -- secret questions --------------------------------------------------------------------------------
    async def ask(self, game_id: int, player: str, text: str, view: discord.ui.View | None) -> bool:
        """Send a secret question, closing the player's previous open question of this game first;
        False when Discord would not deliver it."""
        await self.close(game_id, player, REPLACED)
        message = await self.send(player, text, view=view)
        if message is None:
            return False
        if view is not None:
            await self.remember(game_id, player, message.channel.id, message.id, text)
        return True

    async def remember(self, game_id: int, player: str, channel_id: int, message_id: int, text: str) -> None:
        self._open[(game_id, player)] = OpenQuestion(channel_id, message_id, text)
        await self._kept(lambda store: store.set_open_question(game_id, player, channel_id, message_id, text))

    async def forget(self, game_id: int, player: str, message_id: int | None = None) -> None:
        """The question was closed by whoever answered it (only that message, when one is named)."""
        found = self._open.get((game_id, player))
        if found is not None and (message_id is None or found.message_id == message_id):
            del self._open[(game_id, player)]
        # in the store too, though this process may not know it (another one sent the question)
        await self._kept(lambda store: store.drop_open_question(game_id, player, message_id))

    async def _still_open(self, game_id: int, player: str, found: OpenQuestion) -> bool:
        """Whether the store still holds this question open: another process (the one Discord gave the
        DM's answer to) may have closed it, with the choice shown, which must not be overwritten."""
        store = self._store()
        if store is None:
            return True
        try:
            kept = await store.open_question(game_id, player)
        except Exception:
            log.exception("could not read the open questions from the store")
            return True
        return kept is not None and kept[1] == found.message_id

    async def _kept(self, change: Callable[[Store], Any]) -> None:
        """Keep a change in the store; a question that cannot be kept is still open in memory."""
        store = self._store()
        if store is None:
            return
        try:
            await change(store)
        except Exception:  # the question was sent: a failure to keep it must not fail the move's showing
            log.exception("could not keep the open questions in the store")

    def waiting(self, game_id: int) -> list[str]:
        """The players with an open question of this game in their DMs."""
        return [p for g, p in self._open if g == game_id]

    async def close(self, game_id: int, player: str, note: str) -> None:
        """Take the controls off the player's open question of this game, with a note saying why."""
        found = self._open.pop((game_id, player), None)
        if found is None or not await self._still_open(game_id, player, found):
            return
        await self._kept(lambda store: store.drop_open_question(game_id, player))
        try:
            channel = self._client.get_partial_messageable(found.channel_id, type=discord.ChannelType.private)
            await channel.get_partial_message(found.message_id).edit(
                content=f"{found.text}\n{note}"[:2000], view=None, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:  # deleted by the player, say: nothing left to close
            log.info("could not close an old question of game %s: %s %s", game_id, exc.status, exc.code)


__all__ = ["DM_CLOSED", "MOVED_ON", "REPLACED", "DirectMessages", "OpenQuestion", "private_prompt"]
