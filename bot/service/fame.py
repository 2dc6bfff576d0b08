"""A server's hall of fame, added up from the results every finished game leaves in the store:
campaigns won, games won, Feats and Victory Points per player, and each discipline's record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel

from bot.storage.store import ResultRow


class FameRow(BaseModel):
    player: str
    name: str
    campaigns_won: int = 0
    games: int = 0
    games_won: int = 0
    feats: int = 0
    vp: int = 0


class Record(BaseModel):
    discipline: str
    what: str  # "Wood carried out", or "Games won"
    holder: str
    value: float


class HallOfFame(BaseModel):
    """What `renderers.hall_of_fame` draws."""

    game: Literal["hall-of-fame"] = "hall-of-fame"
    server: str
    rows: list[FameRow]  # best first
    records: list[Record]


def hall_of_fame(server: str, results: Sequence[ResultRow], champions: Sequence[str],
                 titles: Mapping[str, str], limit: int = 10) -> HallOfFame:
    """`champions` names the winner(s) of each finished campaign, once per campaign won. A game is
    won by whoever its result says won (`Outcome.won_by`): a shared first place counts for each,
    a team's win for each of its players, a co-operative table's loss for nobody. A discipline's
    record is its greatest feat of strength when the game keeps one, else the most wins in it
    (the first to get there holds a tie)."""
    rows: dict[str, FameRow] = {}
    for result in results:
        row = rows.setdefault(result.player, FameRow(player=result.player, name=result.name))
        row.name = result.name  # the latest name a player played under
        row.games += 1
        row.games_won += int(result.won)
        row.feats += result.feats
        row.vp += result.vp
    for player in champions:
        if player in rows:
            rows[player].campaigns_won += 1
    ranked = sorted(rows.values(), key=lambda r: (-r.campaigns_won, -r.games_won, -r.vp, -r.feats, r.name))
    records: list[Record] = []
    for slug in dict.fromkeys(r.slug for r in results):
        mine = [r for r in results if r.slug == slug]
        best: Record | None = None
        for result in mine:
            for what, value in result.stats.items():
                if best is None or value > best.value:
                    best = Record(discipline=titles.get(slug, slug), what=what, holder=rows[result.player].name,
                                  value=value)
        if best is None:
            wins: dict[str, int] = {}
            for result in mine:
                if result.won:
                    wins[result.player] = wins.get(result.player, 0) + 1
            if wins:
                top = max(wins.values())
                holder = next(p for p in wins if wins[p] == top)
                best = Record(discipline=titles.get(slug, slug), what="Games won", holder=rows[holder].name,
                              value=float(top))
        if best is not None:
            records.append(best)
    return HallOfFame(server=server, rows=ranked[:limit], records=records)


__all__ = ["FameRow", "Record", "HallOfFame", "hall_of_fame"]
