"""Brood Rumble teams, set-up, deployment and the Game Turn (seed 000, II.1, II.2, II.3, II.4.1, II.4.2)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Seat
from rules.core.errors import RuleViolation
from rules.orclympics.brood_rumble.board import HEALTH, ORC_BASE
from rules.orclympics.brood_rumble.guide import READINGS
from rules.orclympics.brood_rumble.models import (
    Activate,
    AskKind,
    ChooseEdge,
    Deploy,
    DeployAtRandom,
    Edge,
    EndActivation,
    FeatureKind,
    Move,
    MoveTo,
    Phase,
    PlaceAtRandom,
    PlaceFeature,
)
from rules.core.selfplay import play_random
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, play, texts

HALF = ORC_BASE.depth / 2


def seats(count: int) -> list[Seat]:
    names = ["alice", "bob", "carol", "dave"][:count]
    return [Seat(player=n, name=n.title(), pick="common", colour=i) for i, n in enumerate(names)]


def started(faces: list[int], count: int = 2, options: dict | None = None):  # type: ignore[no-untyped-def]
    dice = ScriptedDice(faces)
    step = GAME.start(seats(count), options, 1, dice=dice)
    assert dice.remaining == []
    return step


# -- II.1 teams ------------------------------------------------------------------------------


def test_two_teams_of_four_orcs_with_twelve_health_points() -> None:
    # 000 II.1: two teams of four Orcs on 25 mm bases, 12 Health Points each
    state = started([3, 4, 2]).state
    assert sorted(state.orcs) == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]
    assert all(o.hp == HEALTH == 12 for o in state.orcs.values())
    assert {o.player for o in state.orcs.values() if o.team == "A"} == {"alice"}


def test_four_players_share_two_teams_seats_one_and_three_against_two_and_four() -> None:
    # 000 II.1: four players, two sharing each team, each controlling two Orcs
    state = started([3, 4, 2], count=4).state
    assert state.teams["A"].players == ["alice", "carol"] and state.teams["B"].players == ["bob", "dave"]
    assert [state.orcs[o].player for o in ("A1", "A2", "A3", "A4")] == ["alice", "alice", "carol", "carol"]
    paired = started([3, 4, 2], count=4, options={"teams": "pairs"}).state
    assert paired.teams["A"].players == ["alice", "bob"]


def test_three_players_cannot_share_two_teams() -> None:
    with pytest.raises(RuleViolation, match="2 players, or by 4"):
        GAME.start(seats(3), None, 1)


# -- II.2 Setting up the Game --------------------------------------------------------------------


def test_d3_plus_two_features_and_the_roll_off_winner_places_first() -> None:
    # 000 II.2: D3+2 Terrain Features; the team rolling higher places the first one
    step = started([5, 2, 6])  # D3 of 5 = 3, so 5 features; B out-rolls A
    state = step.state
    assert state.terrain_left == 5 and state.phase is Phase.TERRAIN
    assert state.ask is not None and state.ask.kind is AskKind.PLACE_FEATURE and state.ask.team == "B"
    assert GAME.prompts(state)[0].player == "bob"


def test_roll_off_ties_are_rolled_again() -> None:
    # 000 II.2: roll again in case of a tie until there is a winner
    state = started([1, 3, 3, 5, 1]).state
    assert state.terrain_left == 3 and state.ask is not None and state.ask.team == "A"


def test_features_stand_more_than_three_inches_from_the_edge_and_each_other() -> None:
    # 000 II.2: more than 3" from the Board Edge and from any other Terrain Feature
    state = started([1, 6, 1]).state  # 3 features, A first
    with pytest.raises(RuleViolation, match="board edge"):
        play(state, "alice", PlaceFeature(kind=FeatureKind.PIT, x=4.5, y=12))  # exactly 3": not more than 3"
    state = play(state, "alice", PlaceFeature(kind=FeatureKind.PIT, x=4.6, y=12)).state
    assert state.ask is not None and state.ask.team == "B"  # the teams take turns
    with pytest.raises(RuleViolation, match="3\" or less from the Pit T1"):
        play(state, "bob", PlaceFeature(kind=FeatureKind.PLATFORM, x=10.6, y=12))
    state = play(state, "bob", PlaceFeature(kind=FeatureKind.PLATFORM, x=10.7, y=12)).state
    assert [f.kind for f in state.features] == [FeatureKind.PIT, FeatureKind.PLATFORM]


def test_cover_is_not_among_the_features_placed_at_set_up() -> None:
    # 000 II.2: the teams choose a Pit, Dangerous Terrain or Platform (reading "cover")
    assert "cover" in READINGS
    state = started([1, 6, 1]).state
    offered = GAME.legal_actions(state, "alice")
    assert {a.kind for a in offered if isinstance(a, PlaceFeature | PlaceAtRandom) and a.kind is not None} == {
        FeatureKind.PIT, FeatureKind.DANGEROUS, FeatureKind.PLATFORM}
    with pytest.raises(RuleViolation, match="does not put Cover on the field"):
        play(state, "alice", PlaceFeature(kind=FeatureKind.COVER, x=12, y=12))
    with pytest.raises(RuleViolation, match="does not put Cover on the field"):
        play(state, "alice", PlaceAtRandom(kind=FeatureKind.COVER))
    for seed in range(30):  # the dice never pick it either
        result = play_random(GAME, 2, seed, stop_after=12)
        assert all(f.kind is not FeatureKind.COVER for f in result.state.features)


def test_random_placement_comes_from_the_dice_and_is_legal() -> None:
    state = started([1, 6, 1]).state
    first = play(state, "alice", PlaceAtRandom(kind=FeatureKind.DANGEROUS), [1]).state  # the first legal spot
    placed = first.features[0]
    assert placed.kind is FeatureKind.DANGEROUS and (placed.x, placed.y) == (5.0, 5.0)
    again = play(state, "alice", PlaceAtRandom(kind=None), [2, 3]).state  # kind 2 of 4, then spot 3
    assert again.features[0].kind is FeatureKind.DANGEROUS and (again.features[0].x, again.features[0].y) == (7.0, 5.0)


def _features_placed() -> object:
    """Three features placed in the corners; then the edge roll-off (team A wins) and team A is asked."""
    state = started([1, 6, 1]).state
    state = play(state, "alice", PlaceFeature(kind=FeatureKind.PIT, x=5, y=5)).state
    state = play(state, "bob", PlaceFeature(kind=FeatureKind.DANGEROUS, x=5, y=19)).state
    step = play(state, "alice", PlaceFeature(kind=FeatureKind.PLATFORM, x=19, y=19), [4, 2])  # edge roll-off
    assert not any(f.kind is FeatureKind.MOUND for f in step.state.features)  # not before the edges
    assert step.state.phase is Phase.DEPLOYMENT and step.state.ask is not None
    assert step.state.ask.kind is AskKind.CHOOSE_EDGE and step.state.ask.team == "A"
    return step.state


@pytest.mark.parametrize(("edge", "expected"), [
    (Edge.SOUTH, [(6.0, 12.0), (18.0, 12.0)]), (Edge.NORTH, [(6.0, 12.0), (18.0, 12.0)]),
    (Edge.WEST, [(12.0, 6.0), (12.0, 18.0)]), (Edge.EAST, [(12.0, 6.0), (12.0, 18.0)])])
def test_debris_mounds_go_on_the_centre_line_between_the_deployment_edges(edge: Edge, expected: list) -> None:
    # 000 II.2 and reading "centre-line": two Debris Mounds on the Centre Line, 6" either side of the
    # centre; that line lies halfway between the two deployment edges, so it waits for the edge
    step = play(_features_placed(), "alice", ChooseEdge(edge=edge))  # type: ignore[arg-type]
    mounds = [(f.x, f.y) for f in step.state.features if f.kind is FeatureKind.MOUND]
    assert mounds == expected
    assert "centre-line" in READINGS


def test_a_debris_mound_slides_along_the_line_to_clear_a_feature() -> None:
    # 000 II.2: "or as close as possible to that position if there is another Terrain Feature there"
    state = started([1, 6, 1]).state
    state = play(state, "alice", PlaceFeature(kind=FeatureKind.PLATFORM, x=12, y=6)).state
    state = play(state, "bob", PlaceFeature(kind=FeatureKind.PIT, x=5, y=19)).state
    state = play(state, "alice", PlaceFeature(kind=FeatureKind.PIT, x=19, y=5), [4, 2]).state
    step = play(state, "alice", ChooseEdge(edge=Edge.EAST))  # type: ignore[arg-type]
    mound = next(f for f in step.state.features if f.id == "M1")
    assert (mound.x, mound.y) == pytest.approx((12.0, 2.9))
    assert "moved off" in texts(step.events)


def test_no_room_left_means_no_more_features() -> None:
    # reading "no-room"
    state = started([5, 6, 1]).state  # five features
    for x, y in ((5, 5), (12.5, 5), (19, 5), (5, 12.5)):
        player = state.ask.players[0] if state.ask else ""
        state = play(state, player, PlaceFeature(kind=FeatureKind.PIT, x=x, y=y)).state
    player = state.ask.players[0] if state.ask else ""
    step = play(state, player, PlaceFeature(kind=FeatureKind.PIT, x=12.5, y=12.5), [4, 2])
    assert state.terrain_left == 1 and step.state.terrain_left == 0
    assert step.state.phase is Phase.DEPLOYMENT


# -- II.3 Deployment ------------------------------------------------------------------------------


def deploying() -> object:
    state = started([1, 6, 1]).state
    state = play(state, "alice", PlaceFeature(kind=FeatureKind.PIT, x=12, y=5)).state
    state = play(state, "bob", PlaceFeature(kind=FeatureKind.PIT, x=12, y=19)).state
    return play(state, "alice", PlaceFeature(kind=FeatureKind.PIT, x=19, y=19), [2, 5]).state  # B chooses


def test_the_winner_chooses_an_edge_and_the_other_team_takes_the_opposite_one() -> None:
    # 000 II.3: the team rolling higher chooses one of the four edges; the other uses the opposite edge
    state = deploying()
    with pytest.raises(RuleViolation, match="waiting for Bob"):
        play(state, "alice", ChooseEdge(edge=Edge.WEST))  # type: ignore[arg-type]
    state = play(state, "bob", ChooseEdge(edge=Edge.WEST)).state  # type: ignore[arg-type]
    assert state.teams["B"].edge is Edge.WEST and state.teams["A"].edge is Edge.EAST
    assert state.ask is not None and state.ask.kind is AskKind.DEPLOY and state.ask.players == ["bob"]


def test_orcs_deploy_with_their_rear_on_the_edge() -> None:
    # 000 II.3: Rear Facing touching and aligned with the Board Edge; positions by x (or y) along it
    state = play(deploying(), "bob", ChooseEdge(edge=Edge.WEST)).state  # type: ignore[arg-type]
    state = play(state, "bob", Deploy(orc="B1", at=10)).state
    assert state.orcs["B1"].xy == pytest.approx((HALF, 10))
    with pytest.raises(RuleViolation, match="B1 already stands there"):
        play(state, "bob", Deploy(orc="B2", at=10.5))
    with pytest.raises(RuleViolation, match="off the board"):
        play(state, "bob", Deploy(orc="B2", at=23.8))
    with pytest.raises(RuleViolation, match="not one of your Orcs"):
        play(state, "bob", Deploy(orc="A1", at=3))
    for n, at in ((2, 12), (3, 14)):
        state = play(state, "bob", Deploy(orc=f"B{n}", at=at)).state
    state = play(state, "bob", DeployAtRandom(orc="B4"), [1]).state
    assert state.orcs["B4"].xy == pytest.approx((HALF, HALF))
    assert state.ask is not None and state.ask.players == ["alice"]  # then the other team, on the east edge
    state = play(state, "alice", Deploy(orc="A1", at=3)).state
    assert state.orcs["A1"].xy == pytest.approx((24 - HALF, 3))


def test_after_deployment_game_turn_one_starts_with_an_initiative_roll_off() -> None:
    # 000 II.4.1 step 1: each team rolls a D6; the higher has the Initiative and activates first
    state = play(deploying(), "bob", ChooseEdge(edge=Edge.SOUTH)).state  # type: ignore[arg-type]
    for n in range(1, 5):
        state = play(state, "bob", Deploy(orc=f"B{n}", at=4 * n)).state
    for n in range(1, 4):
        state = play(state, "alice", Deploy(orc=f"A{n}", at=4 * n)).state
    step = play(state, "alice", Deploy(orc="A4", at=16), [2, 6])
    assert step.state.phase is Phase.ACTIVATION and step.state.turn == 1
    assert step.state.initiative == "B"
    assert step.state.ask is not None and step.state.ask.kind is AskKind.ACTIVATE and step.state.ask.team == "B"
    assert "Initiative" in texts(step.events)


# -- II.4.1 Game Turn sequence, II.4.2 Actions ----------------------------------------------------------


def spread(**kw) -> object:  # type: ignore[no-untyped-def]
    orcs = {"A1": Fighter((3, 3)), "A2": Fighter((9, 3)), "B1": Fighter((3, 21)), "B2": Fighter((9, 21))}
    return Arena(orcs, **kw).build()


def test_the_teams_take_turns_activating_their_orcs() -> None:
    # 000 II.4.1 steps 2-4: Initiative team, then the other team, until all Orcs have been activated
    state = spread()
    state = play(state, "alice", EndActivation()).state
    assert state.ask is not None and state.ask.kind is AskKind.ACTIVATE and state.ask.team == "B"
    state = play(state, "bob", Activate(orc="B2")).state
    state = play(state, "bob", EndActivation()).state
    # A2 is team A's last Orc to act: it is activated without asking
    assert state.activation is not None and state.activation.orc == "A2"
    state = play(state, "alice", EndActivation()).state
    assert state.activation is not None and state.activation.orc == "B1"


def test_up_to_two_different_actions() -> None:
    # 000 II.4.2: up to two different actions per activation
    state = spread(barrels=[(3, 3)])
    state = play(state, "alice", Move(), [2]).state  # 2+2 = 4"
    state = play(state, "alice", MoveTo(to=(3, 3))).state  # stay where the Barrel is
    assert state.activation is not None and state.activation.used == ["move"]
    assert not any(isinstance(a, Move) for a in GAME.legal_actions(state, "alice"))
    with pytest.raises(RuleViolation, match="must differ"):
        play(state, "alice", Move())


def test_an_activation_ends_by_itself_when_nothing_but_ending_is_left() -> None:
    state = spread()
    state = play(state, "alice", Move(), [1]).state
    state = play(state, "alice", MoveTo(to=(4, 4))).state
    assert state.activation is None and state.orcs["A1"].activated
    assert state.ask is not None and state.ask.team == "B"


@pytest.mark.parametrize(("tied", "team"), [(2, "A"), (5, "B")])
def test_in_a_campaign_a_tied_team_roll_off_goes_by_brood_age(tied: int, team: str) -> None:
    # 000 campaign rules 4 and reading "tie-procedure": no reroll; 1-3 the younger, 4-6 the older
    assert "tie-procedure" in READINGS
    state = started([1, tied, tied], options={"ages": {"alice": 0, "bob": 1}}).state
    assert state.placing == team
    rolled = started([1, tied, tied, 6, 1]).state  # outside a campaign: rolled again
    assert rolled.placing == "A"
