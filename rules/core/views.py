"""What every game's view has, whatever the game: so boards, prompts and controls read the table
the same way for every game instead of guessing field names.

A game's view model subclasses `TableView` and adds its board. `table_fields` fills the shared
part from the state; `Game.view` stays the one place that decides what a viewer may see.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

PlayerId = str


class TableView(BaseModel):
    """The shared part of a view: who sits at the table, who it is drawn for, where the game is,
    whom it waits for, and the placings once it is over."""

    viewer: PlayerId | None = None  # None: the public view, the one the channel sees
    names: dict[PlayerId, str] = Field(default_factory=dict)  # every seat's name, in seat order
    phase: str = ""
    turn: int = 0
    waiting_for: list[PlayerId] = Field(default_factory=list)
    placings: list[list[PlayerId]] | None = None
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    """Feats earned so far (the feat -> who earned it), in a game that awards them (`Outcome.feats`
    at its end): the bot lists them as text beside the board while play goes on."""

    def where(self) -> str:
        """Where the game stands, in a few words for a heading ("Game Turn 3"); empty before play
        proper begins. Games that count otherwise (rounds, turns of a fixed number) say so here."""
        return f"Game Turn {self.turn}" if self.turn > 0 and self.phase not in ("", "deployment") else ""


def table_fields(state: Any, viewer: PlayerId | None, waiting_for: list[PlayerId],
                 placings: list[list[PlayerId]] | None) -> dict[str, Any]:
    """The shared fields of a view, read from a game state (`GameState`)."""
    return {"viewer": viewer, "names": {s.player: s.name for s in state.seats},
            "waiting_for": list(waiting_for), "placings": placings}


__all__ = ["TableView", "table_fields"]
