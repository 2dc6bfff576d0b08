"""The three Orc Broods (seed 000, campaign rules 4), what a player picks as they sit down at any
discipline, and their age order.

Feral Orcs are the youngest broods, Common Orcs the adults and Iron Orcs the
veterans. The age order only matters for the campaign's tie procedure: on a
tied roll of 1-3 the younger brood counts as higher, on 4-6 the older one.
Two players of the same brood get a random age order when the campaign starts.
"""

from __future__ import annotations

from enum import StrEnum

from rules.core.engine import Choice, Seat, SeatPick


class Brood(StrEnum):
    COMMON = "common"
    FERAL = "feral"
    IRON = "iron"

    @property
    def label(self) -> str:
        return {"common": "Common Orcs", "feral": "Feral Orcs", "iron": "Iron Orcs"}[self.value]


AGE_ORDER: tuple[Brood, ...] = (Brood.FERAL, Brood.COMMON, Brood.IRON)
"""Youngest first."""


BROOD = SeatPick(name="brood", question="Your Orc brood (default: Common)",
                 choices=tuple(Choice(value=b.value, label=b.label) for b in Brood), default=Brood.COMMON.value)
"""Every discipline's seat pick: a brood, any number of players alike (seed 000, campaign rules 4)."""


def brood_of(seat: Seat) -> Brood:
    """The brood a seat plays, as the rules read it (Common for a seat that did not say)."""
    return Brood(BROOD.of(seat))
