"""Slash commands, one cog per feature: the table lifecycle, the rules guide, each game's moves."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from rules.core.engine import Game, SeatPick

if TYPE_CHECKING:
    from bot.service.painter import Painter
    from bot.service.replays import Replays
    from bot.service.table import TableService
    from bot.ui.board import BoardComposer
    from bot.ui.lobby import LobbyCards
    from bot.ui.poster import BoardPosts
    from bot.ui.shown import ShowMove


class Host(Protocol):
    """What a cog (a shared one or a plug-in's) uses of the bot: the services the app made, and the
    few things of discord.py's bot a cog needs (its command tree, its cogs, adding a cog or a
    lasting control). Cogs are handed this, never the app's class, so the app stands above them."""

    @property
    def table(self) -> TableService: ...

    @property
    def boards(self) -> BoardPosts: ...

    @property
    def compose(self) -> BoardComposer: ...

    @property
    def show_move(self) -> ShowMove: ...

    lobbies: LobbyCards
    painter: Painter
    replays: Replays
    champions: Callable[[Sequence[Any]], list[str]]  # the plug-ins' champions of the stored series
    tree: app_commands.CommandTree[Any]

    @property
    def cogs(self) -> Mapping[str, commands.Cog]: ...

    async def add_cog(self, cog: commands.Cog, /, *, override: bool = False,
                      guild: Any = ..., guilds: Any = ...) -> None: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...

MAX_CHOICES = 25
"""Suggestions an autocomplete may offer at most (Discord)."""
MAX_CHOICE_TEXT = 100
"""An autocomplete choice's name and value at most (Discord)."""
PICK = "pick"
"""The seat-pick option's parameter in the commands that seat a player, and its name in Discord
when the games do not agree on one (`set_pick_option`)."""


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


def pick_name(games: Mapping[str, Game[Any, Any]]) -> str:
    """What the seat-pick option is called: the name the games declare (`SeatPick.name`) when they
    all agree, else the plain "pick"."""
    names = {g.seat_pick.name for g in games.values() if g.seat_pick is not None}
    return next(iter(names)) if len(names) == 1 else PICK


@runtime_checkable
class Introduced(Protocol):
    """A cog with a paragraph of its own in /help's first steps: a plug-in's commands (a series of
    games played as one, say), so /help names them without naming the plug-in."""

    help_text: str


def set_pick_option(command: app_commands.Command[Any, ..., Any], param: str,
                    games: Mapping[str, Game[Any, Any]], *, for_computer: bool = False) -> None:
    """Name and describe `param`, the option that carries what a player picks as they sit down.

    One slash command serves every game, so one option carries the pick: it takes the name the
    games declare (`SeatPick.name`, and so "brood" for the Orclympics) when they all agree, else
    the plain "pick"; its values come by autocomplete from the game in question (`pick_choices`).
    Set when the cog is built, like the games' choices, so shared code names no game's words.
    """
    picks = [g.seat_pick for g in games.values() if g.seat_pick is not None]
    names = sorted({p.name for p in picks})
    name = pick_name(games)
    if for_computer:
        description = f"Its {name} (default: at random)"
    elif len({p.question for p in picks}) == 1:
        description = picks[0].question
    else:
        description = "What you pick as you sit down" + (f" ({' or '.join(names)}, by game)" if names else "")
    params = command._params  # discord.py keeps a command's parameters here
    params[param] = dataclasses.replace(params[param], _rename=name, description=description[:100])


def pick_choices(pick: SeatPick | None, current: str,
                 free: Sequence[str] | None = None) -> list[app_commands.Choice[str]]:
    """The autocomplete of a seat-pick option: the game's choices (those still `free`, when given)
    that match what is typed."""
    if pick is None:
        return []
    typed = current.strip().casefold()
    return [app_commands.Choice(name=c.label, value=c.value) for c in pick.choices
            if (free is None or c.value in free)
            and (typed in c.label.casefold() or typed in c.value.casefold())][:25]
