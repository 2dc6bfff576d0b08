"""Orcz's small rules, free of the game's flow: which pairs make a lawful rank, who wins where two
cards meet, and what a rank is worth against a Challenge."""

from __future__ import annotations

from rules.orcz.data import (
    ARCHER,
    BEATS,
    CAVALRY,
    CHAMPION,
    SCOUT,
    SHAMAN,
    card_name,
    is_troop,
    kind_of,
    strength_of,
)


def pair_fault(a: str, b: str) -> str | None:
    """Why two cards cannot stand together in one rank (L138-142), or None when they can."""
    if SCOUT in (a, b):
        return "The Scout never goes into a rank: it is played from behind the screen."
    if {a, b} == {CHAMPION, SHAMAN}:
        return "The Shaman and the Champion can never stand in the same rank."
    if kind_of(a) == kind_of(b) == ARCHER:
        return "Two Archers cannot make a rank together."
    if kind_of(a) == kind_of(b) == CAVALRY:
        return "Two Cavalry cannot make a rank together."
    return None


def clash(attacker: str, defender: str) -> str | None:
    """Which card loses when two troops meet (L167-178): 'attacker', 'defender', or None when
    nothing happens. A trump decides whatever the Strength; the same type goes by Strength."""
    a, d = kind_of(attacker), kind_of(defender)
    if BEATS[a] == d:
        return "defender"
    if BEATS[d] == a:
        return "attacker"
    if a == d:
        sa, sd = strength_of(attacker), strength_of(defender)
        if sa > sd:
            return "defender"
        if sd > sa:
            return "attacker"
    return None


def rank_strength(cards: list[str]) -> int:
    """A rank's Strength against the Challenge (L299-301, L295-296): its troops, doubled beside a
    Shaman; Heroes count nothing themselves."""
    total = sum(strength_of(c) for c in cards if is_troop(c))
    return total * 2 if SHAMAN in cards else total


def counted(count: int, word: str, plural: str | None = None) -> str:
    """'1 Slave', '3 Slaves', '1 rank', '0 Battlefields': a count and its word, never 'Slave(s)'."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def card_list(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "nothing"


__all__ = ["card_list", "clash", "counted", "pair_fault", "rank_strength"]
