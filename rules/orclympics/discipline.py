"""What every discipline of the Orclympics is besides its own rules: its players sit down with a
brood, and a campaign's War Cry holders may throw a die of theirs again.

A discipline's engine derives from `Discipline` and its state from `DisciplineState`, so the
shared core (`rules.core.engine`) needs no word of broods or the War Cry.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, model_validator

from rules.orclympics.broods import BROOD
from rules.orclympics.war_cry import WarCryRules, WarCryState


class DisciplineState(WarCryState):
    """A discipline's state: the War Cry it may carry, and its seats' broods as picks."""

    @model_validator(mode="before")
    @classmethod
    def _brood_was_the_pick(cls, data: Any) -> Any:
        """States stored before seats were generic name each seat's pick `brood`: read them as picks."""
        if not isinstance(data, dict) or not any(isinstance(s, dict) and "brood" in s for s in data.get("seats") or ()):
            return data
        seats = [{("pick" if key == "brood" else key): value for key, value in seat.items()}
                 if isinstance(seat, dict) else seat for seat in data["seats"]]
        return {**data, "seats": seats}


S = TypeVar("S", bound=DisciplineState)
A = TypeVar("A", bound=BaseModel)


class Discipline(WarCryRules[S, A]):
    """An Orclympics discipline: a brood for each seat, and the War Cry layer over its rules."""

    seat_pick = BROOD


__all__ = ["Discipline", "DisciplineState"]
