"""The Chaos Marauders board (renderers/chaos_marauders.py): registered, the same view gives the same
bytes, no label hides another or is cut, every player is named, the pile shows only as a count,
cards placed this turn all carry the same mark, the cards' names are labels of the board, and the
picture is drawn for the size Discord shows it."""

from __future__ import annotations

from collections import Counter

import pytest

from renderers import RENDERERS, describe, render
from renderers.chaos_marauders import _card
from renderers.common import SHOWN, SUPERSAMPLE, recording
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
    two lines, so its words are counted)."""
    view = busy_board("chaos-marauders").view
    with recording() as sheets:
        render(view)
    words = Counter(word for label in sheets[0].drawn for word in label.text.split())
    wanted = Counter(word for seat in view.players for line in seat.lines for card in line.slots if card is not None
                     for word in card.name.split())
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
