"""OrcQuest WarPath (seed 004): the co-operative dungeon crawl, four Orc Heroes against the game.

Line numbers (L…) are those of ../shared/seeds/004_3c7d9386b922289d.txt (1,433 lines); the house set
and the readings (a…, d…) are ../shared/games/orcquest.md's (whose own line numbers count another
layout of the text: the ones here are the seed file's). The engine (`engine.OrcQuest`) is registered
(`GAME`, issue 44): the bot, the terminal, `zagjan simulate` and the benches pick it up, its moves
(`moves.py`, `/oq`), its computer player (`computer.py`) and its board (`renderers/orcquest/`) with it,
and every generic test (controls, secrets, labels, undo, self-play) holds it to the same checks as the
other games.

In, each with tests that name their lines:
- the house set as data and Quest 1's map read from its ASCII (`data`; L133, L244-266, L749);
- squares and lines (`geometry`): adjacency through walls and doors, Danger Zones, Front and Rear
  Arcs, Range, Line of Sight and of Fire on shapely, reachable squares with Movement Points, ponds,
  Danger Zone damage, Agile diagonals, Smashing, Push (L300-352, L394-465, L1137);
- combat (`combat`, `fights`, `attacks`): the coloured dice, pools and their caps, cancelling, Health Point
  colours, Brutality, Piercing, re-rolls, Fortified and Weakened, Reactions, death, Loot and Badass
  Points (L505-622, L694-697, L1095-1131);
- the Hero Phase (`engine`, `heroes`): set-up for 1-4 seats sharing four Heroes (L246-252),
  activation and entry, cards paid in AP and BP, extra AP, Combos, moves, doors, Smashing, the Totem,
  load, Invisible (slipping through closed doors too), Events, Potions (L353-465, L586-599, L648-722,
  L1122-1124);
- Exploration (`exploration`; L466-502), Stuff (`stuff`; L626-682, L921-923);
- the Enemy Phase played by the rules (`enemies`): Patrols, the Bell-ringer and the Bell, Groups (an
  Enemy two groups claim: the stronger die, then the larger group, L831; reading d8), Activation
  rolls, Flee, Assault and targeting, Mek's Dodge as a reaction prompt defaulting to no, the Alert at
  its end (L724-888);
- the ties the book leaves to the players, asked of every seat with a default (`questions`): where an
  Exploration's token or figure goes among equally near empty squares (`place`; L488, L499; readings
  d7, d23: a Hero's move stops there, an Enemy's waits and goes on), which of a Patrol's Enemies tied
  nearest the Bell rings it (`ringer`; L803), and a full Hero Entry's tied squares (reading d20);
- a move foreseen without making it (`preview`: cost, Danger Zone damage, who would see the Hero);
- the /rules text in our own words with every reading (`guide`: GUIDE, READINGS);
- the End of Turn: cards restored, Events discarded, resurrection (L895-906); victory and defeat
  (L184-190, L732); the decks' and reserves' orders hidden from every seat (`secrets`; L253-256).

Boosts and an Enraged Hero's re-roll come after an Attack's dice are down, the game asking with "read
them as they lie" as its default; under an Enemy's Attack an Enraged Hero may re-roll its Defence
dice, and Mek may Dodge, the default being to take it (L389-390, L575, L883-885, L1080, L1111). Dodge
is the house set's only Reaction card.

Still to come: throwing Loot (L924-930); buying Skills (L912-921); Kraft, Enchant, Relics and
Artifacts (L653-661, L915, L931-960); the End of Quest and the Campaign (L961-987); Bosses, Massive
and Named Enemies (L819-823, L988-1032); reinforced doors and keys, destroyed walls, Smoke, and the
Abilities no house card uses (L420-423, L470, L1094-1160). The Enemies' own remaining ties (an Enemy
as close to two groups of the same die and size, targets and squares among equals) keep the default
unkind to Heroes or reading order (readings d8-d10): the book leaves them to no player.
A walk foreseen (`preview`) is told in Discord by the shared `/game preview` (through `OrcQuest.foresee`)
and in the notes of `/oq move path:`'s autocomplete, not by a `/oq preview` of its own.
"""

from rules.orcquest.engine import OrcQuest
from rules.orcquest.guide import GUIDE, READINGS

GAME = OrcQuest()
"""The engine the registry finds."""

__all__ = ["GAME", "GUIDE", "OrcQuest", "READINGS"]
