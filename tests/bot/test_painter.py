"""Pictures are drawn in worker processes and come back as the same bytes as drawn in place."""

from __future__ import annotations

from bot.painter import Painter, draw
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
