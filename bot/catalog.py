"""The bot side of each game, found by looking, not by name.

Every package under `bot/games/` is one game's adapter: a `PLUGIN` naming the
game's slug, its control adapter (engine prompts -> buttons and back) and the
extension holding its slash commands. The catalog imports them all once; no
shared module names a game, so adding a game is adding a package beside them.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import bot.games
from bot.games import GamePlugin
from typing import Any

from bot.ui.controls import GameControls, GenericControls
from bot.ui.declared import DeclaredControls
from rules.core.engine import Game
from rules.core.moves import MoveBook
from rules.registry import GAMES


@cache
def plugins() -> dict[str, GamePlugin]:
    """Every game adapter under `bot.games`, by slug."""
    found: dict[str, GamePlugin] = {}
    for info in sorted(pkgutil.iter_modules(bot.games.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"bot.games.{info.name}")
        plugin = getattr(module, "PLUGIN", None)
        if isinstance(plugin, GamePlugin):
            found[plugin.slug] = plugin
    return found


def adapter_for(game: str | Game[Any, Any]) -> GameControls:
    """The game's control adapter: its plug-in's own when it has one, else the controls built from
    the moves its rules declare (a layer's over the rules among them), else a plain menu of its
    legal actions."""
    slug = game if isinstance(game, str) else game.slug
    plugin = plugins().get(slug)
    if plugin is not None and plugin.controls is not None:
        return plugin.controls
    engine = GAMES.get(slug) if isinstance(game, str) else game
    book = engine.moves if engine is not None else None
    return _declared(book) if book is not None else _GENERIC


_GENERIC = GenericControls()


@cache
def _declared(book: MoveBook) -> GameControls:
    return DeclaredControls(book)


def command_extensions() -> tuple[str, ...]:
    """The extensions holding the games' slash commands, for the bot to load."""
    return tuple(p.commands for p in plugins().values() if p.commands)


__all__ = ["GamePlugin", "plugins", "adapter_for", "command_extensions"]
