"""Masters' Fight in Discord: `controls` turns its prompts into buttons, `commands` holds its slash commands."""

from bot.games import GamePlugin
from bot.games.masters_fight.controls import MastersFightControls

PLUGIN = GamePlugin(slug="masters-fight", controls=MastersFightControls(), commands="bot.games.masters_fight.commands")
