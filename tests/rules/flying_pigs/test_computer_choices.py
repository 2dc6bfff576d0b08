"""A `normal` computer makes Flying Pigs' small choices without a search, and makes them so that
they change something: a Grease Toss only where a marker can still go (seed 000, I.7 Grease Marker:
six at most) and only on its own models (I.5 Step 3), a stance for every Orc (I.5 Step 4: Fire it up!
when another player's Pig is the likeliest to stop by it, Shove otherwise, never Shoo!), and a Shove
on another player's Orc that stands in its Pig's way (I.6: a Pig stops at the first model in its
way). One sensible move is made at once: the search is kept for the walks."""

from __future__ import annotations

from rules.core.computer import Level, decide
from rules.core.search import Budget, tactics_of
from rules.orclympics.flying_pigs.computer import block_by, goes_nowhere, grease_choice, stance_choice
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Done,
    GreaseToss,
    MoveToward,
    React,
    Reaction,
    Stage,
    Stance,
)
from tests.rules.flying_pigs.arena import EAST, GAME, d3, play, table

# bob's Pig 5" west of the Kitchen (centre (24, 24)); alice's Pig 7" north of it, her Orc 1a just in
# front of bob's Pig (in place, I.6), 1b behind her own Pig but not beside it; the rest far off
SPOTS = {"2p": (17.0, 24.0), "1a": (19.0, 24.0), "1p": (24.0, 31.0), "1b": (20.0, 32.0),
         "2a": (33.0, 28.0), "2b": (35.0, 26.0), "3a": (28.0, 36.0), "3b": (31.0, 36.0), "3p": (33.0, 31.0)}

CAROL_QUIET = [4, 4]  # carol's Slippery rolls when her turn comes round after bob's (I.5 Step 1)


def sensible(state: object, player: str) -> list[object]:
    return tactics_of(GAME).sensible(state, player, GAME.legal_actions(state, player))


def test_no_grease_toss_at_a_pig_with_six_markers() -> None:
    # 000 I.7 Grease Marker: "Each model can gain up to 6 Grease Markers"; a hit on a full Pig changes
    # nothing, so the toss goes at alice's own Orc, which can still take one (I.5 Step 3: within 10")
    state = table(SPOTS, players=3, stage=Stage.GREASE, grease={"1p": 6})
    assert GreaseToss(orc="1b", target="1p") in GAME.legal_actions(state, "alice")
    chosen = sensible(state, "alice")
    assert chosen == [GreaseToss(orc="1b", target="1a")]  # 1a stands in bob's way: 1b throws
    full = play(state, "alice", GreaseToss(orc="1b", target="1p"), [3])  # 3+: a hit
    assert full.state.models["1p"].grease == 6
    hit = play(state, "alice", chosen[0], [3])
    assert hit.state.models["1a"].grease == 1
    made = decide(GAME, GAME.seen_by(state, "alice"), "alice", Level.NORMAL, 1, Budget())
    assert made == chosen[0]


def test_grease_goes_on_your_own_pig_by_the_orc_out_of_place() -> None:
    # 000 I.5 Step 3: on a roll of 1 the tosser slips (a Random Move, I.7 Slippery!); 1a stands in
    # bob's way, so 1b throws at alice's Pig, and that is the one move: no search
    state = table(SPOTS, players=3, stage=Stage.GREASE)
    assert sensible(state, "alice") == [GreaseToss(orc="1b", target="1p")]
    hit = play(state, "alice", GreaseToss(orc="1b", target="1p"), [3])
    assert hit.state.models["1p"].grease == 1


def test_no_grease_for_other_players_and_none_at_full_models() -> None:
    # 000 I.5 Step 3: a toss may target any model within 10", friend or foe; a marker on another
    # player's model is theirs to gain, and a full model gains nothing (I.7): the step is finished
    state = table(SPOTS | {"2a": (25.0, 34.0)}, players=3, stage=Stage.GREASE, grease={"1p": 6, "1a": 6})
    legal = GAME.legal_actions(state, "alice")
    assert GreaseToss(orc="1b", target="2a") in legal
    assert grease_choice(state, "alice", legal) == [Done()]


def test_every_orc_takes_fire_it_up_or_shove_never_shoo() -> None:
    # 000 I.5 Step 4: an Orc by nobody's Pig takes Fire it up! when another player's Pig far from the
    # Kitchen is the nearest (it may stop within 2" of it); Shove when its own Pig is nearer (its
    # Step 5 move comes next, and a Shove gives it again)
    state = table(SPOTS | {"1a": (10.0, 20.0), "2p": (10.0, 26.0), "1b": (26.0, 36.0)}, players=3,
                  stage=Stage.ACTION)
    assert stance_choice(state, state.models["1a"]) is Stance.FIRE
    assert stance_choice(state, state.models["1b"]) is Stance.SHOVE
    assert sensible(state, "alice") == [ChooseStance(orc="1a", stance=Stance.FIRE)]
    near_kitchen = table(SPOTS | {"1a": (17.0, 20.0), "2p": (21.0, 21.0)}, players=3, stage=Stage.ACTION)
    assert stance_choice(near_kitchen, near_kitchen.models["1a"]) is Stance.SHOVE  # not worth lighting


def test_shove_another_players_orc_out_of_your_pigs_way() -> None:
    # 000 I.5 Step 4 Shove: "a Random Move with another single model (friend or foe) that ends its
    # movement within 2"": bob's Orc stopped 2" in front of alice's Pig (I.6: it would stop her Pig)
    state = table(SPOTS | {"2a": (24.0, 29.0), "1b": (26.0, 28.0)}, players=3, active="bob", stage=Stage.END,
                  stance={"1b": Stance.SHOVE})
    pig = state.models["1p"]
    assert block_by(pig, state.models["2a"]) > 0.5
    state.pending = [Reaction(orc="1b", stance=Stance.SHOVE, target="2a")]
    assert sensible(state, "alice") == [React(use=True)]
    shoved = play(state, "alice", React(use=True), [d3(2), d3(2), EAST, *CAROL_QUIET]).state
    assert block_by(shoved.models["1p"], shoved.models["2a"]) == 0.0
    own = table(SPOTS | {"1a": (24.0, 29.0), "1b": (26.0, 28.0)}, players=3, active="bob", stage=Stage.END,
                stance={"1b": Stance.SHOVE})
    own.pending = [Reaction(orc="1b", stance=Stance.SHOVE, target="1a")]
    assert sensible(own, "alice") == [React(use=False)]  # her own Orc stands where she sent it


def test_no_walk_alongside_models_that_is_backed_off_all_the_way() -> None:
    # 000 I.6.1: a move ending within 1" of a model is backtracked until 1" away; walking along a line
    # of models less than 1" off, no point of the way is clear, and the Orc goes back where it set out
    state = table({"1a": (10.0, 20.0), "2a": (11.0, 21.5), "3a": (13.0, 21.5), "2p": (15.0, 20.0)}, players=3)
    walk = MoveToward(orc="1a", target="2p")
    assert play(state, "alice", walk).state.models["1a"].xy == (10.0, 20.0)  # a walk rolls no dice
    assert goes_nowhere(state, walk)
    assert walk not in sensible(state, "alice")
