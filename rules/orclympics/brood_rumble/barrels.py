"""Barrels (II.4.2.2 Throw a Barrel, II.4.2.2.1 Catch, II.4.4 Barrels from the Audience).

A throw is a `ThrowTask` in the state's queue, so it can wait for a decision (a Common
reroll, where to hurl a caught audience Barrel) and be picked up again after it. A throw:
roll 2D6 against the base-to-base distance; a hit lands on the target, which may catch it
(then throws it back) or loses D3 HP; a miss flies the rolled distance along the line. Then
the Barrel bounces D6" in a random direction; an Orc it touches is hit in turn and the
Barrel bounces on from that Orc's centre, until a bounce touches no one.
"""

from __future__ import annotations

from rules.core.engine import Context
from rules.core.geometry import (
    CONTACT_TOLERANCE,
    Shape,
    angle_to,
    centre_distance,
    contacts,
    distance,
    exit_distance,
    exit_point,
    offset,
    random_direction,
    separation,
)
from rules.orclympics.brood_rumble.board import (
    BOARD,
    MAX_BARRELS,
    barrel_shape,
    barrel_shape_at,
    enemies,
    engaged,
    feature_shape,
    features,
    fmt,
    label,
    on_board,
    orc_shape,
)
from rules.orclympics.brood_rumble.effects import award, hurt, name
from rules.orclympics.brood_rumble.models import (
    XY,
    AngerTask,
    Ask,
    AskKind,
    Barrel,
    BroodRumbleState,
    Feat,
    FeatureKind,
    Orc,
    OrcId,
    ThrowTask,
)
from rules.orclympics.broods import Brood

CATCH = 6  # II.4.2.2.1: a 6 catches
IRON_CATCH_BONUS = 1  # II.1.2 Iron Orcs
ANGER = 4  # II.4.2.2: 4+ and the crowd throws back


def cover_in_the_way(state: BroodRumbleState, start: XY, end: XY) -> str | None:
    """II.2 Cover: no Barrel is thrown over it. The first Cover a Barrel flying from `start`
    to `end` would touch, or None."""
    length = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    if length < 1e-9:
        return None
    cover = {f.id: feature_shape(f) for f in features(state, FeatureKind.COVER)}
    found = contacts(barrel_shape_at(start), angle_to(start, end), length, cover, tolerance=0.0)
    return found[0].key if found else None


def throw_targets(state: BroodRumbleState, orc: Orc) -> list[OrcId]:
    """Enemies an Orc may throw at: any on the board with no Cover in the line of the throw."""
    return [e.id for e in sorted(enemies(state, orc), key=lambda o: o.id)
            if cover_in_the_way(state, orc.xy, e.xy) is None]


def can_catch(state: BroodRumbleState, orc: Orc) -> bool:
    """II.4.2.2.1: only an Orc not Engaged in Combat, and (our reading) not lying on the ground."""
    return orc.on_board and not orc.knocked_down and not engaged(state, orc)


def declare(ctx: Context, state: BroodRumbleState, thrower: Orc, target: Orc, source: str) -> None:
    """Queue the activated Orc's throw; if its target is fighting, the crowd's answer after it."""
    tasks: list[ThrowTask | AngerTask] = [ThrowTask(thrower=thrower.id, target=target.id, source=source)]  # type: ignore[arg-type]
    ctx.say(f"🛢️ {name(state, thrower)} hurls a Barrel at {target.id}!")
    if engaged(state, target):
        ctx.say(f"The crowd boos: {target.id} is busy fighting, and throwing at it is not done.")
        tasks.append(AngerTask(faulty=thrower.id))
    state.queue[0:0] = tasks


def run_throw(ctx: Context, state: BroodRumbleState, task: ThrowTask) -> bool:
    """Resolve a throw. False when it must wait for a decision (it is back at the queue's head)."""
    thrower = state.orcs.get(task.thrower) if task.thrower else None
    target = state.orcs.get(task.target) if task.target else None
    if thrower is not None and not thrower.on_board:
        ctx.say(f"{thrower.id} is gone, and its Barrel rolls away.")
        return True
    if task.target is not None and (target is None or not target.on_board):
        ctx.say("The Barrel's target is gone; it rolls away harmlessly.")
        return True
    if thrower is None and target is None:
        return True
    origin = thrower.xy if thrower is not None else BOARD.nearest_edge_point(target.xy)  # type: ignore[union-attr]
    angle = angle_to(origin, target.xy) if target is not None else float(task.angle or 0.0)
    gap = None
    if target is not None:
        source_shape = orc_shape(thrower) if thrower is not None else Shape(*origin)
        gap = distance(source_shape, orc_shape(target))
    if task.roll is None:
        aim = f"at {target.id} ({gap:.1f}\" away)" if target is not None else f"towards {angle:.0f}°"
        thrown_by = thrower.id if thrower is not None else "the crowd"  # after "🎲 Table — " in the log
        task.roll = ctx.dice.two_d6(f"{thrown_by}'s Barrel throw {aim}", thrower.player if thrower else None)
        if (thrower is not None and thrower.brood is Brood.COMMON and gap is not None and not task.rerolled
                and ctx.dice.can_reroll(task.roll)
                and task.roll.result + CONTACT_TOLERANCE < gap):
            state.ask = Ask(kind=AskKind.BARREL_REROLL, players=[thrower.player], orc=thrower.id, roll=task.roll)
            state.queue.insert(0, task)
            return False
    hits: list[OrcId] = []
    trail: list[XY] = [origin]
    rolled = task.roll.result
    reaches = target is not None and gap is not None and rolled + CONTACT_TOLERANCE >= gap
    leave = exit_point(orc_shape(thrower), angle) if thrower is not None else origin
    # II.4.2.2: Barrels always move in a straight line and hit any Orc they touch. A throw that
    # reaches flies on until it touches its target; an Orc in the way is hit first (our reading,
    # the bloodier one: whoever stands in the line takes the Barrel, the target only its bounce).
    length = centre_distance(leave, target.xy) if reaches and target is not None else float(rolled)
    event, key, pos = _roll(ctx, state, task, leave, angle, length, thrower.id if thrower is not None else None)
    if event == "orc" or (reaches and event == "rest"):
        struck = state.orcs[key] if event == "orc" else target
        assert struck is not None
        trail.append(struck.xy)
        if struck is target and reaches:
            ctx.say(f"The Barrel flies {rolled}\" — it reaches {struck.id}!")
        else:
            ctx.say(f"The Barrel flies straight into {struck.id}, who stood in its way!")
        if _strike(ctx, state, task, struck, hits):
            _finish(ctx, state, task, thrower, hits, trail)
            return True
        start, skip = struck.xy, struck.id
    else:
        trail.append(pos)
        if event == "break":
            ctx.say(f"The Barrel smashes against {label(state, key)} and bursts.")
            _finish(ctx, state, task, thrower, hits, trail)
            return True
        short = "falls short and lands" if target is not None else "lands"
        ctx.say(f"The Barrel {short} at {fmt(pos)}.")
        start, skip = pos, None
    _bounce(ctx, state, task, start, skip, hits, trail)
    _finish(ctx, state, task, thrower, hits, trail)
    return True


def _strike(ctx: Context, state: BroodRumbleState, task: ThrowTask, orc: Orc, hits: list[OrcId]) -> bool:
    """An Orc is hit: it may catch (True: the Barrel is caught, the throw is over) or takes D3."""
    if task.thrower is None:
        state.audience_hit.append(orc.id)
    if can_catch(state, orc):
        bonus = IRON_CATCH_BONUS if orc.brood is Brood.IRON else 0
        roll = ctx.dice.d6(f"{orc.id} tries to catch it ({CATCH - bonus}+)", orc.player)
        if roll.result + bonus >= CATCH:
            ctx.say(f"🙌 {name(state, orc)} catches the Barrel!")
            attacker = state.orcs.get(task.thrower) if task.thrower else None
            if attacker is not None and attacker.on_board and attacker.id != orc.id:
                ctx.say(f"...and sends it straight back at {attacker.id}.")
                state.queue.insert(0, ThrowTask(thrower=orc.id, target=attacker.id, source="catch"))
            else:
                state.ask = Ask(kind=AskKind.CATCH_THROW, players=[orc.player], orc=orc.id)
            return True
    wounds = ctx.dice.d3(f"wounds the Barrel deals {orc.id}", orc.player)
    hits.append(orc.id)
    hurt(ctx, state, orc, wounds.result, "to the Barrel")
    return False


def _bounce(ctx: Context, state: BroodRumbleState, task: ThrowTask, start: XY, skip: OrcId | None,
            hits: list[OrcId], trail: list[XY]) -> None:
    """Bounce after bounce until one touches no Orc; the Barrel then breaks, drops into a
    Pit, or comes to rest."""
    pos = start
    while True:
        length = float(ctx.dice.d6("the Barrel's bounce distance").result)
        angle = random_direction(ctx.dice, "the Barrel's bounce direction")
        event, key, pos = _roll(ctx, state, task, pos, angle, length, skip)
        trail.append(pos)
        if event == "orc":
            orc = state.orcs[key]
            ctx.say(f"The Barrel bounces into {orc.id}!")
            trail.append(orc.xy)
            if _strike(ctx, state, task, orc, hits):
                return
            pos, skip = orc.xy, orc.id
            continue
        if event == "break":
            ctx.say(f"The Barrel bursts against {label(state, key)}.")
            return
        _settle(ctx, state, pos)
        return


def _roll(ctx: Context, state: BroodRumbleState, task: ThrowTask, pos: XY, angle: float, length: float,
          skip: OrcId | None) -> tuple[str, str, XY]:
    """One straight move of a Barrel (a flight or a bounce) up to the first Orc or breaker it
    touches; one that would end inside a Debris Mound rolls on just clear of it (II.4.2.2)."""
    while True:
        event, key, at = _slide(state, task, pos, angle, length, skip)
        pos = offset(pos, angle, at)
        mound = _mound_under(state, pos) if event == "rest" else None
        if mound is None:
            return event, key, pos
        length = exit_distance(barrel_shape_at(pos), angle, mound) + 1e-6
        ctx.say(f"The Barrel rolls on {length:.1f}\" to clear the Debris Mound.")


def _slide(state: BroodRumbleState, task: ThrowTask, pos: XY, angle: float, length: float,
           skip: OrcId | None) -> tuple[str, str, float]:
    """What a Barrel rolling from `pos` meets first: ("orc", id, at), ("break", what, at) for
    the edge, Cover or another Barrel, or ("rest", "", length)."""
    mover = barrel_shape_at(pos)
    audience = task.thrower is None
    orcs = {o.id: orc_shape(o) for o in on_board(state)
            if o.id != skip and not (audience and o.id in state.audience_hit)}
    breakers = {f.id: feature_shape(f) for f in features(state, FeatureKind.COVER)}
    breakers.update((b.id, barrel_shape(b)) for b in state.barrels)
    best: tuple[str, str, float] = ("rest", "", length)
    hit = contacts(mover, angle, length, orcs)
    if hit:
        best = ("orc", hit[0].key, hit[0].at)
    broke = next((c for c in contacts(mover, angle, length, breakers) if c.approaching), None)
    if broke is not None and broke.at < best[2]:
        best = ("break", broke.key, broke.at)
    edge = BOARD.edge_contact(mover, angle, length)
    if edge is not None and edge.approaching and edge.at < best[2]:
        best = ("break", "edge", edge.at)
    return best


def _mound_under(state: BroodRumbleState, pos: XY) -> Shape | None:
    barrel = barrel_shape_at(pos)
    for mound in features(state, FeatureKind.MOUND):
        shape = feature_shape(mound)
        if separation(barrel, shape) < 0.0:
            return shape
    return None


def _settle(ctx: Context, state: BroodRumbleState, pos: XY) -> None:
    for pit in features(state, FeatureKind.PIT):
        if feature_shape(pit).contains(pos):
            ctx.say(f"The Barrel drops into the Pit {pit.id} and is gone.")
            return
    if len(state.barrels) >= MAX_BARRELS:
        ctx.say(f"Six Barrels already litter the field; this one breaks apart at {fmt(pos)}.")
        return
    state.barrels_made += 1
    state.barrels.append(Barrel(id=f"K{state.barrels_made}", x=pos[0], y=pos[1]))
    ctx.say(f"The Barrel comes to rest at {fmt(pos)} (K{state.barrels_made}).")


def set_down(ctx: Context, state: BroodRumbleState, orc: Orc) -> None:
    """Oh, a Barrel! kept rather than thrown: it lies at the Orc's feet (our reading)."""
    if len(state.barrels) >= MAX_BARRELS:
        ctx.say(f"{orc.id} drops the Barrel, and with six already about it breaks.")
        return
    state.barrels_made += 1
    state.barrels.append(Barrel(id=f"K{state.barrels_made}", x=orc.xy[0], y=orc.xy[1]))
    ctx.say(f"{orc.id} sets the Barrel down at its feet (K{state.barrels_made}).")


def _finish(ctx: Context, state: BroodRumbleState, task: ThrowTask, thrower: Orc | None, hits: list[OrcId],
            trail: list[XY]) -> None:
    state.trail.append(trail)
    if thrower is None:
        return
    enemies_hit = {h for h in hits if state.orcs[h].team != thrower.team}
    if len(enemies_hit) >= 2:
        award(ctx, state, Feat.WOMBO_COMBO, thrower)


# -- the crowd -------------------------------------------------------------------------------


def run_anger(ctx: Context, state: BroodRumbleState, task: AngerTask) -> None:
    faulty = state.orcs[task.faulty]
    roll = ctx.dice.d6(f"the crowd's temper ({ANGER}+ and a Barrel flies at {faulty.id})")
    if roll.result < ANGER:
        ctx.say("The crowd grumbles but keeps its Barrels.")
        return
    if not faulty.on_board or faulty.id in state.audience_hit:
        ctx.say(f"The crowd looks for {faulty.id} in vain.")
        return
    if len(state.barrels) >= MAX_BARRELS:
        ctx.say("The crowd would throw a Barrel, but six already lie on the field.")
        return
    ctx.say(f"😡 The crowd hurls a Barrel at {name(state, faulty)}!")
    state.queue.insert(0, ThrowTask(thrower=None, target=faulty.id, source="audience"))


def run_volley(ctx: Context, state: BroodRumbleState) -> None:
    """II.4.4: nobody bled this turn, so the crowd throws D3 Barrels at random Orcs, each from
    the nearest edge, never two at the same Orc in a turn, never more than six on the field."""
    count = ctx.dice.d3("Barrels the bored crowd throws").result
    candidates = sorted(o.id for o in on_board(state) if o.id not in state.audience_hit)
    room = MAX_BARRELS - len(state.barrels)
    throws = max(0, min(count, len(candidates), room))
    ctx.say(f"🥱 Nobody bled this turn. The crowd throws {throws} Barrel{'s' if throws != 1 else ''}!")
    targets: list[OrcId] = []
    for _ in range(throws):
        chosen = ctx.dice.pick([c for c in candidates if c not in targets], "target of the crowd's Barrel")
        targets.append(chosen)
    state.queue[0:0] = [ThrowTask(thrower=None, target=t, source="audience") for t in targets]
