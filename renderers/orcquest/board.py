"""What changes on the Quest map, square by square, drawn over the kept ground for each picture: the
furniture still standing (and the wreck of what was smashed), the doors open, closed or smashed,
the Chickens and the Totem, the Danger Zones tinted red, and the fog over every Room not explored.

The fog is drawn over the whole Room, opaque, after everything of its inside, and nothing standing
in an unexplored Room is drawn at all (`hidden`): its furniture and the Totem are part of the kept
ground and the view, but the picture shows none of them until the Room is explored."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.common import INK, TEXT, Frame, font, outlined_text, shade
from renderers.orcquest.ground import edge_segment, room_box
from renderers.orcquest.layout import (
    BOARD,
    CLOUD,
    DANGER,
    DOOR,
    FIELD,
    FOG,
    HIGH,
    LINE,
    LOW,
    Box,
)
from rules.core.grid import Square
from rules.orcquest.data import FARM, DoorSpec, Furniture
from rules.orcquest.geometry import Figure, Scene, danger_zones
from rules.orcquest.models import QuestView

Draw = ImageDraw.ImageDraw
FOG_TEXT = 64 * LINE
"""The question mark on an unexplored Room."""


def unexplored_rooms(view: QuestView) -> list[str]:
    return sorted({room for room in FARM.rooms.values() if room not in view.explored})


def hidden(view: QuestView, square: Square) -> bool:
    """Whether `square` lies in a Room not explored yet: nothing there is drawn."""
    room = FARM.rooms.get(square)
    return room is not None and room not in view.explored


def scene_of(view: QuestView) -> Scene:
    """The geometry's picture of the view, as the engine builds it from its state (`rules.orcquest.board`)."""
    return Scene(
        layout=FARM, open_doors=frozenset((*view.open_doors, *view.destroyed_doors)),
        furniture=frozenset(view.furniture),
        heroes={h.square: h.code for h in view.heroes if h.on_board and h.square is not None},
        enemies={e.square: Figure(e.facing, e.menacing) for e in view.enemies},
        dead=frozenset(h.square for h in view.heroes if h.dead and h.square is not None))


def danger_squares(view: QuestView) -> list[Square]:
    """The squares in a live Danger Zone (L304, L415) that the picture may show."""
    return sorted(s for s in danger_zones(scene_of(view)) if not hidden(view, s))


def draw_changes(draw: Draw, view: QuestView) -> None:
    """Furniture, tokens, Danger Zones, the fog, then the doors (on the Rooms' edges, over the fog)."""
    for piece in FARM.furniture:
        if not any(hidden(view, s) for s in piece.squares):
            _furniture(draw, piece, standing=piece.code in view.furniture)
    for token in sorted(view.tokens, key=lambda t: t.square):
        if not hidden(view, token.square):
            (chicken_icon if token.kind == "chicken" else totem_icon)(draw, BOARD.frame(token.square))
    for square in danger_squares(view):
        tint(draw, BOARD.cell(square))
    if "A" not in view.explored:
        _unexplored_zone(draw)
    for room in unexplored_rooms(view):
        fog(draw, room_box(room))
    if view.bell_rung:
        _rung(draw, BOARD.frame(FARM.bell))
    for door in FARM.doors:
        state = "smashed" if door.code in view.destroyed_doors else "open" if door.code in view.open_doors else "closed"
        for a, b in door.edges:
            _door(draw, door, a, b, state)


# -- furniture and tokens ----------------------------------------------------------------------------

def _piece_box(piece: Furniture) -> Box:
    cells = [BOARD.cell(s) for s in piece.squares]
    inset = 0.12 * BOARD.square
    return (min(c[0] for c in cells) + inset, min(c[1] for c in cells) + inset,
            max(c[2] for c in cells) - inset, max(c[3] for c in cells) - inset)


def _furniture(draw: Draw, piece: Furniture, *, standing: bool) -> None:
    """High furniture (it blocks sight) a dark cupboard, low furniture a light table; a smashed piece
    a scatter of planks."""
    left, top, right, bottom = _piece_box(piece)
    if not standing:
        for k, (u, v) in enumerate(((0.2, 0.3), (0.55, 0.6), (0.35, 0.75), (0.7, 0.25))):
            x, y = left + u * (right - left), top + v * (bottom - top)
            dx, dy = (0.18 * BOARD.square, 0.06 * BOARD.square) if k % 2 else (0.06 * BOARD.square, 0.16 * BOARD.square)
            draw.line((x - dx, y - dy, x + dx, y + dy), fill=shade(LOW, 0.7), width=4 * LINE)
        return
    fill = HIGH if piece.high else LOW
    draw.rectangle((left, top, right, bottom), fill=fill, outline=INK, width=2 * LINE)
    if piece.high:  # the top of a tall piece, lit from the north-west
        draw.rectangle((left + 5 * LINE, top + 5 * LINE, right - 5 * LINE, bottom - 5 * LINE),
                       outline=shade(HIGH, 1.6), width=2 * LINE)
        draw.line((left, top, right, bottom), fill=shade(HIGH, 0.6), width=2 * LINE)
        draw.line((left, bottom, right, top), fill=shade(HIGH, 0.6), width=2 * LINE)
        return
    wide = right - left >= bottom - top
    for k in (1, 2):  # planks
        if wide:
            y = top + k * (bottom - top) / 3
            draw.line((left + 3 * LINE, y, right - 3 * LINE, y), fill=shade(LOW, 0.75), width=LINE)
        else:
            x = left + k * (right - left) / 3
            draw.line((x, top + 3 * LINE, x, bottom - 3 * LINE), fill=shade(LOW, 0.75), width=LINE)


def chicken_icon(draw: Draw, f: Frame) -> None:
    """A Chicken token (L501): a white hen with a red comb."""
    draw.ellipse(f.oval(0.02, 0.08, 0.3, 0.22), fill=(245, 242, 230), outline=INK, width=2 * LINE)
    draw.ellipse(f.oval(-0.2, -0.14, 0.13, 0.13), fill=(245, 242, 230), outline=INK, width=2 * LINE)
    draw.polygon([f.at(-0.32, -0.16), f.at(-0.44, -0.1), f.at(-0.32, -0.06)], fill=(240, 180, 40), outline=INK)
    draw.ellipse(f.oval(-0.2, -0.3, 0.07, 0.06), fill=(220, 40, 40))


def totem_icon(draw: Draw, f: Frame) -> None:
    """The Totem (Quest 1's Objective): a carved pole with a face."""
    draw.rounded_rectangle(f.box(-0.16, -0.42, 0.16, 0.42), radius=0.06 * f.size, fill=(196, 60, 48), outline=INK,
                           width=2 * LINE)
    draw.polygon([f.at(-0.34, -0.3), f.at(0, -0.46), f.at(0.34, -0.3), f.at(0, -0.2)], fill=(240, 200, 60),
                 outline=INK)
    for u in (-0.07, 0.07):
        draw.ellipse(f.oval(u, -0.05, 0.035, 0.035), fill=INK)
    draw.line((f.at(-0.08, 0.12), f.at(0.08, 0.12)), fill=INK, width=2 * LINE)


def face_down_icon(draw: Draw, f: Frame) -> None:
    """Presence tokens face down (L256, L494): a little stack of round tokens showing their backs."""
    for k in range(3):
        u, v = -0.14 + 0.14 * k, 0.14 - 0.14 * k
        draw.ellipse(f.oval(u, v, 0.3, 0.22), fill=shade(CLOUD, 1.5 - 0.15 * k), outline=INK, width=2 * LINE)


# -- zones, fog and doors -----------------------------------------------------------------------------

def tint(draw: Draw, box: Box) -> None:
    """A Danger Zone: the square washed red and framed in red, whatever its ground."""
    image: Image.Image = draw._image  # type: ignore[attr-defined]
    area = tuple(round(v) for v in box)
    part = image.crop(area)
    image.paste(Image.blend(part, Image.new("RGB", part.size, DANGER), 0.42), area[:2])
    inset = 3 * LINE
    draw.rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), outline=DANGER, width=3 * LINE)


def fog(draw: Draw, box: Box, *, mark: bool = True) -> None:
    """An unexplored Room: dark cloud over the whole of it, inside its walls, and a question mark."""
    inset = 4 * LINE
    left, top, right, bottom = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    draw.rectangle((left, top, right, bottom), fill=FOG)
    width, height = right - left, bottom - top
    for k, (u, v, r) in enumerate(((0.2, 0.25, 0.16), (0.55, 0.2, 0.2), (0.8, 0.45, 0.15), (0.3, 0.7, 0.18),
                                   (0.7, 0.78, 0.17), (0.5, 0.5, 0.12))):
        cx, cy, rx = left + u * width, top + v * height, r * width
        draw.ellipse((cx - rx, cy - 0.5 * rx, cx + rx, cy + 0.5 * rx), fill=shade(CLOUD, 1 + 0.05 * (k % 3)))
    if mark:
        outlined_text(draw, ((left + right) / 2, (top + bottom) / 2), "?", font(FOG_TEXT), TEXT, INK, anchor="mm")


def _rung(draw: Draw, f: Frame) -> None:
    """The Bell once rung (L812-816): its sound rings round it."""
    for r in (0.44, 0.56):
        for start in (300, 120):
            draw.arc(f.oval(0, 0, r, r), start, start + 60, fill=INK, width=4 * LINE)
            draw.arc(f.oval(0, 0, r, r), start, start + 60, fill=(255, 236, 140), width=2 * LINE)


def _unexplored_zone(draw: Draw) -> None:
    """Spawn Zone A while it waits to be explored: its field ringed with a dashed light line."""
    cells = [BOARD.cell(s) for s in FARM.zones["A"]]
    left, top = min(c[0] for c in cells), min(c[1] for c in cells)
    right, bottom = max(c[2] for c in cells), max(c[3] for c in cells)
    draw.rectangle((left + 2 * LINE, top + 2 * LINE, right - 2 * LINE, bottom - 2 * LINE),
                   outline=shade(FIELD, 1.3), width=3 * LINE)


def _door(draw: Draw, door: DoorSpec, a: Square, b: Square, state: str) -> None:
    """A door on the edge between `a` and `b`: a plank across it when closed; when open, its posts at
    the doorway's ends and its leaf swung back against the wall inside (a figure in the doorway hides
    no part of it); in splinters when smashed."""
    (x0, y0), (x1, y1) = edge_segment(a, b)
    along = (x1 - x0, y1 - y0)
    length = (along[0] ** 2 + along[1] ** 2) ** 0.5
    ux, uy = along[0] / length, along[1] / length
    nx, ny = -uy, ux  # across the edge
    inside = b if b in FARM.rooms else a
    centre = BOARD.frame(inside)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if (centre.cx - mx) * nx + (centre.cy - my) * ny < 0:
        nx, ny = -nx, -ny
    thick = 0.2 * BOARD.square
    if state == "closed":
        ends = (x0 + ux * 0.08 * length, y0 + uy * 0.08 * length, x1 - ux * 0.08 * length, y1 - uy * 0.08 * length)
        _plank(draw, ends, thick)
        draw.line(ends, fill=shade(DOOR, 0.6), width=2 * LINE)
        return
    if state == "open":  # swung back against the wall inside, clear of the doorway
        inward = (nx * thick * 0.7, ny * thick * 0.7)
        _plank(draw, (x0 + inward[0], y0 + inward[1], x0 - ux * 0.75 * length + inward[0],
                      y0 - uy * 0.75 * length + inward[1]), thick * 0.8)
        for x, y in ((x0, y0), (x1, y1)):
            draw.rectangle((x - thick * 0.45, y - thick * 0.45, x + thick * 0.45, y + thick * 0.45), fill=DOOR,
                           outline=INK, width=2 * LINE)
        return
    for k, (s, t) in enumerate(((0.12, 0.3), (0.55, 0.85))):
        px, py = x0 + ux * s * length + nx * 0.12 * length, y0 + uy * s * length + ny * 0.12 * length
        qx, qy = x0 + ux * t * length + nx * (0.3 if k else 0.05) * length, y0 + uy * t * length + ny * (
            0.3 if k else 0.05) * length
        _plank(draw, (px, py, qx, qy), thick * 0.6)


def _plank(draw: Draw, ends: tuple[float, float, float, float], thick: float) -> None:
    draw.line(ends, fill=INK, width=round(thick + 4 * LINE))
    draw.line(ends, fill=DOOR, width=round(thick))


__all__ = ["danger_squares", "draw_changes", "fog", "hidden", "scene_of", "tint", "unexplored_rooms"]
