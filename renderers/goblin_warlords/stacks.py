"""What stands in a goblin warlords territory, drawn over the map: the band of the warlord who holds
it, then its tags in rows under its name: its d20 number, its fortress and mine, a battle to fight,
the caravans there (in the north row they stand on the road), then the armies, the biggest first,
and the units left without a leader, one tag per holder. A crowded territory draws its tags smaller;
what even the smallest leave no room for is summed up in a "+N" tag."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from shapely.geometry import Polygon

from renderers.common import MUTED, RGB, TEXT, Chip, Frame, draw_tag, font, player_colour, tag_size
from renderers.goblin_warlords.icons import battle_icon, fortress_icon, mine_icon
from renderers.goblin_warlords.layout import (
    CARAVANS,
    GAP,
    GOLD,
    LINE,
    NUMBER,
    REBELS,
    RIM,
    SMALLEST_TAG_TEXT,
    STONE,
    TAG_TEXT,
    TAGS_WIDTH,
    Box,
    Draw,
    S,
    outline_on_canvas,
    road_y,
    tag_box,
)
from rules.goblin_warlords.combat import power
from rules.goblin_warlords.data import CaravanKind, Territory, Tribe, chip
from rules.goblin_warlords.models import Army, CaravanView, GoblinView

CARAVAN_LETTERS: dict[CaravanKind, str] = {CaravanKind.DWARF: "D", CaravanKind.ELF: "E"}
TRIBE_LETTERS: dict[Tribe, str] = {Tribe.GOBLIN: "G", Tribe.KOBOLD: "K", Tribe.ORC: "O", Tribe.TROLL: "T",
                                   Tribe.OGRE: "Og"}
"""A leader's tribe on its army's tag: one letter, two for the Ogres, whose first is the Orcs'."""


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


def caravan_chips(caravan: CaravanView) -> list[Chip]:
    """A caravan: D (Dwarf) or E (Elf) on its kind's colour, and its power, "?" until first attacked."""
    return [Chip(CARAVAN_LETTERS[caravan.kind], CARAVANS[caravan.kind]),
            Chip("?" if caravan.power is None else str(caravan.power), TEXT)]


@dataclass(frozen=True)
class Token:
    """Something drawn in a territory's rows of tags: how wide it is and how to draw it at (x, top)."""

    width: float
    paint: Callable[[Draw, float, float], None]


def _tag(chips: Sequence[Chip], size: int) -> Token:
    """A tag in a territory's rows of text `size`, smaller when it is wider than a territory has room for
    (an army with a two-digit power carrying gold), centred in its row."""
    face = next((font(s) for s in range(size, SMALLEST_TAG_TEXT, -S) if tag_size(chips, font(s))[0] <= TAGS_WIDTH),
                font(SMALLEST_TAG_TEXT))
    width, height = tag_size(chips, face)
    row = _row_height(size)

    def paint(draw: Draw, x: float, top: float) -> None:
        y = top + (row - height) / 2
        draw_tag(draw, (x, y, x + width, y + height), chips, face)

    return Token(width, paint)


def _icon(icon: Callable[[Draw, Frame], None], size: int) -> Token:
    side = _row_height(size)
    return Token(side, lambda draw, x, top: icon(draw, Frame(x + side / 2, top + side / 2, side)))


def _row_height(size: int) -> int:
    """A row of tags of text `size`: a tag's height."""
    return round(size * 1.25)


def _row_gap(size: int) -> float:
    """Between rows of tags of text `size`: closer for the smaller tags of a crowded territory, so that it
    has a row more at the smallest size."""
    return GAP if size >= TAG_TEXT else GAP / 2


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


def _tokens(view: GoblinView, land: Territory, colour: dict[str, RGB], size: int) -> list[Token]:
    """A territory's tags in text `size`: its d20 number, the fortress and its rating, the mine, a battle
    to fight, the caravans; then the armies with leaders (the biggest first) and the units left
    without one."""
    tokens = [_tag([Chip(str(land.number), NUMBER)], size)]
    for fortress in view.fortresses:
        if fortress.territory == land.number:
            tokens += [_icon(partial(fortress_icon, flag=colour.get(fortress.owner, REBELS)), size),
                       _tag([Chip(str(fortress.rating), STONE)], size)]
    if land.number in view.mines:
        tokens.append(_icon(mine_icon, size))
    if any(b.territory == land.number for b in view.battles):
        tokens.append(_icon(battle_icon, size))
    tokens += [_tag(caravan_chips(c), size) for c in sorted(view.caravans, key=lambda c: c.id)
               if c.territory == land.number]
    here = [a for a in view.armies if a.territory == land.number and not a.lost]
    led = sorted((a for a in here if a.leader is not None),
                 key=lambda a: (-power([a.leader or 0, *a.units]), a.id))
    return tokens + [_tag(army_chips(army, colour.get(army.owner or "", REBELS)), size)
                     for army in [*led, *_left_behind([a for a in here if a.leader is None])]]


def _rows(tokens: Sequence[Token], width: float) -> list[list[Token]]:
    rows: list[list[Token]] = [[]]
    for token in tokens:
        used = sum(t.width for t in rows[-1]) + GAP * len(rows[-1])
        if rows[-1] and used + token.width > width:
            rows.append([])
        rows[-1].append(token)
    return [row for row in rows if row]


def _fitted(tokens: list[Token], width: float, rows: int, size: int) -> list[list[Token]]:
    """The tokens in at most `rows` rows; when they need more, the last ones give way to a "+N" tag."""
    laid = _rows(tokens, width)
    if len(laid) <= rows:
        return laid
    for kept in range(len(tokens) - 1, -1, -1):
        laid = _rows([*tokens[:kept], _tag([Chip(f"+{len(tokens) - kept}", MUTED)], size)], width)
        if len(laid) <= rows:
            return laid
    return []


def _laid(view: GoblinView, land: Territory, colour: dict[str, RGB]) -> tuple[list[list[Token]], int]:
    """A territory's tags in rows, and their text size: the largest at which all of them fit under
    the name (a crowded territory has smaller tags, in more rows), else the smallest, with a "+N" tag
    for what still does not fit. The first row stays where the road runs."""
    box = tag_box(land)
    width = box[2] - box[0]

    def room(size: int) -> int:
        return int((box[3] - road_y(land) + _row_height(size) / 2 + _row_gap(size))
                   // (_row_height(size) + _row_gap(size)))

    for size in range(TAG_TEXT, SMALLEST_TAG_TEXT, -S):
        if len(rows := _rows(_tokens(view, land, colour, size), width)) <= room(size):
            return rows, size
    smallest = SMALLEST_TAG_TEXT
    return _fitted(_tokens(view, land, colour, smallest), width, room(smallest), smallest), smallest


def _draw_rows(draw: Draw, rows: Sequence[Sequence[Token]], box: Box, top: float, size: int) -> None:
    """Rows of tokens of text `size` from `top`, each from the left edge of `box`."""
    for row in rows:
        x = box[0]
        for token in row:
            token.paint(draw, x, top)
            x += token.width + GAP
        top += _row_height(size) + _row_gap(size)


def draw_territory(draw: Draw, view: GoblinView, land: Territory, colour: dict[str, RGB]) -> None:
    """The holder's band inside the territory's edge, then its tags in rows under its name."""
    holder = view.control.get(land.number)
    if holder is not None:
        inner = Polygon(outline_on_canvas(land)).buffer(-(RIM + 2 * LINE) / 2, join_style="mitre")
        draw.line(list(inner.exterior.coords), fill=colour.get(holder, REBELS), width=RIM, joint="curve")
    rows, size = _laid(view, land, colour)
    _draw_rows(draw, rows, tag_box(land), road_y(land) - _row_height(size) / 2, size)
