"""Playing a channel's game to its end through the table service (the door a click goes through),
with random legal moves, War Cries included: for campaign tests, where the games' own controls
are not what is being tested."""

from __future__ import annotations

from bot.service.table import TableService, TurnResult
from rules.core.dice import Dice
from rules.core.selfplay import kind_first_policy

MAX_ACTIONS = 6000


async def play_to_the_end(table: TableService, channel_id: int, seed: int, *,
                          stop_before_end: bool = False) -> TurnResult | None:
    """The last move's result; None when `stop_before_end` stopped one move short of the end."""
    game = table.game((await table.snapshot(channel_id)).slug)
    chooser = Dice(seed=seed)
    result: TurnResult | None = None
    for _ in range(MAX_ACTIONS):
        snap = await table.snapshot(channel_id)
        if snap.outcome is not None:
            return result
        player = snap.waiting_for[0]
        action = kind_first_policy(game, snap.state, player, await table.legal_actions(channel_id, player), chooser)
        if stop_before_end and game.outcome(game.apply(snap.state, player, action).state) is not None:
            return None
        result = await table.act(channel_id, player, action)
    raise AssertionError("the game did not end")
