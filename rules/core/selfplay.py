"""Random self-play: every game is played to its end by players who pick legal actions at random.

Used by `zagjan simulate`, `zagjan render` and the property tests. Choices come
from the same splitmix dice as the games (seeded apart from the game's own), so
a run is fully determined by its seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core.dice import Dice
from rules.core.engine import Event, Game, PlayerId, Seat, SeatPick
from rules.core.search import kind_first


class SelfPlayResult(BaseModel):
    model_config = {"arbitrary_types_allowed": True}

    state: Any
    log: list[tuple[PlayerId, Any]]
    events: list[Event]
    finished: bool


def random_seats(count: int, chooser: Dice, pick: SeatPick | None = None) -> list[Seat]:
    """`count` seats, each with a random one of the game's seat picks still free (none when the
    game asks for none)."""
    seats: list[Seat] = []
    for i in range(count):
        chosen = chooser.pick(pick.free(s.pick for s in seats), pick.name) if pick is not None else ""
        seats.append(Seat(player=f"p{i + 1}", name=f"Orc {i + 1}", pick=chosen, colour=i))
    return seats


Policy = Callable[[Game[Any, Any], Any, PlayerId, list[Any], Dice], Any]


def kind_first_policy(game: Game[Any, Any], state: Any, player: PlayerId, actions: list[Any], chooser: Dice) -> Any:
    """A random kind of action, then a random action of that kind (`search.kind_first`), drawn
    with the self-play dice so a run is fixed by its seed."""
    return kind_first(actions, lambda options, why: chooser.pick(options, why))


def play_random(game: Game[Any, Any], players: int, seed: int, *, max_actions: int = 5000,
                policy: Policy | None = None, stop_after: int | None = None, seats: Sequence[Seat] | None = None,
                options: dict[str, Any] | None = None) -> SelfPlayResult:
    """Play one game from `seed`. `stop_after` ends early after that many actions
    (for `zagjan render --steps`); `seats` and `options` replace the random seats and the
    default options (a campaign passes its players, their picks and options of its own)."""
    chooser = Dice(seed=seed ^ 0x5EED5EED)
    seats = list(seats) if seats is not None else random_seats(players, chooser, game.seat_pick)
    step = game.start(seats, options, seed)
    state, events = step.state, list(step.events)
    log: list[tuple[PlayerId, Any]] = []
    pick = policy or kind_first_policy
    while game.outcome(state) is None and len(log) < max_actions:
        if stop_after is not None and len(log) >= stop_after:
            break
        waiting = game.waiting_for(state)
        if not waiting:
            raise RuntimeError(f"{game.slug}: nobody is prompted but the game is not over")
        player = waiting[0] if len(waiting) == 1 else chooser.pick(waiting, "who acts")
        actions = game.legal_actions(state, player)
        if not actions:
            raise RuntimeError(f"{game.slug}: {player} is prompted but has no legal action")
        action = pick(game, state, player, actions, chooser)
        step = game.apply(state, player, action)
        state = step.state
        events.extend(step.events)
        log.append((player, action))
    chooser.rolls.clear()
    return SelfPlayResult(state=state, log=log, events=events, finished=game.outcome(state) is not None)
