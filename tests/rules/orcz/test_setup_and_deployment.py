"""Orcz set-up, the reveal and the deployment (seed 003; lines of 003_603bedf13167a7f5.txt)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import RuleViolation
from rules.orcz import GAME
from rules.orcz.data import CHALLENGES, SCOUT, SHAMAN, TROOPS, Event, Field
from rules.orcz.models import AskKind, Phase, Place, Scout
from tests.rules.orcz.helpers import fresh, seats, texts


def test_setup_with_dealt_colours_first_player_challenges_and_event() -> None:
    # seed 003 L81-91, L111-112, L145-148, L55-60: colours dealt, first player drawn, 3 Challenges
    # stacked per Battlefield (one revealed), 5 Slaves, 10 troops and 3 Heroes behind each screen
    dice = ScriptedDice([3, 1, 1, 1, 3, 6, 1, 2, 3, 5])
    state = GAME.start(seats(4), None, 7, dice=dice).state
    assert [w.colour for w in state.warlords] == ["blue", "red", "green", "yellow"]
    assert state.first == 2 and state.ask is not None and state.ask.players == ["p3"]
    assert [f.challenge for f in state.fronts] == [5, 0, 1, 2]
    assert [f.stack for f in state.fronts] == [2, 2, 2, 2]  # three stacked, the top one turned up
    assert all(len(f.unseen) == 5 for f in state.fronts)  # the removed three stay unseen among them
    assert state.event is Event.HOLD_DA_LINE and len(state.events_left) == 5
    assert state.turns == 4 and dice.remaining == []
    for warlord in state.warlords:
        assert warlord.slaves == 5 and sorted(warlord.hand) == sorted([*TROOPS, "champion", "shaman", SCOUT])


def test_three_players_have_two_challenges_each_and_three_turns() -> None:
    # seed 003 L86-88, L21-23
    state = fresh(3)
    assert state.turns == 3 and all(f.stack == 1 and f.challenge is not None for f in state.fronts)


def test_the_rank_pairs_the_rules_forbid_are_refused_with_a_sentence() -> None:
    # seed 003 L138-142: never Shaman with Champion, two Archers, two Cavalry, or the Scout; two Grunts are fine
    state = fresh()
    player = state.ask.players[0]
    for left, right, why in (("shaman", "champion", "Shaman and the Champion"), ("A1", "A2", "Two Archers"),
                             ("C1", "C3", "Two Cavalry"), ("scout", "G1", "Scout never")):
        with pytest.raises(RuleViolation, match=why):
            GAME.apply(state, player, Place(field=Field.TREE, left=left, right=right, down="left"))
    GAME.apply(state, player, Place(field=Field.TREE, left="G2", right="G2", down="left"))
    legal = [a for a in GAME.legal_actions(state, player) if isinstance(a, Place)]
    assert legal and all({a.left, a.right} != {"shaman", "champion"} for a in legal)
    assert not any(a.left[0] == a.right[0] and a.left[0] in "AC" for a in legal)
    assert not any(SCOUT in (a.left, a.right) for a in legal)
    with pytest.raises(RuleViolation, match="no Grunt 1 behind your screen to pair"):
        GAME.apply(state, player, Place(field=Field.TREE, left="G1", right="G1", down="left"))


def test_ranks_stack_front_to_rear_and_the_face_down_card_stays_private() -> None:
    # seed 003 L112-120: the first rank in front of the Battlefield, the next behind the rear rank
    state = fresh()
    first = state.ask.players[0]
    step = GAME.apply(state, first, Place(field=Field.ANVIL, left="G3", right="A2", down="right"))
    second = step.state.ask.players[0]
    public = [e for e in step.events if e.visible_to is None]
    assert any("Grunt 3 face up on the left" in e.text for e in public)
    assert not any("Archer 2" in e.text for e in public)
    assert any("Archer 2" in e.text and e.visible_to == [first] for e in step.events)
    state = GAME.apply(step.state, second, Place(field=Field.ANVIL, left="C1", right="G1", down="left")).state
    front = state.front(Field.ANVIL)
    assert [r.owner for r in front.ranks] == [first, second]
    assert GAME.view(state, None).fronts[1].ranks[0].right is None  # a back for everyone else
    assert GAME.view(state, first).fronts[1].ranks[0].right == "A2"


def test_rounds_go_clockwise_from_the_first_player_five_ranks_each() -> None:
    # seed 003 L111-113, L128-129: one rank each per round, five rounds, then the struggles
    state = fresh()
    order = [state.players[(state.first + i) % 4] for i in range(4)]
    state.event = Event.QUIET_SKIES
    asked = []
    while state.phase is Phase.DEPLOY and state.turn == 1:
        player = state.ask.players[0]
        asked.append(player)
        action = next(a for a in GAME.legal_actions(state, player) if isinstance(a, Place))
        state = GAME.apply(state, player, action).state
    assert asked == order * 5


def test_no_passing_only_a_lawful_pair_or_a_skip() -> None:
    # seed 003 L76-80, L132-133; reading c13: a Warlord down to two Cavalry must bring a Hero; with
    # no Hero left that placement is skipped, and the others go on
    state = fresh()
    player = state.ask.players[0]
    state.warlord(player).hand = ["C1", "C2", SHAMAN]
    legal = [a for a in GAME.legal_actions(state, player) if not isinstance(a, Scout)]
    assert legal and all(SHAMAN in (a.left, a.right) for a in legal)
    state.warlord(player).hand = ["C1", "C2"]
    before = state.warlord(player).placed
    from rules.core.dice import Dice
    from rules.core.engine import Context
    ctx = Context(Dice(state.dice))
    GAME._deploy_on(ctx, state)
    assert state.ask.players[0] != player and state.warlord(player).placed == before
    assert any("placement is skipped" in e.text for e in ctx.finish())


def test_a_skipped_placement_is_not_a_placed_rank() -> None:
    # seed 003 L76-80 "your turn is skipped", L128-129 "When every player has placed 5 ranks": a Warlord
    # who could not make a lawful rank placed nothing; every view counts the ranks on the table and,
    # apart, the placements skipped (the picture said "5 placed" for 4 ranks)
    dice = ScriptedDice([1] * 64)  # a colour order, Ann first, each Challenge, the Event: the first of each
    state = GAME.start(seats(4), None, 1, dice=dice).state
    state.event = Event.QUIET_SKIES  # the first Event is Divided Forces, whose rounds would stop early
    ann = state.ask.players[0]
    for _ in range(4 * 4):  # four rounds, each Warlord its first lawful rank
        player = state.ask.players[0]
        state = GAME.apply(state, player, next(a for a in GAME.legal_actions(state, player)
                                               if isinstance(a, Place))).state
    assert state.round == 5 and state.ask.players == [ann]
    state.warlord(ann).hand = ["C1", "C2"]  # only an unlawful pair left, and no Hero to mend it
    state.ask = None
    from rules.core.dice import Dice
    from rules.core.engine import Context
    ctx = Context(Dice(state.dice))
    state.next = 0
    GAME._deploy_on(ctx, state)
    ranks = sum(1 for f in state.fronts for r in f.ranks if r.owner == ann)
    assert ranks == 4 and state.warlord(ann).placed == 4 and state.warlord(ann).skipped == 1
    for viewer in (None, ann, state.players[1]):
        seen = next(w for w in GAME.view(state, viewer).warlords if w.player == ann)
        assert (seen.placed, seen.skipped) == (4, 1)


def test_a_battlefield_without_a_challenge_takes_no_ranks() -> None:
    # seed 003 L24-26
    state = fresh()
    state.front(Field.TENT).challenge, state.front(Field.TENT).stack = None, 0
    player = state.ask.players[0]
    assert all(a.field != Field.TENT for a in GAME.legal_actions(state, player) if isinstance(a, Place))
    with pytest.raises(RuleViolation, match="no Challenge left"):
        GAME.apply(state, player, Place(field=Field.TENT, left="G1", right="G2", down="left"))


def test_divided_forces_one_rank_per_battlefield_each() -> None:
    # seed 003 L62-65 with house set b3: at most one rank per Battlefield, and rounds until nobody can place
    state = fresh()
    state.event = Event.DIVIDED_FORCES
    player = state.ask.players[0]
    state.front(Field.TREE).ranks = []
    state = GAME.apply(state, player, Place(field=Field.TREE, left="G1", right="G2", down="left")).state
    state.ask.players = [player]  # as if their turn came round again
    with pytest.raises(RuleViolation, match="Divided Forces"):
        GAME.apply(state, player, Place(field=Field.TREE, left="G3", right="A1", down="left"))
    state = fresh()
    state.event = Event.DIVIDED_FORCES
    placed = 0
    while state.phase is Phase.DEPLOY and state.turn == 1:
        player = state.ask.players[0]
        state = GAME.apply(state, player, next(a for a in GAME.legal_actions(state, player)
                                               if isinstance(a, Place))).state
        placed += 1
    assert placed == 16  # four Battlefields, one rank each, for four Warlords


def test_an_undefeated_challenge_stays_and_the_first_player_moves_left() -> None:
    # seed 003 L55-58, L278-280: no new Challenge where one was not defeated; L311-313: first player to the left
    state = fresh()
    from rules.core.dice import Dice
    from rules.core.engine import Context
    kept = state.front(Field.TREE).challenge
    state.front(Field.ANVIL).challenge = None  # defeated this turn
    first = state.first
    ctx = Context(Dice(state.dice))
    GAME._end_turn(ctx, state)
    assert state.turn == 2 and state.first == (first + 1) % 4
    assert state.front(Field.TREE).challenge == kept and state.front(Field.TREE).stack == 2
    assert state.front(Field.ANVIL).challenge is not None and state.front(Field.ANVIL).stack == 1
    assert state.ask.kind is AskKind.PLACE and state.ask.players == [state.players[state.first]]
    assert CHALLENGES[state.front(Field.ANVIL).challenge].primary >= 2
