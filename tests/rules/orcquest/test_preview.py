"""A move foreseen (reading (e): `/oq preview`; seed 004 L415, L323, L456)."""

from __future__ import annotations

from rules.orcquest.preview import preview_move
from tests.rules.orcquest.helpers import enemy, fresh


def test_a_preview_prices_the_path_and_names_the_watchers_without_changing_anything() -> None:
    # 004 L415 (leaving a Danger Zone: 2 Automatic Damage), L456 (ponds), L323 (who would see the Hero)
    state = fresh()
    state.hero("mek").square = "f5"
    enemy(state, "peasant", "e5", "E")
    enemy(state, "dog", "e2", "W")
    before = state.model_dump()
    seen = preview_move(state, "mek", ["g5", "h5"])
    assert (seen.mp, seen.damage, seen.seen_by, seen.fault) == (2, 2, ("Peasant 1",), None)
    assert preview_move(state, "mek", ["e5"]).fault is not None  # an Enemy's square
    assert preview_move(state, "orrus", ["a1"]).fault == "Orrus is not on the board."
    assert state.model_dump() == before
