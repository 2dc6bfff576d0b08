"""`/rules game:<game>`: the game's guide, in our own words, with the readings we chose.

Each game's package exports `GUIDE` (markdown). It is imported when asked for,
so the bot does not depend on a guide existing for a game to be playable.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import Host, set_game_choices
from bot.cogs.lifecycle import rule_line
from bot.ui.text import split_markdown
from bot.ui.turns import audit, refuse
from rules.registry import guide_for

EMBED_CHARS_PER_MESSAGE = 5800  # Discord allows 6000 characters of embeds in one message


def guide_messages(title: str, guide: str) -> list[list[discord.Embed]]:
    """The guide as embeds, grouped so no message passes Discord's embed limits."""
    pieces = split_markdown(guide, 4000)
    messages: list[list[discord.Embed]] = [[]]
    size = 0
    for index, piece in enumerate(pieces):
        embed = discord.Embed(description=piece, colour=discord.Colour.dark_green())
        if index == 0:
            embed.title = f"📜 {title} — how to play"
        if len(messages[-1]) == 10 or size + len(piece) + 60 > EMBED_CHARS_PER_MESSAGE:
            messages.append([])
            size = 0
        messages[-1].append(embed)
        size += len(piece) + 60
    return messages


async def send_guide(interaction: discord.Interaction[Any], title: str, guide: str) -> None:
    """The guide, privately, in as many messages as Discord's limits need."""
    messages = guide_messages(title, guide)
    await interaction.response.send_message(embeds=messages[0], ephemeral=True)
    for embeds in messages[1:]:
        await interaction.followup.send(embeds=embeds, ephemeral=True)


class RulesGuide(commands.Cog):
    """Read the rules without leaving Discord."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        set_game_choices(self.rules, "game", bot.table.games)

    @app_commands.command(name="rules", description="How to play a game (only you see it).")
    @app_commands.describe(game="Which game")
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with audit(interaction, "rules") as record:
            engine = self.bot.table.games.get(game)
            guide = guide_for(engine) if engine is not None else None
            if engine is None or guide is None:
                record.result = "refused"
                await refuse(interaction, "I have no guide for that game yet.")
                return
            if engine.table_options:  # the text's optional rules, and how a table switches one on
                guide += (f"\n\n**Optional rules** (switch one on as you open the table: `/game new game:{engine.slug} "
                          f"rule:{engine.table_options[0].name}`):\n"
                          + "\n".join(f"• {rule_line(o)}" for o in engine.table_options))
            await send_guide(interaction, engine.title, guide)


async def setup(bot: Host) -> None:
    await bot.add_cog(RulesGuide(bot))
