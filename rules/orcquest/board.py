"""The state read as a map (seed 004): the geometry's `Scene` built from a `QuestState`, who stands
where, and the watch every Enemy keeps (alertness at any time, L323; Invisible Heroes, L453-463,
L1122)."""

from __future__ import annotations

from rules.core.engine import Context
from rules.core.grid import Square
from rules.orcquest.data import ENEMIES, FARM, Ability, Layout
from rules.orcquest.geometry import Figure, Scene, danger_zones, distance, line_of_sight, sees
from rules.orcquest.models import Enemy, Hero, QuestState

LAYOUTS: dict[str, Layout] = {"farm": FARM}


def layout_of(state: QuestState) -> Layout:
    return LAYOUTS[state.quest]


def scene_of(state: QuestState) -> Scene:
    """What stands where now, for the geometry."""
    return Scene(
        layout=layout_of(state),
        open_doors=frozenset((*state.open_doors, *state.destroyed_doors)),
        furniture=frozenset(state.furniture),
        heroes={h.square: h.code for h in state.heroes if h.on_board and h.square is not None},
        enemies={e.square: Figure(e.facing, e.menacing) for e in state.enemies},
        dead=frozenset(h.square for h in state.heroes if h.dead and h.square is not None),
    )


def enemy_at(state: QuestState, square: Square) -> Enemy | None:
    return next((e for e in state.enemies if e.square == square), None)


def hero_at(state: QuestState, square: Square) -> Hero | None:
    return next((h for h in state.heroes if h.on_board and h.square == square), None)


def free(state: QuestState, square: Square) -> bool:
    """Nothing stands there: no figure, no Dead Hero token, no furniture, no trunk, no token, not the Bell."""
    layout = layout_of(state)
    piece = layout.furniture_at(square)
    return (enemy_at(state, square) is None and not any(h.square == square for h in state.heroes if not h.left)
            and not (piece is not None and piece.code in state.furniture) and square not in layout.trunks
            and square != layout.bell and not any(t.square == square for t in state.tokens))


def nearest_ties(state: QuestState, square: Square, taken: set[Square] | None = None,
                 within: frozenset[Square] | None = None) -> list[Square]:
    """The empty squares nearest to `square` by Range, `square` itself first (L488, L499), inside the
    area `within` when it has one left (a token of a Room stays in the Room), in reading order (a1
    first): more than one is a tie the players settle (L488; reading d7), the first their default."""
    layout = layout_of(state)
    taken = taken or set()
    candidates = [s for s in layout.grid.squares if free(state, s) and s not in taken]
    if within is not None and any(s in within for s in candidates):
        candidates = [s for s in candidates if s in within]
    if not candidates:
        return []
    near = min(layout.grid.distance(square, s) for s in candidates)
    return sorted((s for s in candidates if layout.grid.distance(square, s) == near),
                  key=lambda s: (layout.grid.xy(s)[1], layout.grid.xy(s)[0]))


def nearest_free(state: QuestState, square: Square, taken: set[Square] | None = None,
                 within: frozenset[Square] | None = None) -> Square | None:
    """The first of `nearest_ties` (reading d7: the players' choice's default), or None."""
    ties = nearest_ties(state, square, taken, within)
    return ties[0] if ties else None


def in_danger_zone(state: QuestState, square: Square) -> bool:
    return square in danger_zones(scene_of(state))


def flair_reveals(state: QuestState, square: Square) -> bool:
    """Whether an Enemy with Flair is within 3 squares, not through walls or closed doors (L1117)."""
    scene = scene_of(state)
    return any(Ability.FLAIR in ENEMIES[e.kind].abilities and distance(scene, e.square, square) <= 3
               and line_of_sight(scene, e.square, square) for e in state.enemies)


def seen_by_any(state: QuestState, square: Square) -> bool:
    """Whether any Enemy has `square` in its Front Arc and Line of Sight."""
    scene = scene_of(state)
    return any(sees(scene, e.square, e.facing, square) for e in state.enemies)


def keep_watch(ctx: Context, state: QuestState, dying: list[Square] | None = None) -> None:
    """Alert every Enemy that sees a Hero who is not Invisible, an Alert Enemy, or an Enemy dying
    (`dying`, squares of Enemies just killed), at any time (L323), until nothing changes; an
    Enemy that sees a Hero remembers it (reading d9). An Invisible Hero within a Flair Enemy's 3
    squares is found first (L1117, L1122)."""
    for hero in state.heroes:
        if hero.invisible and hero.square is not None and flair_reveals(state, hero.square):
            hero.invisible = False
            ctx.say(f"A War Dog sniffs {hero.name} out: no longer Invisible (Flair).")
    scene = scene_of(state)
    targets = [h.square for h in state.heroes if h.on_board and not h.invisible and h.square is not None]
    changed = True
    while changed:
        changed = False
        for enemy in state.enemies:
            spotted = [t for t in targets if sees(scene, enemy.square, enemy.facing, t)]
            if spotted:
                enemy.seen_hero = True
            if enemy.alert:
                continue
            alarms = [*spotted, *(e.square for e in state.enemies if e.alert and e is not enemy
                                  and sees(scene, enemy.square, enemy.facing, e.square)),
                      *(d for d in dying or () if sees(scene, enemy.square, enemy.facing, d))]
            if alarms:
                enemy.alert = True
                enemy.alerted_by = alarms[0]
                changed = True
                ctx.say(f"{enemy.label} at {enemy.square} is alert!")
    sound_patrols(ctx, state)


def sound_patrols(ctx: Context, state: QuestState) -> None:
    """A Patrol with a member alert stops and is Alert (L796): the member nearest the Bell, never a War
    Dog, becomes the Bell-ringer, the others an Alert Enemy Group (L797-811). Members tied nearest
    the Bell are the players' choice (L803): the lowest number stands in as its default and the tie
    is kept in `ringer_tie` for the engine to ask when the players may answer (`ringer_ties`)."""
    for patrol in list(state.on_patrol):
        members = [e for e in state.enemies if e.id in patrol.members]
        if not any(e.alert for e in members):
            continue
        state.on_patrol.remove(patrol)
        ringers = [e for e in members if Ability.NO_BELL not in ENEMIES[e.kind].abilities]
        ties = ringer_ties(state, ringers)
        ringer = ties[0] if ties else None
        for enemy in members:
            enemy.patrol, enemy.alert = None, True
        if ringer is not None and not state.bell_rung:
            ringer.ringer = True
            ctx.say(f"The Patrol is Alert! {ringer.label} runs for the Bell.")
            if len(ties) > 1 and not state.ringer_tie:  # a second tie at once (never in Quest 1) keeps its default
                state.ringer_tie = [e.id for e in ties]
        else:
            ctx.say("The Patrol is Alert!")


def ringer_ties(state: QuestState, candidates: list[Enemy]) -> list[Enemy]:
    """The candidates nearest the Bell by Range, lowest number first (L797, L803)."""
    layout = layout_of(state)
    if not candidates:
        return []
    near = min(layout.grid.distance(e.square, layout.bell) for e in candidates)
    return sorted((e for e in candidates if layout.grid.distance(e.square, layout.bell) == near), key=lambda e: e.id)


__all__ = ["LAYOUTS", "enemy_at", "flair_reveals", "free", "hero_at", "in_danger_zone", "keep_watch", "layout_of",
           "nearest_free", "nearest_ties", "ringer_ties", "scene_of", "seen_by_any", "sound_patrols"]
