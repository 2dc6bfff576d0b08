"""Hold the Gate: a tiny co-operative game, only for tests.

The players together hold a gate against a horde for a few rounds: in turn each rolls a D6 and
adds it to the gate's strength. If the gate reaches the horde's strength (option "horde", 12 by
default) before the rounds run out (option "rounds", 2), everyone wins; else everyone loses.
Each player picks a hero as they sit down, and no two pick the same one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.engine import (
    Choice,
    Context,
    Game,
    GameState,
    Outcome,
    OutcomeKind,
    PlayerId,
    Prompt,
    PromptKind,
    Seat,
    SeatPick,
)
from rules.core.errors import RuleViolation

HERO = SeatPick(name="hero", question="Your hero", default="smasha", unique=True,
                choices=(Choice(value="smasha", label="Smasha the Bold"), Choice(value="grubz", label="Grubz"),
                         Choice(value="nogg", label="Nogg the Wise")))


class GateState(GameState):
    game: Literal["hold-the-gate"] = "hold-the-gate"
    horde: int = 12
    rounds: int = 2
    gate: int = 0
    round: int = 1
    turn: int = 0  # index into seats of who rolls next
    over: bool = False


class Hold(BaseModel):
    type: Literal["hold"] = "hold"


GateAction = Annotated[Hold, Field(discriminator="type")]


class GateView(BaseModel):
    game: Literal["hold-the-gate"] = "hold-the-gate"
    gate: int
    horde: int
    round: int


class HoldTheGate(Game[GateState, Any]):
    slug = "hold-the-gate"
    title = "Hold the Gate"
    min_players = 1
    max_players = 3
    recommended = (2, 3)
    state_type = GateState
    action_adapter = TypeAdapter(GateAction)
    seat_pick = HERO
    outcome_kind = OutcomeKind.COOPERATIVE

    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> GateState:
        state = GateState(seats=list(seats), dice=ctx.dice.state, horde=int(options.get("horde", 12)),
                          rounds=int(options.get("rounds", 2)))
        ctx.say(f"The horde comes at strength {state.horde}; hold the gate for {state.rounds} rounds.")
        return state

    def _prompts(self, state: GateState) -> list[Prompt]:
        if state.over:
            return []
        return [Prompt(player=state.seats[state.turn].player, kind=PromptKind.ACTION, text="Hold the gate.")]

    def _legal_actions(self, state: GateState, player: PlayerId) -> list[Any]:
        return [Hold()] if player in self.waiting_for(state) else []

    def _apply(self, ctx: Context, state: GateState, player: PlayerId, action: Any) -> None:
        if player not in self.waiting_for(state):
            raise RuleViolation("It is not your turn to hold the gate.")
        hero = HERO.label(HERO.of(state.seat(player)))
        state.gate += ctx.dice.d6(f"{hero} holds the gate", player).result
        if state.gate >= state.horde:
            state.over = True
            ctx.say("The gate holds!", kind="end")
            return
        state.turn = (state.turn + 1) % len(state.seats)
        if state.turn == 0:
            state.round += 1
            if state.round > state.rounds:
                state.over = True
                ctx.say("The horde breaks through.", kind="end")

    def view(self, state: GateState, viewer: PlayerId | None) -> GateView:
        return GateView(gate=state.gate, horde=state.horde, round=state.round)

    def outcome(self, state: GateState) -> Outcome | None:
        if not state.over:
            return None
        won = state.gate >= state.horde
        return Outcome.together([s.player for s in state.seats], won=won,
                                summary="The gate held." if won else "The gate fell.")


__all__ = ["HERO", "GateState", "Hold", "HoldTheGate"]
