"""The War Cry (seed 000, Campaign Rules 6): one reroll window on a die, laid over every discipline.

After a campaign game is scored, the player(s) with the fewest Victory Points may, in the
next game, reroll a single die of theirs in up to three of their Player Turns, never a die
already rerolled. Every discipline gets this from `WarCryRules`, a layer over its rules, without
a line of its own:

- A game started with `options["war_cry"]` (the holders) carries a `WarCry` in its state.
- After any move (or the set-up) that threw a holder's dice, a window opens: the game waits
  for that holder to cry (`CryWarCry`, naming the throw and which of its dice) or to let the
  dice stand (`LetItStand`, also the answer when they let the time run out).
- A cry throws that one die again and nothing else. The window keeps every throw of the move as
  it landed (`Thrown`: whose, why, what kind, which faces); the move is played again from the
  state before it with those throws played back (`rules.core.dice.Replay`), so each die lands as
  it did, except the cried one, which gets a new face from the game's own seeded dice (the state
  keeps only their seed, so a game still replays from its log) the moment it lands; the rules
  read that face as the one that landed. What the rules do with it may differ (a hit where there
  was a miss), but every other die, the holder's and everyone else's, keeps its face.
- When the new face sends the move down another branch that asks for MORE dice than were thrown
  before (a damage roll after a miss turned into a hit, a throw for a new reason), those dice
  never landed: they are drawn fresh from the game's dice. A throw the new branch no longer makes
  is not asked for, and the throws after it still land as they did. A die cried over earlier in
  the same move (by another holder) keeps its new face too.
- Both answers are declared moves of this layer (`MOVES`), added to every discipline's own
  (`WarCryRules.__init_subclass__`), so the buttons, the slash commands and the terminal offer them
  as they offer the game's moves: "War Cry! on (1)"… and "Let the dice stand".

Both answers are ordinary logged actions, so a game with War Cries replays from its seed.

Readings (shown in each campaign's /rules):
- "war-cry-dice": a die is the holder's when it is rolled for them (the roll names them), in
  their Player Turn or anyone else's (their defence, a Falling Test in another's turn): the
  reading with more chaos. Dice nobody owns (a bouncing Barrel, the crowd) are not theirs.
- "war-cry-turns": at most one War Cry per Player Turn of the game, three in all; the rolls
  of the set-up count as one turn of their own. An Initiative roll (`rules.core.initiative.
  opens_a_turn`) belongs to the Player Turn it opens, the one the move leads to, not to the one
  whose last move brought it about, and so does what is thrown after it in that move: a holder
  who cried in the last Player Turn of a Game Turn may still cry over their Initiative die for the
  next (the set-up's Initiative for deployment counts in the first turn of the deployment).
- "war-cry-single-die": only the die cried over is thrown again; every other die of that move,
  the holder's own and everyone else's, keeps the face it landed on (of a 2D6 or a pool kept
  highest, the other dice of the throw stay too).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.dice import Dice, DiceState, Replay, Roll, Thrown, roll_text
from rules.core.engine import Event, Game, GameState, PlayerId, Prompt, PromptKind, Seat, Step, hidden_seed
from rules.core.errors import RuleViolation
from rules.core.initiative import opens_a_turn
from rules.core.moves import Kind, Move, MoveBook, Param, Reading
from rules.core.offers import Buttons

USES = 3
"""Campaign Rules 6: up to three of their Player Turns."""

SETUP_TURN = "set-up"


class CryWarCry(BaseModel):
    """Throw one die of the last move again: `roll` counts the throws of that move from 0, `die`
    the dice within the throw (0 for a single die)."""

    type: Literal["war-cry"] = "war-cry"
    roll: int
    die: int = 0


class LetItStand(BaseModel):
    type: Literal["let-it-stand"] = "let-it-stand"


WarCryAction = Annotated[CryWarCry | LetItStand, Field(discriminator="type")]
ACTIONS: TypeAdapter[CryWarCry | LetItStand] = TypeAdapter(WarCryAction)
TYPES = ("war-cry", "let-it-stand")


class Offer(BaseModel):
    """One die a holder may throw again."""

    roll: int
    die: int
    text: str  # "Initiative for Game Turn 2: D6 rolled 2" (`roll_text`), the die named when the throw has several
    turn: str | None = None  # the Player Turn the die belongs to (None, in windows stored before: the window's)


class Window(BaseModel):
    """The move whose dice may be thrown again, and who may do it."""

    turn: str  # the Player Turn the move was made in
    offers: dict[str, list[Offer]]  # holder -> the dice they may reroll; a holder leaves when they answer
    player: str | None = None  # who made the move (None: the set-up)
    action_json: str | None = None
    before_json: str | None = None  # the state before the move (None: the set-up)
    options_json: str | None = None  # the set-up's options and seed, to deal it again
    seed: int | None = None
    thrown: Thrown | None = None  # every throw of the move as its dice show now (None: stored before)
    again: list[tuple[int, int]] = Field(default_factory=list)  # (throw, die) cried over in this move so far


class WarCry(BaseModel):
    """Who holds the War Cry in this game, how many cries each has left, and the open window."""

    uses: dict[str, int]
    cried: list[str] = Field(default_factory=list)  # "player@turn": the Player Turns already used
    window: Window | None = None

    def may_cry(self, player: str, turn: str) -> bool:
        return self.uses.get(player, 0) > 0 and f"{player}@{turn}" not in self.cried


def holders_from(options: dict[str, object]) -> WarCry | None:
    """The War Cry a game starts with, from the campaign's options (None outside a campaign)."""
    holders = options.get("war_cry")
    if not isinstance(holders, list) or not holders:
        return None
    return WarCry(uses={str(p): USES for p in holders})


def offers(war_cry: WarCry, rolls: Sequence[Roll], turns: Sequence[str]) -> dict[str, list[Offer]]:
    """The dice of one move each holder may throw again: theirs, not random picks of the rules,
    never a die that is itself a reroll or that the rules already rerolled, and only in a Player
    Turn (`turns`: each roll's) the holder has not cried in yet."""
    rerolled = {r.rerolled_from for r in rolls if r.rerolled_from is not None}
    found: dict[str, list[Offer]] = {}
    for nth, (roll, turn) in enumerate(zip(rolls, turns, strict=True)):
        who = roll.who
        if (who is None or roll.kind.startswith("pick") or roll.rerolled_from is not None or roll.id in rerolled
                or not war_cry.may_cry(who, turn)):
            continue
        name = roll_text(roll, owner=False)  # the holder's own dice: the log's line, whose left out
        for die, face in enumerate(roll.faces):
            text = f"{name}, die {die + 1} ({face})" if len(roll.faces) > 1 else name
            found.setdefault(who, []).append(Offer(roll=nth, die=die, text=text, turn=turn))
    return found


def choices(war_cry: WarCry, player: str) -> list[CryWarCry | LetItStand]:
    """What a holder asked by the window may answer."""
    window = war_cry.window
    if window is None or player != next(iter(window.offers), None):
        return []
    return [*(CryWarCry(roll=o.roll, die=o.die) for o in window.offers[player]), LetItStand()]


def question(war_cry: WarCry, player: str, name: str) -> str:
    """The sentence putting the window to a holder."""
    assert war_cry.window is not None
    dice = "; ".join(f"({n + 1}) {o.text}" for n, o in enumerate(war_cry.window.offers.get(player, [])[:6]))
    more = len(war_cry.window.offers.get(player, [])) - 6
    left = war_cry.uses.get(player, 0)
    return (f"{name} may cry **War Cry!** and throw one die again ({left} of {USES} left): {dice}"
            + (f" and {more} more" if more > 0 else "") + ". Or let the dice stand.")


def check(war_cry: WarCry | None, player: str, action: CryWarCry | LetItStand) -> Offer | None:
    """Refuse an answer that is not open to `player`; the offer a cry names."""
    window = war_cry.window if war_cry is not None else None
    if war_cry is None or window is None:
        raise RuleViolation("No roll can be shouted down with a War Cry right now.")
    if player not in window.offers:
        raise RuleViolation("The War Cry is not yours to use on these dice.")
    if player != next(iter(window.offers)):
        raise RuleViolation("Another War Cry holder answers first; your turn to decide comes next.")
    if isinstance(action, LetItStand):
        return None
    for offer in window.offers[player]:
        if offer.roll == action.roll and offer.die == action.die:
            return offer
    raise RuleViolation("That die cannot be thrown again: it is not yours, or it was already rerolled.")


def spend(war_cry: WarCry, player: str, offer: Offer) -> WarCry:
    """The War Cry after `player` cries over `offer`: one use fewer, the Player Turn of that die used."""
    assert war_cry.window is not None
    return WarCry(uses={**war_cry.uses, player: war_cry.uses[player] - 1},
                  cried=[*war_cry.cried, f"{player}@{offer.turn or war_cry.window.turn}"])


def _cry_words(action: CryWarCry, reading: Reading) -> str:
    """A cry in words where no numbered button names it (a menu, a log line)."""
    return f"War Cry! on throw {action.roll + 1}" + (f", die {action.die + 1}" if action.die else "")


MOVES = (
    Move(type="war-cry", name="war-cry", label="War Cry! on",
         help="Throw one of your dice of the last move again (Campaign Rules 6), at most once a Player Turn",
         params=(Param("roll", Kind.COUNT, "which throw of the last move, counted from 1", shift=1),
                 Param("die", Kind.COUNT, "which die of that throw, from 1 (1 for a single die)", required=False,
                       shift=1)),
         say=_cry_words, offer=Buttons(emoji="📣", style="danger", numbered=True)),
    Move(type="let-it-stand", name="let-it-stand", label="Let the dice stand",
         help="Keep the dice of the last move as they landed", offer=Buttons(), quiet=True),
)
"""The War Cry's two answers, declared once for every discipline: the cry numbered as the question
numbers the dice ("War Cry! on (1)", typed `war-cry roll:1 die:1`), and letting the dice stand."""


def with_war_cry(book: MoveBook) -> MoveBook:
    """A game's moves and the War Cry's answers after them (the same book when it has them already)."""
    return book if book.of("war-cry") is not None else book.joined(MOVES)


class WarCryState(GameState):
    """A state that can carry the War Cry: every discipline's."""

    war_cry: WarCry | None = None  # campaign games only: who may reroll a die, and the open window


S = TypeVar("S", bound=WarCryState)
A = TypeVar("A", bound=BaseModel)


def _window(state: WarCryState) -> Window | None:
    return state.war_cry.window if state.war_cry is not None else None


class WarCryRules(Game[S, A]):
    """The War Cry laid over a game's rules: a discipline's engine derives from it (through
    `rules.orclympics.discipline.Discipline`), and the core engine knows nothing of it.

    A layer by inheritance rather than an object holding the engine, so that everything else the
    engine declares or overrides (its views, seat pick, whatever the core adds next) passes
    through untouched, and the registry, the table service and the computer players get the War
    Cry with the game, naming it nowhere. Its moves are the one thing it adds to the game's own
    declarations: a subclass that declares its moves gets the War Cry's answers after them
    (`__init_subclass__`). It is always there and does nothing until a game starts with holders
    (`options["war_cry"]`, which only a campaign passes): a state without a `WarCry` plays exactly
    as the bare rules. It overrides the public contract (`start`, `prompts`, `legal_actions`,
    `apply`, the action codec, the veil of `seen_by`) and reaches the game's own through `super()`.

    Every die a holder may throw again is thrown through `_war_cry_deal` (the set-up) or
    `_war_cry_move` (a move), which hand the rules a `Dice` of their own to see each roll and
    write down its faces; `_cry` plays the move again with those faces and one die thrown anew.
    `turn_key` says which Player Turn the rolls belong to, and `_turns_of` which rolls belong to
    the Player Turn after it (an Initiative roll and what follows it).
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game declaring its moves declares the War Cry's answers with them, so every interface
        built from the declarations (buttons, slash commands, the terminal) offers them."""
        super().__init_subclass__(**kwargs)
        book = cls.__dict__.get("moves")
        if isinstance(book, MoveBook):
            cls.moves = with_war_cry(book)

    # -- the contract, with the window in front -------------------------------------------
    def start(self, seats: Sequence[Seat], options: dict[str, Any] | None, seed: int, *,
              dice: Dice | None = None) -> Step:
        options = dict(options or {})
        holders = holders_from(options)
        if holders is None:
            return super().start(seats, options, seed, dice=dice)
        return self._war_cry_deal(seats, options, seed, dice, holders)

    def prompts(self, state: S) -> list[Prompt]:
        """Who must decide what now: while a window is open, only the holder it asks."""
        window = _window(state)
        if window is None:
            return super().prompts(state)
        assert state.war_cry is not None
        holder = next(iter(window.offers))  # several holders answer one after the other, in the order they rolled
        return [Prompt(player=holder, kind=PromptKind.ACTION, default=LetItStand().model_dump(),
                       text=question(state.war_cry, holder, state.name_of(holder)))]

    def legal_actions(self, state: S, player: PlayerId) -> list[A]:
        if state.war_cry is not None and state.war_cry.window is not None:
            return choices(state.war_cry, player)  # type: ignore[return-value]
        return super().legal_actions(state, player)

    def apply(self, state: S, player: PlayerId, action: A, *, dice: Dice | None = None) -> Step:
        if isinstance(action, CryWarCry | LetItStand):
            return self._answer_war_cry(state, player, action, dice)
        if state.war_cry is None:
            return super().apply(state, player, action, dice=dice)
        if self.outcome(state) is not None:
            raise RuleViolation("This game is over.")
        window = state.war_cry.window
        if window is not None:
            holder = next(iter(window.offers))
            raise RuleViolation(f"First {state.name_of(holder)} must say whether to cry War Cry! on the last roll.")
        return self._war_cry_move(state, player, action, dice)

    def turn_key(self, state: S) -> str:
        """Which Player Turn the game is in: a holder cries at most once in each. A game whose
        state says it differently overrides this."""
        return f"{getattr(state, 'phase', '')}:{getattr(state, 'turn', 0)}:" \
               f"{getattr(state, 'step', getattr(state, 'active', ''))}"

    def parse_action(self, data: dict[str, Any] | str) -> A:
        """The game's own moves, and the two answers to a window."""
        if isinstance(data, str):
            data = json.loads(data)
        if isinstance(data, dict) and data.get("type") in TYPES:
            return ACTIONS.validate_python(data)  # type: ignore[return-value]
        return super().parse_action(data)

    def dump_action(self, action: A) -> str:
        if isinstance(action, CryWarCry | LetItStand):
            return action.model_dump_json()
        return super().dump_action(action)

    def _veiled(self, state: S, player: PlayerId, chooser: Dice | None) -> S:
        """The state before an open window's move keeps secrets of its own: veil them. The faces
        that landed are public and stay as they are (a computer weighing a cry imagines only the
        die it would throw again, from the veiled dice to come), but a number nobody saw land
        (`Landed.unseen`) is veiled like any secret."""
        work = super()._veiled(state, player, chooser)
        window = _window(work)
        if window is not None:
            if window.seed is not None:
                window.seed = hidden_seed(chooser)
            if window.before_json is not None:
                window.before_json = self._veiled(self.load_state(window.before_json), player,
                                                  chooser).model_dump_json()
            if window.thrown is not None:
                for throw in (t for t in window.thrown.throws if t.unseen):
                    throw.faces = [1 if chooser is None else chooser.draw(throw.sides) for _ in throw.faces]
        return work

    # -- where holders' dice are thrown ----------------------------------------------------
    def _war_cry_deal(self, seats: Sequence[Seat], options: dict[str, Any], seed: int, dice: Dice | None,
                      holders: WarCry) -> Step:
        """The set-up, its faces written down for a cry."""
        roller = dice if dice is not None else Dice(DiceState(seed=seed))
        roller.tape()
        first = len(roller.rolls)
        step = super().start(seats, options, seed, dice=roller)
        state = step.state
        if dice is None:
            state.dice = roller.state
        state.war_cry = holders
        rolls = roller.rolls[first:]
        self._open_war_cry_window(state, rolls, self._turns_of(rolls, SETUP_TURN, state), lambda: Window(
            turn=SETUP_TURN, offers={}, options_json=json.dumps(options), seed=seed, thrown=roller.taped()))
        return step

    def _war_cry_move(self, state: S, player: PlayerId, action: A, dice: Dice | None) -> Step:
        """One move of the game's own, its faces written down for a cry."""
        roller = dice if dice is not None else Dice(state.dice)
        roller.tape()
        first = len(roller.rolls)
        step = super().apply(state, player, action, dice=roller)
        if dice is None:
            step.state.dice = roller.state
        turn = self.turn_key(state)
        rolls = roller.rolls[first:]
        self._open_war_cry_window(step.state, rolls, self._turns_of(rolls, turn, step.state), lambda: Window(
            turn=turn, offers={}, player=player, action_json=self.dump_action(action),
            before_json=state.model_dump_json(), thrown=roller.taped()))
        return step

    def _turns_of(self, rolls: Sequence[Roll], turn: str, after: S) -> list[str]:
        """The Player Turn each of a move's rolls belongs to: the move's own (`turn`), except that an
        Initiative roll belongs to the Player Turn it opens (the one the move leads to), and so does
        everything thrown after it in that move."""
        opened = next((n for n, roll in enumerate(rolls) if opens_a_turn(roll)), len(rolls))
        following = self.turn_key(after) if opened < len(rolls) else turn
        return [turn if n < opened else following for n in range(len(rolls))]

    def _open_war_cry_window(self, state: S, rolls: Sequence[Roll], turns: Sequence[str],
                             window: Callable[[], Window]) -> None:
        """After a move or the set-up: if a holder threw dice, wait for their answer. `window`
        makes the window (the state before the move is dumped only when one opens)."""
        assert state.war_cry is not None
        found = offers(state.war_cry, rolls, turns)
        if found and self.outcome(state) is None:
            state.war_cry.window = window().model_copy(update={"offers": found})
        else:
            state.war_cry.window = None

    def _answer_war_cry(self, state: S, player: PlayerId, action: CryWarCry | LetItStand, dice: Dice | None) -> Step:
        """A holder's answer: let the dice stand, or throw the one die again."""
        offer = check(state.war_cry, player, action)
        assert state.war_cry is not None and state.war_cry.window is not None
        window, name = state.war_cry.window, state.name_of(player)
        if offer is None:
            work = type(state).model_validate(state.model_dump())
            assert work.war_cry is not None
            others = {p: o for p, o in window.offers.items() if p != player}
            work.war_cry.window = window.model_copy(update={"offers": others}) if others else None
            work.version += 1
            return Step(state=work, events=[Event(text=f"{name} lets the dice stand.")])
        cried = Event(text=f"📣 {name} cries War Cry! and throws again: {offer.text}.")
        step = self._cry(state, window, spend(state.war_cry, player, offer), offer, dice)
        step.state.version = state.version + 1
        return Step(state=step.state, events=[cried, *step.events])

    def _cry(self, state: S, window: Window, spent: WarCry, offer: Offer, dice: Dice | None) -> Step:
        """The window's move (or set-up) played again with the faces it showed, the die of `offer`
        thrown anew: from `dice` when given (a test's), else from the game's seeded dice, which
        the new state keeps."""
        fresh = dice if dice is not None else Dice(state.dice)
        # the new reroll comes right after the cried throw: throws cried over later in the move move one on
        again = {nth + (nth > offer.roll): die for nth, die in window.again}
        again[offer.roll] = offer.die
        thrown = window.thrown if window.thrown is not None else self._thrown_before(state.seats, window)
        replay = Replay(thrown, fresh, again, anew=offer.roll)
        replay.tape()
        if window.before_json is None:
            step = super().start(state.seats, json.loads(window.options_json or "{}"), window.seed or 0, dice=replay)
        else:
            before = self.load_state(window.before_json)
            step = super().apply(before, window.player or "", self.parse_action(window.action_json or "{}"),
                                 dice=replay)
        after = step.state
        after.war_cry = spent
        after.dice = fresh.state if dice is None else state.dice
        rolls = replay.rolls
        self._open_war_cry_window(after, rolls, self._turns_of(rolls, window.turn, after), lambda: window.model_copy(
            update={"thrown": replay.taped(), "again": sorted(again.items())}))
        return step

    def _thrown_before(self, seats: Sequence[Seat], window: Window) -> Thrown:
        """The faces of a window stored before they were written down: its move (or set-up) played
        again with the dice of then, which land as they did."""
        if window.before_json is None:
            roller = Dice(DiceState(seed=window.seed or 0))
            roller.tape()
            super().start(seats, json.loads(window.options_json or "{}"), window.seed or 0, dice=roller)
        else:
            before = self.load_state(window.before_json)
            roller = Dice(before.dice)
            roller.tape()
            super().apply(before, window.player or "", self.parse_action(window.action_json or "{}"), dice=roller)
        return roller.taped()


__all__ = ["USES", "SETUP_TURN", "MOVES", "CryWarCry", "LetItStand", "WarCryAction", "ACTIONS", "TYPES", "Offer",
           "Window", "WarCry", "WarCryRules", "WarCryState", "holders_from", "offers", "choices", "question", "check",
           "spend", "with_war_cry"]
