"""Flying Pigs (seed 000, I): chefs race their flaming, mushroom-stuffed Pigs into the Kitchen.

The engine waits on one decision at a time. After each action `_advance` runs the game on:
a reaction waiting for its owner first (Shove, Fire it up!), then queued automatic work
(Slippery rolls, forced Random Moves, the Pig's move), then the flow of deployment, Pigtoss
and the five steps of the Player Turn, until a decision is needed or a Pig is in the
Kitchen. Section numbers are those of seed 000, part I; readings of unclear rules follow its
Bloodshed Games rule and are listed in `guide.READINGS`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rules.core.engine import Context, Outcome, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.geometry import (
    Shape,
    angle_to,
    centre_distance,
    distance,
    offset,
    random_direction,
    surely_apart,
)
from rules.core.initiative import age_ties, roll_order
from rules.core.memo import Memo
from rules.core.views import table_fields
from rules.orclympics.discipline import Discipline
from rules.orclympics.flying_pigs import board
from rules.orclympics.flying_pigs.models import (
    ACTION_ADAPTER,
    XY,
    Action,
    ChooseStance,
    Deploy,
    Done,
    FlyingPigsState,
    FlyingPigsView,
    GreaseToss,
    Kind,
    Model,
    ModelId,
    ModelView,
    MoveTo,
    MoveToward,
    Path,
    Phase,
    React,
    Reaction,
    Stage,
    Stance,
    Task,
    Terrain,
    TossPig,
)
from rules.orclympics.flying_pigs.moves import MOVES

WICKY_STICKY = "Wicky Sticky"
IM_ON_FIRE = "I'm on Fire!"
TRIPLE_FAT = "Triple Fat"
SMELLS_GOOD = "Mmmm Smells Good"
PYROMANIA = "Pyromania"
FEATS = (WICKY_STICKY, IM_ON_FIRE, TRIPLE_FAT, SMELLS_GOOD, PYROMANIA)

CHAIN_LIMIT = 40
"""Reactions and knock-ons set off by one decision before the table calms down (a reading)."""

SHOO_CLEARANCE = 0.02
"""Inches a Pig turned by Shoo! steps back from the Orc before running on (invisible on a table)."""

DEPLOY_STEP = 10
MOVE_DIRECTIONS = 8
TOSS_SIDES = 8  # the bearings offered for placing a Pig beside its Orc (any bearing may be typed)
MAX_TURNING_POINTS = 10
USE = React(use=True)

_DEPLOY_ANGLES: Memo[tuple[Any, ...], tuple[float, ...]] = Memo(1024)
"""`FlyingPigs._deploy_angles` by the Orcs' places and the terrain."""
_STRAIGHT_WALKS: Memo[tuple[Any, ...], tuple[XY, ...]] = Memo(4096)
"""`FlyingPigs._straight_walks` by where the Orc and everything else stand, and how far it may walk."""


class FlyingPigs(Discipline[FlyingPigsState, Action]):
    slug = "flying-pigs"
    title = "Flying Pigs"
    min_players = 2
    max_players = 10  # I.1: "any number of players"; ten fit round the Pigsty with room to spare
    recommended = (3, 6)
    state_type = FlyingPigsState
    action_adapter = ACTION_ADAPTER
    moves = MOVES
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (nothing: everything is on the table)

    # -- I.2 set-up, I.3 initiative ----------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> FlyingPigsState:
        """Option "ages" = {player: age rank} from a campaign settles tied initiative rolls by
        brood age (campaign rules 4); without it ties are rolled again (I.3)."""
        models: dict[ModelId, Model] = {}
        for n, seat in enumerate(seats, start=1):
            for suffix, kind in (("a", Kind.ORC), ("b", Kind.ORC), ("p", Kind.PIG)):
                models[f"{n}{suffix}"] = Model(id=f"{n}{suffix}", kind=kind, owner=seat.player)
        state = FlyingPigsState(seats=list(seats), dice=ctx.dice.state, models=models)
        for kind in ("rock", "rock", "rock", "field", "field", "field"):
            spot = self._terrain_spot(ctx, state, kind)
            if spot is not None:
                state.terrain.append(Terrain(kind=kind, x=spot[0], y=spot[1]))  # type: ignore[arg-type]
        ctx.say("The Pigsty is ready: a Kitchen in the middle, three rocks and three Mushroom Fields.", kind="phase")
        players = [s.player for s in seats]
        ages = options.get("ages") or {}
        tie = age_ties(ages, players)
        state.deploy_order = roll_order(ctx.dice, players, "Initiative for deployment", tie)
        ctx.say("Deployment order: " + ", ".join(state.name_of(p) for p in state.deploy_order) + ".", kind="phase")
        self._advance(ctx, state)
        return state

    def _terrain_spot(self, ctx: Context, state: FlyingPigsState, kind: str) -> XY | None:
        """I.2: fully inside the Pigsty, clear of the Kitchen and (a reading) of the other pieces."""
        side = board.ROCK_SIDE if kind == "rock" else board.FIELD_SIDE
        for _ in range(200):
            x = board.CENTRE[0] - board.PIGSTY_RADIUS + ctx.dice.roll(300, "terrain x", kind="pick 1-300").result / 10
            y = board.CENTRE[1] - board.PIGSTY_RADIUS + ctx.dice.roll(300, "terrain y", kind="pick 1-300").result / 10
            shape = board.square((x, y), side)
            if not board.PIGSTY.contains(shape) or board.separation(shape, board.KITCHEN) < 0:
                continue
            if any(board.separation(shape, board.terrain_shape(t)) < 0 for t in state.terrain):
                continue
            return (x, y)
        return None

    # -- who must decide ----------------------------------------------------------------------
    def _prompts(self, state: FlyingPigsState) -> list[Prompt]:
        if state.phase is Phase.OVER:
            return []
        if state.pending:
            r = state.pending[0]
            orc = state.models[r.orc]
            what = ("give it a Shove (a Random Move)" if r.stance is Stance.SHOVE
                    else "try to set it on fire (Fire it up!)")
            return [Prompt(player=orc.owner, kind=PromptKind.ACTION,
                           text=f"{state.label(r.target)} stopped near your Orc {orc.id}: {what}?",
                           default=USE.model_dump())]
        who = self._decider(state)
        if who is None:
            return []
        match state.phase, state.stage:
            case Phase.DEPLOY, _:
                text = ("Deploy an Orc touching the Pigsty's edge: give its bearing from the centre in "
                        "degrees (0 = east, 90 = north).")
                kind = PromptKind.POINT
            case Phase.PIGTOSS, _:
                text, kind = "Toss your Pig: choose the Orc it starts beside.", PromptKind.TARGET
            case _, Stage.MOVEMENT:
                text, kind = "Step 2, Movement: move your Orcs (x, y or toward a model), then finish.", PromptKind.POINT
            case _, Stage.GREASE:
                text, kind = "Step 3, Grease Toss: toss grease at models within 10\", then finish.", PromptKind.TARGET
            case _:
                text, kind = "Step 4, Action: choose Shove, Shoo! or Fire it up! for your Orcs, then finish.", PromptKind.ACTION
        return [Prompt(player=who, kind=kind, text=text)]

    def _decider(self, state: FlyingPigsState) -> PlayerId | None:
        if state.phase is Phase.DEPLOY:
            return next((p for p in state.deploy_order if any(not o.placed for o in state.orcs_of(p))), None)
        if state.phase is Phase.PIGTOSS:
            return state.turn_order[state.tossing] if state.tossing < len(state.turn_order) else None
        if state.phase is Phase.TURNS and state.stage in (Stage.MOVEMENT, Stage.GREASE, Stage.ACTION):
            return state.active
        return None

    def _legal_actions(self, state: FlyingPigsState, player: PlayerId) -> list[Action]:
        if player not in self.waiting_for(state):
            return []
        if state.pending:
            return [React(use=True), React(use=False)]
        if state.phase is Phase.DEPLOY:
            return [Deploy(angle=angle) for angle in self._deploy_angles(state, player)]
        if state.phase is Phase.PIGTOSS:
            return self._tosses(state, player)
        offers: list[Action] = []
        if state.stage is Stage.MOVEMENT:
            for orc in state.orcs_of(player):
                if orc.slipped or orc.moved:
                    continue
                offers += [MoveToward(orc=orc.id, target=m.id) for m in state.models.values() if m.id != orc.id]
                offers += [MoveTo(orc=orc.id, x=x, y=y) for x, y in self._straight_walks(state, orc)]
        elif state.stage is Stage.GREASE:
            for orc in state.orcs_of(player):
                if not orc.tossed:
                    offers += [GreaseToss(orc=orc.id, target=t.id) for t in self._toss_targets(state, orc)]
        else:
            offers += [ChooseStance(orc=o.id, stance=s) for o in state.orcs_of(player) if not o.acted for s in Stance]
        return offers + [Done()]

    # -- applying an action -------------------------------------------------------------------
    def _apply(self, ctx: Context, state: FlyingPigsState, player: PlayerId, action: Action) -> None:
        if player not in {s.player for s in state.seats}:
            raise RuleViolation("You are not playing in this game of Flying Pigs.")
        waiting = self.waiting_for(state)
        if player not in waiting:
            names = " or ".join(state.name_of(p) for p in waiting) or "nobody"
            raise RuleViolation(f"It is not your decision: the game is waiting for {names}.")
        state.chain = 0
        if state.pending:
            if not isinstance(action, React):
                raise RuleViolation("First answer the reaction you are offered: use it or let it pass.")
            self._react(ctx, state, action.use)
        else:
            match action:
                case Deploy() if state.phase is Phase.DEPLOY:
                    self._deploy(ctx, state, player, action.angle)
                case TossPig() if state.phase is Phase.PIGTOSS:
                    self._pigtoss(ctx, state, player, action)
                case MoveTo() | MoveToward() if state.stage is Stage.MOVEMENT:
                    self._move(ctx, state, player, action)
                case GreaseToss() if state.stage is Stage.GREASE:
                    self._grease_toss(ctx, state, player, action)
                case ChooseStance() if state.stage is Stage.ACTION:
                    self._choose_stance(ctx, state, player, action)
                case Done() if state.phase is Phase.TURNS:
                    self._next_stage(ctx, state)
                case _:
                    raise RuleViolation("That is not something you can do right now: " + self.prompts(state)[0].text)
        self._advance(ctx, state)

    # -- I.3 deployment, I.4 Pigtoss ------------------------------------------------------------
    def _deploy_angles(self, state: FlyingPigsState, player: PlayerId) -> tuple[float, ...]:
        """The bearings where the next Orc may deploy, remembered by where the Orcs stand (a search
        asks this of the same few positions at every iteration)."""
        def work() -> tuple[float, ...]:
            around = self._deploy_around(state)
            return tuple(float(a) for a in range(0, 360, DEPLOY_STEP)
                         if self._deploy_problem(state, player, float(a), around) is None)

        key = (tuple(o.xy for o in state.models.values() if o.placed and o.kind is Kind.ORC), board.layout(state))
        return _DEPLOY_ANGLES.get(key, work)

    def _deploy_around(self, state: FlyingPigsState) -> tuple[list[Shape], list[Shape]]:
        """What a deploying Orc must keep clear of: the Orcs placed, and the rocks. Worked out once
        for all the bearings offered, not once per bearing."""
        orcs = [board.shape_of(o) for o in state.models.values() if o.placed and o.kind is Kind.ORC]
        return orcs, list(board.rocks(state).values())

    def _deploy_problem(self, state: FlyingPigsState, player: PlayerId, angle: float,
                        around: tuple[list[Shape], list[Shape]] | None = None) -> str | None:
        me = board.base_at(board.edge_point(angle))
        orcs, rocks = around if around is not None else self._deploy_around(state)
        gap = board.SPACING - 0.01
        if any(not surely_apart(me, other, gap) and distance(me, other) < gap for other in orcs):
            return "An Orc must stand at least 1\" from every other Orc."
        if any(not surely_apart(me, s, 0.0) and board.separation(me, s) < 0 for s in rocks):
            return "A rock is in the way there."
        return None

    def _deploy(self, ctx: Context, state: FlyingPigsState, player: PlayerId, angle: float) -> None:
        if not 0.0 <= angle < 360.0:
            raise RuleViolation("Give the bearing in degrees from 0 up to (not including) 360.")
        problem = self._deploy_problem(state, player, angle)
        if problem:
            raise RuleViolation(problem)
        orc = next(o for o in state.orcs_of(player) if not o.placed)
        orc.x, orc.y = board.edge_point(angle)
        orc.placed = True
        ctx.say(f"{state.label(orc.id)} takes its place on the edge of the Pigsty at ({orc.x:.1f}, {orc.y:.1f}).")

    def _toss_spot(self, state: FlyingPigsState, orc: Model, side: float | None,
                   around: list[Shape] | None = None) -> tuple[XY, str | None]:
        """I.4: where the Pig stands in base contact with `orc` on the `side` bearing (None: the
        side facing the centre), and why it cannot stand there (None when it can): fully inside
        the Pigsty, on nobody else's base and no rock. `around` is `_toss_around` for the Orc's
        owner when the caller asks about many spots."""
        bearing = angle_to(orc.xy, board.CENTRE) if side is None else side % 360.0
        spot = offset(orc.xy, bearing, board.contact_step(bearing))
        shape = board.base_at(spot)
        if not board.PIGSTY.contains(shape):
            return spot, "The Pig must stand fully inside the Pigsty."
        things = around if around is not None else self._toss_around(state, orc.owner)
        if any(not surely_apart(shape, thing, 0.0) and board.separation(shape, thing) < -0.01 for thing in things):
            return spot, "Something already stands there; pick another side of the Orc."
        return spot, None

    def _toss_around(self, state: FlyingPigsState, player: PlayerId) -> list[Shape]:
        """What a tossed Pig may not stand on: the rocks, every other model, the Kitchen."""
        pig = state.pig_of(player)
        return [*board.rocks(state).values(), *board.others(state, pig.id).values(), board.KITCHEN]

    def _tosses(self, state: FlyingPigsState, player: PlayerId) -> list[Action]:
        """The side facing the centre and every 45° round each Orc, where the Pig fits."""
        offers: list[Action] = []
        around = self._toss_around(state, player)
        for orc in state.orcs_of(player):
            for side in (None, *(k * 360.0 / TOSS_SIDES for k in range(TOSS_SIDES))):
                if self._toss_spot(state, orc, side, around)[1] is None:
                    offers.append(TossPig(orc=orc.id, side=side))
        return offers or [TossPig(orc=o.id) for o in state.orcs_of(player)]

    def _pigtoss(self, ctx: Context, state: FlyingPigsState, player: PlayerId, action: TossPig) -> None:
        """I.4: the player puts the Pig in base contact with one of their Orcs, anywhere fully
        inside the Pigsty; it runs 2D3" towards the centre, then 2D3" left or right."""
        orc = state.models.get(action.orc)
        if orc is None or orc.owner != player or orc.kind is not Kind.ORC:
            raise RuleViolation("Your Pig starts beside one of your own Orcs.")
        spot, problem = self._toss_spot(state, orc, action.side)
        if problem is not None and any(isinstance(a, TossPig) and a.side is not None
                                       for a in self._tosses(state, player)):
            raise RuleViolation(problem)
        pig = state.pig_of(player)
        pig.x, pig.y = spot
        pig.placed = True
        ctx.say(f"{state.label(pig.id)} is tossed from beside Orc {orc.id}!")
        inward = angle_to(pig.xy, board.CENTRE)
        first = self._roll_2d3(ctx, "Pigtoss toward the centre", player)
        self._straight(ctx, state, pig, inward, first)
        side = ctx.dice.d6("Pigtoss: 1-3 left, 4-6 right", player).result
        turn = 90.0 if side <= 3 else -90.0
        second = self._roll_2d3(ctx, "Pigtoss sideways", player)
        self._straight(ctx, state, pig, (inward + turn) % 360.0, second)
        state.tossing += 1

    def _straight(self, ctx: Context, state: FlyingPigsState, pig: Model, angle: float, length: float) -> None:
        """A Pigtoss leg: straight, turning back at the Pigsty edge, stopping 1" short (I.4, I.6)."""
        moved, _, _ = board.sweep(state, pig, angle, length, flying=False, turn_back=True, stop_at_kitchen=True)
        self._finish_move(ctx, state, pig, moved, random=True, pigtoss=True)

    # -- I.5 Player Turns -----------------------------------------------------------------------
    def _advance(self, ctx: Context, state: FlyingPigsState) -> None:
        for _ in range(10_000):
            if state.phase is Phase.OVER:
                return
            self._drop_stale(state)
            if state.pending:
                return
            if state.queue:
                self._run(ctx, state, state.queue.pop(0))
                continue
            if state.phase is Phase.DEPLOY:
                if self._decider(state) is not None:
                    return
                last = state.deploy_order[-1]
                players = [s.player for s in state.seats]
                start = players.index(last)
                state.turn_order = players[start:] + players[:start]
                state.phase = Phase.PIGTOSS
                ctx.say("Pigtoss! " + ", ".join(state.name_of(p) for p in state.turn_order) + ", in that order.",
                        kind="phase")
                continue
            if state.phase is Phase.PIGTOSS:
                if state.tossing < len(state.turn_order):
                    return
                state.phase = Phase.TURNS
                state.active = state.turn_order[0]
                state.stage = Stage.START
                continue
            if state.stage is Stage.START:
                self._begin_turn(ctx, state)
                continue
            if state.stage in (Stage.MOVEMENT, Stage.GREASE, Stage.ACTION):
                if self._step_open(state):
                    return
                self._next_stage(ctx, state)
                continue
            if state.stage is Stage.PIG:
                assert state.active is not None
                state.queue.append(Task(kind="pig", model=state.pig_of(state.active).id, why="Step 5, Move your Pig"))
                state.stage = Stage.END
                continue
            order = state.turn_order
            state.active = order[(order.index(state.active or order[0]) + 1) % len(order)]
            state.stage = Stage.START
        raise RuntimeError("Flying Pigs did not settle")  # a guard against a bug, never a rule

    def _begin_turn(self, ctx: Context, state: FlyingPigsState) -> None:
        assert state.active is not None
        state.turn += 1
        state.paths = []
        state.shooed = []
        state.shoved = []
        state.greased_owners = []
        ctx.say(f"Player Turn {state.turn}: {state.name_of(state.active)}.", kind="phase")
        for m in state.models.values():
            if m.owner != state.active:
                continue
            if m.shrooms:
                m.shrooms = False
                ctx.say(f"The Shrooms wear off {state.label(m.id)}.")
            m.slipped = m.moved = m.tossed = m.acted = False
        state.queue += [Task(kind="slippery", model=o.id) for o in state.orcs_of(state.active)]
        state.stage = Stage.MOVEMENT

    def _step_open(self, state: FlyingPigsState) -> bool:
        """Is there anything left to decide in this step? If not it ends by itself."""
        assert state.active is not None
        orcs = state.orcs_of(state.active)
        if state.stage is Stage.MOVEMENT:
            return any(not o.slipped and not o.moved for o in orcs)
        if state.stage is Stage.GREASE:
            return any(not o.tossed and self._toss_targets(state, o) for o in orcs)
        return any(not o.acted for o in orcs)

    def _next_stage(self, ctx: Context, state: FlyingPigsState) -> None:
        if state.stage is Stage.MOVEMENT:
            state.stage = Stage.GREASE
            state.greased_owners = []
        elif state.stage is Stage.GREASE:
            state.stage = Stage.ACTION
            for orc in state.orcs_of(state.active or ""):
                if orc.stance is not None:
                    ctx.say(f"Orc {orc.id}'s {orc.stance.label} ends.")
                orc.stance, orc.stance_used = None, False
        elif state.stage is Stage.ACTION:
            state.stage = Stage.PIG

    def _own_orc(self, state: FlyingPigsState, player: PlayerId, orc_id: ModelId) -> Model:
        orc = state.models.get(orc_id)
        if orc is None or orc.kind is not Kind.ORC or orc.owner != player:
            raise RuleViolation(f"{orc_id} is not one of your Orcs.")
        return orc

    def _straight_walks(self, state: FlyingPigsState, orc: Model) -> tuple[XY, ...]:
        """Where the Orc ends walking straight along each of the eight bearings as far as it can
        (a hair short of whatever is in the way, rounded to a hundredth of an inch), where that is
        a walk at all and its leg is clear. Remembered by where everything stands: a search asks
        it of the same positions at every iteration."""
        def work() -> tuple[XY, ...]:
            around = board.obstacles(state, orc)
            found = []
            for k in range(MOVE_DIRECTIONS):
                angle = k * 360.0 / MOVE_DIRECTIONS
                went = board.reach_along(state, orc, angle, self._allowance(orc) - 0.01, around)
                end = offset(orc.xy, angle, went)
                end = (round(end[0], 2), round(end[1], 2))
                if went >= 0.1 and board.leg_blocker(state, orc, orc.xy, end, around) is None:
                    found.append(end)
            return tuple(found)

        key = (orc.xy, self._allowance(orc), board.layout(state),
               tuple(m.xy for m in state.models.values() if m.placed and m.id != orc.id))
        return _STRAIGHT_WALKS.get(key, work)

    def _allowance(self, orc: Model) -> float:
        return board.BASE_MOVE + orc.grease

    def _move(self, ctx: Context, state: FlyingPigsState, player: PlayerId, action: MoveTo | MoveToward) -> None:
        """Step 2: up to 8" plus 1" per Grease Marker, along straight legs through the turning
        points; never into or through rocks, models, the Kitchen or over the Pigsty edge (I.6.2,
        I.6.3, I.6.5). The 1" spacing (I.6.1) is applied where the move ends."""
        orc = self._own_orc(state, player, action.orc)
        if orc.slipped:
            raise RuleViolation(f"Orc {orc.id} slipped this turn and cannot move.")
        if orc.moved:
            raise RuleViolation(f"Orc {orc.id} has already moved this turn.")
        allowance = self._allowance(orc)
        if isinstance(action, MoveToward):
            target = state.models.get(action.target)
            if target is None or not target.placed or target.id == orc.id:
                raise RuleViolation("Choose another model on the board to move toward.")
            angle = angle_to(orc.xy, target.xy)
            path = [orc.xy, offset(orc.xy, angle, board.reach_along(state, orc, angle, allowance))]
        else:
            if len(action.via) > MAX_TURNING_POINTS:
                raise RuleViolation(f"A move takes at most {MAX_TURNING_POINTS} turning points.")
            path = [orc.xy, *((float(x), float(y)) for x, y in action.via), (float(action.x), float(action.y))]
            length = sum(centre_distance(a, b) for a, b in zip(path, path[1:]))
            if length > allowance + 0.01:
                raise RuleViolation(f"Orc {orc.id} may move at most {allowance:g}\" this turn; that path is "
                                    f"{length:.1f}\".")
            around = board.obstacles(state, orc)
            for a, b in zip(path, path[1:]):
                blocker = board.leg_blocker(state, orc, a, b, around)
                if blocker is not None:
                    raise RuleViolation(f"Orc {orc.id} cannot walk straight from ({a[0]:.1f}, {a[1]:.1f}) to "
                                        f"({b[0]:.1f}, {b[1]:.1f}): {self._thing(state, blocker)} is in the way. "
                                        "Add a turning point to go round it.")
        orc.moved = True
        self._finish_move(ctx, state, orc, board.Moved(path=path), random=False)

    def _thing(self, state: FlyingPigsState, key: str) -> str:
        if key in state.models:
            return state.label(key)
        if key == board.KITCHEN_KEY:
            return "the Kitchen"
        if key == board.EDGE:
            return "the edge of the Pigsty"
        return "a rock"

    def _toss_targets(self, state: FlyingPigsState, orc: Model) -> list[Model]:
        me = board.shape_of(orc)
        return [m for m in state.models.values()
                if m.placed and m.id != orc.id and m.owner not in state.greased_owners
                and distance(me, board.shape_of(m)) <= board.TOSS_RANGE + 0.01]

    def _grease_toss(self, ctx: Context, state: FlyingPigsState, player: PlayerId, action: GreaseToss) -> None:
        orc = self._own_orc(state, player, action.orc)
        if orc.tossed:
            raise RuleViolation(f"Orc {orc.id} has already tossed grease this turn.")
        target = state.models.get(action.target)
        if target is None or target not in self._toss_targets(state, orc):
            raise RuleViolation("That target is out of reach: within 10\", and not a player whose models were "
                                "already greased in this step.")
        orc.tossed = True
        roll = ctx.dice.d6(f"Grease Toss by Orc {orc.id}", player).result
        if roll >= 3:
            ctx.say(f"Splat! The grease hits {state.label(target.id)}.")
            self._add_grease(ctx, state, target)
        elif roll == 1:
            ctx.say(f"The grease pot slips from Orc {orc.id}'s hands!")
            self._slippery(ctx, state, orc)
        else:
            ctx.say(f"Orc {orc.id}'s grease misses.")

    def _choose_stance(self, ctx: Context, state: FlyingPigsState, player: PlayerId, action: ChooseStance) -> None:
        orc = self._own_orc(state, player, action.orc)
        if orc.acted:
            raise RuleViolation(f"Orc {orc.id} has already chosen its action this turn.")
        orc.acted = True
        orc.stance, orc.stance_used = action.stance, False
        ctx.say(f"Orc {orc.id} gets ready: {action.stance.label}")

    # -- I.7 effects -------------------------------------------------------------------------
    def _add_grease(self, ctx: Context, state: FlyingPigsState, model: Model) -> bool:
        """One more Grease Marker, up to six; False when the model was already full. A marker
        gained during the Grease Toss step, by a hit or by the thrower's own Slippery!, makes
        its owner's models off limits for the rest of that step (I.5 Step 3)."""
        if model.grease >= board.MAX_GREASE:
            ctx.say(f"{state.label(model.id)} cannot get any greasier.")
            return False
        model.grease += 1
        if state.phase is Phase.TURNS and state.stage is Stage.GREASE and model.owner not in state.greased_owners:
            state.greased_owners.append(model.owner)
        if model.grease >= 3:
            self._feat(ctx, state, WICKY_STICKY if model.kind is Kind.ORC else TRIPLE_FAT, model.owner)
        return True

    def _slippery(self, ctx: Context, state: FlyingPigsState, orc: Model) -> None:
        """Slippery!: a Grease Marker, then a Random Move that already counts it."""
        ctx.say(f"Slippery! Orc {orc.id} skids away.")
        self._add_grease(ctx, state, orc)
        self._random_move(ctx, state, orc, "Slippery!")

    def _set_ablaze(self, ctx: Context, state: FlyingPigsState, model: Model, lighter: Model) -> None:
        if board.in_field(state, lighter):
            model.shrooms = True
            ctx.say(f"Mushroom smoke! {state.label(model.id)} gets Shrooms instead of catching fire.")
            return
        if model.fire:
            ctx.say(f"{state.label(model.id)} is already on fire and burns on.")
        else:
            model.fire = True
            ctx.say(f"{state.label(model.id)} is ablaze!")
        if model.kind is Kind.ORC:
            self._feat(ctx, state, IM_ON_FIRE, model.owner)
        else:
            self._feat(ctx, state, SMELLS_GOOD, model.owner)
            if lighter.owner != model.owner:
                self._feat(ctx, state, PYROMANIA, lighter.owner)

    def _feat(self, ctx: Context, state: FlyingPigsState, feat: str, player: PlayerId) -> None:
        if feat not in state.feats:
            state.feats[feat] = player
            ctx.say(f"Feat: {feat} for {state.name_of(player)}!", kind="feat")

    # -- Random Moves (I.1, I.6) ------------------------------------------------------------------
    def _roll_2d3(self, ctx: Context, why: str, who: PlayerId) -> int:
        return ctx.dice.d3(why, who).result + ctx.dice.d3(why, who).result

    def _random_move(self, ctx: Context, state: FlyingPigsState, model: Model, why: str) -> None:
        """2D3" plus D3" per Grease Marker in a random direction. A model on fire flies over
        everything but the Pigsty edge; a Pig turns back at that edge and an Orc stops."""
        if state.phase is Phase.OVER or not model.placed:
            return
        cause = "" if why == "Random Move" else f" ({why})"
        length = self._roll_2d3(ctx, f"Random Move of {model.id}{cause}", model.owner)
        for _ in range(model.grease):
            length += ctx.dice.d3(f"Random Move of {model.id}, its Grease Marker{cause}", model.owner).result
        angle = random_direction(ctx.dice, f"direction of {model.id}'s Random Move{cause}", model.owner)
        pig = model.kind is Kind.PIG
        path: list[XY] = [model.xy]
        field = kitchen = False
        knocked: list[Task] = []
        left = float(length)
        for _ in range(board.MAX_LEGS):
            moved, stopper, left = board.sweep(state, model, angle, left, flying=model.fire,
                                               turn_back=pig, stop_at_kitchen=pig)
            path += moved.path[1:]
            model.x, model.y = moved.end
            field = field or moved.field
            kitchen = moved.kitchen
            if kitchen or stopper is None or stopper not in state.models:
                break
            other = state.models[stopper]
            if (pig and other.kind is Kind.ORC and other.stance is Stance.SHOO and not model.shrooms
                    and model.id not in state.shoved and model.id not in state.shooed and left > 1e-9):
                state.shooed.append(model.id)
                ctx.say(f"Shoo! Orc {other.id} waves {state.label(model.id)} away.")
                # Step back a hair from the contact, so the new direction never grazes the Orc's outline.
                model.x, model.y = offset(model.xy, angle + 180.0, SHOO_CLEARANCE)
                path.append(model.xy)
                left += SHOO_CLEARANCE
                angle = random_direction(ctx.dice, f"new direction of {model.id} (Shoo!)", model.owner)
                continue
            if model.shrooms:
                ctx.say(f"{state.label(model.id)}, full of Shrooms, bowls into {state.label(other.id)}!")
                knocked.append(Task(kind="random", model=other.id, why="Knocked by Shrooms"))
            break
        moved = board.Moved(path=path, kitchen=kitchen, field=field)
        self._finish_move(ctx, state, model, moved, random=True, knocked=knocked)

    def _finish_move(self, ctx: Context, state: FlyingPigsState, model: Model, moved: board.Moved, *,
                     random: bool, pigtoss: bool = False, knocked: Sequence[Task] = ()) -> None:
        """The end of any move: Mushroom Fields, the Kitchen, what the stop sets off, then the
        1" spacing. I.6.1 spaces a model only after the Shove, Shoo! and Shroom effects of its
        move, so those are measured where the move really ended and the spacing waits in the
        queue behind them (dropped if they move the model on)."""
        path = moved.path
        pig = model.kind is Kind.PIG
        if pig and model.fire:  # a flier meets the table only where it lands
            model.x, model.y = path[-1]
            moved.field = board.touches_field(state, model)
            moved.kitchen = board.touches_kitchen(model)
        if pig and moved.field and not model.shrooms:
            model.shrooms = True
            ctx.say(f"{state.label(model.id)} gobbles mushrooms and gets Shrooms!")
        model.x, model.y = path[-1]
        state.paths.append(Path(model=model.id, points=_rounded(path), random=random))
        if pig and moved.kitchen and not pigtoss:
            self._win(ctx, state, model)
            return
        if pigtoss:  # I.4: the Pigtoss only stops 1" from other Pigs; nothing is set off
            if not moved.kitchen:
                self._space(state, model, path)
            return
        after = [*knocked, *self._triggers(ctx, state, model, {t.model for t in knocked})]
        state.queue[0:0] = [*after, Task(kind="space", model=model.id, path=path)]

    def _space(self, state: FlyingPigsState, model: Model, path: list[XY]) -> None:
        """I.6.1: back along the path to 1" from rocks and models, unless the model has moved on."""
        if centre_distance(model.xy, path[-1]) > 1e-9:
            return
        spaced = board.backtrack(state, model, path)
        if spaced == path:
            return
        model.x, model.y = spaced[-1]
        drawn = _rounded(path)
        for line in reversed(state.paths):
            if line.model == model.id and line.points == drawn:
                line.points = _rounded(spaced)
                break

    def _win(self, ctx: Context, state: FlyingPigsState, pig: Model) -> None:
        """I.8: the first Pig in contact with the Kitchen wins; the others are placed by distance."""
        state.winner = pig.owner
        state.phase = Phase.OVER
        state.queue, state.pending = [], []
        state.final = {m.owner: round(board.kitchen_distance(m), 3) for m in state.models.values() if m.kind is Kind.PIG}
        ctx.say(f"{state.label(pig.id)} reaches the Kitchen! {state.name_of(pig.owner)} is the Iron Orc Chef.",
                kind="end")

    def _triggers(self, ctx: Context, state: FlyingPigsState, mover: Model, knocked: set[ModelId]) -> list[Task]:
        """I.5 Step 4 and I.7: a model that has ended a move near a Shove, a Fire it up! or a
        model full of Shrooms sets them off. Shrooms work both ways: the mover lurches away from
        a Shroomed model within 2", and a Shroomed mover sends every model within 2" of where it
        stops on a Random Move (those it bowled into already have theirs). Returns the Random
        Moves to make; reactions wait in `pending` for their owners."""
        if state.phase is Phase.OVER or state.chain >= CHAIN_LIMIT:
            return []
        state.chain += 1
        me = board.shape_of(mover)
        near = [m for m in state.models.values() if m.placed and m.id != mover.id
                and distance(me, board.shape_of(m)) <= board.REACH + 0.01]
        tasks: list[Task] = []
        if any(m.shrooms for m in near):
            ctx.say(f"{state.label(mover.id)} came too close to a Shroomed model and lurches away!")
            tasks.append(Task(kind="random", model=mover.id, why="Shrooms"))
        if mover.shrooms:
            for other in near:
                if other.id not in knocked:
                    ctx.say(f"{state.label(other.id)} finds a Shroomed {state.label(mover.id)} within 2\" and "
                            "lurches away!")
                    tasks.append(Task(kind="random", model=other.id, why="Shrooms"))
        for orc in near:
            if orc.kind is not Kind.ORC or orc.stance_used:
                continue
            if orc.stance is Stance.SHOVE and not mover.shrooms:
                state.pending.append(Reaction(orc=orc.id, stance=Stance.SHOVE, target=mover.id))
            elif orc.stance is Stance.FIRE and mover.kind is Kind.PIG:
                state.pending.append(Reaction(orc=orc.id, stance=Stance.FIRE, target=mover.id))
        return tasks

    def _drop_stale(self, state: FlyingPigsState) -> None:
        """A reaction whose Orc or target has moved on (spent, or no longer within 2") lapses."""
        while state.pending:
            r = state.pending[0]
            orc, target = state.models[r.orc], state.models[r.target]
            near = distance(board.shape_of(orc), board.shape_of(target)) <= board.REACH + 0.01
            if orc.stance is r.stance and not orc.stance_used and near and not (
                    r.stance is Stance.SHOVE and target.shrooms):
                return
            state.pending.pop(0)

    def _react(self, ctx: Context, state: FlyingPigsState, use: bool) -> None:
        r = state.pending.pop(0)
        orc, target = state.models[r.orc], state.models[r.target]
        if not use:
            ctx.say(f"Orc {orc.id} lets {state.label(target.id)} be.")
            return
        orc.stance_used = True
        if r.stance is Stance.SHOVE:
            ctx.say(f"Orc {orc.id} shoves {state.label(target.id)}!")
            state.shoved.append(target.id)
            self._random_move(ctx, state, target, "Shove")
            return
        roll = ctx.dice.d6(f"Fire it up! by Orc {orc.id}", orc.owner).result
        victim = target if roll >= 3 else orc
        if victim is orc:
            ctx.say(f"The torch flares back at Orc {orc.id}!")
        self._set_ablaze(ctx, state, victim, orc)
        self._random_move(ctx, state, victim, "Fire it up!")

    def _run(self, ctx: Context, state: FlyingPigsState, task: Task) -> None:
        model = state.models[task.model]
        if task.kind == "space":
            self._space(state, model, task.path)
            return
        if task.kind == "slippery":
            if ctx.dice.d6(f"does Orc {model.id} slip? (1 slips)", model.owner).result == 1:
                model.slipped = True
                self._slippery(ctx, state, model)
            return
        if task.kind == "pig":
            ctx.say(f"{state.name_of(model.owner)}'s Pig runs!")
        self._random_move(ctx, state, model, task.why or "Random Move")

    # -- the view and the end -----------------------------------------------------------------
    def view(self, state: FlyingPigsState, viewer: PlayerId | None) -> FlyingPigsView:
        colours = {s.player: s.colour for s in state.seats}
        outcome = self.outcome(state)
        return FlyingPigsView(
            **table_fields(state, viewer, self.waiting_for(state), outcome.placings if outcome is not None else None),
            phase=state.phase, stage=state.stage, turn=state.turn, board=board.BOARD,
            pigsty=board.PIGSTY_RADIUS, kitchen=board.KITCHEN_SIDE,
            models=[ModelView(id=m.id, kind=m.kind, owner=m.owner, name=state.name_of(m.owner),
                              colour=colours.get(m.owner, 0), x=m.x, y=m.y, placed=m.placed, grease=m.grease,
                              fire=m.fire, shrooms=m.shrooms, stance=m.stance, stance_used=m.stance_used)
                    for m in state.models.values()],
            terrain=[t.model_copy() for t in state.terrain],
            order=list(state.turn_order or state.deploy_order), colours=colours, active=state.active,
            pending=state.pending[0].model_copy() if state.pending else None,
            paths=[p.model_copy() for p in state.paths], feats=dict(state.feats), winner=state.winner)

    def outcome(self, state: FlyingPigsState) -> Outcome | None:
        if state.phase is not Phase.OVER or state.winner is None:
            return None
        rest = sorted((p for p in state.final if p != state.winner), key=lambda p: state.final[p])
        placings: list[list[PlayerId]] = [[state.winner]]
        for p in rest:
            if len(placings) > 1 and math.isclose(state.final[placings[-1][0]], state.final[p]):
                placings[-1].append(p)
            else:
                placings.append([p])
        return Outcome(placings=placings, feats=dict(state.feats),
                       summary=f"{state.name_of(state.winner)}'s Pig reached the Kitchen in Player Turn {state.turn}.")


def _rounded(path: Sequence[XY]) -> list[XY]:
    return [(round(x, 3), round(y, 3)) for x, y in path]
