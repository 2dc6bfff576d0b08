"""What a move would do, worked out before it is made (the Discord flow's `/oq preview`, reading (e)):
its Movement Points, the Automatic Damage of the Danger Zones it leaves (L415), and which Enemies
would have the Hero in sight where it ends (L323). Nothing is changed and no die is thrown: an
Exploration the move would set off is not foreseen."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.grid import Square
from rules.orcquest.board import scene_of
from rules.orcquest.geometry import can_stop, path_route, sees
from rules.orcquest.heroes import mover_of, overloaded
from rules.orcquest.models import QuestState


@dataclass(frozen=True)
class Preview:
    """A move foreseen: `fault` says why it cannot be made (then the rest is empty)."""

    mp: int = 0
    damage: int = 0
    seen_by: tuple[str, ...] = ()  # the Enemies that would see the Hero at the end, by label
    fault: str | None = None


def preview_move(state: QuestState, hero_code: str, path: list[Square]) -> Preview:
    """`hero_code` walking `path` from where it stands, as things lie now."""
    hero = state.hero(hero_code)
    if hero.square is None or hero.dead:
        return Preview(fault=f"{hero.name} is not on the board.")
    if overloaded(hero):
        return Preview(fault=f"{hero.name} carries too much to move.")
    scene, mover = scene_of(state), mover_of(hero)
    route = path_route(scene, mover, hero.square, path)
    if isinstance(route, str):
        return Preview(fault=route)
    end = path[-1] if path else hero.square
    if not can_stop(scene, mover, end, hero.square):
        return Preview(fault=f"{hero.name} cannot end a move on {end}.")
    watchers = tuple(e.label for e in state.enemies if sees(scene, e.square, e.facing, end))
    return Preview(mp=route.mp, damage=route.damage, seen_by=watchers)


__all__ = ["Preview", "preview_move"]
