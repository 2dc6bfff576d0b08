"""Taking a move back (issue 45): the rule every game shares (`rules.core.undo.refusal`, asked through
`Game.undo_refusal`), and the action log with its undos (`standing`, `Game.replay_log`).

A small game written here has one move of each kind the rule tells apart, so each sentence is
checked on its own; then every registered game is played at random and, wherever the rule lets a
move go, taking it back must give exactly the game before it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field, TypeAdapter

from rules.core import undo
from rules.core.dice import Dice
from rules.core.engine import Context, Game, GameState, Outcome, OutcomeKind, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.secrets import Hidden, Spot
from rules.core.selfplay import random_seats
from rules.core.views import TableView, table_fields
from rules.registry import GAMES


class TallyState(GameState):
    game: Literal["tally"] = "tally"
    turn: int = 0  # whose turn: a seat's index
    marks: dict[PlayerId, int] = Field(default_factory=dict)
    deck: list[int] = Field(default_factory=lambda: [7, 3, 9])  # hidden from everyone
    hands: dict[PlayerId, list[int]] = Field(default_factory=dict)  # each seen by its owner
    hidden: dict[PlayerId, int] = Field(default_factory=dict)  # a number each put down in secret
    asked: PlayerId | None = None  # a player who may answer the last move
    over: bool = False


class Act(BaseModel):
    type: Literal["step", "roll", "draw", "whisper", "hide", "ask", "answer", "pass", "win"]


DECK: Hidden[TallyState] = Hidden("deck", find=lambda s: [Spot(n, frozenset()) for n in range(len(s.deck))],
                                  get=lambda s, n: s.deck[n], put=lambda s, n, v: s.deck.__setitem__(n, v),
                                  possible=lambda s, n: range(1, 10))
HAND: Hidden[TallyState] = Hidden(
    "hand", find=lambda s: [Spot((p, n), frozenset({p})) for p, cards in s.hands.items() for n in range(len(cards))],
    get=lambda s, k: s.hands[k[0]][k[1]], put=lambda s, k, v: s.hands[k[0]].__setitem__(k[1], v),
    possible=lambda s, k: range(1, 10))
HIDDEN: Hidden[TallyState] = Hidden("hidden", find=lambda s: [Spot(p, frozenset({p})) for p in s.hidden],
                                    get=lambda s, p: s.hidden[p], put=lambda s, p, v: s.hidden.__setitem__(p, v),
                                    possible=lambda s, p: range(1, 10))


class TallyView(TableView):
    game: Literal["tally"] = "tally"


class Tally(Game[TallyState, Any]):
    slug = "tally"
    title = "Tally"
    min_players = 2
    max_players = 2
    recommended = (2, 2)
    state_type = TallyState
    action_adapter = TypeAdapter(Annotated[Act, Field()])
    secrets = (DECK, HAND, HIDDEN)

    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> TallyState:
        return TallyState(seats=list(seats), dice=ctx.dice.state, marks={s.player: 0 for s in seats},
                          hands={s.player: [] for s in seats})

    def _mover(self, state: TallyState) -> PlayerId:
        return state.seats[state.turn].player

    def _other(self, state: TallyState) -> PlayerId:
        return state.seats[1 - state.turn].player

    def _prompts(self, state: TallyState) -> list[Prompt]:
        if state.over:
            return []
        prompts = [Prompt(player=self._mover(state), kind=PromptKind.ACTION, text="move.")]
        if state.asked is not None:
            prompts.append(Prompt(player=state.asked, kind=PromptKind.ACTION, text="answer?", default={"type": "answer"}))
        return prompts

    def _legal_actions(self, state: TallyState, player: PlayerId) -> list[Any]:
        if state.over:
            return []
        if player == state.asked:
            return [Act(type="answer")]
        if player != self._mover(state):
            return []
        kinds = ["step", "roll", "whisper", "hide", "ask", "pass", "win"] + (["draw"] if state.deck else [])
        return [Act(type=k) for k in kinds]

    def _apply(self, ctx: Context, state: TallyState, player: PlayerId, action: Any) -> None:
        if action not in self._legal_actions(state, player):
            raise RuleViolation("Not now.")
        kind = action.type
        if kind == "step":
            state.marks[player] += 1
        elif kind == "roll":
            state.marks[player] += ctx.dice.d6("a tally").result
        elif kind == "draw":
            state.hands[player].append(state.deck.pop())
        elif kind == "whisper":
            ctx.say("Psst.", visible_to=[self._other(state)])
        elif kind == "hide":
            state.hidden[player] = 5
        elif kind == "ask":
            state.asked = self._other(state)
        elif kind == "answer":
            state.asked = None
        elif kind == "pass":
            state.turn = 1 - state.turn
        else:
            state.over = True

    def view(self, state: TallyState, viewer: PlayerId | None) -> TallyView:
        return TallyView(**table_fields(state, viewer, self.waiting_for(state), None))

    def outcome(self, state: TallyState) -> Outcome | None:
        return Outcome(placings=[[s.player for s in state.seats]], summary="") if state.over else None


TALLY = Tally()
SEATS = [Seat(player="a", name="Ana"), Seat(player="b", name="Bo")]


def _refusal(kind: str, state: TallyState | None = None) -> str | None:
    state = state if state is not None else TALLY.new(SEATS, None, 1)
    return TALLY.undo_refusal(state, "a", TALLY.apply(state, "a", Act(type=kind)))


def test_a_move_that_changed_nothing_hidden_and_kept_the_turn_may_be_taken_back() -> None:
    assert _refusal("step") is None


def test_a_secret_put_down_by_the_mover_may_be_taken_back_nobody_learnt_it() -> None:
    assert _refusal("hide") is None


@pytest.mark.parametrize(("kind", "why"), [
    ("roll", "a die was rolled (or chance was drawn on) since."),
    ("draw", "something hidden was uncovered by it (a card drawn or shown)."),
    ("whisper", "another player was told something in private by it."),
    ("ask", "another player may now answer it."),
    ("pass", "your turn is over."),
    ("win", "that move ended the game."),
])
def test_each_move_the_rule_refuses_says_why(kind: str, why: str) -> None:
    assert _refusal(kind) == why


def test_another_players_secret_shown_is_uncovered() -> None:
    state = TALLY.new(SEATS, None, 1)
    state.hidden["b"] = 4
    after = state.model_copy(deep=True)
    del after.hidden["b"]  # shown to the table
    assert undo.refusal(TALLY, state, "a", after, []) == "something hidden was uncovered by it (a card drawn or shown)."


def test_the_log_keeps_its_undos_and_replays_through_them() -> None:
    dump = TALLY.dump_action
    log: list[undo.Entry] = [(1, "a", dump(Act(type="step"))), (2, "a", dump(Act(type="hide"))),
                             (3, "a", undo.marker(2)), (4, "a", undo.marker(1)), (5, "a", dump(Act(type="roll")))]
    assert [entry[0] for entry in undo.standing(log)] == [5]
    assert undo.taken_back(log[2][2]) == 2 and undo.taken_back(log[0][2]) is None
    state = TALLY.replay_log(SEATS, None, 1, log)
    assert state.version == 5 and not state.hidden and state.marks["a"] >= 1
    with pytest.raises(ValueError, match="not the last move standing"):
        undo.standing([(1, "a", dump(Act(type="step"))), (2, "a", dump(Act(type="step"))), (3, "a", undo.marker(1))])


def _random_moves(slug: str, seed: int, steps: int) -> list[tuple[Any, PlayerId, Any, Any]]:
    """A seeded random game's moves: (state before, player, action, step)."""
    game = GAMES[slug]
    seats = random_seats(game.min_players, Dice(seed=seed), game.seat_pick)
    state = game.new(seats, None, seed)
    rng = random.Random(seed)
    made = []
    for _ in range(steps):
        waiting = game.waiting_for(state)
        if game.outcome(state) is not None or not waiting:
            break
        player = rng.choice(waiting)
        legal = game.legal_actions(state, player)
        if not legal:
            break
        action = rng.choice(legal)
        step = game.apply(state, player, action)
        made.append((state, player, action, step))
        state = step.state
    return made


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_in_every_game_a_move_taken_back_gives_the_game_before_it(slug: str) -> None:
    """Wherever the shared rule lets a move go, the log with its undo replays to the game before the
    move, to the letter but for the version (which counts the undo); and in every game the rule
    refuses the moves that end a turn."""
    game = GAMES[slug]
    moves = _random_moves(slug, seed=3, steps=60)
    seats, log, reasons = moves[0][0].seats, [], set()
    for n, (before, player, action, step) in enumerate(moves, start=1):
        log.append((n, player, game.dump_action(action)))
        why = game.undo_refusal(before, player, step)
        reasons.add(why)
        if why is None:
            assert step.state.dice == before.dice and game.waiting_for(step.state) == [player]
            back = game.replay_log(seats, None, 3, [*log, (n + 1, player, undo.marker(n))])
            assert back.version == n + 1
            assert back.model_dump(exclude={"version"}) == before.model_dump(exclude={"version"})
    assert reasons - {None}, reasons  # some move is kept
    if game.outcome_kind is not OutcomeKind.COOPERATIVE:
        # (in a co-operative game the move that hands play on may first draw a card, OrcQuest's Event at the end
        # of an activation, and is kept for that)
        assert "your turn is over." in reasons or "that move ended the game." in reasons, reasons
