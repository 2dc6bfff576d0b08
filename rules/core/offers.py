"""How a move is best put in front of a player: the rules' advice to an interface, apart from the move.

A `Move` says what an action is (its word, label, parameters and words); its `offer` says how a
screen should present the legal actions of that kind, because only the rules know that a yes wants a
red button, that the usual throw deserves a button of its own beside a menu of the rest, or that the
legal actions only sample what may be typed. There are four ways, one per question a move can be:

- `Auto` (the default): nothing to say; buttons when the actions are few and hold at most a yes/no
  or one of a few choices, else a menu.
- `Buttons`: always a button per legal action (an answer among a handful, a die to throw again).
- `Menu`: menus of the legal actions, a form joining them for what they cannot all hold.
- `Form`: a form to type the parameters in, for values no list can hold.

Every way takes the look of the move's controls (`emoji`, `style`) and a `hint`, a line under the
board while the move is offered. Nothing here names Discord: buttons, menus and forms are what every
screen with controls has; the terminal, which lists moves to type, reads none of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rules.core.reading import Reading

Style = Literal["primary", "secondary", "success", "danger"]
Sections = Callable[[Sequence[Any], Reading], Sequence[tuple[str, Sequence[Any]]]]
"""Menus the rules lay out themselves (by side of the board, by distance…): from the move's legal
actions, (placeholder, actions) per menu; actions in no menu are left to a form or the command."""


@dataclass(frozen=True)
class Offer:
    """What every way of offering a move shares: how its buttons look, and a line under the board."""

    emoji: str | None = None
    style: Style = "secondary"
    hint: Callable[[Reading, str], str | None] | None = None
    """A line under the board while the move is offered (whom the turn waits for, say), given what
    the table shows and the player the controls are for."""


@dataclass(frozen=True)
class Auto(Offer):
    """Buttons when the legal actions are few and there is little in them to choose, else a menu."""


@dataclass(frozen=True)
class Buttons(Offer):
    """A button for each legal action."""

    look: Callable[[Any], tuple[Style, str | None]] | None = None
    """A button's (style, emoji) per action, to tell them apart at a glance (a yes in red, a no in grey)."""
    numbered: bool = False
    """Each button reads the label and the action's place among the legal ones, "(1)", "(2)"…, for a
    question that lists its choices by number (which of several dice to throw again)."""


@dataclass(frozen=True)
class Menu(Offer):
    """Menus of the legal actions; when they cannot hold them all and every parameter can be typed, a
    form joins them for the rest."""

    split: str | Sections | None = None
    """How the actions are parted into menus: by a parameter's values (one menu per Orc) only when one
    menu cannot hold them all, or always by the rules' own `Sections`."""
    shared: str | None = None
    """The placeholder of one menu shared with the other moves naming it (the rarer orders together)."""
    crowded: str | None = None
    """The same, only when the board has no row left for a menu of each."""
    pin: Callable[[Any], bool] | None = None
    """Actions with a button of their own beside the menu (the usual choice)."""
    dice: str | None = None
    """The label of a button letting the dice choose among the legal actions, beside the menus."""
    picks: str | None = None
    """The placeholder of one more menu choosing every parameter at once (all of them choices), for a
    move whose combinations are too many to list."""


@dataclass(frozen=True)
class Form(Offer):
    """A button opening a form to type the move's parameters."""

    menus: Sections | None = None
    """Menus of the legal actions the rules pick out beside the form (the likely ones)."""
    dice: str | None = None
    """The label of a button letting the dice choose among the legal actions."""


__all__ = ["Auto", "Buttons", "Form", "Menu", "Offer", "Sections", "Style"]
