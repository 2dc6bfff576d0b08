"""The goblin warlords board: the house map of 18 territories (orclands brown, outlands green) in
its three rows of six, each with its d20 number and name, the colour of the warlord who holds it,
its fortress and mine, the caravans on the north row's road, every army as a tag (its leader's
tribe and authority, then its power, then any gold it carries) and the units left without a
leader; beside it the game turn, the phase, the order of play with each warlord's public counts,
and the key.

Only what the view carries is drawn, and only its public part: a hand is shown by its counts (how
many unit chips and gold chips it holds), never by its chips, so the board drawn from a seat's
view is the very board of the public view. The picture is drawn for the size Discord shows it
(`SHOWN`): landscape, every label at least `LEGIBLE` px tall there; the log the bot's message
carries as text is not repeated. Sizes below are canvas pixels (see `renderers.common`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import ImageDraw
from shapely.geometry import Polygon

from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    SHOWN_TEXT,
    RGB,
    SHOWN_WIDTH,
    SUPERSAMPLE,
    TEXT,
    Chip,
    Column,
    Frame,
    KeyEntry,
    KeyRoom,
    PanelLine,
    base_canvas,
    dashed,
    draw_tag,
    encode_png,
    fit_lines,
    bold_text,
    font,
    ink_on,
    player_colour,
    shade,
    tag_size,
    write,
)
from renderers.kits.area_map import Area, AreaMap
from rules.goblin_warlords.combat import power
from rules.goblin_warlords.data import COLUMNS, ROWS, TERRITORIES, CaravanKind, Kind, Territory, Tribe, chip
from rules.goblin_warlords.models import Army, CaravanView, GoblinView, Phase

SLUG = "goblin-warlords"
"""The game whose views this module draws."""

S = SUPERSAMPLE
LINE = S
PANEL_WIDTH = 384 * S
"""The side panel's width: the longest name of a busy table on one row; the map takes the rest."""
COLUMN_GAP = 10 * S
COLUMN_MARGIN = 6 * S

NAME_TEXT = 27 * S
"""A territory's name: every name has a capital or a tall letter, outlined, so 27 is legible where
Discord shows the board, and "Warrens", the widest word, fits a territory."""
NAME_PITCH = 1.15
"""Between a name's two lines, in text sizes: close, so the territory keeps room for its tags."""
PANEL_TEXT = SHOWN_TEXT
"""The panel's text: a line of capitals and digits alone ("Game Turn 12 · Game over") needs all of it."""
TAG_TEXT = 21 * S
"""The tags (numbers, armies, caravans, fortress ratings): a tag is 1.25 times its text's size tall."""
TAG_HEIGHT = round(TAG_TEXT * 1.25)
SMALLEST_TAG_TEXT = 16 * S
"""A tag too wide for its territory shrinks, down to this: 1.25 times it is still `LEGIBLE` where Discord
shows the board."""
TAG_ROWS = 3
"""Rows of tags a territory has room for under its name: the number and the army of a busy board
with room to spare; more is summed up in a "+N" tag."""
GAP = 4 * S
"""Between two tags, and between rows of them."""
RIM = 8 * S
"""The band inside a held territory's edge, in its holder's colour."""
WOBBLE = 0.03
"""How far a corner of the map's grid strays, in territory widths: the borders look drawn, not ruled."""
INSET = 10 * S
"""From a territory's grid cell to its tags, left and right: past the wobble and the holder's band."""
NAME_INSET = 4 * S
"""From a territory's grid cell to its name, left and right: past the wobble, over the band."""
TOP, BOTTOM = 4 * S, 8 * S
"""From a territory's grid cell to its name above and to its last tags below."""
COAST = 6 * S
"""Room round the map for its coast's line."""

MAP_LEFT, MAP_TOP = 4 * S, 4 * S
MAP_RIGHT = SHOWN_WIDTH - PANEL_WIDTH - COLUMN_GAP - COLUMN_MARGIN
SCALE = (MAP_RIGHT - MAP_LEFT - 2 * COAST) / COLUMNS
"""Canvas pixels per territory width: the map is as wide as the panel leaves room for."""
TAGS_WIDTH = SCALE - 2 * INSET
"""How wide a row of tags in a territory may be."""
ROW_HEIGHT = TOP + 2 * NAME_PITCH * NAME_TEXT + GAP + TAG_ROWS * (TAG_HEIGHT + GAP) + BOTTOM
ROW_UNITS = ROW_HEIGHT / SCALE
"""A territory's height in territory widths: its name and its rows of tags."""
MAP_BOX = (MAP_LEFT, MAP_TOP, MAP_RIGHT, round(MAP_TOP + 2 * COAST + ROWS * ROW_HEIGHT) + 1)
"""Where the map sits (left, top, right, bottom), the coast included; the key goes under it."""
KEY_ROOM = KeyRoom(12 * S, MAP_BOX[3] + 2 * S, MAP_BOX[2] - 12 * S)
COLUMN = Column(MAP_BOX[2], MAP_BOX[1], KEY_ROOM, gap=COLUMN_GAP, margin=COLUMN_MARGIN)
"""The panel and the key round the map."""

ORCLAND: RGB = (150, 114, 74)
OUTLAND: RGB = (104, 138, 78)
BORDER: RGB = (58, 42, 28)
ROAD: RGB = (226, 206, 150)
STONE: RGB = (168, 162, 150)
NUMBER: RGB = (48, 40, 32)
GOLD: RGB = (240, 190, 40)
BATTLE: RGB = (190, 30, 40)
REBELS: RGB = MUTED
CARAVANS: dict[CaravanKind, RGB] = {CaravanKind.DWARF: (120, 150, 190), CaravanKind.ELF: (170, 220, 140)}
CARAVAN_LETTERS: dict[CaravanKind, str] = {CaravanKind.DWARF: "D", CaravanKind.ELF: "E"}
TRIBE_LETTERS: dict[Tribe, str] = {Tribe.GOBLIN: "G", Tribe.KOBOLD: "K", Tribe.ORC: "O", Tribe.TROLL: "T",
                                   Tribe.OGRE: "Og"}
"""A leader's tribe on its army's tag: one letter, two for the Ogres, whose first is the Orcs'."""

PHASES: dict[Phase, str] = {Phase.SETUP: "Set-up", Phase.REINFORCE: "B2 Reinforce", Phase.MARCH: "B3-5 March",
                            Phase.TRADE: "C Trading", Phase.OVER: "Game over"}
"""The phase after the game turn: the text's step letters, short enough for one row of the panel."""

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]
Box = tuple[float, float, float, float]


# -- the map's shape --------------------------------------------------------------------------------


def _stray(*key: int) -> float:
    """A fixed amount in [-1, 1] for a corner or an edge of the grid: the same on every run and machine."""
    h = 2166136261
    for k in key:
        h = ((h ^ (k & 0xFFFF)) * 16777619) & 0xFFFFFFFF
    return (h % 2001) / 1000 - 1


def _corner(column: int, row: int) -> Point:
    """A corner of the grid, strayed a little; one on the coast strays only along it, so the map's
    outline is its box's and the territories on the coast are as roomy as the others."""
    dx = 0.0 if column in (0, COLUMNS) else WOBBLE * _stray(1, column, row)
    dy = 0.0 if row in (0, ROWS) else WOBBLE * _stray(2, column, row)
    return (column + dx, row * ROW_UNITS + dy)


def _middle(a: tuple[int, int], b: tuple[int, int]) -> Point:
    """The middle of the grid edge from corner `a` to corner `b`, pushed across it a little (not on
    the coast)."""
    (ax, ay), (bx, by) = _corner(*a), _corner(*b)
    first, last = sorted((a, b))
    coast = (first[0] == last[0] and first[0] in (0, COLUMNS)) or (first[1] == last[1] and first[1] in (0, ROWS))
    push = 0.0 if coast else WOBBLE * 0.8 * _stray(3, *first, *last)
    across = (0.0, push) if a[1] == b[1] else (push, 0.0)
    return ((ax + bx) / 2 + across[0], (ay + by) / 2 + across[1])


def _outline(land: Territory) -> tuple[Point, ...]:
    """A territory's polygon in map units (x east, y north; the south row at the bottom)."""
    c, r = land.column, land.row
    corners = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
    points: list[Point] = []
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        points += [_corner(*a), _middle(a, b)]
    return tuple(points)


def _ground(land: Territory) -> RGB:
    """Orclands and outlands in their colours, each territory a shade apart from its neighbours."""
    base = ORCLAND if land.kind is Kind.ORCLAND else OUTLAND
    return shade(base, 1 + 0.05 * ((land.column + land.row) % 2) - 0.025 * (land.number % 3 == 0))


MAP = AreaMap([Area(str(t.number), t.name, _outline(t), _ground(t)) for t in TERRITORIES], MAP_BOX,
              padding=COAST)


def _grid(land: Territory) -> Box:
    """A territory's cell of the grid on the canvas, before its edges stray."""
    left, top = MAP.at(land.column, (land.row + 1) * ROW_UNITS)
    right, bottom = MAP.at(land.column + 1, land.row * ROW_UNITS)
    return (left, top, right, bottom)


def _cell(land: Territory) -> Box:
    """The canvas box inside a territory where its tags go, clear of its wobbling edges."""
    left, top, right, bottom = _grid(land)
    return (left + INSET, top + TOP, right - INSET, bottom - BOTTOM)


def _name(land: Territory) -> tuple[tuple[str, ...], float]:
    """A territory's name in lines, and the y under them."""
    left, top, right, _ = _grid(land)
    lines, _ = fit_lines(land.name, right - left - 2 * NAME_INSET, 2 * NAME_TEXT * 1.25, NAME_TEXT, NAME_TEXT)
    return lines, top + TOP + len(lines) * NAME_TEXT * NAME_PITCH


def _canvas_ring(land: Territory) -> list[Point]:
    return [MAP.at(x, y) for x, y in _outline(land)]


def _draw_map(draw: Draw) -> None:
    """What every game's board starts with, drawn once per worker (`base_canvas`): the lands, their
    borders and names, and the caravans' road along the north row."""
    MAP.draw_fills(draw)
    MAP.draw_borders(draw, BORDER, INK, width=2 * LINE)
    face = font(NAME_TEXT)
    for land in TERRITORIES:
        left, top, right, _ = _grid(land)
        lines, _ = _name(land)
        for k, line in enumerate(lines):
            write(draw, ((left + right) / 2, top + TOP + (k + 0.5) * NAME_TEXT * NAME_PITCH), line, face, TEXT,
                  anchor="mm", stroke=max(1, face.size // 10), stroke_fill=shade(_ground(land), 0.45))
    north = [t for t in TERRITORIES if t.row == ROWS - 1]
    y = _road_y(north[0])
    ends = (MAP.at(0.08, 0)[0], MAP.at(COLUMNS - 0.08, 0)[0])
    dashed(draw, [(ends[0], y), (ends[1], y)], ROAD, 4 * LINE, dash=12 * S)
    for x, facing in ((ends[0], -1), (ends[1], 1)):
        tip = x + facing * 4 * S
        draw.polygon([(tip, y), (tip - facing * 16 * S, y - 10 * S), (tip - facing * 16 * S, y + 10 * S)], fill=ROAD)


def _road_y(land: Territory) -> float:
    """The road runs through the row of tags under the names: the caravans stand on it."""
    return _name(land)[1] + GAP + TAG_HEIGHT / 2


# -- what stands in a territory ---------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    """Something drawn in a territory's rows of tags: how wide it is and how to draw it at (x, top)."""

    width: float
    paint: Callable[[Draw, float, float], None]


def _tag_token(chips: Sequence[Chip]) -> Token:
    """A tag in a territory's rows, in smaller text when it is wider than a territory has room for (an
    army with a two-digit power carrying gold), centred in its row."""
    face = next((font(size) for size in range(TAG_TEXT, SMALLEST_TAG_TEXT, -S)
                 if tag_size(chips, font(size))[0] <= TAGS_WIDTH), font(SMALLEST_TAG_TEXT))
    width, height = tag_size(chips, face)

    def paint(draw: Draw, x: float, top: float) -> None:
        y = top + (TAG_HEIGHT - height) / 2
        draw_tag(draw, (x, y, x + width, y + height), chips, face)

    return Token(width, paint)


def _icon_token(icon: Callable[[Draw, Frame], None]) -> Token:
    return Token(TAG_HEIGHT, lambda draw, x, top: icon(draw, Frame(x + TAG_HEIGHT / 2, top + TAG_HEIGHT / 2,
                                                                   TAG_HEIGHT)))


def colours(view: GoblinView) -> dict[str, RGB]:
    """Each warlord's colour: the seat's, when the view carries it, else the seat's place at the table."""
    return {w.player: player_colour(getattr(w, "colour", k)) for k, w in enumerate(view.warlords)}


def army_chips(army: Army, colour: RGB) -> list[Chip]:
    """An army's tag: its leader (tribe letter and authority) on its holder's colour, its power, the gold
    it carries; units without a leader show their power alone (grey when nobody holds them)."""
    chips = []
    if army.leader is not None:
        leader = chip(army.leader)
        chips.append(Chip(f"{TRIBE_LETTERS[leader.tribe] if leader.tribe else '?'}{leader.authority}", colour))
    chips.append(Chip(str(power([*([army.leader] if army.leader is not None else []), *army.units])),
                      TEXT if army.leader is not None else colour))
    if army.gold:
        chips.append(Chip(f"{army.gold}g", GOLD))
    return chips


def _left_behind(armies: Sequence[Army]) -> list[Army]:
    """Units without a leader, one stack per holder and territory (the rebels' last): the map shows what
    stands there, not how it came to be left."""
    stacks: dict[tuple[int, bool, str], Army] = {}
    for army in armies:
        key = (army.territory, army.owner is None, army.owner or "")
        if key in stacks:
            stack = stacks[key]
            stacks[key] = stack.model_copy(update={"units": [*stack.units, *army.units], "gold": stack.gold + army.gold})
        else:
            stacks[key] = army
    return [stacks[key] for key in sorted(stacks)]


def _features(view: GoblinView, land: Territory, colour: dict[str, RGB]) -> list[Token]:
    """The first tags under the name: the d20 number, the fortress and its rating, the mine, a battle
    to fight, the caravans."""
    tokens = [_tag_token([Chip(str(land.number), NUMBER)])]
    for fortress in view.fortresses:
        if fortress.territory == land.number:
            tokens += [_icon_token(partial(fortress_icon, flag=colour.get(fortress.owner, REBELS))),
                       _tag_token([Chip(str(fortress.rating), STONE)])]
    if land.number in view.mines:
        tokens.append(_icon_token(mine_icon))
    if any(b.territory == land.number for b in view.battles):
        tokens.append(_icon_token(battle_icon))
    tokens += [_tag_token(caravan_chips(c)) for c in sorted(view.caravans, key=lambda c: c.id)
               if c.territory == land.number]
    return tokens


def caravan_chips(caravan: CaravanView) -> list[Chip]:
    """A caravan: D (Dwarf) or E (Elf) on its kind's colour, and its power, "?" until first attacked."""
    return [Chip(CARAVAN_LETTERS[caravan.kind], CARAVANS[caravan.kind]),
            Chip("?" if caravan.power is None else str(caravan.power), TEXT)]


def _armies(view: GoblinView, land: Territory, colour: dict[str, RGB]) -> list[Token]:
    """The armies with leaders (the biggest first), then the units left without one."""
    here = [a for a in view.armies if a.territory == land.number and not a.lost]
    led = sorted((a for a in here if a.leader is not None),
                 key=lambda a: (-power([a.leader or 0, *a.units]), a.id))
    tokens = []
    for army in [*led, *_left_behind([a for a in here if a.leader is None])]:
        tokens.append(_tag_token(army_chips(army, colour.get(army.owner or "", REBELS))))
    return tokens


def _rows(tokens: Sequence[Token], width: float) -> list[list[Token]]:
    rows: list[list[Token]] = [[]]
    for token in tokens:
        used = sum(t.width for t in rows[-1]) + GAP * len(rows[-1])
        if rows[-1] and used + token.width > width:
            rows.append([])
        rows[-1].append(token)
    return [row for row in rows if row]


def _fitted(tokens: list[Token], width: float, rows: int) -> list[list[Token]]:
    """The tokens in at most `rows` rows; when they need more, the last ones give way to a "+N" tag."""
    laid = _rows(tokens, width)
    if len(laid) <= rows:
        return laid
    for kept in range(len(tokens) - 1, -1, -1):
        laid = _rows([*tokens[:kept], _tag_token([Chip(f"+{len(tokens) - kept}", MUTED)])], width)
        if len(laid) <= rows:
            return laid
    return []


def _draw_rows(draw: Draw, rows: Sequence[Sequence[Token]], box: Box, top: float) -> None:
    """Rows of tokens from `top`, each from the left edge of `box`."""
    for row in rows:
        x = box[0]
        for token in row:
            token.paint(draw, x, top)
            x += token.width + GAP
        top += TAG_HEIGHT + GAP


def _draw_territory(draw: Draw, view: GoblinView, land: Territory, colour: dict[str, RGB]) -> None:
    """The holder's band, then the tags in rows under the name: the number, the fortress, the mine, a
    battle and the caravans first (the road runs through the first row), then the armies."""
    holder = view.control.get(land.number)
    if holder is not None:
        inner = Polygon(_canvas_ring(land)).buffer(-(RIM + 2 * LINE) / 2, join_style="mitre")
        draw.line(list(inner.exterior.coords), fill=colour.get(holder, REBELS), width=RIM, joint="curve")
    box = _cell(land)
    top = _road_y(land) - TAG_HEIGHT / 2
    room = min(TAG_ROWS, int((box[3] - top + GAP) // (TAG_HEIGHT + GAP)))
    tokens = [*_features(view, land, colour), *_armies(view, land, colour)]
    _draw_rows(draw, _fitted(tokens, box[2] - box[0], room), box, top)


# -- the picture ----------------------------------------------------------------------------------


def render(view: GoblinView, recent: Sequence[str] = ()) -> bytes:
    """The map, and beside it the panel and the key, of a goblin warlords view as PNG bytes. `recent`
    (the newest log lines) is not drawn: the bot's message carries it as text."""
    lines = panel_lines(view)
    laid = COLUMN.lay(lines, key_entries(view, colours(view)))
    canvas = base_canvas(SLUG, laid.size, _draw_map)
    draw = ImageDraw.Draw(canvas)
    colour = colours(view)
    for land in TERRITORIES:
        _draw_territory(draw, view, land, colour)
    COLUMN.draw(draw, lines, laid)
    return encode_png(canvas)


TITLE_TEXT = 32 * S
TURN_TEXT = 30 * S


def panel_lines(view: GoblinView, recent: Sequence[str] = ()) -> list[PanelLine]:
    """The side panel: the game turn and the phase, then the warlords in this turn's order of play
    (seat order before it is drawn up), each with the lands held and the public counts of the hand
    (unit chips, gold chips: what a hand holds is its owner's alone). `recent` is not shown: the
    bot's message carries the log as text."""
    phase = Phase(view.phase)
    lines = [PanelLine("Goblin Warlords", size=TITLE_TEXT, colour=ACCENT),
             PanelLine(" · ".join(part for part in (view.where(), PHASES[phase]) if part), size=PANEL_TEXT)]
    colour = colours(view)
    ordered = view.order if view.order and phase is not Phase.SETUP else [w.player for w in view.warlords]
    lines.append(PanelLine("Order of play" if ordered is view.order else "Warlords", size=PANEL_TEXT, colour=MUTED,
                           space_before=8 * S, heading=True))
    for player in ordered:
        lines.append(PanelLine(view.names.get(player, player), size=PANEL_TEXT, swatch=colour[player],
                               marked=player == view.current or player in view.waiting_for and view.current is None,
                               note=_standing(view, player), note_size=PANEL_TEXT,
                               colour=ACCENT if player in view.winners else TEXT))
        lines.append(PanelLine(_hand(view, player), size=PANEL_TEXT, colour=MUTED, note=_held(view, player),
                               note_size=PANEL_TEXT))
    return lines


def _standing(view: GoblinView, player: str) -> str:
    """Beside a warlord's name: a win, an announced victory, a set-up done."""
    if player in view.winners:
        return "Winner"
    if player in view.announced:
        return "Announced"
    ready = Phase(view.phase) is Phase.SETUP and next(w for w in view.warlords if w.player == player).ready
    return "Ready" if ready else ""


def _hand(view: GoblinView, player: str) -> str:
    """What a warlord's hand holds, as everybody may know it: how many unit chips and gold chips."""
    warlord = next(w for w in view.warlords if w.player == player)
    return f"{_counted(warlord.units, 'unit')} · {warlord.gold_chips} gold"


def _held(view: GoblinView, player: str) -> str:
    """What a warlord holds on the map, as the power victory counts it, and armies lost underground."""
    lands = sum(1 for holder in view.control.values() if holder == player)
    forts = sum(1 for f in view.fortresses if f.owner == player)
    lost = sum(1 for a in view.armies if a.owner == player and a.lost)
    return ", ".join([_counted(lands, "land")] + [_counted(forts, "fort")] * bool(forts) + [f"{lost} lost"] * bool(lost))


def _counted(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


# -- the key's pictures, drawn here so the map and the key draw them alike --------------------------


def fortress_icon(draw: Draw, f: Frame, flag: RGB = REBELS) -> None:
    """A tower with three merlons, its holder's flag on top."""
    draw.line((f.at(-0.1, -0.2), f.at(-0.1, -0.5)), fill=INK, width=2 * LINE)
    draw.polygon([f.at(-0.1, -0.5), f.at(0.3, -0.4), f.at(-0.1, -0.3)], fill=flag, outline=INK)
    points = [(-0.4, 0.45), (-0.4, -0.25), (-0.25, -0.25), (-0.25, -0.12), (-0.07, -0.12), (-0.07, -0.25),
              (0.07, -0.25), (0.07, -0.12), (0.25, -0.12), (0.25, -0.25), (0.4, -0.25), (0.4, 0.45)]
    draw.polygon([f.at(u, v) for u, v in points], fill=STONE, outline=INK, width=LINE)
    draw.rectangle(f.box(-0.1, 0.15, 0.1, 0.45), fill=INK)


def battle_icon(draw: Draw, f: Frame) -> None:
    """Two crossed blades on a red disc."""
    draw.ellipse(f.oval(0, 0, 0.48, 0.48), fill=BATTLE, outline=INK, width=LINE)
    for u in (-1, 1):
        draw.line((f.at(-0.28 * u, -0.28), f.at(0.28 * u, 0.28)), fill=TEXT, width=3 * LINE)
        draw.line((f.at(0.1 * u, 0.3), f.at(0.3 * u, 0.1)), fill=TEXT, width=3 * LINE)


def mine_icon(draw: Draw, f: Frame) -> None:
    """A dark mouth in a hill with a nugget of gold at it."""
    draw.pieslice(f.box(-0.48, -0.4, 0.48, 0.9), 180, 360, fill=shade(ORCLAND, 0.7), outline=INK, width=LINE)
    draw.pieslice(f.box(-0.22, -0.05, 0.22, 0.6), 180, 360, fill=INK)
    draw.ellipse(f.oval(0.28, 0.3, 0.12, 0.1), fill=GOLD, outline=INK, width=LINE)



# -- the key --------------------------------------------------------------------------------------


def key_entries(view: GoblinView, colour: dict[str, RGB]) -> list[KeyEntry]:
    """What the symbols on this board mean: the lands and the tags always (every board has them), the
    rest only when the board shows them, so the key stays short."""
    first = colour[view.warlords[0].player] if view.warlords else REBELS
    on_map = [a for a in view.armies if not a.lost]
    entries = [KeyEntry(partial(chip_icon, chips=(Chip("O6", first), Chip("14", TEXT))),
                                "Orc leader, authority 6; army power 14"),
               KeyEntry(partial(chip_icon, chips=(Chip("Og", first),)), "G K T Og: Goblin, Kobold, Troll, Ogre")]
    if any(a.leader is None for a in on_map):
        entries.append(KeyEntry(partial(chip_icon, chips=(Chip("5", first),)), "No leader (grey: rebels)"))
    if any(a.gold for a in on_map):
        entries.append(KeyEntry(partial(chip_icon, chips=(Chip("2g", GOLD),)), "Gold carried"))
    entries += [KeyEntry(partial(chip_icon, chips=(Chip("13", NUMBER),)), "d20 number (1-5: homes)"),
                KeyEntry(partial(land_icon, fill=ORCLAND), "Orcland"),
                KeyEntry(partial(land_icon, fill=OUTLAND), "Outland"),
                KeyEntry(partial(land_icon, fill=ORCLAND, rim=first), "Held"),
                KeyEntry(road_icon, "Road: D east, E west")]
    if view.caravans:
        entries.append(KeyEntry(partial(chip_icon, chips=(Chip("D", CARAVANS[CaravanKind.DWARF]), Chip("?", TEXT))),
                                "Caravan and its power"))
    if view.fortresses:
        entries.append(KeyEntry(partial(fortress_icon, flag=first), "Fortress, rating"))
    if view.mines:
        entries.append(KeyEntry(mine_icon, "Mine"))
    if view.battles:
        entries.append(KeyEntry(battle_icon, "Battle to fight"))
    return entries


def chip_icon(draw: Draw, f: Frame, *, chips: tuple[Chip, ...], outline: RGB = INK) -> None:
    """A tag as the key shows it: a picture, not a label of the board."""
    face = font(round(f.size * 0.42))
    widths = [max(face.size * 1.1, face.getlength(c.text) + face.size * 0.4) for c in chips]
    x = f.cx - sum(widths) / 2
    top, bottom = f.at(0, -0.3)[1], f.at(0, 0.3)[1]
    draw.rounded_rectangle((x, top, x + sum(widths), bottom), radius=0.12 * f.size, fill=chips[0].fill,
                           outline=outline, width=2 * LINE if outline != INK else LINE)
    for c, w in zip(chips, widths, strict=True):
        if c is not chips[0]:
            draw.rectangle((x, top + LINE, x + w - LINE, bottom - LINE), fill=c.fill)
            draw.line((x, top, x, bottom), fill=INK, width=LINE)
        bold_text(draw, (x + w / 2, (top + bottom) / 2), c.text, face, fill=ink_on(c.fill), anchor="mm", label=False)
        x += w


def land_icon(draw: Draw, f: Frame, *, fill: RGB, rim: RGB | None = None) -> None:
    draw.rectangle(f.box(-0.45, -0.35, 0.45, 0.35), fill=fill, outline=rim or BORDER, width=4 * LINE if rim else LINE)


def road_icon(draw: Draw, f: Frame) -> None:
    dashed(draw, [f.at(-0.5, 0), f.at(0.3, 0)], ROAD, 3 * LINE, dash=f.size * 0.14)
    draw.polygon([f.at(0.5, 0), f.at(0.28, -0.16), f.at(0.28, 0.16)], fill=ROAD)


__all__ = ["SLUG", "army_chips", "caravan_chips", "colours", "fortress_icon", "mine_icon", "panel_lines", "render"]

