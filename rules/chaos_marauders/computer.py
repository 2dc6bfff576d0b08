"""Chaos Marauders for computer players: which moves are worth a thought, and what a move must
change to have done something. A computer never shouts wrongly (issue 27): it shouts only when the
Chaos Marauders really was drawn this turn and nobody has won it yet, which anyone watching the
table knows; and when it may shout rightly, it does (out of turn too: `out_of_turn`, which the bot's
computer players read, `bot.waits.computers`). It spots the card as a player does, on the table once placed,
never while the drawer still holds it."""

from __future__ import annotations

from typing import Any

from rules.chaos_marauders import table as t
from rules.chaos_marauders.models import AskKind, CMState, Done, Shift, Shout, Spare, StartOver, Take
from rules.chaos_marauders.secrets import MARAUDERS_CARD
from rules.core.engine import PlayerId
from rules.core.search import Tactics, win_chances


def _right(state: CMState, action: Any) -> bool:
    """A shout a player watching the table knows to be right: the Chaos Marauders lies in the drawer's
    lines among the cards placed this turn, drawn this turn (the log says when a card was taken from a
    wrong shouter instead), and nobody has won it yet. Nothing hidden is read: while the drawer still
    decides on the card, it shows nowhere (L37-47)."""
    if not isinstance(action, Shout) or action.turn not in (None, state.turn) or state.claimed:
        return False
    found = t.where(state, MARAUDERS_CARD)
    return (state.marauders_turn == state.turn and MARAUDERS_CARD in state.new and found is not None
            and found[0] == state.current)


def _reorganizing(state: CMState, player: PlayerId, actions: list[Any]) -> list[Any]:
    """Bilge's reorganization offers up to 153 moves: worth a thought are "done", and the moves after
    which the lines are lawful and worth more points (a machine put in order); "start over" when the
    lines are not lawful."""
    worth = t.victory_points(state, player)
    kept = [a for a in actions if isinstance(a, Done | StartOver)]
    for action in actions:
        if not isinstance(action, Shift):
            continue
        lines = [list(line) for line in state.lines[player]]
        here, there = (action.from_line, action.from_slot), (action.line, action.slot)
        lines[here[0]][here[1]], lines[there[0]][there[1]] = lines[there[0]][there[1]], lines[here[0]][here[1]]
        if t.misplaced(lines) is None:
            moved = state.model_copy(update={"lines": {**state.lines, player: lines}})
            if t.victory_points(moved, player) > worth:
                kept.append(action)
    if any(isinstance(a, Done) for a in kept):
        kept = [a for a in kept if not isinstance(a, StartOver)]
    return kept or actions


class MaraudersTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float] | None:
        """Victory Points on the table, 40 points a step."""
        if state.over:
            return None
        return win_chances({p: float(t.victory_points(state, p)) for p in state.order}, 40.0)

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        if not isinstance(state, CMState):
            return actions
        if state.ask is not None and state.ask.kind is AskKind.REORGANIZE and player == state.current:
            return _reorganizing(state, player, actions)
        shouts = [a for a in actions if _right(state, a)]
        if shouts:
            return shouts[:1]  # a free card for the taking: take it before anyone else
        kept = [a for a in actions if not isinstance(a, Shout)]
        if any(isinstance(a, Take) for a in kept):  # a wrong shout's price is a free card: never spare it
            kept = [a for a in kept if not isinstance(a, Spare)]
        return kept or actions

    def out_of_turn(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """The moves worth making while the game waits for someone else: a right shout, never a
        wrong one."""
        if not isinstance(state, CMState):
            return []
        return [a for a in actions if _right(state, a)][:1]

    def substance(self, state: Any) -> Any:
        assert isinstance(state, CMState)
        return (tuple((p, tuple(tuple(line) for line in lines)) for p, lines in state.lines.items()),
                tuple(state.discards), state.drawn, tuple(h.card for h in state.held))


TACTICS = MaraudersTactics()

__all__ = ["TACTICS", "MaraudersTactics"]
