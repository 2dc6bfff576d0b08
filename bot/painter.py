"""Board pictures, drawn away from the event loop.

Drawing and encoding a board is the heaviest thing the bot does, so it runs in a
pool of worker processes sized to the machine: both cores draw while the event
loop keeps answering Discord. Each worker keeps the renderers' caches (the parts
of a board that never change during a game) warm between pictures. With
`workers=0` pictures are drawn in a thread instead (tests, and machines that
cannot start processes).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

log = logging.getLogger("zagjan.bot")
T = TypeVar("T")


def draw(view: Any, recent: Sequence[str] = ()) -> bytes | None:
    """The PNG of `view`, or None for a game without a renderer (the message goes without a picture).
    `recent` are the newest log lines, which a board shows as what just happened."""
    from renderers import RENDERERS, render

    if view is None or getattr(view, "game", None) not in RENDERERS:
        return None
    return render(view, recent)


def describe(view: Any, recent: Sequence[str] = ()) -> str | None:
    """The words for the picture of `view` (its alt text, read by screen readers), or None when
    there is no picture to describe."""
    from renderers import RENDERERS
    from renderers import describe as words

    if view is None or getattr(view, "game", None) not in RENDERERS:
        return None
    return words(view, recent)


def picture(view: Any, recent: Sequence[str] = ()) -> tuple[bytes | None, str | None]:
    """A board's PNG and its words, in one trip to a worker (the view is sent once, not twice). The
    words failing leaves the picture without them, never the board without its picture."""
    png = draw(view, recent)
    try:
        words = describe(view, recent)
    except Exception:
        log.exception("could not describe the board")
        words = None
    return png, words


def _warm() -> None:
    import renderers  # noqa: F401  (import once per worker, not on the first board)


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


class Painter:
    """Draws boards for the bot: `await painter.render(view)`."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self._pool: Executor | None = None  # started on the first picture, so a bot that draws none starts none

    def _executor(self) -> Executor | None:
        if self._pool is None and self.workers > 0:
            # spawn, not fork: the bot has threads (the database's) that a fork would copy mid-step.
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_warm)
        return self._pool

    async def render(self, view: Any, recent: Sequence[str] = ()) -> bytes | None:
        """A drawing failure must not lose the move (it is already stored): the message then goes
        out without a picture and the error is logged."""
        try:
            return await self.run(draw, view, tuple(recent))
        except Exception:
            log.exception("could not draw the board")
            return None

    async def board(self, view: Any, recent: Sequence[str] = ()) -> tuple[bytes | None, str | None]:
        """A board's picture and its description (alt text), worked out together from the same panel;
        a failure to draw leaves the move's message without a picture, never without the move."""
        try:
            return await self.run(picture, view, tuple(recent))
        except Exception:
            log.exception("could not draw the board")
            return None, None

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in a worker process (or a thread with `workers=0`): off the event loop.
        The bot keeps a second pool of this class for computer players' thinking, so a long
        search never holds up another channel's board."""
        pool = self._executor()
        if pool is None:
            return await asyncio.to_thread(work, *args)
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)

    async def warm(self) -> None:
        """Start every worker now (each imports the renderers), so the first boards are not slow."""
        pool = self._executor()
        if pool is not None:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers * 2)))

    def close(self, *, wait: bool = False) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None
