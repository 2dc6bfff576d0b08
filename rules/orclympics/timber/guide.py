"""The /rules text for Timber!, in our own words, with the readings we chose.

Every reading below is tested in tests/rules/timber/ by the name given here
(search the tests for `READINGS["<name>"]`).
"""

READINGS: dict[str, str] = {
    "brood-reroll": "Feral attackers and Iron defenders always reroll their lower Shoving die, and the new "
                    "face stands. Only the higher die counts, so a reroll can never hurt and the bot does not "
                    "ask; the die is recorded as rerolled, so nothing can reroll it again.",
    "common-draw": "A Common Orc wins a drawn Shoving against any other brood. If that Common Orc attacked, "
                   "the loser still drops D3 Wood but is pushed 0 squares (the difference is 0). Two Common "
                   "Orcs who draw both stand firm.",
    "tie-ages": "Initiative ties are rolled again among the tied players. A campaign may pass each player's "
                "brood age (option `ages`), and then the age procedure settles ties instead.",
    "deploy-crowded": "If no two free edge squares side by side are left, a player deploys on one free edge "
                      "square and a free square beside it, and failing that on any two free squares side by side.",
    "distribute-all": "All four Action Tokens must be handed out, at most three per Orc. With only one Orc left "
                      "in the Forest it gets three and the fourth is lost; the bot hands them out by itself when "
                      "there is only one way.",
    "boar-without-orcs": "A player whose Orcs have all left the Forest still moves the Wild Boar on their turn.",
    "boar-terrain": "The Boar runs through Bushes and through Orcs (trampling them) but not through Rocks or "
                    "Trees; it may cut diagonally between two of them.",
    "boar-blocked": "If no run of the rolled length can end on an empty square, the Boar runs the longest "
                    "shorter run that can; if not even one square works, it stays where it is.",
    "boar-escape": "Each Smash Attack of the Boar is resolved as it enters the Orc's square, and then it runs "
                   "on. An Orc that dodges it may not land on a square the Boar has still to run this turn (the "
                   "rest of its run plays the part of the Tree's line); squares it has already left are fair, "
                   "as it cannot come back to them.",
    "smash-order": "Orcs hit by one Boar run or one Tree are dealt with one at a time, in the order the Boar "
                   "reaches them or nearest the Tree first, so an early escape can take a square a later Orc "
                   "wanted.",
    "escape-single": "An escape is one square. When only one square qualifies the Orc dives there without its "
                     "owner being asked; when none does, the dodge counts as failed.",
    "no-wood-no-roll": "An Orc that must drop D3 Wood drops what the die says or all it carries if that is less; "
                       "an Orc carrying nothing rolls nothing.",
    "one-orc-then-the-other": "A player acts with one Orc, then the other. Acting with the second Orc ends the "
                              "first one's actions; any tokens it kept are lost.",
    "leave-from-turn-5": "Orcs may run out of the Forest from the first Player Turn of Game Turn 5 on, by a Move "
                         "off the board from an edge square. Pushes and escapes never take an Orc off the board.",
    "push-full": "The winner of a Shoving must push the loser the whole difference, one square at a time along "
                 "the Move rules, as long as a free square is there; squares may be crossed twice. The loser "
                 "stops early only when it is boxed in.",
    "orcy-fells": "Taking the last Wood in Orcy Style fells the Tree too.",
    "tree-line": "The falling Tree's line runs from the centre of its square to the board edge. A square counts as "
                 "touched when the line crosses it, runs along its side or only grazes its corner, and every Orc "
                 "on a touched square is hit, the Orc that felled it included.",
    "tree-aim": "On a 4-6 the feller's owner aims the Tree by a compass direction or by naming a square whose "
                "centre the line passes through.",
    "fallen-tree": "A felled Tree is gone: its square becomes open ground that Orcs and the Boar may use.",
    "share-changes": "Share Wood costs one token of the Orc that acts, which names how much Wood it keeps; its "
                     "teammate carries the rest. Sharing must change something.",
    "team-work": "Team Work counts when a player's second Orc leaves the Forest and both carried Wood out.",
    "early-end": "When no Orc is left in the Forest nothing can change the score, so the game ends there.",
}

GUIDE = """\
**Timber!** — teams of Orcs hack Wood from the Forest, bash each other for it and run out with the loot \
before the eighth Game Turn is over. Only Wood carried out of the Forest counts.

**Players:** 2 to 4 (best with 4). Each player has two Orcs.
**Broods** (in a Shoving): Common Orcs win a drawn Shoving · Feral Orcs reroll their lower die when they \
shove · Iron Orcs reroll their lower die when they are shoved.

**The Forest:** an 8×8 board. Two Trees stand on two of the four middle squares with 4 Wood each; 8 Rocks and \
8 Bushes lie on random squares; the Wild Boar starts as near the middle as it can. No Orc may stand on a \
Tree, Rocks or a Bush.

**Deployment:** everyone rolls a D6 (ties roll again); in that order each player puts both Orcs on two free \
edge squares that share a side. The same order plays Game Turn 1; every later Game Turn rolls afresh.

**Your turn:**
1. Split 4 Action Tokens between your Orcs, at most 3 each.
2. Roll a D3 and run the Wild Boar that many squares in any direction, diagonals too, never back onto a \
square it stood on this turn. It crashes through Bushes and Orcs, and must stop on an empty square. Every \
Orc it runs into suffers a Smash Attack. Choose its path, or let it run wild.
3. Act with one Orc, then the other, one token per action:
• **Move** one square up, down, left or right onto a free square. From Game Turn 5 on, an Orc on an edge \
square may run out of the Forest with its Wood — for good.
• **Shove** an enemy Orc on a square sharing a side: both roll 2 D6 and keep the higher; the attacker adds 1, \
each side loses 1 per Wood it carries. The loser drops D3 Wood on its square; a losing defender is also \
pushed as many squares as it lost by, where the attacker likes.
• **Open Way:** rip out a Bush beside you.
• **Gather Wood** from a Tree beside you: 4+ on a D6 takes one Wood.
• **Gather in Orcy Style** (2 tokens): take one Wood, no roll.
• **Pick Wood** lying on your square, one piece per action.
• **Share Wood:** with your Orcs side by side, split their Wood any way you like.

**Timber!** When a Tree loses its last Wood it falls in a straight line from its middle to the board's edge. \
Roll a D6: 1 — towards the Orc that took the Wood; 2-3 — a random direction; 4-6 — you choose. Every Orc on a \
square the line touches suffers a Smash Attack.
**Smash Attack:** roll a D6. On 5+ the Orc dives to a free square beside it that the danger does not touch \
(its owner picks). Otherwise — or with nowhere to go — it drops D3 Wood on its square.

**End:** after Game Turn 8 the team with the most Wood outside the Forest wins; equal amounts share a place.
**Feats** (first to do it): Deforest (clear 3 Bushes), Gimme That! (make an enemy drop Wood with a Shoving in \
your turn), Nature's Revenge (make an enemy drop Wood with a Smash Attack in your turn), Clever Gathering \
(a successful Gather Wood roll), Team Work (both your Orcs leave the Forest carrying Wood).

**Our readings** (where the rule book leaves a gap, the bloodier choice wins):
""" + "\n".join(f"• {text}" for text in READINGS.values())
