"""Timber!'s Forest as both the engine and the typed moves read it: who stands where, which squares
are free, and what each Orc may do now (IV.4.2.3). The engine lists its legal moves from here, and a
typed command finds here which Orc it is for, so neither imports the other."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from rules.core.engine import PlayerId
from rules.core.grid import is_edge, neighbouring
from rules.orclympics.timber.models import (
    Action,
    Gather,
    GatherOrcy,
    Leave,
    Move,
    OpenWay,
    Orc,
    OrcId,
    Phase,
    PickWood,
    PlayerTurn,
    ShareWood,
    Shove,
    Stage,
    TimberState,
)

LEAVE_FROM_TURN = 5  # IV.4.2.3.1
ORCY_COST = 2  # IV.4.2.3.5


def team_of(state: TimberState, player: PlayerId) -> list[Orc]:
    return [o for o in state.orcs.values() if o.player == player]


def mate_of(state: TimberState, orc: Orc) -> Orc | None:
    return next((o for o in team_of(state, orc.player) if o.id != orc.id), None)


def in_forest(orc: Orc) -> bool:
    return orc.square is not None


def orc_at(state: TimberState, square: str) -> Orc | None:
    for orc in state.orcs.values():
        if orc.square == square:
            return orc
    return None


def is_terrain(state: TimberState, square: str) -> bool:
    return square in state.trees or square in state.rocks or square in state.bushes


def is_free(state: TimberState, square: str) -> bool:
    """No Terrain Feature and no model (Orc or Boar): where an Orc may step (IV.4.2.3.1)."""
    return not is_terrain(state, square) and square != state.boar and orc_at(state, square) is None


def can_still_act(cur: PlayerTurn, orc_id: OrcId) -> bool:
    return cur.tokens.get(orc_id, 0) > 0 and orc_id not in cur.done


def orc_actions(state: TimberState, cur: PlayerTurn) -> list[Action]:
    """Every action the active player's Orcs can take now (IV.4.2.3.1-IV.4.2.3.7)."""
    actions: list[Action] = []
    for orc in team_of(state, cur.player):
        if not in_forest(orc) or not can_still_act(cur, orc.id):
            continue
        actions.extend(_actions_of(state, cur, orc))
    return actions


def _actions_of(state: TimberState, cur: PlayerTurn, orc: Orc) -> Iterator[Action]:
    here = cast(str, orc.square)
    tokens = cur.tokens[orc.id]
    around = neighbouring(here)
    for square in around:
        if is_free(state, square):
            yield Move(orc=orc.id, to=square)
    if state.turn >= LEAVE_FROM_TURN and is_edge(here):
        yield Leave(orc=orc.id)
    for square in around:
        other = orc_at(state, square)
        if other is not None and other.player != orc.player:
            yield Shove(orc=orc.id, target=other.id)
    for square in around:
        if square in state.bushes:
            yield OpenWay(orc=orc.id, bush=square)
    for square in around:
        if state.trees.get(square, 0) > 0:
            yield Gather(orc=orc.id, tree=square)
            if tokens >= ORCY_COST:
                yield GatherOrcy(orc=orc.id, tree=square)
    if state.dropped.get(here, 0) > 0:
        yield PickWood(orc=orc.id)
    mate = mate_of(state, orc)
    if mate is not None and mate.square in around:
        for keep in range(orc.wood + mate.wood + 1):
            if keep != orc.wood:
                yield ShareWood(orc=orc.id, keep=keep)


def turn_to_act(state: TimberState, player: PlayerId) -> PlayerTurn | None:
    """`player`'s turn when their Orcs may act now (IV.4.2.3: Action Tokens handed out, the Boar run,
    no dodge, Tree or shove waiting on an answer), else None: then none of their Orc actions is legal."""
    cur = state.current
    if state.phase is not Phase.PLAY or cur is None or cur.player != player:
        return None
    if cur.escape is not None or cur.aim is not None or cur.push is not None or cur.stage is not Stage.ACTIONS:
        return None
    return cur


__all__ = ["LEAVE_FROM_TURN", "ORCY_COST", "can_still_act", "in_forest", "is_free", "is_terrain", "mate_of",
           "orc_actions", "orc_at", "team_of", "turn_to_act"]
