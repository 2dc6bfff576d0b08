"""`/mf …`: every Masters' Fight move as a slash command, with autocomplete from the legal moves.

The buttons under each board do the same; the commands are there for what the
buttons cannot hold (more than 25 destinations) and for players who prefer typing.
Autocomplete offers only what `legal_actions` allows, so the suggestions are the rules.
"""

from __future__ import annotations

import re

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot.app import ZagjanBot
from bot.table import TableError
from bot.ui.turns import audit, refuse, run_action
from rules.core.engine import Seat
from rules.core.errors import RuleViolation
from rules.core.grid import parse_square
from rules.orclympics.masters_fight.models import Deploy, DropItem, Jump, Move, Smash, Stomp

SLUG = "masters-fight"
Choices = list[app_commands.Choice[str]]


def resolve_target(text: str, seats: Sequence[Seat]) -> str:
    """A target as autocomplete sends it (a player id) or as a player types it (a seat name)."""
    wanted = text.strip()
    for seat in seats:
        if seat.player == wanted:
            return seat.player
    matches = [s.player for s in seats if s.name.casefold() == wanted.casefold()]
    if len(matches) == 1:
        return matches[0]
    raise RuleViolation(f"There is no Orc called '{wanted}' in this fight; pick one from the list.")


def _square_choices(squares: Sequence[str], typed: str) -> Choices:
    typed = typed.strip().lower()
    picked = [s for s in dict.fromkeys(squares) if s.startswith(typed)] or list(dict.fromkeys(squares))
    return [app_commands.Choice(name=s, value=s) for s in picked[:25]]


class MastersFightCommands(commands.Cog):
    """The moves of Masters' Fight, for the player whose Orc is active."""

    mf = app_commands.Group(name="mf", description="Masters' Fight moves for your Orc.", guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot

    # -- the shared path ------------------------------------------------------------------
    async def _play(self, interaction: discord.Interaction[Any], command: str, action: dict[str, Any]) -> None:
        async with audit(interaction, command, acknowledge_first=True) as record:
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    async def _play_with(self, interaction: discord.Interaction[Any], command: str, build: Any) -> None:
        """Like `_play`, for moves whose arguments need checking first (squares, targets)."""
        async with audit(interaction, command, acknowledge_first=True) as record:
            try:
                seats = (await self.bot.table.snapshot(interaction.channel_id)).seats
                action = build(seats)
            except (TableError, RuleViolation) as exc:
                record.result = "refused"
                await refuse(interaction, str(exc))
                return
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    async def _legal(self, interaction: discord.Interaction[Any]) -> list[BaseModel]:
        return await self.bot.table.legal_actions(interaction.channel_id, str(interaction.user.id))

    async def _names(self, interaction: discord.Interaction[Any]) -> dict[str, str]:
        try:
            snap = await self.bot.table.snapshot(interaction.channel_id)
        except TableError:
            return {}
        return {s.player: s.name for s in snap.seats}

    async def _target_choices(self, interaction: discord.Interaction[Any], typed: str,
                              targets: Sequence[str]) -> Choices:
        names = await self._names(interaction)
        typed = typed.strip().casefold()
        out = [app_commands.Choice(name=names.get(t, t), value=t) for t in dict.fromkeys(targets)]
        return [c for c in out if c.name.casefold().startswith(typed)][:25] or out[:25]

    # -- commands -----------------------------------------------------------------------------
    @mf.command(name="deploy", description="Put your Orc on an empty square at the start of the fight.")
    @app_commands.describe(square="An empty square, like c4")
    async def deploy(self, interaction: discord.Interaction[Any], square: str) -> None:
        await self._play_with(interaction, "mf deploy",
                              lambda seats: {"type": "deploy", "square": parse_square(square)})

    @deploy.autocomplete("square")
    async def _deploy_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return _square_choices([a.square for a in await self._legal(interaction) if isinstance(a, Deploy)],
                               current)

    @mf.command(name="move", description="Move your Orc (a new Move action starts when you have no squares left).")
    @app_commands.describe(to="The square to move to, like d5",
                           via="Squares to pass on the way, in order, like c4 d4 (to climb a Platform on purpose)")
    async def move(self, interaction: discord.Interaction[Any], to: str, via: str | None = None) -> None:
        def build(seats: Any) -> dict[str, Any]:
            route = [parse_square(s) for s in re.split(r"[\s,;→>]+", via or "") if s]
            return {"type": "move", "to": parse_square(to), "via": route}
        await self._play_with(interaction, "mf move", build)

    @move.autocomplete("to")
    async def _move_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return _square_choices([a.to for a in await self._legal(interaction) if isinstance(a, Move)], current)

    @mf.command(name="recover", description="Try to get up when Knocked Down (2+ on a D6).")
    async def recover(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "mf recover", {"type": "recover"})

    @mf.command(name="grab", description="Pick up the Item on your square.")
    async def grab(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "mf grab", {"type": "grab"})

    @mf.command(name="drop", description="Choose the adjacent square where your dropped Item lands.")
    @app_commands.describe(square="An adjacent square, like e3")
    async def drop(self, interaction: discord.Interaction[Any], square: str) -> None:
        await self._play_with(interaction, "mf drop", lambda seats: {"type": "drop", "square": parse_square(square)})

    @drop.autocomplete("square")
    async def _drop_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return _square_choices([a.square for a in await self._legal(interaction) if isinstance(a, DropItem)],
                               current)

    @mf.command(name="smash", description="Smash an Orc in reach (or throw your Throwing Axe).")
    @app_commands.describe(target="The Orc to smash", throw_axe="Throw your Throwing Axe (range 4, one use)")
    async def smash(self, interaction: discord.Interaction[Any], target: str, throw_axe: bool = False) -> None:
        await self._play_with(interaction, "mf smash", lambda seats: {
            "type": "smash", "target": resolve_target(target, seats), "throw_axe": throw_axe})

    @smash.autocomplete("target")
    async def _smash_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        axe = bool(getattr(interaction.namespace, "throw_axe", False))
        legal = [a for a in await self._legal(interaction) if isinstance(a, Smash)]
        return await self._target_choices(
            interaction, current, [a.target for a in legal if a.throw_axe == axe] or [a.target for a in legal])

    @mf.command(name="stomp", description="Stomp a Knocked Down Orc next to you (+1 on the Smash Table).")
    @app_commands.describe(target="The Knocked Down Orc to stomp")
    async def stomp(self, interaction: discord.Interaction[Any], target: str) -> None:
        await self._play_with(interaction, "mf stomp",
                              lambda seats: {"type": "stomp", "target": resolve_target(target, seats)})

    @stomp.autocomplete("target")
    async def _stomp_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._target_choices(
            interaction, current, [a.target for a in await self._legal(interaction) if isinstance(a, Stomp)])

    @mf.command(name="jump", description="Leap from your Platform onto a square and smash an Orc from there.")
    @app_commands.describe(to="The landing square", target="The Orc to smash after landing")
    async def jump(self, interaction: discord.Interaction[Any], to: str, target: str) -> None:
        await self._play_with(interaction, "mf jump", lambda seats: {
            "type": "jump", "to": parse_square(to), "target": resolve_target(target, seats)})

    @jump.autocomplete("to")
    async def _jump_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        chosen = getattr(interaction.namespace, "target", None)
        jumps = [a for a in await self._legal(interaction) if isinstance(a, Jump)]
        return _square_choices([a.to for a in jumps if not chosen or a.target == chosen] or [a.to for a in jumps],
                               current)

    @jump.autocomplete("target")
    async def _jump_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        landing = (getattr(interaction.namespace, "to", None) or "").strip().lower()
        jumps = [a for a in await self._legal(interaction) if isinstance(a, Jump)]
        return await self._target_choices(
            interaction, current,
            [a.target for a in jumps if not landing or a.to == landing] or [a.target for a in jumps])

    @mf.command(name="helmet", description="A Proper fightin' hits you: spend your Helmet to make it a Smash!, or keep it.")
    @app_commands.describe(use="True to spend the Helmet on this blow, False to keep it")
    async def helmet(self, interaction: discord.Interaction[Any], use: bool) -> None:
        await self._play(interaction, "mf helmet", {"type": "helmet", "use": use})

    @mf.command(name="fury", description="Feral Fury: take (or pass on) the second strike at Combat Skill 5.")
    @app_commands.describe(strike="True to strike again, False to hold back")
    async def fury(self, interaction: discord.Interaction[Any], strike: bool) -> None:
        await self._play(interaction, "mf fury", {"type": "fury", "strike": strike})

    @mf.command(name="end", description="End your Orc's activation now.")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "mf end", {"type": "end"})


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(MastersFightCommands(bot))
