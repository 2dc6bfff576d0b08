"""Checks of Discord's own that SimCord leaves out, added to its validation for every bot test.

The real Discord refuses a whole message (50035 `BUTTON_COMPONENT_INVALID_EMOJI`) when a button or a
menu option carries an emoji that is not one of Unicode's emoji (or an existing custom one); SimCord
only checks that the emoji is an object. `emoji` (the `emoji` package, kept up to date with Unicode's
emoji list) judges each one, so a board offering a bad emoji fails its test as it would fail in a
server. `install` wraps SimCord's validators where its routes call them; `uninstall` puts them back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import emoji
import simcord._modal
import simcord.components
import simcord.http.routes.interactions
from simcord.components import ComponentValidationError, walk_components


def _emojis(components: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every emoji of a component tree: (where, the emoji object), buttons and menu options alike."""
    for component in walk_components(components):
        if isinstance(component.get("emoji"), Mapping):
            yield f"component {component.get('custom_id') or component.get('label')!r}", component["emoji"]
        for option in component.get("options") or []:
            if isinstance(option, Mapping) and isinstance(option.get("emoji"), Mapping):
                yield f"option {option.get('label')!r}", option["emoji"]


def invalid_emojis(components: Any) -> list[str]:
    """What Discord would refuse: a Unicode emoji (no id) that is not exactly one emoji."""
    bad = []
    for where, found in _emojis(components):
        name = found.get("name")
        if found.get("id") is None and not (isinstance(name, str) and emoji.is_emoji(name)):
            bad.append(f"{where}: {name!r} is not an emoji")
    return bad


def _checked(validate: Callable[..., Any], tree: Callable[[Any], Any]) -> Callable[..., Any]:
    def wrapper(value: Any, *args: Any, **kwargs: Any) -> Any:
        bad = invalid_emojis(tree(value))
        if bad:
            raise ComponentValidationError("BUTTON_COMPONENT_INVALID_EMOJI: " + "; ".join(bad))
        return validate(value, *args, **kwargs)
    wrapper.__wrapped__ = validate  # type: ignore[attr-defined]
    return wrapper


_SITES: list[tuple[Any, str, Callable[[Any], Any]]] = [
    (simcord.components, "validate_components", lambda components: components),
    (simcord._modal, "validate_modal", lambda modal: modal.get("components", []) if isinstance(modal, Mapping) else []),
    (simcord.http.routes.interactions, "validate_modal",
     lambda modal: modal.get("components", []) if isinstance(modal, Mapping) else []),
]


def install() -> None:
    for module, name, tree in _SITES:
        current = getattr(module, name)
        if not hasattr(current, "__wrapped__"):
            setattr(module, name, _checked(current, tree))


def uninstall() -> None:
    for module, name, _ in _SITES:
        current = getattr(module, name)
        setattr(module, name, getattr(current, "__wrapped__", current))


__all__ = ["install", "invalid_emojis", "uninstall"]
