"""`zagjan play`: a game in the terminal, without Discord.

The human seats type their moves in the same words as the slash commands and buttons use: the
move's name, then its options as `name:value` (`move to:c4`, `smash target:Morgoth the Mild`); `?`
lists the legal moves in that form (a number picks one of the list; when they are too many, a few of
each kind), `? move` says how to type a move with any value the rules accept and which values it can
take now, `hand` shows what only you see (your hand, your face-down cards), `rules` prints the game's
guide, `quit` ends. Computer seats
play themselves (`rules.core.computer`). After every human turn and at the end the board is
written to a PNG, in a folder of its own per game (and opened with `--show`). The seed is printed
first, so the same command with `--seed` plays the same game again.

Secrets stay secret: a computer's secret choice is told as "has chosen in secret", never by
what it is, and the rules' own events reveal it later. At a shared keyboard a seat's private news
and its secret choices are shown only after the screen and its scrollback are cleared and the keyboard passed to that
seat's player; with one human there is nobody to hide from, so the screen is not cleared and
private news is shown at once (before the rules reveal anything).

Moves out of turn (`Move.any_time`: a shout in Chaos Marauders, Orcz's Scout) are raced for after
every move, whoever made it: each seat the game is not waiting for gets its chance once, in an order
drawn from the seed afresh for that moment (as if each had drawn a reaction time), humans and computers
alike; a human who may make one now is asked, with Enter to go on, and a computer makes the one its
tactics judge worth it (the same judgement as in Discord). The first shout wins; the rules tell a later
one it is too late. The offer comes whenever the rules open such a move, never because of what happened
(a shout is offered after every card, whatever was drawn), so it gives nothing away; and as it is an
ordinary line of input, piped play reads it like any other (an empty line goes on) and ends when the
input ends, never waiting on a clock.

The keyboard is the terminal's line editor (arrow keys and history through the standard
`readline` module, where Python has it); what was typed while the computers played is dropped
before the next question, so a line never answers a question it was not typed for.
"""

from __future__ import annotations

import getpass
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

from pydantic import BaseModel, ValidationError

from bot.ui.text import outcome_lines
from rules.core.computer import Level, decide, is_computer, new_computer
from rules.core.engine import Event, Game, PlayerId, Prompt, Seat
from rules.core.errors import RuleViolation
from rules.core.moves import Move, MoveBook, Param, Reading, parse_count
from rules.core.search import Budget, worth_out_of_turn
from rules.registry import guide_for

CLEAR = "\033[H\033[2J\033[3J"
"""Clears the screen at a shared keyboard: the cursor home, the screen wiped, and the scrollback too
(`3J`: xterm, VTE, Konsole, iTerm2, macOS Terminal, Windows Terminal), or the next player would scroll up
to the last one's face-down card and Scout. On a Windows console the system's `cls` runs first, which
empties the console's whole buffer (the old console knows no `3J`)."""


LONGEST_LIST = 40
"""`?` lists the legal moves one by one up to this many; beyond it, a few of each kind and how to type the rest."""
SAMPLE = 5


class Quit(Exception):
    """The player typed quit (or the input ended)."""


class Keyboard(Protocol):
    """Where the human seats' lines come from (a test types them)."""

    def ask(self, prompt: str) -> str:
        """One line typed after `prompt`; EOFError when the input has ended."""
        ...

    def drop_typed_ahead(self) -> None:
        """Forget what was typed before the question now asked (while the computers played)."""
        ...


class Terminal:
    """The real keyboard: `input()` with the standard line editor, so arrow keys move in the line
    and call back earlier lines; typing ahead is dropped only when a person types (a piped script's
    lines are all meant)."""

    def __init__(self, stdin: TextIO | None = None) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        try:
            import readline  # noqa: F401  (importing it is what gives input() its line editing and history)
        except ImportError:  # Windows' Python has none; its console edits lines by itself
            pass

    def ask(self, prompt: str) -> str:
        return input(prompt)

    def drop_typed_ahead(self) -> None:
        try:
            if not self.stdin.isatty():
                return
            fd = self.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            return
        try:
            import termios
        except ImportError:  # Windows: empty the console's own buffer
            import msvcrt

            while msvcrt.kbhit():  # type: ignore[attr-defined]
                msvcrt.getwch()  # type: ignore[attr-defined]
            return
        termios.tcflush(fd, termios.TCIFLUSH)


def typed_form(action: BaseModel, names: dict[str, str], game: Game[Any, Any] | None = None,
               view: Any = None) -> str:
    """An action as a player types it: the words its game declares (`rules.core.moves`), the same as
    the slash command's; for a game that declares none, its type and `option:value` for every option
    not left at its default (players by their names, spaces as `_`: such a game is read by words)."""
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
                view: Any = None, *, state: Any = None, player: PlayerId | None = None) -> BaseModel:
    """The move a typed line names: a number of the list, or the typed form (a leading slash-command
    group like `/mf` may stay, options in any order, letter case ignored). A declared game takes any
    value its rules accept, not only the listed ones (the rules then judge the move); options left
    out are filled in when that names one legal move. A command that is several moves in a row
    (`Move.plan`: roll, then walk) gives its first move now, read from `state` as in Discord."""
    line = text.strip()
    if line.isdigit():  # `²`, `٣` too: read (or refused) by the one reader of whole numbers
        index = parse_count(line, "the move's number (? lists them)") - 1
        if not 0 <= index < len(legal):
            raise RuleViolation(f"Pick a number from 1 to {len(legal)}; ? lists the moves.")
        return legal[index]
    words = line.split()
    if words and words[0].startswith("/") and (len(words) > 1 or game is None):
        words = words[1:]
    if not words:
        raise RuleViolation("Type a move, or ? for the list of legal moves.")
    if game is not None and game.moves is not None:
        return _parse_declared(words, legal, game, Reading(view, names), state, player)
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
                    reading: Reading, state: Any = None, player: PlayerId | None = None) -> BaseModel:
    book = game.moves
    assert book is not None
    open_moves = [m for m in book.moves if any(getattr(a, "type", None) == m.type for a in legal)]
    typed = move = book.named(words[0])
    if move is not None and move not in open_moves:  # its option makes a kind that is open (`move to:…`)
        move = next((m for m in open_moves if (made := book.maker(m.type)) is not None and made[0] is move), move)
    if move is None or move not in open_moves:
        listed = ", ".join(dict.fromkeys(_word_for(book, m) for m in open_moves))
        raise RuleViolation(f"'{words[0]}' is not a move you can make now; you can: {listed}.")
    if typed is not None and typed.plan is not None and state is not None and player is not None:
        return _planned(typed, words, legal, game, reading, state, player)
    if typed is not None and typed is not move:  # `move to:…`: read by the command typed, which makes it
        example = _example(book, typed, legal, reading)
        given = _options(words[1:], typed, example)
        try:
            action = game.parse_action(typed.build(given, reading))
        except ValidationError:
            raise RuleViolation(f"I could not read that: type it like `{example}` (`? {typed.name}` says more).") \
                from None
        return next((a for a in legal if a == action), action)
    example = _example(book, move, legal, reading)
    given = _options(words[1:], move, example)
    kind = [a for a in legal if getattr(a, "type", None) == move.type]
    agreeing = [a for a in kind if all(p.agrees(p.value_of(a), given[p.name], reading)
                                       for p in move.params if p.name in given)]
    missing = [p for p in move.params if p.name not in given and (p.required or _needed(p, kind))]
    if missing:
        if len(agreeing) == 1:
            return agreeing[0]
        if agreeing:
            raise RuleViolation(f"That could be {len(agreeing)} moves; add its options (? lists them).")
    try:
        action = game.parse_action(move.build(given, reading))
    except ValidationError:  # something left out that no legal move could fill in
        names = ", ".join(f"{p.name}:" for p in missing) or "its options"
        raise RuleViolation(f"I could not read that: {move.name} needs {names} too, like `{example}`.") from None
    return next((a for a in kind if a == action), action)


def _word_for(book: MoveBook, move: Move) -> str:
    """The word a player types for a move: its own, or the command's whose option makes it."""
    made = book.maker(move.type) if not move.typed else None
    return made[0].name if made is not None else move.name


def _planned(typed: Move, words: list[str], legal: Sequence[BaseModel], game: Game[Any, Any], reading: Reading,
             state: Any, player: PlayerId, done: int = 0) -> BaseModel:
    """The next move of a command that is several in a row (`Move.plan`), as the table service runs it:
    `done` of its moves made already."""
    assert typed.plan is not None
    given = _options(words[1:], typed, _example(game.moves, typed, legal, reading))  # type: ignore[arg-type]
    try:
        data = typed.plan(state, player, given, reading, done)
        if data is None:
            raise RuleViolation("That is done already; ? lists the moves you can make now.")
        action = game.parse_action(data)
    except (ValidationError, ValueError, TypeError) as exc:
        if isinstance(exc, RuleViolation):
            raise
        raise RuleViolation(f"I could not read that: `? {typed.name}` says how to type it.") from None
    return next((a for a in legal if a == action), action)


def _options(words: Sequence[str], move: Move, example: str) -> dict[str, str]:
    """A typed line's options by name: `name:value`, a value running on over the words up to the next
    `name:` (so names with spaces need no quotes), and a move with one option may leave out its name
    (`deploy c4`). A word that fits none of this is answered with the move's options and an example."""
    given: dict[str, str] = {}
    last: Param | None = None
    for word in words:
        name, colon, value = word.partition(":")
        param = next((p for p in move.params if p.name.lower() == name.lower()), None) if colon else None
        if param is None and not colon and last is None and len(move.params) == 1:
            param, value = move.params[0], word  # `deploy c4`: the one option needs no name
        if param is None and not colon and last is not None:
            given[last.name] += " " + word  # `target:Morgoth the Mild`
            continue
        if param is None or param.name in given:
            options = ", ".join(f"{p.name}:" for p in move.params) or "no options"
            twice = f" ({param.name}: is given twice)" if param is not None else ""
            raise RuleViolation(f"I could not read that{twice}: {move.name} takes {options}; "
                                f"type it like `{example}` (`? {move.name}` says more).")
        given[param.name], last = value, param
    return {name: value.replace("_", " ") if _by_name(move, name) else value for name, value in given.items()}


def _by_name(move: Move, name: str) -> bool:
    """Options naming a seat or something in words, where a typed `_` stands for a space."""
    return any(p.name == name and p.kind.value in ("player", "text") for p in move.params)


def _example(book: MoveBook, move: Move, legal: Sequence[BaseModel], reading: Reading) -> str:
    """How one legal move of this command is typed (the command's pattern when none is legal)."""
    kinds = {move.type} | {m.type for m in book.moves if (made := book.maker(m.type)) is not None and made[0] is move}
    action = next((a for a in legal if getattr(a, "type", None) in kinds), None)
    return book.typed_form(action, reading) if action is not None else move.usage()[0].split(" — ")[0]


def _needed(param: Any, actions: Sequence[BaseModel]) -> bool:
    """An option a player may leave out that the action cannot do without (which of your pieces, when
    only one could): filled in like a missing required one."""
    fields = type(actions[0]).model_fields if actions else {}
    return param.key in fields and fields[param.key].is_required()


class TerminalGame:
    """One game at one keyboard. The keyboard and `out` are injectable, so a test types the moves."""

    def __init__(self, game: Game[Any, Any], humans: int, computers: int, *, level: Level = Level.NORMAL,
                 seed: int = 1, out_dir: Path = Path("zagjan-play"), show: bool = False,
                 iterations: int = Budget.iterations, keyboard: Keyboard | None = None,
                 out: TextIO | None = None) -> None:
        self.game, self.level, self.seed = game, level, seed
        self.show, self.iterations = show, iterations
        self.folder = out_dir / f"{game.slug}-{seed}"
        """This game's boards: a folder per game and seed, so no game's pictures overwrite another's
        (the same seed is the same game played again)."""
        self.keyboard: Keyboard = keyboard if keyboard is not None else Terminal()
        self._out = out
        self.replay = (f"zagjan play {game.slug} --players {humans} --computers {computers} --seed {seed}"
                       + (f" --level {level.value}" if level is not Level.NORMAL else ""))
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
        self.alone: PlayerId | None = self.humans[0] if len(self.humans) == 1 else None
        """The human who has the screen to themselves (the one human, or whoever it was cleared and
        passed to): their private news is shown at once; anyone else's waits for their turn."""
        self.thinker = random.Random(seed ^ 0xC0FFEE)
        self.racer = random.Random(seed ^ 0x5B0A7)  # the order of the race for moves out of turn, each moment
        self._plan: tuple[Move, PlayerId, list[str], int] | None = None
        """A typed command that is several moves in a row, its words and how many of its moves are made."""
        self.pictures: list[Path] = []
        self.no_viewer_said = False

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
        return self.keyboard.ask(prompt)

    def _clear(self) -> None:
        """The screen and its scrollback cleared before the keyboard passes (`CLEAR`)."""
        out = self._out or sys.stdout
        if sys.platform.startswith("win") and _is_console(out):
            os.system("cls")  # noqa: S605, S607  (also turns on the console's escape sequences for what follows)
        self.say(CLEAR)

    # -- the game -------------------------------------------------------------------------------------
    def play(self) -> Any:
        game = self.game
        step = game.start(self.seats, None, self.seed)
        state = step.state
        self.say(f"{game.title}: " + ", ".join(self._seated(s) for s in self.seats) + ".")
        self.say(f"Seed {self.seed}: `{self.replay}` plays this game again.")
        self._tell(step.events)
        while game.outcome(state) is None:
            waiting = game.waiting_for(state)
            computer = next((p for p in waiting if is_computer(p)), None)
            if computer is not None:
                action = decide(game, game.seen_by(state, computer), computer, self.level,
                                self.thinker.getrandbits(62), Budget(iterations=self.iterations))
                state = self._apply(state, computer, action)
                state = self._offer_out_of_turn(state)
                continue
            self._picture(state)
            player = waiting[0]
            state = self._apply(state, player, self._human_move(state, player))
            state = self._offer_out_of_turn(state)
        self._picture(state)
        outcome = game.outcome(state)
        assert outcome is not None
        self.say(f"🏁 {game.title} is over. {outcome.summary}")
        heading, lines = outcome_lines(outcome, self.names)
        self.say(f"{heading}:")
        for line in lines:
            self.say(f"  {line}")
        return state

    def _prompt(self, state: Any, player: PlayerId) -> Prompt | None:
        return next((p for p in self.game.prompts(state) if p.player == player), None)

    def _apply(self, state: Any, player: PlayerId, action: BaseModel) -> Any:
        """Apply a move and tell it. A secret choice is told by who chose, never by what: the rules'
        own events reveal it when its time comes. Its chooser's private news ("you chose Kick") is
        shown first, while the screen is still theirs, then the screen is cleared at a shared keyboard."""
        prompt = self._prompt(state, player)
        secret = prompt is not None and prompt.secret
        name = self.names[player]
        if is_computer(player):
            self.say(f"🤖 {name} has chosen in secret." if secret else
                     f"🤖 {name}: {typed_form(action, self.names, self.game, self.game.view(state, None))}")
        step = self.game.apply(state, player, action)
        if secret and not is_computer(player):
            self._tell([e for e in step.events if e.visible_to is not None])
            if len(self.humans) > 1:
                self._clear()  # what was typed leaves the screen before the others look again
                self.alone = None
            self.say(f"{name} has chosen in secret.")
            self._tell([e for e in step.events if e.visible_to is None])
        else:
            self._tell(step.events)
        return step.state

    def _tell(self, events: Sequence[Event]) -> None:
        """Public news now; a human's private news now if the screen is theirs alone, else when it is
        next passed to them."""
        for event in events:
            if event.visible_to is None:
                self.say(event.text)
                continue
            for player in self.humans:
                if not event.visible_for(player):
                    continue
                if player == self.alone:
                    self.say(f"🔒 For {self.names[player]}'s eyes only: {event.text}")
                else:
                    self.private.setdefault(player, []).append(event.text)

    def _hand_over(self, player: PlayerId, secret: bool, own: bool = False) -> None:
        """At a shared keyboard, the screen is cleared and the keyboard passed before a seat's
        private news or secret choice is shown (a secret choice always, even to the same seat,
        since the others were watching the screen), and before a seat that holds something of its
        own (`own`: a hand, which the moves it may make would name) makes any move."""
        if len(self.humans) > 1:
            if secret or (self.alone != player and (own or self.private.get(player))):
                self._clear()
                self.ask(f"Pass the keyboard to {self.names[player]} (everyone else, look away), then press Enter. ")
                self.alone = player
            elif self.alone != player:
                self.alone = None
        news = self.private.pop(player, [])
        if news:
            self.say(f"For {self.names[player]}'s eyes only:")
            for line in news:
                self.say(f"  {line}")

    def _human_move(self, state: Any, player: PlayerId) -> BaseModel:
        game = self.game
        prompt = self._prompt(state, player)
        self.keyboard.drop_typed_ahead()  # typed while the computers played: not an answer to this
        legal = game.legal_actions(state, player)
        view = game.view(state, player)
        self._hand_over(player, bool(prompt and prompt.secret), bool(game.own_lines(view)))
        going_on = self._go_on(state, player, legal, view)
        if going_on is not None:
            return going_on
        self._own_picture(state, player)
        self.say()
        self.say(f"━━━━ {self.names[player]}, your move ━━━━")
        self.say(f"▶ {prompt.text if prompt else 'Choose your move.'}")
        if prompt is not None and prompt.secret:
            self.say("(a secret choice: only you see it until the rules reveal it)")
        action = self._read_move(state, player, legal, view, f"{self.names[player]} > ")
        assert action is not None
        return action

    def _go_on(self, state: Any, player: PlayerId, legal: Sequence[BaseModel], view: Any) -> BaseModel | None:
        """The next move of a command that is several in a row (`move toward:B1`: the roll, then the walk),
        when its player is asked again: made at once and told, as in Discord; None when there is none."""
        planned, self._plan = self._plan, None
        if planned is None or planned[1] != player:
            return None
        move, _, words, done = planned
        try:
            action = _planned(move, words, legal, self.game, Reading(view, self.names), state, player, done)
            self.game.apply(state, player, action)
        except RuleViolation as exc:
            if "done already" not in str(exc):
                self.say(f"✋ {exc}")
            return None
        self._plan = (move, player, words, done + 1)
        self.say(f"▶ {self.names[player]}: {typed_form(action, self.names, self.game, view)} "
                 f"(the rest of `{' '.join(words)}`)")
        return action

    def _remember_plan(self, typed: str, player: PlayerId) -> None:
        """A typed command that is several moves in a row is kept, to make its next move when its
        player is asked again."""
        book = self.game.moves
        words = typed.split()
        if words and words[0].startswith("/") and len(words) > 1:
            words = words[1:]
        move = book.named(words[0]) if book is not None and words else None
        self._plan = (move, player, words, 1) if move is not None and move.plan is not None else None

    def _read_move(self, state: Any, player: PlayerId, legal: Sequence[BaseModel], view: Any, prompt: str, *,
                   may_pass: bool = False) -> BaseModel | None:
        """Lines typed after `prompt` until one names a move of `legal` the rules take (a dry run: a
        refused move is explained and changes nothing); `?`, `rules` and `quit` answered on the way.
        With `may_pass`, an empty line is None: the player lets the moment go."""
        while True:
            try:
                typed = self.ask(prompt)
            except EOFError:
                raise Quit() from None
            word, _, rest = typed.strip().lower().partition(" ")
            if not word and may_pass:
                return None
            if word in ("quit", "exit"):
                raise Quit()
            if word in ("?", "help", "list", "moves"):
                self._list(legal, view, rest.strip())
                continue
            if word == "rules":
                self.say(guide_for(self.game) or "There is no guide for this game yet.")
                continue
            if word == "hand":
                self._show_own(state, player)
                continue
            try:
                action = parse_typed(typed, legal, self.names, self.game, view, state=state, player=player)
                self.game.apply(state, player, action)
            except RuleViolation as exc:
                self.say(f"✋ {exc}")
                continue
            self._remember_plan(typed, player)
            return action

    def _show_own(self, state: Any, player: PlayerId) -> None:
        """`hand`: what only this seat sees (its hand, its face-down cards, its total behind the screen), in
        words and on its own picture; at a shared keyboard only once the keyboard is passed to it."""
        lines = self.game.own_lines(self.game.view(state, player))
        if not lines:
            self.say("Nothing of yours is hidden from the others: the board shows everything you may see.")
            return
        if len(self.humans) > 1 and self.alone != player:
            self._hand_over(player, True)
        self.say(f"For {self.names[player]}'s eyes only:")
        for line in lines:
            self.say(f"  {line}")
        self._own_picture(state, player, again=True)
        if len(self.humans) > 1:  # gone again before anyone else looks
            self.ask("Press Enter to hide it. ")
            self._clear()
            self.alone = None

    def _own_picture(self, state: Any, player: PlayerId, *, again: bool = False) -> None:
        """The board as this seat sees it (its hand, its face-down cards), when that differs from the
        table's and the screen is theirs alone: a picture of its own, named for them."""
        if self.alone != player or not self.game.own_lines(view := self.game.view(state, player)):
            return
        try:
            from renderers import render
        except ModuleNotFoundError:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"board-{state.version:04d}-{self.names[player].replace(' ', '-').lower()}.png"
        if path in self.pictures and not again:
            return
        if path not in self.pictures:
            path.write_bytes(render(view))
            self.pictures.append(path)
        self.say(f"🔒 {self.names[player]}'s own board (your hand; only for you): {path}")
        if self.show:
            open_picture(path)

    def _offer_out_of_turn(self, state: Any) -> Any:
        """After every move, the race for moves out of turn (a shout in Chaos Marauders, Orcz's Scout):
        every seat the game is not waiting for gets its chance once, humans and computers alike, in an
        order drawn afresh from the seed for this moment, as if each had drawn a reaction time (so no
        seat is always first, and a computer is never faster than a person by the order of the code). A
        human is asked in their place (Enter lets the moment go); a computer in its place makes the move
        its tactics find worth making, the same judgement as in Discord (where it comes after 3-7 s).
        Whoever shouts first wins; a later shout is told too late by the rules. Games without such moves
        ask nothing. Returns the state after whatever was made."""
        game = self.game
        if game.moves is None or not game.moves.any_time:
            return state
        racers = [s.player for s in self.seats]
        self.racer.shuffle(racers)
        for player in racers:
            if game.outcome(state) is not None or player in game.waiting_for(state):
                continue
            if is_computer(player):
                found = worth_out_of_turn(game, game.seen_by(state, player), player)
                if found:
                    state = self._apply(state, player, found[0])
                continue
            offered = game.out_of_turn(state, player)
            if offered:
                state = self._out_of_turn_move(state, player, offered)
        return state

    def _out_of_turn_move(self, state: Any, player: PlayerId, offered: Sequence[BaseModel]) -> Any:
        """One human's chance at a move out of turn: an empty line goes on; otherwise a move typed (or
        numbered) as at any question, from `offered` only; `?`, `rules` and `quit` work as ever."""
        game, name = self.game, self.names[player]
        book = game.moves
        assert book is not None
        view = game.view(state, player)
        words = sorted({m.name for a in offered if (m := book.of(a)) is not None})
        self.keyboard.drop_typed_ahead()  # typed while the computers played: not an answer to this
        action = self._read_move(state, player, offered, view,
                                 f"⏳ {name}: Enter to go on, or {' / '.join(words)} now (? lists) > ", may_pass=True)
        return state if action is None else self._apply(state, player, action)

    def _list(self, legal: Sequence[BaseModel], view: Any, word: str) -> None:
        """`?`: the legal moves as they are typed (numbered, so a number picks one), and for a move
        whose list is only a sample of what the rules take, how to type any other; `? move`: how to
        type that move."""
        book = self.game.moves
        if word and book is not None:
            move = book.named(word)
            made = book.maker(move.type) if move is not None and not move.typed else None
            if made is not None:  # `? move-to`: typed as `move to:…`, so that command's help
                self.say(f"{word} is typed with {made[0].name} {made[1].name}:…")
                move = made[0]
            if move is None:
                self.say(f"There is no move called '{word}'; ? lists the moves you can make now.")
                return
            for line in move.usage():
                self.say(line)
            self._values_now(move, legal, view, book)
            return
        if len(legal) > LONGEST_LIST and book is not None:
            self._list_long(legal, view, book)
            return
        for n, action in enumerate(legal, start=1):
            self.say(f"  {n}. {typed_form(action, self.names, self.game, view)}")
        sampled = [] if book is None else [m for m in book.moves if m.samples and m.typed and m.params
                                           and any(getattr(a, "type", None) == m.type for a in legal)]
        for move in sampled:
            self.say(f"  (only some {move.name} moves are listed: any the rules accept can be typed; "
                     f"`? {move.name}` says how)")

    def _list_long(self, legal: Sequence[BaseModel], view: Any, book: MoveBook) -> None:
        """`?` when the legal moves are too many to read (776 ways to place a rank in Orcz): per move, a
        few of them (numbered as ever) and how to type any other."""
        reading = Reading(view, self.names)
        by_word: dict[str, list[int]] = {}
        for n, action in enumerate(legal):
            move = book.of(action)
            by_word.setdefault(_word_for(book, move) if move is not None else "", []).append(n)
        for word, numbers in by_word.items():
            shown = numbers if len(numbers) <= SAMPLE else [numbers[i * (len(numbers) - 1) // (SAMPLE - 1)]
                                                             for i in range(SAMPLE)]
            for n in shown:
                self.say(f"  {n + 1}. {book.typed_form(legal[n], reading)}")
            if len(shown) < len(numbers):
                self.say(f"  (and {len(numbers) - len(shown)} more {word} moves: type one like those; "
                         f"`? {word}` says how, and which values you can use now)")

    def _values_now(self, move: Move, legal: Sequence[BaseModel], view: Any, book: MoveBook) -> None:
        """Under `? move`: the values its options can take now, from the legal moves (the cards still in
        your hand, the Battlefields open), when they are few enough to read."""
        kinds = {move.type} | {m.type for m in book.moves if (made := book.maker(m.type)) is not None
                               and made[0] is move}
        actions = [a for a in legal if getattr(a, "type", None) in kinds]
        if not actions:
            return
        reading = Reading(view, self.names)
        self.say("Now you can use:")
        for param in move.params:
            values = list(dict.fromkeys(param.token(v, reading) for a in actions
                                        if (v := param.value_of(a)) is not None and v != []))
            if values and len(values) <= LONGEST_LIST:
                self.say(f"  {param.name}: {', '.join(values)}")

    def _picture(self, state: Any) -> None:
        """The board as a PNG after every turn; its path printed, and opened when asked."""
        try:
            from renderers import render
        except ModuleNotFoundError:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"board-{state.version:04d}.png"
        if path in self.pictures:
            return
        path.write_bytes(render(self.game.view(state, None)))
        self.pictures.append(path)
        self.say(f"🖼️  Board: {path}")
        if self.show and not open_picture(path) and not self.no_viewer_said:
            self.no_viewer_said = True
            self.say(f"(--show: no picture viewer was found here, so open the boards in {self.folder} yourself.)")


def _is_console(out: TextIO) -> bool:
    try:
        return out.isatty()
    except (AttributeError, OSError, ValueError):
        return False


def _login_name() -> str:
    """The one human's seat is called by their login name (the rules' sentences read "Ana moves")."""
    try:
        name = getpass.getuser().strip()
    except Exception:
        name = ""
    return name[:32].capitalize() if name and not name.startswith("cpu-") else "Player 1"


def open_picture(path: Path) -> bool:
    """Open a picture in the system's viewer; False where there is none (no opener program, or on
    Linux no display for it to show on), so the player can be told."""
    if sys.platform.startswith("win"):
        os.startfile(path)  # type: ignore[attr-defined]
        return True
    if sys.platform == "darwin":
        opener = "open"
    elif os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        opener = "xdg-open"
    else:
        return False
    if shutil.which(opener) is None:
        return False
    subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return True


__all__ = ["Keyboard", "Quit", "Terminal", "TerminalGame", "open_picture", "parse_typed", "typed_form"]
