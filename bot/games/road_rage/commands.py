"""`/rr …`: every Road Rage decision as a slash command (the buttons under each board do the same)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ZagjanBot
from bot.ui.turns import audit, refuse, run_action
from bot.ui.typed import parse_point, parse_points
from rules.core.errors import RuleViolation
from rules.orclympics.road_rage.chariots import CHARIOT_UPGRADES, DRIVER_UPGRADES
from rules.orclympics.road_rage.circuits import READY

SLUG = "road-rage"
DRIVERS = [app_commands.Choice(name=u.name, value=u.key) for u in DRIVER_UPGRADES.values()]
CIRCUITS = [app_commands.Choice(name=name.title(), value=name) for name in (*sorted(READY), "random", "custom")]
TURN = [app_commands.Choice(name="left", value=1), app_commands.Choice(name="right", value=-1)]


def upgrade_keys(text: str) -> list[str]:
    """Chariot Upgrades as typed: their keys or names, separated by commas."""
    names = {u.name.casefold(): u.key for u in CHARIOT_UPGRADES.values()}
    found = []
    for part in (p.strip() for p in re.split(r"[,;]+", text) if p.strip()):
        found.append(names.get(part.casefold(), part.casefold().replace(" ", "_").replace("'", "")))
    return found


class RoadRageCommands(commands.Cog):
    """The decisions of Road Rage, for whoever the race is waiting for."""

    rr = app_commands.Group(name="rr", description="Road Rage: build, drive, ram, play dirty.", guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot

    async def _play(self, interaction: discord.Interaction[Any], command: str, action: dict[str, Any]) -> None:
        async with audit(interaction, command, acknowledge_first=True) as record:
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    @rr.command(name="build", description="Build your Chariot: a Driver Upgrade and up to three Chariot Upgrades.")
    @app_commands.describe(upgrades="Chariot Upgrades separated by commas, like Moar Boar, 'Eavy Wheels")
    @app_commands.choices(driver=DRIVERS)
    async def build(self, interaction: discord.Interaction[Any], driver: app_commands.Choice[str],
                    upgrades: str | None = None) -> None:
        await self._play(interaction, "rr build",
                         {"type": "build", "driver": driver.value, "upgrades": upgrade_keys(upgrades or "")})

    @rr.command(name="race", description="Choose the Circuit (custom: draw it yourself), the laps (0: roll D3+2), "
                                         "the board.")
    @app_commands.choices(circuit=CIRCUITS, board=[app_commands.Choice(name='36"', value=36),
                                                   app_commands.Choice(name='48"', value=48)])
    async def race(self, interaction: discord.Interaction[Any], circuit: app_commands.Choice[str],
                   laps: app_commands.Range[int, 0, 5] = 0, board: app_commands.Choice[int] | None = None) -> None:
        await self._play(interaction, "rr race", {"type": "race", "circuit": circuit.value, "laps": laps,
                                                  "board": float(board.value if board else 36)})

    @rr.command(name="gate", description="A circuit of your own: Checkpoint 1, 2 or 3 between two posts.")
    @app_commands.describe(number="1, 2 or 3 (3 is the Goal)", posts="The two posts as x,y; x,y like 24,1; 24,10")
    async def gate(self, interaction: discord.Interaction[Any], number: app_commands.Range[int, 1, 3],
                   posts: str) -> None:
        try:
            a, b = parse_points(posts)
        except (RuleViolation, ValueError):
            async with audit(interaction, "rr gate") as record:
                record.result = "refused"
                await refuse(interaction, "Give the two posts as x,y; x,y, like 24,1; 24,10.")
            return
        await self._play(interaction, "rr gate", {"type": "gate", "number": number, "a": list(a), "b": list(b)})

    @rr.command(name="terrain", description="A circuit of your own: an impassable Terrain Feature.")
    @app_commands.describe(at="Its centre as x,y", width="Inches (default 2)", height="Inches (default 2)")
    async def terrain(self, interaction: discord.Interaction[Any], at: str, width: float = 2.0,
                      height: float = 2.0) -> None:
        try:
            x, y = parse_point(at)
        except RuleViolation as problem:
            async with audit(interaction, "rr terrain") as record:
                record.result = "refused"
                await refuse(interaction, str(problem))
            return
        await self._play(interaction, "rr terrain", {"type": "terrain", "x": x, "y": y, "width": width,
                                                     "height": height})

    @rr.command(name="drawn", description="A circuit of your own: it is finished.")
    async def drawn(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "rr drawn", {"type": "circuit_done"})

    @rr.command(name="cell", description="Line up on a cell of the Starting Line.")
    async def cell(self, interaction: discord.Interaction[Any], cell: app_commands.Range[int, 1, 4]) -> None:
        await self._play(interaction, "rr cell", {"type": "cell", "cell": cell - 1})

    @rr.command(name="speed", description="Speed Change: +1 or -1 Current Speed (before moving).")
    async def speed(self, interaction: discord.Interaction[Any], up: bool) -> None:
        await self._play(interaction, "rr speed", {"type": "speed", "delta": 1 if up else -1})

    @rr.command(name="pivot", description="A 45° Pivot.")
    @app_commands.choices(way=TURN)
    async def pivot(self, interaction: discord.Interaction[Any], way: app_commands.Choice[int]) -> None:
        await self._play(interaction, "rr pivot", {"type": "pivot", "turn": way.value})

    @rr.command(name="outta", description="Outta da way!: one more Speed Change or Pivot past your Agility.")
    @app_commands.choices(what=[app_commands.Choice(name=n, value=v) for n, v in (
        ("speed up", "s1"), ("slow down", "s-1"), ("pivot left", "t1"), ("pivot right", "t-1"))])
    async def outta(self, interaction: discord.Interaction[Any], what: app_commands.Choice[str]) -> None:
        field = "speed" if what.value.startswith("s") else "turn"
        await self._play(interaction, "rr outta", {"type": "outta", field: int(what.value[1:])})

    @rr.command(name="tricks", description="Dirty Tricks on the nearest enemy Chariot within 3\".")
    @app_commands.choices(effect=[app_commands.Choice(name="its Driver Skill", value="skill"),
                                  app_commands.Choice(name="both lose a Chassis Point", value="chassis")])
    async def tricks(self, interaction: discord.Interaction[Any], effect: app_commands.Choice[str]) -> None:
        await self._play(interaction, "rr tricks", {"type": "tricks", "effect": effect.value})

    @rr.command(name="go", description="Move the next 3\" increment straight ahead.")
    async def go(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "rr go", {"type": "advance"})

    @rr.command(name="end", description="End your Player Turn (after the full move).")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "rr end", {"type": "end"})

    @rr.command(name="ram", description="In a collision: add your Agility (dodge) or your Chassis Points (ram).")
    @app_commands.choices(stat=[app_commands.Choice(name="Agility", value="agility"),
                                app_commands.Choice(name="Chassis Points", value="chassis")])
    async def ram(self, interaction: discord.Interaction[Any], stat: app_commands.Choice[str]) -> None:
        await self._play(interaction, "rr ram", {"type": "ram_stat", "stat": stat.value})

    @rr.command(name="escape", description="You won the collision roll: Escape! (True) or Take the hit! (False).")
    async def escape(self, interaction: discord.Interaction[Any], escape: bool) -> None:
        await self._play(interaction, "rr escape", {"type": "escape", "escape": escape})

    @rr.command(name="free", description="Your free 45° Pivot after a collision (or keep straight).")
    @app_commands.choices(way=[*TURN, app_commands.Choice(name="straight", value=0)])
    async def free(self, interaction: discord.Interaction[Any], way: app_commands.Choice[int]) -> None:
        await self._play(interaction, "rr free", {"type": "free_pivot", "turn": way.value})


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(RoadRageCommands(bot))
