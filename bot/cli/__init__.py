"""The `zagjan` command and the tools it runs beside the bot: `main` (the commands), `terminal`
(`zagjan play`), `bench` (speed) and `arena` (the computer's strength). The top room: it may use
every room below it, and none uses it."""
