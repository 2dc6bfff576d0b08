"""The Orcz board (renderers/orcz.py): the same view gives the same bytes; the channel's picture never
carries a face-down card, a hand or a Slave total; the owner's picture does; both are legible where
Discord shows them, the cards' names included, and neither grows with the ranks."""

from __future__ import annotations

from collections import Counter

import pytest

from renderers import RENDERERS, describe, render
from renderers.common import LEGIBLE, Labels, recording, shown_scale
from renderers.orcz import SIZE, card_face, key_marks, panel_lines
from rules.core.dice import Dice
from rules.core.selfplay import play_random, random_seats
from rules.orcz import GAME
from rules.orcz.data import HEROES, TROOPS
from rules.orcz.models import Look, Split
from tests.renderers.busy import BUSY, NAMES, busy_board


def _mid_game():
    return play_random(GAME, 4, 3, stop_after=18).state  # deployment, round 5 of turn 1


def test_the_board_is_registered_and_repeatable() -> None:
    state = _mid_game()
    view = GAME.view(state, None)
    assert "orcz" in RENDERERS
    picture = render(view, ["Ann places rank 2 at Urth Valley."])
    assert picture[:8] == b"\x89PNG\r\n\x1a\n" and picture == render(view, ["Ann places rank 2 at Urth Valley."])
    assert "Orcz board" in describe(view)


def test_the_public_view_drawn_holds_no_secret_and_the_owners_does() -> None:
    state = _mid_game()
    public = GAME.view(state, None)
    assert all(w.hand is None and w.slaves is None for w in public.warlords)
    hidden = [r for f in public.fronts for r in f.ranks if r.down is not None]
    assert hidden and all(getattr(r, r.down) is None for r in hidden)
    owner = hidden[0].owner
    own = GAME.view(state, owner)
    assert render(own) != render(public)
    mine = [r for f in own.fronts for r in f.ranks if r.owner == owner and r.down is not None]
    assert mine and all(getattr(r, r.down) is not None and r.mine for r in mine)


def test_the_end_is_drawn() -> None:
    state = play_random(GAME, 3, 2).state
    view = GAME.view(state, None)
    assert view.placings is not None and all(w.slaves is not None for w in view.warlords)
    assert render(view)[:4] == b"\x89PNG"


# -- drawn for the size Discord shows it (issue 40) ------------------------------------------------------


def _labels(view) -> Labels:  # type: ignore[no-untyped-def]
    with recording() as sheets:
        render(view)
    return sheets[0]


def _face_up_names(view) -> Counter[str]:  # type: ignore[no-untyped-def]
    """The name of every card the picture shows face up: in the ranks, set aside, and in the hand."""
    names: Counter[str] = Counter()
    for front in view.fronts:
        for rank in front.ranks + front.aside:
            for side in ("left", "right"):
                code = getattr(rank, side)
                if code is not None and side not in rank.lost:
                    names[card_face(code, (0, 0, 0)).name] += 1
    for warlord in view.warlords:
        names.update(card_face(code, (0, 0, 0)).name for code in warlord.hand or [])
    return names


def test_the_cards_names_are_labels_of_the_board() -> None:
    """A card's words are drawn on its own picture and pasted: they must still be among the board's
    labels, where the card lies, or the legibility check would not see them."""
    view = busy_board("orcz").view
    sheet = _labels(view)
    shown = Counter(label.text for label in sheet.drawn)
    wanted = _face_up_names(view)
    assert wanted and not wanted - shown, f"card names not among the labels: {wanted - shown}"
    for label in sheet.drawn:  # in board coordinates: none at a card picture's own corner
        assert label.box[0] > 0 and label.box[1] > 0


def _own_view(steps: int):  # type: ignore[no-untyped-def]
    busy = BUSY["orcz"]
    seats = [seat.model_copy(update={"name": NAMES[k]})
             for k, seat in enumerate(random_seats(busy.players, Dice(seed=busy.seed), GAME.seat_pick))]
    state = play_random(GAME, busy.players, busy.seed, seats=seats, stop_after=steps).state
    return GAME.view(state, seats[0].player)


@pytest.mark.parametrize("steps", [1, 45, 90])
def test_a_warlords_own_picture_is_legible_where_discord_shows_it(steps: int) -> None:
    """The picture a Warlord gets by DM, with their hand ("Archer 1") and their own face-down cards:
    as legible as the channel's, every card named, nothing hidden, cut or off the picture."""
    view = _own_view(steps)
    sheet = _labels(view)
    scale = shown_scale(sheet.size)
    small = [f"{label.text!r} {(label.box[3] - label.box[1]) * scale:.1f}" for label in sheet.drawn
             if (label.box[3] - label.box[1]) * scale < LEGIBLE - 0.05]
    assert not small, small
    assert not sheet.overlapping() and not sheet.cut and not sheet.outside()
    assert not _face_up_names(view) - Counter(label.text for label in sheet.drawn)
    assert all(name in " ".join(label.text for label in sheet.drawn) for name in view.names.values())


def test_the_picture_does_not_grow_with_the_ranks() -> None:
    """Every picture is the size drawn for Discord, however many ranks a Battlefield holds: a taller one
    would be shown smaller."""
    sizes = {_labels(GAME.view(play_random(GAME, 4, seed, stop_after=steps).state, None)).size
             for seed in (1, 2) for steps in (1, 20, 45, 70)}
    assert sizes == {SIZE}


def test_a_crowded_header_leaves_the_ranks_room() -> None:
    """Every Warlord's Scout has looked, the timer is on and a share-out is open, on a picture with a
    hand: the Scouts' looks give way (the log said them) before a column holds too few ranks, and no
    label is hidden, cut or off the picture."""
    state = play_random(GAME, 4, 5, stop_after=20).state
    view = GAME.view(state, state.warlords[0].player)
    hidden = [r for f in view.fronts for r in f.ranks if r.down is not None]
    looks = [Look(by=w.player, rank=r.id) for w, r in zip(view.warlords, hidden, strict=False)]
    split = Split(by=view.warlords[1].player, front="tree", amount=2, won=True, among=[])
    crowded = view.model_copy(update={"looks": looks, "timer": True, "split": split})
    sheet = _labels(crowded)
    shown = [label.text for label in sheet.drawn]
    assert len(looks) == 4 and 0 < sum(text.startswith("Scout:") for text in shown) < 4
    assert not sheet.overlapping() and not sheet.cut and not sheet.outside()


def test_the_channels_picture_names_no_card_it_does_not_show_face_up() -> None:
    """Now that the cards' names are the board's labels, the channel's picture can be read for secrets:
    it names exactly the cards face up in the public view, no face-down card and no hand."""
    view = busy_board("orcz").view
    assert any(r.down is not None for f in view.fronts for r in f.ranks)  # face-down cards are on it
    kinds = {card_face(code, (0, 0, 0)).name for code in (*TROOPS, *HEROES)}
    named = Counter(label.text for label in _labels(view).drawn if label.text in kinds)
    assert named == _face_up_names(view)


def test_a_skipped_placement_is_not_drawn_as_a_rank() -> None:
    """Seed 003 L76-80: a Warlord with no lawful rank left skips the placement; the picture and its
    reading say the ranks on the table and the skips apart ("4 ranks placed, 1 skipped", not "5 placed")."""
    state = _mid_game()
    view = GAME.view(state, None)
    first = view.warlords[0].model_copy(update={"placed": 4, "skipped": 1})
    second = view.warlords[1].model_copy(update={"placed": 1, "skipped": 0})
    view = view.model_copy(update={"warlords": [first, second, *view.warlords[2:]]})
    drawn = " ".join(label.text for label in _labels(view).drawn)
    assert "4 ranks placed, 1 skipped" in drawn and "1 rank placed" in drawn and "5 placed" not in drawn
    assert "4 ranks placed, 1 skipped" in describe(view)


def test_a_key_says_what_the_pictures_marks_mean() -> None:
    """Issue 41: a card's back, the gold ring of the viewer's own face-down card and the dashed gap a
    beaten card leaves are explained on the picture, each only where it can be seen (the channel's
    picture has no ring: it shows nobody's face-down card)."""
    state = play_random(GAME, 4, 1, stop_after=90).state  # struggles, a card lost in one
    public = GAME.view(state, None)
    assert key_marks(public) == ["back", "lost"]
    shown = [label.text for label in _labels(public).drawn]
    assert "face down" in shown and "lost in a struggle" in shown and "your face-down card" not in shown
    owner = next(r.owner for f in public.fronts for r in f.ranks if r.down is not None)
    own = GAME.view(state, owner)
    assert key_marks(own) == ["back", "mine", "lost"]
    sheet = _labels(own)
    assert {"face down", "your face-down card", "lost in a struggle"} <= {label.text for label in sheet.drawn}
    assert not sheet.overlapping() and not sheet.cut and not sheet.outside()
    early = GAME.view(play_random(GAME, 4, 1, stop_after=1).state, None)
    assert key_marks(early) == ["back"]


def test_set_aside_ranks_are_named_whole_and_slaves_and_ranks_are_words() -> None:
    """Issue 41: the heading over the ranks set aside says so in whole words ("Set aside", and how many
    more when the column cannot hold them all); a share-out says "1 Slave" or "2 Slaves", never
    "Slave(s)"; the Battlefield being resolved says the Strength face up there."""
    state = play_random(GAME, 4, 1, stop_after=90).state
    view = GAME.view(state, None)
    split = Split(by=view.warlords[1].player, front="tree", amount=1, won=True, among=[])
    view = view.model_copy(update={"split": split})
    shown = [label.text for label in _labels(view).drawn]
    assert any(t.startswith("Set aside") for t in shown) and not any(t.startswith("Aside") for t in shown)
    assert any(t.startswith("Strength ") and t.endswith(" so far") for t in shown)
    assert not any("(s)" in t for t in shown) and not any("(s)" in line.text for line in panel_lines(view))
    assert any(t.endswith("gives 1 Slave") for t in shown)
    two = view.model_copy(update={"split": split.model_copy(update={"amount": 2})})
    assert any(t.endswith("gives 2 Slaves") for t in (label.text for label in _labels(two).drawn))
