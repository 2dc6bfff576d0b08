"""Dice whose state lives in the game state, so a game replays exactly.

Every roll becomes a `Roll` (who, why, faces, result) collected on the dice
object; the engine turns them into log events. Faces come from a counter-based
generator (splitmix64 of seed and draw number): the whole generator state is
two integers, which makes it cheap to store beside the game and to restore.

`ScriptedDice` feeds fixed faces instead, for tests that force a situation. `Replay` plays a
move's dice back as they landed (`Thrown`, written down with `Dice.tape`) and throws anew only the
die named for it: how a reroll of one die (a War Cry) plays a move again with every other die
keeping its face.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from pydantic import BaseModel, Field

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
        """The faces as a player reads them: "D6 rolled 4", "D3 rolled 5, counts 3" (a D3 is a D6 read
        1-2 as 1, 3-4 as 2, 5-6 as 3), "2D6 rolled 4 + 6 = 10", "D6+2 rolled 3 = 5", a scatter as a
        bearing in degrees and words; a die thrown again says "rerolled" instead of "rolled"."""
        faces, verb = self.faces, "rerolled" if self.rerolled_from is not None else "rolled"
        if self.kind == "scatter":  # `Dice.scatter`: the face is the angle + 1
            return (f"{'rerolled ' if verb == 'rerolled' else ''}{self.result}°, about "
                    f"{compass_point(self.result)} (0° east, 90° north)")
        if self.kind == "D3":
            return f"D3 {verb} {faces[0]}, counts {self.result}"
        if self.kind.startswith("keep-highest"):
            return f"{self.kind.split(' ', 1)[1]} {verb} {', '.join(map(str, faces))}, keeps {self.result}"
        if len(faces) == 1:
            return f"{self.kind} {verb} {faces[0]}" + (f" = {self.result}" if self.result != faces[0] else "")
        return f"{self.kind} {verb} {' + '.join(map(str, faces))} = {self.result}"


COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
"""The eight points of the compass the boards draw their headings by (their keys: "headings: 0° east,
90° north"; on a square grid east is towards the h file, north towards rank 8)."""


def compass_point(angle: float) -> str:
    """The nearest of the eight compass points to a direction in degrees (0° east, counter-clockwise)."""
    return COMPASS[round((angle % 360.0) / 45) % 8]


TABLE = "Table"
"""Whose a die nobody owns is (the crowd's, a bouncing Barrel's, the lay-out's): the table's."""


def roll_text(roll: Roll, names: Mapping[str, str] | None = None, *, owner: bool = True) -> str:
    """The one line every throw is shown by, in the channel's log, the terminal and a War Cry's
    question: "🎲 Grub — Initiative for Game Turn 1: D6 rolled 4". It names whose die it is
    (`Roll.who` as seated, from `names`; "Table" when nobody's), what it was for (`Roll.why`) and
    its faces (`Roll.describe`). A reason that begins with the owner's name says whose it is already
    ("🎲 Grub's Smash Roll against Ann (needs 4+): D6 rolled 6"). With `owner=False`, only
    "why: faces" (a holder's own dice, as a War Cry asks about them)."""
    what = f"{roll.why}: {roll.describe()}" if roll.why else roll.describe()
    if not owner:
        return what
    who = TABLE if roll.who is None else (names or {}).get(roll.who, roll.who)
    if roll.who is not None and _names_first(roll.why, who):
        return f"🎲 {what}"
    return f"🎲 {who} — {what}"


def _names_first(why: str, name: str) -> bool:
    """Whether `why` begins with `name` as a word ("Orc 1's", not "Orc 12")."""
    rest = why[len(name):] if name and why.startswith(name) else None
    return rest is not None and not (rest[:1].isalnum() or rest[:1] == "_")


class Landed(BaseModel):
    """One throw as it landed, named as the rules asked for it: whose, why, what kind, and the
    faces drawn for it (for a reroll, `again`, only the dice thrown again)."""

    who: str | None = None
    why: str = ""
    kind: str = ""
    sides: int  # of each die: a D3 is a D6, a scatter a D360, a pick a die with a face per option
    faces: list[int]
    again: bool = False  # a reroll of an earlier throw
    unseen: bool = False  # a number nobody saw land (`Dice.draw`: an order the rules keep secret)

    def key(self) -> tuple[str | None, str, str, int, int, bool]:
        """What makes two throws the same throw of a move played again."""
        return self.who, self.why, self.kind, self.sides, len(self.faces), self.again


class Thrown(BaseModel):
    """Every throw of a move, in the order the dice landed: what `Replay` plays back."""

    throws: list[Landed] = Field(default_factory=list)


class DiceExhausted(RuntimeError):
    """A ScriptedDice ran out of faces: the test scripted fewer rolls than the rules made."""


class Dice:
    """Seeded dice. Use one per `apply` call; read `rolls` afterwards for the log."""

    def __init__(self, state: DiceState | None = None, *, seed: int = 0) -> None:
        self._state = state.model_copy() if state is not None else DiceState(seed=seed)
        self.rolls: list[Roll] = []
        self._rerolled: set[int] = set()
        self._next_id = 0
        self._reroll_at: dict[int, int] = {}  # roll id -> the die of it thrown again as it lands
        self._tape: Thrown | None = None
        self._plain = type(self)._land is Dice._land  # faces straight from `_face`

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

    def _throw(self, throw: Landed) -> list[int]:
        """The faces of one throw the rules ask for (`throw` names it; its faces are still empty):
        every die comes through here, written on the tape when one runs (`tape`)."""
        faces = self._land(throw)
        if self._tape is not None:
            self._tape.throws.append(throw.model_copy(update={"faces": faces}))
        return faces

    def _land(self, throw: Landed) -> list[int]:
        """Where a throw's faces come from: one `_face` per die (played-back dice override this)."""
        return [self._face(throw.sides) for _ in throw.faces]

    def tape(self) -> None:
        """Write down every throw from now on (`taped`), so the move being played can be played
        again with the same dice (`Replay`). Starting again clears the tape."""
        self._tape = Thrown()

    def taped(self) -> Thrown:
        """The throws made since `tape` was called, in order."""
        return self._tape.model_copy(deep=True) if self._tape is not None else Thrown()

    def _thrown(self, sides: int, count: int, why: str, who: str | None, kind: str, *, again: bool = False,
                unseen: bool = False) -> list[int]:
        """`count` dice of `sides` faces for the rules (faces 0 stand for the dice still to land)."""
        if self._tape is None and self._plain:  # nothing needs the throw named: spare the search the model
            return [self._face(sides) for _ in range(count)]
        return self._throw(Landed(who=who, why=why, kind=kind, sides=sides, faces=[0] * count, again=again,
                                  unseen=unseen))

    def _record(self, who: str | None, why: str, kind: str, faces: list[int], result: int,
                rerolled_from: int | None = None) -> Roll:
        roll = Roll(id=self._next_id, who=who, why=why, kind=kind, faces=faces, result=result,
                    rerolled_from=rerolled_from)
        self._next_id += 1
        self.rolls.append(roll)
        if roll.id in self._reroll_at:
            return self._throw_again(roll, self._reroll_at.pop(roll.id))
        return roll

    def _throw_again(self, roll: Roll, die: int) -> Roll:
        """A die `reroll_on` named, thrown again the moment it lands."""
        return self.reroll(roll, die=die)

    # -- the dice the rule books use ----------------------------------------------
    def roll(self, sides: int, why: str, who: str | None = None, *, kind: str | None = None) -> Roll:
        kind = kind or f"D{sides}"
        (face,) = self._thrown(sides, 1, why, who, kind)
        return self._record(who, why, kind, [face], face)

    def draw(self, sides: int) -> int:
        """A number in 1..sides that nobody rolls at the table and no log shows: a computer
        player's private choices and the worlds it imagines. From the same generator as the dice; on
        the tape it is marked unseen."""
        return self._thrown(sides, 1, "", None, "draw", unseen=True)[0]

    def d6(self, why: str, who: str | None = None) -> Roll:
        return self.roll(6, why, who)

    def d8(self, why: str, who: str | None = None) -> Roll:
        return self.roll(8, why, who)

    def d20(self, why: str, who: str | None = None) -> Roll:
        return self.roll(20, why, who)

    def d3(self, why: str, who: str | None = None) -> Roll:
        """A D6 read 1-2 as 1, 3-4 as 2, 5-6 as 3 (seed 000, 'How to use this document')."""
        (face,) = self._thrown(6, 1, why, who, "D3")
        return self._record(who, why, "D3", [face], (face + 1) // 2)

    def two_d6(self, why: str, who: str | None = None) -> Roll:
        faces = self._thrown(6, 2, why, who, "2D6")
        return self._record(who, why, "2D6", faces, sum(faces))

    def d6_plus(self, bonus: int, why: str, who: str | None = None) -> Roll:
        (face,) = self._thrown(6, 1, why, who, f"D6+{bonus}")
        return self._record(who, why, f"D6+{bonus}", [face], face + bonus)

    def keep_highest(self, count: int, sides: int, why: str, who: str | None = None) -> Roll:
        kind = f"keep-highest {count}D{sides}"
        faces = self._thrown(sides, count, why, who, kind)
        return self._record(who, why, kind, faces, max(faces))

    def scatter(self, why: str, who: str | None = None) -> Roll:
        """A random direction as a whole angle in degrees, 0 = +x (east), counter-clockwise."""
        (face,) = self._thrown(360, 1, why, who, "scatter")
        return self._record(who, why, "scatter", [face], face - 1)

    def pick(self, options: Sequence[T], why: str, who: str | None = None) -> T:
        """Choose one of `options` uniformly: a die with as many faces as options."""
        if not options:
            raise ValueError("pick needs at least one option")
        kind = f"pick 1-{len(options)}"
        (face,) = self._thrown(len(options), 1, why, who, kind)
        self._record(who, why, kind, [face], face)
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
        why = why or roll.why
        new = iter(self._thrown(sides, len(roll.faces) if die is None else 1, why, roll.who, roll.kind, again=True))
        faces = [next(new) if die is None or n == die else face for n, face in enumerate(roll.faces)]
        return self._record(roll.who, why, roll.kind, faces, _result(roll.kind, faces), roll.id)

    def can_reroll(self, roll: Roll) -> bool:
        """Whether the rules may still throw `roll` again: a die thrown again once (by a War Cry,
        a brood's gift) is never rerolled a second time."""
        return roll.id not in self._rerolled and roll.rerolled_from is None

    def reroll_on(self, nth: int, die: int) -> None:
        """Arrange that the `nth` throw from now (0: the next one) is rerolled, that one die of
        it, the moment it is thrown, and the reroll handed to the rules instead: how a War Cry
        plays a move again with one die thrown again. Several throws may be named."""
        self._reroll_at[self._next_id + nth] = die


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


class Replay(Dice):
    """A move's dice landing again as they landed before (`Thrown`), except the die thrown anew.

    The rules play the move again from the state before it and ask for the same throws, so each
    is handed the faces it showed: a throw is known by whose it is, why and what kind (`Landed.key`),
    and throws alike land in the order they landed. `again` names throws of the move (by their
    place among its rolls, counted from 0) and the die of each thrown again the moment it lands,
    as `reroll_on` does; the throw `anew` gets its new face from `fresh` (the game's own seeded
    dice, so a game replays from its log), while the others were thrown again before and land on
    the face they got then (it is on the tape).

    A different face can send the move down another branch. A throw the move did not make before
    (a damage roll after a miss turned into a hit, more throws of a kind than before) never
    landed: it is drawn fresh from `fresh`. A throw the new branch no longer makes is simply not
    asked for, and the throws after it still land as they did.
    """

    def __init__(self, thrown: Thrown, fresh: Dice, again: Mapping[int, int], anew: int | None) -> None:
        super().__init__(fresh.state)  # never drawn from: new faces come from `fresh`, whose state is the game's
        self._landed: dict[tuple[str | None, str, str, int, int, bool], deque[list[int]]] = {}
        for throw in thrown.throws:
            self._landed.setdefault(throw.key(), deque()).append(list(throw.faces))
        self._fresh = fresh
        self._anew = anew
        self._drawing_anew = False
        for nth, die in again.items():
            self.reroll_on(nth, die)

    def _land(self, throw: Landed) -> list[int]:
        landed = self._landed.get(throw.key())
        if self._drawing_anew or not landed:
            return [self._fresh._face(throw.sides) for _ in throw.faces]
        return landed.popleft()

    def _throw_again(self, roll: Roll, die: int) -> Roll:
        if roll.id != self._anew:
            return super()._throw_again(roll, die)
        self._drawing_anew = True
        try:
            return super()._throw_again(roll, die)
        finally:
            self._drawing_anew = False


def fresh_seed(entropy: int) -> DiceState:
    """A dice state from outside entropy (the bot passes secrets.randbits(63))."""
    return DiceState(seed=entropy, draws=0)


__all__ = ["Dice", "DiceState", "Roll", "ScriptedDice", "DiceExhausted", "Landed", "Replay", "Thrown", "fresh_seed",
           "roll_text", "compass_point", "COMPASS", "TABLE"]
