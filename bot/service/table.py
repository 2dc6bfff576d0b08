"""The table service: every game command, without Discord, in pieces stacked on one another.

    LiveGames (`live`)      the engines, the store, the cache of each channel's latest game
    Seen (`seen`)           what the table shows: snapshots, whose turn, legal moves, a seat's view
    Moves (`moves`)         a move read, checked, applied and stored in one trip
    Lobbies (`lobbies`)     a table gathering players, and its start
    TableService            all of them, the one object the bot and the command line hold

What it hands back and its refusals' sentences are `bot.service.results`, repeated here so a caller
imports the service and its answers from one place.
"""

from __future__ import annotations

from bot.service.lobbies import Lobbies
from bot.service.results import (
    DEFAULT_TURN_SECONDS,
    NO_GAME,
    NOT_PLAYING,
    NOT_STARTED,
    STALE,
    Choose,
    Lobby,
    Snapshot,
    TableError,
    TurnResult,
    auto_action,
    explain_validation,
    last_place,
    private_events,
    whose_turn,
)


class TableService(Lobbies):
    """Runs the games of every channel on top of one `Store` (`LiveGames` says what it is given)."""


__all__ = ["TableService", "TableError", "Choose", "auto_action", "last_place", "DEFAULT_TURN_SECONDS", "Lobby", "Snapshot",
           "TurnResult", "whose_turn", "private_events", "explain_validation", "NO_GAME", "NOT_STARTED", "NOT_PLAYING",
           "STALE"]
