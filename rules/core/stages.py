"""The questions a game asks, declared as a table: stage -> who answers -> which moves answer it.

Many games move on by asking one question at a time ("place a Terrain Feature", "choose your
attack in secret", "Escape, or take the hit?"). The state holds the open question as an `Ask`
(its stage and the players who may answer it; the first answer counts), and the game declares
once, per stage, how the question is put (`Stage`: the prompt's kind, whether it is secret, its
text) and which kinds of action answer it. From that table `Stages` gives every such game the
same prompts, the same refusals ("it is not your decision", "that does not answer this
question") and the same list of who is waited for, so no game writes them again.

A game keeps its own stage names (a `StrEnum`) and its own `Ask` fields beyond the two here (the
model the question is about, the roll a reroll concerns): it subclasses `Ask`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from rules.core.engine import GameState, PlayerId, Prompt, PromptKind
from rules.core.errors import RuleViolation

S = TypeVar("S", bound=GameState)


class Ask(BaseModel):
    """The question open now: its stage, and everyone who may answer it (both teammates for a team's
    decision; the first answer counts)."""

    kind: str
    players: list[PlayerId]


@dataclass(frozen=True)
class Stage:
    """How one kind of question is put, and what answers it."""

    answers: tuple[type, ...]  # the action types that answer it
    prompt: PromptKind = PromptKind.ACTION
    text: str = ""  # the prompt's words, when they never change (else the table's `say` writes them)
    secret: bool = False  # answered in secret: asked in private, the answer hidden until revealed
    default: BaseModel | Callable[[Any, Ask], BaseModel] | None = None
    """A reaction's answer when nobody gives one in time (a Git lets the card be): the prompt carries it,
    and the bot's reaction timer applies it. None: the question waits for its answer. It may be worked
    out from the state and the question (`(state, ask) -> action`) when it depends on the position (the
    first of the squares tied), so the timer applies, and the log names, the very choice."""
    seconds: float | None = None
    """The rules' own time limit for a reaction (a stage with a `default`): the bot applies the default
    when it runs out, instead of after the table's usual reaction time (Chaos Marauders' 8-second last
    call). None: the table's usual time. The clock is the bot's; the rules only name the number."""

    def __post_init__(self) -> None:
        if self.seconds is not None and (self.default is None or self.seconds <= 0):
            raise ValueError("A stage's time limit needs a default answer and a positive number of seconds.")


class Stages(Generic[S]):
    """A game's table of questions. `say(state, ask)` writes the prompt's words for stages whose
    `text` is empty (words that name the model, the distance rolled, ...)."""

    def __init__(self, table: Mapping[str, Stage], say: Callable[[S, Any], str] | None = None) -> None:
        self.table = dict(table)
        self.say = say

    def text(self, state: S, ask: Ask) -> str:
        stage = self.table[ask.kind]
        if stage.text or self.say is None:
            return stage.text
        return self.say(state, ask)

    def prompts(self, state: S, ask: Ask | None) -> list[Prompt]:
        """One prompt for each player who may answer the open question (none when nothing is asked)."""
        if ask is None:
            return []
        stage = self.table[ask.kind]
        text = self.text(state, ask)
        default = stage.default(state, ask) if callable(stage.default) else stage.default
        return [Prompt(player=p, kind=PromptKind.SECRET if stage.secret else stage.prompt, text=text,
                       secret=stage.secret, seconds=stage.seconds,
                       default=None if default is None else default.model_dump(mode="json"))
                for p in ask.players]

    def asks(self, ask: Ask | None, player: PlayerId) -> bool:
        """Whether `player` is one of those the open question waits for."""
        return ask is not None and player in ask.players

    def admit(self, state: S, ask: Ask | None, player: PlayerId, action: Any) -> Ask:
        """The open question, when `action` by `player` answers it; else a refusal that says why."""
        if ask is None:
            raise RuleViolation("Nothing is waiting for a decision right now.")
        if player not in ask.players:
            names = " or ".join(state.name_of(p) for p in ask.players)
            raise RuleViolation(f"It is not your decision: the game is waiting for {names}.")
        if not isinstance(action, self.table[ask.kind].answers):
            raise RuleViolation(f"That is not an answer to this question: {self.text(state, ask)}")
        return ask


__all__ = ["Ask", "Stage", "Stages"]
