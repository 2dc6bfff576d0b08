"""Moves declared by the rules: what each kind of action is called, what it takes, how it reads.

A game's rules know their moves best, so they say once, here, what every interface needs to
offer them: the word a player types (`move`, `fall-back`), the label of its button, its
parameters and what kind of value each takes (a square, a point, a player, one of a few
choices...), and how one legal action reads in words. From that single declaration the bot
builds buttons, menus, forms, slash commands with autocomplete, and the terminal game parses
typed moves: no interface writes a game's moves by hand.

Everything here is pure: values are parsed from text and shown as text, never sent anywhere.
A parameter whose words need the game itself (an Orc named by its player, "toward the nearest
Barrel") takes a `read` function; a command that is really several moves in a row (roll the
distance, then walk) takes a `plan`, which the table service runs against the real state.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from pydantic import BaseModel

from rules.core.errors import RuleViolation
from rules.core.grid import EIGHT_BY_EIGHT, Grid
from rules.core.offers import Auto, Offer
from rules.core.reading import PlayerId, Reading
Args = Mapping[str, Any]
"""What a player gave for a move's parameters, by parameter name: text as typed, or a value
already typed by the interface (a flag as a bool, a number as a float)."""


class Kind(StrEnum):
    """How a parameter's value is typed, shown and offered."""

    CHOICE = "choice"  # one of a few named values
    FLAG = "flag"  # yes or no
    NUMBER = "number"  # any number (inches, degrees)
    COUNT = "count"  # a whole number
    SQUARE = "square"  # a square of a grid, like c4
    SQUARES = "squares"  # several squares in order, like c4 d4
    POINT = "point"  # x,y in inches
    PATH = "path"  # points in order; the last is where it ends
    PLAYER = "player"  # a seat at the table
    PIECE = "piece"  # something on the board the game names (an Orc, a Tree): `read` and `show` say how
    TEXT = "text"  # anything else the game reads itself
    CHOICES = "choices"  # several of a few named values, a set, typed with commas between


FORM_KINDS = frozenset({Kind.NUMBER, Kind.COUNT, Kind.SQUARE, Kind.SQUARES, Kind.POINT, Kind.PATH, Kind.TEXT})
"""Values a player can type into a form field (the others are picked from a list)."""

EXAMPLES: dict[Kind, str] = {
    Kind.NUMBER: "7.5", Kind.COUNT: "2", Kind.SQUARE: "c4", Kind.SQUARES: "c4 d4", Kind.POINT: "12,7.5",
    Kind.PATH: "10,5; 12,7.5", Kind.FLAG: "yes", Kind.PLAYER: "a player's name",
}


@dataclass(frozen=True)
class Param:
    """One parameter of a move. `field` is the action's field it fills (its own name when None);
    a PATH fills two: its last point goes to `field`, the points before it to `via`."""

    name: str
    kind: Kind
    help: str
    field: str | None = None
    required: bool = True
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) of a CHOICE
    read: Callable[[str, Reading], Any] | None = None  # the value a player's words name
    show: Callable[[Any, Reading], str] | None = None  # a value in words
    via: str | None = None  # PATH: the field taking the turning points
    example: str | None = None
    suggest: bool = False  # a number offered from the legal values (its slash option is then text)
    bounds: tuple[float, float] | None = None  # NUMBER, COUNT: the lowest and highest a player may give
    shift: int = 0  # NUMBER, COUNT: players count this much higher than the rules (1: cells from 1, not 0)
    modulo: float | None = None  # NUMBER: taken modulo this (360: any bearing, -90 or 450 too)
    most: int | None = None  # CHOICES: how many of them at most (None: as many as there are)
    put: Callable[[Any], Mapping[str, Any]] | None = None  # the fields a value fills, when not one field as is
    get: Callable[[Any], Any] | None = None  # the value back from an action's fields (the reverse of `put`)
    spell: Callable[[Any, Reading], str] | None = None  # a value as it is typed back, when `show` says more
    makes: str | None = None  # given, the command makes this action type instead (one command, two kinds)
    notes: Callable[[str], str | None] | None = None  # CHOICE, CHOICES: a line under a value in a menu
    grid: Grid = EIGHT_BY_EIGHT  # SQUARE, SQUARES: the board its squares are on (a 20 x 10 quest map, say)
    offers: Callable[[Sequence[BaseModel], Reading, Mapping[str, str]], list[tuple[str, str]]] | None = None
    """What autocomplete suggests as (value, name) pairs, from every legal action of the player, the view
    and the other options given so far, when this move's own legal actions cannot say it (places to
    walk toward, the word 'random' for the dice, targets of several kinds)."""

    @property
    def key(self) -> str:
        return self.field or self.name

    def words(self, value: Any, reading: Reading) -> str:
        """A value as a player reads it (and, for everything but PIECE and TEXT, types it)."""
        if self.show is not None:
            return self.show(value, reading)
        if value is None:
            return "none"
        if isinstance(value, Enum):
            value = value.value
        if self.kind is Kind.CHOICE:
            return dict(self.choices).get(str(value), str(value))
        if self.kind is Kind.FLAG:
            return "yes" if value else "no"
        if self.kind is Kind.PLAYER:
            return reading.name(str(value))
        if self.kind in (Kind.NUMBER, Kind.COUNT):
            return number(float(value) + self.shift)
        if self.kind is Kind.POINT:
            return point(value)
        if self.kind is Kind.SQUARES:
            return " ".join(value)
        if self.kind is Kind.CHOICES:
            labels = dict(self.choices)
            return ", ".join(labels.get(str(v), str(v)) for v in value) or "none"
        if self.kind is Kind.PATH:
            return "; ".join(point(p) for p in value)
        return str(value)

    def token(self, value: Any, reading: Reading) -> str:
        """A value as it can be typed back: a CHOICE by its value, a seat by its name, else its words."""
        if isinstance(value, Enum):
            value = value.value
        if self.kind is Kind.CHOICE:
            return str(value)
        if self.kind is Kind.CHOICES:
            return ",".join(str(v) for v in value)
        if self.spell is not None:
            return self.spell(value, reading)
        if self.kind is Kind.PIECE or (self.kind is Kind.TEXT and self.show is None):
            return str(value)
        return self.words(value, reading)

    def parse(self, raw: Any, reading: Reading) -> Any:
        """The value a player gave, checked for its form (whether it is legal is the rules' business)."""
        if self.read is not None and isinstance(raw, str):
            return self.read(raw, reading)
        if self.kind is Kind.FLAG:
            return raw if isinstance(raw, bool) else flag(str(raw), self.name)
        if self.kind is Kind.NUMBER:
            return self._fit(parse_number(raw, self.name))
        if self.kind is Kind.COUNT:
            return int(self._fit(parse_count(raw, self.name)))
        if self.kind is Kind.CHOICES:
            return self._several(raw)
        text = str(raw).strip()
        if self.kind is Kind.CHOICE:
            return choice(text, self.choices, self.name)
        if self.kind is Kind.SQUARE:
            return self.grid.parse_square(text)
        if self.kind is Kind.SQUARES:
            return [self.grid.parse_square(s) for s in re.split(r"[\s,;→>_]+", text) if s]  # `_`: a form's spaces
        if self.kind is Kind.POINT:
            return parse_point(text)
        if self.kind is Kind.PATH:
            return parse_points(text)
        if self.kind is Kind.PLAYER:
            return reading.player(text)
        return text

    def _fit(self, value: float) -> float:
        """A number as a player gave it, in the rules' terms: within `bounds`, less `shift`, modulo
        `modulo`; so the interfaces never need to know how a game counts."""
        if self.bounds is not None and not self.bounds[0] <= value <= self.bounds[1]:
            raise RuleViolation(f"Give {self.name} from {number(self.bounds[0])} to {number(self.bounds[1])}.")
        value -= self.shift
        return value % self.modulo if self.modulo else value

    def _several(self, raw: Any) -> list[str]:
        """A CHOICES value: its values or labels, separated by commas (or already a list), in the
        order given; how many and which go together is the rules' business."""
        parts = [str(p) for p in raw] if isinstance(raw, list | tuple) else re.split(r"[,;+]+", str(raw))
        return [choice(p, self.choices, self.name) for p in (p.strip() for p in parts) if p]

    def agrees(self, value: Any, raw: Any, reading: Reading) -> bool:
        """Whether what a player gave for this parameter names `value` (an action's value of it): by
        what it means, so 270, 270.0 and -90 name one bearing and 8 the 8.0 of a listed point (and a
        cell counted from 1 is not taken for the rules' count from 0); or, when the words cannot be read
        alone, by the words themselves (as `token` writes them)."""
        try:
            return _same(self.parse(raw, reading), value)
        except (RuleViolation, ValueError, TypeError):
            pass
        wanted = _folded(str(raw))
        return value is not None and wanted in (_folded(self.token(value, reading)), _folded(str(value)))

    def explain(self) -> str:
        """How to type this parameter, in one line: its help, its choices, an example."""
        if self.choices and self.kind in (Kind.CHOICE, Kind.CHOICES):
            most = f" (at most {self.most})" if self.kind is Kind.CHOICES and self.most else ""
            return f"{self.help} — " + ", ".join(value for value, _ in self.choices) + most
        example = self.example or EXAMPLES.get(self.kind)
        return f"{self.help}" + (f", like {self.name}:{example}" if example else "")

    def fill(self, data: dict[str, Any], value: Any) -> None:
        """Put a parsed value into an action's fields."""
        if self.put is not None:
            data.update(self.put(value))
        elif self.kind is Kind.PATH and self.via is not None:
            points = [list(p) for p in value]
            data[self.key] = points[-1]
            data[self.via] = points[:-1]
        elif self.kind is Kind.PATH:
            data[self.key] = [list(p) for p in value]  # only turning points: the action ends elsewhere
        elif self.kind is Kind.POINT and isinstance(value, tuple):
            data[self.key] = list(value)
        else:
            data[self.key] = value

    def value_of(self, action: BaseModel) -> Any:
        """This parameter's value in an action (a PATH's turning points and end, together)."""
        if self.get is not None:
            return self.get(action)
        value = getattr(action, self.key, None)
        if self.kind is Kind.PATH and self.via is not None:
            return [*getattr(action, self.via, []), value]
        return value


Plan = Callable[[Any, PlayerId, Args, Reading, int], "dict[str, Any] | None"]
"""A command that is several moves in a row (roll the distance, then walk): given the state as it
is now and how many of its moves were applied already, the next move (as JSON), or None when the
command is complete. So the next move can depend on the dice the last one threw. Raising
`Pause` stops it there with a sentence for the player (RuleViolation refuses it)."""


class Pause(RuleViolation):
    """A several-move command stops halfway on purpose (a reroll to decide first): what to tell."""


@dataclass(frozen=True)
class Move:
    """The declaration of one kind of action (`type`): what it is, apart from how it is offered.

    `name` is the word a player types, `label` what its controls read, `params` what it takes; `say`
    puts one legal action in words (a button's label, a menu option) and `note` adds a line under a
    menu option. `offer` is the rules' advice on presenting its legal actions
    (`rules.core.offers`: buttons, menus, a form, the look of its buttons).

    A `quiet` move (ending the turn, leaving a choice to chance) is what the bot plays for an idle or
    removed player when the rules name no default, in the book's order. `typed=False` keeps a move out
    of the slash commands: their options show in the channel, so a secret is chosen only by buttons in
    private.
    """

    type: str
    name: str
    label: str
    help: str
    params: tuple[Param, ...] = ()
    say: Callable[[Any, Reading], str] | None = None
    note: Callable[[Any, Reading], str | None] | None = None
    offer: Offer = Auto()
    quiet: bool = False  # played for an idle player
    typed: bool = True
    aliases: tuple[str, ...] = ()
    plan: Plan | None = None
    fixed: Mapping[str, Any] = field(default_factory=dict)  # fields the command sets without asking
    order: Callable[[Any, Reading], Any] | None = None  # how its menu and suggestions are sorted
    samples: bool = False
    """Its legal actions are only a sample of what the rules take (any bearing, any point): a list of
    them is examples, and any other value may be typed (a menu shows an even spread and a form joins
    it; the terminal says so)."""
    finish: Callable[[dict[str, Any], Reading], dict[str, Any]] | None = None
    """The rules' last word on the action a command's options built: it may turn it into another kind
    (no spot given: let the dice place it) or refuse it with a RuleViolation (two options that exclude
    each other)."""
    brief: Callable[[Any, Reading], str | None] | None = None
    """What a player choosing this move in secret needs to know, added under the question in its
    private message (from the public view, so it tells nothing the channel cannot see); None when it
    has nothing to add at this moment."""
    any_time: bool = False
    """Open to a player whenever the rules offer it, not only when the game waits for them (a Scout
    sent at any moment, a shout in someone else's turn): the game's `legal_actions` gives it to
    players it is not waiting for, the table accepts it from them (`Game.out_of_turn`), and the
    board offers its buttons to every seat. Such a move must not make the game wait for anyone."""
    any_version: bool = False
    """Its buttons answer whatever the game has done since they were drawn (no version in them): for a
    race whose click must still count after the game moved on (a shout just as the next card comes
    up), which the rules judge by the action's own fields (the turn it names), not by the moment."""

    def words(self, action: BaseModel, reading: Reading) -> str:
        """One action in words: its own `say`, else the label and each parameter's value."""
        if self.say is not None:
            return self.say(action, reading)
        shown = [p.words(p.value_of(action), reading) for p in self.params
                 if p.value_of(action) not in (None, [], False) or p.kind is Kind.FLAG]
        return " ".join([self.label, *shown]) if shown else self.label

    def build(self, args: Args, reading: Reading) -> dict[str, Any]:
        """The action (as JSON) that a player's parameters make; missing required ones are refused."""
        data: dict[str, Any] = {"type": self.type, **self.fixed}
        for param in self.params:
            raw = args.get(param.name)
            if raw is None or (isinstance(raw, str) and not raw.strip()):
                if param.required:
                    raise RuleViolation(f"{self.name} needs {param.name} ({param.help}).")
                continue
            if param.makes is not None:  # this parameter decides the kind of action
                if data["type"] != param.makes and any(p.makes and p.makes != param.makes and args.get(p.name)
                                                       for p in self.params):
                    raise RuleViolation(f"Give {' or '.join(p.name for p in self.params if p.makes)}, not both.")
                data["type"] = param.makes
            param.fill(data, param.parse(raw, reading))
        return self.finish(data, reading) if self.finish is not None else data

    def typed_form(self, action: BaseModel, reading: Reading) -> str:
        """The action as a player types it: the move's word, then `name:value` for each parameter
        with a value, written as it reads (`smash target:Morgoth the Mild`: a value runs on to the
        next `name:`)."""
        words = [self.name]
        for param in self.params:
            value = param.value_of(action)
            if value is None or value == [] or (param.kind is Kind.FLAG and not value and not param.required):
                continue
            words.append(f"{param.name}:{param.token(value, reading)}")
        return " ".join(words)

    def usage(self) -> list[str]:
        """How to type this move whatever its values: its word with every option, then one line per
        option (what `? move` prints in the terminal, for values no list of legal moves can hold)."""
        options = " ".join(f"{p.name}:…" if p.required else f"[{p.name}:…]" for p in self.params)
        return [f"{self.name} {options}".rstrip() + f" — {self.help}",
                *(f"  {p.name}: {p.explain()}" + ("" if p.required else " (optional)") for p in self.params)]


class MoveBook:
    """Every move of one game, in the order its controls are shown, and its slash command group."""

    def __init__(self, group: str, moves: Iterable[Move], *, help: str = "", pin_secrets: bool = False) -> None:
        self.group = group
        self.help = help
        self.pin_secrets = pin_secrets
        """The game asks one question at a time, so a secret choice's buttons answer only the moment
        they were sent for (a doubled or late click cannot answer the next one)."""
        self.moves = tuple(moves)
        self.any_time = any(m.any_time for m in self.moves)
        """Some move may be made out of turn (`Move.any_time`): only then is anyone not asked offered one."""
        self._by_type = {m.type: m for m in self.moves}
        self._by_word: dict[str, Move] = {}
        for move in self.moves:
            for word in (move.name, *move.aliases):
                if word in self._by_word:
                    raise ValueError(f"two moves of /{group} are called {word!r}")
                self._by_word[word] = move

    def joined(self, moves: Iterable[Move]) -> MoveBook:
        """This book with `moves` after its own: how a layer over a game's rules (a family's rule every
        game of it follows) adds its moves to every game it covers."""
        return MoveBook(self.group, [*self.moves, *moves], help=self.help, pin_secrets=self.pin_secrets)

    def of(self, action: BaseModel | str) -> Move | None:
        """The declaration of an action (or of an action type)."""
        kind = action if isinstance(action, str) else str(getattr(action, "type", ""))
        return self._by_type.get(kind)

    def named(self, word: str) -> Move | None:
        """The move a player's word names: its name, an old name, or its action type."""
        word = word.strip().lower().lstrip("/")
        return self._by_word.get(word) or self._by_type.get(word) or self._by_word.get(word.replace("_", "-"))

    def words(self, action: BaseModel, reading: Reading) -> str:
        move = self.of(action)
        return move.words(action, reading) if move is not None else describe(action)

    def typed_form(self, action: BaseModel, reading: Reading) -> str:
        """As the player types it: a move with no command of its own is typed with the command
        whose parameter makes it (`fell toward:c4`)."""
        move = self.of(action)
        made = self.maker(move.type) if move is not None and not move.typed else None
        if made is not None:
            maker, param = made
            return f"{maker.name} {param.name}:{param.token(param.value_of(action), reading)}"
        return move.typed_form(action, reading) if move is not None else describe(action)

    def maker(self, kind: str) -> tuple[Move, Param] | None:
        """The typed move, and its parameter, that makes actions of `kind` when that parameter is given."""
        return next(((m, p) for m in self.moves if m.typed for p in m.params if p.makes == kind), None)

    def is_quiet(self, action: BaseModel | dict[str, Any]) -> bool:
        kind = action.get("type") if isinstance(action, dict) else getattr(action, "type", None)
        move = self._by_type.get(str(kind))
        return move is not None and move.quiet


# -- codes: one legal action as a short, stable string (a button's payload, a menu's value) -------------

MAX_CODE = 48
"""Longer codes are hashed: a button's custom_id holds 100 characters, with the game and version."""


def code(action: BaseModel) -> str:
    """An action's fields (not its type) as one short string, the same for the same action: what a
    button or a menu option carries, matched back against the legal actions when it is used."""
    data = action.model_dump(mode="json")
    data.pop("type", None)
    text = "~".join(_code_value(v) for v in data.values()).rstrip("~") or "-"
    if len(text) > MAX_CODE:
        return "#" + hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
    return text


_FIELDS: dict[str, dict[str, list[str]]] = {}


def _fields_of(game: Any) -> dict[str, list[str]]:
    """Each of a game's action types with its fields in order (from its actions' schema, read once
    per game: a schema takes some milliseconds to build)."""
    found = _FIELDS.get(game.slug)
    if found is None:
        schema = game.action_adapter.json_schema()
        models = schema.get("$defs", {})
        found = _FIELDS[game.slug] = {
            kind: [f for f in models.get(ref.rpartition("/")[2], {}).get("properties", {}) if f != "type"]
            for kind, ref in schema.get("discriminator", {}).get("mapping", {}).items()}
    return found


def read_back(game: Any, kind: str, text: str) -> BaseModel | None:
    """`code`'s inverse, where there is one: the action of type `kind` of `game` that codes as `text`
    (its fields in order, joined by `~`). None unless the action it reads as codes back to the very
    same text (a long code is a hash, a list or a name may not read back)."""
    fields = _fields_of(game).get(kind)
    parts = [] if text == "-" else text.split("~")
    if text.startswith("#") or fields is None or len(parts) > len(fields):
        return None
    data: dict[str, Any] = {"type": kind, **{f: v for f, v in zip(fields, parts, strict=False) if v != ""}}
    try:
        action = game.parse_action(data)
    except ValueError:  # pydantic's ValidationError is one
        return None
    return action if code(action) == text else None


def _code_value(value: Any) -> str:
    if value is None or value is False:
        return ""  # an option left out, as when it is not typed
    if value is True:
        return "1"
    if isinstance(value, float):
        return number(value, places=6)
    if isinstance(value, list | tuple):
        return "_".join(_code_value(v) for v in value)
    if isinstance(value, dict):
        return "_".join(f"{k}={_code_value(v)}" for k, v in sorted(value.items()))
    return str(value).replace("~", "-").replace(" ", "+")


def _folded(text: str) -> str:
    """Words compared as players type them: any case, `_` for a space."""
    return text.strip().casefold().replace("_", " ")


def _same(given: Any, value: Any) -> bool:
    """Two values of a parameter are one: numbers by value (8 is 8.0), a point as a tuple or a list,
    an enum as its value."""
    if isinstance(given, Enum):
        given = given.value
    if isinstance(value, Enum):
        value = value.value
    if isinstance(given, bool) or isinstance(value, bool):
        return given is value if isinstance(given, bool) and isinstance(value, bool) else False
    if isinstance(given, int | float) and isinstance(value, int | float):
        return math.isclose(given, value, abs_tol=1e-6)
    if isinstance(given, list | tuple) and isinstance(value, list | tuple):
        return len(given) == len(value) and all(_same(g, v) for g, v in zip(given, value, strict=True))
    return bool(given == value)


def find(legal: Sequence[BaseModel], kind: str, wanted: str) -> BaseModel | None:
    """The legal action of `kind` whose code is `wanted`, if it is still legal."""
    for action in legal:
        if getattr(action, "type", None) == kind and code(action) == wanted:
            return action
    return None


# -- reading what players type ----------------------------------------------------------------------------


def number(value: float, *, places: int = 2) -> str:
    """12.0 -> '12', 7.25 -> '7.25', never '-0'."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def point(xy: Sequence[float]) -> str:
    return f"{number(xy[0])},{number(xy[1])}"


def parse_points(text: str) -> list[tuple[float, float]]:
    """'12,7.5', '12 7.5', '(12, 7.5)'; several points separated by ';' or '→' are a path whose last
    point is the destination and the others the turning points on the way."""
    points = []
    for part in (p for p in re.split(r"[;→>|]+", text) if p.strip()):
        numbers = re.findall(r"-?[0-9]+(?:\.[0-9]+)?", part)
        if len(numbers) != 2:
            shown = part.strip() if len(part.strip()) <= 20 else part.strip()[:20] + "…"
            raise RuleViolation(f"'{shown}' is not a point: give x,y in inches from the bottom-left "
                                "corner, like 12,7.5.")
        points.append((parse_number(numbers[0], "x"), parse_number(numbers[1], "y")))
    if not points:
        raise RuleViolation("Give a point as x,y in inches from the bottom-left corner, like 12,7.5.")
    return points


def parse_point(text: str) -> tuple[float, float]:
    points = parse_points(text)
    if len(points) != 1:
        raise RuleViolation("Give one point, like 12,7.5.")
    return points[0]


def parse_number(raw: Any, what: str) -> float:
    """A decimal number as a player gave it (inches, degrees; a trailing " or ° allowed), or a number an
    interface typed already: every typed number with a fraction is read here. Not a number, not finite
    (nan, inf, 1e309) or beyond `MOST_COUNT` either way: refused with a sentence, never passed on."""
    if isinstance(raw, bool):
        raise RuleViolation(f"Give {what} as a number, like 7.5.")
    if isinstance(raw, int | float):
        value = float(raw) if not isinstance(raw, int) or abs(raw) <= MOST_COUNT else math.inf
    else:
        text = str(raw).strip().rstrip('"°').strip()
        if len(text) > 40:  # no table measures with forty figures: a slip, refused before reading it
            raise RuleViolation(f"Give {what} as a number up to {MOST_COUNT:,}: that one is far too long.")
        try:
            value = float(text)
        except ValueError:
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise RuleViolation(f"Give {what} as a number, like 7.5 ('{shown}' is not one).") from None
    if not math.isfinite(value):
        raise RuleViolation(f"Give {what} as a number, like 7.5.")
    if abs(value) > MOST_COUNT:
        raise RuleViolation(f"Give {what} as a number up to {MOST_COUNT:,}: that one is far too large.")
    return value


MOST_COUNT = 1_000_000
"""The largest whole number a player may give: no table counts higher, and a longer number is a slip
(or a joke: 1e309) that must not reach the rules."""


def parse_count(raw: Any, what: str) -> int:
    """A whole number as a player gave it, all of it or nothing: digits alone (spaces around them, a
    leading + allowed), or an int (a whole float) an interface typed already. No fraction, exponent,
    sign, word or mention before or after it, nothing below 0 and nothing above `MOST_COUNT`: each
    refused with a sentence that says what to give instead."""
    if isinstance(raw, bool):
        raise RuleViolation(f"Give {what} as a whole number, like 2.")
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, float):
        if not math.isfinite(raw) or raw != int(raw):
            raise RuleViolation(f"Give {what} as a whole number, like 2.")
        value = int(raw)
    else:
        text = str(raw).strip()
        if re.fullmatch(r"-\s*[0-9]+", text):
            raise RuleViolation(f"Give {what} as a whole number from 0 up, like 2: {text} is below 0.")
        found = re.fullmatch(r"\+?([0-9]+)", text)
        if found is None:
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise RuleViolation(f"Give {what} as a whole number and nothing else, like 2 ('{shown}' is not one).")
        digits = found.group(1).lstrip("0") or "0"
        if len(digits) > len(str(MOST_COUNT)):
            raise RuleViolation(f"Give {what} as a whole number up to {MOST_COUNT:,}: that one is far too large.")
        value = int(digits)
    if value < 0:
        raise RuleViolation(f"Give {what} as a whole number from 0 up, like 2: {value} is below 0.")
    if value > MOST_COUNT:
        raise RuleViolation(f"Give {what} as a whole number up to {MOST_COUNT:,}: that one is far too large.")
    return value


def flag(text: str, what: str) -> bool:
    folded = text.strip().casefold()
    if folded in ("yes", "y", "true", "1", "on"):
        return True
    if folded in ("no", "n", "false", "0", "off"):
        return False
    raise RuleViolation(f"Say yes or no for {what}.")


def choice(text: str, choices: Sequence[tuple[str, str]], what: str) -> str:
    """A CHOICE by its value or its label, in any case; a unique beginning is enough."""
    folded = text.strip().casefold().replace("_", " ")
    for value, label in choices:
        if folded in (value.casefold(), label.casefold(), value.casefold().replace("_", " ")):
            return value
    found = [v for v, label in choices if label.casefold().startswith(folded) or v.casefold().startswith(folded)]
    if folded and len(found) == 1:
        return found[0]
    listed = ", ".join(v for v, _ in choices)
    raise RuleViolation(f"'{text.strip()}' is not a {what}; choose one of: {listed}.")


def choices_of(enum: type[Enum], label: Callable[[Any], str] | None = None) -> tuple[tuple[str, str], ...]:
    """A CHOICE's values from an enum (labels from `label`, else the values, capitalised)."""
    return tuple((str(m.value), label(m) if label else str(m.value).replace("_", " ").capitalize())
                 for m in enum)


def describe(action: BaseModel) -> str:
    """'choose number=3' — a readable label for an action nobody declared."""
    data = action.model_dump(mode="json")
    kind = str(data.pop("type", type(action).__name__))
    rest = " ".join(f"{k}={v}" for k, v in data.items())
    return f"{kind} {rest}".strip()


__all__ = ["Args", "EXAMPLES", "MOST_COUNT", "FORM_KINDS", "Kind", "Move", "MoveBook", "Param", "Pause", "Plan", "Reading", "choice",
           "choices_of", "code", "describe", "find", "flag", "number", "parse_count", "parse_number", "parse_point",
           "parse_points", "point", "read_back"]
