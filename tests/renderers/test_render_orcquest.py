"""The OrcQuest board (issue 44). The game is not registered yet (no `GAME` in `rules.orcquest`), so
the generic board tests that walk the registry (`busy.BUSY`) do not see it: this module checks what
they check, on a busy board of its own, and what this board must show.

The busy board is a game played by the engine with random legal moves from a seed, with long names,
then set out as a moment of the first Quest the tests can count on: Room 1 explored, Rooms 2 and 3
not (the Totem inside Room 3), a Patrol on the road, Enemies Alert and not, one running for the
Bell, a Hero wounded, a Hero in a Danger Zone, a piece of furniture smashed, a Chicken. Random play
alone seldom gives all of that at once (a Patrol is seldom left unalerted by random Heroes), and
the engine's random games differ from one process to the next for now (the route a figure takes
among equal ones follows a set's order, `rules.orcquest.geometry.reachable`), so the moment is set
by hand on the played state; the view is still the engine's. Boards of the played games themselves,
whatever they hold, are checked too."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageStat

from renderers import describe, render
from renderers.common import SHOWN_WIDTH, SUPERSAMPLE
from renderers.orcquest import panel_lines
from renderers.orcquest.panel import hero_lines
from renderers.orcquest.board import danger_squares, hidden
from renderers.orcquest.ground import room_box
from renderers.orcquest.key import key_entries
from renderers.orcquest import strip_facts
from renderers.orcquest.cards import strip_rows
from renderers.orcquest.layout import BOARD, MARGIN, SQUARES, STRIP_ROWS, strip_top
from rules.core.dice import Dice, ScriptedDice
from rules.core.engine import public
from rules.core.selfplay import play_random, random_seats
from rules.orcquest.data import FARM
from rules.orcquest.engine import OrcQuest
from rules.orcquest.models import Activate, Ask, Card, Enemy, Patrol, Phase, QuestState, QuestView, Token
from rules.orcquest.questions import PLACE, RINGER
from tests.renderers.busy import NAMES
from tests.renderers.board_checks import check_board, forget_kept, texts

GAME = OrcQuest()
PLAYERS = 3
SEED = 4
STEPS = 30


def _played(steps: int, seed: int = SEED, players: int = PLAYERS) -> tuple[QuestState, tuple[str, ...]]:
    seats = [seat.model_copy(update={"name": NAMES[k]})
             for k, seat in enumerate(random_seats(players, Dice(seed=seed), GAME.seat_pick))]
    result = play_random(GAME, players, seed, seats=seats, stop_after=steps)
    return result.state, tuple(event.text for event in public(result.events))[-3:]


def _staged(state: QuestState) -> QuestState:
    """The moment the tests count on (see the module's docstring), set on a played state."""
    state = state.model_copy(deep=True)
    state.turn, state.phase, state.won, state.bell_rung, state.alert, state.badass = 3, Phase.HERO, None, False, 7, 4
    state.explored = ["A", "1"]
    state.open_doors, state.destroyed_doors = ["door-west"], []
    state.furniture = [p.code for p in FARM.furniture if p.code != "low-l5"]
    state.tokens = [Token(square="g2", kind="chicken"), Token(square=FARM.objective, kind="objective")]
    places = {"orrus": ("k3", "E", 0), "thalla": ("d3", "N", 4), "mek": ("e4", "N", 1), "mandar": ("c2", "E", 0)}
    for hero in state.heroes:
        hero.square, hero.facing, hero.damage = places[hero.code]
        hero.dead = hero.left = hero.activated = False
    state.active, state.card = "orrus", None
    state.hero("orrus").ap = 1
    state.hero("thalla").activated = True
    enemies = [("peasant", "m4", "W", True, None, False), ("peasant", "l6", "S", False, None, False),
               ("dog", "e5", "S", True, None, False), ("dog", "h9", "E", False, 1, False),
               ("peasant", "g9", "E", False, 1, False), ("peasant", "j10", "E", True, None, True)]
    state.enemies = [Enemy(id=101 + k, kind=kind, square=square, facing=facing, alert=alert, patrol=patrol,
                           ringer=ringer) for k, (kind, square, facing, alert, patrol, ringer) in enumerate(enemies)]
    state.enemies[0].damage = 1
    state.on_patrol = [Patrol(id=1, members=[104, 105])]
    state.enemy_turn = state.ask = state.held = None
    return state


@cache
def busy_state() -> tuple[QuestState, tuple[str, ...]]:
    state, recent = _played(STEPS)
    return _staged(state), recent


def busy_view() -> QuestView:
    return GAME.view(busy_state()[0], None)


def test_the_busy_board_is_busy() -> None:
    """The board the other tests look at holds what they are about."""
    view = busy_view()
    assert "1" in view.explored and {"2", "3"}.isdisjoint(view.explored)
    assert any(e.alert for e in view.enemies) and any(not e.alert for e in view.enemies)
    assert view.on_patrol and any(e.ringer for e in view.enemies)
    assert any(0 < h.damage < 7 and not h.dead for h in view.heroes)
    assert any(t.kind == "objective" and hidden(view, t.square) for t in view.tokens)
    assert "mek" in [h.code for h in view.heroes if h.square in danger_squares(view)]


def test_the_busy_board_reads_where_discord_shows_it() -> None:
    check_board(busy_view())


def test_the_squares_names_stand_round_the_map_clear_of_the_cards() -> None:
    """Files a-t under the map and ranks 1-10 left of it, as players type squares; no card covers a
    letter's tail."""
    sheet = check_board(busy_view())
    files = [label for label in sheet.drawn if label.text in FARM.grid.files]
    assert [label.text for label in sorted(files, key=lambda label: label.box[0])] == list(FARM.grid.files)
    assert all(BOARD.bottom <= label.box[1] and label.box[3] <= strip_top() for label in files)
    assert {str(rank) for rank in range(1, 11)} <= set(texts(sheet))


def test_the_same_view_gives_the_same_bytes() -> None:
    """Also after another picture was drawn on the worker's base canvas in between."""
    view = busy_view()
    first = render(view)
    render(GAME.view(_played(5)[0], None))
    assert render(view.model_copy(deep=True)) == first


def test_a_board_drawn_over_kept_bases_and_keys_is_the_board_drawn_alone() -> None:
    """The map is drawn once per worker and kept, at the tallest picture's height, and so is the key:
    boards of every height drawn one after another are the boards a fresh worker draws."""


    tall = busy_state()[0].model_copy(deep=True)
    tall.hero("mek").inventory = ["potion", "wood", "metal", "hide", "gold"]
    views = [GAME.view(_played(2)[0], None), busy_view(), GAME.view(tall, None)]
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


def _room(picture: bytes, room: str) -> Image.Image:
    left, top, right, bottom = (round(v / SUPERSAMPLE) for v in room_box(room))
    return Image.open(io.BytesIO(picture)).convert("RGB").crop((left + 3, top + 3, right - 3, bottom - 3))


def _alike(a: bytes, b: bytes, room: str) -> bool:
    """Whether a Room looks the same on two pictures: the same pixels but for the few levels each
    picture's own palette of 256 colours may move them by (`encode_png`)."""
    extrema = ImageChops.difference(_room(a, room), _room(b, room)).getextrema()
    return max(high for _, high in extrema) <= 12


def test_nothing_inside_an_unexplored_room_is_drawn() -> None:
    """The view holds nothing of an unexplored Room but its map (its furniture still standing) and the
    Totem the Quest sets there; the picture shows none of it: a Room under fog looks the same whatever
    stands in it, even figures the view could never hold there."""
    state = busy_state()[0]
    view = GAME.view(state, None)
    assert not [e for e in view.enemies if hidden(view, e.square)]
    assert not [h for h in view.heroes if h.square is not None and hidden(view, h.square)]
    assert [t.kind for t in view.tokens if hidden(view, t.square)] == ["objective"]
    crowded = state.model_copy(deep=True)
    crowded.furniture = [code for code in crowded.furniture  # smashed, all of them
                         if FARM.rooms.get(next(p for p in FARM.furniture if p.code == code).squares[0]) == "1"]
    crowded.tokens = [t for t in crowded.tokens if t.kind != "objective"] + [Token(square="p3", kind="chicken")]
    crowded.enemies.append(Enemy(id=300, kind="dog", square="q2", facing="W", alert=True))
    crowded.enemies.append(Enemy(id=301, kind="peasant", square="o6", facing="W"))  # its Danger Zone: n6, Room 1
    seen, packed = render(view), render(GAME.view(crowded, None))
    for room in ("1", "2", "3"):
        assert _alike(seen, packed, room), room


def test_an_explored_room_shows_what_stands_in_it() -> None:
    """Room 1 once explored: its floor, not the fog; the same view with Room 1 unexplored hides it."""
    state = busy_state()[0]
    fogged = state.model_copy(deep=True)
    fogged.explored = ["A"]
    fogged.enemies = [e for e in fogged.enemies if FARM.rooms.get(e.square) != "1"]
    fogged.heroes[0].square = "j3"
    assert not _alike(render(GAME.view(state, None)), render(GAME.view(fogged, None)), "1")


def test_a_door_reads_closed_open_or_smashed() -> None:
    """The west door of Room 1 (j3|k3), nobody beside it: three different pictures."""
    pictures = []
    for open_doors, smashed in (([], []), (["door-west"], []), ([], ["door-west"])):
        state = busy_state()[0].model_copy(deep=True)
        state.hero("orrus").square = "j6"
        state.open_doors, state.destroyed_doors = open_doors, smashed
        picture = Image.open(io.BytesIO(render(GAME.view(state, None)))).convert("RGB")
        left, top, right, bottom = (round(v / SUPERSAMPLE) for v in (*BOARD.cell("j4")[:2], *BOARD.cell("k2")[2:]))
        pictures.append(picture.crop((left, top, right, bottom)))
    for a, b in ((0, 1), (0, 2), (1, 2)):
        assert max(high for _, high in ImageChops.difference(pictures[a], pictures[b]).getextrema()) > 60, (a, b)


def test_the_key_names_what_the_map_shows() -> None:
    view = busy_view()
    shown = texts(check_board(view))
    for word in ("Peasant", "War Dog", "Alert", "Danger", "Fog", "Patrol"):
        assert word in shown
    quiet = busy_state()[0].model_copy(deep=True)
    quiet.enemies, quiet.on_patrol, quiet.explored = [], [], ["A", "1", "2", "3"]
    words = [entry.text for entry in key_entries(GAME.view(quiet, None))]
    assert "Peasant" not in words and "Fog" not in words and "Bell" in words


def test_the_panel_has_the_gauges_the_decks_and_every_hero() -> None:
    view = busy_view()
    shown = texts(check_board(view))
    assert "Turn" in " ".join(shown) and "Alert 7" in shown
    assert f"Badass 4/{view.limit}" in shown and f"Extra AP: {view.next_ap_price} BP" in shown
    assert f"Events {view.decks['events']}" in shown and f"Loot {view.decks['loot']}" in shown
    assert f"Reserves {sum(view.reserves.values())}" in shown
    for name in ("Orrus", "Thalla", "Mek", "Mandar"):
        assert name in shown
    assert "HP 3/7" in shown  # Thalla, 4 Damage
    marked = [line.text for line in panel_lines(view) if line.marked]
    assert marked == ["Orrus"]
    assert [hero_lines(view, hero)[0].note for hero in view.heroes] == ["k3", "d3", "e4", "c2"]


def test_the_quests_strip_keeps_to_two_rows_at_its_longest() -> None:
    """Its longest facts (a two-digit turn, the Enemy Phase, three areas explored, the Bell rung, the
    Alert past its top) keep to the strip's two rows under the map, and the busy board's map takes
    most of the picture's width (its Heroes' cards of five or six rows leave it the second or third
    size, as the random game that makes it goes)."""
    state = busy_state()[0].model_copy(deep=True)
    state.turn, state.phase, state.explored, state.bell_rung, state.alert = 12, Phase.ENEMY, ["1", "2", "A"], True, 16
    state.badass, state.bought, state.active = 30, 9, None
    view = GAME.view(state, None)
    check_board(view)
    assert len(strip_rows(strip_facts(view), SHOWN_WIDTH - 2 * MARGIN)) == STRIP_ROWS
    render(busy_view())
    assert BOARD.square >= SQUARES[2] and BOARD.right - BOARD.left >= 0.82 * SHOWN_WIDTH


def test_a_quest_of_short_cards_has_the_map_across_the_whole_picture() -> None:
    """Every Hero's card of four rows or fewer (no Stuff is no row; no condition nor Event here): the
    map has its largest squares, the picture's width but for the rank numbers (26 px a square where
    Discord shows it), with the strip and the key under it, within what Discord shows whole."""
    state = _played(5)[0].model_copy(deep=True)
    for hero in state.heroes:
        hero.conditions, hero.event, hero.hands, hero.body = {}, None, [], []
    view = GAME.view(state, None)
    sheet = check_board(view)
    assert BOARD.square == SQUARES[0] and BOARD.right - BOARD.left >= 0.94 * SHOWN_WIDTH
    assert BOARD.square / SUPERSAMPLE * 550 / 1080 >= 25.9
    assert "Hero Entry" in texts(sheet)  # the key's row
    assert not any(line.text == "No Stuff" for line in sheet.drawn)
    assert any(line.text == "No Stuff" for line in panel_lines(view))  # the words still say it


def test_a_hero_carrying_much_still_fits_the_picture() -> None:
    """A pack, a condition and an Event, the card being played and a long name: the key gives up its
    row before the picture grows past what Discord shows whole. (A card of more than nine rows would
    still make it taller: the Heroes' cards have no more room under the map.)"""
    state = busy_state()[0].model_copy(deep=True)
    state.seats[0] = state.seats[0].model_copy(update={"name": "Bolg of the Northern Pits"})
    hero = state.hero("orrus")
    hero.hands, hero.body = ["pitchfork"], ["leather"]
    hero.inventory = ["potion", "wood"]
    hero.conditions = {"enraged": 1}
    hero.event = "orrus-fortified"
    state.card = Card(hero="orrus", skill="stomp", mp=3)
    sheet = check_board(GAME.view(state, None))
    shown = " ".join(texts(sheet))
    assert "Bolg of the Northern Pits" in shown.replace("\n", " ") and "Stomp: 3 MP" in shown
    assert "Potion, Wood" in shown and "Enraged, Event: Fortified" in shown
    assert "Peasant" not in texts(sheet)  # the key's first entry: the key gave up its row


@pytest.mark.parametrize("steps", [0, 3, 20, 60, 140, 400])
def test_every_moment_of_a_game_draws_a_board_that_reads(steps: int) -> None:
    """Played games as they come: before anyone enters, the first moves, fights, the Enemy Phase, the end."""
    state, _ = _played(steps, seed=7, players=2)
    check_board(GAME.view(state, None))


def test_the_picture_is_described_in_words() -> None:
    view = busy_view()
    words = describe(view, busy_state()[1])
    assert words.startswith("OrcQuest board. Turn 3: Hero.")
    assert "Alert 7" in words and "Orrus, k3 (to play)" in words and "HP 3/7" in words
    assert "Explored: 1, A" in words
    assert all(name in words for name in view.names.values())


def _cell(picture: bytes, square: str) -> Image.Image:
    left, top, right, bottom = (round(v / SUPERSAMPLE) for v in BOARD.cell(square))
    return Image.open(io.BytesIO(picture)).convert("RGB").crop((left, top, right, bottom))


def _differ(a: bytes, b: bytes, square: str) -> float:
    """How far a square's pixels differ on two pictures, on average over its pixels and channels: a mark
    drawn on it moves it by tens of levels, the few levels each picture's own palette of 256 colours
    may move a pixel by (`encode_png`) by less than one."""
    return sum(ImageStat.Stat(ImageChops.difference(_cell(a, square), _cell(b, square))).mean) / 3


def test_the_tied_squares_of_an_open_place_question_are_marked_named_and_keyed() -> None:
    """Thalla enters on a1 and sees Spawn Zone A; its first die lands on g2, where a War Dog stands, so
    its token, face down, goes to one of the eight squares round it: the players are asked (reading d7).
    Each tied square is washed and framed in fuchsia with its name in it, the key says what the mark
    is, the words say the squares; the same board without the question has none of it."""
    state = busy_state()[0].model_copy(deep=True)
    state.explored, state.reserves["A"] = ["1"], ["peasant-x2", "chicken"]
    state.active, state.tokens = None, [t for t in state.tokens if t.kind == "objective"]
    thalla = state.hero("thalla")
    thalla.square, thalla.activated = None, False
    state.enemies.append(Enemy(id=120, kind="dog", square="g2", facing="S"))
    state = GAME.apply(state, thalla.owners[0], Activate(hero="thalla", entry="a1"), dice=ScriptedDice([5, 1])).state
    assert state.ask is not None and state.ask.kind == PLACE and state.exploring is not None
    view = GAME.view(state, None)
    tied = ["f1", "g1", "h1", "f2", "h2", "f3", "g3", "h3"]
    assert view.tied_squares == tied
    calm = view.model_copy(update={"tied_squares": []})
    sheet = check_board(view)
    shown = texts(sheet)
    assert set(tied) <= set(shown) and "Tied square" in shown
    names = {label.text: label.box for label in sheet.drawn if label.text in tied}
    for square in tied:  # each name in its own square
        left, top, right, bottom = BOARD.cell(square)
        x, y = (names[square][0] + names[square][2]) / 2, (names[square][1] + names[square][3]) / 2
        assert left < x < right and top < y < bottom, square
    marked, plain = render(view), render(calm)
    assert Image.open(io.BytesIO(marked)).size == Image.open(io.BytesIO(plain)).size
    for square in tied:
        assert _differ(marked, plain, square) > 20, square
    for square in ("e1", "i2", "g2", "c4"):  # round them, and the War Dog's square, as they were
        assert _differ(marked, plain, square) < 1, square
    assert "Tied square" not in texts(check_board(calm))
    assert "Tied squares, marked: f1, g1, h1, f2, h2, f3, g3 or h3." in describe(view)
    assert "Tied" not in describe(calm)


def test_the_enemies_tied_for_the_bell_are_ringed_while_the_players_choose() -> None:
    """An Alert Patrol's two Peasants on k9 and j9, both at Range 1 of the Bell (L803): while the players
    choose, each is ringed in fuchsia, the key and the words say so; the other Enemies are not."""
    state = busy_state()[0].model_copy(deep=True)
    state.on_patrol = []
    state.enemies = [e for e in state.enemies if e.id not in (104, 105, 106)]
    state.enemies += [Enemy(id=104, kind="peasant", square="k9", facing="N", alert=True, ringer=True),
                      Enemy(id=105, kind="peasant", square="j9", facing="N", alert=True)]
    state.ringer_tie, state.ask = [104, 105], Ask(kind=RINGER, players=list(state.players))
    view = GAME.view(state, None)
    assert view.tied_ringers == [104, 105]
    calm = view.model_copy(update={"tied_ringers": []})
    assert "Tied to ring" in texts(check_board(view)) and "Tied to ring" not in texts(check_board(calm))
    marked, plain = render(view), render(calm)
    for square in ("k9", "j9"):
        assert _differ(marked, plain, square) > 20, square
    for square in ("m4", "e5", "l6"):  # the Enemies not tied, as they were
        assert _differ(marked, plain, square) < 1, square
    assert "Tied to ring the Bell, ringed: Peasant 104 on k9 or Peasant 105 on j9." in describe(view)
