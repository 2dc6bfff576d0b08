"""Orcz's Scout, its secrets (hand, face-down cards, Slaves, what a Scout saw) and the end of the war
(seed 003 L306-310, L27-28, L112-120, L323-328, L346-349)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core.dice import Dice, ScriptedDice
from rules.core.engine import Context
from rules.core.errors import RuleViolation
from rules.core.moves import Reading
from rules.core.selfplay import play_random
from rules.orcz import GAME
from rules.orcz.data import SCOUT, Field, card_name
from rules.orcz.models import Phase, Place, Scout
from rules.orcz.moves import MOVES
from rules.orcz.secrets import CARDS, SLAVES, down_key, hand_key
from tests.rules.orcz.helpers import fresh, seats


def deployed(steps: int = 6) -> object:
    """Turn 1 after `steps` placements, each the first lawful one (no Scout sent)."""
    state = fresh()
    for _ in range(steps):
        player = state.ask.players[0]
        state = GAME.apply(state, player, next(a for a in GAME.legal_actions(state, player)
                                               if isinstance(a, Place))).state
    return state


def _named(state: object, rank_id: int) -> Scout:
    """The Scout sent at a rank, named as players name it: its Battlefield and its place in the line."""
    return next(Scout(field=f.field, rank=n) for f in state.fronts  # type: ignore[attr-defined]
                for n, r in enumerate(f.ranks, start=1) if r.id == rank_id)


def test_the_scout_peeks_in_private_and_is_spent_in_public() -> None:
    # seed 003 L306-310; reading c10: any opponent's face-down card, while the game waits for a decision
    state = deployed()
    asked = state.ask.players[0]
    rank = next(r for f in state.fronts for r in f.ranks if r.owner != asked)
    step = GAME.apply(state, asked, _named(state, rank.id))
    after = step.state
    assert SCOUT in after.warlord(asked).spent and SCOUT not in after.warlord(asked).hand
    private = [e.text for e in step.events if e.visible_to == [asked]]
    public = [e.text for e in step.events if e.visible_to is None]
    assert private == [f"Your Scout saw {card_name(rank.hidden)} there."]
    assert len(public) == 1 and "peek" in public[0] and card_name(rank.hidden) not in public[0]
    seen = [r for f in GAME.view(after, asked).fronts for r in f.ranks if r.id == rank.id][0]
    assert seen.left == rank.left and seen.right == rank.right  # the scout's owner sees it now
    third = next(p for p in after.players if p not in (asked, rank.owner))
    hidden = [r for f in GAME.view(after, third).fronts for r in f.ranks if r.id == rank.id][0]
    assert getattr(hidden, rank.down) is None and hidden.scouted_by == [asked]
    assert after.ask == state.ask  # the game still waits for the same decision
    with pytest.raises(RuleViolation, match="already been used"):
        GAME.apply(after, asked, _named(after, rank.id))


def test_the_scout_goes_out_of_turn() -> None:
    # reading c10: the Scout at any moment, out of turn too (Move.any_time: the table takes it from
    # a player the game is not waiting for, and nothing else from them)
    state = deployed()
    asked = state.ask.players[0]
    other = next(p for p in state.players if p != asked)
    scouts = GAME.out_of_turn(state, other)
    assert scouts and all(isinstance(a, Scout) for a in scouts)
    assert GAME.out_of_turn(state, other) == [a for a in GAME.legal_actions(state, other) if isinstance(a, Scout)]
    after = GAME.apply(state, other, scouts[0]).state
    assert SCOUT in after.warlord(other).spent and after.ask == state.ask
    assert GAME.out_of_turn(after, other) == []


def test_the_scout_looks_only_at_an_opponents_face_down_card() -> None:
    state = deployed()
    asked = state.ask.players[0]
    own = next((r for f in state.fronts for r in f.ranks if r.owner == asked), None)
    if own is not None:
        with pytest.raises(RuleViolation, match="opponent"):
            GAME.apply(state, asked, _named(state, own.id))
    with pytest.raises(RuleViolation, match="has no rank 9"):
        GAME.apply(state, asked, Scout(field=Field.TREE, rank=9))


def test_a_rank_reads_the_same_number_everywhere_and_the_typed_rank_is_read_whole() -> None:
    # seed 003 L306-308, L112-120 (a rank's place: the first right in front of the Battlefield, each next
    # one behind it): the Scout names a rank by its Battlefield and that place, as the log, the menu, the
    # typed command and the Scout's report all do (a menu's "rank 2" once reported "rank 1", and a
    # computer typed "rank:15", an inner number); a typed rank is a whole number or it is refused, and
    # a refused one spends nothing
    dice = ScriptedDice([1] * 64)  # the first of each draw: colours, Ann first, the Challenges, the Event
    state = GAME.start(seats(4), None, 1, dice=dice).state
    for field in (Field.TENT, Field.TENT, Field.TREE):
        player = state.ask.players[0]
        state = GAME.apply(state, player, next(a for a in GAME.legal_actions(state, player)
                                               if isinstance(a, Place) and a.field == field)).state
    ann, bo, cy, di = state.players
    assert state.ask.players == [di]
    reading = Reading(GAME.view(state, di), {p: n for p, n in zip(state.players, ("Ann", "Bo", "Cy", "Di"), strict=True)})
    offered = {MOVES.words(a, reading): a for a in GAME.legal_actions(state, di) if isinstance(a, Scout)}
    assert offered == {"Ann's rank 1 at Sunderlands": Scout(field=Field.TENT, rank=1),
                       "Bo's rank 2 at Sunderlands": Scout(field=Field.TENT, rank=2),
                       "Cy's rank 1 at Lothari Forest": Scout(field=Field.TREE, rank=1)}
    bo_rank = offered["Bo's rank 2 at Sunderlands"]
    assert MOVES.typed_form(bo_rank, reading) == "scout field:tent rank:2"
    scout = MOVES.named("scout")
    assert GAME.parse_action(scout.build({"field": "tent", "rank": "2"}, reading)) == bo_rank
    assert GAME.parse_action(scout.build({"field": "Sunderlands", "rank": 2}, reading)) == bo_rank
    for typed in ("1e309", "-1", "@everyone 1", "2 please", "2.5", "0", "21"):
        with pytest.raises(RuleViolation, match="rank"):
            scout.build({"field": "tent", "rank": typed}, reading)
    step = GAME.apply(state, di, bo_rank, dice=ScriptedDice([1] * 4))
    assert [e.text for e in step.events if e.visible_to is None] == [
        "Di sends the Scout to peek at Bo's face-down card in rank 2 at Sunderlands. The card stays face down."]
    before = state.model_dump()
    with pytest.raises(RuleViolation, match="Sunderlands has no rank 3"):
        GAME.apply(state, di, Scout(field=Field.TENT, rank=3))
    assert state.model_dump() == before


def test_hands_face_down_cards_and_slaves_are_seen_by_their_owner_alone() -> None:
    # seed 003 L27-28, L112-120, L147-148
    state = deployed()
    rank = next(r for f in state.fronts for r in f.ranks)
    owner, other = rank.owner, next(p for p in state.players if p != rank.owner)
    assert CARDS.seen(state, down_key(rank.id), owner) == rank.hidden
    assert CARDS.seen(state, down_key(rank.id), other) is None and CARDS.seen(state, down_key(rank.id), None) is None
    assert CARDS.seen(state, hand_key(owner), other) is None
    assert SLAVES.seen(state, ("slaves", owner), owner) == 5 and SLAVES.seen(state, ("slaves", owner), other) is None
    view = GAME.view(state, other)
    assert [w.hand for w in view.warlords if w.player == owner] == [None]
    assert [w.slaves for w in view.warlords if w.player == owner] == [None]
    assert GAME.view(state, owner).warlords[state.players.index(owner)].hand == state.warlord(owner).hand


def test_the_veil_deals_an_opponents_unseen_cards_again_and_conserves_them() -> None:
    # a computer's picture: the opponent's hand and face-down cards, dealt again among the same places
    state = deployed(8)
    me = state.players[0]
    for n in range(6):
        world = GAME.determinize(state, me, Dice(seed=n)) if n else GAME.seen_by(state, me)
        for warlord in state.warlords:
            if warlord.player == me:
                assert world.warlord(me).hand == warlord.hand
                continue

            def unseen(s: object, p: str) -> Counter[str]:
                downs = [r.hidden for f in s.fronts for r in f.ranks if r.owner == p and r.hidden]  # type: ignore[attr-defined]
                return Counter([*s.warlord(p).hand, *downs])  # type: ignore[attr-defined]
            assert unseen(world, warlord.player) == unseen(state, warlord.player)
        assert GAME.view(world, me) == GAME.view(state, me)
    worlds = {str(GAME.determinize(state, me, Dice(seed=n)).model_dump(exclude={"dice"})) for n in range(6)}
    assert len(worlds) > 1


def _end(state: object, cleared: int) -> object:
    for n, front in enumerate(state.fronts):  # type: ignore[attr-defined]
        front.stack = 0
        front.challenge = None if n < cleared else 3
        front.done = True
    ctx = Context(Dice(state.dice))  # type: ignore[attr-defined]
    GAME._end_turn(ctx, state)
    return state


def test_fewer_than_three_battlefields_cleared_everybody_loses() -> None:
    # seed 003 L323-326
    state = fresh()
    state.turn = state.turns
    state.warlord("p1").slaves = 12
    state = _end(state, 2)
    outcome = GAME.outcome(state)
    assert state.phase is Phase.OVER and outcome is not None and outcome.winners() == [] and not outcome.won
    assert outcome.placings[0] == ["p1"]  # still ranked by Slaves
    assert SLAVES.seen(state, ("slaves", "p1"), None) == 12  # every total shown at the end


def test_three_cleared_the_most_slaves_wins_and_ties_share() -> None:
    # seed 003 L327-328; reading c12: a tie for most Slaves shares the win
    state = fresh()
    state.turn = state.turns
    state.warlord("p2").slaves, state.warlord("p3").slaves = 9, 9
    outcome = GAME.outcome(_end(state, 3))
    assert outcome is not None and outcome.won and sorted(outcome.winners()) == ["p2", "p3"]


def test_the_war_ends_at_once_when_every_battlefield_is_cleared() -> None:
    # seed 003 L346-349: all Challenges defeated before the last turn
    state = fresh()
    assert state.turn == 1
    outcome = GAME.outcome(_end(state, 4))
    assert outcome is not None and outcome.won


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_end_and_replay_identically(players: int) -> None:
    # every game ends; the log replays to the same state; the same seed plays the same game
    for seed in (1, 2):
        run = play_random(GAME, players, seed)
        assert run.finished and GAME.outcome(run.state) is not None
        again = GAME.replay(list(run.state.seats), None, seed, run.log)
        assert again.model_dump() == run.state.model_dump()
        assert play_random(GAME, players, seed).log == run.log


def test_the_table_takes_three_or_four() -> None:
    with pytest.raises(RuleViolation):
        GAME.start(seats(2), None, 1)
    assert GAME.table_sizes() == [3, 4]


def test_illegal_actions_change_nothing() -> None:
    state = fresh()
    before = state.model_dump()
    player = state.ask.players[0]
    with pytest.raises(RuleViolation):
        GAME.apply(state, player, Place(field=Field.TREE, left="A1", right="A2", down="left"))
    assert state.model_dump() == before
