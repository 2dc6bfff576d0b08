"""A whole game as the pictures of an animated replay (issue 45): the set-up, one frame per player
turn, the final placings. Pure: a game is its seed and its action log, so its replay is too.

A replay is posted in the channel, so every frame is the PUBLIC view (`Game.view(state, None)`)
and its caption is made only of public events (`Event.visible_to` None): a seat's hand, a
scout's peek or a card drawn in secret never reaches a frame.

What one frame covers, the same rule for every game (a player turn):

- an action starts a new turn when it is made by another player than the turn's, or when the
  view's turn number (`TableView.turn`: a game turn, a round, a player turn, as the game counts)
  has moved on since the turn began: Masters' Fight's activation, Orcz's placing (with its
  scout), Chaos Marauders' draws until the turn ends, a Brood Rumble activation;
- an answer to a reaction (every prompt of its player has a `default`: a shout, a catch) joins
  the turn it answers, and is not a turn of its own, unless it moves the turn number on (Chaos
  Marauders' "begin" opens the next player's turn, so it starts that turn);
- players the game waits for at once (a simultaneous choice) share one turn while they answer.

A frame shows the table after its turn's last action. A long game (a 400-activation brawl) would
be minutes of pictures: above `MAX_FRAMES`, consecutive turns are put together evenly, k to a
frame, so every game plays in a few minutes and every turn is still in some frame.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.core.engine import Event, Game, Outcome, OutcomeKind, PlayerId, Seat, public

MAX_FRAMES = 120
"""The most frames of a replay, set-up and placings included: at about a second a frame, two minutes."""

CAPTION_EVENTS = 3
"""The most events a caption names: what a viewer reads in the time one frame is shown."""

KIND_WEIGHT: dict[str, int] = {"end": 4, "feat": 3, "log": 2, "phase": 1}
"""Which events a caption keeps first when a turn has more than it can say; a die roll only when the
turn has nothing else to say (the roll's result is in the line that follows it)."""


class RecordedAction(BaseModel):
    """One entry of a game's action log: who acted and the action as JSON (the store's form)."""

    model_config = ConfigDict(extra="forbid")

    player: PlayerId
    action: dict[str, Any]


class GameRecord(BaseModel):
    """Everything a game is, as one JSON object: the game's slug, the seed, the seats, the options and
    the action log. `Game.replay` rebuilds the game from it; the bot writes it from its store
    (`/game record`) and `zagjan replay --record` reads it."""

    model_config = ConfigDict(extra="forbid")

    game: str
    seed: int
    seats: list[Seat]
    options: dict[str, Any] = Field(default_factory=dict)
    log: list[RecordedAction] = Field(default_factory=list)

    @classmethod
    def of(cls, game: Game[Any, Any], seats: Sequence[Seat], options: dict[str, Any] | None, seed: int,
           log: Iterable[tuple[PlayerId, Any]]) -> GameRecord:
        """The record of a game played with `game`'s engine (actions as the engine dumps them)."""
        return cls(game=game.slug, seed=seed, seats=list(seats), options=dict(options or {}),
                   log=[RecordedAction(player=p, action=json.loads(game.dump_action(a))) for p, a in log])

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        return cls.model_validate_json(text)

    def actions(self, game: Game[Any, Any]) -> list[tuple[PlayerId, Any]]:
        """The log as `game`'s actions; a ValueError when the record is of another game."""
        if game.slug != self.game:
            raise ValueError(f"This record is of '{self.game}', not '{game.slug}'.")
        return [(entry.player, game.parse_action(entry.action)) for entry in self.log]

    def final_state(self, game: Game[Any, Any]) -> Any:
        """The state the record's game ended in (`Game.replay`)."""
        return game.replay(self.seats, self.options, self.seed, self.actions(game))


def public_log(game: Game[Any, Any], seats: Sequence[Seat], options: dict[str, Any] | None, seed: int,
               log: Iterable[tuple[PlayerId, str]]) -> list[RecordedAction]:
    """A running game's log with nothing private in it: each move that answered a secret question is
    written `{"secret": true}` (the record of a running game also leaves out the seed, which tells
    every card to come). Replays the game to know which moves those were."""
    state = game.new(seats, options, seed)
    public: list[RecordedAction] = []
    for player, action_json in log:
        secret = any(p.secret and p.player == player for p in game.prompts(state))
        public.append(RecordedAction(player=player, action={"secret": True} if secret else json.loads(action_json)))
        state = game.apply(state, player, game.parse_action(action_json)).state
    return public


class FrameKind(StrEnum):
    SETUP = "setup"
    TURN = "turn"
    END = "end"


class Frame(BaseModel):
    """One picture of a replay: the public view of the table and what its caption says."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    kind: FrameKind
    view: Any  # the game's public view (viewer None)
    heading: str  # where the game is and whose turn it was ("Game Turn 3 · Orc 2")
    lines: list[str]  # the turn's key public events, oldest first
    actions: int  # how many actions of the log the picture has played

    @property
    def caption(self) -> str:
        """The heading and the lines as one text, for a band under the board."""
        said = " ".join(line.strip() for line in self.lines if line.strip())
        return f"{self.heading}: {said}" if said else self.heading


@dataclass
class Turn:
    """A run of actions that make one player turn (the module's rule), and the state after it."""

    actors: list[PlayerId]
    together: frozenset[PlayerId]
    number: int
    state: Any
    actions: int
    events: list[Event] = field(default_factory=list)


def _answers_a_reaction(game: Game[Any, Any], state: Any, player: PlayerId) -> bool:
    mine = [p for p in game.prompts(state) if p.player == player]
    return bool(mine) and all(p.default is not None for p in mine)


def _leads(game: Game[Any, Any], state: Any) -> frozenset[PlayerId]:
    """The players the game waits for at once for a decision that is not a reaction."""
    return frozenset(p.player for p in game.prompts(state) if p.default is None)


def turns(game: Game[Any, Any], state: Any, log: Iterable[tuple[PlayerId, Any]]) -> list[Turn]:
    """The action log from `state` cut into player turns, by the module's rule."""
    found: list[Turn] = []
    current: Turn | None = None
    for index, (player, action) in enumerate(log):
        number = game.view(state, None).turn
        reaction = _answers_a_reaction(game, state, player)
        leads = _leads(game, state)
        step = game.apply(state, player, action)
        after = step.state
        if reaction and current is not None and game.outcome(after) is None:
            opens = game.view(after, None).turn != current.number
        else:
            opens = False
        goes_on = current is not None and not opens and (
            reaction or (number == current.number and (player == current.actors[-1] or player in current.together)))
        if not goes_on:
            current = Turn(actors=[player], together=leads if len(leads) > 1 else frozenset(),
                           number=game.view(after, None).turn if opens else number, state=after, actions=index)
            found.append(current)
        assert current is not None
        if not reaction and player not in current.actors:
            current.actors.append(player)
        current.events.extend(step.events)
        current.state, current.actions = after, index + 1
        state = after
    return found


def key_lines(events: Iterable[Event], most: int = CAPTION_EVENTS) -> list[str]:
    """The public events a caption names, oldest first: at most `most`, the weightiest (`KIND_WEIGHT`)
    and, among equals, the latest; die rolls only when nothing else happened."""
    shown = [e for e in public(events) if e.text.strip()]
    told = [e for e in shown if e.kind != "roll"] or shown
    best = sorted(range(len(told)), key=lambda i: (-KIND_WEIGHT.get(told[i].kind, 0), -i))[:most]
    return [told[i].text.strip() for i in sorted(best)]


def placings_line(outcome: Outcome, names: dict[PlayerId, str]) -> str:
    """The placings in one line ("1st Grub · 2nd Snaga & Lug"), or how a co-operative table did."""
    def named(group: Sequence[PlayerId]) -> str:
        return " & ".join(names.get(p, p) for p in group)

    if outcome.kind == OutcomeKind.COOPERATIVE:
        return f"{named(outcome.winners() or outcome.placings[0])} {'win' if outcome.won else 'lose'} together."
    parts, place = [], 1
    for group in outcome.placings:
        parts.append(f"{_ordinal(place)} {named(group)}")
        place += len(group)
    ranking = " · ".join(parts)
    return ranking if outcome.won else f"Nobody wins. {ranking}"


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _merged(found: Sequence[Turn], room: int) -> list[list[Turn]]:
    """The turns in groups of consecutive turns, one group a frame: one turn each when they fit in
    `room` frames, else k each (the last group may be shorter)."""
    per = max(1, math.ceil(len(found) / max(1, room)))
    return [list(found[i:i + per]) for i in range(0, len(found), per)]


def _heading(game: Game[Any, Any], view: Any, actors: Iterable[PlayerId], names: dict[PlayerId, str]) -> str:
    """Where the game is ("Game Turn 3", or its phase before play proper: "Deployment") and whose turn."""
    where = view.where() if hasattr(view, "where") else ""
    phase = str(getattr(view, "phase", "") or "")
    where = where or phase.replace("_", " ").capitalize()
    who = ", ".join(names.get(p, p) for p in dict.fromkeys(actors))
    return " · ".join(part for part in (where, who) if part) or game.title


def frames(game: Game[Any, Any], seats: Sequence[Seat], options: dict[str, Any] | None, seed: int,
           log: Iterable[tuple[PlayerId, Any]], *, most: int = MAX_FRAMES) -> list[Frame]:
    """The replay of a game: the set-up, one frame per player turn (k turns a frame above `most`
    frames in all), and, when the game is over, the final placings."""
    step = game.start(seats, options, seed)
    names = {s.player: s.name for s in step.state.seats}
    found = turns(game, step.state, log)
    start_view = game.view(step.state, None)
    shown = [Frame(kind=FrameKind.SETUP, view=start_view, heading=f"{game.title} · set-up",
                   lines=key_lines(step.events), actions=0)]
    end_state = found[-1].state if found else step.state
    outcome = game.outcome(end_state)
    for group in _merged(found, most - 1 - (outcome is not None)):
        view = game.view(group[-1].state, None)
        shown.append(Frame(kind=FrameKind.TURN, view=view,
                           heading=_heading(game, view, (p for t in group for p in t.actors), names),
                           lines=key_lines(e for t in group for e in t.events), actions=group[-1].actions))
    if outcome is not None:
        lines = [outcome.summary.strip()] if outcome.summary.strip() else []
        shown.append(Frame(kind=FrameKind.END, view=game.view(end_state, None), heading="Final placings",
                           lines=[*lines, placings_line(outcome, names)], actions=shown[-1].actions))
    return shown


def record_frames(game: Game[Any, Any], record: GameRecord, *, most: int = MAX_FRAMES) -> list[Frame]:
    """The replay of a stored game."""
    return frames(game, record.seats, record.options, record.seed, record.actions(game), most=most)


__all__ = ["CAPTION_EVENTS", "MAX_FRAMES", "Frame", "FrameKind", "GameRecord", "RecordedAction", "Turn",
           "frames", "key_lines", "placings_line", "public_log", "record_frames", "turns"]
