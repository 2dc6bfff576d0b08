"""A `normal` computer rides That'll do Pigs with purpose (issue 24: 17.6% of its moves changed
nothing, most of them an activation ended while a Lash was there to take): it Lashes on open track,
keeps ending as a choice only where a Lash meets the crowd or loses ground, and always has a go in
Get Ready! (small search budget)."""

from __future__ import annotations

import pytest

from rules.core.computer import Level, decide
from rules.core.engine import Seat
from rules.core.search import Budget, tactics_of
from rules.orclympics.thatll_do_pigs.computer import lash_is_free
from rules.orclympics.thatll_do_pigs.models import (
    Activation,
    Ask,
    AskKind,
    EndActivation,
    Lash,
    ReadyAssault,
    ThatllDoPigsState,
)
from tests.rules.thatll_do_pigs.track import GAME, PLAYERS, Racer, Track

SMALL = Budget(iterations=30, depth=6)
TACTICS = tactics_of(GAME)


def after_the_move(at: tuple[float, float], facing: float) -> ThatllDoPigsState:
    """Rider 1 (alice) has made its Move (a 6" ride of 8") and is asked for its second action."""
    state = Track({"1": Racer(at, facing=facing), "2": Racer((30.0, 30.0), facing=0.0)}, active=None).build()
    state.activation = Activation(rider="1", speed=8.0, moved=6.0, second=True)
    state.riders["1"].activated = True
    state.ask = Ask(kind=AskKind.SECOND, players=["alice"], rider="1")
    return state


def test_a_rider_with_open_track_ahead_lashes_rather_than_ends() -> None:
    # 000 V.4.2.2 Lash: D6" more straight on after the Move; the south straight runs west, and
    # nothing stands within 6" west of (14, 5) (the Skid Trigger is the line y = x)
    state = after_the_move((14.0, 5.0), 180.0)
    legal = GAME.legal_actions(state, "alice")
    assert legal == [Lash(), EndActivation()]
    assert lash_is_free(state, state.riders["1"])
    assert TACTICS.sensible(state, "alice", legal) == [Lash()]
    for seed in range(3):
        assert decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, SMALL) == Lash()


@pytest.mark.parametrize(("at", "facing", "why"), [
    ((2.5, 5.0), 180.0, "the board edge (a Public Area, V.2.2) is under 2\" ahead"),
    ((14.0, 5.0), 0.0, "east on the south straight is the wrong way round"),
])
def test_ending_stays_a_choice_where_a_lash_meets_the_crowd_or_loses_ground(
        at: tuple[float, float], facing: float, why: str) -> None:
    # 000 V.4.2.1: touching a Public Area is a Falling Test and D6" thrown back; a Lash the wrong
    # way gives ground away: the search may weigh ending the activation there
    state = after_the_move(at, facing)
    assert not lash_is_free(state, state.riders["1"]), why
    assert TACTICS.sensible(state, "alice", GAME.legal_actions(state, "alice")) == [Lash(), EndActivation()]


def get_ready() -> ThatllDoPigsState:
    """A four-rider race at its Get Ready! question: the front row filled in initiative order."""
    seats = [Seat(player=p, name=p.title(), pick="common", colour=i) for i, p in enumerate(PLAYERS)]
    state = GAME.start(seats, None, 7).state
    while state.ask is not None and state.ask.kind is AskKind.DEPLOY:
        player = state.ask.player
        state = GAME.apply(state, player, GAME.legal_actions(state, player)[0]).state
    assert state.ask is not None and state.ask.kind is AskKind.READY
    return state


def test_a_front_row_rider_always_assaults_in_get_ready() -> None:
    # 000 V.3 "Get Ready!" (lines 919-924): a won Assault pushes the defender to the second row, a
    # lost one changes nothing, so letting the rivals be is never better
    state = get_ready()
    player = state.ask.player
    legal = GAME.legal_actions(state, player)
    assert ReadyAssault(target=None) in legal and len(legal) > 1
    assert ReadyAssault(target=None) not in TACTICS.sensible(state, player, legal)
    for seed in range(3):
        made = decide(GAME, GAME.seen_by(state, player), player, Level.NORMAL, seed, SMALL)
        assert isinstance(made, ReadyAssault) and made.target is not None
