"""Every declared game's slash commands, made from its `MoveBook` (`rules.core.moves`).

One command group per game (`/mf`, `/br`…), one command per kind of move, one option per
parameter. Options that name something are filled in by autocomplete from the player's legal
moves (narrowed by the options already given), so the suggestions are the rules; any other
value the rules accept can still be typed. A move declared `typed=False` (a secret choice)
gets no command: a command's options are shown to the whole channel.
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot.cogs import MAX_CHOICE_TEXT, MAX_CHOICES
from bot.service.table import TableError
from bot.ui.turns import Audit, audit, refuse, reading_of, run_action
from rules.core.engine import Game
from rules.core.errors import RuleViolation
from rules.core.moves import Kind, Move, Param, Pause, Reading

log = logging.getLogger("zagjan.commands")

Choices = list[app_commands.Choice[str]]
MAX_PLAN = 8  # moves one command may make in a row
SEPARATORS = r"[,;+]"  # between the values of a set of choices (`Kind.CHOICES`) as typed


def _option_type(param: Param) -> Any:
    if param.kind is Kind.FLAG:
        return bool
    if param.kind is Kind.NUMBER and param.read is None and not param.suggest:
        return float
    if param.kind is Kind.COUNT and param.read is None and not param.suggest:
        return int
    return str


def _annotation(param: Param) -> Any:
    """The option's type, with the parameter's bounds as Discord's own (so an out-of-range number is
    refused before it is sent), optional when the parameter is."""
    kind = _option_type(param)
    if param.bounds is not None and kind in (int, float):
        kind = app_commands.Range[kind, kind(param.bounds[0]), kind(param.bounds[1])]
    return kind if param.required else Optional[kind]  # noqa: UP007 (a Range is an object, not a type)


def _suggested(param: Param) -> bool:
    """Options filled from the legal moves: anything but yes/no, plain numbers and fixed choices."""
    return _option_type(param) is str and not (param.kind is Kind.CHOICE and len(param.choices) <= MAX_CHOICES)


def command_for(group: app_commands.Group, game: Game[Any, Any], move: Move,
                play: Callable[..., Coroutine[Any, Any, None]],
                suggest: Callable[..., Coroutine[Any, Any, Choices]]) -> app_commands.Command[Any, ..., None]:
    """One move's command: a callback whose signature is the move's parameters. An option keeps the
    parameter's own name in Discord (`from-line`, as typed in the terminal); the callback's argument
    is that name made a Python identifier, renamed back for Discord and read back for the rules."""
    params = sorted(move.params, key=lambda p: not p.required)  # Discord wants required options first
    named = {_identifier(p.name): p for p in params}
    py = {p.name: key for key, p in named.items()}

    async def callback(interaction: discord.Interaction[Any], **given: Any) -> None:
        await play(interaction, game, move, {named[key].name: value for key, value in given.items()})

    callback.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        *(inspect.Parameter(py[p.name], inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(p),
                            default=inspect.Parameter.empty if p.required else None) for p in params)])
    callback.__name__ = callback.__qualname__ = move.name.replace("-", "_")
    renamed = {key: p.name for key, p in named.items() if key != p.name}
    if renamed:
        app_commands.rename(**renamed)(callback)
    if params:
        app_commands.describe(**{py[p.name]: p.help[:100] for p in params})(callback)
    fixed = {py[p.name]: [app_commands.Choice(name=label[:100], value=value) for value, label in p.choices]
             for p in params if p.kind is Kind.CHOICE and p.choices and len(p.choices) <= MAX_CHOICES}
    if fixed:
        app_commands.choices(**fixed)(callback)
    suggestions = {py[p.name]: _suggester(suggest, game, move, p) for p in params if _suggested(p)}
    if suggestions:
        app_commands.autocomplete(**suggestions)(callback)
    return app_commands.Command(name=move.name, description=move.help[:100], callback=callback, parent=group)


def _identifier(name: str) -> str:
    """A parameter's name as a Python argument (`from-line` → `from_line`)."""
    return re.sub(r"\W", "_", name)


def _suggester(suggest: Callable[..., Coroutine[Any, Any, Choices]], game: Game[Any, Any], move: Move,
               param: Param) -> Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, Choices]]:
    async def complete(interaction: discord.Interaction[Any], current: str) -> Choices:
        return await suggest(interaction, game, move, param, current)
    return complete


class DeclaredCommands(commands.Cog):
    """The slash command groups of every game whose rules declare their moves."""

    def __init__(self, bot: Any, games: Sequence[Game[Any, Any]]) -> None:
        self.bot = bot
        self.groups: list[app_commands.Group] = []
        for game in games:
            book = game.moves
            assert book is not None
            group = app_commands.Group(name=book.group, description=(book.help or f"{game.title} moves")[:100],
                                       guild_only=True)
            for move in book.moves:
                if move.typed:
                    group.add_command(command_for(group, game, move, self.play, self.suggest))
            self.groups.append(group)

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)

    # -- a typed move ------------------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction[Any], game: Game[Any, Any], move: Move,
                   given: dict[str, Any]) -> None:
        """Read the options into a move against what the table shows, then make it like any click.
        With no such game running in the channel, the table refuses for the real reason."""
        book = game.moves
        assert book is not None
        async with audit(interaction, f"{book.group} {move.name}", acknowledge_first=True) as record:
            reading = await self._reading(interaction, game, record)
            if reading is None:
                return
            if move.plan is not None:
                await self._run_plan(interaction, record, game, move, given, reading)
                return
            try:
                action = move.build(given, reading)
            except RuleViolation as exc:
                record.result = "refused"
                await refuse(interaction, str(exc))
                return
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=game.slug)

    async def _reading(self, interaction: discord.Interaction[Any], game: Game[Any, Any],
                       record: Audit) -> Reading | None:
        try:
            snap = await self.bot.table.snapshot(interaction.channel_id)
        except TableError as exc:
            record.result = "refused"
            await refuse(interaction, str(exc))
            return None
        if snap.slug != game.slug and snap.status in ("lobby", "active"):
            record.result = "refused"
            await refuse(interaction, f"The game in this channel is {snap.title}; that command is for another game.")
            return None
        if snap.status != "active" or snap.public_view is None:
            record.result = "refused"
            await refuse(interaction, "That game is over." if snap.status == "finished" else
                         "The game has not started yet; its creator can start it with /game start.")
            return None
        return reading_of(snap)

    async def _run_plan(self, interaction: discord.Interaction[Any], record: Audit, game: Game[Any, Any],
                        move: Move, given: dict[str, Any], reading: Reading) -> None:
        """A command that is several moves in a row (roll the distance, then walk): the table reads
        each next move from the real state; each one applied is shown like any other."""
        player = str(interaction.user.id)
        for done in range(MAX_PLAN):
            try:
                action = await self.bot.table.planned(interaction.channel_id, player, move, given, reading, done)
            except Pause as exc:
                record.quiet = False  # the sentence is the answer: it stays
                await refuse(interaction, str(exc))
                return
            except (TableError, RuleViolation) as exc:
                record.result = "refused"
                await refuse(interaction, str(exc))
                return
            if action is None:
                return
            if await run_action(interaction, record, channel_id=interaction.channel_id, action=action,
                                slug=game.slug) is None:
                return

    # -- autocomplete ----------------------------------------------------------------------------------------
    async def suggest(self, interaction: discord.Interaction[Any], game: Game[Any, Any], move: Move, param: Param,
                      current: str) -> Choices:
        """The values of `param` among the player's legal moves of this kind that agree with the
        options already given."""
        try:
            snap = await self.bot.table.snapshot(interaction.channel_id)
            legal = await self.bot.table.legal_actions(interaction.channel_id, str(interaction.user.id))
        except TableError:
            return []
        if snap.slug != game.slug or snap.public_view is None:
            return []
        reading = reading_of(snap)
        if param.offers is not None:  # the rules name the suggestions (from the view, or several kinds)
            given = {p.name: str(v) for p in move.params
                     if p is not param and (v := getattr(interaction.namespace, p.name, None)) not in (None, "")}
            return _offered(param.offers(legal, reading, given), current)
        made = game.moves.of(param.makes) if param.makes and game.moves is not None else None
        source = made or move  # an option that makes another kind of action suggests from that kind
        actions = [a for a in legal if getattr(a, "type", None) == source.type]
        actions = _agreeing(actions, move, param, interaction, reading)
        if source.order is not None:
            actions = sorted(actions, key=lambda a: source.order(a, reading))  # type: ignore[misc]
        seen: dict[str, str] = {}
        for action in actions:
            value = param.value_of(action)
            if value is None or value == []:
                continue
            # a seat is sent by its id (names may repeat); typed, its name is read too
            token = str(value) if param.kind is Kind.PLAYER else param.token(value, reading)
            name = param.words(value, reading)
            if source.note is not None and len(source.params) == 1:
                extra = source.note(action, reading)
                name = f"{name} ({extra})" if extra else name
            seen.setdefault(token, name)
        if param.kind is Kind.CHOICES and re.search(SEPARATORS, current):
            seen = _adding(param, current, reading)
        typed = current.strip().casefold()
        choices = [app_commands.Choice(name=n[:MAX_CHOICE_TEXT], value=v[:MAX_CHOICE_TEXT]) for v, n in seen.items()]
        matching = [c for c in choices if typed in c.name.casefold() or c.value.casefold().startswith(typed)]
        return (matching or choices)[:MAX_CHOICES]


def _adding(param: Param, current: str, reading: Reading) -> dict[str, str]:
    """A set of choices half typed (`moar_boar, ea`): what is typed so far with each choice not in it
    yet added, by what it is typed as and what it reads as; nothing when what is typed cannot be read."""
    *head, last = re.split(SEPARATORS, current)
    try:
        chosen = list(param.parse(",".join(head), reading)) if any(h.strip() for h in head) else []
    except RuleViolation:
        return {}
    if param.most is not None and len(chosen) >= param.most:
        return {param.token(chosen, reading): param.words(chosen, reading)}
    start = last.strip().casefold()
    more = [v for v, label in param.choices
            if v not in chosen and (label.casefold().startswith(start) or v.casefold().startswith(start))]
    return {param.token([*chosen, v], reading): param.words([*chosen, v], reading) for v in more}


def _offered(pairs: Sequence[tuple[str, str]], current: str) -> Choices:
    """A move's own suggestions, (value, name) each, narrowed to what is being typed."""
    typed = current.strip().casefold()
    choices = [app_commands.Choice(name=n[:MAX_CHOICE_TEXT], value=v[:MAX_CHOICE_TEXT])
               for v, n in dict.fromkeys(pairs)]
    matching = [c for c in choices if typed in c.name.casefold() or c.value.casefold().startswith(typed)]
    return (matching or choices)[:MAX_CHOICES]


def _agreeing(actions: list[BaseModel], move: Move, param: Param, interaction: discord.Interaction[Any],
              reading: Reading) -> list[BaseModel]:
    """Only the actions that match the other options already filled in (all of them when none does),
    matched as the terminal matches them (`Param.agrees`: a number by its value, 90 as 90.0)."""
    narrowed = actions
    for other in move.params:
        if other is param:
            continue
        given = getattr(interaction.namespace, other.name, None)
        if given is None or given == "":
            continue
        kept = [a for a in narrowed if other.agrees(other.value_of(a), given, reading)]
        narrowed = kept or narrowed
    return narrowed


async def setup(bot: Any) -> None:
    games = [g for g in bot.table.games.values() if g.moves is not None]
    await bot.add_cog(DeclaredCommands(bot, games))
