"""Board pictures, drawn away from the event loop.

Drawing and encoding a board is the heaviest thing the bot does, so it runs in a
pool of worker processes sized to the machine: both cores draw while the event
loop keeps answering Discord. Each worker keeps the renderers' caches (the parts
of a board that never change during a game) warm between pictures. With
`workers=0` pictures are drawn in a thread instead (tests, and machines that
cannot start processes).

When more boards wait than the drawing processes can take in hand, the next
ones go to as many quick drawing processes, which draw them unsmoothed
(`renderers.common.QUICK`): the same picture with stepped edges, for two thirds
of the cost, so a busy bot keeps its boards on time instead of queueing them.
Once the queue is gone, boards are smooth again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import sys
from collections import Counter
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


QUICK_DRAWING = "ZAGJAN_QUICK_DRAWING"
"""`renderers.common.QUICK`, named here so that the bot's process need not import the renderers."""


QUEUE_PER_WORKER = 2
"""Pictures a drawing process may have in hand (one drawing, one waiting) before the next goes to a quick
one: a moment's burst still gets smooth boards, a few tens of ms later; a queue that grows does not."""


def _warm() -> None:
    import renderers  # noqa: F401  (import once per worker, not on the first board)


def _warm_quick() -> None:
    """A quick drawing process: unsmoothed pictures, set before its renderers are imported."""
    os.environ[QUICK_DRAWING] = "1"
    if "renderers.common" in sys.modules:  # imported with the process: it draws smoothly after all
        log.warning("a quick drawing process had its renderers imported already; its boards are smooth")
    _warm()


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


class Painter:
    """Draws boards for the bot: `await painter.render(view)`."""

    def __init__(self, workers: int | None = None, *, quick: bool = False) -> None:
        self.workers = default_workers() if workers is None else workers
        self.quick = quick and self.workers > 0
        """Whether boards go to quick processes once a queue forms (`_draw`; processes only: a thread
        shares the smooth renderers of the bot's own process)."""
        self._pool: Executor | None = None  # started on the first picture, so a bot that draws none starts none
        self._quick_pool: Executor | None = None
        self._drawing = 0  # pictures being drawn or waiting for a process, smooth and quick
        self.drawn: Counter[str] = Counter()
        """Pictures drawn so far, "smooth" and "quick" (`bench load` reports the share)."""

    def _executor(self, quick: bool = False) -> Executor | None:
        if self.workers <= 0:
            return None
        if quick:
            if self._quick_pool is None:
                self._quick_pool = self._processes(_warm_quick)
            return self._quick_pool
        if self._pool is None:
            self._pool = self._processes(_warm)
        return self._pool

    def _processes(self, initializer: Callable[[], None]) -> Executor:
        # spawn, not fork: the bot has threads (the database's) that a fork would copy mid-step, and a
        # quick process must set its drawing before it imports the renderers
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=initializer)

    async def render(self, view: Any, recent: Sequence[str] = ()) -> bytes | None:
        """A drawing failure must not lose the move (it is already stored): the message then goes
        out without a picture and the error is logged."""
        try:
            return await self._draw(draw, view, tuple(recent))
        except Exception:
            log.exception("could not draw the board")
            return None

    async def board(self, view: Any, recent: Sequence[str] = ()) -> tuple[bytes | None, str | None]:
        """A board's picture and its description (alt text), worked out together from the same panel;
        a failure to draw leaves the move's message without a picture, never without the move."""
        try:
            return await self._draw(picture, view, tuple(recent))
        except Exception:
            log.exception("could not draw the board")
            return None, None

    async def _draw(self, work: Callable[..., T], *args: Any) -> T:
        """A picture drawn smoothly while the drawing processes keep up, else quickly (`quick`): it goes
        to a quick process once `QUEUE_PER_WORKER` pictures a process are being drawn or wait, so on a
        busy bot every board is quick until the queue is gone, and no board waits long for smoothing."""
        quick = self.quick and self._drawing >= QUEUE_PER_WORKER * self.workers
        self._drawing += 1
        try:
            done = await self.run(work, *args, quick=quick)
        finally:
            self._drawing -= 1
        self.drawn["quick" if quick else "smooth"] += 1
        return done

    async def run(self, work: Callable[..., T], *args: Any, quick: bool = False) -> T:
        """`work(*args)` in a worker process (a `quick` one: see `_draw`), or a thread with `workers=0`:
        off the event loop. The bot keeps a second pool of this class for computer players' thinking,
        so a long search never holds up another channel's board."""
        pool = self._executor(quick)
        if pool is None:
            return await asyncio.to_thread(work, *args)
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)

    async def warm(self) -> None:
        """Start every worker now (each imports the renderers), so the first boards are not slow."""
        loop = asyncio.get_running_loop()
        for quick in (False, True) if self.quick else (False,):
            pool = self._executor(quick)
            if pool is not None:
                await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers * 2)))

    def close(self, *, wait: bool = False) -> None:
        for pool in (self._pool, self._quick_pool):
            if pool is not None:
                pool.shutdown(wait=wait, cancel_futures=True)
        self._pool = self._quick_pool = None
