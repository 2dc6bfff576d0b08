"""Masters' Fight set-up, deployment and the Game Turn sequence (seed 000, III.1-III.4.1)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Seat
from rules.core.errors import RuleViolation
from rules.orclympics.masters_fight.models import (
    Deploy,
    EndActivation,
    Item,
    Move,
    Phase,
    Terrain,
)
from tests.rules.masters_fight.arena import GAME, Arena, Fighter, play

SEATS = [Seat(player="grak", name="Grak", pick="common"), Seat(player="zog", name="Zog", pick="feral"),
         Seat(player="mug", name="Mug", pick="iron")]


def _setup_faces(initiative: list[int]) -> list[int]:
    # 4 x (terrain kind, square) then 8 x (item kind, square), then initiative.
    # Terrain: Pit, Platform, Pit, Platform on the first free square each time (a1, b1, c1, d1).
    faces = [1, 1, 2, 1, 1, 1, 2, 1]
    # Items: Mace, Spear, Shield, Helmet, Throwing Axe, Mace, Mace, Mace on e1, f1, g1, h1, a2, b2, c2, d2.
    for kind in (1, 2, 3, 4, 5, 1, 1, 1):
        faces += [kind, 1]
    return faces + initiative


def test_profiles_of_the_three_broods() -> None:
    # 000 III.1.2 Orc Broods: Common CS 4 / 6 HP, Feral CS 4 / 6 HP, Iron CS 3 / 7 HP (Mountain of Steel)
    state = GAME.start(SEATS, None, 1, dice=ScriptedDice(_setup_faces([6, 5, 4]))).state
    assert (state.orcs["grak"].combat_skill, state.orcs["grak"].hp) == (4, 6)
    assert (state.orcs["zog"].combat_skill, state.orcs["zog"].hp) == (4, 6)
    assert (state.orcs["mug"].combat_skill, state.orcs["mug"].hp) == (3, 7)


def test_setup_places_four_terrain_and_eight_items_one_token_per_square() -> None:
    # 000 III.2 Setting up the Game: 4 random Terrain, 8 random Items, never two tokens on a square
    state = GAME.start(SEATS, None, 1, dice=ScriptedDice(_setup_faces([6, 5, 4]))).state
    assert state.terrain == {"a1": Terrain.PIT, "b1": Terrain.PLATFORM, "c1": Terrain.PIT, "d1": Terrain.PLATFORM}
    assert state.items["e1"] is Item.MACE and state.items["a2"] is Item.THROWING_AXE
    assert len(state.items) == 8
    for seed in range(30):
        random_state = GAME.new(SEATS, None, seed)
        assert len(random_state.terrain) == 4 and len(random_state.items) == 8
        assert not set(random_state.terrain) & set(random_state.items)


def test_same_seed_same_setup() -> None:
    # 000 III.2: the random set-up is drawn from the game's seed, so a replay is identical
    assert GAME.new(SEATS, None, 42) == GAME.new(SEATS, None, 42)
    assert GAME.new(SEATS, None, 42) != GAME.new(SEATS, None, 43)


def test_player_count_limits_and_recommendation() -> None:
    # 000 III.1: recommended 4 to 6 players; the bot allows 2 to 6 and says so below 4
    with pytest.raises(RuleViolation):
        GAME.start(SEATS[:1], None, 1)
    assert GAME.player_count_note(3) is not None and "4 to 6" in GAME.player_count_note(3)
    assert GAME.player_count_note(5) is None


def test_deployment_in_initiative_order_with_ties_rerolled() -> None:
    # 000 III.3 Deployment: highest roll deploys first; tied players roll again until no ties remain
    # Grak 5, Zog 5, Mug 2 -> Grak and Zog reroll: Grak 1, Zog 4 -> Zog, Grak, Mug
    step = GAME.start(SEATS, None, 1, dice=ScriptedDice(_setup_faces([5, 5, 2, 1, 4])))
    state = step.state
    assert state.order == ["zog", "grak", "mug"]
    assert GAME.waiting_for(state) == ["zog"]
    with pytest.raises(RuleViolation, match="Zog's turn"):
        GAME.apply(state, "grak", Deploy(square="e4"))


def test_deployment_only_on_squares_without_tokens_or_models() -> None:
    # 000 III.3 Deployment: any square with no token and no model
    state = GAME.start(SEATS, None, 1, dice=ScriptedDice(_setup_faces([6, 5, 4]))).state
    for square, reason in (("a1", "not free"), ("e1", "not free"), ("z9", "not a square")):
        with pytest.raises(RuleViolation, match=reason):
            GAME.apply(state, "grak", Deploy(square=square))
    state = GAME.apply(state, "grak", Deploy(square="e4")).state
    with pytest.raises(RuleViolation, match="not free"):
        GAME.apply(state, "zog", Deploy(square="e4"))
    assert Deploy(square="e4") not in GAME.legal_actions(state, "zog")


def test_first_game_turn_uses_the_deployment_order() -> None:
    # 000 III.4.1 step 1: in the first Game Turn, use the Initiative Order of deployment
    state = GAME.start(SEATS, None, 1, dice=ScriptedDice(_setup_faces([2, 6, 4]))).state
    for player, square in (("zog", "e4"), ("mug", "e6"), ("grak", "g7")):
        state = GAME.apply(state, player, Deploy(square=square)).state
    assert state.phase is Phase.FIGHT and state.turn == 1
    assert state.activation is not None and state.activation.player == "zog"
    assert state.activation.action_points == 2


def test_every_later_game_turn_rolls_a_new_initiative() -> None:
    # 000 III.4.1 steps 1-4: after everyone activated, a new Game Turn with a fresh Initiative roll
    state = Arena({"grak": Fighter("a8"), "zog": Fighter("h1"), "mug": Fighter("d4")}, turn=1).build()
    state = play(state, "grak", EndActivation()).state
    state = play(state, "zog", EndActivation()).state
    step = play(state, "mug", EndActivation(), [2, 6, 4])
    assert step.state.turn == 2
    assert step.state.order == ["zog", "mug", "grak"]
    assert step.state.activation.player == "zog"


def test_eliminated_orcs_roll_no_initiative_and_are_skipped() -> None:
    # 000 III.1 and III.4.1: an eliminated Orc leaves the game, so it neither rolls nor activates
    state = Arena({"grak": Fighter("a8"), "zog": Fighter("h1"), "mug": Fighter("d4")}, turn=1).build()
    state.orcs["zog"].out, state.orcs["zog"].square = True, None
    state.eliminated = ["zog"]
    state = play(state, "grak", EndActivation()).state
    assert state.activation.player == "mug"
    step = play(state, "mug", EndActivation(), [3, 5])
    assert step.state.order == ["mug", "grak"]


def test_two_action_points_then_the_activation_passes_on() -> None:
    # 000 III.4.2 Actions: 2 Action Points per activation
    state = Arena({"grak": Fighter("a1"), "zog": Fighter("h8")}).build()
    state = play(state, "grak", Move(to="a4")).state  # Common: 3 squares per Move
    assert state.activation.action_points == 1
    state = play(state, "grak", Move(to="a7")).state
    assert state.activation.player == "zog"


def test_out_of_turn_and_strangers_are_refused_and_nothing_changes() -> None:
    # 000 III.4.1 step 2: only the active Orc acts
    state = Arena({"grak": Fighter("a1"), "zog": Fighter("h8")}).build()
    with pytest.raises(RuleViolation, match="Grak's turn"):
        GAME.apply(state, "zog", Move(to="h7"))
    with pytest.raises(RuleViolation, match="not fighting"):
        GAME.apply(state, "stranger", Move(to="h7"))
    assert GAME.legal_actions(state, "zog") == []


@pytest.mark.parametrize(("tied", "first"), [(3, "grak"), (5, "zog")])
def test_tied_initiative_goes_by_brood_age_in_a_campaign(tied: int, first: str) -> None:
    # Campaign Rules 4: in a campaign a tie is not rolled again: on 1-3 the younger brood counts as
    # higher, on 4-6 the older (III.4.1 rolls again in a standalone fight)
    from rules.orclympics.masters_fight.models import EndActivation

    state = Arena({"grak": Fighter("a1"), "zog": Fighter("h8")}, active="zog").build()
    state.ages = {"grak": 0, "zog": 1}
    after = play(state, "zog", EndActivation(), [tied, tied]).state
    assert after.order[0] == first and after.turn == state.turn + 1
    state.ages = None
    rolled = play(state, "zog", EndActivation(), [tied, tied, 2, 6]).state
    assert rolled.order == ["zog", "grak"]
