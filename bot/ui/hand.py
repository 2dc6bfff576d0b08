"""A seat's own picture, on request: the "Your hand" button under a board, and /game hand.

What a player may see that the table may not (a hand, a face-down card, an attack chosen in
secret) is drawn like the board, from that seat's view (`TableService.seat_view`), and shown to
that player only: as an ephemeral answer in the channel, since they asked there. The button sits
under a board only while some seat's view differs from the public one (the table says which), so
a game without secrets never shows it; no game is named here.
"""

from __future__ import annotations

import io
import re
from typing import Any, Protocol

import discord

from bot.service.painter import Painter
from bot.service.table import TableService
from bot.ui.answers import audit, client_as

HAND_LABEL = "Your hand (only you see it)"
"""Meant for every seated player, each seeing their own; whoever is not playing is told so."""
HAND_FILE = "hand.png"
NOTHING_HIDDEN = ("Nothing of {title} is hidden from the others right now: the board in the channel shows "
                  "everything you may see.")
NO_PICTURE = "{title} has no picture to draw; /game log shows your private news."


class Pictures(Protocol):
    """What a seat's own picture uses of the bot: the table (that seat's view) and the painter."""

    @property
    def table(self) -> TableService: ...

    painter: Painter


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=re.compile(r"zj:hand:(?P<game>[0-9]+)")):
    """Under a board whose seats do not all see the same: shows the clicker their own view. It names
    only the game, so it works after a restart and for as long as the game lasts."""

    def __init__(self, game_id: int) -> None:
        self.game_id = int(game_id)
        super().__init__(discord.ui.Button(label=HAND_LABEL, style=discord.ButtonStyle.secondary, emoji="🖐️",
                                           custom_id=f"zj:hand:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await show_hand(interaction, self.game_id)


def with_hand_button(view: discord.ui.View | None, game_id: int) -> discord.ui.View | None:
    """`view` with the "Your hand" button added where a row has room (a full board keeps its controls,
    and /game hand still answers)."""
    view = view if view is not None else discord.ui.View(timeout=None)
    try:
        view.add_item(HandButton(game_id))
    except ValueError:
        pass
    return view if view.children else None


def picture_file(png: bytes | None) -> discord.File | None:
    """A seat's own picture as an attachment (a fresh one each time: Discord reads a file once)."""
    return discord.File(io.BytesIO(png), filename=HAND_FILE) if png is not None else None


async def show_hand(interaction: discord.Interaction[Any], game_id: int | None) -> None:
    """Answer the button (`game_id` from it) or /game hand (None: the channel's game) with the
    asker's own picture, where only they see it; a sentence when there is nothing private to show."""
    async with audit(interaction, "game hand" if game_id is None else "button hand") as record:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = client_as(interaction, Pictures)
        if game_id is None:
            game_id = (await bot.table.snapshot(interaction.channel_id)).game_id
        record.game = game_id
        seen = await bot.table.seat_view(game_id, str(interaction.user.id))
        if not seen.private:
            await interaction.followup.send(NOTHING_HIDDEN.format(title=seen.title), ephemeral=True)
            return
        file = picture_file(await bot.painter.render(seen.view))
        if file is None:
            await interaction.followup.send(NO_PICTURE.format(title=seen.title), ephemeral=True)
            return
        await interaction.followup.send(f"**{seen.title}** (#{seen.game_id}), for your eyes only: what you see now.",
                                        file=file, ephemeral=True)


__all__ = ["HAND_FILE", "HAND_LABEL", "HandButton", "picture_file", "show_hand", "with_hand_button"]
