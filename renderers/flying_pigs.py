"""The Flying Pigs board: the round Pigsty in the middle of the 48x48" table, with its inch grid
and the bearings round its fence, the Kitchen, rocks, Mushroom Fields, every Orc and Pig, this
turn's moves, and beside it the players in turn order and a key.

Every model stays inside the Pigsty, so the picture shows only the square round it (the table's
inches 6 to 42), twice as large as the whole table would be. Bases are drawn at true scale;
each model's tag (its id and its status: grease, fire, Shrooms, a ready action) is placed where it
hides no other, and the bearings every 30 degrees are the ones players deploy by. The picture is
drawn for the size Discord shows it (`SHOWN`): landscape, every label at least `LEGIBLE` px tall
there; the log the bot's message carries as text is not repeated, nor each model's status (its tag
says it). Sizes are canvas pixels on the supersampled canvas (see `renderers.common`).
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
    ink_on,
    labels,
    path_icon,
    place_tag,
    place_text,
    placing_lines,
    player_colour,
    shade,
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

INCH = 16 * SUPERSAMPLE
BOARD_INCHES = 48
SHOWN_INCHES = 36
"""Inches of the table shown: the Pigsty's 30" and a margin for the bearings round it."""
BOARD = InchBoard(SHOWN_INCHES, INCH, origin=(BOARD_INCHES - SHOWN_INCHES) // 2, left=42 * SUPERSAMPLE,
                  top=12 * SUPERSAMPLE, label_band=36 * SUPERSAMPLE)
COLUMN = Column(BOARD.right, BOARD.top, BOARD.key_room)
"""The players in turn order and the key round the table."""
TAG_TEXT = 17 * SUPERSAMPLE
"""A model's tag: 1.25 times its text's size tall."""
BEARING_REACH = (1.5, 1.3, 1.7, 1.1)
"""Inches outside the fence a bearing may be written at, best first (clear of the inch marks)."""
LINE = SUPERSAMPLE
HALF_BASE = 25 / 25.4 / 2

OUTSIDE: RGB = (96, 120, 74)
OUTSIDE_GRID: RGB = (84, 106, 64)
MUD: RGB = (150, 112, 76)
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

STAGES: dict[Stage, str] = {Stage.START: "starting", Stage.MOVEMENT: "Movement", Stage.GREASE: "Grease Toss",
                            Stage.ACTION: "Action", Stage.PIG: "the Pig", Stage.END: "ending"}
STANCE_TAGS: dict[Stance, str] = {Stance.SHOVE: "SV", Stance.SHOO: "SH", Stance.FIRE: "FI"}
BEARINGS_EVERY = 30
"""Degrees between the labelled bearings round the Pigsty (a tick every 10)."""


at = BOARD.at
box = BOARD.box


def render(view: FlyingPigsView, recent: Sequence[str] = ()) -> bytes:
    """The board, its key and the side panel of a Flying Pigs view as PNG bytes. `recent` (the newest
    log lines) is not drawn: the bot's message carries it as text."""
    lines = panel_lines(view)
    laid = COLUMN.lay(lines, _key(view))
    canvas = base_canvas(("flying-pigs", view.pigsty), laid.size, lambda draw: _draw_ground(draw, view.pigsty))
    draw = ImageDraw.Draw(canvas)
    for t in sorted(view.terrain, key=lambda t: (t.kind, t.x, t.y)):
        (_draw_field if t.kind == "field" else _draw_rock)(draw, t)
    _draw_kitchen(draw, view)
    _draw_paths(draw, view.paths)
    placed = [m for m in view.models if m.placed]
    for model in sorted(placed, key=lambda m: m.id):
        _draw_model(draw, model, waiting=model.owner in view.waiting_for)
    _draw_tags(draw, placed)
    COLUMN.draw(draw, lines, laid)
    return encode_png(canvas)


# -- the table -----------------------------------------------------------------------------------


def _draw_ground(draw: Draw, pigsty: float) -> None:
    """Grass outside, the muddy Pigsty fenced in a circle, a faint inch grid and a strong line every
    6", and the bearings round the fence."""
    BOARD.fill(draw, OUTSIDE)
    centre = BOARD_INCHES / 2
    r = pigsty
    draw.ellipse(box(centre, centre, r, r), fill=MUD)
    BOARD.grid(draw, OUTSIDE_GRID, SIX_LINE, line=LINE, strong_last=True)
    draw.ellipse(box(centre, centre, r, r), outline=FENCE_WOOD, width=6 * LINE)
    BOARD.edge(draw, FENCE_WOOD, 4 * LINE)
    BOARD.labels(draw, size=SHOWN_TEXT)
    _draw_bearings(draw, pigsty)


def _draw_bearings(draw: Draw, pigsty: float) -> None:
    """A tick every 10 degrees outside the fence and the bearing every 30, measured from the centre
    as deploying does: 0 east, 90 north, counter-clockwise; each written where it hides no inch mark."""
    centre = BOARD_INCHES / 2
    face = font(SHOWN_TEXT)
    for degrees in range(0, 360, 10):
        ux, uy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        long = degrees % BEARINGS_EVERY == 0
        inner, outer = pigsty + 0.15, pigsty + (0.75 if long else 0.45)
        draw.line((*at(centre + ux * inner, centre + uy * inner), *at(centre + ux * outer, centre + uy * outer)),
                  fill=INK, width=(2 if long else 1) * LINE)
        if long:
            spots = [at(centre + ux * (pigsty + reach), centre + uy * (pigsty + reach)) for reach in BEARING_REACH]
            place_text(draw, spots, f"{degrees}°", face)


def _draw_kitchen(draw: Draw, view: FlyingPigsView) -> None:
    """A tiled square with a cooking fire in the middle (the key names it)."""
    c = BOARD_INCHES / 2
    half = view.kitchen / 2
    draw.rectangle(box(c, c, half, half), fill=KITCHEN_TILE, outline=INK, width=3 * LINE)
    for k in (-0.5, 0.5):
        draw.line((*at(c + k, c - half), *at(c + k, c + half)), fill=shade(KITCHEN_TILE, 0.8), width=LINE)
        draw.line((*at(c - half, c + k), *at(c + half, c + k)), fill=shade(KITCHEN_TILE, 0.8), width=LINE)
    draw.ellipse(box(c, c - 0.3, 0.7, 0.45), fill=KITCHEN_DARK, outline=INK, width=LINE)
    draw.polygon([at(c - 0.45, c - 0.3), at(c, c + 0.8), at(c + 0.45, c - 0.3)], fill=FIRE, outline=INK)


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


def _base(model: ModelView) -> Box:
    return box(model.x, model.y, HALF_BASE, HALF_BASE)


def _draw_model(draw: Draw, model: ModelView, *, waiting: bool) -> None:
    """The base at true size in its owner's colour: an Orc square, a Pig round-cornered with a
    snout, a burning model in a ring of flame, a model of the player to act on a gold ring. Its
    tag is placed later (`_draw_tags`)."""
    colour = player_colour(model.colour)
    left, top, right, bottom = _base(model)
    cx, cy, side = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
    if waiting:
        ring = side + 5 * SUPERSAMPLE
        draw.ellipse((cx - ring * 1.25, cy - ring * 1.25, cx + ring * 1.25, cy + ring * 1.25), fill=ACCENT,
                     outline=INK, width=LINE)
    if model.fire:
        flame = side * 1.9
        draw.ellipse((cx - flame, cy - flame, cx + flame, cy + flame), fill=FIRE)
    if model.kind is Kind.PIG:
        _pig(draw, (left, top, right, bottom), colour)
    else:
        draw.rectangle((left, top, right, bottom), fill=colour, outline=INK, width=3 * LINE)


def _pig(draw: Draw, rect: Box, colour: RGB) -> None:
    left, top, right, bottom = rect
    cx, cy, side = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
    draw.rounded_rectangle(rect, radius=side * 0.7, fill=colour, outline=INK, width=3 * LINE)
    draw.ellipse((cx - side * 0.45, cy - side * 0.3, cx + side * 0.45, cy + side * 0.3), fill=PIG_SNOUT,
                 outline=INK, width=LINE)


def _status(model: ModelView) -> list[Chip]:
    """What a model's tag says after its id: Grease Markers, fire, Shrooms and its ready action."""
    chips = []
    if model.grease:
        chips.append(Chip(f"G{model.grease}", GREASE))
    if model.fire:
        chips.append(Chip("F", FIRE))
    if model.shrooms:
        chips.append(Chip("S", SHROOM))
    if model.stance is not None and not model.stance_used:
        chips.append(Chip(STANCE_TAGS[model.stance], TEXT))
    return chips


def _draw_tags(draw: Draw, placed: Sequence[ModelView]) -> None:
    """Each model's tag (its id in its owner's colour, then its status), put where it hides no other
    label and, where there is room, no base."""
    sheet = labels()
    for model in placed:
        sheet.keep_clear(_base(model))
    face = font(TAG_TEXT)
    within = (BOARD.left, BOARD.top, BOARD.right, BOARD.bottom)
    for model in sorted(placed, key=lambda m: m.id):
        chips = [Chip(model.id, player_colour(model.colour)), *_status(model)]
        place_tag(draw, _base(model), chips, face, gap=3 * SUPERSAMPLE, within=within)


# -- the key ------------------------------------------------------------------------------------------


def _key(view: FlyingPigsView) -> list[KeyEntry]:
    """What the symbols on this board mean: only those it shows, so the key stays short; the long
    entries first, as they fit the row under the table (the short ones pair up beside it). The
    Kitchen is the square in the middle, and the bearings say they are degrees."""
    placed = [m for m in view.models if m.placed]
    kinds = {t.kind for t in view.terrain}
    entries: list[KeyEntry] = []
    if any(m.kind is Kind.ORC for m in placed):
        entries.append(KeyEntry(_orc_icon, "1a, 1b: player 1's Orcs"))
    if any(m.kind is Kind.PIG for m in placed):
        entries.append(KeyEntry(_pig_icon, "1p: their Pig"))
    if "field" in kinds:
        entries.append(KeyEntry(_field_icon, "Mushroom Field: Shrooms"))
    codes = {chip.text[0] if chip.text.startswith("G") else chip.text for m in placed for chip in _status(m)}
    for code, fill, meaning in STATUS_KEY:
        if code in codes:
            entries.append(KeyEntry(partial(_chip_icon, text=code if code != "G" else "G2", fill=fill), meaning))
    if "rock" in kinds:
        entries.append(KeyEntry(_rock_icon, "rock: blocks"))
    if any(m.owner in view.waiting_for for m in placed):
        entries.append(KeyEntry(_waiting_icon, "to play"))
    if any(p.random for p in view.paths):
        entries.append(KeyEntry(partial(path_icon, colour=ACCENT), "Random Move"))
    if any(not p.random for p in view.paths):
        entries.append(KeyEntry(partial(path_icon, colour=TEXT), "walked"))
    return entries


STATUS_KEY: tuple[tuple[str, RGB, str], ...] = (
    ("F", FIRE, "on fire: flies on a Random Move"),
    ("G", GREASE, "Grease Markers"),
    ("S", SHROOM, "Shrooms"),
    ("SV", TEXT, "Shove ready"),
    ("SH", TEXT, "Shoo! ready"),
    ("FI", TEXT, "Fire it up! ready"),
)


def _orc_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.3, -0.3, 0.3, 0.3), fill=player_colour(0), outline=INK, width=2 * LINE)


def _pig_icon(draw: Draw, f: Frame) -> None:
    _pig(draw, f.box(-0.3, -0.3, 0.3, 0.3), player_colour(0))


def _chip_icon(draw: Draw, f: Frame, *, text: str, fill: RGB) -> None:
    """A tag's chip as the key shows it: a picture, not a label of the board."""
    draw.rounded_rectangle(f.box(-0.5, -0.3, 0.5, 0.3), radius=0.12 * f.size, fill=fill, outline=INK, width=LINE)
    bold_text(draw, f.at(0, 0), text, font(round(f.size * 0.42)), fill=ink_on(fill), anchor="mm", label=False)


def _waiting_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0, 0, 0.48, 0.48), fill=ACCENT, outline=INK, width=LINE)
    draw.rectangle(f.box(-0.25, -0.25, 0.25, 0.25), fill=MUTED, outline=INK, width=2 * LINE)


def _rock_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.3, -0.3, 0.3, 0.3), fill=ROCK, outline=INK, width=2 * LINE)


def _field_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.45, -0.45, 0.45, 0.45), fill=FIELD, outline=INK, width=LINE)
    for u, v in ((-0.2, -0.1), (0.2, 0.15)):
        draw.pieslice(f.box(u - 0.15, v - 0.12, u + 0.15, v + 0.12), 180, 360, fill=CAP, outline=INK)


# -- the side panel ----------------------------------------------------------------------------------


def _entrants(view: FlyingPigsView) -> dict[str, Entrant]:
    return {p: Entrant(view.names.get(p, p), view.colours.get(p, 0)) for p in view.names}


TURN_TEXT = 30 * SUPERSAMPLE
"""Where the game stands, under the game's name."""
TITLE_TEXT = 34 * SUPERSAMPLE


def _turn_lines(view: FlyingPigsView) -> list[PanelLine]:
    """Where the game is: a Game Turn is one Player Turn each, in the order of the Pigtoss (whose
    Player Turn it is has the pointer in the order below), and the step of that Player Turn."""
    if view.phase is not Phase.TURNS:
        phase = {Phase.DEPLOY: "Deployment", Phase.PIGTOSS: "Pigtoss", Phase.OVER: "Game over"}[view.phase]
        return [PanelLine(phase, size=TURN_TEXT)]
    game_turn = (view.turn - 1) // max(1, len(view.order)) + 1
    step = f" · {STAGES[view.stage]}" if view.active is not None else ""
    return [PanelLine(f"Game Turn {game_turn}{step}", size=TURN_TEXT)]


def panel_lines(view: FlyingPigsView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The side panel: where the game is, the players in turn order with how far each Pig is from
    the Kitchen or, once the game is over, the placings instead. `recent` (the newest log lines, which every game's panel is
    handed) is not shown, nor the Feats: the bot's message carries the log as text, and a column as
    short as Discord's picture has no room for a list that grows. Each model's status is on its tag."""
    lines = [PanelLine("Flying Pigs", size=TITLE_TEXT, colour=ACCENT), *_turn_lines(view)]
    if view.pending is not None:
        lines.append(PanelLine(f"Reaction: {view.pending.orc} {view.pending.stance.label} on {view.pending.target}",
                               size=SHOWN_TEXT, colour=ACCENT))
    if view.placings is not None:
        return [*lines, *placing_lines(view.placings, _entrants(view), size=SHOWN_TEXT)]
    lines.append(heading("Order · Pig to the Kitchen", SHOWN_TEXT))
    for player in view.order:
        pig = next((m for m in view.models if m.owner == player and m.kind is Kind.PIG), None)
        note = ""
        if pig is not None and pig.placed:
            gap = max(0.0, max(abs(pig.x - 24.0), abs(pig.y - 24.0)) - view.kitchen / 2 - HALF_BASE)
            note = f'{gap:.1f}"'
        lines.append(PanelLine(view.names.get(player, player), size=SHOWN_TEXT,
                               swatch=player_colour(view.colours.get(player, 0)), marked=player == view.active,
                               note=note, note_size=SHOWN_TEXT))
    return lines
