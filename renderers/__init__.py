"""Game views to PNG pictures: `render(view)` picks the drawing for the view's game, and
`describe(view)` says in words what the board shows, for the picture's alt text.

Pure Pillow, no I/O: the bot calls `render` off the event loop and posts the bytes.
Each game's module here declares the slug its views carry in `game` (`SLUG`) and a
`render(view)`; a board also has `panel_lines(view, recent)`, the side panel it draws, which
`describe` reads out. They are found by looking, so adding a game touches no shared file.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from renderers.common import PanelLine, printable


class View(Protocol):
    """Any game's view: all the dispatcher needs is which game it belongs to."""

    @property
    def game(self) -> str: ...


Panel = Callable[[Any, Sequence[str]], list[PanelLine]]


def _discover() -> tuple[dict[str, Callable[..., bytes]], dict[str, Panel]]:
    found: dict[str, Callable[..., bytes]] = {}
    panels: dict[str, Panel] = {}
    for info in sorted(pkgutil.iter_modules(__path__, f"{__name__}."), key=lambda m: m.name):
        module = importlib.import_module(info.name)
        slug = getattr(module, "SLUG", None)
        if isinstance(slug, str) and callable(getattr(module, "render", None)):
            found[slug] = module.render
            if callable(getattr(module, "panel_lines", None)):
                panels[slug] = module.panel_lines
    return found, panels


RENDERERS, PANELS = _discover()


def render(view: View, recent: Sequence[str] = ()) -> bytes:
    """The PNG picture of `view`; the same view (and `recent`) always gives the same bytes.

    `recent` are the newest lines of the game's log, newest last: a board shows them, so the
    picture says what just happened. A picture that is not a board (a scoreboard) has no place
    for them and is drawn from the view alone."""
    try:
        draw = RENDERERS[view.game]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise KeyError(f"No renderer for the game '{view.game}'. Renderers exist for: {known}.") from None
    if recent and "recent" in inspect.signature(draw).parameters:
        return draw(view, recent=tuple(recent))
    return draw(view)


DESCRIPTION_LIMIT = 1024
"""Discord keeps at most this many characters of an attachment's description."""


def describe(view: View, recent: Sequence[str] = ()) -> str:
    """What the board of `view` shows, in sentences for a screen reader (the picture's alt text):
    the game and where it is, whose turn it is, what just happened, then the standings, read from
    the board's own side panel so the words and the picture never disagree. At most
    `DESCRIPTION_LIMIT` characters, the least important (the end of the standings) cut first."""
    names: dict[str, str] = getattr(view, "names", {}) or {}
    waiting = [names.get(p, p) for p in getattr(view, "waiting_for", []) or []]
    panel = PANELS.get(view.game)
    lines = panel(view, ()) if panel is not None else []
    head, rest = (lines[0].text, lines[1:]) if lines else (view.game, [])
    parts = [f"{head} board."]
    if rest:
        parts.append(_sentence(rest[0]))
        rest = rest[1:]
    if getattr(view, "placings", None) is None:
        parts.append(f"Waiting for {_and(waiting)}." if waiting else "Nobody is to play right now.")
    news = [line for line in (printable(text) for text in recent) if line]
    if news:
        parts.append(f"Just now: {news[-1].rstrip('.')}.")
    parts += [_sentence(line) for line in rest]
    text = " ".join(part for part in parts if part)
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1].rstrip() + "…"


def _sentence(line: PanelLine) -> str:
    """A panel line read out: its text, its note, and who is to play; a heading ends with a colon."""
    words = line.text.strip()
    if line.note:
        words = f"{words}, {line.note}"
    if line.marked:
        words = f"{words} (to play)"
    if line.struck:
        words = f"{words} (out)" if "out" not in line.note else words
    if not words:
        return ""
    if line.heading:
        return f"{words}:"
    return words if words[-1] in ".!?:" else f"{words}."


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
