"""A server's hall of fame picture (/leaderboard): the best players across its channels, and each
discipline's record."""

from __future__ import annotations

from typing import Any

from renderers.common import ACCENT
from renderers.tables import Cell, Line, table_picture

SLUG = "hall-of-fame"


def render(fame: Any) -> bytes:
    """`fame` is a `bot.service.fame.HallOfFame` (duck-typed: renderers do not import the bot)."""
    lines = [Line([Cell(f"{n + 1}. {row.name}"), Cell(str(row.campaigns_won)), Cell(str(row.games_won),
                   f"of {row.games}"), Cell(str(row.feats)), Cell(str(row.vp))], ACCENT if n == 0 else None)
             for n, row in enumerate(fame.rows)]
    footer = [f"{r.discipline}: {r.what} {r.value:g}, {r.holder}" for r in fame.records]
    return table_picture(f"Hall of fame: {fame.server}", "Across every channel of the server",
                         ["Orc", "Campaigns won", "Games won", "Feats", "VP"], [300, 150, 130, 100, 100], lines,
                         ["Discipline records:", *footer] if footer else [])
