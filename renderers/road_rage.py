"""The Road Rage board: the 36" or 48" table with an inch grid, the numbered Checkpoints, the
Terrain Features, the Starting Line, every Chariot as a true-size 25x50 mm base turned to its
facing with a tag (its driver's name, Current Speed, Chassis Points and laps) placed where it
hides no other, this turn's moves as arrows, and beside it each Chariot's profile and the key.

The picture is drawn for the size Discord shows it (`SHOWN`): landscape, every label at least
`LEGIBLE` px tall there; the log the bot's message carries as text is not repeated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial

from PIL import ImageDraw

from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    RGB,
    SHOWN_TEXT,
    SUPERSAMPLE,
    TEXT,
    Box,
    Chip,
    Column,
    Entrant,
    Frame,
    KeyEntry,
    PanelLine,
    arrow,
    base_canvas,
    bold_text,
    encode_png,
    font,
    heading,
    heading_icon,
    ink_on,
    labels,
    ordinal,
    path_icon,
    place_tag,
    placing_lines,
    player_colour,
    polygon,
    shade,
)
from renderers.kits.inch_board import InchBoard
from rules.orclympics.road_rage.models import XY, ChariotView, Phase, RoadRageView

SLUG = "road-rage"
"""The game whose views this module draws."""

BOARD_PIXELS = 512 * SUPERSAMPLE
"""The table's side whatever its size in inches: a 48" table shows more inches, not a bigger picture."""
PLACING = {"left": 42 * SUPERSAMPLE, "top": 12 * SUPERSAMPLE, "label_band": 36 * SUPERSAMPLE}
"""Where the table sits: room on the left and under it for inch marks legible at Discord's size."""
PLACED = InchBoard.fitted(48, BOARD_PIXELS, **PLACING)
COLUMN = Column(PLACED.right, PLACED.top, PLACED.key_room)
"""The Chariots and the key round the table, which is where it is whatever its inches."""
TAG_TEXT = 17 * SUPERSAMPLE
"""A Chariot's tag: 1.25 times its text's size tall."""
TAG_RINGS = 6
"""How far from its Chariot a tag may go, in tag heights: the tags carry whole names, and Chariots
start packed on the Starting Line."""
GATE_TEXT = 26 * SUPERSAMPLE
"""A Checkpoint's number, bold on its disc."""
LINE = SUPERSAMPLE
HALF_WIDTH = 25 / 25.4 / 2
HALF_DEPTH = 50 / 25.4 / 2

DIRT: RGB = (168, 140, 100)
DIRT_GRID: RGB = (152, 124, 86)
SIX_LINE: RGB = (110, 84, 54)
ROCK: RGB = (112, 108, 102)
GATE: RGB = (250, 210, 60)
CELL: RGB = (250, 250, 250)

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]


def render(view: RoadRageView, recent: Sequence[str] = ()) -> bytes:
    """The board, and beside it the panel and the key, of a Road Rage view as PNG bytes. `recent` (the
    newest log lines) is not drawn: the bot's message carries it as text."""
    board = InchBoard.fitted(view.size, BOARD_PIXELS, **PLACING)
    lines = panel_lines(view)
    laid = COLUMN.lay(lines, _key(view))
    base = ("road-rage", view.size, tuple(view.gates), tuple(view.blocks), tuple(view.cells))
    canvas = base_canvas(base, laid.size, lambda draw: _draw_circuit(draw, view, board),
                         ground=(("road-rage ground", view.size), lambda draw: _draw_dirt(draw, board)))
    draw = ImageDraw.Draw(canvas)
    _draw_paths(draw, view.paths, board)
    chariots = _chariots(view)
    for chariot in chariots:
        _draw_chariot(draw, chariot, board, active=chariot.player == view.active)
    _draw_tags(draw, chariots, board, view.active)
    COLUMN.draw(draw, lines, laid)
    return encode_png(canvas)


def _chariots(view: RoadRageView) -> list[ChariotView]:
    return sorted((c for c in view.chariots if c.placed and not c.destroyed), key=lambda c: c.player)


def _draw_dirt(draw: Draw, board: InchBoard) -> None:
    """What every circuit of a board's size is laid on: the dirt, its inch grid, the edge, the marks."""
    board.fill(draw, DIRT)
    board.grid(draw, DIRT_GRID, SIX_LINE, line=LINE)
    board.edge(draw, INK, 4 * LINE)
    board.labels(draw, size=SHOWN_TEXT)


def _draw_circuit(draw: Draw, view: RoadRageView, board: InchBoard) -> None:
    """This race's rocks, starting cells and Checkpoints, on the dirt (`_draw_dirt`)."""
    for x, y, w, h in view.blocks:
        draw.rectangle((*board.at(x - w / 2, y + h / 2), *board.at(x + w / 2, y - h / 2)), fill=ROCK, outline=INK,
                       width=2 * LINE)
        draw.line((*board.at(x - w / 3, y + h / 4), *board.at(x + w / 5, y - h / 3)), fill=shade(ROCK, 0.6),
                  width=2 * LINE)
    for cx, cy in view.cells:
        polygon(draw, board.corners((cx, cy), view.grid_facing, HALF_WIDTH + 0.05, HALF_DEPTH + 0.05),
                outline=CELL, width=LINE)
    for number, (a, b) in enumerate(view.gates, start=1):
        draw.line((*board.at(*a), *board.at(*b)), fill=INK, width=7 * LINE)
        draw.line((*board.at(*a), *board.at(*b)), fill=GATE, width=4 * LINE)
        for post in (a, b):
            px, py = board.at(*post)
            r = 7 * SUPERSAMPLE
            draw.ellipse((px - r, py - r, px + r, py + r), fill=TEXT, outline=INK, width=2 * LINE)
        mx, my = board.at((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        r = 28 * SUPERSAMPLE
        draw.ellipse((mx - r, my - r, mx + r, my + r), fill=GATE, outline=INK, width=2 * LINE)
        bold_text(draw, (mx, my), str(number), font(GATE_TEXT), fill=INK, anchor="mm")


def _draw_paths(draw: Draw, paths: Sequence[Sequence[XY]], board: InchBoard) -> None:
    for path in paths:
        points = [board.at(*p) for p in path]
        if len(points) < 2 or points[0] == points[-1]:
            continue
        arrow(draw, points, ACCENT, head=11 * SUPERSAMPLE)


def _base(chariot: ChariotView, board: InchBoard) -> Box:
    """The canvas box round a Chariot's turned base and its nose."""
    points = board.corners((chariot.x, chariot.y), chariot.facing, HALF_WIDTH, HALF_DEPTH * 1.35)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _draw_chariot(draw: Draw, chariot: ChariotView, board: InchBoard, *, active: bool) -> None:
    """The base at true size turned to its facing, the boars' end marked by a nose, edged in gold
    while it drives. Its tag is placed later (`_draw_tags`)."""
    colour = player_colour(chariot.colour)
    polygon(draw, board.corners((chariot.x, chariot.y), chariot.facing, HALF_WIDTH, HALF_DEPTH), fill=colour,
            outline=ACCENT if active else INK, width=3 * LINE)
    nose = board.corners((chariot.x, chariot.y), chariot.facing, HALF_WIDTH * 0.6, HALF_DEPTH)[:2]
    rad = math.radians(chariot.facing)
    tip = board.at(chariot.x + math.cos(rad) * HALF_DEPTH * 1.35, chariot.y + math.sin(rad) * HALF_DEPTH * 1.35)
    draw.polygon([nose[0], tip, nose[1]], fill=INK)


def _chips(chariot: ChariotView) -> list[Chip]:
    """A Chariot's tag: its driver's whole name, S its Current Speed, C its Chassis Points, L the
    laps done."""
    chips = [Chip(chariot.name, player_colour(chariot.colour)), Chip(f"S{chariot.speed}", TEXT),
             Chip(f"C{chariot.chassis}", CHASSIS)]
    if chariot.laps:
        chips.append(Chip(f"L{chariot.laps}", GATE))
    return chips


CHASSIS: RGB = (190, 196, 204)


def _draw_tags(draw: Draw, chariots: Sequence[ChariotView], board: InchBoard, active: str | None) -> None:
    """Each Chariot's tag, put where it hides no other label and, where there is room, no base;
    the driving Chariot's is edged in gold."""
    sheet = labels()
    for chariot in chariots:
        sheet.keep_clear(_base(chariot, board))
    face = font(TAG_TEXT)
    within = (board.left, board.top, board.right, board.bottom)
    for chariot in chariots:
        driving = chariot.player == active
        place_tag(draw, _base(chariot, board), _chips(chariot), face, gap=3 * SUPERSAMPLE, within=within,
                  outline=ACCENT if driving else INK, line=2 * LINE if driving else LINE, rings=TAG_RINGS)


# -- the key -------------------------------------------------------------------------------------------


def _key(view: RoadRageView) -> list[KeyEntry]:
    """What the symbols on this board mean: only those it shows, so the key stays short."""
    chariots = _chariots(view)
    entries: list[KeyEntry] = []
    if view.gates:
        entries.append(KeyEntry(_gate_icon, "Checkpoints: the last is the Goal"))
    if view.blocks:
        entries.append(KeyEntry(_rock_icon, "Terrain: blocks, rams back hard"))
    if view.cells:
        entries.append(KeyEntry(_cell_icon, "Starting Line"))
    if chariots:
        entries.append(KeyEntry(_chariot_icon, "Chariot, boars to the front"))
        entries.append(KeyEntry(partial(_chip_icon, text="S2", fill=TEXT), "Current Speed"))
        entries.append(KeyEntry(partial(_chip_icon, text="C3", fill=CHASSIS), "Chassis Points"))
    if any(c.laps for c in chariots):
        entries.append(KeyEntry(partial(_chip_icon, text="L1", fill=GATE), "laps done"))
    if any(c.player == view.active for c in chariots):
        entries.append(KeyEntry(_driving_icon, "driving now"))
    if any(len(path) > 1 for path in view.paths):
        entries.append(KeyEntry(path_icon, "moves this turn"))
    entries.append(KeyEntry(heading_icon, "headings: 0° east, 90° north"))
    return entries


def _gate_icon(draw: Draw, f: Frame) -> None:
    draw.line((f.at(-0.5, 0), f.at(0.5, 0)), fill=INK, width=5 * LINE)
    draw.line((f.at(-0.5, 0), f.at(0.5, 0)), fill=GATE, width=3 * LINE)
    draw.ellipse(f.oval(0, 0, 0.3, 0.3), fill=GATE, outline=INK, width=LINE)
    bold_text(draw, f.at(0, 0), "1", font(round(f.size * 0.4)), fill=INK, anchor="mm", label=False)


def _rock_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.35, -0.35, 0.35, 0.35), fill=ROCK, outline=INK, width=2 * LINE)


def _cell_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.5, -0.4, 0.5, 0.4), fill=DIRT)
    draw.rectangle(f.box(-0.4, -0.2, 0.4, 0.2), outline=CELL, width=LINE)


def _chariot_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.45, -0.2, 0.25, 0.2), fill=player_colour(0), outline=INK, width=2 * LINE)
    draw.polygon([f.at(0.5, 0), f.at(0.25, -0.14), f.at(0.25, 0.14)], fill=INK)


def _chip_icon(draw: Draw, f: Frame, *, text: str, fill: RGB) -> None:
    """A tag's chip as the key shows it: a picture, not a label of the board."""
    draw.rounded_rectangle(f.box(-0.5, -0.3, 0.5, 0.3), radius=0.12 * f.size, fill=fill, outline=INK, width=LINE)
    bold_text(draw, f.at(0, 0), text, font(round(f.size * 0.42)), fill=ink_on(fill), anchor="mm", label=False)


def _driving_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.45, -0.2, 0.45, 0.2), fill=MUTED, outline=ACCENT, width=3 * LINE)


TITLE_TEXT = 34 * SUPERSAMPLE
TURN_TEXT = 30 * SUPERSAMPLE
"""Where the race stands and on which circuit, under the game's name."""
CHARIOTS_SPACE = 18 * SUPERSAMPLE
"""Above the Chariots' lines: their swatches say what they are, with no heading."""


def panel_lines(view: RoadRageView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The side panel: where the race is, each Chariot in race order with its laps, next Checkpoint
    and characteristics (Current Speed and Chassis Points are on its tag) or, once the race is over,
    the placings instead.
    `recent` (the newest log lines, which every game's panel is handed) is not shown, nor the Feats:
    the bot's message carries the log as text, and a column as short as Discord's picture has no
    room for a list that grows."""
    lines = [PanelLine("Road Rage", size=TITLE_TEXT, colour=ACCENT)]
    phase = {Phase.BUILD: "Building the Chariots", Phase.CIRCUIT: "Building the Circuit",
             Phase.DEPLOY: "On the Starting Line", Phase.RACE: f"Game Turn {view.turn}",
             Phase.OVER: "The race is over"}[view.phase]
    circuit = f" · {view.circuit.title()}, {view.laps} lap{'s' if view.laps != 1 else ''}" if view.circuit else ""
    lines.append(PanelLine(phase + circuit, size=TURN_TEXT))
    if view.active:
        lines.append(PanelLine(f"{view.ap} Action Point{'s' if view.ap != 1 else ''} left", size=SHOWN_TEXT,
                               colour=ACCENT))
    if view.placings is not None:
        return [*lines, *placing_lines(view.placings, {c.player: Entrant(c.name, c.colour) for c in view.chariots},
                                       size=SHOWN_TEXT)]
    ranked = sorted(view.chariots, key=lambda c: (c.position is None, c.position or 0, c.player))
    for k, chariot in enumerate(ranked):
        place = ordinal(chariot.position) if chariot.position else ("wrecked" if chariot.destroyed else "")
        lines.append(PanelLine(chariot.name, size=SHOWN_TEXT, swatch=player_colour(chariot.colour),
                               marked=chariot.player == view.active, struck=chariot.destroyed, note=place,
                               note_size=SHOWN_TEXT, space_before=0 if k else CHARIOTS_SPACE))
        race = "" if chariot.destroyed else f"lap {chariot.laps}, next {chariot.next_gate + 1} · "
        lines.append(PanelLine(f"{race}top {chariot.top_speed} · Agility {chariot.agility} · Skill {chariot.skill}",
                               size=SHOWN_TEXT, colour=MUTED))
    return lines
