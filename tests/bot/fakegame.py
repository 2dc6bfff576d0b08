"""A tiny game for testing the bot without depending on a real discipline.

Lucky Race: every player first picks a secret lucky number (1-6), all at once.
Then players take turns rolling a D6 and add the face to their score; rolling
one's own lucky number scores two more and reveals it. The first to reach the
target (10 by default, option "target") wins; the others are placed by score.

It exercises what the table service must get right: simultaneous secret
prompts, events visible to one player only, dice in the state, an outcome,
options, a pick at the seat and a recommended table size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.engine import Choice, Context, Game, GameState, Outcome, PlayerId, Prompt, PromptKind, Seat, SeatPick
from rules.core.errors import RuleViolation


class RaceState(GameState):
    game: Literal["lucky-race"] = "lucky-race"
    target: int = 10
    lucky: dict[PlayerId, int] = Field(default_factory=dict)  # secret until rolled
    revealed: list[PlayerId] = Field(default_factory=list)
    scores: dict[PlayerId, int] = Field(default_factory=dict)
    turn: int = 0  # index into seats of who rolls next
    winner: PlayerId | None = None


class Choose(BaseModel):
    type: Literal["choose"] = "choose"
    number: int = Field(ge=1, le=6)


class RollDie(BaseModel):
    type: Literal["roll"] = "roll"


RaceAction = Annotated[Choose | RollDie, Field(discriminator="type")]


class RaceView(BaseModel):
    game: Literal["lucky-race"] = "lucky-race"
    scores: dict[PlayerId, int]
    lucky: dict[PlayerId, int]  # only numbers the viewer may know
    chosen: list[PlayerId]
    turn: PlayerId | None
    winner: PlayerId | None


class LuckyRace(Game[RaceState, Any]):
    slug = "lucky-race"
    title = "Lucky Race"
    min_players = 2
    max_players = 4
    recommended = (3, 4)
    state_type = RaceState
    action_adapter = TypeAdapter(RaceAction)
    seat_pick = SeatPick(name="brood", question="Your Orc brood (default: Common)", default="common",
                         choices=tuple(Choice(value=v, label=f"{v.title()} Orcs") for v in ("common", "feral", "iron")))

    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> RaceState:
        target = int(options.get("target", 10))
        if target < 1:
            raise RuleViolation("The target must be at least 1 point.")
        first = ctx.dice.pick(list(range(len(seats))), "who rolls first")
        state = self.state_type(seats=list(seats), dice=ctx.dice.state, target=target,
                                scores={s.player: 0 for s in seats}, turn=first)
        ctx.say(f"{seats[first].name} will roll first. Everyone now picks a secret lucky number.")
        return state

    def _choosing(self, state: RaceState) -> bool:
        return len(state.lucky) < len(state.seats)

    def _prompts(self, state: RaceState) -> list[Prompt]:
        if state.winner is not None:
            return []
        if self._choosing(state):
            return [Prompt(player=s.player, kind=PromptKind.SECRET, text="Pick your lucky number.", secret=True)
                    for s in state.seats if s.player not in state.lucky]
        roller = state.seats[state.turn]
        return [Prompt(player=roller.player, kind=PromptKind.ACTION, text="Roll the die.")]

    def _legal_actions(self, state: RaceState, player: PlayerId) -> list[Any]:
        if player not in self.waiting_for(state):
            return []
        if self._choosing(state):
            return [Choose(number=n) for n in range(1, 7)]
        return [RollDie()]

    def _apply(self, ctx: Context, state: RaceState, player: PlayerId, action: Any) -> None:
        name = state.seat(player).name
        if player not in self.waiting_for(state):
            raise RuleViolation("It is not your turn.")
        if isinstance(action, Choose):
            if not self._choosing(state):
                raise RuleViolation("The lucky numbers have all been picked; roll the die.")
            state.lucky[player] = action.number
            ctx.say(f"You picked {action.number} as your lucky number.", visible_to=[player])
            ctx.say(f"{name} has picked a lucky number.")
            return
        if self._choosing(state):
            raise RuleViolation("Wait until everyone has picked a lucky number.")
        face = ctx.dice.d6("race roll", player).result
        gained = face + (2 if face == state.lucky[player] else 0)
        if face == state.lucky[player]:
            state.revealed.append(player)
            ctx.say(f"{face} was {name}'s lucky number: two more points!")
        state.scores[player] += gained
        ctx.say(f"{name} now has {state.scores[player]} points.")
        if state.scores[player] >= state.target:
            state.winner = player
            ctx.say(f"{name} wins the race!", kind="end")
        else:
            state.turn = (state.turn + 1) % len(state.seats)

    def view(self, state: RaceState, viewer: PlayerId | None) -> RaceView:
        known = {p: n for p, n in state.lucky.items()
                 if p in state.revealed or p == viewer or state.winner is not None}
        return RaceView(scores=dict(state.scores), lucky=known, chosen=sorted(state.lucky),
                        turn=None if self._choosing(state) or state.winner else state.seats[state.turn].player,
                        winner=state.winner)

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.winner is None:
            return None
        others: dict[int, list[PlayerId]] = {}
        for seat in state.seats:
            if seat.player != state.winner:
                others.setdefault(state.scores[seat.player], []).append(seat.player)
        placings = [[state.winner]] + [others[score] for score in sorted(others, reverse=True)]
        return Outcome(placings=placings, summary=f"{state.name_of(state.winner)} won the race.")
