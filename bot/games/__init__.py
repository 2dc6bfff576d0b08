"""One package per game: its controls and its slash commands, found by `bot.catalog`.

A game's package sets `PLUGIN = GamePlugin(...)` in its `__init__`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.ui.controls import GameControls


@dataclass(frozen=True)
class GamePlugin:
    """What the bot needs from one game beyond its rules: controls and commands."""

    slug: str
    controls: GameControls | None = None  # None: the controls built from the moves the rules declare
    commands: str | None = None  # the extension (module with `setup(bot)`) of its own extra slash commands


__all__ = ["GamePlugin"]
