"""Orcz Challenges, Slaves and Heroes spent (seed 003 L229-284, L27-38, L149-154, L289-301)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.orcz import GAME
from rules.orcz.data import Event, Field
from rules.orcz.models import AskKind, Rank, Share
from tests.rules.orcz.helpers import aside_only, battle, resolve


def facing(ranks: list[tuple[str, str, str]], *, challenge: int = 1, event: Event = Event.QUIET_SKIES,
           count: int = 4) -> tuple[object, list[str]]:
    state = aside_only(battle([], event=event, challenge=challenge, count=count), ranks)
    return resolve(state)


def test_the_need_is_primary_times_players_whoever_is_there() -> None:
    # seed 003 L233-241: a 3/1 needs 12 with four players; Elven Reinforcements (house set b3) adds 2
    state = battle([])
    assert GAME.need(state, 1) == 12
    state.event = Event.ELVEN_REINFORCEMENTS
    assert GAME.need(state, 1) == 14
    assert GAME.need(battle([], count=3), 1) == 9


def test_a_defeated_challenge_pays_the_strongest_and_the_secondary_is_shared() -> None:
    # seed 003 L242-257 (the 4/2 example: 18 against 16): Red takes 4, then gives 2 among the others
    state, said = facing([("p1", "G3", "A3"), ("p1", "C2", "G1"), ("p2", "G2", "A2"), ("p3", "G1", "G2")],
                         challenge=4)
    assert state.warlord("p1").slaves == 9 and state.ask.kind is AskKind.SPLIT and state.ask.players == ["p1"]
    assert state.split.among == ["p2", "p3"] and state.split.amount == 2
    with pytest.raises(RuleViolation, match="exactly 2"):
        GAME.apply(state, "p1", Share(shares={"p2": 1}))
    with pytest.raises(RuleViolation, match="give a share to yourself"):
        GAME.apply(state, "p1", Share(shares={"p1": 2}))
    with pytest.raises(RuleViolation, match="no troops counting"):
        GAME.apply(state, "p1", Share(shares={"p4": 2}))
    assert Share(shares={}) not in GAME.legal_actions(state, "p1")  # a victory's secondary must be given
    after = GAME.apply(state, "p1", Share(shares={"p3": 2})).state
    assert after.warlord("p3").slaves == 7 and after.warlord("p2").slaves == 5
    front = after.front(Field.ANVIL)  # L258-259: it leaves the game; next turn the next one is turned up
    assert front.challenge != 4 and 4 not in front.unseen and front.stack == 1 and after.turn == 2


def test_one_other_participant_gets_the_whole_secondary_and_none_means_not_given() -> None:
    # seed 003 L245-249; reading c9: only to others whose troops counted; nobody else, nothing given
    state, _ = facing([("p1", "G3", "A3"), ("p1", "C3", "G3"), ("p2", "G1", "A1")], challenge=0)
    assert state.warlord("p1").slaves == 7 and state.warlord("p2").slaves == 6 and state.ask is not None
    state, said = facing([("p1", "G3", "A3"), ("p1", "C3", "G3")], challenge=0)
    assert state.warlord("p1").slaves == 7 and any("not given" in t for t in said)


def test_a_lost_challenge_costs_the_strongest_who_may_make_others_pay() -> None:
    # seed 003 L262-280: the strongest pays the primary to the pool, may make any others pay the secondary
    state, said = facing([("p1", "G3", "A3"), ("p2", "G1", "A1")], challenge=4)
    assert state.warlord("p1").slaves == 1 and state.ask.kind is AskKind.SPLIT
    assert state.split.among == ["p2", "p3", "p4"] and not state.split.won
    assert Share(shares={}) in GAME.legal_actions(state, "p1")  # reading c9: optional
    with pytest.raises(RuleViolation, match="cannot make yourself pay"):
        GAME.apply(state, "p1", Share(shares={"p1": 2}))
    after = GAME.apply(state, "p1", Share(shares={"p4": 2})).state  # L274-277: even one who was not there
    assert after.warlord("p4").slaves == 3 and after.front(Field.ANVIL).challenge == 4  # it stays


def test_ties_share_primary_plus_secondary_rounded_down() -> None:
    # seed 003 L32-38: (3 + 1) // 2 = 2 each, both ways, and no secondary
    state, said = facing([("p1", "G3", "A3"), ("p2", "G3", "A3"), ("p3", "G1", "G1")], challenge=1)
    assert state.warlord("p1").slaves == 7 and state.warlord("p2").slaves == 7 and state.warlord("p3").slaves == 5
    state, said = facing([("p1", "G1", "A1"), ("p2", "G1", "A1")], challenge=1)
    assert state.warlord("p1").slaves == 3 and state.warlord("p2").slaves == 3 and state.split is None


def test_debts_are_forgiven_when_the_screen_is_empty_or_short() -> None:
    # seed 003 L29-31: nothing left, the screen is lifted and the debt forgiven; reading c7: pay all you have
    state = aside_only(battle([], challenge=5), [("p1", "G3", "A3"), ("p2", "G1", "A1")])
    state.warlord("p1").slaves = 3
    after, said = resolve(state)
    assert after.warlord("p1").slaves == 0 and any("forgiven" in t for t in said)
    state = aside_only(battle([], challenge=5), [("p1", "G3", "A3")])
    state.warlord("p1").slaves = 0
    after, said = resolve(state)
    assert after.warlord("p1").slaves == 0 and any("lifts the screen" in t for t in said)


def test_nobody_pays_for_a_challenge_nobody_fought() -> None:
    # reading c8: a lost Challenge with no troop Strength there costs nothing and stays
    state, said = facing([])
    assert all(w.slaves == 5 for w in state.warlords) and any("nobody pays" in t for t in said)
    assert state.front(Field.ANVIL).challenge == 1


def test_the_champion_wins_the_day_without_strength_and_the_shaman_doubles() -> None:
    # seed 003 L292-301: a Champion defeats the Challenge but adds nothing; a Shaman doubles its partner
    state, said = facing([("p1", "champion", "G1"), ("p2", "shaman", "G3")], challenge=5)
    assert any("defeat the Challenge" in t for t in said)
    assert GAME.strengths(state, []) == {p: 0 for p in state.players}
    assert state.warlord("p2").slaves == 10 and state.warlord("p1").slaves == 7  # 6 beats 1; 2 to p1


def test_llovars_favour_adds_one_to_the_leader() -> None:
    # house set b3
    state, _ = facing([("p1", "G3", "A3"), ("p1", "C3", "G3")], challenge=0, event=Event.LLOVARS_FAVOUR)
    assert state.warlord("p1").slaves == 8


def test_heroes_are_spent_and_troops_come_back_each_turn() -> None:
    # seed 003 L149-154, L281-282, L315-318
    state, _ = facing([("p1", "champion", "G1"), ("p2", "shaman", "G3")], challenge=0)
    assert state.warlord("p1").spent == ["champion"] and state.warlord("p2").spent == ["shaman"]
    assert "champion" not in state.warlord("p1").hand and sorted(state.warlord("p1").hand).count("G2") == 2
    assert len([c for c in state.warlord("p1").hand if c[0] in "GCA" and c[1:].isdigit()]) == 10


def test_troops_go_back_behind_the_screens_as_soon_as_their_battlefield_is_resolved() -> None:
    # seed 003 L258-261 "All troops (not Heroes) on the Battlefield are returned behind their respective
    # players' screens", L281-282: at once, while the other Battlefields are still to be resolved;
    # the Heroes played are spent instead (L149-154)
    state = aside_only(battle([], challenge=0), [("p1", "champion", "G1"), ("p2", "A2", "G3"), ("p2", "C1", "G2")])
    tower = state.front(Field.TOWER)
    tower.done = False  # one more Battlefield to come this turn, with a rank still face down
    tower.ranks = [Rank(id=60, owner="p3", left="G2", right="A1", down="right")]
    state.warlord("p1").hand, state.warlord("p2").hand = ["A3"], []
    after, _ = resolve(state, dice=ScriptedDice([1] * 16))
    assert after.turn == 1 and after.current == Field.TOWER  # the turn goes on at the Tower
    assert after.warlord("p1").hand == ["A3", "G1"] and after.warlord("p1").spent == ["champion"]
    assert after.warlord("p2").hand == ["A2", "C1", "G2", "G3"] and sorted(after.warlord("p2").back) == ["A2", "C1", "G2", "G3"]
    assert next(w for w in GAME.view(after, "p2").warlords if w.player == "p2").hand == ["A2", "C1", "G2", "G3"]


def test_a_typed_share_out_is_read_whole_or_refused() -> None:
    # seed 003 L249 "The allocation may be split among players as the winning Warlord sees fit": typed
    # as names and whole numbers; anything else is refused with a sentence (a number of 5,000 digits
    # once escaped as a crash)
    from rules.core.moves import Reading
    from rules.orcz.moves import MOVES

    share = MOVES.named("share")
    reading = Reading(None, {"p1": "Ann", "p2": "Bo", "p3": "Cy"})
    assert share.build({"shares": "Bo 1, Cy:1"}, reading)["shares"] == {"p2": 1, "p3": 1}
    assert share.build({"shares": "nobody"}, reading)["shares"] == {}
    for typed in ("Bo " + "9" * 5000, "Bo -1", "Bo 1e3", "Bo 1.5", "Bo", "@everyone 1"):
        with pytest.raises(RuleViolation):
            share.build({"shares": typed}, reading)


def test_counts_are_said_in_words() -> None:
    # seed 003 L242-257 (the 4/2 example): the log and the question say "4 Slaves", "2 Slaves", never
    # "Slave(s)" (the board's words, issue 41)
    from rules.orcz.questions import STAGES

    state, said = facing([("p1", "G3", "A3"), ("p1", "C2", "G1"), ("p2", "G2", "A2"), ("p3", "G1", "G2")],
                         challenge=4)
    assert any("takes 4 Slaves from the pool" in t for t in said)
    assert "give 2 Slaves from the pool" in STAGES.text(state, state.ask)
    with pytest.raises(RuleViolation, match=r"exactly 2 Slaves: you gave 1\."):
        GAME.apply(state, "p1", Share(shares={"p2": 1}), dice=ScriptedDice([1] * 8))
    assert not any("(s)" in t for t in said)
    from rules.orcz.rules import counted

    assert (counted(1, "Slave"), counted(0, "Battlefield"), counted(3, "rank")) == ("1 Slave", "0 Battlefields", "3 ranks")
