"""Goblin warlords, the territory game of the draft rules (seed 002): the whole game, its moves, guide
and computer player, registered (`GAME`) once its board (`renderers/goblin_warlords/`) was drawn, so every
generic test (controls, renderers, self-play, secrets) holds it to the same checks as the other games.

What the slices hold (issue 43):
- `data`: the house set of /work/shared/games/goblin-warlords.md (b) as data: the 18 territories
  (orcland or outland, home tribes, standard units), their adjacency, the caravans' roads, the tribe
  cup's 74 unit chips (troops with power, leaders with authority and servivility, shamans, war
  machines, spies), the gold cup (60 gold, 6 caravan chips), fortress ratings and the mine's price.
- `models`: the state (seats' hands, the cups, map control, armies, caravans, fortresses, mines,
  turn, phase and order, B3's leaders that moved, attacked and levied, the battles waiting to be
  fought, with the strategies chosen, the battle being settled), the actions as a union on `type`,
  and the views.
- `secrets`: hands (captives included) seen by their owner alone, the cups by nobody, a battle's
  chosen strategy by its chooser until both are in (or shown early for a shaman's side), what a
  player's spies saw his alone (`rules.core.secrets`).
- `rules`: small rules free of the flow (draws, the order of play, caravan steps, the victory
  conditions' counts).
- `movement`: B3's rules free of the flow (friendly and hostile, reach, paths, passage, the
  authority and servivility checks, a levy's modifiers, choices of units).
- `questions`: the questions of a player turn (B2's redraw and purchase; B3's next step, passage,
  the attack on a caught leader, the underground reroll; combat's secret strategy, the damage's
  spread, the retreat and the extra move, with an absent player's defaults; B4's rampages and mines;
  B5's discard; C's offers and answers).
- `combat`: combat's rules free of the flow (a battle's sides, power, the leadership modifiers and
  d6 table, troll stupidity, the two strategy tables, the fortress's absorption, the damage's
  spreads and their checks, the survivor, the retreats).
- `moves`: the `MoveBook` of `/gw` (every action's word, label, help, parameters and words).
- `guide`: `GUIDE`, the `/rules` text, and `READINGS`, every reading chosen.
- `computer`: `TACTICS` (`rules.core.tactics`), the standing and the sensible moves for the search.
- `engine`: the set-up of the text (bosses, units up to six, units traded for gold, caravans
  drawn placed at once and replaced, a random first player) and the turn's first steps: A (the
  caravans step), the order of B, B1 (unplaced caravans placed and moved), B2 (three free
  draws, up to two bought, the no-leader redraw) and B3's movement and control (second session):
  each leader moves once, attacks once, levies once a turn; a lone leader moves two areas, an army
  one; passage through an opponent's held territory (his leave, else a servivility check, else he
  may attack); underground travel (d20, one reroll, 19 lost, 20 destroyed); units left behind in
  friendly territory; leaderless units in unfriendly territory destroyed; control of orclands;
  levies (a leader from the hand into his home, standard units all at once, natives obey, others on
  an authority check with its modifiers, or they rebel); claims (a leader takes back units left
  behind, or rebels of his tribe, L31, L36); native troops won over by an arriving leader unless
  their holder keeps them by authority (L39); gold carried handed in on friendly ground (L51). A
  battle B3 brings about is recorded in `GoblinState.battles` and play goes on; "end my turn" ends
  B3. Then (third session) the recorded battles are fought in order (L83-147): both sides choose
  Mindless Charge, Careful Advance or Clever Strategy in secret, revealed together (rebels roll a d3;
  a lone chief may flee instead);
  leadership checks and the d6 for a real strategy; troll stupidity; the basic strategy table's
  damage, or the fortress's table, its absorption, a war machine against it and the castle's fall
  when the defender holds one (an underground surprise forcing Clever against Careful Defence); the
  damage spread (by the owners since the fifth session), one survivor roll; surrender; a destroyed
  leader's servivility (halved when hacked to pieces), death or capture; the beaten side's retreat
  (to a free neighbour, by the caves out of a fortress, destroyed with nowhere to go; rebels
  destroyed, or the land left neutral when they win); destroyed trolls regenerating (the loser's
  won over by the winner's authority, else back to the cup); each battle leaves the list
  when fought, one whose army has moved away is dropped; then B4. In B3 an army may attack the caravans in its territory one by one (L38, L76-82, L103):
  power and treasury at the first attack (rumours drawn placed), the caravan's d3 strategy, gold
  won as power is destroyed, a beaten caravan stepping on, spared by that army this turn. Then
  (fourth session) B4, rampage in the outlands (one or two authority checks; a unit running to the
  hand with the loot) and mines held all turn by a troop yielding a chip or destroyed (L43-44, L65),
  B5, the discard down to ten chosen in secret (L46), C, trading between players with leaders side by
  side (offers and answers in secret; captives traded, the others executed, L47-48, L74), and victory (L156-158): the
  announcement before A of a condition met, the check after the game turn (the other condition
  will do; shared wins), the house set's end after game turn 12 (most lands and fortresses), and
  `outcome()` with the placings. Random play now reaches the end of games.

Then (fifth session) the owners' own choices in combat: the damage's spread and the survivor
(L141-143), the retreat square and a retreating leader's extra move (L40), an army beaten by a caravan
retreating (L82), shamans choosing late (L102), following the winner or dying with a hacked leader (L70,
L75, L101), stupid trolls of a wiped-out army joining the victor (L126), units left behind attacking
newcomers (L31), spies (L41, house set b7), shamans and war machines levied (L67-72), fortresses and
mines built (L61-66), a lone leader's one gold chip (L49-50), and defaults for an absent player's
combat questions; `moves` (the `MoveBook`), `guide` (the `/rules` text and its readings) and
`computer` (`TACTICS` for the search).

Line numbers (L…) are those of ../shared/seeds/002_6fc21e352e2e7ee3.txt as it is now (158
lines); the reading's own line numbers come from an edition with blank lines between paragraphs,
so tests name the seed's line and the reading's item, e.g. `# 002 L24-25 (reading a13)`.
"""

from rules.goblin_warlords.engine import GoblinWarlords
from rules.goblin_warlords.guide import GUIDE, READINGS

GAME = GoblinWarlords()
"""The engine the registry finds."""

__all__ = ["GAME", "GUIDE", "GoblinWarlords", "READINGS"]
