"""The goblin warlords game's combat rules free of the flow (seed 002 L83-147): the sides of a
recorded battle, power, the leadership roll's modifiers and its d6 table, troll stupidity, the
strategy tables (basic combat and against a fortress), the fortress's absorption, and the damage's
assignment to units."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.engine import PlayerId
from rules.goblin_warlords.data import ADJACENT, SMALL_TRIBES, ChipKind, Tribe, chip
from rules.goblin_warlords.models import Army, Battle, Fortress, GoblinState, Strategy
from rules.goblin_warlords.movement import army, escort, native, shamans, troops

CHARGE, CAREFUL, CLEVER = Strategy.CHARGE, Strategy.CAREFUL, Strategy.CLEVER
FIGHTING = (CHARGE, CAREFUL, CLEVER)
"""The strategies of the tables (L95-98); FLEE is a lone chief's way out (L100)."""

RATIOS: dict[tuple[Strategy, Strategy], tuple[int, bool, int, bool]] = {
    # (attacker's strategy, defender's): (attacker's loss divisor, attacker hacked, defender's loss divisor,
    # defender hacked) — L129-133, read by reading c3: the first ratio is the attacker's loss (x the
    # defender's power), the second the defender's (x the attacker's power); `*` marks that side.
    (CHARGE, CHARGE): (1, True, 1, True),
    (CHARGE, CAREFUL): (5, True, 2, True),
    (CHARGE, CLEVER): (1, True, 5, False),
    (CAREFUL, CHARGE): (2, True, 5, True),
    (CAREFUL, CAREFUL): (2, False, 2, False),
    (CAREFUL, CLEVER): (5, False, 2, False),
    (CLEVER, CHARGE): (5, False, 1, True),
    (CLEVER, CAREFUL): (2, False, 5, False),
    (CLEVER, CLEVER): (5, False, 5, False),
}
"""The basic strategy table (L129-133)."""

FORTRESS_RATIOS: dict[tuple[Strategy, Strategy], tuple[int, bool, int, bool]] = {
    # the table against a fortress (L135-140), the same way round; the defender's CAREFUL is his
    # Careful Defence (L106)
    (CHARGE, CHARGE): (1, True, 1, True),
    (CHARGE, CAREFUL): (1, False, 5, False),
    (CHARGE, CLEVER): (5, True, 1, False),
    (CAREFUL, CHARGE): (2, False, 1, True),
    (CAREFUL, CAREFUL): (2, False, 5, False),
    (CAREFUL, CLEVER): (1, False, 5, False),
    (CLEVER, CHARGE): (1, False, 5, True),
    (CLEVER, CAREFUL): (5, False, 1, True),
    (CLEVER, CLEVER): (5, False, 5, False),
}
"""The strategy table when the defender fights from his fortress (L135-140)."""

NO_FORTRESS_AGAINST = ("rebels", "levied among enemies")
"""A fortress is not used against rebels or troops levied into its territory (L62, L104)."""

REBEL_STRATEGY = {1: CHARGE, 2: CAREFUL, 3: CLEVER}
"""A side nobody plays (rebels) rolls a d3 for its strategy, as a caravan does (L103; house set b2)."""


CARAVAN_POWER = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
"""A caravan's power on its first attack (L76-80): d6 1-2 -> 1, 3-4 -> 2, 5 -> 3; a 6 -> d6 - 1."""


def rolled_strategy(total: int) -> Strategy:
    """The leadership roll's d6 table (L111-114): 3 or less Charge, 4-5 Careful, 6 or more Clever."""
    return CHARGE if total <= 3 else CAREFUL if total <= 5 else CLEVER


def side(state: GoblinState, territory: int, owner: PlayerId | None) -> list[Army]:
    """Every army of `owner` (None: rebels) standing in the territory."""
    return [a for a in state.armies if a.territory == territory and a.owner == owner and not a.lost]


def sides(state: GoblinState, battle: Battle) -> tuple[PlayerId | None, PlayerId | None] | None:
    """The attacking and the defending owner of a recorded battle, or None when it is no longer to be
    fought: its army is gone, lost or has moved away, or no enemy is left there. When the battle's own
    army attacks, it fights the owner of the longest-standing enemy army there (our reading: one
    battle a record; several enemies mean several records)."""
    fighting = army(state, battle.army)
    if fighting is None or fighting.lost or fighting.territory != battle.territory:
        return None
    if battle.attacker == fighting.owner:
        enemies = sorted((a for a in state.armies if a.territory == battle.territory and not a.lost
                          and a.owner != fighting.owner), key=lambda a: a.id)
        if not enemies:
            return None
        return fighting.owner, enemies[0].owner
    if not side(state, battle.territory, battle.attacker):
        return None
    return battle.attacker, fighting.owner


def fortress_used(state: GoblinState, battle: Battle, defender: PlayerId | None) -> Fortress | None:
    """The defender's fortress in the battle's territory, which he must use (L104), unless the fight is
    against rebels or levied troops."""
    if defender is None or battle.why in NO_FORTRESS_AGAINST:
        return None
    return next((f for f in state.fortresses if f.territory == battle.territory and f.owner == defender), None)


def absorbed(rating: int, defender_charges: bool, attackers: Sequence[int]) -> int:
    """What the fortress takes off the defender's damage (L145-146): its rating, none if the defender
    charges out (L139), less the power of one war machine among the attackers (the biggest)."""
    if defender_charges:
        return 0
    machines = [chip(c).power for c in attackers if chip(c).kind is ChipKind.WAR_MACHINE]
    return max(0, rating - max(machines, default=0))


def loser(lost: dict[str, int], defender_troops_left: bool) -> str:
    """The side that retreats (L150-152): the attacker, unless the defender lost more power than the
    attacker or has no troop left (house set b8)."""
    return "defender" if lost["defender"] > lost["attacker"] or not defender_troops_left else "attacker"


def retreats(state: GoblinState, owner: PlayerId | None, here: int) -> list[int]:
    """The adjacent free territories (no hostile army in them) a side may retreat to (L40)."""
    return [n for n in sorted(ADJACENT[here])
            if not any(a.territory == n and a.owner != owner and not a.lost for a in state.armies)]


def retreat_to(state: GoblinState, owner: PlayerId | None, here: int) -> int | None:
    """The engine's pick of a retreat (L40), the answer of an owner who does not choose: a territory he
    controls first, then the lowest number. None: nowhere to go."""
    free = retreats(state, owner, here)
    if not free:
        return None
    return min(free, key=lambda n: (owner is None or state.control.get(n) != owner, n))


def lone_chief(state: GoblinState, territory: int, owner: PlayerId | None) -> bool:
    """Whether the owner's side in the territory is a lone chief (L100): one leader with no troop and no
    war machine; a shaman may be with him (L101: it then joins the winner)."""
    armies = side(state, territory, owner)
    return len(armies) == 1 and armies[0].leader is not None and not escort(armies[0].units)


def has_shaman(state: GoblinState, territory: int, owner: PlayerId | None) -> bool:
    """Whether the owner's side in the territory has a shaman (L102: it chooses its strategy late)."""
    return any(shamans(a.units) for a in side(state, territory, owner))


def choices_for(state: GoblinState, player: PlayerId) -> list[Strategy]:
    """What the player may choose for the battle being fought: the three strategies, and fleeing for a
    lone chief (L100)."""
    if not state.battles:
        return list(FIGHTING)
    return [*FIGHTING, *((Strategy.FLEE,) if lone_chief(state, state.battles[0].territory, player) else ())]


def chips_of(armies: Sequence[Army]) -> list[int]:
    return [c for a in armies for c in ((a.leader,) if a.leader is not None else ()) + tuple(a.units)]


def leaders(armies: Sequence[Army]) -> list[int]:
    return [a.leader for a in armies if a.leader is not None]


def power(chips: Sequence[int]) -> int:
    """A side's total power (L1, L128): troops, war machines and shamans by strength, leaders by authority."""
    return sum(chip(c).power for c in chips if chip(c).kind is not ChipKind.SPY)


def leadership_bonus(leader: int, chips: Sequence[int], in_fortress: bool) -> int:
    """The authority check of combat step 1.2 with the control modifiers (L56-57; reading c7): +1 if
    every troop of the side is the leader's native or a goblin or kobold, +1 in the side's own fortress."""
    every = troops([c for c in chips if c != leader])
    return int(all(native(leader, c) or chip(c).tribe in SMALL_TRIBES for c in every)) + int(in_fortress)


def roll_bonus(chips: Sequence[int], defending_in_fortress: bool) -> int:
    """The d6 roll's modifiers (L115-119): -1 if the biggest troop is a troll or an ogre, +1 if a goblin
    or a kobold (reading c5: troops only; a tie for biggest never mixes the two groups with the house
    set's powers), +1 for defenders in their fortress."""
    bonus = int(defending_in_fortress)
    found = troops(chips)
    if found:
        biggest = max(chip(c).power for c in found)
        tribes = {chip(c).tribe for c in found if chip(c).power == biggest}
        if tribes & {Tribe.TROLL, Tribe.OGRE}:
            bonus -= 1
        elif tribes & SMALL_TRIBES:
            bonus += 1
    return bonus


def trolls(chips: Sequence[int]) -> list[int]:
    return [c for c in troops(chips) if chip(c).tribe is Tribe.TROLL]


def stupid(strategy: Strategy, face: int) -> bool:
    """Troll stupidity (L120-125): on a d6 of 1 (Charge, Careful), of 2 or less (Clever)."""
    return face <= (2 if strategy is CLEVER else 1)


def assign(chips: Sequence[int], damage: int) -> dict[int, int]:
    """The engine's spread of the damage dealt to a side (L141-142: no unit takes more than its power),
    for rebels and an absent owner, the reading with most bloodshed: each unit in turn takes one point,
    the smallest first and the leader last, so that as many units as possible are struck; what is left
    goes on the same way, up to each one's power."""
    order = sorted(chips, key=lambda c: (chip(c).is_leader, chip(c).power, c))
    taken = {c: 0 for c in order}
    left = damage
    while left > 0 and any(taken[c] < chip(c).power for c in order):
        for c in order:
            if left > 0 and taken[c] < chip(c).power:
                taken[c] += 1
                left -= 1
    return {c: d for c, d in taken.items() if d}


def concentrate(chips: Sequence[int], damage: int) -> dict[int, int]:
    """The other way of taking damage the legal moves list (L141-142): each unit in turn takes all it can,
    the biggest first and the leader last, so that as few units as possible are struck."""
    order = sorted(chips, key=lambda c: (chip(c).is_leader, -chip(c).power, c))
    taken: dict[int, int] = {}
    left = damage
    for c in order:
        if left <= 0:
            break
        taken[c] = min(chip(c).power, left)
        left -= taken[c]
    return {c: d for c, d in taken.items() if d}


def placed(chips: Sequence[int], damage: int) -> int:
    """How much damage a side must place: all of it, up to the power of all its units (L142)."""
    return min(damage, power(chips))


def assignment_problem(chips: Sequence[int], damage: int, hits: dict[int, int], saved: int | None) -> str | None:
    """Why an owner's spread of the damage is refused (None: it stands), L141-143."""
    if any(c not in chips for c in hits):
        return "Assign damage only to your units that fight in this battle."
    if any(d < 1 or d > chip(c).power for c, d in hits.items()):
        return "Each struck unit takes at least 1 damage and no more than its power (L142)."
    if sum(hits.values()) != placed(chips, damage):
        return f"Place all the damage: {placed(chips, damage)} in all (L141)."
    if saved is not None and saved not in hits:
        return "The unit that rolls to survive must be one that was struck (L143)."
    return None


def hopefuls(hit: dict[int, int]) -> list[int]:
    """The struck units that could survive their roll (a d6 plus the damage under the power, L143)."""
    return [c for c, d in hit.items() if chip(c).power - d > 1]


def survivor(hit: dict[int, int]) -> int | None:
    """The one struck unit that rolls to survive (L143): the one with the best chance (power less its
    damage), a leader first on a tie: the engine's choice for rebels and an absent owner."""
    hopeful = hopefuls(hit)
    if not hopeful:
        return None
    return max(hopeful, key=lambda c: (chip(c).power - hit[c], chip(c).is_leader, -c))


__all__ = ["CARAVAN_POWER", "CAREFUL", "CHARGE", "CLEVER", "FIGHTING", "FORTRESS_RATIOS", "NO_FORTRESS_AGAINST",
           "RATIOS", "REBEL_STRATEGY", "absorbed", "assign", "assignment_problem", "chips_of", "choices_for",
           "concentrate", "has_shaman", "hopefuls", "placed", "retreats", "fortress_used", "leaders",
           "leadership_bonus", "lone_chief", "loser", "power", "retreat_to", "roll_bonus", "rolled_strategy", "side",
           "sides", "stupid", "survivor", "trolls"]
