"""`/fp …`: every Flying Pigs decision as a slash command, with autocomplete from the legal moves.

The buttons and menus under each board do the same; the commands take what menus cannot
hold (any bearing, any point on the board) and suit players who prefer typing. Models are
named by their ids as the board shows them ("1a", "2p"); autocomplete lists only what
`legal_actions` allows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot.app import ZagjanBot
from bot.table import TableError
from bot.games.flying_pigs.controls import model_name
from bot.ui.turns import audit, refuse, run_action
from bot.ui.typed import parse_points
from rules.core.errors import RuleViolation
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    FlyingPigsView,
    GreaseToss,
    MoveTo,
    MoveToward,
    TossPig,
)

SLUG = "flying-pigs"
Choices = list[app_commands.Choice[str]]
STANCES = [app_commands.Choice(name="Shove", value="shove"), app_commands.Choice(name="Shoo!", value="shoo"),
           app_commands.Choice(name="Fire it up!", value="fire")]


def model_id(text: str) -> str:
    """A model as typed ("1A ", "2p") in the form the rules use."""
    return text.strip().lower()


class FlyingPigsCommands(commands.Cog):
    """The decisions of Flying Pigs, for whoever the game is waiting for."""

    fp = app_commands.Group(name="fp", description="Flying Pigs: move, toss grease, act, react.", guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot

    async def _play(self, interaction: discord.Interaction[Any], command: str, action: dict[str, Any]) -> None:
        async with audit(interaction, command, acknowledge_first=True) as record:
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    async def _legal(self, interaction: discord.Interaction[Any]) -> list[BaseModel]:
        return await self.bot.table.legal_actions(interaction.channel_id, str(interaction.user.id))

    async def _view(self, interaction: discord.Interaction[Any]) -> FlyingPigsView | None:
        try:
            view = (await self.bot.table.snapshot(interaction.channel_id)).public_view
        except TableError:
            return None
        return view if isinstance(view, FlyingPigsView) else None

    async def _orcs(self, interaction: discord.Interaction[Any], current: str, kinds: tuple[type, ...]) -> Choices:
        orcs = dict.fromkeys(str(a.orc) for a in await self._legal(interaction) if isinstance(a, kinds))
        typed = model_id(current)
        return [app_commands.Choice(name=f"Orc {o}", value=o) for o in orcs if o.startswith(typed)][:25]

    async def _targets(self, interaction: discord.Interaction[Any], current: str, kind: type,
                       pick: Callable[[Any], str]) -> Choices:
        orc = model_id(str(getattr(interaction.namespace, "orc", "") or ""))
        legal = [a for a in await self._legal(interaction) if isinstance(a, kind)]
        targets = dict.fromkeys(pick(a) for a in legal if not orc or a.orc == orc)
        view = await self._view(interaction)
        typed = current.strip().casefold()
        out = [app_commands.Choice(name=(model_name(view, t) if view else t)[:100], value=t) for t in targets]
        return [c for c in out if typed in c.name.casefold() or c.value.startswith(typed)][:25] or out[:25]

    @fp.command(name="deploy", description="Deploy your next Orc on the Pigsty's edge at a bearing from the centre.")
    @app_commands.describe(angle="Degrees from the centre: 0 east, 90 north, 180 west, 270 south")
    async def deploy(self, interaction: discord.Interaction[Any], angle: float) -> None:
        await self._play(interaction, "fp deploy", {"type": "deploy", "angle": angle % 360.0})

    @fp.command(name="toss", description="Toss your Pig from beside one of your Orcs.")
    @app_commands.describe(orc="The Orc your Pig starts beside",
                           side="Which side of the Orc, in degrees (0 east, 90 north); empty: the side facing the "
                                "centre")
    async def toss(self, interaction: discord.Interaction[Any], orc: str, side: float | None = None) -> None:
        action: dict[str, Any] = {"type": "toss-pig", "orc": model_id(orc)}
        if side is not None:
            action["side"] = side % 360.0
        await self._play(interaction, "fp toss", action)

    @toss.autocomplete("orc")
    async def _toss_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orcs(interaction, current, (TossPig,))

    @fp.command(name="move", description="Step 2: walk an Orc to a point (x, y in inches), round things by "
                                         "turning points.")
    @app_commands.describe(orc="Your Orc", x="Inches from the left edge", y="Inches from the bottom edge",
                           via="Turning points on the way, in order, like 20,31.6; 22,33 (each leg is straight)")
    async def move(self, interaction: discord.Interaction[Any], orc: str, x: float, y: float,
                   via: str | None = None) -> None:
        action: dict[str, Any] = {"type": "move", "orc": model_id(orc), "x": x, "y": y}
        if via and via.strip():
            try:
                action["via"] = [list(p) for p in parse_points(via)]
            except RuleViolation as problem:
                async with audit(interaction, "fp move") as record:
                    record.result = "refused"
                    await refuse(interaction, str(problem))
                return
        await self._play(interaction, "fp move", action)

    @fp.command(name="toward", description="Step 2: walk an Orc straight at a model, stopping 1\" short.")
    @app_commands.describe(orc="Your Orc", target="The model to walk toward")
    async def toward(self, interaction: discord.Interaction[Any], orc: str, target: str) -> None:
        await self._play(interaction, "fp toward",
                         {"type": "move-toward", "orc": model_id(orc), "target": model_id(target)})

    @move.autocomplete("orc")
    async def _move_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orcs(interaction, current, (MoveTo, MoveToward))

    @toward.autocomplete("orc")
    async def _toward_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orcs(interaction, current, (MoveToward,))

    @toward.autocomplete("target")
    async def _toward_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._targets(interaction, current, MoveToward, lambda a: a.target)

    @fp.command(name="grease", description="Step 3: toss grease from an Orc at a model within 10\".")
    @app_commands.describe(orc="Your Orc", target="The model to grease")
    async def grease(self, interaction: discord.Interaction[Any], orc: str, target: str) -> None:
        await self._play(interaction, "fp grease",
                         {"type": "grease", "orc": model_id(orc), "target": model_id(target)})

    @grease.autocomplete("orc")
    async def _grease_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orcs(interaction, current, (GreaseToss,))

    @grease.autocomplete("target")
    async def _grease_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._targets(interaction, current, GreaseToss, lambda a: a.target)

    @fp.command(name="action", description="Step 4: Shove, Shoo! or Fire it up! for one of your Orcs.")
    @app_commands.describe(orc="Your Orc", action="What it gets ready to do until your next Step 4")
    @app_commands.choices(action=STANCES)
    async def action(self, interaction: discord.Interaction[Any], orc: str,
                     action: app_commands.Choice[str]) -> None:
        await self._play(interaction, "fp action", {"type": "stance", "orc": model_id(orc), "stance": action.value})

    @action.autocomplete("orc")
    async def _action_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orcs(interaction, current, (ChooseStance,))

    @fp.command(name="done", description="Finish the current step (Movement, Grease Toss or Action).")
    async def done(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "fp done", {"type": "done"})

    @fp.command(name="react", description="Answer a reaction you are offered: use it, or let it pass.")
    @app_commands.describe(use="True to use it, False to let it pass")
    async def react(self, interaction: discord.Interaction[Any], use: bool) -> None:
        await self._play(interaction, "fp react", {"type": "react", "use": use})


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(FlyingPigsCommands(bot))
