"""Chaos Marauders turns, stops and placement (seed 001 L126-135, L439-440, L762-796; house set (b);
readings C2, C13). Line numbers are those of ../shared/seeds/001_599ccb3abfcbbb8f.txt."""

from __future__ import annotations

import pytest

from rules.chaos_marauders import GAME
from rules.chaos_marauders.data import DECK, TYPES, Colour, Role
from rules.chaos_marauders.models import AskKind, Decline, Place
from rules.core.errors import RuleViolation
from tests.rules.chaos_marauders.helpers import act, card, keys, step, table


def test_the_house_deck_has_89_cards_45_symbols_and_13_standards_and_musicians() -> None:
    # house set (b): grey 21, purple 29, blue 10, green 12, red 17
    colours = {c: sum(TYPES[k].colour is c for k in DECK) for c in Colour}
    assert len(DECK) == 89 and len(set(DECK)) == 45
    assert colours == {Colour.GREY: 21, Colour.PURPLE: 29, Colour.BLUE: 10, Colour.GREEN: 12, Colour.RED: 17}
    assert sum(TYPES[k].role is Role.STANDARD for k in DECK) == 13 == sum(TYPES[k].role is Role.MUSICIAN for k in DECK)


def test_a_new_game_shuffles_from_its_seed_and_asks_the_first_drawer() -> None:
    seats = GAME.start  # the same seed gives the same deck and the same first player
    from rules.core.selfplay import random_seats
    from rules.core.dice import Dice
    players = random_seats(3, Dice(seed=1))
    one, two = seats(players, None, 42).state, seats(players, None, 42).state
    assert one.pile == two.pile and one.active == two.active
    assert seats(players, None, 43).state.pile != one.pile
    assert GAME.waiting_for(one) == [one.current] and one.ask is not None and one.ask.kind is AskKind.DRAWN


def test_drawing_goes_on_after_a_plain_card_and_a_duplicate_symbol_ends_the_turn() -> None:
    # seed 001 L764-768 (and C2): a card whose symbol is in play is still placed, in another line
    state = table(["hak", "claws", "hak", "grivziz"])
    state = act(state, "ann", Place(line=0, slot=1))
    assert state.current == "ann" and DECK[state.drawn] == "claws"
    state = act(state, "ann", Place(line=0, slot=2))
    assert DECK[state.drawn] == "hak"
    assert Place(line=0, slot=3) not in GAME.legal_actions(state, "ann")  # one symbol per line (L790-791)
    state = act(state, "ann", Place(line=1, slot=1))
    assert keys(state, "ann", 1)[1] == "hak" and state.current == "bo"


def test_a_declined_card_is_discarded_and_ends_the_turn() -> None:
    # seed 001 L772
    state = table(["hak", "grivziz"])
    state = act(state, "ann", Decline())
    assert state.current == "bo" and DECK[state.discards[-1]] == "hak"


def test_a_standard_goes_only_to_the_left_end_and_a_musician_only_to_the_right_end() -> None:
    # seed 001 L792-796; house: six slots, slot 1 a Standard, slot 6 a Musician
    state = table(["orc-standard", "grivziz"])
    assert {(a.line, a.slot) for a in GAME.legal_actions(state, "ann") if isinstance(a, Place)} == {
        (0, 0), (1, 0), (2, 0)}
    state = table(["orc-musician", "grivziz"])
    assert {a.slot for a in GAME.legal_actions(state, "ann") if isinstance(a, Place)} == {5}
    state = table(["grivziz", "hak"])
    assert {a.slot for a in GAME.legal_actions(state, "ann") if isinstance(a, Place)} == {1, 2, 3, 4}
    with pytest.raises(RuleViolation):
        act(state, "ann", Place(line=0, slot=0))


def test_a_fourth_standard_is_discarded_and_ends_the_turn() -> None:
    # seed 001 L770-771
    lines = {"ann": {(0, 0): "hob-standard", (1, 0): "orc-standard", (2, 0): "garok"}}
    state = table(["hob-standard", "grivziz"], lines)
    assert state.current == "bo" and DECK[state.discards[-1]] == "hob-standard"


def test_green_cards_are_void_in_the_first_round_and_drawing_goes_on() -> None:
    # seed 001 L131-135
    state = table(["idol", "hak"], turn=1)
    assert state.current == "ann" and DECK[state.drawn] == "hak" and DECK[state.discards[-1]] == "idol"


def test_a_green_card_ends_the_turn_once_used() -> None:
    # seed 001 L126-130: the Horned Rat Standard is placed (as a Standard, C5), then the turn ends
    state = table(["horned-rat", "hak"])
    state = act(state, "ann", Place(line=1, slot=0))
    assert state.current == "bo" and keys(state, "ann", 1)[0] == "horned-rat"


def test_a_red_card_must_be_placed_when_it_can_be() -> None:
    # seed 001 L439-440
    state = table(["smasher-left", "hak"])
    legal = GAME.legal_actions(state, "ann")
    assert Decline() not in legal and any(isinstance(a, Place) for a in legal)
    with pytest.raises(RuleViolation):
        act(state, "ann", Decline())


def test_only_the_drawer_answers_and_refusals_change_nothing() -> None:
    state = table(["hak", "claws"])
    with pytest.raises(RuleViolation, match="not your decision"):
        GAME.apply(state, "bo", Place(line=0, slot=1))
    with pytest.raises(RuleViolation):
        GAME.apply(state, "ann", Place(line=0, slot=0))
    assert GAME.apply(state, "ann", Place(line=0, slot=1)).state.version == state.version + 1


def test_the_discards_are_reshuffled_once_and_the_second_empty_pile_ends_the_game() -> None:
    # house set (b): once only
    state = table(["hak"], faces=())
    state.discards = [card("grivziz")]
    state = act(state, "ann", Place(line=0, slot=1), faces=[1])  # the reshuffle picks the only card
    assert state.reshuffled and DECK[state.drawn] == "grivziz"
    state = act(state, "ann", Place(line=0, slot=2))
    assert state.over and state.end == "the draw pile ran out" and GAME.outcome(state) is not None


def test_every_reading_is_in_the_rules_guide() -> None:
    # /rules game:chaos-marauders: our own words, with each reading chosen (C1-C15 and the house set)
    from rules.chaos_marauders import GUIDE, READINGS
    from rules.registry import guide_for

    assert len(READINGS) >= 15 and all(text in GUIDE for text in READINGS.values())
    assert guide_for(GAME) == GUIDE
