"""`/game …`: open a table, join, leave, start, look at the game, read its log, abandon it.

These commands are the same for every game; the moves themselves live in each
game's own cog (`/mf …` for Masters' Fight).
"""

from __future__ import annotations

import asyncio
import io
import math
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import MAX_CHOICE_TEXT, MAX_CHOICES, Host, PICK, pick_choices, set_game_choices, set_pick_option
from bot.service.table import DEFAULT_TURN_SECONDS, NOT_PLAYING, Lobby, TableError, whose_turn
from bot.ui.hand import show_hand
from bot.service.replays import RECORD_FILE
from bot.ui.answers import CONFIRMED, settled
from bot.ui.lobby import TABLE, CardSeat, LobbyCard
from bot.ui.text import and_list, last_lines
from bot.ui.turns import audit, publish, reading_of, refuse, take_back, tell_channel
from bot.waits.replays import post
from rules.core.computer import Level
from rules.core.engine import Game, Seat, SeatPick, TableOption
from rules.core.errors import RuleViolation
from rules.core.moves import code, describe, find

REPOST_SECONDS = 30.0
"""How often the players of a channel may post its board again with /game board."""

TURN_LIMITS = [
    app_commands.Choice(name="5 minutes", value=5 * 60),
    app_commands.Choice(name="15 minutes", value=15 * 60),
    app_commands.Choice(name="1 hour", value=3600),
    app_commands.Choice(name="6 hours", value=6 * 3600),
    app_commands.Choice(name="24 hours", value=DEFAULT_TURN_SECONDS),
    app_commands.Choice(name="3 days", value=3 * 86400),
]

def seat_line(seat: Seat, pick: SeatPick | None) -> str:
    """'Grak (Iron Orcs)': a seat's name with what it picked, when its game asks for a pick."""
    return seat.name + (f" ({pick.label(pick.of(seat))})" if pick is not None else "")


def rule_line(option: TableOption) -> str:
    """'phrase_timer — a slow Warlord can be …': an optional rule as the lobby and /rules list it."""
    return f"{option.name} — {option.description}"


def opening_options(game: Game[Any, Any] | None, rule: str | None) -> dict[str, Any]:
    """The options of a table opened with the optional rule `rule` of `game` switched on (none:
    the game's plain rules); a refusal that names the game's rules when it declares no such rule.
    An unknown game is left to the table service to refuse."""
    if game is None or not (rule or "").strip():
        return {}
    try:
        return game.options_with([rule or ""])
    except RuleViolation as exc:
        raise TableError(str(exc)) from None


def rule_choices(game: Game[Any, Any] | None, current: str) -> list[app_commands.Choice[str]]:
    """The autocomplete of the `rule` option: the chosen game's declared optional rules that match
    what is typed (none until a game is chosen)."""
    if game is None:
        return []
    typed = current.strip().casefold()
    return [app_commands.Choice(name=rule_line(o)[:100], value=o.name) for o in game.table_options
            if typed in o.name.casefold() or typed in o.description.casefold()][:25]


def card_seats(seats: Sequence[Seat], pick: SeatPick | None) -> tuple[CardSeat, ...]:
    """A table's seats as its card shows them: who, what they picked (when the game asks), 🤖 or not."""
    return tuple(CardSeat(s.player, s.name, pick.label(pick.of(s)) if pick is not None else None) for s in seats)


def table_card(game: Game[Any, Any], lobby: Lobby, heading: str) -> LobbyCard:
    """A table's lobby card (`bot.ui.lobby`): its seats, its optional rules, whether it may start."""
    rules = "\n".join(f"• {rule_line(o)}" for o in lobby.rules)
    pick = lobby.pick
    return LobbyCard(kind=TABLE, owner=lobby.game_id, channel_id=lobby.channel_id, name=lobby.title,
                     title=f"{lobby.title} — table open", heading=heading, seats=card_seats(lobby.seats, pick),
                     creator=lobby.creator, max_players=lobby.max_players, sizes=f"{game.sizes_text()} players",
                     playable=len(lobby.seats) in game.table_sizes(),
                     fields=(("Optional rules in play", rules),) if rules else (), note=lobby.note, pick=pick,
                     free=tuple(pick.free(s.pick for s in lobby.seats)) if pick is not None else ())


class TableLobby:
    """A table's lobby for its card's buttons (`bot.ui.lobby.LobbyHost`), and the one way every lobby
    step of the table (button, form or typed command) is shown: its card, edited in place."""

    kind = TABLE

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    def show(self, lobby: Lobby, heading: str) -> None:
        self.bot.lobbies.show(table_card(self.bot.table.game(lobby.slug), lobby, heading))

    def close(self, lobby: Lobby, record: str) -> None:
        self.bot.lobbies.show(LobbyCard.record(TABLE, lobby.game_id, lobby.channel_id, record))

    async def card(self, channel_id: int) -> LobbyCard:
        lobby = await self.bot.table.lobby(channel_id)
        return table_card(self.bot.table.game(lobby.slug), lobby, "")

    async def open(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        self.show(lobby, f"{interaction.user.mention} opened a table of **{lobby.title}**.")
        await settled(interaction)

    async def join(self, interaction: discord.Interaction[Any], pick: str | None) -> None:
        lobby = await self.bot.table.join(interaction.channel_id, str(interaction.user.id),
                                          interaction.user.display_name, pick)
        self.show(lobby, f"{interaction.user.mention} joins the table.")
        await settled(interaction)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        lobby = await self.bot.table.leave(interaction.channel_id, str(interaction.user.id))
        if lobby.status == "abandoned":
            self.close(lobby, f"{lobby.title}: {interaction.user.display_name} left and the table is empty, so it "
                              "is closed. /game new opens another.")
        else:
            self.show(lobby, f"{interaction.user.mention} leaves the table.")
        await settled(interaction)

    async def start(self, interaction: discord.Interaction[Any]) -> None:
        result = await self.bot.table.start(interaction.channel_id, str(interaction.user.id))
        seats = card_seats(result.seats, self.bot.table.game(result.slug).seat_pick)
        self.bot.lobbies.show(LobbyCard.record(TABLE, result.game_id, result.channel_id, (
            f"{result.title}: started with {and_list([s.short() for s in seats])}.")))
        await publish(interaction, result, heading=f"⚔️ {result.title} begins!")

    async def add_computer(self, interaction: discord.Interaction[Any], level: Level, name: str | None,
                           pick: str | None) -> None:
        lobby = await self.bot.table.add_computer(interaction.channel_id, str(interaction.user.id), level, name, pick)
        seat = lobby.seats[-1]
        self.show(lobby, f"🤖 {seat.name} ({level.value}) takes a seat.")
        await settled(interaction)

    async def remove_computer(self, interaction: discord.Interaction[Any], name: str) -> None:
        lobby = await self.bot.table.remove_computer(interaction.channel_id, str(interaction.user.id), name)
        self.show(lobby, f"🤖 {name} leaves the table.")
        await settled(interaction)


class Lifecycle(commands.Cog):
    """The table's life: from /game new to the placings (or /game abandon)."""

    game = app_commands.Group(name="game", description="Open, join, start and follow a game in this channel.",
                              guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._reposted: dict[int, float] = {}  # channel -> when a player last posted its board again
        self.lobby = TableLobby(bot)
        new = self.game.get_command("new")
        join = self.game.get_command("join")
        assert isinstance(new, app_commands.Command) and isinstance(join, app_commands.Command)
        set_game_choices(new, "game", bot.table.games)
        set_pick_option(new, PICK, bot.table.games)
        set_pick_option(join, PICK, bot.table.games)

    async def cog_load(self) -> None:
        self.bot.lobbies.add_host(self.lobby)  # what the buttons of a table's card do

    async def cog_unload(self) -> None:
        self.bot.lobbies.remove_host(TABLE)

    @game.command(name="new", description="Open a table for a game in this channel; you take the first seat.")
    @app_commands.describe(game="Which game to play", pick="What you pick as you sit down",
                           turn_limit="How long a player may take over a turn before the bot reminds them "
                                      "(twice that, and the others may skip or remove them); default 24 hours",
                           rule="An optional rule of the game's text to switch on (the list follows the game)")
    @app_commands.choices(turn_limit=TURN_LIMITS)
    async def new(self, interaction: discord.Interaction[Any], game: str, pick: str | None = None,
                  turn_limit: int = DEFAULT_TURN_SECONDS, rule: str | None = None) -> None:
        async with audit(interaction, "game new", acknowledge_first=True) as record:
            options = opening_options(self.bot.table.games.get(game), rule)
            lobby = await self.bot.table.new_game(
                interaction.channel_id, interaction.guild_id, str(interaction.user.id),
                interaction.user.display_name, game, options, creator_pick=pick, turn_seconds=turn_limit)
            record.game = lobby.game_id
            await self.lobby.open(interaction, lobby)

    @game.command(name="join", description="Take a seat at this channel's table before the game starts.")
    @app_commands.describe(pick="What you pick as you sit down")
    async def join(self, interaction: discord.Interaction[Any], pick: str | None = None) -> None:
        async with audit(interaction, "game join", acknowledge_first=True) as record:
            record.game = self.bot.table.known_game(interaction.channel_id)
            await self.lobby.join(interaction, pick)

    @new.autocomplete(PICK)
    async def pick_for_new(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's seat picks (none until a game is chosen)."""
        game = self.bot.table.games.get(str(getattr(interaction.namespace, "game", "") or ""))
        return pick_choices(game.seat_pick if game is not None else None, current)

    @new.autocomplete("rule")
    async def rule_for_new(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's optional rules (none until a game is chosen)."""
        return rule_choices(self.bot.table.games.get(str(getattr(interaction.namespace, "game", "") or "")), current)

    @join.autocomplete(PICK)
    async def pick_for_join(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """The seat picks still free at the channel's open table."""
        if interaction.channel_id is None:
            return []
        pick, free = await self.bot.table.seat_pick(interaction.channel_id)
        return pick_choices(pick, current, free)

    @game.command(name="leave", description="Give up your seat before the game starts.")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "game leave", acknowledge_first=True) as record:
            record.game = self.bot.table.known_game(interaction.channel_id)
            await self.lobby.leave(interaction)

    @game.command(name="start", description="Start the game (the player who opened the table).")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "game start", acknowledge_first=True) as record:
            record.game = self.bot.table.known_game(interaction.channel_id)
            await self.lobby.start(interaction)

    @game.command(name="status", description="Who is playing and whose turn it is (only you see the answer).")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "game status", acknowledge_first=True) as record:
            snap = await self.bot.table.snapshot(interaction.channel_id)
            record.game = snap.game_id
            lines = [f"**{snap.title}** (game #{snap.game_id}) is **{snap.status}**."]
            pick = self.bot.table.game(snap.slug).seat_pick
            lines += [f"• {seat_line(seat, pick)}" for seat in snap.seats]
            if snap.status == "lobby":
                lines.append("Its card in the channel has the buttons: Join, Leave, Start (whoever opened it).")
            elif snap.status == "active":
                lines.append(whose_turn(snap.seats, snap.waiting_for))
                lines.extend(p.text for p in snap.prompts if not p.secret)
                lines.append("/game board shows the board and the buttons again.")
            elif snap.outcome is not None:
                lines.append(snap.outcome.summary)
            await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True)

    @game.command(name="board", description="Show the current board (players post it again with its buttons).")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        """A player gets the board posted again in the channel, with the buttons for whoever must
        act (the previous board loses its own), at most once per `REPOST_SECONDS` per channel;
        anyone else sees it privately, so an onlooker cannot flood the channel."""
        async with audit(interaction, "game board", acknowledge_first=True) as record:
            snap = await self.bot.table.snapshot(interaction.channel_id)
            record.game = snap.game_id
            if snap.public_view is None:
                record.result = "refused"
                await refuse(interaction, "The game has not started yet, so there is no board to show.")
                return
            heading = "This game was abandoned; /game new opens another." if snap.status == "abandoned" else None
            lines = [heading] if heading else []
            if not any(s.player == str(interaction.user.id) for s in snap.seats):
                message = await self.bot.compose(snap, lines)
                kwargs = message.send_kwargs()
                kwargs.pop("view", None)
                kwargs["allowed_mentions"] = discord.AllowedMentions.none()
                await interaction.followup.send(ephemeral=True, **kwargs)
                return
            now = asyncio.get_running_loop().time()
            wait = self._reposted.get(interaction.channel_id, -REPOST_SECONDS) + REPOST_SECONDS - now
            if wait > 0:
                record.result = "refused"
                await refuse(interaction, f"The board was posted moments ago; it can be posted again in "
                                          f"{math.ceil(wait)} seconds.")
                return
            self._reposted[interaction.channel_id] = now
            self.bot.boards.show(snap, lines, fresh=True)
            await settled(interaction)

    @game.command(name="log", description="The latest events of this channel's game (only you see them).")
    @app_commands.describe(lines="How many lines (default 20)")
    async def log(self, interaction: discord.Interaction[Any],
                  lines: app_commands.Range[int, 1, 100] = 20) -> None:
        async with audit(interaction, "game log", acknowledge_first=True) as record:
            snap = await self.bot.table.snapshot(interaction.channel_id)
            record.game = snap.game_id
            entries = await self.bot.table.log(interaction.channel_id, limit=lines,
                                               viewer=str(interaction.user.id))
            text = last_lines(entries, 1900, more_hint="a larger 'lines' value") if entries else "Nothing has happened yet."
            await interaction.followup.send(f"**{snap.title}** (game #{snap.game_id})\n{text}", ephemeral=True)

    @game.command(name="hand", description="A picture of what only you can see of this channel's game (only you see it).")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """The same answer as the "Your hand" button under a board: asked in the channel, shown there
        ephemerally, so it reaches the asker even with closed DMs."""
        await show_hand(interaction, None)

    @game.command(name="undo", description="Take back your last move, while nothing has been rolled or learnt since.")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        """The board's "Undo" button, typed: the rules say whether the move may go, and why not."""
        async with audit(interaction, "game undo", acknowledge_first=True) as record:
            await take_back(interaction, record, interaction.channel_id or 0)

    @game.command(name="preview", description="What one of your moves would do, before you make it (only you see it).")
    @app_commands.describe(move="One of your moves now (the list is the rules')")
    async def preview(self, interaction: discord.Interaction[Any], move: str) -> None:
        """A move foreseen: open to the asker now or not (in the rules' words), and what the game can tell
        of it before it is made (`Game.foresee`, from what the asker's seat knows): nothing is changed."""
        async with audit(interaction, "game preview", acknowledge_first=True) as record:
            snap = await self.bot.table.snapshot(interaction.channel_id)
            record.game = snap.game_id
            if snap.status != "active":
                raise TableError("That game is not running, so it has no move to foresee.")
            player = str(interaction.user.id)
            if not any(s.player == player for s in snap.seats):
                raise TableError(NOT_PLAYING)
            game = self.bot.table.game(snap.slug)
            kind, _, coded = move.partition(".")
            action = find(await self.bot.table.legal_actions(snap.channel_id, player), kind, coded)
            if action is None:
                raise TableError("That is not one of your moves now: pick one from the list the option offers.")
            said = game.moves.words(action, reading_of(snap)) if game.moves is not None else describe(action)
            foreseen = game.foresee(game.seen_by(snap.state, player), player, action)
            lines = [f"**{said}** is open to you now.", *([foreseen] if foreseen else []),
                     "Nothing was moved: make the move with its button or command."]
            await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True)

    @preview.autocomplete("move")
    async def moves_to_preview(self, interaction: discord.Interaction[Any], current: str
                               ) -> list[app_commands.Choice[str]]:
        """The asker's legal moves in their words (as the board's buttons say them), the typed text narrowing them;
        worded only until the list is full, since a game may offer hundreds (Orcz's placements)."""
        try:
            snap = await self.bot.table.snapshot(interaction.channel_id)
        except TableError:
            return []
        if snap.status != "active":
            return []
        game = self.bot.table.game(snap.slug)
        reading, wanted = reading_of(snap), current.strip().casefold()
        offered = []
        for action in await self.bot.table.legal_actions(snap.channel_id, str(interaction.user.id)):
            said = game.moves.words(action, reading) if game.moves is not None else describe(action)
            value = f"{getattr(action, 'type', '')}.{code(action)}"
            if wanted in said.casefold() and len(value) <= MAX_CHOICE_TEXT:
                offered.append(app_commands.Choice(name=said[:MAX_CHOICE_TEXT], value=value))
                if len(offered) == MAX_CHOICES:
                    break
        return offered

    @game.command(name="replay", description="Post the animated replay of this channel's last finished game.")
    async def replay(self, interaction: discord.Interaction[Any]) -> None:
        """Drawn in the painting pool, in pieces, so no other channel waits; once a minute a channel."""
        async with audit(interaction, "game replay", acknowledge_first=True) as record:
            channel_id = interaction.channel_id or 0
            game_id = record.game = await self.bot.replays.last_finished(channel_id)
            self.bot.replays.ask_again(channel_id)
            title = (await self.bot.table.game_by_id(game_id)).title
            await interaction.followup.send(f"{CONFIRMED} Drawing the replay of {title}; it comes here in a moment.",
                                            ephemeral=True)
            if not await post(self.bot.replays, self.bot.boards, channel_id, game_id, title):
                await interaction.followup.send("I could not draw that replay; please try again later.", ephemeral=True)

    @game.command(name="record", description="This channel's game as a file: seed, seats and moves (only you get it).")
    async def game_record(self, interaction: discord.Interaction[Any]) -> None:
        """A finished game whole (`zagjan replay --record` draws it); a running one without its seed and
        its secret choices, which would tell what is hidden."""
        async with audit(interaction, "game record", acknowledge_first=True) as record:
            snap = await self.bot.table.snapshot(interaction.channel_id)
            record.game = snap.game_id
            text, whole = await self.bot.replays.record(snap.game_id)
            note = (f"{CONFIRMED} The whole of {snap.title} (game #{snap.game_id}): `zagjan replay --record "
                    f"{RECORD_FILE} --out replay.gif` draws it." if whole else
                    f"{CONFIRMED} {snap.title} (game #{snap.game_id}) so far: its seed and the secret choices are "
                    "left out until the game is over.")
            await interaction.followup.send(note, file=discord.File(io.BytesIO(text.encode()), filename=RECORD_FILE),
                                            ephemeral=True)

    @game.command(name="abandon", description="End this channel's game without a result (creator or server managers).")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "game abandon", acknowledge_first=True) as record:
            is_admin = bool(interaction.permissions.manage_guild)
            snap = await self.bot.table.snapshot(interaction.channel_id)
            record.game = snap.game_id
            await self.bot.table.abandon(interaction.channel_id, str(interaction.user.id), is_admin=is_admin)
            if snap.status == "lobby":  # its card becomes the record
                self.bot.lobbies.show(LobbyCard.record(TABLE, snap.game_id, snap.channel_id, (
                    f"{snap.title}: {interaction.user.display_name} abandoned the game before it started. "
                    "The channel is free for a new one: /game new.")))
                await settled(interaction)
                return
            await tell_channel(interaction, f"You abandoned the game of {snap.title}.", content=(
                f"{interaction.user.mention} abandoned the game of {snap.title} (#{snap.game_id}). "
                "The channel is free for a new one: /game new."))


    @game.command(name="pings", description="Whether boards in this channel ping the player whose turn it is.")
    @app_commands.describe(on="On: the player is mentioned once when their turn or secret choice starts")
    async def pings(self, interaction: discord.Interaction[Any], on: bool) -> None:
        async with audit(interaction, "game pings", acknowledge_first=True):
            await self.bot.table.set_pings(interaction.channel_id, on)
            await tell_channel(interaction, "Saved.", content=(
                f"{interaction.user.display_name} turned turn pings {'on' if on else 'off'} in this channel: "
                + ("whoever must act is mentioned once when their turn starts." if on else
                   "boards still name whoever must act, without a ping.")))


async def setup(bot: Host) -> None:
    await bot.add_cog(Lifecycle(bot))
