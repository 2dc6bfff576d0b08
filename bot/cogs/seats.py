"""`/seat computer` and `/seat remove`, and the lobby's "Add a computer player" button.

A computer player takes a seat in the channel's open table or, while a campaign gathers its
players, in the campaign (for all its games). Only whoever opened the table or campaign seats
or removes computers. The button asks for a name and a level in a small form.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ZagjanBot
from bot.campaigns import CampaignInfo
from bot.cogs.campaign import lobby_embed as campaign_lobby
from bot.cogs.lifecycle import BROODS, lobby_embed
from bot.table import TableError
from bot.ui.components import lobby_view
from bot.ui.turns import audit, bot_of, tell_channel
from rules.core.computer import Level

LEVELS = [app_commands.Choice(name=level.label, value=level.value) for level in Level]


def parse_level(text: str | None) -> Level:
    wanted = (text or "").strip().lower() or Level.NORMAL.value
    try:
        return Level(wanted)
    except ValueError:
        raise TableError(f"A computer player is {' or '.join(level.value for level in Level)}; "
                         f"'{text}' is neither.") from None


async def _campaign_lobby(bot: ZagjanBot, channel_id: int) -> CampaignInfo | None:
    """The channel's campaign while it gathers players (computers then join it, not a table)."""
    try:
        info = await bot.campaigns.current(channel_id)
    except TableError:
        return None
    return info if info.status == "lobby" else None


async def seat_computer(interaction: discord.Interaction[Any], level: Level, name: str | None,
                        brood: str | None) -> None:
    """Seat a computer at the channel's campaign (while it gathers players) or else its table."""
    bot = bot_of(interaction)
    channel, actor = interaction.channel_id, str(interaction.user.id)
    assert channel is not None
    if await _campaign_lobby(bot, channel) is not None:
        info = await bot.campaigns.add_computer(channel, actor, level, name, brood)
        added = info.data.members[-1]
        await tell_channel(interaction, f"{added.name} joins the campaign.", view=lobby_view(), embed=campaign_lobby(
            bot, info, f"🤖 {added.name} ({level.value}) joins the campaign."))
        return
    lobby = await bot.table.add_computer(channel, actor, level, name, brood)
    seat = lobby.seats[-1]
    await tell_channel(interaction, f"{seat.name} takes a seat.", view=lobby_view(),
                       embed=lobby_embed(lobby, f"🤖 {seat.name} ({level.value}) takes a seat."))


class ComputerForm(discord.ui.Modal, title="Add a computer player"):
    """The button's form: a name (one is found if left empty) and a level."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name (leave empty for one of ours)",
                                                           custom_id="name", required=False, max_length=32)
    level: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Level: easy or normal", default="normal",
                                                            custom_id="level", required=False, max_length=10)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "seat computer (form)", acknowledge_first=True):
            await seat_computer(interaction, parse_level(self.level.value), self.name.value or None, None)


class Seats(commands.Cog):
    seat = app_commands.Group(name="seat", description="Computer players at this channel's table or campaign.",
                              guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot

    async def open_form(self, interaction: discord.Interaction[Any]) -> None:
        """The lobby button's answer: the form, for the lobby's creator only (the form must be the
        click's first answer, so this one look comes before it; the service checks again)."""
        async with audit(interaction, "seat computer (button)"):
            channel, actor = interaction.channel_id, str(interaction.user.id)
            assert channel is not None
            campaign = await _campaign_lobby(self.bot, channel)
            if campaign is not None:
                creator = campaign.creator
            else:
                snap = await self.bot.table.snapshot(channel)
                if snap.status != "lobby":
                    raise TableError("This table's game has already started; computers join before the start.")
                creator = snap.creator
            if actor != creator:
                raise TableError("Only whoever opened this table seats computer players.")
            await interaction.response.send_modal(ComputerForm())

    @seat.command(name="computer", description="Seat a computer player (whoever opened the table or campaign).")
    @app_commands.describe(name="Its name (default: one of ours)", level="How well it plays (default: normal)",
                           brood="Its brood (default: at random)")
    @app_commands.choices(level=LEVELS, brood=BROODS)
    async def computer(self, interaction: discord.Interaction[Any], name: str | None = None,
                       level: str = Level.NORMAL.value, brood: str | None = None) -> None:
        async with audit(interaction, "seat computer", acknowledge_first=True):
            await seat_computer(interaction, parse_level(level), name, brood)

    @seat.command(name="remove", description="Take a computer player off the table before the game starts.")
    @app_commands.describe(name="The computer player's name")
    async def remove(self, interaction: discord.Interaction[Any], name: str) -> None:
        async with audit(interaction, "seat remove", acknowledge_first=True):
            channel, actor = interaction.channel_id, str(interaction.user.id)
            assert channel is not None
            if await _campaign_lobby(self.bot, channel) is not None:
                info = await self.bot.campaigns.remove_computer(channel, actor, name)
                await tell_channel(interaction, f"{name} leaves the campaign.", view=lobby_view(), embed=campaign_lobby(
                    self.bot, info, f"🤖 {name} leaves the campaign."))
                return
            lobby = await self.bot.table.remove_computer(channel, actor, name)
            await tell_channel(interaction, f"{name} leaves the table.", view=lobby_view(),
                               embed=lobby_embed(lobby, f"🤖 {name} leaves the table."))


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(Seats(bot))


__all__ = ["ComputerForm", "Seats", "parse_level", "seat_computer"]
