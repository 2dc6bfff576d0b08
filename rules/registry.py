"""Every game Zagjan runs, by its slug. The bot, the CLI and the tests look games up here."""

from __future__ import annotations

import importlib
from typing import Any

from rules.core.engine import Game

GAMES: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    GAMES[game.slug] = game
    return game


def guide_for(game: Game[Any, Any]) -> str | None:
    """`GUIDE` from the game's package (or, failing that, from the engine's own module)."""
    module_name = type(game).__module__
    for name in (module_name.rpartition(".")[0], module_name):
        if not name:
            continue
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        guide = getattr(module, "GUIDE", None)
        if isinstance(guide, str) and guide.strip():
            return guide
    return None


def get_game(slug: str) -> Game[Any, Any]:
    try:
        return GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise KeyError(f"No game called '{slug}'. Known games: {known}.") from None


def _load() -> None:
    """Find every game: each package one level inside a family of games (`rules.orclympics`, …)
    that exposes `GAME`, an engine instance, or a family package that is one game itself.
    Adding a game is adding its package; nothing here names one."""
    import pkgutil

    import rules

    for family in sorted(pkgutil.iter_modules(rules.__path__, "rules."), key=lambda m: m.name):
        if not family.ispkg or family.name == "rules.core":
            continue
        package = importlib.import_module(family.name)
        if isinstance(getattr(package, "GAME", None), Game):  # a game that is a family of its own
            register(package.GAME)
            continue
        for member in sorted(pkgutil.iter_modules(package.__path__, f"{family.name}."), key=lambda m: m.name):
            if member.ispkg:
                game = getattr(importlib.import_module(member.name), "GAME", None)
                if isinstance(game, Game):
                    register(game)


_load()
