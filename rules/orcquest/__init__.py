"""OrcQuest WarPath (seed 004): the co-operative dungeon crawl, four Orc Heroes against the game.

Not registered yet (no `GAME`): this package lays the foundations as pure, tested slices.
"""
