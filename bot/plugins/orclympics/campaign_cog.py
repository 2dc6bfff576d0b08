"""`/campaign …`: the Orclympics campaign in a channel, and the buttons of the quick campaign's choice.

The campaign is a plug-in of the Orclympics: this cog and `bot.plugins.orclympics.campaigns` are its bot side, and
no shared module names them. Loaded like any cog, it brings its own service (which scores the
table's campaign games through a finish hook), follows the boards the bot shows (a campaign
game's final board is followed by the scoreboard), and is a `Gathering` for `/seat computer`
(computers join a campaign while it gathers its players).

The campaign itself (players, broods, score) lives in `bot.plugins.orclympics.campaigns`; its games are ordinary
games of the table, played with the games' own commands. This cog gathers the players, starts
each game with the same seats, runs the choice of the quick campaign's disciplines (a vote with
buttons; the dice decide when the players split or the time runs out) and shows the scoreboard.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import Host
from bot.plugins.orclympics.campaigns import MAX_PLAYERS, NO_CAMPAIGN, CampaignInfo, CampaignService, Next
from bot.cogs.lifecycle import TURN_LIMITS
from bot.cogs.rules_guide import send_guide
from bot.settings import Settings
from bot.service.table import DEFAULT_TURN_SECONDS, TableError
from bot.ui.board import BoardLike
from bot.ui.answers import settled
from bot.ui.lobby import GATHERING, CardSeat, LobbyCard
from bot.ui.turns import (
    CONFIRMED,
    audit,
    publish,
    refuse,
    tell_channel,
)
from rules.core.computer import Level
from rules.core.engine import SeatPick
from rules.orclympics.broods import BROOD
from rules.orclympics.campaign import Kind
from rules.orclympics.campaign_guide import GUIDE

log = logging.getLogger("zagjan.campaign")

KINDS = [app_commands.Choice(name="Full: all six disciplines, I to VI", value="full"),
         app_commands.Choice(name="Quick: three games, one of each pair", value="quick")]
SCOREBOARD_FILE = "scoreboard.png"
ROLL = "roll"
BROODS = [app_commands.Choice(name=c.label, value=c.value) for c in BROOD.choices]


def vote_seconds() -> float:
    return Settings().vote_seconds


# -- what the channel is shown --------------------------------------------------------------------


def campaign_card(service: CampaignService, info: CampaignInfo, heading: str) -> LobbyCard:
    """A gathering campaign's lobby card (`bot.ui.lobby`): who is in with which brood, and what this
    many players means for each discipline."""
    name = f"Orclympics campaign ({'full' if info.kind is Kind.FULL else 'quick'})"
    count = len(info.data.members)
    notes = service.setup_notes(info.kind, count)
    return LobbyCard(kind=GATHERING, owner=info.id, channel_id=info.channel_id, name=name,
                     title=f"{name}: gathering players", heading=heading,
                     seats=tuple(CardSeat(m.player, m.name, m.brood.label) for m in info.data.members),
                     creator=info.creator, max_players=MAX_PLAYERS, sizes=f"2-{MAX_PLAYERS} players",
                     playable=2 <= count <= MAX_PLAYERS, noun="campaign", member="in this campaign",
                     counted="Players", command="/campaign", fields=(("The disciplines", "\n".join(notes)),),
                     pick=BROOD, free=tuple(BROOD.free()))


def summary_lines(bot: Host, info: CampaignInfo) -> list[str]:
    """The campaign in a few lines: players, broods and ages, the games, the score, what comes next."""
    campaign = info.data.campaign
    kind = "full" if info.kind is Kind.FULL else "quick"
    lines = [f"**Orclympics campaign** ({kind}, #{info.id}) is **{info.status}**."]
    if campaign is None:
        lines += [f"• {m.name} ({m.brood.label})" for m in info.data.members]
        return lines
    totals, names = campaign.totals(), info.names
    for entry in sorted(campaign.entries, key=lambda e: e.age):
        cry = " — holds the War Cry" if entry.player in campaign.war_cry else ""
        lines.append(f"• {names[entry.player]}: {entry.brood.label}, age {entry.age + 1} "
                     f"(1 = youngest), {totals[entry.player]} VP{cry}")
    games = []
    for index, slug in enumerate(campaign.schedule):
        title = bot.table.game(slug).title if slug in bot.table.games else "to be chosen"
        if index < len(campaign.scores):
            title += " (skipped)" if not campaign.scores[index].places else " (played)"
        games.append(f"{index + 1}. {title}")
    lines.append("Games: " + "; ".join(games) + ".")
    if info.status == "finished":
        lines.append("Champion: " + " and ".join(names[p] for p in campaign.champions()) + ".")
    elif info.data.vote is not None:
        lines.append("The players are choosing the next discipline with the buttons in the channel.")
    elif info.status == "active":
        lines.append("Next: /campaign next starts game {} (finish the channel's running game first).".format(
            campaign.next_game + 1))
    return lines


def game_heading(step: Next) -> str:
    """The first board of a campaign game: what led to it (rolls, skips, the choice), then which game it is."""
    assert step.result is not None and step.info.data.campaign is not None
    number = step.info.data.campaign.next_game + 1
    return "\n".join([*step.lines, f"⚔️ Game {number} of the campaign: **{step.result.title}** begins!"])


class CampaignVote(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=re.compile(r"zj:cv:(?P<campaign>[0-9]+):(?P<index>[0-9]+):(?P<choice>[a-z-]+)")):
    """A quick campaign player's choice of the next discipline (or the dice): works after a restart."""

    def __init__(self, campaign_id: int, index: int, choice: str, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        self.campaign_id, self.index, self.choice = campaign_id, index, choice
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"zj:cv:{campaign_id}:{index}:{choice}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> CampaignVote:
        return cls(int(match["campaign"]), int(match["index"]), match["choice"], label=item.label or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Campaigns")  # type: ignore[attr-defined]
        if not isinstance(cog, Campaigns):
            await refuse(interaction, "Campaigns are not running on this bot right now.")
            return
        await cog.on_vote(interaction, self.campaign_id, self.index, self.choice)


def vote_view(bot: Host, info: CampaignInfo, pair: tuple[str, str]) -> discord.ui.View:
    assert info.data.campaign is not None
    index = info.data.campaign.next_game
    view = discord.ui.View(timeout=None)
    for slug in pair:
        view.add_item(CampaignVote(info.id, index, slug, label=bot.table.game(slug).title))
    view.add_item(CampaignVote(info.id, index, ROLL, label="Let the dice decide",
                               style=discord.ButtonStyle.secondary))
    return view


class CampaignLobby:
    """A gathering campaign for its card's buttons (`bot.ui.lobby.LobbyHost`), and the one way every
    step of the gathering (button, form or typed command) is shown: its card, edited in place."""

    kind = GATHERING

    def __init__(self, cog: Campaigns) -> None:
        self.cog = cog

    def show(self, info: CampaignInfo, heading: str) -> None:
        self.cog.bot.lobbies.show(campaign_card(self.cog.service, info, heading))

    async def card(self, channel_id: int) -> LobbyCard:
        info = await self.cog.service.current(channel_id)
        if info.status == "active":
            raise TableError("This campaign has already begun; its players stay the same to the end.")
        if info.status != "lobby":
            raise TableError(NO_CAMPAIGN)
        return campaign_card(self.cog.service, info, "")

    async def join(self, interaction: discord.Interaction[Any], pick: str | None) -> None:
        info = await self.cog.service.join(interaction.channel_id, str(interaction.user.id),
                                           interaction.user.display_name, pick)
        self.show(info, f"{interaction.user.mention} joins the campaign.")
        await settled(interaction)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        info = await self.cog.service.leave(interaction.channel_id, str(interaction.user.id))
        if info.status == "abandoned":
            card = campaign_card(self.cog.service, info, "")
            self.cog.bot.lobbies.show(card.ended(
                f"{card.name}: {interaction.user.display_name} left and the campaign is empty, so it is closed. "
                "/campaign new opens another."))
        else:
            self.show(info, f"{interaction.user.mention} leaves the campaign.")
        await settled(interaction)

    async def start(self, interaction: discord.Interaction[Any]) -> int | None:
        return await self.cog.begin(interaction)

    async def add_computer(self, interaction: discord.Interaction[Any], level: Level, name: str | None,
                           pick: str | None) -> None:
        assert interaction.channel_id is not None
        info = await self.cog.service.add_computer(interaction.channel_id, str(interaction.user.id), level, name,
                                                   pick)
        added = info.data.members[-1]
        self.show(info, f"🤖 {added.name} ({level.value}) joins the campaign.")
        await settled(interaction)


class Campaigns(commands.Cog):
    """The campaign's life in a channel: from /campaign new to the champion."""

    campaign = app_commands.Group(name="campaign", description="Play the Orclympics as a campaign in this channel.",
                                  guild_only=True)

    help_text = ("A whole Orclympics with a running score: **/campaign new** `kind:` (full or quick), "
                 "**/campaign join**, **/campaign start**, then **/campaign next** after each game "
                 "(**/campaign rules** explains the scoring).")
    """Its paragraph in /help (`bot.cogs.Introduced`)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.service = CampaignService(bot.table)
        self._timers: dict[int, asyncio.Task[None]] = {}  # campaign id -> the timer of its open vote
        self._chores: set[asyncio.Task[None]] = set()  # scoreboards on their way after a game's final board
        self.lobby = CampaignLobby(self)

    async def cog_load(self) -> None:
        """Follow the boards the bot shows; a vote that was open when the bot stopped gets a full time
        limit again."""
        self.bot.show_move.followers.append(self._after_board)
        self.bot.lobbies.add_host(self.lobby)  # what the buttons of a gathering's card do
        for info in await self.service.open_votes():
            assert info.data.vote is not None
            self._schedule(info.channel_id, info.id, info.data.vote.index)

    async def cog_unload(self) -> None:
        followers = self.bot.show_move.followers
        if self._after_board in followers:
            followers.remove(self._after_board)
        self.service.detach()
        self.bot.lobbies.remove_host(GATHERING)
        for task in [*self._timers.values(), *self._chores]:
            task.cancel()
        self._timers.clear()

    # -- a gathering for /seat computer (`bot.cogs.seats.Gathering`) -----------------------
    async def gathering_creator(self, channel_id: int) -> str | None:
        """Who opened the channel's campaign while it gathers its players."""
        try:
            info = await self.service.current(channel_id)
        except TableError:
            return None
        return info.creator if info.status == "lobby" else None

    async def gathering_pick(self, channel_id: int) -> SeatPick | None:
        return BROOD

    async def seat_computer(self, interaction: discord.Interaction[Any], level: Level, name: str | None,
                            pick: str | None) -> None:
        await self.lobby.add_computer(interaction, level, name, pick)

    async def unseat_computer(self, interaction: discord.Interaction[Any], name: str) -> None:
        assert interaction.channel_id is not None
        info = await self.service.remove_computer(interaction.channel_id, str(interaction.user.id), name)
        self.lobby.show(info, f"🤖 {name} leaves the campaign.")
        await settled(interaction)

    async def gathering_card(self, channel_id: int) -> LobbyCard:
        return await self.lobby.card(channel_id)

    # -- the lobby -------------------------------------------------------------------------
    @campaign.command(name="new", description="Open an Orclympics campaign in this channel; you are its first player.")
    @app_commands.describe(kind="Full (six games) or quick (three)", brood="Your brood for the whole campaign",
                           turn_limit="How long a player may take over a turn in its games (default 24 hours)")
    @app_commands.choices(kind=KINDS, brood=BROODS, turn_limit=TURN_LIMITS)
    async def new(self, interaction: discord.Interaction[Any], kind: str, brood: str | None = None,
                  turn_limit: int = DEFAULT_TURN_SECONDS) -> None:
        async with audit(interaction, "campaign new", acknowledge_first=True):
            info = await self.service.create(interaction.channel_id, interaction.guild_id,
                                             str(interaction.user.id), interaction.user.display_name, kind,
                                             brood, turn_limit)
            self.lobby.show(info, f"{interaction.user.mention} opened an Orclympics campaign.")
            await settled(interaction)

    @campaign.command(name="join", description="Join this channel's campaign before it begins.")
    @app_commands.describe(brood="Your brood for the whole campaign (default: Common)")
    @app_commands.choices(brood=BROODS)
    async def join(self, interaction: discord.Interaction[Any], brood: str | None = None) -> None:
        async with audit(interaction, "campaign join", acknowledge_first=True):
            await self.lobby.join(interaction, brood)

    @campaign.command(name="leave", description="Leave this channel's campaign before it begins.")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "campaign leave", acknowledge_first=True):
            await self.lobby.leave(interaction)

    @campaign.command(name="start", description="Begin the campaign (its creator): ages are rolled, game 1 starts.")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "campaign start", acknowledge_first=True) as record:
            record.game = await self.lobby.start(interaction)

    async def begin(self, interaction: discord.Interaction[Any]) -> int | None:
        """The creator begins the gathering campaign (/campaign start or its card's Start): the card
        becomes its record, the broods' ages are told, and game 1 starts. The game's id, if one started."""
        service = self.service
        info = await service.begin(interaction.channel_id, str(interaction.user.id), self._seed())
        card = campaign_card(service, info, "")
        self.bot.lobbies.show(card.ended(f"{card.name}: began with {card.names()}."))
        lines = ["🏟️ **The Orclympics campaign begins!** Broods by age (1 = youngest; a tied roll in a game "
                 "goes by age: 1-3 the younger counts higher, 4-6 the older):", *summary_lines(self.bot, info)[1:-1]]
        self.bot.boards.say(interaction.channel_id, content="\n".join(lines)[:2000],
                            allowed_mentions=discord.AllowedMentions.none())
        step = await service.next_game(interaction.channel_id, str(interaction.user.id), interaction.guild_id,
                                       self._seed())
        await self._went(interaction, step)
        return step.result.game_id if step.result is not None else None

    # -- the games -------------------------------------------------------------------------
    @campaign.command(name="next", description="Start the campaign's next game, with the same players and broods.")
    async def next(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "campaign next", acknowledge_first=True) as record:
            step = await self.service.next_game(interaction.channel_id, str(interaction.user.id),
                                                interaction.guild_id, self._seed())
            record.game = step.result.game_id if step.result is not None else None
            await self._went(interaction, step)

    async def _went(self, interaction: discord.Interaction[Any], step: Next) -> None:
        """Show what /campaign start, /campaign next or a vote (or the card's Start) led to; a typed
        command gets a private word, a click none (the channel shows what it did)."""
        typed = interaction.type is discord.InteractionType.application_command
        if step.outcome == "game":
            assert step.result is not None and step.info.data.campaign is not None
            self._cancel(step.info.id)
            await publish(interaction, step.result, heading=game_heading(step))
        elif step.outcome == "vote":
            assert step.pair is not None
            await self._ask(step)
            if typed:
                await interaction.followup.send(f"{CONFIRMED} The players choose the next discipline with the "
                                                "buttons.", ephemeral=True)
        else:
            await self._post_scoreboard(step.info, step.lines)
            if typed:
                await interaction.followup.send(f"{CONFIRMED} The campaign is over.", ephemeral=True)

    async def _ask(self, step: Next) -> None:
        """Post the quick campaign's choice and start its timer."""
        info, pair = step.info, step.pair
        assert pair is not None and info.data.campaign is not None
        index = info.data.campaign.next_game
        minutes = max(1, round(vote_seconds() / 60))
        first, second = (self.bot.table.game(s).title for s in pair)
        text = "\n".join([*step.lines, f"🗳️ Game {index + 1} of the campaign is **{first}** or **{second}**. "
                          f"Players, choose with the buttons: if you all agree, that is played; if you do not, "
                          f"or in {minutes} minute{'s' if minutes != 1 else ''}, a D6 decides (1-3 {first}, "
                          f"4-6 {second})."])
        self.bot.boards.say(info.channel_id, content=text, view=vote_view(self.bot, info, pair),
                            allowed_mentions=discord.AllowedMentions.none())
        self._schedule(info.channel_id, info.id, index)

    async def on_vote(self, interaction: discord.Interaction[Any], campaign_id: int, index: int, choice: str) -> None:
        async with audit(interaction, "campaign vote", acknowledge_first=True) as record:
            service = self.service
            player = str(interaction.user.id)
            if choice == ROLL:
                step = await service.roll_choice(interaction.channel_id, campaign_id, index, interaction.guild_id,
                                                 self._seed(), f"{interaction.user.display_name} lets the dice decide.",
                                                 actor=player)
            else:
                step = await service.vote(interaction.channel_id, campaign_id, player, choice, interaction.guild_id,
                                          self._seed())
            record.game = step.result.game_id if step.result is not None else None
            if step.outcome == "vote":
                self.bot.boards.say(interaction.channel_id, content=" ".join(step.lines),
                                    allowed_mentions=discord.AllowedMentions.none())
                await interaction.followup.send(f"{CONFIRMED} Your choice is counted.", ephemeral=True)
                return
            await self._went(interaction, step)

    def _schedule(self, channel_id: int, campaign_id: int, index: int) -> None:
        self._cancel(campaign_id)
        self._timers[campaign_id] = asyncio.get_running_loop().create_task(
            self._time_up(channel_id, campaign_id, index, vote_seconds()), name=f"campaign-vote-{campaign_id}")

    def _cancel(self, campaign_id: int) -> None:
        task = self._timers.pop(campaign_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _time_up(self, channel_id: int, campaign_id: int, index: int, seconds: float) -> None:
        """The players did not agree in time: the dice decide, and the game starts."""
        await asyncio.sleep(seconds)
        self._timers.pop(campaign_id, None)
        try:
            step = await self.service.roll_choice(channel_id, campaign_id, index, None, self._seed(),
                                                  "Time is up for choosing, so the dice decide.")
        except TableError as exc:
            log.info("campaign vote timer campaign=%s index=%s: %s", campaign_id, index, exc)
            return
        if step.result is None:
            await self._post_scoreboard(step.info, step.lines)
            return
        await self.bot.show_move(step.result, heading=game_heading(step))

    # -- looking -------------------------------------------------------------------------
    @campaign.command(name="status", description="Where this channel's campaign stands (only you see it).")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "campaign status", acknowledge_first=True):
            info = await self.service.current(interaction.channel_id)
            await interaction.followup.send("\n".join(summary_lines(self.bot, info))[:2000], ephemeral=True)

    @campaign.command(name="scoreboard", description="The campaign's scoreboard picture (only you see it).")
    async def scoreboard(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "campaign scoreboard", acknowledge_first=True):
            info = await self.service.current(interaction.channel_id)
            kwargs = await self._scoreboard(info, summary_lines(self.bot, info))
            if kwargs is None:
                raise TableError("The campaign has not begun, so there is no score yet.")
            await interaction.followup.send(ephemeral=True, **kwargs)

    async def _scoreboard(self, info: CampaignInfo, lines: list[str]) -> dict[str, Any] | None:
        """A message with the scoreboard picture (drawn off the event loop) under `lines`; None before it begins."""
        board = self.service.scoreboard(info)
        if board is None:
            return None
        png = await self.bot.painter.render(board)
        kwargs: dict[str, Any] = {"content": "\n".join(lines)[:2000], "allowed_mentions": discord.AllowedMentions.none()}
        if png is not None:
            kwargs["file"] = discord.File(io.BytesIO(png), filename=SCOREBOARD_FILE)
        return kwargs

    async def _post_scoreboard(self, info: CampaignInfo, lines: list[str]) -> None:
        """The scoreboard in the channel: after each game, and when the campaign ends."""
        kwargs = await self._scoreboard(info, [*lines, *scoreboard_caption(self.bot, info)])
        if kwargs is not None:
            self.bot.boards.say(info.channel_id, **kwargs)

    def _after_board(self, board: BoardLike) -> None:
        """A board is on its way (a follower of `bot.show_move`): after a campaign game's final
        board, its scoreboard."""
        if board.outcome is None or board.campaign_id is None:
            return
        task = asyncio.get_running_loop().create_task(self._scoreboard_after(board))
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def _scoreboard_after(self, board: BoardLike) -> None:
        try:
            assert board.campaign_id is not None
            await self.after_game(board.channel_id, board.campaign_id)
        except Exception:
            log.exception("could not post the scoreboard after game %s", board.game_id)

    async def after_game(self, channel_id: int, campaign_id: int) -> None:
        """A campaign game's final board went out: the scoreboard follows it."""
        info = await self.service.by_id(campaign_id)
        if info is not None and info.data.campaign is not None:
            await self._post_scoreboard(info, [])

    @campaign.command(name="abandon", description="End this channel's campaign without a champion "
                                                  "(its creator or server managers).")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "campaign abandon", acknowledge_first=True):
            before = await self.service.current(interaction.channel_id)
            info = await self.service.abandon(interaction.channel_id, str(interaction.user.id),
                                              is_admin=bool(interaction.permissions.manage_guild))
            self._cancel(info.id)
            if before.status == "lobby":  # its card becomes the record
                self.bot.lobbies.show(LobbyCard.record(GATHERING, info.id, info.channel_id, (
                    f"{campaign_card(self.service, info, '').name}: {interaction.user.display_name} abandoned it "
                    "before it began. The channel is free for a new one: /campaign new.")))
                await settled(interaction)
                return
            await tell_channel(interaction, "You abandoned the campaign.", content=(
                f"{interaction.user.mention} abandoned the Orclympics campaign (#{info.id}) and any game of it "
                "still running. The channel is free for a new one: /campaign new."))

    @campaign.command(name="rules", description="How a campaign is played and scored (only you see it).")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        async with audit(interaction, "campaign rules"):
            await send_guide(interaction, "The Orclympics campaign", GUIDE)

    def _seed(self) -> int:
        return self.bot.table.new_seed()


def scoreboard_caption(bot: Host, info: CampaignInfo) -> list[str]:
    """The words under the picture: the score so far, the War Cry, and what comes next."""
    campaign = info.data.campaign
    assert campaign is not None
    names = info.names
    if campaign.finished:
        champions = " and ".join(names[p] for p in campaign.champions())
        return [f"🏆 **The Orclympics campaign is over. Champion: {champions}!**"]
    played = len(campaign.scores)
    lines = [f"📜 **Campaign scoreboard** after game {played} of {len(campaign.schedule)}."]
    if campaign.war_cry:
        holders = " and ".join(names[p] for p in campaign.war_cry)
        lines.append(f"📣 {holders} {'holds' if len(campaign.war_cry) == 1 else 'hold'} the War Cry in the next game: "
                     "a die of theirs may be thrown again in up to 3 Player Turns (a “War Cry!” button appears "
                     "after each such roll).")
    lines.append("Next: /campaign next.")
    return lines


async def setup(bot: Host) -> None:
    bot.add_dynamic_items(CampaignVote)
    await bot.add_cog(Campaigns(bot))


__all__ = ["Campaigns", "CampaignLobby", "CampaignVote", "campaign_card", "summary_lines", "scoreboard_caption"]
