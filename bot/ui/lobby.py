"""The lobby card: one message per lobby, edited in place, with the lobby's buttons.

A lobby is a table gathering players before its game starts (`bot.cogs.lifecycle`) or a plug-in's
gathering of players for several games (the Orclympics campaign, `bot.plugins.orclympics.campaign_cog`). Both show
the same card, made here from a `LobbyCard`: who sits down (👤 a person, 🤖 a computer and its
level), what each picked, the count against the game's sizes, who may start, and the buttons
Join, Leave, Start and "Add a computer player". Every change (a button, a form, a typed command)
edits that one message; when the lobby starts or closes, the card becomes a one-line record with
no controls, and what follows (the first board) is a message of its own.

The card is posted and edited through the channel's queue (`ChannelBoards.run`), so it keeps its
place among the channel's boards and notes; updates that pile up while one is on its way are
merged (only the newest card is sent). Which message is a lobby's card is kept in the store
(`lobby_messages`), so a restarted bot edits the same message; a card that was deleted is posted
anew.

The buttons keep the lobby's kind and id in their custom_id (`zj:lobby:<kind>:<id>:<what>`), and
the forms are named forms (`zj:form:lobby-…`), so both work after a restart. What a click does
belongs to the lobby's `LobbyHost` (the table's, the campaign's), registered with `LobbyCards`; a
refusal is one private sentence and changes nothing, and a click that went through is acknowledged
silently: the card shows what it did.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.service.table import TableError
from bot.ui.answers import acknowledge, audit
from bot.ui.text import and_list
from rules.core.computer import Level, level_of
from rules.core.engine import SeatPick

if TYPE_CHECKING:
    from bot.ui.poster import BoardPosts, Courier

log = logging.getLogger("zagjan.bot")

TABLE = "g"
"""The kind of a table's lobby (its owner is the game's id)."""
GATHERING = "c"
"""The kind of a plug-in's gathering of players for several games (its owner is the gathering's id: the
Orclympics campaign's). The letter is what the store keeps."""

JOIN, LEAVE, START, COMPUTER = "join", "leave", "start", "cpu"
ADD_COMPUTER = "Add a computer player"
LEVEL_WORDS = {Level.EASY: "easy", Level.NORMAL: "normal"}
LEVEL_OPTIONS = {
    Level.EASY: ("Easy", "Plays any allowed move, at random: a gentle opponent"),
    Level.NORMAL: ("Normal", "Thinks a few moves ahead: a fair fight"),
}
CLOSED = "That lobby is closed; its message says what became of it."
PREFIX = "zj:lobby:"
"""How the custom_id of a lobby card's button begins."""
ENDED_KEPT = 1000
"""How many started or closed lobbies the bot remembers, so that a card of one arriving late changes nothing."""


# -- what a card shows ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CardSeat:
    """One seat of a lobby: who, and what they picked (its label; None when nothing is asked)."""

    player: str
    name: str
    pick: str | None = None

    @property
    def level(self) -> Level | None:
        return level_of(self.player)

    def line(self, creator: str, noun: str) -> str:
        """'👤 alice (Feral Orcs) — opened the table', '🤖 Grukk (Iron Orcs) — computer, normal'."""
        level = self.level
        text = f"{'🤖' if level else '👤'} {self.name}" + (f" ({self.pick})" if self.pick else "")
        if level is not None:
            text += f" — computer, {LEVEL_WORDS[level]}"
        if self.player == creator:
            text += f" — opened the {noun}"
        return text

    def short(self) -> str:
        """How the record names the seat: 'alice (Feral Orcs)', '🤖 Grukk (Iron Orcs, normal)', '🤖 Grukk (easy)'."""
        level = self.level
        if level is None:
            return self.name + (f" ({self.pick})" if self.pick else "")
        return f"🤖 {self.name} ({self.pick + ', ' if self.pick else ''}{LEVEL_WORDS[level]})"


@dataclass(frozen=True)
class LobbyCard:
    """A lobby as its card shows it, the same for a table and a campaign."""

    kind: str
    owner: int  # the game's id (a table) or the campaign's
    channel_id: int
    name: str  # "Masters' Fight", "Orclympics campaign (quick)"
    title: str  # the embed's title while it is open
    heading: str  # what happened last ("bob joins the table.")
    seats: tuple[CardSeat, ...]
    creator: str
    max_players: int
    sizes: str  # the counts it plays with, in words: "2-6 players", "2 or 4 players"
    playable: bool  # whether the players seated now may start
    noun: str = "table"  # "table", "campaign"
    member: str = "seated at this table"  # "in this campaign"
    counted: str = "Seated"  # the seats' field: "Seated: 2 of 6"
    command: str = "/game"  # the typed commands that do the same
    fields: tuple[tuple[str, str], ...] = ()  # what else it lists (optional rules, the disciplines)
    note: str | None = None  # a word on this many players
    pick: SeatPick | None = None  # what a player picks as they sit down
    free: tuple[str, ...] = ()  # the picks still free
    closed: str | None = None  # the one-line record once it started or closed: no controls

    @property
    def key(self) -> tuple[str, int]:
        return self.kind, self.owner

    def seat_of(self, player: str) -> CardSeat | None:
        return next((s for s in self.seats if s.player == player), None)

    @property
    def creator_name(self) -> str:
        seat = self.seat_of(self.creator)
        return seat.name if seat is not None else "whoever opened it"

    @classmethod
    def record(cls, kind: str, owner: int, channel_id: int, text: str) -> LobbyCard:
        """A lobby's card that is only its record (it started, or closed)."""
        return cls(kind=kind, owner=owner, channel_id=channel_id, name="", title="", heading="", seats=(), creator="",
                   max_players=0, sizes="", playable=False, closed=text)

    def ended(self, record: str) -> LobbyCard:
        """The card turned into its record (it started, or closed)."""
        return replace(self, closed=record)

    def names(self) -> str:
        """'alice (Feral Orcs), bob and 🤖 Grukk (normal)'."""
        return and_list([s.short() for s in self.seats]) or "nobody"


def embed_of(card: LobbyCard) -> discord.Embed:
    """The open card: seats, what else the lobby lists, and who may start."""
    embed = discord.Embed(title=card.title, description=card.heading, colour=discord.Colour.dark_gold())
    seats = "\n".join(s.line(card.creator, card.noun) for s in card.seats)
    embed.add_field(name=f"{card.counted}: {len(card.seats)} of {card.max_players}", value=seats or "nobody yet",
                    inline=False)
    for name, value in card.fields:
        embed.add_field(name=name, value=value[:1024] or "-", inline=False)
    count = f"{len(card.seats)} {'is' if len(card.seats) == 1 else 'are'} seated; it plays with {card.sizes}."
    ready = (f"Ready: {card.creator_name}, who opened the {card.noun}, may start it."
             if card.playable else f"Not ready to start: {count}")
    embed.add_field(name="Start", value=ready if not card.playable else f"{ready} {count}", inline=False)
    hints = [f"Join, Leave and Start with the buttons (or {card.command} join, leave and start); "
             f"whoever opened the {card.noun} adds computer players."]
    if card.note:
        hints.append(card.note)
    embed.set_footer(text=" ".join(hints))
    return embed


def view_of(card: LobbyCard) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(card.kind, card.owner, JOIN))
    view.add_item(LobbyButton(card.kind, card.owner, LEAVE))
    view.add_item(LobbyButton(card.kind, card.owner, START, ready=card.playable))
    view.add_item(LobbyButton(card.kind, card.owner, COMPUTER))
    return view


def message_of(card: LobbyCard) -> dict[str, Any]:
    """The card's message (for a post or an edit): the open card with its buttons, or its record."""
    quiet = discord.AllowedMentions.none()
    if card.closed is not None:
        return {"content": card.closed, "embed": None, "view": None, "allowed_mentions": quiet}
    return {"content": None, "embed": embed_of(card), "view": view_of(card), "allowed_mentions": quiet}


# -- the buttons and the forms ------------------------------------------------------------------


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=re.compile(rf"{PREFIX}(?P<kind>[a-z]):(?P<owner>[0-9]+):(?P<what>join|leave|start|cpu)")):
    """Join, Leave, Start or "Add a computer player" on a lobby's card; works after a restart."""

    LOOKS = {JOIN: ("Join", "🪑", discord.ButtonStyle.primary), LEAVE: ("Leave", "🚪", discord.ButtonStyle.secondary),
             START: ("Start", "⚔️", discord.ButtonStyle.success),
             COMPUTER: (ADD_COMPUTER, "🤖", discord.ButtonStyle.secondary)}

    def __init__(self, kind: str, owner: int, what: str, *, ready: bool = True) -> None:
        self.kind, self.owner, self.what = kind, int(owner), what
        label, emoji, style = self.LOOKS[what]
        if what == START and not ready:
            style = discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, emoji=emoji, style=style,
                                           custom_id=f"{PREFIX}{kind}:{owner}:{what}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["kind"], int(match["owner"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await on_button(interaction, self.kind, self.owner, self.what)


JOIN_FORM, COMPUTER_FORM = "lobby-join-", "lobby-cpu-"
"""The names of the lobby's forms (`bot.ui.components.NAMED_FORM`), followed by the lobby's kind."""


def _pick_select(pick: SeatPick, free: Sequence[str], *, required: bool) -> discord.ui.Select[Any]:
    options = [discord.SelectOption(label=pick.label(v)[:100], value=v, default=required and v == _first(pick, free))
               for v in free][:25]
    return discord.ui.Select(custom_id="pick", options=options, required=required, min_values=1 if required else 0,
                             max_values=1, placeholder="At random" if not required else None)


def _first(pick: SeatPick, free: Sequence[str]) -> str:
    return pick.default if pick.default in free else free[0]


def join_form(card: LobbyCard) -> discord.ui.Modal:
    """Join a lobby whose players pick something as they sit down: a menu of what is still free."""
    assert card.pick is not None
    form = discord.ui.Modal(title=f"Take a seat: {card.name}"[:45], timeout=600,
                            custom_id=f"zj:form:{JOIN_FORM}{card.kind}")
    form.add_item(discord.ui.Label(text=card.pick.question[:45], component=_pick_select(card.pick, card.free,
                                                                                         required=True)))
    return form


def computer_form(card: LobbyCard) -> discord.ui.Modal:
    """Seat a computer: its level and its pick from menus, and a name if you want one."""
    form = discord.ui.Modal(title=ADD_COMPUTER, timeout=600, custom_id=f"zj:form:{COMPUTER_FORM}{card.kind}")
    levels = discord.ui.Select(custom_id="level", required=True, min_values=1, max_values=1, options=[
        discord.SelectOption(label=label, value=level.value, description=why, default=level is Level.NORMAL)
        for level, (label, why) in LEVEL_OPTIONS.items()])
    form.add_item(discord.ui.Label(text="How well it plays", component=levels))
    if card.pick is not None and card.free:
        form.add_item(discord.ui.Label(text=f"Its {card.pick.name}"[:45], description="Empty: one at random",
                                       component=_pick_select(card.pick, card.free, required=False)))
    form.add_item(discord.ui.Label(text="Its name", description="Empty: one of ours",
                                   component=discord.ui.TextInput(custom_id="name", required=False, max_length=32)))
    return form


def form_values(interaction: discord.Interaction[Any]) -> dict[str, str]:
    """A form's answer by field: the text typed, or the (first) option chosen in a menu ("" for none),
    whether the field stands alone, in a row or in a label."""
    found: dict[str, str] = {}

    def walk(nodes: Sequence[dict[str, Any]]) -> None:
        for node in nodes:
            if isinstance(node.get("component"), dict):
                walk([node["component"]])
            if node.get("components"):
                walk(node["components"])
            if node.get("custom_id"):
                values = node.get("values")
                found[str(node["custom_id"])] = str(values[0]) if values else str(node.get("value") or "")

    walk(list((interaction.data or {}).get("components", [])))
    return found


# -- what the lobbies do --------------------------------------------------------------------------


class LobbyHost(Protocol):
    """What a kind of lobby does when its card is used (the table's, the campaign's). Each method
    refuses with a `TableError` (one sentence, nothing changed) and, when it went through, shows the
    new card (`LobbyCards.show`) and answers a typed command (`bot.ui.answers.settled`)."""

    kind: str

    async def card(self, channel_id: int) -> LobbyCard:
        """The channel's open lobby of this kind, as its card shows it; refused when there is none."""

    async def join(self, interaction: discord.Interaction[Any], pick: str | None) -> None: ...

    async def leave(self, interaction: discord.Interaction[Any]) -> None: ...

    async def start(self, interaction: discord.Interaction[Any]) -> object: ...

    async def add_computer(self, interaction: discord.Interaction[Any], level: Level, name: str | None,
                           pick: str | None) -> None: ...


class CardMemory(Protocol):
    """Which message is each lobby's card, across restarts (the store)."""

    async def lobby_message(self, kind: str, owner: int) -> int | None: ...

    async def set_lobby_message(self, kind: str, owner: int, channel_id: int, message_id: int) -> None: ...


@dataclass
class _Pending:
    card: LobbyCard
    done: asyncio.Future[bool] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class LobbyCards:
    """Every lobby's card, and the hosts that say what its buttons do (`ZagjanBot.lobbies`)."""

    def __init__(self, boards: BoardPosts, memory: Callable[[], CardMemory | None],
                 forms: dict[str, Callable[[discord.Interaction[Any], dict[str, str]], Awaitable[None]]]) -> None:
        self._boards = boards
        self._memory = memory
        self._forms = forms
        self.hosts: dict[str, LobbyHost] = {}
        self._pending: dict[tuple[str, int], _Pending] = {}
        self._ids: dict[tuple[str, int], int] = {}  # the cards of the open lobbies this bot has shown
        self._ended: dict[tuple[str, int], None] = {}  # lobbies whose record is out or on its way (the newest)

    def add_host(self, host: LobbyHost) -> None:
        kind = host.kind
        self.hosts[kind] = host
        self._forms[JOIN_FORM + kind] = lambda interaction, _: on_join_form(interaction, kind)
        self._forms[COMPUTER_FORM + kind] = lambda interaction, _: on_computer_form(interaction, kind)

    def remove_host(self, kind: str) -> None:
        self.hosts.pop(kind, None)
        self._forms.pop(JOIN_FORM + kind, None)
        self._forms.pop(COMPUTER_FORM + kind, None)

    def host_of(self, kind: str) -> LobbyHost:
        host = self.hosts.get(kind)
        if host is None:
            raise TableError("This lobby is not run on this bot right now.")
        return host

    def show(self, card: LobbyCard) -> asyncio.Future[bool]:
        """Queue `card` in its channel: the lobby's message is edited to show it (posted the first time).
        A card still waiting is replaced by the newer one; once a lobby's record is out, an older open
        card that arrives late changes nothing."""
        key = card.key
        if key in self._ended and card.closed is None:
            done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
            done.set_result(True)
            return done
        if card.closed is not None:
            self._ended[key] = None
            while len(self._ended) > ENDED_KEPT:
                del self._ended[next(iter(self._ended))]
        waiting = self._pending.get(key)
        if waiting is not None:
            waiting.card = card
            return waiting.done
        pending = self._pending[key] = _Pending(card)
        self._boards.channel(card.channel_id).run(lambda courier: self._post(key, courier))
        return pending.done

    async def _post(self, key: tuple[str, int], courier: Courier) -> None:
        pending = self._pending.pop(key)
        try:
            await self._send(pending.card, courier)
        except BaseException:
            if not pending.done.done():
                pending.done.set_result(False)
            raise
        if not pending.done.done():
            pending.done.set_result(True)

    async def _send(self, card: LobbyCard, courier: Courier) -> None:
        memory = self._memory()
        message_id = self._ids.get(card.key)
        if message_id is None and memory is not None:
            message_id = await memory.lobby_message(card.kind, card.owner)
        kwargs = message_of(card)
        if message_id is not None:
            try:
                await courier.edit(card.channel_id, message_id, kwargs)
                self._remember(card, message_id)
                return
            except discord.NotFound:  # deleted: the card is posted anew
                log.info("the card of lobby %s:%s was deleted; posting it again", *card.key)
        sent = {k: v for k, v in kwargs.items() if v is not None}
        message_id = await courier.send(card.channel_id, sent)
        self._remember(card, message_id)
        if memory is not None:
            try:
                await memory.set_lobby_message(card.kind, card.owner, card.channel_id, message_id)
            except Exception as exc:  # the card is out; a later one would be posted anew
                log.warning("could not record the card of lobby %s:%s: %s", card.kind, card.owner, exc)

    def _remember(self, card: LobbyCard, message_id: int) -> None:
        """Keep an open card's message id at hand (a record is final: nothing edits it again)."""
        if card.closed is None:
            self._ids[card.key] = message_id
        else:
            self._ids.pop(card.key, None)


def cards_of(interaction: discord.Interaction[Any]) -> LobbyCards:
    return interaction.client.lobbies  # type: ignore[attr-defined,no-any-return]


# -- a click, a form --------------------------------------------------------------------------------


async def on_button(interaction: discord.Interaction[Any], kind: str, owner: int, what: str) -> None:
    """A button of a lobby's card. Join (when the lobby asks for a pick) and "Add a computer player"
    answer with a form, which must be the click's first answer: the lobby is read once before it
    and who may use it checked there (the host checks again); the others are deferred first."""
    async with audit(interaction, f"lobby {what}") as record:
        host = cards_of(interaction).host_of(kind)
        channel, actor = interaction.channel_id, str(interaction.user.id)
        assert channel is not None
        if what not in (JOIN, COMPUTER):
            await acknowledge(interaction)
        card = await host.card(channel)
        record.game = owner if kind == TABLE else None
        if card.owner != owner:
            raise TableError(CLOSED)
        if what == JOIN:
            if card.seat_of(actor) is not None:
                raise TableError(f"You are already {card.member}.")
            if len(card.seats) >= card.max_players:
                raise TableError(f"The {card.noun} is full: {card.max_players} players at most.")
            if card.pick is not None and len(card.free) > 1:
                await interaction.response.send_modal(join_form(card))
                record.result = "modal"
                return
            await acknowledge(interaction)
            await host.join(interaction, None)
        elif what == COMPUTER:
            await open_computer_form(interaction, card)
            record.result = "modal"
        elif what == LEAVE:
            if card.seat_of(actor) is None:
                raise TableError(f"You are not {card.member}.")
            await host.leave(interaction)
        else:
            await host.start(interaction)


async def open_computer_form(interaction: discord.Interaction[Any], card: LobbyCard) -> None:
    """The "Add a computer player" form, for whoever opened the lobby while it has room."""
    if str(interaction.user.id) != card.creator:
        raise TableError(f"Only {card.creator_name}, who opened this {card.noun}, seats computer players.")
    if len(card.seats) >= card.max_players:
        raise TableError(f"The {card.noun} is full: {card.max_players} players at most.")
    await interaction.response.send_modal(computer_form(card))


async def on_join_form(interaction: discord.Interaction[Any], kind: str) -> None:
    async with audit(interaction, "lobby join (form)", acknowledge_first=True):
        host = cards_of(interaction).host_of(kind)
        await host.join(interaction, form_values(interaction).get("pick") or None)


async def on_computer_form(interaction: discord.Interaction[Any], kind: str) -> None:
    async with audit(interaction, "lobby computer (form)", acknowledge_first=True):
        host = cards_of(interaction).host_of(kind)
        values = form_values(interaction)
        try:
            level = Level(values.get("level") or Level.NORMAL.value)
        except ValueError:
            raise TableError("A computer player is easy or normal.") from None
        await host.add_computer(interaction, level, values.get("name", "").strip() or None,
                                values.get("pick") or None)


__all__ = ["ADD_COMPUTER", "GATHERING", "TABLE", "CardSeat", "LobbyButton", "LobbyCard", "LobbyCards", "LobbyHost",
           "cards_of", "computer_form", "embed_of", "form_values", "join_form", "message_of",
           "open_computer_form"]
