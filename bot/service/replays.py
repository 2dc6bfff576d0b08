"""A game's record and its animated replay, made in the painting pool so no channel waits for them.

A replay is drawn in pieces, each a job of the pool: the frames (a replay of the game, turn by turn),
then the boards a few at a time, then the animation. Other channels' boards go between the pieces,
so a long game's replay (a few seconds of drawing) never holds a board back for long. A replay that
weighs more than a bot may upload anywhere (8 MB) is drawn again with its turns put together more.
The record of a finished game is everything (its seed, seats, options and the moves that stand); a
running game's leaves out the seed and the secret choices (`rules.core.replay.public_log`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.service.painter import Painter
from bot.service.results import TableError
from bot.service.table import TableService
from rules.core.engine import Game
from rules.core.replay import MAX_FRAMES, Frame, GameRecord, RecordedAction, public_log, record_frames

PIECE = 8
"""Boards drawn in one job of the pool: small enough that another channel's board waits little."""

REPLAY_FILE = "replay.gif"
RECORD_FILE = "record.json"


def _frames(game: Game[Any, Any], record_json: str, most: int) -> list[Frame]:
    return record_frames(game, GameRecord.from_json(record_json), most=most)


def _boards(frames: Sequence[Frame]) -> list[bytes]:
    from renderers.replay import board_of

    return [board_of(frame) for frame in frames]


def _animated(frames: Sequence[Frame], boards: Sequence[bytes]) -> bytes:
    from renderers.replay import animate

    return animate(frames, "gif", boards)


def _public(game: Game[Any, Any], seats: list[Any], options: dict[str, Any], seed: int,
            log: list[tuple[str, str]]) -> str:
    return json.dumps([entry.model_dump(mode="json") for entry in public_log(game, seats, options, seed, log)])


AGAIN_SECONDS = 60
"""How often /game replay may post a channel's replay again: a replay is a few seconds of drawing."""


class Replays:
    """Records and replays of the table's games, drawn in `painter`'s pool."""

    def __init__(self, table: TableService, painter: Painter) -> None:
        self.table = table
        self.painter = painter
        self._posted: dict[int, datetime] = {}  # channel -> when /game replay last drew one there

    async def last_finished(self, channel_id: int) -> int:
        """The channel's most recent finished game (the one /game replay shows)."""
        row = await self.table.store.read(lambda tx: tx.last_finished(channel_id))
        if row is None:
            raise TableError("No game has finished in this channel yet, so there is no replay to show.")
        return row.id

    def ask_again(self, channel_id: int) -> None:
        """A replay asked for in a channel: refused with the wait left if one was drawn there in the last
        minute (drawing one takes seconds of the painting pool)."""
        now = self.table.now()
        last = self._posted.get(channel_id)
        if last is not None and (now - last).total_seconds() < AGAIN_SECONDS:
            wait = AGAIN_SECONDS - int((now - last).total_seconds())
            raise TableError(f"A replay was shown here less than a minute ago; ask again in {wait} seconds.")
        self._posted[channel_id] = now

    async def record(self, game_id: int) -> tuple[str, bool]:
        """The game's record as JSON, and whether it is whole (the game is over) or its public part."""
        row, seats, log = await self.table.logged(game_id)
        game = self.table.game(row.slug)
        if row.status == "finished":  # the log's actions as stored: already the engine's own dump
            moves = [RecordedAction(player=player, action=json.loads(action)) for _, player, action in log]
            return GameRecord(game=row.slug, seed=row.seed, seats=seats, options=dict(row.options or {}),
                              log=moves).to_json(), True
        public = await self.painter.run(_public, game, seats, row.options, row.seed,
                                        [(player, action) for _, player, action in log])
        return json.dumps({"game": row.slug, "status": row.status, "seats": [s.model_dump(mode="json") for s in seats],
                           "options": row.options, "log": json.loads(public),
                           "note": "The seed and the secret choices are left out until the game is over."}), False

    async def animation(self, game_id: int) -> bytes:
        """A finished game's replay as an animated GIF of at most 8 MB."""
        from renderers.replay import fewer_frames

        record, whole = await self.record(game_id)
        if not whole:
            raise TableError("A game's replay is drawn once it is over.")
        game = self.table.game(json.loads(record)["game"])
        most = MAX_FRAMES
        while True:
            frames = await self.painter.run(_frames, game, record, most)
            boards: list[bytes] = []
            for start in range(0, len(frames), PIECE):
                boards += await self.painter.run(_boards, frames[start:start + PIECE])
            data = await self.painter.run(_animated, frames, boards)
            fewer = fewer_frames(frames, data)
            if fewer is None:
                return data
            most = fewer


__all__ = ["AGAIN_SECONDS", "PIECE", "RECORD_FILE", "REPLAY_FILE", "Replays"]
