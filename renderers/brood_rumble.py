"""The Brood Rumble board: a 24x24" field with an inch grid, terrain, Barrels, both teams, the
fights in progress and a side panel.

Drawn from a view only, so the channel's picture (the public view) cannot show a hidden attack.
Everything is at true scale, bases included, because contact is what the players argue about;
numbers, HP and tags are drawn large enough to read on a phone. Sizes are canvas pixels on the
supersampled canvas (see `renderers.common`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

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
    base_canvas,
    bold_text,
    dashed,
    encode_png,
    feat_lines,
    font,
    heading,
    ink_on,
    outlined_text,
    player_colour,
    shade,
    title,
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
)

SLUG = "brood-rumble"
"""The game whose views this module draws."""

INCH = 31 * SUPERSAMPLE
BOARD_INCHES = 24
BOARD = InchBoard(BOARD_INCHES, INCH)
FENCE = 6 * SUPERSAMPLE
PANEL = SidePanel(width=340 * SUPERSAMPLE)
LINE = SUPERSAMPLE

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
ITEM_NAMES: dict[Item, str] = {Item.KNUCKLE_DUSTERS: "Dusters", Item.OLD_HELMET: "Helmet"}


at = BOARD.at
box = BOARD.box


def render(view: BroodRumbleView) -> bytes:
    """The board and side panel of a Brood Rumble view as PNG bytes."""
    lines = _panel_lines(view)
    width, height = BOARD.picture_size(PANEL, lines)
    canvas = base_canvas("brood-rumble", (width, height), _draw_ground)
    draw = ImageDraw.Draw(canvas)
    _draw_edges(draw, view)
    for feature in sorted(view.features, key=lambda f: f.id):
        FEATURES[feature.kind](draw, feature)
        _feature_label(draw, feature)
    _draw_trail(draw, view.trail)
    for barrel in sorted(view.barrels, key=lambda b: b.id):
        _draw_barrel(draw, barrel)
    standing = [o for o in view.orcs if not o.out and o.x is not None and o.y is not None]
    fighting = {orc for pair in view.engaged for orc in pair}
    for orc in sorted(standing, key=lambda o: (o.knocked_down is False, o.id)):
        _draw_orc(draw, orc, active=orc.id == view.active, engaged=orc.id in fighting)
    for orc in sorted(standing, key=lambda o: o.id):  # above every token, so a neighbour never hides them
        _draw_badges(draw, orc)
    _draw_fights(draw, view)
    BOARD.draw_panel(draw, PANEL, height, lines)
    return encode_png(canvas)


# -- the field --------------------------------------------------------------------------------


def _draw_ground(draw: Draw) -> None:
    """Packed earth in a wooden fence, a faint line every inch and a strong one every 6"."""
    BOARD.fence(draw, FENCE_WOOD, FENCE)
    BOARD.fill(draw, GROUND)
    BOARD.grid(draw, GRID, GRID_SIX, line=LINE)
    BOARD.labels(draw, fence=FENCE, size=24 * SUPERSAMPLE)


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
    """The feature's id at its lower edge, so players can name it."""
    outlined_text(draw, at(f.x, f.y - f.height / 2 + 0.32), f.id, font(17 * SUPERSAMPLE), anchor="mm")


# -- Barrels, paths and fights ---------------------------------------------------------------------


def _draw_barrel(draw: Draw, barrel: Barrel) -> None:
    """A small keg seen from above: staves, two hoops and a bung."""
    r = 20 / 25.4 / 2
    draw.ellipse(box(barrel.x, barrel.y, r, r), fill=BARREL_WOOD, outline=INK, width=2 * LINE)
    draw.ellipse(box(barrel.x, barrel.y, r * 0.72, r * 0.72), outline=HOOP, width=2 * LINE)
    draw.ellipse(box(barrel.x, barrel.y, r * 0.2, r * 0.2), fill=WOOD_DARK)


def _draw_trail(draw: Draw, trail: list[list[XY]]) -> None:
    """The paths of the last action (moves, pushes, flying Barrels) as dashed lines with an arrow."""
    for path in trail:
        points = [at(x, y) for x, y in path]
        if len(points) < 2:
            continue
        dashed(draw, points, INK, 5 * LINE, 7 * SUPERSAMPLE)
        dashed(draw, points, ACCENT, 3 * LINE, 7 * SUPERSAMPLE)
        (x0, y0), (x1, y1) = points[-2], points[-1]
        angle = math.atan2(y1 - y0, x1 - x0)
        size = 9 * SUPERSAMPLE
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
        mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
        burst = 9 * SUPERSAMPLE
        star = [(mx + (burst if k % 2 == 0 else burst * 0.45) * math.cos(k * math.pi / 5),
                 my + (burst if k % 2 == 0 else burst * 0.45) * math.sin(k * math.pi / 5)) for k in range(10)]
        draw.polygon(star, fill=ACCENT, outline=INK)


# -- Orcs ---------------------------------------------------------------------------------------------


def _draw_orc(draw: Draw, orc: OrcView, *, active: bool, engaged: bool) -> None:
    """The base at true size in the team's colour, its number inside and its HP in a tag below.

    A Knocked Down Orc lies on its side: a flattened, tilted token with a red KD tag. The
    active Orc gets a gold ring; an Orc that has acted this turn is drawn a little darker.
    """
    assert orc.x is not None and orc.y is not None
    colour = player_colour(orc.colour)
    if orc.activated and not active:
        colour = shade(colour, 0.72)
    half = 25 / 25.4 / 2
    cx, cy = at(orc.x, orc.y)
    if active:
        ring = half * INCH + 5 * SUPERSAMPLE
        draw.rounded_rectangle((cx - ring, cy - ring, cx + ring, cy + ring), radius=4 * SUPERSAMPLE, fill=ACCENT,
                               outline=INK, width=LINE)
    if orc.knocked_down:
        _lying(draw, cx, cy, half * INCH, colour)
        tag = 11 * SUPERSAMPLE
        ty = cy - half * INCH - tag
        draw.rounded_rectangle((cx - 2 * tag, ty - tag, cx + 2 * tag, ty + tag), radius=tag / 2, fill=KNOCKED_DOWN,
                               outline=INK, width=LINE)
        bold_text(draw, (cx, ty), "KD", font(17 * SUPERSAMPLE), anchor="mm")
    else:
        side = half * INCH
        rim = FIGHT if engaged else INK
        draw.rectangle((cx - side, cy - side, cx + side, cy + side), fill=colour, outline=rim, width=3 * LINE)
        bold_text(draw, (cx, cy), orc.id[1:], font(26 * SUPERSAMPLE), fill=ink_on(colour), anchor="mm")
    hp_face = font(17 * SUPERSAMPLE)
    label = f"{orc.hp}"
    width = hp_face.getlength(label) + 8 * SUPERSAMPLE
    top = cy + half * INCH + 2 * SUPERSAMPLE
    hp_colour = (46, 160, 67) if orc.hp > 8 else ((214, 160, 20) if orc.hp > 4 else KNOCKED_DOWN)
    draw.rounded_rectangle((cx - width / 2, top, cx + width / 2, top + 20 * SUPERSAMPLE), radius=6 * SUPERSAMPLE,
                           fill=hp_colour, outline=INK, width=LINE)
    bold_text(draw, (cx, top + 10 * SUPERSAMPLE), label, hp_face, fill=ink_on(hp_colour), anchor="mm")


def _draw_badges(draw: Draw, orc: OrcView) -> None:
    """The carried Item as a lettered disc on the base's upper corner (D: Dusters, H: Helmet)."""
    if orc.item is None or orc.x is None or orc.y is None:
        return
    half = 25 / 25.4 / 2
    cx, cy = at(orc.x, orc.y)
    r = 9 * SUPERSAMPLE
    bx, by = cx + half * INCH, cy - half * INCH
    draw.ellipse((bx - r, by - r, bx + r, by + r), fill=PARCHMENT, outline=INK, width=LINE)
    bold_text(draw, (bx, by), ITEM_TAGS[orc.item], font(15 * SUPERSAMPLE), fill=INK, anchor="mm")


def _lying(draw: Draw, cx: float, cy: float, half: float, colour: RGB) -> None:
    """A body on its side: a long, low token tilted against the ground line."""
    tilt = math.radians(-18)
    corners = [(-1.3, -0.55), (1.3, -0.55), (1.3, 0.55), (-1.3, 0.55)]
    points = [(cx + half * (u * math.cos(tilt) - v * math.sin(tilt)),
               cy + half * (u * math.sin(tilt) + v * math.cos(tilt))) for u, v in corners]
    draw.polygon([(x + 3 * SUPERSAMPLE, y + 3 * SUPERSAMPLE) for x, y in points], fill=shade(colour, 0.45))
    draw.polygon(points, fill=colour, outline=INK, width=3 * LINE)


# -- the side panel ------------------------------------------------------------------------------------


def _panel_lines(view: BroodRumbleView) -> list[PanelLine]:
    lines = [title("Brood Rumble"), PanelLine(f"Turn {view.turn} · {PHASES[view.phase]}", size=28 * SUPERSAMPLE)]
    if view.initiative is not None:
        lines.append(PanelLine(f"Initiative: Team {view.initiative}", size=SMALL_TEXT, colour=ACCENT))
    if view.phase is Phase.TERRAIN:
        lines.append(PanelLine(f"Terrain Features to place: {view.terrain_left}", size=SMALL_TEXT))
    for team in sorted(view.teams, key=lambda t: t.id):
        names = " & ".join(team.names)
        lines.append(heading(f"Team {team.id} · {names}"))
        for orc in sorted((o for o in view.orcs if o.team == team.id), key=lambda o: o.id):
            lines.append(_orc_line(view, orc))
    lines += _fight_lines(view)
    lines.append(PanelLine(f"Barrels on the field: {len(view.barrels)}/6", size=SMALL_TEXT, colour=MUTED,
                           space_before=10 * SUPERSAMPLE))
    lines += feat_lines(view.feats, _entrants(view))
    if view.placings is not None:
        lines += _result_lines(view)
    return lines


def _orc_line(view: BroodRumbleView, orc: OrcView) -> PanelLine:
    shown = orc.id if len({o.player for o in view.orcs if o.team == orc.team}) == 1 else f"{orc.id} {orc.name}"
    if orc.out:
        note = "out"
    elif orc.x is None:
        note = "to deploy"
    else:
        bits = [f"{orc.hp} HP", "KD" if orc.knocked_down else "", ITEM_NAMES[orc.item] if orc.item else ""]
        note = " ".join(b for b in bits if b)
    acted = view.phase is Phase.ACTIVATION and orc.activated and orc.id != view.active  # has had its turn
    return PanelLine(shown, colour=MUTED if orc.out or acted else TEXT, swatch=player_colour(orc.colour),
                     struck=orc.out, marked=orc.id == view.active, note=note)


def _fight_lines(view: BroodRumbleView) -> list[PanelLine]:
    fight = view.combat
    if fight is None:
        return []
    lines = [heading("Fight"), PanelLine(f"{fight.attacker} attacks {fight.defender}", size=SMALL_TEXT)]
    if fight.attack is not None:
        state = f"your attack: {fight.attack.label}"
    elif fight.attack_chosen:
        state = "attack chosen in secret"
    else:
        state = "choosing an attack"
    lines.append(PanelLine(state, size=SMALL_TEXT, colour=ACCENT))
    for exchange in fight.exchanges[-3:]:
        wounds = f"{exchange.wounds} wound{'s' if exchange.wounds != 1 else ''}"
        lines.append(PanelLine(f"{exchange.attacker} {exchange.attack.label} vs {exchange.block.label}: {wounds}",
                               size=SMALL_TEXT, colour=MUTED))
    return lines


def _entrants(view: BroodRumbleView) -> dict[str, Entrant]:
    """A player on the panel is named by their seat and coloured by their team."""
    return {p: Entrant(n, t.colour) for t in view.teams for p, n in zip(t.players, t.names)}


def _result_lines(view: BroodRumbleView) -> list[PanelLine]:
    if view.winner == "draw":
        return [heading("Result"), PanelLine("A draw: nobody is left standing", colour=ACCENT)]
    team = next((t for t in view.teams if t.id == view.winner), None)
    if team is None:
        return []
    return [heading("Result"), PanelLine(f"Team {team.id} wins!", colour=ACCENT, swatch=player_colour(team.colour)),
            PanelLine(" & ".join(team.names), size=SMALL_TEXT)]
