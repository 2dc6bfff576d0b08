"""Road Rage (seed 000, VI): Orc Boar Chariot racing.

Work in progress (issue 13): building a Chariot (`chariots`) is done; the Circuit and the race
are not yet, so the package exposes no `GAME` and the registry does not offer it.
"""
