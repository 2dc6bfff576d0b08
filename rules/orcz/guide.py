"""The /rules text for Orcz, in our own words, with every reading we chose where the rule book is
unclear (../shared/games/orcz.md (c)) and the house set of values it leaves out (b). Each reading
is tested in tests/rules/orcz/ under the name given here."""

READINGS: dict[str, str] = {
    "mixed-results": "When one pair of cards is decided and the other is evenly matched, the side that lost a card "
                     "is broken and stands aside; an attacking rank still whole stays the rear rank and may "
                     "struggle again, a defending rank still whole becomes the rear rank. When both pairs are "
                     "even, the attackers stand aside and the defenders become the rear rank.",
    "spoils": "Spoils are paid only when one rank is wiped out and the other loses nothing (results 1 and 2).",
    "reveal-each-rear": "Every rank turns its hidden card over when it becomes the rear rank, so all cards are face "
                        "up before the Challenge is counted.",
    "champion-abort": "A struggle into a Champion's rank is called off: the attackers stand aside as if they had "
                      "held, then the Champion's rank (which never struggles) stands aside too.",
    "shaman-skip": "A struggle into a Shaman's rank sets that rank aside at once and goes on against the rank "
                   "beyond it; a second Shaman is stepped over too, a Champion calls it off, and with no rank "
                   "left ahead the struggle comes to nothing and the attackers stand aside.",
    "own-rank": "You may struggle into your own rank; spoils you would pay yourself are nothing.",
    "short-debt": "A Warlord who owes more than they have pays all they have, and the rest is forgiven.",
    "no-strength": "A Challenge lost where nobody had any troop Strength costs nobody anything; it stays.",
    "secondary": "After a defeat the strongest Warlord may make others pay the secondary, shared as they like, "
                 "or spare everyone; never themself. After a victory the secondary must be given, but only to "
                 "others whose troops counted there; when nobody else's did, it is not given.",
    "scout-any-time": "The Scout may be sent whenever the game waits for a decision, anyone's, not only your own "
                      "(its button is under the board for every Warlord who still has one; or /orcz scout), at any "
                      "opponent's face-down card, Heroes included. Computer players send theirs at the hidden card "
                      "in front of one of their own ranks on the Battlefield being resolved, the card their next "
                      "struggle would meet, whether or not it is their decision.",
    "hidden-slaves": "Payments are announced, but each total is shown only to its owner until the end.",
    "shared-win": "Warlords tied for the most Slaves at the end share the win.",
    "skipped-placement": "A Warlord with no lawful pair left skips that placement only, and places again later if "
                         "they can.",
    "phrase-timer": "The optional timer is off unless the table switches it on as it opens (`/game new game:orcz "
                    "rule:phrase_timer`; `zagjan play` at one keyboard has no clock, so no timer). A Warlord "
                    "placing a rank has 15 seconds for it, the book's own time for a rank (not the table's usual "
                    "reaction time); when they run out the others get a Gnorish! button (or /orcz challenge), the "
                    "phrase said at once. A rank still not placed when a Warlord shouts costs its placer one Goblin "
                    "Slave to the pool (none left: the screen is lifted and nothing is owed), and the rank is still "
                    "owed. The 15 seconds then run again for the same rank, so a Warlord who keeps dawdling can be "
                    "challenged again. Computer players shout as soon as the time is up.",
}

GUIDE = """\
**Orcz: Da Boardzgame** — 3 or 4 Warlords send hidden ranks against four Battlefields, squabble \
among themselves for glory, and are paid in Goblin Slaves. Most Slaves wins, if the Orcs win the war.

**Set-up:** each Warlord gets a colour at random, 5 Goblin Slaves behind the screen (the pool is \
endless), ten Troop cards (4 Grunts: 1, 2, 2, 3; 3 Cavalry: 1, 2, 3; 3 Archers: 1, 2, 3) and three \
Heroes (Champion, Shaman, Scout). Each Battlefield — Lothari Forest (Tree), Urth Valley (Anvil), \
Falladir's Kingdom (Tower), Sunderlands (Tent) — has six Challenges (2/1, 3/1, 3/2, 4/1, 4/2, 5/2); \
three of them are stacked face down (two with 3 players), the rest are never seen. 4 turns (3 with 3 players).

**A turn:**
1. **Reveal.** Each Battlefield without a standing Challenge turns its next one face up; one undefeated \
stays. A Battlefield with none left takes no ranks. An Event is drawn for the turn.
2. **Deploy.** From the first player, round by round, each Warlord places a rank: two of their cards side by \
side at one Battlefield, one face up and one face down, behind the rear rank there. Five ranks each; \
no passing. Never the Shaman with the Champion, never two Archers or two Cavalry, never the Scout; two \
Grunts are fine. With only a bad pair left you must bring a Hero into it; with none, that placement is skipped.
3. **Struggles.** Battlefields are resolved one at a time, in a drawn order. The rear rank turns its hidden \
card over and its owner chooses: **hold** (the rank stands aside and still counts) or **struggle** against \
the rank in front. The defenders show their hidden card; right meets right, then left meets left. \
Cavalry beat Archers, Archers beat Grunts, Grunts beat Cavalry, whatever the Strength; the same type: the \
higher Strength wins; equal: nothing. A beaten card goes straight back behind its owner's screen. \
Wiped out defenders: the attackers move up and may struggle again, and the defender pays them 1 Slave. \
Wiped out attackers: the defenders are now the rear rank, and the attacker pays 1 Slave. One card lost on \
each side: both broken ranks stand aside. The first rank and broken ranks never struggle.
4. **The Challenge.** Add up the Strength left on the Battlefield. It needs the primary value times the \
number of players (a 3/1 needs 12 with four). **Defeated** (or a Champion is there): the strongest \
Warlord takes the primary from the pool and must give the secondary to others whose troops counted. \
**Lost:** the strongest Warlord pays the primary to the pool and may make anyone else pay the secondary; \
the Challenge stays for next turn. A tie for strongest shares (primary + secondary) ÷ tied, rounded down, \
each way, with no secondary. A Warlord who cannot pay lifts the screen: the debt is forgiven.
Once a Battlefield's Challenge is settled its troops go straight back behind the screens (all ten are \
played again next turn); a Hero played is spent for the game.

**Heroes:** the **Champion** wins the Challenge wherever it stands but has no Strength, and its rank never \
struggles. The **Shaman** doubles the Strength of its partner; its rank never struggles, and a struggle \
aimed at it jumps over it to the next rank ahead, even your own. The **Scout** never joins a rank: send it \
once per game to look at one opponent's face-down card in secret.

**Events** (one per turn): Divided Forces (one rank per Battlefield each; place until nobody can), \
Blood Feud (spoils are 2), Llovar's Favour (+1 Slave to the leader at a defeated Challenge), \
Elven Reinforcements (each Challenge needs 2 more), Hold Da Line (no struggles), Quiet Skies (nothing).

**The end:** after the last turn, or as soon as every Battlefield is cleared. Unless at least three \
Battlefields had all their Challenges defeated, Llovar falls and **everyone loses**; otherwise the most \
Slaves wins.

**In Discord:** you place your ranks in private (a form or a menu over your hand, or \
`/orcz place field:tower left:G2 right:A3 down:right`); the board shows your face-down cards only on your \
own picture, ringed in gold (a key on the picture says what each mark means). A rank is named by its \
Battlefield and its place in the line, counted from the front: the Scout's menu, the log and \
`/orcz scout field:tent rank:2` all count alike. Struggle and Hold are buttons for the rear rank's owner. With the optional phrase timer \
(`rule:phrase_timer` on `/game new`), a Warlord who takes more than 15 seconds over a rank can be \
challenged by the others with the Gnorish! button: they \
discard one Goblin Slave to the pool and must still place the rank.

**Our readings** (where the rule book is unclear):
""" + "\n".join(f"• {text}" for text in READINGS.values())

__all__ = ["GUIDE", "READINGS"]
