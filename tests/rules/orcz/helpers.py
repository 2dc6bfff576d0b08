"""Positions of Orcz built by hand, so each rule can be met directly (seed 003)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.engine import Seat
from rules.orcz import GAME
from rules.orcz.data import Event, Field
from rules.orcz.models import Ask, AskKind, OrczState, Phase, Rank

NAMES = ("Ann", "Bo", "Cy", "Di")


def seats(count: int = 4) -> list[Seat]:
    return [Seat(player=f"p{i + 1}", name=NAMES[i], colour=i) for i in range(count)]


def fresh(count: int = 4, seed: int = 1) -> OrczState:
    return GAME.new(seats(count), None, seed)


def texts(step: object) -> list[str]:
    return [e.text for e in step.events]  # type: ignore[attr-defined]


def battle(ranks: Sequence[tuple[str, str, str, str]], *, count: int = 4, event: Event = Event.QUIET_SKIES,
           challenge: int = 1, field: Field = Field.ANVIL) -> OrczState:
    """A struggle at `field` with `ranks` (owner, left, right, face-down side) from front to rear,
    the rear one revealed and its owner asked; every other Battlefield already resolved this turn.
    Challenge index 1 is the 3/1."""
    state = fresh(count)
    state.phase, state.event = Phase.STRUGGLE, event
    for front in state.fronts:
        front.ranks, front.aside, front.done = [], [], True
    front = state.front(field)
    front.done, front.challenge = False, challenge
    front.unseen = [c for c in range(6) if c != challenge]  # the face-up one is seen
    front.ranks = [Rank(id=n + 1, owner=o, left=left, right=right, down=down)  # type: ignore[arg-type]
                   for n, (o, left, right, down) in enumerate(ranks)]
    state.next_rank = len(ranks) + 1
    state.current = field
    for warlord in state.warlords:
        warlord.hand = []
    if front.ranks:
        front.ranks[-1].revealed = True
        state.ask = Ask(kind=AskKind.STRUGGLE, players=[front.ranks[-1].owner])
    return state


def aside_only(state: OrczState, ranks: Sequence[tuple[str, str, str]], *, field: Field = Field.ANVIL) -> OrczState:
    """The same Battlefield with every rank already set aside, revealed, and the line empty: ready to
    face its Challenge as soon as `resolve` is called."""
    front = state.front(field)
    front.ranks = []
    front.aside = [Rank(id=100 + n, owner=o, left=left, right=right, down="left", revealed=True)
                   for n, (o, left, right) in enumerate(ranks)]
    return state


def resolve(state: OrczState, dice: object = None) -> tuple[OrczState, list[str]]:
    """Face the current Battlefield's Challenge (what happens once its line is empty); `dice` (a
    `ScriptedDice`) forces what is drawn after it."""
    from rules.core.dice import Dice
    from rules.core.engine import Context

    work = OrczState.model_validate(state.model_dump())
    ctx = Context(dice if dice is not None else Dice(work.dice))  # type: ignore[arg-type]
    GAME._work(ctx, work)
    return work, [e.text for e in ctx.finish()]
