"""A move foreseen (reading (e): `/oq preview`; seed 004 L415, L323, L456)."""

from __future__ import annotations

from rules.orcquest.preview import preview_move
from rules.orcquest import GAME
from rules.orcquest.models import Card, EndActivation, Move
from tests.rules.orcquest.helpers import active, enemy, fresh


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


def test_the_engine_foresees_a_walk_of_the_card_in_play_for_the_shared_preview() -> None:
    # reading (e), through `Game.foresee` (`/game preview`): the card's Hero, from the seat's picture
    state = fresh()
    active(state, "mek", "f5")
    state.card = Card(hero="mek", skill="sneak", mp=3)
    enemy(state, "peasant", "e5", "E")
    seen = GAME.seen_by(state, "p1")
    told = GAME.foresee(seen, "p1", Move(path=["g5", "h5"]))
    assert told == ("Mek would end on h5 for 2 Movement Points, taking 2 Danger Zone Damage, seen by Peasant 1 "
                    "there. A Room it opens is explored only when the move is made.")
    assert GAME.foresee(seen, "p1", Move(path=["e5"])) is not None  # the fault, in words
    assert GAME.foresee(seen, "p1", EndActivation()) is None  # nothing to tell beyond the move being open
