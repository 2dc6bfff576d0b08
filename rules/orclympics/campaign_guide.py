"""The /campaign rules text, in our own words, with the readings we chose where the campaign
rules (seed 000, Campaign Rules 1-7) leave room. Each reading is tested under its name in
tests/rules/test_campaign.py or tests/rules/orclympics/test_war_cry.py."""

from __future__ import annotations

READINGS: dict[str, str] = {
    "shared-places": "Players sharing a place each score that place's points, and the next place is skipped: "
                     "1st, 1st, 3rd, 3rd score 3, 3, 1, 1.",
    "vp-columns": "Three, five and six players score like four: 3, 2, 1 and 0 for 4th or lower. Two players score "
                  "3 and 1.",
    "two-players": "Two players are advised to leave Brood Rumble out: a quick campaign then plays Flying Pigs "
                   "without a roll; a full campaign warns and plays it.",
    "cannot-seat": "A discipline that cannot seat the campaign's players (Brood Rumble and That'll do Pigs take 2 "
                   "or 4, Timber! and Road Rage at most 4) is skipped and scores nothing; in a quick campaign the "
                   "other discipline of its pair is played instead.",
    "age-ties": "During a campaign a tied roll is settled by the broods' ages instead of a reroll: on 1-3 the "
                "younger counts as higher, on 4-6 the older. Two players of one brood get a random age order at "
                "the start. A tie between Orcs of one age is rolled again.",
    "war-cry-dice": "A War Cry rerolls a die rolled for its holder, in their own Player Turn or someone else's "
                    "(their defence, a Falling Test), never a die nobody owns (a bouncing Barrel, the crowd) "
                    "and never a die already rerolled.",
    "war-cry-turns": "At most one War Cry per Player Turn of the game, three in all; the set-up's rolls count as one "
                     "turn of their own. An Initiative roll counts in the Player Turn it opens, not in the one that "
                     "ended just before it: a holder who cried in the last turn of a Game Turn may still cry over "
                     "their Initiative die.",
    "war-cry-single-die": "Only the die the holder names is thrown again. Every other die of that move, theirs or "
                          "anyone's (the other die of a 2D6, the defender's dice, the Initiative), keeps the face it "
                          "landed on.",
    "war-cry-window": "After a roll a holder may reroll, the game waits for them: a “War Cry!” button per die and a "
                      "“Let the dice stand” button (or /<game> war-cry and /<game> let-it-stand). If they do not "
                      "answer within the reaction time, the dice stand. The move then goes on from the new face: "
                      "if it now needs dice it did not need before (a damage roll after a miss became a hit), "
                      "those are rolled fresh.",
    "vote": "A quick campaign's players choose each discipline with buttons: if they all pick the same, it is "
            "played; a split vote, a player asking for the dice, or the time running out goes to a D6 "
            "(1-3 the first of the pair). Computer players do not vote: they go along with whatever the "
            "human players choose.",
}

GUIDE = """\
**The Orclympics campaign** — the same players and broods through several disciplines, with a running score.

**Full or quick.** A full campaign plays all six disciplines in order: Flying Pigs, Brood Rumble, Masters' \
Fight, Timber!, That'll do Pigs, Road Rage. A quick campaign plays three games, each one of a pair: Flying Pigs \
or Brood Rumble, Masters' Fight or Timber!, That'll do Pigs or Road Rage.

**Broods.** Each player picks Common, Feral or Iron Orcs when joining and keeps them to the end. Feral broods are \
the youngest, Common the adults, Iron the veterans; the age order is shown when the campaign begins.

**Victory Points.** After each game: 3 for first, 2 for second, 1 for third (3 and 1 with two players), and 1 \
for each Feat a player was the first to complete. The most VP wins the campaign; on a tie, the most VP from Feats; \
then the title is shared.

**War Cry.** After each game the player with the fewest VP (everyone tied for it) holds the War Cry in the next \
game: a die of theirs may be thrown again in up to three Player Turns.

**Commands.** /campaign new (full or quick, your brood), /campaign join, /campaign start, then each game is \
played with its own commands; /campaign next starts the next game, /campaign status and /campaign scoreboard \
show where it stands, /campaign abandon ends it. /leaderboard shows the server's hall of fame.

**Our readings of the rules**
""" + "\n".join(f"• {text}" for text in READINGS.values())
