"""The Discord bot: opens the store, builds the table service, loads the cogs, syncs the commands.

`ZagjanBot` holds no game state of its own. Everything a button needs is in its
custom_id and in the store, so the bot can be restarted at any moment and the
buttons already posted keep working (`add_dynamic_items` in `setup_hook`).
"""

from __future__ import annotations

import asyncio
import logging
import pkgutil
import random
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from pydantic import AliasChoices, ValidationError

import bot.cogs
from bot.app.handover import HandOvers, OwnedShowMove
from bot.app.logs import configure_logging
from bot.plugins import champions as plugins_champions, extensions as plugin_extensions
from bot.service.painter import Painter
from bot.service.replays import Replays
from bot.service.table import STALE, TableService
from bot.settings import MISSING_TOKEN, Settings
from bot.storage.shards import Ownership, ShardTaken
from bot.storage.store import Store, StoreError, describe, is_url
from bot.ui import turns
from bot.ui.board import BoardComposer, BoardLike
from bot.ui.components import DYNAMIC_ITEMS, ControlHandler, named_form, submitted
from bot.ui.dms import DirectMessages
from bot.ui.hand import HandButton
from bot.ui.lobby import CLOSED as LOBBY_CLOSED, PREFIX as LOBBY_PREFIX, LobbyButton, LobbyCards
from bot.ui.poster import BoardPosts, Courier, DiscordCourier
from bot.ui.shown import ShowMove
from bot.waits import computers, idle, reactions, replays
from rules.core.engine import Game

log = logging.getLogger("zagjan.bot")

EXTENSIONS: tuple[str, ...] = (*(f"bot.cogs.{m.name}" for m in sorted(pkgutil.iter_modules(bot.cogs.__path__),
                                                                       key=lambda m: m.name)),
                               *plugin_extensions())
"""One cog per feature, each module of `bot.cogs` with a `setup(bot)`, found by looking, and the
plug-ins' own (the campaign's), found the same way (`bot.plugins`): none is named here."""

CONTROL_PREFIX = "zj:"


def _custom_ids(message: discord.Message) -> set[str]:
    found: set[str] = set()
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None):
                found.add(child.custom_id)
    return found


UNEXPECTED = "Something went wrong on my side before anything was done, so nothing was changed. Please try again."


class ZagjanTree(app_commands.CommandTree["ZagjanBot"]):
    """The command tree, with one answer for bugs: refusals are answered where they happen."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        await self.client.on_app_command_error(interaction, error)


class ZagjanBot(commands.Bot):
    """The game master. `games`, `seed_source`, `now`, `rng`, `render_workers` and `courier`
    are injectable for tests and benchmarks. `ownership` says which shards this process serves
    (`bot.storage.shards`); several processes need `ShardedZagjanBot` (`make_bot` picks)."""

    def __init__(self, database: str | Path, *, dev_guild_id: int | None = None,
                 games: Mapping[str, Game[Any, Any]] | None = None,
                 seed_source: Callable[[], int] | None = None,
                 now: Callable[[], datetime] | None = None,
                 rng: random.Random | None = None,
                 extensions: Sequence[str] = EXTENSIONS,
                 render_workers: int | None = None,
                 quick_boards: bool = True,
                 replays: bool = True,
                 courier: Courier | None = None,
                 ownership: Ownership | None = None) -> None:
        self.ownership = ownership or Ownership()
        shards: dict[str, Any] = {}
        if isinstance(self, discord.AutoShardedClient):
            shards = {"shard_count": self.ownership.shard_count, "shard_ids": sorted(self.ownership.shards)}
        elif self.ownership.shard_count > 1:
            raise ValueError("A bot of several shards is a ShardedZagjanBot (make_bot chooses).")
        # Slash commands and components need no privileged intent (no message content, no members).
        # Nothing the bot says pings anyone unless it says so (only the turn ping does).
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, tree_cls=ZagjanTree, allowed_mentions=discord.AllowedMentions.none(),
                         **shards)
        self.database = database if is_url(database) else Path(database)
        self.dev_guild_id = dev_guild_id
        self._games = games
        self._seed_source = seed_source
        self._now = now
        self.rng = rng or random.Random()
        self._extensions = tuple(extensions)
        self.store: Store | None = None
        self._table: TableService | None = None
        self._courier: Courier = courier or DiscordCourier(self)
        self._compose: BoardComposer | None = None
        self._boards: BoardPosts | None = None
        self._show_move: ShowMove | None = None
        self.actions: ControlHandler = turns  # what a button, select or modal does (bot.ui.components)
        self.forms: dict[str, Callable[[discord.Interaction[Any], dict[str, str]], Awaitable[None]]] = {}
        """Named forms' answers by name (`bot.ui.components.named_form`), registered by the cogs."""
        self.champions = plugins_champions  # the plug-ins' champions, for the hall of fame (/leaderboard)
        self.painter = Painter(render_workers, quick=quick_boards)
        self.post_replays = replays  # a finished game's replay beside its final board (`bot.waits.replays`)
        self.replay_tasks: set[asyncio.Task[bool]] = set()
        self.thinking = Painter(render_workers)  # computer players' searches: a pool of their own
        self.computer_moves: dict[int, asyncio.Task[None]] = {}  # game id -> its computer's move in progress
        self.computer_any_time: dict[tuple[int, str], asyncio.Task[None]] = {}  # a computer's move out of turn
        self._sweeper: asyncio.Task[None] | None = None
        self._hand_overs: HandOvers | None = None
        self.dms = DirectMessages(self, lambda: self.store)

    def _board_queued(self, board: BoardLike) -> None:
        """A move's board is on its way: its reaction's timer starts, a computer whose turn it is
        starts thinking (a plug-in's cog may follow boards too: `show_move.followers`)."""
        reactions.schedule(self, board)
        computers.schedule(self, board)
        if self.post_replays:
            replays.schedule(self, board)

    @property
    def table(self) -> TableService:
        if self._table is None:
            raise RuntimeError("The table service exists once setup_hook has run.")
        return self._table

    @property
    def compose(self) -> BoardComposer:
        """Composes a board message from the table and the painter (`bot.ui.board`)."""
        if self._compose is None:
            raise RuntimeError("Boards can be composed once setup_hook has run.")
        return self._compose

    @property
    def boards(self) -> BoardPosts:
        """Every channel's board messages (`bot.ui.poster`)."""
        if self._boards is None:
            raise RuntimeError("The boards exist once setup_hook has run.")
        return self._boards

    @property
    def show_move(self) -> ShowMove:
        """The one way every applied move is shown (`bot.ui.shown`)."""
        if self._show_move is None:
            raise RuntimeError("Moves can be shown once setup_hook has run.")
        return self._show_move

    async def open_table(self) -> TableService:
        """Open the store and the table service on it (the part of start-up that needs no Discord)."""
        if not self.ownership.whole and not is_url(self.database):
            raise StoreError(f"This process serves only {self.ownership.describe()}: the processes serving the "
                             "others must share its database, so ZAGJAN_DATABASE must be a postgresql:// URL.")
        self.store = await Store.open(self.database)
        extra: dict[str, Any] = {}
        if self._seed_source is not None:
            extra["seed_source"] = self._seed_source
        if self._now is not None:
            extra["now"] = self._now
        self._table = TableService(self.store, self._games, **extra)
        await self.dms.load()  # the secret questions a previous process left open in players' DMs
        self._table.ownership = self.ownership
        self._compose = BoardComposer(self._table, self.painter, lambda: self.dms.unreachable)
        self._boards = BoardPosts(self._courier, self._compose, lambda: self.store)
        self.replays = Replays(self._table, self.painter)
        self.lobbies = LobbyCards(self._boards, lambda: self.store, self.forms)
        if self.ownership.whole:
            self._show_move = ShowMove(self._table, self._boards, self.dms, self.painter, [self._board_queued])
        else:
            self._show_move = OwnedShowMove(self._table, self._boards, self.dms, self.painter, [self._board_queued],
                                            ownership=self.ownership)
        return self._table

    async def setup_hook(self) -> None:
        await self.open_table()
        if isinstance(self._show_move, OwnedShowMove):
            assert isinstance(self.database, str)
            self._hand_overs = HandOvers(self.database, self.table, self._show_move)
            await self._hand_overs.start()  # before anything is resumed: no move handed over goes unshown
            log.info("serving %s; moves in the other shards' games go to their processes",
                     self.ownership.describe())
        for name in self._extensions:
            await self.load_extension(name)
        self.add_dynamic_items(*DYNAMIC_ITEMS, HandButton, LobbyButton)
        await reactions.resume(self)
        await computers.resume(self)
        self._sweeper = asyncio.get_running_loop().create_task(idle.keep_sweeping(self), name="idle-sweep")
        if not self.ownership.syncs_commands:
            log.info("the process holding shard 0 syncs the commands; this one does not")
        elif self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development server %s", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (Discord may take up to an hour to show changes)", len(synced))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self._sweeper is not None:
                self._sweeper.cancel()
            if self._hand_overs is not None:
                hand_overs, self._hand_overs = self._hand_overs, None
                try:
                    await hand_overs.close()
                except Exception:
                    log.exception("could not stop listening for hand-overs")
            for task in [*self.computer_moves.values(), *self.computer_any_time.values(), *self.replay_tasks]:
                task.cancel()
            if self._boards is not None:
                self._boards.close()
            self.painter.close()
            self.thinking.close()
            if self.store is not None:
                store, self.store = self.store, None
                await store.close()

    async def on_ready(self) -> None:
        log.info("connected as %s (id %s) to %d server(s)", self.user, getattr(self.user, "id", "?"),
                 len(self.guilds))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Two kinds of interaction discord.py cannot route by itself. A form's answer is handled
        from its custom_id (so it works after a restart): a move's form, or a named one. A click on one of our controls that
        its message no longer shows (the player clicked just as the message was edited: a doubled
        click, or a turn that moved on) would be dropped without a word and the player would see
        'This interaction failed'; it gets the reason instead."""
        answer = submitted(interaction)
        if answer is not None:
            await self.actions.on_form(interaction, *answer)
            return
        form = named_form(interaction)
        if form is not None and form[0] in self.forms:
            await self.forms[form[0]](interaction, form[1])
            return
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith(CONTROL_PREFIX) or custom_id in _custom_ids(interaction.message):
            return
        try:
            closed = custom_id.startswith(LOBBY_PREFIX)  # a lobby's card that became its record
            await interaction.response.send_message(LOBBY_CLOSED if closed else STALE, ephemeral=True)
        except discord.HTTPException:
            pass

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        """A failure before a command's own code ran (its options could not be read, say): log it and
        apologise privately. Failures inside a command are answered by `audit`, which knows whether
        a move was already stored."""
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("command %s failed in guild=%s channel=%s", command, interaction.guild_id,
                  interaction.channel_id, exc_info=error)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(UNEXPECTED, ephemeral=True)
            else:
                await interaction.response.send_message(UNEXPECTED, ephemeral=True)
        except discord.HTTPException:
            pass


class ShardedZagjanBot(ZagjanBot, commands.AutoShardedBot):
    """The game master as one of several processes: discord.py's `AutoShardedBot` connecting the shards
    of its `ownership` (`ZAGJAN_SHARD_IDS` of `ZAGJAN_SHARD_COUNT`), everything else `ZagjanBot`'s."""

    async def close(self) -> None:
        # discord.py's AutoShardedClient.close posts to the event queue its `connect` makes: a bot closed
        # before it connected (Discord refused the token, the database could not be opened) would fail
        # there and hide the real reason.
        if not hasattr(self, "_AutoShardedClient__queue"):
            setattr(self, "_AutoShardedClient__queue", asyncio.PriorityQueue())
        await super().close()


def make_bot(database: str | Path, *, ownership: Ownership | None = None, **options: Any) -> ZagjanBot:
    """The bot for this process: one plain `ZagjanBot` unless the settings split the guilds into shards."""
    if ownership is not None and ownership.shard_count > 1:
        return ShardedZagjanBot(database, ownership=ownership, **options)
    return ZagjanBot(database, ownership=ownership, **options)


def run(settings: Settings) -> int:
    """Start the bot and block until it stops; the exit code for `zagjan run`. What goes wrong
    before the bot is up (the token, the network, the development server) is one sentence."""
    if settings.discord_token is None:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings.log_level, discord_debug=settings.discord_debug)
    log.info("starting with database %s", describe(settings.database))
    ownership = Ownership.of(settings.shard_count, settings.shard_ids)
    if ownership.shard_count > 1:
        log.info("this process serves %s", ownership.describe())
    bot = make_bot(settings.database, dev_guild_id=settings.dev_guild_id, render_workers=settings.render_workers,
                   quick_boards=settings.quick_boards, replays=settings.replays, ownership=ownership)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except ShardTaken as exc:
        print(f"zagjan: {exc}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN. Copy it again from the Bot page of your "
              "application at https://discord.com/developers/applications and put it in .env.", file=sys.stderr)
        return 2
    except discord.Forbidden as exc:
        if settings.dev_guild_id:
            print(f"Discord would not let the bot set up its commands in the server ZAGJAN_DEV_GUILD_ID="
                  f"{settings.dev_guild_id} ({exc.text or exc.status}): invite the bot there with the "
                  "applications.commands scope, or remove the setting.", file=sys.stderr)
            return 2
        raise
    except (aiohttp.ClientConnectionError, OSError) as exc:
        print(f"Could not reach Discord ({type(exc).__name__}: {exc}); check this machine's network "
              "connection and try again.", file=sys.stderr)
        return 1
    return 0


def settings_problems(error: ValidationError) -> list[str]:
    """One sentence per bad setting, naming it as it is written in .env."""
    names = {name: (field.validation_alias.choices[0] if isinstance(field.validation_alias, AliasChoices)
                    else name.upper()) for name, field in Settings.model_fields.items()}
    sentences = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else "?"
        given = problem.get("input")
        shown = f" (it is {given!r})" if isinstance(given, str | int | float) else ""
        reason = str(problem["msg"]).removeprefix("Value error, ").rstrip(".")
        sentences.append(f"{names.get(field, field)}: {reason}{shown}.")
    return sentences


def main() -> int:
    """Entry point for `zagjan run`: settings from the environment and .env, then run."""
    try:
        settings = Settings()
    except ValidationError as exc:
        for sentence in settings_problems(exc):
            print(f"zagjan: bad setting {sentence}", file=sys.stderr)
        print("Fix it in .env or the environment (.env.example explains every setting).", file=sys.stderr)
        return 2
    return run(settings)
