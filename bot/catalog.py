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
from bot.ui.controls import GameControls, GenericControls, WithWarCry


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


def adapter_for(slug: str) -> GameControls:
    """The game's control adapter (a game without one gets a plain menu of its legal actions),
    with the War Cry's buttons, which every game shares."""
    plugin = plugins().get(slug)
    return _with_war_cry(plugin.controls if plugin is not None else _GENERIC)


_GENERIC = GenericControls()


@cache
def _with_war_cry(adapter: GameControls) -> GameControls:
    return WithWarCry(adapter)


def command_extensions() -> tuple[str, ...]:
    """The extensions holding the games' slash commands, for the bot to load."""
    return tuple(p.commands for p in plugins().values() if p.commands)


__all__ = ["GamePlugin", "plugins", "adapter_for", "command_extensions"]
