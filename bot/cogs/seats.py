"""`/seat computer` and `/seat remove`, and the "Add a computer player" button of older lobby messages.

A computer player takes a seat in the channel's open table or, while a plug-in gathers players
for several games (a campaign, found as a `Gathering` among the bot's cogs), in that gathering.
Only whoever opened the table or the gathering seats or removes computers. The lobby card's own
button and its form (level and pick from menus, a name if wanted) are `bot.ui.lobby`'s; this cog
types the same, and the lobby's card shows the result either way.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import Host, PICK, pick_choices, set_pick_option
from bot.cogs.lifecycle import TableLobby
from bot.service.table import TableError
from bot.ui.lobby import TABLE, open_computer_form
from bot.ui.answers import audit, client_as
from rules.core.computer import Level
from rules.core.engine import SeatPick

LEVELS = [app_commands.Choice(name=level.label, value=level.value) for level in Level]


def parse_level(text: str | None) -> Level:
    wanted = (text or "").strip().lower() or Level.NORMAL.value
    try:
        return Level(wanted)
    except ValueError:
        raise TableError(f"A computer player is {' or '.join(level.value for level in Level)}; "
                         f"'{text}' is neither.") from None


@runtime_checkable
class Gathering(Protocol):
    """A cog that gathers players in a channel for several games before they start (a plug-in's,
    such as the Orclympics campaign): while it gathers, computer players join it, not a table."""

    async def gathering_creator(self, channel_id: int) -> str | None:
        """Who opened the gathering in this channel while it gathers players; else None."""

    async def gathering_pick(self, channel_id: int) -> SeatPick | None:
        """What a player picks as they join the gathering (None: nothing)."""

    async def seat_computer(self, interaction: discord.Interaction[Any], level: Level, name: str | None,
                            pick: str | None) -> None:
        """Seat a computer player in the gathering and show it on the gathering's card."""

    async def unseat_computer(self, interaction: discord.Interaction[Any], name: str) -> None:
        """Take a computer player out of the gathering and show it on the gathering's card."""

    async def gathering_card(self, channel_id: int) -> Any:
        """The gathering's card (`bot.ui.lobby.LobbyCard`), for its "Add a computer player" form."""


async def gathering(bot: Host, channel_id: int) -> tuple[Gathering, str] | None:
    """The plug-in gathering players in this channel, with whoever opened it; None when none does
    (computers then sit at the channel's table)."""
    for cog in bot.cogs.values():
        if isinstance(cog, Gathering):
            creator = await cog.gathering_creator(channel_id)
            if creator is not None:
                return cog, creator
    return None


def table_lobby(bot: Host) -> TableLobby:
    host = bot.lobbies.host_of(TABLE)
    assert isinstance(host, TableLobby)
    return host


async def seat_computer(interaction: discord.Interaction[Any], level: Level, name: str | None,
                        pick: str | None) -> None:
    """Seat a computer in the channel's gathering (a campaign's, while it gathers) or else its table."""
    bot = client_as(interaction, Host)
    channel = interaction.channel_id
    assert channel is not None
    found = await gathering(bot, channel)
    if found is not None:
        await found[0].seat_computer(interaction, level, name, pick)
        return
    await table_lobby(bot).add_computer(interaction, level, name, pick)


class Seats(commands.Cog):
    seat = app_commands.Group(name="seat", description="Computer players at this channel's table or gathering.",
                              guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        computer = self.seat.get_command("computer")
        assert isinstance(computer, app_commands.Command)
        set_pick_option(computer, PICK, bot.table.games, for_computer=True)

    async def open_form(self, interaction: discord.Interaction[Any]) -> None:
        """The "Add a computer player" button of a lobby message posted before lobby cards had their own:
        the same form as the card's, for the channel's gathering or else its table."""
        async with audit(interaction, "seat computer (old button)"):
            channel = interaction.channel_id
            assert channel is not None
            found = await gathering(self.bot, channel)
            card = await (found[0].gathering_card(channel) if found is not None else table_lobby(self.bot).card(channel))
            await open_computer_form(interaction, card)

    @seat.command(name="computer", description="Seat a computer player (whoever opened the table or gathering).")
    @app_commands.describe(name="Its name (default: one of ours)", level="How well it plays (default: normal)",
                           pick="What it picks as it sits down")
    @app_commands.choices(level=LEVELS)
    async def computer(self, interaction: discord.Interaction[Any], name: str | None = None,
                       level: str = Level.NORMAL.value, pick: str | None = None) -> None:
        async with audit(interaction, "seat computer", acknowledge_first=True):
            await seat_computer(interaction, parse_level(level), name, pick)

    @computer.autocomplete(PICK)
    async def pick_for_computer(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        """The picks of the channel's gathering, else of its open table."""
        channel = interaction.channel_id
        if channel is None:
            return []
        found = await gathering(self.bot, channel)
        if found is not None:
            return pick_choices(await found[0].gathering_pick(channel), current)
        pick, free = await self.bot.table.seat_pick(channel)
        return pick_choices(pick, current, free)

    @seat.command(name="remove", description="Take a computer player off the table before the game starts.")
    @app_commands.describe(name="The computer player's name")
    async def remove(self, interaction: discord.Interaction[Any], name: str) -> None:
        async with audit(interaction, "seat remove", acknowledge_first=True):
            channel = interaction.channel_id
            assert channel is not None
            found = await gathering(self.bot, channel)
            if found is not None:
                await found[0].unseat_computer(interaction, name)
                return
            await table_lobby(self.bot).remove_computer(interaction, name)


async def setup(bot: Host) -> None:
    await bot.add_cog(Seats(bot))


__all__ = ["Gathering", "Seats", "gathering", "parse_level", "seat_computer"]
