"""The Road Rage board: the 36" or 48" table with an inch grid, the numbered Checkpoints, the
Terrain Features, the Starting Line, every Chariot as a true-size 25x50 mm base turned to its
facing with its Current Speed, Chassis Points and laps, this turn's moves as arrows, and a side
panel with each Chariot's profile card.
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
    arrow,
    base_canvas,
    bold_text,
    draw_panel,
    encode_png,
    feat_lines,
    font,
    heading,
    inch_labels,
    ink_on,
    outlined_text,
    panel_height,
    placing_lines,
    player_colour,
    shade,
    title,
)
from rules.orclympics.road_rage.models import XY, ChariotView, Phase, RoadRageView

SLUG = "road-rage"
"""The game whose views this module draws."""

BOARD_PIXELS = 864 * SUPERSAMPLE
BOARD_LEFT = 46 * SUPERSAMPLE
BOARD_TOP = 20 * SUPERSAMPLE
LABEL_BAND = 40 * SUPERSAMPLE
PANEL_GAP = 24 * SUPERSAMPLE
PANEL_WIDTH = 400 * SUPERSAMPLE
PANEL_PADDING = 16 * SUPERSAMPLE
MARGIN = 16 * SUPERSAMPLE
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


class _Scale:
    def __init__(self, size: float) -> None:
        self.size = size
        self.inch = BOARD_PIXELS / size

    def at(self, x: float, y: float) -> Point:
        return (BOARD_LEFT + x * self.inch, BOARD_TOP + (self.size - y) * self.inch)

    def corners(self, centre: XY, facing: float, half_w: float, half_d: float) -> list[Point]:
        rad = math.radians(facing)
        fx, fy = math.cos(rad), math.sin(rad)
        sx, sy = -fy, fx
        return [self.at(centre[0] + a * half_d * fx + b * half_w * sx, centre[1] + a * half_d * fy + b * half_w * sy)
                for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))]


def render(view: RoadRageView) -> bytes:
    """The board and side panel of a Road Rage view as PNG bytes."""
    scale = _Scale(view.size)
    lines = _panel_lines(view)
    height = max(BOARD_TOP + BOARD_PIXELS + LABEL_BAND, BOARD_TOP + panel_height(lines, PANEL_PADDING) + MARGIN)
    width = BOARD_LEFT + BOARD_PIXELS + PANEL_GAP + PANEL_WIDTH + MARGIN
    key = ("road-rage", view.size, tuple(view.gates), tuple(view.blocks), tuple(view.cells))
    canvas = base_canvas(key, (width, height), lambda draw: _draw_circuit(draw, view, scale))
    draw = ImageDraw.Draw(canvas)
    _draw_paths(draw, view.paths, scale)
    for chariot in sorted((c for c in view.chariots if c.placed and not c.destroyed), key=lambda c: c.player):
        _draw_chariot(draw, chariot, scale, active=chariot.player == view.active)
    panel_left = BOARD_LEFT + BOARD_PIXELS + PANEL_GAP
    draw_panel(draw, (panel_left, BOARD_TOP, panel_left + PANEL_WIDTH, height - MARGIN), lines, PANEL_PADDING)
    return encode_png(canvas)


def _draw_circuit(draw: Draw, view: RoadRageView, scale: _Scale) -> None:
    size = int(view.size)
    left, top = scale.at(0, size)
    right, bottom = scale.at(size, 0)
    draw.rectangle((left, top, right, bottom), fill=DIRT)
    for k in range(1, size):
        colour, width = (SIX_LINE, 2 * LINE) if k % 6 == 0 else (DIRT_GRID, LINE)
        draw.line((*scale.at(k, 0), *scale.at(k, size)), fill=colour, width=width)
        draw.line((*scale.at(0, k), *scale.at(size, k)), fill=colour, width=width)
    draw.rectangle((left, top, right, bottom), outline=INK, width=4 * LINE)
    for x, y, w, h in view.blocks:
        draw.rectangle((*scale.at(x - w / 2, y + h / 2), *scale.at(x + w / 2, y - h / 2)), fill=ROCK, outline=INK,
                       width=2 * LINE)
        draw.line((*scale.at(x - w / 3, y + h / 4), *scale.at(x + w / 5, y - h / 3)), fill=shade(ROCK, 0.6),
                  width=2 * LINE)
    for cx, cy in view.cells:
        draw.polygon(scale.corners((cx, cy), view.grid_facing, HALF_WIDTH + 0.05, HALF_DEPTH + 0.05),
                     outline=CELL, width=LINE)
    for number, (a, b) in enumerate(view.gates, start=1):
        draw.line((*scale.at(*a), *scale.at(*b)), fill=INK, width=7 * LINE)
        draw.line((*scale.at(*a), *scale.at(*b)), fill=GATE, width=4 * LINE)
        for post in (a, b):
            px, py = scale.at(*post)
            r = 7 * SUPERSAMPLE
            draw.ellipse((px - r, py - r, px + r, py + r), fill=TEXT, outline=INK, width=2 * LINE)
        mx, my = scale.at((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        r = 14 * SUPERSAMPLE
        draw.ellipse((mx - r, my - r, mx + r, my + r), fill=GATE, outline=INK, width=2 * LINE)
        bold_text(draw, (mx, my), str(number), font(18 * SUPERSAMPLE), fill=INK, anchor="mm")
    inch_labels(draw, scale.at, size, bottom + LABEL_BAND / 2, BOARD_LEFT / 2)


def _draw_paths(draw: Draw, paths: Sequence[Sequence[XY]], scale: _Scale) -> None:
    for path in paths:
        points = [scale.at(*p) for p in path]
        if len(points) < 2 or points[0] == points[-1]:
            continue
        arrow(draw, points, ACCENT, head=11 * SUPERSAMPLE)


def _draw_chariot(draw: Draw, chariot: ChariotView, scale: _Scale, *, active: bool) -> None:
    """The base at true size turned to its facing, boars' end marked, and a tag with the Current
    Speed (S), Chassis Points (C) and laps."""
    colour = player_colour(chariot.colour)
    draw.polygon(scale.corners((chariot.x, chariot.y), chariot.facing, HALF_WIDTH, HALF_DEPTH), fill=colour,
                 outline=ACCENT if active else INK, width=3 * LINE)
    nose = scale.corners((chariot.x, chariot.y), chariot.facing, HALF_WIDTH * 0.6, HALF_DEPTH)[:2]
    rad = math.radians(chariot.facing)
    tip = scale.at(chariot.x + math.cos(rad) * HALF_DEPTH * 1.35, chariot.y + math.sin(rad) * HALF_DEPTH * 1.35)
    draw.polygon([nose[0], tip, nose[1]], fill=INK)
    cx, cy = scale.at(chariot.x, chariot.y)
    face = font(16 * SUPERSAMPLE)
    label = f"{chariot.name[:10]} S{chariot.speed} C{chariot.chassis}"
    width = face.getlength(label) + 10 * SUPERSAMPLE
    top = cy - HALF_DEPTH * scale.inch - 26 * SUPERSAMPLE
    draw.rounded_rectangle((cx - width / 2, top, cx + width / 2, top + 20 * SUPERSAMPLE), radius=6 * SUPERSAMPLE,
                           fill=colour, outline=ACCENT if active else INK, width=2 * LINE if active else LINE)
    bold_text(draw, (cx, top + 10 * SUPERSAMPLE), label, face, fill=ink_on(colour), anchor="mm")
    if chariot.laps:
        outlined_text(draw, (cx, cy), f"L{chariot.laps}", font(14 * SUPERSAMPLE), anchor="mm")


def _panel_lines(view: RoadRageView) -> list[PanelLine]:
    lines = [title("Road Rage")]
    phase = {Phase.BUILD: "Building the Chariots", Phase.CIRCUIT: "Building the Circuit",
             Phase.DEPLOY: "On the Starting Line", Phase.RACE: f"Game Turn {view.turn}",
             Phase.OVER: "The race is over"}[view.phase]
    lines.append(PanelLine(phase, size=28 * SUPERSAMPLE))
    if view.circuit:
        lines.append(PanelLine(f"{view.circuit.title()} circuit · {view.laps} lap{'s' if view.laps != 1 else ''}",
                               size=SMALL_TEXT, colour=MUTED))
    if view.active:
        lines.append(PanelLine(f"{view.ap} Action Point{'s' if view.ap != 1 else ''} left", size=SMALL_TEXT,
                               colour=ACCENT))
    lines.append(heading("Chariots"))
    for chariot in sorted(view.chariots, key=lambda c: (c.position is None, c.position or 0, c.player)):
        place = f"{chariot.position}." if chariot.position else ("wrecked" if chariot.destroyed else "")
        note = "" if chariot.destroyed else f"lap {chariot.laps}, next {chariot.next_gate + 1}"
        lines.append(PanelLine(f"{place} {chariot.name}", swatch=player_colour(chariot.colour),
                               marked=chariot.player == view.active, note=note))
        lines.append(PanelLine(f"  TS {chariot.top_speed} · Ag {chariot.agility} · DS {chariot.skill} · "
                               f"CP {chariot.chassis} · speed {chariot.speed}", size=SMALL_TEXT, colour=MUTED))
    entrants = {c.player: Entrant(c.name, c.colour) for c in view.chariots}
    lines += feat_lines(view.feats, entrants)
    if view.placings is not None:
        lines += placing_lines(view.placings, entrants)
    return lines
