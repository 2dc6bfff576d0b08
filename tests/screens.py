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
through), with random legal moves drawn from a fixed seed, as the bot tests play; the move just
before a moment is shown by the bot (`bot.show_move`, as a computer's or a timer's move is), and the
moment's own move is made the way a player makes it: a click on the button, or a choice in the menu,
under the newest board or in the DM, found by the custom_id the bot gives the move
(`zj:act:…`, `zj:pick:…`). A moment that cannot be reached or clicked is reported (what failed, at
which move) and the others are still captured; the command then exits with status 1.

SimCord 3.2.1's capture launches Playwright's own browser, with no option for another; this
machine's is Debian's Chromium, so the script starts Playwright with it and hands the browser to the
Preview before its first capture (`use_system_chromium`). Every bot, SimCord world, Preview and
browser is closed when the script ends, whatever happened.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "bot"))  # the bot tests' helpers, as pytest finds them

os.environ.setdefault("ZAGJAN_COMPUTER_SECONDS", "0")

import discord  # noqa: E402
import simcord  # noqa: E402
from discord_fixtures import (  # noqa: E402
    World,
    boards,
    custom_ids,
    last_public,
    new_bot,
    new_world,
    select_values,
)

from bot.ui.board import SECRET_LABEL  # noqa: E402
from bot.ui.declared import payload as button_payload  # noqa: E402
from rules.core.dice import Dice  # noqa: E402
from rules.core.engine import Game  # noqa: E402
from rules.core.moves import code  # noqa: E402
from rules.core.search import kind_first, picker  # noqa: E402
from rules.registry import GAMES  # noqa: E402

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
"""The captured viewports (CSS px, one device pixel each): a laptop's window and a phone's screen."""

NAMES = ("grukk", "snaga", "ugluk", "azog")
"""The four players, as their Discord names show."""

SEED = 3
"""The seed of the players' random moves (the games' own seed is the bot tests', `SEED` there)."""

MID_GAME = 40
"""How many moves are played before the board in the channel is captured (unless `MID` says)."""

MID: dict[str, int] = {"masters-fight": 60, "flying-pigs": 30, "brood-rumble": 90, "timber": 60, "orcz": 30,
                       "chaos-marauders": 40, "road-rage": 30, "thatll-do-pigs": 30}

MAX_MOVES = 6000
"""A game not over after this many moves is reported, and its end is not captured."""

CANNOT_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user", "times": None}
"""Discord's answer to a DM to a user whose DMs are closed (what the bot tests inject)."""

BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@dataclass
class Report:
    """What was written and what failed, said at the end."""

    written: list[Path] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def fail(self, game: str, moment: str, why: str) -> None:
        self.failures.append(f"{game} {moment}: {why}")
        print(f"  FAILED {game} {moment}: {why}", flush=True)


class Moment(Exception):
    """A scripted moment could not be reached or made; the message says where and why."""


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

    async def clicked(self, player: str, action: Any, where: discord.Message | None = None) -> str:
        """The move made as its player makes it: the button or menu entry under the newest board (or
        on `where`, a DM or a private message) that carries it. Returns how it was made; without such
        a control the move is made through the table service and shown, and that is said."""
        snap = await self.snapshot()
        message = where if where is not None else boards(self.channel)[-1]
        member = self.member(player)
        clicker = member.user if where is not None and getattr(where, "guild", None) is None else member
        name = self.game.moves.of(action).name
        prefix_act = f"zj:act:{snap.game_id}:{snap.version}:"
        prefix_pick = f"zj:pick:{snap.game_id}:{snap.version}:"
        ids = custom_ids(message)
        button = prefix_act + button_payload(name, action)
        self.moves += 1
        if button in ids:
            result = await clicker.click(message, custom_id=button)
            how = f"clicked {button}"
        else:
            menu = next((c for c in ids if c.startswith(prefix_pick)
                         and code(action) in select_values(message, c.rpartition(":")[2])), None)
            if menu is None:
                self.moves -= 1
                await self.shown(player, action)
                return f"no control offered {name} ({len(ids)} controls): made through the table service"
            result = await clicker.select(message, [code(action)], custom_id=menu)
            how = f"chose in {menu}"
        await self.settled()
        after = await self.snapshot()
        if after.version == snap.version:
            private = [m.content for m in [result.response, *result.followups] if m is not None and m.ephemeral]
            raise Moment(f"{how} by {member.name} changed nothing: {private}")
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
            if stop(snap.state, player, action, after):
                if last is not None:
                    await self.bot.show_move(last)
                    await self.settled()
                return player, action
            last = await self.quietly(player, action)
        raise Moment(f"{what}: not reached in {limit} moves")


def secret_players(game: Game[Any, Any], state: Any) -> set[str]:
    """Who has a secret choice to make in `state`."""
    return {p.player for p in game.prompts(state) if p.secret}


def opens_a_secret(game: Game[Any, Any]) -> Callable[[Any, str, Any, Any], bool]:
    """A move after which someone has a secret choice they did not have before."""
    return lambda state, player, action, after: bool(secret_players(game, after) - secret_players(game, state))


def newest(env: Any, channel: Any) -> discord.Message | None:
    """The newest message of a channel (a DM channel included)."""
    messages = channel.history()
    return messages[-1] if messages else None


# -- the moments -----------------------------------------------------------------------------------


async def moment(report: Report, slug: str, name: str, script: Callable[[], Any]) -> bool:
    """Run one moment's script; a failure is reported, and the next moments are still tried."""
    try:
        await script()
        return True
    except Moment as why:
        report.fail(slug, name, str(why))
    except Exception as error:  # a changed message, a SimCord refusal: said, not hidden
        report.fail(slug, name, f"{type(error).__name__}: {error}")
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
        bot = new_bot(Path(folder) / "zagjan.sqlite3")
        try:
            async with simcord.run(bot, check_errors=False) as env:
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
                    await shots.capture(env, channel, players[0], f"{slug}-board", target=boards(channel)[-1])

                async def dm_choice() -> None:
                    player, action = await table.play_to(opens_a_secret(game), "a secret choice")
                    before = (await table.snapshot()).state
                    whose = sorted(secret_players(game, game.apply(before, player, action).state)
                                   - secret_players(game, before))[0]
                    print(f"  move {table.moves + 1}: {await table.clicked(player, action)}", flush=True)
                    member = table.member(whose)
                    dm = newest(env, member.user.dm_channel)
                    if dm is None:
                        raise Moment(f"{member.name} got no direct message for their secret choice")
                    await shots.capture(env, member.user.dm_channel, member.user, f"{slug}-dm-choice", target=dm)

                async def dms_closed() -> None:
                    player, action = await table.play_to(opens_a_secret(game), "a second secret choice")
                    before = (await table.snapshot()).state
                    whose = sorted(secret_players(game, game.apply(before, player, action).state)
                                   - secret_players(game, before))
                    for someone in whose:
                        env.inject_error("POST", f"/channels/{table.member(someone).user.dm_channel.id}/messages",
                                         **CANNOT_DM)
                    print(f"  move {table.moves + 1}: {await table.clicked(player, action)}", flush=True)
                    member = table.member(whose[0])
                    await shots.capture(env, channel, member, f"{slug}-dms-closed", target=last_public(channel))
                    newest_board = boards(channel)[-1]
                    opened = await member.click(newest_board, label=SECRET_LABEL)
                    await table.settled()
                    await shots.capture(env, channel, member, f"{slug}-dms-closed-choice", target=opened)

                async def end() -> None:
                    player, action = await table.play_to(
                        lambda state, p, a, after: game.outcome(after) is not None, "the end")
                    print(f"  move {table.moves + 1}: {await table.clicked(player, action)}", flush=True)
                    snap = await table.snapshot()
                    if snap.outcome is None:
                        raise Moment("the last move did not end the game")
                    await shots.capture(env, channel, players[0], f"{slug}-end", target=boards(channel)[-1])

                if await moment(report, slug, "lobby", lobby) and await moment(report, slug, "start", start):
                    await moment(report, slug, "board", board)
                    if game.secrets:
                        await moment(report, slug, "dm-choice", dm_choice)
                        await moment(report, slug, "dms-closed", dms_closed)
                    await moment(report, slug, "end", end)
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
    if report.failures:
        print(f"{len(report.failures)} moments failed:")
        for line in report.failures:
            print(f"  {line}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
