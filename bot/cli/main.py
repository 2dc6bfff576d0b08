"""The `zagjan` command: run the bot, list the games, simulate them, draw a board, replay a game.

Everything heavy (the registry, the renderers, discord.py) is imported inside the
command that needs it, so `zagjan games` starts fast and `zagjan simulate` works
on a machine without a Discord token.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from rules.core.engine import Game

SHOWN_TRACEBACKS = 3
"""How many failing games `simulate` prints in full; the rest are only counted."""


def load_games() -> Mapping[str, Game[Any, Any]]:
    """The registered games (a function so tests can substitute their own)."""
    from rules.registry import GAMES

    return GAMES


class CliError(Exception):
    """A mistake in the command line, reported as one sentence and exit status 2."""


def _game(slug: str) -> Game[Any, Any]:
    games = load_games()
    if slug not in games:
        known = ", ".join(sorted(games)) or "none"
        raise CliError(f"There is no game called '{slug}'. Known games: {known}.")
    return games[slug]


def _players(game: Game[Any, Any], wanted: int | None) -> int:
    """The table size to simulate: as asked, else the smallest recommended size."""
    if wanted is None:
        return game.usual_table()
    if not game.min_players <= wanted <= game.max_players:
        raise CliError(f"{game.title} takes {game.min_players} to {game.max_players} players, not {wanted}.")
    if wanted not in game.table_sizes():  # the rules may refuse a size inside the range (Brood Rumble)
        raise CliError(f"{game.title} is played by {game.sizes_text()} players, not {wanted}.")
    return wanted


# -- the commands ----------------------------------------------------------------------


TRY_WITHOUT_DISCORD = ("Until then, play any game in this terminal against computer players, no Discord "
                       "needed: .venv/bin/zagjan play masters-fight (`.venv/bin/zagjan games` lists the others).")


def cmd_run(args: argparse.Namespace) -> int:
    """Start the Discord bot (bot.app owns settings, the token check and the event loop). With
    `--no-token-ok` (what `make run` uses), a machine with no token yet is not an error: it is told
    how to get one and how to play meanwhile, and the command succeeds."""
    if args.no_token_ok and not _token_set():
        from bot.settings import MISSING_TOKEN

        print(MISSING_TOKEN)
        print(TRY_WITHOUT_DISCORD)
        return 0
    try:
        from bot.app import client as app
    except ModuleNotFoundError as exc:
        if exc.name in ("bot.app", "bot.app.client", "bot"):
            print("The Discord layer (bot/app/) is missing from this installation, so the bot "
                  "cannot start; `zagjan games`, `simulate` and `render` still work.", file=sys.stderr)
        else:
            print(f"The Discord layer cannot start: the Python module '{exc.name}' is missing. "
                  "Install Zagjan with `pip install -e .` (or `make install`).", file=sys.stderr)
        return 1
    result = app.main()
    return result if isinstance(result, int) else 0


def _token_set() -> bool:
    """Whether the settings name a Discord token; settings that cannot be read say True, so the
    bot's own start says what is wrong with them."""
    from pydantic import ValidationError

    from bot.settings import Settings

    try:
        return Settings().discord_token is not None
    except ValidationError:
        return True


def cmd_games(args: argparse.Namespace) -> int:
    games = load_games()
    if not games:
        print("No games are registered.")
        return 0
    width = max(len(slug) for slug in games)
    for slug in sorted(games):
        game = games[slug]
        print(f"{slug:<{width}}  {game.title}  ({game.sizes_text()} players, best with {game.sizes_text(best=True)})")
    return 0


def simulate(game: Game[Any, Any], games: int, seed: int, players: int, *,
             errors_to: TextIO | None = None) -> dict[str, Any]:
    """Play `games` random games from seeds seed, seed+1, …; a crash, or a log that does not replay
    to the state it ended in (`replays_to`), counts as an error (its traceback goes to `errors_to`
    for the first few) and the run goes on."""
    from rules.core.selfplay import play_random

    errors_to = errors_to if errors_to is not None else sys.stderr
    completed = errors = actions = 0
    started = time.perf_counter()
    for index in range(games):
        try:
            result = play_random(game, players, seed + index)
            replays_to(game, result, seed + index)
        except Exception:
            errors += 1
            if errors <= SHOWN_TRACEBACKS:
                print(f"--- {game.slug}: game {index} (seed {seed + index}) failed ---", file=errors_to)
                traceback.print_exc(file=errors_to)
            continue
        actions += len(result.log)
        completed += int(result.finished)
    seconds = time.perf_counter() - started
    return {"game": game.slug, "games": games, "completed": completed, "errors": errors, "actions": actions,
            "seconds": round(seconds, 3), "actions_per_s": round(actions / seconds, 1) if seconds > 0 else 0.0}


def replays_to(game: Game[Any, Any], result: Any, seed: int) -> None:
    """The log of a simulated game, written out as the store writes it (JSON) and replayed from its
    seed, must rebuild the state it ended in: the store's proof of consistency, checked for every
    game a simulation plays. Raises when it does not, so the game counts as an error."""
    log = [(player, game.parse_action(game.dump_action(action))) for player, action in result.log]
    rebuilt = game.replay(result.state.seats, None, seed, log)
    if rebuilt.model_dump() != result.state.model_dump():
        raise RuntimeError(f"{game.slug}: the log of the game from seed {seed} replays to another state")


def cmd_simulate(args: argparse.Namespace) -> int:
    from bot.plugins import simulations

    series = simulations().get(args.game)  # a plug-in's series of games (the Orclympics campaign)
    if series is not None:
        if args.games < 0:
            raise CliError("--games cannot be negative.")
        try:
            summary = series(args.kind, args.games, args.seed, args.players)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        print(json.dumps(summary))
        return 1 if summary["errors"] else 0
    game = _game(args.game)
    if args.games < 0:
        raise CliError("--games cannot be negative.")
    summary = simulate(game, args.games, args.seed, _players(game, args.players))
    if summary["errors"] > SHOWN_TRACEBACKS:
        print(f"({summary['errors'] - SHOWN_TRACEBACKS} more failing games not shown)", file=sys.stderr)
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


def cmd_render(args: argparse.Namespace) -> int:
    from rules.core.selfplay import play_random

    game = _game(args.game)
    if args.steps is not None and args.steps < 0:
        raise CliError("--steps cannot be negative.")
    players = _players(game, args.players)
    steps = args.steps
    if steps is None:  # half-way through a whole random game: a board with something on it
        steps = len(play_random(game, players, args.seed).log) // 2
    result = play_random(game, players, args.seed, stop_after=steps)
    try:
        from renderers import render
    except ModuleNotFoundError as exc:
        print(f"Cannot draw the board: the module '{exc.name}' is missing.", file=sys.stderr)
        return 1
    png = render(game.view(result.state, None))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png)
    ended = " (the game is over)" if result.finished else ""
    print(f"Wrote {out} after {len(result.log)} actions of {game.title}, seed {args.seed}{ended}.")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from bot.cli.replay import format_of, random_record, read_record, write_replay

    started = time.perf_counter()
    if (args.game is None) == (args.record is None):
        raise CliError("Give either a GAME to play at random from --seed, or --record FILE.json.")
    try:
        format_of(Path(args.out))
        if args.record is not None:
            record = read_record(Path(args.record))
            game = _game(record.game)
        else:
            game = _game(args.game)
            record = random_record(game, _players(game, args.players), args.seed)
        summary = write_replay(game, record, Path(args.out), started)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    print(f"Wrote {summary['out']}: {summary['frames']} frames of {game.title}, {summary['play_seconds']} s to play.")
    print(json.dumps(summary))
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from bot.cli.arena import arena

    game = _game(args.game)
    if args.games < 1 or args.workers < 1 or args.iterations < 1:
        raise CliError("--games, --workers and --iterations must be at least 1.")
    report = arena(game.slug, args.games, args.seed, _players(game, args.players), workers=args.workers,
                   iterations=args.iterations)
    print(json.dumps(report))
    return 1 if report["errors"] else 0


def cmd_play(args: argparse.Namespace) -> int:
    from bot.cli.terminal import Quit, TerminalGame
    from rules.core.computer import Level

    game = _game(args.game)
    if args.players < 0 or (args.computers is not None and args.computers < 0):
        raise CliError("--players and --computers cannot be negative.")
    computers = args.computers if args.computers is not None else max(0, game.usual_table() - args.players)
    if args.players + computers == 0:
        raise CliError("Nobody would play: give --players or --computers.")
    _players(game, args.players + computers)
    seed = args.seed if args.seed is not None else secrets.randbits(62)
    table = TerminalGame(game, args.players, computers, level=Level(args.level), seed=seed,
                         out_dir=Path(args.out), show=args.show, iterations=args.iterations)
    try:
        table.play()
    except (Quit, KeyboardInterrupt):
        print("\nThe game is left unfinished.")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from bot.cli import bench

    games = load_games()
    if args.game is not None and args.what in ("engine", "render", "think"):  # one game instead of all
        games = {args.game: _game(args.game)}
    if args.what == "engine":
        report = bench.bench_engine(games, samples=args.samples)
    elif args.what == "render":
        report = bench.bench_render(games)
    elif args.what == "think":
        report = bench.bench_think(games)
    elif args.what == "persist":
        report = bench.bench_persist(args.game or "masters-fight", moves=args.samples, database=args.database)
    else:
        if args.channels < 1 or args.seconds <= 0 or args.think < 0 or not 1 <= args.processes <= args.channels:
            raise CliError("--channels must be at least 1, --seconds above 0, --think not negative and "
                           "--processes from 1 to --channels.")
        report = bench.bench_load(args.channels, args.think, args.seconds, latency=args.latency,
                                  double=args.double, workers=args.workers, seed=args.seed,
                                  database=args.database, processes=args.processes)
    bench.print_last(report)
    return 0


# -- the parser -------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zagjan", description="Zagjan, the orc game master for Discord.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = commands.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    run.add_argument("--no-token-ok", action="store_true",
                     help="without a token, say how to get one and how to play in the terminal, and exit 0")
    run.set_defaults(handler=cmd_run)

    games = commands.add_parser("games", help="list the games Zagjan can run")
    games.set_defaults(handler=cmd_games)

    sim = commands.add_parser("simulate", help="play random games and report as one JSON line")
    sim.add_argument("game", metavar="GAME", help="a game slug, as listed by `zagjan games`, or a series (campaign)")
    sim.add_argument("--kind", default="full", help="for a series: its kind (a campaign: full or quick; default full)")
    sim.add_argument("--games", type=int, default=100, help="how many games to play (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    sim.add_argument("--players", type=int, default=None, help="players per game (default: the smallest "
                                                                  "recommended table)")
    sim.set_defaults(handler=cmd_simulate)

    draw = commands.add_parser("render", help="play random moves and draw the board to a PNG file")
    draw.add_argument("game", metavar="GAME", help="a game slug, as listed by `zagjan games`")
    draw.add_argument("--seed", type=int, default=1)
    draw.add_argument("--steps", type=int, default=None,
                      help="how many random actions to play first (default: half a random game)")
    draw.add_argument("--players", type=int, default=None)
    draw.add_argument("--out", default="board.png", help="the PNG file to write (default board.png)")
    draw.set_defaults(handler=cmd_render)

    again = commands.add_parser("replay", help="a whole game as an animated GIF or WebP; one JSON line last")
    again.add_argument("game", metavar="GAME", nargs="?", default=None,
                       help="a game slug: play the random game `zagjan simulate` plays from --seed")
    again.add_argument("--record", metavar="FILE.json", default=None,
                       help="instead, a stored game's record (slug, seed, seats, options, log)")
    again.add_argument("--seed", type=int, default=1)
    again.add_argument("--players", type=int, default=None, help="players (default: the smallest recommended table)")
    again.add_argument("--out", default="replay.gif", help="the file to write: .gif or .webp (default replay.gif)")
    again.set_defaults(handler=cmd_replay)

    fight = commands.add_parser("arena", help="one normal computer against easy ones; one JSON line")
    fight.add_argument("game", metavar="GAME", help="a game slug, as listed by `zagjan games`")
    fight.add_argument("--games", type=int, default=40, help="how many games (default 40)")
    fight.add_argument("--seed", type=int, default=1)
    fight.add_argument("--players", type=int, default=None, help="players per game (default: the smallest "
                                                                    "recommended table)")
    fight.add_argument("--workers", type=int, default=1, help="games played at once, one process each (default 1)")
    fight.add_argument("--iterations", type=int, default=100, help="the normal player's search iterations per "
                                                                     "decision (default 100, as in the bot)")
    fight.set_defaults(handler=cmd_arena)

    play = commands.add_parser("play", help="play a game in this terminal, with computer players; no Discord")
    play.add_argument("game", metavar="GAME", help="a game slug, as listed by `zagjan games`")
    play.add_argument("--players", type=int, default=1, help="human players at this keyboard (default 1)")
    play.add_argument("--computers", type=int, default=None,
                      help="computer players (default: enough for the game's usual table)")
    play.add_argument("--level", choices=("easy", "normal"), default="normal", help="the computers' level")
    play.add_argument("--seed", type=int, default=None,
                      help="deal, dice and computers' play (default: a new game each time; the seed is printed "
                           "first, so a game can be played again)")
    play.add_argument("--out", default="zagjan-play",
                      help="folder for the board pictures, one folder per game in it (default zagjan-play)")
    play.add_argument("--show", action="store_true",
                      help="open each board picture in the system's viewer (says so when there is none)")
    play.add_argument("--iterations", type=int, default=100, help=argparse.SUPPRESS)
    play.set_defaults(handler=cmd_play)

    speed = commands.add_parser("bench", help="measure speed; prints one JSON line last")
    speed.add_argument("what", choices=("engine", "think", "render", "persist", "load"),
                       help="engine: apply + legal moves per game; think: a normal computer's decision per "
                            "game; render: one board per game; persist: one stored move against a raw insert; "
                            "load: many channels through the action path")
    speed.add_argument("--samples", type=int, default=400, help="steps to time (engine, persist)")
    speed.add_argument("--game", default=None, help="engine, render, think: only this game (default: every game); "
                            "persist: the game to store (default masters-fight)")
    speed.add_argument("--database", default=None,
                       help="persist, load: a postgresql:// URL to measure on (in a scratch schema, dropped after)")
    speed.add_argument("--processes", type=int, default=1,
                       help="load: bot processes sharing the database, the channels dealt out between them")
    speed.add_argument("--channels", type=int, default=200, help="load: channels playing at once")
    speed.add_argument("--think", type=float, default=10.0, help="load: mean seconds between moves in a channel")
    speed.add_argument("--seconds", type=float, default=60.0, help="load: how long to play")
    speed.add_argument("--latency", type=float, default=0.0, help="load: seconds the stand-in Discord takes per call")
    speed.add_argument("--double", type=float, default=0.05, help="load: share of clicks sent twice at once")
    speed.add_argument("--workers", type=int, default=None, help="load: drawing processes (default: one per core)")
    speed.add_argument("--seed", type=int, default=1)
    speed.set_defaults(handler=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except CliError as exc:
        print(f"zagjan: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # whoever read the output stopped (`| head`): that is their choice, not an error to report;
        # stdout goes nowhere from now on, so the interpreter's last flush does not complain either
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
