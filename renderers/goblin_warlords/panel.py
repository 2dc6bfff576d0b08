"""The goblin warlords board's side panel: the game turn and the phase, then the warlords in this
turn's order of play (seat order before it is drawn up), each with the public counts of the hand and
what it holds on the map. A hand's chips are its owner's alone (`rules.goblin_warlords.secrets`):
the panel shows how many there are, which every view carries, and nothing a seat's view adds."""

from __future__ import annotations

from collections.abc import Sequence

from renderers.common import ACCENT, MUTED, TEXT, PanelLine
from renderers.goblin_warlords.layout import PANEL_TEXT, S
from renderers.goblin_warlords.stacks import colours
from rules.goblin_warlords.models import GoblinView, Phase

TITLE_TEXT = 32 * S
PHASES: dict[Phase, str] = {Phase.SETUP: "Set-up", Phase.REINFORCE: "B2 Reinforce", Phase.MARCH: "B3-5 March",
                            Phase.TRADE: "C Trading", Phase.OVER: "Game over"}
"""The phase after the game turn: the text's step letters, short enough for one row of the panel."""


def panel_lines(view: GoblinView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The panel's lines; `recent` is not shown: the bot's message carries the log as text."""
    phase = Phase(view.phase)
    lines = [PanelLine("Goblin Warlords", size=TITLE_TEXT, colour=ACCENT),
             PanelLine(" · ".join(part for part in (view.where(), PHASES[phase]) if part), size=PANEL_TEXT)]
    colour = colours(view)
    ordered = view.order if view.order and phase is not Phase.SETUP else [w.player for w in view.warlords]
    lines.append(PanelLine("Order of play" if ordered is view.order else "Warlords", size=PANEL_TEXT, colour=MUTED,
                           space_before=8 * S, heading=True))
    for player in ordered:
        lines.append(PanelLine(view.names.get(player, player), size=PANEL_TEXT, swatch=colour[player],
                               marked=player == view.current or player in view.waiting_for and view.current is None,
                               note=_standing(view, player), note_size=PANEL_TEXT,
                               colour=ACCENT if player in view.winners else TEXT))
        lines.append(PanelLine(_hand(view, player), size=PANEL_TEXT, colour=MUTED,
                               note="" if phase is Phase.SETUP else _held(view, player), note_size=PANEL_TEXT))
    return lines


def _standing(view: GoblinView, player: str) -> str:
    """Beside a warlord's name: a win, a victory announced this game turn, a set-up done."""
    if player in view.winners:
        return "Winner"
    if player in view.announced:
        return "Announced"
    ready = Phase(view.phase) is Phase.SETUP and next(w for w in view.warlords if w.player == player).ready
    return "Ready" if ready else ""


def _hand(view: GoblinView, player: str) -> str:
    """What a warlord's hand holds, as everybody may know it: how many unit chips and gold chips."""
    warlord = next(w for w in view.warlords if w.player == player)
    return f"{_counted(warlord.units, 'unit')} · {warlord.gold_chips} gold"


def _held(view: GoblinView, player: str) -> str:
    """What a warlord holds on the map, as the power victory counts it, and armies lost underground."""
    lands = sum(1 for holder in view.control.values() if holder == player)
    manned = {a.territory for a in view.armies if a.owner == player and not a.lost and (a.leader is not None or a.units)}
    forts = sum(1 for f in view.fortresses if f.owner == player and f.territory in manned)  # L157: manned ones
    lost = sum(1 for a in view.armies if a.owner == player and a.lost)
    return ", ".join([_counted(lands, "land")] + [_counted(forts, "fort")] * bool(forts) + [f"{lost} lost"] * bool(lost))


def _counted(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"
