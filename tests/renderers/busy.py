"""One busy board of every game, from a seeded random game played by players with long names.

The render tests check these boards (no label hides another, none is cut or runs off the
picture), and `make boards` draws them into docs/boards/ for the README, so the pictures there
are the ones the tests looked at:

    python -m tests.renderers.busy docs/boards

Each game is played by `rules.core.selfplay.play_random` from its seed and stopped at a moment
chosen because much is on the board (models close together, knocked down, carrying, fighting);
the names are as long as Discord players' names often are, so a board that cuts or piles up
names shows it.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.core.dice import Dice
from rules.core.engine import public
from rules.core.selfplay import play_random, random_seats
from rules.registry import get_game

NAMES = ("Morgoth the Mild", "Grishnakh Bonecrusher", "Ugluk", "Bolg of the Northern Pits", "Snaga",
         "Azog the Defiler")
"""Players' names: short and long ones, with spaces, as a channel has them."""

RECENT = 3
"""How many of the newest public log lines go with a board (what the bot passes as "just now")."""


@dataclass(frozen=True)
class Busy:
    """Where a game's busy board comes from: its players, its seed and how many moves are played."""

    players: int
    seed: int
    steps: int


BUSY: dict[str, Busy] = {
    "brood-rumble": Busy(players=4, seed=1, steps=280),
    "chaos-marauders": Busy(players=4, seed=2, steps=90),
    "goblin-warlords": Busy(players=4, seed=3, steps=110),
    "orcquest": Busy(players=2, seed=1, steps=120),
    "orcz": Busy(players=4, seed=1, steps=45),
    "flying-pigs": Busy(players=6, seed=7, steps=150),
    "masters-fight": Busy(players=6, seed=3, steps=452),
    "road-rage": Busy(players=4, seed=10, steps=39),
    "thatll-do-pigs": Busy(players=4, seed=9, steps=33),
    "timber": Busy(players=4, seed=11, steps=133),
}


@dataclass(frozen=True)
class Board:
    """A busy board: the public view and the newest public log lines, newest last."""

    slug: str
    view: Any
    recent: tuple[str, ...]


@cache
def busy_board(slug: str) -> Board:
    """The busy board of a game, played once per process (the tests share it)."""
    game = get_game(slug)
    busy = BUSY[slug]
    seats = [seat.model_copy(update={"name": NAMES[k]})
             for k, seat in enumerate(random_seats(busy.players, Dice(seed=busy.seed), game.seat_pick))]
    result = play_random(game, busy.players, busy.seed, seats=seats, stop_after=busy.steps)
    recent = tuple(event.text for event in public(result.events))[-RECENT:]
    return Board(slug, game.view(result.state, None), recent)


def write_boards(folder: Path) -> list[Path]:
    """Every game's busy board as `<slug>.png` in `folder`."""
    from renderers import render

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for slug in sorted(BUSY):
        board = busy_board(slug)
        path = folder / f"{slug}.png"
        path.write_bytes(render(board.view, board.recent))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw one busy board of every game into a folder.")
    parser.add_argument("folder", nargs="?", default="docs/boards", help="where to write (default docs/boards)")
    args = parser.parse_args(argv)
    for path in write_boards(Path(args.folder)):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
