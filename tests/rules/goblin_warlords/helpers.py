"""Positions of the goblin warlords game built by hand, so each rule can be met directly (seed 002).

Unit chips by number (`data.UNIT_CHIPS`): goblins 0-11, kobolds 12-23, orcs 24-33, trolls 34-39,
ogres 40-43; leaders: goblin 44-46, kobold 47-49, orc 50-52, troll 53-55, ogre 56-58; shamans
59-63; war machines 64-67; spies 68-73. A draw is a `pick` among the sorted chips it may take, so a
scripted face is the 1-based place of the chip wanted in that sorted pool. The gold cup sorts as
the 3 dwarf chips, the 3 elf chips, then the gold: face 1 is a Dwarf caravan, 4 an Elf one, 7 gold.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.dice import Dice, ScriptedDice
from rules.core.engine import Context, Seat
from rules.goblin_warlords import GoblinWarlords
from rules.goblin_warlords.models import GoblinState, Phase, SetupStep

GAME = GoblinWarlords()
"""The engine under test (a fresh one, as the registry's `GAME` is)."""

NAMES = ("Ann", "Bo", "Cy", "Di")
GOBLIN, KOBOLD, ORC, TROLL, OGRE = 0, 12, 24, 34, 40
GOBLIN_LEADER, KOBOLD_LEADER, ORC_LEADER, TROLL_LEADER, OGRE_LEADER = 44, 47, 50, 53, 56
SHAMAN, WAR_MACHINE, SPY = 59, 64, 68
GOLD_FACE = 7
"""The face that draws a gold chip from a full gold cup (after the six caravan chips)."""


def seats(count: int = 2) -> list[Seat]:
    return [Seat(player=f"p{i + 1}", name=NAMES[i], colour=i) for i in range(count)]


def texts(step: object, *, public_only: bool = False) -> list[str]:
    return [e.text for e in step.events  # type: ignore[attr-defined]
            if not public_only or e.visible_to is None]


def fresh(count: int = 2, first_face: int = 1) -> GoblinState:
    """A new game, the first player drawn by `first_face` (1: the first seat)."""
    return GAME.start(seats(count), None, 1, dice=ScriptedDice([first_face])).state


def all_but_last_ready(count: int = 2, hands: Sequence[Sequence[int]] = (), golds: Sequence[int] = ()) -> GoblinState:
    """The set-up done for every seat but the last, which still has to trade: each hand as given
    (taken out of the tribe cup), so the last seat's trade begins game turn 1 with the dice a test
    scripts."""
    state = fresh(count)
    for n, warlord in enumerate(state.warlords):
        warlord.units = list(hands[n]) if n < len(hands) else []
        warlord.gold = golds[n] if n < len(golds) else 0
        warlord.bosses = 1
        warlord.setup = SetupStep.DONE if n < count - 1 else SetupStep.TRADE
        for unit in warlord.units:
            state.tribe_cup.remove(unit)
        for _ in range(warlord.gold):
            state.gold_cup.remove("gold")
    return state


def run(state: GoblinState, how: str, dice: Dice) -> tuple[GoblinState, list[str]]:
    """Call one of the engine's steps (`_end_player_turn`, `_end_game_turn`, ...) on a copy of `state`
    with `dice`: how the later steps of the turn, still to come, will hand play on."""
    work = GoblinState.model_validate(state.model_dump())
    ctx = Context.at(dice, work.seats)
    getattr(GAME, how)(ctx, work)
    return work, [e.text for e in ctx.finish()]


def in_march(state: GoblinState) -> GoblinState:
    """The last player of the game turn done with B2, in B3 (no question open: a test asks its own)."""
    state.phase = Phase.MARCH
    state.ask = None
    state.active = len(state.order) - 1
    return state


def put_army(state: GoblinState, owner: str, territory: int, leader: int | None, units: Sequence[int] = ()) -> None:
    """An army on the map, its chips taken out of the tribe cup."""
    from rules.goblin_warlords.models import Army

    for unit in (*(() if leader is None else (leader,)), *units):
        state.tribe_cup.remove(unit)
    state.armies.append(Army(id=state.new_id(), owner=owner, territory=territory, leader=leader, units=list(units)))


def by_default(state: GoblinState, dice: Dice, said: list[str] | None = None) -> tuple[GoblinState, list[str]]:
    """Answer combat's own questions (the damage's spread, the retreat, the extra move, L40, L141-143)
    as an absent player's defaults do — the engine's spread and survivor, its retreat, staying put —
    with the same dice: the outcome a test scripted before the owners chose for themselves."""
    from rules.goblin_warlords.models import AskKind, AssignDamage, ExtraMove, RetreatTo

    said = list(said or [])
    defaults = {AskKind.ASSIGN: AssignDamage(), AskKind.RETREAT: RetreatTo(), AskKind.EXTRA: ExtraMove()}
    while state.ask is not None and state.ask.kind in defaults:
        step = GAME.apply(state, state.ask.players[0], defaults[state.ask.kind], dice=dice)
        state, said = step.state, [*said, *texts(step)]
    return state, said
