"""A `normal` computer makes Flying Pigs' small choices without a search, and makes them so that
they change something: a Grease Toss only where a marker can still go (seed 000, I.7 Grease Marker:
six at most) and only on its own models (I.5 Step 3), a stance for every Orc (I.5 Step 4: Fire it up!
when another player's Pig is the likeliest to stop by it, Shove otherwise, never Shoo!), and a Shove
on another player's Orc that stands in its Pig's way (I.6: a Pig stops at the first model in its
way). One sensible move is made at once, the walks too (`best_walk`)."""

from __future__ import annotations

from rules.core.computer import Level, decide
from rules.core.geometry import centre_distance
from rules.core.dice import Dice
from rules.core.search import Budget, picker, tactics_of
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.computer import block_by, goes_nowhere, grease_choice, stance_choice, walk_choices
from rules.orclympics.flying_pigs.models import (
    ChooseStance,
    Done,
    GreaseToss,
    MoveToward,
    Phase,
    React,
    Reaction,
    Stage,
    Stance,
    TossPig,
)
from tests.rules.flying_pigs.arena import EAST, GAME, NORTH, WEST, d3, play, table

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
    assert walk not in walk_choices(state, "alice", GAME.legal_actions(state, "alice"))


def test_a_greased_pig_is_lit_even_near_the_kitchen() -> None:
    # 000 I.5 Step 4 Fire it up!: the Pig set ablaze makes a Random Move at once, and I.8: a burning
    # Pig wins only by ending a move on the Kitchen. With a Grease Marker (I.7: +D3" a move) that
    # flight mostly overshoots: from 2.5" off, 3% instead of 47% a move (GREASED_FLIGHT), so bob's
    # greased Pig by the Kitchen is lit; his ungreased one is not (test_computer_blocks)
    at = SPOTS | {"2p": (19.0, 24.0), "1a": (21.0, 24.0)}
    front = table(at, players=3, stage=Stage.ACTION, grease={"2p": 1})
    assert stance_choice(front, front.models["1a"]) is Stance.FIRE
    bare = table(at, players=3, stage=Stage.ACTION)
    assert stance_choice(bare, bare.models["1a"]) is Stance.SHOVE
    state = table(at, players=3, active="bob", stage=Stage.END, grease={"2p": 1}, stance={"1a": Stance.FIRE})
    state.pending = [Reaction(orc="1a", stance=Stance.FIRE, target="2p")]
    assert sensible(state, "alice") == [React(use=True)]
    # 3+: ablaze, then a Random Move of 2D3" + D3" (its marker), west, away from the Kitchen
    lit = play(state, "alice", React(use=True), [3, d3(1), d3(1), d3(1), WEST, *CAROL_QUIET]).state
    pig = lit.models["2p"]
    assert pig.fire and lit.winner is None and pig.x < 19.0


def test_no_fire_it_up_from_inside_a_mushroom_field() -> None:
    # 000 I.5 Step 4 Fire it up!: "If the Orc is fully inside a Mushroom Field ..., whichever model
    # would be set ablaze gains Shrooms instead" and still makes its Random Move: bob's Pig would get a
    # free move, unburnt. Alice's Orc there takes Shove (it blocks all the same) and lets a Pig be
    at = SPOTS | {"2p": (14.0, 24.0), "1a": (16.0, 24.0)}
    field = [("field", (16.0, 24.0))]
    state = table(at, players=3, stage=Stage.ACTION, terrain=field)
    assert stance_choice(state, state.models["1a"]) is Stance.SHOVE
    assert stance_choice(table(at, players=3, stage=Stage.ACTION), state.models["1a"]) is Stance.FIRE
    react = table(at, players=3, active="bob", stage=Stage.END, terrain=field, stance={"1a": Stance.FIRE})
    react.pending = [Reaction(orc="1a", stance=Stance.FIRE, target="2p")]
    assert sensible(react, "alice") == [React(use=False)]
    shroomed = play(react, "alice", React(use=True), [3, d3(2), d3(2), NORTH, *CAROL_QUIET]).state
    assert shroomed.models["2p"].shrooms and not shroomed.models["2p"].fire


def test_grease_spoils_a_pig_burning_near_the_kitchen() -> None:
    # 000 I.8: a burning Pig must end its move in contact with the Kitchen; I.7: each Grease Marker adds
    # a D3" to its Random Moves, so near the Kitchen its flight overshoots (BURNING_NEAR). Alice's own
    # burning Pig 3" off is not greased; bob's burning Pig is, by her Orc standing nowhere in particular
    at = SPOTS | {"1p": (24.0, 29.0), "2p": (21.0, 27.0), "1a": (27.0, 32.0), "1b": (30.0, 35.0)}
    state = table(at, players=3, stage=Stage.GREASE, fire=["1p", "2p"])
    legal = GAME.legal_actions(state, "alice")
    assert GreaseToss(orc="1a", target="1p") in legal
    assert grease_choice(state, "alice", legal) == [GreaseToss(orc="1a", target="2p")]
    hit = play(state, "alice", GreaseToss(orc="1a", target="2p"), [3])
    assert hit.state.models["2p"].grease == 1
    far = table(at | {"1p": (24.0, 36.0)}, players=3, stage=Stage.GREASE, fire=["1p", "2p"])
    assert grease_choice(far, "alice", GAME.legal_actions(far, "alice")) == [GreaseToss(orc="1a", target="1p")]


def test_the_pig_is_tossed_facing_the_centre_clear_of_other_pigs() -> None:
    # 000 I.4: the Pig starts in base contact with one of its Orcs and runs 2D3" straight at the centre
    # (stopping 1" from another Pig), then 2D3" to a side: the side facing the centre starts it
    # nearest, from the Orc with no Pig in its way; no search
    at = {"1a": board.edge_point(180.0), "1b": board.edge_point(200.0), "2p": (13.5, 20.15),
          "2a": (30.0, 36.0), "2b": (33.0, 34.0), "3a": (36.0, 30.0), "3b": (36.0, 27.0)}
    state = table(at, players=3, phase=Phase.PIGTOSS)
    state.tossing = 0
    for pig in ("1p", "3p"):
        state.models[pig].placed = False
    legal = GAME.legal_actions(state, "alice")
    assert len(legal) > 2 and all(isinstance(a, TossPig) for a in legal)
    assert sensible(state, "alice") == [TossPig(orc="1a", side=None)]  # bob's Pig is in 1b's way
    tossed = play(state, "alice", TossPig(orc="1a", side=None), [d3(2), d3(2), 1, d3(1), d3(1)]).state
    assert centre_distance(tossed.models["1p"].xy, board.CENTRE) < 11.0
    clear = table({**at, "2p": (36.0, 36.0)}, players=3, phase=Phase.PIGTOSS)
    clear.tossing = 0
    clear.models["1p"].placed = clear.models["3p"].placed = False
    assert sensible(clear, "alice") == [TossPig(orc="1b", side=None)]  # its corner touches the edge: nearer


def test_a_play_out_makes_the_computers_own_plain_choices() -> None:
    # I.5 Step 3 and Step 4 in the search's play-outs: after the walk being weighed, the computer's own
    # Grease Toss goes at its own Pig and its stances are its plain ones (`sensible`), as it would
    # really play them; a random finish greased its Pig a third of the time. Walks and the other
    # players' moves stay random (`kind_first`).
    tactics = tactics_of(GAME)
    grease = table(SPOTS, players=3, stage=Stage.GREASE)
    stance = table(SPOTS, players=3, stage=Stage.ACTION)
    for seed in range(12):
        pick = picker(Dice(seed=seed))
        assert tactics.play_out(grease, "alice", GAME.legal_actions(grease, "alice"), pick) == GreaseToss(
            orc="1b", target="1p")
        assert tactics.play_out(stance, "alice", GAME.legal_actions(stance, "alice"), pick) == ChooseStance(
            orc="1a", stance=stance_choice(stance, stance.models["1a"]))
    walks = table(SPOTS, players=3)
    legal = GAME.legal_actions(walks, "alice")
    made = {GAME.dump_action(tactics.play_out(walks, "alice", legal, picker(Dice(seed=seed)))) for seed in range(12)}
    assert len(made) > 2 and all(GAME.parse_action(m) in legal for m in made)
