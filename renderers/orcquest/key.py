"""The OrcQuest board's key, the last row of the Quest's strip under the map: what the tokens and marks mean, only
those the map shows now, the most needed first (the Enemies' letters, the Alert mark, the Danger
Zones, the fog; before them, while the party is asked to settle a tie, its mark), as many as one row
holds: the Bell, the Hero Entry, a Chicken and the Totem are pictures that say what they are, and come
last."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.common import INK, SHOWN_WIDTH, Frame, KeyEntry
from renderers.orcquest.board import chicken_icon, danger_squares, fog, hidden, tint, totem_icon, unexplored_rooms
from renderers.orcquest.figures import ENEMY_LETTERS, alert_badge, enemy_token
from renderers.orcquest.ground import bell_icon, entry_icon, ground_colour
from renderers.orcquest.cards import key_fits
from renderers.orcquest.layout import LINE, MARGIN, PATROL
from renderers.orcquest.ties import square_icon, tied_ringers, tied_squares
from rules.orcquest.models import Enemy, QuestView

Draw = ImageDraw.ImageDraw


def _enemy(kind: str, *, alert: bool = False, patrol: bool = False, ringer: bool = False) -> Enemy:
    return Enemy(id=0, kind=kind, square="a1", facing="N", alert=alert, patrol=1 if patrol else None, ringer=ringer)


def tied_ringer_icon(draw: Draw, f: Frame) -> None:
    enemy_token(draw, f.part(0, 0, 0.8), True, _enemy("peasant"), tied=True)


def peasant_icon(draw: Draw, f: Frame) -> None:
    enemy_token(draw, f, True, _enemy("peasant"))


def dog_icon(draw: Draw, f: Frame) -> None:
    enemy_token(draw, f, True, _enemy("dog"))


def alert_icon(draw: Draw, f: Frame) -> None:
    alert_badge(draw, f.part(0, 0, 0.8))


def patrol_icon(draw: Draw, f: Frame) -> None:
    draw.rounded_rectangle(f.box(-0.4, -0.4, 0.4, 0.4), radius=0.12 * f.size, outline=PATROL, width=4 * LINE)


def ringer_icon(draw: Draw, f: Frame) -> None:
    """The Bell-ringer's badge, as on its token: a bell on a blue disc."""
    draw.ellipse(f.oval(0, 0, 0.4, 0.4), fill=PATROL, outline=INK, width=2 * LINE)
    bell_icon(draw, f.part(0, 0, 0.72))


def danger_icon(draw: Draw, f: Frame) -> None:
    box = f.box(-0.42, -0.42, 0.42, 0.42)
    draw.rectangle(box, fill=ground_colour("b3"))
    tint(draw, box)


def fog_icon(draw: Draw, f: Frame) -> None:
    fog(draw, f.box(-0.5, -0.42, 0.5, 0.42), mark=False)


def map_bell_icon(draw: Draw, f: Frame) -> None:
    bell_icon(draw, f.part(0, 0, 0.9))


def hero_entry_icon(draw: Draw, f: Frame) -> None:
    entry_icon(draw, f.part(0.2, 0, 0.9))


CANDIDATES: tuple[tuple[str, KeyEntry], ...] = (
    ("tied-square", KeyEntry(square_icon, "Tied square")),
    ("tied-ringer", KeyEntry(tied_ringer_icon, "Tied to ring")),
    ("peasant", KeyEntry(peasant_icon, "Peasant")),
    ("dog", KeyEntry(dog_icon, "War Dog")),
    ("alert", KeyEntry(alert_icon, "Alert")),
    ("danger", KeyEntry(danger_icon, "Danger")),
    ("fog", KeyEntry(fog_icon, "Fog")),
    ("patrol", KeyEntry(patrol_icon, "Patrol")),
    ("ringer", KeyEntry(ringer_icon, "To the Bell")),
    ("entry", KeyEntry(hero_entry_icon, "Hero Entry")),
    ("bell", KeyEntry(map_bell_icon, "Bell")),
    ("chicken", KeyEntry(chicken_icon, "Chicken")),
    ("objective", KeyEntry(totem_icon, "Totem")),
)
"""Every entry the key may have, the most needed first: a tie the party is asked about now first of all."""


def shown(view: QuestView) -> set[str]:
    """What of the key's candidates the map shows now."""
    enemies = [e for e in view.enemies if not hidden(view, e.square)]
    marks = {e.kind for e in enemies if e.kind in ENEMY_LETTERS}
    marks |= {"alert"} if any(e.alert for e in enemies) else set()
    marks |= {"patrol"} if any(e.patrol is not None for e in enemies) else set()
    marks |= {"ringer"} if any(e.ringer for e in enemies) else set()
    marks |= {"danger"} if danger_squares(view) else set()
    marks |= {"tied-square"} if tied_squares(view) else set()
    marks |= {"tied-ringer"} if tied_ringers(view) else set()
    marks |= {"fog"} if unexplored_rooms(view) else set()
    marks |= {t.kind for t in view.tokens if not hidden(view, t.square)}
    return marks | {"entry", "bell"}


def key_entries(view: QuestView) -> list[KeyEntry]:
    """The key of this view's map: the entries it shows, as many as one row holds."""
    entries: list[KeyEntry] = []
    marks = shown(view)
    for name, entry in CANDIDATES:
        if name in marks and key_fits([*entries, entry], SHOWN_WIDTH - 2 * MARGIN):
            entries.append(entry)
    return entries

