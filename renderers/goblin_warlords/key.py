"""The goblin warlords board's key: what each symbol on the map means, only those the map shows (the
lands and the tags are on every map), the long entries first, as they fill the rows under the map."""

from __future__ import annotations

from functools import partial

from renderers.common import RGB, TEXT, Chip, KeyEntry
from renderers.goblin_warlords.icons import battle_icon, chip_icon, fortress_icon, land_icon, mine_icon, road_icon
from renderers.goblin_warlords.layout import CARAVANS, GOLD, NUMBER, ORCLAND, OUTLAND, REBELS
from rules.goblin_warlords.data import CaravanKind
from rules.goblin_warlords.models import GoblinView


def key_entries(view: GoblinView, colour: dict[str, RGB], *, basics: bool = True) -> list[KeyEntry]:
    """The key of this view's map, its examples in the first warlord's colour. Without `basics`, the
    entries every map has (the d20 numbers, the lands, the road) are left out: a seat's own picture
    gives their room to its hand, and the board in the channel explains them."""
    first = colour[view.warlords[0].player] if view.warlords else REBELS
    on_map = [a for a in view.armies if not a.lost]
    entries = [KeyEntry(partial(chip_icon, chips=(Chip("O6", first), Chip("14", TEXT))),
                        "Orc leader, authority 6; army power 14"),
               KeyEntry(partial(chip_icon, chips=(Chip("Og", first),)), "G K T Og: Goblin, Kobold, Troll, Ogre")]
    if any(a.leader is None for a in on_map):
        entries.append(KeyEntry(partial(chip_icon, chips=(Chip("5", first),)), "No leader (grey: rebels)"))
    if any(a.gold for a in on_map):
        entries.append(KeyEntry(partial(chip_icon, chips=(Chip("2g", GOLD),)), "Gold carried"))
    if basics:
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
