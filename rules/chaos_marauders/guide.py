"""The /rules text for Chaos Marauders, in our own words, with the house card set and every reading
we chose where the rule text is silent or unclear (../shared/games/chaos-marauders.md (b) and (c))."""

from rules.chaos_marauders.data import REORGANIZE_MOVES
from rules.chaos_marauders.questions import GIT_SECONDS, LAST_CALL_SECONDS

READINGS: dict[str, str] = {
    "card-vp": "Every card in your lines is worth 10 points at the end, except machine cards that are not "
               "assembled, which are worth nothing (C1).",
    "duplicate": "A card whose symbol you already have is still placed, in a line that lacks it, and then your "
                 "turn ends; if no line can take it, decline it (C2).",
    "attack-when": "A line may attack only at the moment its owner completes it, before the next card. Lines "
                   "completed by captured cards, Bilge's reorganization or a Git do not attack; lines completed by "
                   "a card stolen with the Creeps or taken for a wrong shout do, and so do lines completed by the "
                   "machine parts a crew you drew, stole or took pulls in (not one you captured) (C3).",
    "captured-unplaced": "Captured cards you do not place are discarded (C4). A Sneaky Git you win is the "
                         "exception: it goes first, and it must go into one of your lines if any slot takes it.",
    "horned-rat": "The Horned Rat Standard is a Standard: it stands at the left end and counts among your three (C5).",
    "blowback-machines": "The Blowback burns everything in the line, machines too (C6).",
    "within-three": "A Git or the Idol put in an opponent's line must stand at most three slots from a card of that "
                    "line, so an empty line cannot take one (C7).",
    "idol-received": "The Idol may be handed on to an opponent whenever it comes to you, not only when you draw it: "
                     "captured, stolen or taken, it may go in one of your lines or in an opponent's (within three "
                     "slots of a card there).",
    "git-discard": "Whatever you draw, once you have said what you will do with it, the owners of Gits in your lines "
                   "may force you to discard it: its power is lost, that Git goes too and your turn ends. Each owner "
                   f"has {GIT_SECONDS:g} seconds to decide; if nobody forces it, the card is played (C8).",
    "odlugg": "Everyone rolls for Odlugg, the drawer too; booty coming to Odlugg's side is rolled for before it is "
              "placed, and an Odlugg nobody can place is discarded (C9). His feast of booty and Gits comes only "
              "when he is drawn and joins a side, not when he is later stolen, captured or taken for a wrong shout.",
    "boneshaker": "The Boneshaker is a chariot and its crew; a chariot alone scores nothing (C10).",
    "dagromm-count": "Dagromm counts every card you hold, Gits and machines too, from the left of your top line, "
                     "and picks all the losses before any card goes (C11).",
    "crew-pull": "Pulled machine cards go wherever you like; when you have no room, you choose which of your own "
                 "cards to throw out for them (C12).",
    "end": "The game stops the moment anyone has three complete lines, whoever's turn it is, with no more attacks. "
           "Tied players share their place (C13).",
    "shout-window": "You may shout \"Chaos Marauders!\" at any time during someone else's turn, whatever they drew. "
                    "The first shout to reach the table wins; after that it is too late. When a turn is over there "
                    "is a last call: shouts about that turn still count until the next player draws their first "
                    f"card, which they do when ready or the bot does for them after {LAST_CALL_SECONDS:g} seconds (a right "
                    "late shout takes the card from the drawer's line, a wrong one still costs a card). After that, "
                    "it is too late. "
                    "A player who cannot place the card loses it to the discard pile; a declined Marauders is "
                    "nobody's (C14).",
    "quiet-draw": "Drawing is quiet, as at a table where the card goes down face up and nobody reads it out. Only "
                  "the drawer is told which card they drew (privately: by direct message on Discord, with their own "
                  "picture). The "
                  "others see where a card goes, in the same words whatever it is (\"Ann puts a card in line 1, "
                  "slot 3\"), and on the board every card placed this turn is ringed alike: spotting the Chaos "
                  "Marauders there is their job. A card that acts is named when it acts (a green card's power, a "
                  "Pigsticker's shot, a crew pulling its machine, a declined card going to the discards), and a "
                  "Git owner asked about the card is told what it is. The drawer's news that they kept the "
                  "Marauders comes only once the turn and its last call are over. The computer players shout only "
                  "at what anyone can see on the board.",
    "wrong-shout": "A shout is wrong when the drawer has not drawn the Chaos Marauders in this turn. The drawer may "
                   "then take one card from the shouter's lines (placed by the usual rules; a crew brings its "
                   "machine) or spare them, and the turn goes on (C15).",
    "bilge-attacks": "The line Bilge leads attacks once, even when placing him completed it (twice only when it is "
                     "complete with a Shaman in it). If you reorganize instead, no line complete afterwards attacks, "
                     "not even one his placement had just completed; if you leave him idle, a line he completed "
                     "attacks as usual.",
    "reorganize": "Bilge's reorganization is total: move any of your cards to any slot of your lines, and a card "
                  "already there swaps places with it. On the way your lines may break the placing rules; you can "
                  "say done only once every line follows them again, and you can start over at any time. You have "
                  f"{REORGANIZE_MOVES} moves (house: any arrangement needs at most {REORGANIZE_MOVES // 2}), so it "
                  "always ends.",
    "pigsticker": "A Pigsticker shoots whenever it is put into your line, however it came to you (drawn, or taken "
                  "from a player who shouted wrongly); the shot is then or never.",
    "cube": "The Cube of Devastation is a six-sided die: 1 is the Mark of Chaos, anything else the Orcish Eye.",
    "pile": "When the draw pile runs out, the discards are shuffled into a new pile once; the second time, the game "
            "ends.",
    "ends-of-a-line": "A line has six slots. A Standard can only stand in slot 1 and a Musician in slot 6, so nothing "
                      "ever stands left of a Standard or right of a Musician.",
    "machines": "Machine cards may go anywhere, but a machine works (its Attack Rating, its points) only when its "
                "parts stand side by side in order in one line, the crew at their right.",
    "automatic": "Dagromm and Odlugg act the moment they are drawn (after the Git owners have had their say).",
}

GUIDE = """\
**Chaos Marauders** — 2 to 4 Orc warlords build three battle lines each from one shared pile, \
bash each other's lines with the Cube of Devastation, and try not to miss the Chaos Marauders \
sneaking into a rival's army. Most Victory Points wins.

**The deck** (our own house set of 89 cards): grey Goblins (no Attack Rating), purple troops \
(Attack Rating 2-6), blue booty (20-50 extra points), green specials with a power each, and red \
war machines (a whole machine has an Attack Rating of 5-10). Each card has a symbol: its name.

**Lines:** three lines of six slots. Slot 1 takes only a Standard, slot 6 only a Musician. A line \
may not hold two cards of one symbol (Plague Lords and Sneaky Gits excepted). A line is complete \
when all six slots are full.

**Your turn:** you draw cards one by one and put each in a line. The turn stops when you draw a \
symbol you already have (it is still placed), a green card (after its power), a fourth Standard or \
Musician (discarded), a card you decline (discarded), or when you attack. A red card must be \
placed if it can be. In the first round green cards are discarded unused and you draw on.

**Attacks:** when you complete a line, it may attack an opponent's incomplete line of lower Attack \
Value (the sum of its Attack Ratings). Roll the Cube: the Orcish Eye (2-6) beats them — their \
purple cards are discarded and you capture the rest; the Mark of Chaos (1) routs you — your purple \
and grey cards are discarded and they capture the rest. Captured machines always change hands; \
Sneaky Gits and Odlugg have their own fates. Never attacked: a line with the Horned Rat Standard, \
or one with Odlugg unless the attacker has Plague Lords, the Marauders, the Claws of Malal, the \
Shaman or a whole machine.

**Powers:** the Pigsticker shoots one purple card (or Odlugg) of an opponent when placed; the \
Shaman lets its completed line attack twice; Plague Lords are worth 2, 4, 6 or 8 each by how many \
you have; the Creeps steal a non-purple card; Dagromm may take every 3rd-6th card you hold; the \
Sneaky Git sits in an opponent's line and may later make them discard a drawn card (or kills a \
Git in yours); Odlugg joins whoever alone rolls the Mark, and eats booty; the Idol is worth +90 or \
-90 at the end (six rolls, or +90 with a Shaman); Bilge reorganizes your lines or leads his line \
into an attack; the Blowback burns a line, or blows up in your face. A crew pulls its machine's \
parts from everyone else.

**The shout:** nobody announces what they draw: you are told your own card, the table sees only \
where each card goes, face up on the board (this turn's cards all ringed alike). Whenever someone \
else is drawing, you may press **Chaos Marauders!** (or `/cm shout`). If they drew the Chaos \
Marauders this turn, the first to shout takes it. If not, they may take one of your cards. If nobody shouts before the turn ends, they keep it; a last call of \
{last} seconds after each turn lets a late shout about it count until the next player draws.

**The end:** as soon as anyone has three complete lines. Every card scores 10, booty its extra \
points, assembled machines 30 more (and 30 more with their crew; the Boneshaker 40), plus the Idol.
"""

GUIDE = GUIDE.replace("{last}", f"{LAST_CALL_SECONDS:g}")
READING_LINES = "\n".join(f"- **{name}**: {text}" for name, text in READINGS.items())
GUIDE = GUIDE + "\n**Our readings where the text is unclear:**\n" + READING_LINES + "\n"

__all__ = ["GUIDE", "READINGS"]
