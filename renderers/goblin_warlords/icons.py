"""The goblin warlords board's small pictures: drawn on the map (a fortress, a mine, a battle) and in
the key (those, and a tag, a land, the road), so the key shows what the map shows. Each is drawn in a
`Frame`, so one drawing serves any size."""

from __future__ import annotations

from renderers.common import INK, RGB, TEXT, Chip, Frame, bold_text, dashed, font, ink_on, shade
from renderers.goblin_warlords.layout import BATTLE, BORDER, GOLD, LINE, ORCLAND, REBELS, ROAD, STONE, Draw


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


def chip_icon(draw: Draw, f: Frame, *, chips: tuple[Chip, ...]) -> None:
    """A tag as the key shows it: a picture, not a label of the board. A wide one starts at the frame's
    left edge and may reach into the gap before the words, no further: the key is kept by its box."""
    room = f.size * 1.2
    face = font(round(f.size * 0.42))
    widths = [max(face.size * 1.1, face.getlength(c.text) + face.size * 0.4) for c in chips]
    if sum(widths) > room:
        face = font(max(1, int(face.size * room / sum(widths))))
        widths = [max(face.size * 1.1, face.getlength(c.text) + face.size * 0.4) for c in chips]
    x = max(f.cx - sum(widths) / 2, f.cx - f.size / 2)
    top, bottom = f.at(0, -0.3)[1], f.at(0, 0.3)[1]
    draw.rounded_rectangle((x, top, x + sum(widths), bottom), radius=0.12 * f.size, fill=chips[0].fill,
                           outline=INK, width=LINE)
    for c, w in zip(chips, widths, strict=True):
        if c is not chips[0]:
            draw.rectangle((x, top + LINE, x + w - LINE, bottom - LINE), fill=c.fill)
            draw.line((x, top, x, bottom), fill=INK, width=LINE)
        bold_text(draw, (x + w / 2, (top + bottom) / 2), c.text, face, fill=ink_on(c.fill), anchor="mm", label=False)
        x += w


def land_icon(draw: Draw, f: Frame, *, fill: RGB, rim: RGB | None = None) -> None:
    """A patch of a land's ground; with `rim`, banded as a held territory is."""
    draw.rectangle(f.box(-0.45, -0.35, 0.45, 0.35), fill=fill, outline=rim or BORDER, width=4 * LINE if rim else LINE)


def road_icon(draw: Draw, f: Frame) -> None:
    dashed(draw, [f.at(-0.5, 0), f.at(0.3, 0)], ROAD, 3 * LINE, dash=f.size * 0.14)
    draw.polygon([f.at(0.5, 0), f.at(0.28, -0.16), f.at(0.28, 0.16)], fill=ROAD)
