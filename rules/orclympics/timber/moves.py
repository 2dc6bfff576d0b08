"""Timber! moves as players say them (`/timber …`, the buttons, the terminal): declared once.

A Timber! turn asks one kind of question at a time: deploy (IV.3), hand out the Action
Tokens (IV.4.2.1), run the Wild Boar (IV.4.2.2), act with the Orcs (IV.4.2.3), push a shoved
Orc on, aim a falling Tree, dodge a Smash Attack. Orcs are named as the board shows them
("Ugg #1"); a command may leave the Orc out when only one of yours could do the action.

Typed commands run through `plan` against the real state: it says whom the turn waits for while
another player's Orc dodges, and finds the one Orc that could do what was asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from rules.core.errors import RuleViolation
from rules.core.grid import COMPASS, xy
from rules.core.moves import Args, Kind, Move, MoveBook, Param, Plan, Reading, parse_count
from rules.core.offers import Buttons, Form, Menu
from rules.orclympics.timber.forest import orc_actions, turn_to_act

COMPASS_HINTS = {"N": "toward rank 8", "NE": "toward h8", "E": "toward file h", "SE": "toward h1",
                 "S": "toward rank 1", "SW": "toward a1", "W": "toward file a", "NW": "toward a8"}
COMPASS_ARROWS = {"N": "⬆️", "NE": "↗️", "E": "➡️", "SE": "↘️",
                  "S": "⬇️", "SW": "↙️", "W": "⬅️", "NW": "↖️"}

EDGES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("North edge (rank 8)…", lambda s: xy(s)[1] == 7),
    ("East edge (file h)…", lambda s: xy(s)[0] == 7),
    ("South edge (rank 1)…", lambda s: xy(s)[1] == 0),
    ("West edge (file a)…", lambda s: xy(s)[0] == 0),
)
"""The four sides of the Forest, in the order their deployment menus appear."""

FELL_BANDS = (("…or toward a square in ranks 6-8", range(5, 8)), ("…or toward a square in ranks 4-5", range(3, 5)),
              ("…or toward a square in ranks 1-3", range(0, 3)))
"""63 squares a Tree may be aimed through, cut into three menus of at most 24."""

MENU = 25  # options in one menu


# -- what the table shows ---------------------------------------------------------------------------


def _orcs(reading: Reading) -> dict[str, Any]:
    return {o.id: o for o in getattr(reading.view, "orcs", [])}


def _name(orc: str, reading: Reading) -> str:
    found = _orcs(reading).get(orc)
    return found.name if found is not None else orc


def _at(reading: Reading) -> dict[str, str]:
    """Who stands where: square -> Orc name."""
    return {o.square: o.name for o in getattr(reading.view, "orcs", []) if o.square}


def _board_order(square: str) -> tuple[int, int]:
    """Top rank first, then a to h: the order a player reads the board picture in."""
    x, y = xy(square)
    return (-y, x)


def _read_orc(text: str, reading: Reading) -> str:
    """One of the acting player's Orcs: its id (autocomplete's old values), its number ('1', '#2')
    or its name ('Ugg #1', `_` for spaces)."""
    wanted = text.strip().replace("_", " ")
    active = getattr(reading.view, "active", None)
    for orc in _orcs(reading).values():
        number = orc.id.rpartition(":")[2]
        if (active is None or orc.player == active) and (
                wanted in (orc.id, number, f"#{number}") or orc.name.casefold() == wanted.casefold()):
            return str(orc.id)
    raise RuleViolation(f"You have no Orc called '{text.strip()}'; pick one of yours from the list.")


def _read_enemy(text: str, reading: Reading) -> str:
    wanted = text.strip().replace("_", " ")
    active = getattr(reading.view, "active", None)
    for orc in _orcs(reading).values():
        if orc.player != active and (orc.id == wanted or orc.name.casefold() == wanted.casefold()):
            return str(orc.id)
    raise RuleViolation(f"There is no enemy Orc called '{text.strip()}'; pick one from the list.")


def _orc_words(orc: str, reading: Reading) -> str:
    found = _orcs(reading).get(orc)
    if found is None:
        return orc
    return f"{found.name} ({found.square}, {found.tokens} token(s), {found.wood} Wood)"


def _target_words(orc: str, reading: Reading) -> str:
    found = _orcs(reading).get(orc)
    return f"{found.name} ({found.square}, {found.wood} Wood)" if found is not None else orc


# -- IV.4.2.1 Action Tokens: "3/1", #1 first ---------------------------------------------------------


def _owner(tokens: dict[str, int], reading: Reading) -> str:
    return next(iter(tokens)).rpartition(":")[0] if tokens else str(getattr(reading.view, "active", "") or "")


def _read_split(text: str, reading: Reading) -> dict[str, int]:
    """'3/1', '3 1' or '3-1': Action Tokens for Orc #1 and Orc #2 (an Orc given none is left out)."""
    numbers = re.findall(r"[0-9]+", text)
    if len(numbers) != 2:
        raise RuleViolation("Give the tokens of both Orcs, #1 first, like 3/1.")
    player = _owner({}, reading)
    given = {f"{player}:1": parse_count(numbers[0], "Orc #1's tokens"),
             f"{player}:2": parse_count(numbers[1], "Orc #2's tokens")}
    return {orc: n for orc, n in given.items() if n}


def _split_typed(tokens: dict[str, int], reading: Reading) -> str:
    owner = _owner(tokens, reading)
    return f"{tokens.get(f'{owner}:1', 0)}/{tokens.get(f'{owner}:2', 0)}"


def _split_words(tokens: dict[str, int], reading: Reading) -> str:
    names = ", ".join(f"{_name(orc, reading)} {n}" for orc, n in tokens.items())
    return f"{_split_typed(tokens, reading)} — {names}" if names else _split_typed(tokens, reading)


def _tokens_say(action: Any, reading: Reading) -> str:
    shares = " · ".join(f"{_name(orc, reading)}: {n}" for orc, n in sorted(action.tokens.items()))
    return shares or "No Orc left in the Forest"


# -- IV.3 Deployment ------------------------------------------------------------------------------------


def _deploy_note(action: Any, reading: Reading) -> str:
    player = getattr(reading.view, "active", "")
    return f"{_name(f'{player}:1', reading)} on {action.first}, {_name(f'{player}:2', reading)} on {action.second}"


def _deploy_menus(actions: Sequence[Any], reading: Reading) -> list[tuple[str, list[Any]]]:
    """One menu per side of the Forest (a pair goes with the side both squares share, else the one
    either touches), each pair either way round: every deployment of an ordinary game has its option."""
    groups: dict[str, list[Any]] = {}
    for action in actions:
        side = next((label for label, on in EDGES if on(action.first) and on(action.second)), None) or next(
            (label for label, on in EDGES if on(action.first) or on(action.second)), "Two squares side by side…")
        groups.setdefault(side, []).append(action)
    order = [label for label, _ in EDGES] + ["Two squares side by side…"]
    return [(label, sorted(groups[label], key=lambda a: (sorted((_board_order(a.first), _board_order(a.second))),
                                                         _board_order(a.first))))
            for label in order if label in groups]


# -- IV.4.2.2 the Wild Boar ------------------------------------------------------------------------------


def _victims(path: Sequence[str], reading: Reading) -> list[str]:
    at = _at(reading)
    return [at[s] for s in path if s in at]


def _turns(start: str, path: Sequence[str]) -> int:
    """How often a run changes direction: straight charges read best, so they come first."""
    trail = [start, *path]
    steps = [(xy(b)[0] - xy(a)[0], xy(b)[1] - xy(a)[1]) for a, b in zip(trail, trail[1:])]
    return sum(1 for a, b in zip(steps, steps[1:]) if a != b)


def _run_say(action: Any, reading: Reading) -> str:
    return " → ".join([str(getattr(reading.view, "boar", "")), *action.path]).lstrip(" →")


def _run_note(action: Any, reading: Reading) -> str:
    hit = _victims(action.path, reading)
    return f"tramples {', '.join(hit)}" if hit else "tramples nobody"


def _by_interest(action: Any, reading: Reading) -> tuple[int, int, tuple[int, int], list[str]]:
    start = str(getattr(reading.view, "boar", "a1"))
    return (-len(_victims(action.path, reading)), _turns(start, action.path), _board_order(action.path[-1]),
            list(action.path))


def _boar_menus(actions: Sequence[Any], reading: Reading) -> list[tuple[str, list[Any]]]:
    """Every run when they fit one menu; else the runs that trample somebody, and one run to each
    square the Boar can stop on (the others are typed)."""
    if len(actions) <= MENU:
        return [("Send the Boar along…", list(actions))]
    trampling = [a for a in actions if _victims(a.path, reading)][:MENU]
    ends: dict[str, Any] = {}
    for action in sorted(actions, key=lambda a: (len(_victims(a.path, reading)), _by_interest(a, reading)[1:])):
        ends.setdefault(action.path[-1], action)
    stops = [ends[s] for s in sorted(ends, key=_board_order)]
    halves = [stops[:MENU], stops[MENU:2 * MENU]]
    names = ["Let it stop at…"] if not halves[1] else ["Let it stop at (rows nearer the top)…",
                                                       "Let it stop at (rows nearer the bottom)…"]
    return [("Charge into an Orc…", trampling), *zip(names, halves)]


# -- IV.4.2.3 the Orcs' actions ------------------------------------------------------------------------------


def _tokens_note(action: Any, reading: Reading) -> str:
    found = _orcs(reading).get(action.orc)
    return f"{found.tokens if found else 0} token(s) left; a move costs 1"


def _wood(orc: str | None, reading: Reading) -> int:
    found = _orcs(reading).get(orc or "")
    return int(found.wood) if found is not None else 0


def _mate(orc: str, reading: Reading) -> str | None:
    player = orc.rpartition(":")[0]
    return next((o for o in _orcs(reading) if o != orc and o.rpartition(":")[0] == player), None)


def _share_note(action: Any, reading: Reading) -> str:
    mate = _mate(action.orc, reading)
    total = _wood(action.orc, reading) + _wood(mate, reading)
    who = _name(mate, reading) if mate else "the other"
    return f"{who} carries {total - action.keep}; costs {_name(action.orc, reading)} a token"


def _gather_note(action: Any, reading: Reading) -> str:
    return f"1 token, a D6; the Tree has {getattr(reading.view, 'trees', {}).get(action.tree, 0)} Wood"


# -- Smash Attacks and falling Trees ---------------------------------------------------------------------------


def _fell_menus(actions: Sequence[Any], reading: Reading) -> list[tuple[str, list[Any]]]:
    return [(label, sorted((a for a in actions if xy(a.square)[1] in ranks), key=lambda a: _board_order(a.square)))
            for label, ranks in FELL_BANDS]


def _stands_there(action: Any, reading: Reading) -> str | None:
    at = _at(reading)
    return f"{at[action.square]} stands there" if action.square in at else None


def _dodge_hint(reading: Reading, player: str) -> str | None:
    """The dodging Orc's owner picks the square; when that is not the active player, the board says
    whom the turn waits for."""
    active = getattr(reading.view, "active", None)
    if active is None or active == player:
        return None
    return (f"{reading.name(active)}: waiting for {reading.name(player)} to dodge; your turn goes on once they "
            "have landed.")


# -- typed commands, read against the real state ------------------------------------------------------------


def dodge_wait(state: Any, player: str) -> str | None:
    """The active player, while another player's Orc is dodging, is told whom the turn waits for."""
    cur = state.current
    if cur is None or cur.escape is None or player != cur.player:
        return None
    dodger = state.orcs[cur.escape.orc]
    if dodger.player == player:
        return None
    return (f"Waiting for {state.name_of(dodger.player)} to dodge: they choose where {dodger.name} dives, "
            "then your turn goes on.")


def resolve_orc(text: str | None, state: Any, player: str, candidates: Sequence[str]) -> str:
    """One of `player`'s Orcs, as autocomplete sends it, as a player types it ('1', '#2', its name), or
    left out when only one Orc (`candidates`) could do the action."""
    own = [o for o in state.orcs.values() if o.player == player]
    if text is None or not str(text).strip():
        able = list(dict.fromkeys(candidates))
        if len(able) == 1:
            return able[0]
        if len(able) > 1:
            raise RuleViolation("Both your Orcs could do that: say which with the orc option.")
        acting = state.current.acting if state.current else None
        in_forest = [o.id for o in own if o.square is not None]
        return acting if acting in in_forest else (in_forest or [f"{player}:1"])[0]  # the rules say why not
    wanted = str(text).strip().replace("_", " ")
    for orc in own:
        number = orc.id.rpartition(":")[2]
        if wanted in (orc.id, number, f"#{number}") or orc.name.casefold() == wanted.casefold():
            return str(orc.id)
    raise RuleViolation(f"You have no Orc called '{wanted}'; pick one of yours from the list.")


def _command(state: Any, player: str, args: Args, reading: Reading, done: int, *,
             name: str) -> dict[str, Any] | None:
    """A typed Timber! command: one move, read against the state as it is now."""
    if done:
        return None
    waiting = dodge_wait(state, player)
    if waiting:
        raise RuleViolation(waiting)
    if name == "fell":
        given = [args.get(k) for k in ("direction", "toward") if args.get(k)]
        if len(given) != 1:
            raise RuleViolation("Give a direction or a square, not both." if given else
                                "Give a compass direction or a square the trunk passes through.")
    move = MOVES.named(name)
    assert move is not None
    if not any(p.name == "orc" for p in move.params):
        return move.build(args, reading)
    data = move.build({k: v for k, v in args.items() if k != "orc"}, reading)
    cur = turn_to_act(state, player)
    able = [str(getattr(a, "orc")) for a in (orc_actions(state, cur) if cur is not None else [])
            if a.type == data["type"] and all(getattr(a, k, None) == v for k, v in data.items() if k != "type")]
    data["orc"] = resolve_orc(args.get("orc"), state, player, able)
    return data


def _plan(name: str) -> Plan:
    return partial(_command, name=name)


def _orc(action: Any, reading: Reading) -> str:
    return _name(action.orc, reading)


ORC = Param("orc", Kind.PIECE, "Which of your Orcs", required=False, read=_read_orc, show=_orc_words,
            spell=_name)
TARGET = Param("target", Kind.PIECE, "The enemy Orc to shove", read=_read_enemy, show=_target_words, spell=_name)
WORK = "Open Way or gather Wood…"  # one menu for both when the board is short of rows

MOVES = MoveBook("timber", help="Timber! moves for your Orcs.", moves=[
    Move("deploy", "deploy", "Deploy", "Put both your Orcs on two free edge squares that share a side.",
         (Param("first", Kind.SQUARE, "The square for your Orc #1, like a4"),
          Param("second", Kind.SQUARE, "The square for your Orc #2, like a5")),
         say=lambda a, r: f"{a.first} + {a.second}", note=_deploy_note,
         offer=Menu(split=_deploy_menus, dice="Random spot"), plan=_plan("deploy")),
    Move("distribute", "tokens", "Action Tokens", "Split your 4 Action Tokens between your Orcs (at most 3 each).",
         (Param("split", Kind.TEXT, "Tokens for Orc #1 and Orc #2, like 3/1", field="tokens", read=_read_split,
                show=_split_words, spell=_split_typed, example="3/1"),),
         say=_tokens_say, offer=Buttons(emoji="🪙", style="primary"), plan=_plan("tokens")),
    Move("boar-random", "boar", "Random legal path", "Run the Wild Boar: name its path, or leave it out to let it "
         "run wild.",
         (Param("path", Kind.SQUARES, "The squares it runs through, in order, like d4 e5 f5 (empty: a random legal "
                "run)", required=False, makes="boar"),),
         offer=Buttons(emoji="🎲", style="primary"), quiet=True, plan=_plan("boar")),
    Move("boar", "boar-run", "Send the Boar along", "Send the Wild Boar along a run of your choosing.",
         (Param("path", Kind.SQUARES, "The squares it runs through, like d4 e5 f5"),),
         say=_run_say, note=_run_note, order=_by_interest, offer=Menu(split=_boar_menus), typed=False),
    Move("pick-wood", "pick", "Pick up Wood", "Pick up one piece of Wood lying on your Orc's square (1 token).",
         (ORC,), say=lambda a, r: f"{_orc(a, r)}: pick up Wood", offer=Buttons(emoji="🪵", style="success"),
         plan=_plan("pick")),
    Move("leave", "leave", "Run out of the Forest", "Run out of the Forest from an edge square with your Wood "
         "(turn 5 on).", (ORC,), say=lambda a, r: f"{_orc(a, r)}: run out of the Forest",
         offer=Buttons(emoji="🏃", style="primary"), plan=_plan("leave")),
    Move("end-turn", "end", "End turn", "End your turn; Action Tokens left over are lost.",
         offer=Buttons(emoji="⏹️"), quiet=True, plan=_plan("end")),
    Move("move", "move", "Move", "Move an Orc one square up, down, left or right (1 token).",
         (Param("to", Kind.SQUARE, "A free square sharing a side with the Orc's"), ORC),
         say=lambda a, r: f"{_orc(a, r)} → {a.to}", note=_tokens_note, offer=Menu(), plan=_plan("move")),
    Move("shove", "shove", "Shove", "Shove an enemy Orc on a square sharing a side with yours (1 token).",
         (TARGET, Param("orc", Kind.PIECE, "Which of your Orcs shoves", required=False, read=_read_orc,
                        show=_orc_words, spell=_name)),
         say=lambda a, r: f"{_orc(a, r)} shoves {_name(a.target, r)}",
         note=lambda a, r: f"{_name(a.target, r)} carries {_wood(a.target, r)} Wood", offer=Menu(),
         plan=_plan("shove")),
    Move("open-way", "openway", "Open Way", "Rip out a Bush on a square sharing a side with your Orc's (1 token).",
         (Param("bush", Kind.SQUARE, "The Bush's square"), ORC),
         say=lambda a, r: f"{_orc(a, r)}: rip out the Bush at {a.bush}", offer=Menu(crowded=WORK),
         plan=_plan("openway")),
    Move("gather", "gather", "Gather Wood", "Gather Wood from a Tree beside your Orc: 4+ on a D6 (1 token).",
         (Param("tree", Kind.SQUARE, "The Tree's square"), ORC),
         say=lambda a, r: f"{_orc(a, r)}: gather at {a.tree} (4+)", note=_gather_note,
         offer=Menu(shared="Gather Wood…", crowded=WORK), plan=_plan("gather")),
    Move("gather-orcy", "orcy", "Orcy Style", "Gather Wood in Orcy Style: one Wood, no roll (2 tokens).",
         (Param("tree", Kind.SQUARE, "The Tree's square"), ORC),
         say=lambda a, r: f"{_orc(a, r)}: Orcy Style at {a.tree}", note=lambda a, r: "2 tokens, no roll",
         offer=Menu(shared="Gather Wood…", crowded=WORK), plan=_plan("orcy")),
    Move("share-wood", "share", "Share Wood: keep", "Split the Wood of your two Orcs side by side (1 token).",
         (Param("keep", Kind.COUNT, "How much Wood the acting Orc keeps; its teammate carries the rest",
                bounds=(0, 99)),
          Param("orc", Kind.PIECE, "Which of your Orcs acts", required=False, read=_read_orc, show=_orc_words,
                spell=_name)),
         say=lambda a, r: f"{_orc(a, r)} keeps {a.keep}", note=_share_note, offer=Menu(), plan=_plan("share")),
    Move("push", "push", "Shove onto", "After winning a Shoving: the next square the loser is pushed onto.",
         (Param("square", Kind.SQUARE, "A free square sharing a side with the pushed Orc's"),),
         say=lambda a, r: f"Shove onto {a.square}", offer=Buttons(emoji="👉", style="primary"),
         plan=_plan("push")),
    Move("fell-compass", "fell", "Fell", "Aim the falling Tree: a compass direction or a square it falls across.",
         (Param("direction", Kind.CHOICE, "One of the eight compass directions", required=False,
                choices=tuple((d, f"{d} ({COMPASS_HINTS[d]})") for d in COMPASS), makes="fell-compass"),
          Param("toward", Kind.SQUARE, "Or a square whose centre the trunk passes through", field="square",
                required=False, makes="fell-toward")),
         say=lambda a, r: str(a.direction.value),
         offer=Buttons(style="danger", look=lambda a: ("danger", COMPASS_ARROWS[a.direction.value])),
         plan=_plan("fell")),
    Move("fell-toward", "fell-toward", "Name a square", "Fell the Tree toward a square its trunk passes through.",
         (Param("square", Kind.SQUARE, "A square the trunk passes through"),),
         say=lambda a, r: f"Toward {a.square}", note=_stands_there, offer=Form(emoji="📍", menus=_fell_menus),
         order=lambda a, r: (a.square not in _at(r), _board_order(a.square)), typed=False),
    Move("escape", "escape", "Dive to", "Your Orc dodged a Smash Attack: the square it dives to.",
         (Param("square", Kind.SQUARE, "A free square sharing a side with your Orc's, out of harm's way"),),
         say=lambda a, r: f"Dive to {a.square}", offer=Buttons(emoji="🤸", style="success", hint=_dodge_hint),
         plan=_plan("escape")),
])
