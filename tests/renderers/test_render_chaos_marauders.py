"""The Chaos Marauders board (renderers/chaos_marauders.py): registered, the same view gives the same
bytes, no label hides another or is cut, every player is named, the pile shows only as a count,
cards placed this turn all carry the same mark, the cards' names are labels of the board (whole and
legible in a line of six long names), slots and lines are numbered as the moves name them, a key
explains the marks shown, no band says whose turn it is once it is over, and the picture is drawn
for the size Discord shows it."""

from __future__ import annotations

from collections import Counter
from io import BytesIO

import pytest
from PIL import Image

from renderers import RENDERERS, describe, render
from renderers.chaos_marauders import _card
from renderers.common import LEGIBLE, SHOWN, SUPERSAMPLE, recording, shown_scale
from rules.chaos_marauders import GAME
from rules.core.dice import Dice
from rules.core.selfplay import play_random, random_seats
from tests.renderers.busy import busy_board

NAMES = ("Morgoth the Mild", "Grishnakh Bonecrusher", "Ugluk", "Bolg of the Northern Pits")


def _busy(players: int, seed: int, steps: int | None):
    seats = [s.model_copy(update={"name": NAMES[k]}) for k, s in enumerate(random_seats(players, Dice(seed=seed)))]
    return play_random(GAME, players, seed, seats=seats, stop_after=steps).state


@pytest.mark.parametrize(("players", "steps"), [(4, 150), (2, 60), (3, None)])
def test_the_board_is_registered_repeatable_and_its_labels_are_clear(players: int, steps: int | None) -> None:
    state = _busy(players, 3, steps)
    view = GAME.view(state, None)
    recent = ["Ugluk puts a card in line 2, slot 3.", "Bolg shouts \"Chaos Marauders!\" first."]
    with recording() as sheets:
        picture = render(view, recent)
    assert "chaos-marauders" in RENDERERS and picture[:8] == b"\x89PNG\r\n\x1a\n" and picture == render(view, recent)
    sheet = sheets[0]
    assert not list(sheet.overlapping()) and not sheet.cut and not sheet.outside()
    shown = " ".join(label.text for label in sheet.drawn)
    assert all(name in shown for name in view.names.values())
    assert "Chaos Marauders board" in describe(view, recent)


def test_cards_placed_this_turn_all_look_alike_the_marauders_included() -> None:
    state = _busy(4, 3, 150)
    view = GAME.view(state, None)
    for seat in view.players:
        for line in seat.lines:
            for card in line.slots:
                if card is not None:
                    assert (_card(view, card).dot is not None) == card.new
    assert isinstance(view.pile, int)


def test_a_board_drawn_after_others_on_the_kept_ground_is_the_same_as_drawn_first() -> None:
    # the ground (every area with its empty slots) is drawn once per worker and the drawing player's
    # area and the cards over it: what one board drew must never show on the next
    early = GAME.view(_busy(3, 5, 10), None)
    late = GAME.view(_busy(3, 5, None), None)
    assert early.active != late.active or early.players != late.players
    first = render(early)
    render(late)
    assert render(early) == first


def test_the_cards_names_are_labels_of_the_board() -> None:
    """A card's words are drawn on its own picture and pasted: they must still be among the board's
    labels, where the card lies, or the legibility check would not see them (a long name may take
    two lines, so its words are counted; they are capitalised as a card's title, "Chucker Crew")."""
    view = busy_board("chaos-marauders").view
    with recording() as sheets:
        render(view)
    words = Counter(word.lower() for label in sheets[0].drawn for word in label.text.split())
    wanted = Counter(word.lower() for seat in view.players for line in seat.lines for card in line.slots
                     if card is not None for word in card.name.split())
    assert wanted and not wanted - words, f"card names not among the labels: {wanted - words}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_picture_is_drawn_for_the_size_discord_shows_it(players: int) -> None:
    """As wide as twice the shown box and never taller than it: the picture is shown at half its size."""
    with recording() as sheets:
        render(GAME.view(_busy(players, 4, 40), None))
    width, height = sheets[0].size
    assert width == 2 * SHOWN[0] * SUPERSAMPLE
    assert height <= 2 * SHOWN[1] * SUPERSAMPLE


@pytest.mark.parametrize("seed", [7, 8])
def test_the_end_of_a_four_player_game_stays_on_the_picture(seed: int) -> None:
    """At the end the foot says how the game ended (long names included) and each band its place,
    points and Idol, wrapped in its column: nothing runs off the picture or over another label."""
    view = GAME.view(_busy(4, seed, None), None)
    assert view.over
    with recording() as sheets:
        render(view)
    sheet = sheets[0]
    assert not sheet.overlapping() and not sheet.cut and not sheet.outside()
    assert any(label.text.startswith("The game is over") for label in sheet.drawn)


def test_a_plague_lords_strip_shows_the_rating_it_counts_for() -> None:
    # seed 001 L109-119: three Plague Lords count 6 each; the strip says so, not a printed 2
    from tests.rules.chaos_marauders.helpers import table

    lines = {"ann": {(0, 1): "plague-lord", (0, 2): "plague-lord", (1, 1): "plague-lord"}}
    view = GAME.view(table(["grivziz"], lines), None)
    with recording() as sheets:
        render(view)
    shown = [label.text for label in sheets[0].drawn]
    assert sum("AR 6" in text for text in shown) == 3 and not any("AR 2" in text for text in shown)


def test_the_card_being_decided_on_is_only_in_its_drawers_own_picture() -> None:
    # seed 001 L37-57: the table's board never shows what was just drawn; the drawer's picture (sent to
    # them alone) says it at the foot
    from tests.rules.chaos_marauders.helpers import table

    state = table(["marauders", "hak"], players=3)
    for viewer, shown in ((None, False), ("bo", False), ("ann", True)):
        view = GAME.view(state, viewer)
        with recording() as sheets:
            render(view)
        text = " ".join(label.text for label in sheets[0].drawn)
        assert ("You drew Chaos Marauders" in text) is shown
        assert ("Chaos Marauders" in describe(view).replace("Chaos Marauders board", "")) is shown


LONG = ("hob-standard", "boneshaker-crew", "shaman", "spattznatt", "spittledung", "hob-musician")
"""Six of the longest names, all in one line: a crowded line built on purpose."""
LONG_NAMES = {"ann": "Morgoth the Mild", "bo": "Grishnakh Bonecrusher", "cy": "Ugluk",
              "di": "Bolg of the Northern Pits"}


def _crowded():
    """A four-player table with a line of six long names (ann's first), a complete line whose first
    three cards were placed this turn (bo's second, the Chaos Marauders among them), a Sneaky Git
    owned by another player, and empty slots."""
    from tests.rules.chaos_marauders.helpers import table

    lines = {"ann": {(0, k): key for k, key in enumerate(LONG)},
             "bo": {(1, 0): "horned-rat", (1, 1): "marauders", (1, 2): "hak", (1, 3): "boneshaker-chariot",
                    (1, 4): "creeps", (1, 5): "hob-musician"},
             "cy": {(2, 1): "git", (2, 2): "nose-pick", (2, 3): "whipping-post", (2, 4): "plague-lord"},
             "di": {(0, 0): "hob-standard", (0, 5): "orc-musician"}}
    state = table(["hak"], lines, players=4, gits={("cy", 2, 1): "di"})
    seats = [seat.model_copy(update={"name": LONG_NAMES[seat.player]}) for seat in state.seats]
    placed = [card for card in state.lines["bo"][1] if card is not None][:3]
    return GAME.view(state.model_copy(update={"seats": seats, "new": placed}), None)


def _labels(view):
    with recording() as sheets:
        render(view)
    return sheets[0]


def test_a_line_of_six_long_names_keeps_every_name_whole_and_legible() -> None:
    """No name is cut or drawn smaller in a crowded line: every word of every card is a label at
    least `LEGIBLE` px tall as shown (a long name is condensed, never shrunk), none hides another."""
    view = _crowded()
    sheet = _labels(view)
    assert not sheet.overlapping() and not sheet.cut and not sheet.outside()
    scale = shown_scale(sheet.size)
    small = [(label.text, round((label.box[3] - label.box[1]) * scale, 2)) for label in sheet.drawn
             if (label.box[3] - label.box[1]) * scale < LEGIBLE - 0.05]
    assert not small, small
    words = Counter(word.lower() for label in sheet.drawn for word in label.text.split())
    wanted = Counter(word.lower() for seat in view.players for line in seat.lines for card in line.slots
                     if card is not None for word in card.name.split())
    assert not wanted - words, wanted - words
    crowded = [card.name for card in view.players[0].lines[0].slots if card is not None]
    assert len(crowded) == 6


def test_slots_and_lines_are_numbered_as_the_moves_name_them() -> None:
    """'line 2, slot 4': each slot's number stands over its column, and a card's name is centred
    under its slot's number in every band; each band numbers its lines 1 to 3 from the top."""
    view = _crowded()
    sheet = _labels(view)
    heads = {label.text: (label.box[0] + label.box[2]) / 2 for label in sheet.drawn if label.text.startswith("slot ")}
    assert sorted(heads) == [f"slot {k}" for k in range(1, 7)]
    for seat in view.players:
        for line in seat.lines:
            for k, card in enumerate(line.slots):
                if card is None:
                    continue
                first = card.name.split()[0].lower()
                centres = [(label.box[0] + label.box[2]) / 2 for label in sheet.drawn
                           if label.text.lower().startswith(first)]
                assert any(abs(c - heads[f"slot {k + 1}"]) <= 2 * SUPERSAMPLE for c in centres), (card.name, k)
    rows = [label for label in sheet.drawn if label.text.startswith("line ")]
    assert [label.text for label in rows] == [f"line {n}" for _ in view.players for n in (1, 2, 3)]
    assert all(a.box[1] < b.box[1] for a, b in zip(rows, rows[1:]))


def test_the_key_explains_each_mark_the_board_shows() -> None:
    view = _crowded()
    shown = [label.text for label in _labels(view).drawn]
    for text in ("placed this turn", "complete line", "Git: its owner's colour", "empty slot"):
        assert text in shown
    from tests.rules.chaos_marauders.helpers import table

    bare = GAME.view(table(["hak"], {"ann": {(0, 0): "orc-standard"}}), None)  # nothing new, complete or owned
    shown = [label.text for label in _labels(bare).drawn]
    assert "empty slot" in shown
    assert not {"placed this turn", "complete line", "Git: its owner's colour"} & set(shown)


def test_no_band_says_whose_turn_it_is_once_that_turn_is_over() -> None:
    """In the last call for shouts after a turn (C14) the view still names that turn's player as
    `active`, but their turn is over: their band no longer says 'drawing' nor is lit; the foot says the
    turn is over. While the turn is on, it does."""
    from renderers.chaos_marauders import ACTIVE_BG, SEAT_BG, _seat_top
    from rules.chaos_marauders.models import Decline
    from tests.rules.chaos_marauders.helpers import act, at_last_call, table

    state = table(["hak"], players=3)
    during = GAME.view(state, None)
    after_state = act(state, "ann", Decline(), last_call=True)
    assert at_last_call(after_state)
    after = GAME.view(after_state, None)
    assert after.active == "ann" == during.active
    for view, drawing in ((during, True), (after, False)):
        with recording() as sheets:
            picture = render(view)
        shown = [label.text for label in sheets[0].drawn]
        assert ("drawing" in shown) is drawing
        assert any("is over: last call" in text for text in shown) is not drawing
        image = Image.open(BytesIO(picture)).convert("RGB")
        x, y = (image.width - 20 * SUPERSAMPLE) // SUPERSAMPLE, (_seat_top(0) + 4 * SUPERSAMPLE) // SUPERSAMPLE
        seen = image.getpixel((x, y))
        expected = ACTIVE_BG if drawing else SEAT_BG
        assert max(abs(a - b) for a, b in zip(seen, expected, strict=True)) <= 12, (seen, expected)
