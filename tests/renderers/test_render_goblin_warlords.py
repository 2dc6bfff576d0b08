"""The goblin warlords board (issue 43): what this board must show, beyond what the generic board tests
check of every registered game's busy board (`tests/renderers/busy.py`, the same seeded game).

The busy board is a seeded random game played by the engine with long names, stopped where armies,
units left behind, caravans on the road and a battle to fight are all on the map; a fortress and a
mine are added to the state before the view is taken (the view is still the engine's), so that the
tests of their tags always have one to look at."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image
from shapely.geometry import Polygon

from renderers import describe, render
from renderers.common import SUPERSAMPLE, Labels, player_colour
from renderers.goblin_warlords import army_chips, caravan_chips, colours, panel_lines
from renderers.goblin_warlords.layout import LINE, RIM, TAG_HEIGHT, outline_on_canvas, road_y, tag_box
from rules.core.dice import Dice
from rules.core.engine import public
from rules.core.selfplay import play_random, random_seats
from rules.goblin_warlords import GoblinWarlords
from rules.goblin_warlords.data import LEADER_CHIPS, TERRITORIES
from rules.goblin_warlords.models import Army, Fortress, GoblinState, GoblinView, Strategy
from rules.goblin_warlords.rules import lands_and_fortresses, own_words
from tests.renderers.busy import NAMES
from tests.renderers.board_checks import check_board, forget_kept, texts

GAME = GoblinWarlords()
PLAYERS = 4
SEED = 3
STEPS = 110
"""Game turn 4, B3 (with the rules of the whole draft): armies (some of them units left without a leader, some rebels), three
caravans on the road, a battle waiting to be fought."""


def _played(steps: int, seed: int = SEED) -> tuple[GoblinState, tuple[str, ...]]:
    seats = [seat.model_copy(update={"name": NAMES[k]})
             for k, seat in enumerate(random_seats(PLAYERS, Dice(seed=seed), GAME.seat_pick))]
    result = play_random(GAME, PLAYERS, seed, seats=seats, stop_after=steps)
    return result.state, tuple(event.text for event in public(result.events))[-3:]


@cache
def busy_state() -> tuple[GoblinState, tuple[str, ...]]:
    state, recent = _played(STEPS)
    state = state.model_copy(deep=True)
    held = sorted(state.control)
    state.fortresses.append(Fortress(territory=held[0], rating=3, owner=state.control[held[0]]))
    state.mines.append(held[-1])
    return state, recent


def busy_view() -> GoblinView:
    return GAME.view(busy_state()[0], None)


def test_the_busy_board_is_busy() -> None:
    """The board the other tests look at holds what they are about."""
    view = busy_view()
    assert any(a.leader is not None for a in view.armies)
    assert any(a.leader is None and a.owner is not None for a in view.armies)
    assert any(a.owner is None for a in view.armies)
    assert len(view.caravans) >= 2 and view.battles and view.fortresses and view.mines and view.control


def test_the_busy_board_reads_where_discord_shows_it() -> None:
    check_board(busy_view())


def test_the_same_view_gives_the_same_bytes() -> None:
    """Also after another picture was drawn on the worker's base canvas in between."""
    view = busy_view()
    first = render(view)
    render(GAME.view(_played(20)[0], None))
    assert render(view.model_copy(deep=True)) == first


def test_a_board_drawn_over_kept_bases_and_keys_is_the_board_drawn_alone() -> None:
    """The map is drawn once per worker and kept, at the tallest picture's height, and so is the key:
    boards of every height drawn one after another are the boards a fresh worker draws."""


    views = [GAME.view(_played(3)[0], None), busy_view(), GAME.view(_played(2000, seed=2)[0], None)]
    alone = []
    for view in views:
        forget_kept()
        alone.append(render(view))
    forget_kept()
    try:
        assert len({Image.open(io.BytesIO(picture)).size for picture in alone}) > 1
        for _ in range(2):
            assert [render(view) for view in views] == alone
    finally:
        forget_kept()


def test_the_map_names_every_territory_and_its_number() -> None:
    sheet = check_board(busy_view())
    words = " ".join(texts(sheet)).split()
    for land in TERRITORIES:
        assert str(land.number) in texts(sheet)
        assert all(word in words for word in land.name.split()), land.name


def test_every_army_caravan_and_fortress_has_its_tag() -> None:
    """A led army by its leader's tribe and authority, its power and its gold; a caravan by its kind and
    power; the fortress by its rating; and nothing given up for want of room."""
    view = busy_view()
    shown = texts(check_board(view))
    colour = colours(view)
    for army in view.armies:
        if army.leader is not None:
            assert " ".join(c.text for c in army_chips(army, colour[army.owner or ""])) in shown
    for caravan in view.caravans:
        assert " ".join(c.text for c in caravan_chips(caravan)) in shown
    assert str(view.fortresses[0].rating) in shown
    assert not [t for t in shown if t.startswith("+")], "nothing on the busy board is left out"


def in_territory(sheet: Labels, number: int) -> list[str]:
    """The labels drawn inside a territory's box of tags, top to bottom and left to right."""
    land = TERRITORIES[number - 1]
    left, _, right, bottom = tag_box(land)
    top = road_y(land) - TAG_HEIGHT / 2 - 1
    inside = [label for label in sheet.drawn
              if left - 1 <= label.box[0] and label.box[2] <= right + 1 and top <= label.box[1] <= bottom]
    return [label.text for label in sorted(inside, key=lambda label: (round(label.box[1]), label.box[0]))]


def test_units_left_behind_are_one_tag_per_holder_and_territory() -> None:
    state = busy_state()[0].model_copy(deep=True)
    led = next(a for a in state.armies if a.leader is not None and a.owner is not None)
    here = led.territory
    state.armies = [a for a in state.armies if a.territory != here] + [
        led, Army(id=900, owner=led.owner, territory=here, units=[0, 1], gold=1),  # two goblins, power 1 each
        Army(id=901, owner=led.owner, territory=here, units=[24], gold=2),  # an orc, power 2
        Army(id=902, owner=None, territory=here, units=[25])]  # a rebel orc
    view = GAME.view(state, None)
    tags = in_territory(check_board(view), here)
    led_tag = " ".join(c.text for c in army_chips(led, colours(view)[led.owner or ""]))
    assert tags[tags.index(led_tag) + 1:] == ["4 3g", "2"], tags


def _crowded(armies: int, here: int = 2) -> list[str]:
    """The tags drawn in territory `here` holding `armies` armies with leaders (of every warlord)."""
    state = busy_state()[0].model_copy(deep=True)
    state.armies = [a for a in state.armies if a.territory != here]
    state.armies += [Army(id=950 + k, owner=state.players[k % PLAYERS], territory=here, leader=leader, units=[k])
                     for k, leader in enumerate(LEADER_CHIPS[:armies])]
    tags = in_territory(check_board(GAME.view(state, None)), here)
    assert tags[0] == str(here)
    return tags


def test_a_crowded_territory_shows_every_army_in_smaller_tags() -> None:
    tags = _crowded(4)
    assert len(tags) == 5 and not any(tag.startswith("+") for tag in tags)


def test_an_overcrowded_territory_says_how_many_more_it_holds() -> None:
    tags = _crowded(12)
    assert tags[-1].startswith("+") and len(tags) - 2 + int(tags[-1][1:]) == 12


def test_the_panel_has_the_turn_the_phase_the_order_and_the_public_counts() -> None:
    view = busy_view()
    shown = texts(check_board(view))
    assert f"Game Turn {view.turn} · B3-5 March" in shown
    assert "Order of play" in shown
    names = [line.text for line in panel_lines(view) if line.swatch is not None]
    assert names == [view.names[p] for p in view.order]
    for warlord in view.warlords:
        counts = next(line.text for line in panel_lines(view)
                      if line.text.startswith(f"{warlord.units} unit") and f"{warlord.gold_chips} gold" in line.text)
        assert counts in shown
    marked = [line.text for line in panel_lines(view) if line.marked]
    assert marked == [view.names[view.current]] if view.current else marked == []


def test_a_seats_own_picture_is_the_board_and_its_own_hand_alone() -> None:
    """Reading a6 (hands secret), L74 (captives), L94-99 (a strategy hidden until both are in): a seat's
    own picture draws the board and, under the map, that seat's units, gold, captives and chosen
    strategy, readable where Discord shows it; no other seat's hand, and the table's board none."""
    state = busy_state()[0].model_copy(deep=True)
    player = state.players[0]
    warlord = state.warlord(player)
    warlord.units = sorted({*warlord.units, *(c for c in state.tribe_cup[:12])})[:12]  # over the hand limit
    warlord.captives = [LEADER_CHIPS[-1]]
    warlord.gold = 7
    state.battles[0].chosen[player] = Strategy.CLEVER
    public_sheet = check_board(GAME.view(state, None))
    assert not [t for t in texts(public_sheet) if "Your hand" in t or t.startswith("Units:")]
    view = GAME.view(state, player)
    sheet = check_board(view)
    shown = " ".join(texts(sheet))
    assert "Your hand (only you see it)" in shown
    for line in own_words(view, peeks=False):
        assert line in shown or all(word in shown.split() for word in line.split()), line
    assert "gold: 7" in shown and "Captives:" in shown and "Clever Strategy" in shown
    assert str(view.fortresses[0].rating) in texts(sheet)  # the board itself is all there
    for other in state.players[1:]:  # each seat's picture is its own
        words = own_words(GAME.view(state, other), peeks=False)
        assert words and words[0] not in shown


def test_a_held_territory_is_rimmed_in_its_holders_colour() -> None:
    """Along the band inside a held territory's edge, the picture is in its holder's seat colour (where
    no tag covers it); a territory nobody holds has no band."""
    view = busy_view()
    picture = Image.open(io.BytesIO(render(view))).convert("RGB")

    def band(number: int, colour: tuple[int, int, int]) -> float:
        ring = Polygon(outline_on_canvas(TERRITORIES[number - 1])).buffer(-(RIM + 2 * LINE) / 2, join_style="mitre")
        points = [ring.exterior.interpolate(k / 40, normalized=True) for k in range(40)]
        pixels = [picture.getpixel((round(p.x / SUPERSAMPLE), round(p.y / SUPERSAMPLE))) for p in points]
        return sum(sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 30 for pixel in pixels) / 40

    for number, holder in view.control.items():
        assert band(number, player_colour(list(view.names).index(holder))) > 0.8, number
    free = next(t.number for t in TERRITORIES if t.number not in view.control)
    assert all(band(free, player_colour(k)) < 0.2 for k in range(PLAYERS))


@pytest.mark.parametrize("steps", [0, 3, 12, 40, 140, 2000])
def test_every_phase_of_a_game_draws_a_board_that_reads(steps: int) -> None:
    """The set-up, reinforcements, the march, trading and a game over all draw."""
    state, _ = _played(steps, seed=5)
    sheet = check_board(GAME.view(state, None))
    view = GAME.view(state, None)
    if view.winners:
        assert "Winner" in texts(sheet)


def test_the_picture_is_described_in_words() -> None:
    view = busy_view()
    words = describe(view, busy_state()[1])
    assert words.startswith("Goblin Warlords board. Game Turn 4 · B3-5 March.")
    assert all(name in words for name in view.names.values())
    assert "units" in words and "gold" in words and "(to play)" in words


def test_the_panel_counts_the_fortresses_the_power_victory_counts() -> None:
    # 002 L157: the power victory counts a warlord's fortresses with at least one of his units in them; the
    # panel's count beside his lands is that one, so an empty fortress is not in it
    state = busy_state()[0].model_copy(deep=True)
    owner, here = state.players[0], 9
    state.fortresses = [Fortress(territory=here, rating=2, owner=owner)]
    state.armies = [a for a in state.armies if a.territory != here]

    def held() -> str:
        lines = panel_lines(GAME.view(state, None))
        at = next(k for k, line in enumerate(lines) if line.text == state.name_of(owner))
        return lines[at + 1].note

    lands = sum(1 for holder in state.control.values() if holder == owner)
    assert "fort" not in held() and lands_and_fortresses(state, owner) == lands
    state.armies.append(Army(id=990, owner=owner, territory=here, units=[0]))
    assert "1 fort" in held() and lands_and_fortresses(state, owner) == lands + 1
