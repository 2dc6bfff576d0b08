"""The War Cry (seed 000, Campaign Rules 6): one reroll window on a die, laid over every discipline.

After a campaign game is scored, the player(s) with the fewest Victory Points may, in the
next game, reroll a single die of theirs in up to three of their Player Turns, never a die
already rerolled. Every discipline gets this from `WarCryRules`, a layer over its rules, without
a line of its own:

- A game started with `options["war_cry"]` (the holders) carries a `WarCry` in its state.
- After any move (or the set-up) that threw a holder's dice, a window opens: the game waits
  for that holder to cry (`CryWarCry`, naming the throw and which of its dice) or to let the
  dice stand (`LetItStand`, also the answer when they let the time run out).
- A cry replays the move from the state before it, with the same dice up to the chosen one,
  which is thrown again the moment it is rolled, so the rules read the new face as if it
  had landed first (`Dice.reroll_on`). Everything after it in that move happens anew.

Both answers are ordinary logged actions, so a game with War Cries replays from its seed.

Readings (shown in each campaign's /rules):
- "war-cry-dice": a die is the holder's when it is rolled for them (the roll names them), in
  their Player Turn or anyone else's (their defence, a Falling Test in another's turn): the
  reading with more chaos. Dice nobody owns (a bouncing Barrel, the crowd) are not theirs.
- "war-cry-turns": at most one War Cry per Player Turn of the game, three in all; the rolls
  of the set-up count as one turn of their own.
- "war-cry-single-die": of a throw of several dice (2D6, a pool kept highest) the holder
  picks one die to throw again; the others stay.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.dice import Dice, DiceState, Roll
from rules.core.engine import Event, Game, GameState, PlayerId, Prompt, PromptKind, Seat, Step, hidden_seed
from rules.core.errors import RuleViolation

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
    text: str  # "Initiative of Grub: D6 [2]" with the die named when the throw has several


class Window(BaseModel):
    """The move whose dice may be thrown again, and who may do it."""

    turn: str  # the Player Turn the dice were thrown in
    offers: dict[str, list[Offer]]  # holder -> the dice they may reroll; a holder leaves when they answer
    player: str | None = None  # who made the move (None: the set-up)
    action_json: str | None = None
    before_json: str | None = None  # the state before the move (None: the set-up)
    options_json: str | None = None  # the set-up's options and seed, to deal it again
    seed: int | None = None


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


def offers(war_cry: WarCry, rolls: Sequence[Roll], turn: str) -> dict[str, list[Offer]]:
    """The dice of one move each holder may throw again: theirs, not random picks of the rules,
    never a die that is itself a reroll or that the rules already rerolled."""
    rerolled = {r.rerolled_from for r in rolls if r.rerolled_from is not None}
    found: dict[str, list[Offer]] = {}
    for nth, roll in enumerate(rolls):
        who = roll.who
        if (who is None or roll.kind.startswith("pick") or roll.rerolled_from is not None or roll.id in rerolled
                or not war_cry.may_cry(who, turn)):
            continue
        name = f"{roll.why}: {roll.describe()}"
        for die, face in enumerate(roll.faces):
            text = f"{name}, die {die + 1} ({face})" if len(roll.faces) > 1 else name
            found.setdefault(who, []).append(Offer(roll=nth, die=die, text=text))
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


def spend(war_cry: WarCry, player: str) -> WarCry:
    """The War Cry after `player` cries in the window's turn: one use fewer, that turn used."""
    assert war_cry.window is not None
    return WarCry(uses={**war_cry.uses, player: war_cry.uses[player] - 1},
                  cried=[*war_cry.cried, f"{player}@{war_cry.window.turn}"])


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
    engine declares or overrides (its moves, views, seat pick, whatever the core adds next)
    passes through untouched, and the registry, the table service and the computer players get
    the War Cry with the game, naming it nowhere. It is always there and does nothing until a
    game starts with holders (`options["war_cry"]`, which only a campaign passes): a state
    without a `WarCry` plays exactly as the bare rules. It overrides the public contract
    (`start`, `prompts`, `legal_actions`, `apply`, the action codec, the veil of `seen_by`) and
    reaches the game's own through `super()`.

    Every die a holder may throw again is thrown through `_war_cry_deal` (the set-up) or
    `_war_cry_move` (a move), which hand the rules a `Dice` of their own to see each roll, and
    `turn_key` says which Player Turn those rolls belong to: the places where a change to how a
    cry throws its die, or to which turn a roll counts in, is made.
    """

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
        """A cry replays from the state before the move, with the dice of then: veil those too."""
        work = super()._veiled(state, player, chooser)
        window = _window(work)
        if window is not None:
            if window.seed is not None:
                window.seed = hidden_seed(chooser)
            if window.before_json is not None:
                window.before_json = self._veiled(self.load_state(window.before_json), player,
                                                  chooser).model_dump_json()
        return work

    # -- where holders' dice are thrown ----------------------------------------------------
    def _war_cry_deal(self, seats: Sequence[Seat], options: dict[str, Any], seed: int, dice: Dice | None,
              holders: WarCry, reroll: tuple[int, int] | None = None) -> Step:
        """The set-up; with `reroll`, dealt again with one of its dice thrown again."""
        roller = dice if dice is not None else Dice(DiceState(seed=seed))
        if reroll is not None:
            roller.reroll_on(*reroll)
        first = len(roller.rolls)
        step = super().start(seats, options, seed, dice=roller)
        state = step.state
        if dice is None:
            state.dice = roller.state
        state.war_cry = holders
        self._open_war_cry_window(state, roller.rolls[first:], SETUP_TURN, lambda: Window(
            turn=SETUP_TURN, offers={}, options_json=json.dumps(options), seed=seed))
        return step

    def _war_cry_move(self, state: S, player: PlayerId, action: A, dice: Dice | None,
              reroll: tuple[int, int] | None = None) -> Step:
        """One move of the game's own; with `reroll`, played again with one of its dice thrown again."""
        roller = dice if dice is not None else Dice(state.dice)
        if reroll is not None:
            roller.reroll_on(*reroll)
        first = len(roller.rolls)
        step = super().apply(state, player, action, dice=roller)
        if dice is None:
            step.state.dice = roller.state
        turn = self.turn_key(state)
        self._open_war_cry_window(step.state, roller.rolls[first:], turn, lambda: Window(
            turn=turn, offers={}, player=player, action_json=self.dump_action(action),
            before_json=state.model_dump_json()))
        return step

    def _open_war_cry_window(self, state: S, rolls: Sequence[Roll], turn: str, window: Callable[[], Window]) -> None:
        """After a move or the set-up: if a holder threw dice, wait for their answer. `window`
        makes the window (the state before the move is dumped only when one opens)."""
        assert state.war_cry is not None
        found = offers(state.war_cry, rolls, turn)
        if found and self.outcome(state) is None:
            state.war_cry.window = window().model_copy(update={"offers": found})
        else:
            state.war_cry.window = None

    def _answer_war_cry(self, state: S, player: PlayerId, action: CryWarCry | LetItStand, dice: Dice | None) -> Step:
        """A holder's answer: let the dice stand, or play the move again with one die rethrown."""
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
        spent = spend(state.war_cry, player)
        cried = Event(text=f"📣 {name} cries War Cry! and throws again: {offer.text}.")
        if window.before_json is None:
            options = json.loads(window.options_json or "{}")
            step = self._war_cry_deal(state.seats, options, window.seed or 0, dice, spent, (offer.roll, offer.die))
        else:
            before = self.load_state(window.before_json)
            before.war_cry = spent
            step = self._war_cry_move(before, window.player or player, self.parse_action(window.action_json or "{}"),
                              dice, (offer.roll, offer.die))
        step.state.version = state.version + 1
        return Step(state=step.state, events=[cried, *step.events])


__all__ = ["USES", "SETUP_TURN", "CryWarCry", "LetItStand", "WarCryAction", "ACTIONS", "TYPES", "Offer", "Window",
           "WarCry", "WarCryRules", "WarCryState", "holders_from", "offers", "choices", "question", "check", "spend"]
