"""What Brood Rumble hides: the attack chosen in secret (seed 000 II.4.3), known only to the
attacker's player until the defender has blocked and it is revealed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core.secrets import Hidden, Spot
from rules.orclympics.brood_rumble.models import Attack, BroodRumbleState

ATTACK_KEY = "attack"


def _attack_spots(state: BroodRumbleState) -> Iterable[Spot]:
    fight = state.combat
    if fight is not None and fight.attack is not None:
        yield Spot(ATTACK_KEY, frozenset({state.orcs[fight.attacker].player}))


def _put_attack(state: BroodRumbleState, key: Any, attack: Attack) -> None:
    assert state.combat is not None
    state.combat.attack = attack


SECRET_ATTACK: Hidden[BroodRumbleState] = Hidden(
    name="attack", find=_attack_spots,
    get=lambda state, key: state.combat.attack if state.combat is not None else None,
    put=_put_attack, possible=lambda state, key: list(Attack))

SECRETS = (SECRET_ATTACK,)

__all__ = ["SECRET_ATTACK", "SECRETS", "ATTACK_KEY"]
