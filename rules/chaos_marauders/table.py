"""What a table of battle lines says, read without changing it: where a card may go, a line's
Attack Value, whether it is complete, the machines assembled in it, and the Victory Points.
Pure functions over `CMState`, shared by the engine, the view and the computer player.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.chaos_marauders.data import (
    BRAVE,
    CARD_VP,
    CREW_VP,
    GIT,
    HORNED_RAT,
    MACHINES,
    NEAR,
    ODLUGG,
    PAIR_VP,
    PARTS_VP,
    PLAGUE,
    REPEATABLE,
    SLOTS,
    Colour,
    Role,
    key_of,
    kind,
    name_of,
)
from rules.chaos_marauders.models import CMState
from rules.core.engine import PlayerId

Line = list[int | None]


def cards_of(line: Line) -> list[int]:
    return [c for c in line if c is not None]


def every_card(state: CMState, player: PlayerId) -> list[int]:
    """The player's cards from the left end of the top line to the right end of the bottom one."""
    return [c for line in state.lines[player] for c in line if c is not None]


def complete(line: Line) -> bool:
    return all(c is not None for c in line)


def holds(line: Line, key: str) -> bool:
    return any(key_of(c) == key for c in cards_of(line))


def has(state: CMState, player: PlayerId, key: str) -> bool:
    return any(key_of(c) == key for c in every_card(state, player))


def count_role(state: CMState, player: PlayerId, role: Role) -> int:
    return sum(kind(c).role is role for c in every_card(state, player))


def fits(line: Line, card: int, slot: int, *, beside: bool = False, ignore: int | None = None) -> bool:
    """Whether `card` may go in `slot` of `line` (L788-796): the slot is empty, a Standard only at
    the left end and a Musician only at the right end (so nothing stands left of a Standard or right
    of a Musician), one card of each symbol in a line but for Plague Lords and Gits. With `beside`
    (a Git or the Idol put in an opponent's line) a card of that line must be at most three slots
    away. `ignore` is a card leaving the line (Bilge moving it)."""
    if line[slot] is not None and line[slot] != ignore:
        return False
    card_type = kind(card)
    left, right = slot == 0, slot == SLOTS - 1
    if (card_type.role is Role.STANDARD) != left or (card_type.role is Role.MUSICIAN) != right:
        return False
    others = [c for c in cards_of(line) if c != ignore]
    if card_type.key not in REPEATABLE and any(key_of(c) == card_type.key for c in others):
        return False
    if beside:
        return any(line[j] is not None and line[j] != ignore and abs(j - slot) <= NEAR for j in range(SLOTS))
    return True


def unfit(line: Line, card: int, slot: int, *, beside: bool = False) -> str | None:
    """Why `card` may not go in `slot` of `line`, in words (the reason `fits` says no); None when it may."""
    if not 0 <= slot < SLOTS:
        return f"a line has slots 1 to {SLOTS}"
    if line[slot] is not None:
        return f"slot {slot + 1} holds {name_of(line[slot])} already"
    card_type = kind(card)
    if card_type.role is Role.STANDARD and slot != 0:
        return "a Standard stands only in slot 1"
    if card_type.role is Role.MUSICIAN and slot != SLOTS - 1:
        return f"a Musician stands only in slot {SLOTS}"
    if slot in (0, SLOTS - 1) and card_type.role not in (Role.STANDARD, Role.MUSICIAN):
        return f"slot {slot + 1} takes only a {'Standard' if slot == 0 else 'Musician'}"
    if card_type.key not in REPEATABLE and any(key_of(c) == card_type.key for c in cards_of(line)):
        return f"that line holds a {card_type.name} already (one of each in a line, but for Plague Lords and Gits)"
    if beside and not any(line[j] is not None and abs(j - slot) <= NEAR for j in range(SLOTS)):
        return f"in another player's line it must go within {NEAR} slots of one of their cards"
    return None


def misplaced(lines: list[Line]) -> tuple[int, int, int] | None:
    """The first card of these lines that breaks the placing rules where it stands (L788-796), as
    (line, slot, card); None when every line follows them (the end of Bilge's reorganization)."""
    for n, line in enumerate(lines):
        for s, card in enumerate(line):
            if card is not None and not fits(line, card, s, ignore=card):
                return n, s, card
    return None


def spots(state: CMState, player: PlayerId, card: int, *, beside: bool = False) -> list[tuple[int, int]]:
    """Every (line, slot) of `player` where `card` may go."""
    return [(n, s) for n, line in enumerate(state.lines[player]) for s in range(SLOTS) if fits(line, card, s,
                                                                                               beside=beside)]


def machines(line: Line) -> Iterator[tuple[str, list[int], bool]]:
    """The machines assembled in a line: (set, the slots of its cards in order, whether the crew is
    with them). Parts count only side by side in order, the crew at their right (L400-406)."""
    keys = [key_of(c) if c is not None else "" for c in line]
    for machine, (_name, _ar, parts) in MACHINES.items():
        body = [f"{machine}-{p}" for p in parts if p != "crew"]
        crew = f"{machine}-crew"
        for start in range(SLOTS - len(body) + 1):
            if keys[start:start + len(body)] == body:
                end = start + len(body)
                with_crew = end < SLOTS and keys[end] == crew
                yield machine, list(range(start, end + int(with_crew))), with_crew


def complete_machine(line: Line) -> bool:
    return any(with_crew for _m, _s, with_crew in machines(line))


def rating(state: CMState, player: PlayerId | None, card: int) -> int:
    """The Attack Rating a card counts for in `player`'s lines: a Plague Lord's is 2, 4, 6 or 8 by how
    many Plague Lords the player has (L109-119), any other card's its printed one (a machine part's
    counts only in its whole machine: `line_value`). Outside a player's lines, the printed one."""
    card_type = kind(card)
    if card_type.key == PLAGUE and player is not None:
        return 2 * sum(key_of(c) == PLAGUE for c in every_card(state, player))
    return card_type.ar


def line_value(state: CMState, player: PlayerId, number: int) -> int:
    """A line's Attack Value: its cards' Attack Ratings, Plague Lords counted 2, 4, 6 or 8 each by
    how many the player has (L109-119), a whole machine once at its printed rating and its loose
    parts at nothing (L407-411)."""
    line = state.lines[player][number]
    total = 0
    for card in cards_of(line):
        if kind(card).colour is Colour.RED:
            continue
        total += rating(state, player, card)
    for machine, _slots, with_crew in machines(line):
        if with_crew:
            total += MACHINES[machine][1]
    return total


def brave(line: Line) -> bool:
    """Whether this line dares attack one holding Odlugg (L301-306)."""
    return any(key_of(c) in BRAVE for c in cards_of(line)) or complete_machine(line)


def may_be_attacked(state: CMState, player: PlayerId, number: int) -> bool:
    """An incomplete line with cards in it and no Horned Rat Standard (L153-157)."""
    line = state.lines[player][number]
    return bool(cards_of(line)) and not complete(line) and not holds(line, HORNED_RAT)


def targets(state: CMState, attacker: PlayerId, number: int) -> list[tuple[PlayerId, int]]:
    """The opponents' lines this line may attack: incomplete, of strictly lower Attack Value, no
    Horned Rat Standard, and Odlugg's only by a brave line (L775-777, L153-157, L301-306)."""
    line = state.lines[attacker][number]
    value = line_value(state, attacker, number)
    found = []
    for other in state.order:
        if other == attacker:
            continue
        for n, target in enumerate(state.lines[other]):
            if not may_be_attacked(state, other, n) or line_value(state, other, n) >= value:
                continue
            if holds(target, ODLUGG) and not brave(line):
                continue
            found.append((other, n))
    return found


def victory_points(state: CMState, player: PlayerId) -> int:
    """10 for every card but loose machine cards, the booty's printed points, 30 for a machine's
    parts in order and 30 more with its crew, 40 for the Boneshaker with its crew (L13-16, L24-30,
    L411-416; house values). The Idol is added at the end."""
    total = 0
    for line in state.lines[player]:
        for card in cards_of(line):
            card_type = kind(card)
            if card_type.colour is not Colour.RED:
                total += CARD_VP + card_type.vp
        for machine, slots, with_crew in machines(line):
            parts = MACHINES[machine][2]
            if len(parts) == 2:  # the Boneshaker: a chariot alone scores nothing
                total += (2 * CARD_VP + PAIR_VP) if with_crew else 0
            else:
                total += 2 * CARD_VP + PARTS_VP + ((CARD_VP + CREW_VP) if with_crew else 0)
    return total


def gits_against(state: CMState, player: PlayerId) -> list[PlayerId]:
    """The owners of the Gits in a player's lines, in seat order."""
    owners = {state.git_owner.get(c) for c in every_card(state, player) if key_of(c) == GIT}
    return [p for p in state.order if p in owners and p != player]


def where(state: CMState, card: int) -> tuple[PlayerId, int, int] | None:
    for player, lines in state.lines.items():
        for n, line in enumerate(lines):
            for s, c in enumerate(line):
                if c == card:
                    return player, n, s
    return None


__all__ = ["brave", "cards_of", "complete", "complete_machine", "count_role", "every_card", "fits", "gits_against",
           "has", "holds", "line_value", "machines", "may_be_attacked", "misplaced", "rating", "spots", "targets", "victory_points",
           "where"]
