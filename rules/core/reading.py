"""What a move's words may draw on: the view of the seat making it, and the table's names.

Its own module because both a move (`rules.core.moves`) and the way it is offered
(`rules.core.offers`: a line under the board) read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RuleViolation

PlayerId = str


@dataclass(frozen=True)
class Reading:
    """What a move's words may draw on: the view of the seat making it, and the table's names."""

    view: Any
    names: Mapping[PlayerId, str] = field(default_factory=dict)

    def name(self, player: PlayerId) -> str:
        return self.names.get(player, player)

    def player(self, text: str) -> PlayerId:
        """A seat by its id (what autocomplete sends) or its name as a player types it (any case,
        `_` for spaces)."""
        wanted = text.strip()
        if wanted in self.names:
            return wanted
        folded = wanted.replace("_", " ").casefold()
        found = [p for p, n in self.names.items() if n.casefold() == folded]
        if len(found) == 1:
            return found[0]
        found = [p for p, n in self.names.items() if n.casefold().startswith(folded)] if folded else []
        if len(found) == 1:
            return found[0]
        raise RuleViolation(f"Nobody at this table is called '{wanted}'; pick one from the list.")
