"""Every game Zagjan runs, by its slug. The bot, the CLI and the tests look games up here."""

from __future__ import annotations

from typing import Any

from rules.core.engine import Game

GAMES: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    GAMES[game.slug] = game
    return game


def get_game(slug: str) -> Game[Any, Any]:
    try:
        return GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise KeyError(f"No game called '{slug}'. Known games: {known}.") from None


def _load() -> None:
    from rules.orclympics.brood_rumble import BroodRumble
    from rules.orclympics.flying_pigs import FlyingPigs
    from rules.orclympics.masters_fight import MastersFight
    from rules.orclympics.timber import Timber

    register(MastersFight())
    register(Timber())
    register(BroodRumble())
    register(FlyingPigs())


_load()
