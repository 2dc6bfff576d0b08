"""How long one Masters' Fight board takes to draw (run with `make bench`)."""

from __future__ import annotations

import pytest

from renderers import render
from rules.orclympics.broods import Brood
from rules.orclympics.masters_fight.models import Item, MastersFightView, OrcView, Phase, Terrain


def busy_view() -> MastersFightView:
    """Six Orcs, every Terrain and Item, a knocked-down Orc and highlights: a heavy but real board."""
    squares, items = ["c3", "e5", "f2", "d6", "b7", "g6"], list(Item)
    orcs = [
        OrcView(player=str(n), name=f"Orc number {n}", brood=Brood.FERAL, colour=n, square=square, hp=6 - n,
                max_hp=6, combat_skill=4, knocked_down=n == 1, item=items[n] if n < len(items) else None, out=False)
        for n, square in enumerate(squares)
    ]
    return MastersFightView(
        phase=Phase.FIGHT, turn=4, orcs=orcs, terrain={"d4": Terrain.PIT, "f6": Terrain.PLATFORM},
        items={"a5": Item.SPEAR, "h7": Item.HELMET, "e2": Item.MACE}, order=[o.player for o in orcs],
        active="0", action_points=1, move_left=2, eliminated=[], feats={"Who's Next?": "2"},
        highlight=["c3", "c4"],
    )


@pytest.mark.benchmark
def test_render_masters_fight(benchmark) -> None:  # type: ignore[no-untyped-def]
    view = busy_view()
    data = benchmark(render, view)
    assert data.startswith(b"\x89PNG")
