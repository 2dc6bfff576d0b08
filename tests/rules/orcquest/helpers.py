"""Hand-made maps and scenes for OrcQuest's rules tests (seed 004)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.engine import Seat, Step
from rules.orcquest.data import DoorSpec, Layout, Quest, parse_layout
from rules.orcquest.engine import OrcQuest
from rules.orcquest.geometry import Facing
from rules.orcquest.models import EndActivation, Enemy, QuestState


def mini_quest(ascii: str, doors: tuple[DoorSpec, ...] = ()) -> Quest:
    """A small Quest drawn like Quest 1 (rank at the top first); its map needs a Bell `B` and an
    Objective `O` somewhere. Its Rooms hold nothing: no die is dropped on them."""
    return Quest(code="mini", title="Mini", ascii=ascii, doors=doors, reserves={"main": []}, room_dice=0,
                 zone_dice=0, patrol_path=(), patrol_max=0, patrols={}, objective_weight=1, secondary_bp=0)


def mini(ascii: str) -> Layout:
    return parse_layout(mini_quest(ascii))


OPEN = mini("""\
........
.H.L.T..
........
........
B......O""")
"""Open ground with a high piece at b4, a low one at d4 and a trunk at f4."""


# -- positions built by hand ---------------------------------------------------------------------------

GAME = OrcQuest()
NAMES = ("Ann", "Bo", "Cy", "Di")


def seats(count: int = 1) -> list[Seat]:
    return [Seat(player=f"p{i + 1}", name=NAMES[i], colour=i) for i in range(count)]


def fresh(count: int = 1, seed: int = 1, *, explored: bool = True) -> QuestState:
    """A new Quest; with `explored`, every Room and Spawn Zone counts as explored already, so a test's
    moves meet no Exploration unless it wants one."""
    state = GAME.new(seats(count), None, seed)
    if explored:
        state.explored = ["1", "2", "3", "A"]
    return state


def put(state: QuestState, hero: str, square: str, facing: Facing = "E") -> None:
    h = state.hero(hero)
    h.square, h.facing = square, facing


def enemy(state: QuestState, kind: str, square: str, facing: Facing = "W", **fields: object) -> Enemy:
    found = Enemy(id=state.next_enemy, kind=kind, square=square, facing=facing, **fields)  # type: ignore[arg-type]
    state.next_enemy += 1
    state.enemies.append(found)
    return found


def active(state: QuestState, hero: str, square: str, facing: Facing = "E", ap: int = 2) -> None:
    """`hero` on `square`, already the Active Hero with `ap` Action Points."""
    put(state, hero, square, facing)
    state.active = hero
    state.hero(hero).ap = ap


def play(state: QuestState, action: object, faces: list[int] | None = None, player: str = "p1") -> Step:
    """Apply `action` with the dice landing on `faces` (none: no die may be thrown)."""
    return GAME.apply(state, player, action, dice=ScriptedDice(faces or []))


def texts(step: Step) -> list[str]:
    return [e.text for e in step.events]


def to_enemy_phase(state: QuestState, faces: list[int] | None = None, *, hero: str = "orrus",
                   square: str = "o1") -> Step:
    """End the last activation of the Hero Phase (`hero` on `square`, by default hidden in Room 2) with a
    quiet Event, so the Enemy Phase runs with the dice landing on `faces`."""
    for other in state.heroes:
        other.activated = other.code != hero
    if state.hero(hero).square is None:
        active(state, hero, square, "N")
    else:
        state.active = hero
    state.events = ["nothing-1", "nothing-2"]
    return play(state, EndActivation(), faces)
