"""`/leaderboard`: the server's hall of fame, as a picture and a few lines."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import Host
from bot.service.fame import HallOfFame, hall_of_fame
from bot.ui.turns import audit

FAME_FILE = "hall-of-fame.png"


class Leaderboard(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def fame(self, guild_id: int, server: str) -> HallOfFame:
        """One read: the server's results and its finished campaigns' champions."""
        results, campaigns = await self.bot.table.store.read(
            lambda tx: (tx.results_of_guild(guild_id), tx.campaigns_of_guild(guild_id, "finished")))
        champions = self.bot.champions(campaigns)
        titles = {slug: game.title for slug, game in self.bot.table.games.items()}
        return hall_of_fame(server, results, champions, titles)

    @app_commands.command(name="leaderboard", description="This server's hall of fame: campaigns, wins, Feats, records.")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "leaderboard", acknowledge_first=True):
            assert interaction.guild_id is not None
            server = interaction.guild.name if interaction.guild is not None else "this server"
            fame = await self.fame(interaction.guild_id, server)
            if not fame.rows:
                await interaction.followup.send("Nobody has finished a game on this server yet: /game new or "
                                                "/campaign new to make history.", ephemeral=True)
                return
            lines = [f"🏆 **Hall of fame of {server}**"]
            for n, row in enumerate(fame.rows[:5]):
                lines.append(f"{n + 1}. {row.name}: {row.campaigns_won} campaign(s), {row.games_won} of {row.games} "
                             f"games won, {row.feats} Feat(s), {row.vp} VP")
            lines += [f"• {r.discipline}: {r.what} {r.value:g} ({r.holder})" for r in fame.records]
            png = await self.bot.painter.render(fame)
            kwargs: dict[str, Any] = {"content": "\n".join(lines)[:2000]}
            if png is not None:
                kwargs["file"] = discord.File(io.BytesIO(png), filename=FAME_FILE)
            await interaction.followup.send(ephemeral=True, **kwargs)


async def setup(bot: Host) -> None:
    await bot.add_cog(Leaderboard(bot))
