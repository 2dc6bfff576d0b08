"""`zagjan play`: a whole game in the terminal from typed moves, computers in the other seats,
a PNG after every turn; and the typed form of a move, which is the slash command's."""

from __future__ import annotations

import builtins
import json
import random
import re

import pytest

from bot import cli
from bot.terminal import CLEAR, Quit, TerminalGame, parse_typed, typed_form
from rules.core.errors import RuleViolation
from rules.core.selfplay import play_random
from rules.orclympics.masters_fight.models import EndActivation, Move, Smash
from rules.registry import GAMES

LISTED = re.compile(r"^\s+\d+\. (.+)$", re.MULTILINE)


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
    pictures = sorted(tmp_path.glob("masters-fight-*.png"))
    assert len(pictures) > typist.typed // 2 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pictures)
    assert str(pictures[-1]) in text
    assert CLEAR not in text  # one human: nothing to hide from anyone


def test_a_typed_move_is_the_slash_command_form():
    names = {"p1": "Grukk", "p2": "Morgoth the Mild"}
    game = GAMES["masters-fight"]
    legal = [Move(to="c4"), Move(to="c4", via=["b3"]), Smash(target="p2"), EndActivation()]
    assert typed_form(legal[1], names, game) == "move to:c4 via:b3"
    assert typed_form(legal[2], names, game) == "smash target:Morgoth_the_Mild"
    assert parse_typed("/mf move to:C4", legal, names, game) == legal[0]  # the exact form wins
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
        return chooser.choice(listed) if listed else "?"

    with pytest.raises(Quit):
        TerminalGame(GAMES["brood-rumble"], 2, 0, seed=3, out_dir=tmp_path, ask=ask).play()
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
                            "idle_turns", "idle_turn_rate"]
    assert report["game"] == "road-rage" and report["games"] == 2 and report["players"] == 2
    assert report["baseline"] == 0.5 and 0 <= report["wins"] <= 2 and report["think_ms_p50"] > 0


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
                assert f"orc:{orc.name.replace(' ', '_')}" in typed and action.orc not in typed
                bare = " ".join(w for w in typed.split() if not w.startswith("orc:"))
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
    assert [typed_form(a, names, game) for a in runs] == ["boar path:d4_e5", "boar"]
    assert parse_typed("boar path:d4_e5", runs, names, game) == runs[0]
    assert parse_typed("boar", runs, names, game) == runs[1]
