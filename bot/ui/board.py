"""The board message: the log of what happened, the picture, who is next, and their controls.

Built from a `BoardLike` (a move's `TurnResult` or a `Snapshot`) and the log lines
to show, by a `BoardComposer` that holds only what it uses: the table service (the
legal moves, the channel's ping setting) and the painter (the picture, drawn off
the event loop). The controls come from the game's adapter, found in the catalog.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord
from pydantic import BaseModel

from bot.ui.declared import adapter_for
from bot.service.painter import Painter
from bot.service.table import TableService, whose_turn
from bot.ui.components import build_view
from bot.ui.controls import ButtonSpec, Controls
from bot.ui.hand import with_hand_button
from bot.ui.text import feats_lines, last_lines, mention, outcome_lines
from rules.core.computer import is_computer
from rules.core.engine import Outcome, Prompt, Seat
from rules.core.views import TableView

BOARD_FILE = "board.png"
SECRET_PAYLOAD = "secret"
UNDO_PAYLOAD = "undo!"
"""The board's "Undo" button (no move's word has a "!"): for the player who may take back the last move."""
SECRET_LABEL = "Choose in secret"


def secret_label(choosing: Sequence[str]) -> str:
    """The board's button opening a secret choice where only its player sees it, naming that player
    (when several choose at once, the message above names them)."""
    return f"{SECRET_LABEL} ({choosing[0]})"[:80] if len(choosing) == 1 else SECRET_LABEL


def pinging(players: Sequence[str]) -> discord.AllowedMentions:
    """Mentions that ping these players and nobody else (everything else the bot says pings nobody)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(int(p)) for p in players if p.isdigit()])


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
    campaign_id: int | None
    private_seats: list[str]
    undo_by: str | None


@dataclass
class BoardMessage:
    content: str
    embed: discord.Embed
    png: bytes | None
    view: discord.ui.View | None
    notes: list[str] = field(default_factory=list)
    pinged: list[str] = field(default_factory=list)  # the players whose turn it is: the only mentions that ping
    description: str | None = None  # the picture's alt text: whose turn, what just happened, the standings

    def _mentions(self) -> discord.AllowedMentions:
        return pinging(self.pinged)

    def _picture(self) -> discord.File | None:
        if self.png is None:
            return None
        return discord.File(io.BytesIO(self.png), filename=BOARD_FILE, description=self.description)

    def send_kwargs(self) -> dict[str, Any]:
        """For a new message."""
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed, "allowed_mentions": self._mentions()}
        picture = self._picture()
        if picture is not None:
            kwargs["file"] = picture
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def record_kwargs(self, lines: Sequence[str]) -> dict[str, Any]:
        """What this message becomes once play has moved on (`record`)."""
        return record(self.embed.title or "The board", lines)

    def edit_kwargs(self) -> dict[str, Any]:
        """For the same message edited in place: the picture replaces the old one, and the
        controls are replaced (or removed when there are none)."""
        picture = self._picture()
        return {"content": self.content, "embed": self.embed, "allowed_mentions": self._mentions(),
                "attachments": [picture] if picture is not None else [], "view": self.view}


RECORD = "📜"


def record(heading: str, lines: Sequence[str]) -> dict[str, Any]:
    """A board message once play has moved on: its heading and the log of its turn, as a short
    text. The picture, the controls and every sentence about who must act now go, since they have
    stopped being true; the channel then reads as the story of the game, with one live board (the
    newest) below it. Editing pings nobody."""
    body = last_lines(lines, 1800)
    return {"content": f"{RECORD} **{heading}**" + (f"\n{body}" if body else ""), "embed": None,
            "attachments": [], "view": None, "allowed_mentions": discord.AllowedMentions.none()}


EARLIER_BOARD = record("An earlier board of this table", ["/game log has every move."])
"""The record of a board shown before a restart, whose heading and lines this process never knew."""


class BoardComposer:
    """Composes a board message (the poster's `Compose`, and /game board's private copy)."""

    def __init__(self, table: TableService, painter: Painter,
                 unreachable: Callable[[], Collection[str]] = frozenset) -> None:
        self.table = table
        self.painter = painter
        self.unreachable = unreachable  # the players direct messages do not reach (`DirectMessages`)

    async def __call__(self, board: BoardLike, lines: Sequence[str] = ()) -> BoardMessage:
        return await board_message(self.table, self.painter, board, lines, self.unreachable())


async def board_message(table: TableService, painter: Painter, board: BoardLike,
                        lines: Sequence[str] = (), unreachable: Collection[str] = ()) -> BoardMessage:
    """Log lines, the picture, who is next, and the next player's controls."""
    names = {s.player: s.name for s in board.seats}
    png, description = await painter.board(board.public_view, lines)
    embed = discord.Embed(title=_title(board), colour=discord.Colour.dark_red())
    if any(lines):
        embed.description = last_lines(lines)
    embed.set_footer(text=f"Game #{board.game_id} · move {board.version}")

    view: discord.ui.View | None = None
    notes: list[str] = []
    if board.outcome is not None:
        heading, ended = outcome_lines(board.outcome, names)
        embed.add_field(name=heading, value="\n".join(ended)[:1024],
                        inline=False)
        feats = feats_lines(board.outcome.feats, names)
        if feats:
            embed.add_field(name="Feats", value="\n".join(feats)[:1024], inline=False)
        content = f"🏁 **{board.title} is over.** {board.outcome.summary}".strip()
    else:
        feats = board.public_view.feats if isinstance(board.public_view, TableView) else {}
        if feats:  # earned so far: text beside the picture, which keeps its room for the board
            embed.add_field(name="Feats so far", value="\n".join(feats_lines(feats, names))[:1024], inline=False)
        content, view, notes = await _next_up(table, board, unreachable)
        if board.private_seats:  # someone sees what the table does not: they may ask for it
            view = with_hand_button(view, board.game_id)
    pinged = list(board.waiting_for) if board.outcome is None and await table.pings(board.channel_id) else []
    return BoardMessage(content=content[:2000], embed=embed, png=png, view=view, notes=notes, pinged=pinged,
                        description=description)


def _title(board: BoardLike) -> str:
    """The game's title and where it stands, as its view says (`TableView.where`)."""
    view = board.public_view
    where = view.where() if isinstance(view, TableView) else ""
    return f"{board.title} — {where}" if where else board.title


async def _next_up(table: TableService, board: BoardLike,
                   unreachable: Collection[str] = ()) -> tuple[str, discord.ui.View | None, list[str]]:
    """Who must act, what they are asked, and their buttons: for a lone open prompt, or for one
    question put to several players (teammates deciding for their team), where the buttons offer
    what any of them may do and the rules judge each click for whoever made it. A player whom direct
    messages do not reach is told here, on the live board, how to choose and read their news: a note
    of its own in the channel would stay behind, untrue, once they have."""
    if not board.waiting_for:
        return "Nobody can act right now.", None, []
    lines: list[str] = []
    asked: dict[str, list[str]] = {}  # an open question -> everyone it is put to
    names = {s.player: s.name for s in board.seats}
    if all(is_computer(p) for p in board.waiting_for):  # it plays in a moment; buttons would only be refused
        first = board.waiting_for[0]
        return f"{mention(first, names.get(first, 'A computer'))} is thinking…", None, []
    choosing = list(dict.fromkeys(names.get(p.player, "someone") for p in board.prompts
                                  if p.secret and not is_computer(p.player)))
    for prompt in board.prompts:
        who = mention(prompt.player, names.get(prompt.player, "someone"))
        if prompt.secret and is_computer(prompt.player):
            lines.append(f"{who} is choosing in secret.")
        elif prompt.secret and prompt.player in unreachable:
            lines.append(f"{who}, my direct messages do not reach you: “{secret_label(choosing)}” below opens your "
                         "secret choice where only you see it.")
        elif prompt.secret:
            lines.append(f"{who} is choosing in secret (by direct message, or with the button below).")
        elif prompt.text in asked:
            asked[prompt.text].append(who)
        else:
            asked[prompt.text] = [who]
            lines.append(prompt.text)
    lines = [f"{' or '.join(asked[line])} {line}" if line in asked else line for line in lines]
    controls = Controls()
    open_prompts = [p for p in board.prompts if not p.secret and not is_computer(p.player)]
    one_question = len(open_prompts) == len(board.prompts) and len({p.text for p in open_prompts}) == 1
    legal: list[BaseModel] = []
    players: list[str] = []
    if open_prompts and (len(board.waiting_for) == 1 or one_question):
        players = list(dict.fromkeys(p.player for p in open_prompts))
    # the moves the others may make out of turn (`Move.any_time`) have their buttons too, for anyone;
    # only asked of games that declare such moves (each ask may be a read of the store)
    book = table.game(board.slug).moves
    others = [s.player for s in board.seats if s.player not in board.waiting_for and not is_computer(s.player)
              ] if book is not None and book.any_time else []
    for player in [*players, *others]:
        legal += [a for a in await table.legal_actions(board.channel_id, player) if a not in legal]
    if legal:
        controls = adapter_for(table.game(board.slug)).controls(board.public_view, legal,
                                                                 (players or board.waiting_for)[0])
    secret = {p.player for p in board.prompts if p.secret}
    lines += [f"{mention(s.player, s.name)}: my direct messages do not reach you; /game log and /game hand show "
              "your private news." for s in board.seats if s.player in unreachable and s.player not in secret]
    if choosing:
        controls.buttons.append(ButtonSpec(SECRET_PAYLOAD, secret_label(choosing), discord.ButtonStyle.primary, "🤫"))
    if board.undo_by is not None and board.undo_by in board.waiting_for and not is_computer(board.undo_by):
        controls.buttons.append(ButtonSpec(UNDO_PAYLOAD, f"Undo ({names.get(board.undo_by, 'last move')})"[:80],
                                           discord.ButtonStyle.secondary, "↩️"))
    view = build_view(board.game_id, board.version, controls)
    notes = controls.notes
    content = "\n".join(lines + [f"*{n}*" for n in notes])
    return content or whose_turn(board.seats, board.waiting_for), view, notes
