"""The /rules text for Road Rage, in our own words, with the readings we chose.

Where the rule book is silent or unclear we took the bloodier or more chaotic choice (its
Bloodshed Games rule). Readings are tested in tests/rules/road_rage/.
"""

READINGS: dict[str, str] = {
    "profile-limits": "Every characteristic stays between 1 and 6, so a build that would push Top Speed, Agility "
                      "or Driver Skill outside is refused; Chassis Points only go down in the race.",
    "circuits": "Three ready circuits (oval, dogleg, hairpin) are drawn for the 36\" board and scaled for the 48\" "
                "one; a random circuit takes a ready one's Checkpoints and drops D3+2 Terrain Features where they "
                "block no Checkpoint, the Starting Line or each other.",
    "custom-circuit": "A circuit of your own is drawn by the first player: three Checkpoints by their posts (at "
                      "least 2\" apart) and any Terrain Features by centre and size, at least 1\" from the Starting "
                      "Line, which lies near the middle of the south edge pointing east.",
    "checkpoints": "A Checkpoint is passed when the Chariot's base touches it on its way, in order 1, 2, 3; touching "
                   "the third completes a lap.",
    "collision-stops": "A collision ends the Chariot's movement for that Player Turn (its remaining increments "
                       "are lost); it may still Pivot and play Dirty Tricks afterwards.",
    "apart": "After a collision the rammer backs straight away until the two are 1\" apart.",
    "edge": "The board's edge is treated as a Terrain Feature: driving into it is ramming something that never "
            "breaks.",
    "terrain-choice": "When a Terrain Feature wins the Ramming roll, the nearest rival's owner chooses for it between "
                      "Escape! and Take the hit!.",
    "last-one": "A race with one Chariot left running ends at once, that Chariot first (unless another had "
                "already completed the laps: that one has won).",
    "race-length": "A race still running after Game Turn 60 ends there, the Chariots placed by position.",
    "epic-driving": "Epic Driving counts every 45° Pivot the Chariot makes in its own Player Turn, net of "
                    "Pivots the other way: paid ones, ones won by Outta da way! and the free Pivot a Ram gives the "
                    "rammer all count, so a free 45° and a paid 45° the same way make the 90°. The free Pivot of a "
                    "rammed Chariot comes in someone else's Player Turn and counts for nobody.",
    "tricks-timing": "Dirty Tricks may be played any time before the first 3\" increment, Speed Changes and "
                     "Pivots made before it included (they are not the move), and again once the last increment "
                     "is driven or a collision has ended the movement; never between two increments.",
    "winner-wrecked": "The first Chariot to complete the laps has won the moment it does: wrecked later in that "
                      "Game Turn on its victory lap, it is still first. Any other Chariot wrecked by the end of "
                      "that Game Turn is placed with the wrecks, last, even if it had completed its laps too.",
    "age-ties-skill": "In a campaign a tied Initiative (D6 + Driver Skill) is not rolled again: the broods' ages "
                      "settle it, reading the lowest of the tied dice (1-3: the younger counts as higher, so it "
                      "drives later; 4-6: the older). Brood-mates of the same age roll again.",
}

GUIDE = """\
**Road Rage** — Orc Boar Chariots race laps through three Checkpoints, keeping their speed between turns, \
ramming each other and playing dirty.

**Players:** 2 to 4, one Chariot each (25×50 mm base). x and y are inches from the bottom-left corner; \
headings are degrees, 0 east and 90 north.
**Building:** every characteristic starts at 3 — Top Speed, Agility, Driver Skill, Chassis Points. Take one \
Driver Upgrade (Born to Race for Common, 'Eavy Armour for Iron, Born Lucky for Feral; Big Boss and Boar Boss for \
all) and up to three Chariot Upgrades (Metal Plates, Dead Sneaky, Moar Boar, 'Eavy Wheels, Are those Wolves?, \
Are those 2 Goblins in an Orc Coat?). No die is rerolled twice.
**Circuit:** three numbered Checkpoints, the third the Goal; Terrain Features block the way. Pick a ready \
circuit, a random one, or draw your own (/rr gate, /rr terrain, /rr drawn); a 36" or 48" board. Laps: 1 to 5, \
or D3+2. Chariots start on the Starting Line at Current Speed 0.

**Game Turn:** everyone rolls D6 + Driver Skill: the lowest drives first, and the roll is their Action Points.
**Driving:** the Chariot must move its Current Speed in 3" straight increments. Actions: Speed Change (±1, \
before moving), 45° Pivot (before, between or after increments) — together at most your Agility per turn; \
**Outta da way!** (2 AP, a Skill Test) for one more, losing a Chassis Point on a failure; **Dirty Tricks** \
(1 AP, before the first increment or after the last, an enemy within 3"): the enemy loses a Driver Skill point \
or both lose a Chassis Point; failed, you lose a Driver Skill point.
**Skill Test:** a D6 at or under your Driver Skill; 1 always passes, 6 always fails.
**Ramming:** touching a Chariot stops you: both roll D6 + Current Speed + Agility or Chassis Points (your \
choice). Rammer equal or higher: both lose the same D3. Otherwise the rammed one picks Escape! (no damage, its \
free Pivot) or Take the hit! (both lose D3, the rammer's free Pivot). Terrain counts as Speed 0, Agility and \
Chassis 6, and never breaks. At 0 Chassis Points a Chariot is destroyed.
**End:** after the Game Turn in which the first Chariot completes its laps. That Chariot wins, even if it is \
wrecked on its victory lap; the others are placed by their position at the end of that Game Turn.
**Feats:** Epic Driving (a 90° turn in one turn), Bloodlust (a winning ram on a Chariot), Bite the Dust \
(wreck another Chariot), I'm the Fastass! (the top Current Speed of the race), This way? (hit Terrain).

**Our readings** (where the rule book leaves a gap, the bloodier choice wins):
""" + "\n".join(f"• {text}" for text in READINGS.values())
