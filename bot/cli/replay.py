"""`zagjan replay`: a whole game as an animated picture (GIF or WebP) for the channel, from a
random game (`zagjan simulate`'s game of that seed) or from a stored game's record (a JSON
`rules.core.replay.GameRecord`, what `/game record` writes).

The command's words and its errors are `bot.cli.main`'s (`cmd_replay`); here are the steps, each
raising a ValueError with a sentence for a mistake of the user's.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from renderers.replay import FORMATS, animate_record, timing
from rules.core.engine import Game
from rules.core.errors import RuleViolation
from rules.core.replay import GameRecord
from rules.core.selfplay import play_random


def format_of(out: Path) -> str:
    """The picture format the file's extension names (`.gif`, `.webp`)."""
    fmt = out.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"Cannot write a replay to '{out}': name a file ending in "
                         f"{' or '.join('.' + f for f in FORMATS)}.")
    return fmt


def random_record(game: Game[Any, Any], players: int, seed: int) -> GameRecord:
    """The record of the random game `zagjan simulate` plays from `seed` at a table of `players`."""
    result = play_random(game, players, seed)
    return GameRecord.of(game, result.state.seats, None, seed, result.log)


def read_record(path: Path) -> GameRecord:
    """A stored game's record, read from its JSON file."""
    try:
        return GameRecord.from_json(path.read_bytes())
    except OSError as exc:
        raise ValueError(f"Cannot read the record '{path}': {exc.strerror or exc}.") from None
    except ValidationError as exc:
        raise ValueError(f"'{path}' is not a game's record: {exc.errors()[0]['msg']} "
                         f"at {'.'.join(map(str, exc.errors()[0]['loc'])) or 'the top'}.") from None


def write_replay(game: Game[Any, Any], record: GameRecord, out: Path, started: float) -> dict[str, Any]:
    """Write the replay of `record` to `out`, and say what it holds as the command's JSON line
    (`seconds` counted from `started`, the command's start, so it includes the game's play)."""
    fmt = format_of(out)
    try:
        data, shown = animate_record(game, record, fmt)
    except ValidationError as exc:
        raise ValueError(f"The record's log holds an action {game.title} does not know: {exc.errors()[0]['msg']}.") \
            from None
    except RuleViolation as exc:
        raise ValueError(f"The record's game does not replay: {exc}") from None
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    return {"game": game.slug, "seed": record.seed, "actions": len(record.log), **timing(shown),
            "format": fmt, "bytes": len(data), "out": str(out), "seconds": round(time.perf_counter() - started, 3)}
