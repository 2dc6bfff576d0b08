"""Zagjan's running parts around the pure rules: rooms stacked so that each imports only the ones
below it (`tests/test_house.py` fails when an import goes up or round in a circle).

    cli/       the `zagjan` command: run, play in the terminal, simulate, bench, arena
    app/       the Discord process: the bot client, its start-up, hand-overs between processes, logs
    plugins/   a family's features beyond its games (the Orclympics campaign), found by looking
    cogs/      the slash commands every game shares, one cog per feature
    waits/     what happens without a click: computer players, reactions' time limits, idle tables
    ui/        Discord messages and controls: boards, lobbies, secret prompts, the path of a click
    service/   the table service, without Discord: a move read, checked, applied and stored once
    settings   the bot's settings, read from the environment
    storage/   the store (SQLite or PostgreSQL) and the ownership of guilds between processes

`service` and `storage` know nothing of Discord, so the command line and the tests use them directly.
"""
