"""What happens at a table without a click: a computer player's move (`computers`), a reaction's
time limit running out (`reactions`) and a table left idle (`idle`). Each is handed the narrow
services it uses (a `Protocol` of its own), never the bot."""
