"""Issue 41: a refused card placement says the rule that refuses it, not only the question again
("That is not allowed now: You drew Spoil Heaps…" said nothing of why). Seed 001 L788-796 (a Standard
only in slot 1, a Musician only in slot 6, one of each symbol in a line), L202-219 and L313-323 (only a
Git or the Idol goes into another player's line), L439-440 (a red card must be placed if it can be)."""

from __future__ import annotations

import random

import pytest

from rules.chaos_marauders.data import Colour, kind
from rules.chaos_marauders.models import AskKind, Decline, Place
from rules.core.engine import Seat
from rules.core.errors import RuleViolation
from rules.registry import GAMES

GAME = GAMES["chaos-marauders"]


def _refusals() -> list[tuple[str, str]]:
    """(what was tried, the refusal) for wrong placements through a seeded game of three."""
    seats = [Seat(player=f"p{i}", name=f"P{i}", pick="", colour=i) for i in range(3)]
    state = GAME.start(seats, None, 4).state
    chooser = random.Random(2)
    found = []
    for _ in range(300):
        player = GAME.waiting_for(state)[0]
        legal = GAME.legal_actions(state, player)
        if state.ask is not None and state.ask.kind is AskKind.DRAWN and state.drawn is not None:
            card = kind(state.drawn)
            tries = {"slot 1": Place(line=0, slot=0), "slot 6": Place(line=0, slot=5), "middle": Place(line=0, slot=2),
                     "other's line": Place(line=0, slot=2, player=next(p for p in state.order if p != player))}
            if card.colour is Colour.RED:
                tries["decline"] = Decline()
            for what, action in tries.items():
                if action not in legal:
                    with pytest.raises(RuleViolation) as refused:
                        GAME.apply(state, player, action)
                    found.append((f"{what} {card.role.value} {card.key}", str(refused.value)))
        state = GAME.apply(state, player, chooser.choice(legal)).state
        if GAME.outcome(state) is not None:
            break
    return found


def test_a_refused_placement_says_which_rule_refuses_it():
    found = _refusals()
    assert len(found) > 20
    reasons = ("takes only a Standard", "takes only a Musician", "stands only in slot", "holds", "already",
               "Only a Git or the Idol", "A Git goes into another player's line", "red card must be placed",
               "within 3 slots", "does not go into a line")
    for tried, refusal in found:
        assert refusal.startswith("That is not allowed now: ")
        assert any(reason in refusal for reason in reasons), (tried, refusal)
    assert any("red card must be placed" in r for _, r in found)
    assert any("takes only a" in r for _, r in found)
    assert any("Only a Git or the Idol" in r for _, r in found)
