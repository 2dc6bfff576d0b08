"""What one seat sees of a game that the table does not: the private part of its view.

The rules say what each viewer may see (`Game.view(state, viewer)`); the bot never asks a game
which of its fields are secret. It compares: whatever differs between a seat's view and the
public view is that seat's private part (a hand, a face-down card, an attack chosen in secret).
So the bot can tell, for any game and without naming one, whether a player has something only
they may see (the "My hand" button), and whether a move changed it (their picture is sent to them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

VIEWER_FIELD = "viewer"
"""A view may name whom it was drawn for; that alone is no secret, so it is left out of the comparison."""

_ABSENT = object()


@dataclass(frozen=True)
class SeatView:
    """A seat's own view of a game, from the table service (the only holder of the full state)."""

    game_id: int
    slug: str
    title: str
    version: int
    player: str
    view: BaseModel
    private: bool  # whether any of it differs from what the table sees


def private_part(seat: BaseModel, public: BaseModel) -> dict[str, Any]:
    """What `seat` shows and `public` does not, by path: `{"combat.attack": "headbutt"}`. Empty when
    the seat sees nothing more than everyone (and then it has nothing to be shown privately)."""
    mine, everyone = seat.model_dump(mode="json"), public.model_dump(mode="json")
    mine.pop(VIEWER_FIELD, None)
    everyone.pop(VIEWER_FIELD, None)
    found: dict[str, Any] = {}
    _differences(mine, everyone, "", found)
    return found


def _differences(mine: Any, everyone: Any, path: str, found: dict[str, Any]) -> None:
    """Walk both values together and note, at the deepest place they part, what the seat sees."""
    if mine == everyone:
        return
    if isinstance(mine, dict) and isinstance(everyone, dict):
        for key in sorted(mine.keys() | everyone.keys(), key=str):
            _differences(mine.get(key, _ABSENT), everyone.get(key, _ABSENT), f"{path}.{key}" if path else str(key),
                         found)
        return
    if isinstance(mine, list) and isinstance(everyone, list) and len(mine) == len(everyone):
        for index, (a, b) in enumerate(zip(mine, everyone)):
            _differences(a, b, f"{path}[{index}]", found)
        return
    found[path] = None if mine is _ABSENT else mine


__all__ = ["SeatView", "private_part", "VIEWER_FIELD"]
