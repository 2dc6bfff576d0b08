"""`/help [game]`: what to type first, and each game's own commands, for a newcomer.

Built from what the bot runs (the games, their table sizes and their command groups), so a
game added later appears here by itself.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import Host, Introduced, pick_name, set_game_choices
from bot.ui.turns import audit

def first_steps(pick: str, more: list[str]) -> str:
    """The way in, with the seat-pick option under the name the games give it and the paragraphs
    the bot's plug-ins add (`Introduced`)."""
    return "\n".join([
        f"1. **/game new** `game:` — open a table in this channel; you take the first seat (pick your `{pick}` "
        "where the game has one).",
        f"2. Your friends click **Join** on the table's card (choosing a {pick} where the game has them), or type "
        "**/game join**; short of players, the creator clicks **Add a computer player** (or types **/seat computer**).",
        "3. Whoever opened the table clicks **Start** (or types **/game start**).",
        "4. After that the board in the channel says whose turn it is; that player uses the buttons "
        "under it, or the game's own commands below. Secret choices arrive by direct message.",
        "Also: **/game status** (whose turn), **/game board** (show the board again), **/game log** "
        "(what happened, with your private news), **/game hand** (a picture of what only you can see), "
        "**/game undo** (take back your last move while nothing was rolled or learnt since), **/game preview** "
        "(what one of your moves would do, before you make it), "
        "**/rules** `game:` (how to play), **/game abandon**.",
        "A table has a turn limit (`turn_limit:` at /game new, 24 hours by default): past it the bot "
        "reminds the player; past twice it the others may skip or remove them. **/game pings** turns turn pings off.",
        *more,
        "**/leaderboard** shows the server's hall of fame."])


class Help(commands.Cog):
    """The way in for someone who has never played with Zagjan."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        set_game_choices(self.help, "game", bot.table.games)

    def _groups(self, slug: str) -> list[app_commands.Group]:
        """The slash command group of a game, made from its declared moves."""
        game = self.bot.table.games.get(slug)
        declared = [self.bot.tree.get_command(game.moves.group)] if game is not None and game.moves else []
        return [g for g in declared if isinstance(g, app_commands.Group)]

    @app_commands.command(name="help", description="What to type first, and each game's commands (only you see it).")
    @app_commands.describe(game="A game to see its commands")
    async def help(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        async with audit(interaction, "help", acknowledge_first=True):
            more = [cog.help_text for cog in self.bot.cogs.values() if isinstance(cog, Introduced)]
            steps = first_steps(pick_name(self.bot.table.games), more)
            embed = discord.Embed(title="Zagjan — how to start", description=steps,
                                  colour=discord.Colour.dark_gold())
            games = self.bot.table.games
            chosen = [game] if game in games else sorted(games)
            for slug in chosen:
                engine = games[slug]
                groups = self._groups(slug)
                if game in games:
                    lines = [f"`/{g.name} {c.name}` — {c.description}" for g in groups for c in g.commands]
                else:
                    lines = [", ".join(f"`/{g.name} …`" for g in groups) or "buttons under the board"]
                value = f"{engine.sizes_text()} players, best with {engine.sizes_text(best=True)}. " + "\n".join(lines)
                embed.add_field(name=engine.title, value=value[:1024], inline=False)
            if game is None:
                embed.set_footer(text="/help game: <a game> lists that game's commands.")
            await interaction.followup.send(embed=embed, ephemeral=True)


async def setup(bot: Host) -> None:
    await bot.add_cog(Help(bot))
