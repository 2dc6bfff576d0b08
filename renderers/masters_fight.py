"""The Masters' Fight board: an 8x8 fighting pit with its Orcs, Terrain and Items, and beside it
the Initiative Order and a key.

Coordinates read as on a chess board (a1 bottom-left) because players name squares that way in
their commands. The picture is drawn for the size Discord shows it (`SHOWN`): landscape, every
label at least `LEGIBLE` px tall there. A whole name does not fit a square at that size, so each
Orc's token carries its player's mark (an initial, in their colour) and the panel pairs each mark
with the whole name; the Items are drawn, and named in the key. The log the bot's message carries
as text is not repeated. Everything is drawn with Pillow shapes on a supersampled canvas (see
`renderers.common`); sizes below are canvas pixels.
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
    Chip,
    Column,
    Entrant,
    Frame,
    KeyEntry,
    PanelLine,
    base_canvas,
    bold_text,
    draw_tag,
    encode_png,
    font,
    heading,
    ink_on,
    placing_lines,
    player_colour,
    polygon,
    printable,
    shade,
    tag_size,
)
from renderers.kits.square_board import SquareBoard
from rules.core.engine import PlayerId
from rules.core.grid import Square, xy
from rules.orclympics.masters_fight.models import (
    Item,
    MastersFightView,
    OrcView,
    Phase,
    Terrain,
)

SLUG = "masters-fight"
"""The game whose views this module draws."""

SQUARE = 70 * SUPERSAMPLE
BOARD = SquareBoard(left=40 * SUPERSAMPLE, top=12 * SUPERSAMPLE, square=SQUARE)  # left: room for the ranks
LABEL_BAND = 44 * SUPERSAMPLE  # room for the file letters under the board
FILE_TEXT = 36 * SUPERSAMPLE
"""The file letters and rank numbers: "a", "c" and "e" have no ascender, so they need a larger size
than capitals to be as tall."""
FENCE_WIDTH = 6 * SUPERSAMPLE
COLUMN = Column(BOARD.right, BOARD.top, BOARD.key_room(LABEL_BAND))
"""The Initiative Order and the key round the pit."""
MARK_TEXT = 26 * SUPERSAMPLE
"""The player's mark on a token."""
TAG_TEXT = 17 * SUPERSAMPLE
"""The HP and Knocked Down tag under a token: 1.25 times its text's size tall."""
LINE = SUPERSAMPLE  # the thinnest outline

LIGHT_SQUARE: RGB = (184, 148, 100)
DARK_SQUARE: RGB = (132, 96, 60)
FENCE: RGB = (74, 50, 30)
WOOD: RGB = (160, 108, 58)
WOOD_DARK: RGB = (98, 62, 32)
METAL: RGB = (196, 200, 206)
METAL_DARK: RGB = (96, 100, 108)
STONE: RGB = (138, 124, 108)
BONE: RGB = (238, 228, 200)
PARCHMENT: RGB = (246, 236, 210)
KNOCKED_DOWN: RGB = (200, 30, 40)
PIT_DEPTHS: tuple[RGB, ...] = ((92, 78, 66), (58, 44, 34), (38, 28, 22), (22, 16, 12), (8, 6, 5))

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]

PHASE_LABELS: dict[Phase, str] = {Phase.DEPLOYMENT: "Deployment", Phase.FIGHT: "Fight", Phase.OVER: "Game over"}
ITEM_LABELS: dict[Item, str] = {
    Item.MACE: "Mace",
    Item.SPEAR: "Spear",
    Item.SHIELD: "Shield",
    Item.HELMET: "Helmet",
    Item.THROWING_AXE: "Axe",
}
"""Short enough to fit under an Item on its square and beside a name in the panel."""


def render(view: MastersFightView, recent: Sequence[str] = ()) -> bytes:
    """The board, and beside it the panel and the key, of a Masters' Fight view as PNG bytes. `recent`
    (the newest log lines) is not drawn: the bot's message carries it as text."""
    lines = panel_lines(view)
    laid = COLUMN.lay(lines, _key(view))
    canvas = base_canvas("masters-fight", laid.size, _draw_pit_floor)
    draw = ImageDraw.Draw(canvas)
    _draw_board(draw, view)
    COLUMN.draw(draw, lines, laid)
    return encode_png(canvas)


# -- the board --------------------------------------------------------------------------


def _draw_pit_floor(draw: Draw) -> None:
    """What every fight starts on: the fence, the ground and the square names."""
    BOARD.fence(draw, FENCE, FENCE_WIDTH)
    for square in BOARD.grid.squares:
        _draw_ground(draw, square)
    BOARD.draw_labels(draw, font(FILE_TEXT), fence=FENCE_WIDTH, band=LABEL_BAND)


def _draw_board(draw: Draw, view: MastersFightView) -> None:
    """On the floor: terrain, Items, highlights and Orcs, so each layer sits on the one below."""
    for square, terrain in sorted(view.terrain.items()):
        TERRAIN_DRAWINGS[terrain](draw, BOARD.frame(square))
    standing = _standing(view)
    for square, item in sorted(view.items.items()):
        _draw_ground_item(draw, BOARD.frame(square), item, crowded=square in standing)
    BOARD.highlight(draw, view.highlight)
    marks = _marks(view)
    for square, orc in sorted(standing.items()):
        _draw_orc(draw, BOARD.frame(square), orc, marks[orc.player], active=orc.player == view.active)


def _standing(view: MastersFightView) -> dict[Square, OrcView]:
    return {orc.square: orc for orc in view.orcs if orc.square is not None and not orc.out}


def _draw_ground(draw: Draw, square: Square) -> None:
    """Sand and packed earth in a checker, with a few fixed pebbles so it reads as a pit floor."""
    file, rank = xy(square)
    colour = LIGHT_SQUARE if BOARD.is_light(square) else DARK_SQUARE
    frame = BOARD.frame(square)
    draw.rectangle(frame.box(-0.5, -0.5, 0.5, 0.5), fill=colour)
    for k in range(3):
        u = ((file * 37 + rank * 17 + k * 29) % 80 - 40) / 100
        v = ((file * 23 + rank * 41 + k * 47) % 80 - 40) / 100
        r = (2 + (file + rank + k) % 3) * 0.011
        draw.ellipse(frame.oval(u, v, r, r * 0.7), fill=shade(colour, 0.82))


# -- terrain ----------------------------------------------------------------------------


def _draw_pit(draw: Draw, frame: Frame) -> None:
    """A hole that darkens towards the bottom, ringed by stones."""
    draw.ellipse(frame.oval(0, 0, 0.44, 0.4), fill=PIT_DEPTHS[0], outline=INK, width=2 * LINE)
    for depth, colour in enumerate(PIT_DEPTHS[1:]):
        r = 0.36 - depth * 0.06
        draw.ellipse(frame.oval(0, depth * 0.02, r, r * 0.85), fill=colour)  # shifted down: the far wall shows
    for k in range(10):
        angle = k * math.tau / 10 + 0.3
        r = 0.045 + 0.015 * (k % 3)
        draw.ellipse(frame.oval(math.cos(angle) * 0.4, math.sin(angle) * 0.36, r, r * 0.8), fill=STONE, outline=INK)


def _draw_platform(draw: Draw, frame: Frame) -> None:
    """A plank deck on posts with a shadow beneath, so it reads as raised above the pit floor."""
    left, top, right, deck_bottom, lift = -0.43, -0.43, 0.43, 0.33, 0.1
    draw.rectangle(frame.box(left + 0.06, top + 0.14, right + 0.04, 0.48), fill=shade(DARK_SQUARE, 0.55))
    draw.rectangle(frame.box(left, deck_bottom, right, deck_bottom + lift), fill=WOOD_DARK, outline=INK, width=LINE)
    for post in (left + 0.03, right - 0.11):
        draw.rectangle(frame.box(post, deck_bottom, post + 0.08, deck_bottom + lift), fill=shade(WOOD_DARK, 0.7))
    plank = (right - left) / 4
    for k in range(4):
        x = left + k * plank
        tone = shade(WOOD, 1.0 + 0.08 * ((k * 3) % 4 - 1.5))
        draw.rectangle(frame.box(x, top, x + plank, deck_bottom), fill=tone, outline=WOOD_DARK, width=LINE)
        for nail in (top + 0.08, deck_bottom - 0.08):
            draw.ellipse(frame.oval(x + plank / 2, nail, 0.024, 0.024), fill=METAL_DARK)
    draw.rectangle(frame.box(left, top, right, deck_bottom), outline=INK, width=2 * LINE)


TERRAIN_DRAWINGS: dict[Terrain, Callable[[Draw, Frame], None]] = {
    Terrain.PIT: _draw_pit,
    Terrain.PLATFORM: _draw_platform,
}


# -- items --------------------------------------------------------------------------------


def _stick(draw: Draw, start: Point, end: Point, width: float, colour: RGB) -> None:
    """A handle or shaft: a thick line with a dark edge."""
    draw.line((start, end), fill=INK, width=round(width + 2 * LINE))
    draw.line((start, end), fill=colour, width=round(width))


def _draw_mace(draw: Draw, f: Frame) -> None:
    """A wooden haft with a spiked iron ball."""
    _stick(draw, f.at(-0.38, 0.38), f.at(0.05, -0.05), 0.1 * f.size, WOOD)
    u, v, r = 0.14, -0.14, 0.2
    for k in range(8):
        angle = k * math.tau / 8
        corners = ((angle - 0.45, r), (angle, r * 1.65), (angle + 0.45, r))  # base, tip, base
        spike = [f.at(u + math.cos(a) * reach, v + math.sin(a) * reach) for a, reach in corners]
        draw.polygon(spike, fill=METAL_DARK, outline=INK)
    draw.ellipse(f.oval(u, v, r, r), fill=METAL, outline=INK, width=LINE)


def _draw_spear(draw: Draw, f: Frame) -> None:
    """A long diagonal shaft with a leaf-shaped blade and a cross-guard."""
    _stick(draw, f.at(-0.45, 0.45), f.at(0.14, -0.14), 0.08 * f.size, WOOD)
    head = [f.at(0.1, -0.1), f.at(0.28, -0.12), f.at(0.45, -0.45), f.at(0.12, -0.28)]
    polygon(draw, head, fill=METAL, outline=INK, width=LINE)
    _stick(draw, f.at(0.04, -0.16), f.at(0.16, -0.04), 0.05 * f.size, METAL_DARK)


def _draw_shield(draw: Draw, f: Frame) -> None:
    """A round plank shield with an iron rim and boss."""
    draw.ellipse(f.oval(0, 0, 0.44, 0.44), fill=METAL_DARK, outline=INK, width=LINE)
    inner = 0.37
    draw.ellipse(f.oval(0, 0, inner, inner), fill=WOOD)
    for u in (-inner / 3, inner / 3):
        half = math.sqrt(inner**2 - u**2)
        draw.line((f.at(u, -half), f.at(u, half)), fill=WOOD_DARK, width=2 * LINE)
    draw.ellipse(f.oval(0, 0, 0.13, 0.13), fill=METAL, outline=INK, width=LINE)


def _draw_helmet(draw: Draw, f: Frame) -> None:
    """An iron dome with a brim, a nose guard and two horns."""
    for side in (-1, 1):
        horn = [(0.28, -0.02), (0.5, -0.22), (0.46, -0.46), (0.18, -0.14)]
        polygon(draw, [f.at(side * u, v) for u, v in horn], fill=BONE, outline=INK, width=LINE)
    draw.pieslice(f.box(-0.32, -0.3, 0.32, 0.3), 180, 360, fill=METAL, outline=INK, width=LINE)
    draw.rectangle(f.box(-0.37, -0.02, 0.37, 0.08), fill=METAL_DARK, outline=INK, width=LINE)
    draw.rectangle(f.box(-0.04, 0.08, 0.04, 0.3), fill=METAL_DARK, outline=INK, width=LINE)


def _draw_throwing_axe(draw: Draw, f: Frame) -> None:
    """A short handle with a broad bearded blade and a bright edge."""
    _stick(draw, f.at(0.12, 0.45), f.at(-0.08, -0.42), 0.09 * f.size, WOOD)
    blade = [f.at(-0.1, -0.36), f.at(0.3, -0.46), f.at(0.4, -0.2), f.at(0.34, 0.04), f.at(-0.02, -0.12)]
    polygon(draw, blade, fill=METAL, outline=INK, width=LINE)
    draw.line(blade[1:4], fill=(240, 242, 246), width=2 * LINE)


ITEM_DRAWINGS: dict[Item, Callable[[Draw, Frame], None]] = {
    Item.MACE: _draw_mace,
    Item.SPEAR: _draw_spear,
    Item.SHIELD: _draw_shield,
    Item.HELMET: _draw_helmet,
    Item.THROWING_AXE: _draw_throwing_axe,
}


def _draw_ground_item(draw: Draw, frame: Frame, item: Item, *, crowded: bool) -> None:
    """An Item lying on a square: large (the key names it), or, when an Orc stands on it, small in
    the square's top-left corner on its shadow (see `_draw_lying_item`).

    A carried Item sits on a parchment disc at the token's top-right (see `_draw_orc`); one on the
    ground never does, so the two cannot be mistaken for each other, and the key says which is which.
    """
    if crowded:
        _draw_lying_item(draw, frame.part(-0.34, -0.34, 0.3), item)
        return
    ITEM_DRAWINGS[item](draw, frame.part(0, 0, 0.8))


def _draw_lying_item(draw: Draw, f: Frame, item: Item) -> None:
    """An Item on the ground, small: a dark shadow under it shows it lies there, not in a hand."""
    draw.ellipse(f.oval(0.04, 0.3, 0.5, 0.16), fill=shade(DARK_SQUARE, 0.5))
    ITEM_DRAWINGS[item](draw, f)


def _draw_carried_item(draw: Draw, f: Frame, item: Item) -> None:
    """An Item in an Orc's hands: on a parchment disc."""
    draw.ellipse(f.oval(0, 0, 0.5, 0.5), fill=PARCHMENT, outline=INK, width=2 * LINE)
    ITEM_DRAWINGS[item](draw, f.part(0, 0, 0.78))


# -- orcs ---------------------------------------------------------------------------------

TOKEN = 0.3
"""The token's radius in squares: room under it for its tag."""
TOKEN_V = -0.14
"""Where a standing token's centre is (unit coordinates, y down): high in the square."""


def _draw_orc(draw: Draw, frame: Frame, orc: OrcView, mark: str, *, active: bool) -> None:
    """A token in the owner's colour with their mark inside, and under it a tag with its HP (and a
    red KD when it is Knocked Down); the carried Item on a disc at the top right.

    A Knocked Down Orc lies flat: its token is squashed. The active Orc gets a gold ring so its
    player finds it at once.
    """
    colour = player_colour(orc.colour)
    ru, rv = (0.38, 0.2) if orc.knocked_down else (TOKEN, TOKEN)
    v = TOKEN_V + TOKEN - rv  # standing or lying, the token rests on the same ground line
    if active:
        draw.ellipse(frame.oval(0, v, ru + 0.06, rv + 0.06), fill=ACCENT, outline=INK, width=LINE)
    draw.ellipse(frame.oval(0, v + 0.04, ru, rv), fill=shade(colour, 0.5))
    draw.ellipse(frame.oval(0, v, ru, rv), fill=colour, outline=INK, width=3 * LINE)
    bold_text(draw, frame.at(0, v), mark, font(MARK_TEXT), fill=ink_on(colour), anchor="mm")
    if orc.item is not None:
        _draw_carried_item(draw, frame.part(0.33, -0.33, 0.3), orc.item)
    chips = [Chip(f"{orc.hp}/{orc.max_hp}", PARCHMENT), *([Chip("KD", KNOCKED_DOWN)] if orc.knocked_down else [])]
    _draw_tag_at(draw, frame.at(0, 0.33), chips)


def _draw_tag_at(draw: Draw, centre: Point, chips: Sequence[Chip]) -> None:
    face = font(TAG_TEXT)
    width, height = tag_size(chips, face)
    x, y = centre
    draw_tag(draw, (x - width / 2, y - height / 2, x + width / 2, y + height / 2), chips, face)


def _marks(view: MastersFightView) -> dict[PlayerId, str]:
    """Each player's mark on their token: their name's first letter, or its first two when another
    name starts with the same letter, or their place at the table when even those are alike."""
    names = {orc.player: printable(orc.name).replace(" ", "") or "?" for orc in view.orcs}
    marks: dict[PlayerId, str] = {}
    for k, (player, name) in enumerate(sorted(names.items())):
        alike = [other for other in names.values() if other[:2].lower() == name[:2].lower()]
        if sum(other[:1].lower() == name[:1].lower() for other in names.values()) == 1:
            marks[player] = name[:1].upper()
        elif len(alike) == 1:
            marks[player] = name[:1].upper() + name[1:2].lower()
        else:
            marks[player] = str(k + 1)
    return marks


def _knocked_down_icon(draw: Draw, f: Frame) -> None:
    """The red KD chip, as the key shows it: a picture, not a label of the board."""
    face = font(TAG_TEXT)
    width, height = tag_size([Chip("KD", KNOCKED_DOWN)], face)
    x, y = f.at(0, 0)
    draw.rounded_rectangle((x - width / 2, y - height / 2, x + width / 2, y + height / 2), radius=height / 2.5,
                           fill=KNOCKED_DOWN, outline=INK, width=LINE)
    bold_text(draw, (x, y), "KD", face, fill=ink_on(KNOCKED_DOWN), anchor="mm", label=False)


# -- the key ---------------------------------------------------------------------------------


def _key(view: MastersFightView) -> list[KeyEntry]:
    """What the symbols on this board mean: only those it shows, so the key stays short; the long
    entries first, as they fit the rows under the pit (the short ones pair up beside it)."""
    standing = _standing(view)
    orcs = list(standing.values())
    entries: list[KeyEntry] = []
    under = sorted(item for square, item in view.items.items() if square in standing)
    if under:
        entries.append(KeyEntry(partial(_lying_icon, item=under[0]), "an Item on the ground under an Orc"))
    carried = sorted(o.item for o in orcs if o.item is not None)
    if carried:
        entries.append(KeyEntry(partial(_carried_icon, item=carried[0]), "an Item the Orc carries"))
    for terrain in sorted(set(view.terrain.values())):
        entries.append(KeyEntry(TERRAIN_DRAWINGS[terrain], TERRAIN_MEANINGS[terrain]))
    if view.highlight:
        entries.append(KeyEntry(_highlight_icon, "squares of the last move"))
    if view.active in {o.player for o in orcs}:
        entries.append(KeyEntry(_active_icon, "acting now"))
    if any(o.knocked_down for o in orcs):
        entries.append(KeyEntry(_knocked_down_icon, "Knocked Down"))
    for item in sorted({*view.items.values(), *carried}):
        entries.append(KeyEntry(ITEM_DRAWINGS[item], ITEM_LABELS[item]))
    return entries


TERRAIN_MEANINGS: dict[Terrain, str] = {
    Terrain.PIT: "Pit: only a Jump crosses",
    Terrain.PLATFORM: "Platform: 2+ to climb",
}


def _highlight_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.5, -0.5, 0.5, 0.5), fill=LIGHT_SQUARE)
    draw.rectangle(f.box(-0.47, -0.47, 0.47, 0.47), outline=INK, width=4 * LINE)
    draw.rectangle(f.box(-0.44, -0.44, 0.44, 0.44), outline=ACCENT, width=3 * LINE)


def _active_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0, 0, 0.48, 0.48), fill=ACCENT, outline=INK, width=LINE)
    draw.ellipse(f.oval(0, 0, 0.36, 0.36), fill=MUTED, outline=INK, width=2 * LINE)


def _carried_icon(draw: Draw, f: Frame, *, item: Item) -> None:
    _draw_carried_item(draw, f.part(0, 0, 0.95), item)


def _lying_icon(draw: Draw, f: Frame, *, item: Item) -> None:
    draw.rectangle(f.box(-0.5, -0.5, 0.5, 0.5), fill=LIGHT_SQUARE)
    _draw_lying_item(draw, f.part(0, -0.05, 0.8), item)


# -- the side panel ------------------------------------------------------------------------

TITLE_TEXT = 34 * SUPERSAMPLE
TURN_TEXT = 30 * SUPERSAMPLE
"""Where the game stands, under the game's name."""


def panel_lines(view: MastersFightView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The side panel: where the fight is, the Initiative Order with each player's mark and whole
    name or, once the fight is over, the placings instead. `recent` (the newest log lines, which every game's panel is
    handed) is not shown, nor the Feats: the bot's message carries the log as text, and a column as
    short as Discord's picture has no room for a list that grows. HP and Items are on the pit."""
    state = PHASE_LABELS[view.phase] if view.phase is not Phase.FIGHT else f"Game Turn {view.turn} · Fight"
    lines = [PanelLine("Masters' Fight", size=TITLE_TEXT, colour=ACCENT), PanelLine(state, size=TURN_TEXT)]
    if view.placings is not None:
        return [*lines, *placing_lines(view.placings, _entrants(view), size=SHOWN_TEXT)]
    return [*lines, *_order_lines(view)]


def _order_lines(view: MastersFightView) -> list[PanelLine]:
    """The Initiative Order, then anyone not in it (already out)."""
    orcs = _who(view)
    marks = _marks(view)
    listed = [p for p in view.order if p in orcs] + [p for p in orcs if p not in view.order]
    lines = [heading("Deployment order" if view.phase is Phase.DEPLOYMENT else "Initiative order", SHOWN_TEXT)]
    for player in listed:
        orc = orcs[player]
        active = player == view.active
        lines.append(_orc_line(orc, marks[player], out=orc.out or player in view.eliminated, active=active))
        if active and view.phase is Phase.FIGHT:
            budget = f"{view.action_points} AP, {view.move_left} squares to move"
            lines.append(PanelLine(budget, size=SHOWN_TEXT, colour=ACCENT))
    return lines


def _orc_line(orc: OrcView, mark: str, *, out: bool, active: bool) -> PanelLine:
    """The player's mark and whole name; one out of the fight is struck through, one still to deploy
    says so."""
    note = "to deploy" if orc.square is None and not out else ""
    return PanelLine(f"{mark}  {orc.name}", size=SHOWN_TEXT, colour=MUTED if out else TEXT,
                     swatch=player_colour(orc.colour), struck=out, marked=active, note=note, note_size=SHOWN_TEXT)


def _who(view: MastersFightView) -> dict[PlayerId, OrcView]:
    return {orc.player: orc for orc in view.orcs}


def _entrants(view: MastersFightView) -> dict[PlayerId, Entrant]:
    return {orc.player: Entrant(orc.name, orc.colour) for orc in view.orcs}
