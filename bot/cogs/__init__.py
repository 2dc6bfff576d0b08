"""Slash commands, one cog per feature: the table lifecycle, the rules guide, each game's moves."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from discord import app_commands

from rules.core.engine import Game


def set_game_choices(command: app_commands.Command[Any, ..., Any], param: str,
                     games: Mapping[str, Game[Any, Any]]) -> None:
    """Offer the games this bot runs as fixed choices of `param`.

    Choices are normally fixed by a decorator at import time, but the list of
    games belongs to the table service (tests inject their own), so it is set
    when the cog is built. The parameter object is replaced, not changed, so
    the command defined at import time stays as it was for the next bot.
    """
    choices = [app_commands.Choice(name=game.title, value=slug) for slug, game in sorted(games.items())][:25]
    params = command._params  # discord.py keeps a command's parameters here
    params[param] = dataclasses.replace(params[param], choices=choices)
