"""`/timber …`: every Timber! action as a slash command, with autocomplete from the legal actions.

The buttons and menus under each board do the same; the commands are there for what
the menus cannot hold (the Boar's many runs, any deployment pair) and for players who
prefer typing. Autocomplete offers only what `legal_actions` allows, so the suggestions
are the rules. The Orc can be left out whenever only one of yours could do the action.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot.app import ZagjanBot
from bot.table import Snapshot, TableError
from bot.ui.turns import audit, refuse, run_action
from rules.core.errors import RuleViolation
from rules.core.grid import COMPASS, parse_square, xy
from rules.orclympics.timber.models import (
    BoarPath,
    Deploy,
    Distribute,
    EscapeTo,
    FellToward,
    Gather,
    GatherOrcy,
    Leave,
    Move,
    OpenWay,
    PickWood,
    PushTo,
    ShareWood,
    Shove,
    TimberState,
)

SLUG = "timber"
Choices = list[app_commands.Choice[str]]
Build = Callable[[TimberState, str, list[BaseModel]], dict[str, Any]]

COMPASS_HINTS = {"N": "toward rank 8", "NE": "toward h8", "E": "toward file h", "SE": "toward h1",
                 "S": "toward rank 1", "SW": "toward a1", "W": "toward file a", "NW": "toward a8"}
COMPASS_CHOICES = [app_commands.Choice(name=f"{d} ({COMPASS_HINTS[d]})", value=d) for d in COMPASS]


# -- reading what players type ----------------------------------------------------------------------


def parse_path(text: str) -> list[str]:
    """'d4 e5 f5', 'd4,e5,f5' or 'd4 → e5 → f5' as the Boar's run (without its starting square)."""
    words = [w for w in re.split(r"[\s,;>→-]+", text.strip()) if w]
    if not words:
        raise RuleViolation("Name the squares the Boar runs through, in order, like d4 e5 f5.")
    return [parse_square(w) for w in words]


def parse_split(text: str) -> tuple[int, int]:
    """'3/1', '3 1' or '3-1': Action Tokens for Orc #1 and Orc #2."""
    numbers = re.findall(r"\d+", text)
    if len(numbers) != 2:
        raise RuleViolation("Give the tokens of both Orcs, #1 first, like 3/1.")
    return int(numbers[0]), int(numbers[1])


def resolve_orc(text: str | None, state: TimberState, player: str, candidates: Sequence[str]) -> str:
    """One of `player`'s Orcs, as autocomplete sends it (an id), as a player types it ('1', '#2',
    its name), or left out when only one Orc (`candidates`) could do the action."""
    own = [o for o in state.orcs.values() if o.player == player]
    if text is None or not text.strip():
        able = list(dict.fromkeys(candidates))
        if len(able) == 1:
            return able[0]
        if len(able) > 1:
            raise RuleViolation("Both your Orcs could do that: say which with the orc option.")
        acting = state.current.acting if state.current else None
        in_forest = [o.id for o in own if o.square is not None]
        # Nobody can: name one anyway so the rules say why not.
        return acting if acting in in_forest else (in_forest or [f"{player}:1"])[0]
    wanted = text.strip()
    for orc in own:
        if wanted in (orc.id, orc.id.rpartition(":")[2], f"#{orc.id.rpartition(':')[2]}") \
                or orc.name.casefold() == wanted.casefold():
            return orc.id
    raise RuleViolation(f"You have no Orc called '{wanted}'; pick one of yours from the list.")


def resolve_enemy(text: str, state: TimberState, player: str) -> str:
    """An enemy Orc by id (from autocomplete) or by name ('bob #1')."""
    wanted = text.strip()
    for orc in state.orcs.values():
        if orc.player != player and (orc.id == wanted or orc.name.casefold() == wanted.casefold()):
            return orc.id
    raise RuleViolation(f"There is no enemy Orc called '{wanted}'; pick one from the list.")


def _square_choices(squares: Iterable[str], typed: str) -> Choices:
    unique = list(dict.fromkeys(squares))
    typed = typed.strip().lower()
    picked = [s for s in unique if s.startswith(typed)] or unique
    return [app_commands.Choice(name=s, value=s) for s in picked[:25]]


def _matching(choices: Choices, typed: str) -> Choices:
    typed = typed.strip().casefold()
    return ([c for c in choices if c.name.casefold().startswith(typed) or c.value.casefold().startswith(typed)]
            or choices)[:25]


def _filled(interaction: discord.Interaction[Any], name: str) -> str:
    value = getattr(interaction.namespace, name, None)
    return value.strip() if isinstance(value, str) else ""


class TimberCommands(commands.Cog):
    """The moves of Timber!, for whoever the game is waiting for."""

    timber = app_commands.Group(name="timber", description="Timber! moves for your Orcs.", guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot

    # -- the shared path ------------------------------------------------------------------------
    async def _play(self, interaction: discord.Interaction[Any], command: str, build: Build) -> None:
        """Turn the command into an action against the current state, then apply it like any click.

        When the channel has no running Timber! game there is nothing to read names or squares
        against; the table is then handed a bare action and refuses it for the real reason
        (another game, not started, over), worded as everywhere else.
        """
        async with audit(interaction, command, acknowledge_first=True) as record:
            player = str(interaction.user.id)
            snap = await self.bot.table.snapshot(interaction.channel_id)
            action: dict[str, Any] = {"type": "end-turn"}
            state = _live_state(snap)
            if state is not None:
                waiting = _dodge_wait(state, player)
                if waiting:
                    record.result = "refused"
                    await refuse(interaction, waiting)
                    return
                try:
                    action = build(state, player, await self._legal(interaction))
                except RuleViolation as exc:
                    record.result = "refused"
                    await refuse(interaction, str(exc))
                    return
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    async def _legal(self, interaction: discord.Interaction[Any]) -> list[BaseModel]:
        return await self.bot.table.legal_actions(interaction.channel_id, str(interaction.user.id))

    async def _state(self, interaction: discord.Interaction[Any]) -> TimberState | None:
        try:
            return _live_state(await self.bot.table.snapshot(interaction.channel_id))
        except TableError:
            return None

    async def _orc_choices(self, interaction: discord.Interaction[Any], typed: str, orcs: Iterable[str]) -> Choices:
        state = await self._state(interaction)
        if state is None:
            return []
        tokens = state.current.tokens if state.current else {}
        choices = []
        for orc_id in dict.fromkeys(orcs):
            orc = state.orcs[orc_id]
            choices.append(app_commands.Choice(
                name=f"{orc.name} ({orc.square}, {tokens.get(orc_id, 0)} token(s), {orc.wood} Wood)", value=orc_id))
        return _matching(choices, typed)

    async def _orc_filter(self, interaction: discord.Interaction[Any]) -> Callable[[str], bool]:
        """Whether an Orc matches what is already filled in the orc option (anything, if empty)."""
        typed = _filled(interaction, "orc")
        state = await self._state(interaction)
        if not typed or state is None:
            return lambda orc: True
        try:
            chosen = resolve_orc(typed, state, str(interaction.user.id), [])
        except RuleViolation:
            return lambda orc: True
        return lambda orc: orc == chosen

    # -- IV.3 deployment -------------------------------------------------------------------------
    @timber.command(name="deploy", description="Put both your Orcs on two free edge squares that share a side.")
    @app_commands.describe(first="The square for your Orc #1, like a4", second="The square for your Orc #2, like a5")
    async def deploy(self, interaction: discord.Interaction[Any], first: str, second: str) -> None:
        await self._play(interaction, "timber deploy", lambda state, player, legal: {
            "type": "deploy", "first": parse_square(first), "second": parse_square(second)})

    @deploy.autocomplete("first")
    async def _deploy_first(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return _square_choices([a.first for a in await self._legal(interaction) if isinstance(a, Deploy)], current)

    @deploy.autocomplete("second")
    async def _deploy_second(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        first = _filled(interaction, "first").lower()
        pairs = [a for a in await self._legal(interaction) if isinstance(a, Deploy)]
        return _square_choices([a.second for a in pairs if a.first == first] or [a.second for a in pairs], current)

    # -- IV.4.2.1 Action Tokens -------------------------------------------------------------------
    @timber.command(name="tokens", description="Split your 4 Action Tokens between your Orcs (at most 3 each).")
    @app_commands.describe(split="Tokens for Orc #1 and Orc #2, like 3/1")
    async def tokens(self, interaction: discord.Interaction[Any], split: str) -> None:
        def build(state: TimberState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            first, second = parse_split(split)
            given = {f"{player}:1": first, f"{player}:2": second}
            return {"type": "distribute", "tokens": {orc: n for orc, n in given.items() if n}}
        await self._play(interaction, "timber tokens", build)

    @tokens.autocomplete("split")
    async def _splits(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        player = str(interaction.user.id)
        if state is None:
            return []
        choices = []
        for action in (a for a in await self._legal(interaction) if isinstance(a, Distribute)):
            first, second = action.tokens.get(f"{player}:1", 0), action.tokens.get(f"{player}:2", 0)
            names = ", ".join(f"{state.orcs[o].name} {n}" for o, n in action.tokens.items())
            choices.append(app_commands.Choice(name=f"{first}/{second} — {names}", value=f"{first}/{second}"))
        return _matching(choices, current)

    # -- IV.4.2.2 the Wild Boar --------------------------------------------------------------------
    @timber.command(name="boar", description="Run the Wild Boar: name its path, or leave it out to let it run wild.")
    @app_commands.describe(path="The squares it runs through, in order, like d4 e5 f5 (empty: a random legal run)")
    async def boar(self, interaction: discord.Interaction[Any], path: str | None = None) -> None:
        await self._play(interaction, "timber boar", lambda state, player, legal: (
            {"type": "boar", "path": parse_path(path)} if path and path.strip() else {"type": "boar-random"}))

    @boar.autocomplete("path")
    async def _boar_paths(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        if state is None:
            return []
        at = {o.square: o.name for o in state.orcs.values() if o.square}
        runs = [a.path for a in await self._legal(interaction) if isinstance(a, BoarPath)]
        runs.sort(key=lambda p: (-sum(s in at for s in p), p))
        typed = " ".join(re.split(r"[\s,;>→-]+", current.strip().lower())).strip()
        picked = [p for p in runs if " ".join(p).startswith(typed)] or runs
        choices = []
        for path in picked[:25]:
            hit = [at[s] for s in path if s in at]
            name = " → ".join([state.boar, *path]) + (f" (tramples {', '.join(hit)})" if hit else "")
            choices.append(app_commands.Choice(name=name[:100], value=" ".join(path)))
        return choices

    # -- IV.4.2.3 the Orcs' actions ------------------------------------------------------------------
    @timber.command(name="move", description="Move an Orc one square up, down, left or right (1 token).")
    @app_commands.describe(to="A free square sharing a side with the Orc's", orc="Which of your Orcs")
    async def move(self, interaction: discord.Interaction[Any], to: str, orc: str | None = None) -> None:
        def build(state: TimberState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            square = parse_square(to)
            able = [a.orc for a in legal if isinstance(a, Move) and a.to == square]
            return {"type": "move", "orc": resolve_orc(orc, state, player, able), "to": square}
        await self._play(interaction, "timber move", build)

    @move.autocomplete("to")
    async def _move_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        mine = await self._orc_filter(interaction)
        moves = [a for a in await self._legal(interaction) if isinstance(a, Move)]
        return _square_choices(sorted({a.to for a in moves if mine(a.orc)}, key=_reading), current)

    @move.autocomplete("orc")
    async def _move_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        to = _filled(interaction, "to").lower()
        moves = [a for a in await self._legal(interaction) if isinstance(a, Move)]
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in moves if not to or a.to == to] or [a.orc for a in moves])

    @timber.command(name="leave", description="Run out of the Forest from an edge square with your Wood (turn 5 on).")
    @app_commands.describe(orc="Which of your Orcs")
    async def leave(self, interaction: discord.Interaction[Any], orc: str | None = None) -> None:
        await self._play(interaction, "timber leave", lambda state, player, legal: {
            "type": "leave", "orc": resolve_orc(orc, state, player, [a.orc for a in legal if isinstance(a, Leave)])})

    @leave.autocomplete("orc")
    async def _leave_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in await self._legal(interaction) if isinstance(a, Leave)])

    @timber.command(name="shove", description="Shove an enemy Orc on a square sharing a side with yours (1 token).")
    @app_commands.describe(target="The enemy Orc to shove", orc="Which of your Orcs shoves")
    async def shove(self, interaction: discord.Interaction[Any], target: str, orc: str | None = None) -> None:
        def build(state: TimberState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            victim = resolve_enemy(target, state, player)
            able = [a.orc for a in legal if isinstance(a, Shove) and a.target == victim]
            return {"type": "shove", "orc": resolve_orc(orc, state, player, able), "target": victim}
        await self._play(interaction, "timber shove", build)

    @shove.autocomplete("target")
    async def _shove_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        mine = await self._orc_filter(interaction)
        if state is None:
            return []
        shoves = [a for a in await self._legal(interaction) if isinstance(a, Shove) and mine(a.orc)]
        choices = [app_commands.Choice(name=f"{state.orcs[t].name} ({state.orcs[t].square}, "
                                            f"{state.orcs[t].wood} Wood)", value=t)
                   for t in dict.fromkeys(a.target for a in shoves)]
        return _matching(choices, current)

    @shove.autocomplete("orc")
    async def _shove_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        target = _filled(interaction, "target")
        shoves = [a for a in await self._legal(interaction) if isinstance(a, Shove)]
        return await self._orc_choices(interaction, current, [a.orc for a in shoves if a.target == target]
                                       or [a.orc for a in shoves])

    @timber.command(name="openway", description="Rip out a Bush on a square sharing a side with your Orc's (1 token).")
    @app_commands.describe(bush="The Bush's square", orc="Which of your Orcs")
    async def openway(self, interaction: discord.Interaction[Any], bush: str, orc: str | None = None) -> None:
        def build(state: TimberState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            square = parse_square(bush)
            able = [a.orc for a in legal if isinstance(a, OpenWay) and a.bush == square]
            return {"type": "open-way", "orc": resolve_orc(orc, state, player, able), "bush": square}
        await self._play(interaction, "timber openway", build)

    @openway.autocomplete("bush")
    async def _bushes(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        mine = await self._orc_filter(interaction)
        return _square_choices([a.bush for a in await self._legal(interaction)
                                if isinstance(a, OpenWay) and mine(a.orc)], current)

    @openway.autocomplete("orc")
    async def _openway_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in await self._legal(interaction) if isinstance(a, OpenWay)])

    @timber.command(name="gather", description="Gather Wood from a Tree beside your Orc: 4+ on a D6 (1 token).")
    @app_commands.describe(tree="The Tree's square", orc="Which of your Orcs")
    async def gather(self, interaction: discord.Interaction[Any], tree: str, orc: str | None = None) -> None:
        await self._play(interaction, "timber gather", _gather_builder("gather", Gather, tree, orc))

    @gather.autocomplete("tree")
    async def _gather_trees(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        mine = await self._orc_filter(interaction)
        return _square_choices([a.tree for a in await self._legal(interaction)
                                if isinstance(a, Gather) and mine(a.orc)], current)

    @gather.autocomplete("orc")
    async def _gather_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in await self._legal(interaction) if isinstance(a, Gather)])

    @timber.command(name="orcy", description="Gather Wood in Orcy Style: one Wood, no roll (2 tokens).")
    @app_commands.describe(tree="The Tree's square", orc="Which of your Orcs")
    async def orcy(self, interaction: discord.Interaction[Any], tree: str, orc: str | None = None) -> None:
        await self._play(interaction, "timber orcy", _gather_builder("gather-orcy", GatherOrcy, tree, orc))

    @orcy.autocomplete("tree")
    async def _orcy_trees(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        mine = await self._orc_filter(interaction)
        return _square_choices([a.tree for a in await self._legal(interaction)
                                if isinstance(a, GatherOrcy) and mine(a.orc)], current)

    @orcy.autocomplete("orc")
    async def _orcy_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in await self._legal(interaction) if isinstance(a, GatherOrcy)])

    @timber.command(name="pick", description="Pick up one piece of Wood lying on your Orc's square (1 token).")
    @app_commands.describe(orc="Which of your Orcs")
    async def pick(self, interaction: discord.Interaction[Any], orc: str | None = None) -> None:
        await self._play(interaction, "timber pick", lambda state, player, legal: {
            "type": "pick-wood",
            "orc": resolve_orc(orc, state, player, [a.orc for a in legal if isinstance(a, PickWood)])})

    @pick.autocomplete("orc")
    async def _pick_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in await self._legal(interaction) if isinstance(a, PickWood)])

    @timber.command(name="share", description="Split the Wood of your two Orcs side by side (1 token).")
    @app_commands.describe(keep="How much Wood the acting Orc keeps; its teammate carries the rest",
                           orc="Which of your Orcs acts")
    async def share(self, interaction: discord.Interaction[Any], keep: app_commands.Range[int, 0, 99],
                    orc: str | None = None) -> None:
        def build(state: TimberState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            able = [a.orc for a in legal if isinstance(a, ShareWood) and a.keep == keep]
            return {"type": "share-wood", "orc": resolve_orc(orc, state, player, able), "keep": keep}
        await self._play(interaction, "timber share", build)

    @share.autocomplete("orc")
    async def _share_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in await self._legal(interaction) if isinstance(a, ShareWood)])

    @timber.command(name="end", description="End your turn; Action Tokens left over are lost.")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "timber end", lambda state, player, legal: {"type": "end-turn"})

    # -- pushes, falling Trees and dodges ---------------------------------------------------------------
    @timber.command(name="push", description="After winning a Shoving: the next square the loser is pushed onto.")
    @app_commands.describe(square="A free square sharing a side with the pushed Orc's")
    async def push(self, interaction: discord.Interaction[Any], square: str) -> None:
        await self._play(interaction, "timber push", lambda state, player, legal: {
            "type": "push", "square": parse_square(square)})

    @push.autocomplete("square")
    async def _push_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return _square_choices([a.square for a in await self._legal(interaction) if isinstance(a, PushTo)], current)

    @timber.command(name="fell", description="Aim the falling Tree: a compass direction or a square it falls across.")
    @app_commands.describe(direction="One of the eight compass directions",
                           toward="Or a square whose centre the trunk passes through")
    @app_commands.choices(direction=COMPASS_CHOICES)
    async def fell(self, interaction: discord.Interaction[Any], direction: str | None = None,
                   toward: str | None = None) -> None:
        def build(state: TimberState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            if direction and toward:
                raise RuleViolation("Give a direction or a square, not both.")
            if direction:
                return {"type": "fell-compass", "direction": direction}
            if toward:
                return {"type": "fell-toward", "square": parse_square(toward)}
            raise RuleViolation("Give a compass direction or a square the trunk passes through.")
        await self._play(interaction, "timber fell", build)

    @fell.autocomplete("toward")
    async def _fell_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        at = {o.square: o.name for o in state.orcs.values() if o.square} if state else {}
        squares = [a.square for a in await self._legal(interaction) if isinstance(a, FellToward)]
        squares.sort(key=lambda s: (s not in at, _reading(s)))  # squares with an Orc on them first
        typed = current.strip().lower()
        picked = [s for s in squares if s.startswith(typed)] or squares
        return [app_commands.Choice(name=f"{s} ({at[s]})" if s in at else s, value=s) for s in picked[:25]]

    @timber.command(name="escape", description="Your Orc dodged a Smash Attack: the square it dives to.")
    @app_commands.describe(square="A free square sharing a side with your Orc's, out of harm's way")
    async def escape(self, interaction: discord.Interaction[Any], square: str) -> None:
        await self._play(interaction, "timber escape", lambda state, player, legal: {
            "type": "escape", "square": parse_square(square)})

    @escape.autocomplete("square")
    async def _escape_squares(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return _square_choices([a.square for a in await self._legal(interaction) if isinstance(a, EscapeTo)],
                               current)


def _gather_builder(kind: str, model: type[BaseModel], tree: str, orc: str | None) -> Build:
    def build(state: TimberState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
        square = parse_square(tree)
        able = [getattr(a, "orc") for a in legal if isinstance(a, model) and getattr(a, "tree") == square]
        return {"type": kind, "orc": resolve_orc(orc, state, player, able), "tree": square}
    return build


def _live_state(snap: Snapshot) -> TimberState | None:
    return snap.state if snap.slug == SLUG and snap.status == "active" and isinstance(snap.state, TimberState) \
        else None


def _dodge_wait(state: TimberState, player: str) -> str | None:
    """The active player, while another player's Orc is dodging, is told whom the turn waits for."""
    cur = state.current
    if cur is None or cur.escape is None or player != cur.player:
        return None
    dodger = state.orcs[cur.escape.orc]
    if dodger.player == player:
        return None
    return (f"Waiting for {state.name_of(dodger.player)} to dodge: they choose where {dodger.name} dives, "
            "then your turn goes on.")


def _reading(square: str) -> tuple[int, int]:
    x, y = xy(square)
    return (-y, x)


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(TimberCommands(bot))
