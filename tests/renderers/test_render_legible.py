"""Every board can be read where Discord shows it: on the busy board of every game, each label a
player needs is at least `LEGIBLE` (10) screen pixels tall once the picture is fitted into the box
Discord shows an attached image in (`SHOWN`, about 550 px wide on a desktop).

The label boxes come from the drawing itself (`recording`), in the picture's own pixels, so the
check is the same for every game and cannot be passed by drawing a label somewhere it is not
recorded: the busy board of a card game must record its cards' names too.
"""

from __future__ import annotations

import pytest

from renderers import render
from renderers.common import LEGIBLE, Labels, recording, shown_scale
from tests.renderers.board_checks import too_small
from tests.renderers.busy import BUSY, Board, busy_board


def _drawn(slug: str) -> tuple[Board, Labels]:
    board = busy_board(slug)
    with recording() as sheets:
        render(board.view, board.recent)
    return board, sheets[0]


@pytest.mark.parametrize("slug", sorted(BUSY))
def test_every_label_is_legible_at_the_size_discord_shows_it(slug: str) -> None:
    board, sheet = _drawn(slug)
    small = too_small(sheet)
    assert not small, (f"{slug}: {len(small)} of {len(sheet.drawn)} labels are under {LEGIBLE} px at the size "
                       f"Discord shows the board (scale {shown_scale(sheet.size):.2f}): " + "; ".join(small[:12]))


def test_a_small_label_is_caught() -> None:
    """The check itself: a label 9 px tall at the shown size fails, one 10 px tall passes."""
    sheet = Labels((1100, 824))  # shown at half its size
    sheet.add("tiny", (0, 0, 40, 18))
    sheet.add("fine", (0, 40, 40, 60))
    assert [s.split()[0] for s in too_small(sheet)] == ["'tiny'"]
