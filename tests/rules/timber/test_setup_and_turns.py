"""Timber! set-up, deployment, the Game Turn and Player Turn sequence and the end of the game
(seed 000, IV.1-IV.4.2.1 and IV.4.3)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Seat
from rules.core.errors import RuleViolation
from rules.core.grid import ALL_SQUARES, is_edge, neighbouring
from rules.orclympics.broods import Brood
from rules.orclympics.timber import READINGS
from rules.orclympics.timber.engine import _centre_distance
from rules.orclympics.timber.models import (
    BoarPath,
    Deploy,
    Distribute,
    EndTurn,
    Leave,
    Move,
    Phase,
    Stage,
    TimberState,
)
from tests.rules.timber.forest import GAME, Forest, duo, play, texts

SEATS = [Seat(player="grak", name="Grak", pick="common"), Seat(player="zog", name="Zog", pick="feral"),
         Seat(player="mug", name="Mug", pick="iron")]


def setup_faces(initiative: list[int], *, boar: int = 1) -> list[int]:
    """Trees on d4 and e4, Rocks on a1-h1, Bushes on a2-h2, the Boar on the `boar`-th nearest
    free square (d5 or e5), then the initiative dice."""
    return [1, 1] + [1] * 8 + [1] * 8 + [boar] + initiative


def start(initiative: list[int], **kw: Any) -> TimberState:
    return GAME.start(SEATS, kw or None, 1, dice=ScriptedDice(setup_faces(initiative))).state


# -- IV.1 About Timber! ----------------------------------------------------------------------


def test_two_to_four_players_with_four_recommended() -> None:
    # 000 IV.1: four players recommended; the bot seats 2 to 4, each with two Orcs
    with pytest.raises(RuleViolation):
        GAME.start(SEATS[:1], None, 1)
    five = [*SEATS, Seat(player="a", name="A"), Seat(player="b", name="B")]
    with pytest.raises(RuleViolation):
        GAME.start(five, None, 1)
    state = GAME.new(SEATS[:2], None, 1)
    assert sorted(state.orcs) == ["grak:1", "grak:2", "zog:1", "zog:2"]
    assert GAME.player_count_note(4) is None
    assert "4 players" in (GAME.player_count_note(2) or "")


# -- IV.2 Setting up the Game -----------------------------------------------------------------


def test_setup_two_trees_in_the_centre_rocks_bushes_and_the_boar() -> None:
    # 000 IV.2: two Trees with four Wood on two of the four centre squares, 8 Rocks, 8 Bushes,
    # the Wild Boar as near the centre as possible
    state = start([6, 5, 4])
    assert state.trees == {"d4": 4, "e4": 4}
    assert state.rocks == sorted(f"{f}1" for f in "abcdefgh")
    assert state.bushes == sorted(f"{f}2" for f in "abcdefgh")
    assert state.boar == "d5"


def test_random_setups_follow_the_rules() -> None:
    # 000 IV.2: no square holds two Terrain Features; the Boar is on the free square nearest the centre
    for seed in range(40):
        state = GAME.new(SEATS, None, seed)
        assert set(state.trees) <= {"d4", "e4", "d5", "e5"} and len(state.trees) == 2
        assert set(state.trees.values()) == {4}
        assert len(set(state.rocks)) == 8 and len(set(state.bushes)) == 8
        terrain = set(state.trees) | set(state.rocks) | set(state.bushes)
        assert len(terrain) == 18 and state.boar not in terrain
        free = [s for s in ALL_SQUARES if s not in terrain]
        assert _centre_distance(state.boar) == min(_centre_distance(s) for s in free)


def test_boar_goes_to_the_next_ring_when_the_centre_is_full() -> None:
    # 000 IV.2: with d5 and e5 under Rocks the Boar takes one of the eight next-nearest squares, at random
    faces = [1, 1, 34, 34] + [1] * 6 + [1] * 8 + [3] + [6, 5, 4]
    state = GAME.start(SEATS, None, 1, dice=ScriptedDice(faces)).state
    assert {"d5", "e5"} <= set(state.rocks)
    assert state.boar == "c4"  # third of d3, e3, c4, f4, c5, f5, d6, e6


def test_same_seed_same_forest() -> None:
    assert GAME.new(SEATS, None, 42) == GAME.new(SEATS, None, 42)
    assert GAME.new(SEATS, None, 42) != GAME.new(SEATS, None, 43)


# -- IV.3 Deployment ----------------------------------------------------------------------------


def test_deployment_order_rerolls_ties() -> None:
    # 000 IV.3 and campaign rules 4: outside a campaign, tied players roll again
    # Grak 5, Zog 5, Mug 2 -> Grak and Zog again: 1, 4 -> Zog, Grak, Mug
    state = start([5, 5, 2, 1, 4])
    assert state.order == ["zog", "grak", "mug"]
    assert GAME.waiting_for(state) == ["zog"]
    with pytest.raises(RuleViolation, match="Zog's turn"):
        GAME.apply(state, "grak", Deploy(first="a3", second="a4"))


def test_campaign_ages_settle_ties_instead_of_rerolling() -> None:
    # READINGS["tie-ages"]: with brood ages given, a tie of 4-6 goes to the older brood
    state = GAME.start(SEATS, {"ages": {"grak": 1, "zog": 0, "mug": 2}}, 1,
                       dice=ScriptedDice(setup_faces([5, 5, 2]))).state
    assert state.order == ["grak", "zog", "mug"]
    assert "ages" in READINGS["tie-ages"]
    with pytest.raises(RuleViolation, match="ages"):
        GAME.start(SEATS, {"ages": {"grak": 1}}, 1)


def test_deploy_on_two_neighbouring_free_edge_squares() -> None:
    # 000 IV.3: two squares sharing a side, at the edge, with no Terrain and no model
    state = start([6, 5, 4])
    step = GAME.apply(state, "grak", Deploy(first="a3", second="a4"))
    assert step.state.orcs["grak:1"].square == "a3" and step.state.orcs["grak:2"].square == "a4"
    # corner to corner, not side by side, inland, on Rocks and a Bush
    for first, second in (("a3", "b4"), ("a3", "a5"), ("b3", "c3"), ("a1", "a2")):
        with pytest.raises(RuleViolation, match="edge squares"):
            GAME.apply(state, "grak", Deploy(first=first, second=second))
    later = step.state
    with pytest.raises(RuleViolation):
        GAME.apply(later, "zog", Deploy(first="a4", second="a5"))  # a4 holds Grak #2
    legal = GAME.legal_actions(state, "grak")
    assert Deploy(first="a8", second="b8") in legal and Deploy(first="b8", second="a8") in legal
    assert all(is_edge(a.first) and is_edge(a.second) and a.second in neighbouring(a.first) for a in legal)


def test_crowded_edges_fall_back_inwards() -> None:
    # READINGS["deploy-crowded"]: no free edge pair left -> an edge square with a free square beside it
    state = start([6, 5, 4])
    edge = [s for s in ALL_SQUARES if is_edge(s) and s not in state.rocks]
    state.bushes = sorted(set(state.bushes) | {s for s in edge if s not in ("a5", "h5")})
    legal = GAME.legal_actions(state, "grak")
    assert Deploy(first="a5", second="b5") in legal and Deploy(first="b5", second="a5") in legal
    assert all(is_edge(a.first) or is_edge(a.second) for a in legal)
    assert "edge" in READINGS["deploy-crowded"]


def test_the_deployment_order_plays_game_turn_one_then_initiative_is_rolled_each_turn() -> None:
    # 000 IV.4.1: Game Turn 1 uses the deployment order; later Game Turns roll afresh
    state = start([6, 5, 4])
    state = GAME.apply(state, "grak", Deploy(first="a3", second="a4")).state
    state = GAME.apply(state, "zog", Deploy(first="h3", second="h4")).state
    step = play(state, "mug", Deploy(first="c8", second="d8"))
    state = step.state
    assert state.phase is Phase.PLAY and state.turn == 1
    assert state.current.player == "grak" and state.current.stage is Stage.DISTRIBUTE
    for player in ("grak", "zog", "mug"):
        assert GAME.waiting_for(state) == [player]
        state = play(state, player, Distribute(tokens={f"{player}:1": 2, f"{player}:2": 2}), [1]).state
        assert state.current.stage is Stage.BOAR and state.current.boar_squares == 1
        path = GAME.legal_actions(state, player)[0]
        assert isinstance(path, BoarPath)
        state = play(state, player, path).state
        # after the last Player Turn, Game Turn 2's initiative: Grak 2, Zog 1, Mug 6
        state = play(state, player, EndTurn(), [2, 1, 6] if player == "mug" else []).state
    assert state.turn == 2 and state.order == ["mug", "grak", "zog"]
    assert GAME.waiting_for(state) == ["mug"]


# -- IV.4.2.1 Distribute Action Tokens ---------------------------------------------------------


def distributing(**kw: Any) -> TimberState:
    return Forest({"grak": duo("c3", "c4"), "zog": duo("f6", "f7")}, stage=Stage.DISTRIBUTE, **kw).build()


def test_four_tokens_at_most_three_per_orc() -> None:
    # 000 IV.4.2.1: four Action Tokens, up to three to a single Orc
    state = distributing()
    legal = GAME.legal_actions(state, "grak")
    assert [a.tokens for a in legal] == [{"grak:1": n, "grak:2": 4 - n} for n in (1, 2, 3)]
    for bad in ({"grak:1": 4}, {"grak:1": 2, "grak:2": 1}, {"grak:1": 3, "grak:2": 2}, {"zog:1": 2, "grak:1": 2}):
        with pytest.raises(RuleViolation, match="at most 3"):
            GAME.apply(state, "grak", Distribute(tokens=bad))
    step = play(state, "grak", Distribute(tokens={"grak:1": 3, "grak:2": 1}), [1])
    assert step.state.current.tokens == {"grak:1": 3, "grak:2": 1}


def test_a_lone_orc_gets_three_tokens_without_asking() -> None:
    # READINGS["distribute-all"]: one Orc in the Forest takes three tokens, the fourth is lost
    state = Forest({"zog": duo("f6", "f7"), "grak": duo("c3", None)}, active="zog").build()
    state = play(state, "zog", EndTurn(), [1]).state  # Grak's turn starts: tokens, then the Boar's D3
    assert state.current.player == "grak"
    assert state.current.tokens == {"grak:1": 3} and state.current.stage is Stage.BOAR
    assert "fourth" in READINGS["distribute-all"]


def test_one_orc_acts_then_the_other() -> None:
    # 000 IV.4.2.3 and READINGS["one-orc-then-the-other"]: acting with the second Orc ends the first's actions
    state = Forest({"grak": duo("c3", "e3"), "zog": duo("h6", "h7")}).build()
    state = play(state, "grak", Move(orc="grak:1", to="b3")).state
    step = play(state, "grak", Move(orc="grak:2", to="e2"))
    state = step.state
    assert state.current.done == ["grak:1"] and state.current.tokens["grak:1"] == 1
    with pytest.raises(RuleViolation, match="done for this turn"):
        GAME.apply(state, "grak", Move(orc="grak:1", to="b4"))
    assert all(a.orc == "grak:2" for a in GAME.legal_actions(state, "grak") if hasattr(a, "orc"))
    assert "lost" in READINGS["one-orc-then-the-other"]


def test_end_turn_passes_to_the_next_player_and_the_boar_runs_first() -> None:
    # 000 IV.4.2: distribute, then the Boar, then the Orcs; a turn ends when the player says so
    state = Forest({"grak": duo("c3", "e3"), "zog": duo("h6", "h7")}).build()
    step = play(state, "grak", EndTurn())
    assert step.state.current.player == "zog" and step.state.current.stage is Stage.DISTRIBUTE
    with pytest.raises(RuleViolation, match="Action Tokens"):
        GAME.apply(step.state, "zog", Move(orc="zog:1", to="g6"))


def test_spending_every_token_ends_the_turn_by_itself() -> None:
    state = Forest({"grak": duo("c3", "e3"), "zog": duo("h6", "h7")}, tokens={"grak:1": 1}).build()
    step = play(state, "grak", Move(orc="grak:1", to="c2"))
    assert step.state.current.player == "zog"


# -- IV.4.3 End of the Game ---------------------------------------------------------------------


def test_game_ends_after_eight_game_turns_with_wood_outside_counting() -> None:
    # 000 IV.4.3: only Wood carried out of the Forest counts; equal amounts share a place
    teams = {"grak": duo(None, "c3", wood=(3, 4)), "zog": duo(None, None, wood=(2, 1)),
             "mug": duo("e6", None, wood=(5, 0)), "ugg": duo(None, None, wood=(0, 0))}
    state = Forest(teams, turn=8, active="grak").build()
    state = GAME.apply(state, "grak", EndTurn()).state
    while GAME.outcome(state) is None:
        player = GAME.waiting_for(state)[0]
        state = GAME.apply(state, player, GAME.legal_actions(state, player)[-1]).state
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.placings == [["grak", "zog"], ["mug", "ugg"]]
    assert outcome.place_of("zog") == 1 and outcome.place_of("ugg") == 3
    assert state.turn == 8 and state.phase is Phase.OVER
    assert "carried the most Wood" in outcome.summary


def test_game_ends_early_when_every_orc_is_out() -> None:
    # READINGS["early-end"]: nothing can change the score once the Forest is empty
    teams = {"grak": duo("a3", None, wood=(2, 1)), "zog": duo(None, None, wood=(1, 0))}
    state = Forest(teams, turn=6, tokens={"grak:1": 1}).build()
    step = play(state, "grak", Leave(orc="grak:1"))
    assert step.state.phase is Phase.OVER
    assert GAME.outcome(step.state).placings == [["grak"], ["zog"]]
    assert "Not an Orc" in texts(step.events)
    assert "score" in READINGS["early-end"]


def test_a_player_without_orcs_still_runs_the_boar() -> None:
    # READINGS["boar-without-orcs"]
    state = Forest({"grak": duo("c3", "c4"), "zog": duo(None, None, wood=(1, 1))}, boar="e5").build()
    step = play(state, "grak", EndTurn(), [1])  # Zog's D3 for the Boar: 1 square
    assert step.state.current.player == "zog" and step.state.current.stage is Stage.BOAR
    assert "Boar still answers" in texts(step.events)
    assert "still moves the Wild Boar" in READINGS["boar-without-orcs"]


def test_brood_is_kept_on_each_orc() -> None:
    state = GAME.new(SEATS, None, 3)
    assert state.orcs["zog:1"].brood is Brood.FERAL and state.orcs["mug:2"].brood is Brood.IRON
