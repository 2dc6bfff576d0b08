"""The That'll do Pigs board: the 36x36" table with an inch grid, the Circuit (the crowd in the
central stand, on its diagonals to the poles, along the edge and in one stand outside, the Skid
Triggers, the chequered Finish Line and the numbered starting grid), every rider with its facing,
the Piglet, this turn's moves as arrows, and beside it the race order with laps and the key.

Bases are drawn at true scale; each rider's tag is placed where it hides no other label, and
is larger than the base so it reads on a phone. The picture is drawn for the size Discord shows
it (`SHOWN`): landscape, every label at least `LEGIBLE` px tall there; the log the bot's message
carries as text is not repeated. Sizes are canvas pixels on the supersampled canvas (see
`renderers.common`).
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
    heading_icon,
    ink_on,
    labels,
    ordinal,
    outlined_text,
    path_icon,
    place_tag,
    place_text,
    placing_lines,
    player_colour,
    polygon,
    shade,
)
from renderers.kits.inch_board import InchBoard
from rules.orclympics.thatll_do_pigs.models import (
    XY,
    Phase,
    RiderView,
    ThatllDoPigsView,
)

SLUG = "thatll-do-pigs"
"""The game whose views this module draws."""

INCH = 16 * SUPERSAMPLE
BOARD_INCHES = 36
BOARD = InchBoard(BOARD_INCHES, INCH, left=42 * SUPERSAMPLE, top=12 * SUPERSAMPLE, label_band=36 * SUPERSAMPLE)
COLUMN = Column(BOARD.right, BOARD.top, BOARD.key_room)
"""The race order and the key round the table."""
TAG_TEXT = 17 * SUPERSAMPLE
"""A rider's tag: 1.25 times its text's size tall."""
LINE = SUPERSAMPLE
HALF_BASE = 25 / 25.4 / 2
HALF_PIGLET = 20 / 25.4 / 2

TRACK: RGB = (176, 146, 102)
TRACK_GRID: RGB = (160, 130, 90)
SIX_LINE: RGB = (112, 86, 56)
CROWD: RGB = (92, 70, 110)
CROWD_DOTS: RGB = (150, 120, 170)
POLE: RGB = (236, 236, 236)
TRIGGER: RGB = (250, 210, 60)
GRID_LINE: RGB = (250, 250, 250)
PIGLET: RGB = (248, 168, 184)

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]


at = BOARD.at


def render(view: ThatllDoPigsView, recent: Sequence[str] = ()) -> bytes:
    """The board, and beside it the panel and the key, of a That'll do Pigs view as PNG bytes.
    `recent` (the newest log lines) is not drawn: the bot's message carries it as text."""
    lines = panel_lines(view)
    laid = COLUMN.lay(lines, _key(view))
    base = ("thatll-do-pigs", tuple(view.poles), view.crowd)
    canvas = base_canvas(base, laid.size, lambda draw: _draw_circuit(draw, view),
                         ground=(("thatll-do-pigs ground",), _draw_track))
    draw = ImageDraw.Draw(canvas)
    _draw_trails(draw, view.trails)
    riders = _riders(view)
    for rider in riders:
        _draw_rider(draw, rider, acting=rider.id == view.active)
    if _piglet_loose(view):
        _draw_piglet(draw, _piglet_box(view))
    _draw_tags(draw, view, riders)
    COLUMN.draw(draw, lines, laid)
    return encode_png(canvas)


def _riders(view: ThatllDoPigsView) -> list[RiderView]:
    return sorted((r for r in view.riders if r.placed and not r.out), key=lambda r: r.id)


def _piglet_loose(view: ThatllDoPigsView) -> bool:
    return view.piglet.placed and view.piglet.held_by is None


def _piglet_box(view: ThatllDoPigsView) -> Box:
    cx, cy = at(view.piglet.x, view.piglet.y)
    side = HALF_PIGLET * INCH
    return (cx - side, cy - side, cx + side, cy + side)


# -- the Circuit ------------------------------------------------------------------------------------


def _draw_track(draw: Draw) -> None:
    """What every race's Circuit is drawn on: the track and its inch grid."""
    BOARD.fill(draw, TRACK)
    BOARD.grid(draw, TRACK_GRID, SIX_LINE, line=LINE)


def _draw_circuit(draw: Draw, view: ThatllDoPigsView) -> None:
    """This race's Circuit, on the track (`_draw_track`); the inch marks last, over a stand that reaches
    the margin."""
    # the crowd: the central stand, its diagonals, the outside stand and the board edge
    draw.polygon([at(*p) for p in view.stand], fill=CROWD, outline=INK)
    _speckle(draw, view.stand)
    for corner, pole in zip(view.stand, view.poles):
        draw.line((*at(*corner), *at(*pole)), fill=INK, width=7 * LINE)
        draw.line((*at(*corner), *at(*pole)), fill=CROWD, width=4 * LINE)
    if view.crowd is not None:
        x, y, r = view.crowd
        draw.ellipse((*at(x - r, y + r), *at(x + r, y - r)), fill=CROWD, outline=INK, width=2 * LINE)
    BOARD.edge(draw, CROWD, 8 * LINE)
    # the Skid Triggers (dashed) and the chequered Finish Line
    for inner, outer in view.gates[1:]:
        _dashed(draw, at(*inner), at(*outer), TRIGGER)
    (fx, ftop), (_, fbottom) = view.gates[0]
    squares = max(1, round((ftop - fbottom) / 0.5))
    for k in range(squares):
        y0 = fbottom + k * (ftop - fbottom) / squares
        y1 = fbottom + (k + 1) * (ftop - fbottom) / squares
        for j, fill in enumerate(((250, 250, 250), INK) if k % 2 else (INK, (250, 250, 250))):
            draw.rectangle((*at(fx - 0.25 + 0.25 * j, y1), *at(fx + 0.25 * j, y0)), fill=fill)
    for row in view.grid:
        for x, y in row:
            draw.rectangle((*at(x - 0.5, y + 0.5), *at(x + 1.5, y - 0.5)), outline=GRID_LINE, width=LINE)
    for pole in view.poles:
        cx, cy = at(*pole)
        r = 6 * SUPERSAMPLE
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=POLE, outline=INK, width=2 * LINE)
    BOARD.labels(draw, size=SHOWN_TEXT)
    _cell_numbers(draw, view)
    _crowd_labels(draw, view)


def _cell_numbers(draw: Draw, view: ThatllDoPigsView) -> None:
    """The starting grid's cell numbers, 1 at the straight's outer edge, as the riders take them: the
    cells of a row side by side have the same number, so each number is written once, the odd ones
    in the first row and the even ones in the next. A cell is 1" tall, less than a number legible at
    Discord's size; written in every other cell, the numbers have room."""
    face = font(SHOWN_TEXT)
    for k, row in enumerate(view.grid):
        for number, (x, y) in enumerate(sorted(row, key=lambda cell: cell[1]), start=1):
            if number % len(view.grid) == (k + 1) % len(view.grid):
                outlined_text(draw, at(x + 0.5, y), str(number), face, anchor="mm")


def _crowd_labels(draw: Draw, view: ThatllDoPigsView) -> None:
    """"Crowd" on the central stand and on the stand outside the Circuit, so the purple reads."""
    face = font(SHOWN_TEXT)
    xs, ys = [p[0] for p in view.stand], [p[1] for p in view.stand]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    place_text(draw, [at(cx, cy), at(cx, cy + 1.5), at(cx, cy - 1.5)], "Crowd", face)
    if view.crowd is not None:
        x, y, r = view.crowd
        place_text(draw, [at(x, y), at(x, y - r - 0.5), at(x, y + r + 0.5)], "Crowd", face)


def _speckle(draw: Draw, corners: Sequence[XY]) -> None:
    """Dots for the heads of the crowd in the central stand."""
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    for k in range(24):
        angle, reach = k * 2.4, 0.25 + (k % 6) * 0.11
        x = cx + math.cos(angle) * reach * (max(xs) - min(xs)) / 2
        y = cy + math.sin(angle) * reach * (max(ys) - min(ys)) / 2
        px, py = at(x, y)
        draw.ellipse((px - 4 * SUPERSAMPLE, py - 4 * SUPERSAMPLE, px + 4 * SUPERSAMPLE, py + 4 * SUPERSAMPLE),
                     fill=CROWD_DOTS)


def _dashed(draw: Draw, start: Point, end: Point, colour: RGB) -> None:
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    dash = 10 * SUPERSAMPLE
    for k in range(0, int(length / dash), 2):
        a, b = k * dash / length, min(1.0, (k + 1) * dash / length)
        draw.line((start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a,
                   start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b), fill=colour,
                  width=3 * LINE)


# -- moves, riders, the Piglet -------------------------------------------------------------------------


def _draw_trails(draw: Draw, trails: Sequence[Sequence[XY]]) -> None:
    for trail in trails:
        points = [at(x, y) for x, y in trail]
        if len(points) < 2 or all(p == points[0] for p in points):
            continue
        arrow(draw, points, ACCENT)


def _corners(rider: RiderView, half: float = HALF_BASE) -> list[XY]:
    rad = math.radians(rider.facing)
    fx, fy = math.cos(rad), math.sin(rad)
    sx, sy = -fy, fx
    return [(rider.x + half * (a * fx + b * sx), rider.y + half * (a * fy + b * sy))
            for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))]


def _base(rider: RiderView) -> Box:
    """The canvas box round a rider's turned base and its nose."""
    points = [at(x, y) for x, y in _corners(rider, HALF_BASE * 1.7)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _draw_rider(draw: Draw, rider: RiderView, *, acting: bool) -> None:
    """The base at true size turned to its facing with a nose on its front, on a gold ring while it
    acts; an Unridden Boar is paler, a rider with the Piglet wears a pink ring. Its tag is placed
    later (`_draw_tags`)."""
    colour = player_colour(rider.colour)
    if not rider.ridden:
        colour = shade(colour, 1.3)
    rad = math.radians(rider.facing)
    fx, fy = math.cos(rad), math.sin(rad)
    sx, sy = -fy, fx
    cx, cy = at(rider.x, rider.y)
    if acting:
        r = HALF_BASE * INCH * 1.75
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ACCENT, outline=INK, width=LINE)
    if rider.piglet:
        r = HALF_BASE * INCH * 1.9
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=PIGLET, width=4 * LINE)
    polygon(draw, [at(*c) for c in _corners(rider)], fill=colour, outline=INK, width=3 * LINE)
    nose = [at(rider.x + fx * HALF_BASE * 1.7, rider.y + fy * HALF_BASE * 1.7),
            at(rider.x + HALF_BASE * (0.9 * fx + 0.6 * sx), rider.y + HALF_BASE * (0.9 * fy + 0.6 * sy)),
            at(rider.x + HALF_BASE * (0.9 * fx - 0.6 * sx), rider.y + HALF_BASE * (0.9 * fy - 0.6 * sy))]
    draw.polygon(nose, fill=INK)


def _chips(rider: RiderView) -> list[Chip]:
    """A rider's tag: its id in its colour, U for an Unridden Boar, P while it has the Piglet."""
    chips = [Chip(rider.id, player_colour(rider.colour))]
    if not rider.ridden:
        chips.append(Chip("U", TEXT))
    if rider.piglet:
        chips.append(Chip("P", PIGLET))
    return chips


def _draw_tags(draw: Draw, view: ThatllDoPigsView, riders: Sequence[RiderView]) -> None:
    """Each rider's tag and the loose Piglet's, put where they hide no other label and, where there
    is room, no base."""
    sheet = labels()
    for rider in riders:
        sheet.keep_clear(_base(rider))
    within = (BOARD.left, BOARD.top, BOARD.right, BOARD.bottom)
    face = font(TAG_TEXT)
    for rider in riders:
        place_tag(draw, _base(rider), _chips(rider), face, gap=3 * SUPERSAMPLE, within=within)
    if _piglet_loose(view):
        place_tag(draw, _piglet_box(view), [Chip("Piglet", PIGLET)], face, gap=3 * SUPERSAMPLE, within=within)


def _draw_piglet(draw: Draw, rect: Box) -> None:
    left, top, right, bottom = rect
    cx, cy, side = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
    draw.rounded_rectangle(rect, radius=side * 0.7, fill=PIGLET, outline=INK, width=3 * LINE)
    draw.ellipse((cx - side * 0.45, cy - side * 0.3, cx + side * 0.45, cy + side * 0.3), fill=shade(PIGLET, 0.8),
                 outline=INK, width=LINE)


# -- the key -------------------------------------------------------------------------------------------


def _key(view: ThatllDoPigsView) -> list[KeyEntry]:
    """What the symbols on this board mean; the Circuit's are always there, the riders' only when
    some rider shows them. The long entries first, as they fit the rows under the table (the short
    ones pair up beside it)."""
    riders = _riders(view)
    entries = [KeyEntry(_trigger_icon, "Skid Trigger: a test when fully crossed"),
               KeyEntry(_grid_icon, "starting grid: cell 1 at the outer edge"),
               KeyEntry(_crowd_icon, "crowd: touch it and it attacks"),
               KeyEntry(_finish_icon, "Finish Line"),
               KeyEntry(_pole_icon, "pole")]
    if riders:
        entries.append(KeyEntry(_rider_icon, "rider, nose first"))
    if any(r.id == view.active for r in riders):
        entries.append(KeyEntry(_acting_icon, "acting now"))
    if any(not r.ridden for r in riders):
        entries.append(KeyEntry(partial(_chip_icon, text="U", fill=TEXT), "Unridden Boar"))
    if any(r.piglet for r in riders):
        entries.append(KeyEntry(partial(_chip_icon, text="P", fill=PIGLET), "has the Piglet"))
    if _piglet_loose(view):
        entries.append(KeyEntry(_piglet_icon, "the Piglet, loose"))
    if any(len(trail) > 1 for trail in view.trails):
        entries.append(KeyEntry(path_icon, "moves this turn"))
    entries.append(KeyEntry(heading_icon, "headings: 0° east, 90° north"))
    return entries


def _crowd_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.45, -0.35, 0.45, 0.35), fill=CROWD, outline=INK, width=LINE)
    for u, v in ((-0.2, -0.1), (0.15, 0.1), (0.25, -0.15), (-0.1, 0.15)):
        draw.ellipse(f.oval(u, v, 0.05, 0.05), fill=CROWD_DOTS)


def _trigger_icon(draw: Draw, f: Frame) -> None:
    for k in range(3):
        u = -0.5 + k * 0.38
        draw.line((f.at(u, 0.3 - k * 0.25), f.at(u + 0.22, 0.15 - k * 0.25)), fill=TRIGGER, width=3 * LINE)


def _finish_icon(draw: Draw, f: Frame) -> None:
    for k in range(4):
        for j in range(2):
            fill = (250, 250, 250) if (k + j) % 2 else INK
            draw.rectangle(f.box(-0.15 + 0.15 * j, -0.5 + 0.25 * k, 0.0 + 0.15 * j, -0.25 + 0.25 * k), fill=fill)


def _grid_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.5, -0.35, 0.5, 0.35), fill=TRACK)
    draw.rectangle(f.box(-0.45, -0.3, 0.45, 0.3), outline=GRID_LINE, width=LINE)
    bold_text(draw, f.at(0, 0), "1", font(round(f.size * 0.45)), fill=INK, anchor="mm", label=False)


def _pole_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0, 0, 0.2, 0.2), fill=POLE, outline=INK, width=2 * LINE)


def _rider_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.4, -0.25, 0.1, 0.25), fill=player_colour(0), outline=INK, width=2 * LINE)
    draw.polygon([f.at(0.45, 0), f.at(0.08, -0.16), f.at(0.08, 0.16)], fill=INK)


def _acting_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0, 0, 0.48, 0.48), fill=ACCENT, outline=INK, width=LINE)
    draw.rectangle(f.box(-0.25, -0.25, 0.25, 0.25), fill=MUTED, outline=INK, width=2 * LINE)


def _chip_icon(draw: Draw, f: Frame, *, text: str, fill: RGB) -> None:
    """A tag's chip as the key shows it: a picture, not a label of the board."""
    draw.rounded_rectangle(f.box(-0.5, -0.3, 0.5, 0.3), radius=0.12 * f.size, fill=fill, outline=INK, width=LINE)
    bold_text(draw, f.at(0, 0), text, font(round(f.size * 0.45)), fill=ink_on(fill), anchor="mm", label=False)


def _piglet_icon(draw: Draw, f: Frame) -> None:
    _draw_piglet(draw, f.box(-0.3, -0.3, 0.3, 0.3))


# -- the side panel -------------------------------------------------------------------------------------


TITLE_TEXT = 34 * SUPERSAMPLE
TURN_TEXT = 30 * SUPERSAMPLE
"""Where the race stands, under the game's name."""
RIDERS_SPACE = 18 * SUPERSAMPLE
"""Above the riders' lines: their swatches and places say what they are, with no heading."""


def panel_lines(view: ThatllDoPigsView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The side panel: where the race is, who holds the Piglet, the riders in race order with their
    laps or, once the race is over, the placings instead. `recent` (the newest log lines, which every game's panel is handed) is
    not shown, nor the Feats: the bot's message carries the log as text, and a column as short as
    Discord's picture has no room for a list that grows."""
    lines = [PanelLine("That'll do Pigs", size=TITLE_TEXT, colour=ACCENT)]
    phase = {Phase.DEPLOY: "Lining up", Phase.READY: "Get Ready!", Phase.RUN_UP: "The Running Up Boar",
             Phase.RACE: f"Game Turn {view.turn}", Phase.OVER: "The race is over"}[view.phase]
    lines.append(PanelLine(phase, size=TURN_TEXT))
    if view.piglet.placed:
        holder = view.piglet.held_by
        lines.append(PanelLine(f"Piglet: carried by rider {holder}" if holder else "Piglet: loose!", size=SHOWN_TEXT,
                               colour=ACCENT))
    if view.placings is not None:
        return [*lines, *placing_lines(view.placings, {r.player: Entrant(r.name, r.colour) for r in view.riders},
                                       size=SHOWN_TEXT)]
    ranked = sorted(view.riders, key=lambda r: (r.position is None, r.position or 0, r.id))
    for k, rider in enumerate(ranked):
        lines += _rider_lines(view, rider, space_before=0 if k else RIDERS_SPACE)
    return lines


def _rider_lines(view: ThatllDoPigsView, rider: RiderView, space_before: int) -> list[PanelLine]:
    """A rider's name and place, then its id (as its tag and the log name it) and where it is in the race."""
    place = ordinal(rider.position) if rider.position else "out"
    tags = [f"rider {rider.id}", f"lap {min(rider.laps + 1, 9)}" if rider.gates else "before the line"]
    if not rider.ridden:
        tags.append("unridden")
    if rider.piglet:
        tags.append("Piglet")
    return [PanelLine(rider.name, size=SHOWN_TEXT, swatch=player_colour(rider.colour), marked=rider.id == view.active,
                      struck=rider.out, note=place, note_size=SHOWN_TEXT, space_before=space_before),
            PanelLine(", ".join(tags), size=SHOWN_TEXT, colour=MUTED)]
