"""The campaign's scoreboard picture: posted after every game of a campaign and on
/campaign scoreboard. Each player's VP per discipline (placing and Feats apart), the total,
who holds the War Cry, and at the end the champion."""

from __future__ import annotations

from renderers.common import ACCENT, ordinal, player_colour
from renderers.tables import Cell, Line, table_picture
from rules.orclympics.campaign import Scoreboard, ScoreCell

SLUG = "campaign-scoreboard"


def _cell(cell: ScoreCell, skipped: bool, played: bool) -> Cell:
    if skipped:
        return Cell("-", "skipped")
    if not played or cell.place is None:
        return Cell("·")
    feats = f" + {cell.feat_vp} Feat{'s' if cell.feat_vp > 1 else ''}" if cell.feat_vp else ""
    return Cell(ordinal(cell.place), f"{cell.placing_vp} VP{feats}")


def render(board: Scoreboard) -> bytes:
    kind = "Full campaign" if board.kind == "full" else "Quick campaign"
    title = "Orclympics: " + ("the champion is crowned" if board.finished else f"after game {board.played}")
    subtitle = f"{kind}: {board.played} of {len(board.columns)} games played"
    lines = []
    for row in board.rows:
        marks = [f"{row.brood.label}, age {row.age}"]
        if row.war_cry:
            marks.append("WAR CRY")
        if row.champion:
            marks.append("CHAMPION")
        cells = [Cell(row.name, " · ".join(marks), player_colour(row.colour))]
        cells += [_cell(c, board.skipped[n], n < board.played) for n, c in enumerate(row.cells)]
        cells.append(Cell(str(row.total), f"{row.feat_total} from Feats" if row.feat_total else ""))
        lines.append(Line(cells, ACCENT if row.champion else None))
    footer = ["Placings score 3/2/1/0 (3/1 with two players); each Feat done first scores 1 VP; ties share "
              "the place's points.",
              "The fewest VP hold the War Cry: one die rerolled in up to 3 Player Turns of the next game. "
              "A tie for champion goes to the most VP from Feats."]
    return table_picture(title, subtitle, ["Orc", *board.columns, "Total"], [300] + [118] * len(board.columns) + [110],
                         lines, footer)
