"""`zagjan play`: a whole game in the terminal from typed moves, computers in the other seats,
a PNG after every turn; and the typed form of a move, which is the slash command's."""

from __future__ import annotations

import builtins
import io
import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from bot.cli import arena
from bot.cli import main as cli
from bot.cli.terminal import CLEAR, Quit, TerminalGame, parse_typed, typed_form
from rules.core.computer import Level
from rules.core.errors import RuleViolation
from rules.core.search import Tactics
from rules.core.selfplay import play_random
from rules.orclympics.masters_fight.models import EndActivation, Move, Smash
from rules.registry import GAMES

LISTED = re.compile(r"^\s+\d+\. (.+)$", re.MULTILINE)
ROOT = Path(__file__).resolve().parent.parent


class Lines:
    """A keyboard for tests: each line from `answer(prompt)`; `dropped` counts the questions before
    which typing ahead was dropped."""

    def __init__(self, answer: Callable[[str], str]) -> None:
        self.answer = answer
        self.dropped = 0

    def ask(self, prompt: str) -> str:
        return self.answer(prompt)

    def drop_typed_ahead(self) -> None:
        self.dropped += 1


class Picker:
    """Answers a question as a player would: `?` first, then one of the moves listed, typed out (the
    first kind named in `prefer` that is listed, else any); quits once `stop` holds for the screen."""

    def __init__(self, out: io.StringIO, seed: int, prefer: tuple[str, ...] = (),
                 stop: Callable[[str], bool] = lambda text: False) -> None:
        self.out, self.chooser, self.prefer, self.stop = out, random.Random(seed), prefer, stop
        self.mark: int | None = None
        self.moves = 0

    def __call__(self, prompt: str) -> str:
        text = self.out.getvalue()
        if self.stop(text):
            raise Quit()
        if self.mark is None:
            self.mark = len(text)
            return "?"
        listed, self.mark = LISTED.findall(text[self.mark:]), None
        assert listed, "the list of legal moves was not shown"
        self.moves += 1
        for wanted in self.prefer:
            if hits := [line for line in listed if line.split()[0] == wanted]:
                return self.chooser.choice(hits)
        return self.chooser.choice(listed)


class Typist:
    """Answers every prompt as a player would: asks for the list with `?`, then types one of the
    listed moves in full (never its number), now and then a wrong one first."""

    def __init__(self, capsys: pytest.CaptureFixture[str], seed: int) -> None:
        self.capsys, self.chooser = capsys, random.Random(seed)
        self.shown: list[str] = []
        self.listed: list[str] | None = None
        self.typed = 0

    def __call__(self, prompt: str) -> str:
        self.shown.append(self.capsys.readouterr().out)
        if self.listed is None:
            self.listed = []
            return "?"
        listed = LISTED.findall(self.shown[-1])
        self.listed = None
        assert listed, "the list of legal moves was not shown"
        if self.chooser.random() < 0.05:
            return "fly to:the_moon"
        self.typed += 1
        return self.chooser.choice(listed)


def test_play_masters_fight_one_human_three_computers_from_typed_moves(capsys, monkeypatch, tmp_path):
    typist = Typist(capsys, seed=5)
    monkeypatch.setattr(builtins, "input", typist)
    code = cli.main(["play", "masters-fight", "--players", "1", "--computers", "3", "--seed", "9",
                     "--out", str(tmp_path), "--iterations", "4"])
    text = "".join(typist.shown) + capsys.readouterr().out
    assert code == 0
    assert "Masters' Fight is over" in text and re.search(r"^\s+4\. ", text, re.MULTILINE)
    assert typist.typed > 5  # the human made real moves, typed out
    assert "is not a move you can make now" in text  # a wrong line is refused with a sentence
    assert "🤖" in text  # the computers played their seats
    # the terminal shows the log's own roll lines: whose die, what for, the faces in words (issue 40)
    assert re.search(r"^🎲 \S.* — Initiative for deployment: D6 rolled [1-6]$", text, re.MULTILINE)
    assert re.search(r"^🎲 \S.*'s Smash Roll against .+ \(needs \d\+.*\): D6 rolled [1-6]$", text, re.MULTILINE)
    assert "D6 [" not in text and "(tie-break) (tie-break)" not in text
    pictures = sorted((tmp_path / "masters-fight-9").glob("board-*.png"))  # a folder per game and seed
    assert len(pictures) > typist.typed // 2 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pictures)
    assert str(pictures[-1]) in text
    assert CLEAR not in text  # one human: nothing to hide from anyone
    assert text.splitlines()[1] == ("Seed 9: `zagjan play masters-fight --players 1 --computers 3 --seed 9` "
                                    "plays this game again.")


def test_a_typed_move_is_the_slash_command_form():
    names = {"p1": "Grukk", "p2": "Morgoth the Mild"}
    game = GAMES["masters-fight"]
    legal = [Move(to="c4"), Move(to="c4", via=["b3"]), Smash(target="p2"), EndActivation()]
    assert typed_form(legal[1], names, game) == "move to:c4 via:b3"
    assert typed_form(legal[2], names, game) == "smash target:Morgoth the Mild"
    assert parse_typed("/mf move to:C4", legal, names, game) == legal[0]  # the exact form wins
    assert parse_typed("smash target:Morgoth the Mild", legal, names, game) == legal[2]  # a name runs on
    assert parse_typed("smash target:morgoth_the_mild", legal, names, game) == legal[2]
    assert parse_typed("smash target:Morgoth", legal, names, game) == legal[2]  # a name's start is enough
    assert parse_typed("smash", legal, names, game) == legal[2]  # one legal target: no need to name it
    assert parse_typed("4", legal, names, game) == legal[3]
    assert parse_typed("move to:h8", legal, names, game) == Move(to="h8")  # any square: the rules judge it
    for wrong, why in (("jump to:c4", "not a move you can make now"), ("move to:z9", "not a square"),
                       ("move c4 d4", "could not read"), ("9", "from 1 to 4"), ("", "Type a move")):
        with pytest.raises(RuleViolation, match=why):
            parse_typed(wrong, legal, names, game)


def test_typed_bearings_take_any_angle_the_rules_accept():
    """Flying Pigs offers every 10° of the Pigsty's edge, but any bearing may be typed (000 I.3,
    reading deploy-bearing); one past a full turn, or below zero, goes round."""
    from rules.core.selfplay import play_random
    from rules.orclympics.flying_pigs.models import Deploy

    game = GAMES["flying-pigs"]
    state = play_random(game, 3, 2, stop_after=0).state
    player = game.waiting_for(state)[0]
    legal, view = game.legal_actions(state, player), game.view(state, None)
    names = {s.player: s.name for s in state.seats}
    assert Deploy(angle=275) not in legal
    assert parse_typed("deploy angle:275", legal, names, game, view) == Deploy(angle=275)
    assert parse_typed("/fp deploy -90", legal, names, game, view) == Deploy(angle=270)
    assert typed_form(legal[3], names, game, view) == f"deploy angle:{legal[3].angle:g}"


def test_a_ride_takes_any_heading_and_distance_and_cells_count_from_one():
    """That'll do Pigs offers sixteen headings, but a Move turns to any (000 V.4.2, reading 'ride'); the
    grid's cells are typed as the board numbers them, from 1."""
    from rules.core.selfplay import play_random
    from rules.orclympics.thatll_do_pigs.models import Ride, TakeCell

    game = GAMES["thatll-do-pigs"]
    state = play_random(game, 4, 11, stop_after=0).state
    player = game.waiting_for(state)[0]
    legal, view = game.legal_actions(state, player), game.view(state, None)
    names = {s.player: s.name for s in state.seats}
    assert parse_typed("cell 1", legal, names, game, view) == TakeCell(column=0)
    assert typed_form(TakeCell(column=0), names, game, view) == "cell cell:1"
    with pytest.raises(RuleViolation, match="from 1 to 6"):
        parse_typed("cell cell:7", legal, names, game, view)
    for steps in range(1, 60):
        state = play_random(game, 4, 11, stop_after=steps).state
        player = game.waiting_for(state)[0]
        legal = game.legal_actions(state, player)
        if any(isinstance(a, Ride) for a in legal):
            break
    else:
        pytest.fail("nobody came to ride")
    view = game.view(state, None)
    assert Ride(heading=180, distance=4) not in legal
    assert parse_typed("ride heading:180 distance:4", legal, names, game, view) == Ride(heading=180, distance=4)
    assert parse_typed("/pigs ride heading:-45 distance:2.5", legal, names, game, view) == \
        Ride(heading=315, distance=2.5)


def test_secret_choices_at_a_shared_keyboard_are_asked_after_the_screen_is_cleared(capsys, tmp_path):
    # Brood Rumble (seed 000, II.4.3): the attack is chosen in secret; two humans share the keyboard
    transcript: list[str] = []
    chooser = random.Random(2)

    def ask(prompt: str) -> str:
        transcript.append(capsys.readouterr().out + prompt)
        if sum("(a secret choice" in t for t in transcript) >= 4:
            raise Quit()  # enough secret questions seen
        if prompt.startswith("Pass the keyboard"):
            return ""
        listed = LISTED.findall(transcript[-1])
        charges = [line for line in listed if line.startswith("charge ")]  # on to the secret attacks
        return chooser.choice(charges or listed) if listed else "?"

    with pytest.raises(Quit):
        TerminalGame(GAMES["brood-rumble"], 2, 0, seed=3, out_dir=tmp_path, keyboard=Lines(ask)).play()
    screens = "\n".join(transcript).split(CLEAR)
    secret = [screen for screen in screens if "(a secret choice" in screen]
    assert len(secret) > 1
    for screen in secret:
        # the keyboard was passed to the chooser after the screen was cleared, and until it is cleared
        # again only the chooser typed (what they typed left the screen with the next clear)
        chooser = re.search(r"(Player \d) > ", screen[screen.index("(a secret choice"):])
        assert chooser is not None
        assert screen.lstrip("\n").startswith("Pass the keyboard to " + chooser.group(1))
        assert set(re.findall(r"(Player \d) > ", screen)) == {chooser.group(1)}


def test_play_refuses_a_table_the_game_cannot_seat(capsys):
    assert cli.main(["play", "masters-fight", "--players", "1", "--computers", "9"]) == 2
    assert "not 10" in capsys.readouterr().err


def test_play_needs_somebody(capsys):
    assert cli.main(["play", "masters-fight", "--players", "0", "--computers", "0"]) == 2
    assert "Nobody would play" in capsys.readouterr().err


def test_arena_prints_one_json_line_with_its_keys(capsys):
    code = cli.main(["arena", "road-rage", "--games", "2", "--seed", "3", "--iterations", "3"])
    printed = capsys.readouterr()
    report = json.loads(printed.out.strip().splitlines()[-1])
    assert [line.split(" (")[0] for line in printed.err.splitlines() if line.startswith("arena ")] == [
        "arena road-rage: game 1/2", "arena road-rage: game 2/2"]  # a progress line per game, on stderr
    assert code == 0 and report["errors"] == 0
    assert list(report) == ["game", "games", "seed", "players", "wins", "win_rate", "win_rate_se", "baseline", "ratio",
                            "errors", "think_ms_p50", "choices", "idle_moves", "idle_rate", "idle_by_kind", "turns",
                            "idle_turns", "idle_turn_rate", "declined_risks", "declined_risk_rate",
                            "declined_risk_by_kind", "declined_risk_alternatives", "idle_alternatives"]
    assert report["game"] == "road-rage" and report["games"] == 2 and report["players"] == 2
    assert report["idle_moves"] + report["declined_risks"] <= report["choices"]
    assert sum(report["declined_risk_by_kind"].values()) == report["declined_risks"]
    assert report["baseline"] == 0.5 and 0 <= report["wins"] <= 2 and report["think_ms_p50"] > 0


class Stay(BaseModel):
    type: str = "stay"


class Gamble(BaseModel):
    type: str = "gamble"


class Walk(BaseModel):
    type: str = "walk"


class Ledge:
    """A game of one rule for the arena's idle count, duck-typed to what the count asks of a game:
    the mover may stay, walk a step (ground, never a loss), or gamble for two steps, which in one
    dice world in three (`luck` 0) costs a health point instead. Its standing is ground plus health."""

    def __init__(self, moves: list[BaseModel]) -> None:
        self.moves = moves

    def seen_by(self, state: dict[str, int], player: str) -> dict[str, int]:
        return dict(state)

    def determinize(self, seen: dict[str, int], player: str, chooser: Any) -> dict[str, int]:
        seen["worlds"] = seen.get("worlds", 0) + 1  # each world another face: 1, 2, 0
        return {**seen, "luck": seen["worlds"] % 3}

    def legal_actions(self, state: dict[str, int], player: str) -> list[BaseModel]:
        return self.moves

    def dump_action(self, action: BaseModel) -> str:
        return action.model_dump_json()

    def apply(self, state: dict[str, int], player: str, action: BaseModel) -> Any:
        after = dict(state)
        if isinstance(action, Walk):
            after["ground"] += 1
        elif isinstance(action, Gamble) and state.get("luck") == 0:
            after["health"] -= 1
        elif isinstance(action, Gamble):
            after["ground"] += 2
        return type("Step", (), {"state": after})()

    def outcome(self, state: dict[str, int]) -> None:
        return None

    def standing(self, state: dict[str, int]) -> dict[str, float]:
        return {"me": (state["ground"] + state["health"]) / 100}


class LedgeTactics(Tactics):
    def substance(self, state: dict[str, int]) -> Any:
        return state["ground"], state["health"]


def test_arena_reports_a_declined_risk_apart_not_as_an_idle_move(monkeypatch):
    """Staying put while the only move that would change anything may cost health is prudence."""
    monkeypatch.setattr(arena, "tactics_of", lambda game: LedgeTactics())
    game, state = Ledge([Stay(), Gamble()]), {"ground": 0, "health": 3}
    assert arena.idle_move(game, state, "me", Stay(), seed=1) is False
    assert arena.verdict(game, state, "me", Stay(), seed=1) == (arena.Verdict.DECLINED_RISK, ["gamble"])


def test_arena_counts_staying_idle_while_a_harmless_useful_move_exists(monkeypatch):
    """A risky move beside it does not excuse staying put when a step forward could not hurt."""
    monkeypatch.setattr(arena, "tactics_of", lambda game: LedgeTactics())
    game, state = Ledge([Stay(), Gamble(), Walk()]), {"ground": 0, "health": 3}
    assert arena.idle_move(game, state, "me", Stay(), seed=1) is True
    assert arena.verdict(game, state, "me", Stay(), seed=1) == (arena.Verdict.IDLE, ["walk"])
    assert arena.verdict(game, state, "me", Walk(), seed=1) == (arena.Verdict.BUSY, [])


def test_timber_moves_are_typed_as_the_slash_commands_with_orcs_by_name():
    game = GAMES["timber"]
    forms: set[str] = set()
    for seed in (1, 2):
        result = play_random(game, 3, seed)
        state = play_random(game, 3, seed, stop_after=0).state
        names = {s.player: s.name for s in state.seats}
        for player, action in result.log:
            legal = game.legal_actions(state, player)
            view = game.view(state, player)
            for each in legal:
                typed = typed_form(each, names, game, view)
                assert parse_typed(typed, legal, names, game, view) == each, typed
                forms.add(typed.split()[0])
            if getattr(action, "orc", None) is not None:
                orc = state.orcs[action.orc]
                typed = typed_form(action, names, game, view)
                assert f"orc:{orc.name}" in typed and action.orc not in typed
                bare = typed.replace(f" orc:{orc.name}", "")
                able = [a for a in legal if type(a) is type(action) and a.model_copy(update={"orc": action.orc}) == action]
                if len(able) == 1:  # only one Orc could: it need not be named
                    assert parse_typed(bare, legal, names, game, view) == action
            state = game.apply(state, player, action).state
    assert {"deploy", "tokens", "boar", "move", "end"} <= forms
    assert not forms & {"distribute", "end-turn", "boar-random", "boar-run", "pick-wood"}


def test_one_timber_command_makes_two_kinds_of_move():
    # `/timber fell` aims by a direction or toward a square, `/timber boar` runs a path or lets it run wild
    from rules.orclympics.timber.models import BoarPath, BoarRandom, Compass, FellCompass, FellToward

    game, names = GAMES["timber"], {"p1": "Ugg"}
    aim = [FellCompass(direction=Compass.N), FellToward(square="a1")]
    assert [typed_form(a, names, game) for a in aim] == ["fell direction:N", "fell toward:a1"]
    assert parse_typed("fell toward:A1", aim, names, game) == aim[1]
    assert parse_typed("/timber fell direction:n", aim, names, game) == aim[0]
    with pytest.raises(RuleViolation, match="not both"):
        parse_typed("fell direction:N toward:a1", aim, names, game)
    runs = [BoarPath(path=["d4", "e5"]), BoarRandom()]
    assert [typed_form(a, names, game) for a in runs] == ["boar path:d4 e5", "boar"]
    assert parse_typed("boar path:d4 e5", runs, names, game) == runs[0]
    assert parse_typed("boar path:d4_e5", runs, names, game) == runs[0]
    assert parse_typed("boar", runs, names, game) == runs[1]


# -- secrets (issue 25: a computer's secret attack was printed before the human blocked it) ---------------


def _has_secret(slug: str) -> bool:
    """Whether a random game of it asks anyone a secret question (Brood Rumble's attack, 000 II.4.3)."""
    game = GAMES[slug]
    result = play_random(game, game.usual_table(), 1)
    state = play_random(game, game.usual_table(), 1, stop_after=0).state
    for player, action in result.log:
        if any(p.secret for p in game.prompts(state)):
            return True
        state = game.apply(state, player, action).state
    return False


SECRET_GAMES = [slug for slug in sorted(GAMES) if _has_secret(slug)]


def test_the_games_with_secrets_are_found():
    assert "brood-rumble" in SECRET_GAMES


@pytest.mark.parametrize("slug", SECRET_GAMES)
def test_a_computers_secret_choice_is_told_only_as_chosen_in_secret(slug, monkeypatch, tmp_path):
    """Every computer seat's secret choice is narrated as "has chosen in secret", never by what it is;
    its other moves are narrated as typed."""
    from bot.cli import terminal

    game = GAMES[slug]
    decided: list[tuple[str, BaseModel, bool]] = []
    think = terminal.decide

    def deciding(game_, state, player, *rest):
        if sum(s for _, _, s in decided) >= 6:
            raise Quit()
        action = think(game_, state, player, *rest)
        decided.append((player, action, any(p.secret for p in game_.prompts(state) if p.player == player)))
        return action

    monkeypatch.setattr(terminal, "decide", deciding)
    out = io.StringIO()
    table = TerminalGame(game, 0, game.usual_table(), level=Level.EASY, seed=2, out_dir=tmp_path, out=out)
    with pytest.raises(Quit):
        table.play()
    lines = out.getvalue().splitlines()
    secret = [(p, a) for p, a, s in decided if s]
    assert len(secret) == 6
    told = [line for line in lines if line.startswith("🤖")]
    assert sum(line.endswith("has chosen in secret.") for line in told) == len(secret)
    for player, action in secret:
        said = f"🤖 {table.names[player]}: {typed_form(action, table.names, game)}"
        assert said not in lines
    assert len(told) == len(decided)


def test_one_human_reads_their_own_secret_at_once_and_the_computers_never(monkeypatch, tmp_path):
    """Brood Rumble, one human against a computer (000 II.4.3): the human's "you chose …" comes before
    the block reveals it; the computer's attack is only said to be chosen until its reveal."""
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)  # no pictures: quicker
    out = io.StringIO()

    def fought(text: str) -> bool:
        mine = text.find("You chose")
        return mine >= 0 and "Revealed" in text[mine:] and re.search(r"🤖 .+ has chosen in secret", text) is not None

    answer = Picker(out, seed=1, prefer=("attack", "charge", "combat", "fight"), stop=fought)
    table = TerminalGame(GAMES["brood-rumble"], 1, 1, level=Level.EASY, seed=5, out_dir=tmp_path,
                         keyboard=Lines(answer), out=out)
    with pytest.raises(Quit):
        table.play()
    text = out.getvalue()
    human, computer = table.humans[0], next(p for p in table.names if p not in table.humans)
    mine = re.search(rf"🔒 For {table.names[human]}'s eyes only: 🤫 You chose (.+?) for (A\d)", text)
    assert mine is not None
    reveal = text.index(f"👊 Revealed: {mine.group(2)} goes for a {mine.group(1)}!")
    assert mine.start() < reveal
    assert f"{table.names[human]} has chosen in secret." in text[mine.end():reveal]
    assert f"🤖 {table.names[computer]} has chosen in secret." in text
    assert not re.search(rf"🤖 {table.names[computer]}: attack", text)


# -- the keyboard -----------------------------------------------------------------------------------------


class TypingAhead(Lines):
    """A keyboard where lines typed while the computers play wait in `ahead`, as in a terminal."""

    def __init__(self, answer: Callable[[str], str]) -> None:
        super().__init__(answer)
        self.ahead: list[str] = []

    def ask(self, prompt: str) -> str:
        return self.ahead.pop(0) if self.ahead else self.answer(prompt)

    def drop_typed_ahead(self) -> None:
        super().drop_typed_ahead()
        self.ahead.clear()


def test_lines_typed_while_the_computers_play_are_dropped_and_the_turn_is_marked(monkeypatch, tmp_path):
    from bot.cli import terminal

    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)
    out = io.StringIO()
    answer = Picker(out, seed=3, stop=lambda text: answer.moves == 6)
    keyboard = TypingAhead(answer)
    think = terminal.decide

    def impatient(*args):  # the human types `quit` while each computer thinks
        keyboard.ahead.append("quit")
        return think(*args)

    monkeypatch.setattr(terminal, "decide", impatient)
    table = TerminalGame(GAMES["masters-fight"], 1, 2, level=Level.EASY, seed=3, out_dir=tmp_path,
                         keyboard=keyboard, out=out)
    with pytest.raises(Quit):
        table.play()
    assert answer.moves == 6  # no `quit` typed ahead ended the game
    text = out.getvalue()
    name = table.names[table.humans[0]]
    turns = text.split(f"━━━━ {name}, your move ━━━━")
    assert len(turns) - 1 == keyboard.dropped > 3  # every question marked, and typing ahead dropped before it
    assert all(turn.startswith("\n▶ ") for turn in turns[1:])  # the question follows the mark at once


def test_the_terminal_drops_what_was_typed_before_the_question():
    pty = pytest.importorskip("pty")
    import select

    from bot.cli.terminal import Terminal

    master, slave = pty.openpty()
    try:
        with open(slave, closefd=False) as stdin:
            os.write(master, b"end\n")
            assert select.select([slave], [], [], 1)[0]  # the line waits to be read
            Terminal(stdin).drop_typed_ahead()
            assert not select.select([slave], [], [], 0.2)[0]
    finally:
        os.close(master)
        os.close(slave)


def test_arrow_keys_call_back_the_last_line(tmp_path):
    """The standard line editor: ↑ then Enter types `?` again (without it, the arrow's escape codes
    would be read as a move)."""
    pty = pytest.importorskip("pty")
    pytest.importorskip("readline")
    import select
    import subprocess
    import sys
    import time

    master, slave = pty.openpty()
    played = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "play", "masters-fight", "--players", "1",
                               "--computers", "1", "--seed", "3", "--iterations", "2", "--out", str(tmp_path)],
                              stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
                              env={**os.environ, "TERM": "xterm"}, start_new_session=True)
    os.close(slave)
    seen = b""

    def until(wanted: bytes, count: int = 1) -> None:
        nonlocal seen
        deadline = time.monotonic() + 60
        while seen.count(wanted) < count and time.monotonic() < deadline:
            if select.select([master], [], [], 0.5)[0]:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
        assert seen.count(wanted) >= count, seen.decode(errors="replace")[-2000:]

    try:
        until(b" > ")
        os.write(master, b"?\r")
        until(b"  1. deploy ")
        until(b" > ", 2)
        os.write(master, b"\x1b[A\r")  # arrow up, Enter
        until(b"  1. deploy ", 2)
        assert b"is not a move" not in seen and b"could not read" not in seen
        os.write(master, b"quit\r")
        assert played.wait(timeout=60) == 0
    finally:
        played.kill()
        played.wait()
        os.close(master)


# -- pictures, seeds, the viewer ----------------------------------------------------------------------------


def test_the_seed_is_printed_and_replays_the_same_game(capsys, tmp_path):
    said = []
    for _ in range(2):
        assert cli.main(["play", "masters-fight", "--players", "0", "--computers", "2", "--seed", "12",
                         "--iterations", "2", "--out", str(tmp_path)]) == 0
        said.append(capsys.readouterr().out)
    assert said[0] == said[1] and "Masters' Fight is over" in said[0]
    assert "Seed 12: `zagjan play masters-fight --players 0 --computers 2 --seed 12`" in said[0]
    assert cli.main(["play", "masters-fight", "--players", "0", "--computers", "2", "--iterations", "2",
                     "--out", str(tmp_path)]) == 0
    seed = re.search(r"^Seed (\d+): ", capsys.readouterr().out, re.MULTILINE)
    assert seed is not None  # a game without --seed says its own


def test_each_game_has_its_own_folder_of_boards(capsys, tmp_path):
    for slug in ("masters-fight", "timber"):
        for seed in ("1", "2"):
            assert cli.main(["play", slug, "--players", "0", "--computers", "2", "--level", "easy", "--seed", seed,
                             "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["masters-fight-1", "masters-fight-2", "timber-1", "timber-2"]
    assert "/zagjan-play/" in (ROOT / ".gitignore").read_text().splitlines()


def test_show_says_when_there_is_no_picture_viewer(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert cli.main(["play", "masters-fight", "--players", "0", "--computers", "2", "--level", "easy",
                     "--seed", "1", "--show", "--out", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert said.count("no picture viewer was found") == 1 and str(tmp_path / "masters-fight-1") in said


# -- typed moves: any value the rules accept, malformed lines -----------------------------------------------


def _waiting_for(slug: str, players: int, seed: int, kind: str) -> tuple[Any, str]:
    game = GAMES[slug]
    for steps in range(300):
        state = play_random(game, players, seed, stop_after=steps).state
        player = game.waiting_for(state)[0]
        if any(a.type == kind for a in game.legal_actions(state, player)):
            return state, player
    pytest.fail(f"no {kind} in {slug}")


@pytest.mark.parametrize(("slug", "players", "kind", "line", "made"), [
    ("flying-pigs", 3, "deploy", "deploy angle:270", {"angle": 270.0}),
    ("flying-pigs", 3, "deploy", "deploy angle:275.0", {"angle": 275.0}),
    ("brood-rumble", 2, "place_feature", "place kind:platform at:8,8", {"kind": "platform", "x": 8.0, "y": 8.0}),
    ("brood-rumble", 2, "place_feature", "place kind:Platform at:8.0, 8", {"kind": "platform", "x": 8.0, "y": 8.0}),
    ("thatll-do-pigs", 4, "ride", "ride heading:180 distance:4", {"heading": 180.0, "distance": 4.0}),
    ("road-rage", 2, "build", "build driver:big_boss upgrades:Metal Plates, 'Eavy Wheels, Wolves",
     {"driver": "big_boss", "upgrades": ["metal_plates", "eavy_wheels", "wolves"]}),
])
def test_any_value_the_rules_accept_is_taken_typed(slug, players, kind, line, made):
    game = GAMES[slug]
    state, player = _waiting_for(slug, players, 2, kind)
    legal, names = game.legal_actions(state, player), {s.player: s.name for s in state.seats}
    action = parse_typed(line, legal, names, game, game.view(state, player))
    assert action.model_dump(mode="json", include=set(made)) == made
    game.apply(state, player, action)  # the rules take it


def test_a_malformed_line_is_answered_with_an_example(capsys, tmp_path):
    game = GAMES["brood-rumble"]
    state, player = _waiting_for("brood-rumble", 2, 2, "place_feature")
    legal, names, view = game.legal_actions(state, player), {s.player: s.name for s in state.seats}, None
    with pytest.raises(RuleViolation, match=r"I could not read that: place takes kind:, at:; type it like "
                                            r"`place kind:\w+ at:[\d.]+,[\d.]+`"):
        parse_typed("place_feature kind:platform x:8 y:8", legal, names, game, view)
    with pytest.raises(RuleViolation, match=r"I could not read that \(kind: is given twice\)"):
        parse_typed("place kind:pit kind:platform", legal, names, game, view)


def test_question_mark_says_how_to_type_any_value_of_a_sampled_move(tmp_path):
    out = io.StringIO()
    lines = iter(["?", "? build", "build driver:big_boss upgrades:metal_plates,eavy_wheels,wolves", "quit"])
    table = TerminalGame(GAMES["road-rage"], 1, 1, level=Level.EASY, seed=2, out_dir=tmp_path,
                         keyboard=Lines(lambda prompt: next(lines)), out=out)
    with pytest.raises(Quit):
        table.play()
    text = out.getvalue()
    assert "(only some build moves are listed: any the rules accept can be typed; `? build` says how)" in text
    assert "build driver:… [upgrades:…] — " in text and "upgrades: Chariot Upgrades" in text and "(at most 3)" in text
    assert f"{table.names[table.humans[0]]}'s Chariot: Top Speed" in text and "✋" not in text


def test_the_readme_names_the_moves_as_they_are_typed():
    """Each game's row in the README's command table lists exactly its typed moves' words, and the
    terminal example commands it shows run (issue 25)."""
    readme = (ROOT / "README.md").read_text()
    books = {g.moves.group: g.moves for g in GAMES.values() if g.moves is not None}
    rows = re.findall(r"^\| `/(\w+) …` \| [^:]+: (.+) \|$", readme, re.MULTILINE)
    assert {"mf", "timber", "fp", "pigs", "rr", "br"} <= {group for group, _ in rows}
    everywhere = set(re.findall(r"types them too: `(\S+) [^`]*` and `(\S+)`", readme)[0])  # the War Cry's
    for group, listed in rows:
        words = {w.split()[0] for w in re.split(r",| / ", re.sub(r"\([^)]*\)", "", listed)) if w.strip()}
        typed = {m.name for m in books[group].moves if m.typed}
        cried = everywhere if everywhere <= typed else set()  # the War Cry's words, in the games that have it
        assert words | cried == typed, group
    assert {group for group, _ in rows} == set(books), "every game with moves has its row"
    for command in re.findall(r"^\.venv/bin/zagjan play (\S+)", readme, re.MULTILINE):
        assert command in GAMES


# -- moves out of turn while the computers play ------------------------------------------------------------

OFFER = "⏳ "  # how the offer of a move out of turn begins


def test_a_game_without_moves_out_of_turn_never_offers_one(monkeypatch, tmp_path):
    # Masters' Fight declares no `Move.any_time`: the computers' moves ask the human nothing
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)
    out = io.StringIO()
    prompts: list[str] = []
    answer = Picker(out, seed=4, stop=lambda text: answer.moves == 4)

    def typed(prompt: str) -> str:
        prompts.append(prompt)
        return answer(prompt)

    table = TerminalGame(GAMES["masters-fight"], 1, 2, level=Level.EASY, seed=4, out_dir=tmp_path,
                         keyboard=Lines(typed), out=out)
    with pytest.raises(Quit):
        table.play()
    assert prompts and not any(p.startswith(OFFER) for p in prompts)


def test_orcz_offers_the_scout_while_the_computers_play_and_tells_only_the_scout_what_it_saw(monkeypatch, tmp_path):
    # seed 002 L306-308: the Scout looks at a face-down card at any moment; at the terminal the human is
    # offered it after the computers' moves (`?` lists it, a number sends it), and what it saw is for the
    # human's eyes only
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)
    out = io.StringIO()
    offers: list[str] = []
    listing: list[int] = []

    def typed(prompt: str) -> str:
        text = out.getvalue()
        if "Your Scout saw" in text:
            raise Quit()
        if listing:  # the answer to the list just asked for
            listed = LISTED.findall(text[listing.pop():])
            assert listed
            if prompt.startswith(OFFER):
                assert all(line.startswith("scout") for line in listed)  # only the moves out of turn
                return "1"
            return next(line for line in listed if not line.startswith("scout"))
        if prompt.startswith(OFFER):
            offers.append(prompt)
            if len(offers) < 3:
                return ""  # Enter: go on
        listing.append(len(text))
        return "?"

    table = TerminalGame(GAMES["orcz"], 1, 2, level=Level.EASY, seed=2, out_dir=tmp_path, keyboard=Lines(typed),
                         out=out)
    with pytest.raises(Quit):
        table.play()
    text = out.getvalue()
    name = table.names[table.humans[0]]
    assert len(offers) == 3 and all(o.startswith(f"{OFFER}{name}: Enter to go on, or ") for o in offers)
    assert "scout" in offers[0]
    scouted = text.index(f"{name} sends the Scout to peek at")
    assert re.search(rf"🔒 For {name}'s eyes only: Your Scout saw ", text[scouted:])


def test_the_hand_over_clears_the_scrollback_so_no_private_line_is_left_above(monkeypatch, tmp_path):
    # issue 41: at a shared keyboard the screen was cleared but not its scrollback, where the next player
    # scrolled up to the last one's face-down card; Orcz (seed 002 L112-120: the ranks are placed with a
    # card face down), three humans at one keyboard
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)
    out = io.StringIO()
    answer = Picker(out, seed=5, stop=lambda text: text.count("Pass the keyboard") >= 8)

    def typed(prompt: str) -> str:
        out.write(prompt + "\n")  # the question is on the screen too
        return "" if prompt.startswith("Pass the keyboard") else answer(prompt)

    table = TerminalGame(GAMES["orcz"], 3, 0, seed=2, out_dir=tmp_path, keyboard=Lines(typed), out=out)
    with pytest.raises(Quit):
        table.play()
    text = out.getvalue()
    assert "\x1b[3J" in CLEAR and "\x1b[2J" in CLEAR  # the scrollback and the screen
    assert text.count("Pass the keyboard") == text.count(CLEAR + "\nPass the keyboard") >= 8
    screens = text.split(CLEAR)
    private = re.compile(r"eyes only|\(a secret choice|down:")
    assert not private.search(screens[0])  # nothing private before the first hand-over
    for screen in screens[1:]:
        if not private.search(screen):
            continue
        owner = re.match(r"\s*Pass the keyboard to (Player \d)", screen)
        assert owner is not None, screen[:200]
        assert set(re.findall(r"(Player \d) > ", screen)) == {owner.group(1)}
        assert set(re.findall(r"For (Player \d)'s eyes only", screen)) <= {owner.group(1)}


def test_brood_rumble_move_toward_rolls_then_walks_and_its_help_agrees(monkeypatch, tmp_path):
    # issue 41: after the roll (000 II.4.2: D6+2"), `move toward:B1` was refused with "move-to takes to:"
    # and `? move-to` said there was no such move. The terminal runs the command as Discord does
    # (`Move.plan`): typed before the roll it rolls, then walks when its player is asked again
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)
    out = io.StringIO()
    chooser = random.Random(1)
    typed_lines: list[str] = []
    marks: list[int] = []

    def typed(prompt: str) -> str:
        text = out.getvalue()
        marks.append(len(text))
        if "(the rest of `move toward:" in text or len(typed_lines) > 400:
            raise Quit()
        if prompt.startswith("Pass the keyboard"):
            line = ""
        elif not typed_lines or typed_lines[-1] not in ("?", "? move-to"):
            line = "?"
        else:
            listed = LISTED.findall(text[marks[-2]:])
            if "move" in listed and "? move-to" not in typed_lines:
                line = "? move-to"
            elif "move" in listed:  # toward the nearest Orc of the other player
                line = "move toward:Player_" + ("1" if prompt.startswith("Player 2") else "2")
            else:
                line = chooser.choice(listed) if listed else "?"
        typed_lines.append(line)
        out.write(prompt + line + "\n")
        return line

    with pytest.raises(Quit):
        TerminalGame(GAMES["brood-rumble"], 2, 0, seed=3, out_dir=tmp_path, keyboard=Lines(typed), out=out).play()
    text = out.getvalue()
    assert any(line.startswith("move toward:") for line in typed_lines)
    assert "move-to is typed with move to:…" in text
    assert "There is no move called 'move-to'" not in text
    assert re.search(r"▶ Player \d: move to:[0-9.,]+ \(the rest of `move toward:Player_\d`\)", text), text[-2000:]
    assert "move-to takes" not in text


def test_orcz_at_the_terminal_shows_a_player_their_own_hand_and_how_to_type_a_rank(tmp_path):
    # issue 41: seed 002 L112-120, a rank is two cards from the hand behind the screen, one face down. `?`
    # listed all 776 ways to place a rank; the hand and the face-down cards were nowhere to be seen
    out = io.StringIO()
    lines = ["?", "? place", "place field:tree left:G1 right:G2 down:right", "hand", "quit"]
    table = TerminalGame(GAMES["orcz"], 1, 2, level=Level.EASY, seed=2, out_dir=tmp_path, iterations=50,
                         keyboard=Lines(lambda prompt: lines.pop(0)), out=out)
    with pytest.raises(Quit):
        table.play()
    text = out.getvalue()
    listed = LISTED.findall(text)
    assert 0 < len(listed) <= 12 and any(line.startswith("place ") for line in listed)
    assert "more place moves: type one like those; `? place` says how" in text
    now = text[text.index("Now you can use:"):]
    assert re.search(r"  left: .*\bG1\b.*\bchampion\b", now)  # the cards still in hand
    assert "Your hand: " in text and "Your Goblin Slaves behind the screen: 5." in text
    assert "Your face-down cards: Lothari Forest rank 1: Grunt 2 (right card, face down)." in text  # tree
    own = re.findall(r"🔒 .+'s own board \(your hand; only for you\): (\S+)", text)
    assert own and all(Path(p).is_file() for p in own)


def test_brood_rumble_move_toward_after_the_roll_walks():
    # the distance rolled (000 II.4.2), `move toward:` and `move to:` both make the walk (`move-to`)
    game = GAMES["brood-rumble"]
    table = TerminalGame(game, 2, 0, seed=3, keyboard=Lines(lambda prompt: "quit"))
    state = game.start(table.seats, None, 3).state
    chooser = random.Random(1)
    for _ in range(400):
        player = game.waiting_for(state)[0]
        legal = game.legal_actions(state, player)
        if any(a.type == "move" for a in legal):
            break
        state = game.apply(state, player, chooser.choice(legal)).state
    state = game.apply(state, player, next(a for a in legal if a.type == "move")).state
    legal, view = game.legal_actions(state, player), game.view(state, player)
    other = "Player_1" if player == table.humans[1] else "Player_2"
    for line in (f"move toward:{other}", "move to:12,7.5"):
        action = parse_typed(line, legal, table.names, game, view, state=state, player=player)
        assert action.type == "move_to"
    assert parse_typed("move to:12,7.5", legal, table.names, game, view, state=state, player=player).to == (12, 7.5)


def test_the_race_to_shout_is_fair_between_humans_and_computers(monkeypatch, tmp_path):
    # seed 001 L37-64 (C14): during anyone's turn, every other player may shout, the first to shout wins.
    # The terminal asked the humans only after a computer's move (never during a human's turn, so at a
    # shared keyboard nobody could race) and let the computers go before the humans after a human's move.
    # Now after every move each seat not being waited for gets its chance once, in an order drawn from
    # the seed for that moment
    from bot.cli import terminal as terminal_module

    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)
    chances: list[list[str]] = []
    offer = TerminalGame._offer_out_of_turn

    def moment(self: TerminalGame, state: Any) -> Any:
        chances.append([])
        return offer(self, state)

    worth = terminal_module.worth_out_of_turn

    def computer(game: Any, seen: Any, player: str) -> Any:
        chances[-1].append("computer")
        return worth(game, seen, player)

    monkeypatch.setattr(TerminalGame, "_offer_out_of_turn", moment)
    monkeypatch.setattr(terminal_module, "worth_out_of_turn", computer)
    out = io.StringIO()
    answer = Picker(out, seed=3, stop=lambda text: len(chances) >= 40)

    def typed(prompt: str) -> str:
        if prompt.startswith(OFFER):
            chances[-1].append(prompt.split(":")[0].removeprefix(OFFER))
            return ""
        return "" if prompt.startswith("Pass the keyboard") else answer(prompt)

    table = TerminalGame(GAMES["chaos-marauders"], 2, 1, level=Level.EASY, seed=3, out_dir=tmp_path,
                         iterations=50, keyboard=Lines(typed), out=out)
    with pytest.raises(Quit):
        table.play()
    raced = [c for c in chances if len(c) == 2]  # a human and the computer, during the other human's turn
    assert len(raced) > 10
    assert {c[0] == "computer" for c in raced} == {True, False}  # the computer first at some moments, not all
    both = [c for c in chances if {"Player 1", "Player 2"} <= set(c)]  # the computer's turn: both humans
    assert both and {c.index("Player 1") < c.index("Player 2") for c in both} == {True, False}


def test_hand_at_a_shared_keyboard_is_shown_after_the_hand_over_and_cleared_after(monkeypatch, tmp_path):
    # issue 41: nothing private of one player is on the screen while another may be looking
    monkeypatch.setattr(TerminalGame, "_picture", lambda self, state: None)
    out = io.StringIO()
    lines = ["", "hand", "", "quit"]

    def typed(prompt: str) -> str:
        out.write(prompt + "\n")
        return lines.pop(0)

    table = TerminalGame(GAMES["orcz"], 3, 0, seed=2, out_dir=tmp_path, keyboard=Lines(typed), out=out)
    with pytest.raises(Quit):
        table.play()
    text = out.getvalue()
    shown = text.index("Your hand: ")
    before, after = text[:shown], text[shown:]
    assert before.rstrip().endswith(("eyes only:",)) and CLEAR in before
    assert after.index("Press Enter to hide it.") < after.index(CLEAR)
