"""`zagjan replay` (issue 45): a random game's replay from its seed, or a stored game's from its
record, written in the format the file names, with one JSON line last; mistakes are one sentence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.cli import main as cli
from bot.cli.replay import random_record
from rules.core.replay import GameRecord, record_frames
from rules.core.selfplay import play_random
from rules.registry import GAMES


def last_json(out: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return data


def test_a_random_games_replay_is_written_with_its_json_line(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deep" / "race.gif"
    assert cli.main(["replay", "road-rage", "--seed", "2", "--out", str(out)]) == 0
    summary = last_json(capsys.readouterr().out)
    assert {"game", "frames", "bytes", "seconds"} <= set(summary)
    assert summary["game"] == "road-rage" and summary["bytes"] == out.stat().st_size
    with Image.open(out) as picture:
        assert picture.format == "GIF" and picture.n_frames == summary["frames"]
    assert isinstance(summary["seconds"], float)


def test_the_replayed_game_is_the_one_simulate_plays_from_that_seed() -> None:
    game = GAMES["orcz"]
    record = random_record(game, 3, 5)
    assert record.final_state(game).model_dump() == play_random(game, 3, 5).state.model_dump()


def test_a_stored_games_record_is_replayed_as_webp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = GAMES["orcz"]
    result = play_random(game, 3, 2, stop_after=5)
    record = GameRecord.of(game, result.state.seats, {}, 2, result.log)
    stored = tmp_path / "game.json"
    stored.write_text(record.to_json())
    out = tmp_path / "game.WEBP"
    assert cli.main(["replay", "--record", str(stored), "--out", str(out)]) == 0
    summary = last_json(capsys.readouterr().out)
    assert (summary["game"], summary["format"], summary["actions"]) == ("orcz", "webp", 5)
    with Image.open(out) as picture:
        assert picture.format == "WEBP" and picture.n_frames == summary["frames"] == len(record_frames(game, record))


@pytest.mark.parametrize(("argv", "said"), [
    (["replay", "--out", "x.gif"], "either a GAME"),
    (["replay", "orcz", "--record", "r.json", "--out", "x.gif"], "either a GAME"),
    (["replay", "orcz", "--out", "x.png"], "ending in .gif or .webp"),
    (["replay", "no-such-game", "--out", "x.gif"], "no game called 'no-such-game'"),
    (["replay", "--record", "missing.json", "--out", "x.gif"], "Cannot read the record"),
])
def test_a_mistake_is_one_sentence_and_status_2(argv: list[str], said: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == 2
    assert said in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_record_that_is_not_one_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"game": "orcz", "seed": 1}))
    assert cli.main(["replay", "--record", str(broken), "--out", str(tmp_path / "x.gif")]) == 2
    assert "is not a game's record" in capsys.readouterr().err
    wrong = tmp_path / "wrong.json"
    record = GameRecord(game="orcz", seed=1, seats=random_record(GAMES["orcz"], 3, 1).seats,
                        log=[{"player": "p1", "action": {"type": "no-such-move"}}])  # type: ignore[list-item]
    wrong.write_text(record.to_json())
    assert cli.main(["replay", "--record", str(wrong), "--out", str(tmp_path / "x.gif")]) == 2
    assert "does not know" in capsys.readouterr().err
