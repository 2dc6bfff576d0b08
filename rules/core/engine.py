"""The contract every game implements, and the pieces they all share.

A game is an object with `new`, `prompts`, `legal_actions`, `apply`, `view`
and `outcome` (see `Game`). States and actions are pydantic models, so the
action log is plain JSON and a game replays from its seed. `apply` never
changes the state it is given: it works on a deep copy and raises
`RuleViolation` before touching anything when a move is illegal.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.core import war_cry
from rules.core.dice import Dice, DiceState, Roll
from rules.core.errors import RuleViolation
from rules.core.war_cry import CryWarCry, LetItStand, WarCry

PlayerId = str
"""A player is named by an opaque string (the bot uses the Discord user id)."""


class Seat(BaseModel):
    """One player at the table, as they joined."""

    player: PlayerId
    name: str
    brood: str = "common"
    colour: int = 0  # index into the renderer's palette, fixed at join


class PromptKind(StrEnum):
    ACTION = "action"  # choose one of several actions
    SQUARE = "square"  # choose a square on a grid
    POINT = "point"  # choose a point on a continuous board
    TARGET = "target"  # choose another model
    NUMBER = "number"
    SECRET = "secret"  # a hidden choice, revealed later


class Prompt(BaseModel):
    """Someone must decide something now."""

    player: PlayerId
    kind: PromptKind
    text: str
    secret: bool = False
    default: dict[str, Any] | None = None  # the action (as JSON) the bot applies when a reaction times out


class Event(BaseModel):
    """Something that happened. `visible_to=None` is public; else only those players see it."""

    text: str
    kind: str = "log"  # "log", "roll", "feat", "end", "phase"
    visible_to: list[PlayerId] | None = None
    roll: Roll | None = None

    def visible_for(self, viewer: PlayerId | None) -> bool:
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


def public(events: Iterable[Event]) -> list[Event]:
    return [e for e in events if e.visible_to is None]


def visible(events: Iterable[Event], viewer: PlayerId | None) -> list[Event]:
    return [e for e in events if e.visible_for(viewer)]


class GameState(BaseModel):
    """Fields every game's state has. Subclasses add the board."""

    model_config = ConfigDict(validate_assignment=False)

    game: str
    seats: list[Seat]
    dice: DiceState
    version: int = 0  # actions applied so far
    war_cry: WarCry | None = None  # campaign games only: who may reroll a die, and the open window

    def seat(self, player: PlayerId) -> Seat:
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise RuleViolation("You are not playing in this game.")

    def name_of(self, player: PlayerId) -> str:
        for seat in self.seats:
            if seat.player == player:
                return seat.name
        return "someone"


class Outcome(BaseModel):
    """How a game ended: placings best first, each a group of tied players."""

    placings: list[list[PlayerId]]
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    summary: str = ""
    records: dict[str, dict[PlayerId, float]] = Field(default_factory=dict)
    """Feats of strength worth a server's hall of fame ("Wood carried out": per player)."""

    def place_of(self, player: PlayerId) -> int:
        """1-based place; tied players share the better place."""
        place = 1
        for group in self.placings:
            if player in group:
                return place
            place += len(group)
        raise KeyError(player)


class Step(BaseModel):
    """What `apply` returns: the new state and what happened, in order."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event]


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)


class Context:
    """Handed to a game's `_apply`: the dice and the event list being written."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.events: list[Event] = []
        self._seen_rolls = 0

    def _flush_rolls(self) -> None:
        for roll in self.dice.rolls[self._seen_rolls:]:
            if roll.kind.startswith("pick"):
                continue  # a random choice of the set-up, not a die anyone rolls at the table
            self.events.append(Event(text=_roll_text(roll), kind="roll", roll=roll))
        self._seen_rolls = len(self.dice.rolls)

    def say(self, text: str, *, kind: str = "log", visible_to: Sequence[PlayerId] | None = None) -> None:
        self._flush_rolls()
        self.events.append(Event(text=text, kind=kind, visible_to=list(visible_to) if visible_to else None))

    def finish(self) -> list[Event]:
        self._flush_rolls()
        return self.events


def _fresh(chooser: Dice | None) -> int:
    """A seed for hidden dice: 0 as the fixed stand-in, else a random one."""
    return 0 if chooser is None else chooser.draw(2**62)


def _roll_text(roll: Roll) -> str:
    return f"🎲 {roll.why}: {roll.describe()}"


class Game(ABC, Generic[S, A]):
    """Base for every game engine. Subclasses set the class attributes and the hooks."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    recommended: ClassVar[tuple[int, int]]
    state_type: ClassVar[type[GameState]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    broods: ClassVar[tuple[str, ...]] = ()

    # -- the contract ---------------------------------------------------------------
    @abstractmethod
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> S:
        """Build the opening state (random set-up rolls go through `ctx.dice`)."""

    def start(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int, *,
              dice: Dice | None = None) -> Step:
        """A new game and the log of its set-up."""
        if not self.min_players <= len(seats) <= self.max_players:
            raise RuleViolation(
                f"{self.title} needs {self.min_players} to {self.max_players} players; there are {len(seats)}.")
        if len({s.player for s in seats}) != len(seats):
            raise RuleViolation("A player can take only one seat.")
        options = dict(options or {})
        return self._deal(seats, options, seed, dice, war_cry.holders_from(options))

    def _deal(self, seats: Sequence[Seat], options: dict[str, Any], seed: int, dice: Dice | None,
              holders: WarCry | None, reroll: tuple[int, int] | None = None) -> Step:
        """The set-up; with `reroll`, dealt again with one of its dice thrown again (a War Cry)."""
        roller = dice if dice is not None else Dice(DiceState(seed=seed))
        if reroll is not None:
            roller.reroll_on(*reroll)
        first = len(roller.rolls)
        options_json = json.dumps(options) if holders is not None else None
        ctx = Context(roller)
        state = self._setup(ctx, seats, dict(options))
        state.dice = roller.state if dice is None else DiceState(seed=seed)
        if holders is not None:
            state.war_cry = holders
            self._open_window(state, roller.rolls[first:], war_cry.SETUP_TURN, lambda: war_cry.Window(
                turn=war_cry.SETUP_TURN, offers={}, options_json=options_json, seed=seed))
        return Step(state=state, events=ctx.finish())

    def new(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int) -> S:
        return self.start(seats, options, seed).state  # type: ignore[no-any-return]

    @abstractmethod
    def _prompts(self, state: S) -> list[Prompt]:
        """Who must decide what now, by the game's own rules."""

    @abstractmethod
    def _legal_actions(self, state: S, player: PlayerId) -> list[A]:
        """The game's own moves open to `player` now."""

    def prompts(self, state: S) -> list[Prompt]:
        """Who must decide what now: while a War Cry window is open, only the holder it asks."""
        window = state.war_cry.window if state.war_cry is not None else None
        if window is None:
            return self._prompts(state)
        assert state.war_cry is not None
        holder = next(iter(window.offers))  # several holders answer one after the other, in the order they rolled
        return [Prompt(player=holder, kind=PromptKind.ACTION, default=LetItStand().model_dump(),
                       text=war_cry.question(state.war_cry, holder, state.name_of(holder)))]

    def legal_actions(self, state: S, player: PlayerId) -> list[A]:
        if state.war_cry is not None and state.war_cry.window is not None:
            return war_cry.choices(state.war_cry, player)  # type: ignore[return-value]
        return self._legal_actions(state, player)

    def turn_key(self, state: S) -> str:
        """Which Player Turn the game is in, for what the rules allow once per turn (the War
        Cry). A game whose state says it differently overrides this."""
        return f"{getattr(state, 'phase', '')}:{getattr(state, 'turn', 0)}:" \
               f"{getattr(state, 'step', getattr(state, 'active', ''))}"

    @abstractmethod
    def view(self, state: S, viewer: PlayerId | None) -> BaseModel: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    # -- what a seat may know (for computer players) -------------------------------
    def seen_by(self, state: S, player: PlayerId) -> S:
        """The state as `player` knows it: the dice still to come and every secret of another
        player replaced by fixed stand-ins, so two states that differ only in what is hidden from
        `player` give the same answer. A computer player decides from this alone."""
        return self._veiled(state, player, None)

    def determinize(self, seen: S, player: PlayerId, chooser: Dice) -> S:
        """One world `player` cannot tell from the real one: the stand-ins of `seen_by` replaced by
        fresh random dice and random secrets (what a search plays its futures in)."""
        return self._veiled(seen, player, chooser)

    def _veiled(self, state: S, player: PlayerId, chooser: Dice | None) -> S:
        work = type(state).model_validate(state.model_dump())
        work.dice = DiceState(seed=_fresh(chooser))
        window = work.war_cry.window if work.war_cry is not None else None
        if window is not None:  # the cry replays from the state before the move: veil its dice too
            if window.seed is not None:
                window.seed = _fresh(chooser)
            if window.before_json is not None:
                window.before_json = self._veiled(self.load_state(window.before_json), player,
                                                  chooser).model_dump_json()
        self._veil(work, player, chooser)
        return work

    def _veil(self, state: S, player: PlayerId, chooser: Dice | None) -> None:
        """Hide, in place, the secrets of other players that `view` hides from `player`: with
        `chooser` None put a fixed stand-in, else draw one at random. Games with secrets override."""

    def standing(self, state: S) -> dict[PlayerId, float] | None:
        """How likely each player is to win from here, roughly (0-1), for a search that cannot
        play every future to the end; None when plain play-outs to the end are cheap enough."""
        return None

    @abstractmethod
    def _apply(self, ctx: Context, state: S, player: PlayerId, action: A) -> None:
        """Validate, then change `state` in place (it is already a private copy)."""

    def apply(self, state: S, player: PlayerId, action: A, *, dice: Dice | None = None) -> Step:
        if isinstance(action, CryWarCry | LetItStand):
            return self._answer_war_cry(state, player, action, dice)
        if self.outcome(state) is not None:
            raise RuleViolation("This game is over.")
        if state.war_cry is not None and state.war_cry.window is not None:
            holder = next(iter(state.war_cry.window.offers))
            raise RuleViolation(f"First {state.name_of(holder)} must say whether to cry War Cry! on the last roll.")
        return self._play_move(state, player, action, dice)

    def _play_move(self, state: S, player: PlayerId, action: A, dice: Dice | None,
                 reroll: tuple[int, int] | None = None) -> Step:
        # A validated round trip is about 4x faster than deepcopy and gives a fully private copy.
        work = type(state).model_validate(state.model_dump())
        own_dice = dice is None
        roller = Dice(work.dice) if own_dice else dice
        assert roller is not None
        if reroll is not None:
            roller.reroll_on(*reroll)
        first = len(roller.rolls)
        ctx = Context(roller)
        self._apply(ctx, work, player, action)
        if own_dice:
            work.dice = roller.state
        work.version += 1
        if work.war_cry is not None:
            turn = self.turn_key(state)
            self._open_window(work, roller.rolls[first:], turn, lambda: war_cry.Window(
                turn=turn, offers={}, player=player, action_json=self.dump_action(action),
                before_json=state.model_dump_json()))
        return Step(state=work, events=ctx.finish())

    def _open_window(self, state: S, rolls: Sequence[Roll], turn: str,
                     window: Callable[[], war_cry.Window]) -> None:
        """After a move or the set-up: if a holder threw dice, wait for their War Cry answer.
        `window` makes the window (the state before the move is dumped only when one opens)."""
        assert state.war_cry is not None
        found = war_cry.offers(state.war_cry, rolls, turn)
        if found and self.outcome(state) is None:
            state.war_cry.window = window().model_copy(update={"offers": found})
        else:
            state.war_cry.window = None

    def _answer_war_cry(self, state: S, player: PlayerId, action: CryWarCry | LetItStand,
                        dice: Dice | None) -> Step:
        """A holder's answer: let the dice stand, or play the move again with one die rethrown."""
        offer = war_cry.check(state.war_cry, player, action)
        assert state.war_cry is not None and state.war_cry.window is not None
        window, name = state.war_cry.window, state.name_of(player)
        if offer is None:
            work = type(state).model_validate(state.model_dump())
            assert work.war_cry is not None
            others = {p: o for p, o in window.offers.items() if p != player}
            work.war_cry.window = window.model_copy(update={"offers": others}) if others else None
            work.version += 1
            return Step(state=work, events=[Event(text=f"{name} lets the dice stand.")])
        spent = war_cry.spend(state.war_cry, player)
        cried = Event(text=f"📣 {name} cries War Cry! and throws again: {offer.text}.")
        if window.before_json is None:
            options = json.loads(window.options_json or "{}")
            step = self._deal(state.seats, options, window.seed or 0, dice, spent, (offer.roll, offer.die))
        else:
            before = self.load_state(window.before_json)
            before.war_cry = spent
            step = self._play_move(before, window.player or player, self.parse_action(window.action_json or "{}"),
                                 dice, (offer.roll, offer.die))
        step.state.version = state.version + 1
        return Step(state=step.state, events=[cried, *step.events])

    # -- helpers shared by every game -----------------------------------------------
    def parse_action(self, data: dict[str, Any] | str) -> A:
        """The game's own moves, and the War Cry answers every game takes."""
        if isinstance(data, str):
            data = json.loads(data)
        if isinstance(data, dict) and data.get("type") in war_cry.TYPES:
            return war_cry.ACTIONS.validate_python(data)  # type: ignore[return-value]
        return self.action_adapter.validate_python(data)

    def dump_action(self, action: A) -> str:
        if isinstance(action, CryWarCry | LetItStand):
            return action.model_dump_json()
        return self.action_adapter.dump_json(action).decode()

    def load_state(self, data: str) -> S:
        return self.state_type.model_validate_json(data)  # type: ignore[return-value]

    def waiting_for(self, state: S) -> list[PlayerId]:
        return list(dict.fromkeys(p.player for p in self.prompts(state)))

    def replay(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int,
               log: Iterable[tuple[PlayerId, A]]) -> S:
        """Rebuild a state from its seed and action log: the store's proof of consistency."""
        state = self.new(seats, options, seed)
        for player, action in log:
            state = self.apply(state, player, action).state
        return state

    def table_sizes(self) -> list[int]:
        """The numbers of players the rules accept (a game may refuse some inside its range:
        Brood Rumble is two teams, so 2 or 4). Found by setting up a game of each size once."""
        known: list[int] | None = self.__dict__.get("_table_sizes")
        if known is None:
            known = []
            for count in range(self.min_players, self.max_players + 1):
                seats = [Seat(player=f"p{i}", name=f"p{i}", brood=self.broods[0] if self.broods else "common",
                              colour=i) for i in range(count)]
                try:
                    self.start(seats, None, 0)
                except RuleViolation:
                    continue
                known.append(count)
            self.__dict__["_table_sizes"] = known
        return list(known)

    def usual_table(self) -> int:
        """The table size to simulate or measure by default: the smallest recommended one the rules accept."""
        low, high = self.recommended
        return next((n for n in self.table_sizes() if low <= n <= high), self.table_sizes()[0])

    def sizes_text(self, *, best: bool = False) -> str:
        """'2-6', or '2 or 4' when the rules skip a size; with `best`, only the recommended sizes."""
        low, high = self.recommended
        sizes = [n for n in self.table_sizes() if not best or low <= n <= high]
        if len(sizes) > 2 and sizes == list(range(sizes[0], sizes[-1] + 1)):
            return f"{sizes[0]}-{sizes[-1]}"
        return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}" if len(sizes) > 1 else str(sizes[0])

    def player_count_note(self, count: int) -> str | None:
        """A sentence when the table is outside the recommended size, else None."""
        low, high = self.recommended
        if count < low or count > high:
            return f"{self.title} is best with {low} to {high} players; you have {count}."
        return None
