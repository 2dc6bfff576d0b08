"""Pictures are drawn in worker processes and come back as the same bytes as drawn in place; on a busy
bot, quick workers draw the boards that would wait, unsmoothed."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot.service.painter import QUICK_DRAWING, Painter, draw
from renderers import RENDERERS
from renderers.common import QUICK
from rules.core.selfplay import play_random
from rules.registry import GAMES


async def test_a_board_drawn_by_a_worker_process_is_the_board() -> None:
    game = GAMES["masters-fight"]
    view = game.view(play_random(game, 3, 5, stop_after=40).state, None)
    painter = Painter(workers=1)
    try:
        assert await painter.render(view) == draw(view)
    finally:
        painter.close(wait=True)


async def test_without_workers_it_draws_in_a_thread_and_a_failure_gives_no_picture() -> None:
    painter = Painter(workers=0)
    assert painter._executor() is None
    assert await painter.render(None) is None  # no view, no renderer: a message without a picture

    class Broken:
        game = "masters-fight"  # claims a renderer, then fails inside it

    assert await painter.render(Broken()) is None


def _view(slug: str, moves: int = 30) -> object:
    game = GAMES[slug]
    return game.view(play_random(game, game.usual_table(), 5, stop_after=moves).state, None)


async def test_boards_beyond_what_the_workers_draw_at_once_are_drawn_quick_until_the_queue_is_gone() -> None:
    """One worker: of four boards asked for together, the two it takes in hand (one drawing, one
    waiting) are drawn smooth (the picture drawn in place), the two after them go to the quick worker,
    unsmoothed; a board asked for alone afterwards is smooth again."""
    view = _view("masters-fight")
    smooth = draw(view)
    painter = Painter(workers=1, quick=True)
    try:
        pictures = await asyncio.gather(*(painter.render(view) for _ in range(4)))
        assert pictures[:2] == [smooth, smooth] and pictures[2] == pictures[3] != smooth and pictures[2] is not None
        assert _size(pictures[2]) == _size(smooth)
        assert painter.drawn == {"smooth": 2, "quick": 2}
        assert await painter.render(view) == smooth and painter.drawn["smooth"] == 3
    finally:
        painter.close(wait=True)


async def test_with_quick_boards_off_every_board_is_smooth_and_no_quick_worker_starts() -> None:
    view = _view("masters-fight")
    painter = Painter(workers=1, quick=False)
    try:
        assert await asyncio.gather(*(painter.render(view) for _ in range(4))) == [draw(view)] * 4
        assert painter._quick_pool is None and painter.drawn == {"smooth": 4}
        assert not Painter(workers=0, quick=True).quick  # a thread draws with the bot's own renderers
    finally:
        painter.close(wait=True)


async def test_every_game_draws_the_same_picture_unsmoothed_in_a_quick_worker() -> None:
    """Quick drawing (`renderers.common.QUICK`) keeps every board's layout: the picture differs from
    the smooth one in its smoothing, and in its size by a few pixels at most (text is measured in a
    font of the canvas's size, which rounds differently: Orcz's columns come out 2 px shorter)."""
    assert QUICK_DRAWING == QUICK
    painter = Painter(workers=1, quick=True)
    try:
        for slug in sorted(set(RENDERERS) & set(GAMES)):
            view = _view(slug)
            quick = await painter.run(draw, view, (), quick=True)
            smooth = draw(view)
            assert quick is not None and smooth is not None and quick != smooth, slug
            assert all(abs(q - s) <= 4 for q, s in zip(_size(quick), _size(smooth), strict=True)), slug
    finally:
        painter.close(wait=True)


def _size(png: bytes | None) -> tuple[int, int]:
    assert png is not None
    return Image.open(io.BytesIO(png)).size
