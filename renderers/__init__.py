"""Game views to PNG pictures: `render(view)` picks the drawing for the view's game.

Pure Pillow, no I/O: the bot calls `render` off the event loop and posts the bytes.
Each game registers one function here under the slug its view carries in `game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from renderers import brood_rumble, flying_pigs, masters_fight, timber


class View(Protocol):
    """Any game's view: all the dispatcher needs is which game it belongs to."""

    @property
    def game(self) -> str: ...


RENDERERS: dict[str, Callable[[Any], bytes]] = {
    "masters-fight": masters_fight.render,
    "timber": timber.render,
    "brood-rumble": brood_rumble.render,
    "flying-pigs": flying_pigs.render,
}


def render(view: View) -> bytes:
    """The PNG picture of `view`; the same view always gives the same bytes."""
    try:
        draw = RENDERERS[view.game]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise KeyError(f"No renderer for the game '{view.game}'. Renderers exist for: {known}.") from None
    return draw(view)
