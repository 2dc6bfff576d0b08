"""What players see in Discord: scripted moments of every game, captured as the client shows them.

    python -m tests.screens docs/discord [--games orcz timber] [--chromium /usr/bin/chromium]

(`make screenshots` runs it; it is not a test, and pytest does not collect it.) For every registered
game (`rules.registry.GAMES`) the real bot is built in SimCord as the bot tests build it
(`tests/bot/discord_fixtures.py`) and four players play a seeded game through it:

- `<game>-lobby`: the table opened with `/game new` and joined with `/game join` by three others;
- `<game>-board`: the board in the channel mid-game, its buttons and menus under it;
- `<game>-dm-choice`: for a game with secret choices, the first one, as its player's direct message;
- `<game>-dms-closed`: the next secret choice, to a player whose DMs are closed: the bot's note in
  the channel and the board with its "Make my secret choice" button;
- `<game>-dms-closed-choice`: that button clicked: the choice, which only that player sees;
- `<game>-end`: the last move and the board with the placings.

Each is captured by SimCord's Preview (`env.preview`, `preview.screenshot`) at a desktop width and a
phone width: `<game>-<moment>-desktop.png`, `<game>-<moment>-phone.png`. The captures are mapped to
a palette of 256 colours (Pillow), which keeps each file a few hundred KB at most.

The moves between the moments are played fast through the table service (the door a click goes
through), with random legal moves drawn from a fixed seed, as the bot tests play; before a moment the
board is posted afresh (as `/game board` does) and the move just before it is shown by the bot
(`bot.show_move`, as a computer's or a timer's move is), and the moment's own move is made the way a
player makes it: a click on the button, or a choice in the menu (a menu of many picks included), under
the newest board, in the DM or in the private choice "Make my secret choice" opens, found by the
custom_id the bot gives the move (`zj:act:…`, `zj:pick:…`). A move no control offers (one only a
form takes) is made through the table service instead, and said. A moment that cannot be reached
or clicked is reported (what failed, after which move) and the others are still captured; the
command then exits with status 1.

SimCord 3.2.1's capture launches Playwright's own browser, with no option for another; this
machine's is Debian's Chromium, so the script starts Playwright with it and hands the browser to the
Preview before its first capture (`use_system_chromium`). Every bot, SimCord world, Preview and
browser is closed when the script ends, whatever happened.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "bot"))  # the bot tests' helpers, as pytest finds them

import discord  # noqa: E402
import simcord  # noqa: E402
from discord_fixtures import (  # noqa: E402
    World,
    boards,
    custom_ids,
    last_public,
    new_bot,
    new_world,
)

from bot.ui.board import SECRET_PAYLOAD  # noqa: E402
from bot.ui.declared import PARTS, picks  # noqa: E402
from bot.ui.declared import payload as button_payload  # noqa: E402
from rules.core.dice import Dice  # noqa: E402
from rules.core.engine import Game  # noqa: E402
from rules.core.moves import Reading, code  # noqa: E402
from rules.core.search import kind_first, picker  # noqa: E402
from rules.registry import GAMES  # noqa: E402

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
"""The captured viewports (CSS px, one device pixel each): a laptop's window and a phone's screen."""

BOT_NAME = "Zagjan"
"""The bot's name, as its application in the Developer Portal gives it (set through discord.py)."""

NAMES = ("grukk", "snaga", "ugluk", "azog")
"""The four players, as their Discord names show."""

SEED = 3
"""The seed of the players' random moves (the games' own seed is the bot tests', `SEED` there)."""

MID_GAME = 40
"""How many moves are played before the board in the channel is captured (unless `MID` says)."""

MID: dict[str, int] = {"masters-fight": 60, "flying-pigs": 30, "brood-rumble": 90, "timber": 60, "orcz": 30,
                       "chaos-marauders": 40, "road-rage": 30, "thatll-do-pigs": 30, "orcquest": 44}

MAX_MOVES = 6000
"""A game not over after this many moves is reported, and its end is not captured."""

CANNOT_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user", "times": None}
"""Discord's answer to a DM to a user whose DMs are closed (what the bot tests inject)."""

BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-checker-imaging", "--num-raster-threads=1", "--disable-partial-raster"]
"""Chromium with no network of its own (this machine has none), and painting in one thread with the
images decoded before they are drawn: without the last three, a run in six differs from the one
before by a few pixels of a board picture."""


@dataclass
class Report:
    """What was written and what failed, said at the end."""

    written: list[Path] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def fail(self, game: str, moment: str, why: str) -> None:
        self.failures.append(f"{game} {moment}: {why}")
        print(f"  FAILED {game} {moment}: {why}", flush=True)


class Moment(Exception):
    """A scripted moment could not be reached or made; the message says where and why."""


class LastMove(Moment):
    """The game came to its last move before the moment looked for (which stays unmade)."""


class NotInThisGame(Exception):
    """The moment does not happen in this game (a game whose only secret is hidden information
    asks no secret question): said, and not a failure."""


# -- capturing -------------------------------------------------------------------------------------


class Browser:
    """One Playwright with the system's Chromium for the whole run; `close` ends both."""

    def __init__(self, executable: str) -> None:
        self.executable = executable
        self.playwright: Any = None
        self.browser: Any = None

    async def start(self) -> None:
        from playwright.async_api import async_playwright

        self.playwright = await async_playwright().start()
        self.browser = await self.playwright.chromium.launch(executable_path=self.executable, headless=True,
                                                             args=BROWSER_FLAGS)

    async def close(self) -> None:
        for thing, method in ((self.browser, "close"), (self.playwright, "stop")):
            if thing is not None:
                try:
                    await getattr(thing, method)()
                except Exception:  # already gone
                    pass
        self.browser = self.playwright = None


def use_system_chromium(preview: Any, browser: Browser) -> None:
    """Hand our browser to the Preview's capture (SimCord 3.2.1 would launch Playwright's own, which
    is not installed here). The Preview does not close it: `Browser.close` does, once, at the end."""
    manager = preview._capture_manager

    async def ours() -> Any:
        return browser.browser

    async def keep() -> None:  # the Preview's close must not end the shared browser
        return None

    manager._ensure_browser = ours
    manager.close = keep


def shrink(png: bytes) -> bytes:
    """The capture mapped to 256 colours: a third of the bytes or less, and the same look."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


@dataclass
class Shots:
    """Where the PNGs go and the browser that takes them."""

    out: Path
    browser: Browser
    report: Report

    async def capture(self, env: Any, channel: Any, viewer: Any, name: str, target: Any = None) -> None:
        """`channel` as `viewer` sees it, down to `target` (a message or an interaction's result;
        default: the newest they see), at each width, into `<name>-<width>.png`."""
        width, height = WIDTHS["desktop"]
        async with env.preview(channel, viewers=[viewer], layout="channel", display="fixed", width=width,
                               height=height) as preview:
            use_system_chromium(preview, self.browser)
            for label, viewport in WIDTHS.items():
                capture = await preview.screenshot(viewer=viewer, target=target, mode="viewport",
                                                   viewport=viewport, layout="channel", allow_incomplete=True)
                assert capture.png is not None
                path = self.out / f"{name}-{label}.png"
                path.write_bytes(shrink(capture.png))
                self.report.written.append(path)
                missing = [str(d.get("code")) for d in capture.diagnostics if d.get("code")]
                print(f"  {path.name}: {capture.output_width}x{capture.output_height}, "
                      f"{path.stat().st_size // 1024} KB" + (f" (preview notes: {', '.join(missing)})"
                                                              if missing else ""), flush=True)


# -- playing ---------------------------------------------------------------------------------------


@dataclass
class Table:
    """One game played in one SimCord world: its players, its seeded move chooser, and its moves."""

    env: Any
    world: World
    game: Game[Any, Any]
    chooser: Dice
    moves: int = 0

    @property
    def bot(self) -> Any:
        return self.env.bot

    @property
    def channel(self) -> Any:
        return self.world.channel

    def member(self, player: str) -> Any:
        return self.world.by_id(player)

    async def snapshot(self) -> Any:
        return await self.bot.table.snapshot(self.channel.id)

    async def settled(self) -> None:
        await self.bot.boards.channel(self.channel.id).drained()
        await self.env.settle()

    async def next_move(self) -> tuple[Any, str, Any]:
        """The state, who moves and the move they make (a random legal one, from the seed)."""
        snap = await self.snapshot()
        if snap.outcome is not None or snap.status != "active":
            raise Moment(f"the game is over ({snap.status}) after {self.moves} moves")
        player = snap.waiting_for[0]
        legal = await self.bot.table.legal_actions(self.channel.id, player)
        return snap, player, kind_first(legal, picker(self.chooser))

    async def quietly(self, player: str, action: Any) -> Any:
        """A move through the table service, shown to nobody (the fast way between moments)."""
        self.moves += 1
        return await self.bot.table.act(self.channel.id, player, action)

    async def shown(self, player: str, action: Any) -> None:
        """A move through the table service, shown by the bot as a computer's move is."""
        self.moves += 1
        await self.bot.show_move(await self.bot.table.act(self.channel.id, player, action))
        await self.settled()

    async def clicked(self, player: str, action: Any) -> str:
        """The move made as its player makes it: the button or the menu entry that carries it, under
        the newest board, or in the player's DMs when it answers a secret question of theirs.
        Returns how it was made; without such a control the move is made through the table service
        and shown, and that is said (a form, say, which this script does not fill in)."""
        snap = await self.snapshot()
        member = self.member(player)
        move = self.game.moves.of(action)
        name = move.name
        view = self.game.view(snap.state, player)
        reading = Reading(view, dict(getattr(view, "names", None) or {}))

        def find(places: list[Any], action: Any) -> tuple[Any, str, list[str] | None] | None:
            parts = (f"{name}-{PARTS}", picks(move, action, reading)) if getattr(move.offer, "picks", None) else None
            return find_control(places, snap.game_id, button_payload(name, action), code(action), parts)

        if player in secret_players(self.game, snap.state):
            places, clicker = list(reversed(member.user.dm_channel.history())), member.user
            if find(places, action) is None:
                # asked while the moves were played quietly, so never sent: the button under the board
                # opens the same choice where only they see it
                opened = await click_secret(member, newest_board(self.channel))
                places, clicker = [m for m in [opened.response] if m is not None], member
        else:
            places, clicker = [newest_board(self.channel)], member
        found = find(places, action)
        instead = ""
        if found is None:  # a menu shows a sample of many moves: one of the same kind it offers
            legal = await self.bot.table.legal_actions(self.channel.id, player)
            offered = [a for a in legal if self.game.moves.of(a) is move and find(places, a) is not None]
            if offered:
                action = self.chooser.pick(offered, "a move the controls offer")
                found = find(places, action)
                instead = " (the drawn move was not among those offered: one of the same kind that is)"
        if found is None:
            await self.shown(player, action)
            where = "their DMs" if clicker is member.user else "the newest board"
            return f"no control in {where} offered a {name}: made through the table service and shown"
        message, custom_id, menu = found
        self.moves += 1
        if menu is not None:
            result = await clicker.select(message, menu, custom_id=custom_id)
        else:
            result = await clicker.click(message, custom_id=custom_id)
        await self.settled()
        how = f"{member.name} {'chose in' if menu is not None else 'clicked'} {custom_id}{instead}"
        if (await self.snapshot()).version == snap.version:
            private = [m.content for m in [result.response, *result.followups] if m is not None and m.ephemeral]
            raise Moment(f"{how}, which changed nothing: {private}")
        return how

    async def play_to(self, stop: Callable[[Any, str, Any, Any], bool], what: str,
                      limit: int = MAX_MOVES) -> tuple[str, Any]:
        """Play quietly up to the first move for which `stop(state, player, move, state after)` holds,
        and return it unmade; the move before it is shown by the bot, so the newest board and its
        controls are current when the moment's move is clicked."""
        last: Any = None
        for _ in range(limit):
            snap, player, action = await self.next_move()
            after = self.game.apply(snap.state, player, action).state
            ends = self.game.outcome(after) is not None
            if stop(snap.state, player, action, after) or ends:
                if last is not None:
                    # a new turn's message, as `/game board` starts one (the quiet moves ended no turn's
                    # message: the one posted at the start would go on, with every line since), and the
                    # move before the moment's shown in it
                    self.bot.boards.show(await self.snapshot(), [], fresh=True)
                    await self.bot.show_move(last)
                    await self.settled()
                if not stop(snap.state, player, action, after):
                    raise LastMove(f"{what}: not before the last move (move {self.moves + 1})")
                return player, action
            last = await self.quietly(player, action)
        raise Moment(f"{what}: not reached in {limit} moves")


def secret_players(game: Game[Any, Any], state: Any) -> set[str]:
    """Who has a secret choice to make in `state`."""
    return {p.player for p in game.prompts(state) if p.secret}


def opens_a_secret(game: Game[Any, Any]) -> Callable[[Any, str, Any, Any], bool]:
    """A move after which someone has a secret choice they did not have before."""
    return lambda state, player, action, after: bool(secret_players(game, after) - secret_players(game, state))


async def click_secret(member: Any, board: Any) -> Any:
    """Click the board's button that opens a secret choice where only its player sees it (its label
    names whoever chooses: "Choose in secret (bob)"), found by its payload."""
    ids = [c for c in custom_ids(board) if c.endswith(f":{SECRET_PAYLOAD}")]
    if not ids:
        raise Moment("the board offers no button to choose in secret")
    return await member.click(board, custom_id=ids[0])


def find_control(messages: list[Any], game_id: int, payload: str, action_code: str,
                 parts: tuple[str, list[str]] | None = None) -> tuple[Any, str, list[str] | None] | None:
    """The first of `messages` with a control for the move: a button whose custom_id is
    `zj:act:<game>:<version>:<payload>`, a menu `zj:pick:<game>:<version>:<kind>` offering the move's
    code, or the move's menu of many picks (`parts`: its kind and the options that make the move) offering
    them all (a version `x` is a control that any version takes). Returns the message, the control's
    custom_id and, for a menu, the values to choose."""
    for message in messages:
        for custom_id, values in controls(message):
            kind, _, rest = custom_id.partition(f":{game_id}:")
            if kind == "zj:act" and rest.partition(":")[2] == payload:
                return message, custom_id, None
            if kind == "zj:pick" and action_code in values:
                return message, custom_id, [action_code]
            if (kind == "zj:pick" and parts is not None and custom_id.endswith(f":{parts[0]}")
                    and set(parts[1]) <= set(values)):
                return message, custom_id, parts[1]
    return None


def controls(message: Any) -> list[tuple[str, list[str]]]:
    """Each control of a message as its custom_id and its menu's values (none for a button): a
    message read from a channel, or a private answer whose components are still Discord's JSON."""
    found: list[tuple[str, list[str]]] = []
    for row in getattr(message, "components", None) or []:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for child in children:
            if isinstance(child, dict):
                custom_id, options = child.get("custom_id"), [o.get("value") for o in child.get("options", [])]
            else:
                custom_id, options = getattr(child, "custom_id", None), [o.value for o in getattr(child, "options", [])]
            if custom_id:
                found.append((custom_id, options))
    return found


def close_dms(env: Any, members: list[Any]) -> Callable[[], None]:
    """Close these members' DMs to the bot (Discord answers every DM with 50007, as the bot tests
    inject it); the function returned opens them again (SimCord has no call for taking a fault back,
    so it takes its own entries off the backend's list of faults)."""
    before = len(env.backend.faults)
    for member in members:
        env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", **CANNOT_DM)
    added = list(env.backend.faults[before:])

    def reopen() -> None:
        for fault in added:
            if fault in env.backend.faults:
                env.backend.faults.remove(fault)
    return reopen


def newest_board(channel: Any) -> discord.Message:
    """The newest board in the channel: as the bot tests find it (`boards`: its "Game #n" footer), or
    else, should its layout have changed, the newest public message carrying the bot's controls."""
    found = boards(channel)
    if found:
        return found[-1]
    for message in reversed(channel.history()):
        if not message.flags.ephemeral and any(c.startswith("zj:") for c, _ in controls(message)):
            return message
    raise Moment("no board in the channel: no message with a 'Game #' footer, nor one with the bot's controls")


def newest(env: Any, channel: Any) -> discord.Message | None:
    """The newest message of a channel (a DM channel included)."""
    messages = channel.history()
    return messages[-1] if messages else None


# -- the moments -----------------------------------------------------------------------------------


async def moment(report: Report, slug: str, name: str, script: Callable[[], Any], table: Table) -> bool:
    """Run one moment's script; a failure is reported, and the next moments are still tried."""
    try:
        await script()
        return True
    except NotInThisGame as why:
        report.skipped.append(f"{slug} {name}: {why}")
        print(f"  no {name}: {why}", flush=True)
    except Moment as why:
        report.fail(slug, name, f"{why} (after move {table.moves})")
    except Exception as error:  # a changed message, a SimCord refusal: said, not hidden
        report.fail(slug, name, f"{type(error).__name__}: {error} (after move {table.moves})")
        traceback.print_exc()
    return False


async def play_game(slug: str, shots: Shots) -> None:
    """Every moment of one game, in one SimCord world with the real bot on a database of its own."""
    game = GAMES[slug]
    report = shots.report
    count = min(len(NAMES), game.max_players)
    if getattr(game, "player_counts", None):
        count = max(n for n in game.player_counts if n <= len(NAMES))
    print(f"{slug}: {count} players", flush=True)
    with tempfile.TemporaryDirectory(prefix="zagjan-screens-") as folder:
        # every board drawn smooth (no quick boards while others queue): the same pictures each run
        bot = new_bot(Path(folder) / "zagjan.sqlite3", quick_boards=False)
        try:
            async with simcord.run(bot, check_errors=False) as env:
                await bot.user.edit(username=BOT_NAME)  # SimCord calls every bot TestBot
                world = new_world(env, channel=slug, names=NAMES)
                players = world.players[:count]
                table = Table(env, world, game, Dice(seed=SEED))
                channel = world.channel

                async def lobby() -> None:
                    await players[0].slash(channel, "game new", game=slug)
                    for member in players[1:]:
                        await member.slash(channel, "game join")
                    await shots.capture(env, channel, players[0], f"{slug}-lobby", target=last_public(channel))

                async def start() -> None:
                    await players[0].slash(channel, "game start")
                    await table.settled()
                    if (await table.snapshot()).status != "active":
                        raise Moment("/game start did not start the game")

                async def board() -> None:
                    mid = table.moves + MID.get(slug, MID_GAME)
                    player, action = await table.play_to(lambda *_: table.moves >= mid, "mid-game")
                    print(f"  move {table.moves + 1}: {await table.clicked(player, action)}", flush=True)
                    await shots.capture(env, channel, players[0], f"{slug}-board", target=newest_board(channel))

                async def dm_choice() -> None:
                    try:
                        player, action = await table.play_to(opens_a_secret(game), "a secret choice")
                    except LastMove as why:
                        raise NotInThisGame(f"no secret question came up in this game ({why})") from why
                    before = (await table.snapshot()).state
                    print(f"  move {table.moves + 1}: {await table.clicked(player, action)}", flush=True)
                    whose = sorted(secret_players(game, (await table.snapshot()).state) - secret_players(game, before))
                    if not whose:
                        raise Moment("the move made opened no secret question")
                    member = table.member(whose[0])
                    dm = newest(env, member.user.dm_channel)
                    if dm is None:
                        raise Moment(f"{member.name} got no direct message for their secret choice")
                    await shots.capture(env, member.user.dm_channel, member.user, f"{slug}-dm-choice", target=dm)

                async def dms_closed() -> None:
                    player, action = await table.play_to(opens_a_secret(game), "a second secret choice")
                    before = (await table.snapshot()).state
                    whose = sorted(secret_players(game, game.apply(before, player, action).state)
                                   - secret_players(game, before))
                    closed = close_dms(env, [table.member(someone) for someone in whose])
                    try:
                        print(f"  move {table.moves + 1}: {await table.clicked(player, action)}", flush=True)
                        asked = secret_players(game, (await table.snapshot()).state) - secret_players(game, before)
                        if not asked & set(whose):
                            raise Moment(f"the move made opened no secret question for {whose}")
                        member = table.member(sorted(asked & set(whose))[0])
                        await shots.capture(env, channel, member, f"{slug}-dms-closed", target=last_public(channel))
                        opened = await click_secret(member, newest_board(channel))
                        await table.settled()
                        if opened.response is not None:  # a panel; a choice that is one form opens as a form
                            await shots.capture(env, channel, member, f"{slug}-dms-closed-choice", target=opened)
                    finally:
                        closed()  # open again: the end of the game is shown as with open DMs

                async def end() -> None:
                    player, action = await table.play_to(
                        lambda state, p, a, after: game.outcome(after) is not None, "the end")
                    print(f"  move {table.moves + 1}: {await table.clicked(player, action)}", flush=True)
                    snap = await table.snapshot()
                    if snap.outcome is None:
                        raise Moment("the last move did not end the game")
                    await shots.capture(env, channel, players[0], f"{slug}-end", target=newest_board(channel))

                if (await moment(report, slug, "lobby", lobby, table)
                        and await moment(report, slug, "start", start, table)):
                    await moment(report, slug, "board", board, table)
                    if game.secrets and await moment(report, slug, "dm-choice", dm_choice, table):
                        await moment(report, slug, "dms-closed", dms_closed, table)
                    await moment(report, slug, "end", end, table)
                await table.settled()
        finally:
            if not bot.is_closed() or bot.store is not None:
                await bot.close()


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder the PNGs are written into (docs/discord)")
    parser.add_argument("--games", nargs="*", default=sorted(GAMES), help="only these games")
    parser.add_argument("--chromium", default="/usr/bin/chromium", help="the browser Playwright drives")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (known: {', '.join(sorted(GAMES))})")
    args.out.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    report = Report()
    if not Path(args.chromium).exists():
        parser.error(f"no browser at {args.chromium}: `make screenshots` installs Debian's chromium "
                     "(apt-get install chromium), or name another with --chromium")
    browser = Browser(args.chromium)
    try:
        await browser.start()
        shots = Shots(args.out, browser, report)
        for slug in args.games:
            try:
                await play_game(slug, shots)
            except Exception as error:
                report.fail(slug, "world", f"{type(error).__name__}: {error}")
                traceback.print_exc()
    finally:
        await browser.close()
    took = time.monotonic() - began
    size = sum(p.stat().st_size for p in report.written if p.exists())
    print(f"{len(report.written)} screenshots ({size // 1024} KB) in {args.out} in {took:.0f} s")
    for line in report.skipped:
        print(f"not in the game: {line}")
    if report.failures:
        print(f"{len(report.failures)} moments failed:")
        for line in report.failures:
            print(f"  {line}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
