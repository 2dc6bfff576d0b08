"""Direct messages: the one way something reaches a single player and nobody else.

Private news, secret choices and a seat's own picture all leave through `DirectMessages.send`,
which says whether Discord delivered; the caller then falls back (an ephemeral message for the
player who acted, a pointer in the channel for anyone else), so nothing private is ever lost or
shown to the wrong person.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger("zagjan.bot")

DM_CLOSED = 50007
"""Discord's code for a user who does not accept direct messages from the bot."""


class DirectMessages:
    """Sends with the bot's own client (a bench or a test may hand in a client whose users answer at once)."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def send(self, player: str, text: str, *, view: discord.ui.View | None = None,
                   file: discord.File | None = None) -> bool:
        """Send `text` (with controls or a picture) to `player`; False when Discord would not deliver it."""
        try:
            user = self._client.get_user(int(player)) or await self._client.fetch_user(int(player))
            kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
            if view is not None:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
            await user.send(text, **kwargs)
            return True
        except discord.HTTPException as exc:
            # Closed DMs (50007) are the usual reason; any other refusal (opening DMs too fast, a server
            # error after retries) gets the same fallback, so no choice and no news is ever lost.
            if exc.code != DM_CLOSED:
                log.warning("could not send a direct message to %s: %s %s", player, exc.status, exc.code)
            return False


__all__ = ["DM_CLOSED", "DirectMessages"]
