"""The /rules text for Flying Pigs, in our own words, with the readings we chose.

Where the rule book is silent or unclear we took the bloodier or more chaotic choice (its
Bloodshed Games rule). Every reading is tested by its key in tests/rules/flying_pigs/.
"""

READINGS: dict[str, str] = {
    "terrain-apart": "Rocks and Mushroom Fields are placed at random where they do not overlap each other.",
    "deploy-bearing": "An Orc is deployed by its bearing from the centre, in steps of 10° for the buttons; it "
                      "stands as far out as it can while fully inside the Pigsty, so its base touches the edge.",
    "pigtoss-side": "The player puts the Pig in base contact with either of their Orcs, on any side of it "
                    "(by default the side facing the centre) where the Pig stands fully inside the Pigsty on "
                    "free ground. It then runs 2D3\" straight at the centre of the board; \"left\" and \"right\" "
                    "are as seen running that way. The Pigtoss turns back at the Pigsty edge, stops at rocks and "
                    "models and ends 1\" from them, and a Pig crossing a Mushroom Field gets Shrooms.",
    "orc-paths": "An Orc's own move is a path of straight legs through the turning points the player gives, "
                 "its whole length within the allowance. No leg may cut into a rock, another model or the "
                 "Kitchen or cross the Pigsty edge, but it may pass close by and touch them: the 1\" spacing "
                 "applies only where the move ends. Walking toward a model goes straight at it until the first "
                 "thing in the way.",
    "spacing-after": "The 1\" spacing waits until what a stop sets off has happened: Shove, Fire it up! and "
                     "Shrooms are judged where the move really ended, and the model is backed away only if none "
                     "of them has moved it on by then.",
    "any-number": "Any number may play, as the book says; the bot seats up to ten (twenty Orcs stand round "
                  "the Pigsty's edge with room to spare, and ten colours stay apart on the board).",
    "models-block": "A model on the ground (not on fire) cannot pass through other models: its Random Move "
                    "stops where it bumps into one, then steps back to 1\" away.",
    "shoo-continues": "A Pig turned by Shoo! goes on from where it touched the Orc, with the distance it had "
                      "left, in a newly rolled direction. A Pig Shoved earlier in the same Player Turn ignores "
                      "Shoo! for the rest of that turn.",
    "shove-once": "Shove and Fire it up! are used once each; letting a chance pass keeps them ready. Shoo! "
                  "works on every Pig (once per Pig each Player Turn) until it ends.",
    "reaction-default": "A reaction not answered in time is used (Bloodshed Games): the model is Shoved or the "
                        "Pig is set alight.",
    "shrooms-near": "Shrooms work both ways. Any model that ends a move within 2\" of a Shroomed model makes a "
                    "Random Move at once (Shroomed or not), and a Shroomed model that ends a move within 2\" of "
                    "others sends each of them on one; one it bumped into gets a single Random Move for that "
                    "bump.",
    "fire-forever": "Fire never goes out: a burning model flies on every Random Move for the rest of the game.",
    "fire-lands": "A burning Pig wins only by ending its move touching the Kitchen; it picks up Shrooms only "
                  "where it lands.",
    "chain-limit": "After 40 reactions and knock-ons set off by one decision, further moves set nothing off "
                   "until the next decision.",
    "pig-ablaze": "Mmmm Smells Good goes to the Pig's owner whoever lit it; Pyromania goes to the player whose "
                  "Orc set someone else's Pig ablaze. Either feat counts also for an Orc set ablaze by its own "
                  "Fire it up! when the model is an Orc (I'm on Fire!).",
    "grease-full": "A model with 6 Grease Markers gains no more, and its owner may still be targeted again "
                   "in that Grease Toss step.",
    "tie-procedure": "Tied initiative rolls for deployment follow the campaign's brood-age procedure when the "
                     "game knows the broods' ages (low ties to the younger, high to the older), and are rolled "
                     "again otherwise.",
    "placing-ties": "Pigs at exactly the same distance from the Kitchen share their place.",
}

GUIDE = """\
**Flying Pigs** — the first Pig to touch the Kitchen in the middle of the Pigsty wins.

**Players:** 2 to 10 (best 3–6). Each has two Orcs and a Pig on 25 mm bases; the brood matters only for ties. \
The board is 48×48", x and y in inches from the bottom-left corner; the Pigsty is the circle of 15" round the \
centre, the Kitchen the 3×3" square in the middle. Three 1×1" rocks and three 3×3" Mushroom Fields lie at random.

**Deployment:** everyone rolls; highest first, each puts both Orcs inside the Pigsty touching its edge, 1" from \
other Orcs. **Pigtoss:** from the last to deploy, clockwise: you put your Pig against one of your Orcs (any side, \
inside the Pigsty); it runs 2D3" toward the centre, then 2D3" left (1–3) or right (4–6), stopping 1" short of \
other Pigs.

**Player Turn** (first tosser first, clockwise):
1. *Slippery* — a D6 per Orc; on a 1 it slips (Slippery!).
2. *Movement* — each Orc that did not slip walks up to 8" (+1" per Grease Marker), along a path with turning \
points if you like; it cannot pass through rocks, models or the Kitchen and ends 1" from them.
3. *Grease Toss* — each Orc may throw grease at a model within 10": 3+ adds a Grease Marker, a 1 makes the \
thrower slip. Once a player's model has gained a marker in the step (a slip counts), that player's models \
cannot be targeted again in it.
4. *Action* — each Orc takes Shove, Shoo! or Fire it up!, kept until this step of your next turn:
 • Shove: when another model stops within 2", you may send it on a Random Move.
 • Shoo!: a Pig bumping into the Orc rolls a new direction (once per Pig each turn; not after a Shove).
 • Fire it up!: when a Pig stops within 2", you may try to light it: 3+ the Pig burns, 1–2 the Orc does; \
the burning model makes a Random Move. In a Mushroom Field it gets Shrooms instead of fire.
5. *Move your Pig* — a Random Move.

**Random Move:** 2D3" in a random direction, +D3" per Grease Marker. A burning model flies over everything. \
Models end 1" away from rocks and other models. Pigs turn round at the Pigsty edge; Orcs stop there and never \
enter the Kitchen. A Pig touching a Mushroom Field gets **Shrooms** until its owner's next turn: it ignores \
Shove and Shoo!, and knocks into Random Moves whatever it bumps into or comes within 2" of it.
**Grease Markers** (at most 6) stay for the game. **Slippery!** adds one and makes a Random Move.
When you are offered a reaction in someone else's turn, answer with the buttons; if you wait too long the bot \
uses it for you.

**Feats** (first to do it): Wicky Sticky (3 Grease Markers on your Orc), I'm on Fire! (your Orc ablaze), \
Triple Fat (3 Grease Markers on your Pig), Mmmm Smells Good (your Pig ablaze), Pyromania (someone else's Pig \
ablaze by your Orc). The others are placed by how near their Pigs are to the Kitchen.

**Our readings** (where the rule book leaves a gap, the bloodier choice wins):
""" + "\n".join(f"• {text}" for text in READINGS.values())
