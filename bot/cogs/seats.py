"""`/seat computer` and `/seat remove`, and the lobby's "Add a computer player" button.

A computer player takes a seat in the channel's open table or, while a plug-in gathers players
for several games (a campaign, found as a `Gathering` among the bot's cogs), in that gathering.
Only whoever opened the table or the gathering seats or removes computers. The button asks for
a name and a level in a small form.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ZagjanBot
from bot.cogs import PICK, pick_choices, set_pick_option
from bot.cogs.lifecycle import lobby_embed
from bot.table import TableError
from bot.ui.components import NAMED_FORM, lobby_view
from bot.ui.turns import audit, bot_of, tell_channel
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
        """Seat a computer player in the gathering and tell the channel."""

    async def unseat_computer(self, interaction: discord.Interaction[Any], name: str) -> None:
        """Take a computer player out of the gathering and tell the channel."""


async def gathering(bot: ZagjanBot, channel_id: int) -> tuple[Gathering, str] | None:
    """The plug-in gathering players in this channel, with whoever opened it; None when none does
    (computers then sit at the channel's table)."""
    for cog in bot.cogs.values():
        if isinstance(cog, Gathering):
            creator = await cog.gathering_creator(channel_id)
            if creator is not None:
                return cog, creator
    return None


async def seat_computer(interaction: discord.Interaction[Any], level: Level, name: str | None,
                        pick: str | None) -> None:
    """Seat a computer in the channel's gathering (a campaign's, while it gathers) or else its table."""
    bot = bot_of(interaction)
    channel, actor = interaction.channel_id, str(interaction.user.id)
    assert channel is not None
    found = await gathering(bot, channel)
    if found is not None:
        await found[0].seat_computer(interaction, level, name, pick)
        return
    lobby = await bot.table.add_computer(channel, actor, level, name, pick)
    seat = lobby.seats[-1]
    await tell_channel(interaction, f"{seat.name} takes a seat.", view=lobby_view(),
                       embed=lobby_embed(lobby, f"🤖 {seat.name} ({level.value}) takes a seat."))


COMPUTER_FORM = "seat-computer"


class ComputerForm(discord.ui.Modal, title="Add a computer player"):
    """The button's form: a name (one is found if left empty) and a level. Its answer is handled
    from its custom_id by `Seats.on_form` (not here), so a form sent after a restart still works."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name (leave empty for one of ours)",
                                                           custom_id="name", required=False, max_length=32)
    level: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Level: easy or normal", default="normal",
                                                            custom_id="level", required=False, max_length=10)

    def __init__(self) -> None:
        super().__init__(custom_id=f"{NAMED_FORM}{COMPUTER_FORM}", timeout=600)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: the bot routes the answer to `Seats.on_form` by the form's name."""


class Seats(commands.Cog):
    seat = app_commands.Group(name="seat", description="Computer players at this channel's table or gathering.",
                              guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot
        bot.forms[COMPUTER_FORM] = self.on_form
        computer = self.seat.get_command("computer")
        assert isinstance(computer, app_commands.Command)
        set_pick_option(computer, PICK, bot.table.games, for_computer=True)

    async def open_form(self, interaction: discord.Interaction[Any]) -> None:
        """The lobby button's answer: the form, for the lobby's creator only (the form must be the
        click's first answer, so this one look comes before it; the service checks again)."""
        async with audit(interaction, "seat computer (button)"):
            channel, actor = interaction.channel_id, str(interaction.user.id)
            assert channel is not None
            found = await gathering(self.bot, channel)
            if found is not None:
                creator = found[1]
            else:
                snap = await self.bot.table.snapshot(channel)
                if snap.status != "lobby":
                    raise TableError("This table's game has already started; computers join before the start.")
                creator = snap.creator
            if actor != creator:
                raise TableError("Only whoever opened this table seats computer players.")
            await interaction.response.send_modal(ComputerForm())

    async def on_form(self, interaction: discord.Interaction[Any], typed: dict[str, str]) -> None:
        """The "Add a computer player" form's answer, read from the interaction alone."""
        async with audit(interaction, "seat computer (form)", acknowledge_first=True):
            await seat_computer(interaction, parse_level(typed.get("level", "")), typed.get("name") or None, None)

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
            channel, actor = interaction.channel_id, str(interaction.user.id)
            assert channel is not None
            found = await gathering(self.bot, channel)
            if found is not None:
                await found[0].unseat_computer(interaction, name)
                return
            lobby = await self.bot.table.remove_computer(channel, actor, name)
            await tell_channel(interaction, f"{name} leaves the table.", view=lobby_view(),
                               embed=lobby_embed(lobby, f"🤖 {name} leaves the table."))


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(Seats(bot))


__all__ = ["ComputerForm", "Gathering", "Seats", "gathering", "parse_level", "seat_computer"]
