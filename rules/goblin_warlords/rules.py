"""The goblin warlords game's small rules, free of the game's flow: drawing from the cups, who has
a leader, the sum of authority that orders the players, and a caravan's step (seed 002)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.dice import Dice
from rules.core.engine import PlayerId
from rules.core.initiative import roll_off
from rules.goblin_warlords.data import GOLD, LEADERSHIP_LEADERS, CaravanKind, ChipKind, Kind, chip, territory, victory_lands
from rules.goblin_warlords.models import Caravan, GoblinState, GoblinView, Strategy
from rules.goblin_warlords.movement import escort


def draw_units(dice: Dice, cup: list[int], count: int, why: str, who: PlayerId | None = None, *,
               leaders_only: bool = False) -> list[int]:
    """Take `count` unit chips at random out of the tribe cup (`cup`, changed in place), fewer when
    it runs out; with `leaders_only`, only among its leaders (the set-up's bosses, reading b3). A draw
    is a pick, not a die thrown at the table: the log does not show it (the chips are secret)."""
    drawn: list[int] = []
    for _ in range(count):
        pool = sorted(c for c in cup if not leaders_only or chip(c).is_leader)
        if not pool:
            break
        picked = dice.pick(pool, why, who)
        cup.remove(picked)
        drawn.append(picked)
    return drawn


def draw_gold_chip(dice: Dice, cup: list[str], why: str, who: PlayerId | None = None) -> str | None:
    """One chip at random out of the gold cup (changed in place): GOLD or a caravan kind's value;
    None when the cup is empty."""
    if not cup:
        return None
    picked = dice.pick(sorted(cup), why, who)
    cup.remove(picked)
    return picked


def is_caravan_chip(gold_chip: str) -> bool:
    return gold_chip != GOLD


def leaders_on_map(state: GoblinState, player: PlayerId) -> list[int]:
    return [a.leader for a in state.armies if a.owner == player and a.leader is not None]


def has_leader(state: GoblinState, player: PlayerId) -> bool:
    """Whether the player has a leader in the game: on the map or in the hand (reading c12). Captives
    are enemy leaders and do not count."""
    return bool(leaders_on_map(state, player)) or any(chip(c).is_leader for c in state.warlord(player).units)


def authority_sum(state: GoblinState, player: PlayerId) -> int:
    """The sum of the authority of the player's leaders on the map (L20; reading c1: those in the hand
    are not in play yet)."""
    return sum(chip(c).authority for c in leaders_on_map(state, player))


def clockwise_from(players: Sequence[PlayerId], first: PlayerId) -> list[PlayerId]:
    start = list(players).index(first)
    return [players[(start + i) % len(players)] for i in range(len(players))]


def order_of_play(dice: Dice, state: GoblinState) -> list[PlayerId]:
    """The order of this game turn's player turns from the second game turn on (L20; reading c1): the
    smallest sum of leader authority on the map goes first, a tie for it settled by a D6 roll-off
    (highest wins, tied players roll again), then the others clockwise from that player."""
    sums = {p: authority_sum(state, p) for p in state.players}
    low = min(sums.values())
    tied = [p for p in state.players if sums[p] == low]
    if len(tied) == 1:
        return clockwise_from(state.players, tied[0])
    first = roll_off(dice, tied, f"Roll-off for the first turn of game turn {state.turn}")
    return clockwise_from(state.players, first)


def place_caravan(state: GoblinState, kind: CaravanKind) -> Caravan:
    """A caravan put at the start of its road (L6, L22)."""
    caravan = Caravan(id=state.new_id(), kind=kind)
    state.caravans.append(caravan)
    return caravan


def step_caravan(state: GoblinState, caravan: Caravan) -> bool:
    """Move a caravan one territory on along its road (L18, L22); on reaching its destination it
    leaves the map and its chip (and any treasury) goes back into the gold cup (reading: the text only
    says it is removed; kept in the cup, caravans go on coming as rumours). True when it arrived."""
    caravan.step += 1
    if caravan.arrived:
        state.caravans.remove(caravan)
        state.gold_cup += [caravan.kind.value, *[GOLD] * caravan.treasury]
        return True
    return False


def where(number: int) -> str:
    """A territory as players name it: 'Stone Road (14)'."""
    return f"{territory(number).name} ({number})"


def counted(count: int, word: str, plural: str | None = None) -> str:
    """'1 unit', '3 units': a count and its word."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def unit_list(units: Sequence[int]) -> str:
    """'Goblin leader (authority 5, servivility 5), Orc (2)': leaders first, then by kind and tribe."""
    ordered = sorted(units, key=lambda c: (chip(c).kind, chip(c).tribe or "", c))
    return ", ".join(chip(c).name for c in ordered) or "nothing"


KIND_ORDER = (ChipKind.LEADER, ChipKind.TROOP, ChipKind.WAR_MACHINE, ChipKind.SHAMAN, ChipKind.SPY)
"""The order a hand is told in: who leads, who fights, then the specialists."""


def short_unit(number: int) -> str:
    """A chip in few words, for a narrow panel: 'Orc leader 6/3' (authority and servivility), 'Goblin'
    (a troop's power is its tribe's), 'War machine 3', 'Spy'."""
    unit = chip(number)
    if unit.kind is ChipKind.LEADER and unit.tribe is not None:
        return f"{unit.tribe.title} leader {unit.power}/{unit.servivility}"
    if unit.kind is ChipKind.TROOP and unit.tribe is not None:
        return unit.tribe.title
    if unit.kind is ChipKind.WAR_MACHINE:
        return f"War machine {unit.power}"
    return unit.kind.value.replace("_", " ").capitalize()


def grouped(units: Sequence[int]) -> str:
    """'Orc leader 6/3, Goblin x3, Orc x2, Spy': chips alike counted once, leaders first, then troops
    weakest first, war machines, shamans and spies."""
    ordered = sorted(units, key=lambda c: (KIND_ORDER.index(chip(c).kind), chip(c).power, chip(c).tribe or "", c))
    counts: dict[str, int] = {}
    for number in ordered:
        counts[short_unit(number)] = counts.get(short_unit(number), 0) + 1
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in counts.items()) or "none"


def own_words(view: GoblinView, *, peeks: bool = True) -> list[str]:
    """What the viewer's own view shows that the table's does not, in words: the hand (its units, gold,
    caravans to place, captives), what his spies saw (unless `peeks` is False: the picture leaves them to
    the private news, for room), and a strategy he chose that is not revealed yet. Empty for a view that
    holds no hand (the table's, an onlooker's, a finished game's). The terminal's `hand` and the seat's
    own picture both say it in these words."""
    me = next((w for w in view.warlords if w.player == view.viewer), None)
    if me is None or me.hand is None:
        return []
    caravans = f"; caravans to place: {', '.join(k.title for k in me.caravans)}" if me.caravans else ""
    lines = [f"Units: {grouped(me.hand)}; gold: {me.gold or 0}{caravans}"]
    if me.captives:
        lines.append(f"Captives: {grouped(me.captives)}")
    seen = me.peeks or [] if peeks else []
    for peek in seen:
        lines.append(f"Your spy saw {view.names.get(peek.of, peek.of)}'s hand (game turn {peek.turn}): "
                     f"{grouped(peek.units)}; {counted(peek.gold, 'gold', 'gold')}")
    for battle in view.battles:
        chosen = battle.chosen.get(view.viewer or "")
        if chosen is not None:
            lines.append(f"Your strategy in {territory(battle.territory).name}: {Strategy(chosen).title()} "
                         "(hidden until both are in)")
    if any(chip(c).is_leader for c in [*me.hand, *(me.captives or []), *(c for p in seen for c in p.units)]):
        lines.append("(leader 6/3: authority 6, servivility 3)")
    return lines


def lands_and_fortresses(state: GoblinState, player: PlayerId) -> int:
    """The power victory's count (L157): the orclands the player controls, and his fortresses with at
    least one of his units (a leader or a troop) in their territory."""
    lands = sum(1 for owner in state.control.values() if owner == player)
    held = {a.territory for a in state.armies if a.owner == player and not a.lost and (a.leader is not None or a.units)}
    return lands + sum(1 for f in state.fortresses if f.owner == player and f.territory in held)


def leaders_with_armies(state: GoblinState, player: PlayerId) -> int:
    """The leadership victory's count (L158): the player's leaders leading at least one unit in orclands
    (a troop or a war machine: a shaman is no unit, L3)."""
    return sum(1 for a in state.armies if a.owner == player and not a.lost and a.leader is not None
               and escort(a.units) and territory(a.territory).kind is Kind.ORCLAND)


def conditions_met(state: GoblinState, player: PlayerId) -> list[str]:
    """The victory conditions the player meets now (L156-158): "power", "leadership", or none."""
    met = []
    if lands_and_fortresses(state, player) >= victory_lands(len(state.warlords)):
        met.append("power")
    if leaders_with_armies(state, player) >= LEADERSHIP_LEADERS:
        met.append("leadership")
    return met


__all__ = ["authority_sum", "clockwise_from", "conditions_met", "counted", "draw_gold_chip", "draw_units", "grouped",
           "has_leader", "lands_and_fortresses", "leaders_with_armies", "own_words", "short_unit",
           "is_caravan_chip", "leaders_on_map", "order_of_play", "place_caravan", "step_caravan", "unit_list", "where"]
