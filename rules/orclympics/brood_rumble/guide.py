"""The /rules text for Brood Rumble, in our own words, with the readings we chose.

Where the rule book is silent or unclear we took the bloodier or more chaotic choice (its
Bloodshed Games rule). Every reading is tested by its key in tests/rules/brood_rumble/.
"""

READINGS: dict[str, str] = {
    "sizes": "Sizes the book does not give: a Pit and a Debris Mound are round, 3\" across; Dangerous Terrain "
             "and a Platform are 3\"x3\" squares; Cover is a 3\"x1\" wall lying east-west; a Platform is 1\" "
             "high; a Barrel is a 20 mm disc.",
    "cover": "A team places only a Pit, Dangerous Terrain or a Platform at set-up, as the set-up says; Cover "
             "is in the terrain table but nothing puts it on the field, so a normal game has none (its rules "
             "are in the engine all the same).",
    "no-stacking": "Features stand more than 3\" apart, so nothing is placed on or under a Platform.",
    "centre-line": "The Centre Line lies halfway between the two deployment edges, so the Debris Mounds go "
                   "down once the edge is chosen: 6\" either side of the middle on that line (at x = 6\" and "
                   "18\" when the teams face north-south, at y = 6\" and 18\" when they face east-west), sliding "
                   "along it to the nearest clear spot if a feature is in the way.",
    "platform-centre": "An Orc stands on a Platform when the centre of its base is over it; a move pays 1\" "
                       "each time the centre crosses a Platform's edge, up or down.",
    "move-path": "A Move is a path of straight legs (each turn is a free pivot); it may not pass through Orcs, "
                 "Pits, Cover or Debris Mounds, may cross Barrels and Dangerous Terrain, and ends where the "
                 "player says. Touching an enemy ends the move: that is a Charge.",
    "dangerous-once": "Dangerous Terrain rolls once per feature touched in each movement (a Move, a Push "
                      "with its stagger back, a fall-back), also when the Orc starts on it.",
    "common-reroll": "The Common Orcs' reroll of both Barrel dice is offered when the throw at an Orc falls "
                     "short; it applies to catches thrown back too, never to the crowd's throws.",
    "feral-reroll": "The Feral Orcs' reroll is offered on every Move distance, before the Orc is moved.",
    "brood-per-player": "With four players each player's Orcs use that player's brood, as in a campaign.",
    "flight": "Barrels always move in a straight line, thrown or bouncing: they pass over Pits, Dangerous "
              "Terrain and Debris Mounds (one that would stop on a Mound rolls on clear of it), hit any Orc "
              "they touch on the way and burst on Cover, another Barrel or the edge. So an Orc standing in the "
              "line of a throw takes the Barrel instead of the target, which only risks the bounce. No Orc may "
              "throw when Cover lies on the line to its target; a caught Barrel thrown back into Cover bursts "
              "on it. The crowd's Barrels fly in the same way from the nearest edge.",
    "miss-landing": "A Barrel that falls short flies the rolled distance from the thrower's base along the line "
                    "to the target, hitting the first Orc it touches (the target too, when it comes that close), "
                    "then bounces.",
    "bounce-anyone": "Bounces hit any Orc they touch, friend, foe or thrower, Knocked Down or not; each hit "
                     "Orc may try its catch if it can.",
    "catch-back": "A catch is always tried (it costs nothing). A caught Barrel goes straight back at whoever "
                  "threw it, even a team-mate; if that thrower is the catcher or is gone, the catcher throws "
                  "it at any Orc or in any direction, as with the crowd's Barrels.",
    "catch-down": "A Knocked Down Orc is on the ground and cannot catch.",
    "barrel-breaks": "A moving Barrel, thrown or bouncing, that touches another Barrel breaks; the Barrel it hit stays.",
    "six-barrels": "The crowd never throws when six Barrels lie on the field, and a Barrel that would come "
                   "to rest as a seventh breaks instead.",
    "anger": "The crowd's answer follows any throw of the activated Orc at an engaged enemy, the Oh, a Barrel! "
             "throw included, after the throw and any catches have played out.",
    "crowd-once": "An Orc already hit by the crowd this Game Turn is not targeted again, and the crowd's "
                  "bounces pass it by.",
    "oh-a-barrel": "Oh, a Barrel! replaces an unused Item like any other find. Not throwing it sets it down "
                   "at the Orc's feet, where it may be thrown as the second action.",
    "helmet": "The Old Helmet works on its wearer's next Headbutt, given (+1) or taken (-1), whichever comes "
              "first; item bonuses are added before a block takes off its 3 wounds.",
    "dusters": "The Rusty Knuckle Dusters are used up by the next Punch, blocked or not.",
    "counterstroke-serving": "Second Serving applies to the Counterstroke too: each Orc keeps attacking "
                             "until its opponent blocks right.",
    "beating-knockdown": "Losing 5 or more HP in one Round of Combat knocks an Orc down at once, whatever "
                         "else happened (even after a Push); its opponent then falls back 3\". The HP counted "
                         "include the Punch's extra one and a Push's collisions.",
    "push-stops": "A Push stops at the first thing its base touches: a Pit or the edge eliminates, Cover or a "
                  "Debris Mound costs 1 HP, another Orc costs both 1 HP and sends the pushed Orc 1\" back, "
                  "a Platform or Dangerous Terrain just stops it. Pushed off the Platform it stood on, it "
                  "loses 1 HP and the Push goes on, since only an element it touches stops it: the rest of "
                  "the 6\" may carry it into a Pit or off the board. Things it already touched do not stop a "
                  "Push away from them.",
    "knocked-down": "A Knocked Down Orc is out of any fight: no combat, no charging it, no catching; its "
                    "next activation is Get Up and nothing else.",
    "fall-back": "A fall-back is a 3\" straight move in the chosen direction that stops at whatever is in the "
                 "way and never leaves the board; it pays nothing for Platforms.",
    "tie-procedure": "In a campaign that knows the broods' ages every tied roll-off goes by age (campaign rules "
                     "4): who strikes first, and the team roll-offs for terrain, edge and Initiative, where the "
                     "first player of each team speaks for it. Outside a campaign ties are rolled again.",
    "wombo-combo": "Wombo Combo counts the enemies a single throw hits and that do not catch it, its bounces "
                   "included.",
    "collector": "Collector needs two grabs from the two different Debris Mounds by Orcs of the same player in "
                 "one Game Turn.",
    "go-play-dolls": "Go Play Dolls! counts an elimination caused by an attack of 3 wounds or more, also when "
                     "the Push that follows it does the eliminating.",
    "simultaneous-end": "If the last Orcs of both teams fall together, the game is a draw and every player "
                        "shares first place.",
    "no-room": "When no legal spot is left for a Terrain Feature, the remaining features are not placed.",
}

GUIDE = """\
**Brood Rumble** — two teams of four Orcs brawl on a 24×24" board. The last team with Orcs standing wins.

**Players:** 2 (one team each) or 4 (seats 1 & 3 against 2 & 4, each player running two Orcs; both players of \
the winning team share first place, the others third). Every Orc has 12 HP and a 25 mm base; x and y are \
inches from the bottom-left corner.
**Broods:** Common — reroll both dice of a Barrel throw that falls short. Feral — reroll the distance of a \
Move. Iron — +1 to catch a Barrel.

**Set-up:** D3+2 Terrain Features, placed in turn after a roll-off: Pit, Dangerous Terrain or Platform, \
each more than 3" from the edges and from the others (give the x, y of its centre, or let the dice place \
it). A second roll-off: the winner picks a board edge and deploys its Orcs with their backs on it; the other \
team takes the opposite edge. Two Debris Mounds go on the centre line between those edges, 6" each side of \
the middle.

**Game Turn:** roll-off for Initiative; the teams take turns activating one Orc each. An activated Orc takes \
up to two *different* actions:
• **Move** D6+2" with any turns on the way, never through Orcs, Pits, Cover or Debris Mounds; climbing on or \
off a Platform costs 1". Touching an enemy that is standing and not already fighting is a **Charge**.
• **Throw a Barrel** you touch at an enemy: 2D6 ≥ the distance hits for D3 HP (a 6 catches it and throws it \
back), then it bounces D6" at random and hits whoever it touches next. Throwing at a fighting Orc may anger \
the crowd (4+: it throws a Barrel back at you). No throwing over Cover.
• **Grab an Item** from a Debris Mound no enemy touches: 1–2 *Oh, a Barrel!* (throw it now), 3–4 *Rusty \
Knuckle Dusters* (+1 wound on your next Punch), 5–6 *Old Helmet* (±1 on the next Headbutt). One Item at a time.
• **Get Up** — the only action of a Knocked Down Orc. **Fight** — the only action of an Orc touching an enemy.

**Combat** (after all activations, in the order the Initiative team picks): the charger strikes first, \
otherwise roll off. The attacker picks Headbutt, Punch or Kick in the Crotch **in secret** (by DM); the \
defender then picks a Low, Mid or High Block without seeing it. Reveal: D3 wounds, −3 for the right block \
(High stops Headbutt, Mid Punch, Low Kick). With 3+ HP lost: Headbutt pushes 6" away (Pits and the edge \
eliminate, Cover and Mounds hurt 1, other Orcs both lose 1) and ends the fight; Punch adds 1 HP and the fight \
pauses until next turn; Kick knocks the defender down and the attacker falls back 3". A wrong block means \
the attacker goes again; a right one passes the attack to the other Orc (same rule). 5+ HP lost in one \
round knocks an Orc down; 0 HP is out.

**The crowd:** a Game Turn in which nobody lost HP ends with D3 Barrels thrown at random Orcs from the \
nearest edge. Six Barrels on the field at most.
**Terrain:** Dangerous Terrain costs 1 HP on a 4+ each time an Orc touches it while moving.
**Feats** (first to do it): My Orclympics! (push an enemy into a Pit, off the board or off a Platform), \
Wombo Combo (one throw hits two enemies), Go Play Dolls! (eliminate with an attack of 3+ wounds), \
Orc Pedagogy (knock down with 5+ HP in a round), Collector (items from both Mounds in one turn).

**Our readings** (where the rule book leaves a gap, the bloodier choice wins):
""" + "\n".join(f"• {text}" for text in READINGS.values())
