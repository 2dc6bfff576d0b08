"""Dice whose state lives in the game state, so a game replays exactly.

Every roll becomes a `Roll` (who, why, faces, result) collected on the dice
object; the engine turns them into log events. Faces come from a counter-based
generator (splitmix64 of seed and draw number): the whole generator state is
two integers, which makes it cheap to store beside the game and to restore.

`ScriptedDice` feeds fixed faces instead, for tests that force a situation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from pydantic import BaseModel

from rules.core.errors import RuleViolation

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class DiceState(BaseModel):
    """The whole generator: a seed and how many numbers have been drawn."""

    seed: int
    draws: int = 0


class Roll(BaseModel):
    """One physical throw: `faces` as they landed, `result` as the rules read them."""

    id: int
    who: str | None
    why: str
    kind: str  # "D6", "D3", "2D6", "D8", "D20", "scatter", "keep-highest 2D6", "pick 1-5"
    faces: list[int]
    result: int
    rerolled_from: int | None = None

    def describe(self) -> str:
        faces = ", ".join(str(f) for f in self.faces)
        shown = f"{self.kind} [{faces}]"
        if self.kind not in ("D6", "D8", "D20") or len(self.faces) != 1:
            shown += f" = {self.result}"
        return shown + (" (reroll)" if self.rerolled_from is not None else "")


class DiceExhausted(RuntimeError):
    """A ScriptedDice ran out of faces: the test scripted fewer rolls than the rules made."""


class Dice:
    """Seeded dice. Use one per `apply` call; read `rolls` afterwards for the log."""

    def __init__(self, state: DiceState | None = None, *, seed: int = 0) -> None:
        self._state = state.model_copy() if state is not None else DiceState(seed=seed)
        self.rolls: list[Roll] = []
        self._rerolled: set[int] = set()
        self._next_id = 0
        self._reroll_at: tuple[int, int] | None = None

    @property
    def state(self) -> DiceState:
        return self._state.model_copy()

    # -- the one source of faces -------------------------------------------------
    def _face(self, sides: int) -> int:
        """A uniform face in 1..sides (rejection sampling keeps it unbiased)."""
        limit = (1 << 64) - ((1 << 64) % sides)
        while True:
            self._state.draws += 1
            value = _splitmix64((self._state.seed * 0x2545F4914F6CDD1D + self._state.draws) & _MASK)
            if value < limit:
                return value % sides + 1

    def _record(self, who: str | None, why: str, kind: str, faces: list[int], result: int,
                rerolled_from: int | None = None) -> Roll:
        roll = Roll(id=self._next_id, who=who, why=why, kind=kind, faces=faces, result=result,
                    rerolled_from=rerolled_from)
        self._next_id += 1
        self.rolls.append(roll)
        if self._reroll_at is not None and self._reroll_at[0] == roll.id:
            die = self._reroll_at[1]
            self._reroll_at = None
            return self.reroll(roll, die=die)
        return roll

    # -- the dice the rule books use ----------------------------------------------
    def roll(self, sides: int, why: str, who: str | None = None, *, kind: str | None = None) -> Roll:
        face = self._face(sides)
        return self._record(who, why, kind or f"D{sides}", [face], face)

    def draw(self, sides: int) -> int:
        """A number in 1..sides that nobody rolls at the table and no log shows: a computer
        player's private choices and the worlds it imagines. From the same generator as the dice."""
        return self._face(sides)

    def d6(self, why: str, who: str | None = None) -> Roll:
        return self.roll(6, why, who)

    def d8(self, why: str, who: str | None = None) -> Roll:
        return self.roll(8, why, who)

    def d20(self, why: str, who: str | None = None) -> Roll:
        return self.roll(20, why, who)

    def d3(self, why: str, who: str | None = None) -> Roll:
        """A D6 read 1-2 as 1, 3-4 as 2, 5-6 as 3 (seed 000, 'How to use this document')."""
        face = self._face(6)
        return self._record(who, why, "D3", [face], (face + 1) // 2)

    def two_d6(self, why: str, who: str | None = None) -> Roll:
        faces = [self._face(6), self._face(6)]
        return self._record(who, why, "2D6", faces, sum(faces))

    def d6_plus(self, bonus: int, why: str, who: str | None = None) -> Roll:
        face = self._face(6)
        return self._record(who, why, f"D6+{bonus}", [face], face + bonus)

    def keep_highest(self, count: int, sides: int, why: str, who: str | None = None) -> Roll:
        faces = [self._face(sides) for _ in range(count)]
        return self._record(who, why, f"keep-highest {count}D{sides}", faces, max(faces))

    def scatter(self, why: str, who: str | None = None) -> Roll:
        """A random direction as a whole angle in degrees, 0 = +x (east), counter-clockwise."""
        face = self._face(360)
        return self._record(who, why, "scatter", [face], face - 1)

    def pick(self, options: Sequence[T], why: str, who: str | None = None) -> T:
        """Choose one of `options` uniformly: a die with as many faces as options."""
        if not options:
            raise ValueError("pick needs at least one option")
        face = self._face(len(options))
        self._record(who, why, f"pick 1-{len(options)}", [face], face)
        return options[face - 1]

    def shuffled(self, items: Iterable[T], why: str, who: str | None = None) -> list[T]:
        pool = list(items)
        out: list[T] = []
        while pool:
            out.append(pool.pop(self.pick(range(len(pool)), why, who)))
        return out

    def reroll(self, roll: Roll, why: str | None = None, *, die: int | None = None) -> Roll:
        """Throw the same dice again, or only the `die`-th of them (a War Cry rerolls a single die).
        No die is rerolled twice (seed 000, 'How to use')."""
        if not self.can_reroll(roll):
            raise RuleViolation("That die has already been rerolled; no die can be rerolled twice.")
        if die is not None and not 0 <= die < len(roll.faces):
            raise RuleViolation(f"That roll has {len(roll.faces)} dice; there is no die {die + 1}.")
        self._rerolled.add(roll.id)
        sides = 6 if roll.kind == "D3" else 360 if roll.kind == "scatter" else _sides_of(roll.kind)
        faces = [self._face(sides) if die is None or n == die else face for n, face in enumerate(roll.faces)]
        return self._record(roll.who, why or roll.why, roll.kind, faces, _result(roll.kind, faces), roll.id)

    def can_reroll(self, roll: Roll) -> bool:
        """Whether the rules may still throw `roll` again: a die thrown again once (by a War Cry,
        a brood's gift) is never rerolled a second time."""
        return roll.id not in self._rerolled and roll.rerolled_from is None

    def reroll_on(self, nth: int, die: int) -> None:
        """Arrange that the `nth` throw from now (0: the next one) is rerolled, that one die of
        it, the moment it is thrown, and the reroll handed to the rules instead: how a War Cry
        replays a move with one die thrown again."""
        self._reroll_at = (self._next_id + nth, die)


def _result(kind: str, faces: list[int]) -> int:
    """How the rules read a throw's faces."""
    if kind == "D3":
        return (faces[0] + 1) // 2
    if kind == "scatter":
        return faces[0] - 1
    if kind.startswith("keep-highest"):
        return max(faces)
    if kind.startswith("D6+"):
        return faces[0] + int(kind[3:])
    return sum(faces)


def _sides_of(kind: str) -> int:
    if kind.startswith("pick 1-"):
        return int(kind[len("pick 1-"):])
    digits = kind.rsplit("D", 1)[-1].split("+")[0]
    return int(digits) if digits.isdigit() else 6


class ScriptedDice(Dice):
    """Dice that land on the faces you give, in order: `ScriptedDice([6, 1, 3])`.

    Each face is the raw face of one die (a D3 takes a D6 face, a scatter takes
    an angle + 1, `pick` takes the 1-based index of the option).
    """

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(seed=0)
        self._faces = list(faces)
        self._used = 0

    def _face(self, sides: int) -> int:
        if self._used >= len(self._faces):
            raise DiceExhausted(f"ScriptedDice ran out after {self._used} faces (asked for a D{sides})")
        face = self._faces[self._used]
        self._used += 1
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} does not fit a D{sides}")
        return face

    @property
    def remaining(self) -> list[int]:
        return self._faces[self._used:]


def fresh_seed(entropy: int) -> DiceState:
    """A dice state from outside entropy (the bot passes secrets.randbits(63))."""
    return DiceState(seed=entropy, draws=0)


__all__ = ["Dice", "DiceState", "Roll", "ScriptedDice", "DiceExhausted", "fresh_seed"]
