"""What Orcz's computer players weigh (`rules.orcz.computer.standing`, which the search reads through `TACTICS`): the Slaves each Warlord
holds, what the Battlefields still to be resolved would pay as their ranks stand (seed 003 L229-284:
the strongest Warlord takes the primary where the Challenge falls and pays it where it holds), and
whether the war can still be won at all (L323-328: fewer than three Battlefields cleared, everybody
loses)."""

from __future__ import annotations

from rules.core.computer import Level, decide
from rules.core.dice import ScriptedDice
from rules.core.search import Budget, worth_out_of_turn
from rules.orcz import GAME
from rules.orcz.computer import TACTICS, projection
from rules.orcz.data import SCOUT, Field
from rules.orcz.engine import TIMER_OPTION
from rules.orcz.models import Gnorish, Hold, Phase, Scout, Struggle, TimeUp
from tests.rules.orcz.helpers import battle, fresh, seats


def test_leading_where_the_challenge_falls_is_worth_more_than_leading_where_it_holds() -> None:
    # a 3/1 needs 12 with four Warlords (L233-236); p1 leads the line in both positions
    falls = battle([("p1", "G3", "C3", "left"), ("p1", "A3", "G2", "left"), ("p2", "G2", "C1", "left")])
    holds = battle([("p1", "G3", "C3", "left"), ("p2", "G1", "C1", "left")])
    assert sum(GAME.strengths(falls, falls.front("anvil").ranks).values()) >= GAME.need(falls, 1)
    assert sum(GAME.strengths(holds, holds.front("anvil").ranks).values()) < GAME.need(holds, 1)
    front = falls.front("anvil")
    change = projection(front, GAME.strengths(falls, front.ranks), 1.0)
    assert 2.5 < change["p1"] <= 3 and change["p2"] > 0  # (most likely) the primary, and the secondary
    assert change.get("p3", 0) == 0  # no troops there: no share of the reward
    front = holds.front("anvil")
    change = projection(front, GAME.strengths(holds, front.ranks), 0.0)
    assert -3 <= change["p1"] < -2.5 and change["p2"] < 0  # the primary paid, the secondary made others pay
    assert GAME.standing(falls)["p1"] > GAME.standing(holds)["p1"]
    assert GAME.standing(falls)["p1"] > GAME.standing(falls)["p2"]


def test_a_lead_with_ranks_still_to_come_is_less_sure_than_one_at_the_end_of_deployment() -> None:
    # L229-284: only the Strength at the Challenge's reckoning counts; ranks still to come may change it
    state = battle([("p1", "G3", "C3", "left"), ("p2", "G2", "C1", "left")])
    front = state.front("anvil")
    strength = GAME.strengths(state, front.ranks)
    settled = projection(front, strength, 1.0)
    open_ = projection(front, strength, 1.0, share=8.0)
    assert settled["p1"] > open_["p1"] > 0 and settled["p2"] < open_["p2"]


def test_a_war_that_cannot_be_won_is_worth_almost_nothing_to_anyone() -> None:
    # L323-328: with too many Challenges left for the turns, nobody can win
    state = battle([("p1", "G3", "C3", "left"), ("p2", "G1", "C1", "left")])
    won = state.model_copy(deep=True)
    for front in won.fronts:
        if front.field.value != "anvil":  # three Battlefields already cleared: the war is won
            front.challenge, front.stack = None, 0
    hopeful = sum(GAME.standing(won).values())
    state.turn = state.turns  # the last turn: only Battlefields cleared by its end count
    for front in state.fronts:
        front.stack = 2
    assert sum(GAME.standing(state).values()) < 0.001 < 0.99 < hopeful
    state.phase = Phase.OVER
    assert GAME.standing(state) is None


def test_strength_short_of_the_need_still_brings_the_war_nearer_to_being_won() -> None:
    # L233-236: a 3/1 needs 12 with four; 5 and then 9 Strength both fall short, but 9 is nearer, so
    # the chance that three Battlefields are cleared (L323-328) grows with every rank added
    weak = battle([("p1", "G3", "C2", "left"), ("p2", "A1", "C1", "left")])  # 5 + 2 = 7
    strong = battle([("p1", "G3", "C3", "left"), ("p2", "A3", "C1", "left")])  # 6 + 4 = 10
    assert sum(GAME.standing(strong).values()) > sum(GAME.standing(weak).values()) > 0


def test_a_champion_makes_its_challenge_fall_whatever_the_strength() -> None:
    # L292-293: the Champion defeats the Challenge wherever it stands, with no Strength of its own
    bare = battle([("p1", "G1", "C1", "left"), ("p2", "G1", "A1", "left")])
    champion = battle([("p1", "G1", "C1", "left"), ("p2", "champion", "A1", "left")])
    assert sum(GAME.standing(champion).values()) > sum(GAME.standing(bare).values())


def test_a_computer_sends_its_scout_at_the_hidden_card_its_rank_would_meet() -> None:
    # seed 003 L306-308 "This card may be played at any time", L161-166 (a struggle meets the rank
    # directly in front): the rear rank's owner looks before it decides; a Warlord further up the line
    # looks out of turn at the rank in front of its own; nobody wastes it where it teaches nothing
    state = battle([("p1", "G1", "G2", "left"), ("p2", "A1", "C1", "right"), ("p3", "G3", "A3", "left")])
    for warlord in state.warlords:
        warlord.hand = [SCOUT]
    rear = GAME.legal_actions(state, "p3")
    assert TACTICS.sensible(state, "p3", rear) == [Scout(field=Field.ANVIL, rank=2)]
    assert decide(GAME, GAME.seen_by(state, "p3"), "p3", Level.NORMAL, 1, Budget(iterations=20)) == Scout(
        field=Field.ANVIL, rank=2)
    assert worth_out_of_turn(GAME, GAME.seen_by(state, "p2"), "p2") == [Scout(field=Field.ANVIL, rank=1)]
    assert worth_out_of_turn(GAME, GAME.seen_by(state, "p1"), "p1") == []  # the first rank meets nobody
    assert worth_out_of_turn(GAME, GAME.seen_by(state, "p4"), "p4") == []  # no rank here
    looked = GAME.apply(state, "p3", Scout(field=Field.ANVIL, rank=2), dice=ScriptedDice([1] * 8)).state
    assert TACTICS.sensible(looked, "p3", GAME.legal_actions(looked, "p3")) == [Struggle(), Hold()]
    deploying = fresh()  # while ranks are placed, it waits
    placer = deploying.ask.players[0]
    assert not any(isinstance(a, Scout) for a in TACTICS.sensible(deploying, placer,
                                                                  GAME.legal_actions(deploying, placer)))


def test_a_computer_shouts_the_phrase_as_soon_as_it_may() -> None:
    # seed 003 L50-54 "If a player takes longer, you can challenge him", L39-44: with the phrase timer
    # on, a computer challenges a slow Warlord at once (reading phrase-timer: the most chaos)
    state = GAME.start(seats(4), {TIMER_OPTION: True}, 1, dice=ScriptedDice([1] * 64)).state
    placer = state.ask.players[0]
    other = next(p for p in state.players if p != placer)
    assert worth_out_of_turn(GAME, GAME.seen_by(state, other), other) == []  # the time still runs
    late = GAME.apply(state, placer, TimeUp()).state
    assert worth_out_of_turn(GAME, GAME.seen_by(late, other), other) == [Gnorish()]
    assert worth_out_of_turn(GAME, GAME.seen_by(late, placer), placer) == []  # never at oneself
