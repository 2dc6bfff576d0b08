"""Buttons and selects that survive a restart: the game, the version and the move live in `custom_id`.

A board message carries `zj:act:<game>:<version>:<payload>` buttons and
`zj:pick:<game>:<version>:<kind>` selects. Nothing about them is kept in
memory: when one is clicked, discord.py rebuilds the item from its custom_id
(`DynamicItem`), the game is loaded from the store, and the version is handed to
the table as `expected_version`, so a doubled or stale click is refused there.
A version of `x` means "whatever is current" (used for secret choices sent by
DM, where several players answer at once).

Each game says which controls it wants through a `GameControls` adapter
(`bot.ui.masters_fight`); games without one get a generic select of their legal
actions (`GenericControls`).
"""

from __future__ import annotations

import json
import re
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
class AskSquare:
    """Open a modal asking for a square, then apply `{"type": action_type, field: square}`."""

    action_type: str
    field: str
    title: str
    label: str


@dataclass(frozen=True)
class RandomLegal:
    """Apply one of the player's legal actions of this type, picked at random by the bot."""

    action_type: str


Decoded = dict[str, Any] | AskSquare | RandomLegal


@dataclass(frozen=True)
class ButtonSpec:
    payload: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None


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


def adapter_for(slug: str) -> GameControls:
    from bot.ui import brood_rumble, flying_pigs, masters_fight, timber

    adapters: dict[str, GameControls] = {"flying-pigs": flying_pigs.FlyingPigsControls(),
                                         "masters-fight": masters_fight.MastersFightControls(),
                                         "timber": timber.TimberControls(),
                                         "brood-rumble": brood_rumble.BroodRumbleControls()}
    return adapters.get(slug, GenericControls())


# -- the persistent components ------------------------------------------------------------------

_ID = r"(?P<game>[0-9]+):(?P<version>[0-9]+|x)"


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=re.compile(rf"zj:act:{_ID}:(?P<payload>[a-z0-9._-]+)")):
    """A button that applies (or starts) one action of the game it belongs to."""

    def __init__(self, game_id: int, version: int | str, payload: str, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji: str | None = None,
                 row: int | None = None) -> None:
        self.game_id = int(game_id)
        self.version = str(version)
        self.payload = payload
        super().__init__(discord.ui.Button(label=label, style=style, emoji=emoji, row=row,
                                           custom_id=f"zj:act:{game_id}:{version}:{payload}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> ActButton:
        return cls(int(match["game"]), match["version"], match["payload"], label=item.label or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.ui import turns

        await turns.on_button(interaction, self.game_id, _version(self.version), self.payload)


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=re.compile(rf"zj:pick:{_ID}:(?P<kind>[a-z]+)")):
    """A select whose chosen option completes one action (a destination, a target…)."""

    def __init__(self, game_id: int, version: int | str, kind: str, *, placeholder: str = "Choose…",
                 options: Sequence[discord.SelectOption] = (), row: int | None = None) -> None:
        self.game_id = int(game_id)
        self.version = str(version)
        self.kind = kind
        super().__init__(discord.ui.Select(custom_id=f"zj:pick:{game_id}:{version}:{kind}",
                                           placeholder=placeholder, options=list(options), row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Select[Any],
                             match: re.Match[str], /) -> ActSelect:
        return cls(int(match["game"]), match["version"], match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.ui import turns

        values = self.item.values
        if not values:
            await interaction.response.defer()
            return
        await turns.on_select(interaction, self.game_id, _version(self.version), self.kind, values[0])


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ActButton, ActSelect)


def _version(text: str) -> int | None:
    return None if text == ANY_VERSION else int(text)


class SquareModal(discord.ui.Modal):
    """Asks for a square by name (Deploy has 40-odd choices: too many for one select)."""

    square: discord.ui.TextInput[Any]

    def __init__(self, game_id: int, version: int | None, ask: AskSquare) -> None:
        super().__init__(title=ask.title[:45], timeout=600)
        self.game_id = game_id
        self.version = version
        self.ask = ask
        self.square = discord.ui.TextInput(label=ask.label[:45], placeholder="for example c4", custom_id="square",
                                           min_length=2, max_length=3)
        self.add_item(self.square)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        from bot.ui import turns

        await turns.on_square(interaction, self.game_id, self.version, self.ask, self.square.value)


# -- building a message's view ---------------------------------------------------------------------


def build_view(game_id: int, version: int | None, controls: Controls) -> discord.ui.View | None:
    """Lay the controls out in Discord's five rows: buttons first, then one row per select."""
    if not controls.buttons and not controls.selects:
        return None
    tag: int | str = ANY_VERSION if version is None else version
    view = discord.ui.View(timeout=None)
    rows_for_buttons = -(-len(controls.buttons) // MAX_BUTTONS_PER_ROW)
    for index, spec in enumerate(controls.buttons[: MAX_BUTTONS_PER_ROW * 2]):
        view.add_item(ActButton(game_id, tag, spec.payload, label=spec.label, style=spec.style,
                                emoji=spec.emoji, row=index // MAX_BUTTONS_PER_ROW))
    row = min(rows_for_buttons, 2)
    for spec in controls.selects:
        if row >= MAX_ROWS:
            controls.notes.append(f"({spec.placeholder.rstrip('…')}: use the slash commands.)")
            continue
        options = [discord.SelectOption(label=o.label[:100], value=o.value, description=o.description)
                   for o in spec.options[:MAX_OPTIONS]]
        if not options:
            continue
        view.add_item(ActSelect(game_id, tag, spec.kind, placeholder=spec.placeholder[:150],
                                options=options, row=row))
        row += 1
    return view
