"""Orcz's optional timer rule (seed 003 L39-44 "Optional Rule … If the player has not placed his
rank by the time you finish saying the phrase, he must do so immediately and discard one Goblin
Slave", L50-54 "Players should get about 15 seconds to place each Troop rank. If a player takes
longer, you can challenge him"): a table option; the rules time each rank themselves (the placing
prompt's own `seconds`, 15, which the bot's reaction timer waits before it applies the prompt's
default, TimeUp); then the others may challenge (Gnorish, any time)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.orcz import GAME
from rules.orcz.data import START_SLAVES
from rules.orcz.engine import PHRASE, RANK_SECONDS, TIMER_OPTION
from rules.orcz.models import Gnorish, OrczState, Place, Scout, TimeUp
from tests.rules.orcz.helpers import seats, texts


def timed(count: int = 4) -> OrczState:
    # dice forced (every face a 1): the first of each list — a colour order, Ann first, each Challenge, the Event
    dice = ScriptedDice([1] * 64)
    return GAME.start(seats(count), {TIMER_OPTION: True}, 1, dice=dice).state


def test_without_the_option_there_is_no_clock() -> None:
    # L39 "Optional Rule": off unless the table asks for it
    state = GAME.new(seats(4), None, 1)
    assert not state.timer and all(p.default is None for p in GAME.prompts(state))
    placer = state.ask.players[0]
    with pytest.raises(RuleViolation, match="time"):
        GAME.apply(state, placer, TimeUp())
    assert all(not isinstance(a, Gnorish) for p in state.players for a in GAME.legal_actions(state, p))


def test_the_placer_has_a_time_limit_and_nobody_can_challenge_before_it_runs_out() -> None:
    # L52-53 "about 15 seconds to place each Troop rank. If a player takes longer, you can challenge him"
    state = timed()
    placer = state.ask.players[0]
    assert state.players[state.first] == placer
    [prompt] = GAME.prompts(state)
    assert prompt.player == placer and prompt.secret and prompt.default == {"type": "time-up"}
    assert not GAME.view(state, None).late
    for other in state.players:
        if other != placer:
            assert Gnorish() not in GAME.out_of_turn(state, other)
            with pytest.raises(RuleViolation, match="time for a rank has run out"):
                GAME.apply(state, other, Gnorish())
    # the placer cannot choose TimeUp: it is never among their legal moves (only the timer plays it)
    assert all(not isinstance(a, TimeUp) for a in GAME.legal_actions(state, placer))


def test_each_rank_has_the_books_fifteen_seconds_not_the_tables_reaction_time() -> None:
    # seed 003 L52-53 "Players should get about 15 seconds to place each Troop rank": the placing
    # prompt names its own limit (as Chaos Marauders' last call does), so the bot waits 15 seconds
    # for every rank, and again for the same rank after a challenge; nothing else is timed
    assert RANK_SECONDS == 15
    state = timed()
    placer = state.ask.players[0]
    [prompt] = GAME.prompts(state)
    assert prompt.seconds == RANK_SECONDS and prompt.default == {"type": "time-up"}
    late = GAME.apply(state, placer, TimeUp()).state
    assert [p.seconds for p in GAME.prompts(late)] == [None]  # the shout is open: no clock runs
    other = next(p for p in late.players if p != placer)
    again = GAME.apply(late, other, Gnorish()).state
    assert [(p.player, p.seconds) for p in GAME.prompts(again)] == [(placer, RANK_SECONDS)]
    assert all(p.seconds is None for p in GAME.prompts(GAME.new(seats(4), None, 1)))  # no option, no clock


def test_after_the_time_the_others_may_challenge_and_the_slow_warlord_discards_a_slave() -> None:
    # L40-43: the phrase, then "he must do so immediately and discard one Goblin Slave"
    state = timed()
    placer = state.ask.players[0]
    late = GAME.apply(state, placer, TimeUp())
    assert any("taking too long" in t for t in texts(late))
    state = late.state
    assert state.late and GAME.view(state, None).late
    assert [p.default for p in GAME.prompts(state)] == [None]  # no second timer while the shout is open
    others = [p for p in state.players if p != placer]
    for other in others:
        assert Gnorish() in GAME.out_of_turn(state, other)  # an any-time move for every other Warlord
    assert Gnorish() not in GAME.legal_actions(state, placer)  # not at oneself
    with pytest.raises(RuleViolation):
        GAME.apply(state, placer, Gnorish())
    shout = GAME.apply(state, others[0], Gnorish())
    after = shout.state
    assert after.warlord(placer).slaves == START_SLAVES - 1
    public = [e.text for e in shout.events if e.visible_to is None]
    assert PHRASE in public[0]
    assert any("pays 1 Slave(s) to the pool" in t for t in public)
    assert all(str(START_SLAVES - 1) + " Slaves" not in t for t in public)  # the new total stays private
    assert [e.text for e in shout.events if e.visible_to == [placer]] == [f"You now have {START_SLAVES - 1} Slaves."]
    # placing is still owed, by the same Warlord; the time runs again for that rank
    assert after.ask.players == [placer] and not after.late
    assert [p.default for p in GAME.prompts(after)] == [{"type": "time-up"}]
    with pytest.raises(RuleViolation):  # one shout per time out: the second Warlord is too late
        GAME.apply(after, others[1], Gnorish())


def test_a_second_time_out_can_be_challenged_again_and_a_warlord_with_no_slaves_owes_nothing() -> None:
    # reading phrase-timer: the time runs again for the same rank; L29-31: nothing left, the debt is forgiven
    state = timed()
    placer = state.ask.players[0]
    other = next(p for p in state.players if p != placer)
    state.warlord(placer).slaves = 1
    for left in (0, 0):
        state = GAME.apply(state, placer, TimeUp()).state
        step = GAME.apply(state, other, Gnorish())
        state = step.state
        assert state.warlord(placer).slaves == left
    assert any("debt is forgiven" in t for t in texts(step))


def test_placing_in_time_or_late_ends_the_clock_for_that_rank_and_starts_the_next_one() -> None:
    # L42 "he must do so immediately": once placed, nobody can challenge that rank any more
    state = timed()
    placer = state.ask.players[0]
    state = GAME.apply(state, placer, TimeUp()).state
    place = next(a for a in GAME.legal_actions(state, placer) if isinstance(a, Place))
    state = GAME.apply(state, placer, place).state
    nxt = state.ask.players[0]
    assert nxt != placer and not state.late
    assert all(Gnorish() not in GAME.out_of_turn(state, p) for p in state.players)
    assert [p.default for p in GAME.prompts(state)] == [{"type": "time-up"}]  # the next Warlord's time runs
    with pytest.raises(RuleViolation):  # a stale time-up for the Warlord who has placed
        GAME.apply(state, placer, TimeUp())


def test_the_scout_does_not_stop_the_clock_and_struggles_have_no_timer() -> None:
    # the timer is per rank placed (L52-53); struggle or hold and the share-outs are not timed
    state = timed()
    placer = state.ask.players[0]
    for _ in range(6):
        player = state.ask.players[0]
        state = GAME.apply(state, player, next(a for a in GAME.legal_actions(state, player)
                                               if isinstance(a, Place))).state
    placer = state.ask.players[0]
    scout = next((a for a in GAME.legal_actions(state, placer) if isinstance(a, Scout)), None)
    assert scout is not None
    state = GAME.apply(state, placer, scout).state
    assert [p.default for p in GAME.prompts(state)] == [{"type": "time-up"}]
    while state.ask is not None and state.phase.value == "deploy":
        player = state.ask.players[0]
        state = GAME.apply(state, player, next(a for a in GAME.legal_actions(state, player)
                                               if isinstance(a, Place))).state
    assert state.phase.value == "struggle"
    assert all(p.default is None for p in GAME.prompts(state))


def test_a_timed_game_replays_from_its_log() -> None:
    # the store's proof: a game with time-outs and challenges replays to the same state
    state = GAME.new(seats(3), {TIMER_OPTION: True}, 5)
    log = []
    placer = state.ask.players[0]
    other = next(p for p in state.players if p != placer)
    for player, action in ((placer, TimeUp()), (other, Gnorish()),
                           (placer, next(a for a in GAME.legal_actions(state, placer) if isinstance(a, Place)))):
        state = GAME.apply(state, player, action).state
        log.append((player, action))
    again = GAME.replay(seats(3), {TIMER_OPTION: True}, 5, log)
    assert again.model_dump() == state.model_dump()


def test_the_timer_is_declared_as_the_tables_one_optional_rule() -> None:
    # L39 "Optional Rule": the table switches it on by name as it opens; any other name is refused
    assert [o.name for o in GAME.table_options] == [TIMER_OPTION]
    assert GAME.table_option("Phrase-Timer").name == TIMER_OPTION
    options = GAME.options_with([TIMER_OPTION])
    assert options == {TIMER_OPTION: True} and GAME.rules_on(options) == list(GAME.table_options)
    assert GAME.rules_on({}) == [] and GAME.options_with([]) == {}
    with pytest.raises(RuleViolation, match=f"no optional rule 'no_mercy'; its rules: {TIMER_OPTION}"):
        GAME.options_with([TIMER_OPTION, "no_mercy"])
    assert GAME.new(seats(3), options, 1).timer
