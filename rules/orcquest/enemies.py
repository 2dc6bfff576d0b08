"""The Enemy Phase, played by the rules themselves (seed 004, L724-888): Patrols, the Bell-ringer and
the Bell, Enemy Groups, their Activation roll, Flee and Assault, targeting, and the Alert at the end.

Everything the players would decide for the Enemies is settled the way the book tells, and where it
leaves a choice "to the players" the default is the one unkind to Heroes (L831-832) or reading order,
but for the Bell-ringer among a tie, which the players are asked (L803; `board.sound_patrols`):
- Patrols: one card per Patrol, the most advanced first; under the Quest's maximum, one card for the
  Patrol Entry (L754-771). A Patrol walks its path in single file, merges with a calm Enemy it meets
  (the newcomer in front, L790-791), stops where a Hero or an alert figure blocks it, and leaves by the
  Patrol Exit whole (L785). Heroes on the squares it needs suffer Push 1 and 1 Automatic Damage
  until it fits (L775-776; reading d18). Too few figures: Alert +1 and no Patrol (L773; reading d22).
- The Bell-ringer runs its full Movement Points for the Bell at the end of every Patrol management,
  by any way but through a closed door (L807-810; reading d16); on the Bell it rings: the Alert goes to
  the next colour, every free Patrol Entry and Exit sends a Patrol, every Patrol becomes an Alert
  Group, and no Patrol comes any more (L812-816; reading d2).
- Groups: a Room's Enemies are one group; outside, Enemies at Range 2 of each other with Line of
  Sight join, and one within 2 of a Room's group joins it (L827-831; reading d8). A group with one Alert
  member is all Alert (L830). Groups act closest to the Heroes first (L834); a group that never saw a
  Hero and was told by no group it sees only turns to what alerted it (L840-845; reading d9); else it
  rolls one Attack die of its strongest Activation colour, at least Orange in Orange Alert and Red in
  Red (L847-856). Its members act Flee first, then those who can attack without moving, then the
  rest (L858-865).
- Targeting (L869-875; reading d10): a Melee Enemy with a Hero adjacent takes that one; else the
  Hero within its move and Range with the fewest Health Points left, then the weakest colour, then
  the nearest. With none in reach it walks its full move towards the nearest Hero. A Fleeing Enemy
  goes as far as it can from the nearest Hero and turns its back (L1118).
- A Hero may react once per Enemy activation, not to an Enemy in its Rear Arc, without turning
  (L883-885): the phase pauses on the Attack's roll and asks, with "no" as the default.
- At the end: +1 Alert if an Alert Enemy lives, +1 more while a Bell-ringer stands on the Bell
  (L736, L887-888; reading d17).
"""

from __future__ import annotations

import heapq
from dataclasses import replace
from collections import Counter
from collections.abc import Iterable

from rules.core.engine import Context
from rules.core.grid import Square
from rules.orcquest.board import enemy_at, hero_at, keep_watch, layout_of, scene_of
from rules.orcquest.combat import LEVEL_WORDS
from rules.orcquest.data import (
    ATTACK_FACES,
    DIE_STRENGTH,
    ENEMIES,
    FIGURES,
    HEROES,
    PATROL_BY_CODE,
    Ability,
    AttackKind,
    Behaviour,
    Level,
    alert_colour,
    next_colour_level,
)
from rules.orcquest.exploration import explore, quest_of, raise_alert, rooms_behind
from rules.orcquest.fights import roll_on_hero, wound_hero
from rules.orcquest.heroes import mover_of
from rules.orcquest.geometry import (
    OPPOSITE,
    Mover,
    Scene,
    adjacent,
    can_step,
    can_stop,
    distance,
    facing_towards,
    in_front_arc,
    leaving_damage,
    line_of_fire,
    line_of_sight,
    open_between,
    passage,
    push_square,
    reachable,
    sees,
    step_cost,
    steps,
)
from rules.orcquest.models import Ask, Enemy, Hero, Patrol, Phase, QuestState, Strike, Walk

REACTION = "reaction"


def enemy_mover(enemy: Enemy) -> Mover:
    """How an Enemy walks: Heroes stop it, it opens doors for free but a War Dog (L836) or the
    Bell-ringer (L809), and only the Bell-ringer stops on the Bell (L405)."""
    doors = Ability.NO_DOORS not in ENEMIES[enemy.kind].abilities and not enemy.ringer
    return Mover(hero=False, opens_doors=doors, ringer=enemy.ringer)


def distances(scene: Scene, mover: Mover, sources: Iterable[Square]) -> dict[Square, int]:
    """Movement Points from every square to the nearest of `sources` for `mover` (path distance, the
    sources themselves 0), walking the steps backwards."""
    best: dict[Square, int] = {}
    starts = set(sources)
    todo = [(0, s) for s in starts]
    heapq.heapify(todo)
    while todo:
        cost, square = heapq.heappop(todo)
        if square in best:
            continue
        best[square] = cost
        for n in scene.layout.grid.neighbouring(square):
            # a source (a Hero's square) is a goal, never stepped on: only the way into it must be open
            into = passage(scene, mover, n, square) and (square in starts or can_step(scene, mover, n, square))
            if n not in best and into:
                heapq.heappush(todo, (cost + step_cost(scene, n), n))
    return best


def _reading(scene: Scene, square: Square) -> tuple[int, int]:
    x, y = scene.layout.grid.xy(square)
    return (y, x)


def _walk(ctx: Context, state: QuestState, enemy: Enemy, path: Iterable[Square]) -> list[Square] | None:
    """An Enemy steps along `path`, opening the closed doors it crosses; an Alert Enemy so opening an
    unexplored Room's door, or coming in sight of an unexplored Spawn Zone, explores it (L475). When
    that Exploration asks the players where a figure goes (reading d7), the Enemy waits where it
    stands and the squares it has still to walk come back (None: it walked all it could); a
    Bell-ringer's run, or an Enemy passing over another, does not wait: its tie takes the default
    (reading d23)."""
    layout = layout_of(state)
    mover = enemy_mover(enemy)
    route = list(path)
    here = resting = enemy.square

    def waits(square: Square) -> bool:
        """Whether the Enemy, standing on `square`, may wait there for the players' answer."""
        if state.phase is not Phase.ENEMY or state.enemy_turn is None or enemy.ringer:
            return False
        if any(e is not enemy and e.square == square for e in state.enemies):
            return False  # passing over another Enemy
        whole = scene_of(state)
        alone = replace(whole, enemies={k: v for k, v in whole.enemies.items() if k != square})
        return can_stop(alone, mover, square)

    for n, square in enumerate(route):
        door = layout.door_at(here, square)
        if door is not None and door.code not in state.open_doors and door.code not in state.destroyed_doors:
            state.open_doors.append(door.code)
            ctx.say(f"{enemy.label} opens a door.")
            if enemy.alert:
                for room in rooms_behind(state, door.code):
                    if not explore(ctx, state, room, None, door=door.code, ask=waits(here)):
                        enemy.square = here
                        ctx.say(f"{enemy.label} waits on {here} while the players choose.")
                        return route[n:]
        scene = scene_of(state)
        # what an Exploration revealed on the way may stand in it: the walk ends where it can
        if square not in steps(scene, mover, here) or (n == len(route) - 1 and not can_stop(scene, mover, square)):
            break
        enemy.square = here = square
        if can_stop(scene, mover, square):
            resting = square
        if enemy.alert and not _spot_zones(ctx, state, enemy, waits(square)):
            ctx.say(f"{enemy.label} waits on {here} while the players choose.")
            return route[n + 1:]
    enemy.square = resting
    ctx.say(f"{enemy.label} moves to {enemy.square}.")
    return None


def _spot_zones(ctx: Context, state: QuestState, enemy: Enemy, ask: bool = False) -> bool:
    """An unexplored Spawn Zone an Alert Enemy now has in sight is explored (L475); False when that
    Exploration waits for the players (with `ask`)."""
    scene = scene_of(state)
    for letter, squares in layout_of(state).zones.items():
        if letter not in state.explored and any(sees(scene, enemy.square, enemy.facing, s) for s in squares):
            if not explore(ctx, state, letter, None, ask=ask):
                return False
    return True


def resume_walk(ctx: Context, state: QuestState) -> None:
    """The Enemy whose move waited for an Exploration's question walks the rest of it, then its
    activation ends as it would have: it attacks its target if it still reaches it, closes in, or
    turns its back as it flees (reading d23). It may wait again."""
    turn = state.enemy_turn
    if turn is None or turn.walk is None:
        return
    walk, turn.walk = turn.walk, None
    enemy = state.enemy(walk.enemy)
    if enemy is None:
        return
    if walk.rest:
        rest = _walk(ctx, state, enemy, walk.rest)
        if rest is not None:
            turn.walk = walk.model_copy(update={"rest": rest})
            return
    _after_walk(ctx, state, enemy, walk.then, walk.target, walk.blue)


def _after_walk(ctx: Context, state: QuestState, enemy: Enemy, then: str, target: str | None, blue: bool) -> None:
    scene = scene_of(state)
    heroes = [h.square for h in _heroes(state) if h.square is not None]
    if then == "strike" and target is not None:
        hero = state.hero(target)
        if hero in _targets_from(state, enemy, enemy.square):
            strike(ctx, state, enemy, hero, blue=blue)
        else:
            ctx.say(f"{enemy.label} can no longer reach {hero.name}.")
        return
    if not heroes:
        return
    nearest = min(heroes, key=lambda h: distance(scene, enemy.square, h))
    if then == "flee":
        enemy.facing = OPPOSITE[facing_towards(scene, enemy.square, nearest)]
    else:
        enemy.facing = facing_towards(scene, enemy.square, nearest)
        ctx.say(f"{enemy.label} closes in.")


def _wait(state: QuestState, enemy: Enemy, rest: list[Square] | None, then: str, target: str | None = None,
          blue: bool = False) -> bool:
    """Keep the rest of `enemy`'s move for after the players' answer; True when it waits."""
    if rest is None or state.enemy_turn is None:
        return False
    state.enemy_turn.walk = Walk(enemy=enemy.id, rest=rest, then=then, target=target, blue=blue)  # type: ignore[arg-type]
    return True


# -- Patrols (L745-816) ----------------------------------------------------------------------------------------

def _draw_patrol_card(ctx: Context, state: QuestState) -> str | None:
    if not state.patrols and state.patrol_discard:
        state.patrols = ctx.dice.shuffled(state.patrol_discard, "the Patrol discard shuffled into a new deck")
        state.patrol_discard = []
    if not state.patrols:
        return None
    card = state.patrols.pop(0)
    state.patrol_discard.append(card)
    return card


def manage_patrols(ctx: Context, state: QuestState) -> None:
    """Patrol management at the start of the Enemy Phase (L754-771), then the Bell-ringers run (L807),
    unless the players still have to choose one among a tie (L803): the engine asks, then runs them."""
    quest = quest_of(state)
    if not quest.patrol_path:
        return
    path = quest.patrol_path
    for patrol in sorted(state.on_patrol, key=lambda p: -_front_index(state, p)):
        if patrol not in state.on_patrol or state.won is not None:
            continue
        code = _draw_patrol_card(ctx, state)
        if code is None:
            continue
        card = PATROL_BY_CODE[code]
        if card.about_turn:
            ctx.say(f"Patrol card for Patrol {patrol.id}: it stops and turns about.")
            for enemy in _members(state, patrol):
                enemy.facing = OPPOSITE[enemy.facing]
            keep_watch(ctx, state)
            continue
        if card.split and len(patrol.members) > 1:
            rear = state.enemy(patrol.members.pop())
            if rear is not None:
                rear.patrol = None
                ctx.say(f"Patrol card for Patrol {patrol.id}: {rear.label} stays behind on guard.")
        ctx.say(f"Patrol card for Patrol {patrol.id}: it moves {card.move}.")
        march(ctx, state, patrol, card.move, path)
    if len(state.on_patrol) < quest.patrol_max and not state.bell_rung and state.won is None:
        code = _draw_patrol_card(ctx, state)
        if code is not None and PATROL_BY_CODE[code].appears:
            ctx.say("The Patrol card for the Patrol Entry shows the Appearance symbol.")
            spawn(ctx, state, exit_end=False)
        elif code is not None:
            ctx.say("The Patrol card for the Patrol Entry brings nobody.")
    if not state.ringer_tie:  # else the engine runs them once the players chose the Bell-ringer (L803)
        run_ringers(ctx, state)


def _members(state: QuestState, patrol: Patrol) -> list[Enemy]:
    return [e for i in patrol.members if (e := state.enemy(i)) is not None]


def _front_index(state: QuestState, patrol: Patrol) -> int:
    members = _members(state, patrol)
    path = quest_of(state).patrol_path
    return path.index(members[0].square) if members and members[0].square in path else -1


def march(ctx: Context, state: QuestState, patrol: Patrol, count: int, path: tuple[Square, ...]) -> None:
    """The Patrol walks `count` squares of its path in single file (L780-785, L790-791)."""
    moved = 0
    while moved < count and patrol in state.on_patrol:
        members = _members(state, patrol)
        if not members:
            state.on_patrol.remove(patrol)
            return
        index = _front_index(state, patrol)
        if index + 1 >= len(path):
            for enemy in members:
                state.enemies.remove(enemy)
            state.on_patrol.remove(patrol)
            ctx.say(f"Patrol {patrol.id} leaves by the Patrol Exit.")
            return
        ahead = path[index + 1]
        other = enemy_at(state, ahead)
        if other is not None and other.patrol is None and not other.alert and not other.ringer:
            patrol.members.insert(0, other.id)
            other.patrol = patrol.id
            ctx.say(f"{other.label} joins Patrol {patrol.id} at its head.")
            continue
        if other is not None or hero_at(state, ahead) is not None or any(h.square == ahead and h.dead
                                                                         for h in state.heroes):
            ctx.say(f"Patrol {patrol.id} is blocked at {members[0].square}.")
            return
        squares = [ahead, *(m.square for m in members[:-1])]
        scene = scene_of(state)
        for enemy, square in zip(members, squares, strict=True):
            enemy.facing = facing_towards(scene, enemy.square, square) if enemy.square != square else enemy.facing
            enemy.square = square
        moved += 1
        keep_watch(ctx, state)
    if patrol in state.on_patrol:
        ctx.say(f"Patrol {patrol.id} is on {', '.join(m.square for m in _members(state, patrol))}.")


def spawn(ctx: Context, state: QuestState, *, exit_end: bool) -> None:
    """A Patrol of the Alert colour's make-up appears on the first squares of the path, its head
    furthest in (L768-776), or at the Patrol Exit's end facing back when the Bell rings (L814)."""
    quest = quest_of(state)
    kinds = quest.patrols[alert_colour(state.alert)]
    path = quest.patrol_path[::-1] if exit_end else quest.patrol_path
    needed = list(path[:len(kinds)])
    if any(enemy_at(state, s) is not None for s in needed):
        ctx.say("The Patrol Entry is blocked: no Patrol appears.")
        return
    on_board = Counter(e.kind for e in state.enemies)
    if any(on_board[k] + n > FIGURES[k] for k, n in Counter(kinds).items()):
        raise_alert(ctx, state, 1, "too few figures for a new Patrol")
        return
    _clear_entry(ctx, state, needed)
    if any(h.square in needed and not h.left for h in state.heroes):
        ctx.say("Heroes block the Patrol Entry: no Patrol appears.")
        return
    patrol = Patrol(id=state.next_patrol, members=[])
    state.next_patrol += 1
    scene = scene_of(state)
    facing = facing_towards(scene, path[0], path[1])
    for kind, square in zip(kinds, reversed(needed), strict=True):
        enemy = Enemy(id=state.next_enemy, kind=kind, square=square, facing=facing, patrol=patrol.id)
        state.next_enemy += 1
        state.enemies.append(enemy)
        patrol.members.append(enemy.id)
    state.on_patrol.append(patrol)
    names = ", ".join(ENEMIES[k].name for k in kinds)
    ctx.say(f"Patrol {patrol.id} appears ({names}) on {', '.join(reversed(needed))}.")
    keep_watch(ctx, state)


def _clear_entry(ctx: Context, state: QuestState, needed: list[Square]) -> None:
    """Heroes on the squares a new Patrol needs suffer Push 1 and 1 Automatic Damage until it fits
    (L775-776; reading d18), pushed along the path away from the entry, the one furthest in first; a
    Dead Hero token in the way is pushed along too, and a Hero killed so leaves its token to push."""
    for _ in range(len(needed) * 3):
        inside = sorted((h for h in state.heroes if h.square in needed and not h.left),
                        key=lambda h: -needed.index(h.square))  # type: ignore[arg-type]
        if not inside:
            return
        hero = inside[0]
        assert hero.square is not None
        scene = scene_of(state)
        back = needed[needed.index(hero.square) - 1] if needed.index(hero.square) else None
        to = push_square(scene, back or _behind(scene, needed), hero.square)
        if not hero.dead:
            wound_hero(ctx, state, hero, 1, "swept aside by a Patrol")
            wound_hero(ctx, state, hero, leaving_damage(scene, hero.square), "pushed out of a Danger Zone (reading d12)")
        blocked = (to is None or not open_between(scene, hero.square, to) or enemy_at(state, to) is not None
                   or any(h.square == to and not h.left for h in state.heroes))
        if blocked:
            if not hero.dead:
                wound_hero(ctx, state, hero, 1, "pushed against an Obstacle")
            return
        hero.square = to
        ctx.say(f"{hero.name}{' (dead)' if hero.dead else ''} is pushed to {to}.")


def _behind(scene: Scene, needed: list[Square]) -> Square:
    """A point just outside the board behind the entry, as the pusher's place (a square name is not
    needed: the first square's own neighbour away from the path is used)."""
    (x0, y0), (x1, y1) = scene.layout.grid.xy(needed[0]), scene.layout.grid.xy(needed[-1] if len(needed) > 1
                                                                               else needed[0])
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    return scene.layout.grid.square_at(x0 - dx, y0 - dy) or needed[0]


def run_ringers(ctx: Context, state: QuestState) -> None:
    """Each Bell-ringer runs its full move for the Bell (L807-810); on it, the Bell rings (L812-816)."""
    bell = layout_of(state).bell
    for ringer in [e for e in state.enemies if e.ringer and e.square != bell]:
        scene = scene_of(state)
        mover = enemy_mover(ringer)
        routes = reachable(scene, mover, ringer.square, ENEMIES[ringer.kind].mp)
        if bell in routes:
            _walk(ctx, state, ringer, routes[bell].path)
            ring(ctx, state)
            continue
        far = distances(scene, mover, [bell])
        best = min(routes, key=lambda s: (far.get(s, 999), routes[s].mp, _reading(scene, s)))
        if routes[best].path:
            _walk(ctx, state, ringer, routes[best].path)


def ring(ctx: Context, state: QuestState) -> None:
    """The Bell rings (L812-816; reading d2)."""
    if state.bell_rung:
        return
    state.bell_rung = True
    before = state.alert
    state.alert = next_colour_level(state.alert)
    ctx.say(f"The Bell rings! The Alert Level goes from {before} to {state.alert}.")
    spawn(ctx, state, exit_end=False)
    spawn(ctx, state, exit_end=True)
    for patrol in state.on_patrol:
        for enemy in _members(state, patrol):
            enemy.patrol, enemy.alert = None, True
    state.on_patrol = []
    ctx.say("Every Patrol becomes an Alert Enemy Group; no more Patrols will come.")


# -- Enemy Groups (L820-863) -------------------------------------------------------------------------------------

def groups(state: QuestState) -> list[list[Enemy]]:
    """The Enemy Groups now (L827-831; reading d8): Bell-ringers and Patrols stand apart. Outside the
    Rooms, Enemies at Range 2 of each other and in sight are one group, in chains; one within 2 of a
    Room's group (or of an Enemy that joined it) joins that group. An Enemy two groups claim (L831)
    goes to the stronger Activation die, then to the larger group; still tied, the players' decision,
    "not kind to Heroes", is taken for them: the Room's group, else the lower Room."""
    scene = scene_of(state)
    layout = layout_of(state)
    free = [e for e in state.enemies if not e.ringer and e.patrol is None]
    by_room: dict[str, list[Enemy]] = {}
    outside: list[Enemy] = []
    for enemy in free:
        room = layout.rooms.get(enemy.square)
        (by_room.setdefault(room, []) if room else outside).append(enemy)
    rooms = {room: sorted(members, key=lambda e: e.id) for room, members in sorted(by_room.items())}
    order = list(rooms)

    def near(a: Enemy, b: Enemy) -> bool:
        return distance(scene, a.square, b.square) <= 2 and line_of_sight(scene, a.square, b.square)

    def weight(group: list[Enemy]) -> tuple[int, int]:
        return max(DIE_STRENGTH[ENEMIES[e.kind].activation_die] for e in group), len(group)

    def chains(enemies: list[Enemy]) -> list[list[Enemy]]:
        loose: list[list[Enemy]] = []
        for enemy in sorted(enemies, key=lambda e: e.id):
            touching = [g for g in loose if any(near(enemy, m) for m in g)]
            merged = [enemy, *(m for g in touching for m in g)]
            loose = [g for g in loose if g not in touching] + [sorted(merged, key=lambda e: e.id)]
        return loose

    joined: set[int] = set()
    changed = True
    while changed:
        changed = False
        for enemy in sorted(outside, key=lambda e: e.id):
            if enemy.id in joined:
                continue
            claims = [r for r in order if any(near(enemy, m) for m in rooms[r])]
            if not claims:
                continue
            room = max(claims, key=lambda r: (weight(rooms[r]), -order.index(r)))
            chain = next(g for g in chains([o for o in outside if o.id not in joined]) if enemy in g)
            others = [m for m in chain if m is not enemy]
            if others and weight(others) > weight(rooms[room]):
                continue  # the loose group's claim is the stronger (reading d8)
            rooms[room].append(enemy)
            joined.add(enemy.id)
            changed = True
    found = [sorted(members, key=lambda e: e.id) for members in rooms.values()]
    return [*found, *chains([o for o in outside if o.id not in joined])]


def alert_groups(state: QuestState) -> list[list[Enemy]]:
    """The groups, each alerted whole when one member is alert (L830)."""
    found = groups(state)
    for group in found:
        if any(e.alert for e in group):
            for enemy in group:
                enemy.alert = True
    return found


def _heroes(state: QuestState) -> list[Hero]:
    """The Heroes the Enemies can go for: alive, on the board and not Invisible (Untargetable, L1122)."""
    return [h for h in state.heroes if h.on_board and not h.invisible]


def next_group(ctx: Context, state: QuestState, done: list[int]) -> list[Enemy] | None:
    """The Alert group closest to the Heroes with someone still to act (L834)."""
    scene = scene_of(state)
    heroes = [h.square for h in _heroes(state) if h.square is not None]
    waiting = [g for g in alert_groups(state) if any(e.alert for e in g) and any(e.id not in done for e in g)]
    if not waiting:
        return None

    def closeness(group: list[Enemy]) -> tuple[int, int]:
        near = min((distance(scene, e.square, h) for e in group for h in heroes), default=99)
        return near, min(e.id for e in group)

    return [e for e in min(waiting, key=closeness) if e.id not in done]


def activation_result(ctx: Context, state: QuestState, group: list[Enemy]) -> Level | None:
    """The group's Activation roll (L840-856), or None when it only turns to what alerted it."""
    if not any(e.seen_hero for e in group):
        scene = scene_of(state)
        knowing = [e for e in state.enemies if e.seen_hero and e not in group and e.alert]
        told = any(in_front_arc(scene, m.square, m.facing, k.square) and line_of_sight(scene, m.square, k.square)
                   for m in group for k in knowing)
        if not told:
            for enemy in group:
                if enemy.alerted_by is not None and enemy.alerted_by != enemy.square:
                    enemy.facing = facing_towards(scene, enemy.square, enemy.alerted_by)
            ctx.say(f"{_names(group)} never saw a Hero: they turn towards what alerted them.")
            return None
        for enemy in group:
            enemy.seen_hero = True
        ctx.say(f"{_names(group)} learn where the Heroes are from another group.")
    colour = max((ENEMIES[e.kind].activation_die for e in group), key=lambda c: DIE_STRENGTH[c])
    face = ctx.dice.d6(f"Activation of {_names(group)}: {colour} die").faces[0]
    result = ATTACK_FACES[colour][face - 1]
    band = alert_colour(state.alert)
    final = Level.RED if band is Level.RED else max(result, Level.ORANGE) if band is Level.ORANGE else result
    shown = LEVEL_WORDS[result] + (f", raised to {LEVEL_WORDS[final]} by the Alert" if final != result else "")
    ctx.say(f"Activation roll: {shown}.")
    return final


def _names(group: list[Enemy]) -> str:
    return ", ".join(e.label for e in group)


def order(state: QuestState, group: list[Enemy], result: Level) -> list[int]:
    """Flee first, then those who can attack where they stand, then the movers (L858-865)."""
    def rank(enemy: Enemy) -> tuple[int, int]:
        behaviour = ENEMIES[enemy.kind].activation[result].behaviour
        if behaviour is Behaviour.FLEE:
            return 0, enemy.id
        return (1 if _targets_from(state, enemy, enemy.square) else 2), enemy.id
    return [e.id for e in sorted(group, key=rank)]


def _targets_from(state: QuestState, enemy: Enemy, square: Square, scene: Scene | None = None) -> list[Hero]:
    """The Heroes `enemy` could attack standing on `square` (Range and Line of Sight, or of Fire for a
    Ranged line, L505-519); `scene` is the board without the Enemy itself, when the caller has it."""
    if scene is None:
        whole = scene_of(state)
        scene = replace(whole, enemies={k: v for k, v in whole.enemies.items() if k != enemy.square})
    line = ENEMIES[enemy.kind].attack
    found = []
    for hero in _heroes(state):
        assert hero.square is not None
        if distance(scene, square, hero.square) > (line.high or 1):
            continue
        near = hero.square in adjacent(scene, square)
        if not line.reaches(distance(scene, square, hero.square), near):
            continue
        clear = (line_of_fire(scene, square, hero.square) if line.kind is AttackKind.RANGED
                 else line_of_sight(scene, square, hero.square))
        if clear:
            found.append(hero)
    return found


def _priority(state: QuestState, hero: Hero, reach: int) -> tuple[int, int, int, int]:
    """Fewest Health Points left, weakest colour, nearest (L869-872; reading d10), then seat order."""
    left = hero.hp - hero.damage
    return left, int(HEROES[hero.code].colour), reach, [h.code for h in state.heroes].index(hero.code)


def activate_enemy(ctx: Context, state: QuestState, enemy: Enemy, result: Level) -> None:
    """One Enemy's whole activation: its move and its Attack (L865)."""
    activation = ENEMIES[enemy.kind].activation[result]
    if activation.behaviour is Behaviour.FLEE:
        flee(ctx, state, enemy)
        return
    assault(ctx, state, enemy, blue=activation.blue)


def flee(ctx: Context, state: QuestState, enemy: Enemy) -> None:
    """As far as it can get from the nearest Hero by path, then by Range, its back to them (L1118;
    reading d10)."""
    scene = scene_of(state)
    heroes = [h.square for h in _heroes(state) if h.square is not None]
    ctx.say(f"{enemy.label} flees!")
    if not heroes:
        return
    mover = enemy_mover(enemy)
    routes = reachable(scene, mover, enemy.square, ENEMIES[enemy.kind].mp)
    away = distances(scene, Mover(hero=False, opens_doors=True), heroes)
    def gap(s: Square) -> tuple[int, int, int, tuple[int, ...]]:
        return (away.get(s, 99), min(distance(scene, s, h) for h in heroes), routes[s].mp,
                tuple(-v for v in _reading(scene, s)))

    best = max(routes, key=gap)
    if _wait(state, enemy, _walk(ctx, state, enemy, routes[best].path), "flee"):
        return
    nearest = min(heroes, key=lambda h: distance(scene, enemy.square, h))
    enemy.facing = OPPOSITE[facing_towards(scene, enemy.square, nearest)]


def assault(ctx: Context, state: QuestState, enemy: Enemy, *, blue: bool) -> None:
    """Move, then the strongest Attack if it can (L1101), at the target the book's order picks."""
    scene = scene_of(state)
    line = ENEMIES[enemy.kind].attack
    adjacent_now = [h for h in _targets_from(state, enemy, enemy.square)
                    if h.square in adjacent(scene, enemy.square)] if line.kind is AttackKind.MELEE else []
    if adjacent_now:
        target = min(adjacent_now, key=lambda h: _priority(state, h, 0))
        strike(ctx, state, enemy, target, blue=blue)
        return
    mover = enemy_mover(enemy)
    routes = reachable(scene, mover, enemy.square, ENEMIES[enemy.kind].mp)
    options: dict[str, list[tuple[int, tuple[int, int], Square]]] = {}
    alone = replace(scene, enemies={k: v for k, v in scene.enemies.items() if k != enemy.square})
    for square, route in routes.items():
        for hero in _targets_from(state, enemy, square, alone):
            options.setdefault(hero.code, []).append((route.mp, _reading(scene, square), square))
    if options:
        target = min((state.hero(c) for c in options), key=lambda h: _priority(state, h, min(options[h.code])[0]))
        _, _, square = min(options[target.code])
        if square != enemy.square and _wait(state, enemy, _walk(ctx, state, enemy, routes[square].path), "strike",
                                            target.code, blue):
            return
        strike(ctx, state, enemy, target, blue=blue)
        return
    heroes = [h.square for h in _heroes(state) if h.square is not None]
    if not heroes:
        return
    toward = distances(scene, Mover(hero=False, opens_doors=mover.opens_doors), heroes)
    best = min(routes, key=lambda s: (toward.get(s, 999), -routes[s].mp, _reading(scene, s)))
    if routes[best].path and _wait(state, enemy, _walk(ctx, state, enemy, routes[best].path), "close"):
        return
    nearest = min(heroes, key=lambda h: distance(scene, enemy.square, h))
    enemy.facing = facing_towards(scene, enemy.square, nearest)
    ctx.say(f"{enemy.label} closes in.")


def strike(ctx: Context, state: QuestState, enemy: Enemy, hero: Hero, *, blue: bool) -> None:
    """Roll the Attack; a Hero who may react is asked before the Damage lands (L883-885)."""
    assert hero.square is not None
    enemy.facing = facing_towards(scene_of(state), enemy.square, hero.square)
    ctx.say(f"{enemy.label} attacks {hero.name}!")
    rolled = roll_on_hero(ctx, state, enemy, hero, f"{enemy.label}'s Attack on {hero.name}", blue=blue)
    turn = state.enemy_turn
    if turn is not None and may_answer(state, hero, enemy, rolled):
        turn.strike = rolled
        state.ask = Ask(kind=REACTION, players=list(hero.owners))
        return
    wound_hero(ctx, state, hero, rolled.damage, f"{enemy.label}'s Attack")


def may_answer(state: QuestState, hero: Hero, enemy: Enemy, rolled: Strike) -> bool:
    """Whether the Hero has anything to do about an Attack that would hurt it: Dodge, or an Enraged
    re-roll of its Defence dice (L1080)."""
    if rolled.damage <= 0:
        return False
    return bool(dodge_squares(state, hero, enemy)) or can_reroll_defence(hero, rolled)


def can_reroll_defence(hero: Hero, rolled: Strike) -> bool:
    return "enraged" in hero.conditions and not rolled.rerolled and rolled.faces is not None and bool(
        rolled.faces.defence)


def dodge_squares(state: QuestState, hero: Hero, enemy: Enemy) -> list[Square]:
    """Where `hero` may Dodge to (L1111; house set b: Mek's Reaction card, 1 Badass Point), when the
    Reaction is open to it: face up, paid, once per Enemy activation, the Enemy not in its Rear Arc,
    not Cursed (L883-885, L1052); none when it cannot."""
    turn = state.enemy_turn
    if ("dodge" not in HEROES[hero.code].skills or "dodge" in hero.down or state.badass < 1
            or "cursed" in hero.conditions or hero.square is None or turn is None or hero.code in turn.reacted):
        return []
    scene = scene_of(state)
    if not in_front_arc(scene, hero.square, hero.facing, enemy.square):
        return []
    mover = mover_of(hero)
    return [s for s in steps(scene, mover, hero.square) if can_stop(scene, mover, s)]


__all__ = ["REACTION", "activate_enemy", "alert_groups", "activation_result", "assault", "can_reroll_defence", "distances",
           "dodge_squares", "may_answer",
           "enemy_mover", "flee", "groups", "manage_patrols", "march", "next_group", "order", "ring",
           "resume_walk", "run_ringers", "spawn", "strike"]
