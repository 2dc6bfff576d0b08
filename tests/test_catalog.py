"""Games plug in: their rules, drawing and bot adapter are found by looking, and no shared
module names a game, so adding a discipline is adding its packages."""

from __future__ import annotations

import re
from pathlib import Path

from bot.plugins import plugins
from renderers import RENDERERS
from rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
SHARED = [*(p for p in ROOT.glob("bot/**/*.py") if p.parent.parent != ROOT / "bot/plugins"),
          ROOT / "renderers/__init__.py", ROOT / "renderers/common.py",
          ROOT / "rules/registry.py", *ROOT.glob("rules/core/*.py")]
CONSTANT = re.compile(r"""\s*[A-Z][A-Z0-9_]*\s*=\s*["'][^"']*["']\s*(#.*)?$""")  # NAME = "one word"
BENCH_DEFAULTS = {ROOT / "bot/cli/main.py"}  # `zagjan bench persist` needs one game to default to
UNREGISTERED: set[str] = set()
"""Games drawn before their rules are whole and registered (see their package's docstring): once
registered, they are held to the same check as every other."""


def test_every_game_has_its_rules_its_drawing_and_its_moves() -> None:
    """A game is its rules (with its moves declared) and its drawing; a plug-in is a family's."""
    assert set(GAMES) == set(RENDERERS) - {"campaign-scoreboard", "hall-of-fame"} - (UNREGISTERED - set(GAMES))
    for slug, game in GAMES.items():
        assert game.moves is not None, f"{slug} has no moves declared"
    families = {type(game).__module__.split(".")[1] for game in GAMES.values()}
    assert set(plugins()) <= families


def test_no_shared_module_names_a_move() -> None:
    """Shared code knows moves only through the declarations: no move's type or word in quotes."""
    # plain words ("pick", "leave", "end") have other meanings in shared code (a lobby's pick, leaving
    # a table); a move's compound word ("end-turn", "deploy_random") has none
    words = {w for game in GAMES.values() if game.moves is not None for m in game.moves.moves
             for w in (m.type, m.name, *m.aliases) if "-" in w or "_" in w}
    # a key read (`row["place"]`) or a constant of the core's own (`ACTION = "action"`) is another
    # meaning of the same word, not a move
    pattern = re.compile("|".join(rf"(?<!\[)[\"']{re.escape(w)}[\"']" for w in sorted(words)))
    for path in SHARED:
        code = "\n".join(line for line in path.read_text().splitlines()
                         if not line.lstrip().startswith("#") and not CONSTANT.match(line))
        code = re.sub(r'"""[\s\S]*?"""', "", code)
        assert not pattern.search(code), f"{path.relative_to(ROOT)} names a move: {pattern.search(code)[0]}"


def test_no_shared_module_names_a_game() -> None:
    names = {slug for slug in GAMES} | {slug.replace("-", "_") for slug in GAMES}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names)))
    for path in SHARED:
        if path in BENCH_DEFAULTS:
            continue
        code = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("#"))
        code = re.sub(r'"""[\s\S]*?"""', "", code)  # docstrings may give an example
        assert not pattern.search(code), f"{path.relative_to(ROOT)} names a game: {pattern.search(code)[0]}"


CAMPAIGN_MODULES = {ROOT / "bot/service/fame.py", ROOT / "bot/cogs/leaderboard.py"}
"""The hall of fame counts campaigns won (the champions come from the plug-ins: `bot.plugins`); the
campaign itself is the Orclympics' plug-in (`bot/plugins/orclympics/`), which no shared module names."""
NAMES_ORCLYMPICS_ON_PURPOSE = {
    ROOT / "bot/storage/store.py": "stores every plug-in's rows, and its schema is history (migration 1 names broods)",
    ROOT / "bot/cli/main.py": "`zagjan simulate`'s help names the campaign, the one series a plug-in brings",
}
NOT_YET: dict[Path, str] = {}
"""Shared modules that still name an Orclympics idea, each with what is left to do."""
ORCLYMPICS = re.compile(r"brood|war[ _-]?cry|warcry|campaign(?!_id)|orclympics", re.IGNORECASE)
"""Broods, the War Cry, the campaign (a game's `campaign_id` is only the store's link to a series)."""


def test_no_shared_module_names_broods_the_war_cry_or_the_campaign() -> None:
    """The core and the shared bot know seats, picks, outcomes and plug-ins, not the Orclympics' ideas."""
    for path in SHARED:
        if path in CAMPAIGN_MODULES or path in NAMES_ORCLYMPICS_ON_PURPOSE or path in NOT_YET:
            continue
        code = "\n".join(re.sub(r"\s#\s.*$", "", line) for line in path.read_text().splitlines()
                         if not line.lstrip().startswith("#"))
        code = re.sub(r'"""[\s\S]*?"""', "", code)  # docstrings may give an example
        found = ORCLYMPICS.search(code)
        assert found is None, f"{path.relative_to(ROOT)} names an Orclympics idea: {found[0] if found else ''}"
    assert all(p.exists() for p in (*CAMPAIGN_MODULES, *NAMES_ORCLYMPICS_ON_PURPOSE, *NOT_YET))
