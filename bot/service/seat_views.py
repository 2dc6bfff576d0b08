"""What one seat sees of a game that the table does not: the private part of its view.

The rules say what each viewer may see (`Game.view(state, viewer)`); the bot never asks a game
which of its fields are secret. It compares: whatever differs between a seat's view and the
public view is that seat's private part (a hand, a face-down card, an attack chosen in secret).
So the bot can tell, for any game and without naming one, whether a player has something only
they may see (the "Your hand" button), and whether a move changed it (their picture is sent to them).
"""

from __future__ import annotations

from collections.abc import Mapping
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
    return private_parts({"": seat}, public)[""]


def private_parts(seats: Mapping[str, BaseModel], public: BaseModel) -> dict[str, dict[str, Any]]:
    """`private_part` of each seat's view against the one public view, which is read once for all of
    them (the table does this for every human seat after every move)."""
    everyone = _plain(public)
    parts: dict[str, dict[str, Any]] = {}
    for player, view in seats.items():
        parts[player] = {}
        _differences(_plain(view), everyone, "", parts[player])
    return parts


def _plain(view: BaseModel) -> dict[str, Any]:
    """A view as plain JSON values, without whom it was drawn for."""
    plain = view.model_dump(mode="json")
    plain.pop(VIEWER_FIELD, None)
    return plain


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


__all__ = ["SeatView", "private_part", "private_parts", "VIEWER_FIELD"]
