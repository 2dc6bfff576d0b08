"""Goblin warlords, the territory game of the draft rules (seed 002): a FIRST SLICE, not yet a
playable game, and on purpose not registered (no `GAME` here, so `rules.registry` does not find it
and no generic test — controls, renderers, self-play — picks it up before it is whole).

What this slice holds (issue 43, first session):
- `data`: the house set of /work/shared/games/goblin-warlords.md (b) as data: the 18 territories
  (orcland or outland, home tribes, standard units), their adjacency, the caravans' roads, the tribe
  cup's 74 unit chips (troops with power, leaders with authority and servivility, shamans, war
  machines, spies), the gold cup (60 gold, 6 caravan chips), fortress ratings and the mine's price.
- `models`: the state (seats' hands, the cups, map control, armies, caravans, fortresses, mines,
  turn, phase and order), the actions as a union on `type`, and the views.
- `secrets`: hands seen by their owner alone, the cups by nobody (`rules.core.secrets`).
- `rules`: small rules free of the flow (draws, the order of play, caravan steps).
- `engine`: the set-up of the text (bosses, units up to six, units traded for gold, caravans
  drawn placed at once and replaced, a random first player) and the turn's first steps: A (the
  caravans step), the order of B, B1 (unplaced caravans placed and moved) and B2 (three free
  draws, up to two bought, the no-leader redraw). After B2 a player's turn waits in phase
  `march` (B3), which this slice does not play yet.

Still to come (the next sessions): B3 (moving, passage, underground, leaving and claiming troops,
levying, spies, battles with secret strategies, caravan fights, retreats), B4 (rampage, mines),
B5 (discard to ten), C (trading, captives), fortresses, war machines, shamans, the victory
announcements and the house set's end after turn 12; then `moves.py` (the `MoveBook`),
`questions.py`, `guide.py`, `computer.py`, the renderer, and only then `GAME` here (registration).

Line numbers (L…) are those of ../shared/seeds/002_6fc21e352e2e7ee3.txt as it is now (158
lines); the reading's own line numbers come from an edition with blank lines between paragraphs,
so tests name the seed's line and the reading's item, e.g. `# 002 L24-25 (reading a13)`.
"""

from rules.goblin_warlords.engine import GoblinWarlords

__all__ = ["GoblinWarlords"]
