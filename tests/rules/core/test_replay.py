"""A game's replay (issue 45): one frame per player turn, the set-up first and the placings last,
public views and public events only, and the record a game is stored as, round-tripped."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.engine import Event, Game, Outcome, OutcomeKind
from rules.core.replay import (CAPTION_EVENTS, FrameKind, GameRecord, frames, key_lines, placings_line,
                               record_frames, turns)
from rules.core.selfplay import SelfPlayResult, play_random
from rules.registry import GAMES

SHORT = 14
"""Actions of each game's replay checked here: a few turns of every game keeps the file fast."""


def short_game(game: Game[Any, Any], seed: int = 1, actions: int | None = SHORT) -> SelfPlayResult:
    return play_random(game, game.usual_table(), seed, stop_after=actions)


def states_after(game: Game[Any, Any], result: SelfPlayResult, seed: int) -> list[Any]:
    """The state after each number of actions of the log, from none to all."""
    state = game.new(result.state.seats, None, seed)
    states = [state]
    for player, action in result.log:
        state = game.apply(state, player, action).state
        states.append(state)
    return states


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_replays_as_its_set_up_then_one_frame_a_turn_of_public_views(slug: str) -> None:
    game = GAMES[slug]
    result = short_game(game)
    shown = frames(game, result.state.seats, None, 1, result.log)
    states = states_after(game, result, 1)
    cut = turns(game, states[0], result.log)
    assert [f.kind for f in shown] == [FrameKind.SETUP, *[FrameKind.TURN] * len(cut)]  # unfinished: no placings
    assert [f.actions for f in shown] == [0, *(t.actions for t in cut)]
    assert shown[-1].actions == len(result.log) and len(cut) <= len(result.log)
    for frame in shown:
        assert frame.view.viewer is None
        assert frame.view == game.view(states[frame.actions], None)
        assert frame.heading and len(frame.lines) <= CAPTION_EVENTS


def test_a_finished_game_ends_on_its_placings() -> None:
    game = GAMES["road-rage"]
    result = short_game(game, actions=None)
    assert result.finished
    shown = frames(game, result.state.seats, None, 1, result.log)
    last = shown[-1]
    assert last.kind == FrameKind.END and last.heading == "Final placings"
    assert last.view == game.view(result.state, None) and last.view.placings is not None
    outcome = game.outcome(result.state)
    names = {s.player: s.name for s in result.state.seats}
    assert outcome is not None and last.lines[-1] == placings_line(outcome, names)


def test_a_players_scout_and_placing_are_one_turn_and_the_next_player_starts_the_next() -> None:
    """Orcz, seed 1: Orc 2 sends the Scout, then places (actions 2 and 3), between Orc 1's and Orc 3's placings."""
    game = GAMES["orcz"]
    result = short_game(game, actions=6)
    assert [(p, a.type) for p, a in result.log[1:5]] == [("p1", "place"), ("p2", "scout"), ("p2", "place"),
                                                           ("p3", "place")]
    cut = turns(game, game.new(result.state.seats, None, 1), result.log)
    assert [(t.actors, t.actions) for t in cut[:4]] == [(["p3"], 1), (["p1"], 2), (["p2"], 4), (["p3"], 5)]


def test_a_reaction_joins_the_turn_it_answers_unless_it_opens_the_next() -> None:
    """Chaos Marauders, seed 1: Orc 2's "begin" (a reaction) opens Orc 2's turn; Orc 3's wrong shout
    after Orc 2 declines is part of Orc 2's turn, not a turn of Orc 3's."""
    game = GAMES["chaos-marauders"]
    result = short_game(game, actions=10)
    assert [(p, a.type) for p, a in result.log[2:10]] == [
        ("p1", "decline"), ("p2", "begin"), ("p2", "place"), ("p2", "place"), ("p2", "place"), ("p2", "decline"),
        ("p3", "shout"), ("p3", "begin")]
    cut = turns(game, game.new(result.state.seats, None, 1), result.log)
    assert [(t.actors, t.actions) for t in cut[:2]] == [(["p1"], 3), (["p2"], 9)]
    assert any("Orc 2's turn" in e.text for e in cut[1].events)
    assert not any("Orc 2's turn" in e.text for e in cut[0].events)
    assert any("shouts" in e.text for e in cut[1].events)


def test_a_long_game_puts_turns_together_and_keeps_every_one() -> None:
    game = GAMES["timber"]
    result = short_game(game, actions=60)
    every = frames(game, result.state.seats, None, 1, result.log)
    few = frames(game, result.state.seats, None, 1, result.log, most=6)
    assert len(every) > 6 >= len(few) >= 2
    assert few[-1].actions == every[-1].actions == len(result.log)
    assert {f.actions for f in few} <= {f.actions for f in every}  # a merged frame ends where a turn ends


def test_no_private_event_reaches_a_caption() -> None:
    """Orcz keeps the face-down cards and the scout's peek for their owner's eyes, Chaos Marauders the
    card drawn: none of those lines is in any caption, though the turns that wrote them are shown."""
    for slug, actions in (("orcz", None), ("chaos-marauders", 40)):
        game = GAMES[slug]
        result = short_game(game, actions=actions)
        private = {e.text for e in result.events if e.visible_to is not None}
        public = {e.text for e in result.events if e.visible_to is None}
        assert private - public, f"{slug} wrote no private line to check"
        captions = [f.caption for f in frames(game, result.state.seats, None, 1, result.log)]
        assert not [(text, c) for text in private - public for c in captions if text in c]


def test_a_caption_names_the_weightiest_public_events_in_order() -> None:
    events = [Event(text="rolled 4", kind="roll"), Event(text="A moves.", kind="log"),
              Event(text="Turn 2.", kind="phase"), Event(text="You see a Grunt.", visible_to=["p1"]),
              Event(text="B falls.", kind="log"), Event(text="A wins!", kind="end"),
              Event(text="C waits.", kind="log")]
    assert key_lines(events) == ["B falls.", "A wins!", "C waits."]
    assert key_lines(events, most=5) == ["A moves.", "Turn 2.", "B falls.", "A wins!", "C waits."]
    assert key_lines([Event(text="rolled 4", kind="roll"), Event(text="secret", visible_to=["p2"])]) == ["rolled 4"]


def test_the_placings_read_as_one_line() -> None:
    names = {"a": "Grub", "b": "Snaga", "c": "Lug"}
    assert placings_line(Outcome(placings=[["a"], ["b", "c"]]), names) == "1st Grub · 2nd Snaga & Lug"
    assert placings_line(Outcome(placings=[["a", "b"], ["c"]], won=False), names) == \
        "Nobody wins. 1st Grub & Snaga · 3rd Lug"
    assert placings_line(Outcome.together(["a", "b"], won=False), names) == "Grub & Snaga lose together."
    assert Outcome.together(["a"], won=True).kind == OutcomeKind.COOPERATIVE


def test_a_record_round_trips_to_the_same_final_state() -> None:
    game = GAMES["orcz"]
    result = short_game(game, seed=7, actions=None)
    record = GameRecord.of(game, result.state.seats, {}, 7, result.log)
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record and again.to_json() == text
    assert again.final_state(game).model_dump() == result.state.model_dump()
    assert [f.caption for f in record_frames(game, again)] == \
        [f.caption for f in frames(game, result.state.seats, None, 7, result.log)]
    with pytest.raises(ValueError, match="not 'timber'"):
        again.actions(GAMES["timber"])
