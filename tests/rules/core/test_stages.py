"""A game's questions declared as a table (`rules.core.stages`): the same prompts and refusals for
every game that asks one question at a time."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel

from rules.core.dice import DiceState
from rules.core.engine import GameState, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.stages import Ask, Stage, Stages


class Guess(BaseModel):
    type: Literal["guess"] = "guess"
    number: int


class Fold(BaseModel):
    type: Literal["fold"] = "fold"


STATE = GameState(game="test", dice=DiceState(seed=1),
                  seats=[Seat(player="a", name="Ant"), Seat(player="b", name="Bee")])
TABLE: Stages[GameState] = Stages({
    "guess": Stage((Guess, Fold), PromptKind.NUMBER, text="Guess a number, or fold."),
    "hide": Stage((Guess,), secret=True),
}, say=lambda state, ask: f"{state.name_of(ask.players[0])}: hide a number.")


def test_prompts_come_from_the_table_for_everyone_asked() -> None:
    prompts = TABLE.prompts(STATE, Ask(kind="guess", players=["a", "b"]))
    assert [(p.player, p.kind, p.text, p.secret) for p in prompts] == [
        ("a", PromptKind.NUMBER, "Guess a number, or fold.", False),
        ("b", PromptKind.NUMBER, "Guess a number, or fold.", False)]
    hidden = TABLE.prompts(STATE, Ask(kind="hide", players=["b"]))
    assert [(p.kind, p.text, p.secret) for p in hidden] == [(PromptKind.SECRET, "Bee: hide a number.", True)]
    assert TABLE.prompts(STATE, None) == []


def test_a_default_may_be_worked_out_from_the_position() -> None:
    # a fixed default is the same whatever the state; one given as a function names the very answer the
    # position makes the default (the first of the squares tied, say), so the timer applies that
    table: Stages[GameState] = Stages({
        "fixed": Stage((Fold,), text="Fold?", default=Fold()),
        "worked": Stage((Guess,), text="Guess.", default=lambda state, ask: Guess(number=len(ask.players))),
    })
    assert [p.default for p in table.prompts(STATE, Ask(kind="fixed", players=["a"]))] == [{"type": "fold"}]
    worked = table.prompts(STATE, Ask(kind="worked", players=["a", "b"]))
    assert [p.default for p in worked] == [{"type": "guess", "number": 2}] * 2


def test_an_answer_is_refused_with_the_reason() -> None:
    ask = Ask(kind="hide", players=["b"])
    assert TABLE.admit(STATE, ask, "b", Guess(number=3)) is ask
    with pytest.raises(RuleViolation, match="waiting for Bee"):
        TABLE.admit(STATE, ask, "a", Guess(number=3))
    with pytest.raises(RuleViolation, match="not an answer to this question: Bee: hide a number"):
        TABLE.admit(STATE, ask, "b", Fold())
    with pytest.raises(RuleViolation, match="Nothing is waiting"):
        TABLE.admit(STATE, None, "b", Fold())


def test_brood_rumble_asks_the_attack_alone_in_secret() -> None:
    # seed 000 II.4.3: the attacker chooses the attack in secret; every other question is open
    from rules.orclympics.brood_rumble.models import AskKind
    from rules.orclympics.brood_rumble.questions import STAGES

    assert {kind for kind, stage in STAGES.table.items() if stage.secret} == {AskKind.ATTACK}
    assert set(STAGES.table) == set(AskKind)  # every question has its row


def test_road_rage_has_a_row_for_every_question_and_refuses_out_of_turn_answers() -> None:
    from rules.orclympics.road_rage.models import AskKind, EndTurn
    from rules.orclympics.road_rage.questions import STAGES
    from rules.registry import GAMES

    assert set(STAGES.table) == set(AskKind)
    game = GAMES["road-rage"]
    state = game.new([Seat(player="a", name="Ant", pick="iron"), Seat(player="b", name="Bee", pick="feral")],
                     None, 7)
    assert {p.player for p in game.prompts(state)} == {"a", "b"}  # both build their Chariots at once
    with pytest.raises(RuleViolation, match="not an answer to this question: Build your Chariot"):
        game.apply(state, "a", EndTurn())


def test_thatll_do_pigs_questions_read_states_stored_with_one_player() -> None:
    # a state stored before the stage table named its one player `player`; it reads as `players`
    from rules.orclympics.thatll_do_pigs.models import Ask as PigsAsk, AskKind
    from rules.orclympics.thatll_do_pigs.questions import STAGES

    old = PigsAsk.model_validate({"kind": "deploy", "player": "alice", "rider": "1"})
    assert old.players == ["alice"] and old.player == "alice" and "player" not in old.model_dump()
    assert set(STAGES.table) == set(AskKind)


def test_a_reaction_stage_gives_its_prompts_its_default_and_its_own_time_limit() -> None:
    # a question the rules time themselves (Chaos Marauders' last call, seed 001 C14 (b)): the prompt
    # carries the default and the seconds, so the bot's reaction timer keeps the rules' time
    timed: Stages[GameState] = Stages({
        "call": Stage((Fold,), text="Last call.", default=Fold(), seconds=8.0),
        "open": Stage((Fold,), text="Whenever you like.", default=Fold()),
    })
    (prompt,) = timed.prompts(STATE, Ask(kind="call", players=["b"]))
    assert (prompt.player, prompt.default, prompt.seconds) == ("b", {"type": "fold"}, 8.0)
    (untimed,) = timed.prompts(STATE, Ask(kind="open", players=["a"]))
    assert untimed.default == {"type": "fold"} and untimed.seconds is None  # the table's usual time
    (plain,) = TABLE.prompts(STATE, Ask(kind="guess", players=["a"]))
    assert plain.default is None and plain.seconds is None


@pytest.mark.parametrize("default, seconds", [(None, 8.0), (Fold(), 0.0), (Fold(), -1.0)])
def test_a_time_limit_without_a_default_or_of_no_time_is_refused(default: BaseModel | None, seconds: float) -> None:
    # a limit needs something to apply when it runs out, and some time to answer in
    with pytest.raises(ValueError, match="time limit needs a default"):
        Stage((Fold,), default=default, seconds=seconds)
