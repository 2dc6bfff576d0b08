"""That'll do Pigs (seed 000, V): Orc Boar Riders race two laps round a Circuit and fight over a
Piglet; the first to cross the Finish Line with it wins.

The engine asks one decision at a time (`state.ask`). After each action `_advance` runs the race
on until someone must decide: the start (deployment, "Get Ready!", the Running Up Boar), then
Game Turns (the Piglet's run, initiative, each rider's Move and second action). Section numbers
are those of seed 000, part V; readings of unclear rules are in `guide.READINGS`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rules.core.engine import Context, Outcome, PlayerId, Prompt, Seat
from rules.core.errors import RuleViolation
from rules.core.geometry import (
    SQUARE_20MM,
    Shape,
    angle_to,
    centre_distance,
    exit_distance,
    offset,
    opposite,
    overlapping,
    travel,
    turn_between,
)
from rules.core.initiative import age_ties, roll_order
from rules.core.views import table_fields
from rules.orclympics.broods import Brood, brood_of
from rules.orclympics.discipline import Discipline
from rules.orclympics.thatll_do_pigs.circuit import (
    BOARD,
    RIDER_BASE,
    Circuit,
    Crowd,
    lay_out,
)
from rules.orclympics.thatll_do_pigs.models import (
    ACTION_ADAPTER,
    XY,
    Action,
    Activate,
    Activation,
    Ask,
    AskKind,
    EndActivation,
    Lash,
    Phase,
    Piglet,
    ReadyAssault,
    Ride,
    Rider,
    RiderId,
    RiderView,
    RollSpeed,
    Steer,
    TakeCell,
    TakePlace,
    ThatllDoPigsState,
    ThatllDoPigsView,
)
from rules.orclympics.thatll_do_pigs.moves import MOVES
from rules.orclympics.thatll_do_pigs.questions import STAGES

# V.1.2 Orc Broods: Speed 2D6 + bonus, Defence, Force, Attacks, Ability; and the Unridden Boar (V.4.5)
SPEED_BONUS = {Brood.COMMON: 2, Brood.FERAL: 3, Brood.IRON: 1}
DEFENCE = {Brood.COMMON: 3, Brood.FERAL: 3, Brood.IRON: 4}
FORCE = 4
ATTACKS = {Brood.COMMON: 2, Brood.FERAL: 3, Brood.IRON: 2}
ABILITY = {Brood.COMMON: 3, Brood.FERAL: 1, Brood.IRON: 2}
UNRIDDEN = {"defence": 3, "force": 4, "attacks": 2, "ability": 0}

GRAB_TARGET = 4  # V.4.2.4: D6 + Ability more than 4
PIGLET_BONUS = 3  # V.4.1.1: D6+3"
SPACING = 1.0  # V.4.2.1 and V.4.2.2: stop 1" from other models (and, when thrown back, the Circuit)
LAPS = 2  # V.1: the race lasts two laps
TURN_LIMIT = 40  # reading "race-length": the race is called after this Game Turn
HEADINGS = 16
CHAIN_LIMIT = 12  # Assaults set off by Random Movements in one go, before the track calms down
SWEEP = 0.25  # inches between the points of a run where the gates are checked (reading finish-moment)

GOTCHA = "Gotcha!"
EPIC_SPRINT = "Epic Sprint"
UNEXPECTED_END = "Unexpected End"
LEADING = "Leading the Race"
AS_PLANNED = "As Planned"
FEATS = (GOTCHA, EPIC_SPRINT, UNEXPECTED_END, LEADING, AS_PLANNED)

PIGLET_KEY = "piglet"


@lru_cache(maxsize=256)
def _circuit(poles: tuple[XY, ...], crowd: tuple[float, float, float] | None) -> Circuit:
    return Circuit(poles=poles, crowd=Crowd(*crowd) if crowd else None)  # type: ignore[arg-type]


def circuit_of(state: ThatllDoPigsState) -> Circuit:
    return _circuit(tuple(tuple(p) for p in state.poles), tuple(state.crowd) if state.crowd else None)  # type: ignore[arg-type]


def rider_shape(rider: Rider, at: XY | None = None, facing: float | None = None) -> Shape:
    return RIDER_BASE.at(at if at is not None else rider.xy, rider.facing if facing is None else facing)


def piglet_shape(piglet: Piglet) -> Shape:
    return SQUARE_20MM.at((piglet.x, piglet.y))


def models_around(state: ThatllDoPigsState, mover: Rider) -> dict[str, Shape]:
    """The models on the track that `mover` must keep clear of: every other rider on it, and the
    Piglet when it lies loose."""
    found = {r.id: rider_shape(r) for r in state.riders.values() if r.placed and not r.out and r.id != mover.id}
    if state.piglet.placed and state.piglet.held_by is None:
        found[PIGLET_KEY] = piglet_shape(state.piglet)
    return found


class ThatllDoPigs(Discipline[ThatllDoPigsState, Action]):
    slug = "thatll-do-pigs"
    title = "That'll do Pigs"
    min_players = 2
    max_players = 4
    recommended = (4, 4)
    player_counts = (2, 4)  # four riders: one each, or two each (V.4.6)
    state_type = ThatllDoPigsState
    action_adapter = ACTION_ADAPTER
    moves = MOVES
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (nothing: everything is on the table)

    # -- V.2 set-up, V.3 deployment ------------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> ThatllDoPigsState:
        if len(seats) == 3:
            raise RuleViolation("That'll do Pigs is raced by four players, or by two with two riders each.")
        circuit = lay_out(ctx.dice)
        crowd = (circuit.crowd.x, circuit.crowd.y, circuit.crowd.radius) if circuit.crowd else None
        pairs = len(seats) == 2  # V.4.6: two riders each
        riders: dict[RiderId, Rider] = {}
        for n, seat in enumerate(seats, start=1):
            for suffix in (("a", "b") if pairs else ("",)):
                rid = f"{n}{suffix}"
                riders[rid] = Rider(id=rid, player=seat.player, brood=brood_of(seat))
        state = ThatllDoPigsState(seats=list(seats), dice=ctx.dice.state, poles=list(circuit.poles), crowd=crowd,
                                  riders=riders, ages=dict(options["ages"]) if options.get("ages") else None)
        ctx.say("The Circuit is staked out: four poles, the crowd all round, the Finish Line on the south "
                "straight. The race runs clockwise.", kind="phase")
        players = [s.player for s in seats]
        ages = options.get("ages") or {}
        tie = age_ties(ages, players)
        order = roll_order(ctx.dice, players, "Initiative for deployment", tie)  # V.3: ties as on p. 6
        state.order = _slots(state, order)
        state.running_up = None
        ctx.say("Deployment order: " + ", ".join(state.name_of(p) for p in order) + ".", kind="phase")
        self._advance(ctx, state)
        return state

    # -- who decides ----------------------------------------------------------------------------
    def _prompts(self, state: ThatllDoPigsState) -> list[Prompt]:
        return [] if state.phase is Phase.OVER else STAGES.prompts(state, state.ask)

    def _legal_actions(self, state: ThatllDoPigsState, player: PlayerId) -> list[Action]:
        ask = state.ask
        if state.phase is Phase.OVER or not STAGES.asks(ask, player):
            return []
        match ask.kind:
            case AskKind.DEPLOY | AskKind.RUN_UP:
                return [TakeCell(column=c) for c in _free_columns(state, 0)]
            case AskKind.RETREAT:
                return [TakeCell(column=int(c)) for c in ask.options]
            case AskKind.READY:
                return [*(ReadyAssault(target=t) for t in ask.options), ReadyAssault(target=None)]
            case AskKind.TAKE_PLACE:
                return [TakePlace(take=True), TakePlace(take=False)]
            case AskKind.ACTIVATE:
                return [Activate(rider=r) for r in ask.options]
            case AskKind.MOVE:
                return [RollSpeed()]
            case AskKind.RIDE:
                rider = state.riders[ask.rider or ""]
                speed = state.activation.speed if state.activation and state.activation.speed else 0.0
                rides: list[Action] = [Ride(heading=h, distance=speed) for h in _headings(rider)]
                if rider.ridden:
                    rides += [Ride(heading=h, distance=round(speed / 2, 1)) for h in _headings(rider)[::2]]
                return rides
            case AskKind.SECOND:
                rider = state.riders[ask.rider or ""]
                return ([Lash()] if not rider.piglet else []) + [EndActivation()]
            case AskKind.DIRECTION:
                return [Steer(heading=h) for h in _compass()]
            case AskKind.PIGLET:
                return [Steer(heading=h) for h in _piglet_headings(state, ask.distance or 0.0)]
        return []

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, ctx: Context, state: ThatllDoPigsState, player: PlayerId, action: Action) -> None:
        ask = state.ask
        if state.phase is Phase.OVER or ask is None:
            raise RuleViolation("The race is over.")
        if player not in {s.player for s in state.seats}:
            raise RuleViolation("You are not racing in this one.")
        STAGES.admit(state, ask, player, action)
        legal = self.legal_actions(state, player)
        kind = ask.kind
        match action:
            case TakeCell() if kind in (AskKind.DEPLOY, AskKind.RUN_UP, AskKind.RETREAT):
                if action not in legal:
                    raise RuleViolation(f"Cell {action.column} is not free: choose one of "
                                        f"{', '.join(str(a.column) for a in legal if isinstance(a, TakeCell))}.")
                self._take_cell(ctx, state, action.column)
            case ReadyAssault() if kind is AskKind.READY:
                if action not in legal:
                    raise RuleViolation("Assault another rider on the front row (not your own), or let it be.")
                self._ready(ctx, state, action.target)
            case TakePlace() if kind is AskKind.TAKE_PLACE:
                self._take_place(ctx, state, action.take)
            case Activate() if kind is AskKind.ACTIVATE:
                if action.rider not in ask.options:
                    raise RuleViolation(f"Choose one of your riders still to go: {', '.join(ask.options)}.")
                state.ask = None
                self._start_activation(ctx, state, action.rider)
            case RollSpeed() if kind is AskKind.MOVE:
                self._roll_speed(ctx, state)
            case Ride() if kind is AskKind.RIDE:
                self._ride(ctx, state, action)
            case Lash() if kind is AskKind.SECOND:
                if Lash() not in legal:
                    raise RuleViolation("A rider carrying the Piglet cannot Lash its Boar.")
                self._lash(ctx, state)
            case EndActivation() if kind is AskKind.SECOND:
                state.ask = None
                self._end_activation(ctx, state)
            case Steer() if kind is AskKind.DIRECTION:
                if action.via:
                    raise RuleViolation("A Random Movement runs straight: give only its heading.")
                self._steer(ctx, state, action.heading % 360.0)
            case Steer() if kind is AskKind.PIGLET:
                path = _piglet_path(state, action, ask.distance or 0.0)
                if path is None:
                    raise RuleViolation(f"The turning points are farther than the Piglet runs ({ask.distance:g}\").")
                if not _clear_run(state, path) and _clear_headings(state, ask.distance or 0.0):
                    raise RuleViolation("Steer the Piglet clear of the riders and the Circuit while you can "
                                        "(one of the offered headings is).")
                state.ask = None
                self._piglet_run(ctx, state, path)
                self._initiative(ctx, state)
            case _:
                raise RuleViolation("That is not what the race is waiting for: " + self.prompts(state)[0].text)
        self._advance(ctx, state)

    # -- V.3 the start ------------------------------------------------------------------------------
    def _take_cell(self, ctx: Context, state: ThatllDoPigsState, column: int) -> None:
        ask = state.ask
        assert ask is not None and ask.rider is not None
        rider = state.riders[ask.rider]
        row = 1 if ask.kind is AskKind.RETREAT else 0
        _place(state, rider, row, column)
        state.ask = None
        if ask.kind is AskKind.RETREAT:
            ctx.say(f"Rider {rider.id} falls back to the second row.")
            self._offer_place(ctx, state)
        else:
            ctx.say(f"Rider {rider.id} ({state.name_of(rider.player)}) lines up on the front row.")
            if ask.kind is AskKind.RUN_UP:
                state.phase = Phase.RACE
                ctx.say("And they're off!", kind="phase")
                self._beginturn_between(ctx, state)

    def _ready(self, ctx: Context, state: ThatllDoPigsState, target: RiderId | None) -> None:
        ask = state.ask
        assert ask is not None and ask.rider is not None
        attacker = state.riders[ask.rider]
        state.ask = None
        if target is None:
            ctx.say(f"Rider {attacker.id} keeps its eyes on the track.")
            return
        defender = state.riders[target]
        if self._assault_roll(ctx, state, attacker, defender):
            cell = defender.cell
            assert cell is not None
            free = _free_columns(state, 1)
            best = min((abs(c - cell[1]) for c in free), default=None)
            if best is None:
                ctx.say(f"Rider {defender.id} would be pushed back, but the second row is full.")
                return
            closest = [c for c in free if abs(c - cell[1]) == best]
            state.ask = Ask(kind=AskKind.RETREAT, players=[defender.player], rider=defender.id,
                            options=[str(c) for c in closest])
            state.queue.insert(0, f"{attacker.id}>{cell[1]}")  # who may take which front cell
            if len(closest) == 1:
                state.ask = None
                _place(state, defender, 1, closest[0])
                ctx.say(f"Rider {defender.id} is shoved back to the second row.")
                self._offer_place(ctx, state)

    def _offer_place(self, ctx: Context, state: ThatllDoPigsState) -> None:
        attacker_id, _, column = state.queue[0].partition(">")
        if not _free_columns(state, 0) or int(column) not in _free_columns(state, 0):
            state.queue.pop(0)
            return
        attacker = state.riders[attacker_id]
        state.ask = Ask(kind=AskKind.TAKE_PLACE, players=[attacker.player], rider=attacker.id, options=[column])

    def _take_place(self, ctx: Context, state: ThatllDoPigsState, take: bool) -> None:
        ask = state.ask
        assert ask is not None and ask.rider is not None
        state.queue.pop(0)
        state.ask = None
        if take:
            _place(state, state.riders[ask.rider], 0, int(ask.options[0]))
            ctx.say(f"Rider {ask.rider} takes the beaten rider's place.")

    # -- V.4.1 Game Turns ----------------------------------------------------------------------------
    def _advance(self, ctx: Context, state: ThatllDoPigsState) -> None:
        for _ in range(1000):
            if state.phase is Phase.OVER or state.ask is not None:
                return
            if state.phase is Phase.DEPLOY:
                waiting = [rid for rid in state.order[:-1] if not state.riders[rid].placed]
                if waiting:
                    rider = state.riders[waiting[0]]
                    state.ask = Ask(kind=AskKind.DEPLOY, players=[rider.player], rider=rider.id)
                    continue
                state.running_up = state.order[-1]
                state.phase = Phase.READY
                state.queue = []
                state.step = 0
                ctx.say("Get Ready!", kind="phase")
                continue
            if state.phase is Phase.READY:
                if state.queue:  # a beaten rider's place waits to be taken
                    self._offer_place(ctx, state)
                    continue
                front = [rid for rid in state.order[:-1] if state.riders[rid].cell and state.riders[rid].cell[0] == 0]
                if state.step < len(state.order) - 1:
                    rid = state.order[state.step]
                    state.step += 1
                    rider = state.riders[rid]
                    if rider.cell is None or rider.cell[0] != 0:
                        continue
                    targets = [t for t in front if t != rid and state.riders[t].player != rider.player]
                    if targets:
                        state.ask = Ask(kind=AskKind.READY, players=[rider.player], rider=rid, options=targets)
                    continue
                state.phase = Phase.RUN_UP
                rider = state.riders[state.running_up or state.order[-1]]
                state.ask = Ask(kind=AskKind.RUN_UP, players=[rider.player], rider=rider.id)
                continue
            if state.phase is Phase.RACE:
                if state.activation is not None:
                    return  # an activation waits on the active rider's owner (asked already)
                self._next_activation(ctx, state)
        raise RuntimeError("That'll do Pigs did not settle")  # a guard against a bug, never a rule

    def _beginturn_between(self, ctx: Context, state: ThatllDoPigsState) -> None:
        state.turn += 1
        if state.turn > TURN_LIMIT:
            ctx.say(f"Game Turn {TURN_LIMIT} is over and nobody has brought the Piglet home: the race is called.",
                    kind="end")
            self._finish(ctx, state, None)
            return
        state.trails = []
        for rider in state.riders.values():
            rider.activated = False
        ctx.say(f"Game Turn {state.turn}.", kind="phase")
        if state.piglet.placed and state.piglet.held_by is None:
            roll = ctx.dice.d6_plus(PIGLET_BONUS, "the Piglet's run (D6+3\")")
            last = self._last(state)
            state.ask = Ask(kind=AskKind.PIGLET, players=[last.player], distance=float(roll.result))
            return
        self._initiative(ctx, state)

    def _initiative(self, ctx: Context, state: ThatllDoPigsState) -> None:
        """V.4.1 step 1: a new Initiative Order; the Running Up Boar goes first in Game Turn 1."""
        players = [s.player for s in state.seats if any(r.player == s.player and not r.out
                                                        for r in state.riders.values())]
        ages = state.ages or {}
        tie = age_ties(ages, players)
        order = roll_order(ctx.dice, players, f"Initiative for Game Turn {state.turn}", tie)  # ties: Campaign Rules 4
        slots = _slots(state, order)
        runner = state.riders.get(state.running_up or "")
        if state.turn == 1 and runner is not None and not runner.out:
            if _pairs(state):  # V.4.6: its player goes first, with it (see _next_activation), then turns alternate
                slots = _slots(state, [runner.player] + [p for p in order if p != runner.player])
            elif runner.id in slots:
                slots.remove(runner.id)
                slots.insert(0, runner.id)
        state.order = slots
        state.step = 0

    def _next_activation(self, ctx: Context, state: ThatllDoPigsState) -> None:
        while state.step < len(state.order):
            slot = state.order[state.step]
            state.step += 1
            rider = state.riders[slot]
            if _pairs(state):
                mine = [r.id for r in _riders_of(state, rider.player) if not r.activated and not r.out]
                if not mine:
                    continue
                if state.turn == 1 and state.running_up in mine:  # V.3: the Running Up Boar, not a choice
                    mine = [state.running_up]
                if len(mine) > 1:
                    state.ask = Ask(kind=AskKind.ACTIVATE, players=[rider.player], options=mine)
                    return
                slot = mine[0]
            if state.riders[slot].out or state.riders[slot].activated:
                continue
            self._start_activation(ctx, state, slot)
            return
        self._beginturn_between(ctx, state)

    def _start_activation(self, ctx: Context, state: ThatllDoPigsState, rider_id: RiderId) -> None:
        rider = state.riders[rider_id]
        rider.activated = True
        state.activation = Activation(rider=rider_id)
        ctx.say(f"Rider {rider.id} ({state.name_of(rider.player)}) is off.", kind="phase")
        state.ask = Ask(kind=AskKind.MOVE, players=[rider.player], rider=rider.id)

    # -- V.4.2.1 Move ----------------------------------------------------------------------------
    def _roll_speed(self, ctx: Context, state: ThatllDoPigsState) -> None:
        act = state.activation
        assert act is not None
        rider = state.riders[act.rider]
        roll = ctx.dice.two_d6(f"Speed of rider {rider.id} (2D6+{SPEED_BONUS[rider.brood]}\")", rider.player)
        act.speed = float(roll.result + SPEED_BONUS[rider.brood])
        state.ask = Ask(kind=AskKind.RIDE, players=[rider.player], rider=rider.id)

    def _ride(self, ctx: Context, state: ThatllDoPigsState, action: Ride) -> None:
        act = state.activation
        assert act is not None and act.speed is not None
        rider = state.riders[act.rider]
        if not 0.0 <= action.distance <= act.speed + 0.01:
            raise RuleViolation(f"Rider {rider.id} may ride 0 to {act.speed:g}\" this Move.")
        heading = action.heading % 360.0
        if not rider.ridden and min(abs(turn_between(heading, h)) for h in _headings(rider)) > 0.5:
            raise RuleViolation(f"An Unridden Boar pivots exactly 45° before it runs: head "
                                f"{' or '.join(f'{h:g}°' for h in _headings(rider))}.")
        state.ask = None
        rider.facing = heading
        self._run(ctx, state, rider, act, min(action.distance, act.speed), lash=False)

    def _run(self, ctx: Context, state: ThatllDoPigsState, rider: Rider, act: Activation, distance: float, *,
             lash: bool) -> None:
        """A Move or a Lash straight ahead: stop at a model (to Assault or Grab; a Lash keeps 1"
        short of models), at a Public Area (Attacked by the Public!), or after `distance`."""
        start = rider.xy
        circuit = circuit_of(state)
        models = models_around(state, rider)
        left = distance
        passed: set[str] = set()  # allies ridden through and a Piglet that got away
        trail = [start]
        contact: str | None = None
        while left > 1e-9:
            things = {k: v for k, v in models.items() if k not in passed}
            if lash:  # V.4.2.2: never into contact: 1" short of any model
                leg = travel(rider_shape(rider), rider.facing, left, circuit.walls, area=BOARD)
                short = travel(rider_shape(rider), rider.facing, left, things, spacing=SPACING)
                stop = leg.stopped_by if leg.travelled <= short.travelled else None
                went = min(leg.travelled, short.travelled)
                end = offset(rider.xy, rider.facing, went)
            else:
                leg = travel(rider_shape(rider), rider.facing, left, {**things, **circuit.walls}, area=BOARD)
                stop, went, end = leg.stopped_by, leg.travelled, leg.end
            here = rider.xy
            rider.x, rider.y = end
            act.moved += went
            left -= went
            if self._sweep(ctx, state, rider, act, here):  # V.1: won on the way, the race ends there
                trail.append(rider.xy)
                state.trails.append(trail)
                return
            trail.append(end)
            self._carry_piglet(state, rider)
            if stop is None:
                break
            if stop == PIGLET_KEY:
                if self._grab(ctx, state, rider, "Grab the Piglet"):
                    contact = PIGLET_KEY
                    break
                # V.4.2.4: a miss forces the rest of the Move, all of the Speed rolled, past the Piglet
                ctx.say(f"Rider {rider.id} misses the Piglet and thunders on.")
                act.second = True
                passed.add(PIGLET_KEY)
                left = max(left, (act.speed or 0.0) - act.moved)
                continue
            if stop in state.riders:
                other = state.riders[str(stop)]
                if other.player == rider.player:  # V.4.6: ride through an ally, or take the Piglet from it
                    if other.piglet and not rider.piglet and not act.second:
                        act.second = True
                        if self._grab(ctx, state, rider, f"take the Piglet from ally {other.id}", holder=other):
                            contact = PIGLET_KEY
                            break
                    passed.add(other.id)
                    continue
                contact = other.id
                break
            contact = "public"
            state.trails.append(trail)
            trail = []
            self._attacked_by_the_public(ctx, state, rider, act)
            break
        if trail:
            state.trails.append(trail)
        for ally in (state.riders[k] for k in passed if k in state.riders):
            if overlapping(rider_shape(rider), rider_shape(ally)):  # never end on an ally ridden through
                back = exit_distance(rider_shape(rider), opposite(rider.facing), rider_shape(ally))
                rider.x, rider.y = offset(rider.xy, opposite(rider.facing), back)
                self._carry_piglet(state, rider)
        verb = "Lashes on" if lash else "rides"
        ctx.say(f"Rider {rider.id} {verb} {centre_distance(start, rider.xy):.1f}\" to ({rider.x:.1f}, {rider.y:.1f}).")
        if contact in state.riders:
            act.second = True
            self._assault(ctx, state, rider, state.riders[contact], chain=0)
        elif contact == PIGLET_KEY:
            act.second = True
        self._after_run(ctx, state, rider, act, lash=lash)

    def _after_run(self, ctx: Context, state: ThatllDoPigsState, rider: Rider, act: Activation, *,
                   lash: bool) -> None:
        if state.phase is Phase.OVER:
            return
        if not rider.out:
            self._gates(ctx, state, rider, act)
        if state.phase is Phase.OVER:
            return
        if act.skid and not rider.out:  # V.4.3 Safe Skid Test, at the end of the Move (or the Lash)
            act.skid = False
            roll = ctx.dice.two_d6(f"Safe Skid Test for rider {rider.id} (2D6+{_ability(rider)} against "
                                   f"{act.moved:.1f}\")", rider.player)
            if roll.result + _ability(rider) > act.moved:
                ctx.say(f"Rider {rider.id} takes the corner clean.")
            else:
                ctx.say(f"Rider {rider.id} skids wide!")
                self._random_movement(ctx, state, rider, attacker=None, chain=0)
                if state.ask is not None:
                    return
        self._continue(ctx, state)

    def _continue(self, ctx: Context, state: ThatllDoPigsState) -> None:
        """What the active rider does next, once nothing else waits."""
        act = state.activation
        if act is None or state.phase is Phase.OVER:
            return
        rider = state.riders[act.rider]
        if rider.out or act.second or rider.piglet:
            self._end_activation(ctx, state)
            return
        act.second = True
        state.ask = Ask(kind=AskKind.SECOND, players=[rider.player], rider=rider.id)

    def _end_activation(self, ctx: Context, state: ThatllDoPigsState) -> None:
        act = state.activation
        state.activation = None
        if act is not None and state.phase is Phase.RACE:
            self._place_piglet_if_due(ctx, state)

    # -- V.4.2.2 Lash ----------------------------------------------------------------------------
    def _lash(self, ctx: Context, state: ThatllDoPigsState) -> None:
        act = state.activation
        assert act is not None
        rider = state.riders[act.rider]
        state.ask = None
        roll = ctx.dice.d6(f"Lash for rider {rider.id}", rider.player)
        before = act.moved
        self._run(ctx, state, rider, act, float(roll.result), lash=True)
        if roll.result == 6 and act.moved - before >= 6.0 - 1e-6:
            self._feat(ctx, state, EPIC_SPRINT, rider.player)

    # -- the Circuit's gates, the Piglet's appearance, the finish ------------------------------
    def _sweep(self, ctx: Context, state: ThatllDoPigsState, rider: Rider, act: Activation | None,
               start: XY) -> bool:
        """Count the gates the rider fully crossed on its straight run from `start` to where it now
        stands, checking every SWEEP inches along the way rather than only where it comes to rest:
        crossing a line is a moment (V.1, V.4.3), so a later throw-back cannot undo it. True when a
        crossing won the race; the rider is then left where it crossed (reading finish-moment)."""
        if state.phase is not Phase.RACE or rider.out:
            return False
        end = rider.xy
        steps = max(1, math.ceil(centre_distance(start, end) / SWEEP))
        for k in range(1, steps + 1):
            t = k / steps
            rider.x, rider.y = end if k == steps else (start[0] + (end[0] - start[0]) * t,
                                                       start[1] + (end[1] - start[1]) * t)
            self._gates(ctx, state, rider, act)
            if state.phase is Phase.OVER:
                self._carry_piglet(state, rider)
                return True
        return False

    def _gates(self, ctx: Context, state: ThatllDoPigsState, rider: Rider, act: Activation | None) -> None:
        circuit = circuit_of(state)
        for _ in range(5):
            gate = rider.gates % 5
            if not circuit.beyond(gate, rider_shape(rider).core()):
                return
            rider.gates += 1
            if gate != 0:
                if act is not None and act.rider == rider.id:
                    act.skid = True
                continue
            if rider.gates == 1:
                continue  # leaving the grid: the first lap begins
            ctx.say(f"🏁 Rider {rider.id} completes lap {rider.laps}!")
            if rider.gates == 6:
                self._feat(ctx, state, LEADING, rider.player)
            if rider.piglet and rider.laps >= LAPS:
                self._finish(ctx, state, rider)
                return

    def _place_piglet_if_due(self, ctx: Context, state: ThatllDoPigsState) -> None:
        """V.4.1.1: once the first rider has fully crossed the last Skid Trigger and finished its
        Move, the Piglet appears on the centre of the Finish Line."""
        if state.piglet.placed or not any(r.gates >= 5 for r in state.riders.values()):
            return
        circuit = circuit_of(state)
        state.piglet = Piglet(x=circuit.finish_x, y=circuit.finish_width / 2, placed=True)
        ctx.say("🐷 The Piglet is let loose on the Finish Line!", kind="phase")

    def _finish(self, ctx: Context, state: ThatllDoPigsState, winner: Rider | None) -> None:
        state.phase = Phase.OVER
        state.ask = None
        state.activation = None
        if winner is not None:
            state.winner = winner.id
            ctx.say(f"🏆 Rider {winner.id} crosses the line with the Piglet: {state.name_of(winner.player)} wins!",
                    kind="end")
            if not winner.ridden:
                self._feat(ctx, state, UNEXPECTED_END, winner.player)

    # -- V.4.2.3 Assault, V.4.2.4 Grab the Piglet, V.4.4 Random Movement, V.4.5 Falling --------
    def _assault_roll(self, ctx: Context, state: ThatllDoPigsState, attacker: Rider, defender: Rider) -> bool:
        """Attacks dice + Force against Ability dice + Defence, highest against highest."""
        hit = [ctx.dice.d6(f"Assault by rider {attacker.id}", attacker.player).result + _force(attacker)
               for _ in range(_attacks(attacker))]
        guard = [ctx.dice.d6(f"rider {defender.id} holds on", defender.player).result + _defence(defender)
                 for _ in range(_ability(defender))]
        best, block = max(hit), max(guard, default=0)
        ctx.say(f"⚔️ Rider {attacker.id} assaults rider {defender.id}: {best} against {block}.")
        return best > block

    def _assault(self, ctx: Context, state: ThatllDoPigsState, attacker: Rider, defender: Rider, *,
                 chain: int) -> None:
        if chain > CHAIN_LIMIT or attacker.out or defender.out:
            return
        if not self._assault_roll(ctx, state, attacker, defender):
            ctx.say(f"Rider {defender.id} holds its line.")
            return
        if defender.piglet:
            defender.piglet, attacker.piglet = False, True
            state.piglet.held_by = attacker.id
            self._carry_piglet(state, attacker)
            ctx.say(f"Rider {attacker.id} snatches the Piglet from rider {defender.id}!")
            if attacker.player != defender.player:
                self._feat(ctx, state, GOTCHA, attacker.player)
        self._random_movement(ctx, state, defender, attacker=attacker, chain=chain + 1)

    def _grab(self, ctx: Context, state: ThatllDoPigsState, rider: Rider, why: str, *,
              holder: Rider | None = None) -> bool:
        roll = ctx.dice.d6(f"{why}: rider {rider.id} (D6+{_ability(rider)}, more than {GRAB_TARGET})", rider.player)
        if roll.result + _ability(rider) <= GRAB_TARGET:
            return False
        if holder is not None:
            holder.piglet = False
        rider.piglet = True
        state.piglet.placed = True
        state.piglet.held_by = rider.id
        self._carry_piglet(state, rider)
        ctx.say(f"🐷 Rider {rider.id} has the Piglet!")
        return True

    def _random_movement(self, ctx: Context, state: ThatllDoPigsState, rider: Rider, *, attacker: Rider | None,
                         chain: int) -> None:
        """V.4.4: a D6; 1 (1-2 for an Unridden Boar) is a Falling Test, anything else D3+1" away
        from the attacker, or where the last-placed player sends it."""
        roll = ctx.dice.d6(f"Random Movement Roll for rider {rider.id}", rider.player)
        if roll.result <= (1 if rider.ridden else 2):
            self._falling_test(ctx, state, rider)
            return
        distance = float(ctx.dice.d3(f"how far rider {rider.id} lurches (D3+1\")", rider.player).result + 1)
        if attacker is not None:
            self._lurch(ctx, state, rider, angle_to(attacker.xy, rider.xy), distance, attacker, chain)
            return
        last = self._last(state)
        state.ask = Ask(kind=AskKind.DIRECTION, players=[last.player], rider=rider.id, distance=distance)

    def _steer(self, ctx: Context, state: ThatllDoPigsState, heading: float) -> None:
        ask = state.ask
        assert ask is not None
        state.ask = None
        rider = state.riders[ask.rider or ""]
        self._lurch(ctx, state, rider, heading, ask.distance or 0.0, None, 0)
        act = state.activation
        if act is not None and act.rider == rider.id:
            self._continue(ctx, state)

    def _lurch(self, ctx: Context, state: ThatllDoPigsState, rider: Rider, heading: float, distance: float,
               attacker: Rider | None, chain: int) -> None:
        """The Random Movement itself: the Boar bolts straight that way (turning to it), into whatever
        is in the way (reading random-public)."""
        circuit = circuit_of(state)
        models = models_around(state, rider)
        rider.facing = heading % 360.0
        leg = travel(rider_shape(rider), heading, distance, {**models, **circuit.walls}, area=BOARD)
        start = rider.xy
        rider.x, rider.y = leg.end
        if self._sweep(ctx, state, rider, None, start):  # V.1: won on the way, the race ends there
            state.trails.append([start, rider.xy])
            return
        state.trails.append([start, leg.end])
        self._carry_piglet(state, rider)
        ctx.say(f"Rider {rider.id} lurches {leg.travelled:.1f}\" to ({rider.x:.1f}, {rider.y:.1f}).")
        stop = leg.stopped_by
        if stop in state.riders:
            other = state.riders[str(stop)]
            if attacker is not None and other.id != attacker.id:
                self._feat(ctx, state, AS_PLANNED, attacker.player)
            self._assault(ctx, state, rider, other, chain=chain)
        elif stop is not None and stop != PIGLET_KEY:
            self._attacked_by_the_public(ctx, state, rider)

    def _attacked_by_the_public(self, ctx: Context, state: ThatllDoPigsState, rider: Rider,
                                act: Activation | None = None) -> None:
        """V.4.2.1: a Falling Test; unless it is a Critical Failure, turn about and go D6" back,
        stopping 1" from the Circuit and from models. `act` is the rider's Move when the crowd
        interrupts one: a Skid Trigger the throw-back crosses is then tested at the Move's end."""
        ctx.say(f"📣 The crowd goes for rider {rider.id}!")
        self._falling_test(ctx, state, rider)
        if rider.out:
            return
        back = ctx.dice.d6(f"rider {rider.id} is thrown back", rider.player).result
        rider.facing = opposite(rider.facing)
        circuit = circuit_of(state)
        things = {**models_around(state, rider), **circuit.walls}
        leg = travel(rider_shape(rider), rider.facing, float(back), things, area=BOARD, spacing=SPACING)
        start = rider.xy
        rider.x, rider.y = leg.end
        self._sweep(ctx, state, rider, act, start)
        state.trails.append([start, rider.xy])
        self._carry_piglet(state, rider)

    def _falling_test(self, ctx: Context, state: ThatllDoPigsState, rider: Rider) -> None:
        roll = ctx.dice.d6(f"Falling Test for rider {rider.id} (D6+{_ability(rider)})", rider.player)
        total = roll.result + _ability(rider)
        if total <= 1:
            ctx.say(f"💥 The Boar of rider {rider.id} crashes badly and is out of the race!")
            self._free_piglet(ctx, state, rider)
            rider.out = True
            state.retired.append(rider.id)
            if all(r.out for r in state.riders.values()):
                self._finish(ctx, state, None)
            return
        if total <= 4:
            if not rider.ridden:
                ctx.say(f"The Unridden Boar {rider.id} stumbles on.")
                return
            rider.ridden = False
            ctx.say(f"Rider {rider.id} Falls! Its Boar races on unridden.")
            if rider.piglet and not self._grab(ctx, state, rider, "the Boar keeps hold of the Piglet"):
                self._free_piglet(ctx, state, rider)
            return
        ctx.say(f"Rider {rider.id} keeps its seat.")

    def _free_piglet(self, ctx: Context, state: ThatllDoPigsState, rider: Rider) -> None:
        if not rider.piglet:
            return
        rider.piglet = False
        state.piglet.held_by = None
        state.piglet.x, state.piglet.y = offset(rider.xy, opposite(rider.facing), 0.9)
        ctx.say("🐷 The Piglet wriggles free!")

    def _carry_piglet(self, state: ThatllDoPigsState, rider: Rider) -> None:
        if rider.piglet:
            state.piglet.x, state.piglet.y = rider.xy

    # -- V.4.1.1 the Piglet's run -----------------------------------------------------------------
    def _piglet_run(self, ctx: Context, state: ThatllDoPigsState, path: list[XY]) -> None:
        """V.4.1.1: the Piglet runs its D6+3" along the steered path, stopping at whatever it touches."""
        trail = [path[0]]
        for start, end in zip(path, path[1:]):
            leg = _piglet_leg(state, start, end)
            trail.append(leg.end)
            if leg.stopped_by is not None:
                break
        state.trails.append(trail)
        state.piglet.x, state.piglet.y = trail[-1]
        ctx.say(f"🐷 The Piglet scampers to ({trail[-1][0]:.1f}, {trail[-1][1]:.1f}).")

    # -- race position -------------------------------------------------------------------------------
    def _standings(self, state: ThatllDoPigsState) -> list[Rider]:
        """Riders still racing, leader first (gates crossed, then how far round since the last)."""
        circuit = circuit_of(state)
        racing = [r for r in state.riders.values() if r.placed and not r.out]
        return sorted(racing, key=lambda r: (-circuit.progress(r.gates, r.xy), r.id))

    def _last(self, state: ThatllDoPigsState) -> Rider:
        standing = self._standings(state)
        return standing[-1] if standing else next(iter(state.riders.values()))

    def _feat(self, ctx: Context, state: ThatllDoPigsState, feat: str, player: PlayerId) -> None:
        if feat not in state.feats:
            state.feats[feat] = player
            ctx.say(f"🏅 Feat: {feat} for {state.name_of(player)}!", kind="feat")

    # -- the view and the end ----------------------------------------------------------------------
    def view(self, state: ThatllDoPigsState, viewer: PlayerId | None) -> ThatllDoPigsView:
        circuit = circuit_of(state)
        colours = {s.player: s.colour for s in state.seats}
        places = {r.id: n for n, r in enumerate(self._standings(state), start=1)}
        outcome = self.outcome(state)
        return ThatllDoPigsView(
            **table_fields(state, viewer, self.waiting_for(state), outcome.placings if outcome else None),
            phase=state.phase, turn=state.turn, poles=list(circuit.poles), stand=list(circuit.stand),
            crowd=state.crowd, gates=list(circuit.gates), grid=circuit.grid(),
            riders=[RiderView(id=r.id, player=r.player, name=state.name_of(r.player), colour=colours.get(r.player, 0),
                              brood=r.brood, x=r.x, y=r.y, facing=r.facing, placed=r.placed, ridden=r.ridden,
                              out=r.out, laps=r.laps, gates=r.gates, piglet=r.piglet, position=places.get(r.id))
                    for r in state.riders.values()],
            piglet=state.piglet.model_copy(), active=state.activation.rider if state.activation else None,
            trails=[list(t) for t in state.trails], feats=dict(state.feats))

    def outcome(self, state: ThatllDoPigsState) -> Outcome | None:
        """V.1: the winner, then the others by their place in the race; crashed riders after them,
        the last to crash first. A player with two riders is placed by the better one."""
        if state.phase is not Phase.OVER:
            return None
        riders = ([state.riders[state.winner]] if state.winner else []) + [
            r for r in self._standings(state) if r.id != state.winner] + [
            state.riders[r] for r in reversed(state.retired)]
        placings: list[list[PlayerId]] = []
        for rider in riders:
            if not any(rider.player in group for group in placings):
                placings.append([rider.player])
        winner = state.riders[state.winner] if state.winner else None
        summary = (f"{state.name_of(winner.player)} brought the Piglet home in Game Turn {state.turn}."
                   if winner else f"The race was called after Game Turn {min(state.turn, TURN_LIMIT)}.")
        return Outcome(placings=placings, feats=dict(state.feats), summary=summary)


# -- small helpers -------------------------------------------------------------------------------


def _pairs(state: ThatllDoPigsState) -> bool:
    return len(state.seats) == 2


def _riders_of(state: ThatllDoPigsState, player: PlayerId) -> list[Rider]:
    return [r for r in state.riders.values() if r.player == player]


def _slots(state: ThatllDoPigsState, players: list[PlayerId]) -> list[RiderId]:
    """Riders in turn for a player order: with two players they take turns (V.4.6)."""
    if not _pairs(state):
        return [_riders_of(state, p)[0].id for p in players]
    firsts = [_riders_of(state, p)[0].id for p in players]
    seconds = [_riders_of(state, p)[1].id for p in players]
    return firsts + seconds


def _place(state: ThatllDoPigsState, rider: Rider, row: int, column: int) -> None:
    cell = circuit_of(state).grid()[row][column]
    rider.x, rider.y, rider.facing, rider.placed, rider.cell = cell[0], cell[1], 180.0, True, (row, column)


def _free_columns(state: ThatllDoPigsState, row: int) -> list[int]:
    taken = {r.cell[1] for r in state.riders.values() if r.cell is not None and r.cell[0] == row}
    return [c for c in range(6) if c not in taken]


def _ability(rider: Rider) -> int:
    return ABILITY[rider.brood] if rider.ridden else UNRIDDEN["ability"]


def _defence(rider: Rider) -> int:
    return DEFENCE[rider.brood] if rider.ridden else UNRIDDEN["defence"]


def _force(rider: Rider) -> int:
    return FORCE if rider.ridden else UNRIDDEN["force"]


def _attacks(rider: Rider) -> int:
    return ATTACKS[rider.brood] if rider.ridden else UNRIDDEN["attacks"]


def _compass() -> list[float]:
    return [k * 360.0 / HEADINGS for k in range(HEADINGS)]


def _headings(rider: Rider) -> list[float]:
    """Where a rider may point before it runs: anywhere, or exactly 45° either way unridden."""
    if rider.ridden:
        return _compass()
    return [(rider.facing + 45.0) % 360.0, (rider.facing - 45.0) % 360.0]


def _piglet_headings(state: ThatllDoPigsState, distance: float) -> list[float]:
    """V.4.1.1: not on purpose at a rider or into the Circuit: the straight headings whose whole
    run is clear, or every heading when none is."""
    return _clear_headings(state, distance) or _compass()


def _clear_headings(state: ThatllDoPigsState, distance: float) -> list[float]:
    here = (state.piglet.x, state.piglet.y)
    return [h for h in _compass() if _clear_run(state, [here, offset(here, h, distance)])]


def _piglet_path(state: ThatllDoPigsState, steer: Steer, distance: float) -> list[XY] | None:
    """The Piglet's whole run: through the turning points, then on along the heading for the rest of
    its distance; None when the turning points alone are farther than it runs."""
    path = [(state.piglet.x, state.piglet.y), *((float(x), float(y)) for x, y in steer.via)]
    used = sum(centre_distance(a, b) for a, b in zip(path, path[1:]))
    if used > distance + 0.01:
        return None
    if distance - used > 1e-9:
        path.append(offset(path[-1], steer.heading % 360.0, distance - used))
    return path


def _piglet_leg(state: ThatllDoPigsState, start: XY, end: XY) -> Any:
    circuit = circuit_of(state)
    riders = {r.id: rider_shape(r) for r in state.riders.values() if r.placed and not r.out}
    return travel(SQUARE_20MM.at(start), angle_to(start, end), centre_distance(start, end),
                  {**riders, **circuit.walls}, area=BOARD)


def _clear_run(state: ThatllDoPigsState, path: list[XY]) -> bool:
    return all(_piglet_leg(state, a, b).stopped_by is None for a, b in zip(path, path[1:]) if a != b)


__all__ = ["ThatllDoPigs", "FEATS", "circuit_of", "models_around", "rider_shape", "piglet_shape"]
