"""The Wild Boar (seed 000, IV.4.2.2) and the Smash Attacks it makes (IV.4.2.3.4)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleViolation
from rules.orclympics.timber import READINGS
from rules.orclympics.timber.models import (
    BoarPath,
    BoarRandom,
    Distribute,
    EscapeTo,
    Feat,
    Move,
    Stage,
    TimberState,
)
from tests.rules.timber.forest import GAME, Forest, duo, play, texts


def charge(squares: int, **kw: Any) -> TimberState:
    """Grak's turn, the Boar at e5 about to run `squares` squares; Grak's Orcs far away on a1/a2."""
    teams = kw.pop("teams", None) or {"grak": duo("a1", "a2"), "zog": duo("h1", "h2")}
    kw.setdefault("boar", "e5")
    return Forest(teams, stage=Stage.BOAR, boar_squares=squares, **kw).build()


def test_the_d3_sets_how_far_the_boar_runs() -> None:
    # 000 IV.4.2.2: roll a D3; the Boar must move that many squares
    state = Forest({"grak": duo("a1", "a2"), "zog": duo("h1", "h2")}, stage=Stage.DISTRIBUTE, boar="e5").build()
    step = play(state, "grak", Distribute(tokens={"grak:1": 2, "grak:2": 2}), [5])
    assert step.state.current.boar_roll == 3 and step.state.current.boar_squares == 3
    paths = GAME.legal_actions(step.state, "grak")
    assert all(len(a.path) == 3 for a in paths if isinstance(a, BoarPath))
    with pytest.raises(RuleViolation, match="exactly 3"):
        GAME.apply(step.state, "grak", BoarPath(path=["e6"]))


def test_the_boar_moves_in_all_eight_directions_one_square_at_a_time() -> None:
    # 000 IV.4.2.2: horizontally, vertically and diagonally, changing direction freely
    state = charge(2)
    step = play(state, "grak", BoarPath(path=["f6", "g6"]))
    assert step.state.boar == "g6" and step.state.current.stage is Stage.ACTIONS
    assert step.state.highlight == ["e5", "f6", "g6"]
    ends = {a.path[-1] for a in GAME.legal_actions(charge(1), "grak") if isinstance(a, BoarPath)}
    assert ends == {"d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"}
    with pytest.raises(RuleViolation):
        GAME.apply(state, "grak", BoarPath(path=["e7", "e8"]))  # e7 is two squares away


def test_the_boar_never_steps_back_onto_a_square_of_this_turn() -> None:
    # 000 IV.4.2.2: not a square it already was on during the current Player Turn, its start included
    with pytest.raises(RuleViolation):
        GAME.apply(charge(2), "grak", BoarPath(path=["e6", "e5"]))
    with pytest.raises(RuleViolation):
        GAME.apply(charge(3), "grak", BoarPath(path=["e6", "f6", "e6"]))


def test_the_boar_crashes_through_bushes_but_not_rocks_or_trees() -> None:
    # 000 IV.4.2.2 and READINGS["boar-terrain"]: Bushes are ignored; Rocks and Trees stop it
    state = charge(2, bushes=["e6"], rocks=["f6"], trees={"d6": 4})
    assert play(state, "grak", BoarPath(path=["e6", "e7"])).state.boar == "e7"
    for path in (["f6", "f7"], ["d6", "d7"]):
        with pytest.raises(RuleViolation):
            GAME.apply(state, "grak", BoarPath(path=path))
    # it may slip diagonally between Rocks at e6 and f5
    squeezed = charge(1, rocks=["e6", "f5"])
    assert play(squeezed, "grak", BoarPath(path=["f6"])).state.boar == "f6"
    assert "diagonally" in READINGS["boar-terrain"]


def test_the_boar_stops_only_on_an_empty_square() -> None:
    # 000 IV.4.2.2: it ends on a square with no model and no Terrain (Wood lying there is neither)
    teams = {"grak": duo("a1", "a2"), "zog": duo("e7", "h2")}
    state = charge(2, teams=teams, bushes=["f7"], dropped={"d7": 2})
    with pytest.raises(RuleViolation):
        GAME.apply(state, "grak", BoarPath(path=["e6", "e7"]))  # Zog #1
    with pytest.raises(RuleViolation):
        GAME.apply(state, "grak", BoarPath(path=["e6", "f7"]))  # a Bush
    assert play(state, "grak", BoarPath(path=["e6", "d7"])).state.boar == "d7"


def test_a_boar_rolling_one_cannot_reach_an_orc_next_to_it() -> None:
    # 000 IV.4.2.2: with a 1 the Boar cannot attack an Orc on an adjacent square
    teams = {"grak": duo("a1", "a2"), "zog": duo("e6", "f6")}
    ends = {a.path[-1] for a in GAME.legal_actions(charge(1, teams=teams), "grak") if isinstance(a, BoarPath)}
    assert "e6" not in ends and "f6" not in ends


def test_each_orc_the_boar_enters_suffers_a_smash_attack() -> None:
    # 000 IV.4.2.2 and IV.4.2.3.4 Smash Attack: under 5 the Orc drops D3 Wood; the Boar runs on
    teams = {"grak": duo("a1", "a2"), "zog": duo("e6", "h2", wood=(2, 0))}
    step = play(charge(2, teams=teams), "grak", BoarPath(path=["e6", "e7"]), [3, 6])
    state = step.state
    assert state.boar == "e7"
    assert state.orcs["zog:1"].square == "e6" and state.orcs["zog:1"].wood == 0 and state.dropped == {"e6": 2}
    assert "tramples" in texts(step.events) and "flattens" in texts(step.events)
    # 000 IV.5 Nature's Revenge: an enemy Orc dropped Wood to a Smash Attack in Grak's turn
    assert state.feats == {Feat.NATURES_REVENGE.value: "grak"}


def test_the_boar_passes_over_several_orcs_in_order() -> None:
    # READINGS["smash-order"]: Orcs on the Boar's run are dealt with in the order it reaches them
    teams = {"grak": duo("a1", "a2"), "zog": duo("e6", "h2", wood=(1, 0)), "mug": duo("e7", "h4", wood=(1, 0))}
    step = play(charge(3, teams=teams), "grak", BoarPath(path=["e6", "e7", "e8"]), [2, 1, 4, 1])
    rolls = [e.text for e in step.events if e.kind == "roll"]
    assert "Zog #1" in rolls[0] and "Zog #1" in rolls[1] and "Mug #1" in rolls[2]
    assert step.state.dropped == {"e6": 1, "e7": 1}


def test_a_dodging_orcs_owner_picks_its_square_off_the_rest_of_the_boars_run() -> None:
    # 000 IV.4.2.3.4: on 5+ the owner moves the Orc to a free neighbouring square; READINGS["boar-escape"]:
    # never onto a square the Boar has still to run (e7), but the square it left (e5) is free.
    # The owner is prompted even though it is Grak's turn, while the Boar waits on e6.
    teams = {"grak": duo("a1", "a2"), "zog": duo("e6", "h2", wood=(2, 0))}
    step = play(charge(2, teams=teams), "grak", BoarPath(path=["e6", "e7"]), [5])
    state = step.state
    assert state.current.escape is not None and state.current.escape.options == ["f6", "e5", "d6"]
    assert state.boar == "e6" and state.current.run == ["e7"]
    assert GAME.waiting_for(state) == ["zog"]
    assert GAME.legal_actions(state, "zog") == [EscapeTo(square="f6"), EscapeTo(square="e5"), EscapeTo(square="d6")]
    assert GAME.legal_actions(state, "grak") == []
    prompt = GAME.prompts(state)[0]
    assert prompt.player == "zog" and prompt.kind.value == "square"
    with pytest.raises(RuleViolation, match="Zog"):
        GAME.apply(state, "grak", Move(orc="grak:1", to="b1"))
    with pytest.raises(RuleViolation, match="e7"):
        GAME.apply(state, "zog", EscapeTo(square="e7"))
    after = play(state, "zog", EscapeTo(square="d6")).state
    assert after.orcs["zog:1"].square == "d6" and after.orcs["zog:1"].wood == 2
    assert after.boar == "e7" and GAME.waiting_for(after) == ["grak"]  # then the Boar ran on
    assert "run" in READINGS["boar-escape"]


def test_each_smash_attack_is_resolved_as_the_boar_enters_and_then_it_runs_on() -> None:
    # 000 IV.4.2.2: "Every time the Wild Boar enters a square occupied by an Orc during its move, resolve a
    # Smash Attack against the Orc ..., and then continue the move of the Wild Boar"
    teams = {"grak": duo("a1", "a2"), "zog": duo("e6", "h2", wood=(1, 0)), "mug": duo("e7", "h4", wood=(1, 0))}
    step = play(charge(3, teams=teams), "grak", BoarPath(path=["e6", "e7", "e8"]), [2, 1, 4, 1])
    said = [e.text for e in step.events]
    zog_roll = next(i for i, t in enumerate(said) if "Zog #1 tries to dodge" in t)
    mug_hit = next(i for i, t in enumerate(said) if "tramples into Mug" in t)
    assert next(i for i, t in enumerate(said) if "tramples into Zog" in t) < zog_roll < mug_hit
    # a dodge before the second Orc is reached: Zog may not dive onto e7 or e8, still ahead of the Boar
    dodged = play(charge(3, teams=teams), "grak", BoarPath(path=["e6", "e7", "e8"]), [5]).state
    assert dodged.current.escape is not None and dodged.current.escape.options == ["f6", "e5", "d6"]
    assert dodged.boar == "e6" and dodged.orcs["mug:1"].wood == 1  # Mug not reached yet


def test_a_random_run_comes_from_the_games_dice() -> None:
    # the active player may let the dice pick one of the legal runs; the choice replays from the seed
    state = charge(2)
    paths = [a.path for a in GAME.legal_actions(state, "grak") if isinstance(a, BoarPath)]
    assert BoarRandom() in GAME.legal_actions(state, "grak")
    assert play(state, "grak", BoarRandom(), [3]).state.boar == paths[2][-1]
    once, twice = GAME.apply(state, "grak", BoarRandom()).state, GAME.apply(state, "grak", BoarRandom()).state
    assert once == twice


def test_a_blocked_boar_runs_as_far_as_it_can() -> None:
    # READINGS["boar-blocked"]: no run of 3 ends on open ground, so it runs 2; with no run at all it stays
    teams = {"grak": duo("a1", "a2"), "zog": duo("h1", "h2")}
    penned = Forest(teams, stage=Stage.DISTRIBUTE, boar="a8", rocks=["a7", "b7", "c7", "d7", "d8"]).build()
    step = play(penned, "grak", Distribute(tokens={"grak:1": 2, "grak:2": 2}), [6])
    assert step.state.current.boar_roll == 3 and step.state.current.boar_squares == 2
    assert "charges 2" in texts(step.events)
    # a roll of 1 with only b8 open: the one legal run is made at once, without asking
    boxed = Forest(teams, stage=Stage.DISTRIBUTE, boar="a8", rocks=["a7", "b7", "c7", "d7", "d8"], bushes=["c8"]).build()
    step = play(boxed, "grak", Distribute(tokens={"grak:1": 2, "grak:2": 2}), [1])
    assert step.state.boar == "b8" and step.state.current.stage is Stage.ACTIONS
    shut = Forest(teams, stage=Stage.DISTRIBUTE, boar="a8", rocks=["a7", "b7", "c7"], bushes=["b8", "c8"]).build()
    step = play(shut, "grak", Distribute(tokens={"grak:1": 2, "grak:2": 2}), [1])
    assert step.state.boar == "a8" and "paws the ground" in texts(step.events)
    assert step.state.current.stage is Stage.ACTIONS
