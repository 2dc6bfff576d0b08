"""The Orclympics campaign's bookkeeping (seed 000, Campaign Rules 1-6)."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.engine import Outcome
from rules.orclympics.broods import Brood
from rules.orclympics.campaign import (
    FULL,
    Kind,
    choose_by_agreement,
    choose_by_roll,
    new_campaign,
    placing_points,
    score_game,
)

FOUR = {"ann": Brood.IRON, "bo": Brood.FERAL, "cy": Brood.COMMON, "di": Brood.COMMON}


def test_a_full_campaign_plays_the_six_disciplines_in_order() -> None:
    # Campaign Rules 1
    campaign = new_campaign(Kind.FULL, FOUR, ScriptedDice([2]))
    assert campaign.schedule == list(FULL) == ["flying-pigs", "brood-rumble", "masters-fight", "timber",
                                              "thatll-do-pigs", "road-rage"]


def test_broods_have_ages_and_the_same_brood_gets_a_random_order() -> None:
    # Campaign Rules 4: Feral young, Common adult, Iron veteran; two Common players ordered at random
    ages = new_campaign(Kind.FULL, FOUR, ScriptedDice([2])).ages  # the dice pick di as the younger Common
    assert ages == {"bo": 0, "di": 1, "cy": 2, "ann": 3}
    other = new_campaign(Kind.FULL, FOUR, ScriptedDice([1])).ages
    assert other["cy"] == 1 and other["di"] == 2


@pytest.mark.parametrize(("face", "first", "second", "third"), [(3, "flying-pigs", "masters-fight", "thatll-do-pigs"),
                                                              (4, "brood-rumble", "timber", "road-rage")])
def test_a_quick_campaign_rolls_each_game_from_its_pair(face: int, first: str, second: str, third: str) -> None:
    # Campaign Rules 2: D6 1-3 the first discipline of the pair, 4-6 the second
    campaign = new_campaign(Kind.QUICK, FOUR, ScriptedDice([1]))
    assert campaign.schedule == [None, None, None]
    for expected in (first, second, third):
        assert choose_by_roll(campaign, ScriptedDice([face])) == expected
        score_game(campaign, expected, Outcome(placings=[["ann"], ["bo"], ["cy"], ["di"]]))
    assert campaign.finished


def test_the_players_may_agree_on_the_quick_discipline_instead() -> None:
    # Campaign Rules 2: "or the players can simply agree on which discipline to play"
    campaign = new_campaign(Kind.QUICK, FOUR, ScriptedDice([1]))
    assert choose_by_agreement(campaign, "brood-rumble") == "brood-rumble"
    with pytest.raises(ValueError, match="flying-pigs or brood-rumble"):
        choose_by_agreement(campaign, "timber")


def test_victory_points_by_placing() -> None:
    # Campaign Rules 5.1: 2 players 3/1; 4 players 3/2/1/0 (and the 4-player column for 3, 5, 6 players);
    # reading shared-places: a shared place scores its points for everyone sharing it
    assert placing_points({"a": 1, "b": 2}, 2) == {"a": 3, "b": 1}
    assert placing_points({"a": 1, "b": 2, "c": 3, "d": 4}, 4) == {"a": 3, "b": 2, "c": 1, "d": 0}
    assert placing_points({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}, 6)["f"] == 0
    assert placing_points({"a": 1, "b": 2, "c": 3}, 3) == {"a": 3, "b": 2, "c": 1}
    assert placing_points({"a": 1, "b": 1, "c": 3, "d": 3}, 4) == {"a": 3, "b": 3, "c": 1, "d": 1}


def test_feats_score_one_each_and_the_last_player_gets_the_war_cry() -> None:
    # Campaign Rules 5.2 (1 VP per Feat to the first player completing it) and 6 (the fewest VP, all tied)
    campaign = new_campaign(Kind.FULL, FOUR, ScriptedDice([1]))
    score = score_game(campaign, "flying-pigs", Outcome(placings=[["ann"], ["bo"], ["cy"], ["di"]],
                                                        feats={"Wicky Sticky": "di", "Pyromania": "di",
                                                               "Triple Fat": "cy"}))
    assert score.feat_vp == {"ann": 0, "bo": 0, "cy": 1, "di": 2}
    assert campaign.totals() == {"ann": 3, "bo": 2, "cy": 2, "di": 2}
    assert campaign.war_cry == ["bo", "cy", "di"]
    score_game(campaign, "brood-rumble", Outcome(placings=[["bo", "cy"], ["ann", "di"]]))
    assert campaign.totals() == {"ann": 4, "bo": 5, "cy": 5, "di": 3} and campaign.war_cry == ["di"]


def test_the_champion_has_the_most_vp_then_the_most_from_feats_then_shares() -> None:
    # Campaign Rules 5: a draw goes to the most VP from Feats
    campaign = new_campaign(Kind.QUICK, {"a": Brood.IRON, "b": Brood.FERAL}, ScriptedDice([]))
    choose_by_agreement(campaign, "flying-pigs")
    score_game(campaign, "flying-pigs", Outcome(placings=[["a"], ["b"]]))
    choose_by_agreement(campaign, "masters-fight")
    score_game(campaign, "masters-fight", Outcome(placings=[["b"], ["a"]], feats={"Sweat Dreams": "b"}))
    assert campaign.totals() == {"a": 4, "b": 5}
    choose_by_agreement(campaign, "road-rage")
    score_game(campaign, "road-rage", Outcome(placings=[["a"], ["b"]], feats={"Bloodlust": "a"}))
    assert campaign.totals() == {"a": 8, "b": 6} and campaign.champions() == ["a"] and campaign.war_cry == []
    tied = new_campaign(Kind.QUICK, {"a": Brood.IRON, "b": Brood.FERAL}, ScriptedDice([]))
    choose_by_agreement(tied, "flying-pigs")
    score_game(tied, "flying-pigs", Outcome(placings=[["a"], ["b"]], feats={"Pyromania": "b", "Triple Fat": "b"}))
    assert tied.totals() == {"a": 3, "b": 3} and tied.champions() == ["b"]  # b's come from Feats
    shared = new_campaign(Kind.QUICK, {"a": Brood.IRON, "b": Brood.FERAL}, ScriptedDice([]))
    choose_by_agreement(shared, "flying-pigs")
    score_game(shared, "flying-pigs", Outcome(placings=[["a", "b"]]))
    assert shared.champions() == ["a", "b"]


def test_a_two_player_quick_campaign_leaves_brood_rumble_out() -> None:
    # Campaign Rules 3: with two players avoid Brood Rumble (reading two-players: no roll, Flying Pigs)
    campaign = new_campaign(Kind.QUICK, {"a": Brood.IRON, "b": Brood.IRON}, ScriptedDice([1]))
    assert choose_by_roll(campaign, ScriptedDice([])) == "flying-pigs"


def test_random_campaigns_play_every_discipline_and_replay_from_their_seed() -> None:
    # Campaign Rules 1-6 end to end, with the campaign's ages passed to every discipline
    from rules.orclympics.campaign import play_random_campaign

    full = play_random_campaign(Kind.FULL, 4, 3)
    assert full.campaign.finished and [s.game for s in full.campaign.scores] == list(FULL)
    assert full.skipped == [] and sum(full.campaign.totals().values()) >= 6 * (3 + 2 + 1)
    again = play_random_campaign(Kind.FULL, 4, 3)
    assert again.campaign == full.campaign
    three = play_random_campaign(Kind.FULL, 3, 5)
    assert "brood-rumble" in three.skipped and "thatll-do-pigs" in three.skipped


def test_the_next_game_starts_with_the_ages_and_the_war_cry_holders() -> None:
    # 000 Campaign Rules 4 and 6: every discipline gets the ages for ties and the War Cry holders
    campaign = new_campaign(Kind.FULL, FOUR, ScriptedDice([2]))
    score_game(campaign, "flying-pigs", Outcome(placings=[["ann"], ["bo"], ["cy", "di"]]))
    options = campaign.game_options()
    assert options == {"ages": campaign.ages, "war_cry": ["cy", "di"]}
    from rules.core.engine import Seat
    from rules.registry import get_game

    seats = [Seat(player=e.player, name=e.player, pick=e.brood.value, colour=n) for n, e in enumerate(campaign.entries)]
    state = get_game("brood-rumble").start(seats, options, 3).state
    assert state.war_cry is not None and state.war_cry.uses == {"cy": 3, "di": 3}
