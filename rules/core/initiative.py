"""Initiative: everyone rolls, highest first, ties settled once for every game.

The discipline texts say "roll again until there are no longer any ties"; the
campaign adds an age procedure for tied broods (seed 000, campaign rules 4).
Both live here so no game writes its own loop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from rules.core.dice import Dice, Roll

INITIATIVE = "Initiative"
"""How the reason of every Initiative roll begins (`roll_order`'s default; the games' own
"Initiative for Game Turn 3", "Initiative of Grub (D6+2)" and their tie-breaks), so a rule laid over
every game can tell the roll that opens a turn from the others (`opens_a_turn`)."""

TieBreak = Callable[[list[str], int], list[str] | None]
"""Given players tied on a value, their order (best first), or None to reroll."""


def age_ties(ages: Mapping[str, int] | None, players: Iterable[str] = ()) -> TieBreak | None:
    """The campaign's tie procedure (seed 000, Campaign Rules 4), the one every discipline uses: with
    an age rank for each of `players` (0 = the youngest brood), a tie on 1-3 goes to the younger and
    on 4-6 to the older; players of one age roll again. None outside a campaign, where the game's
    own rule (roll again) applies."""
    if not ages or not all(p in ages for p in players):
        return None
    ranks = dict(ages)

    def settle(group: list[str], value: int) -> list[str] | None:
        if any(p not in ranks for p in group) or len({ranks[p] for p in group}) != len(group):
            return None
        younger_first = sorted(group, key=lambda p: ranks[p])
        return younger_first if value <= 3 else list(reversed(younger_first))

    return settle


def opens_a_turn(roll: Roll) -> bool:
    """Whether `roll` is an Initiative roll: it decides who goes first in what comes next (a Game
    Turn, a deployment), so it belongs to the turn it opens rather than to the one before it."""
    return roll.why.startswith(INITIATIVE)


def roll_order(dice: Dice, players: Sequence[str], why: str = INITIATIVE,
               tie_break: TieBreak | None = None, sides: int = 6, *,
               rolling_for: Mapping[str, str] | None = None) -> list[str]:
    """Everyone rolls a die; the order is highest first. Tied players roll again
    among themselves (only to order that group) until no ties remain, unless
    `tie_break` settles the group without a roll. The rolls again say which they are
    ("Initiative for Game Turn 2 (second tie-break)"); a player who rolls for a side names it
    (`rolling_for`: "Initiative for Game Turn 2 (Team A, tie-break)")."""
    return _roll_order(dice, players, why, tie_break, sides, 0, rolling_for or {})


def tie_break_why(why: str, again: int, side: str | None = None) -> str:
    """The reason of a roll made to break a tie for the `again`-th time (0: the first roll, no tie
    yet), for `side` when the roller speaks for one: "… (tie-break)", "… (second tie-break)",
    "… (Team A, third tie-break)", never "(tie-break) (tie-break)"."""
    notes = [side] if side else []
    if again == 1:
        notes.append("tie-break")
    elif again > 1:
        notes.append(f"{_ORDINALS.get(again, f'{again}th')} tie-break")
    return f"{why} ({', '.join(notes)})" if notes else why


_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth",
             10: "tenth"}


def _roll_order(dice: Dice, players: Sequence[str], why: str, tie_break: TieBreak | None, sides: int,
                again: int, rolling_for: Mapping[str, str]) -> list[str]:
    rolls = {p: dice.roll(sides, tie_break_why(why, again, rolling_for.get(p)), p).result for p in players}
    groups: dict[int, list[str]] = {}
    for p in players:
        groups.setdefault(rolls[p], []).append(p)
    order: list[str] = []
    for value in sorted(groups, reverse=True):
        group = groups[value]
        if len(group) == 1:
            order.extend(group)
            continue
        settled = tie_break(group, value) if tie_break else None
        order.extend(settled if settled is not None else
                     _roll_order(dice, group, why, tie_break, sides, again + 1, rolling_for))
    return order


def roll_off(dice: Dice, players: Sequence[str], why: str = "Roll-off",
             tie_break: TieBreak | None = None, *, rolling_for: Mapping[str, str] | None = None) -> str:
    """The single winner of a roll-off, ties settled as for initiative."""
    return roll_order(dice, players, why, tie_break, rolling_for=rolling_for)[0]
