"""A Hero's Stuff (seed 004, L626-682, L921-923): discarding and Rekup at any time, equipping and
putting away in the End of Turn, within the Equipment Limit and the Carrying Capacities.

Two hands at most (a bulky weapon alone), one armour on the Body (L663-664), the weights of Hands
and Body within their capacities (L670); the Inventory's weight only stops movement (L672). Rekup
turns Stuff into its Resources, weight 1 each, and never the Hero's only weapon (L676-682). The
Quest's Totem is no Loot: it is neither discarded nor turned into Resources.
"""

from __future__ import annotations

from rules.core.engine import Context
from rules.orcquest.data import CARDS, Slot
from rules.orcquest.fights import require
from rules.orcquest.heroes import hand_weight_ok
from rules.orcquest.models import Hero

TOTEM = "totem"


def _where(hero: Hero, card: str) -> list[str]:
    for place in (hero.inventory, hero.hands, hero.body):
        if card in place:
            return place
    return []


def discard(ctx: Context, hero: Hero, card: str) -> None:
    """A card thrown away for good (L673-674)."""
    place = _where(hero, card)
    require(bool(place), f"{hero.name} has no {card}.")
    require(card != TOTEM, "The Totem is what the Quest is about: it is not thrown away.")
    place.remove(card)
    ctx.say(f"{hero.name} throws away a {CARDS[card].name}.")


def weapons(hero: Hero) -> int:
    return sum(1 for c in (*hero.hands, *hero.inventory) if CARDS[c].weapon)


def rekup(ctx: Context, hero: Hero, card: str) -> None:
    """Stuff turned into its Resources (L676-682)."""
    place = _where(hero, card)
    require(bool(place), f"{hero.name} has no {card}.")
    spec = CARDS[card]
    require(card != TOTEM and not spec.resource and bool(spec.rekup), f"A {spec.name} gives nothing to Rekup.")
    require(not spec.weapon or weapons(hero) > 1, f"The {spec.name} is {hero.name}'s only weapon: an Orc is never "
                                                  "unarmed (L682).")
    place.remove(card)
    hero.inventory += list(spec.rekup)
    ctx.say(f"{hero.name} Rekups a {spec.name} into {', '.join(CARDS[r].name for r in spec.rekup)}.")


def fits(hero: Hero, card: str) -> bool:
    """Whether `card` from the Inventory can be equipped as things stand (L663-670)."""
    spec = CARDS[card]
    if card not in hero.inventory or spec.slot not in (Slot.HAND, Slot.BODY):
        return False
    trial = hero.model_copy(update={"hands": [*hero.hands, card] if spec.slot is Slot.HAND else hero.hands,
                                    "body": [*hero.body, card] if spec.slot is Slot.BODY else hero.body})
    return hand_weight_ok(trial)


def equip(ctx: Context, hero: Hero, card: str) -> None:
    """From the Inventory to the Hands or the Body, within the limits (L663-670, L922)."""
    require(card in hero.inventory, f"{hero.name} has no {card} in the Inventory.")
    spec = CARDS[card]
    require(spec.slot in (Slot.HAND, Slot.BODY), f"A {spec.name} is not equipped: it stays in the Inventory.")
    require(fits(hero, card), f"{hero.name} cannot equip the {spec.name}: too many hands, or over the capacity (L670).")
    hero.inventory.remove(card)
    (hero.hands if spec.slot is Slot.HAND else hero.body).append(card)
    ctx.say(f"{hero.name} equips the {spec.name}.")


def unequip(ctx: Context, hero: Hero, card: str) -> None:
    """From the Hands or the Body back to the Inventory (L922)."""
    place = hero.hands if card in hero.hands else hero.body if card in hero.body else None
    require(place is not None, f"{hero.name} has no {card} equipped.")
    assert place is not None
    place.remove(card)
    hero.inventory.append(card)
    ctx.say(f"{hero.name} puts the {CARDS[card].name} away.")


__all__ = ["TOTEM", "discard", "equip", "fits", "rekup", "unequip", "weapons"]
