"""The /rules text for That'll do Pigs, in our own words, with the readings we chose.

Where the rule book is silent or leaves it to a figure we took the bloodier or more chaotic
choice (its Bloodshed Games rule). Readings are tested in tests/rules/thatll_do_pigs/.
"""

READINGS: dict[str, str] = {
    "circuit": "The central Public Area is the four-sided stand whose corners lie 3\" inside the poles, towards "
               "the middle of the board; the diagonals from its corners out to the poles are Public Areas too, "
               "and so is the board edge.",
    "crowd": "The crowd outside the Circuit is a round stand D3+1\" in radius, within 6\" of the board edge, at "
             "least 3\" from every pole, off the starting grid, and leaving at least 4\" of track beside it.",
    "finish-line": "The Finish Line crosses the south straight half-way between the two southern poles, from the "
                   "stand down to the edge; the race runs clockwise, so westward there. Poles that leave no room "
                   "for the starting grid there are scattered again.",
    "grid": "The grid's six cells are 1\" wide across the straight and 2\" deep, centred on the track, the front "
            "row touching the Finish Line from the east; riders line up facing west.",
    "gates": "A lap is the Finish Line and the four Skid Triggers fully crossed in race order (every corner of "
             "the base past the line, close to it); leaving the grid across the Finish Line starts the first lap.",
    "win-laps": "The Piglet must cross the Finish Line with a rider on a crossing that completes that rider's "
                "second lap or a later one; earlier crossings only count the lap.",
    "finish-moment": "A line is crossed the moment the whole base is past it, wherever the rider ends up: the gates "
                     "are checked every quarter inch along each straight run (a Move, a Lash, a Random Movement, "
                     "a throw-back by the crowd). So the race ends right where the Piglet's carrier crosses the "
                     "Finish Line to complete its second lap or a later one, before anything else on that Move "
                     "(a Public Area, an Assault) can happen; and a Skid Trigger crossed before the crowd throws "
                     "the rider back still counts, tested at the end of the Move.",
    "running-up-pairs": "With two players the Running Up Boar's owner goes first in Game Turn 1, with that rider "
                        "and no choice of the other, whoever rolled higher; then the players take turns.",
    "ride": "A Move turns the rider to any heading (sixteen are offered, any can be typed) and runs up to the "
            "Speed rolled; an Unridden Boar turns exactly 45° left or right.",
    "contact-second": "Touching a rider or the Piglet during the Move is the activation's second action (an "
                      "Assault or a Grab), so no Lash follows it.",
    "no-dice": "An Unridden Boar has Ability 0: it rolls no dice to defend an Assault and its result is 0.",
    "random-public": "In a Random Movement the Boar bolts straight that way, turning to face it; into a rider "
                     "it is an Assault (a free action), into a Public Area the crowd attacks as it would on a "
                     "Move.",
    "last-steers": "The player whose rider is last in the race chooses the direction of Random Movements that "
                   "are not an Assault's, and steers the Piglet: straight, D6+3\", along a heading whose run is "
                   "clear of riders and the Circuit while there is one.",
    "piglet-free": "A Piglet that gets free drops just behind the Boar that lost it.",
    "ally-grab": "In the 2-player race, riding into an ally that carries the Piglet is a Grab the Piglet against "
                 "it; Get Ready! Assaults are only against the other player's riders, and the lower roller's "
                 "second rider is the Running Up Boar.",
    "race-length": "A race still running after Game Turn 40 is called: the riders are placed by position.",
}

GUIDE = """\
**That'll do Pigs** — Orc Boar Riders race two laps round a Circuit on a 36×36" board and fight over a \
Piglet; the first to cross the Finish Line with it wins.

**Players:** 4 (one rider each) or 2 (two allied riders each). x and y are inches from the bottom-left \
corner; headings are degrees, 0 east and 90 north.
**Broods:** Common — Speed 2D6+2", Defence 3, Force 4, Attacks 2, Ability 3 · Feral — 2D6+3", 3, 4, 3, 1 · \
Iron — 2D6+1", 4, 4, 2, 2. An Unridden Boar: Defence 3, Force 4, Attacks 2, Ability 0.

**The Circuit:** four poles 12" in from the corners, each scattered D6"; the crowd sits in the middle (a stand \
3" inside the poles, with the diagonals out to the poles), along the edge and in one more spot outside. \
Touching any of it: the crowd attacks (a Falling Test, then 180° and D6" back). The diagonals from the poles \
out to the corners are the Skid Triggers; the Finish Line crosses the south straight.
**Start:** in initiative order everyone but the lowest roller takes a front-row cell; "Get Ready!": each may \
Assault another front-row rider, pushing a beaten one to the row behind and perhaps taking its place; then \
the Running Up Boar takes any free front cell and goes first in Game Turn 1 (with two players its owner goes \
first with it, then the players take turns).

**Game Turn:** once the Piglet is loose it runs first (D6+3", steered by the last-placed player). Then \
initiative, and each rider: **Move** (roll Speed, turn, ride straight up to it), then one of: **Lash** (D6" \
more straight on, never into a model, not with the Piglet), an **Assault** (forced on touching a rider: \
Attacks dice + Force against Ability dice + Defence, highest against highest; a win takes the Piglet and \
sends the loser on a Random Movement) or **Grab the Piglet** (touching it: D6 + Ability more than 4; a miss \
runs on the whole Speed).
**Skid:** fully crossing a Skid Trigger: 2D6 + Ability must beat the distance moved, or a Random Movement.
**Random Movement:** a D6; 1 (1–2 unridden) a Falling Test, else D3+1". **Falling Test:** D6 + Ability; 1 \
crashes out, 2–4 the rider falls (the Boar races on unridden), 5+ nothing.
**The Piglet** appears on the Finish Line once the first rider has crossed the last Skid Trigger.
**Winning:** the race ends the moment a rider (or its Unridden Boar) fully crosses the Finish Line with the \
Piglet to complete its second lap or a later one; nothing more happens on that Move. The others are placed by \
their race position then.
**Feats** (first to do it): Gotcha! (take the Piglet from an enemy), Epic Sprint (a 6" Lash), Unexpected End \
(win on an Unridden Boar), Leading the Race (across the line after the first lap), As Planned (an Assault \
that throws the loser into another rider).

**Our readings** (where the rule book leaves a gap, the bloodier choice wins):
""" + "\n".join(f"• {text}" for text in READINGS.values())
