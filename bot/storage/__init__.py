"""Where everything is kept: the store (`store`: games, seats, the action log, campaigns, results)
on SQLite or PostgreSQL (`backends`), and which process owns which guild (`shards`). The bottom
room: it imports nothing else of the bot."""
