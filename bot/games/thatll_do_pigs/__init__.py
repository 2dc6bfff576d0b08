"""That'll do Pigs in Discord: `controls` turns its prompts into buttons, `commands` holds its slash commands."""

from bot.games import GamePlugin
from bot.games.thatll_do_pigs.controls import ThatllDoPigsControls

PLUGIN = GamePlugin(slug="thatll-do-pigs", controls=ThatllDoPigsControls(),
                    commands="bot.games.thatll_do_pigs.commands")
