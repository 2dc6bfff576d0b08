"""`/pigs …`: every That'll do Pigs decision as a slash command.

The buttons and menus under each board do the same; the commands take what menus cannot hold:
any heading and any distance for a ride, any direction for a steer. Riders are named by the
ids the board shows ("1", "2b").
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ZagjanBot
from bot.ui.turns import audit, refuse, run_action
from bot.ui.typed import parse_points
from rules.core.errors import RuleViolation

SLUG = "thatll-do-pigs"


class ThatllDoPigsCommands(commands.Cog):
    """The decisions of That'll do Pigs, for whoever the race is waiting for."""

    pigs = app_commands.Group(name="pigs", description="That'll do Pigs: ride, lash, assault, steer.",
                              guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot

    async def _play(self, interaction: discord.Interaction[Any], command: str, action: dict[str, Any]) -> None:
        async with audit(interaction, command, acknowledge_first=True) as record:
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    @pigs.command(name="cell", description="Take a cell of the starting grid (1 at the outer edge of the straight).")
    @app_commands.describe(cell="1 to 6")
    async def cell(self, interaction: discord.Interaction[Any], cell: app_commands.Range[int, 1, 6]) -> None:
        await self._play(interaction, "pigs cell", {"type": "cell", "column": cell - 1})

    @pigs.command(name="assault", description="Get Ready!: Assault a rider on the front row (empty: let them be).")
    @app_commands.describe(rider="The rider's id, like 2")
    async def assault(self, interaction: discord.Interaction[Any], rider: str | None = None) -> None:
        target = rider.strip().lower() if rider and rider.strip() else None
        await self._play(interaction, "pigs assault", {"type": "ready", "target": target})

    @pigs.command(name="place", description="Take the beaten rider's place on the front row, or stay.")
    async def place(self, interaction: discord.Interaction[Any], take: bool) -> None:
        await self._play(interaction, "pigs place", {"type": "take_place", "take": take})

    @pigs.command(name="go", description="(2 players) Choose which of your riders goes now.")
    @app_commands.describe(rider="The rider's id, like 1b")
    async def go(self, interaction: discord.Interaction[Any], rider: str) -> None:
        await self._play(interaction, "pigs go", {"type": "activate", "rider": rider.strip().lower()})

    @pigs.command(name="move", description="Move: roll your rider's Speed.")
    async def move(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "pigs move", {"type": "move"})

    @pigs.command(name="ride", description="Turn to a heading and ride straight up to the Speed rolled.")
    @app_commands.describe(heading="Degrees: 0 east, 90 north, 180 west, 270 south", distance="Inches")
    async def ride(self, interaction: discord.Interaction[Any], heading: float, distance: float) -> None:
        await self._play(interaction, "pigs ride", {"type": "ride", "heading": heading % 360.0, "distance": distance})

    @pigs.command(name="lash", description="Lash the Boar: D6\" more straight on.")
    async def lash(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "pigs lash", {"type": "lash"})

    @pigs.command(name="end", description="End your rider's activation.")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "pigs end", {"type": "end"})

    @pigs.command(name="steer", description="You are last: send the Piglet or a skidding rider this way.")
    @app_commands.describe(heading="Degrees: 0 east, 90 north, 180 west, 270 south",
                           via="The Piglet only: turning points first, like 20,5; 23,5 (it runs on along the heading)")
    async def steer(self, interaction: discord.Interaction[Any], heading: float, via: str | None = None) -> None:
        action: dict[str, Any] = {"type": "steer", "heading": heading % 360.0}
        if via and via.strip():
            try:
                action["via"] = [list(p) for p in parse_points(via)]
            except RuleViolation as problem:
                async with audit(interaction, "pigs steer") as record:
                    record.result = "refused"
                    await refuse(interaction, str(problem))
                return
        await self._play(interaction, "pigs steer", action)


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(ThatllDoPigsCommands(bot))
