"""The one path every move takes, whether it came from a slash command, a button, a select or a modal.

    check cheaply → table.act → acknowledge → render off the loop → post the board
    → private news by DM → secret prompts by DM

The table refuses anything illegal (out of turn, stale version, broken rule)
with a `TableError` whose message we show ephemerally; a refusal changes
nothing. The acknowledgement comes right after `act` (a local SQLite write),
before the slow part (rendering), so Discord's 3-second limit is kept; a
refusal is answered as the first response, so it can be ephemeral.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord
from pydantic import BaseModel

from bot import reactions
from bot.table import STALE, TableError, TurnResult, whose_turn
from bot.ui.controls import (
    AskSquare,
    ButtonSpec,
    Controls,
    RandomLegal,
    SquareModal,
    adapter_for,
    build_view,
    secret_text,
    secret_version,
)
from bot.ui.text import and_list, feats_lines, last_lines, placings_lines
from rules.core.engine import Event, Outcome, Prompt, Seat
from rules.core.errors import RuleViolation
from rules.core.grid import parse_square

if TYPE_CHECKING:
    from bot.app import ZagjanBot

log = logging.getLogger("zagjan.interactions")
errors_log = logging.getLogger("zagjan.bot")

DM_CLOSED = 50007
BOARD_FILE = "board.png"
SECRET_PAYLOAD = "secret"
SECRET_LABEL = "Make my secret choice"
USERS_ONLY = discord.AllowedMentions(everyone=False, roles=False, users=True)


# -- one log line per interaction -------------------------------------------------------------


@dataclass
class Audit:
    """What the log line of one interaction says: never a token, never a secret choice."""

    command: str
    game: int | None = None
    result: str = "ok"


@asynccontextmanager
async def audit(interaction: discord.Interaction[Any], command: str) -> AsyncIterator[Audit]:
    record = Audit(command)
    try:
        yield record
    except TableError as exc:
        # The one way a command is refused: a private sentence, and nothing changed.
        record.result = "refused"
        await refuse(interaction, str(exc))
    except Exception:
        record.result = "error"
        raise
    finally:
        log.info("interaction guild=%s channel=%s game=%s player=%s command=%s result=%s",
                 interaction.guild_id, interaction.channel_id, record.game if record.game is not None else "-",
                 interaction.user.id, command, record.result)


# -- small answers ------------------------------------------------------------------------------


async def refuse(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral sentence: only the person who clicked or typed sees it, and nothing changed."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def bot_of(interaction: discord.Interaction[Any]) -> ZagjanBot:
    return interaction.client  # type: ignore[return-value]


# -- the board message ----------------------------------------------------------------------------


class BoardLike(Protocol):
    """What a `TurnResult` and a `Snapshot` have in common: enough to draw a board message."""

    game_id: int
    slug: str
    title: str
    channel_id: int
    version: int
    seats: list[Seat]
    public_view: Any
    prompts: list[Prompt]
    waiting_for: list[str]
    outcome: Outcome | None


@dataclass
class BoardMessage:
    content: str
    embed: discord.Embed
    png: bytes | None
    view: discord.ui.View | None
    notes: list[str] = field(default_factory=list)

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed, "allowed_mentions": USERS_ONLY}
        if self.png is not None:
            kwargs["file"] = discord.File(io.BytesIO(self.png), filename=BOARD_FILE)
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs


def _render_sync(view: Any) -> bytes | None:
    from renderers import RENDERERS, render

    if view is None or getattr(view, "game", None) not in RENDERERS:
        return None
    return render(view)


async def render_png(view: Any) -> bytes | None:
    """The board picture, drawn in a worker thread so the event loop keeps answering Discord.

    A drawing failure must not lose the move (it is already stored), so the
    message then goes out without a picture and the error is logged.
    """
    try:
        return await asyncio.to_thread(_render_sync, view)
    except Exception:
        errors_log.exception("could not draw the board")
        return None


async def board_message(bot: ZagjanBot, board: BoardLike, events: Sequence[Event] = (), *,
                        heading: str | None = None) -> BoardMessage:
    """Log of what happened, the picture, who is next, and the next player's controls."""
    names = {s.player: s.name for s in board.seats}
    png = await render_png(board.public_view)
    embed = discord.Embed(title=_title(board), colour=discord.Colour.dark_red())
    lines = ([heading] if heading else []) + [e.text for e in events]
    if lines:
        embed.description = last_lines(lines)
    if png is not None:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    embed.set_footer(text=f"Game #{board.game_id} · move {board.version}")

    view: discord.ui.View | None = None
    notes: list[str] = []
    if board.outcome is not None:
        embed.add_field(name="Placings", value="\n".join(placings_lines(board.outcome.placings, names))[:1024],
                        inline=False)
        feats = feats_lines(board.outcome.feats, names)
        if feats:
            embed.add_field(name="Feats", value="\n".join(feats)[:1024], inline=False)
        content = f"🏁 **{board.title} is over.** {board.outcome.summary}".strip()
    else:
        content, view, notes = await _next_up(bot, board, names)
    return BoardMessage(content=content[:2000], embed=embed, png=png, view=view, notes=notes)


def _title(board: BoardLike) -> str:
    turn = getattr(board.public_view, "turn", None)
    phase = str(getattr(board.public_view, "phase", ""))
    if isinstance(turn, int) and turn > 0 and phase not in ("deployment", "Phase.DEPLOYMENT"):
        return f"{board.title} — Game Turn {turn}"
    return board.title


async def _next_up(bot: ZagjanBot, board: BoardLike, names: dict[str, str]
                   ) -> tuple[str, discord.ui.View | None, list[str]]:
    """Who must act, what they are asked, and their buttons: for a lone open prompt, or for one
    question put to several players (teammates deciding for their team), where the buttons offer
    what any of them may do and the rules judge each click for whoever made it."""
    if not board.waiting_for:
        return "Nobody can act right now.", None, []
    lines: list[str] = []
    asked: dict[str, list[str]] = {}  # an open question -> everyone it is put to
    for prompt in board.prompts:
        mention = f"<@{prompt.player}>"
        if prompt.secret:
            lines.append(f"{mention} is choosing in secret (by direct message, or with the button below).")
        elif prompt.text in asked:
            asked[prompt.text].append(mention)
        else:
            asked[prompt.text] = [mention]
            lines.append(prompt.text)
    lines = [f"{' or '.join(asked[line])} {line}" if line in asked else line for line in lines]
    controls = Controls()
    open_prompts = [p for p in board.prompts if not p.secret]
    one_question = len(open_prompts) == len(board.prompts) and len({p.text for p in open_prompts}) == 1
    if open_prompts and (len(board.waiting_for) == 1 or one_question):
        players = list(dict.fromkeys(p.player for p in open_prompts))
        legal: list[BaseModel] = []
        for player in players:
            legal += [a for a in await bot.table.legal_actions(board.channel_id, player) if a not in legal]
        if legal:
            controls = adapter_for(board.slug).controls(board.public_view, legal, players[0])
    if any(p.secret for p in board.prompts):
        controls.buttons.append(_secret_button())
    view = build_view(board.game_id, board.version, controls)
    notes = controls.notes
    content = "\n".join(lines + [f"*{n}*" for n in notes])
    return content or whose_turn(board.seats, board.waiting_for), view, notes


# -- running one move ---------------------------------------------------------------------------------


async def run_action(interaction: discord.Interaction[Any], record: Audit, *, channel_id: int,
                     action: dict[str, Any] | BaseModel, expected_version: int | None = None,
                     game_id: int | None = None, slug: str | None = None) -> TurnResult | None:
    """Apply `action` for the interaction's user and show the result; None when refused.

    `slug`, when given, is the game the command belongs to (the /mf commands),
    so a Masters' Fight command in a channel playing something else is refused.
    """
    bot = bot_of(interaction)
    player = str(interaction.user.id)
    try:
        before = await bot.table.snapshot(channel_id)
    except TableError as exc:
        record.result = "refused"
        await refuse(interaction, str(exc))
        return None
    record.game = before.game_id
    if slug is not None and before.slug != slug and before.status in ("lobby", "active"):
        record.result = "refused"
        await refuse(interaction, f"The game in this channel is {before.title}; that command is for another game.")
        return None
    clicked = interaction.type is not discord.InteractionType.application_command
    if clicked and before.game_id == game_id and before.status == "active" and player not in before.waiting_for:
        # A board's controls belong to whoever must act; to anyone else they only say whose turn it is.
        record.result = "refused"
        await refuse(interaction, whose_turn(before.seats, before.waiting_for))
        return None
    try:
        result = await bot.table.act(channel_id, player, action, expected_version=expected_version,
                                     game_id=game_id)
    except TableError as exc:
        record.result = "refused"
        await refuse(interaction, str(exc))
        return None
    record.game = result.game_id
    await acknowledge(interaction)
    prompted = {p.player for p in before.prompts if p.secret} if before.game_id == result.game_id else set()
    await publish(interaction, result, already_prompted=prompted)
    return result


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Tell Discord we are on it: a visible 'thinking…' for a command, a silent one for a click."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.application_command:
        await interaction.response.defer(thinking=True)
    else:
        await interaction.response.defer()


async def publish(interaction: discord.Interaction[Any], result: TurnResult, *, heading: str | None = None,
                  already_prompted: set[str] | frozenset[str] = frozenset()) -> None:
    """Post the new board in the game's channel, then each player's private news, then the secret
    choices that are new (a player still choosing from before is not sent the same DM again)."""
    message = await board_message(bot_of(interaction), result, result.public_events, heading=heading)
    await announce(interaction, result.channel_id, **message.send_kwargs())
    reactions.schedule(bot_of(interaction), result)
    if interaction.channel_id != result.channel_id:
        await interaction.followup.send("Done: the board is updated in the game's channel.", ephemeral=True)
    await deliver_private(interaction, result)
    await offer_secret_prompts(interaction, result, skip=already_prompted)


async def announce(interaction: discord.Interaction[Any], channel_id: int, **kwargs: Any) -> None:
    """A public message in the game's channel: as the interaction's follow-up when it happened
    there, else (a choice made in a DM) as a plain message in that channel."""
    if interaction.channel_id == channel_id:
        await interaction.followup.send(**kwargs, wait=True)
        return
    bot = bot_of(interaction)
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    await channel.send(**kwargs)  # type: ignore[union-attr]


async def deliver_private(interaction: discord.Interaction[Any], result: TurnResult) -> None:
    """Each player's private events go to them by DM; closed DMs fall back to an ephemeral message
    (for the player who acted) or a pointer to /game log (for anyone else), never to the channel."""
    names = {s.player: s.name for s in result.seats}
    for player, events in result.private_events.items():
        text = f"**{result.title}** (#{result.game_id}), for your eyes only:\n" + last_lines(
            [e.text for e in events], 1900)
        if await _dm(interaction, player, text):
            continue
        name = names.get(player, "someone")
        if player == str(interaction.user.id):
            await announce(interaction, result.channel_id, allowed_mentions=USERS_ONLY,
                           content=f"I could not send a direct message to {name} (their DMs are closed), "
                                   "so they get their private news here instead.")
            await interaction.followup.send(text, ephemeral=True)
        else:
            await announce(interaction, result.channel_id, allowed_mentions=USERS_ONLY,
                           content=f"I could not send a direct message to <@{player}> (their DMs are closed): "
                                   "use /game log to read your private news.")


async def offer_secret_prompts(interaction: discord.Interaction[Any], result: TurnResult, *,
                               skip: set[str] | frozenset[str] = frozenset()) -> None:
    """A secret choice is offered by DM; with DMs closed, a channel button opens it ephemerally
    (the same button sits under every board while someone chooses in secret)."""
    secret = [p for p in result.prompts if p.secret and p.player not in skip]
    if not secret:
        return
    bot = bot_of(interaction)
    closed: list[str] = []
    for prompt in secret:
        view = await secret_controls(bot, result.channel_id, result.game_id, result.slug, result.public_view,
                                     prompt.player, result.version)
        asked = secret_text(adapter_for(result.slug), result.public_view, prompt)
        text = f"**{result.title}** (#{result.game_id}): {asked}"
        if not await _dm(interaction, prompt.player, text, view=view):
            closed.append(prompt.player)
    if closed:
        await announce(interaction, result.channel_id, allowed_mentions=USERS_ONLY,
                       content=f"I could not send a direct message to {and_list([f'<@{p}>' for p in closed])} "
                               f"(DMs closed): press “{SECRET_LABEL}” under the board to choose where only "
                               "you can see it.")


def _secret_button() -> ButtonSpec:
    return ButtonSpec(SECRET_PAYLOAD, SECRET_LABEL, discord.ButtonStyle.primary, "🤫")


async def secret_controls(bot: ZagjanBot, channel_id: int, game_id: int, slug: str, public_view: Any,
                          player: str, version: int) -> discord.ui.View | None:
    """The controls for one player's secret choice. Pinned to `version` only when the game says so
    (`secret_version`): by default others may be answering at once, each moving the version on."""
    legal = await bot.table.legal_actions(channel_id, player)
    if not legal:
        return None
    adapter = adapter_for(slug)
    return build_view(game_id, secret_version(adapter, version), adapter.controls(public_view, legal, player))


async def _dm(interaction: discord.Interaction[Any], player: str, text: str,
              view: discord.ui.View | None = None) -> bool:
    """Send a direct message; False when the player does not accept DMs from the bot."""
    bot = bot_of(interaction)
    try:
        user = bot.get_user(int(player)) or await bot.fetch_user(int(player))
        kwargs: dict[str, Any] = {"allowed_mentions": USERS_ONLY}
        if view is not None:
            kwargs["view"] = view
        await user.send(text, **kwargs)
        return True
    except discord.Forbidden:
        return False
    except discord.HTTPException as exc:
        if exc.code == DM_CLOSED:
            return False
        raise


# -- component entry points ------------------------------------------------------------------------------


def _logged(interaction: discord.Interaction[Any], component: str, detail: str) -> str:
    """How a click shows in the log: with what was clicked, unless it was clicked in a DM or an
    ephemeral message, which is where secret choices are made (the detail would tell the choice)."""
    message = interaction.message
    private = interaction.guild_id is None or (message is not None and message.flags.ephemeral)
    return f"{component} in private" if private else f"{component} {detail}"


async def on_button(interaction: discord.Interaction[Any], game_id: int, version: int | None, payload: str) -> None:
    async with audit(interaction, _logged(interaction, "button", payload)) as record:
        record.game = game_id
        bot = bot_of(interaction)
        snapshot = await bot.table.game_by_id(game_id)
        player = str(interaction.user.id)
        if payload == SECRET_PAYLOAD:
            await _open_secret(interaction, record, snapshot, player)
            return
        try:
            decoded = adapter_for(snapshot.slug).from_button(payload)
        except ValueError:
            record.result = "refused"
            await refuse(interaction, "That button no longer does anything; use the newest board.")
            return
        if isinstance(decoded, (AskSquare, RandomLegal)):
            refusal = _cannot_act(snapshot, player, version)
            if refusal:
                record.result = "refused"
                await refuse(interaction, refusal)
                return
        if isinstance(decoded, AskSquare):
            await interaction.response.send_modal(SquareModal(game_id, version, decoded))
            record.result = "modal"
            return
        if isinstance(decoded, RandomLegal):
            legal = [a for a in await bot.table.legal_actions(snapshot.channel_id, player)
                     if getattr(a, "type", None) == decoded.action_type]
            if not legal:
                record.result = "refused"
                await refuse(interaction, "There is nothing of that kind you can do right now.")
                return
            action: dict[str, Any] | BaseModel = bot.rng.choice(legal)
        else:
            action = decoded
        await run_action(interaction, record, channel_id=snapshot.channel_id, action=action,
                         expected_version=version, game_id=game_id)


async def on_select(interaction: discord.Interaction[Any], game_id: int, version: int | None, kind: str,
                    value: str) -> None:
    async with audit(interaction, _logged(interaction, "select", kind)) as record:
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
    async with audit(interaction, f"modal {ask.action_type}") as record:
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
    await interaction.response.send_message(f"**{snapshot.title}**: {text}", **kwargs)
