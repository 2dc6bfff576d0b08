"""The questions Chaos Marauders asks, stage by stage (`rules.core.stages`). Nothing is asked in
secret. The Git owners' question is a reaction: unanswered when its 20 seconds run out, the Git lets
the card be (C8); so is the last call after every turn, asked of the next player: unanswered after 8
seconds, their turn starts by itself (C14 (b)). Both times are the rules' (the stage declares them, the
bot's reaction timer keeps them), not the table's usual reaction time. The shout is not a question: it
is a move open to every player but the drawer all turn long (the engine offers it beside the questions)."""

from __future__ import annotations

from rules.chaos_marauders.data import name_of
from rules.chaos_marauders.models import (
    Ask,
    AskKind,
    Assassinate,
    Attack,
    Begin,
    Blast,
    CMState,
    Decline,
    Done,
    Drop,
    ForceDiscard,
    HoldBack,
    Lead,
    LetBe,
    Place,
    Put,
    Reorganize,
    Shift,
    Skip,
    Spare,
    StartOver,
    Steal,
    Stick,
    Take,
)
from rules.core.engine import PromptKind
from rules.core.stages import Stage, Stages

GIT_SECONDS = 20.0
"""How long each Git owner has to force the discard (C8: "each owner then has 20 s")."""
LAST_CALL_SECONDS = 8.0
"""The last call for shouts after every turn (C14 (b): "plus an 8 s last call given after every turn")."""


def say(state: CMState, ask: Ask) -> str:
    """The words of the open question. They are shown to the whole table, so they never name the card
    being decided on: its drawer (and a Git owner weighing it) is told that privately."""
    match ask.kind:
        case AskKind.DRAWN:  # read by the whole table: it names no card (L37-57)
            return "Where does the card you drew go? (Or decline it, which ends your turn.)"
        case AskKind.GIT:
            victim = state.name_of(state.current)
            return (f"{victim} has said what the card they drew is for (you were told which card): force the "
                    "discard with your Git, or let it be?")
        case AskKind.HOLD:
            held = state.held[0] if state.held else None
            what = name_of(held.card) if held is not None else "a card"
            return f"Put {what} ({held.source if held else ''}) in one of your lines."
        case AskKind.PENALTY:
            shouter = state.name_of(state.penalties[0]) if state.penalties else "someone"
            return f"{shouter} shouted wrongly: take one card from their lines, or spare them?"
        case AskKind.ATTACK:
            chance = state.chances[0] if state.chances else None
            line = chance.line + 1 if chance else 0
            return f"Your line {line} may attack a weaker incomplete line: which, or hold back?"
        case AskKind.STICK:
            return "Your Pigsticker may discard a purple card (or Odlugg) from an opponent's line."
        case AskKind.BILGE:
            return "Bilge Guttrot: reorganize your lines, lead his line into an attack, or neither?"
        case AskKind.REORGANIZE:
            return (f"Move your cards about: any card to any slot, swapping with a card there ({state.moves_left} "
                    "moves left). Say done once every line follows the placing rules, or start over.")
        case AskKind.LAST_CALL:
            drawer = state.name_of(state.current)
            return (f"{drawer}'s turn is over: last call for shouts about it. Draw your first card when you are "
                    f"ready (the turn starts by itself after {LAST_CALL_SECONDS:g} seconds).")
    return ""


STAGES: Stages[CMState] = Stages({
    AskKind.DRAWN: Stage((Place, Decline, Steal, Blast, Assassinate)),
    AskKind.GIT: Stage((ForceDiscard, LetBe), default=LetBe(), seconds=GIT_SECONDS),
    AskKind.HOLD: Stage((Put, Drop), PromptKind.TARGET),
    AskKind.PENALTY: Stage((Take, Spare), PromptKind.TARGET),
    AskKind.ATTACK: Stage((Attack, HoldBack), PromptKind.TARGET),
    AskKind.STICK: Stage((Stick, Skip), PromptKind.TARGET),
    AskKind.BILGE: Stage((Reorganize, Lead, Skip)),
    AskKind.REORGANIZE: Stage((Shift, StartOver, Done)),
    AskKind.LAST_CALL: Stage((Begin,), default=Begin(), seconds=LAST_CALL_SECONDS),
}, say)

__all__ = ["GIT_SECONDS", "LAST_CALL_SECONDS", "STAGES", "say"]
