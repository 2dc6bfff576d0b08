"""The Discord process: `client` (the bot, its start-up and shutdown, where each service is made and
handed to the pieces that use it), `handover` (moves in games another process owns) and `logs`
(logging that never tells a secret). Only `cli` stands above it."""
