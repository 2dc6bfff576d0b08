"""Movement (II.4.2.1), the Push and the fall-back (II.4.3 Step 2): paths, costs and charges.

A Move is a path of straight legs (each corner is one of the free Pivots) whose length plus
1" per Platform edge climbed stays within the rolled D6+2". The list of legal actions offers
a finite set of useful destinations (towards each enemy, Barrel and Debris Mound, and the
eight compass directions) plus every possible Charge, each on a 0.01" grid where it can be and
each checked by `plan`, the one judge of a path and its cost; `MoveTo` accepts any other point,
and pivot points, as long as the path is legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from rules.core.engine import Context
from rules.core.errors import RuleViolation
from rules.core.geometry import (
    CONTACT_TOLERANCE,
    EDGE,
    Shape,
    angle_to,
    centre_distance,
    contacts,
    crossings,
    exit_distance,
    heading,
    offset,
    opposite,
    push_angle,
    touching,
    travel,
)
from rules.orclympics.brood_rumble.board import (
    BOARD,
    barrel_shape,
    FALL_BACK,
    PLATFORM_HEIGHT,
    PUSH_DISTANCE,
    SHOVE_BACK,
    enemies,
    engaged,
    feature_shape,
    fmt,
    impassable,
    label,
    on_board,
    on_platform,
    orc_shape,
    orc_shape_at,
    pair_key,
    shapes_of,
)
from rules.orclympics.brood_rumble.effects import (
    award,
    dangerous_ground,
    eliminate,
    hurt,
    name,
)
from rules.orclympics.brood_rumble.models import (
    XY,
    BroodRumbleState,
    Charge,
    Feat,
    FeatureKind,
    MoveTo,
    Orc,
    OrcId,
)

DIRECTIONS = 16  # the directions offered for a fall-back
COMPASS = 8  # the plain directions offered for a Move
TOUCH_IN = 0.002  # a move meant to touch something ends this far past the point of contact
ENEMY_GAP = 0.05  # plain moves offered towards an enemy stop this far short: touching one is a Charge
GRID_PLACES = 2  # offered points are rounded to 0.01" where that stays legal: short to read and type
GRID_BACKS = (0.0, 0.005, 0.01, 0.02)  # how far back along the line a grid point is looked for
EXACT_BACKS = (0.0, 0.001, 0.005)  # and, failing that, a point to 4 places
MIN_STEP = 0.1
COST_SLACK = 1e-6


@dataclass
class Walk:
    """A checked path: where it ends, what it costs, what Dangerous Terrain it touched, who it charges."""

    end: XY
    path: list[XY]
    cost: float
    touched: list[str] = field(default_factory=list)
    charged: list[OrcId] = field(default_factory=list)


@dataclass
class Ground:
    """The table as one moving Orc meets it, measured once per question."""

    blockers: dict[str, Shape]
    dangerous: dict[str, Shape]
    platforms: list[Shape]
    enemies: dict[OrcId, Shape]
    unchargeable: dict[OrcId, str]  # why an enemy cannot be charged

    @classmethod
    def of(cls, state: BroodRumbleState, orc: Orc) -> Ground:
        foes = [e for e in enemies(state, orc)]
        return cls(blockers=impassable(state, orc.id), dangerous=shapes_of(state, FeatureKind.DANGEROUS),
                   platforms=list(shapes_of(state, FeatureKind.PLATFORM).values()),
                   enemies={e.id: orc_shape(e) for e in foes},
                   unchargeable={e.id: p for e in foes if (p := chargeable(state, e)) is not None})

    def climbs(self, start: XY, angle: float, length: float) -> list[float]:
        """Where along a straight line the Orc's centre crosses a Platform's edge."""
        return sorted(t for p in self.platforms for t in crossings(start, angle, length, p))

    def near(self, centre: XY, reach: float) -> Ground:
        """Only what lies within `reach` inches of `centre`: a move no longer than that
        cannot touch anything else, so sweeps skip it."""
        def close(shapes: dict[str, Shape]) -> dict[str, Shape]:
            return {k: v for k, v in shapes.items() if centre_distance(centre, v.centre) - v.reach <= reach}
        return Ground(blockers=close(self.blockers), dangerous=close(self.dangerous),
                      platforms=[p for p in self.platforms if centre_distance(centre, p.centre) - p.reach <= reach],
                      enemies=self.enemies, unchargeable=self.unchargeable)

    def touching_enemies(self, centre: XY) -> list[OrcId]:
        shape = orc_shape_at(centre)
        return [k for k, e in self.enemies.items() if touching(shape, e)]


def chargeable(state: BroodRumbleState, enemy: Orc) -> str | None:
    """Why an enemy cannot be charged (a sentence), or None when it can."""
    if enemy.knocked_down:
        return f"{enemy.id} is Knocked Down, and an Orc on the ground cannot be Charged."
    if engaged(state, enemy):
        return f"{enemy.id} is already fighting; an honourable Orc does not join someone else's fight."
    return None


def line_cost(g: Ground, start: XY, angle: float, length: float) -> float:
    """What a straight stretch of a walk costs: its length plus 1" for each Platform edge the
    Orc's centre crosses on it, up or down (II.2 Platforms, reading "platform-centre")."""
    return length + PLATFORM_HEIGHT * len(g.climbs(start, angle, length))


def plan(state: BroodRumbleState, orc: Orc, points: list[XY], budget: float, target: OrcId | None = None,
         ground: Ground | None = None) -> Walk:
    """Check a path through `points` (then, for a Charge, straight at `target` until the bases
    touch) and say what it costs: its length plus the Platform edges climbed (II.2).
    Raises RuleViolation with the reason when it is not legal."""
    g = ground or Ground.of(state, orc)
    pos, cost, path, touched = orc.xy, 0.0, [orc.xy], []
    for index, point in enumerate(points):
        length = centre_distance(pos, point)
        if length <= 1e-9:
            continue
        angle = angle_to(pos, point)
        # A leg is refused only if it cuts deeper than the tolerance into something: touching,
        # and sliding along what it touches, are fine however the point was rounded.
        leg = travel(orc_shape_at(pos), angle, length, g.blockers, area=BOARD, tolerance=-CONTACT_TOLERANCE)
        if leg.blocked:
            raise RuleViolation(f"{orc.id} cannot walk straight from {fmt(pos)} to {fmt(point)}: "
                                f"{label(state, str(leg.stopped_by))} is in the way.")
        touched += [c.key for c in contacts(orc_shape_at(pos), angle, length, g.dangerous)]
        cost += line_cost(g, pos, angle, length)
        pos = point
        path.append(pos)
        if index < len(points) - 1 or target is not None:
            near = g.touching_enemies(pos)
            if near:
                raise RuleViolation(f"The path touches {near[0]} at {fmt(pos)}: a move that reaches an enemy "
                                    "ends there, so make that the last point (or Charge it).")
    if target is not None:
        enemy = state.orcs[target]
        angle = angle_to(pos, enemy.xy)
        leg = travel(orc_shape_at(pos), angle, centre_distance(pos, enemy.xy), g.blockers, area=BOARD,
                     passing=g.dangerous)
        if leg.stopped_by != target:
            raise RuleViolation(f"{orc.id} cannot charge {target} in a straight line from {fmt(pos)}: "
                                f"{label(state, str(leg.stopped_by))} is in the way.")
        touched += [k for k in leg.touched if k in g.dangerous]
        cost += line_cost(g, pos, angle, leg.travelled)
        pos = leg.end
        path.append(pos)
    if cost > budget + COST_SLACK:
        raise RuleViolation(f"That path costs {cost:.2f}\" (Platform edges cost {PLATFORM_HEIGHT:.0f}\" each) "
                            f"but {orc.id} may move only {budget:.2f}\".")
    already = set(g.touching_enemies(orc.xy))  # a Knocked Down enemy it stood beside: not "moved into"
    charged = [e for e in g.touching_enemies(pos) if e not in already]
    for enemy_id in charged:
        if enemy_id in g.unchargeable:
            raise RuleViolation(g.unchargeable[enemy_id])
    return Walk(end=pos, path=path, cost=cost, touched=touched, charged=charged)


def affordable(climbs: list[float], limit: float, budget: float) -> float:
    """How far along a line (at most `limit`) the budget carries an Orc that pays for every
    Platform edge at `climbs`; it stops short of an edge it cannot pay to climb. Only a first
    guess for the offers: `plan` has the last word on every point offered."""
    went, left = 0.0, budget
    for point in climbs:
        if point > limit or point - went > left:
            break
        left -= point - went
        went = point
        if left < PLATFORM_HEIGHT:
            return max(0.0, went - TOUCH_IN)
        left -= PLATFORM_HEIGHT
    return min(limit, went + left)


def _on_grid(xy: XY) -> XY:
    """A point rounded to the offers' grid (0.01"), short to read and to type back."""
    return (round(xy[0], GRID_PLACES), round(xy[1], GRID_PLACES))


def _exact(orc: Orc, angle: float, reach: float) -> XY:
    """The point `reach` inches along `angle`, to 4 places; along an axis the other coordinate is
    kept exactly, so the walk does not drift into an edge it slides along."""
    x, y = offset(orc.xy, angle, reach)
    ux, uy = heading(angle)
    return (round(x, 4) if abs(ux) > 1e-9 else orc.xy[0], round(y, 4) if abs(uy) > 1e-9 else orc.xy[1])


def _offer_along(state: BroodRumbleState, orc: Orc, g: Ground, angle: float, cap: float, budget: float,
                 goal: Shape | None) -> XY | None:
    """The farthest point an Orc can walk to along `angle` (at most `cap` inches), for the list of
    offers: up to the first thing in the way (into contact with `goal`, a Barrel or a Debris Mound;
    short of an enemy), within the budget. It lies on the 0.01" grid when a point there is legal
    and still reaches `goal` (else to 4 places). Whatever is offered has passed `plan`, the one
    judge of a path and its cost (an offer that measured its own climbs once offered a walk that
    plan refused). None when it hardly moves or no point along the line passes."""
    leg = travel(orc_shape(orc), angle, cap, g.blockers, area=BOARD)
    stop = leg.travelled
    into = False  # the walk is meant to end in contact with the thing that stopped it
    if leg.stopped_by is not None:
        if leg.stopped_by in g.enemies:
            stop -= ENEMY_GAP
        else:
            into = goal is not None
    climbs = g.climbs(orc.xy, angle, stop + 2 * CONTACT_TOLERANCE)
    exact = affordable(climbs, stop + TOUCH_IN if into else stop, budget)
    if exact < MIN_STEP:
        return None
    # A head-on contact is 0.01" deeper than where `travel` stops: the middle of the contact band,
    # so a grid point near it still touches without cutting in.
    gridded = affordable(climbs, stop + CONTACT_TOLERANCE if into else stop, budget)
    reached = goal is not None and touching(orc_shape_at(offset(orc.xy, angle, exact)), goal)
    for point in _candidates(orc, angle, gridded, exact):
        if reached and not touching(orc_shape_at(point), goal):  # type: ignore[arg-type]
            continue
        try:
            plan(state, orc, [point], budget, None, g)
        except RuleViolation:
            continue
        return point
    return None


def _candidates(orc: Orc, angle: float, gridded: float, exact: float) -> Iterator[XY]:
    """The points `_offer_along` tries, best first, each once: on the grid a little back from
    `gridded`, then to 4 places a little back from `exact`. Made one at a time, as the first one
    usually passes."""
    seen: set[XY] = set()
    for back in GRID_BACKS:
        point = _on_grid(offset(orc.xy, angle, gridded - back))
        if point not in seen:
            seen.add(point)
            yield point
    for back in EXACT_BACKS:
        point = _exact(orc, angle, exact - back)
        if point not in seen:
            seen.add(point)
            yield point


def move_offers(state: BroodRumbleState, orc: Orc, budget: float) -> list[MoveTo | Charge]:
    """A finite, representative set of legal destinations: staying put; as far as possible
    towards each enemy, each Barrel and each Debris Mound (into contact with Barrels and
    Mounds, short of enemies); the 8 compass directions at full reach; and a Charge at every
    enemy that can be reached and charged."""
    g = Ground.of(state, orc).near(orc.xy, budget + 2 * orc_shape(orc).reach + TOUCH_IN)
    offers: list[MoveTo | Charge] = [MoveTo(to=orc.xy)]
    seen = {orc.xy}
    aims: list[tuple[float, float, Shape | None]] = []
    for enemy in sorted(enemies(state, orc), key=lambda o: o.id):
        aims.append((angle_to(orc.xy, enemy.xy), centre_distance(orc.xy, enemy.xy), None))
    for barrel in state.barrels:
        aims.append((angle_to(orc.xy, (barrel.x, barrel.y)), centre_distance(orc.xy, (barrel.x, barrel.y)),
                     barrel_shape(barrel)))
    for mound in state.features:
        if mound.kind is FeatureKind.MOUND:
            aims.append((angle_to(orc.xy, (mound.x, mound.y)), centre_distance(orc.xy, (mound.x, mound.y)),
                         feature_shape(mound)))
    aims += [(k * 360.0 / COMPASS, budget, None) for k in range(COMPASS)]
    for angle, cap, goal in aims:
        point = _offer_along(state, orc, g, angle, min(cap, budget), budget, goal)
        if point is not None and point not in seen:
            seen.add(point)
            offers.append(MoveTo(to=point))
    for enemy in sorted(enemies(state, orc), key=lambda o: o.id):
        if enemy.id in g.unchargeable:
            continue
        try:
            plan(state, orc, [], budget, enemy.id, g)
        except RuleViolation:
            continue
        offers.append(Charge(target=enemy.id))
    return offers


def walk(ctx: Context, state: BroodRumbleState, orc: Orc, done: Walk) -> None:
    """Carry out a checked path: the Orc moves, charges are noted, Dangerous Terrain bites."""
    start = orc.xy
    orc.x, orc.y = done.end
    state.trail.append(done.path)
    if centre_distance(start, done.end) < 1e-9:
        ctx.say(f"{name(state, orc)} stays where it is.")
    else:
        ctx.say(f"{name(state, orc)} moves {fmt(start)} → {fmt(done.end)} ({done.cost:.1f}\").")
    for enemy in done.charged:
        state.charges[pair_key(orc.id, enemy)] = orc.id
        ctx.say(f"⚔️ {orc.id} charges {enemy}! It will strike first at the end of the turn.")
    dangerous_ground(ctx, state, orc, done.touched)


def fall_back(ctx: Context, state: BroodRumbleState, orc: Orc, angle: float) -> None:
    """II.4.3 Knocked Down: the winner falls back 3" the way its owner chooses, stopping at
    whatever is in the way (a fall-back is movement, so Dangerous Terrain counts)."""
    dangerous = shapes_of(state, FeatureKind.DANGEROUS)
    leg = travel(orc_shape(orc), angle, FALL_BACK, impassable(state, orc.id), area=BOARD, passing=dangerous)
    start = orc.xy
    orc.x, orc.y = leg.end
    state.trail.append([start, leg.end])
    ctx.say(f"{name(state, orc)} loses interest and falls back {leg.travelled:.1f}\" to {fmt(leg.end)}.")
    dangerous_ground(ctx, state, orc, [k for k in leg.touched if k in dangerous])


def _kind(state: BroodRumbleState, key: str) -> FeatureKind | None:
    return next((f.kind for f in state.features if f.id == key), None)


def push(ctx: Context, state: BroodRumbleState, pusher: Orc, pushed: Orc, distance: float = PUSH_DISTANCE) -> None:
    """II.4.3 Push: 6" straight away from the attacker, centre to centre. The first thing the
    base touches decides: a Pit or the edge eliminates, Cover or a Debris Mound costs 1 HP,
    another Orc costs both 1 HP and bounces the pushed Orc back 1", a Platform or Dangerous
    Terrain just stops it. Falling off the Platform underfoot costs 1 HP and does not stop the
    push (only a touched element does), so the rest of it may end in a Pit or off the board.
    Barrels are ignored. Anything already touched at the start does not stop a push away from it."""
    angle = push_angle(pusher.xy, pushed.xy)
    start = pushed.xy
    base = orc_shape(pushed)
    things = {o.id: orc_shape(o) for o in on_board(state) if o.id != pushed.id}
    things.update((f.id, feature_shape(f)) for f in state.features)
    underfoot = on_platform(state, start)
    found = contacts(base, angle, distance, things)
    stop_at, stop_key = distance, None
    for contact in found:
        if contact.at == 0.0 and (not contact.approaching or _kind(state, contact.key) is FeatureKind.DANGEROUS):
            continue
        if underfoot is not None and contact.key == underfoot.id:
            continue
        stop_at, stop_key = contact.at, contact.key
        break
    edge = BOARD.edge_contact(base, angle, distance)
    if edge is not None and edge.approaching and edge.at < stop_at:
        stop_at, stop_key = edge.at, EDGE
    fell = underfoot is not None and exit_distance(Shape(*start), angle, feature_shape(underfoot)) < stop_at
    pushed.x, pushed.y = offset(start, angle, stop_at)
    state.trail.append([start, pushed.xy])
    touched = [c.key for c in found if c.at <= stop_at and _kind(state, c.key) is FeatureKind.DANGEROUS]
    ctx.say(f"💥 {name(state, pushed)} is pushed {stop_at:.1f}\" to {fmt(pushed.xy)}.")
    if fell:
        hurt(ctx, state, pushed, 1, "tumbling off the Platform")
        award(ctx, state, Feat.MY_ORCLYMPICS, pusher)
        if pushed.out:
            return
    kind = _kind(state, stop_key) if stop_key else None
    if stop_key == EDGE or kind is FeatureKind.PIT:
        where = "off the board" if stop_key == EDGE else f"into the Pit {stop_key}"
        eliminate(ctx, state, pushed, f"is shoved {where}")
        award(ctx, state, Feat.MY_ORCLYMPICS, pusher)
        return
    if kind in (FeatureKind.COVER, FeatureKind.MOUND):
        hurt(ctx, state, pushed, 1, f"slamming into {label(state, str(stop_key))}")
    elif stop_key in state.orcs:
        other = state.orcs[str(stop_key)]
        ctx.say(f"{pushed.id} crashes into {other.id}!")
        hurt(ctx, state, pushed, 1, "in the collision")
        hurt(ctx, state, other, 1, "in the collision")
        if not pushed.out:
            dangerous = shapes_of(state, FeatureKind.DANGEROUS)
            back = travel(orc_shape(pushed), opposite(angle), SHOVE_BACK, impassable(state, pushed.id), area=BOARD,
                          passing=dangerous)
            state.trail.append([pushed.xy, back.end])
            pushed.x, pushed.y = back.end
            ctx.say(f"{pushed.id} staggers back {back.travelled:.1f}\".")
            touched += [k for k in back.touched if k in dangerous]
    if not pushed.out:
        dangerous_ground(ctx, state, pushed, touched)
