"""Moves a player may make out of turn (`Move.any_time`: a Scout sent at any moment, a shout in
someone else's turn): the table takes them from players the game is not waiting for, and only
them; every other move out of turn is refused as before."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field, TypeAdapter

from bot.storage.store import Store
from bot.service.table import TableError, TableService
from fakegame import Choose, LuckyRace, RaceState, RollDie
from rules.core.engine import Context, PlayerId
from rules.core.errors import RuleViolation
from rules.core.moves import Move, MoveBook

CHANNEL, GUILD = 300, 7


class Cheer(BaseModel):
    type: Literal["cheer"] = "cheer"


class CheerState(RaceState):
    game: Literal["cheering-race"] = "cheering-race"  # type: ignore[assignment]
    cheers: list[PlayerId] = Field(default_factory=list)


class CheeringRace(LuckyRace):
    """Lucky Race where anyone not rolling may cheer once, whenever they like."""

    slug = "cheering-race"
    title = "Cheering Race"
    state_type = CheerState
    action_adapter = TypeAdapter(Annotated[Choose | RollDie | Cheer, Field(discriminator="type")])
    moves = MoveBook("cr", [Move("choose", "choose", "Choose", "Pick your lucky number.", typed=False),
                            Move("roll", "roll", "Roll", "Roll the die."),
                            Move("cheer", "cheer", "Cheer!", "Cheer the roller on.", any_time=True)])

    def _legal_actions(self, state: Any, player: PlayerId) -> list[Any]:
        mine = super()._legal_actions(state, player)
        cheering = not self._choosing(state) and player not in state.cheers and player not in self.waiting_for(state)
        return [*mine, Cheer()] if cheering and state.winner is None else mine

    def _apply(self, ctx: Context, state: Any, player: PlayerId, action: Any) -> None:
        if isinstance(action, Cheer):
            if Cheer() not in self._legal_actions(state, player):
                raise RuleViolation("You cannot cheer now.")
            state.cheers.append(player)
            ctx.say(f"{state.seat(player).name} cheers!")
            return
        super()._apply(ctx, state, player, action)


@pytest.fixture
async def cheering(store: Store) -> TableService:
    table = TableService(store, {CheeringRace.slug: CheeringRace()}, seed_source=lambda: 20240501)
    await table.new_game(CHANNEL, GUILD, "u1", "Grak", CheeringRace.slug, {}, creator_pick="iron")
    await table.join(CHANNEL, "u2", "Mub", "feral")
    await table.start(CHANNEL, "u1")
    for number, player in enumerate(("u1", "u2"), start=1):
        await table.act(CHANNEL, player, {"type": "choose", "number": number})
    return table


async def test_a_move_declared_any_time_is_taken_from_a_player_not_asked(cheering: TableService) -> None:
    snap = await cheering.snapshot(CHANNEL)
    roller = snap.waiting_for[0]
    other = "u2" if roller == "u1" else "u1"
    assert await cheering.legal_actions(CHANNEL, other) == [Cheer()]  # autocomplete and buttons offer it
    result = await cheering.act(CHANNEL, other, {"type": "cheer"})
    after = await cheering.snapshot(CHANNEL)
    assert after.version == snap.version + 1 and after.waiting_for == [roller]  # the roller's turn goes on
    assert any("cheers!" in e.text for e in result.public_events)
    with pytest.raises(TableError, match="turn"):  # once only: the rules offer it no more
        await cheering.act(CHANNEL, other, {"type": "cheer"})
    with pytest.raises(TableError, match="turn"):  # any other move out of turn is refused as before
        await cheering.act(CHANNEL, other, {"type": "roll"})
    assert (await cheering.snapshot(CHANNEL)).version == after.version
