"""Games plug in: their rules, drawing and bot adapter are found by looking, and no shared
module names a game, so adding a discipline is adding its packages."""

from __future__ import annotations

import re
from pathlib import Path

from bot.catalog import command_extensions, plugins
from renderers import RENDERERS
from rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
SHARED = [*ROOT.glob("bot/*.py"), *ROOT.glob("bot/ui/*.py"), *ROOT.glob("bot/cogs/*.py"),
          ROOT / "bot/games/__init__.py", ROOT / "renderers/__init__.py", ROOT / "renderers/common.py",
          ROOT / "rules/registry.py", *ROOT.glob("rules/core/*.py")]
BENCH_DEFAULTS = {ROOT / "bot/cli.py"}  # `zagjan bench persist` needs one game to default to


def test_every_game_has_its_rules_its_drawing_and_its_bot_adapter() -> None:
    assert set(GAMES) == set(RENDERERS) - {"campaign-scoreboard", "hall-of-fame"} == set(plugins())
    assert len(command_extensions()) == len(plugins())


def test_no_shared_module_names_a_game() -> None:
    names = {slug for slug in GAMES} | {slug.replace("-", "_") for slug in GAMES}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names)))
    for path in SHARED:
        if path in BENCH_DEFAULTS:
            continue
        code = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("#"))
        code = re.sub(r'"""[\s\S]*?"""', "", code)  # docstrings may give an example
        assert not pattern.search(code), f"{path.relative_to(ROOT)} names a game: {pattern.search(code)[0]}"
