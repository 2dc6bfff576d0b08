"""Timber! in Discord: `controls` turns its prompts into buttons, `commands` holds its slash commands."""

from bot.games import GamePlugin
from bot.games.timber.controls import TimberControls

PLUGIN = GamePlugin(slug="timber", controls=TimberControls(), commands="bot.games.timber.commands")
