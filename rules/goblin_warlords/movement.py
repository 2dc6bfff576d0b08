"""The goblin warlords game's B3 rules free of the flow (seed 002 L26-36, L53-60): who is friendly
and hostile where, how far an army goes, the checks of authority and servivility, and the choices of
units a move may leave or a levy may take."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from rules.core.dice import Dice, Roll
from rules.core.engine import PlayerId
from rules.goblin_warlords.data import ADJACENT, SMALL_TRIBES, ChipKind, Kind, chip, territory
from rules.goblin_warlords.models import Army, GoblinState

LONE_REACH = 2
"""Areas a leader without units may move (L28)..."""
ARMY_REACH = 1
"""...and an army (L29): a leader with at least one unit."""
ALWAYS_FAILS = 8
"""A d8 of 8 fails an authority check whatever the modifiers (L60); the house set's servivility
check mirrors it (reading b5)."""
SHAMAN_SERVIVILITY = 1
"""A leader with a shaman gains +1 to servivility checks (L71)."""


def army(state: GoblinState, army_id: int) -> Army | None:
    return next((a for a in state.armies if a.id == army_id), None)


def army_led_by(state: GoblinState, leader: int) -> Army | None:
    return next((a for a in state.armies if a.leader == leader), None)


def led_armies(state: GoblinState, player: PlayerId) -> list[Army]:
    """The player's leaders on the map, each with the units he leads (not those lost underground)."""
    return [a for a in state.armies if a.owner == player and a.leader is not None and not a.lost]


def reach(moving: Army) -> int:
    """A lone leader moves up to two areas, an army one (L28-29); a shaman is no unit (L3)."""
    return ARMY_REACH if escort(moving.units) else LONE_REACH


def escort(units: Sequence[int]) -> list[int]:
    """The units (L3: troops and war machines) among an army's chips; a shaman is not one: a leader with
    only a shaman still moves as a lone leader and flees as a lone chief."""
    return [c for c in units if chip(c).kind is not ChipKind.SHAMAN]


def shamans(units: Sequence[int]) -> list[int]:
    return [c for c in units if chip(c).kind is ChipKind.SHAMAN]


def machines(units: Sequence[int]) -> list[int]:
    return [c for c in units if chip(c).kind is ChipKind.WAR_MACHINE]


def friendly(state: GoblinState, player: PlayerId | None, number: int) -> bool:
    """A territory is the player's friendly territory when he controls it (only orclands are ever
    controlled, L33); every other territory is unfriendly to him (our reading: outlands and neutral
    lands too — the reading with most bloodshed, L32)."""
    return player is not None and state.control.get(number) == player


def hostile_armies(state: GoblinState, player: PlayerId | None, number: int) -> list[Army]:
    """Armies in the territory that are not the player's: other players' and rebels' (L36)."""
    return [a for a in state.armies if a.territory == number and not a.lost and a.owner != player]


def troops(units: Sequence[int]) -> list[int]:
    return [c for c in units if chip(c).is_troop]


def hostile_troops(state: GoblinState, player: PlayerId | None, number: int) -> bool:
    """Whether hostile troops (non-leader goblinoid forces, L2) stand in the territory: they stop a
    leader from claiming it (L33); a lone enemy leader does not."""
    return any(troops(a.units) for a in hostile_armies(state, player, number))


def passage_owner(state: GoblinState, player: PlayerId, number: int) -> PlayerId | None:
    """The opponent whose leave a passing leader needs (L28): he controls the territory and every
    hostile army in it is his. None when nobody bars the way."""
    hostile = hostile_armies(state, player, number)
    owner = state.control.get(number)
    if hostile and owner is not None and owner != player and all(a.owner == owner for a in hostile):
        return owner
    return None


def path_problem(state: GoblinState, player: PlayerId, moving: Army, path: Sequence[int], lone: bool) -> str | None:
    """Why a move along `path` is not allowed (None: it is). Each step goes to an adjacent territory;
    a territory with enemies in it ends a move (L37) unless its controller bars the way with his units
    alone, when the leader asks leave or checks servivility (L28)."""
    most = LONE_REACH if lone else ARMY_REACH
    if not path:
        return "Name at least one territory to move to."
    if len(path) > most:
        return ("A leader without units moves at most two areas (L28)." if lone
                else "An army moves only one territory a turn (L29); a leader alone may move two.")
    if len(set(path)) != len(path) or moving.territory in path:
        return "A move goes through each territory once."
    here = moving.territory
    for step in path:
        if step not in ADJACENT.get(here, frozenset()):
            return f"{territory(step).name} is not next to {territory(here).name}."
        here = step
    for step in path[:-1]:
        if hostile_armies(state, player, step) and passage_owner(state, player, step) is None:
            return f"Enemies stand in {territory(step).name}: a move into them ends there, for a battle (L37)."
    return None


def paths(state: GoblinState, player: PlayerId, moving: Army, lone: bool) -> list[list[int]]:
    """Every path the army may take (L28-29), nearest first."""
    found: list[list[int]] = []
    for first in sorted(ADJACENT[moving.territory]):
        found.append([first])
    if lone:
        for first in sorted(ADJACENT[moving.territory]):
            for second in sorted(ADJACENT[first]):
                found.append([first, second])
    return [p for p in found if path_problem(state, player, moving, p, lone) is None]


def authority_check(dice: Dice, leader: int, bonus: int, why: str, who: PlayerId | None) -> tuple[bool, Roll]:
    """d8 at or under the leader's authority and its modifiers; an 8 always fails (L55, L60)."""
    roll = dice.d8(why, who)
    return roll.result != ALWAYS_FAILS and roll.result <= chip(leader).authority + bonus, roll


def servivility_check(dice: Dice, moving: Army, why: str, who: PlayerId | None) -> tuple[bool, Roll]:
    """d8 at or under servivility, +1 with a shaman (L71); an 8 fails (reading b5)."""
    assert moving.leader is not None
    bonus = SHAMAN_SERVIVILITY if shamans(moving.units) else 0
    roll = dice.d8(why, who)
    return roll.result != ALWAYS_FAILS and roll.result <= chip(moving.leader).servivility + bonus, roll


def native(leader: int, unit: int) -> bool:
    """Native units are of the leader's own tribe (house set b3)."""
    return chip(unit).tribe is not None and chip(unit).tribe == chip(leader).tribe


def levy_bonus(leader: int, held: Sequence[int], newcomers: Sequence[int]) -> int:
    """The modifiers of a levy's control check (L56-59; reading a36, c4, c8): +1 if every troop the
    leader would then control is native or a goblin or kobold; +1 if the units he tries to control are
    all goblins or kobolds and the army's troops (those he holds, natives just levied among them) have at
    least twice their power. No fortress bonus for a levy (L62; reading c4)."""
    bonus = 0
    every = troops([*held, *newcomers])
    if all(native(leader, c) or chip(c).tribe in SMALL_TRIBES for c in every):
        bonus += 1
    power = sum(chip(c).power for c in newcomers)
    if newcomers and all(chip(c).tribe in SMALL_TRIBES for c in newcomers) and \
            sum(chip(c).power for c in troops(held)) >= 2 * power:
        bonus += 1
    return bonus


def is_orcland(number: int) -> bool:
    return territory(number).kind is Kind.ORCLAND


def choices(units: Sequence[int], must: Sequence[int] = ()) -> list[list[int]]:
    """Every different choice of some of `units`, chips alike (the same kind, tribe and numbers) being
    one choice whichever of them is taken; every chip in `must` is always in."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for number in sorted(units):
        if number in must:
            continue
        c = chip(number)
        groups.setdefault((c.kind, c.tribe, c.power, c.servivility), []).append(number)
    alike = list(groups.values())
    return [sorted([*must, *(c for group, n in zip(alike, counts, strict=True) for c in group[:n])])
            for counts in itertools.product(*(range(len(g) + 1) for g in alike))]


__all__ = ["ALWAYS_FAILS", "ARMY_REACH", "LONE_REACH", "army", "army_led_by", "authority_check", "choices",
           "escort", "friendly", "hostile_armies", "hostile_troops", "is_orcland", "led_armies", "levy_bonus", "machines", "native",
           "passage_owner", "path_problem", "paths", "reach", "servivility_check", "shamans", "troops"]
