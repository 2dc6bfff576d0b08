"""The That'll do Pigs board: the 36x36" table with an inch grid, the Circuit (the central stand,
its diagonals to the poles, the crowd outside, the Skid Triggers, the chequered Finish Line and
the starting grid), every rider with its facing, the Piglet, this turn's moves as arrows, and a
side panel with the race order and laps.

Bases are drawn at true scale; labels are larger so they read on a phone. Sizes are canvas
pixels on the supersampled canvas (see `renderers.common`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    RGB,
    SMALL_TEXT,
    SUPERSAMPLE,
    TEXT,
    Entrant,
    PanelLine,
    SidePanel,
    arrow,
    base_canvas,
    bold_text,
    encode_png,
    feat_lines,
    font,
    heading,
    ink_on,
    placing_lines,
    player_colour,
    shade,
    title,
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

INCH = 24 * SUPERSAMPLE
BOARD_INCHES = 36
BOARD = InchBoard(BOARD_INCHES, INCH)
PANEL = SidePanel(width=380 * SUPERSAMPLE)
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


def render(view: ThatllDoPigsView) -> bytes:
    """The board and side panel of a That'll do Pigs view as PNG bytes."""
    lines = _panel_lines(view)
    width, height = BOARD.picture_size(PANEL, lines)
    key = ("thatll-do-pigs", tuple(view.poles), view.crowd)
    canvas = base_canvas(key, (width, height), lambda draw: _draw_circuit(draw, view))
    draw = ImageDraw.Draw(canvas)
    _draw_trails(draw, view.trails)
    for rider in sorted((r for r in view.riders if r.placed and not r.out), key=lambda r: r.id):
        _draw_rider(draw, rider, waiting=rider.player in view.waiting_for and rider.id == view.active)
    if view.piglet.placed and view.piglet.held_by is None:
        _draw_piglet(draw, (view.piglet.x, view.piglet.y))
    BOARD.draw_panel(draw, PANEL, height, lines)
    return encode_png(canvas)


# -- the Circuit ------------------------------------------------------------------------------------


def _draw_circuit(draw: Draw, view: ThatllDoPigsView) -> None:
    BOARD.fill(draw, TRACK)
    BOARD.grid(draw, TRACK_GRID, SIX_LINE, line=LINE)
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
    BOARD.labels(draw)


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


def _draw_rider(draw: Draw, rider: RiderView, *, waiting: bool) -> None:
    """The base at true size turned to its facing, a nose on its front, the id in a tag above;
    an Unridden Boar is paler with a dashed look, a rider with the Piglet wears a pink ring."""
    colour = player_colour(rider.colour)
    if not rider.ridden:
        colour = shade(colour, 1.3)
    rad = math.radians(rider.facing)
    fx, fy = math.cos(rad), math.sin(rad)
    sx, sy = -fy, fx
    corners = [(rider.x + HALF_BASE * (a * fx + b * sx), rider.y + HALF_BASE * (a * fy + b * sy))
               for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))]
    if rider.piglet:
        cx, cy = at(rider.x, rider.y)
        r = HALF_BASE * INCH * 1.9
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=PIGLET, width=4 * LINE)
    draw.polygon([at(*c) for c in corners], fill=colour, outline=INK, width=3 * LINE)
    nose = [at(rider.x + fx * HALF_BASE * 1.7, rider.y + fy * HALF_BASE * 1.7),
            at(rider.x + HALF_BASE * (0.9 * fx + 0.6 * sx), rider.y + HALF_BASE * (0.9 * fy + 0.6 * sy)),
            at(rider.x + HALF_BASE * (0.9 * fx - 0.6 * sx), rider.y + HALF_BASE * (0.9 * fy - 0.6 * sy))]
    draw.polygon(nose, fill=INK)
    cx, cy = at(rider.x, rider.y)
    face = font(17 * SUPERSAMPLE)
    label = rider.id if rider.ridden else f"{rider.id} U"
    width = face.getlength(label) + 8 * SUPERSAMPLE
    top = cy - HALF_BASE * INCH - 26 * SUPERSAMPLE
    draw.rounded_rectangle((cx - width / 2, top, cx + width / 2, top + 20 * SUPERSAMPLE), radius=6 * SUPERSAMPLE,
                           fill=colour, outline=ACCENT if waiting else INK, width=2 * LINE if waiting else LINE)
    bold_text(draw, (cx, top + 10 * SUPERSAMPLE), label, face, fill=ink_on(colour), anchor="mm")


def _draw_piglet(draw: Draw, where: XY) -> None:
    cx, cy = at(*where)
    side = HALF_PIGLET * INCH
    draw.rounded_rectangle((cx - side, cy - side, cx + side, cy + side), radius=side * 0.7, fill=PIGLET,
                           outline=INK, width=3 * LINE)
    draw.ellipse((cx - side * 0.45, cy - side * 0.3, cx + side * 0.45, cy + side * 0.3), fill=shade(PIGLET, 0.8),
                 outline=INK, width=LINE)


# -- the side panel -------------------------------------------------------------------------------------


def _panel_lines(view: ThatllDoPigsView) -> list[PanelLine]:
    lines = [title("That'll do Pigs")]
    phase = {Phase.DEPLOY: "Lining up", Phase.READY: "Get Ready!", Phase.RUN_UP: "The Running Up Boar",
             Phase.RACE: f"Game Turn {view.turn}", Phase.OVER: "The race is over"}[view.phase]
    lines.append(PanelLine(phase, size=28 * SUPERSAMPLE))
    if view.piglet.placed:
        holder = view.piglet.held_by
        lines.append(PanelLine(f"Piglet: carried by {holder}" if holder else "Piglet: loose!", size=SMALL_TEXT,
                               colour=ACCENT))
    lines.append(heading("Race"))
    ranked = sorted(view.riders, key=lambda r: (r.position is None, r.position or 0, r.id))
    for rider in ranked:
        place = f"{rider.position}." if rider.position else "out"
        tags = [f"lap {min(rider.laps + 1, 9)}" if rider.gates else "not across the line yet"]
        if not rider.ridden:
            tags.append("unridden")
        if rider.piglet:
            tags.append("Piglet")
        lines.append(PanelLine(f"{place} {rider.id} {rider.name}", swatch=player_colour(rider.colour),
                               marked=rider.id == view.active, note=", ".join(tags)))
    lines.append(PanelLine("U unridden · pink ring: Piglet", size=SMALL_TEXT, colour=MUTED,
                           space_before=10 * SUPERSAMPLE))
    lines.append(PanelLine("dashed gold: Skid Triggers", size=SMALL_TEXT, colour=TEXT))
    entrants = {r.player: Entrant(r.name, r.colour) for r in view.riders}
    lines += feat_lines(view.feats, entrants)
    if view.placings is not None:
        lines += placing_lines(view.placings, entrants)
    return lines
