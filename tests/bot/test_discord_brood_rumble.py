"""Brood Rumble through Discord: a whole game, the secret attack by DM, and what must stay hidden.

The seed is fixed, so the board, every die and every decision below are the same on each run. The
players are a policy that picks only legal actions and charges whenever it can, so the brawl ends in
a few hundred moves; each decision is made through the controls a player would use: buttons and menus
under the board, `/br` commands, and the attack buttons in the attacker's direct messages.

Secrecy is checked where it could leak: the channel (text, embeds, button labels), the other
players' DMs, `/game log`, and the board picture, which must be the same bytes whatever attack was
chosen. Closed DMs (error 50007), a restart between the DM and the click, a doubled click and a
stale DM are checked on the first fights of a two-player game on the same seed, reached quickly by
playing the moves before them through the table service.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Iterable
from typing import Any

import discord
import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    click_in_flight,
    current,
    custom_ids,
    last_board,
    live_controls,
    make_bot,
    select_values,
    snapshot,
    world,
)
from simcord.builders import ChannelHandle
from simcord.results import to_discord_message

from bot.app.client import ZagjanBot
from bot.service.table import NOT_PLAYING, STALE
from bot.ui.answers import DONE
from bot.ui.board import SECRET_LABEL
from renderers import render
from rules.core.geometry import centre_distance, touching
from bot.ui.declared import payload as button_payload
from rules.core.moves import code, number as num
from rules.orclympics.brood_rumble.board import feature_shape, orc_shape
from rules.orclympics.brood_rumble import BroodRumble
from rules.orclympics.brood_rumble.models import (
    Activate,
    AskKind,
    Attack,
    BonusThrow,
    BroodRumbleState,
    CatchThrow,
    Charge,
    ChooseAttack,
    ChooseCombat,
    ChooseDefence,
    ChooseEdge,
    Deploy,
    DeployAtRandom,
    EndActivation,
    FallBack,
    Fight,
    GetUp,
    Grab,
    Move,
    MoveTo,
    PlaceAtRandom,
    PlaceFeature,
    Reroll,
    Throw,
)

GAME = BroodRumble()
SEED = 11
MAX_STEPS = 900
ATTACK_WORDS = tuple(a.label for a in Attack) + ("You chose",)
CANNOT_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user", "times": None}
BROODS = ["feral", "common", "iron", "feral"]


@pytest.fixture
async def simcord_bot(make_bot) -> AsyncIterator[ZagjanBot]:
    """The bot on this module's seed. Closed after the test, pass or fail: a bot left open keeps its
    database thread alive, and a failed test (whose traceback holds on to the bot) would then keep
    the whole test run from exiting."""
    bot = make_bot(seed_source=lambda: SEED)
    yield bot
    await bot.close()


async def open_table(world: World, players: int) -> None:
    """Alice opens a Brood Rumble table, the others join, Alice starts it."""
    result = await world.alice.slash(world.channel, "game new", game="brood-rumble", brood=BROODS[0])
    assert applied(result)
    for member, brood in zip(world.players[1:players], BROODS[1:players]):
        joined = await member.slash(world.channel, "game join", brood=brood)
        assert applied(joined), joined.response.content
    started = await world.alice.slash(world.channel, "game start")
    assert started.acknowledged and applied(started)


# -- the players -----------------------------------------------------------------------------------------


def _enemies(state: BroodRumbleState, team: str) -> list[Any]:
    return [o for o in state.orcs.values() if o.on_board and o.team != team]


def choose(state: BroodRumbleState, player: str, legal: list[Any], n: int) -> Any:
    """Bloodthirsty but legal: deploy in the middle, activate whoever is closest to an enemy, charge
    when possible, else walk at the nearest enemy; vary the attacks and blocks so fights end."""
    def first(kind: type) -> Any:
        return next((a for a in legal if isinstance(a, kind)), None)

    ask = state.ask
    assert ask is not None
    if ask.kind is AskKind.PLACE_FEATURE:
        spots = [a for a in legal if isinstance(a, PlaceFeature)]
        return spots[len(spots) // 2] if n % 3 == 1 and spots else first(PlaceAtRandom)
    if ask.kind is AskKind.DEPLOY:
        deploys = [a for a in legal if isinstance(a, Deploy)]
        if n % 4 == 3 or not deploys:
            return first(DeployAtRandom)
        return min(deploys, key=lambda a: (abs(a.at - 12), a.orc, a.at))
    if ask.kind is AskKind.ACTIVATE:
        def gap(action: Activate) -> float:
            orc = state.orcs[action.orc]
            return min((centre_distance(orc.xy, e.xy) for e in _enemies(state, orc.team)), default=0.0)
        return min((a for a in legal if isinstance(a, Activate)), key=lambda a: (gap(a), a.orc))
    if ask.kind is AskKind.ACT:
        for kind in (GetUp, Fight, Throw):
            if first(kind) is not None:
                return first(kind)
        if first(Grab) is not None and n % 2:
            return first(Grab)
        return first(Move) or first(EndActivation)
    if ask.kind is AskKind.MOVE_TO:
        orc = state.orcs[ask.orc or ""]
        charges = [a for a in legal if isinstance(a, Charge)
                   and centre_distance(orc.xy, state.orcs[a.target].xy) > 1.02]  # a charge that really moves
        if charges:
            return charges[0]
        foes = _enemies(state, orc.team)
        walks = [a for a in legal if isinstance(a, MoveTo)]
        return min(walks, key=lambda a: min(centre_distance(a.to, e.xy) for e in foes))
    if ask.kind in (AskKind.MOVE_REROLL, AskKind.BARREL_REROLL):
        act = state.activation
        return Reroll(reroll=ask.kind is AskKind.BARREL_REROLL or bool(act and (act.budget or 0) < 5))
    if ask.kind is AskKind.BONUS_THROW:
        return first(BonusThrow)
    if ask.kind is AskKind.CATCH_THROW:
        orc = state.orcs[ask.orc or ""]
        foes = {e.id for e in _enemies(state, orc.team)}
        return next((a for a in legal if isinstance(a, CatchThrow) and a.target in foes), legal[-1])
    if ask.kind is AskKind.CHOOSE_COMBAT:
        return first(ChooseCombat)
    if ask.kind is AskKind.ATTACK:
        return ChooseAttack(attack=list(Attack)[n % 3])
    if ask.kind is AskKind.DEFENCE:
        return ChooseDefence(block=["low", "high", "low", "mid"][n % 4])  # type: ignore[arg-type]
    if ask.kind is AskKind.FALL_BACK:
        return legal[n % len(legal)]
    if ask.kind is AskKind.CHOOSE_EDGE:
        return first(ChooseEdge)
    return legal[0]


def _actor(world: World, waiting: list[str], n: int) -> Any:
    """Whoever the game waits for; when teammates both may answer, they take turns doing so."""
    return world.by_id(waiting[n % len(waiting)])


def grabber(state: BroodRumbleState, player: str, legal: list[Any], n: int) -> Any:
    """`choose`, but an Orc walks to the nearest Debris Mound and digs in it instead of charging,
    and throws a Barrel it touches when it cannot dig: the way to Items, found Barrels, rerolled
    throws and the crowd's throws."""
    ask = state.ask
    assert ask is not None
    if ask.kind is AskKind.MOVE_TO:
        team = state.orcs[ask.orc or ""].team
        every = [f for f in state.features if f.kind.value == "mound"]
        free = [f for f in every if not any(touching(feature_shape(f), orc_shape(e)) for e in _enemies(state, team))]
        mounds = [(f.x, f.y) for f in free or every]
        walks = [a for a in legal if isinstance(a, MoveTo)]
        return min(walks, key=lambda a: min(centre_distance(a.to, m) for m in mounds))
    if ask.kind is AskKind.ACT:
        return next((a for a in legal if isinstance(a, Grab)), None) or next(
            (a for a in legal if isinstance(a, Throw | Move)), legal[-1])
    return choose(state, player, legal, n)


async def play(env: Any, world: World, state: BroodRumbleState, actor: Any, action: Any, n: int,
               typed: bool | None = None) -> Any:
    """Make `action` as `actor` the way a player would: mostly the controls under the newest board,
    every few moves (or when `typed`) the `/br` command instead, and the secret attack with the
    buttons in the DM. A button carries `<move>.<code>`; a menu (one per move, or split: `<move>-a`…)
    offers each action by its code."""
    snap = await snapshot(env, world.channel)
    board = newest_board(env, world.channel)
    game, version = snap.game_id, snap.version
    typed = n % 4 == 0 if typed is None else typed
    name = GAME.moves.of(action).name  # type: ignore[union-attr]
    payload = button_payload(name, action)
    button_id = f"zj:act:{game}:{version}:{payload}"
    kind = next((k for k in _menu_kinds(board) if name in (k, k.rpartition("-")[0])
                 and code(action) in select_values(board, k)), None)

    async def button() -> Any:
        assert button_id in custom_ids(board), f"no button {payload} under the board: {custom_ids(board)}"
        return await actor.click(board, custom_id=button_id)

    async def menu() -> Any:
        assert kind is not None, f"no menu offers {action!r}: {custom_ids(board)}"
        return await actor.select(board, [code(action)], custom_id=f"zj:pick:{game}:{version}:{kind}")

    match action:
        case PlaceAtRandom():
            if typed:
                return await actor.slash(world.channel, "br place", at="random")
            return await button()
        case PlaceFeature():
            if typed or kind is None:
                return await actor.slash(world.channel, "br place", kind=action.kind.value,
                                         at=f"{num(action.x)},{num(action.y)}")
            return await menu()
        case ChooseEdge():
            if typed:
                return await actor.slash(world.channel, "br edge", edge=action.edge.value)
            return await button()
        case Deploy():
            if typed or kind is None:
                return await actor.slash(world.channel, "br deploy", orc=action.orc, at=num(action.at))
            return await menu()
        case DeployAtRandom():
            return await button()
        case Activate():
            if typed:
                return await actor.slash(world.channel, "br activate", orc=action.orc)
            return await button()
        case Move():
            if typed:
                return await actor.slash(world.channel, "br move")
            return await button()
        case MoveTo():
            point = f"{action.to[0]!r},{action.to[1]!r}"
            if typed or kind is None:
                return await actor.slash(world.channel, "br move", to=point)
            return await menu()
        case Charge():
            if typed:
                return await actor.slash(world.channel, "br charge", target=action.target)
            return await button()
        case Throw():
            if typed:
                return await actor.slash(world.channel, "br throw", target=action.target)
            return await button()
        case BonusThrow():
            if typed:
                return await actor.slash(world.channel, "br throw", target=action.target or "down")
            return await button()
        case CatchThrow():
            if typed:
                if action.target is not None:
                    return await actor.slash(world.channel, "br throw", target=action.target)
                return await actor.slash(world.channel, "br throw", angle=action.angle)
            return await menu() if kind is not None else await button()
        case Grab() | GetUp() | Fight() | EndActivation():
            if typed:
                return await actor.slash(world.channel, f"br {name}")
            return await button()
        case Reroll():
            if typed:
                return await actor.slash(world.channel, "br reroll", again=action.reroll)
            return await button()
        case ChooseCombat():
            if typed:
                return await actor.slash(world.channel, "br combat", fight=" ".join(action.orcs))
            return await menu()
        case ChooseAttack():
            return await actor.user.click(attack_dm(env, actor, game, version),
                                          custom_id=attack_id(game, version, action.attack))
        case ChooseDefence():
            if typed:
                return await actor.slash(world.channel, "br block", block=action.block.value)
            return await button()
        case FallBack():
            if typed:
                return await actor.slash(world.channel, "br fallback", angle=action.angle)
            return await menu() if kind is not None else await button()
    raise AssertionError(f"no way to play {action!r}")


def _menu_kinds(board: discord.Message) -> list[str]:
    """The kinds of the menus under a board (`zj:pick:<game>:<version>:<kind>`)."""
    return [c.rpartition(":")[2] for c in custom_ids(board) if c.startswith("zj:pick:")]


def attack_id(game: int, version: int, attack: Attack) -> str:
    return f"zj:act:{game}:{version}:attack.{attack.value}"


def attack_dm(env: Any, actor: Any, game: int, version: int) -> discord.Message:
    """The DM that asks `actor` for the attack of this moment of the game."""
    wanted = attack_id(game, version, Attack.PUNCH)
    found = [m for m in since(env, actor.user.dm_channel) if wanted in custom_ids(m)]
    assert found, f"{actor.name} got no DM asking for the attack at move {version}"
    return found[-1]


def since(env: Any, channel: ChannelHandle, after: int = 0) -> list[discord.Message]:
    """The channel's messages newer than the message id `after`, oldest first. (Reading the whole
    history after every move would make a game of hundreds of moves quadratic.)"""
    stored = sorted((m for m in env.backend.messages.get(channel.id, {}).values() if m.id > after),
                    key=lambda m: m.id)
    return [to_discord_message(env, m) for m in stored]


def newest_id(env: Any, channel: ChannelHandle) -> int:
    return max(env.backend.messages.get(channel.id, {}), default=0)


def newest_board(env: Any, channel: ChannelHandle) -> discord.Message:
    """`last_board`, reading only from the newest message backwards."""
    for stored in sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id, reverse=True):
        message = to_discord_message(env, stored)
        if not message.flags.ephemeral and message.embeds and (message.embeds[0].footer.text or "").startswith(
                "Game #"):
            return message
    raise AssertionError("the bot has posted no board in this channel")


def texts(messages: Iterable[discord.Message]) -> str:
    """Everything a reader sees in these messages: content, embeds and the labels of their controls."""
    parts: list[str] = []
    for message in messages:
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
            parts += [f"{f.name} {f.value}" for f in embed.fields]
        for row in message.components:
            parts += [getattr(child, "label", None) or "" for child in getattr(row, "children", [])]
            for child in getattr(row, "children", []):
                parts += [o.label for o in getattr(child, "options", [])]
    return "\n".join(parts)


async def attachment_bytes(env: Any, message: discord.Message) -> bytes:
    assert message.attachments, "the board has no picture"
    blob = env.backend.cdn.get(message.attachments[0].url)
    assert blob is not None
    return bytes(blob)


# -- the whole game --------------------------------------------------------------------------------------


async def test_a_whole_four_player_rumble_with_secret_attacks_by_dm(simcord_env, world):
    await open_table(world, 4)
    first = last_board(world.channel)
    assert first.attachments and first.attachments[0].filename == "board.png"
    assert f"<@{world.alice.id}> or <@{world.carol.id}> Team A: place a Terrain Feature" in first.content \
        or f"<@{world.bob.id}> or <@{world.dave.id}> Team B: place a Terrain Feature" in first.content

    counts: dict[str, int] = {}
    actors: dict[AskKind, set[str]] = {}
    for n in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        if snap.status != "active":
            break
        state = snap.state
        assert isinstance(state, BroodRumbleState) and state.ask is not None
        actor = _actor(world, snap.waiting_for, n)
        player = str(actor.id)
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        action = choose(state, player, legal, n)
        channel_before = newest_id(simcord_env, world.channel)
        others_before = {m.id: newest_id(simcord_env, m.user.dm_channel) for m in world.players if m is not actor}

        result = await play(simcord_env, world, state, actor, action, n)

        assert result.acknowledged
        refusals = [m.content for m in result.followups if m.ephemeral]
        assert applied(result), f"move {n}: {action!r} was refused: {answered_privately(result)}"
        assert _only_note(refusals), f"move {n}: {action!r} was refused: {refusals}"
        after = await snapshot(simcord_env, world.channel)
        assert after.version >= snap.version + 1, f"move {n}: {action!r} was not applied"
        board = newest_board(simcord_env, world.channel)
        assert board.embeds[0].footer.text == f"Game #{after.game_id} · move {after.version}"
        counts[action.type] = counts.get(action.type, 0) + 1
        actors.setdefault(state.ask.kind, set()).add(player)
        if isinstance(action, ChooseAttack):
            # Only "has picked an attack" reaches the channel, and nothing reaches the other players' DMs.
            said = texts(since(simcord_env, world.channel, channel_before))
            assert "has picked an attack" in said
            assert not any(word in said for word in ATTACK_WORDS), said
            for member in world.players:
                if member is not actor:
                    news = since(simcord_env, member.user.dm_channel, others_before[member.id])
                    assert not any(word in texts(news) for word in ATTACK_WORDS)
    else:
        raise AssertionError(f"the rumble did not end in {MAX_STEPS} moves: {counts}")

    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    board = last_board(world.channel)
    assert "is over" in board.content and not board.components
    sides = {f.name: f.value for f in board.embeds[0].fields}["Teams"].splitlines()  # a team game's end
    names = {s.player: s.name for s in final.seats}
    winners = [names[p] for p in final.outcome.winners()]
    assert sides[0] == f"🏆 Won — {winners[0]} and {winners[1]}"
    assert await simcord_env.bot.table.replay_check(final.game_id)

    # The secret attacks were all made by DM, and both players of a team answered team questions.
    assert counts.get("attack", 0) >= 3 and counts.get("defence", 0) >= 3
    for kind in ("place_random", "deploy", "activate", "move", "move_to", "charge", "fight", "choose_combat"):
        assert counts.get(kind, 0) >= 1, (kind, counts)
    assert len(actors[AskKind.PLACE_FEATURE] | actors[AskKind.DEPLOY]) == 4
    # Each attack was confirmed by DM to the player of the attacking Orc, and to nobody else.
    owners = {o.id: o.player for o in final.state.orcs.values()}
    confirmed = 0
    for member in world.players:
        for message in since(simcord_env, member.user.dm_channel):
            for orc in re.findall(r"You chose [A-Za-z ]+ for ([AB]\d)", message.content):
                assert owners[orc] == str(member.id)
                confirmed += 1
    assert confirmed == counts["attack"]


def _only_note(ephemeral: list[str]) -> bool:
    """A combined `/br move`/`/br charge` may roll and then be told to reroll first: not a refusal."""
    return all("reroll that distance first" in text or "board is updated" in text for text in ephemeral)


# -- the first fight, reached quickly -----------------------------------------------------------------


def starts_a_fight(state: BroodRumbleState, after: BroodRumbleState) -> bool:
    return after.ask is not None and after.ask.kind is AskKind.ATTACK


async def to_the_brink(env: Any, world: World, stop: Any = starts_a_fight, policy: Any = choose
                       ) -> tuple[BroodRumbleState, Any, Any, int]:
    """Play the policy through the table service (no boards: fast) up to the first move for which
    `stop(state, state after the move)` holds (by default: the move that asks for a secret attack).
    Returns the state before that move, who makes it, the move and its number; a fresh board is
    posted so its controls are current."""
    await open_table(world, 2)
    table = env.bot.table
    for n in range(MAX_STEPS):
        snap = await snapshot(env, world.channel)
        state = snap.state
        assert isinstance(state, BroodRumbleState) and state.ask is not None
        actor = _actor(world, snap.waiting_for, n)
        legal = await table.legal_actions(world.channel.id, str(actor.id))
        action = policy(state, str(actor.id), legal, n)
        if stop(state, GAME.apply(state, str(actor.id), action).state):
            shown = await actor.slash(world.channel, "game board")
            assert applied(shown)
            return state, actor, action, n
        await table.act(world.channel.id, str(actor.id), action)
    raise AssertionError(f"the game never reached the moment the test waits for ({stop.__name__})")


async def first_attack(env: Any, world: World, stop: Any = starts_a_fight) -> tuple[Any, Any, int]:
    """Ask for the first secret attack (or the first one `stop` accepts) through Discord; returns the
    attacker, the defender and the version at which the attack is asked."""
    state, actor, action, n = await to_the_brink(env, world, stop)
    result = await play(env, world, state, actor, action, n + 1)
    assert result.acknowledged and applied(result)
    snap = await snapshot(env, world.channel)
    fight = snap.state.combat
    assert snap.state.ask.kind is AskKind.ATTACK and fight is not None
    attacker = world.by_id(snap.state.orcs[fight.attacker].player)
    defender = world.by_id(snap.state.orcs[fight.defender].player)
    return attacker, defender, snap.version


async def test_the_attack_is_asked_by_dm_with_what_the_attacker_needs(simcord_env, world):
    attacker, defender, version = await first_attack(simcord_env, world)
    snap = await snapshot(simcord_env, world.channel)
    fight = snap.state.combat
    dm = attack_dm(simcord_env, attacker, snap.game_id, version)
    mine, theirs = snap.state.orcs[fight.attacker], snap.state.orcs[fight.defender]
    assert dm.content.startswith(f"**Brood Rumble** (#{snap.game_id}) · Game Turn ")  # the game and the turn
    assert f": {mine.id} attacks {theirs.id}: choose your attack in secret" in dm.content
    assert f"Your {mine.id} ({attacker.name}): {mine.hp}/12 HP" in dm.content
    assert f"the enemy {theirs.id} ({defender.name}): {theirs.hp}/12 HP" in dm.content
    assert "No blow has landed in this round yet" in dm.content
    labels = [c.label for row in dm.components for c in row.children]
    assert labels == ["Headbutt", "Punch", "Kick in the Crotch"]
    board = newest_board(simcord_env, world.channel)
    assert f"<@{attacker.id}> is choosing in secret" in board.content
    assert [c.label for row in board.components for c in row.children] == [
        f"{SECRET_LABEL} ({attacker.name})", f"Undo ({attacker.name})"]  # the attack declared may be taken back
    assert not any(f"attack.{a.value}" in cid for a in Attack for cid in custom_ids(board))
    assert not since(simcord_env, defender.user.dm_channel)


async def test_no_secret_reaches_the_channel_the_other_dms_the_log_or_the_picture(simcord_env, world, caplog):
    caplog.set_level(logging.DEBUG, logger="zagjan")
    attacker, defender, version = await first_attack(simcord_env, world)
    snap = await snapshot(simcord_env, world.channel)
    asked = snap.state

    # Whatever the attack, the public view, the public log lines and the picture are the same.
    outcomes = {a: GAME.apply(asked, str(attacker.id), ChooseAttack(attack=a)) for a in Attack}
    views = {a: GAME.view(step.state, None) for a, step in outcomes.items()}
    assert len({v.model_dump_json() for v in views.values()}) == 1
    assert len({render(v) for v in views.values()}) == 1
    assert len({tuple(e.text for e in step.events if e.visible_to is None) for step in outcomes.values()}) == 1
    assert len({GAME.view(step.state, str(attacker.id)).model_dump_json() for step in outcomes.values()}) == 3
    assert all(GAME.view(step.state, str(defender.id)).combat == views[a].combat for a, step in outcomes.items())

    before = newest_id(simcord_env, world.channel)
    defender_before = newest_id(simcord_env, defender.user.dm_channel)
    asked = attack_dm(simcord_env, attacker, snap.game_id, version)
    clicked = await attacker.user.click(asked, custom_id=attack_id(snap.game_id, version, Attack.HEADBUTT))
    assert clicked.acknowledged and applied(clicked)
    closed = current(simcord_env, asked)  # the question is closed: no live control, the choice shown
    assert not live_controls(closed) and closed.content.endswith("✅ You chose: **Headbutt**")
    assert not [m for m in clicked.followups if m.content == DONE]

    posted = since(simcord_env, world.channel, before)
    said = texts(posted)
    assert "has picked an attack, hidden under a palm" in said
    assert not any(word in said for word in ATTACK_WORDS), said
    assert not since(simcord_env, defender.user.dm_channel, defender_before)
    board = newest_board(simcord_env, world.channel)
    png = await attachment_bytes(simcord_env, board)
    lines = board.embeds[0].description.split("\n")  # the turn's public log lines, which the picture repeats
    assert all(png == render(view, lines) for view in views.values())
    mine = texts(since(simcord_env, attacker.user.dm_channel))
    assert "You chose Headbutt" in mine
    assert f"player={attacker.id} command=button in private result=ok" in caplog.text
    doubled = await click_in_flight(attacker.user, asked, attack_id(snap.game_id, version, Attack.HEADBUTT))
    assert answered_privately(doubled) == f"It is {defender.name}'s turn."
    assert not any(word.casefold() in caplog.text.casefold() for word in ATTACK_WORDS)  # the bot's own log

    # /game log: the attacker reads their own choice; the defender and an onlooker do not.
    for member, sees in ((attacker, True), (defender, False), (world.mod, False)):
        log = await member.slash(world.channel, "game log", lines=30)
        text = answered_privately(log)
        assert "has picked an attack" in text
        assert ("You chose Headbutt" in text) is sees
        if not sees:
            assert not any(word in text for word in ATTACK_WORDS)

    # The block reveals it, in the channel, for everyone.
    board = newest_board(simcord_env, world.channel)
    blocked = await defender.click(board, label="Low Block")
    assert applied(blocked)
    assert "Revealed" in texts(since(simcord_env, world.channel, before)) and "Headbutt" in texts(
        since(simcord_env, world.channel, before))


async def test_closed_dms_get_the_same_choice_as_an_ephemeral_message(simcord_env, world, caplog):
    caplog.set_level(logging.DEBUG, logger="zagjan")
    state, actor, action, n = await to_the_brink(simcord_env, world)
    fight_after = GAME.apply(state, str(actor.id), action).state
    attacker = world.by_id(fight_after.orcs[fight_after.combat.attacker].player)
    defender = world.by_id(fight_after.orcs[fight_after.combat.defender].player)
    simcord_env.inject_error("POST", f"/channels/{attacker.user.dm_channel.id}/messages", **CANNOT_DM)

    before = newest_id(simcord_env, world.channel)
    result = await play(simcord_env, world, state, actor, action, n + 1)
    assert result.acknowledged and applied(result)
    told = newest_board(simcord_env, world.channel).content  # the live board, not a note left behind
    assert f"<@{attacker.id}>, my direct messages do not reach you: “{SECRET_LABEL} ({attacker.name})”" in told
    assert not since(simcord_env, attacker.user.dm_channel)

    board = newest_board(simcord_env, world.channel)
    button = f"{SECRET_LABEL} ({attacker.name})"
    stranger = await world.mod.click(board, label=button)
    assert answered_privately(stranger) == NOT_PLAYING
    other = await defender.click(board, label=button)
    assert answered_privately(other).startswith(f"This button is for {attacker.name}, who is choosing in secret")
    opened = await attacker.click(board, label=button)
    assert opened.ephemeral
    assert "choose your attack in secret" in opened.response.content and "/12 HP" in opened.response.content
    snap = await snapshot(simcord_env, world.channel)
    chosen = await attacker.click(opened.response, custom_id=attack_id(snap.game_id, snap.version, Attack.KICK))
    assert chosen.acknowledged
    assert (await snapshot(simcord_env, world.channel)).version == snap.version + 1
    private = [m.content for m in chosen.followups if m.ephemeral]
    assert any("You chose Kick in the Crotch" in text for text in private)
    closed = current(simcord_env, opened.response)  # the ephemeral choice is closed the same way
    assert not live_controls(closed) and "✅ You chose: **Kick in the Crotch**" in closed.content
    public = texts(m for m in since(simcord_env, world.channel, before) if not m.flags.ephemeral)
    assert "could not send a direct message" not in public
    assert "has picked an attack" in public
    assert not any(word in public for word in ATTACK_WORDS), public
    assert not any(word in texts(since(simcord_env, defender.user.dm_channel)) for word in ATTACK_WORDS)
    assert "command=button in private" in caplog.text
    assert not any(word.casefold() in caplog.text.casefold() for word in ATTACK_WORDS)


async def test_a_dm_choice_works_after_a_restart_and_counts_once(simcord_env, world, make_bot, bot_db):
    attacker, defender, version = await first_attack(simcord_env, world)
    snap = await snapshot(simcord_env, world.channel)
    dm = attack_dm(simcord_env, attacker, snap.game_id, version)

    old_bot = simcord_env.bot
    new_bot = make_bot(seed_source=lambda: SEED)
    await simcord_env.restart_bot(new_bot)
    await old_bot.close()
    try:
        await _choose_once_after_restart(simcord_env, world, new_bot, bot_db, attacker, defender, version, dm)
    finally:
        await new_bot.close()


async def _choose_once_after_restart(simcord_env: Any, world: World, new_bot: ZagjanBot, bot_db: Any, attacker: Any,
                                     defender: Any, version: int, dm: discord.Message) -> None:
    snap = await snapshot(simcord_env, world.channel)
    assert simcord_env.bot is new_bot and new_bot.database == bot_db

    chosen = await attacker.user.click(dm, custom_id=attack_id(snap.game_id, version, Attack.PUNCH))
    assert chosen.acknowledged and applied(chosen)
    after = await snapshot(simcord_env, world.channel)
    assert after.version == version + 1 and after.state.ask.kind is AskKind.DEFENCE
    footer = newest_board(simcord_env, world.channel).embeds[0].footer.text
    assert footer == f"Game #{after.game_id} · move {after.version}"

    assert not live_controls(current(simcord_env, dm))
    again = await click_in_flight(attacker.user, dm, attack_id(snap.game_id, version, Attack.KICK))
    assert answered_privately(again) == f"It is {defender.name}'s turn."
    doubled = await click_in_flight(attacker.user, dm, attack_id(snap.game_id, version, Attack.PUNCH))
    assert answered_privately(doubled) == f"It is {defender.name}'s turn."
    assert (await snapshot(simcord_env, world.channel)).version == after.version
    assert "You chose Punch" in texts(since(simcord_env, attacker.user.dm_channel))
    assert "You chose Kick" not in texts(since(simcord_env, attacker.user.dm_channel))


async def test_an_old_dm_cannot_answer_the_next_attack(simcord_env, world):
    """Second Serving asks the same attacker again; the first DM's buttons belong to the first attack."""
    attacker, defender, version = await first_attack(
        simcord_env, world, lambda state, after: starts_a_fight(state, after) and _second_serving(after) is not None)
    snap = await snapshot(simcord_env, world.channel)
    first_dm = attack_dm(simcord_env, attacker, snap.game_id, version)
    pair = _second_serving(snap.state)
    assert pair is not None
    attack, block = pair
    await attacker.user.click(first_dm, custom_id=attack_id(snap.game_id, version, attack))
    blocked = await defender.click(newest_board(simcord_env, world.channel), custom_id=(
        f"zj:act:{snap.game_id}:{version + 1}:block.{block}"))
    assert applied(blocked)
    now = await snapshot(simcord_env, world.channel)
    assert now.state.ask.kind is AskKind.ATTACK and now.waiting_for == [str(attacker.id)]

    stale = await click_in_flight(attacker.user, first_dm, attack_id(snap.game_id, version, Attack.PUNCH))
    assert answered_privately(stale) == STALE
    assert (await snapshot(simcord_env, world.channel)).version == now.version
    fresh = attack_dm(simcord_env, attacker, now.game_id, now.version)
    assert "This round so far:" in fresh.content and f"against a {block.title()} Block" in fresh.content
    answered = await attacker.user.click(fresh, custom_id=attack_id(now.game_id, now.version, Attack.PUNCH))
    assert applied(answered)
    assert (await snapshot(simcord_env, world.channel)).version == now.version + 1


async def test_dm_messages_per_secret_choice_over_a_brood_rumble_attack_and_block(simcord_env, world):
    """The attacker's DMs over an attack and its block: the question (then edited) and the private
    news of what they chose; the block, a click on the board, sends them nothing more (a second
    serving asks again: that question is the next choice's, and the only live one)."""
    state, actor, action, n = await to_the_brink(simcord_env, world)
    after = GAME.apply(state, str(actor.id), action).state
    attacker = world.by_id(after.orcs[after.combat.attacker].player)
    defender = world.by_id(after.orcs[after.combat.defender].player)
    before = newest_id(simcord_env, attacker.user.dm_channel)
    assert applied(await play(simcord_env, world, state, actor, action, n + 1))
    snap = await snapshot(simcord_env, world.channel)
    asked = attack_dm(simcord_env, attacker, snap.game_id, snap.version)
    chosen = await attacker.user.click(asked, custom_id=attack_id(snap.game_id, snap.version, Attack.HEADBUTT))
    assert applied(chosen)
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    assert applied(await defender.click(newest_board(simcord_env, world.channel), label="Low Block"))
    await simcord_env.bot.boards.channel(world.channel.id).drained()
    sent = since(simcord_env, attacker.user.dm_channel, before)
    answered = [m for m in sent if not live_controls(m)]
    assert len(answered) <= 2, [m.content[:60] for m in sent]  # before issue 40: 3 (and a "Done")
    assert len(sent) - len(answered) <= 1
    assert current(simcord_env, asked).content.endswith("✅ You chose: **Headbutt**")


def _second_serving(state: BroodRumbleState) -> tuple[Attack, str] | None:
    """An attack and a block after which the same attacker is asked again (the block was wrong and the
    blow too weak to end the fight), if the dice of this moment allow one."""
    assert state.combat is not None and state.ask is not None
    attacker, defender = (state.orcs[o].player for o in (state.combat.attacker, state.combat.defender))
    for attack in Attack:
        chosen = GAME.apply(state, attacker, ChooseAttack(attack=attack)).state
        for block in ("low", "mid", "high"):
            after = GAME.apply(chosen, defender, ChooseDefence(block=block)).state  # type: ignore[arg-type]
            if after.ask is not None and after.ask.kind is AskKind.ATTACK and after.ask.players == [attacker]:
                return attack, block
    return None


# -- commands and autocomplete ----------------------------------------------------------------------------


def _may_move(state: BroodRumbleState, player: str | None = None) -> bool:
    ask = state.ask
    return ask is not None and ask.kind is AskKind.ACT and (player is None or ask.players == [player]) and any(
        isinstance(a, Move) for a in GAME.legal_actions(state, ask.players[0]))


async def test_move_by_command_toward_a_name_after_checking_it_before_the_roll(simcord_env, world):
    """`/br move toward:` rolls and walks in one command (bob's Common Orc); a Feral Orc (alice's) is
    offered its reroll between the two, and repeats the command after answering it."""
    state, actor, _, _ = await to_the_brink(simcord_env, world, stop=lambda s, after: _may_move(s))
    snap = await snapshot(simcord_env, world.channel)
    mover = state.orcs[state.ask.orc]
    typo = await actor.slash(world.channel, "br move", toward="nobody at all")
    assert "There is nothing called 'nobody at all'" in answered_privately(typo)
    nonsense = await actor.slash(world.channel, "br move", to="twelve")
    assert "is not a point" in answered_privately(nonsense)
    friend = next(o for o in state.orcs.values() if o.team == mover.team and o.id != mover.id)
    ally = await actor.slash(world.channel, "br charge", target=friend.id)
    assert answered_privately(ally) == f"{friend.id} is not an enemy Orc on the board."
    assert (await snapshot(simcord_env, world.channel)).version == snap.version  # no dice were rolled

    walked: set[str] = set()
    for n in range(300):
        snap = await snapshot(simcord_env, world.channel)
        state = snap.state
        actor = _actor(world, snap.waiting_for, n)
        if _may_move(state) and actor.name not in walked:
            await _walk_toward_the_enemy(simcord_env, world, state, actor)
            walked.add(actor.name)
            if walked == {"alice", "bob"}:
                break
            continue
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, str(actor.id))
        await simcord_env.bot.table.act(world.channel.id, str(actor.id), choose(state, str(actor.id), legal, n))
    assert walked == {"alice", "bob"}


async def _walk_toward_the_enemy(env: Any, world: World, state: BroodRumbleState, actor: Any) -> None:
    mover = state.orcs[state.ask.orc]  # type: ignore[union-attr]
    enemy_player = next(p for p in (world.alice, world.bob) if p is not actor)
    foes = [o for o in _enemies(state, mover.team) if o.player == str(enemy_player.id)]
    start = min(centre_distance(mover.xy, o.xy) for o in foes)
    before = newest_id(env, world.channel)

    moved = await actor.slash(world.channel, "br move", toward=enemy_player.name)
    feral = mover.brood.value == "feral"
    # The distance is rolled and stored; a Feral Orc is then told it may reroll before walking.
    assert moved.acknowledged
    now = await snapshot(env, world.channel)
    assert (now.state.ask is not None and now.state.ask.kind is AskKind.MOVE_REROLL) is feral
    if not feral:  # the board is the answer: the private "thinking…" is taken away, no "Done" is left
        assert moved.response is None
    else:  # the command stopped halfway: the sentence saying why is its answer
        assert moved.response.ephemeral and "reroll that distance first" in moved.response.content
        kept = await actor.slash(world.channel, "br reroll", again=False)
        assert applied(kept)
        options = await actor.autocomplete(world.channel, "br move", "toward", "")
        assert {o.id for o in foes} <= {o["value"] for o in options}
        moved = await actor.slash(world.channel, "br move", toward=enemy_player.name)
        assert applied(moved)
        now = await snapshot(env, world.channel)
    walked = now.state.orcs[mover.id]
    assert min(centre_distance(walked.xy, o.xy) for o in foes) < start
    assert f"{mover.id} ({actor.name}) moves" in texts(since(env, world.channel, before))


async def test_autocomplete_offers_only_legal_choices(simcord_env, world):
    await open_table(world, 2)
    table = simcord_env.bot.table
    snap = await snapshot(simcord_env, world.channel)
    placer = world.by_id(snap.waiting_for[0])
    other = world.bob if placer is world.alice else world.alice
    spots = await placer.autocomplete(world.channel, "br place", "at", "", kind="pit")
    legal = await table.legal_actions(world.channel.id, str(placer.id))
    offered = {f"{num(a.x)},{num(a.y)}" for a in legal if isinstance(a, PlaceFeature) and a.kind.value == "pit"}
    assert spots[0]["value"] == "random" and {o["value"] for o in spots[1:]} <= offered and len(spots) == 25
    assert await other.autocomplete(world.channel, "br place", "at", "", kind="pit") == []
    out_of_turn = await other.slash(world.channel, "br place", kind="pit", at="12,12")
    assert answered_privately(out_of_turn) == f"It is {placer.name}'s turn."
    wrong = await placer.slash(world.channel, "br edge", edge="north")
    assert answered_privately(wrong).startswith("That is not an answer to this question: Team")
    off_board = await placer.slash(world.channel, "br place", kind="pit", at="1,1")
    assert "from the board edge" in answered_privately(off_board)
    assert (await snapshot(simcord_env, world.channel)).version == snap.version

    placed = await placer.slash(world.channel, "br place", kind="pit", at=spots[1]["value"])
    assert applied(placed)
    assert (await snapshot(simcord_env, world.channel)).version == snap.version + 1

    # Further on: each command's suggestions are the legal actions of the moment.
    checked: set[str] = set()
    for n in range(400):
        snap = await snapshot(simcord_env, world.channel)
        state = snap.state
        actor = _actor(world, snap.waiting_for, n)
        legal = await table.legal_actions(world.channel.id, str(actor.id))
        kind = state.ask.kind
        if kind is AskKind.DEPLOY and "deploy" not in checked:
            orcs = await actor.autocomplete(world.channel, "br deploy", "orc", "")
            assert {o["value"] for o in orcs} == {a.orc for a in legal if isinstance(a, Deploy | DeployAtRandom)}
            first_orc = orcs[0]["value"]
            at = await actor.autocomplete(world.channel, "br deploy", "at", "", orc=first_orc)
            assert {o["value"] for o in at[1:]} == {num(a.at) for a in legal
                                                     if isinstance(a, Deploy) and a.orc == first_orc}
            checked.add("deploy")
        if kind is AskKind.ACTIVATE and "activate" not in checked:
            orcs = await actor.autocomplete(world.channel, "br activate", "orc", "")
            assert {o["value"] for o in orcs} == {a.orc for a in legal if isinstance(a, Activate)}
            checked.add("activate")
        if kind is AskKind.MOVE_TO and "charge" not in checked and any(isinstance(a, Charge) for a in legal):
            targets = await actor.autocomplete(world.channel, "br charge", "target", "")
            assert {o["value"] for o in targets} == {a.target for a in legal if isinstance(a, Charge)}
            points = await actor.autocomplete(world.channel, "br move", "to", "")
            assert points and all(o["name"].startswith(("Stay", "Toward")) or "\" " in o["name"] for o in points)
            checked.add("charge")
        if kind is AskKind.CHOOSE_COMBAT and "combat" not in checked:
            fights = await actor.autocomplete(world.channel, "br combat", "fight", "")
            assert {tuple(o["value"].split()) for o in fights} == {a.orcs for a in legal
                                                                    if isinstance(a, ChooseCombat)}
            checked.add("combat")
        if checked == {"deploy", "activate", "charge", "combat"}:
            break
        await table.act(world.channel.id, str(actor.id), choose(state, str(actor.id), legal, n))
    assert checked == {"deploy", "activate", "charge", "combat"}, checked


BARREL_QUESTIONS = {AskKind.CATCH_THROW, AskKind.BARREL_REROLL, AskKind.BONUS_THROW}


def _digging(state: BroodRumbleState) -> bool:
    ask = state.ask
    return ask is not None and (ask.kind in BARREL_QUESTIONS or (ask.kind is AskKind.ACT and any(
        isinstance(a, Grab) for a in GAME.legal_actions(state, ask.players[0]))))


async def test_barrels_and_items_by_command(simcord_env, world):
    """Digging in a Debris Mound and what flies about: /br grab, /br throw at a found or caught Barrel,
    /br reroll for a Common throw that falls short, each applied once."""
    *_, reached = await to_the_brink(simcord_env, world, stop=lambda s, after: _digging(s), policy=grabber)
    met: set[str] = set()
    for n in range(reached, reached + 150):
        snap = await snapshot(simcord_env, world.channel)
        state = snap.state
        actor = _actor(world, snap.waiting_for, n)
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, str(actor.id))
        action = grabber(state, str(actor.id), legal, n)
        result = await play(simcord_env, world, state, actor, action, n, typed=_digging(state) or None)
        assert result.acknowledged and applied(result), answered_privately(result)
        assert (await snapshot(simcord_env, world.channel)).version == snap.version + 1
        if _digging(state):
            met.add(action.type)
        if {"grab", "bonus_throw", "catch_throw", "reroll"} <= met:
            break
    said = texts(since(simcord_env, world.channel))
    assert {"grab", "bonus_throw", "catch_throw", "reroll"} <= met, met
    assert "Oh, a Barrel!" in said and "hurls the caught Barrel at" in said and "hurls a Barrel at" in said


async def test_every_log_line_of_a_rumble_at_debug_keeps_the_secrets(simcord_env, world, caplog):
    """Every logger at DEBUG (discord.py included), through the filter every handler of the bot gets.
    (simcord does not replay discord.py's raw traffic logs; what they would say is checked against
    the filter in test_logs.py.)"""
    from bot.app.logs import guard

    guard(caplog.handler)
    caplog.set_level(logging.DEBUG)
    attacker, defender, version = await first_attack(simcord_env, world)
    snap = await snapshot(simcord_env, world.channel)
    clicked = await attacker.user.click(attack_dm(simcord_env, attacker, snap.game_id, version),
                                        custom_id=attack_id(snap.game_id, version, Attack.KICK))
    assert applied(clicked)
    logged = caplog.text
    assert "command=button in private" in logged
    for secret in (*ATTACK_WORDS, "attack.", "choose your attack in secret", "simcord_interaction_"):
        assert secret.casefold() not in logged.casefold(), secret
