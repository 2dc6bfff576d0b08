"""The /rules text for Masters' Fight, in our own words, with the readings we chose.

Every reading below is tested in tests/rules/masters_fight/ by the name given here.
"""

READINGS: dict[str, str] = {
    "jump-and-smash": "Jump and Smash are separate once-per-turn actions, so one activation can hold both.",
    "jump-landing": "A Jump moves 1 to 3 squares (4 with March Training) in a straight flight over Orcs and "
                    "Pits; it cannot land on a Pit or an Orc and must land within Smash reach of its target. "
                    "Landing on a Platform takes the climbing roll like any entry: on a 1 the Orc comes down on "
                    "the last square of its flight where it may stand (or stays put), and its Smash is resolved "
                    "only if the target is in reach from there. The Jump's Smash cannot throw the Throwing Axe.",
    "platform-knockdown": "On a Platform the knock-down is ignored but not forgotten: the Orc stays Knocked "
                          "Down and feels it again the moment it steps off, so a Move starting on the Platform "
                          "is a Knocked Down Orc's 1 square (2 with March Training). It may Recover on the "
                          "Platform.",
    "helmet": "When a Proper fightin' comes at an Orc that can use its Helmet, its owner chooses whether to "
              "spend the Helmet on it (turning it into a Smash!) or keep it. Not answered in time, the Helmet "
              "stays on and the blow lands in full (Bloodshed Games).",
    "spear-stomp": "The Spear's extra square of reach counts for Stomp and for Feral Fury's second strike too.",
    "fury": "Feral Fury offers the second strike after a Smash, a Stomp or a Jump, at Combat Skill 5, against "
            "the same Orc if it is still in reach (a thrown axe is gone by then). It is your choice to take it.",
    "elimination-item": "A stunned Orc leaves its Item on its square if that square has no token; "
                        "otherwise the Item is lost.",
    "knockdown-feat": "Sweat Dreams counts when an enemy goes from standing to Knocked Down.",
    "move-path": "A Move may name squares to pass through on the way (to climb a Platform on purpose, say); "
                 "between them, and when only a destination is named, the bot walks the way that climbs the "
                 "fewest Platforms, then the shortest one.",
}

GUIDE = """\
**Masters' Fight** — a free-for-all brawl on an 8×8 fighting pit. Last Orc standing wins.

**Players:** 2 to 6 (best with 4 to 6). Each player has one Orc.
**Broods:** Common (Combat Skill 4, 6 HP, *March Training*: +1 square on every Move and Jump), \
Feral (CS 4, 6 HP, *Feral Fury*: a second strike at CS 5 for the same Action Point), \
Iron (CS 3, 7 HP, *Mountain of Steel*, already in the numbers).

**Set-up:** the bot scatters 4 Terrain tokens (Pit or Platform) and 8 Items (Mace, Spear, Shield, Helmet, \
Throwing Axe), one token per square at most. Everyone rolls for initiative (ties roll again) and deploys \
in that order on an empty square; that order is also Game Turn 1's.

**Game Turn:** from turn 2 everyone rolls initiative anew. In order, each Orc gets 2 Action Points:
• **Move** (1 AP): 2 squares in any direction, 1 if Knocked Down, never onto Orcs or Pits. \
You may move part of it, act, then finish the move, and name squares to pass on the way. Stepping onto a \
Platform needs a 2+ (on a 1 the Move ends).
• **Recover** (once per turn): 2+ to get up; on a 1 you stay down and drop your Item.
• **Grab an Item** on your square. You carry one; grabbing another drops the old one on an adjacent \
square of your choice (lost if none is free).
• **Smash** (once per turn): an Orc next to you. Roll a D6 ≥ your Combat Skill to hit, then the Smash Table: \
natural 1 *Oomph!* (no damage, drop your Item) · 2 *Nope* · 3–5 *Smash!* (−1 HP) · 6+ *Proper fightin'!* \
(−1 HP and Knocked Down, or −2 HP if already down).
• **Stomp** (once per turn): a Smash against a Knocked Down Orc, +1 on the Smash Table.
• **Jump** (once per turn, from a Platform): fly up to 3 squares over Orcs and Pits, land on an empty \
square (a Platform needs its 2+) and Smash.
**Items:** Mace +1 on the Smash Table · Spear +1 square of reach · Shield −1 on Smash Rolls against you · \
Helmet: when a Proper fightin' hits you, you may spend it to take only a Smash! · Throwing Axe: one Smash at range 4, then it is gone.
A Knocked Down Orc can only Move and Recover and gets nothing from its Item; on a Platform it ignores the knock-down.

**End:** an Orc at 0 HP is out. Placings run from the last standing to the first out.
**Feats** (first to do it): Flying Menace (a Jump that wounds), Sweat Dreams (knock an enemy down), \
My Precious... (3 Grabs), Who's Next? (take an enemy out), No Quarter! (a Stomp that wounds).

**Our readings** (where the rule book leaves a gap, the bloodier choice wins):
""" + "\n".join(f"• {text}" for text in READINGS.values())
