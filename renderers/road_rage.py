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
    SidePanel,
    arrow,
    base_canvas,
    bold_text,
    encode_png,
    feat_lines,
    font,
    heading,
    ink_on,
    outlined_text,
    placing_lines,
    player_colour,
    shade,
    title,
)
from renderers.kits.inch_board import InchBoard
from rules.orclympics.road_rage.models import XY, ChariotView, Phase, RoadRageView

SLUG = "road-rage"
"""The game whose views this module draws."""

BOARD_PIXELS = 864 * SUPERSAMPLE
"""The table's side whatever its size in inches: a 48" table shows more inches, not a bigger picture."""
PANEL = SidePanel(width=400 * SUPERSAMPLE)
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


def render(view: RoadRageView) -> bytes:
    """The board and side panel of a Road Rage view as PNG bytes."""
    board = InchBoard.fitted(view.size, BOARD_PIXELS)
    lines = _panel_lines(view)
    width, height = board.picture_size(PANEL, lines)
    key = ("road-rage", view.size, tuple(view.gates), tuple(view.blocks), tuple(view.cells))
    canvas = base_canvas(key, (width, height), lambda draw: _draw_circuit(draw, view, board))
    draw = ImageDraw.Draw(canvas)
    _draw_paths(draw, view.paths, board)
    for chariot in sorted((c for c in view.chariots if c.placed and not c.destroyed), key=lambda c: c.player):
        _draw_chariot(draw, chariot, board, active=chariot.player == view.active)
    board.draw_panel(draw, PANEL, height, lines)
    return encode_png(canvas)


def _draw_circuit(draw: Draw, view: RoadRageView, board: InchBoard) -> None:
    board.fill(draw, DIRT)
    board.grid(draw, DIRT_GRID, SIX_LINE, line=LINE)
    board.edge(draw, INK, 4 * LINE)
    for x, y, w, h in view.blocks:
        draw.rectangle((*board.at(x - w / 2, y + h / 2), *board.at(x + w / 2, y - h / 2)), fill=ROCK, outline=INK,
                       width=2 * LINE)
        draw.line((*board.at(x - w / 3, y + h / 4), *board.at(x + w / 5, y - h / 3)), fill=shade(ROCK, 0.6),
                  width=2 * LINE)
    for cx, cy in view.cells:
        draw.polygon(board.corners((cx, cy), view.grid_facing, HALF_WIDTH + 0.05, HALF_DEPTH + 0.05),
                     outline=CELL, width=LINE)
    for number, (a, b) in enumerate(view.gates, start=1):
        draw.line((*board.at(*a), *board.at(*b)), fill=INK, width=7 * LINE)
        draw.line((*board.at(*a), *board.at(*b)), fill=GATE, width=4 * LINE)
        for post in (a, b):
            px, py = board.at(*post)
            r = 7 * SUPERSAMPLE
            draw.ellipse((px - r, py - r, px + r, py + r), fill=TEXT, outline=INK, width=2 * LINE)
        mx, my = board.at((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        r = 14 * SUPERSAMPLE
        draw.ellipse((mx - r, my - r, mx + r, my + r), fill=GATE, outline=INK, width=2 * LINE)
        bold_text(draw, (mx, my), str(number), font(18 * SUPERSAMPLE), fill=INK, anchor="mm")
    board.labels(draw)


def _draw_paths(draw: Draw, paths: Sequence[Sequence[XY]], board: InchBoard) -> None:
    for path in paths:
        points = [board.at(*p) for p in path]
        if len(points) < 2 or points[0] == points[-1]:
            continue
        arrow(draw, points, ACCENT, head=11 * SUPERSAMPLE)


def _draw_chariot(draw: Draw, chariot: ChariotView, board: InchBoard, *, active: bool) -> None:
    """The base at true size turned to its facing, boars' end marked, and a tag with the Current
    Speed (S), Chassis Points (C) and laps."""
    colour = player_colour(chariot.colour)
    draw.polygon(board.corners((chariot.x, chariot.y), chariot.facing, HALF_WIDTH, HALF_DEPTH), fill=colour,
                 outline=ACCENT if active else INK, width=3 * LINE)
    nose = board.corners((chariot.x, chariot.y), chariot.facing, HALF_WIDTH * 0.6, HALF_DEPTH)[:2]
    rad = math.radians(chariot.facing)
    tip = board.at(chariot.x + math.cos(rad) * HALF_DEPTH * 1.35, chariot.y + math.sin(rad) * HALF_DEPTH * 1.35)
    draw.polygon([nose[0], tip, nose[1]], fill=INK)
    cx, cy = board.at(chariot.x, chariot.y)
    face = font(16 * SUPERSAMPLE)
    label = f"{chariot.name[:10]} S{chariot.speed} C{chariot.chassis}"
    width = face.getlength(label) + 10 * SUPERSAMPLE
    top = cy - HALF_DEPTH * board.inch - 26 * SUPERSAMPLE
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
