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
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.core.dice import Dice, DiceState, Roll, roll_text
from rules.core.errors import RuleViolation
from rules.core.moves import MoveBook
from rules.core.secrets import Secret, veil_all
from rules.core.tactics import tactics_of
from rules.core import undo

PlayerId = str
"""A player is named by an opaque string (the bot uses the Discord user id)."""


class Seat(BaseModel):
    """One player at the table, as they joined. `pick` is what they picked as they sat down, in the
    game's own words (`SeatPick`); "" when they picked nothing, and the game reads its default."""

    model_config = ConfigDict(extra="forbid")  # a misspelt field is an error, not a silent default

    player: PlayerId
    name: str
    pick: str = ""
    colour: int = 0  # index into the renderer's palette, fixed at join


class Choice(BaseModel):
    """One answer to a seat's question: the value the rules read, the words a player sees."""

    model_config = ConfigDict(frozen=True)

    value: str
    label: str


class SeatPick(BaseModel):
    """What a player picks when they sit down (a brood, a colour, a hero, a faction), declared by
    the game, so every lobby asks for it the same way and no shared code knows the game's words.

    The rules read a seat's pick through `of`, never from the seat directly: a seat that picked
    nothing (a test's seat, a player who did not say) has the default. With `unique`, no two seats
    may pick the same (heroes, colours); the default is then the first choice still free.
    """

    model_config = ConfigDict(frozen=True)

    name: str  # the lobby's option, one word; commands keep it as their option's name
    question: str  # how the lobby asks for it
    choices: tuple[Choice, ...]
    default: str
    unique: bool = False

    def of(self, seat: Seat) -> str:
        """The seat's pick as the rules read it."""
        return seat.pick or self.default

    def label(self, value: str) -> str:
        return next((c.label for c in self.choices if c.value == value), value)

    def values(self) -> list[str]:
        return [c.value for c in self.choices]

    def free(self, taken: Iterable[str] = ()) -> list[str]:
        """The values a newcomer may still pick (all of them unless the pick is `unique`)."""
        used = set(taken) if self.unique else set()
        return [v for v in self.values() if v not in used]

    def chosen(self, wanted: str | None, taken: Iterable[str] = ()) -> str:
        """The pick of a player who asked for `wanted` (a value or a label, in any case; nothing:
        the default), with `taken` the picks of the seats already there. Refused with a sentence
        when it is not a choice, or already taken."""
        free = self.free(taken)
        text = (wanted or "").strip().casefold()
        if not text:
            if not free:
                raise RuleViolation(f"Every {self.name} is taken.")
            return self.default if self.default in free else free[0]
        found = next((c.value for c in self.choices if text in (c.value.casefold(), c.label.casefold())), None)
        if found is None:
            raise RuleViolation(f"There is no {self.name} called '{wanted.strip() if wanted else ''}'; "
                                f"choose {_or_list([c.label for c in self.choices])}.")
        if found not in free:
            raise RuleViolation(f"{self.label(found)} is taken; choose {_or_list([self.label(v) for v in free])}.")
        return found


class TableOption(BaseModel):
    """An optional rule of the text that a table may switch on when it is opened (`/game new
    rule:`). Declared by the game (`Game.table_options`), so the lobby, the
    autocomplete and /rules list it without shared code naming a game's words; the engine reads it
    back from its `options` under `name`."""

    model_config = ConfigDict(frozen=True)

    name: str  # one word: the key in the game's options, and what a player types
    description: str  # one line, for the autocomplete, the lobby and /rules
    default: bool = False  # on when nobody chose: a text's optional rule is off unless asked for


def _or_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


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
    seconds: float | None = None  # the rules' own time limit for that reaction; None: the table's usual one


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


class OutcomeKind(StrEnum):
    """How a game's players win: declared by the game (`Game.outcome_kind`), carried by its `Outcome`."""

    PLACINGS = "placings"  # each for themself: 1st, 2nd, ... (ties share a place)
    TEAMS = "teams"  # sides win or lose together (Brood Rumble with four players)
    COOPERATIVE = "cooperative"  # the table together against the game: everyone wins or everyone loses


class Outcome(BaseModel):
    """How a game ended.

    `placings` are best first, each a group of tied players, whatever the kind, so what only ranks
    players (a campaign's score) reads every game alike: a team game puts each side in one group,
    the winners first (a draw is one group); a co-operative game puts the whole table in one group
    and says in `won` whether it beat the game. Who won is `winners()`, never `placings[0]`: a
    co-operative table that lost has no winner, nor has a game of placings that ended with everyone
    losing (`won=False`: its placings still rank the players).
    """

    placings: list[list[PlayerId]]
    kind: OutcomeKind = OutcomeKind.PLACINGS
    teams: list[list[PlayerId]] = Field(default_factory=list)  # TEAMS: the sides as the game formed them
    won: bool = True
    """Whether anyone won: for COOPERATIVE whether the table beat the game; a PLACINGS game may end with
    nobody winning (a war every player lost) and still rank its players."""
    feats: dict[str, PlayerId] = Field(default_factory=dict)
    summary: str = ""
    records: dict[str, dict[PlayerId, float]] = Field(default_factory=dict)
    """Feats of strength worth a server's hall of fame ("Wood carried out": per player)."""

    @classmethod
    def of_teams(cls, teams: Sequence[Sequence[PlayerId]], winner: int | None, **fields: Any) -> Outcome:
        """A team game's end: `winner` is the index of the winning side in `teams`, None a draw."""
        sides = [list(side) for side in teams]
        if winner is None:
            placings = [[p for side in sides for p in side]]
        else:
            placings = [sides[winner], *(side for n, side in enumerate(sides) if n != winner)]
        return cls(placings=placings, kind=OutcomeKind.TEAMS, teams=sides, **fields)

    @classmethod
    def together(cls, players: Sequence[PlayerId], *, won: bool, **fields: Any) -> Outcome:
        """A co-operative game's end: the whole table won, or the whole table lost."""
        return cls(placings=[list(players)], kind=OutcomeKind.COOPERATIVE, won=won, **fields)

    def winners(self) -> list[PlayerId]:
        if not self.placings or not self.won:
            return []
        return list(self.placings[0])

    def won_by(self, player: PlayerId) -> bool:
        return player in self.winners()

    def place_of(self, player: PlayerId) -> int:
        """1-based place; tied players share the better place."""
        place = 1
        for group in self.placings:
            if player in group:
                return place
            place += len(group)
        raise KeyError(player)

    def put_last(self, players: Sequence[PlayerId]) -> Outcome:
        """The same end with `players` taken out of their places and put last together (players
        removed for idling): they never win, whatever their side or table did."""
        if not players:
            return self
        kept = [[p for p in group if p not in players] for group in self.placings]
        return self.model_copy(update={"placings": [group for group in kept if group] + [list(players)]})


class Step(BaseModel):
    """What `apply` returns: the new state and what happened, in order."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event]


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)


class Context:
    """Handed to a game's `_apply`: the dice and the event list being written. `names` are the
    seats' names by player, so each roll's line says whose die it is (`rules.core.dice.roll_text`)."""

    def __init__(self, dice: Dice, names: Mapping[PlayerId, str] | None = None) -> None:
        self.dice = dice
        self.names: dict[PlayerId, str] = dict(names or {})
        self.events: list[Event] = []
        self._seen_rolls = 0

    @classmethod
    def at(cls, dice: Dice, seats: Iterable[Seat]) -> Context:
        """A context whose roll lines name the players as they are seated."""
        return cls(dice, {seat.player: seat.name for seat in seats})

    def _flush_rolls(self) -> None:
        for roll in self.dice.rolls[self._seen_rolls:]:
            if roll.kind.startswith("pick"):
                continue  # a random choice of the set-up, not a die anyone rolls at the table
            self.events.append(Event(text=roll_text(roll, self.names), kind="roll", roll=roll))
        self._seen_rolls = len(self.dice.rolls)

    def say(self, text: str, *, kind: str = "log", visible_to: Sequence[PlayerId] | None = None) -> None:
        self._flush_rolls()
        self.events.append(Event(text=text, kind=kind, visible_to=list(visible_to) if visible_to else None))

    def finish(self) -> list[Event]:
        self._flush_rolls()
        return self.events


def hidden_seed(chooser: Dice | None) -> int:
    """A seed for dice a seat cannot know yet: 0 as the fixed stand-in (`seen_by`), else a random
    one (`determinize`)."""
    return 0 if chooser is None else chooser.draw(2**62)


class Game(ABC, Generic[S, A]):
    """Base for every game engine. Subclasses set the class attributes and the hooks."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    recommended: ClassVar[tuple[int, int]]
    state_type: ClassVar[type[GameState]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    seat_pick: ClassVar[SeatPick | None] = None
    """What a player picks when they sit down; None: nothing (the lobby asks nothing)."""
    player_counts: ClassVar[tuple[int, ...]] = ()
    """The numbers of players the rules accept when not every number from `min_players` to
    `max_players` (Brood Rumble is two teams: 2 or 4); empty: all of them."""
    outcome_kind: ClassVar[OutcomeKind] = OutcomeKind.PLACINGS
    """How its players win (`OutcomeKind`): every `Outcome` the game gives is of this kind."""
    moves: ClassVar[MoveBook | None] = None
    """What each kind of move is called, takes and says (`rules.core.moves`): every interface's
    buttons, menus, forms, slash commands and typed moves are built from it."""
    secrets: ClassVar[tuple[Secret[Any], ...]] = ()
    """What the game hides from whom (`rules.core.secrets`): its view shows a secret through
    `Secret.seen`, and a computer's picture of the game is veiled from the same list."""
    private_by_secrets: ClassVar[bool] = False
    """True when a seat's view differs from the table's (`view(state, None)`) only in its `viewer` and
    where a declared secret shows that seat something (nothing like Orcz's own ranks marked as one's
    own). Then a seat that sees no spot of any secret has the table's view (`sees_only_the_table`), and
    the bot, which compares every human seat's view with the table's after every move, need not build
    that seat's (`tests/rules/core/test_secrets.py` checks every game that says so)."""
    table_options: ClassVar[tuple[TableOption, ...]] = ()
    """The text's optional rules a table may switch on when it opens (`TableOption`); none: the
    table has no choice to make."""

    # -- the contract ---------------------------------------------------------------
    @abstractmethod
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> S:
        """Build the opening state (random set-up rolls go through `ctx.dice`)."""

    def start(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int, *,
              dice: Dice | None = None) -> Step:
        """A new game and the log of its set-up. With `dice` given, the set-up throws those (a test's
        `ScriptedDice`, or a layer's that must see the rolls) and the state keeps the seed's dice."""
        if not self.min_players <= len(seats) <= self.max_players:
            raise RuleViolation(
                f"{self.title} needs {self.min_players} to {self.max_players} players; there are {len(seats)}.")
        if len({s.player for s in seats}) != len(seats):
            raise RuleViolation("A player can take only one seat.")
        seats = self._check_picks(seats)
        roller = dice if dice is not None else Dice(DiceState(seed=seed))
        ctx = Context.at(roller, seats)
        state = self._setup(ctx, seats, dict(options or {}))
        state.dice = roller.state if dice is None else DiceState(seed=seed)
        return Step(state=state, events=ctx.finish())

    def _check_picks(self, seats: Sequence[Seat]) -> Sequence[Seat]:
        """Every seat's pick is one of the game's choices (or none), and a unique pick is not shared.
        A seat without a unique pick gets the first one still free, in seat order: two seats that
        said nothing must not both read the default."""
        pick = self.seat_pick
        if pick is None:
            return seats
        picked = [s.pick for s in seats if s.pick]
        for seat in seats:
            if seat.pick and seat.pick not in pick.values():
                raise RuleViolation(f"{seat.name}'s {pick.name} '{seat.pick}' is not one of "
                                    f"{', '.join(pick.values())}.")
        if not pick.unique:
            return seats
        if len(set(picked)) != len(picked):
            raise RuleViolation(f"Two players cannot pick the same {pick.name}.")
        filled: list[Seat] = []
        for seat in seats:
            if not seat.pick:
                free = pick.free([*picked, *(s.pick for s in filled)])
                if not free:
                    raise RuleViolation(f"There are more players than {pick.name}s.")
                seat = seat.model_copy(update={"pick": free[0]})
            filled.append(seat)
        return filled

    def new(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int) -> S:
        return self.start(seats, options, seed).state  # type: ignore[no-any-return]

    @abstractmethod
    def _prompts(self, state: S) -> list[Prompt]:
        """Who must decide what now, by the game's own rules."""

    @abstractmethod
    def _legal_actions(self, state: S, player: PlayerId) -> list[A]:
        """The game's own moves open to `player` now."""

    def prompts(self, state: S) -> list[Prompt]:
        """Who must decide what now. Games write `_prompts`; a layer over the rules (a family's rule
        that every game of it follows) overrides this and asks the game's own through `super()`."""
        return self._prompts(state)

    def legal_actions(self, state: S, player: PlayerId) -> list[A]:
        """The moves open to `player` now (the game's `_legal_actions`, or a layer's)."""
        return self._legal_actions(state, player)

    def out_of_turn(self, state: S, player: PlayerId) -> list[A]:
        """The moves `player` may make now though the game is not waiting for them: those of their
        legal actions whose declared move is `any_time` (none when the game declares no moves)."""
        book = self.moves
        if book is None or not book.any_time:
            return []
        return [a for a in self.legal_actions(state, player) if (m := book.of(a)) is not None and m.any_time]

    def foresee(self, seen: S, player: PlayerId, action: A) -> str | None:
        """What one of `player`'s legal moves would do, said to them alone before they make it (`/game
        preview`), worked out from `seen` (`seen_by(state, player)`: what that seat knows, so nothing hidden
        can show) without changing anything or throwing a die. None: the game has nothing to say beyond
        the move being open (OrcQuest's: a walk's Movement Points, its Danger Zone Damage, who would see
        the Hero at its end)."""
        return None

    @abstractmethod
    def view(self, state: S, viewer: PlayerId | None) -> BaseModel: ...

    def own_lines(self, view: BaseModel) -> list[str]:
        """What a seat's view shows that the table's does not (a hand, a face-down card, a total kept
        behind a screen), in words for that seat's eyes (the terminal's `hand`): none unless a game says."""
        return []

    def sees_only_the_table(self, state: S, player: PlayerId) -> bool:
        """Whether `player`'s view is the table's but for its `viewer` (`private_by_secrets`, and no
        spot of the game's secrets is one `player` may see now)."""
        return self.private_by_secrets and not any(player in spot.seen_by for secret in self.secrets
                                                   for spot in secret.spots(state))

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
        """A private copy of `state` with the dice to come and the game's secrets veiled (a layer
        over the rules that keeps secrets of its own extends this)."""
        work = type(state).model_validate(state.model_dump())
        work.dice = DiceState(seed=hidden_seed(chooser))
        self._veil(work, player, chooser)
        return work

    def _veil(self, state: S, player: PlayerId, chooser: Dice | None) -> None:
        """Hide, in place, what `player` may not see by the game's declared `secrets`: with
        `chooser` None put a fixed stand-in, else draw one at random."""
        veil_all(self.secrets, state, player, chooser)

    def standing(self, state: S) -> dict[PlayerId, float] | None:
        """How likely each player is to win from here, roughly (0-1), for a search that cannot
        play every future to the end; None when plain play-outs to the end are cheap enough. The
        game's computer player says it (`Tactics.standing` in the package's `computer.py`), so an
        engine leaves this alone and never imports its computer."""
        return tactics_of(self).standing(state)

    @abstractmethod
    def _apply(self, ctx: Context, state: S, player: PlayerId, action: A) -> None:
        """Validate, then change `state` in place (it is already a private copy)."""

    def apply(self, state: S, player: PlayerId, action: A, *, dice: Dice | None = None) -> Step:
        """Play `action` for `player` on a private copy of `state`. With `dice` given, the move throws
        those and the state's own dice stay as they were (a test's `ScriptedDice`, a layer's)."""
        if self.outcome(state) is not None:
            raise RuleViolation("This game is over.")
        # A validated round trip is about 4x faster than deepcopy and gives a fully private copy.
        work = type(state).model_validate(state.model_dump())
        roller = Dice(work.dice) if dice is None else dice
        ctx = Context.at(roller, work.seats)
        self._apply(ctx, work, player, action)
        if dice is None:
            work.dice = roller.state
        work.version += 1
        return Step(state=work, events=ctx.finish())

    # -- helpers shared by every game -----------------------------------------------
    def parse_action(self, data: dict[str, Any] | str) -> A:
        if isinstance(data, str):
            data = json.loads(data)
        return self.action_adapter.validate_python(data)

    def dump_action(self, action: A) -> str:
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

    def replay_log(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int,
                   entries: Sequence[undo.Entry]) -> S:
        """`replay` from the log as stored, its undos included (`rules.core.undo.replay`): the state's
        version is then the number of the log's last entry."""
        return undo.replay(entries, lambda: self.new(seats, options, seed),
                           lambda state, player, action: self.apply(state, player, self.parse_action(action)).state)

    def undo_refusal(self, before: S, player: PlayerId, after: Step) -> str | None:
        """Why `player` may not take back the move that took `before` to `after.state`: the rule every
        game shares (`rules.core.undo.refusal`: no chance used, nothing hidden uncovered, nobody told
        in private, still the mover's turn alone, the game not over). A game with a reason of its own
        adds it here, after the shared ones."""
        return undo.refusal(self, before, player, after.state, after.events)

    def table_sizes(self) -> list[int]:
        """The numbers of players the rules accept (`player_counts`, else every one in range)."""
        return list(self.player_counts) or list(range(self.min_players, self.max_players + 1))

    def table_option(self, name: str) -> TableOption:
        """The declared optional rule called `name` (any case, spaces or dashes for underscores);
        a `RuleViolation` that lists the game's rules when it declares none of that name."""
        wanted = name.strip().casefold().replace("-", "_").replace(" ", "_")
        for option in self.table_options:
            if option.name.casefold() == wanted:
                return option
        known = [o.name for o in self.table_options]
        if not known:
            raise RuleViolation(f"{self.title} has no optional rules to switch on.")
        raise RuleViolation(f"{self.title} has no optional rule '{name.strip()}'; its rules: {', '.join(known)}.")

    def options_with(self, rules: Iterable[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
        """`options` (none: empty) with the declared optional `rules` switched on; a `RuleViolation`
        for a rule the game does not declare, and then nothing is switched on."""
        chosen = [self.table_option(r) for r in rules if r.strip()]
        return {**(options or {}), **{o.name: True for o in chosen}}

    def rules_on(self, options: dict[str, Any] | None) -> list[TableOption]:
        """The declared optional rules that are on at a table opened with `options` (for the lobby
        and the start of the game to say what is in play)."""
        return [o for o in self.table_options if bool((options or {}).get(o.name, o.default))]

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
