"""`zagjan play`: a game in the terminal, without Discord.

The human seats type their moves in the same words as the slash commands and buttons use: the
move's name, then its options as `name:value` (`move square:c4`, `smash target:Grukk`); `?`
lists the legal moves in that form (a number picks one of the list), `rules` prints the game's
guide, `quit` ends. Computer seats play themselves (`rules.core.computer`). After every human
turn and at the end the board is written to a PNG (and opened with `--show`).

Secrets stay secret at a shared keyboard: a seat's private news and its secret choices are
shown only after the screen is cleared and the keyboard passed to that seat's player; with one
human there is nobody to hide from, so the screen is not cleared.
"""

from __future__ import annotations

import getpass
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from pydantic import BaseModel, ValidationError

from bot.ui.text import outcome_lines
from rules.core.computer import Level, decide, is_computer, new_computer
from rules.core.engine import Event, Game, PlayerId, Seat
from rules.core.errors import RuleViolation
from rules.core.moves import Reading
from rules.core.search import Budget
from rules.registry import guide_for

CLEAR = "\033[2J\033[H"


class Quit(Exception):
    """The player typed quit (or the input ended)."""


def typed_form(action: BaseModel, names: dict[str, str], game: Game[Any, Any] | None = None,
               view: Any = None) -> str:
    """An action as a player types it: the words its game declares (`rules.core.moves`), the same as
    the slash command's; for a game that declares none, its type and `option:value` for every option
    not left at its default (players by their names, spaces as `_`)."""
    if game is not None and game.moves is not None:
        return game.moves.typed_form(action, Reading(view, names))
    data = action.model_dump(mode="json", exclude_defaults=True)
    data.pop("type", None)
    words = [str(getattr(action, "type", type(action).__name__.lower()))]
    for key, value in data.items():
        if value is None or value == []:
            continue
        shown = names.get(value, value) if isinstance(value, str) else value
        text = ",".join(str(v) for v in shown) if isinstance(shown, list | tuple) else str(shown)
        words.append(f"{key}:{text.replace(' ', '_')}")
    return " ".join(words)


def parse_typed(text: str, legal: Sequence[BaseModel], names: dict[str, str], game: Game[Any, Any] | None = None,
                view: Any = None) -> BaseModel:
    """The move a typed line names: a number of the list, or the typed form (a leading slash-command
    group like `/mf` may stay, options in any order, letter case ignored). A declared game takes any
    value its rules accept, not only the listed ones (the rules then judge the move); options left
    out are filled in when that names one legal move."""
    line = text.strip()
    if line.isdigit():
        index = int(line) - 1
        if not 0 <= index < len(legal):
            raise RuleViolation(f"Pick a number from 1 to {len(legal)}; ? lists the moves.")
        return legal[index]
    words = line.split()
    if words and words[0].startswith("/") and (len(words) > 1 or game is None):
        words = words[1:]
    if not words:
        raise RuleViolation("Type a move, or ? for the list of legal moves.")
    if game is not None and game.moves is not None:
        return _parse_declared(words, legal, game, Reading(view, names))
    words = [w.lower() for w in words]
    forms = [typed_form(a, names).lower().split() for a in legal]
    exact = [n for n, form in enumerate(forms) if form[0] == words[0] and set(form[1:]) == set(words[1:])]
    if exact:
        return legal[exact[0]]
    matches = [n for n, form in enumerate(forms) if form[0] == words[0] and set(words[1:]) <= set(form[1:])]
    if len(matches) == 1:
        return legal[matches[0]]
    if matches:
        raise RuleViolation(f"That could be {len(matches)} moves; add its options (? lists them).")
    kinds = sorted({form[0] for form in forms})
    if words[0] not in kinds:
        raise RuleViolation(f"'{words[0]}' is not a move you can make now; you can: {', '.join(kinds)}.")
    raise RuleViolation("That move is not legal now; ? lists the legal ones.")


def _parse_declared(words: list[str], legal: Sequence[BaseModel], game: Game[Any, Any],
                    reading: Reading) -> BaseModel:
    book = game.moves
    assert book is not None
    open_moves = [m for m in book.moves if any(getattr(a, "type", None) == m.type for a in legal)]
    move = book.named(words[0])
    if move is not None and move not in open_moves:  # its option makes a kind that is open (`move to:…`)
        move = next((m for m in open_moves if (made := book.maker(m.type)) is not None and made[0] is move), move)
    if move is None or move not in open_moves:
        listed = ", ".join(m.name for m in open_moves)
        raise RuleViolation(f"'{words[0]}' is not a move you can make now; you can: {listed}.")
    given: dict[str, str] = {}
    for word in words[1:]:
        name, colon, value = word.partition(":")
        param = next((p for p in move.params if p.name.lower() == name.lower()), None)
        if not colon and len(move.params) == 1 and len(words) == 2:
            param, value = move.params[0], word  # `deploy c4`: the one option needs no name
        if param is None:
            example = move.typed_form(next(a for a in legal if getattr(a, "type", None) == move.type), reading)
            raise RuleViolation(f"I could not read '{word}': write options as name:value, like `{example}`.")
        given[param.name] = value.replace("_", " ") if param.kind.value in ("player", "text") else value
    kind = [a for a in legal if getattr(a, "type", None) == move.type]
    agreeing = [a for a in kind if all(_agrees(p, a, given[p.name], reading) for p in move.params if p.name in given)]
    missing = [p for p in move.params if p.name not in given and (p.required or _needed(p, kind))]
    if missing:
        if len(agreeing) == 1:
            return agreeing[0]
        if agreeing:
            raise RuleViolation(f"That could be {len(agreeing)} moves; add its options (? lists them).")
    try:
        action = game.parse_action(move.build(given, reading))
    except ValidationError:  # something left out that no legal move could fill in
        raise RuleViolation("That move is not legal now; ? lists the legal ones.") from None
    return next((a for a in kind if a == action), action)


def _needed(param: Any, actions: Sequence[BaseModel]) -> bool:
    """An option a player may leave out that the action cannot do without (which of your pieces, when
    only one could): filled in like a missing required one."""
    fields = type(actions[0]).model_fields if actions else {}
    return param.key in fields and fields[param.key].is_required()


def _agrees(param: Any, action: BaseModel, typed: str, reading: Reading) -> bool:
    wanted = typed.strip().casefold().replace("_", " ")  # a typed form writes spaces as `_`
    value = param.value_of(action)
    return wanted in (param.token(value, reading).casefold().replace("_", " "), str(value).casefold().replace("_", " "))


class TerminalGame:
    """One game at one keyboard. `ask` and `out` are injectable, so a test types the moves."""

    def __init__(self, game: Game[Any, Any], humans: int, computers: int, *, level: Level = Level.NORMAL,
                 seed: int = 1, out_dir: Path = Path("zagjan-play"), show: bool = False,
                 iterations: int = Budget.iterations, ask: Callable[[str], str] | None = None,
                 out: TextIO | None = None) -> None:
        self.game, self.level, self.seed = game, level, seed
        self.out_dir, self.show, self.iterations = out_dir, show, iterations
        self._ask, self._out = ask, out
        chooser = random.Random(seed)
        seats: list[Seat] = []
        for n in range(humans):
            seats.append(Seat(player=f"human-{n + 1}", name=_login_name() if humans == 1 else f"Player {n + 1}",
                              pick=self._pick(chooser, seats), colour=n))
        for n in range(computers):
            player, name = new_computer(level, [s.player for s in seats], [s.name for s in seats])
            seats.append(Seat(player=player, name=name, pick=self._pick(chooser, seats), colour=humans + n))
        self.seats = seats
        self.names = {s.player: s.name for s in seats}
        self.private: dict[PlayerId, list[str]] = {}
        self.at_keyboard: PlayerId | None = None
        self.thinker = random.Random(seed ^ 0xC0FFEE)
        self.pictures: list[Path] = []

    def _pick(self, chooser: random.Random, seats: list[Seat]) -> str:
        """A random one of the game's seat picks still free ("" when it asks for none)."""
        pick = self.game.seat_pick
        free = pick.free(s.pick for s in seats) if pick is not None else [""]
        return free[chooser.randrange(len(free))]

    def _seated(self, seat: Seat) -> str:
        """'Grukk (Iron Orcs, computer)': a seat's name, its pick and whether a computer plays it."""
        pick = self.game.seat_pick
        notes = ([pick.label(pick.of(seat))] if pick is not None else []) + (["computer"] if is_computer(seat.player)
                                                                               else [])
        return seat.name + (f" ({', '.join(notes)})" if notes else "")

    @property
    def humans(self) -> list[PlayerId]:
        return [s.player for s in self.seats if not is_computer(s.player)]

    def say(self, text: str = "") -> None:
        print(text, file=self._out or sys.stdout, flush=True)

    def ask(self, prompt: str) -> str:
        return (self._ask or input)(prompt)

    # -- the game -------------------------------------------------------------------------------------
    def play(self) -> Any:
        game = self.game
        step = game.start(self.seats, None, self.seed)
        state = step.state
        self.say(f"{game.title}: " + ", ".join(self._seated(s) for s in self.seats) + ".")
        self._tell(step.events)
        while game.outcome(state) is None:
            waiting = game.waiting_for(state)
            computer = next((p for p in waiting if is_computer(p)), None)
            if computer is not None:
                action = decide(game, game.seen_by(state, computer), computer, self.level,
                                self.thinker.getrandbits(62), Budget(iterations=self.iterations))
                state = self._apply(state, computer, action)
                continue
            self._picture(state)
            player = waiting[0]
            state = self._apply(state, player, self._human_move(state, player))
        self._picture(state)
        outcome = game.outcome(state)
        assert outcome is not None
        self.say(f"🏁 {game.title} is over. {outcome.summary}")
        heading, lines = outcome_lines(outcome, self.names)
        self.say(f"{heading}:")
        for line in lines:
            self.say(f"  {line}")
        return state

    def _apply(self, state: Any, player: PlayerId, action: BaseModel) -> Any:
        if is_computer(player):
            self.say(f"🤖 {self.names[player]}: {typed_form(action, self.names, self.game, self.game.view(state, None))}")
        step = self.game.apply(state, player, action)
        self._tell(step.events)
        return step.state

    def _tell(self, events: Sequence[Event]) -> None:
        """Public news now; each human's private news waits until that human is at the keyboard."""
        for event in events:
            if event.visible_to is None:
                self.say(event.text)
            else:
                for player in self.humans:
                    if event.visible_for(player):
                        self.private.setdefault(player, []).append(event.text)

    def _hand_over(self, player: PlayerId, secret: bool) -> None:
        """At a shared keyboard, the screen is cleared and the keyboard passed before a seat's
        private news or secret choice is shown (a secret choice always, even to the same seat,
        since the others were watching the screen)."""
        if len(self.humans) > 1 and (secret or (self.at_keyboard != player and self.private.get(player))):
            self.say(CLEAR)
            self.ask(f"Pass the keyboard to {self.names[player]} (everyone else, look away), then press Enter. ")
        self.at_keyboard = player
        news = self.private.pop(player, [])
        if news:
            self.say(f"For {self.names[player]}'s eyes only:")
            for line in news:
                self.say(f"  {line}")

    def _human_move(self, state: Any, player: PlayerId) -> BaseModel:
        game = self.game
        prompt = next((p for p in game.prompts(state) if p.player == player), None)
        self._hand_over(player, bool(prompt and prompt.secret))
        legal = game.legal_actions(state, player)
        view = game.view(state, player)
        self.say(f"▶ {prompt.text if prompt else self.names[player] + ', your move.'}")
        if prompt is not None and prompt.secret:
            self.say("(a secret choice: only you see it until the rules reveal it)")
        while True:
            try:
                typed = self.ask(f"{self.names[player]} > ")
            except EOFError:
                raise Quit() from None
            word = typed.strip().lower()
            if word in ("quit", "exit"):
                raise Quit()
            if word in ("?", "help", "list", "moves"):
                for n, action in enumerate(legal, start=1):
                    self.say(f"  {n}. {typed_form(action, self.names, game, view)}")
                continue
            if word == "rules":
                self.say(guide_for(game) or "There is no guide for this game yet.")
                continue
            try:
                action = parse_typed(typed, legal, self.names, game, view)
                game.apply(state, player, action)  # a dry run: a refused move is explained and changes nothing
            except RuleViolation as exc:
                self.say(f"✋ {exc}")
                continue
            if prompt is not None and prompt.secret and len(self.humans) > 1:
                self.say(CLEAR)  # what was typed leaves the screen before the others look again
                self.say(f"{self.names[player]} has chosen in secret.")
                self.at_keyboard = None
            return action

    def _picture(self, state: Any) -> None:
        """The board as a PNG after every turn; its path printed, and opened when asked."""
        try:
            from renderers import render
        except ModuleNotFoundError:
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"{self.game.slug}-{state.version:04d}.png"
        if path in self.pictures:
            return
        path.write_bytes(render(self.game.view(state, None)))
        self.pictures.append(path)
        self.say(f"🖼️  Board: {path}")
        if self.show:
            open_picture(path)


def _login_name() -> str:
    """The one human's seat is called by their login name (the rules' sentences read "Ana moves")."""
    try:
        name = getpass.getuser().strip()
    except Exception:
        name = ""
    return name[:32].capitalize() if name and not name.startswith("cpu-") else "Player 1"


def open_picture(path: Path) -> None:
    """Open a picture in the system's viewer (quietly nothing where there is none)."""
    if sys.platform.startswith("win"):
        os.startfile(path)  # type: ignore[attr-defined]
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    if shutil.which(opener):
        subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


__all__ = ["Quit", "TerminalGame", "open_picture", "parse_typed", "typed_form"]
