"""The one path every move takes, whether it came from a slash command, a button, a select or a modal.

    acknowledge → table.act (one trip to the database thread) → queue the board
    → private news by DM → secret prompts by DM

The interaction is acknowledged before anything else happens (a silent deferral
for a click, a private "thinking…" for a command), so Discord's 3-second limit
never depends on the database, the rules or the picture. A refusal is then a
private follow-up, and changes nothing. The board goes to the channel through
the channel's `ChannelBoards` (bot.ui.poster): edited in place within a turn,
a new message for the next turn, in order, drawn off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

from bot import reactions
from bot.catalog import adapter_for, plugins
from bot.table import NOT_PLAYING, STALE, TableError, TurnResult, whose_turn
from bot.ui.board import SECRET_LABEL, SECRET_PAYLOAD, pinging
from bot.ui.components import SquareModal, build_view
from bot.ui.controls import AskSquare, RandomLegal, secret_text, secret_version
from bot.ui.text import and_list, last_lines
from rules.core.computer import is_computer
from rules.core.errors import RuleViolation
from rules.core.grid import parse_square

if TYPE_CHECKING:
    from bot.app import ZagjanBot

log = logging.getLogger("zagjan.interactions")
errors_log = logging.getLogger("zagjan.bot")

DM_CLOSED = 50007
CONFIRMED = "✅"
"""How every private confirmation starts, so it reads apart from a refusal."""
DONE = f"{CONFIRMED} Done: the board is updated in the game's channel."


# -- one log line per interaction -------------------------------------------------------------


@dataclass
class Audit:
    """What the log line of one interaction says: never a token, never a secret choice."""

    command: str
    game: int | None = None
    result: str = "ok"
    stored: bool = False  # a move of this interaction is in the store: an error after it must say so


FAILED_UNCHANGED = "Something went wrong on my side, and nothing was changed. Please try again."
FAILED_AFTER_MOVE = ("Your move counted and is saved, but something went wrong on my side while showing it. "
                     "/game board shows the board as it is now.")


@asynccontextmanager
async def audit(interaction: discord.Interaction[Any], command: str, *,
                acknowledge_first: bool = False) -> AsyncIterator[Audit]:
    """One log line for the interaction, the answer to a refusal, and a truthful private apology
    for a failure, for commands, buttons, menus and modals alike. Game moves pass
    `acknowledge_first`, so the deferral goes out before the command reads anything. Any
    interaction in a channel also gives a board Discord refused earlier its next chance."""
    record = Audit(command)
    try:
        if acknowledge_first:
            await acknowledge(interaction)
        bot_of(interaction).boards.nudge(interaction.channel_id)
        yield record
    except TableError as exc:
        # The one way a command is refused: a private sentence, and nothing changed.
        record.result = "refused"
        await refuse(interaction, str(exc))
    except Exception:
        record.result = "error"
        errors_log.exception("interaction %s failed in guild=%s channel=%s", command, interaction.guild_id,
                             interaction.channel_id)
        try:
            await refuse(interaction, FAILED_AFTER_MOVE if record.stored else FAILED_UNCHANGED)
        except discord.HTTPException:
            pass
    finally:
        log.info("interaction guild=%s channel=%s game=%s player=%s command=%s result=%s",
                 interaction.guild_id, interaction.channel_id, record.game if record.game is not None else "-",
                 interaction.user.id, command, record.result)


# -- small answers ------------------------------------------------------------------------------


async def refuse(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral sentence: only the person who clicked or typed sees it, and nothing changed.
    What the player typed comes back only as a short, cleaned excerpt, and pings nobody."""
    text = clean_echo(text)
    quiet = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=quiet)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)


ECHO_LIMIT = 40
"""How much of something typed a refusal quotes back."""
_QUOTED = re.compile(r"'([^']{%d,})'" % (ECHO_LIMIT + 1))
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_MENTION = re.compile(r"<(@[!&]?|#)(\d+)>|@(everyone|here)")


def clean_echo(text: str, limit: int = 1900) -> str:
    """A sentence safe to show: no direction-changing or invisible characters, no live mention
    (the markup is broken so it shows as text), quotes of what was typed cut to `ECHO_LIMIT`
    characters, and the whole within Discord's message limit."""
    text = _INVISIBLE.sub("", text)
    text = _MENTION.sub(lambda m: "@\u2060" + (m.group(3) or m.group(2)), text)
    text = _QUOTED.sub(lambda m: "'" + m.group(1)[:ECHO_LIMIT].rstrip() + "…'", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bot_of(interaction: discord.Interaction[Any]) -> ZagjanBot:
    return interaction.client  # type: ignore[return-value]


# -- running one move ---------------------------------------------------------------------------------


async def run_action(interaction: discord.Interaction[Any], record: Audit, *, channel_id: int,
                     action: dict[str, Any] | BaseModel, expected_version: int | None = None,
                     game_id: int | None = None, slug: str | None = None) -> TurnResult | None:
    """Apply `action` for the interaction's user and show the result; None when refused.

    `slug`, when given, is the game the command belongs to (the /mf commands),
    so a Masters' Fight command in a channel playing something else is refused.
    """
    await acknowledge(interaction)
    bot = bot_of(interaction)
    player = str(interaction.user.id)
    try:
        before = await bot.table.snapshot(channel_id)
        record.game = before.game_id
        if slug is not None and before.slug != slug and before.status in ("lobby", "active"):
            raise TableError(f"The game in this channel is {before.title}; that command is for another game.")
        clicked = interaction.type is not discord.InteractionType.application_command
        if clicked and before.game_id == game_id and before.status == "active" and player not in before.waiting_for:
            # A board's controls belong to whoever must act; to anyone else they only say whose turn it is.
            raise TableError(whose_turn(before.seats, before.waiting_for))
        result = await bot.table.act(channel_id, player, action, expected_version=expected_version,
                                     game_id=game_id)
    except TableError as exc:
        record.result = "refused"
        await refuse(interaction, str(exc))
        return None
    record.game, record.stored = result.game_id, True
    prompted = {p.player for p in before.prompts if p.secret} if before.game_id == result.game_id else set()
    await publish(interaction, result, already_prompted=prompted)
    return result


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Tell Discord we are on it, before any other work: a private 'thinking…' for a command
    (its refusal or confirmation then stays private; the board goes to the channel on its own),
    a silent deferral for a click or a modal."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.application_command:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()


async def publish(interaction: discord.Interaction[Any], result: TurnResult, *, heading: str | None = None,
                  already_prompted: set[str] | frozenset[str] = frozenset()) -> None:
    """Queue the new board for the game's channel, confirm privately to whoever typed a command or
    chose in a DM, then send each player's private news and the secret choices that are new (a
    player still choosing from before is not sent the same DM again)."""
    bot = bot_of(interaction)
    posted = show(bot, result, heading=heading)
    await deliver_private(bot, result, actor=interaction)
    await offer_secret_prompts(bot, result, skip=already_prompted)
    if not await posted:
        why = bot.boards.channel(result.channel_id).last_error or "no reason given"
        await interaction.followup.send(
            f"⚠️ Your move counted and is saved, but Discord would not let me post the board in "
            f"<#{result.channel_id}> ({why[:200]}). I will post it again at the next move or in a little "
            "while; /game board also shows it.", ephemeral=True)
    elif interaction.type is discord.InteractionType.application_command or interaction.channel_id != result.channel_id:
        await interaction.followup.send(DONE, ephemeral=True)


async def tell_channel(interaction: discord.Interaction[Any], note: str, **kwargs: Any) -> None:
    """A command's public message (a lobby's seats, say), sent after its private acknowledgement:
    queued for the channel in order with its boards, and `note` answers privately whoever asked."""
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    bot_of(interaction).boards.say(interaction.channel_id, **kwargs)
    await interaction.followup.send(f"{CONFIRMED} {note}", ephemeral=True)


def show(bot: ZagjanBot, result: TurnResult, *, heading: str | None = None) -> asyncio.Future[bool]:
    """The board of a move, queued for its channel, and the reaction timer it may start; the
    future says whether the board went out."""
    posted = bot.boards.show(result, [*([heading] if heading else []), *(e.text for e in result.public_events)])
    reactions.schedule(bot, result)
    return posted


async def deliver_private(bot: ZagjanBot, result: TurnResult, *,
                          actor: discord.Interaction[Any] | None = None) -> None:
    """Each player's private events go to them by DM; closed DMs fall back to an ephemeral message
    (for the player who acted) or a pointer to /game log (for anyone else), never to the channel."""
    names = {s.player: s.name for s in result.seats}
    for player, events in result.private_events.items():
        if is_computer(player):
            continue  # a computer reads its news from the game itself
        text = f"**{result.title}** (#{result.game_id}), for your eyes only:\n" + last_lines(
            [e.text for e in events], 1900)
        if await _dm(bot, player, text):
            continue
        name = names.get(player, "someone")
        if actor is not None and player == str(actor.user.id):
            bot.boards.say(result.channel_id, allowed_mentions=discord.AllowedMentions.none(),
                           content=f"I could not send a direct message to {name} (their DMs may be closed), "
                                   "so they get their private news here instead.")
            await actor.followup.send(text, ephemeral=True)
        else:
            bot.boards.say(result.channel_id, allowed_mentions=pinging([player]),
                           content=f"I could not send a direct message to <@{player}> (their DMs may be closed): "
                                   "use /game log to read your private news.")


async def offer_secret_prompts(bot: ZagjanBot, result: TurnResult, *,
                               skip: set[str] | frozenset[str] = frozenset()) -> None:
    """A secret choice is offered by DM; with DMs closed, a channel button opens it ephemerally
    (the same button sits under every board while someone chooses in secret)."""
    secret = [p for p in result.prompts if p.secret and p.player not in skip and not is_computer(p.player)]
    if not secret:
        return
    closed: list[str] = []
    for prompt in secret:
        view = await secret_controls(bot, result.channel_id, result.game_id, result.slug, result.public_view,
                                     prompt.player, result.version)
        asked = secret_text(adapter_for(result.slug), result.public_view, prompt)
        text = f"**{result.title}** (#{result.game_id}): {asked}"
        if not await _dm(bot, prompt.player, text, view=view):
            closed.append(prompt.player)
    if closed:
        bot.boards.say(result.channel_id, allowed_mentions=pinging(closed),
                       content=f"I could not send a direct message to {and_list([f'<@{p}>' for p in closed])} "
                               f"(DMs closed, or Discord refused): press “{SECRET_LABEL}” under the board to choose where only "
                               "you can see it.")


async def secret_controls(bot: ZagjanBot, channel_id: int, game_id: int, slug: str, public_view: Any,
                          player: str, version: int) -> discord.ui.View | None:
    """The controls for one player's secret choice. Pinned to `version` only when the game says so
    (`secret_version`): by default others may be answering at once, each moving the version on."""
    legal = await bot.table.legal_actions(channel_id, player)
    if not legal:
        return None
    adapter = adapter_for(slug)
    return build_view(game_id, secret_version(adapter, version), adapter.controls(public_view, legal, player))


async def _dm(bot: ZagjanBot, player: str, text: str, view: discord.ui.View | None = None) -> bool:
    """Send a direct message; False when Discord would not deliver it (closed DMs, or any refusal)."""
    try:
        user = bot.get_user(int(player)) or await bot.fetch_user(int(player))
        kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
        if view is not None:
            kwargs["view"] = view
        await user.send(text, **kwargs)
        return True
    except discord.HTTPException as exc:
        # Closed DMs (50007) are the usual reason; any other refusal (opening DMs too fast, a server
        # error after retries) gets the same fallback, so no choice and no news is ever lost.
        if exc.code != DM_CLOSED:
            errors_log.warning("could not send a direct message to %s: %s %s", player, exc.status, exc.code)
        return False


# -- component entry points ------------------------------------------------------------------------------


def _logged(interaction: discord.Interaction[Any], component: str, detail: str) -> str:
    """How a click shows in the log: with what was clicked, unless it was clicked in a DM or an
    ephemeral message, which is where secret choices are made (the detail would tell the choice)."""
    message = interaction.message
    private = interaction.guild_id is None or (message is not None and message.flags.ephemeral)
    return f"{component} in private" if private else f"{component} {detail}"


async def on_button(interaction: discord.Interaction[Any], game_id: int, version: int | None, payload: str) -> None:
    """A board button. One that asks for a square answers with its modal (that is its
    acknowledgement); every other one is deferred before the game is looked at."""
    async with audit(interaction, _logged(interaction, "button", payload)) as record:
        record.game = game_id
        bot = bot_of(interaction)
        player = str(interaction.user.id)
        ask = _square_ask(payload)
        if ask is not None:
            known = bot.table.cached(game_id)  # refuse at once only when that costs no database trip
            refusal = _cannot_act(known, player, version) if known is not None else None
            if refusal:
                record.result = "refused"
                await refuse(interaction, refusal)
                return
            await interaction.response.send_modal(SquareModal(game_id, version, ask, payload))
            record.result = "modal"
            return
        if payload == SECRET_PAYLOAD:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await _open_secret(interaction, record, await bot.table.game_by_id(game_id), player)
            return
        await acknowledge(interaction)
        snapshot = await bot.table.game_by_id(game_id)
        try:
            decoded = adapter_for(snapshot.slug).from_button(payload)
        except ValueError:
            record.result = "refused"
            await refuse(interaction, "That button no longer does anything; use the newest board.")
            return
        if isinstance(decoded, RandomLegal):
            refusal = _cannot_act(snapshot, player, version)
            if refusal:
                record.result = "refused"
                await refuse(interaction, refusal)
                return
            legal = [a for a in await bot.table.legal_actions(snapshot.channel_id, player)
                     if getattr(a, "type", None) == decoded.action_type]
            if not legal:
                record.result = "refused"
                await refuse(interaction, "There is nothing of that kind you can do right now.")
                return
            action: dict[str, Any] | BaseModel = bot.rng.choice(legal)
        elif isinstance(decoded, AskSquare):
            record.result = "refused"  # only reached if two games read this payload differently
            await refuse(interaction, "That button no longer does anything; use the newest board.")
            return
        else:
            action = decoded
        await run_action(interaction, record, channel_id=snapshot.channel_id, action=action,
                         expected_version=version, game_id=game_id)


async def on_square_modal(interaction: discord.Interaction[Any], game_id: int, version: int | None,
                          payload: str, text: str) -> None:
    """A square modal's answer, however long ago (or before which restart) it was opened."""
    ask = _square_ask(payload)
    if ask is None:
        async with audit(interaction, "modal") as record:
            record.result = "refused"
            await refuse(interaction, "That form no longer does anything; use the newest board.")
        return
    await on_square(interaction, game_id, version, ask, text)


def _square_ask(payload: str) -> AskSquare | None:
    """The modal a button opens, known from its payload alone, so the modal can be the first
    answer: every game that knows the payload must read it as the same question."""
    asks: set[AskSquare] = set()
    for plugin in plugins().values():
        try:
            decoded = plugin.controls.from_button(payload)
        except (ValueError, KeyError):
            continue
        if not isinstance(decoded, AskSquare):
            return None
        asks.add(decoded)
    return asks.pop() if len(asks) == 1 else None


async def on_select(interaction: discord.Interaction[Any], game_id: int, version: int | None, kind: str,
                    value: str) -> None:
    async with audit(interaction, _logged(interaction, "select", kind), acknowledge_first=True) as record:
        record.game = game_id
        bot = bot_of(interaction)
        try:
            snapshot = await bot.table.game_by_id(game_id)
            action = adapter_for(snapshot.slug).from_select(kind, value)
        except ValueError:
            record.result = "refused"
            await refuse(interaction, "That menu no longer does anything; use the newest board.")
            return
        if not isinstance(action, dict):
            record.result = "refused"
            await refuse(interaction, "That menu no longer does anything; use the newest board.")
            return
        await run_action(interaction, record, channel_id=snapshot.channel_id, action=action,
                         expected_version=version, game_id=game_id)


async def on_square(interaction: discord.Interaction[Any], game_id: int, version: int | None, ask: AskSquare,
                    text: str) -> None:
    """The modal's answer: a square typed by the player."""
    async with audit(interaction, f"modal {ask.action_type}", acknowledge_first=True) as record:
        record.game = game_id
        bot = bot_of(interaction)
        try:
            square = parse_square(text)
            snapshot = await bot.table.game_by_id(game_id)
        except RuleViolation as exc:
            record.result = "refused"
            await refuse(interaction, str(exc))
            return
        except TableError as exc:
            record.result = "refused"
            await refuse(interaction, str(exc))
            return
        await run_action(interaction, record, channel_id=snapshot.channel_id,
                         action={"type": ask.action_type, ask.field: square},
                         expected_version=version, game_id=game_id)


def _cannot_act(snapshot: Any, player: str, version: int | None) -> str | None:
    """The table's own checks, made early for buttons that open a modal or pick at random."""
    if snapshot.status != "active":
        return "That game is over." if snapshot.status == "finished" else "That game is not running."
    if player not in snapshot.waiting_for:
        return whose_turn(snapshot.seats, snapshot.waiting_for)
    if version is not None and version != snapshot.version:
        return STALE
    return None


async def _open_secret(interaction: discord.Interaction[Any], record: Audit, snapshot: Any, player: str) -> None:
    """The fallback for closed DMs: the same secret choice, in a message only this player sees."""
    secret = [p for p in snapshot.prompts if p.secret and p.player == player]
    if snapshot.status != "active" or not secret:
        record.result = "refused"
        await refuse(interaction, "You have no secret choice to make right now.")
        return
    view = await secret_controls(bot_of(interaction), snapshot.channel_id, snapshot.game_id, snapshot.slug,
                                 snapshot.public_view, player, snapshot.version)
    kwargs: dict[str, Any] = {"ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    text = secret_text(adapter_for(snapshot.slug), snapshot.public_view, secret[0])
    await interaction.followup.send(f"**{snapshot.title}**: {text}", **kwargs)


# -- idle tables ------------------------------------------------------------------------------------


async def on_idle_vote(interaction: discord.Interaction[Any], game_id: int, version: int, choice: str) -> None:
    """A vote of the others about players the table has waited for twice its turn limit: a majority
    of them decides, and then the bot skips the idle players' turn or removes them from the game."""
    async with audit(interaction, f"idle vote {choice}", acknowledge_first=True) as record:
        record.game = game_id
        bot = bot_of(interaction)
        snap = await bot.table.game_by_id(game_id)
        if snap.status != "active" or snap.version != version:
            raise TableError("The game has moved on since this vote was called, so it is over.")
        voter = str(interaction.user.id)
        idle = list(snap.waiting_for)
        row = await bot.table.store.get_game(game_id)
        gone = set(row.forfeited) if row is not None else set()
        electors = [s.player for s in snap.seats if s.player not in idle and s.player not in gone]
        if voter in idle:
            raise TableError("The table is waiting for you: make your move instead of voting.")
        if voter not in electors:
            raise TableError(NOT_PLAYING)
        votes = await bot.table.store.vote_idle(game_id, version, voter, choice)
        counted = [votes[p] for p in electors if p in votes]
        needed = len(electors) // 2 + 1
        decided = next((c for c in ("remove", "skip") if counted.count(c) >= needed), None)
        if decided is None:
            await interaction.followup.send(f"{CONFIRMED} Your vote counts: {counted.count(choice)} of the "
                                            f"{needed} needed to {choice}.", ephemeral=True)
            return
        result = await bot.table.settle_idle(snap.channel_id, game_id, version, idle, decided)
        record.stored = True
        names = and_list([s.name for s in snap.seats if s.player in idle])
        heading = (f"🗳️ The table removed {names} for idling: the bot plays for them, and they place last."
                   if decided == "remove" else f"🗳️ The table skipped {names}'s turn.")
        await publish(interaction, result, heading=heading)


async def on_add_computer(interaction: discord.Interaction[Any]) -> None:
    """The lobby's "Add a computer player": its form comes from the seats cog."""
    cog = interaction.client.get_cog("Seats")  # type: ignore[attr-defined]
    if cog is None:
        await refuse(interaction, "Computer players are not available on this bot right now.")
        return
    await cog.open_form(interaction)
