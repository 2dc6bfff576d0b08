"""The /rules text for Goblin Warlords, in our own words: the draft rules (seed 002), the house set that
fills what the draft leaves out (../shared/games/goblin-warlords.md (b)), and every reading we chose where
it is unclear (its (c), and the engine's own, by the Bloodshed Games rule: the most bloodshed and chaos).
Each reading is tested in tests/rules/goblin_warlords/."""

from rules.goblin_warlords.data import (
    BOUGHT_PRICE,
    FORTRESS_RATINGS,
    HAND_LIMIT,
    LAST_TURN,
    LEADERSHIP_LEADERS,
)

READINGS: dict[str, str] = {
    "first-player": "Game turn 1 starts with a player drawn at random; from then on the player whose leaders on the "
                    "map add up to the least authority goes first (a tie: a D6 roll-off), then clockwise.",
    "victory": "Victory is announced for you, publicly, whenever you meet a condition as a game turn begins; you win "
               "if you meet either condition (not necessarily the same) once trading is over. Several winners share. "
               f"If nobody has won after game turn {LAST_TURN}, the most lands and manned fortresses win.",
    "redraw": "A player with no leader on the map or in hand may redraw before the three free units: the hand's units "
              "go back (gold, caravans and captives stay). Keeping the hand ends the offers for that turn.",
    "friendly": "Friendly territory is an orcland you control; every other territory, outlands and neutral lands "
                "included, is unfriendly: units without a leader there are destroyed at once.",
    "control": "A leader takes an orcland when his move or levy ends there and no hostile troop stands in it; a lone "
               "enemy leader does not stop him.",
    "moves": "A move ends in the first territory with enemies; that is the leader's one attack of the turn. A lone "
             "leader may pass through a land held only by its controller's units: the controller may let him "
             "through (unanswered: barred), else he checks servivility, and failing, may be attacked there "
             "(unanswered: attacked).",
    "underground": "Underground, a first roll of 19 (lost) or 20 (destroyed) strikes at once; the one reroll is for a "
                   "place, and a rerolled 19 or 20 stands. A lost army rolls at the start of its owner's next B3.",
    "levy": "A levy brings units from the hand: a leader from the hand comes into his tribe's home with them. At a "
            "tribe's home every troop of that tribe in the hand comes in the same levy. One authority check covers "
            "all the non-native units (shamans and war machines are native to nobody); failing, they all rebel.",
    "levy-bonus": "A levy's check: +1 if every troop the leader would control is his native or a goblin or kobold; +1 "
                  "if the newcomers are all goblins or kobolds and his army's troops have twice their power. Never a "
                  "fortress bonus for a levy, a claim or a spy.",
    "claim": "Claiming units left behind, or rebels of his own tribe, is the leader's levy for the turn; his natives "
             "come freely, the others on a check or they rebel.",
    "natives": "A leader arriving where another player holds troops of his tribe wins them over unless that "
               "player's leader there keeps them by authority (+1 in his own fortress); units with no leader to "
               "keep them go over at once. Goblins and kobolds are never taken from a leader of their own tribe.",
    "spies": "Spies (the draft's list is empty) do one thing each, in B3, then go back to the tribe cup: peek at a "
             "player's hand (told to you alone), incite an enemy leader (he checks authority, +1 if all his troops "
             "are his natives or goblins and kobolds; failing, his non-native troops rebel and attack him), or "
             "sabotage any mine.",
    "works": f"A fortress (rating {FORTRESS_RATINGS[0]}-{FORTRESS_RATINGS[-1]}, costing that much gold) is built in "
             "your land by a leader with an army there who has not moved and will not move this turn; it replaces "
             "an older one. A mine is free, one a territory, and needs a unit of yours standing there since your "
             "turn began.",
    "war-machines": "A war machine is paid with its power in gold when levied, whatever the check says, and needs a "
                    "troop to tow it: an army left with a machine and no troop loses the machine. When troops rebel, "
                    "the leader keeps the machines if he still has a loyal troop.",
    "gold": "A leader alone carries one gold chip; any more he gets is dropped back into the cup (chips are alike, "
            "so which he keeps is no choice). An army carries any number. Gold carried reaches the hand in or "
            "through your land.",
    "battles": "Battles are fought when the active player ends B3, in the order they arose. A battle whose army is "
               "gone is dropped. An outland battle is always fought: nobody holds back.",
    "sides": "Each side is all of a player's armies in the territory, units left behind included. Rebels roll a "
             "d3 for their strategy (1 Charge, 2 Careful, 3 Clever) and never check leadership.",
    "table": "In the tables the first ratio is the attacker's loss (times the defender's power) and the second the "
             "defender's; a * marks the side whose destroyed leader is hacked to pieces.",
    "leadership": "The side's leader with the highest authority makes the leadership check, with the control "
                  "modifiers (+1 all troops his natives or goblins and kobolds, +1 in his own fortress). A side "
                  "without a leader always rolls the d6. 'Biggest unit' means biggest troop.",
    "default-strategy": "An absent player's troops charge mindlessly: unanswered, the strategy is Mindless Charge.",
    "shamans": "A side alone in having a shaman chooses after the other side's strategy is shown to everyone "
               "(against rebels, their d3 is rolled first). A leader forced to retreat, captured or killed loses "
               "his shaman to the winner's first army there with a leader and no shaman (for rebels, their army); "
               "with none, the shaman wanders off. A leader hacked to pieces and killed, or killed by a caravan, "
               "takes his shaman with him. A shaman is not a unit: a leader with only a shaman moves two areas and "
               "may flee as a lone chief, and he never leaves it behind.",
    "flee": "A lone chief (no troop or war machine) may choose to flee in secret: no blow is struck; his shaman "
            "joins the winner at once, then he checks servivility (not halved) to escape and retreat, else he is "
            "captured (killed by rebels, or when both flee).",
    "stupid-trolls": "Stupid trolls neither fight nor take damage. If nothing else of their side is left, the "
                     "victor's leader checks authority to take them, else they go back to the cup.",
    "damage": "Each player spreads the damage his side takes, both at once, whenever there is a choice: all of it, "
              "up to his units' total power, none past a unit's power; and he names the struck unit that rolls to "
              "survive (a d6 plus its damage under its power). Rebels and absent players get the engine's spread: "
              "as many units struck as can be, the smallest first and the leader last, the best chance surviving.",
    "surrender": "Surrender is one d6 for the side, only against a player (rebels take no prisoners); the "
                 "surrendered troops go to the winner's hand.",
    "captives": "A destroyed leader who fails his servivility is captured by a winning player (a captive in his "
                "hand, tradable, executed if still held after trading) or killed by rebels and caravans. Captives are "
                "their holder's secret; how many he holds is public.",
    "retreat": "The attacker retreats unless the defender lost more power or has no troop left. The beaten side "
               "picks a free neighbouring territory (unanswered: one it controls, else the lowest number); with "
               "none it is destroyed. Out of a standing fortress it goes by the caves, without a reroll. A leader "
               "who had not moved this player turn (a defender never has) may move one more area after it, into "
               "enemies only if he has not attacked this turn (that battle is fought next).",
    "fortress": "A fortress helps only its owner defending in it, never against rebels or troops levied there. One "
                "war machine (the attackers' biggest) cuts its absorption; it falls when the damage before "
                "absorption exceeds the defenders' power plus its printed rating.",
    "left-behind": "Units left behind attack anyone who ends a move or is levied among them: their owner is the "
                   "attacker. A leader their owner lets through is not attacked.",
    "caravans": "Caravans are attacked in B3, one by one, after the army's own battle, and not as the leader's one "
                "attack. The caravan's power (0: an empty rumour) and treasury are fixed at its first attack. It "
                "yields if it lost more power than the army: the army takes its destroyed gold, and it steps on, "
                "spared by that army this turn. Otherwise its destroyed gold is lost and the army retreats.",
    "regeneration": "Troll regeneration comes after the retreat. The winner always tries to take the loser's "
                    "regenerated trolls; with no army left there they go to the cup, or stay neutral in Troll Fen.",
    "rampage": "Rampaging is chosen army by army in B4. A lone leader checks once; an army checks twice, and a "
               "failed second check sends a random unit back to the hand with the chip. A caravan chip found goes "
               "to the hand unplaced.",
    "mines": "A mine produces in its owner's B4 if a troop of his has held it since his turn began; the troops may "
             "wreck it instead. Mines have no owner.",
    "discard": f"A hand of more than {HAND_LIMIT} units is discarded down to {HAND_LIMIT} in secret (gold, caravans "
               "and captives are not units).",
    "trading": "Trading is between players with leaders in the same or adjacent territories, one trader at a time "
               "in the order of play; offers and answers are secret between the two (unanswered: turned down). A "
               "traded captive becomes a leader in the taker's hand.",
    "caravan-arrival": "A caravan reaching its destination goes back into the gold cup, so rumours keep coming.",
}

GUIDE = f"""\
**Goblin Warlords** — 2 to 4 warlords raise armies from the tribe cup, march over 18 territories, \
raid caravans and fight bloody battles until one rules enough land or leaders.

**The map:** three rows of six. South, the orclands 1 Goblin Warrens, 2 Kobold Pits, 3 Redtusk Hold \
(orcs), 4 Troll Fen, 5 Ogre Crags (each tribe's home) and 6 Grub Caves; middle, the orclands 7-12; \
north, the outlands 13-18, where Dwarf caravans run 13 → 18 and Elf caravans 18 → 13. Only orclands \
are controlled; neighbours are next in a row or a column.

**The chips:** troops (goblins and kobolds 1, orcs 2, trolls 3, ogres 4), leaders (authority and \
servivility), shamans, war machines (2 or 3) and spies; gold and caravan chips in the gold cup. \
Authority and servivility checks are a d8 at or under the number; an 8 always fails.

**Set-up:** take one or two bosses, then random units up to six; trade any back for gold, one each \
(a caravan chip drawn goes on its road).

**A game turn:** A. caravans step on. B. each player in turn: B1 places his unplaced caravans; B2 draws \
three units and may buy two more at {BOUGHT_PRICE} gold each (no leader: redraw up to three times); \
B3 moves, levies, builds, spies, raids caravans — each leader moves once, attacks once and levies once \
— then the battles are fought; B4 rampages in the outlands and mines; B5 discards to {HAND_LIMIT}. \
C. trading between neighbours; captives not traded are executed.

**Battles:** each side picks Mindless Charge, Careful Advance or Clever Strategy in secret (rock, \
scissors, paper); leadership checks may turn them; trolls may stand about, stupid; the table turns \
power into damage; each side spreads its own damage and one struck unit may survive; leaders may be \
hacked to pieces, captured or escape; the beaten side retreats.

**Victory:** at the start of a game turn meet 12 minus the players in lands plus manned fortresses, or \
{LEADERSHIP_LEADERS} leaders with armies in orclands, and meet either again at its end.

**In Discord:** `/gw move`, `/gw levy`, `/gw raid`, `/gw spy`, `/gw build`, or the buttons under the \
board; strategies, discards and trades are chosen in private. Territories by number or name, chips \
by number or name (`Orc, Troll`).

**Our readings:**
""" + "\n".join(f"• {text}" for text in READINGS.values())

__all__ = ["GUIDE", "READINGS"]
