"""A family's features beyond its games, found by looking: the Orclympics campaign is one.

A plug-in is a package here whose `__init__` sets `PLUGIN = Plugin(...)`: the cogs it brings (loaded
like the shared ones), the series `zagjan simulate` can play for it, and the champions it adds to a
server's hall of fame. The shared rooms below never import a plug-in: the app loads its cogs and
hands the hall of fame the plug-ins' `champions`; the command line asks `simulations()`. So a
family's own ideas (broods, the War Cry, campaigns) stay in its plug-in and its rules.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

Simulate = Callable[[str, int, int, "int | None"], dict[str, Any]]
"""`zagjan simulate <series>`: (kind, how many, first seed, players or None) -> the summary printed
as JSON; a bad option raises `ValueError` with the sentence to print."""


@dataclass(frozen=True)
class Plugin:
    """What one family adds to the bot."""

    name: str
    extensions: tuple[str, ...] = ()  # modules with a `setup(bot)`, loaded as the shared cogs are
    simulations: Mapping[str, Simulate] = field(default_factory=dict)
    champions: Callable[[Sequence[Any]], list[str]] | None = None
    """The players each finished series of the server's stored ones crowned, once per title."""


@cache
def plugins() -> dict[str, Plugin]:
    """Every plug-in under `bot.plugins`, by name."""
    found: dict[str, Plugin] = {}
    for info in sorted(pkgutil.iter_modules(__path__, f"{__name__}."), key=lambda i: i.name):
        plugin = getattr(importlib.import_module(info.name), "PLUGIN", None)
        if isinstance(plugin, Plugin):
            found[plugin.name] = plugin
    return found


def extensions() -> tuple[str, ...]:
    """The plug-ins' cogs, for the bot to load."""
    return tuple(name for plugin in plugins().values() for name in plugin.extensions)


def simulations() -> dict[str, Simulate]:
    """Every series `zagjan simulate` can play besides single games, by the name typed."""
    return {name: run for plugin in plugins().values() for name, run in plugin.simulations.items()}


def champions(rows: Sequence[Any]) -> list[str]:
    """Every plug-in's champions of the server's finished series (`rows`: the store's series rows)."""
    return [name for plugin in plugins().values() if plugin.champions is not None
            for name in plugin.champions(rows)]


__all__ = ["Plugin", "Simulate", "champions", "extensions", "plugins", "simulations"]
