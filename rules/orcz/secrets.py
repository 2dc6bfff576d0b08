"""What Orcz hides, declared once (`rules.core.secrets`):

- a Warlord's hand behind the screen and the face-down card of each of their ranks (L112-120),
  seen by the owner alone, and a face-down card also by whoever's Scout looked at it (L306-308);
- a Warlord's Goblin Slaves, behind the screen until the end (L27-28; reading c11).

Cards are conserved: what an opponent holds is always their ten troops and the Heroes they have
not spent, less what lies face up on the table. So a computer's picture of the game does not
invent cards one by one; it deals the opponent's unseen cards again among the places they could
be (`Cards.veil`): the face-down slots it has not seen and the hand.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from rules.core.dice import Dice
from rules.core.secrets import Hidden, Secret, Spot
from rules.orcz.data import SCOUT, START_SLAVES
from rules.orcz.models import OrczState, Phase, other_side
from rules.orcz.rules import pair_fault

HAND = "hand"
DOWN = "down"
SLAVES_KEY = "slaves"


def hand_key(player: str) -> tuple[str, str]:
    return HAND, player


def down_key(rank_id: int) -> tuple[str, int]:
    return DOWN, rank_id


class Cards(Secret[OrczState]):
    """Every Warlord's unseen cards: the hand and the face-down card of each rank still face down."""

    name = "cards"

    def spots(self, state: OrczState) -> Iterable[Spot]:
        if state.phase is Phase.OVER:
            return
        for warlord in state.warlords:
            yield Spot(hand_key(warlord.player), frozenset({warlord.player}))
        for front in state.fronts:
            for rank in (*front.ranks, *front.aside):
                if rank.hidden is not None:
                    lookers = {look.by for look in state.looks if look.rank == rank.id}
                    yield Spot(down_key(rank.id), frozenset({rank.owner, *lookers}))

    def spots_at(self, state: OrczState, key: Hashable) -> Iterable[Spot]:
        """`spots` at one key, found directly: a hand by its owner, a face-down card by its rank (rank
        ids are never reused), instead of every rank's spot with its Scouts' looks (a view asks for
        each rank it draws)."""
        if state.phase is Phase.OVER or not isinstance(key, tuple) or len(key) != 2:
            return ()
        kind, which = key
        if kind == HAND:
            return tuple(Spot(hand_key(w.player), frozenset({w.player})) for w in state.warlords if w.player == which)
        found = state.rank(which) if kind == DOWN else None
        if found is None or found[1].hidden is None:
            return ()
        rank = found[1]
        lookers = {look.by for look in state.looks if look.rank == rank.id}
        return (Spot(down_key(rank.id), frozenset({rank.owner, *lookers})),)

    def read(self, state: OrczState, key: Hashable) -> Any:
        kind, which = key  # type: ignore[misc]
        if kind == HAND:
            return tuple(state.warlord(which).hand)
        found = state.rank(which)
        return found[1].hidden if found is not None else None

    def veil(self, state: OrczState, spots: Sequence[Spot], chooser: Dice | None) -> None:
        """Deal each owner's unseen cards again among their hidden places: with `chooser`, in a random
        order; without one, in sorted order, so any two deals of the same cards come out the same.
        A face-down slot takes the first card that makes a lawful rank with its face-up partner
        (when none does, the first card); the hand keeps the rest, its Scout (public: a spent
        Scout lies in front of the screen) and the cards everyone saw go back behind the screen."""
        hands = {key[1] for key in (s.key for s in spots) if key[0] == HAND}  # type: ignore[index]
        downs: dict[str, list[int]] = {}
        for spot in spots:
            kind, which = spot.key  # type: ignore[misc]
            if kind == DOWN:
                found = state.rank(which)
                if found is not None:
                    downs.setdefault(found[1].owner, []).append(which)
        for owner in sorted(hands | set(downs)):
            warlord = state.warlord(owner)
            slots = sorted(downs.get(owner, []))
            ranks = [state.rank(i)[1] for i in slots]  # type: ignore[index]
            pool = [r.hidden for r in ranks if r.hidden is not None]
            kept: list[str] = []
            if owner in hands:
                rest = list(warlord.hand)
                for known in (SCOUT, *warlord.back):  # public: the Scout unspent, the cards seen going back
                    if known in rest:
                        rest.remove(known)
                        kept.append(known)
                pool += rest
            cards = sorted(pool) if chooser is None else _shuffled(pool, chooser)
            for rank in ranks:
                partner = rank.card(other_side(rank.down))
                pick = next((c for c in cards if partner is None or pair_fault(c, partner) is None), cards[0])
                cards.remove(pick)
                rank.put(rank.down, pick)
            if owner in hands:
                warlord.hand = sorted([*cards, *kept])


def _shuffled(cards: list[str], chooser: Dice) -> list[str]:
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = chooser.draw(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


def _slave_spots(state: OrczState) -> Iterable[Spot]:
    if state.phase is Phase.OVER:
        return []
    return [Spot((SLAVES_KEY, w.player), frozenset({w.player})) for w in state.warlords]


def _put_slaves(state: OrczState, key: Any, value: int) -> None:
    state.warlord(key[1]).slaves = value


CARDS = Cards()
SLAVES: Hidden[OrczState] = Hidden(
    name="slaves", find=_slave_spots, get=lambda state, key: state.warlord(key[1]).slaves, put=_put_slaves,
    possible=lambda state, key: [START_SLAVES, *(n for n in range(0, 31) if n != START_SLAVES)])
"""The stand-in is the starting count: a computer knows nobody's total but its own."""

SECRETS: tuple[Secret[OrczState], ...] = (CARDS, SLAVES)

__all__ = ["CARDS", "Cards", "SECRETS", "SLAVES", "down_key", "hand_key"]
