"""Team Work and the first-player-only rule of Feats (seed 000, IV.5). The other Feats are
tested beside their actions: Deforest (Open Way), Gimme That! (Shoving), Nature's Revenge
(Boar and Trees), Clever Gathering (Gather Wood)."""

from __future__ import annotations

from typing import Any

from rules.orclympics.timber import READINGS
from rules.orclympics.timber.models import Feat, Leave, TimberState
from tests.rules.timber.forest import GAME, Forest, duo, play, texts


def leaving(first_wood: int, second_wood: int, **kw: Any) -> TimberState:
    teams = {"grak": duo("a3", None, wood=(first_wood, second_wood)), "zog": duo("f6", "h8")}
    return Forest(teams, turn=6, boar="d4", **kw).build()


def test_team_work_both_orcs_out_with_wood() -> None:
    # 000 IV.5 Team Work and READINGS["team-work"]: both Orcs leave the Forest, each carrying Wood
    step = play(leaving(1, 2), "grak", Leave(orc="grak:1"))
    assert step.state.feats == {Feat.TEAM_WORK.value: "grak"} and "Team Work" in texts(step.events)
    assert "both carried Wood" in READINGS["team-work"]


def test_no_team_work_if_one_went_out_empty_handed() -> None:
    assert play(leaving(1, 0), "grak", Leave(orc="grak:1")).state.feats == {}
    assert play(leaving(0, 3), "grak", Leave(orc="grak:1")).state.feats == {}


def test_a_feat_goes_to_the_first_player_only() -> None:
    # 000 IV.5: each Feat rewards the first player completing it
    state = leaving(1, 2)
    state.feats = {Feat.TEAM_WORK.value: "zog"}
    step = play(state, "grak", Leave(orc="grak:1"))
    assert step.state.feats == {Feat.TEAM_WORK.value: "zog"} and "Feat" not in texts(step.events)
    outcome_feats = GAME.view(step.state, None).feats
    assert outcome_feats == {Feat.TEAM_WORK.value: "zog"}
