"""Road Rage in Discord: `controls` turns its prompts into buttons, `commands` holds its slash commands."""

from bot.games import GamePlugin
from bot.games.road_rage.controls import RoadRageControls

PLUGIN = GamePlugin(slug="road-rage", controls=RoadRageControls(), commands="bot.games.road_rage.commands")
