"""One package per game: its controls and its slash commands, found by `bot.catalog`."""
