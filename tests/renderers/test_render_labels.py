"""Every board explains itself and hides nothing: on a busy board of every game no label covers
another, none runs off the picture, no name is cut, every player's name shows whole, and the
board says what just happened.

The labels come from the drawing itself: every text a renderer draws goes through
`renderers.common.write` (or a tag), which notes its box on the picture's `Labels`;
`recording()` hands those over once the picture is encoded.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import ImageDraw

from renderers import render
from renderers.common import (
    BACKGROUND,
    SUPERSAMPLE,
    TEXT,
    Chip,
    Labels,
    base_canvas,
    draw_tag,
    encode_png,
    fit,
    font,
    place_tag,
    printable,
    recording,
    tag_size,
    write,
)
from renderers.orcquest.board import danger_squares, hidden, unexplored_rooms
from rules.registry import GAMES
from tests.renderers.busy import BUSY, Board, busy_board

RENDERERS = Path(__file__).resolve().parents[2] / "renderers"


@pytest.fixture(scope="module", params=sorted(BUSY))
def drawn(request: pytest.FixtureRequest) -> tuple[Board, Labels]:
    """A busy board of each game, drawn once for every check of this module."""
    board = busy_board(request.param)
    with recording() as sheets:
        render(board.view, board.recent)
    assert len(sheets) == 1
    return board, sheets[0]


def _shown(sheet: Labels) -> str:
    return " ".join(label.text for label in sheet.drawn)


def test_no_label_hides_another(drawn: tuple[Board, Labels]) -> None:
    board, sheet = drawn
    clashes = [f"{a.text!r} {tuple(round(v) for v in a.box)} and {b.text!r} {tuple(round(v) for v in b.box)}"
               for a, b in sheet.overlapping()]
    assert not clashes, f"{board.slug}: labels overlap: " + "; ".join(clashes)


def test_no_label_is_cut(drawn: tuple[Board, Labels]) -> None:
    board, sheet = drawn
    assert not sheet.cut, f"{board.slug}: cut to fit: {sheet.cut}"
    assert not [label.text for label in sheet.drawn if "…" in label.text]


def test_no_label_runs_off_the_picture(drawn: tuple[Board, Labels]) -> None:
    board, sheet = drawn
    assert not sheet.outside(), f"{board.slug}: off the picture: {[label.text for label in sheet.outside()]}"


def test_every_player_is_named_whole(drawn: tuple[Board, Labels]) -> None:
    board, sheet = drawn
    shown = _shown(sheet)
    missing = [name for name in board.view.names.values() if name not in shown]
    assert not missing, f"{board.slug}: not named whole: {missing}"


def test_the_board_says_where_the_game_stands(drawn: tuple[Board, Labels]) -> None:
    """What just happened goes with every board as text, in the bot's message (Discord shows text
    crisply; a log drawn in the picture was too small to read at the size Discord shows it), so the
    picture need not repeat it. What the picture must still say is where the game stands (the turn
    or the phase, `where()`): the board shows that moment, and it tells one board from the last."""
    board, sheet = drawn
    shown = _shown(sheet)
    assert "Just now" not in shown, "the log is in the message: drawing it again wastes the room"
    assert board.view.where() in shown


def _explanations(board: Board) -> list[str]:
    """What the key and labels of a busy board must say, given what is on it: every symbol it
    shows explained, every id the log uses drawn and tied to what it names."""
    view = board.view
    if board.slug == "masters-fight":
        standing = {o.square: o for o in view.orcs if o.square is not None and not o.out}
        wanted = ["squares of the last move"] if view.highlight else []
        wanted += [f"{terrain.value.title()}:" for terrain in set(view.terrain.values())]
        wanted += ["Knocked Down"] * any(o.knocked_down for o in standing.values())
        wanted += ["an Item the Orc carries"] * any(o.item is not None for o in standing.values())
        wanted += ["an Item on the ground under an Orc"] * any(s in view.items for s in standing)
        return wanted
    if board.slug == "brood-rumble":
        return [*(f.id for f in view.features), *(b.id for b in view.barrels),
                *(f.kind.label for f in view.features), "HP left"]
    if board.slug == "flying-pigs":
        players = len(view.order)
        codes = {"G": "Grease Markers", "F": "on fire", "S": "Shrooms", "SV": "Shove ready", "SH": "Shoo! ready",
                 "FI": "Fire it up! ready"}
        stances = {"shove": "SV", "shoo": "SH", "fire": "FI"}
        shown = {code for m in view.models if m.placed
                 for code, on in (("G", m.grease), ("F", m.fire), ("S", m.shrooms),
                                  (stances[m.stance.value] if m.stance else "", m.stance and not m.stance_used))
                 if on}
        return [f"Game Turn {(view.turn - 1) // players + 1}", *(f"{d}°" for d in range(0, 360, 30)),
                *(codes[c] for c in sorted(shown))]
    if board.slug == "thatll-do-pigs":
        return ["Crowd", "starting grid", "Finish Line", "Skid Trigger", *(str(n) for n in range(1, 7))]
    if board.slug == "road-rage":
        placed = [c for c in view.chariots if c.placed and not c.destroyed]
        return ["Current Speed", "Chassis Points", *(f"{c.name} S{c.speed} C{c.chassis}" for c in placed)]
    if board.slug == "goblin-warlords":
        on_map = [a for a in view.armies if not a.lost]
        return ["Orcland", "Outland", "Held", "Road: D east, E west",
                *(["No leader (grey: rebels)"] if any(a.leader is None for a in on_map) else []),
                *(["Gold carried"] if any(a.gold for a in on_map) else []),
                *(["Caravan and its power"] if view.caravans else []),
                *(["Fortress, rating"] if view.fortresses else []), *(["Mine"] if view.mines else []),
                *(["Battle to fight"] if view.battles else [])]
    if board.slug == "orcquest":  # the Enemies' letters, their Alert mark, the Danger Zones and the fog in the
        seen = [e for e in view.enemies if not hidden(view, e.square)]
        names = {"peasant": "Peasant", "dog": "War Dog"}
        return [*(h.name for h in view.heroes), *sorted({names[e.kind] for e in seen if e.kind in names}),
                *(["Alert"] if any(e.alert for e in seen) else []), *(["Danger"] if danger_squares(view) else []),
                *(["Fog"] if unexplored_rooms(view) else [])]  # (key); each Hero by name on its card
    if board.slug in ("orcz", "chaos-marauders"):
        return []  # their symbols are cards with their names written on them
    return ["the Wild Boar", *(["Tree"] if view.trees else []), *(["Rocks"] if view.rocks else []),
            *(["Bush"] if view.bushes else [])]


def test_every_symbol_on_a_busy_board_is_explained(drawn: tuple[Board, Labels]) -> None:
    board, sheet = drawn
    shown = _shown(sheet)
    unexplained = [text for text in _explanations(board) if text not in shown]
    assert not unexplained, f"{board.slug}: the board does not say {unexplained}"


def test_every_game_has_a_busy_board() -> None:
    assert set(BUSY) == set(GAMES), "add the new game's busy board to tests/renderers/busy.py"


def test_every_text_is_drawn_through_the_labels() -> None:
    """Only `write` calls Pillow's text drawing, so no label escapes the check."""
    direct = re.compile(r"\.text\(")
    offenders = [str(path.relative_to(RENDERERS.parent)) for path in RENDERERS.rglob("*.py")
                 if path.name != "common.py" and direct.search(path.read_text())]
    common = (RENDERERS / "common.py").read_text()
    assert not offenders and len(direct.findall(common)) == 1


# -- the check itself ---------------------------------------------------------------------------------


def _sheet(drawing) -> Labels:  # type: ignore[no-untyped-def]
    with recording() as sheets:
        canvas = base_canvas(("labels-test", id(drawing)), (400, 300), lambda draw: None)
        drawing(ImageDraw.Draw(canvas))
        encode_png(canvas)
    return sheets[0]


def test_the_check_sees_two_labels_on_top_of_each_other() -> None:
    face = font(20)
    sheet = _sheet(lambda draw: (write(draw, (50, 50), "Ugluk", face), write(draw, (55, 52), "Snaga", face)))
    assert [(a.text, b.text) for a, b in sheet.overlapping()] == [("Ugluk", "Snaga")]


def test_the_check_sees_a_cut_name_and_a_label_off_the_picture() -> None:
    face = font(20)
    sheet = _sheet(lambda draw: (write(draw, (10, 10), fit("Bolg of the Northern Pits", face, 60), face),
                                 write(draw, (380, 10), "Azog", face)))
    assert sheet.cut == ["Bolg of the Northern Pits"]
    assert [label.text for label in sheet.outside()] == ["Azog"]


def test_text_inside_a_tag_counts_as_the_tag() -> None:
    face, chips = font(20), [Chip("1a", TEXT), Chip("G2", BACKGROUND)]
    width, height = tag_size(chips, face)
    sheet = _sheet(lambda draw: draw_tag(draw, (10, 10, 10 + width, 10 + height), chips, face))
    assert [(label.text, label.box) for label in sheet.drawn] == [("1a G2", (10, 10, 10 + width, 10 + height))]


def test_a_placed_tag_moves_off_a_label_already_there() -> None:
    face = font(10 * SUPERSAMPLE)

    def drawing(draw: ImageDraw.ImageDraw) -> None:
        base = (100, 100, 140, 140)
        first = place_tag(draw, base, [Chip("Ugluk", TEXT)], face, gap=4)
        second = place_tag(draw, base, [Chip("Snaga", TEXT)], face, gap=4)
        assert first != second

    sheet = _sheet(drawing)
    assert len(sheet.drawn) == 2 and not sheet.overlapping()


def test_text_the_font_cannot_draw_is_written_plainly_or_left_out() -> None:
    assert printable("🐗 The Wild Boar charges g3 → g2!") == "The Wild Boar charges g3 -> g2!"


def test_a_board_drawn_on_a_kept_base_still_counts_the_base_labels() -> None:
    """The inch marks are drawn once, on the base every later picture starts from; each picture's
    labels begin with them all the same, so a tag is never placed over a mark."""
    board = busy_board("brood-rumble")
    with recording() as sheets:
        render(board.view)
        render(board.view)
    first, second = ([label.text for label in sheet.drawn] for sheet in sheets)
    assert first == second and '24"' in first
