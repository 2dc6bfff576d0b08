"""The Brood Rumble board: a 24x24" field with an inch grid, terrain, Barrels, both teams, the
fights in progress, and beside it a column with the teams and the key.

Drawn from a view only, so the channel's picture (the public view) cannot show a hidden attack.
Everything is at true scale, bases included, because contact is what the players argue about.
The picture is drawn for the size Discord shows it (`SHOWN`, about 550 px wide): landscape, every
label at least `LEGIBLE` px tall there. What the bot's message says as text (the log of what just
happened) is not repeated, and HP, Knocked Down and Items are on each Orc's tag, not listed again.
Sizes are canvas pixels on the supersampled canvas (see `renderers.common`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
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
    Frame,
    KeyEntry,
    PanelLine,
    base_canvas,
    bold_text,
    dashed,
    encode_png,
    font,
    heading,
    ink_on,
    labels,
    place_tag,
    place_text,
    player_colour,
    polygon,
    shade,
)
from renderers.kits.inch_board import InchBoard
from rules.orclympics.brood_rumble.models import (
    XY,
    Barrel,
    BroodRumbleView,
    Edge,
    FeatureKind,
    FeatureView,
    Item,
    OrcView,
    Phase,
    TeamView,
)

SLUG = "brood-rumble"
"""The game whose views this module draws."""

INCH = 25 * SUPERSAMPLE
BOARD_INCHES = 24
BOARD = InchBoard(BOARD_INCHES, INCH, left=42 * SUPERSAMPLE, top=12 * SUPERSAMPLE, label_band=36 * SUPERSAMPLE)
FENCE = 6 * SUPERSAMPLE
COLUMN = Column(BOARD.right, BOARD.top, BOARD.key_room, gap=26 * SUPERSAMPLE)
"""The teams and the key round the field (the gap leaves room for the last inch mark)."""
LINE = SUPERSAMPLE
TAG_TEXT = 17 * SUPERSAMPLE
"""The tags of Orcs and Barrels: a tag is 1.25 times its text's size tall. An Orc's id is on its tag,
not in its base: a legible id is wider than the 25 mm base at this scale."""
FEATURE_TEXT = 24 * SUPERSAMPLE
"""A feature's id, outlined."""

GROUND: RGB = (176, 146, 104)
GRID: RGB = (150, 122, 84)
GRID_SIX: RGB = (112, 88, 58)
FENCE_WOOD: RGB = (74, 50, 30)
WOOD: RGB = (160, 108, 58)
WOOD_DARK: RGB = (98, 62, 32)
STONE: RGB = (150, 146, 138)
STONE_DARK: RGB = (92, 88, 82)
RUBBLE: RGB = (120, 98, 72)
HAZARD: RGB = (232, 106, 32)
HAZARD_DARK: RGB = (120, 40, 16)
BARREL_WOOD: RGB = (150, 92, 44)
HOOP: RGB = (60, 58, 56)
PARCHMENT: RGB = (246, 236, 210)
KNOCKED_DOWN: RGB = (200, 30, 40)
FIGHT: RGB = (255, 64, 64)
PIT_DEPTHS: tuple[RGB, ...] = ((84, 70, 58), (52, 40, 30), (30, 22, 16), (12, 8, 6))

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]

PHASES: dict[Phase, str] = {Phase.TERRAIN: "Setting up", Phase.DEPLOYMENT: "Deployment",
                            Phase.ACTIVATION: "Activations", Phase.COMBAT: "Fights", Phase.OVER: "Game over"}
ITEM_TAGS: dict[Item, str] = {Item.KNUCKLE_DUSTERS: "D", Item.OLD_HELMET: "H"}


at = BOARD.at
box = BOARD.box


def render(view: BroodRumbleView, recent: Sequence[str] = ()) -> bytes:
    """The board, and beside it the panel and the key, of a Brood Rumble view as PNG bytes. `recent`
    (the newest log lines) is not drawn: the bot's message carries it as text."""
    lines = panel_lines(view)
    laid = COLUMN.lay(lines, _key(view))
    canvas = base_canvas("brood-rumble", laid.size, _draw_ground)
    draw = ImageDraw.Draw(canvas)
    _draw_edges(draw, view)
    for feature in sorted(view.features, key=lambda f: f.id):
        FEATURES[feature.kind](draw, feature)
    _draw_trail(draw, view.trail)
    for barrel in sorted(view.barrels, key=lambda b: b.id):
        _draw_barrel(draw, barrel)
    standing = _standing(view)
    fighting = {orc for pair in view.engaged for orc in pair}
    for orc in sorted(standing, key=lambda o: (o.knocked_down is False, o.id)):
        _draw_orc(draw, orc, active=orc.id == view.active, engaged=orc.id in fighting)
    _draw_fights(draw, view)
    _draw_tags(draw, view, standing)
    COLUMN.draw(draw, lines, laid)
    return encode_png(canvas)


def _standing(view: BroodRumbleView) -> list[OrcView]:
    return [o for o in view.orcs if not o.out and o.x is not None and o.y is not None]


# -- the field --------------------------------------------------------------------------------


def _draw_ground(draw: Draw) -> None:
    """Packed earth in a wooden fence, a faint line every inch and a strong one every 6"."""
    BOARD.fence(draw, FENCE_WOOD, FENCE)
    BOARD.fill(draw, GROUND)
    BOARD.grid(draw, GRID, GRID_SIX, line=LINE)
    BOARD.labels(draw, fence=FENCE, size=SHOWN_TEXT)


def _draw_edges(draw: Draw, view: BroodRumbleView) -> None:
    """Each team's deployment edge as a band in its colour along the fence."""
    band = 5 * SUPERSAMPLE
    for team in sorted(view.teams, key=lambda t: t.id):
        if team.edge is None:
            continue
        colour = player_colour(team.colour)
        left, top = at(0, BOARD_INCHES)
        right, bottom = at(BOARD_INCHES, 0)
        rect = {Edge.NORTH: (left, top - FENCE, right, top - FENCE + band),
                Edge.SOUTH: (left, bottom + FENCE - band, right, bottom + FENCE),
                Edge.WEST: (left - FENCE, top, left - FENCE + band, bottom),
                Edge.EAST: (right + FENCE - band, top, right + FENCE, bottom)}[team.edge]
        draw.rectangle(rect, fill=colour)


# -- terrain ------------------------------------------------------------------------------------


def _draw_pit(draw: Draw, f: FeatureView) -> None:
    """A hole darkening towards its bottom, ringed with stones."""
    r = f.width / 2
    draw.ellipse(box(f.x, f.y, r, r), fill=PIT_DEPTHS[0], outline=INK, width=2 * LINE)
    for depth, colour in enumerate(PIT_DEPTHS[1:], start=1):
        inner = r * (1 - 0.22 * depth)
        draw.ellipse(box(f.x, f.y - 0.05 * depth, inner, inner), fill=colour)
    for k in range(12):
        angle = k * math.tau / 12 + 0.2
        size = 0.11 + 0.04 * (k % 3)
        draw.ellipse(box(f.x + math.cos(angle) * r * 0.94, f.y + math.sin(angle) * r * 0.94, size, size * 0.8),
                     fill=STONE, outline=INK)


def _draw_dangerous(draw: Draw, f: FeatureView) -> None:
    """Ground strewn with spikes: hazard stripes and a warning mark."""
    rect = box(f.x, f.y, f.width / 2, f.height / 2)
    draw.rectangle(rect, fill=shade(HAZARD, 0.8))
    left, top, right, bottom = rect
    step = INCH * 0.6
    k = left - (bottom - top)
    while k < right:
        stripe = [(max(left, k), min(bottom, bottom - (left - k)) if k < left else bottom),
                  (k + step / 2, bottom), (k + step / 2 + (bottom - top), top), (k + (bottom - top), top)]
        draw.polygon([(min(max(px, left), right), py) for px, py in stripe], fill=HAZARD_DARK)
        k += step
    draw.rectangle(rect, outline=INK, width=2 * LINE)
    for u, v in ((-0.8, -0.7), (0.7, -0.6), (-0.6, 0.75), (0.8, 0.8), (0.0, -0.2)):
        cx, cy = at(f.x + u, f.y + v)
        spike = INCH * 0.18
        draw.polygon([(cx - spike, cy + spike * 0.6), (cx, cy - spike), (cx + spike, cy + spike * 0.6)],
                     fill=STONE, outline=INK)


def _draw_platform(draw: Draw, f: FeatureView) -> None:
    """A raised plank deck with a shadow, so it reads as higher than the ground."""
    hw, hh = f.width / 2, f.height / 2
    left, top, right, bottom = box(f.x, f.y, hw, hh)
    lift = INCH * 0.22
    draw.rectangle((left + lift, top + lift, right + lift, bottom + lift), fill=shade(GROUND, 0.55))
    planks = 5
    plank = (right - left) / planks
    for k in range(planks):
        tone = shade(WOOD, 1.0 + 0.07 * ((k * 3) % 4 - 1.5))
        draw.rectangle((left + k * plank, top, left + (k + 1) * plank, bottom), fill=tone, outline=WOOD_DARK,
                       width=LINE)
    draw.rectangle((left, top, right, bottom), outline=INK, width=2 * LINE)


def _draw_cover(draw: Draw, f: FeatureView) -> None:
    """A low stone wall."""
    left, top, right, bottom = box(f.x, f.y, f.width / 2, f.height / 2)
    draw.rectangle((left, top, right, bottom), fill=STONE, outline=INK, width=2 * LINE)
    rows = 2
    brick = INCH * 0.6
    for row in range(rows):
        y0 = top + row * (bottom - top) / rows
        draw.line((left, y0, right, y0), fill=STONE_DARK, width=LINE)
        x = left + (brick / 2 if row % 2 else 0)
        while x < right:
            draw.line((x, y0, x, y0 + (bottom - top) / rows), fill=STONE_DARK, width=LINE)
            x += brick


def _draw_mound(draw: Draw, f: FeatureView) -> None:
    """A heap of junk: a rubble disc with stones, planks and a glint of metal."""
    r = f.width / 2
    draw.ellipse(box(f.x, f.y - 0.08, r, r), fill=shade(RUBBLE, 0.6))
    draw.ellipse(box(f.x, f.y, r, r), fill=RUBBLE, outline=INK, width=2 * LINE)
    for k in range(9):
        angle = k * 2.4
        d = r * (0.25 + 0.5 * ((k * 7) % 5) / 5)
        size = 0.16 + 0.05 * (k % 3)
        draw.ellipse(box(f.x + math.cos(angle) * d, f.y + math.sin(angle) * d, size, size * 0.75),
                     fill=STONE if k % 2 else STONE_DARK, outline=INK)
    draw.line((*at(f.x - r * 0.5, f.y - r * 0.2), *at(f.x + r * 0.3, f.y + r * 0.45)), fill=WOOD_DARK,
              width=round(INCH * 0.16))
    draw.ellipse(box(f.x + r * 0.35, f.y - r * 0.35, 0.12, 0.12), fill=(210, 214, 220), outline=INK)


FEATURES: dict[FeatureKind, Callable[[Draw, FeatureView], None]] = {
    FeatureKind.PIT: _draw_pit,
    FeatureKind.DANGEROUS: _draw_dangerous,
    FeatureKind.PLATFORM: _draw_platform,
    FeatureKind.COVER: _draw_cover,
    FeatureKind.MOUND: _draw_mound,
}


def _feature_label(draw: Draw, f: FeatureView) -> None:
    """The feature's id, so players can name it (the key says what kind it is): inside its lower
    edge, or its upper edge, or its middle, or just outside, wherever no other label is."""
    inside = f.height / 2 - 0.32
    spots = [(f.x, f.y - inside), (f.x, f.y + inside), (f.x, f.y), (f.x, f.y - f.height / 2 - 0.35),
             (f.x, f.y + f.height / 2 + 0.35)]
    place_text(draw, [at(x, y) for x, y in spots], f.id, font(FEATURE_TEXT))


# -- Barrels, paths and fights ---------------------------------------------------------------------


BARREL_RADIUS = 20 / 25.4 / 2
"""A Barrel's footprint: a 20 mm round base."""


def _draw_barrel(draw: Draw, barrel: Barrel) -> None:
    """A small keg seen from above: staves, two hoops and a bung."""
    _keg(draw, box(barrel.x, barrel.y, BARREL_RADIUS, BARREL_RADIUS))


def _keg(draw: Draw, rect: Box) -> None:
    left, top, right, bottom = rect
    cx, cy, r = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
    draw.ellipse(rect, fill=BARREL_WOOD, outline=INK, width=2 * LINE)
    draw.ellipse((cx - r * 0.72, cy - r * 0.72, cx + r * 0.72, cy + r * 0.72), outline=HOOP, width=2 * LINE)
    draw.ellipse((cx - r * 0.2, cy - r * 0.2, cx + r * 0.2, cy + r * 0.2), fill=WOOD_DARK)


def _draw_trail(draw: Draw, trail: list[list[XY]]) -> None:
    """The paths of the last action (moves, pushes, flying Barrels) as dashed lines with an arrow."""
    for path in trail:
        points = [at(x, y) for x, y in path]
        if len(points) < 2:
            continue
        dashed(draw, points, INK, 5 * LINE, 7 * SUPERSAMPLE)
        dashed(draw, points, ACCENT, 3 * LINE, 7 * SUPERSAMPLE)
        _arrowhead(draw, points[-2], points[-1], 9 * SUPERSAMPLE)


def _arrowhead(draw: Draw, start: Point, end: Point, size: float) -> None:
    (x0, y0), (x1, y1) = start, end
    angle = math.atan2(y1 - y0, x1 - x0)
    tip = [(x1, y1), (x1 - size * math.cos(angle - 0.45), y1 - size * math.sin(angle - 0.45)),
           (x1 - size * math.cos(angle + 0.45), y1 - size * math.sin(angle + 0.45))]
    draw.polygon(tip, fill=ACCENT, outline=INK)


def _draw_fights(draw: Draw, view: BroodRumbleView) -> None:
    """Every engaged pair marked by a burst where the bases meet, drawn over the tokens (the
    bases touch, so anything between them would be hidden); the bases have a red rim too."""
    where = {o.id: (o.x, o.y) for o in view.orcs if o.x is not None and o.y is not None}
    for a, b in view.engaged:
        if a not in where or b not in where:
            continue
        p, q = at(*where[a]), at(*where[b])  # type: ignore[arg-type]
        _star(draw, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), 9 * SUPERSAMPLE)


def _star(draw: Draw, centre: Point, burst: float) -> None:
    mx, my = centre
    star = [(mx + (burst if k % 2 == 0 else burst * 0.45) * math.cos(k * math.pi / 5),
             my + (burst if k % 2 == 0 else burst * 0.45) * math.sin(k * math.pi / 5)) for k in range(10)]
    draw.polygon(star, fill=ACCENT, outline=INK)


# -- Orcs ---------------------------------------------------------------------------------------------


HALF_BASE = 25 / 25.4 / 2
"""Half the side of an Orc's 25 mm square base, in inches."""


def _base(orc: OrcView) -> Box:
    assert orc.x is not None and orc.y is not None
    return box(orc.x, orc.y, HALF_BASE, HALF_BASE)


def _draw_orc(draw: Draw, orc: OrcView, *, active: bool, engaged: bool) -> None:
    """The base at true size in the team's colour. Its id (as the log and the commands name it), HP,
    Knocked Down and Item go on a tag beside it (`_draw_tags`).

    A Knocked Down Orc lies on its side: a flattened, tilted token. The active Orc gets a gold
    ring; an Orc that has acted this turn is drawn a little darker.
    """
    colour = _colour(orc, active=active)
    left, top, right, bottom = _base(orc)
    cx, cy, side = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
    if active:
        ring = side + 5 * SUPERSAMPLE
        draw.rounded_rectangle((cx - ring, cy - ring, cx + ring, cy + ring), radius=4 * SUPERSAMPLE, fill=ACCENT,
                               outline=INK, width=LINE)
    if orc.knocked_down:
        _lying(draw, cx, cy, side, colour)
    else:
        draw.rectangle((left, top, right, bottom), fill=colour, outline=FIGHT if engaged else INK, width=3 * LINE)


def _colour(orc: OrcView, *, active: bool) -> RGB:
    colour = player_colour(orc.colour)
    return shade(colour, 0.72) if orc.activated and not active else colour


def _hp_colour(hp: int) -> RGB:
    return HEALTHY if hp > 8 else (HURT if hp > 4 else KNOCKED_DOWN)


HEALTHY: RGB = (46, 160, 67)
HURT: RGB = (214, 160, 20)


def _draw_tags(draw: Draw, view: BroodRumbleView, standing: Sequence[OrcView]) -> None:
    """Each feature's id, each Orc's tag (id, HP, KD, the Item it carries) and each Barrel's id, put
    where they hide no other label and, where there is room, no base: first every base is marked,
    then the labels go down one by one."""
    sheet = labels()
    for orc in standing:
        sheet.keep_clear(_base(orc))
    for barrel in view.barrels:
        sheet.keep_clear(box(barrel.x, barrel.y, BARREL_RADIUS, BARREL_RADIUS))
    within = (*at(0, BOARD_INCHES), *at(BOARD_INCHES, 0))
    for feature in sorted(view.features, key=lambda f: f.id):
        _feature_label(draw, feature)
    face = font(TAG_TEXT)
    for orc in sorted(standing, key=lambda o: o.id):
        chips = [Chip(orc.id, player_colour(orc.colour)), Chip(str(orc.hp), _hp_colour(orc.hp))]
        if orc.knocked_down:
            chips.append(Chip("KD", KNOCKED_DOWN))
        if orc.item is not None:
            chips.append(Chip(ITEM_TAGS[orc.item], PARCHMENT))
        place_tag(draw, _base(orc), chips, face, gap=3 * SUPERSAMPLE, within=within)
    for barrel in sorted(view.barrels, key=lambda b: b.id):
        place_tag(draw, box(barrel.x, barrel.y, BARREL_RADIUS, BARREL_RADIUS), [Chip(barrel.id, BARREL_TAG)],
                  font(TAG_TEXT), gap=2 * SUPERSAMPLE, within=within)


BARREL_TAG: RGB = (226, 196, 150)


def _lying(draw: Draw, cx: float, cy: float, half: float, colour: RGB) -> None:
    """A body on its side: a long, low token tilted against the ground line."""
    tilt = math.radians(-18)
    corners = [(-1.3, -0.55), (1.3, -0.55), (1.3, 0.55), (-1.3, 0.55)]
    points = [(cx + half * (u * math.cos(tilt) - v * math.sin(tilt)),
               cy + half * (u * math.sin(tilt) + v * math.cos(tilt))) for u, v in corners]
    draw.polygon([(x + 3 * SUPERSAMPLE, y + 3 * SUPERSAMPLE) for x, y in points], fill=shade(colour, 0.45))
    polygon(draw, points, fill=colour, outline=INK, width=3 * LINE)


# -- the key -------------------------------------------------------------------------------------------


FEATURE_MEANINGS: dict[FeatureKind, str] = {
    FeatureKind.PIT: "pushed in, out",
    FeatureKind.DANGEROUS: "1 HP on a 4+",
    FeatureKind.PLATFORM: '1" to climb',
    FeatureKind.COVER: "no throwing over",
    FeatureKind.MOUND: "grab an Item",
}


def _key(view: BroodRumbleView) -> list[KeyEntry]:
    """What the symbols on this board mean, only those it shows so the key stays short: the terrain
    first (its entries are long, and fit the rows under the field), then the markers. The ids the log
    uses (T1 for a feature placed at set-up, M1 for a Debris Mound, K1 for a Barrel) are written on
    the field by what they name, so the key names the kinds; the teams' edges are in the panel's
    team headings."""
    standing = _standing(view)
    terrain = [KeyEntry(FEATURE_ICONS[kind], f"{kind.label}: {FEATURE_MEANINGS[kind]}")
               for kind in sorted({f.kind for f in view.features}, key=list(FeatureKind).index)]
    entries: list[KeyEntry] = []
    if view.barrels:
        entries.append(KeyEntry(_barrel_icon, "Barrel"))
    if standing:
        entries.append(KeyEntry(partial(_chip_icon, text="12", fill=HEALTHY), "HP left"))
    if any(o.knocked_down for o in standing):
        entries.append(KeyEntry(partial(_chip_icon, text="KD", fill=KNOCKED_DOWN), "Knocked Down"))
    for item in sorted({o.item for o in standing if o.item is not None}, key=list(Item).index):
        entries.append(KeyEntry(partial(_chip_icon, text=ITEM_TAGS[item], fill=PARCHMENT), ITEM_LONG_NAMES[item]))
    if any(o.id == view.active for o in standing):
        entries.append(KeyEntry(_active_icon, "acting now"))
    if view.phase is Phase.ACTIVATION and any(o.activated and o.id != view.active for o in standing):
        entries.append(KeyEntry(_acted_icon, "darker: has acted"))
    if view.engaged:
        entries.append(KeyEntry(_fight_icon, "fighting"))
    if any(len(path) > 1 for path in view.trail):
        entries.append(KeyEntry(_trail_icon, "last move"))
    return terrain + entries


ITEM_LONG_NAMES: dict[Item, str] = {Item.KNUCKLE_DUSTERS: "Rusty Knuckle Dusters", Item.OLD_HELMET: "Old Helmet"}


def _pit_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0, 0, 0.48, 0.48), fill=PIT_DEPTHS[0], outline=INK, width=LINE)
    for depth, colour in enumerate(PIT_DEPTHS[1:], start=1):
        r = 0.48 * (1 - 0.22 * depth)
        draw.ellipse(f.oval(0, 0.03 * depth, r, r), fill=colour)


def _dangerous_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.45, -0.45, 0.45, 0.45), fill=shade(HAZARD, 0.8), outline=INK, width=LINE)
    for k in (-0.25, 0.05, 0.35):
        draw.line((f.at(k - 0.2, 0.43), f.at(k + 0.1, -0.43)), fill=HAZARD_DARK, width=3 * LINE)


def _platform_icon(draw: Draw, f: Frame) -> None:
    for k in range(3):
        u = -0.45 + k * 0.3
        draw.rectangle(f.box(u, -0.45, u + 0.3, 0.45), fill=shade(WOOD, 1.0 + 0.08 * k), outline=WOOD_DARK,
                       width=LINE)
    draw.rectangle(f.box(-0.45, -0.45, 0.45, 0.45), outline=INK, width=LINE)


def _cover_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.5, -0.2, 0.5, 0.2), fill=STONE, outline=INK, width=LINE)
    draw.line((f.at(-0.5, 0), f.at(0.5, 0)), fill=STONE_DARK, width=LINE)


def _mound_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0, 0, 0.46, 0.46), fill=RUBBLE, outline=INK, width=LINE)
    for u, v in ((-0.2, -0.1), (0.15, 0.12), (0.1, -0.22)):
        draw.ellipse(f.oval(u, v, 0.1, 0.08), fill=STONE, outline=INK)


FEATURE_ICONS: dict[FeatureKind, Callable[[Draw, Frame], None]] = {
    FeatureKind.PIT: _pit_icon,
    FeatureKind.DANGEROUS: _dangerous_icon,
    FeatureKind.PLATFORM: _platform_icon,
    FeatureKind.COVER: _cover_icon,
    FeatureKind.MOUND: _mound_icon,
}


def _barrel_icon(draw: Draw, f: Frame) -> None:
    _keg(draw, f.box(-0.4, -0.4, 0.4, 0.4))


def _chip_icon(draw: Draw, f: Frame, *, text: str, fill: RGB) -> None:
    """A tag's chip as the key shows it: a picture, not a label of the board."""
    draw.rounded_rectangle(f.box(-0.5, -0.3, 0.5, 0.3), radius=0.12 * f.size, fill=fill, outline=INK, width=LINE)
    bold_text(draw, f.at(0, 0), text, font(round(f.size * 0.45)), fill=ink_on(fill), anchor="mm", label=False)


def _active_icon(draw: Draw, f: Frame) -> None:
    draw.rounded_rectangle(f.box(-0.48, -0.48, 0.48, 0.48), radius=0.1 * f.size, fill=ACCENT, outline=INK,
                           width=LINE)
    draw.rectangle(f.box(-0.32, -0.32, 0.32, 0.32), fill=MUTED, outline=INK, width=2 * LINE)


def _acted_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.32, -0.32, 0.32, 0.32), fill=shade(MUTED, 0.72), outline=INK, width=2 * LINE)


def _fight_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.5, -0.25, -0.02, 0.25), fill=MUTED, outline=FIGHT, width=2 * LINE)
    draw.rectangle(f.box(0.02, -0.25, 0.5, 0.25), fill=MUTED, outline=FIGHT, width=2 * LINE)
    _star(draw, f.at(0, 0), f.size * 0.22)


def _trail_icon(draw: Draw, f: Frame) -> None:
    points = [f.at(-0.5, 0.2), f.at(0.3, -0.1)]
    dashed(draw, points, INK, 4 * LINE, 4 * SUPERSAMPLE)
    dashed(draw, points, ACCENT, 2 * LINE, 4 * SUPERSAMPLE)
    _arrowhead(draw, points[0], points[1], f.size * 0.25)


# -- the side panel ------------------------------------------------------------------------------------


TITLE_TEXT = 34 * SUPERSAMPLE
TURN_TEXT = 30 * SUPERSAMPLE
"""Where the game stands, under the game's name."""


def panel_lines(view: BroodRumbleView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The side panel: the game, where it is, each team with its edge and its players (their Orcs'
    ids; each Orc's HP is on its tag), the fight being fought and, at the end, the result. `recent`
    (the newest log lines, which every game's panel is handed) is not shown, nor the Feats: the
    bot's message carries the log as text, and a column as short as Discord's picture has no room
    for a list that grows."""
    where = PHASES[view.phase] if view.phase in (Phase.TERRAIN, Phase.DEPLOYMENT, Phase.OVER) else (
        f"Game Turn {view.turn} · {PHASES[view.phase]}")
    lines = [PanelLine("Brood Rumble", size=TITLE_TEXT, colour=ACCENT), PanelLine(where, size=TURN_TEXT)]
    if view.placings is not None:
        lines.append(_result_line(view))
    elif view.initiative is not None:
        lines.append(PanelLine(f"Initiative: Team {view.initiative}", size=SHOWN_TEXT, colour=ACCENT))
    if view.phase is Phase.TERRAIN:
        lines.append(PanelLine(f"Terrain Features to place: {view.terrain_left}", size=SHOWN_TEXT))
    for team in sorted(view.teams, key=lambda t: t.id):
        edge = f" · {team.edge.value} edge" if team.edge is not None else ""
        lines.append(heading(f"Team {team.id}{edge}", SHOWN_TEXT))
        lines += [_player_line(view, player, name, team.colour) for player, name in _players(team)]
    return lines + _fight_lines(view)


def _players(team: TeamView) -> list[tuple[str, str]]:
    """A team's players (seat and name) in seat order, each once."""
    return list(dict.fromkeys(zip(team.players, team.names)))


def _player_line(view: BroodRumbleView, player: str, name: str, colour: int) -> PanelLine:
    """A player's name and their Orcs' ids, as the board and the commands name them; an Orc not on
    the field says why (out, or still to deploy), and the one acting now is pointed at."""
    orcs = sorted((o for o in view.orcs if o.player == player), key=lambda o: o.id)
    ids = ", ".join(f"{o.id} out" if o.out else f"{o.id} to deploy" if o.x is None else o.id for o in orcs)
    done = all(o.out for o in orcs)
    return PanelLine(f"{name}: {ids}", size=SHOWN_TEXT, colour=MUTED if done else TEXT, swatch=player_colour(colour),
                     marked=any(o.id == view.active for o in orcs))


def _fight_lines(view: BroodRumbleView) -> list[PanelLine]:
    """The fight being fought and where it stands; its exchanges are in the log, which the bot's
    message carries."""
    fight = view.combat
    if fight is None:
        return []
    if fight.attack is not None:
        state = f"your attack: {fight.attack.label}"
    elif fight.attack_chosen:
        state = "attack chosen in secret"
    else:
        state = "choosing an attack"
    return [heading(f"Fight: {fight.attacker} attacks {fight.defender}", SHOWN_TEXT),
            PanelLine(state, size=SHOWN_TEXT, colour=ACCENT)]


def _result_line(view: BroodRumbleView) -> PanelLine:
    """Who won, under "Game over" where the initiative was (the teams' lines name the winners)."""
    team = next((t for t in view.teams if t.id == view.winner), None)
    if team is None:
        return PanelLine("A draw: nobody is left standing", size=SHOWN_TEXT, colour=ACCENT)
    return PanelLine(f"Team {team.id} wins!", size=SHOWN_TEXT, colour=ACCENT, swatch=player_colour(team.colour))
