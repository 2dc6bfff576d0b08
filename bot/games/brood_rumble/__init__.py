"""Brood Rumble in Discord: `controls` turns its prompts into buttons, `commands` holds its slash commands."""

from bot.games import GamePlugin
from bot.games.brood_rumble.controls import BroodRumbleControls

PLUGIN = GamePlugin(slug="brood-rumble", controls=BroodRumbleControls(), commands="bot.games.brood_rumble.commands")
