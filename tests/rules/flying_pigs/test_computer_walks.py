"""A `normal` computer chooses its walks with no search: the pair of walks that leaves it best off.

Seed 000, I.5 Step 2: an Orc walks up to 8" (1" more a Grease Marker) and no die is rolled, so each
pair of walks of a player's two Orcs can be read off `standing` directly (`best_walk`); I.6: a
Pig's Random Move stops at the first model in its way, which `standing` counts."""

from __future__ import annotations

from rules.core.computer import Level, decide
from rules.core.search import Budget, tactics_of
from rules.orclympics.flying_pigs.computer import blocked_share, standing, walk_choices
from rules.orclympics.flying_pigs.models import Done, FlyingPigsState, MoveTo, MoveToward, Stage
from tests.rules.flying_pigs.arena import GAME, table

# alice's greased Pig 11" north of the Kitchen (centre (24, 24)) with Orc 1b beside it, Orc 1a 7"
# north of the Kitchen; bob's Pig 9" east of it
SPREAD = {"1p": (24.0, 35.0), "1a": (24.0, 31.0), "1b": (26.5, 35.5), "2p": (33.0, 24.0), "2a": (38.0, 30.0),
          "2b": (36.0, 33.0)}


def best_after(state: FlyingPigsState, first: MoveTo | MoveToward) -> float:
    """alice's `standing` after `first` and the best walk of her other Orc after it (or none)."""
    then = GAME.apply(state, "alice", first).state
    legal = GAME.legal_actions(then, "alice")
    seconds = [GAME.apply(then, "alice", s).state for s in walk_choices(then, "alice", legal)
               if not isinstance(s, Done)]
    return max(standing(s)["alice"] for s in [then, *seconds])


def test_one_walk_is_chosen_the_one_whose_pair_of_walks_stands_best() -> None:
    state = table(SPREAD, players=3, grease={"1p": 6})
    legal = GAME.legal_actions(state, "alice")
    choices = walk_choices(state, "alice", legal)
    assert len(choices) > 1
    chosen = tactics_of(GAME).sensible(state, "alice", legal)
    assert len(chosen) == 1 and chosen[0] in choices  # no search is left to make: the walk is chosen
    values = [best_after(state, w) for w in choices if not isinstance(w, Done)]
    assert best_after(state, chosen[0]) == max(values)
    assert max(values) > min(values)  # the choice matters here


def test_the_computers_walks_are_the_same_whatever_its_seed() -> None:
    # no die is rolled for a walk (I.5 Step 2), and nothing is drawn to choose one: the same position
    # gets the same walks
    made = set()
    for seed in range(4):
        state = table(SPREAD, players=3, grease={"1p": 6})
        walks = []
        while state.stage is Stage.MOVEMENT and not state.pending:
            action = decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, seed, Budget())
            walks.append(GAME.dump_action(action))
            state = GAME.apply(state, "alice", action).state
        made.add(tuple(walks))
    assert len(made) == 1


def test_an_orc_free_to_walk_stands_in_the_way_of_a_pig_near_the_kitchen() -> None:
    # bob's Pig 3.5" off the Kitchen: a move of its own reaches it about one time in five; 1a walks in
    # front of it (I.6), and bob's chance falls
    state = table(SPREAD | {"2p": (29.0, 24.0)}, players=3, grease={"1p": 6})
    before = standing(state)["bob"]
    while state.stage is Stage.MOVEMENT and not state.pending:
        state = GAME.apply(state, "alice", decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, 1,
                                                  Budget())).state
    assert blocked_share(state, state.models["2p"]) > 0.5
    assert standing(state)["bob"] < before
