"""`/br …`: every open Brood Rumble decision as a slash command, with autocomplete from the legal actions.

The buttons and menus under each board do the same; the commands are there for what they cannot
hold: any point on the 24x24" board (`to: 12,7.5`), a walk towards something by name
(`toward: Grak`, `toward: M1`, `toward: barrel`), any spot along the deployment edge, any
fall-back angle. Autocomplete offers only what `legal_actions` allows, so the suggestions are the
rules. The secret attack has no command on purpose: a slash command's options are shown to the
whole channel, so the attack is chosen only with the buttons sent by DM (or the ephemeral fallback).

A Move is two decisions in the engine (roll the D6+2", then say where to walk); when the active Orc
has not moved yet, `/br move to:…` and `/br charge` make both at once, so a player types one
command. A Feral Orc is first offered its reroll; the walk then waits for the player's next command.
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
from bot.games.brood_rumble.controls import destinations, num, point
from bot.ui.turns import Audit, audit, refuse, run_action
from bot.ui.text import COMPASS16
from bot.ui.typed import parse_number, parse_point, parse_points
from rules.core.errors import RuleViolation
from rules.core.geometry import angle_to, centre_distance, offset
from rules.orclympics.brood_rumble.models import (
    PLACEABLE,
    Activate,
    AskKind,
    BonusThrow,
    BroodRumbleState,
    CatchThrow,
    Charge,
    ChooseCombat,
    Deploy,
    DeployAtRandom,
    FeatureKind,
    Move,
    MoveTo,
    Orc,
    PlaceFeature,
    Throw,
)
from rules.orclympics.brood_rumble.moves import chargeable, plan

SLUG = "brood-rumble"
Choices = list[app_commands.Choice[str]]
Build = Callable[[BroodRumbleState, str, list[BaseModel]], dict[str, Any]]
XY = tuple[float, float]

RANDOM = "random"
SET_DOWN = "down"
STOP_SHORT = 0.05  # a walk towards an enemy ends this far short of it: touching it would be a Charge
SEARCH_STEPS = 40

KIND_CHOICES = [app_commands.Choice(name=k.label, value=k.value) for k in PLACEABLE]
EDGE_CHOICES = [app_commands.Choice(name=f"{e.title()} edge", value=e) for e in ("north", "east", "south", "west")]
BLOCK_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in
                 (("Low Block (stops a Kick)", "low"), ("Mid Block (stops a Punch)", "mid"),
                  ("High Block (stops a Headbutt)", "high"))]
DIRECTION_CHOICES = [app_commands.Choice(name=f"{name} ({num(k * 22.5)}°)", value=name)
                     for k, name in enumerate(COMPASS16)]


def _on_board(state: BroodRumbleState) -> list[Orc]:
    return [o for o in state.orcs.values() if o.on_board]


def _nearest(orcs: Iterable[Orc], to: XY | None) -> Orc | None:
    found = list(orcs)
    if not found:
        return None
    if to is None:
        return min(found, key=lambda o: o.id)
    return min(found, key=lambda o: (centre_distance(o.xy, to), o.id))


def resolve_orc(text: str, state: BroodRumbleState, candidates: Sequence[str], *, near: XY | None = None) -> str:
    """An Orc by id ('B2', as autocomplete sends it), by 'B2 (bob)', or by its player's name, which means
    the nearest of that player's Orcs among `candidates` (or on the board, when none is a candidate)."""
    wanted = text.strip()
    head = wanted.split("(")[0].strip().upper()
    if head in state.orcs:
        return head
    folded = wanted.casefold()
    theirs = [o for o in state.orcs.values() if state.name_of(o.player).casefold() == folded]
    if theirs:
        pool = [o for o in theirs if o.id in candidates] or [o for o in theirs if o.on_board] or theirs
        chosen = _nearest(pool, near)
        assert chosen is not None
        return chosen.id
    raise RuleViolation(f"There is no Orc called '{wanted}': name one like B2, or its player.")


def find_landmark(state: BroodRumbleState, mover: Orc, text: str) -> tuple[str, XY, str]:
    """What `toward:` names: an Orc (id or player, the nearest of theirs), a feature (id like T1 or M1,
    or a kind like 'pit', the nearest), a Barrel (id like K2, or 'barrel', the nearest).
    Returns its name, its centre and what it is ('orc', 'feature', 'barrel')."""
    wanted = text.strip()
    key = wanted.split("(")[0].strip().upper()
    here = mover.xy
    if key in state.orcs and state.orcs[key].on_board and key != mover.id:
        orc = state.orcs[key]
        return f"{orc.id} ({state.name_of(orc.player)})", orc.xy, "orc"
    for feature in state.features:
        if feature.id == key:
            return f"the {feature.kind.label} {feature.id}", (feature.x, feature.y), "feature"
    for barrel in state.barrels:
        if barrel.id == key:
            return f"the Barrel {barrel.id}", (barrel.x, barrel.y), "barrel"
    folded = wanted.casefold().rstrip("s")
    if folded in ("barrel", "keg") and state.barrels:
        barrel = min(state.barrels, key=lambda b: (centre_distance(here, (b.x, b.y)), b.id))
        return f"the Barrel {barrel.id}", (barrel.x, barrel.y), "barrel"
    kinds = [k for k in FeatureKind if folded in (k.value, k.label.casefold()) or
             (k is FeatureKind.MOUND and folded in ("mound", "debris"))]
    features = [f for f in state.features if f.kind in kinds]
    if features:
        feature = min(features, key=lambda f: (centre_distance(here, (f.x, f.y)), f.id))
        return f"the {feature.kind.label} {feature.id}", (feature.x, feature.y), "feature"
    theirs = [o for o in _on_board(state)
              if o.id != mover.id and state.name_of(o.player).casefold() == wanted.casefold()]
    orc = _nearest(theirs, here)
    if orc is not None:
        return f"{orc.id} ({state.name_of(orc.player)})", orc.xy, "orc"
    raise RuleViolation(f"There is nothing called '{wanted}' on the board: name an Orc (B2, or its player), "
                        "a feature (T1, M2, pit) or a Barrel (K1, barrel).")


def walk_toward(state: BroodRumbleState, mover: Orc, target: XY, budget: float, *, enemy: bool) -> XY | None:
    """The farthest point on the straight line towards `target` that the Orc may walk to: within its
    rolled distance, no farther than the target's centre, stopping where something blocks it, and short
    of an enemy (walking into one is a Charge, which /br charge does). None when it cannot move at all."""
    here = mover.xy
    heading = angle_to(here, target)
    reach = min(budget, centre_distance(here, target))

    def legal(distance: float) -> bool:
        try:
            walk = plan(state, mover, [offset(here, heading, distance)], budget)
        except RuleViolation:
            return False
        return not walk.charged

    if reach <= 0:
        return None
    if legal(reach):
        best = reach
    else:
        low, high = 0.0, reach
        for _ in range(SEARCH_STEPS):
            middle = (low + high) / 2
            low, high = (middle, high) if legal(middle) else (low, middle)
        best = low
    if enemy:
        best -= STOP_SHORT
    while best > STOP_SHORT:
        x, y = offset(here, heading, best)
        spot = (round(x, 3), round(y, 3))
        if legal_point(state, mover, spot, budget):
            return spot
        best -= 0.005
    return None


def legal_point(state: BroodRumbleState, mover: Orc, spot: XY, budget: float) -> bool:
    try:
        return not plan(state, mover, [spot], budget).charged
    except RuleViolation:
        return False


def _matching(choices: Choices, typed: str) -> Choices:
    typed = typed.strip().casefold()
    return ([c for c in choices if typed in c.name.casefold() or c.value.casefold().startswith(typed)]
            or choices)[:25]


def _filled(interaction: discord.Interaction[Any], name: str) -> str:
    value = getattr(interaction.namespace, name, None)
    return value.strip() if isinstance(value, str) else ""


def _live_state(snap: Snapshot) -> BroodRumbleState | None:
    if snap.slug == SLUG and snap.status == "active" and isinstance(snap.state, BroodRumbleState):
        return snap.state
    return None


def _orc_label(state: BroodRumbleState, orc: Orc, near: XY | None = None) -> str:
    where = f" at {point(orc.xy)}" if orc.on_board else ""
    away = f", {num(centre_distance(near, orc.xy))}\" away" if near is not None and orc.on_board else ""
    down = ", knocked down" if orc.knocked_down else ""
    return f"{orc.id} ({state.name_of(orc.player)}, {orc.hp} HP{down}){where}{away}"


def _active(state: BroodRumbleState) -> Orc | None:
    return state.orcs[state.activation.orc] if state.activation is not None else None


class BroodRumbleCommands(commands.Cog):
    """The decisions of Brood Rumble, for whoever the game is waiting for."""

    br = app_commands.Group(name="br", description="Brood Rumble moves for your team.", guild_only=True)

    def __init__(self, bot: ZagjanBot) -> None:
        self.bot = bot

    # -- the shared path ------------------------------------------------------------------------------
    async def _play(self, interaction: discord.Interaction[Any], command: str, build: Build,
                    fallback: dict[str, Any]) -> None:
        """Turn the command into an action against the current state, then apply it like any click.

        With no running Brood Rumble in the channel there is nothing to read names against; the table
        is then handed `fallback` and refuses it for the real reason (another game, not started, over).
        """
        async with audit(interaction, command, acknowledge_first=True) as record:
            state = await self._checked_state(interaction, record)
            if state is False:
                return
            action = fallback
            if state is not None:
                try:
                    action = build(state, str(interaction.user.id), await self._legal(interaction))
                except RuleViolation as exc:
                    record.result = "refused"
                    await refuse(interaction, str(exc))
                    return
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    async def _checked_state(self, interaction: discord.Interaction[Any], record: Audit
                             ) -> BroodRumbleState | None | bool:
        """The live state, None when there is none to read (the table will say why), or False when
        the channel has no game at all and the refusal has been sent."""
        try:
            snap = await self.bot.table.snapshot(interaction.channel_id)
        except TableError as exc:
            record.result = "refused"
            await refuse(interaction, str(exc))
            return False
        return _live_state(snap)

    async def _walk(self, interaction: discord.Interaction[Any], command: str, build: Build | None) -> None:
        """A Move in one command: roll the distance first when the active Orc has not moved yet, then
        walk (`build` makes the MoveTo or Charge from the state after the roll). `build` None only rolls."""
        async with audit(interaction, command, acknowledge_first=True) as record:
            state = await self._checked_state(interaction, record)
            if state is False:
                return
            player = str(interaction.user.id)
            ask = state.ask if state is not None else None
            if state is None or ask is None or player not in ask.players:
                await run_action(interaction, record, channel_id=interaction.channel_id, action={"type": "move"},
                                 slug=SLUG)
                return
            if ask.kind is AskKind.MOVE_REROLL:
                record.result = "refused"
                await refuse(interaction, "First keep or reroll the distance (the buttons, or /br reroll); "
                                          "then say where to walk.")
                return
            if ask.kind is AskKind.ACT:
                if build is not None:
                    try:  # a mistyped destination is better caught before the dice are rolled
                        _check_before_roll(state, build, player)
                    except RuleViolation as exc:
                        record.result = "refused"
                        await refuse(interaction, str(exc))
                        return
                rolled = await run_action(interaction, record, channel_id=interaction.channel_id,
                                          action=Move(), slug=SLUG)
                if rolled is None or build is None:
                    return
                state = _live_state(await self.bot.table.snapshot(interaction.channel_id))
                ask = state.ask if state is not None else None
                if state is None or ask is None or player not in ask.players:
                    return
                if ask.kind is AskKind.MOVE_REROLL:
                    await interaction.followup.send(
                        "Your Feral Orc may reroll that distance first: use the buttons (or /br reroll), then "
                        "repeat the command to walk.", ephemeral=True)
                    return
            if build is None:
                record.result = "refused"
                await refuse(interaction, "The distance is already rolled: say where to walk with to: x,y or "
                                          "toward: a name, or /br charge an enemy.")
                return
            try:
                action = build(state, player, list(await self._legal(interaction)))
            except RuleViolation as exc:
                record.result = "refused"
                await refuse(interaction, str(exc))
                return
            await run_action(interaction, record, channel_id=interaction.channel_id, action=action, slug=SLUG)

    async def _legal(self, interaction: discord.Interaction[Any]) -> list[BaseModel]:
        return await self.bot.table.legal_actions(interaction.channel_id, str(interaction.user.id))

    async def _state(self, interaction: discord.Interaction[Any]) -> BroodRumbleState | None:
        try:
            return _live_state(await self.bot.table.snapshot(interaction.channel_id))
        except TableError:
            return None

    async def _orc_choices(self, interaction: discord.Interaction[Any], typed: str, orcs: Iterable[str]) -> Choices:
        state = await self._state(interaction)
        if state is None:
            return []
        near = _active(state)
        here = near.xy if near is not None and near.on_board else None
        choices = [app_commands.Choice(name=_orc_label(state, state.orcs[o], here)[:100], value=o)
                   for o in dict.fromkeys(orcs) if o in state.orcs]
        return _matching(choices, typed)

    # -- II.2 set-up, II.3 deployment ---------------------------------------------------------------------
    @br.command(name="place", description="Place a Terrain Feature by its centre, or let the dice place it.")
    @app_commands.describe(kind="Pit, Dangerous Terrain or Platform (empty: the dice choose)",
                           at="The centre as x,y in inches, like 12,7.5 (empty or 'random': the dice place it)")
    @app_commands.choices(kind=KIND_CHOICES)
    async def place(self, interaction: discord.Interaction[Any], kind: str | None = None,
                    at: str | None = None) -> None:
        def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            if not at or at.strip().casefold() == RANDOM:
                return {"type": "place_random", "kind": kind}
            if kind is None:
                raise RuleViolation("Say which kind of feature goes there (kind), or leave 'at' empty for the dice.")
            x, y = parse_point(at)
            return {"type": "place_feature", "kind": kind, "x": x, "y": y}
        await self._play(interaction, "br place", build, {"type": "place_random"})

    @place.autocomplete("at")
    async def _place_spots(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        kind = _filled(interaction, "kind")
        spots = [a for a in await self._legal(interaction)
                 if isinstance(a, PlaceFeature) and (not kind or a.kind.value == kind)]
        choices = [app_commands.Choice(name="random (the dice place it)", value=RANDOM)] if spots else []
        choices += [app_commands.Choice(name=f"{num(a.x)},{num(a.y)}" + ("" if kind else f" ({a.kind.label})"),
                                        value=f"{num(a.x)},{num(a.y)}")
                    for a in spots]
        return _matching(list({c.value + c.name: c for c in choices}.values()), current)

    @br.command(name="edge", description="Won the roll-off: choose the board edge your team deploys on.")
    @app_commands.describe(edge="Your team's edge; the other team gets the opposite one")
    @app_commands.choices(edge=EDGE_CHOICES)
    async def edge(self, interaction: discord.Interaction[Any], edge: str) -> None:
        await self._play(interaction, "br edge", lambda state, player, legal: {"type": "choose_edge", "edge": edge},
                         {"type": "choose_edge", "edge": edge})

    @br.command(name="deploy", description="Put one of your Orcs with its back on your team's edge.")
    @app_commands.describe(orc="Which Orc, like A2", at="Its centre along the edge in inches, like 7.5 "
                                                        "(or 'random': the dice place it)")
    async def deploy(self, interaction: discord.Interaction[Any], orc: str, at: str = RANDOM) -> None:
        def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            able = [a.orc for a in legal if isinstance(a, Deploy | DeployAtRandom)]
            chosen = resolve_orc(orc, state, able)
            if at.strip().casefold() == RANDOM:
                return {"type": "deploy_random", "orc": chosen}
            return {"type": "deploy", "orc": chosen, "at": parse_number(at, "the position along the edge")}
        await self._play(interaction, "br deploy", build, {"type": "deploy_random", "orc": orc})

    @deploy.autocomplete("orc")
    async def _deploy_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current, [a.orc for a in await self._legal(interaction)
                                                              if isinstance(a, Deploy | DeployAtRandom)])

    @deploy.autocomplete("at")
    async def _deploy_spots(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        orc = _filled(interaction, "orc").split("(")[0].strip().upper()
        deploys = [a for a in await self._legal(interaction) if isinstance(a, Deploy | DeployAtRandom)]
        mine = [a for a in deploys if a.orc == orc] or deploys
        choices = [app_commands.Choice(name="random (the dice place it)", value=RANDOM)] if mine else []
        spots = sorted({a.at for a in mine if isinstance(a, Deploy)})
        choices += [app_commands.Choice(name=f"{num(s)}\" along the edge", value=num(s)) for s in spots]
        return _matching(choices, current)

    # -- II.4.2 the activated Orc ------------------------------------------------------------------------------
    @br.command(name="activate", description="Choose which of your Orcs acts next.")
    @app_commands.describe(orc="One of your Orcs that has not acted this Game Turn, like A3")
    async def activate(self, interaction: discord.Interaction[Any], orc: str) -> None:
        def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            able = [a.orc for a in legal if isinstance(a, Activate)]
            return {"type": "activate", "orc": resolve_orc(orc, state, able)}
        await self._play(interaction, "br activate", build, {"type": "activate", "orc": orc})

    @activate.autocomplete("orc")
    async def _activate_orcs(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._orc_choices(interaction, current,
                                       [a.orc for a in await self._legal(interaction) if isinstance(a, Activate)])

    @br.command(name="move", description="Move: roll D6+2\" and walk to a point, or toward an Orc, a feature "
                                         "or a Barrel.")
    @app_commands.describe(to="Where to walk as x,y in inches, like 12,7.5 (turning points first: 10,5; 12,7.5)",
                           toward="Or walk straight at something as far as you can: B2, a player, M1, pit, barrel")
    async def move(self, interaction: discord.Interaction[Any], to: str | None = None,
                   toward: str | None = None) -> None:
        if to and toward:
            async with audit(interaction, "br move") as record:
                record.result = "refused"
                await refuse(interaction, "Give a point (to) or something to walk toward, not both.")
            return
        build: Build | None = None
        if to:
            def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
                points = parse_points(to)
                return {"type": "move_to", "to": list(points[-1]), "via": [list(p) for p in points[:-1]]}
        elif toward:
            def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
                return _toward(state, toward)
        await self._walk(interaction, "br move", build)

    @move.autocomplete("to")
    async def _move_points(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        if state is None:
            return []
        legal = await self._legal(interaction)
        view = self.bot.table.game(SLUG).view(state, None)
        # The value is the offered point exactly (the name shows it rounded), so it is the legal one.
        choices = [app_commands.Choice(name=option.label[:100], value=option.value)
                   for option in destinations(view, [a for a in legal if isinstance(a, MoveTo)])]
        return _matching(choices, current)

    @move.autocomplete("toward")
    async def _move_landmarks(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        mover = _active(state) if state is not None else None
        if state is None or mover is None or not mover.on_board:
            return []
        here = mover.xy
        choices = [app_commands.Choice(name=_orc_label(state, o, here)[:100], value=o.id)
                   for o in sorted(_on_board(state), key=lambda o: centre_distance(here, o.xy)) if o.id != mover.id]
        choices += [app_commands.Choice(name=f"{f.kind.label} {f.id} at {point((f.x, f.y))}"[:100], value=f.id)
                    for f in state.features]
        choices += [app_commands.Choice(name=f"Barrel {b.id} at {point((b.x, b.y))}", value=b.id)
                    for b in state.barrels]
        return _matching(choices, current)

    @br.command(name="charge", description="Charge an enemy: roll the Move if needed, then run straight at it.")
    @app_commands.describe(target="The enemy Orc, like B2, or its player (the nearest of theirs)")
    async def charge(self, interaction: discord.Interaction[Any], target: str) -> None:
        def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            mover = _active(state)
            able = [a.target for a in legal if isinstance(a, Charge)] or [e.id for e in _chargeable(state)]
            return {"type": "charge", "target": resolve_orc(target, state, able, near=mover.xy if mover else None)}
        await self._walk(interaction, "br charge", build)

    @charge.autocomplete("target")
    async def _charge_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        if state is None:
            return []
        legal = await self._legal(interaction)
        targets = [a.target for a in legal if isinstance(a, Charge)]
        if not targets and any(isinstance(a, Move) for a in legal):
            targets = [e.id for e in _chargeable(state)]
        return await self._orc_choices(interaction, current, targets)

    @br.command(name="throw", description="Throw a Barrel at an Orc (or a caught Barrel in a direction).")
    @app_commands.describe(target="The Orc to throw at, like B2, or its player; 'down' sets a found Barrel down",
                           angle="A caught Barrel only: a direction in degrees (0 = east, 90 = north)")
    async def throw(self, interaction: discord.Interaction[Any], target: str | None = None,
                    angle: float | None = None) -> None:
        def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            ask = state.ask.kind if state.ask is not None else None
            mover = state.orcs.get(state.ask.orc or "") if state.ask is not None else None
            near = mover.xy if mover is not None and mover.on_board else None
            if ask is AskKind.CATCH_THROW:
                if angle is not None and not target:
                    return {"type": "catch_throw", "angle": angle}
                if angle is not None or not target:
                    raise RuleViolation("Throw the caught Barrel at an Orc (target) or in a direction (angle).")
                able = [a.target for a in legal if isinstance(a, CatchThrow) and a.target]
                return {"type": "catch_throw", "target": resolve_orc(target, state, able, near=near)}
            if angle is not None:
                raise RuleViolation("Only a caught Barrel can be thrown in a direction; name an enemy Orc.")
            if ask is AskKind.BONUS_THROW:
                if target is None or target.strip().casefold() in (SET_DOWN, "none", "set down"):
                    return {"type": "bonus_throw", "target": None}
                able = [a.target for a in legal if isinstance(a, BonusThrow) and a.target]
                return {"type": "bonus_throw", "target": resolve_orc(target, state, able, near=near)}
            if not target:
                raise RuleViolation("Name the enemy Orc to throw at, like B2.")
            able = [a.target for a in legal if isinstance(a, Throw)]
            return {"type": "throw", "target": resolve_orc(target, state, able, near=near)}
        await self._play(interaction, "br throw", build, {"type": "throw", "target": target or "?"})

    @throw.autocomplete("target")
    async def _throw_targets(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        legal = await self._legal(interaction)
        targets = [a.target for a in legal if isinstance(a, Throw | BonusThrow | CatchThrow) and a.target]
        choices = await self._orc_choices(interaction, current, targets)
        if any(isinstance(a, BonusThrow) and a.target is None for a in legal):
            choices = [app_commands.Choice(name="Set the Barrel down at your feet", value=SET_DOWN), *choices][:25]
        return choices

    @br.command(name="grab", description="Dig an Item out of the Debris Mound you touch.")
    async def grab(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "br grab", lambda state, player, legal: {"type": "grab"}, {"type": "grab"})

    @br.command(name="getup", description="Your Knocked Down Orc gets back on its feet (its whole activation).")
    async def getup(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "br getup", lambda state, player, legal: {"type": "get_up"},
                         {"type": "get_up"})

    @br.command(name="fight", description="Your Orc touching an enemy stays in the fight (blows come at turn end).")
    async def fight(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "br fight", lambda state, player, legal: {"type": "fight"}, {"type": "fight"})

    @br.command(name="end", description="End your Orc's activation now.")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "br end", lambda state, player, legal: {"type": "end"}, {"type": "end"})

    @br.command(name="reroll", description="Feral Move or Common Barrel throw: reroll the dice, or keep them.")
    @app_commands.describe(again="True to roll again, False to keep what you rolled")
    async def reroll(self, interaction: discord.Interaction[Any], again: bool) -> None:
        await self._play(interaction, "br reroll", lambda state, player, legal: {"type": "reroll", "reroll": again},
                         {"type": "reroll", "reroll": again})

    # -- II.4.3 combat ------------------------------------------------------------------------------------------
    @br.command(name="combat", description="Your team has the Initiative: choose the next fight to resolve.")
    @app_commands.describe(fight="The two Orcs, like A1 B3")
    async def combat(self, interaction: discord.Interaction[Any], fight: str) -> None:
        def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            ids = [w.upper() for w in re.findall(r"[A-Za-z]\d", fight)]
            if len(ids) != 2:
                raise RuleViolation("Name the two Orcs of the fight, like A1 B3.")
            return {"type": "choose_combat", "orcs": ids}
        await self._play(interaction, "br combat", build, {"type": "choose_combat", "orcs": ["A1", "B1"]})

    @combat.autocomplete("fight")
    async def _fights(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        state = await self._state(interaction)
        if state is None:
            return []
        choices = []
        for action in (a for a in await self._legal(interaction) if isinstance(a, ChooseCombat)):
            first, second = (state.orcs[o] for o in action.orcs)
            name = f"{_orc_label(state, first)} against {_orc_label(state, second)}"
            choices.append(app_commands.Choice(name=name[:100], value=f"{first.id} {second.id}"))
        return _matching(choices, current)

    @br.command(name="block", description="Block the hidden attack: Low, Mid or High.")
    @app_commands.describe(block="Low stops a Kick, Mid a Punch, High a Headbutt")
    @app_commands.choices(block=BLOCK_CHOICES)
    async def block(self, interaction: discord.Interaction[Any], block: str) -> None:
        await self._play(interaction, "br block", lambda state, player, legal: {"type": "defence", "block": block},
                         {"type": "defence", "block": block})

    @br.command(name="fallback", description="Your Orc won by a knock-down: the direction it falls back 3\".")
    @app_commands.describe(direction="A compass direction", angle="Or any angle in degrees (0 = east, 90 = north)")
    @app_commands.choices(direction=DIRECTION_CHOICES)
    async def fallback(self, interaction: discord.Interaction[Any], direction: str | None = None,
                       angle: float | None = None) -> None:
        def build(state: BroodRumbleState, player: str, legal: list[BaseModel]) -> dict[str, Any]:
            if (direction is None) == (angle is None):
                raise RuleViolation("Give a compass direction or an angle in degrees (one of them).")
            degrees = COMPASS16.index(direction) * 22.5 if direction is not None else float(angle or 0.0)
            return {"type": "fall_back", "angle": degrees}
        await self._play(interaction, "br fallback", build, {"type": "fall_back", "angle": angle or 0.0})


def _chargeable(state: BroodRumbleState) -> list[Orc]:
    """Enemies of the active Orc that may be charged at all (standing, not already fighting)."""
    mover = _active(state)
    if mover is None:
        return []
    return [e for e in _on_board(state) if e.team != mover.team and chargeable(state, e) is None]


def _toward(state: BroodRumbleState, text: str) -> dict[str, Any]:
    """The MoveTo for `toward:`, once the distance is rolled."""
    mover = _active(state)
    act = state.activation
    if mover is None or act is None or act.budget is None or not mover.on_board:
        raise RuleViolation("Nothing is moving right now.")
    name, target, kind = find_landmark(state, mover, text)
    enemy = kind == "orc" and any(o.team != mover.team for o in _on_board(state) if o.xy == target)
    spot = walk_toward(state, mover, target, float(act.budget), enemy=enemy)
    if spot is None:
        raise RuleViolation(f"{mover.id} cannot get any closer to {name} in a straight line: something is in "
                            f"the way. Give a path with to: (turning points first), or stay with to: "
                            f"{num(mover.xy[0])},{num(mover.xy[1])}.")
    return {"type": "move_to", "to": list(spot), "via": []}


def _check_before_roll(state: BroodRumbleState, build: Build, player: str) -> None:
    """Names and points are checked before the Move's dice are rolled, so a typo costs nothing.
    (Reach cannot be checked yet: it depends on the roll.)"""
    mover = _active(state)
    if mover is None:
        return
    probe = state.model_copy(deep=True)
    assert probe.activation is not None
    probe.activation.budget = 99.0
    probe.ask = probe.ask.model_copy(update={"kind": AskKind.MOVE_TO}) if probe.ask is not None else None
    action = build(probe, player, [Charge(target=e.id) for e in _chargeable(probe)])
    if action.get("type") == "charge":
        enemy = probe.orcs[action["target"]]
        if not enemy.on_board or enemy.team == mover.team:
            raise RuleViolation(f"{enemy.id} is not an enemy Orc on the board.")
        problem = chargeable(probe, enemy)
        if problem is not None:
            raise RuleViolation(problem)


async def setup(bot: ZagjanBot) -> None:
    await bot.add_cog(BroodRumbleCommands(bot))


__all__ = ["BroodRumbleCommands", "find_landmark", "resolve_orc",
           "walk_toward"]
