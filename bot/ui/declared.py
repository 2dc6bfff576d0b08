"""Controls built from the moves a game declares (`rules.core.moves`), for every game alike.

Each kind of move the player may make now becomes buttons (one per legal action when they are
few and there is nothing to choose), a menu of its legal actions, a form to type what no menu
can hold, and a button that lets the dice choose, as its declaration says. A button or a menu
option carries the action's `code`; a click is matched back against the player's legal
actions at that moment, so nothing is decoded by hand and a choice that is no longer legal is
refused rather than guessed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from operator import attrgetter
from string import ascii_lowercase
from typing import Any

import discord
from pydantic import BaseModel

from rules.core.engine import Game, Prompt
from rules.core.errors import RuleViolation
from rules.registry import GAMES
from rules.core.moves import EXAMPLES, FORM_KINDS, Kind, Move, MoveBook, Param, Reading, code, describe
from rules.core.offers import Auto, Buttons, Form, Menu, Offer, Sections
from bot.service.table import TableError
from bot.ui.controls import (
    MAX_BUTTONS_PER_ROW,
    MAX_OPTIONS,
    MAX_ROWS,
    MAX_VALUE,
    PICKED,
    ButtonSpec,
    Controls,
    Decoded,
    GameControls,
    GenericControls,
    OptionSpec,
    RandomLegal,
    SelectSpec,
)

MAX_FORM_FIELDS = 5  # Discord's limit for one modal
FEW = 3  # at most this many legal actions of a kind, with only yes/no or a few choices, become buttons
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}
FORM = "form"
RANDOM = "random"
ANY = "any"  # the menu of actions no declaration covers
SHARED = "mixed"  # menus several moves share (`Menu.shared`, `Menu.crowded`): `mixed-a`, `mixed-b`…
PARTS = "parts"  # a move's menu of many picks (`<move>-parts`): every parameter chosen at once


@dataclass(frozen=True)
class Pick:
    """A clicked button or menu option: the legal action of `kind` whose code is `code`."""

    kind: str
    code: str


@dataclass(frozen=True)
class FormField:
    name: str
    label: str
    example: str
    required: bool
    options: tuple[tuple[str, str], ...] = ()
    """(value as typed back, words the player reads): when given, the field is a menu of these values
    (the legal ones, `DeclaredControls.with_menus`) instead of a text box."""


@dataclass(frozen=True)
class AskForm:
    """Open a form asking for a move's typed parameters, then build the move from the answers."""

    move: str
    title: str
    fields: tuple[FormField, ...]

    @property
    def menus(self) -> bool:
        """Every field is a menu of legal values: what is submitted is matched against the legal moves."""
        return bool(self.fields) and all(f.options for f in self.fields)


def payload(name: str, action: BaseModel, coded: Callable[[BaseModel], str] = code) -> str:
    """A button's payload for one action: the move's word, and its code when there is a choice in it.
    `coded` is `code`, or the memo of one `controls` call (`_Codes`)."""
    wanted = coded(action)
    return name if wanted == "-" else f"{name}.{wanted}"


class _Codes:
    """`code` of each action, worked out once while one set of controls is built: a menu's first options
    are coded to count what the menus show and again as the options themselves, and a code is a JSON
    dump of the action (a large part of building the controls of a game of many moves)."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[BaseModel, str]] = {}

    def __call__(self, action: BaseModel) -> str:
        # keyed by identity, and the action is kept with its code so its id cannot be reused meanwhile
        found = self._known.get(id(action))
        if found is None:
            found = self._known[id(action)] = (action, code(action))
        return found[1]


class DeclaredControls:
    """A game's controls from its `MoveBook`: the one adapter every declared game uses."""

    def __init__(self, book: MoveBook) -> None:
        self.book = book

    # -- building ----------------------------------------------------------------------------------------
    def controls(self, view: Any, legal: Sequence[BaseModel], player: str,
                 names: Mapping[str, str] | None = None) -> Controls:
        reading = Reading(view, dict(names or getattr(view, "names", None) or {}))
        coded = _Codes()
        out = Controls()
        groups: dict[str, list[BaseModel]] = {}
        strays: list[BaseModel] = []
        for action in legal:
            move = self.book.of(action)
            if move is None:
                strays.append(action)
            else:
                groups.setdefault(move.type, []).append(action)
        for move in self.book.moves:
            actions = groups.get(move.type)
            if actions:
                self._add(out, move, actions, reading, coded)
                hint = move.offer.hint(reading, player) if move.offer.hint is not None else None
                if hint:
                    out.notes.append(hint)
                composer = _composer(move, actions, reading)
                if composer is not None:
                    out.selects.append(composer)
        self._share(out, lambda m: m.offer.shared if isinstance(m.offer, Menu) else None)
        if min(-(-len(out.buttons) // MAX_BUTTONS_PER_ROW), 2) + len(out.selects) > MAX_ROWS:
            self._share(out, lambda m: m.offer.crowded if isinstance(m.offer, Menu) else None)
        if strays:
            out.selects.append(SelectSpec(ANY, "Choose…", [
                OptionSpec(describe(a)[:100], _value(a)) for a in strays[:MAX_OPTIONS]]))
        return out

    def _add(self, out: Controls, move: Move, actions: list[BaseModel], reading: Reading,
             coded: Callable[[BaseModel], str] = code) -> None:
        offer = move.offer
        style, emoji = STYLES.get(offer.style, discord.ButtonStyle.secondary), offer.emoji
        if move.order is not None:
            actions = sorted(actions, key=lambda a: move.order(a, reading))  # type: ignore[misc]
        menu = offer if isinstance(offer, Menu) else None
        if menu is not None and menu.pin is not None:
            for action in (a for a in actions if menu.pin(a)):
                self._button(out, move, action, move.words(action, reading), style, emoji, coded)
            actions = [a for a in actions if not menu.pin(a)]
            if not actions:
                return
        examples = move.samples
        sections = _sections(offer)
        dice = offer.dice if isinstance(offer, Menu | Form) else None
        typeable = _form_fields(move)
        menus = _menus(move, actions, reading)
        unshown = len(actions) - len({coded(a) for _, _, some in menus for a in some[:MAX_OPTIONS]})
        overflow = unshown > 0 if sections is not None else len(actions) > MAX_OPTIONS
        form = bool(typeable) and (isinstance(offer, Form) or examples or overflow)
        opens = f"{FORM}.{self.book.group}.{move.name}"
        # a menu of examples, or one too short for every choice, holds the form as its last entry: one control
        # for the one decision, instead of a form button beside the menu and a note saying so
        in_menu = (form and (examples or overflow) and len(menus) == 1 and sections is None
                   and isinstance(offer, Menu | Auto))
        if form and not in_menu:
            out.buttons.append(ButtonSpec(opens, f"{move.label}…", discord.ButtonStyle.primary, emoji))
        if dice is not None:
            out.buttons.append(ButtonSpec(f"{move.name}.{RANDOM}", dice, discord.ButtonStyle.secondary, "🎲"))
        if isinstance(offer, Form) and (sections is None or dice is not None):
            return
        if isinstance(offer, Buttons) or (isinstance(offer, Auto) and _as_buttons(move, actions)):
            numbered = isinstance(offer, Buttons) and offer.numbered
            for n, action in enumerate(actions, start=1):
                if numbered:  # as the question numbers them
                    label = f"{move.label} ({n})"
                else:
                    label = move.words(action, reading) if len(actions) > 1 or move.say is not None else move.label
                self._button(out, move, action, label, style, emoji, coded)
            return
        maker = self.book.maker(move.type) if not move.typed else None
        typed = f"/{self.book.group} {(maker[0] if maker else move).name}" if move.typed or maker else "the form"
        if sections is not None and unshown > 0:
            where = f"“{move.label}…” or " if form else ""
            out.notes.append(f"The menus show {len(actions) - unshown} of the {len(actions)} choices for "
                             f"“{move.label}”: use {where}{typed} for the others.")
        for kind, placeholder, some in menus:
            room = MAX_OPTIONS - in_menu
            if examples and len(some) > room:
                some = some[::math.ceil(len(some) / room)]  # an even spread: they are all examples
            options = _options(move, some, reading, coded, distinct=examples)
            if in_menu:
                unlisted = len(options) - room
                options = options[:room]
                options.append(OptionSpec(TYPE_ANOTHER, opens, (
                    f"{unlisted} more than the menu holds: type the one you want" if unlisted > 0
                    else typeable[0].label)[:100]))
            out.selects.append(SelectSpec(kind, placeholder, options))
            if len(options) > MAX_OPTIONS:
                where = f"“{move.label}…” or " if form else ""
                out.notes.append(f"The “{placeholder}” menu shows {MAX_OPTIONS} of {len(options)} choices: "
                                 f"use {where}{typed} for the others.")
        if examples and not in_menu:
            where = f"the “{move.label}…” form and " if form else ""
            out.notes.append(f"The “{move.label}…” menu lists a few choices; {where}{typed} take any other.")

    def _share(self, out: Controls, shared: Callable[[Move], str | None]) -> None:
        """Menus whose moves name the same shared menu become one, where the first of them was. Its
        options carry their move's name (`<move>.<code>`), since the menu holds several kinds."""
        merged: dict[str, SelectSpec] = {}
        taken = sum(s.kind.startswith(f"{SHARED}-") for s in out.selects)
        selects: list[SelectSpec] = []
        for select in out.selects:
            parts = self._parts(select)
            keys = {shared(m) for m, _ in parts}
            key = keys.pop() if len(keys) == 1 else None
            if key is None:
                selects.append(select)
                continue
            if key not in merged:
                merged[key] = SelectSpec(f"{SHARED}-{ascii_lowercase[(taken + len(merged)) % 26]}", key, [])
                selects.append(merged[key])
            merged[key].options.extend(option for _, option in parts)
        for key, select in merged.items():
            if len(select.options) > MAX_OPTIONS:
                out.notes.append(f"The “{key}” menu shows {MAX_OPTIONS} of {len(select.options)} choices: use the "
                                 f"/{self.book.group} commands for the others.")
        out.selects[:] = selects

    def _parts(self, select: SelectSpec) -> list[tuple[Move, OptionSpec]]:
        """A whole menu's options, each with its move and its value as a shared menu carries it
        (none for a split menu, a menu of many picks or the menu of undeclared actions)."""
        if select.kind.rpartition("-")[0] == SHARED:
            found = [(self.book.named(o.value.partition(".")[0]), o) for o in select.options]
            return [(m, o) for m, o in found if m is not None]
        move = self.book.named(select.kind)
        return [] if move is None else [(move, o if o.value.startswith(f"{FORM}.") else
                                         replace(o, value=f"{move.name}.{o.value}")) for o in select.options]

    def _button(self, out: Controls, move: Move, action: BaseModel, label: str, style: discord.ButtonStyle,
                emoji: str | None, coded: Callable[[BaseModel], str] = code) -> None:
        if isinstance(move.offer, Buttons) and move.offer.look is not None:
            looks, emoji = move.offer.look(action)
            style = STYLES.get(looks, style)
        out.buttons.append(ButtonSpec(payload(move.name, action, coded), label[:80], style, emoji,
                                      move.any_version))

    # -- secret choices ---------------------------------------------------------------------------------------
    def secret_text(self, view: Any, prompt: Prompt) -> str:
        """A secret choice's private message: the question, then what each move's `brief` adds."""
        reading = Reading(view, dict(getattr(view, "names", None) or {}))
        briefs = [text for move in self.book.moves if move.brief is not None
                  and (text := move.brief(view, reading))]
        return "\n".join([prompt.text, *briefs])

    def secret_version(self, version: int) -> int | None:
        """Pinned to the moment it was sent when the game asks one question at a time (`pin_secrets`)."""
        return version if self.book.pin_secrets else None

    def with_menus(self, ask: AskForm, view: Any, legal: Sequence[BaseModel],
                   names: Mapping[str, str] | None = None) -> AskForm:
        """The form `ask` with each field a menu of the values that are part of some legal action of its
        move, in the player's words ("Archer 1", "Left card face down"), when every field's values fit
        one menu; else `ask` as it is (text boxes: a sample of values, or too many of them). What the
        player submits is then matched against their legal actions, so a combination the rules do not
        take is refused, never guessed."""
        move = self.book.named(ask.move)
        if move is None or move.samples or len(ask.fields) != len(move.params):
            return ask
        actions = [a for a in legal if self.book.of(a) is move]
        if not actions:
            return ask
        reading = Reading(view, dict(names or getattr(view, "names", None) or {}))
        fields: list[FormField] = []
        for form_field, param in zip(ask.fields, move.params, strict=True):
            offered = _offered(param, actions, reading)
            if offered is None:
                return ask
            required = form_field.required and all(param.value_of(a) is not None for a in actions)
            fields.append(replace(form_field, options=tuple(offered), required=required))
        return replace(ask, fields=tuple(fields))

    # -- reading a click back -------------------------------------------------------------------------------
    def from_button(self, payload: str) -> Decoded | Pick | AskForm:
        if payload.startswith(f"{FORM}."):
            return self.form(payload)
        name, _, rest = payload.partition(".")
        move = self.book.named(name)
        if move is None:
            raise ValueError(f"unknown button {payload!r}")
        if rest == RANDOM:
            return RandomLegal(move.type)
        return Pick(move.type, rest or "-")

    def from_select(self, kind: str, value: str) -> Decoded | Pick | AskForm:
        if value.startswith(f"{FORM}."):  # a menu's last entry: the move's form (`TYPE_ANOTHER`)
            return self.form(value)
        if kind == ANY:
            data = json.loads(value)
            if not isinstance(data, dict):
                raise ValueError("not an action")
            return data
        whole, _, tail = kind.rpartition("-")
        if whole == SHARED:  # a menu several moves share: `<move>.<code>`
            name, _, rest = value.partition(".")
            shared = self.book.named(name)
            if shared is None:
                raise ValueError(f"unknown option {value!r}")
            return Pick(shared.type, rest or "-")
        composed = self.book.named(whole) if tail == PARTS else None
        if composed is not None and isinstance(composed.offer, Menu) and composed.offer.picks:
            return composition(composed, value.split(PICKED))
        move = self.book.named(kind) or self.book.named(kind.rpartition("-")[0])  # a split menu: `<move>-b`
        if move is None:
            raise ValueError(f"unknown menu {kind!r}")
        return Pick(move.type, value)

    def form(self, payload: str) -> AskForm:
        """The form a `form.<group>.<move>` button opens (known from the payload alone, so the form
        can be the click's first answer)."""
        _, group, name = (payload.split(".") + ["", ""])[:3]
        move = self.book.named(name) if group == self.book.group else None
        if move is None or not _form_fields(move):
            raise ValueError(f"unknown form {payload!r}")
        return AskForm(move.name, move.label, _form_fields(move))


TYPE_ANOTHER = "Another one: type it…"
"""The last entry of a menu of examples: it opens the move's form, where any value may be typed."""


def _options(move: Move, actions: Sequence[BaseModel], reading: Reading, coded: Callable[[BaseModel], str],
             *, distinct: bool = False) -> list[OptionSpec]:
    """A menu's entries, one per action in the move's words. In a menu of examples (`distinct`) two
    entries that would read the same are one: a player cannot tell them apart, and the form still
    takes the other."""
    options: list[OptionSpec] = []
    seen: set[str] = set()
    for action in actions:
        label = move.words(action, reading)[:100]
        if distinct and label in seen:
            continue
        seen.add(label)
        options.append(OptionSpec(label, coded(action), move.note(action, reading) if move.note is not None else None))
    return options


def _menus(move: Move, actions: list[BaseModel], reading: Reading) -> list[tuple[str, str, list[BaseModel]]]:
    """The menus of a move's actions, as (kind, placeholder, actions): one, or, when one cannot hold
    them all and the move says by which parameter to split, one per value of it (kinds `<move>-a`,
    `<move>-b`…: a menu's kind is letters and dashes)."""
    sections = _sections(move.offer)
    if sections is not None:  # the move lays out its own menus
        return [(f"{move.name}-{ascii_lowercase[n % 26]}", placeholder, list(some))
                for n, (placeholder, some) in enumerate(sections(actions, reading)) if some]
    by = move.offer.split if isinstance(move.offer, Menu) and isinstance(move.offer.split, str) else None
    split = next((p for p in move.params if p.name == by), None)
    if split is None or len(actions) <= MAX_OPTIONS:
        return [(move.name, f"{move.label}…", actions)]
    groups: dict[str, list[BaseModel]] = {}
    for action in actions:
        groups.setdefault(split.words(split.value_of(action), reading), []).append(action)
    return [(f"{move.name}-{ascii_lowercase[n % 26]}", f"{move.label} ({value})…", some)
            for n, (value, some) in enumerate(groups.items())]


def _composer(move: Move, actions: Sequence[BaseModel], reading: Reading) -> SelectSpec | None:
    """A move's menu of many picks (`Menu.picks`), when all its parameters are choices and they fit:
    one option per value of each CHOICE found among the legal actions (a value the rules list for
    nobody now is not offered) and per value of each CHOICES (any goes with any other: the rules
    judge the whole). So every combination the rules take can be picked, not only those listed."""
    params = move.params
    placeholder = move.offer.picks if isinstance(move.offer, Menu) else None
    if not placeholder or not params or any(p.kind not in (Kind.CHOICE, Kind.CHOICES) or not p.choices
                                             for p in params):
        return None
    options: list[OptionSpec] = []
    least = most = 0
    for param in params:
        values = list(param.choices)
        if param.kind is Kind.CHOICE:
            seen = _tokens(param, actions, reading)
            values = [(v, label) for v, label in values if v in seen]
            least, most = least + int(param.required), most + 1
        else:
            most += min(param.most or len(values), len(values))
        options += [OptionSpec(label[:100], f"{param.name}={v}", ((param.notes(v) if param.notes else None)
                                                                  or param.help)[:100]) for v, label in values]
    if not options or len(options) > MAX_OPTIONS:
        return None
    return SelectSpec(f"{move.name}-{PARTS}", placeholder, options, min_values=max(1, least),
                      max_values=min(most, len(options)))


def _offered(param: Param, actions: Sequence[BaseModel], reading: Reading) -> list[tuple[str, str]] | None:
    """A parameter's values among `actions` as a menu's (value, words), each once, in the declared order
    of a CHOICE's values, else as the actions list them; None when they do not fit one menu of one pick
    (more than 25 of them, or values that are several things at once: a path, a set of choices)."""
    distinct: dict[Any, None] = {}
    for action in actions:
        value = param.value_of(action)
        if value is None:
            continue
        if isinstance(value, list | tuple | dict | set):
            return None
        try:
            distinct.setdefault(value, None)
        except TypeError:  # not hashable
            return None
        if len(distinct) > MAX_OPTIONS:
            return None
    offered: dict[str, str] = {}
    for value in distinct:
        offered.setdefault(param.token(value, reading), param.words(value, reading)[:100])
    if not offered or len(offered) > MAX_OPTIONS or any(len(v) > MAX_VALUE or not v for v in offered):
        return None
    if param.kind is Kind.CHOICE and param.choices:
        order = {v: n for n, (v, _) in enumerate(param.choices)}
        return sorted(offered.items(), key=lambda item: order.get(item[0], len(order)))
    return list(offered.items())


def _tokens(param: Param, actions: Sequence[BaseModel], reading: Reading) -> set[str]:
    """The values of a CHOICE parameter among `actions`, as typed (`Param.token`). A move with thousands of legal
    actions (an Orcz placement: a Battlefield, two cards, a side) has only a handful of values of each
    parameter, so each distinct value is spelt once, not once per action. Only strings (and string enums,
    equal to their value) are merged so: two equal values of other types may spell apart (1 and 1.0)."""
    distinct: set[Any] | None = None
    if param.get is None:  # the value is one field of the action, as is
        try:
            distinct = set(map(attrgetter(param.key), actions))
        except (AttributeError, TypeError):  # an action without the field, a value that cannot be hashed
            distinct = None
    if distinct is None or not all(isinstance(v, str) for v in distinct):
        return {param.token(param.value_of(a), reading) for a in actions}
    return {param.token(v, reading) for v in distinct}


def composition(move: Move, picked: Sequence[str]) -> dict[str, Any]:
    """The move a menu of many picks makes (`<param>=<value>` each), or a sentence saying what is
    wrong with the picks (two values of one CHOICE, or none); whether the combination is allowed is
    the rules' call."""
    chosen: dict[str, list[str]] = {}
    for pick in picked:
        name, _, value = pick.partition("=")
        chosen.setdefault(name, []).append(value)
    args: dict[str, Any] = {}
    for param in move.params:
        values = chosen.get(param.name, [])
        if param.kind is Kind.CHOICE and len(values) > 1:
            raise TableError(f"Pick one {param.name} only, not {len(values)}.")
        if values:
            args[param.name] = values[0] if param.kind is Kind.CHOICE else values
    try:
        return move.build(args, Reading(None))
    except RuleViolation as exc:
        raise TableError(str(exc)) from None


def picks(move: Move, action: BaseModel, reading: Reading) -> list[str]:
    """The options of a move's menu of many picks that make `action` (the reverse of `composition`)."""
    chosen: list[str] = []
    for param in move.params:
        value = param.value_of(action)
        if param.kind is Kind.CHOICES:
            chosen += [f"{param.name}={v}" for v in param.token(value, reading).split(",") if v]
        elif value is not None:
            chosen.append(f"{param.name}={param.token(value, reading)}")
    return chosen


def _sections(offer: Offer) -> Sections | None:
    """The menus a move's rules lay out themselves: a menu's own split, or those beside a form."""
    if isinstance(offer, Menu) and offer.split is not None and not isinstance(offer.split, str):
        return offer.split
    return offer.menus if isinstance(offer, Form) else None


def _as_buttons(move: Move, actions: Sequence[BaseModel]) -> bool:
    """Buttons when there is nothing to choose, or only yes/no or one of a few choices."""
    if len(actions) == 1:
        return True
    return len(actions) <= FEW and all(p.kind in (Kind.FLAG, Kind.CHOICE) for p in move.params)


def _form_fields(move: Move) -> tuple[FormField, ...]:
    """A move's parameters as form fields, when every one of them can be typed (and they fit)."""
    params = [p for p in move.params if p.kind in FORM_KINDS or p.read is not None]
    if not params or len(params) != len(move.params) or len(params) > MAX_FORM_FIELDS:
        return ()
    return tuple(FormField(p.name, p.help[:45], p.example or EXAMPLES.get(p.kind, ""), p.required) for p in params)


def _value(action: BaseModel) -> str:
    value = json.dumps(action.model_dump(mode="json"), separators=(",", ":"))
    return value if len(value) <= MAX_VALUE else value[:MAX_VALUE]


def adapter_for(game: str | Game[Any, Any]) -> GameControls:
    """A game's controls: the ones built from the moves its rules declare (a layer's over the rules
    among them), else a plain menu of its legal actions. A slug is looked up in the registry."""
    engine = GAMES.get(game) if isinstance(game, str) else game
    book = engine.moves if engine is not None else None
    return _declared(book) if book is not None else _GENERIC


_GENERIC = GenericControls()


@cache
def _declared(book: MoveBook) -> GameControls:
    return DeclaredControls(book)


__all__ = ["AskForm", "DeclaredControls", "adapter_for", "FormField", "Pick", "MAX_BUTTONS_PER_ROW", "composition", "picks"]
