"""Buttons, selects and modals that survive a restart: the game, the version and the move live in `custom_id`.

A board message carries `zj:act:<game>:<version>:<payload>` buttons and
`zj:pick:<game>:<version>:<kind>` selects. Nothing about them is kept in memory: when one is used, discord.py rebuilds the
item from its custom_id (`DynamicItem`), the game is loaded (from the table's
cache or the store), and the version is handed to the table as
`expected_version`, so a doubled or stale click is refused there. A version of
`x` means "whatever is current" (used for secret choices sent by DM, where
several players answer at once).

The components do not know what a click does: they hand it to the bot's
`actions` (a `ControlHandler`, the action path in `bot.ui.turns`), so this module
imports neither the action path nor any game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from bot.ui.controls import ANY_VERSION, MAX_BUTTONS_PER_ROW, MAX_OPTIONS, MAX_ROWS, PICKED, Controls
from bot.ui.declared import FORM, MAX_FORM_FIELDS, AskForm


class ControlHandler(Protocol):
    """What the bot does when one of these components is used (`ZagjanBot.actions`)."""

    async def on_button(self, interaction: discord.Interaction[Any], game_id: int, version: int | None,
                        payload: str) -> None: ...

    async def on_select(self, interaction: discord.Interaction[Any], game_id: int, version: int | None,
                        kind: str, value: str) -> None: ...

    async def on_form(self, interaction: discord.Interaction[Any], game_id: int, version: int | None,
                              payload: str, typed: dict[str, str]) -> None: ...

    async def on_idle_vote(self, interaction: discord.Interaction[Any], game_id: int, version: int,
                           choice: str) -> None: ...

    async def on_add_computer(self, interaction: discord.Interaction[Any]) -> None: ...


def handler(interaction: discord.Interaction[Any]) -> ControlHandler:
    return interaction.client.actions  # type: ignore[attr-defined,no-any-return]


# -- the persistent components ------------------------------------------------------------------

_ID = r"(?P<game>[0-9]+):(?P<version>[0-9]+|x)"


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=re.compile(rf"zj:act:{_ID}:(?P<payload>\S+)")):
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
        await handler(interaction).on_button(interaction, self.game_id, _version(self.version), self.payload)


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=re.compile(rf"zj:pick:{_ID}:(?P<kind>[a-z-]+)")):
    """A select whose chosen option completes one action (a destination, a target…)."""

    def __init__(self, game_id: int, version: int | str, kind: str, *, placeholder: str = "Choose…",
                 options: Sequence[discord.SelectOption] = (), row: int | None = None, min_values: int = 1,
                 max_values: int = 1) -> None:
        self.game_id = int(game_id)
        self.version = str(version)
        self.kind = kind
        super().__init__(discord.ui.Select(custom_id=f"zj:pick:{game_id}:{version}:{kind}",
                                           placeholder=placeholder, options=list(options), row=row,
                                           min_values=min_values, max_values=max_values))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Select[Any],
                             match: re.Match[str], /) -> ActSelect:
        return cls(int(match["game"]), match["version"], match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if not values:
            await interaction.response.defer()
            return
        if len(values) == 1 and values[0].startswith(f"{FORM}."):  # "type another": the form is the answer
            await handler(interaction).on_button(interaction, self.game_id, _version(self.version), values[0])
            return
        await handler(interaction).on_select(interaction, self.game_id, _version(self.version), self.kind,
                                             PICKED.join(values))  # one value, unless the menu takes several


class IdleVote(discord.ui.DynamicItem[discord.ui.Button[Any]],
               template=re.compile(rf"zj:idle:{_ID}:(?P<choice>skip|remove)")):
    """A vote of the other players about those the table has waited for too long."""

    LABELS = {"skip": ("Skip their turn", "⏭️"), "remove": ("Remove them (they place last)", "🚪")}

    def __init__(self, game_id: int, version: int | str, choice: str) -> None:
        self.game_id, self.version, self.choice = int(game_id), str(version), choice
        label, emoji = self.LABELS[choice]
        super().__init__(discord.ui.Button(label=label, emoji=emoji, style=discord.ButtonStyle.secondary,
                                           custom_id=f"zj:idle:{game_id}:{version}:{choice}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> IdleVote:
        return cls(int(match["game"]), match["version"], match["choice"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler(interaction).on_idle_vote(interaction, self.game_id, int(self.version), self.choice)


def idle_vote_view(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in IdleVote.LABELS:
        view.add_item(IdleVote(game_id, version, choice))
    return view


ADD_COMPUTER = "Add a computer player"


class AddComputer(discord.ui.DynamicItem[discord.ui.Button[Any]], template=re.compile(r"zj:cpu:add")):
    """Under lobby messages posted before the lobby card (`bot.ui.lobby`) had buttons of its own: opens
    the same form as the card's "Add a computer player", for the channel's lobby. Kept so those
    messages' buttons still work."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label=ADD_COMPUTER, style=discord.ButtonStyle.secondary, emoji="🤖",
                                           custom_id="zj:cpu:add"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> AddComputer:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler(interaction).on_add_computer(interaction)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ActButton, ActSelect, IdleVote, AddComputer)


def _version(text: str) -> int | None:
    return None if text == ANY_VERSION else int(text)


ASK_ID = re.compile(rf"zj:ask:{_ID}:(?P<payload>\S+)")


class FormModal(discord.ui.Modal):
    """A form asking for what a move needs: a square by name (Deploy has 40-odd choices, too many for
    one menu), a point, a number... one part per declared parameter. A part whose legal values fit
    one menu (`FormField.options`: a Battlefield, a card, a side) is that menu, in the player's words
    (a `Label` wrapping a `Select`); the others are text boxes.

    Like the buttons, it keeps nothing in memory that its answer needs: the game, the version and
    the button that opened it are in its custom_id, and every answer is handled from there
    (`submitted`), so a form opened before a restart, or left open for an hour, still works.
    """

    def __init__(self, game_id: int, version: int | None, ask: AskForm, payload: str) -> None:
        tag = ANY_VERSION if version is None else version
        super().__init__(title=ask.title[:45], timeout=600, custom_id=f"zj:ask:{game_id}:{tag}:{payload}")
        for field in ask.fields[:MAX_FORM_FIELDS]:
            if field.options:
                only = len(field.options) == 1 and field.required
                menu: discord.ui.Select[Any] = discord.ui.Select(
                    custom_id=field.name, placeholder=field.label[:150], required=field.required,
                    min_values=1 if field.required else 0, max_values=1,
                    options=[discord.SelectOption(label=words[:100], value=value, default=only)
                             for value, words in field.options[:MAX_OPTIONS]])
                self.add_item(discord.ui.Label(text=field.label[:45], component=menu))
                continue
            self.add_item(discord.ui.TextInput(label=field.label[:45], custom_id=field.name, required=field.required,
                                               placeholder=f"for example {field.example}"[:100] if field.example
                                               else None, max_length=200))

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: `ZagjanBot.on_interaction` answers every form through `submitted`,
        whether or not this object is still in memory."""


def _leaves(nodes: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """A submitted form's answering parts, out of their rows and labels."""
    found: list[dict[str, Any]] = []
    for node in nodes:
        if node.get("components") is not None:
            found += _leaves(node["components"])
        elif node.get("component") is not None:  # a Label around a menu or a text box
            found += _leaves([node["component"]])
        elif node.get("custom_id"):
            found.append(node)
    return found


def _typed(interaction: discord.Interaction[Any]) -> tuple[str, dict[str, str]] | None:
    """A form's custom_id and what was given in each part (by field name): the text typed, or the
    value picked in a menu (several joined by commas); None for anything else."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data: dict[str, Any] = dict(interaction.data or {})
    typed = {str(c["custom_id"]): (",".join(map(str, c["values"])) if c.get("values") is not None
                                   else str(c.get("value", "")))
             for c in _leaves(data.get("components", []))}
    return str(data.get("custom_id", "")), typed


def picked_from_menus(interaction: discord.Interaction[Any]) -> bool:
    """Whether a submitted form's parts were all menus (so its answer is one of the legal moves)."""
    data: dict[str, Any] = dict(interaction.data or {})
    parts = _leaves(data.get("components", []))
    return bool(parts) and all(c.get("values") is not None for c in parts)


def submitted(interaction: discord.Interaction[Any]) -> tuple[int, int | None, str, dict[str, str]] | None:
    """A move's form answer read from the interaction alone: game, version, the payload of the button
    that opened it, and the text typed in each field (by field name); None for any other interaction."""
    found = _typed(interaction)
    match = ASK_ID.fullmatch(found[0]) if found is not None else None
    if found is None or match is None:
        return None
    return int(match["game"]), _version(match["version"]), match["payload"], found[1]


NAMED_FORM = "zj:form:"
"""The custom_id prefix of a form that is not a move's (the lobby's "Add a computer player"): the
bot routes its answer by name (`ZagjanBot.forms`), so it too works when sent after a restart."""


def named_form(interaction: discord.Interaction[Any]) -> tuple[str, dict[str, str]] | None:
    """A named form's answer: its name and the text typed in each field; None for anything else."""
    found = _typed(interaction)
    if found is None or not found[0].startswith(NAMED_FORM):
        return None
    return found[0].removeprefix(NAMED_FORM), found[1]


# -- building a message's view ---------------------------------------------------------------------


def build_view(game_id: int, version: int | None, controls: Controls) -> discord.ui.View | None:
    """Lay the controls out in Discord's five rows: buttons first, then one row per select."""
    if not controls.buttons and not controls.selects:
        return None
    tag: int | str = ANY_VERSION if version is None else version
    view = discord.ui.View(timeout=None)
    rows_for_buttons = -(-len(controls.buttons) // MAX_BUTTONS_PER_ROW)
    for index, spec in enumerate(controls.buttons[: MAX_BUTTONS_PER_ROW * 2]):
        view.add_item(ActButton(game_id, ANY_VERSION if spec.any_version else tag, spec.payload, label=spec.label,
                                style=spec.style, emoji=spec.emoji, row=index // MAX_BUTTONS_PER_ROW))
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
                                options=options, row=row, min_values=min(spec.min_values, len(options)),
                                max_values=min(spec.max_values, len(options))))
        row += 1
    return view
