"""The `zagjan` command line: games, simulate (its one-line JSON contract), render and run.

Most tests swap the registry for the fake Lucky Race game (tests/bot/fakegame.py) through
`bot.cli.main.load_games`, so they do not depend on any real discipline's rules.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import bot.app
from bot.cli import main as cli
from rules.core.engine import Game, Seat, Step

ROOT = Path(__file__).resolve().parent.parent
KEYS = ["game", "games", "completed", "errors", "actions", "seconds", "actions_per_s"]


@pytest.fixture
def fakegame(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "bot"))
    return importlib.import_module("fakegame")


@pytest.fixture
def fake_registry(monkeypatch: pytest.MonkeyPatch, fakegame: types.ModuleType) -> dict[str, Game[Any, Any]]:
    games: dict[str, Game[Any, Any]] = {"lucky-race": fakegame.LuckyRace()}
    monkeypatch.setattr(cli, "load_games", lambda: games)
    return games


def last_json(out: str) -> dict[str, Any]:
    line = out.strip().splitlines()[-1]
    data: dict[str, Any] = json.loads(line)
    return data


def test_games_lists_the_registered_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "masters-fight" in out and "Masters' Fight" in out and "2-6 players" in out


def test_games_reads_the_registry_through_load_games(
        fake_registry: dict[str, Game[Any, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    assert capsys.readouterr().out == "lucky-race  Lucky Race  (2-4 players, best with 3 or 4)\n"


def test_simulate_prints_the_json_contract_last(
        fake_registry: dict[str, Game[Any, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "lucky-race", "--games", "20", "--seed", "5", "--players", "3"]) == 0
    summary = last_json(capsys.readouterr().out)
    assert list(summary) == KEYS
    assert summary["game"] == "lucky-race"
    assert (summary["games"], summary["completed"], summary["errors"]) == (20, 20, 0)
    assert summary["actions"] > 20 * 3  # three lucky numbers and at least one roll per game
    assert isinstance(summary["seconds"], float) and isinstance(summary["actions_per_s"], float)


def test_simulate_is_repeatable_from_its_seed(
        fake_registry: dict[str, Game[Any, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for seed in ("5", "5", "500"):  # 5 and 6 would share nine of their ten seeds
        cli.main(["simulate", "lucky-race", "--games", "10", "--seed", seed])
        summary = last_json(capsys.readouterr().out)
        runs.append({k: v for k, v in summary.items() if k not in ("seconds", "actions_per_s")})
    assert runs[0] == runs[1]
    assert runs[0]["actions"] != runs[2]["actions"]


def test_simulate_plays_the_real_masters_fight(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "masters-fight", "--games", "2", "--seed", "1", "--players", "4"]) == 0
    summary = last_json(capsys.readouterr().out)
    assert (summary["game"], summary["games"], summary["completed"], summary["errors"]) == \
        ("masters-fight", 2, 2, 0)


def test_simulate_plays_whole_campaigns_repeatably(capsys: pytest.CaptureFixture[str]) -> None:
    # `zagjan simulate campaign --kind full|quick --players N --games N --seed S` (issue 14)
    runs = []
    for _ in range(2):
        assert cli.main(["simulate", "campaign", "--kind", "quick", "--players", "2", "--games", "2",
                         "--seed", "9"]) == 0
        summary = last_json(capsys.readouterr().out)
        runs.append({k: v for k, v in summary.items() if k != "seconds"})
    assert runs[0] == runs[1]
    assert (runs[0]["game"], runs[0]["kind"], runs[0]["games"], runs[0]["completed"], runs[0]["errors"]) == \
        ("campaign", "quick", 2, 2, 0)
    assert sum(runs[0]["champion_broods"].values()) >= 2
    assert cli.main(["simulate", "campaign", "--kind", "short"]) != 0
    assert "--kind is full or quick" in capsys.readouterr().err


def test_simulate_counts_crashes_and_shows_only_the_first_tracebacks(
        monkeypatch: pytest.MonkeyPatch, fakegame: types.ModuleType,
        capsys: pytest.CaptureFixture[str]) -> None:
    class Crashing(fakegame.LuckyRace):  # type: ignore[name-defined,misc]
        def start(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int, *,
                  dice: Any = None) -> Step:
            if seed % 2:
                raise RuntimeError(f"broken set-up for seed {seed}")
            return super().start(seats, options, seed, dice=dice)

    monkeypatch.setattr(cli, "load_games", lambda: {"lucky-race": Crashing()})
    assert cli.main(["simulate", "lucky-race", "--games", "10", "--seed", "0"]) == 1
    captured = capsys.readouterr()
    summary = last_json(captured.out)
    assert (summary["completed"], summary["errors"]) == (5, 5)
    assert captured.err.count("Traceback") == cli.SHOWN_TRACEBACKS
    assert "broken set-up for seed 1" in captured.err and "2 more failing games" in captured.err


def test_simulate_counts_a_log_that_replays_to_another_state_as_an_error(
        monkeypatch: pytest.MonkeyPatch, fakegame: types.ModuleType,
        capsys: pytest.CaptureFixture[str]) -> None:
    # every simulated game's log, as JSON, is replayed from its seed and must rebuild its state
    class Forgetful(fakegame.LuckyRace):  # type: ignore[name-defined,misc]
        played = 0

        def apply(self, state: Any, player: str, action: Any, *, dice: Any = None) -> Step:
            step = super().apply(state, player, action, dice=dice)
            Forgetful.played += 1
            if Forgetful.played % 7 == 0:  # a rule that depends on something outside the log
                step.state.target += 1
            return step

    monkeypatch.setattr(cli, "load_games", lambda: {"lucky-race": Forgetful()})
    assert cli.main(["simulate", "lucky-race", "--games", "3", "--seed", "0"]) == 1
    captured = capsys.readouterr()
    assert last_json(captured.out)["errors"] >= 1 and "replays to another state" in captured.err
    monkeypatch.setattr(cli, "load_games", lambda: {"lucky-race": fakegame.LuckyRace()})
    assert cli.main(["simulate", "lucky-race", "--games", "3", "--seed", "0"]) == 0


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "chess"], "There is no game called 'chess'. Known games: lucky-race."),
    (["simulate", "lucky-race", "--players", "9"], "Lucky Race takes 2 to 4 players, not 9."),
    (["render", "lucky-race", "--steps", "-1"], "--steps cannot be negative."),
])
def test_command_line_mistakes_are_one_sentence(
        fake_registry: dict[str, Game[Any, Any]], capsys: pytest.CaptureFixture[str],
        argv: list[str], message: str) -> None:
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == f"zagjan: {message}\n"


def test_render_draws_the_public_view_after_k_steps(
        fake_registry: dict[str, Game[Any, Any]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    drawn: list[Any] = []

    def render(view: Any) -> bytes:
        drawn.append(view)
        return b"\x89PNG fake"

    monkeypatch.setitem(sys.modules, "renderers", types.SimpleNamespace(render=render))
    out = tmp_path / "boards" / "board.png"
    assert cli.main(["render", "lucky-race", "--seed", "3", "--steps", "2", "--players", "2",
                     "--out", str(out)]) == 0
    assert out.read_bytes() == b"\x89PNG fake"
    assert "after 2 actions of Lucky Race" in capsys.readouterr().out
    assert len(drawn) == 1 and drawn[0].lucky == {}  # the public view: no secret lucky number on it
    assert len(drawn[0].chosen) == 2


def test_run_says_so_when_the_discord_layer_is_missing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delattr(bot.app, "client", raising=False)
    monkeypatch.setitem(sys.modules, "bot.app.client", None)  # makes `from bot.app import client` fail
    assert cli.main(["run"]) == 1
    assert "The Discord layer (bot/app/) is missing" in capsys.readouterr().err


def test_run_hands_over_to_bot_app(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    fake_app = types.SimpleNamespace(main=lambda: calls.append("main"))
    monkeypatch.setattr(bot.app, "client", fake_app, raising=False)
    monkeypatch.setitem(sys.modules, "bot.app.client", fake_app)
    assert cli.main(["run"]) == 0
    assert calls == ["main"]


def test_the_module_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "bot.cli.main", "games"], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert any(line.startswith("masters-fight") for line in done.stdout.splitlines())


def test_a_table_size_the_rules_refuse_is_one_sentence_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "brood-rumble", "--players", "3", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "Brood Rumble is played by 2 or 4 players, not 3." in err and "Traceback" not in err


def test_render_without_steps_draws_a_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    assert cli.main(["render", "timber", "--seed", "2", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert out.read_bytes().startswith(b"\x89PNG") and " 0 actions" not in said and "actions of Timber!" in said


@pytest.fixture
def no_token(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No token anywhere: not in the environment, no .env here, the project's own .env out of reach."""
    from bot.settings import Settings

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(Settings.model_config, "env_file", ".env")
    return tmp_path


def test_make_run_without_a_token_says_how_to_get_one_and_how_to_play_and_succeeds(
        no_token: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `make run` on a fresh machine must not end in "Error 2" (issue 25): it runs `zagjan run --no-token-ok`
    recipe = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "zagjan run --no-token-ok" in recipe
    assert cli.main(["run", "--no-token-ok"]) == 0
    said = capsys.readouterr().out
    assert "Discord Developer Portal" in said and "DISCORD_TOKEN" in said
    assert ".venv/bin/zagjan play masters-fight" in said


def test_run_with_no_token_ok_still_starts_the_bot_when_there_is_a_token(
        no_token: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    fake_app = types.SimpleNamespace(main=lambda: calls.append("main"))
    monkeypatch.setattr(bot.app, "client", fake_app, raising=False)
    monkeypatch.setitem(sys.modules, "bot.app.client", fake_app)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    assert cli.main(["run", "--no-token-ok"]) == 0
    assert calls == ["main"]


def test_output_piped_into_a_reader_that_stops_ends_quietly(tmp_path: Path) -> None:
    # `zagjan play … | head -3`: the reader leaves; no BrokenPipeError traceback (issue 25)
    with subprocess.Popen([sys.executable, "-m", "bot.cli.main", "play", "masters-fight", "--players", "0",
                           "--computers", "2", "--seed", "4", "--iterations", "2", "--out", str(tmp_path)],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as played:
        assert played.stdout is not None and played.stderr is not None
        first = played.stdout.readline()
        played.stdout.close()  # as `head -1` does
        err = played.stderr.read().decode()
        assert played.wait(timeout=120) == 0, err
    assert first.startswith(b"Masters' Fight: ")
    assert "Traceback" not in err and "BrokenPipe" not in err and err == ""


def test_bench_persist_takes_the_database_to_measure_on(monkeypatch):
    # issue 28: `zagjan bench persist --database URL` measures on that server
    from bot.cli import bench
    from bot.cli.main import build_parser, cmd_bench

    seen = {}

    def fake(slug, moves=300, out=None, database=None):
        seen.update(slug=slug, moves=moves, database=database)
        return {"bench": "persist"}

    monkeypatch.setattr(bench, "bench_persist", fake)
    args = build_parser().parse_args(["bench", "persist", "--samples", "5", "--database", "postgresql:///x"])
    assert cmd_bench(args) == 0
    assert seen == {"slug": "masters-fight", "moves": 5, "database": "postgresql:///x"}


def test_bench_engine_and_render_take_one_game(monkeypatch, fake_registry):
    # `zagjan bench engine --game orcz` measures that game alone; a name it does not know is refused
    from bot.cli import bench
    from bot.cli.main import build_parser, cmd_bench

    seen = []
    monkeypatch.setattr(bench, "bench_engine", lambda games, samples=400: seen.append(sorted(games)) or {})
    monkeypatch.setattr(bench, "bench_render", lambda games: seen.append(sorted(games)) or {})
    fake_registry["other-race"] = fake_registry["lucky-race"]
    for what in ("engine", "render"):
        assert cmd_bench(build_parser().parse_args(["bench", what, "--game", "lucky-race"])) == 0
        assert cmd_bench(build_parser().parse_args(["bench", what])) == 0
    assert seen == [["lucky-race"], ["lucky-race", "other-race"]] * 2
    with pytest.raises(cli.CliError, match="no game called 'chess'"):
        cmd_bench(build_parser().parse_args(["bench", "engine", "--game", "chess"]))
