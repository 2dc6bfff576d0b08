"""The /rules text for OrcQuest WarPath, in our own words, with the readings chosen where the rule book
is unclear (../shared/games/orcquest.md (d), keyed by its numbers) and what of the book is not in yet.
Each reading is cited by the tests that check it (tests/rules/orcquest/, "reading dN")."""

READINGS: dict[str, str] = {
    "d1": "The Quest is lost when the Alert goes beyond 15; standing on 15 is not yet defeat.",
    "d2": "The Bell moves the Alert to the first level of the next colour (4 becomes 6); rung in Red, the "
          "level stays, but the new Patrols still come.",
    "d3": "A figure's Front Arc is everything on its side of the line through its middle, parallel to its "
          "front edge; squares level with it are in front.",
    "d4": "An Attack with no Range needs an edge-adjacent target, Range 1 takes the eight squares around; "
          "Danger Zones and 'adjacent Heroes' are edge-adjacent; only Agile moves diagonally.",
    "d5": "Range counts king's moves and ignores walls; sight, fire and movement are tested apart.",
    "d6": "Walls run along square edges: a line touching any point of a wall, a corner included, is blocked. "
          "Furniture, trunks and figures stop a line only when it passes through their square.",
    "d7": "Exploration dice land on squares drawn at random, token arrows point a random way, and where the "
          "nearest empty square is tied the players pick one, the first in reading order (from a1) if nobody "
          "does.",
    "d8": "Outdoors, Enemies within 2 squares of each other and in sight form a group; one within 2 of a Room's "
          "group joins it. Claimed by two groups, an Enemy goes with the stronger Activation die, then with the "
          "bigger group; if still even, with the Room's.",
    "d9": "An Enemy remembers for good that it has seen a Hero; a group hears of the Heroes from another group "
          "it sees. An Alert Enemy stays Alert until it dies.",
    "d10": "Enemies target by current Health Points; with nobody in reach they walk their full move towards "
           "the nearest Hero; a fleeing Enemy runs as far as it can by path, then by Range, and turns its back.",
    "d11": "Enemies walk through other Enemies but never stop on one.",
    "d12": "Leaving a Danger Zone hurts however the Hero leaves it, passing through or pushed, unless the "
           "effect says otherwise (a Dodge does).",
    "d13": "After same colours cancel, the strongest Defence left goes first, each taking the strongest "
           "weaker Attack result.",
    "d14": "Struck from behind, an Enemy's turning round is its one Reaction of the Hero Phase.",
    "d15": "Combos count the Active Hero's own cards, extra ones included; a card that wounds nobody breaks the "
           "chain; Boosts do not count.",
    "d16": "A Bell-ringer made during the Patrols' turn runs at the end of that same turn.",
    "d17": "A Bell-ringer on the Bell raises the Alert twice each Enemy Phase: as an Alert Enemy and as the "
           "ringer.",
    "d18": "A Patrol entering pushes Heroes only as far as it needs squares.",
    "d19": "An empty Event or Loot deck takes its discard, shuffled. Dead Heroes are not activated and draw no "
           "Event; with every Hero dead the Quest is lost at once.",
    "d20": "A Hero turns freely in its own activation, never in the Enemy Phase, and comes in on a free Hero "
           "Entry square at its first activation.",
    "d21": "Push moves a figure one square straight away from the pusher, diagonally when the pusher is on a "
           "diagonal.",
    "d22": "'Suffers a grey die' is a normal Attack, the target rolling its Defence. Too few figures for a "
           "Patrol: Alert +1 and no Patrol.",
    "d23": "A tie left to the players is the whole party's to settle: any seat answers. A Hero's move stops "
           "where its Exploration waits for that answer, its card keeping the Movement Points left; an Enemy "
           "exploring on its move waits where it stands, then walks on and attacks as it would have. A "
           "Bell-ringer's run, or an Enemy passing over another, does not wait: the default is taken.",
}

GUIDE = """\
**OrcQuest WarPath** — four Orc Heroes raid a human farm together; one to four players share them (with \
three, the fourth Hero is everyone's). Everybody wins or everybody loses.

**The Farm at the Wood's Edge** (Quest 1): take the Totem from the north-east Room and carry it out \
through the Hero Entry. Never letting the Bell ring is worth 5 more Badass Points. The Quest is lost \
when every Hero is dead or the Alert goes past 15.

**The Heroes:** Orrus the Warrior (9 HP, Smashing: walks through furniture and closed doors, breaking \
them), Thalla the Ranger (7 HP, a Bow at Range 2-6; allies beside her never block her shots), Mek the \
Thief (7 HP, two Daggers, Agile: diagonal steps, climbs furniture and trunks) and Mandar the Warlock \
(6 HP, a Staff, immune to Afflictions). All have Orange Health Points and three Skill cards.

**A Turn:** the Hero Phase, the Enemy Phase, the End of Turn.

**Hero Phase:** the players pick the Heroes one by one. The Active Hero has 2 Action Points to play its \
face-up Skill cards (Main effect, or Enhanced for more), each resolved in full and then face down until \
the End of Turn. Badass Points buy extra Action Points for any Hero during an activation: 1, then 2, \
then 3... Two Actions in a row that wound open a free Combo 1; a Combo 1 that wounds opens a Combo 2. \
Ending an activation draws an Event; a Hero's own Event finds that Hero whoever drew it.

**Moving:** 1 Movement Point a square, 1 more out of a pond; opening or closing a door costs 1. Walking \
out of the square in front of an Enemy (its Danger Zone) costs 2 Damage that no armour stops. Heroes \
cross Heroes but never stop on them; Enemies block them. Ponds and tree shadows hide a Hero who enters \
unseen (Invisible: not targeted, not noticed) until it leaves, attacks, steps into a Danger Zone or a War \
Dog sniffs it out within 3 squares. Opening a Room's door, or seeing the field, drops dice on it: each \
brings a hidden token — Peasants, War Dogs, a Chicken (heals 1). A token or figure that cannot stay \
where its die fell goes to the closest empty square; when several are equally close, the table picks \
(anyone may click; the game takes the first in reading order when the timer runs out).

**Fighting:** Melee and Magic need sight, Ranged a clear line of fire. Attack dice (white, grey, black) \
show Yellow, Orange or Red; Defence dice may be blank. Same colours cancel, each Defence left cancels one \
weaker result, results weaker than the target's Health Point colour vanish, and what is left wounds: 1 \
for its own colour, 2 for one above, 4 for two above. Once the dice are down a Boost (Thalla's Piercing \
Shot) or an Enraged re-roll may still change them. A struck Enemy that lives reacts once per Hero Phase \
(a War Dog bites back; hit from behind it only turns). Kills give Badass Points, 1 more for a kill in \
one roll from full health.

**Enemy Phase** (played by the game, every die in the log): Patrol cards move the blue Patrol along the \
road or bring a new one. A Patrol that sees a Hero stops; its Peasant nearest the Bell runs to ring it \
(several as near: the table picks, the lowest number by default), which sends the Alert up a colour and \
more Patrols in. Then every Alert group, nearest the Heroes first, \
rolls its Activation die (at least Orange in Orange Alert, always Red in Red): Peasants flee on Yellow \
and attack otherwise, War Dogs always attack. Each goes for an adjacent Hero first, else the one with the \
fewest Health Points, the weakest colour, the nearest. Attacked, Mek may Dodge (1 Badass Point) and an \
Enraged Hero may re-roll its Defence; the game waits for the answer, taking the blow by default. The \
Alert rises by 1 if an Alert Enemy lives, by 1 more while a ringer stands on the Bell.

**End of Turn:** cards turn face up, Events are discarded, Stuff is equipped or put away, and a dead Hero \
may be raised for 10 of the Badass Limit (never below 10).

**Not in yet:** Kraft, Enchant and Relics, throwing Loot, buying new Skills, the End of Quest and the \
Campaign, Bosses, Named and Massive Enemies, reinforced doors, Smoke, and a say in the Enemies' own \
ties (an Enemy as close to two groups with the same die and size, a target or square among equals: \
the game takes the choice unkind to the Heroes, or reading order).

**Our readings** (where the rule book is unclear):
""" + "\n".join(f"• {text}" for text in READINGS.values())

__all__ = ["GUIDE", "READINGS"]
