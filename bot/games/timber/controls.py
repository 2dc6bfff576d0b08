"""Timber! controls: what the prompted player gets under the board, and what each control means.

Everything is built from the engine's `legal_actions`, so a control never offers a
move the rules would refuse. A Timber! turn has several kinds of decision (deploy,
hand out tokens, run the Boar, act with two Orcs, push, fell, dodge); only one kind is
ever open at a time, so each gets the whole five rows to itself.

Encodings. A button payload must match `[a-z0-9._-]+` and fit a custom_id, so an Orc
("<player>:<n>") is written `<player>.<n>` there: `pick.<player>.1`,
`tokens.<player>.3.1`, `push.d4`, `fell.ne`. Select values have no such limit and
keep the Orc id as it is: `<code>.<orc>.<arg>` for the Orcs' actions (`mv.123:1.d4`),
`a1.a2` for a deployment, `d4.e5.f5` for the Boar's run, a square for a falling Tree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.ui.controls import (
    MAX_BUTTONS_PER_ROW,
    MAX_OPTIONS,
    MAX_ROWS,
    AskSquare,
    ButtonSpec,
    Controls,
    Decoded,
    OptionSpec,
    RandomLegal,
    SelectSpec,
)
from rules.core.grid import COMPASS, xy
from rules.orclympics.timber.models import (
    BoarPath,
    BoarRandom,
    Deploy,
    Distribute,
    EndTurn,
    EscapeTo,
    FellCompass,
    FellToward,
    Gather,
    GatherOrcy,
    Leave,
    Move,
    OpenWay,
    OrcView,
    PickWood,
    PushTo,
    ShareWood,
    Shove,
    TimberView,
)

LABEL_LIMIT = 80  # Discord's limit for a button label
OPTION_TEXT_LIMIT = 100  # and for a select option's label or description

FELL_ASK = AskSquare(action_type="fell-toward", field="square", title="Fell the Tree toward a square",
                     label="A square the trunk passes through")

COMPASS_ARROWS: dict[str, str] = {"N": "⬆️", "NE": "↗️", "E": "➡️", "SE": "↘️",
                                  "S": "⬇️", "SW": "↙️", "W": "⬅️", "NW": "↖️"}

EDGES: tuple[tuple[str, str, Callable[[str], bool]], ...] = (
    ("north", "North edge (rank 8)…", lambda s: xy(s)[1] == 7),
    ("east", "East edge (file h)…", lambda s: xy(s)[0] == 7),
    ("south", "South edge (rank 1)…", lambda s: xy(s)[1] == 0),
    ("west", "West edge (file a)…", lambda s: xy(s)[0] == 0),
)
"""The four sides of the Forest, in the order their deployment menus appear."""

FELL_BANDS: tuple[tuple[str, str, range], ...] = (
    ("fellnorth", "…or toward a square in ranks 6-8", range(5, 8)),
    ("fellmiddle", "…or toward a square in ranks 4-5", range(3, 5)),
    ("fellsouth", "…or toward a square in ranks 1-3", range(0, 3)),
)
"""63 squares a Tree may be aimed through, cut into three menus of at most 24."""

ORC_CODES: dict[str, str] = {"mv": "move", "sh": "shove", "ow": "open-way", "ga": "gather",
                             "oc": "gather-orcy", "sw": "share-wood"}
"""Select-value prefixes for the Orcs' actions, and the action type each stands for."""

ORC_ARGUMENT: dict[str, str] = {"move": "to", "shove": "target", "open-way": "bush", "gather": "tree",
                                "gather-orcy": "tree", "share-wood": "keep"}

BOAR_KINDS = ("boar", "trample", "runa", "runb")
DEPLOY_KINDS = tuple(f"deploy{name}" for name, _, _ in EDGES) + ("deployother",)


def _clip(text: str, limit: int = OPTION_TEXT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _orc_payload(orc_id: str) -> str:
    """An Orc id as a button payload allows it (no colon)."""
    player, _, number = orc_id.rpartition(":")
    return f"{player}.{number}"


def _orc_from_payload(text: str) -> str:
    player, _, number = text.rpartition(".")
    if not player or not number.isdigit():
        raise ValueError(f"not an Orc: {text!r}")
    return f"{player}:{number}"


def _board_order(square: str) -> tuple[int, int]:
    """Top rank first, then a to h: the order a player reads the board picture in."""
    x, y = xy(square)
    return (-y, x)


class _Table:
    """Names and positions from the public view, for labels."""

    def __init__(self, view: TimberView) -> None:
        self.view = view
        self.orcs: dict[str, OrcView] = {o.id: o for o in view.orcs}
        self.players = {p.player: p.name for p in view.players}
        self.at = {o.square: o for o in view.orcs if o.square}

    def orc(self, orc_id: str) -> str:
        found = self.orcs.get(orc_id)
        return found.name if found else orc_id

    def player(self, player: str) -> str:
        return self.players.get(player, "someone")

    def victims(self, squares: Iterable[str]) -> list[str]:
        return [self.at[s].name for s in squares if s in self.at]


class TimberControls:
    """The `GameControls` adapter for Timber!.

    The engine only ever asks one kind of question at a time (deploy, tokens, Boar, Orcs,
    push, fell, dodge), so the kind of the legal actions picks the layout and that layout
    may use all five rows.
    """

    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls:
        timber = view if isinstance(view, TimberView) else TimberView.model_validate(view)
        table = _Table(timber)
        out = Controls()
        if any(isinstance(a, Deploy) for a in legal):
            _deploy_controls(out, table, [a for a in legal if isinstance(a, Deploy)], player)
        elif any(isinstance(a, EscapeTo) for a in legal):
            _escape_controls(out, table, [a for a in legal if isinstance(a, EscapeTo)], player)
        elif any(isinstance(a, FellCompass | FellToward) for a in legal):
            _fell_controls(out, table, legal)
        elif any(isinstance(a, PushTo) for a in legal):
            for action in (a for a in legal if isinstance(a, PushTo)):
                out.buttons.append(ButtonSpec(f"push.{action.square}", f"Shove onto {action.square}",
                                              discord.ButtonStyle.primary, "👉"))
        elif any(isinstance(a, Distribute) for a in legal):
            _token_controls(out, table, [a for a in legal if isinstance(a, Distribute)])
        elif any(isinstance(a, BoarPath | BoarRandom) for a in legal):
            _boar_controls(out, table, legal)
        else:
            _orc_controls(out, table, legal)
        return out

    def from_button(self, payload: str) -> Decoded:
        kind, _, rest = payload.partition(".")
        if payload == "deploy.random":
            return RandomLegal("deploy")
        if payload == "boar.random":
            return {"type": "boar-random"}
        if payload == "end":
            return {"type": "end-turn"}
        if payload == "fell.ask":
            return FELL_ASK
        if kind == "fell" and rest.upper() in COMPASS:
            return {"type": "fell-compass", "direction": rest.upper()}
        if kind == "push" and rest:
            return {"type": "push", "square": rest}
        if kind == "escape" and rest:
            return {"type": "escape", "square": rest}
        if kind == "pick" and rest:
            return {"type": "pick-wood", "orc": _orc_from_payload(rest)}
        if kind == "leave" and rest:
            return {"type": "leave", "orc": _orc_from_payload(rest)}
        if kind == "tokens":
            owner, first, second = _split_tokens(rest)
            tokens = {f"{owner}:1": first, f"{owner}:2": second}
            return {"type": "distribute", "tokens": {orc: n for orc, n in tokens.items() if n}}
        raise ValueError(f"unknown button {payload!r}")

    def from_select(self, kind: str, value: str) -> Decoded:
        if kind in DEPLOY_KINDS:
            first, _, second = value.partition(".")
            return {"type": "deploy", "first": first, "second": second}
        if kind in BOAR_KINDS:
            return {"type": "boar", "path": value.split(".")}
        if kind.startswith("fell"):
            return {"type": "fell-toward", "square": value}
        code, _, rest = value.partition(".")
        action_type = ORC_CODES.get(code)
        orc, _, argument = rest.rpartition(".")
        if action_type is None or not orc or not argument:
            raise ValueError(f"unknown select {kind!r} value {value!r}")
        decoded: dict[str, Any] = {"type": action_type, "orc": orc}
        field = ORC_ARGUMENT[action_type]
        decoded[field] = int(argument) if field == "keep" else argument
        return decoded


def _split_tokens(rest: str) -> tuple[str, int, int]:
    owner, first, second = rest.rsplit(".", 2)
    if not owner or not first.isdigit() or not second.isdigit():
        raise ValueError(f"not a split of tokens: {rest!r}")
    return owner, int(first), int(second)


# -- IV.3 Deployment ------------------------------------------------------------------------------


def _edge_of(first: str, second: str) -> str:
    """The side of the Forest a pair stands on: the one both squares share, else the one either
    touches (a crowded edge), else none."""
    for name, _, on_edge in EDGES:
        if on_edge(first) and on_edge(second):
            return name
    for name, _, on_edge in EDGES:
        if on_edge(first) or on_edge(second):
            return name
    return "other"


def _deploy_controls(out: Controls, table: _Table, deploys: list[Deploy], player: str) -> None:
    """A random button and one menu per edge: 7 pairs an edge, each either way round, so every
    deployment of an ordinary game has its option."""
    out.buttons.append(ButtonSpec("deploy.random", "Random spot", discord.ButtonStyle.secondary, "🎲"))
    groups: dict[str, list[Deploy]] = {}
    for action in deploys:
        groups.setdefault(_edge_of(action.first, action.second), []).append(action)
    one, two = table.orc(f"{player}:1"), table.orc(f"{player}:2")
    placeholders = {name: text for name, text, _ in EDGES} | {"other": "Two squares side by side…"}
    left_out = False
    for name in [*(n for n, _, _ in EDGES), "other"]:
        pairs = sorted(groups.get(name, []), key=lambda a: (sorted((_board_order(a.first),
                                                                    _board_order(a.second))),
                                                             _board_order(a.first)))
        if not pairs:
            continue
        left_out = left_out or len(pairs) > MAX_OPTIONS
        out.selects.append(SelectSpec(f"deploy{name}", placeholders[name], [
            OptionSpec(f"{a.first} + {a.second}", f"{a.first}.{a.second}",
                       _clip(f"{one} on {a.first}, {two} on {a.second}")) for a in pairs[:MAX_OPTIONS]]))
    if left_out:
        out.notes.append("Not every pair fits in the menus: name any two squares with /timber deploy.")


# -- IV.4.2.1 Action Tokens -----------------------------------------------------------------------


def _token_controls(out: Controls, table: _Table, splits: list[Distribute]) -> None:
    for action in splits:
        owner = next(iter(action.tokens)).rpartition(":")[0] if action.tokens else ""
        first, second = action.tokens.get(f"{owner}:1", 0), action.tokens.get(f"{owner}:2", 0)
        label = " · ".join(f"{table.orc(orc)}: {n}" for orc, n in sorted(action.tokens.items()))
        out.buttons.append(ButtonSpec(f"tokens.{owner}.{first}.{second}", _clip(label, LABEL_LIMIT),
                                      discord.ButtonStyle.primary, "🪙"))


# -- IV.4.2.2 The Wild Boar -----------------------------------------------------------------------


def _turns(start: str, path: list[str]) -> int:
    """How often a run changes direction: straight charges read best, so they come first."""
    trail = [start, *path]
    steps = [(xy(b)[0] - xy(a)[0], xy(b)[1] - xy(a)[1]) for a, b in zip(trail, trail[1:])]
    return sum(1 for a, b in zip(steps, steps[1:]) if a != b)


def _boar_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    """'Random legal path', then the runs: all of them when they fit one menu; else the runs that
    trample somebody, and one run to each square the Boar can stop on."""
    if any(isinstance(a, BoarRandom) for a in legal):
        out.buttons.append(ButtonSpec("boar.random", "Random legal path", discord.ButtonStyle.primary, "🎲"))
    start = table.view.boar
    paths = [list(a.path) for a in legal if isinstance(a, BoarPath)]
    if not paths:
        return

    def option(path: list[str], label: str | None = None) -> OptionSpec:
        trail = " → ".join([start, *path])
        hit = table.victims(path)
        note = f"tramples {', '.join(hit)}" if hit else "tramples nobody"
        if label is None:
            return OptionSpec(_clip(trail), ".".join(path), _clip(note))
        return OptionSpec(_clip(label), ".".join(path), _clip(f"{trail}; {note}"))

    def by_interest(path: list[str]) -> tuple[int, int, tuple[int, int], list[str]]:
        return (-len(table.victims(path)), _turns(start, path), _board_order(path[-1]), path)

    if len(paths) <= MAX_OPTIONS:
        out.selects.append(SelectSpec("boar", "Send the Boar along…", [option(p) for p in
                                                                        sorted(paths, key=by_interest)]))
        return
    trampling = sorted((p for p in paths if table.victims(p)), key=by_interest)
    if trampling:
        out.selects.append(SelectSpec("trample", "Charge into an Orc…",
                                      [option(p) for p in trampling[:MAX_OPTIONS]]))
    ends: dict[str, list[str]] = {}
    for path in sorted(paths, key=lambda p: (len(table.victims(p)), _turns(start, p), p)):
        ends.setdefault(path[-1], path)
    squares = sorted(ends, key=_board_order)
    halves = [squares[:MAX_OPTIONS], squares[MAX_OPTIONS:2 * MAX_OPTIONS]]
    placeholders = (["Let it stop at…"] if not halves[1] else
                    ["Let it stop at (rows nearer the top)…", "Let it stop at (rows nearer the bottom)…"])
    for kind, chunk, placeholder in zip(("runa", "runb"), halves, placeholders):
        out.selects.append(SelectSpec(kind, placeholder, [option(ends[s], f"Stop at {s}") for s in chunk]))
    out.notes.append(f"The Boar has {len(paths)} possible runs; the menus show a choice of them. "
                     "Name any run square by square with /timber boar path:…")


# -- IV.4.2.3 the Orcs' actions ---------------------------------------------------------------------


def _orc_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    """Buttons for the one-click actions, then a menu per kind of action, each naming the Orc."""
    for action in legal:
        if isinstance(action, PickWood):
            out.buttons.append(ButtonSpec(f"pick.{_orc_payload(action.orc)}",
                                          _clip(f"{table.orc(action.orc)}: pick up Wood", LABEL_LIMIT),
                                          discord.ButtonStyle.success, "🪵"))
    for action in legal:
        if isinstance(action, Leave):
            out.buttons.append(ButtonSpec(f"leave.{_orc_payload(action.orc)}",
                                          _clip(f"{table.orc(action.orc)}: run out of the Forest", LABEL_LIMIT),
                                          discord.ButtonStyle.primary, "🏃"))
    if any(isinstance(a, EndTurn) for a in legal):
        out.buttons.append(ButtonSpec("end", "End turn", discord.ButtonStyle.secondary, "⏹️"))

    def tokens(orc: str) -> int:
        found = table.orcs.get(orc)
        return found.tokens if found else 0

    moves = [OptionSpec(f"{table.orc(a.orc)} → {a.to}", f"mv.{a.orc}.{a.to}",
                        _clip(f"{tokens(a.orc)} token(s) left; a move costs 1"))
             for a in legal if isinstance(a, Move)]
    shoves = [OptionSpec(_clip(f"{table.orc(a.orc)} shoves {table.orc(a.target)}"), f"sh.{a.orc}.{a.target}",
                         _clip(f"{table.orc(a.target)} carries {_wood(table, a.target)} Wood"))
              for a in legal if isinstance(a, Shove)]
    bushes = [OptionSpec(_clip(f"{table.orc(a.orc)}: rip out the Bush at {a.bush}"), f"ow.{a.orc}.{a.bush}")
              for a in legal if isinstance(a, OpenWay)]
    trees: list[OptionSpec] = []
    for action in legal:
        if isinstance(action, Gather):
            trees.append(OptionSpec(_clip(f"{table.orc(action.orc)}: gather at {action.tree} (4+)"),
                                    f"ga.{action.orc}.{action.tree}",
                                    f"1 token, a D6; the Tree has {table.view.trees.get(action.tree, 0)} Wood"))
        elif isinstance(action, GatherOrcy):
            trees.append(OptionSpec(_clip(f"{table.orc(action.orc)}: Orcy Style at {action.tree}"),
                                    f"oc.{action.orc}.{action.tree}", "2 tokens, no roll"))
    shares = []
    for action in legal:
        if isinstance(action, ShareWood):
            mate = _mate(table, action.orc)
            total = _wood(table, action.orc) + (_wood(table, mate) if mate else 0)
            shares.append(OptionSpec(_clip(f"{table.orc(action.orc)} keeps {action.keep}"),
                                     f"sw.{action.orc}.{action.keep}",
                                     _clip(f"{table.orc(mate) if mate else 'the other'} carries "
                                           f"{total - action.keep}; costs {table.orc(action.orc)} a token")))

    menus = [("move", "Move…", moves), ("shove", "Shove…", shoves), ("bush", "Open Way…", bushes),
             ("tree", "Gather Wood…", trees), ("share", "Share Wood: keep…", shares)]
    menus = [m for m in menus if m[2]]
    button_rows = -(-len(out.buttons) // MAX_BUTTONS_PER_ROW)
    if len(menus) > MAX_ROWS - button_rows:
        # Open Way and Gather both work the Forest around the Orc: one menu holds both.
        work = [m for m in menus if m[0] in ("bush", "tree")]
        menus = [m for m in menus if m[0] not in ("bush", "tree")]
        menus.insert(min(2, len(menus)), ("work", "Open Way or gather Wood…", [o for m in work for o in m[2]]))
    left_out = False
    for kind, placeholder, options in menus:
        left_out = left_out or len(options) > MAX_OPTIONS
        out.selects.append(SelectSpec(kind, placeholder, options[:MAX_OPTIONS]))
    if left_out:
        out.notes.append("Not everything fits in the menus: the /timber commands take any action.")


def _wood(table: _Table, orc: str | None) -> int:
    found = table.orcs.get(orc or "")
    return found.wood if found else 0


def _mate(table: _Table, orc: str) -> str | None:
    player = orc.rpartition(":")[0]
    return next((o for o in table.orcs if o != orc and o.rpartition(":")[0] == player), None)


# -- Smash Attacks and falling Trees -----------------------------------------------------------------


def _escape_controls(out: Controls, table: _Table, escapes: list[EscapeTo], player: str) -> None:
    """The dodging Orc's owner picks the square; when that is not the active player, the board says
    who the turn is waiting for."""
    for action in escapes:
        out.buttons.append(ButtonSpec(f"escape.{action.square}", f"Dive to {action.square}",
                                      discord.ButtonStyle.success, "🤸"))
    active = table.view.active
    if active is not None and active != player:
        out.notes.append(f"{table.player(active)}: waiting for {table.player(player)} to dodge; "
                         "your turn goes on once they have landed.")


def _fell_controls(out: Controls, table: _Table, legal: Sequence[BaseModel]) -> None:
    """Eight compass buttons, a square typed in a box, and every square in three menus."""
    for action in legal:
        if isinstance(action, FellCompass):
            direction = action.direction.value
            out.buttons.append(ButtonSpec(f"fell.{direction.lower()}", direction, discord.ButtonStyle.danger,
                                          COMPASS_ARROWS[direction]))
    out.buttons.append(ButtonSpec("fell.ask", "Name a square…", discord.ButtonStyle.secondary, "📍"))
    toward = [a.square for a in legal if isinstance(a, FellToward)]
    for kind, placeholder, ranks in FELL_BANDS:
        squares = sorted((s for s in toward if xy(s)[1] in ranks), key=_board_order)
        if squares:
            out.selects.append(SelectSpec(kind, placeholder, [
                OptionSpec(f"Toward {s}", s, _clip(f"{table.at[s].name} stands there") if s in table.at else None)
                for s in squares]))


__all__ = ["TimberControls", "FELL_ASK"]
