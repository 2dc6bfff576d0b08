"""The Timber! board: the Forest with its Trees, Rocks, Bushes, the Wild Boar, Wood and Orcs, and
beside it the players in Initiative Order and a key.

Drawn for the size Discord shows it (`SHOWN`): landscape, every label at least `LEGIBLE` px tall
there. Every Orc is a big disc in its owner's colour with its number (1 or 2) inside, and a log
badge with the Wood it carries; the panel ties colours to names. A Tree that fell this Game Turn
lies across the board as a trunk, and the squares its line touched carry a red frame. The log the
bot's message carries as text is not repeated. Sizes are canvas pixels (see `renderers.common`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from renderers.common import (
    ACCENT,
    INK,
    RGB,
    MUTED,
    SHOWN_TEXT,
    SUPERSAMPLE,
    TEXT,
    Column,
    Entrant,
    Frame,
    KeyEntry,
    PanelLine,
    base_canvas,
    bold_text,
    encode_png,
    font,
    heading,
    ink_on,
    placing_lines,
    player_colour,
    polygon,
    shade,
)
from renderers.kits.square_board import SquareBoard
from rules.core.engine import PlayerId
from rules.core.grid import xy
from rules.orclympics.timber.models import (
    FallView,
    OrcView,
    Phase,
    PlayerView,
    Stage,
    TimberView,
)

SLUG = "timber"
"""The game whose views this module draws."""

SQUARE = 70 * SUPERSAMPLE
BOARD = SquareBoard(left=40 * SUPERSAMPLE, top=12 * SUPERSAMPLE, square=SQUARE)
LABEL_BAND = 44 * SUPERSAMPLE
FILE_TEXT = 36 * SUPERSAMPLE
"""The file letters and rank numbers: "a", "c" and "e" have no ascender, so they need a larger size
than capitals to be as tall."""
EDGE_WIDTH = 6 * SUPERSAMPLE
COLUMN = Column(BOARD.right, BOARD.top, BOARD.key_room(LABEL_BAND))
"""The Initiative Order and the key round the Forest."""
BADGE = 0.52
"""A Wood badge's size in squares: its number, 0.8 of it, legible at Discord's size."""
BADGE_AT = 0.29
"""How far from a square's centre (each way, in squares) a Wood badge sits, clear of the number of the
Orc standing there."""
ORC_TEXT = 32 * SUPERSAMPLE
"""An Orc's number on its disc."""
LINE = SUPERSAMPLE

MOSS_LIGHT: RGB = (122, 146, 82)
MOSS_DARK: RGB = (98, 122, 64)
FOREST_EDGE: RGB = (40, 58, 32)
LEAF: RGB = (38, 104, 50)
LEAF_LIGHT: RGB = (62, 138, 66)
BUSH: RGB = (104, 170, 72)
BERRY: RGB = (196, 40, 60)
BARK: RGB = (104, 68, 38)
LOG: RGB = (170, 116, 62)
LOG_END: RGB = (226, 186, 128)
STONE: RGB = (150, 148, 142)
STONE_DARK: RGB = (98, 96, 92)
BOAR_HIDE: RGB = (78, 52, 36)
BOAR_SNOUT: RGB = (214, 150, 140)
TUSK: RGB = (246, 240, 222)
DANGER: RGB = (220, 40, 40)

Draw = ImageDraw.ImageDraw

STAGE_LABELS: dict[Stage, str] = {Stage.DISTRIBUTE: "tokens", Stage.BOAR: "Boar", Stage.ACTIONS: "actions"}


def render(view: TimberView, recent: Sequence[str] = ()) -> bytes:
    """The Forest, and beside it the panel and the key, of a Timber! view as PNG bytes. `recent` (the
    newest log lines) is not drawn: the bot's message carries it as text."""
    lines = panel_lines(view)
    laid = COLUMN.lay(lines, _key(view))
    canvas = base_canvas("timber", laid.size, _draw_forest_floor)
    draw = ImageDraw.Draw(canvas)
    _draw_forest(draw, view)
    COLUMN.draw(draw, lines, laid)
    return encode_png(canvas)


# -- the board ------------------------------------------------------------------------------


def _draw_forest_floor(draw: Draw) -> None:
    """What every Forest starts as: its edge, the moss and the square names."""
    BOARD.fence(draw, FOREST_EDGE, EDGE_WIDTH)
    for square in BOARD.grid.squares:
        _draw_ground(draw, square)
    BOARD.draw_labels(draw, font(FILE_TEXT), fence=EDGE_WIDTH, band=LABEL_BAND)


def _draw_forest(draw: Draw, view: TimberView) -> None:
    """On the floor: the fallen Trees' marks, terrain, Wood, the trunks, highlights, the Boar, then the Orcs."""
    for square in sorted({s for fall in view.falls for s in fall.touched}):
        _draw_touched(draw, square)
    for square in view.rocks:
        _draw_rocks(draw, BOARD.frame(square))
    for square in view.bushes:
        _draw_bush(draw, BOARD.frame(square))
    for square, wood in sorted(view.trees.items()):
        _draw_tree(draw, BOARD.frame(square), wood)
    standing = {orc.square: orc for orc in view.orcs if orc.square is not None}
    crowded = {s: n for s, n in view.dropped.items() if s in standing or s == view.boar}
    for square, count in sorted(view.dropped.items()):
        if square not in crowded:
            _draw_dropped(draw, BOARD.frame(square), count)
    for fall in view.falls:
        _draw_fallen_trunk(draw, fall)
    BOARD.highlight(draw, view.highlight)
    _draw_boar(draw, BOARD.frame(view.boar))
    for square, orc in sorted(standing.items()):
        _draw_orc(draw, BOARD.frame(square), orc, active=orc.player == view.active and orc.tokens > 0)
    for square, count in sorted(crowded.items()):
        _draw_count_badge(draw, BOARD.frame(square).part(-BADGE_AT, BADGE_AT, BADGE), count)  # Wood under a model


def _draw_ground(draw: Draw, square: str) -> None:
    """Moss in a gentle checker with a few fixed leaves, so squares are easy to count."""
    file, rank = xy(square)
    colour = MOSS_LIGHT if BOARD.is_light(square) else MOSS_DARK
    frame = BOARD.frame(square)
    draw.rectangle(frame.box(-0.5, -0.5, 0.5, 0.5), fill=colour)
    for k in range(3):
        u = ((file * 37 + rank * 17 + k * 29) % 80 - 40) / 100
        v = ((file * 23 + rank * 41 + k * 47) % 80 - 40) / 100
        r = (2 + (file + rank + k) % 3) * 0.012
        draw.ellipse(frame.oval(u, v, r * 1.4, r * 0.7), fill=shade(colour, 0.84))


def _draw_touched(draw: Draw, square: str) -> None:
    """A square the falling Tree's line touched: the moss tinted red inside a red frame."""
    ground = MOSS_LIGHT if BOARD.is_light(square) else MOSS_DARK
    tint = tuple(round(g * 0.55 + d * 0.45) for g, d in zip(ground, DANGER, strict=True))
    frame = BOARD.frame(square)
    draw.rectangle(frame.box(-0.5, -0.5, 0.5, 0.5), fill=tint)  # type: ignore[arg-type]
    draw.rectangle(frame.box(-0.45, -0.45, 0.45, 0.45), outline=DANGER, width=4 * LINE)


# -- terrain ------------------------------------------------------------------------------------


def _draw_tree(draw: Draw, f: Frame, wood: int, *, label: bool = True) -> None:
    """A trunk under a crown of leaves, with a log badge telling the Wood still on it."""
    draw.ellipse(f.oval(0.02, 0.4, 0.3, 0.07), fill=shade(MOSS_DARK, 0.6))
    draw.rectangle(f.box(-0.07, 0.05, 0.07, 0.42), fill=BARK, outline=INK, width=LINE)
    for u, v, r in ((-0.2, -0.02, 0.2), (0.2, -0.02, 0.2), (0.0, -0.2, 0.24), (-0.12, -0.3, 0.15),
                    (0.14, -0.3, 0.15)):
        draw.ellipse(f.oval(u, v, r, r), fill=LEAF, outline=INK, width=LINE)
    for u, v, r in ((-0.1, -0.2, 0.08), (0.1, -0.1, 0.07), (0.05, -0.32, 0.06)):
        draw.ellipse(f.oval(u, v, r, r), fill=LEAF_LIGHT)
    _draw_count_badge(draw, f.part(BADGE_AT, BADGE_AT, BADGE), wood, label=label)


def _draw_rocks(draw: Draw, f: Frame) -> None:
    """A heap of three grey boulders with light tops."""
    for u, v, ru, rv in ((-0.16, 0.12, 0.24, 0.2), (0.18, 0.16, 0.22, 0.17), (0.02, -0.1, 0.24, 0.22)):
        draw.ellipse(f.oval(u, v, ru, rv), fill=STONE, outline=INK, width=2 * LINE)
        draw.ellipse(f.oval(u - ru * 0.3, v - rv * 0.35, ru * 0.35, rv * 0.25), fill=shade(STONE, 1.2))
        draw.arc(f.oval(u, v, ru * 0.8, rv * 0.8), 20, 110, fill=STONE_DARK, width=2 * LINE)


def _draw_bush(draw: Draw, f: Frame) -> None:
    """A low, wide shrub in light green with red berries: clearly smaller and brighter than a Tree."""
    for u, v, r in ((-0.24, 0.12, 0.18), (0.24, 0.12, 0.18), (-0.1, -0.02, 0.2), (0.12, -0.02, 0.2),
                    (0.0, 0.16, 0.2)):
        draw.ellipse(f.oval(u, v, r, r * 0.9), fill=BUSH, outline=INK, width=LINE)
    for u, v in ((-0.2, 0.05), (0.05, -0.08), (0.22, 0.14), (-0.02, 0.2), (0.14, 0.04)):
        draw.ellipse(f.oval(u, v, 0.035, 0.035), fill=BERRY, outline=INK)


# -- wood ----------------------------------------------------------------------------------------


def _draw_log_end(draw: Draw, f: Frame) -> None:
    """The cut end of a log: bark rim and growth rings."""
    draw.ellipse(f.oval(0, 0, 0.5, 0.5), fill=BARK, outline=INK, width=2 * LINE)
    draw.ellipse(f.oval(0, 0, 0.4, 0.4), fill=LOG_END)
    draw.ellipse(f.oval(0, 0, 0.26, 0.26), outline=shade(LOG_END, 0.8), width=LINE)


def _draw_count_badge(draw: Draw, f: Frame, count: int, *, label: bool = True) -> None:
    """A log end with a number on it: how much Wood a Tree, a pile or an Orc holds (in the key a
    picture, not a label of the board)."""
    _draw_log_end(draw, f)
    bold_text(draw, f.at(0, 0.02), str(count), font(round(f.size * 0.8)), fill=INK, anchor="mm", label=label)


def _draw_dropped(draw: Draw, f: Frame, count: int) -> None:
    """Logs lying on open ground with their number. (Under a model only the badge shows, in a corner.)"""
    for k, (u, v) in enumerate(((-0.08, 0.14), (0.06, 0.0), (-0.04, -0.14))[:min(count, 3)]):
        draw.rounded_rectangle(f.box(u - 0.3, v - 0.07, u + 0.22, v + 0.07), radius=0.06 * f.size, fill=LOG,
                               outline=INK, width=LINE)
        _draw_log_end(draw, f.part(u + 0.24, v, 0.15 + 0.01 * k))
    _draw_count_badge(draw, f.part(BADGE_AT, -BADGE_AT, BADGE), count)


def _draw_fallen_trunk(draw: Draw, fall: FallView) -> None:
    """The felled Tree lying along its line, its crown where it hit the board edge."""
    start, end = BOARD.point(*_centre(fall.tree)), BOARD.point(*fall.end)
    width = SQUARE * 0.26
    draw.line((start, end), fill=INK, width=round(width + 4 * LINE))
    draw.line((start, end), fill=BARK, width=round(width))
    draw.ellipse((start[0] - width * 0.6, start[1] - width * 0.6, start[0] + width * 0.6, start[1] + width * 0.6),
                 fill=LOG_END, outline=INK, width=2 * LINE)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    crown = Frame(end[0] - ux * SQUARE * 0.45, end[1] - uy * SQUARE * 0.45, SQUARE)
    for u, v, r in ((0.0, 0.0, 0.28), (-uy * 0.2, ux * 0.2, 0.2), (uy * 0.2, -ux * 0.2, 0.2)):
        draw.ellipse(crown.oval(u, v, r, r), fill=LEAF, outline=INK, width=LINE)


def _centre(square: str) -> tuple[float, float]:
    x, y = xy(square)
    return (x + 0.5, y + 0.5)


# -- the Boar and the Orcs ----------------------------------------------------------------------


def _draw_boar(draw: Draw, f: Frame) -> None:
    """The Wild Boar side-on, facing right: dark bristly body, pale tusks, on a red danger ring."""
    draw.ellipse(f.oval(0, 0, 0.46, 0.46), fill=shade(DANGER, 0.75), outline=INK, width=2 * LINE)
    draw.ellipse(f.oval(0, 0, 0.4, 0.4), fill=(236, 214, 170))
    for u in (-0.2, -0.08, 0.1, 0.2):
        draw.rectangle(f.box(u - 0.035, 0.08, u + 0.035, 0.28), fill=shade(BOAR_HIDE, 0.8), outline=INK)
    draw.ellipse(f.oval(-0.04, 0.02, 0.3, 0.17), fill=BOAR_HIDE, outline=INK, width=2 * LINE)
    bristles = [f.at(-0.28 + k * 0.07, -0.12 - 0.05 * (k % 2)) for k in range(8)]
    draw.line(bristles, fill=INK, width=2 * LINE)
    polygon(draw, [f.at(0.18, -0.1), f.at(0.36, -0.02), f.at(0.36, 0.1), f.at(0.16, 0.12)], fill=BOAR_HIDE,
            outline=INK, width=LINE)
    draw.polygon([f.at(0.18, -0.1), f.at(0.14, -0.24), f.at(0.26, -0.12)], fill=shade(BOAR_HIDE, 1.3), outline=INK)
    draw.ellipse(f.oval(0.37, 0.04, 0.04, 0.06), fill=BOAR_SNOUT, outline=INK)
    draw.line((f.at(0.31, 0.08), f.at(0.35, 0.0), f.at(0.31, -0.06)), fill=TUSK, width=3 * LINE)
    draw.ellipse(f.oval(0.25, -0.04, 0.025, 0.025), fill=(255, 60, 40))


def _draw_orc(draw: Draw, f: Frame, orc: OrcView, *, active: bool) -> None:
    """A disc in the owner's colour with the Orc's number, its Wood on a log badge and, while it
    may still act, a gold ring and one pip per Action Token left."""
    colour = player_colour(orc.colour)
    if active:
        draw.ellipse(f.oval(0, 0, 0.42, 0.42), fill=ACCENT, outline=INK, width=LINE)
    draw.ellipse(f.oval(0, 0.04, 0.35, 0.35), fill=shade(colour, 0.5))
    draw.ellipse(f.oval(0, 0, 0.35, 0.35), fill=colour, outline=INK, width=3 * LINE)
    bold_text(draw, f.at(0, 0.01), str(orc.number), font(ORC_TEXT), fill=ink_on(colour), anchor="mm")
    if orc.wood:
        _draw_count_badge(draw, f.part(BADGE_AT, -BADGE_AT, BADGE), orc.wood)
    for k in range(orc.tokens if active else 0):
        pip = f.part(-0.39, -0.36 + k * 0.2, 0.19)  # a column down the left side
        draw.ellipse(pip.oval(0, 0, 0.5, 0.5), fill=ACCENT, outline=INK, width=2 * LINE)


# -- the key ------------------------------------------------------------------------------------


def _key(view: TimberView) -> list[KeyEntry]:
    """What the symbols on this board mean: only those it shows, so the key stays short; the long
    entries first, as they fit the rows under the Forest (the short ones pair up beside it)."""
    orcs = [o for o in view.orcs if o.square is not None]
    entries: list[KeyEntry] = []
    if any(o.player == view.active and o.tokens > 0 for o in orcs):
        entries.append(KeyEntry(_tokens_icon, "acting, a dot per Action Token left"))
    if view.dropped or any(o.wood for o in orcs):
        entries.append(KeyEntry(_wood_icon, "Wood carried, or lying on the ground"))
    if view.bushes:
        entries.append(KeyEntry(_bush_icon, "Bush: Open Way rips it out"))
    if view.highlight:
        entries.append(KeyEntry(_highlight_icon, "squares of the last move"))
    if view.falls:
        entries.append(KeyEntry(_touched_icon, "hit by a falling Tree"))
    if orcs:
        entries.append(KeyEntry(_orc_icon, "Orc 1 or 2"))
    if view.trees:
        entries.append(KeyEntry(_tree_icon, "Tree and its Wood"))
    if view.rocks:
        entries.append(KeyEntry(_rocks_icon, "Rocks"))
    entries.append(KeyEntry(_boar_icon, "the Wild Boar"))
    return entries


def _orc_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0, 0, 0.42, 0.42), fill=MUTED, outline=INK, width=2 * LINE)
    bold_text(draw, f.at(0, 0.01), "1", font(round(f.size * 0.6)), fill=INK, anchor="mm", label=False)


def _tokens_icon(draw: Draw, f: Frame) -> None:
    draw.ellipse(f.oval(0.1, 0.05, 0.38, 0.38), fill=ACCENT, outline=INK, width=LINE)
    draw.ellipse(f.oval(0.1, 0.05, 0.28, 0.28), fill=MUTED, outline=INK, width=LINE)
    for k in range(2):
        draw.ellipse(f.oval(-0.38, -0.3 + k * 0.3, 0.11, 0.11), fill=ACCENT, outline=INK, width=LINE)


def _tree_icon(draw: Draw, f: Frame) -> None:
    _draw_tree(draw, f.part(0, 0, 1.1), 4, label=False)


def _wood_icon(draw: Draw, f: Frame) -> None:
    _draw_count_badge(draw, f.part(0, 0, 0.8), 2, label=False)


def _rocks_icon(draw: Draw, f: Frame) -> None:
    _draw_rocks(draw, f.part(0, 0, 1.1))


def _bush_icon(draw: Draw, f: Frame) -> None:
    _draw_bush(draw, f.part(0, 0, 1.1))


def _boar_icon(draw: Draw, f: Frame) -> None:
    _draw_boar(draw, f.part(0, 0, 1.05))


def _highlight_icon(draw: Draw, f: Frame) -> None:
    draw.rectangle(f.box(-0.5, -0.5, 0.5, 0.5), fill=MOSS_LIGHT)
    draw.rectangle(f.box(-0.47, -0.47, 0.47, 0.47), outline=INK, width=4 * LINE)
    draw.rectangle(f.box(-0.44, -0.44, 0.44, 0.44), outline=ACCENT, width=3 * LINE)


def _touched_icon(draw: Draw, f: Frame) -> None:
    tint = tuple(round(g * 0.55 + d * 0.45) for g, d in zip(MOSS_LIGHT, DANGER, strict=True))
    draw.rectangle(f.box(-0.5, -0.5, 0.5, 0.5), fill=tint)  # type: ignore[arg-type]
    draw.rectangle(f.box(-0.44, -0.44, 0.44, 0.44), outline=DANGER, width=3 * LINE)


# -- the side panel --------------------------------------------------------------------------------


TITLE_TEXT = 34 * SUPERSAMPLE
TURN_TEXT = 30 * SUPERSAMPLE
"""Where the game stands, under the game's name."""


def panel_lines(view: TimberView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The side panel: where the game is, the players in Initiative Order with the Wood each got
    out (once the game is over, the placings instead), and where the Wood is. `recent` (the newest log lines, which every game's
    panel is handed) is not shown, nor the Feats: the bot's message carries the log as text, and a
    column as short as Discord's picture has no room for a list that grows."""
    if view.phase is Phase.DEPLOYMENT:
        state = "Deployment"
    elif view.phase is Phase.OVER:
        state = "Game over"
    else:
        state = f"Game Turn {view.turn}/{view.turns}"
        if view.stage is not None:
            state += f" · {STAGE_LABELS[view.stage]}"
    lines = [PanelLine("Timber!", size=TITLE_TEXT, colour=ACCENT), PanelLine(state, size=TURN_TEXT)]
    if view.placings is not None:
        lines += placing_lines(view.placings, _entrants(view), {p.player: f"{p.wood_out} Wood" for p in view.players},
                               size=SHOWN_TEXT)
    else:
        lines += _order_lines(view)
    return [*lines, *_wood_lines(view)]


def _entrants(view: TimberView) -> dict[PlayerId, Entrant]:
    return {p.player: Entrant(p.name, p.colour) for p in view.players}


def _players(view: TimberView) -> dict[PlayerId, PlayerView]:
    return {p.player: p for p in view.players}


def _order_lines(view: TimberView) -> list[PanelLine]:
    """Players in Initiative Order with the Wood they got out; the active one gets its tokens listed."""
    players = _players(view)
    listed = [p for p in view.order if p in players] + [p for p in players if p not in view.order]
    lines = [heading("Deployment order" if view.phase is Phase.DEPLOYMENT else "Initiative · Wood out", SHOWN_TEXT)]
    for player in listed:
        seat = players[player]
        active = player == view.active and view.phase is not Phase.OVER
        note = "" if view.phase is Phase.DEPLOYMENT else f"{seat.wood_out} out"
        lines.append(PanelLine(seat.name, size=SHOWN_TEXT, swatch=player_colour(seat.colour), marked=active, note=note,
                               note_size=SHOWN_TEXT))
        if active and view.phase is Phase.PLAY:
            lines.append(PanelLine(_tokens_text(view, player), size=SHOWN_TEXT, colour=ACCENT))
    waiting = [p for p in view.waiting if p != view.active]
    for player in waiting:
        lines.append(PanelLine(f"Waiting for {players[player].name}", size=SHOWN_TEXT, colour=ACCENT))
    return lines


def _tokens_text(view: TimberView, player: PlayerId) -> str:
    if view.stage is Stage.DISTRIBUTE:
        return "Hand out 4 Action Tokens"
    if view.stage is Stage.BOAR:
        return f"Boar runs {view.boar_roll}: choose its path"
    mine = [o for o in view.orcs if o.player == player and o.square is not None]
    return "Tokens  " + "   ".join(f"#{o.number}: {o.tokens}" for o in mine) if mine else "Only the Boar moves"


def _wood_lines(view: TimberView) -> list[PanelLine]:
    """Where the Wood is: on the Trees, on the ground, in Orcs' arms, and out of the Forest."""
    on_trees = sum(view.trees.values())
    on_ground = sum(view.dropped.values())
    carried = sum(o.wood for o in view.orcs if o.square is not None)
    out = sum(p.wood_out for p in view.players)
    return [heading("Wood", SHOWN_TEXT),
            PanelLine(f"Trees {on_trees} · ground {on_ground}", size=SHOWN_TEXT),
            PanelLine(f"carried {carried} · out {out}", size=SHOWN_TEXT)]
