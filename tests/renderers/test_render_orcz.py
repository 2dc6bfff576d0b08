"""The Orcz board (renderers/orcz.py): the same view gives the same bytes; the channel's picture never
carries a face-down card, a hand or a Slave total; the owner's picture does."""

from __future__ import annotations

from renderers import RENDERERS, describe, render
from rules.core.selfplay import play_random
from rules.orcz import GAME


def _mid_game():
    return play_random(GAME, 4, 3, stop_after=18).state  # deployment, round 5 of turn 1


def test_the_board_is_registered_and_repeatable() -> None:
    state = _mid_game()
    view = GAME.view(state, None)
    assert "orcz" in RENDERERS
    picture = render(view, ["Ann places rank 2 at Urth Valley."])
    assert picture[:8] == b"\x89PNG\r\n\x1a\n" and picture == render(view, ["Ann places rank 2 at Urth Valley."])
    assert "Orcz board" in describe(view)


def test_the_public_view_drawn_holds_no_secret_and_the_owners_does() -> None:
    state = _mid_game()
    public = GAME.view(state, None)
    assert all(w.hand is None and w.slaves is None for w in public.warlords)
    hidden = [r for f in public.fronts for r in f.ranks if r.down is not None]
    assert hidden and all(getattr(r, r.down) is None for r in hidden)
    owner = hidden[0].owner
    own = GAME.view(state, owner)
    assert render(own) != render(public)
    mine = [r for f in own.fronts for r in f.ranks if r.owner == owner and r.down is not None]
    assert mine and all(getattr(r, r.down) is not None and r.mine for r in mine)


def test_the_end_is_drawn() -> None:
    state = play_random(GAME, 3, 2).state
    view = GAME.view(state, None)
    assert view.placings is not None and all(w.slaves is not None for w in view.warlords)
    assert render(view)[:4] == b"\x89PNG"
