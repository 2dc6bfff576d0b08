"""What a game's controls are made of, before they become Discord components.

A game's controls come through a `GameControls` adapter (`bot.ui.declared.adapter_for`: the
controls built from the moves its rules declare): from the legal actions it builds buttons,
selects and notes as plain specs, and it turns a clicked payload back into an action. A game that
declares no moves gets a generic select of its legal actions (`GenericControls`). `bot.ui.components` lays the specs out
as persistent Discord components.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord
from pydantic import BaseModel

from rules.core.engine import Prompt

ANY_VERSION = "x"
MAX_OPTIONS = 25  # Discord's limit for one select
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_VALUE = 100  # Discord's limit for a select option's value


# -- what an adapter returns --------------------------------------------------------------


@dataclass(frozen=True)
class RandomLegal:
    """Apply one of the player's legal actions of this type, picked at random by the bot."""

    action_type: str


Decoded = dict[str, Any] | RandomLegal


@dataclass(frozen=True)
class ButtonSpec:
    payload: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    any_version: bool = False  # not pinned to the board's version (`Move.any_version`)


@dataclass(frozen=True)
class OptionSpec:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class SelectSpec:
    kind: str
    placeholder: str
    options: list[OptionSpec]
    min_values: int = 1
    max_values: int = 1  # more than 1: several options are picked together, handed on joined by PICKED


PICKED = "\n"
"""What joins the values of a menu of many picks into the one string an adapter's `from_select` reads."""


@dataclass
class Controls:
    buttons: list[ButtonSpec] = field(default_factory=list)
    selects: list[SelectSpec] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class GameControls(Protocol):
    """How one game turns legal actions into components, and components back into actions.

    `secret_text` and `secret_version` are optional: an adapter that leaves them out gets the
    defaults below through `secret_text()` and `secret_version()`, so games without secrets
    need not know they exist.
    """

    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls: ...

    def from_button(self, payload: str) -> Decoded: ...

    def from_select(self, kind: str, value: str) -> Decoded: ...

    def secret_text(self, view: Any, prompt: Prompt) -> str:
        """What a secret choice's DM (or ephemeral message) says: by default the prompt itself;
        a game may add what the player needs to decide, from the public `view`."""
        return prompt.text

    def secret_version(self, version: int) -> int | None:
        """The version a secret choice's buttons are pinned to. By default none ("x"), because
        several players may be choosing at once and each answer moves the game on; a game that
        asks one question at a time pins them, so a doubled or late click cannot answer the next."""
        return None


def secret_text(adapter: GameControls, view: Any, prompt: Prompt) -> str:
    """`adapter.secret_text`, or the protocol's default when the adapter does not define it."""
    method = getattr(adapter, "secret_text", None)
    return str(method(view, prompt)) if method is not None else GameControls.secret_text(adapter, view, prompt)


def secret_version(adapter: GameControls, version: int) -> int | None:
    """`adapter.secret_version`, or the protocol's default when the adapter does not define it."""
    method = getattr(adapter, "secret_version", None)
    return method(version) if method is not None else GameControls.secret_version(adapter, version)


class GenericControls:
    """Any game: one select listing its legal actions, each option's value the action's JSON."""

    def controls(self, view: Any, legal: Sequence[BaseModel], player: str) -> Controls:
        options: list[OptionSpec] = []
        for action in legal:
            value = json.dumps(action.model_dump(mode="json"), separators=(",", ":"))
            if len(value) <= MAX_VALUE:
                options.append(OptionSpec(label=describe(action)[:100], value=value))
        notes = []
        if len(options) > MAX_OPTIONS:
            options = options[:MAX_OPTIONS]
            notes.append("Only the first 25 choices fit in the menu.")
        return Controls(selects=[SelectSpec("any", "Choose…", options)] if options else [], notes=notes)

    def from_button(self, payload: str) -> Decoded:
        return {"type": payload}

    def from_select(self, kind: str, value: str) -> Decoded:
        data = json.loads(value)
        if not isinstance(data, dict):
            raise ValueError("not an action")
        return data


def describe(action: BaseModel) -> str:
    """'choose number=3' — a readable label for an action nobody wrote a label for."""
    data = action.model_dump(mode="json")
    kind = str(data.pop("type", type(action).__name__))
    rest = " ".join(f"{k}={v}" for k, v in data.items())
    return f"{kind} {rest}".strip()
