"""The figures on the map: each Hero a token in its colour with its letter, round at the back, each
Enemy a square token with its kind's letter (grey, red once Alert, with a "!" badge), and every
figure's facing as the pale nose of its token, as wide as the token and reaching the edge of its
square, so the Danger Zone and the arcs can be read off the picture even on a phone (L300-305). A
Patrol's members are rimmed in the Patrol's blue, a Bell-ringer carries a bell on a blue disc, the
Enemies the players are choosing the Bell-ringer among are ringed in fuchsia, a wounded Enemy has a red
pip a Damage, a Dead Hero is a grey token crossed out, the Active Hero is ringed in gold.

Drawn in unit coordinates (`Frame`), so the key draws the same tokens small."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderers.common import ACCENT, INK, TEXT, Frame, font, ink_on, write
from renderers.orcquest.board import hidden
from renderers.orcquest.ground import bell_icon, framed_polygon
from renderers.orcquest.ties import ring
from renderers.orcquest.layout import (
    ALERT_MARK,
    BOARD,
    ENEMY,
    ENEMY_ALERT,
    FACING,
    HERO_COLOURS,
    HERO_LETTERS,
    LINE,
    PATROL,
    RGB,
    S,
)
from rules.orcquest.data import ENEMIES
from rules.orcquest.geometry import STEP, Facing
from rules.orcquest.models import Enemy, Hero, QuestView

Draw = ImageDraw.ImageDraw
Point = tuple[float, float]
LETTER_TEXT = 30 * S
"""A token's letter at the least: a capital this size is `LEGIBLE` where Discord shows the board."""
LETTER_SHARE = 0.62
"""A token's letter grows with the square, to this share of its side (the largest squares' letters
are a third larger than the least, and read on a phone)."""
ENEMY_LETTERS: dict[str, str] = {"peasant": "P", "dog": "D", "guard": "G", "soldier": "S"}
"""Each Enemy kind's letter on its token (the key names them)."""
DEAD: RGB = (120, 120, 124)
WOUND: RGB = (255, 70, 60)
BADGE = 0.42
"""An Enemy's Alert and Bell-ringer badges, in squares: a yellow disc in a back corner, wide enough
for its "!" or bell to read on a phone."""
TOKEN_HALF = 0.41
"""Half a token's width, in squares: a capital of `LETTER_TEXT` fits in it."""
FRONT = 0.55
"""Where a token's body ends and its nose starts, in half-widths in front of its middle: the body is
long enough for its letter, the nose still reaches a quarter square out to the square's edge."""


def draw_figures(draw: Draw, view: QuestView) -> None:
    """Every figure the view has on the board, Dead Heroes first (a figure may stand over nothing else).

    Two figures never share a square by the rules; should a view ever hold two there, the second is
    drawn small in the square's corner, without its letter, rather than hiding the first."""
    for hero in view.heroes:
        if hero.dead and hero.square is not None and not hidden(view, hero.square):
            dead_token(draw, BOARD.frame(hero.square))
    taken: set[str] = set()

    def frame(square: str) -> tuple[Frame, bool]:
        crowded = square in taken
        taken.add(square)
        whole = BOARD.frame(square)
        return (whole.part(0.28, 0.28, 0.45), False) if crowded else (whole, True)

    tied = set(view.tied_ringers)
    for enemy in sorted(view.enemies, key=lambda e: e.id):
        if not hidden(view, enemy.square):
            enemy_token(draw, *frame(enemy.square), enemy, tied=enemy.id in tied)
    for hero in view.heroes:
        if hero.on_board and hero.square is not None and not hidden(view, hero.square):
            hero_token(draw, *frame(hero.square), hero, active=hero.code == view.active)


def _axes(facing: Facing) -> tuple[tuple[int, int], tuple[int, int]]:
    """The facing as a unit step on the picture (y down) and the step across it."""
    dx, dy = STEP[facing]
    return (dx, -dy), (dy, dx)


def nosed(facing: Facing, half: float, *, round_back: bool) -> tuple[list[Point], list[Point]]:
    """A token of half-width `half` pointing the way it faces (unit coordinates): its body (round at the
    back for a Hero, square for an Enemy) and the pale nose in front of it, out to the square's edge.
    The nose is as wide as the token, so the facing reads however small the picture is shown."""
    (ux, uy), (px, py) = _axes(facing)

    def at(along: float, across: float) -> Point:
        return (ux * along + px * across, uy * along + py * across)

    front, tip = half * FRONT, 0.5
    if round_back:
        back = [at(half * math.cos(a), half * math.sin(a))
                for a in (math.pi / 2 + k * math.pi / 12 for k in range(13))]
    else:
        back = [at(-half, half), at(-half, -half)]
    body = [at(front, half), *back, at(front, -half)]
    return body, [at(front, -half), at(tip, 0), at(front, half)]


def draw_nosed(draw: Draw, f: Frame, facing: Facing, fill: RGB, *, round_back: bool) -> Frame:
    """A token's body in `fill` and its nose; returns the frame centred on the body, for its letter."""
    body, nose = nosed(facing, TOKEN_HALF, round_back=round_back)
    framed_polygon(draw, [f.at(*p) for p in [*body, nose[1]]], FACING, 3 * LINE)
    framed_polygon(draw, [f.at(*p) for p in body], fill, 3 * LINE)
    (ux, uy), _ = _axes(facing)
    shift = (TOKEN_HALF * FRONT - TOKEN_HALF) / 2
    return f.part(ux * shift, uy * shift, 1)


def back_corner(facing: Facing, side: int) -> tuple[float, float]:
    """A corner of the square behind the figure (`side` +1 or -1), where its badges go clear of its point."""
    (ux, uy), (px, py) = _axes(facing)
    return (-0.29 * ux + 0.29 * side * px, -0.29 * uy + 0.29 * side * py)


def _letter(draw: Draw, f: Frame, text: str, fill: RGB) -> None:
    """A token's letter: plain ink on a bright Hero's colour, so the colour still shows round it; white
    rimmed in ink on an Enemy's grey or red."""
    face = font(max(LETTER_TEXT, round(f.size * LETTER_SHARE)))
    if ink_on(fill) == INK:
        write(draw, f.at(0, 0), text, face, INK, anchor="mm")
    else:
        write(draw, f.at(0, 0), text, face, TEXT, anchor="mm", stroke=2 * LINE, stroke_fill=INK)


def hero_token(draw: Draw, f: Frame, lettered: bool, hero: Hero, *, active: bool = False) -> None:
    """A Hero: a token in its colour with its letter, round at the back, its pale nose the way it faces;
    ringed in gold when active, in white dashes when Invisible."""
    colour = HERO_COLOURS[hero.code]
    if active:
        draw.ellipse(f.oval(0, 0, 0.5, 0.5), outline=ACCENT, width=4 * LINE)
    if hero.invisible:
        for start in range(0, 360, 30):
            draw.arc(f.oval(0, 0, 0.47, 0.47), start, start + 15, fill=TEXT, width=3 * LINE)
    middle = draw_nosed(draw, f, hero.facing, colour, round_back=True)
    if lettered:
        _letter(draw, middle, HERO_LETTERS[hero.code], colour)


def hero_disc(draw: Draw, f: Frame, code: str) -> None:
    """A Hero's token without its facing, as its card starts with it."""
    draw.ellipse(f.oval(0, 0, 0.36, 0.36), fill=HERO_COLOURS[code], outline=INK, width=2 * LINE)
    _letter(draw, f, HERO_LETTERS[code], HERO_COLOURS[code])


def dead_token(draw: Draw, f: Frame) -> None:
    """A Dead Hero's token (L890-892): grey, crossed out."""
    draw.ellipse(f.oval(0, 0, 0.3, 0.3), fill=DEAD, outline=INK, width=2 * LINE)
    for a, b in (((-0.17, -0.17), (0.17, 0.17)), ((-0.17, 0.17), (0.17, -0.17))):
        draw.line((f.at(*a), f.at(*b)), fill=INK, width=4 * LINE)


def enemy_token(draw: Draw, f: Frame, lettered: bool, enemy: Enemy, *, tied: bool = False) -> None:
    """An Enemy: a square token with its kind's letter and its pale nose the way it faces; red with a "!"
    once Alert, rimmed blue on Patrol, with a bell when it runs for the Bell, a red pip behind it for
    each Damage it has taken; `tied` for the Bell while the players choose who rings it (L803), ringed
    in the party's choice colour (`renderers.orcquest.ties`)."""
    colour = ENEMY_ALERT if enemy.alert else ENEMY
    if tied:
        ring(draw, f)
    if enemy.patrol is not None:
        draw.rounded_rectangle(f.box(-0.46, -0.46, 0.46, 0.46), radius=0.12 * f.size, outline=PATROL, width=5 * LINE)
    middle = draw_nosed(draw, f, enemy.facing, colour, round_back=False)
    if lettered:
        _letter(draw, middle, ENEMY_LETTERS.get(enemy.kind, ENEMIES[enemy.kind].name[0]), colour)
    (ux, uy), (px, py) = _axes(enemy.facing)
    for k in range(min(enemy.damage, 3)):  # Damage taken: red pips behind it
        across = (k - (min(enemy.damage, 3) - 1) / 2) * 0.2
        u, v = -0.42 * ux + across * px, -0.42 * uy + across * py
        draw.ellipse(f.oval(u, v, 0.085, 0.085), fill=WOUND, outline=INK, width=LINE)
    if enemy.alert:
        alert_badge(draw, f.part(*back_corner(enemy.facing, 1), BADGE))
    if enemy.ringer:
        u, v = back_corner(enemy.facing, -1)
        draw.ellipse(f.oval(u, v, BADGE / 2, BADGE / 2), fill=PATROL, outline=INK, width=2 * LINE)
        bell_icon(draw, f.part(u, v, BADGE * 0.9))


def alert_badge(draw: Draw, f: Frame) -> None:
    """The Alert mark: a "!" drawn (not written) on a yellow disc, readable however small."""
    draw.ellipse(f.oval(0, 0, 0.5, 0.5), fill=ALERT_MARK, outline=INK, width=2 * LINE)
    draw.rounded_rectangle(f.box(-0.09, -0.34, 0.09, 0.1), radius=0.06 * f.size, fill=INK)
    draw.ellipse(f.oval(0, 0.26, 0.09, 0.09), fill=INK)
