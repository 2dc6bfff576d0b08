"""Hand-made maps and scenes for OrcQuest's rules tests (seed 004)."""

from __future__ import annotations

from rules.orcquest.data import QUEST1, Layout, Quest, parse_layout


def mini(ascii: str) -> Layout:
    """A small open map drawn like Quest 1's (rank at the top first); it needs a Bell `B` and an
    Objective `O` somewhere."""
    quest = Quest(code="mini", title="Mini", ascii=ascii, doors=(), reserves={}, room_dice=0, zone_dice=0,
                  patrol_path=(), patrol_max=0, patrols={}, objective_weight=1, secondary_bp=0)
    return parse_layout(quest)


OPEN = mini("""\
........
.H.L.T..
........
........
B......O""")
"""Open ground with a high piece at b4, a low one at d4 and a trunk at f4."""

FARM_QUEST = QUEST1
