"""Flying Pigs in Discord: `controls` turns its prompts into buttons, `commands` holds its slash commands."""

from bot.games import GamePlugin
from bot.games.flying_pigs.controls import FlyingPigsControls

PLUGIN = GamePlugin(slug="flying-pigs", controls=FlyingPigsControls(), commands="bot.games.flying_pigs.commands")
