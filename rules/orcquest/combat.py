"""Combat with the coloured dice (seed 004, L530-585; reading a36-a39, d13): pools, the throw, and
the resolution of one Attack into Damage.

The steps of the book, in order (L565-585): gather the pools (no more than 3 dice of a colour, 2
Badass dice, L570); throw them together; apply the attacker's effects (Brutality from the Badass
dice or a card), then the defender's; results of the same colour cancel in pairs; each remaining
Defence result cancels one weaker Attack result (reading d13: the strongest Defence first, each
taking the strongest Attack result it can); Attack results weaker than the target's Health Point
colour vanish; what remains is Damage: a result of the target's own colour deals 1, one colour
above 2, two above 4 (L544-549). Results never stack (L551, L562).

Which die an effect changes is the choice of whoever benefits: the resolution tries every way and
keeps the one that deals the most Damage for an attacker's effect (Brutality), and for Piercing
too, since the attacker plays it (only one effect per die, L1095). A blank Defence face is never
raised and a Yellow Attack face never lowered (L577).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.core.dice import Dice, Roll
from rules.core.errors import RuleViolation
from rules.orcquest.data import (
    ATTACK_FACES,
    BADASS_FACES,
    DEFENCE_FACES,
    MAX_BADASS_DICE,
    MAX_DICE_PER_COLOUR,
    Badass,
    DieColour,
    Level,
)

LEVEL_WORDS = {Level.NONE: "blank", Level.YELLOW: "Yellow", Level.ORANGE: "Orange", Level.RED: "Red"}


@dataclass(frozen=True)
class Pool:
    """The dice of one Attack: the attacker's Attack dice and Badass dice, the defender's Defence dice."""

    attack: tuple[DieColour, ...]
    defence: tuple[DieColour, ...] = ()
    badass: int = 0

    def check(self) -> None:
        """No more than 3 Attack or Defence dice of a colour, nor more than 2 Badass dice (L570)."""
        for side, dice in (("Attack", self.attack), ("Defence", self.defence)):
            for colour, count in Counter(dice).items():
                if count > MAX_DICE_PER_COLOUR:
                    raise RuleViolation(f"No roll may have more than {MAX_DICE_PER_COLOUR} {colour} {side} dice.")
        if self.badass > MAX_BADASS_DICE:
            raise RuleViolation(f"No roll may have more than {MAX_BADASS_DICE} Badass dice.")

    def capped(self) -> Pool:
        """The pool with any dice beyond the limits left out (extra dice from several sources, L570)."""
        def cap(dice: tuple[DieColour, ...]) -> tuple[DieColour, ...]:
            seen: Counter[DieColour] = Counter()
            out = []
            for die in dice:
                seen[die] += 1
                if seen[die] <= MAX_DICE_PER_COLOUR:
                    out.append(die)
            return tuple(out)
        return Pool(cap(self.attack), cap(self.defence), min(self.badass, MAX_BADASS_DICE))


@dataclass
class Throw:
    """The dice of one Attack as they landed, die by die (the `Roll` of each kept for re-rolls)."""

    attack: list[tuple[DieColour, Roll]] = field(default_factory=list)
    defence: list[tuple[DieColour, Roll]] = field(default_factory=list)
    badass: list[Roll] = field(default_factory=list)
    rerolled_attack: bool = False
    rerolled_defence: bool = False

    @property
    def attack_results(self) -> list[Level]:
        return [ATTACK_FACES[c][r.faces[0] - 1] for c, r in self.attack]

    @property
    def defence_results(self) -> list[Level]:
        return [DEFENCE_FACES[c][r.faces[0] - 1] for c, r in self.defence]

    @property
    def badass_results(self) -> list[Badass]:
        return [BADASS_FACES[r.faces[0] - 1] for r in self.badass]

    def words(self) -> str:
        """The throw in words: 'Attack grey Orange, white Yellow; Defence white blank'."""
        return words([c for c, _ in self.attack], self.attack_results, [c for c, _ in self.defence],
                     self.defence_results, self.badass_results)


def words(attack: Sequence[DieColour], hits: Sequence[Level], defence: Sequence[DieColour],
          blocks: Sequence[Level], badass: Sequence[Badass] = ()) -> str:
    """Dice and their results in words: 'Attack grey Orange, white Yellow; Defence white blank'."""
    parts = ["Attack " + (", ".join(f"{c} {LEVEL_WORDS[lv]}" for c, lv in zip(attack, hits, strict=True))
                          or "none")]
    if defence:
        parts.append("Defence " + ", ".join(f"{c} {LEVEL_WORDS[lv]}" for c, lv in zip(defence, blocks, strict=True)))
    if badass:
        parts.append("Badass " + ", ".join(str(b) for b in badass))
    return "; ".join(parts)


def throw(dice: Dice, pool: Pool, why: str, attacker: str | None = None, defender: str | None = None) -> Throw:
    """Throw every die of `pool` at once (L571), each die its own D6 in the log. The attacker's
    dice are theirs, the defender's theirs (None: the table's, an Enemy's)."""
    pool.check()
    out = Throw()
    for colour in pool.attack:
        out.attack.append((colour, dice.d6(f"{why}: {colour} Attack die", attacker)))
    for _ in range(pool.badass):
        out.badass.append(dice.d6(f"{why}: Badass die", attacker))
    for colour in pool.defence:
        out.defence.append((colour, dice.d6(f"{why}: {colour} Defence die", defender)))
    return out


def reroll(dice: Dice, thrown: Throw, *, attack: Sequence[int] = (), defence: Sequence[int] = ()) -> None:
    """Throw again the chosen Attack dice, or Defence dice, of `thrown` (Enraged, L1080): once per
    Attack for each side (L575)."""
    if attack:
        _again(dice, thrown.attack, attack, thrown.rerolled_attack, "Attack")
        thrown.rerolled_attack = True
    if defence:
        _again(dice, thrown.defence, defence, thrown.rerolled_defence, "Defence")
        thrown.rerolled_defence = True


def _again(dice: Dice, side: list[tuple[DieColour, Roll]], chosen: Sequence[int], done: bool, word: str) -> None:
    if done:
        raise RuleViolation(f"The {word} dice have been re-rolled already: only one re-roll per {word}.")
    for n in sorted(set(chosen)):
        colour, roll = side[n]
        side[n] = (colour, dice.reroll(roll))


@dataclass(frozen=True)
class Outcome:
    """What one Attack did: the results after the effects, what got through, and the Damage."""

    attack: tuple[Level, ...]  # after the effects
    defence: tuple[Level, ...]
    through: tuple[Level, ...]  # Attack results left after cancelling, strong enough to wound
    damage: int


def damage_of(result: Level, hp: Level) -> int:
    """Damage of one Attack result on Health Points of colour `hp` (L544-549): 1 of its own colour,
    2 one colour above, 4 two above; nothing below it (L582)."""
    if result < hp or result is Level.NONE:
        return 0
    return 2 ** (result - hp)


def cancel(attack: Sequence[Level], defence: Sequence[Level], hp: Level) -> Outcome:
    """Steps 4-7 (L578-585) on results already changed by the effects."""
    left = sorted(attack, reverse=True)
    guard = sorted((d for d in defence if d is not Level.NONE), reverse=True)
    for level in (Level.RED, Level.ORANGE, Level.YELLOW):  # same colours cancel (L578)
        while level in left and level in guard:
            left.remove(level)
            guard.remove(level)
    for d in guard:  # each remaining Defence cancels one weaker result, strongest first (reading d13)
        weaker = [a for a in left if a < d]
        if weaker:
            left.remove(max(weaker))
    through = tuple(a for a in left if a >= hp)
    return Outcome(tuple(attack), tuple(defence), through, sum(damage_of(a, hp) for a in through))


def _raised(level: Level) -> Level:
    return Level(min(level + 1, Level.RED)) if level is not Level.NONE else level


def _lowered(level: Level) -> Level:
    return Level.ORANGE if level is Level.RED else Level.YELLOW if level is Level.ORANGE else level


def resolve(attack: Sequence[Level], defence: Sequence[Level], hp: Level, *, brutality: int = 0,
            piercing: int = 0, skulls_brutal: bool = False, badass: Sequence[Badass] = ()) -> Outcome:
    """One Attack's Damage from its results (L572-585). `brutality` Attack dice go up a colour
    (L1104), `piercing` Defence dice down one (L1131), each on a different die (L1095) and where it
    deals the most Damage; with `skulls_brutal` (a Peasant's blue die, house set b) every Skull among
    the `badass` dice adds one Brutality."""
    brutality += sum(b is Badass.SKULL for b in badass) if skulls_brutal else 0
    best: Outcome | None = None
    raise_picks = list(itertools.combinations(range(len(attack)), min(brutality, len(attack))))
    lower_picks = list(itertools.combinations(range(len(defence)), min(piercing, len(defence))))
    for raised in raise_picks:
        hit = [(_raised(a) if n in raised else a) for n, a in enumerate(attack)]
        for lowered in lower_picks:
            guard = [(_lowered(d) if n in lowered else d) for n, d in enumerate(defence)]
            found = cancel(hit, guard, hp)
            if best is None or found.damage > best.damage:
                best = found
    assert best is not None
    return best


def shifted(hp: Level, *, fortified: bool = False, weakened: bool = False) -> Level:
    """The Health Point colour an Attack meets: Fortified raises it a colour, Weakened lowers it
    (L1083, L1074), Yellow to Red at most."""
    if fortified and not weakened:
        return Level(min(hp + 1, Level.RED))
    if weakened and not fortified:
        return Level(max(hp - 1, Level.YELLOW))
    return hp


__all__ = ["LEVEL_WORDS", "Outcome", "Pool", "Throw", "cancel", "damage_of", "reroll", "resolve", "shifted", "throw",
           "words"]
