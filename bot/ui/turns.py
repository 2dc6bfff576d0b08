"""The one path every move takes, whether it came from a slash command, a button, a select or a modal.

    acknowledge → table.act (one trip to the database thread: read, check, apply, store)
    → show the move (`bot.ui.shown`: the board, private news and pictures, secret prompts)
    → the private "Done"

The interaction is acknowledged before anything else happens (a silent deferral
for a click, a private "thinking…" for a command; `bot.ui.answers`), so Discord's
3-second limit never depends on the database, the rules or the picture. A refusal
is then a private follow-up, and changes nothing. The move is shown exactly as a
computer's or a timer's is; only the confirmation and the ephemeral fallback for
the player who acted belong to the interaction.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from pydantic import BaseModel

from bot.service.table import NOT_PLAYING, STALE, Choose, TableError, TableService, TurnResult, whose_turn
from bot.ui.answers import CONFIRMED, DONE, Audit, acknowledge, audit, client_as, refuse, settled
from bot.ui.dms import private_prompt
from bot.ui.board import SECRET_PAYLOAD, UNDO_PAYLOAD
from bot.ui.components import FormModal, picked_from_menus
from bot.ui.controls import RandomLegal, secret_text, secret_version
from bot.ui.declared import FORM, AskForm, DeclaredControls, Pick, adapter_for
from bot.ui.poster import BoardPosts
from bot.ui.shown import Actor, ShowMove, chose_words, heading_of, secret_controls
from bot.ui.text import and_list
from rules.core.engine import Game
from rules.core.errors import RuleViolation
from rules.core.moves import Reading, code, find, read_back

errors_log = logging.getLogger("zagjan.bot")


class Desk(Protocol):
    """What the path of a move uses of the bot: the table (one trip per move), the one way a move is
    shown, the channel's boards (a note in the channel) and a source of chance (a random legal move)."""

    @property
    def table(self) -> TableService: ...

    @property
    def show_move(self) -> ShowMove: ...

    @property
    def boards(self) -> BoardPosts: ...

    rng: random.Random


# -- running one move ---------------------------------------------------------------------------------


async def run_action(interaction: discord.Interaction[Any], record: Audit, *, channel_id: int,
                     action: dict[str, Any] | BaseModel | Chosen, expected_version: int | None = None,
                     game_id: int | None = None, slug: str | None = None) -> TurnResult | None:
    """Apply `action` for the interaction's user and show the result; None when refused.

    `slug`, when given, is the game the command belongs to (the /mf commands),
    so a Masters' Fight command in a channel playing something else is refused.
    The game is read and the player checked once, by the table, in the move's own
    transaction; a click (anything but a typed command) is from a board, whose
    controls only say whose turn it is to anyone who may not act.
    """
    table = client_as(interaction, Desk).table
    from_board = interaction.type is not discord.InteractionType.application_command
    return await _carried_out(interaction, record, channel_id, game_id, lambda: table.act(
        channel_id, str(interaction.user.id), action, expected_version=expected_version, game_id=game_id, slug=slug,
        from_board=from_board), answered=action)


async def take_back(interaction: discord.Interaction[Any], record: Audit, channel_id: int, *,
                    expected_version: int | None = None, game_id: int | None = None) -> TurnResult | None:
    """Take back the player's last move (/game undo, or the board's "Undo" button: pinned to its board's
    version, so a doubled click or an old board's button is refused), shown as any move is."""
    table = client_as(interaction, Desk).table
    return await _carried_out(interaction, record, channel_id, game_id, lambda: table.undo(
        channel_id, str(interaction.user.id), expected_version=expected_version, game_id=game_id))


async def _carried_out(interaction: discord.Interaction[Any], record: Audit, channel_id: int, game_id: int | None,
                       carry_out: Callable[[], Awaitable[TurnResult]],
                       answered: dict[str, Any] | BaseModel | Chosen | None = None) -> TurnResult | None:
    """The one way down and back of a move or an undo: acknowledged, carried out by the table in one
    transaction (refused there with a private sentence, changing nothing), then shown; a private
    question it `answered` is closed with the choice in the player's words."""
    await acknowledge(interaction)
    bot = client_as(interaction, Desk)
    if game_id is not None:
        record.game = game_id
    try:
        result = await carry_out()
    except TableError as exc:
        record.result = "refused"
        record.game = record.game if record.game is not None else bot.table.known_game(channel_id)
        await refuse(interaction, str(exc))
        return None
    record.game, record.stored = result.game_id, True
    if answered is not None:
        await bot.show_move.close_answered(interaction, result, applied(answered))  # a private question: closed
    await publish(interaction, result, record=record)
    return result


async def publish(interaction: discord.Interaction[Any], result: TurnResult, *, heading: str | None = None,
                  record: Audit | None = None) -> None:
    """Show a move made through an interaction (`ShowMove`, as every move is shown), then what only
    the interaction can do: the player who acted gets their private news ephemerally when their DMs
    are closed, and a private word when Discord refused the board. Nothing content-free: a typed
    command's private "thinking…" is taken away (the board in the channel is the answer), a choice
    made in a private question is answered by that question, edited (`ShowMove.close_answered`), and
    only a move made from elsewhere (neither the channel nor a question) gets a private "Done"."""
    bot = client_as(interaction, Desk)
    told: list[bool] = []

    async def tell(*args: Any, **kwargs: Any) -> Any:
        told.append(True)  # a private word the player needs: it takes the "thinking…" message's place
        return await interaction.followup.send(*args, **kwargs)

    posted = await bot.show_move(result, heading=heading, actor=Actor(str(interaction.user.id), tell))
    if not await posted:
        why = bot.boards.channel(result.channel_id).last_error or "no reason given"
        await interaction.followup.send(
            f"⚠️ Your move counted and is saved, but Discord would not let me post the board in "
            f"<#{result.channel_id}> ({why[:200]}). I will post it again at the next move or in a little "
            "while; /game board also shows it.", ephemeral=True)
    elif interaction.type is discord.InteractionType.application_command and not told:
        if record is not None:
            record.quiet = True  # its "thinking…" goes once nothing more is said (`audit`)
        else:
            await settled(interaction)
    elif interaction.channel_id != result.channel_id and not private_prompt(interaction) and not told:
        await interaction.followup.send(DONE, ephemeral=True)


async def tell_channel(interaction: discord.Interaction[Any], note: str, **kwargs: Any) -> None:
    """A command's public message (a lobby's seats, say), sent after its private acknowledgement:
    queued for the channel in order with its boards, and `note` answers privately whoever asked."""
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    client_as(interaction, Desk).boards.say(interaction.channel_id, **kwargs)
    await interaction.followup.send(f"{CONFIRMED} {note}", ephemeral=True)


# -- component entry points ------------------------------------------------------------------------------


def _logged(interaction: discord.Interaction[Any], component: str, detail: str) -> str:
    """How a click shows in the log: with what was clicked, unless it was clicked in a DM or an
    ephemeral message, which is where secret choices are made (the detail would tell the choice)."""
    message = interaction.message
    private = interaction.guild_id is None or (message is not None and message.flags.ephemeral)
    return f"{component} in private" if private else f"{component} {detail}"


async def on_button(interaction: discord.Interaction[Any], game_id: int, version: int | None, payload: str) -> None:
    """A board button. One that opens a form answers with the form (that is its acknowledgement);
    every other one is deferred before the game is looked at."""
    async with audit(interaction, _logged(interaction, "button", payload)) as record:
        record.game = game_id
        bot = client_as(interaction, Desk)
        player = str(interaction.user.id)
        ask = _form_for(bot, game_id, payload)
        if ask is not None:
            known = bot.table.cached(game_id)  # refuse at once only when that costs no database trip
            refusal = _cannot_act(known, player, version) if known is not None else None
            if refusal:
                record.result = "refused"
                await refuse(interaction, refusal)
                return
            if isinstance(ask, AskForm):
                ask = await _with_menus(bot, game_id, ask, player)
            await interaction.response.send_modal(FormModal(game_id, version, ask, payload))
            record.result = "modal"
            return
        if payload == SECRET_PAYLOAD:
            known = bot.table.cached(game_id)  # the form opens at once only when that costs no database trip
            if known is not None and _secret_refusal(known, player) is None:
                found = _secret_form(bot, known, player)
                if found is not None:
                    form, opens = found
                    pinned = secret_version(adapter_for(bot.table.game(known.slug)), known.version)
                    await interaction.response.send_modal(FormModal(game_id, pinned, form, opens))
                    record.result = "modal"
                    return
            await interaction.response.defer(ephemeral=True, thinking=True)
            await _open_secret(interaction, record, await bot.table.game_by_id(game_id), player)
            return
        await acknowledge(interaction)
        channel_id, slug = await bot.table.place_of(game_id)
        if payload == UNDO_PAYLOAD:
            await take_back(interaction, record, channel_id, expected_version=version, game_id=game_id)
            return
        try:
            decoded = adapter_for(bot.table.game(slug)).from_button(payload)
        except ValueError:
            decoded = None
        if decoded is None or isinstance(decoded, AskForm):
            record.result = "refused"  # an old button, or one two games read differently
            await refuse(interaction, "That button no longer does anything; use the newest board.")
            return
        await _play_decoded(interaction, record, channel_id, game_id, version, decoded)


async def on_select(interaction: discord.Interaction[Any], game_id: int, version: int | None, kind: str,
                    value: str) -> None:
    async with audit(interaction, _logged(interaction, "select", kind), acknowledge_first=True) as record:
        record.game = game_id
        bot = client_as(interaction, Desk)
        channel_id, slug = await bot.table.place_of(game_id)
        try:
            decoded = adapter_for(bot.table.game(slug)).from_select(kind, value)
        except ValueError:
            decoded = None
        if decoded is None or isinstance(decoded, AskForm):
            record.result = "refused"
            await refuse(interaction, "That menu no longer does anything; use the newest board.")
            return
        await _play_decoded(interaction, record, channel_id, game_id, version, decoded)


async def _play_decoded(interaction: discord.Interaction[Any], record: Audit, channel_id: int, game_id: int,
                        version: int | None, decoded: dict[str, Any] | Pick | RandomLegal) -> None:
    """A click read back into a move, on the one path of every move: a Pick or a RandomLegal is read
    against the player's legal moves inside the move's own transaction (`chosen`), so the game is
    read once and whose turn it is checked once; a move already whole goes as it is."""
    bot = client_as(interaction, Desk)
    player = str(interaction.user.id)
    action = chosen(decoded, player, version, bot.rng) if isinstance(decoded, Pick | RandomLegal) else decoded
    await run_action(interaction, record, channel_id=channel_id, action=action, expected_version=version,
                     game_id=game_id)


NOT_OPEN = "That choice is not open to you any more; use the newest board."
NOT_ONE = "That combination is not one of your choices; nothing was changed: pick again."


class Chosen:
    """A choice read inside the move's own transaction (a `Choose`, `Moves.act`), which remembers the
    move it named (`picked`) for the words that confirm it to the player."""

    def __init__(self, read: Choose) -> None:
        self._read = read
        self.picked: BaseModel | None = None

    def __call__(self, game: Game[Any, Any], state: Any, legal: list[BaseModel]) -> BaseModel:
        self.picked = self._read(game, state, legal)
        return self.picked


def applied(action: dict[str, Any] | BaseModel | Chosen) -> dict[str, Any] | BaseModel:
    """The move a click or a form made, once applied: a choice read in the transaction names it."""
    if isinstance(action, Chosen):
        assert action.picked is not None, "read in the move's transaction"
        return action.picked
    return action


def chosen(decoded: Pick | RandomLegal, player: str, version: int | None, rng: random.Random) -> Chosen:
    """What a clicked choice means among the player's legal moves as they stand (a player the game is
    not waiting for may still have moves out of turn: `Move.any_time`): the move its code names, or
    one of its kind at random; else refused, in the rules' own words where a button is judged by
    them alone (`_rules_refusal`)."""
    def read(game: Game[Any, Any], state: Any, legal: list[BaseModel]) -> BaseModel:
        if isinstance(decoded, RandomLegal):
            kind = [a for a in legal if getattr(a, "type", None) == decoded.action_type]
            found: BaseModel | None = rng.choice(kind) if kind else None
        else:
            found = find(legal, decoded.kind, decoded.code)
        if found is not None:
            return found
        if not isinstance(decoded, Pick):
            raise TableError(NOT_OPEN)
        # read in the move's transaction, after its version was checked: a pinned click is on the newest
        # board, so the choice is someone else's (a shared board's), and the rules say why it is not his
        raise TableError(_rules_refusal(game, state, player, decoded, current=version is not None) or NOT_OPEN)

    return Chosen(read)


def one_of_the_legal(action: dict[str, Any], player: str) -> Chosen:
    """The legal move a form's menus name, matched by its code as a click is, or a refusal saying why
    there is none: the rules' own sentence for a combination they do not take."""
    def read(game: Game[Any, Any], state: Any, legal: list[BaseModel]) -> BaseModel:
        try:
            wanted = game.parse_action(action)
        except ValueError:
            raise TableError(NOT_ONE) from None
        found = find(legal, str(getattr(wanted, "type", "")), code(wanted))
        if found is not None:
            return found
        try:
            game.apply(state, player, wanted)
        except RuleViolation as exc:
            raise TableError(f"{exc} Nothing was changed: pick again.") from None
        raise TableError(NOT_ONE)

    return Chosen(read)


async def on_form(interaction: discord.Interaction[Any], game_id: int, version: int | None,
                          payload: str, typed: dict[str, str]) -> None:
    """A form's answer, however long ago (or before which restart) it was opened."""
    bot = client_as(interaction, Desk)
    ask = _form_for(bot, game_id, payload)
    player = str(interaction.user.id)
    async with audit(interaction, f"form {payload.rpartition('.')[2]}", acknowledge_first=True) as record:
        record.game = game_id
        if ask is None:
            record.result = "refused"
            await refuse(interaction, "That form no longer does anything; use the newest board.")
            return
        try:
            snapshot = await bot.table.game_by_id(game_id)  # the names and the table a typed field is read against
            game = bot.table.game(snapshot.slug)
            move = game.moves.named(ask.move) if game.moves is not None else None
            if move is None:
                raise TableError("That form no longer does anything; use the newest board.")
            built = move.build(typed, reading_of(snapshot))
            # menus: one of the legal moves, read in the move's transaction, or refused with the reason
            action: dict[str, Any] | BaseModel | Chosen = (one_of_the_legal(built, player)
                                                          if picked_from_menus(interaction) else built)
        except (RuleViolation, TableError) as exc:
            record.result = "refused"
            await refuse(interaction, str(exc))
            return
        secret = any(p.secret and p.player == player for p in snapshot.prompts)
        result = await run_action(interaction, record, channel_id=snapshot.channel_id, action=action,
                                  expected_version=version, game_id=game_id)
        if result is not None and secret and not private_prompt(interaction):  # a form opened from the board
            await interaction.followup.send(f"✅ You chose: **{chose_words(bot.table, result, applied(action))}**",
                                            ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


def _form_for(bot: Desk, game_id: int, payload: str) -> AskForm | None:
    """The form a button opens, known from its payload alone (the form must be the click's first
    answer, before any database trip): a declared game's form names its command group."""
    if payload.startswith(f"{FORM}."):
        group = payload.split(".")[1] if payload.count(".") >= 2 else ""
        for game in bot.table.games.values():
            if game.moves is not None and game.moves.group == group:
                try:
                    return DeclaredControls(game.moves).form(payload)
                except ValueError:
                    return None
        return None


def reading_of(snapshot: Any) -> Reading:
    """What a typed move's words are read against: the table's names and what the table shows."""
    return Reading(snapshot.public_view, {s.player: s.name for s in snapshot.seats})


def _cannot_act(snapshot: Any, player: str, version: int | None) -> str | None:
    """The table's own checks, made early for a button that opens a form when the table remembers
    the game (the form must be the click's first answer, so it cannot wait for the store)."""
    if snapshot.status != "active":
        return "That game is over." if snapshot.status == "finished" else "That game is not running."
    if player not in snapshot.waiting_for:
        return whose_turn(snapshot.seats, snapshot.waiting_for)
    if version is not None and version != snapshot.version:
        return STALE
    return None


def _rules_refusal(game: Game[Any, Any], state: Any, player: str, pick: Pick, *, current: bool = False) -> str | None:
    """Why the rules refuse a clicked choice that is not open to the player, in their own words. For a
    button not pinned to a version (`Move.any_version`: a shout, judged by the turn it names), the rules
    are the only judge of whether it is too late ("that turn is over"); a button of the newest board
    (`current`: its version was checked) is not late at all, but another player's choice on a board
    several act on (a Hero that is not his to move), and "not open any more" would be untrue. So the
    click is read back into its move (`read_back`) and tried on a private copy of the game. None when
    it cannot be read back, or the rules would take it (the caller's refusal stands)."""
    if state is None:
        return None
    action = read_back(game, pick.kind, pick.code)
    move = game.moves.of(action) if action is not None and game.moves is not None else None
    if action is None or move is None or not (move.any_version or current):
        return None
    if not move.any_version:  # tried on what the clicker's seat knows: no refusal can tell another's secret
        state = game.seen_by(state, player)
    try:
        game.apply(state, player, action)
    except RuleViolation as exc:
        return str(exc)
    return None


def _secret_refusal(snapshot: Any, player: str) -> str | None:
    """Why the board's secret-choice button opens nothing for this player: the game is not running,
    they are not at the table, or someone else is choosing (named)."""
    if snapshot.status != "active":
        return "That game is over." if snapshot.status == "finished" else "That game is not running."
    if player not in {s.player for s in snapshot.seats}:
        return NOT_PLAYING
    if any(p.secret and p.player == player for p in snapshot.prompts):
        return None
    names = {s.player: s.name for s in snapshot.seats}
    choosing = list(dict.fromkeys(names.get(p.player, "someone") for p in snapshot.prompts if p.secret))
    if not choosing:
        return "Nobody is choosing in secret right now."
    return f"This button is for {and_list(choosing)}, who {'is' if len(choosing) == 1 else 'are'} choosing in " \
           "secret; you have nothing to choose in secret right now."


def _secret_form(bot: Desk, snapshot: Any, player: str) -> tuple[AskForm, str] | None:
    """The form a player's secret choice is, with its menus, when that choice is one form and nothing
    else (moves open at any time, a Scout say, are left out: they are not the question), known without
    a database trip; and the payload of the button that opens it. None: the choice is shown as a message."""
    legal = bot.table.cached_legal(snapshot.game_id, player)
    book = bot.table.game(snapshot.slug).moves
    if not legal or book is None:
        return None
    asked = [a for a in legal if (move := book.of(a)) is None or not move.any_time]
    adapter = DeclaredControls(book)
    controls = adapter.controls(snapshot.public_view, asked, player)
    if len(controls.buttons) != 1 or controls.selects or not controls.buttons[0].payload.startswith(f"{FORM}."):
        return None
    opens = controls.buttons[0].payload
    form = adapter.with_menus(adapter.form(opens), snapshot.public_view, asked,
                              {s.player: s.name for s in snapshot.seats})
    return (form, opens) if form.menus else None


async def _with_menus(bot: Desk, game_id: int, ask: AskForm, player: str) -> AskForm:
    """A form's fields as menus of the player's legal values (`DeclaredControls.with_menus`), read from
    the table's memory; when the game is not in memory (after a restart), read it if that is quick, else
    the form keeps its text boxes (the form must answer the click within Discord's 3 seconds)."""
    snapshot = bot.table.cached(game_id)
    legal = bot.table.cached_legal(game_id, player)
    try:
        if snapshot is None or legal is None:
            snapshot = await asyncio.wait_for(bot.table.game_by_id(game_id), MENU_WAIT)
            legal = await asyncio.wait_for(bot.table.legal_actions(snapshot.channel_id, player), MENU_WAIT)
    except (TableError, TimeoutError):
        return ask
    book = bot.table.game(snapshot.slug).moves
    if book is None or book.named(ask.move) is None:
        return ask
    return DeclaredControls(book).with_menus(ask, snapshot.public_view, legal,
                                             {s.player: s.name for s in snapshot.seats})


MENU_WAIT = 1.0
"""Seconds a form may wait for the game to be read, to offer menus, before it opens with text boxes."""


async def _open_secret(interaction: discord.Interaction[Any], record: Audit, snapshot: Any, player: str) -> None:
    """The fallback for closed DMs: the same secret choice, in a message only this player sees."""
    refusal = _secret_refusal(snapshot, player)
    secret = [p for p in snapshot.prompts if p.secret and p.player == player]
    if refusal is not None or not secret:
        record.result = "refused"
        await refuse(interaction, refusal or "You have no secret choice to make right now.")
        return
    view = await secret_controls(client_as(interaction, Desk).table, snapshot.channel_id, snapshot.game_id, snapshot.slug,
                                 snapshot.public_view, player, snapshot.version)
    kwargs: dict[str, Any] = {"ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    text = secret_text(adapter_for(snapshot.slug), snapshot.public_view, secret[0])
    await interaction.followup.send(f"{heading_of(snapshot)}: {text}", **kwargs)


# -- idle tables ------------------------------------------------------------------------------------


async def on_idle_vote(interaction: discord.Interaction[Any], game_id: int, version: int, choice: str) -> None:
    """A vote of the others about players the table has waited for twice its turn limit: a majority
    of them decides, and then the bot skips the idle players' turn or removes them from the game."""
    async with audit(interaction, f"idle vote {choice}", acknowledge_first=True) as record:
        record.game = game_id
        bot = client_as(interaction, Desk)
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
        await publish(interaction, result, heading=heading, record=record)


async def on_add_computer(interaction: discord.Interaction[Any]) -> None:
    """The lobby's "Add a computer player": its form comes from the seats cog."""
    cog = interaction.client.get_cog("Seats")  # type: ignore[attr-defined]
    if cog is None:
        await refuse(interaction, "Computer players are not available on this bot right now.")
        return
    await cog.open_form(interaction)
