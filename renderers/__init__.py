"""Game views to PNG pictures: `render(view)` picks the drawing for the view's game.

Pure Pillow, no I/O: the bot calls `render` off the event loop and posts the bytes.
Each game's module here declares the slug its views carry in `game` (`SLUG`) and a
`render(view)`; they are found by looking, so adding a game touches no shared file.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any, Protocol


class View(Protocol):
    """Any game's view: all the dispatcher needs is which game it belongs to."""

    @property
    def game(self) -> str: ...


def _discover() -> dict[str, Callable[[Any], bytes]]:
    found: dict[str, Callable[[Any], bytes]] = {}
    for info in sorted(pkgutil.iter_modules(__path__, f"{__name__}."), key=lambda m: m.name):
        module = importlib.import_module(info.name)
        slug = getattr(module, "SLUG", None)
        if isinstance(slug, str) and callable(getattr(module, "render", None)):
            found[slug] = module.render
    return found


RENDERERS: dict[str, Callable[[Any], bytes]] = _discover()


def render(view: View) -> bytes:
    """The PNG picture of `view`; the same view always gives the same bytes."""
    try:
        draw = RENDERERS[view.game]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise KeyError(f"No renderer for the game '{view.game}'. Renderers exist for: {known}.") from None
    return draw(view)
