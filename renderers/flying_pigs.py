"""The Flying Pigs board: the whole 48x48" table with an inch grid, the round Pigsty, the
Kitchen, rocks, Mushroom Fields, every Orc and Pig, this turn's Random Moves and a side panel.

Bases are drawn at true scale, but their labels, grease counts and status badges are drawn
larger than the bases so they stay readable on a phone. Sizes are canvas pixels on the
supersampled canvas (see `renderers.common`).
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
from rules.orclympics.flying_pigs.models import (
    FlyingPigsView,
    Kind,
    ModelView,
    Path,
    Phase,
    Stage,
    Stance,
    Terrain,
)

SLUG = "flying-pigs"
"""The game whose views this module draws."""

INCH = 19 * SUPERSAMPLE
BOARD_INCHES = 48
BOARD = InchBoard(BOARD_INCHES, INCH)
PANEL = SidePanel(width=380 * SUPERSAMPLE)
LINE = SUPERSAMPLE
HALF_BASE = 25 / 25.4 / 2

OUTSIDE: RGB = (96, 120, 74)
OUTSIDE_GRID: RGB = (84, 106, 64)
MUD: RGB = (150, 112, 76)
MUD_GRID: RGB = (132, 96, 64)
SIX_LINE: RGB = (70, 52, 34)
FENCE_WOOD: RGB = (74, 50, 30)
KITCHEN_TILE: RGB = (214, 206, 190)
KITCHEN_DARK: RGB = (150, 60, 40)
ROCK: RGB = (130, 128, 122)
FIELD: RGB = (92, 140, 68)
CAP: RGB = (214, 60, 48)
GREASE: RGB = (250, 226, 120)
FIRE: RGB = (255, 110, 20)
SHROOM: RGB = (190, 90, 230)
PIG_SNOUT: RGB = (244, 160, 170)

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]

STAGES: dict[Stage, str] = {Stage.START: "starting", Stage.MOVEMENT: "Step 2 · Movement",
                            Stage.GREASE: "Step 3 · Grease Toss", Stage.ACTION: "Step 4 · Action",
                            Stage.PIG: "Step 5 · Pig", Stage.END: "ending"}
STANCE_TAGS: dict[Stance, str] = {Stance.SHOVE: "SV", Stance.SHOO: "SH", Stance.FIRE: "FI"}


at = BOARD.at
box = BOARD.box


def render(view: FlyingPigsView) -> bytes:
    """The board and side panel of a Flying Pigs view as PNG bytes."""
    lines = _panel_lines(view)
    width, height = BOARD.picture_size(PANEL, lines)
    canvas = base_canvas(("flying-pigs", view.pigsty), (width, height), lambda draw: _draw_ground(draw, view.pigsty))
    draw = ImageDraw.Draw(canvas)
    for t in sorted(view.terrain, key=lambda t: (t.kind, t.x, t.y)):
        (_draw_field if t.kind == "field" else _draw_rock)(draw, t)
    _draw_kitchen(draw, view)
    _draw_paths(draw, view.paths)
    placed = [m for m in view.models if m.placed]
    for model in sorted(placed, key=lambda m: m.id):
        _draw_model(draw, model, waiting=model.owner in view.waiting_for)
    for model in sorted(placed, key=lambda m: m.id):
        _draw_badges(draw, model)
    BOARD.draw_panel(draw, PANEL, height, lines)
    return encode_png(canvas)


# -- the table -----------------------------------------------------------------------------------


def _draw_ground(draw: Draw, pigsty: float) -> None:
    """Grass outside, the muddy Pigsty fenced in a circle, a faint inch grid and a strong line every 6"."""
    BOARD.fill(draw, OUTSIDE)
    centre = BOARD_INCHES / 2
    r = pigsty
    draw.ellipse(box(centre, centre, r, r), fill=MUD)
    BOARD.grid(draw, OUTSIDE_GRID, SIX_LINE, line=LINE, strong_last=True)
    draw.ellipse(box(centre, centre, r, r), outline=FENCE_WOOD, width=6 * LINE)
    BOARD.edge(draw, FENCE_WOOD, 4 * LINE)
    BOARD.labels(draw)


def _draw_kitchen(draw: Draw, view: FlyingPigsView) -> None:
    """A tiled square with a cooking fire in the middle, labelled."""
    c = BOARD_INCHES / 2
    half = view.kitchen / 2
    draw.rectangle(box(c, c, half, half), fill=KITCHEN_TILE, outline=INK, width=3 * LINE)
    for k in (-0.5, 0.5):
        draw.line((*at(c + k, c - half), *at(c + k, c + half)), fill=shade(KITCHEN_TILE, 0.8), width=LINE)
        draw.line((*at(c - half, c + k), *at(c + half, c + k)), fill=shade(KITCHEN_TILE, 0.8), width=LINE)
    draw.ellipse(box(c, c - 0.3, 0.7, 0.45), fill=KITCHEN_DARK, outline=INK, width=LINE)
    draw.polygon([at(c - 0.45, c - 0.3), at(c, c + 0.8), at(c + 0.45, c - 0.3)], fill=FIRE, outline=INK)
    outlined_text(draw, at(c, c + half - 0.35), "KITCHEN", font(12 * SUPERSAMPLE), anchor="mm")


def _draw_rock(draw: Draw, t: Terrain) -> None:
    draw.rectangle(box(t.x, t.y, 0.5, 0.5), fill=ROCK, outline=INK, width=2 * LINE)
    draw.line((*at(t.x - 0.35, t.y + 0.1), *at(t.x + 0.2, t.y - 0.3)), fill=shade(ROCK, 0.6), width=2 * LINE)


def _draw_field(draw: Draw, t: Terrain) -> None:
    """A green patch dotted with red-capped mushrooms."""
    draw.rectangle(box(t.x, t.y, 1.5, 1.5), fill=FIELD, outline=INK, width=2 * LINE)
    for u, v in ((-0.9, -0.8), (0.1, -1.0), (0.95, -0.5), (-0.6, 0.2), (0.5, 0.45), (-0.1, 0.95), (0.95, 0.95),
                 (-1.0, 0.95)):
        draw.rectangle(box(t.x + u, t.y + v - 0.12, 0.05, 0.12), fill=(240, 230, 210))
        draw.pieslice(box(t.x + u, t.y + v, 0.22, 0.18), 180, 360, fill=CAP, outline=INK)


def _draw_paths(draw: Draw, paths: Sequence[Path]) -> None:
    """This turn's moves as arrows: Random Moves in gold, walked moves in white."""
    for path in paths:
        points = _clear_of_base([at(x, y) for x, y in path.points])
        if len(points) < 2 or all(p == points[0] for p in points):
            continue
        arrow(draw, points, ACCENT if path.random else TEXT)


def _clear_of_base(points: list[Point]) -> list[Point]:
    """The path with its last stretch stopping short of the moved model's base, so the arrowhead
    shows beside the model instead of hiding under it."""
    short = 0.8 * INCH
    while len(points) >= 2:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = math.hypot(x1 - x0, y1 - y0)
        if length > short:
            k = (length - short) / length
            return [*points[:-1], (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)]
        short -= length
        points = points[:-1]
    return points


# -- models ---------------------------------------------------------------------------------------


def _draw_model(draw: Draw, model: ModelView, *, waiting: bool) -> None:
    """The base at true size in its owner's colour; a Pig is round-cornered with a snout.
    Its id sits in a tag above the base, big enough to read."""
    colour = player_colour(model.colour)
    cx, cy = at(model.x, model.y)
    side = HALF_BASE * INCH
    if model.fire:
        flame = side * 1.9
        draw.ellipse((cx - flame, cy - flame, cx + flame, cy + flame), fill=FIRE)
    if model.kind is Kind.PIG:
        draw.rounded_rectangle((cx - side, cy - side, cx + side, cy + side), radius=side * 0.7, fill=colour,
                               outline=INK, width=3 * LINE)
        draw.ellipse((cx - side * 0.45, cy - side * 0.3, cx + side * 0.45, cy + side * 0.3), fill=PIG_SNOUT,
                     outline=INK, width=LINE)
    else:
        draw.rectangle((cx - side, cy - side, cx + side, cy + side), fill=colour, outline=INK, width=3 * LINE)
    face = font(17 * SUPERSAMPLE)
    label = model.id
    width = face.getlength(label) + 8 * SUPERSAMPLE
    top = cy - side - 22 * SUPERSAMPLE
    draw.rounded_rectangle((cx - width / 2, top, cx + width / 2, top + 20 * SUPERSAMPLE), radius=6 * SUPERSAMPLE,
                           fill=colour, outline=ACCENT if waiting else INK, width=2 * LINE if waiting else LINE)
    bold_text(draw, (cx, top + 10 * SUPERSAMPLE), label, face, fill=ink_on(colour), anchor="mm")


def _badge(draw: Draw, centre: Point, text: str, fill: RGB) -> None:
    r = 10 * SUPERSAMPLE
    x, y = centre
    face = font(14 * SUPERSAMPLE)
    width = max(2 * r, face.getlength(text) + 8 * SUPERSAMPLE)
    draw.rounded_rectangle((x - width / 2, y - r, x + width / 2, y + r), radius=r, fill=fill, outline=INK,
                           width=LINE)
    bold_text(draw, (x, y), text, face, fill=ink_on(fill), anchor="mm")


def _draw_badges(draw: Draw, model: ModelView) -> None:
    """Below the base: grease count (G2), fire (F), Shrooms (S) and a ready Step 4 action."""
    cx, cy = at(model.x, model.y)
    badges: list[tuple[str, RGB]] = []
    if model.grease:
        badges.append((f"G{model.grease}", GREASE))
    if model.fire:
        badges.append(("F", FIRE))
    if model.shrooms:
        badges.append(("S", SHROOM))
    if model.stance is not None and not model.stance_used:
        badges.append((STANCE_TAGS[model.stance], TEXT))
    if not badges:
        return
    face = font(14 * SUPERSAMPLE)
    widths = [max(20 * SUPERSAMPLE, face.getlength(t) + 8 * SUPERSAMPLE) for t, _ in badges]
    gap = 2 * SUPERSAMPLE
    x = cx - (sum(widths) + gap * (len(widths) - 1)) / 2
    y = cy + HALF_BASE * INCH + 12 * SUPERSAMPLE
    for (text, fill), w in zip(badges, widths):
        _badge(draw, (x + w / 2, y), text, fill)
        x += w + gap


# -- the side panel ----------------------------------------------------------------------------------


def _entrants(view: FlyingPigsView) -> dict[str, Entrant]:
    return {p: Entrant(view.names.get(p, p), view.colours.get(p, 0)) for p in view.names}


def _panel_lines(view: FlyingPigsView) -> list[PanelLine]:
    lines = [title("Flying Pigs")]
    if view.phase is Phase.TURNS:
        lines.append(PanelLine(f"Turn {view.turn} · {STAGES[view.stage]}", size=28 * SUPERSAMPLE))
    else:
        lines.append(PanelLine({Phase.DEPLOY: "Deployment", Phase.PIGTOSS: "Pigtoss",
                                Phase.OVER: "Game over"}[view.phase], size=28 * SUPERSAMPLE))
    if view.pending is not None:
        lines.append(PanelLine(f"Reaction: {view.pending.orc} {view.pending.stance.label} on {view.pending.target}",
                               size=SMALL_TEXT, colour=ACCENT))
    lines.append(heading("Order"))
    models = {m.id: m for m in view.models}
    for player in view.order:
        pig = next((m for m in view.models if m.owner == player and m.kind is Kind.PIG), None)
        note = ""
        if pig is not None and pig.placed:
            gap = max(0.0, max(abs(pig.x - 24.0), abs(pig.y - 24.0)) - view.kitchen / 2 - HALF_BASE)
            note = f'pig {gap:.1f}"'
        lines.append(PanelLine(view.names.get(player, player), swatch=player_colour(view.colours.get(player, 0)),
                               marked=player == view.active, note=note))
        bits = []
        for mid in sorted(m for m in models if models[m].owner == player):
            m = models[mid]
            tags = [f"G{m.grease}" if m.grease else "", "F" if m.fire else "", "S" if m.shrooms else "",
                    STANCE_TAGS[m.stance] if m.stance and not m.stance_used else ""]
            bits.append(mid + ("(" + " ".join(t for t in tags if t) + ")" if any(tags) else ""))
        lines.append(PanelLine("  " + "  ".join(bits), size=SMALL_TEXT, colour=MUTED))
    lines.append(PanelLine("G grease · F fire · S Shrooms", size=SMALL_TEXT, colour=MUTED,
                           space_before=10 * SUPERSAMPLE))
    lines.append(PanelLine("SV Shove · SH Shoo! · FI Fire it up!", size=SMALL_TEXT, colour=MUTED))
    lines += feat_lines(view.feats, _entrants(view))
    if view.placings is not None:
        lines += placing_lines(view.placings, _entrants(view))
    return lines
