"""One way to show a move, wherever it came from: a click, a typed command, a computer player, a
reaction's timed default, an idle table's default or vote, a campaign's next game.

    queue the board → what waits on a board (the reaction timer, the next computer, a scoreboard)
    → each player's private news and own picture by DM → the new secret choices by DM

Before this, a click, a computer and a timed default each showed a move in their own way, and the
timed default sent no DM at all: a player whose secret choice opened when a timer ran out was
never asked. Now every applied move goes through `ShowMove`, so a timer shows a move exactly as a
click does. Only what needs the interaction stays with it (`bot.ui.turns.publish`): the private
"Done", and the ephemeral fallback for the player who acted, which this module reaches through an
`Actor`. `ShowMove` works from the narrow services it needs (the table, the channel's boards, a DM
sender, the painter), never from the bot object.

A seat's own picture (`TableService.seat_view`, drawn like the board) goes with its private news
whenever the move changed what only that seat may see; it never goes to the channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from pydantic import BaseModel

from bot.ui.declared import adapter_for
from bot.service.painter import Painter
from bot.service.table import TableError, TableService, TurnResult
from bot.ui.board import BoardLike
from bot.ui.components import build_view
from bot.ui.controls import secret_text, secret_version
from bot.ui.dms import MOVED_ON, DirectMessages, private_prompt
from bot.ui.hand import picture_file
from bot.ui.poster import BoardPosts
from bot.ui.text import last_lines
from rules.core.computer import is_computer
from rules.core.moves import Reading, describe
from rules.core.views import TableView

log = logging.getLogger("zagjan.bot")

Follower = Callable[[BoardLike], object]
"""Told of every board a move queues, so what waits on a board starts (a reaction's timer, a computer's move)."""


@dataclass(frozen=True)
class Actor:
    """Whoever's click or command made the move, and how to answer them where only they see it."""

    player: str
    tell: Callable[..., Awaitable[Any]]  # an ephemeral follow-up: tell(content, **kwargs)


class ShowMove:
    """`await show_move(result)`: the board queued, followers told, private news, pictures and
    secret choices sent; returns the future that says whether the board went out."""

    def __init__(self, table: TableService, boards: BoardPosts, dms: DirectMessages, painter: Painter,
                 followers: Sequence[Follower] = ()) -> None:
        self.table = table
        self.boards = boards
        self.dms = dms
        self.painter = painter
        self.followers = list(followers)
        self._offering: dict[int, asyncio.Lock] = {}  # per game: its secret questions go out one move at a time
        self._offered: dict[int, int] = {}  # per game: the newest move whose questions went out

    async def __call__(self, result: TurnResult, *, heading: str | None = None,
                       actor: Actor | None = None) -> asyncio.Future[bool]:
        posted = self.boards.show(result, [*([heading] if heading else []), *(e.text for e in result.public_events)])
        for follow in self.followers:
            try:
                follow(result)
            except Exception:  # a timer that cannot start must not keep the players from their news
                log.exception("could not start what follows the board of game %s", result.game_id)
        if result.elsewhere:  # its DMs were sent, its questions closed, by the process that applied it: a
            return posted      # second hand here would race that one (close a question it had just answered)
        unreachable = set(self.dms.unreachable)
        await self.deliver_private(result, actor)
        await self.offer_secrets(result)
        if self.dms.unreachable != unreachable:  # the board says how else to reach them: shown again, edited
            self.boards.show(result)
        return posted

    # -- private news and own pictures ----------------------------------------------------------
    async def deliver_private(self, result: TurnResult, actor: Actor | None = None) -> None:
        """Each player's private events, with their own picture when the move changed what only they
        may see, go to them by DM; closed DMs fall back to an ephemeral message (for the player who
        acted); anyone else's live board says that /game log and /game hand show it. Never the channel."""
        pictures = {p: asyncio.ensure_future(self._own_picture(result.game_id, p, result.version))
                    for p in result.private_changed if not is_computer(p)}
        for player in dict.fromkeys([*result.private_events, *pictures]):
            if is_computer(player):
                continue  # a computer reads its news from the game itself
            lines = [e.text for e in result.private_events.get(player, [])]
            png = await pictures[player] if player in pictures else None
            if not lines and png is None:
                continue
            heading = f"**{result.title}** (#{result.game_id}), for your eyes only:"
            text = f"{heading}\n{last_lines(lines, 1900)}" if lines else f"{heading} what only you can see now."
            if await self.dms.send(player, text, file=picture_file(png)):
                continue
            if actor is not None and player == actor.player:
                file = picture_file(png)
                await actor.tell(text, ephemeral=True, **({"file": file} if file is not None else {}))
            # anyone else: the live board tells them where their news is (`DirectMessages.unreachable`)

    async def _own_picture(self, game_id: int, player: str, version: int) -> bytes | None:
        """The picture of what `player` sees at the move's `version`, drawn in the painter's pool; None
        when there is nothing private to show (any more) or no drawing for this game."""
        try:
            seen = await self.table.seat_view(game_id, player, version)
        except TableError:
            return None
        return await self.painter.render(seen.view) if seen.private else None

    # -- secret choices --------------------------------------------------------------------------
    async def offer_secrets(self, result: TurnResult) -> None:
        """A new secret choice is offered by DM (a player still at the same question was asked
        already), closing the player's previous question; a question the game has left behind
        (answered some other way, the game over) is closed too. With DMs closed, a channel button
        opens the choice where only its player sees it (the same button sits under every board while
        someone chooses in secret, and the board says so to a player whom DMs do not reach)."""
        # One game's questions go out one move at a time, newest last: two moves shown at once (a click and a
        # computer's move) would otherwise send, close and remember their questions interleaved, and an older
        # move's question could take the place of the newer one and stay open for good.
        lock = self._offering.setdefault(result.game_id, asyncio.Lock())
        async with lock:
            if result.version < self._offered.get(result.game_id, -1):
                return  # a newer move's questions went out already
            self._offered[result.game_id] = result.version
            secret = [p for p in result.prompts
                      if p.secret and p.player not in result.already_asked and not is_computer(p.player)]
            still = {p.player for p in result.prompts if p.secret and p.player in result.already_asked}
            for player in self.dms.waiting(result.game_id):
                if player not in still and player not in {p.player for p in secret}:
                    await self.dms.close(result.game_id, player, MOVED_ON)
            for prompt in secret:
                view = await secret_controls(self.table, result.channel_id, result.game_id, result.slug,
                                             result.public_view, prompt.player, result.version)
                asked = secret_text(adapter_for(self.table.game(result.slug)), result.public_view, prompt)
                await self.dms.ask(result.game_id, prompt.player, f"{heading_of(result)}: {asked}", view)
        if result.outcome is not None:  # nothing more to offer in this game
            self._offering.pop(result.game_id, None)
            self._offered.pop(result.game_id, None)


    async def close_answered(self, interaction: discord.Interaction[Any], result: TurnResult,
                             action: BaseModel | dict[str, Any]) -> bool:
        """The private question a move was answered from (a DM, an ephemeral message) is edited: its
        controls go and the choice is shown, for its owner's eyes only; when the player still has a
        secret choice open (a Scout sent while a rank is owed), the same message asks it again with
        fresh controls. False when the move was not made from a private question."""
        if not private_prompt(interaction) or interaction.message is None:
            return False
        player = str(interaction.user.id)
        message = interaction.message
        await self.dms.forget(result.game_id, player, message.id)
        chosen = f"✅ You chose: **{chose_words(self.table, result, action)}**"
        question = next((p for p in result.prompts if p.secret and p.player == player), None)
        view = None
        # the same question still open (a Scout sent while the rank is owed): asked again in this message
        if question is not None and result.outcome is None and (
                player in result.already_asked or question.text in message.content):
            view = await secret_controls(self.table, result.channel_id, result.game_id, result.slug,
                                         result.public_view, player, result.version)
        if view is not None and question is not None:
            asked = secret_text(adapter_for(self.table.game(result.slug)), result.public_view, question)
            text = f"{chosen}\n{heading_of(result)}: {asked}"
        else:
            text = f"{message.content}\n{chosen}"
        try:
            await interaction.edit_original_response(content=text[:2000], view=view,
                                                     allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("could not close an answered question of game %s: %s %s", result.game_id, exc.status, exc.code)
            return False
        if view is not None:
            if player not in result.already_asked:  # asked here again: no second message asks it
                result.already_asked.append(player)
            if interaction.guild_id is None:
                await self.dms.remember(result.game_id, player, message.channel.id, message.id, text[:2000])
        return True


def heading_of(board: Any) -> str:
    """How a private question names its game: the title, the game's number, and where it stands
    (the turn and the round, as the game's view says)."""
    view = board.public_view
    where = view.where() if isinstance(view, TableView) else ""
    return f"**{board.title}** (#{board.game_id})" + (f" · {where}" if where else "")


def chose_words(table: TableService, board: Any, action: BaseModel | dict[str, Any]) -> str:
    """A move in its player's words ("Headbutt", "Tower: Archer 1 up, Grunt 2 down"), for their eyes only."""
    game = table.game(board.slug)
    try:
        model = action if isinstance(action, BaseModel) else game.parse_action(action)
    except ValueError:
        return "your choice"
    if game.moves is None:
        return describe(model)
    names = {s.player: s.name for s in board.seats}
    return game.moves.words(model, Reading(board.public_view, names))


async def secret_controls(table: TableService, channel_id: int, game_id: int, slug: str, public_view: Any,
                          player: str, version: int) -> discord.ui.View | None:
    """The controls for one player's secret choice. Pinned to `version` only when the game says so
    (`secret_version`): by default others may be answering at once, each moving the version on."""
    legal = await table.legal_actions(channel_id, player)
    if not legal:
        return None
    adapter = adapter_for(table.game(slug))
    return build_view(game_id, secret_version(adapter, version), adapter.controls(public_view, legal, player))


__all__ = ["Actor", "Follower", "ShowMove", "chose_words", "heading_of", "secret_controls"]
