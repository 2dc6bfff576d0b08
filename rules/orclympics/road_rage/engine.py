"""Road Rage (seed 000, VI): Orc Boar Chariots race laps through three Checkpoints, keeping their
momentum between turns, pivoting in 45° steps, ramming each other and playing dirty.

One decision at a time (`state.ask`). Section numbers are those of seed 000, part VI; readings
of unclear rules are in `guide.READINGS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.dice import Dice, Roll
from rules.core.engine import Context, Outcome, PlayerId, Prompt, Seat
from rules.core.errors import RuleViolation
from rules.core.geometry import (
    EDGE,
    Board,
    Shape,
    centre_distance,
    contacts,
    distance,
    offset,
    surely_apart,
    travel,
)
from rules.core.initiative import age_ties, roll_order, tie_break_why
from rules.core.views import table_fields
from rules.orclympics.broods import Brood, brood_of
from rules.orclympics.discipline import Discipline
from rules.orclympics.road_rage.chariots import Reroll, build, driver_upgrades_for
from rules.orclympics.road_rage.circuits import (
    CHARIOT_BASE,
    READY,
    SIZES,
    Block,
    Gate,
    Layout,
    custom_start,
    random_layout,
    ready,
)
from rules.orclympics.road_rage.models import (
    ACTION_ADAPTER,
    XY,
    Action,
    Advance,
    Ask,
    AskKind,
    Build,
    Chariot,
    ChariotView,
    CircuitDone,
    DirtyTricks,
    EndTurn,
    Escape,
    FreePivot,
    OuttaDaWay,
    Phase,
    Pivot,
    PlaceGate,
    PlaceTerrain,
    Ram,
    RamStat,
    RoadRageState,
    RoadRageView,
    SetRace,
    SpeedChange,
    TakeCell,
    Turn,
)
from rules.orclympics.road_rage.moves import MOVES
from rules.orclympics.road_rage.questions import STAGES

INCREMENT = 3.0  # VI.1.1: movement in 3" increments
PIVOT = 45.0  # VI.1.1: turning in 45° steps
TRICKS_RANGE = 3.0  # VI.4.2.4
APART = 1.0  # VI.4.3: after a collision both Chariots remain 1" apart
MAX_LAPS = 5  # VI.2.2
TERRAIN = {"speed": 0, "skill": 0, "agility": 6, "chassis": 6}  # VI.4.3
TURN_LIMIT = 60  # reading "race-length"

EPIC_DRIVING = "Epic Driving"
BLOODLUST = "Bloodlust"
BITE_THE_DUST = "Bite the Dust"
FASTASS = "I'm the Fastass!"
THIS_WAY = "This way?"
FEATS = (EPIC_DRIVING, BLOODLUST, BITE_THE_DUST, FASTASS, THIS_WAY)


def chariot_shape(chariot: Chariot, at: XY | None = None, facing: float | None = None) -> Shape:
    return CHARIOT_BASE.at(at if at is not None else chariot.xy, chariot.facing if facing is None else facing)


def nearest_enemy(state: RoadRageState, chariot: Chariot) -> Chariot | None:
    """The nearest enemy Chariot within reach of Dirty Tricks. Asked for every list of moves, so a
    Chariot plainly out of reach is left out on its centre alone (`surely_apart`), before the exact
    distance of two turned bases."""
    me = chariot_shape(chariot)
    reach = TRICKS_RANGE + 0.01
    near: list[tuple[float, PlayerId]] = []
    for p, c in state.chariots.items():
        if p == chariot.player or not c.placed or c.destroyed:
            continue
        them = chariot_shape(c)
        if not surely_apart(me, them, reach) and (gap := distance(me, them)) <= reach:
            near.append((gap, p))
    return state.chariots[min(near)[1]] if near else None


def skill_test(dice: Dice, skill: int, why: str, who: PlayerId, *, reroll: bool = False,
               fails_from: int = 6) -> bool:
    """VI.4.2.3 Skill Test: a D6 equal to or under the Driver Skill passes, a 1 always passes and a
    6 always fails (from 5 against a Big Boss). One reroll of a failure when an upgrade gives it."""
    roll: Roll = dice.d6(f"{why} (Skill {skill})", who)
    for attempt in range(2):
        face = roll.result
        if face == 1 or (face <= skill and face < fails_from):
            return True
        if attempt == 0 and reroll and dice.can_reroll(roll):  # not a die a War Cry threw again
            roll = dice.reroll(roll)
            continue
    return False


class RoadRage(Discipline[RoadRageState, Action]):
    slug = "road-rage"
    title = "Road Rage"
    min_players = 2
    max_players = 4
    recommended = (2, 4)
    state_type = RoadRageState
    action_adapter = ACTION_ADAPTER
    moves = MOVES
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (nothing: everything is on the table)

    # -- VI.2 set-up ---------------------------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> RoadRageState:
        size = float(options.get("board", 36))
        if size not in SIZES:
            raise RuleViolation("Road Rage is raced on a 36\" or a 48\" board.")
        chariots = {s.player: Chariot(player=s.player, brood=brood_of(s)) for s in seats}
        state = RoadRageState(seats=list(seats), dice=ctx.dice.state, size=size, chariots=chariots)
        state.order = [s.player for s in seats]
        state.ages = dict(options["ages"]) if options.get("ages") else None
        state.ask = Ask(kind=AskKind.BUILD, players=[s.player for s in seats])
        ctx.say("Build your Chariots: one Driver Upgrade and up to three Chariot Upgrades each.", kind="phase")
        return state

    # -- who decides -------------------------------------------------------------------------------
    def _prompts(self, state: RoadRageState) -> list[Prompt]:
        return [] if state.phase is Phase.OVER else STAGES.prompts(state, state.ask)

    def _legal_actions(self, state: RoadRageState, player: PlayerId) -> list[Action]:
        ask = state.ask
        if ask is None or player not in ask.players or state.phase is Phase.OVER:
            return []
        chariot = state.chariots[player]
        match ask.kind:
            case AskKind.BUILD:
                return [Build(driver=d, upgrades=list(u)) for d, u in _sample_builds(chariot.brood)]
            case AskKind.CIRCUIT:
                return [SetRace(circuit=c, laps=0, board=b) for b in SIZES for c in (*sorted(READY), "random")] + [
                    SetRace(circuit="oval", laps=n) for n in range(1, MAX_LAPS + 1)] + [SetRace(circuit="custom")]
            case AskKind.PLACE:
                sample = ready("oval", state.size)
                gates: list[Action] = [PlaceGate(number=k + 1, a=g.a, b=g.b) for k, g in enumerate(sample.gates)
                                       if not _gate_placed(state, k)]
                return gates + [PlaceTerrain(x=b.x, y=b.y, width=b.width, height=b.height) for b in sample.blocks
                                if (b.x, b.y, b.width, b.height) not in state.blocks] + (
                    [CircuitDone()] if all(_gate_placed(state, k) for k in range(3)) else [])
            case AskKind.DEPLOY:
                return [TakeCell(cell=k) for k in _free_cells(state)]
            case AskKind.DRIVE:
                return self._drive_options(state, chariot)
            case AskKind.RAM_STAT:
                return [RamStat(stat="agility"), RamStat(stat="chassis")]
            case AskKind.ESCAPE:
                return [Escape(escape=True), Escape(escape=False)]
            case AskKind.FREE_PIVOT:
                return [FreePivot(turn=1), FreePivot(turn=-1), FreePivot(turn=0)]
        return []

    def _drive_options(self, state: RoadRageState, chariot: Chariot) -> list[Action]:
        cur = state.current
        assert cur is not None
        moving = _owed(cur, chariot) > 0
        options: list[Action] = []
        within = cur.changes < chariot.agility
        if within and not cur.started and cur.ap >= 1:
            options += [SpeedChange(delta=d) for d in (1, -1) if 0 <= chariot.speed + d <= chariot.top_speed]
        if within and cur.ap >= 1:
            options += [Pivot(turn=1), Pivot(turn=-1)]
        if not within and cur.ap >= 2:
            if not cur.started:
                options += [OuttaDaWay(speed=d) for d in (1, -1) if 0 <= chariot.speed + d <= chariot.top_speed]
            options += [OuttaDaWay(turn=1), OuttaDaWay(turn=-1)]
        # VI.4.2.4 "before and after a Chariot's move" (reading tricks-timing): Pivots before the first
        # increment are not the move, so only the time between increments is closed to tricks
        if (cur.increments == 0 or not moving) and cur.ap >= 1 and nearest_enemy(state, chariot) is not None:
            options += [DirtyTricks(effect="skill"), DirtyTricks(effect="chassis")]
        if moving:
            options.append(Advance())
        else:
            options.append(EndTurn())
        return options

    # -- applying -----------------------------------------------------------------------------------
    def _apply(self, ctx: Context, state: RoadRageState, player: PlayerId, action: Action) -> None:
        ask = state.ask
        if ask is None or state.phase is Phase.OVER:
            raise RuleViolation("The race is over.")
        if player not in state.chariots:
            raise RuleViolation("You are not racing in this one.")
        STAGES.admit(state, ask, player, action)
        match ask.kind, action:
            case AskKind.BUILD, Build():
                self._build(ctx, state, player, action)
            case AskKind.CIRCUIT, SetRace():
                self._set_race(ctx, state, action)
            case AskKind.PLACE, PlaceGate():
                self._place_gate(ctx, state, action)
            case AskKind.PLACE, PlaceTerrain():
                self._place_terrain(ctx, state, action)
            case AskKind.PLACE, CircuitDone():
                if not all(_gate_placed(state, k) for k in range(3)):
                    raise RuleViolation("Place all three Checkpoints first.")
                ctx.say("The circuit is drawn.", kind="phase")
                self._line_up(ctx, state)
            case AskKind.DEPLOY, TakeCell():
                self._deploy(ctx, state, player, action.cell)
            case AskKind.DRIVE, _:
                self._drive(ctx, state, state.chariots[player], action)
            case AskKind.RAM_STAT, RamStat():
                self._ram_stat(ctx, state, player, action.stat)
            case AskKind.ESCAPE, Escape():
                self._escape(ctx, state, action.escape)
            case AskKind.FREE_PIVOT, FreePivot():
                state.ask = None
                if action.turn:
                    chariot = state.chariots[player]
                    chariot.facing = (chariot.facing + PIVOT * action.turn) % 360.0
                    ctx.say(f"{state.name_of(player)}'s Chariot swings round to {chariot.facing:g}°.")
                    self._epic(ctx, state, chariot, action.turn)
                self._resume(ctx, state)

    # -- VI.2.1 building, VI.2.2 the Circuit, VI.3 deployment -----------------------------------
    def _build(self, ctx: Context, state: RoadRageState, player: PlayerId, action: Build) -> None:
        chariot = state.chariots[player]
        profile = build(chariot.brood, action.driver, list(action.upgrades))
        chariot.driver, chariot.upgrades = action.driver, list(action.upgrades)
        chariot.top_speed, chariot.agility, chariot.skill, chariot.chassis = (
            profile.top_speed, profile.agility, profile.skill, profile.chassis)
        chariot.rerolls = sorted(r.value for r in profile.rerolls)
        chariot.big_boss = profile.big_boss
        ctx.say(f"🛞 {state.name_of(player)}'s Chariot: {profile.card()}.")
        assert state.ask is not None
        state.ask.players.remove(player)
        if not state.ask.players:
            state.phase = Phase.CIRCUIT
            state.ask = Ask(kind=AskKind.CIRCUIT, players=[state.seats[0].player])

    def _set_race(self, ctx: Context, state: RoadRageState, action: SetRace) -> None:
        if action.circuit not in ("random", "custom") and action.circuit not in READY:
            raise RuleViolation(f"Choose a ready circuit ({', '.join(sorted(READY))}), random or custom.")
        if not 0 <= action.laps <= MAX_LAPS:
            raise RuleViolation("Orcs do not count past five: choose 1 to 5 laps, or 0 to roll D3+2.")
        if action.board not in SIZES:
            raise RuleViolation("Road Rage is raced on a 36\" or a 48\" board.")
        state.size = action.board
        state.laps = action.laps or ctx.dice.d3("laps (D3+2)").result + 2
        if action.circuit == "custom":
            start, facing = custom_start(state.size)
            state.circuit = "custom"
            state.gates, state.blocks = [], []
            state.cells = Layout("custom", state.size, (), (), start, facing).cells(len(state.seats))  # type: ignore[arg-type]
            state.grid_facing = facing
            state.ask = Ask(kind=AskKind.PLACE, players=[state.seats[0].player])
            ctx.say(f"A circuit of your own on the {state.size:g}\" board, {state.laps} lap"
                    f"{'s' if state.laps > 1 else ''}: place the Checkpoints and the Terrain.", kind="phase")
            return
        layout = random_layout(ctx.dice, state.size) if action.circuit == "random" else ready(action.circuit,
                                                                                            state.size)
        state.circuit = layout.name
        state.gates = [(g.a, g.b) for g in layout.gates]
        state.blocks = [(b.x, b.y, b.width, b.height) for b in layout.blocks]
        state.cells = layout.cells(len(state.seats))
        state.grid_facing = layout.facing
        ctx.say(f"The {layout.name} circuit on the {state.size:g}\" board, {state.laps} lap"
                f"{'s' if state.laps > 1 else ''}.", kind="phase")
        self._line_up(ctx, state)

    def _place_gate(self, ctx: Context, state: RoadRageState, action: PlaceGate) -> None:
        if action.number not in (1, 2, 3):
            raise RuleViolation("Checkpoints are numbered 1, 2 and 3.")
        for post in (action.a, action.b):
            if not (0.0 <= post[0] <= state.size and 0.0 <= post[1] <= state.size):
                raise RuleViolation(f"({post[0]:g}, {post[1]:g}) is off the {state.size:g}\" board.")
        if centre_distance(action.a, action.b) < 2.0:
            raise RuleViolation("A Checkpoint's posts stand at least 2\" apart, so a Chariot fits through.")
        while len(state.gates) < 3:
            state.gates.append(UNPLACED)
        state.gates[action.number - 1] = (tuple(action.a), tuple(action.b))  # type: ignore[assignment]
        ctx.say(f"Checkpoint {action.number} stands from ({action.a[0]:g}, {action.a[1]:g}) to "
                f"({action.b[0]:g}, {action.b[1]:g}).")

    def _place_terrain(self, ctx: Context, state: RoadRageState, action: PlaceTerrain) -> None:
        block = Block(action.x, action.y, action.width, action.height)
        if not (0.5 <= action.width <= 12 and 0.5 <= action.height <= 12):
            raise RuleViolation("A Terrain Feature is 0.5\" to 12\" on a side.")
        if not _board(state).contains(block.shape):
            raise RuleViolation("That Terrain Feature would stick out of the board.")
        if any(distance(block.shape, CHARIOT_BASE.at(c, state.grid_facing)) < 1.0 for c in state.cells):
            raise RuleViolation("Keep Terrain at least 1\" from the Starting Line.")
        state.blocks.append((action.x, action.y, action.width, action.height))
        ctx.say(f"A Terrain Feature goes down at ({action.x:g}, {action.y:g}).")

    def _line_up(self, ctx: Context, state: RoadRageState) -> None:
        players = [s.player for s in state.seats]
        ages = state.ages or {}
        tie = age_ties(ages, players)
        state.order = roll_order(ctx.dice, players, "Initiative for deployment", tie)  # VI.3: ties as on p. 6
        state.step = 0
        state.phase = Phase.DEPLOY
        state.ask = Ask(kind=AskKind.DEPLOY, players=[state.order[0]])

    def _deploy(self, ctx: Context, state: RoadRageState, player: PlayerId, cell: int) -> None:
        if cell not in _free_cells(state):
            raise RuleViolation(f"Cell {cell} is not free on the Starting Line.")
        chariot = state.chariots[player]
        chariot.x, chariot.y = state.cells[cell]
        chariot.facing, chariot.placed, chariot.speed = state.grid_facing, True, 0
        ctx.say(f"{state.name_of(player)} lines up on the Starting Line (Current Speed 0).")
        state.step += 1
        if state.step < len(state.order):
            state.ask = Ask(kind=AskKind.DEPLOY, players=[state.order[state.step]])
            return
        state.phase = Phase.RACE
        self._game_turn(ctx, state)

    # -- VI.4.1 Game Turns ----------------------------------------------------------------------
    def _game_turn(self, ctx: Context, state: RoadRageState) -> None:
        if state.finishers or state.turn >= TURN_LIMIT or sum(not c.destroyed for c in state.chariots.values()) <= 1:
            self._end(ctx, state)
            return
        state.turn += 1
        state.paths = []
        racing = [p for p in state.order if not state.chariots[p].destroyed] or list(state.chariots)
        ages = state.ages or {}
        tie = age_ties(ages, racing)
        rolls, faces, above = {p: 0 for p in racing}, {p: 0 for p in racing}, {p: 0 for p in racing}
        pending = list(racing)
        again = 0
        while pending:  # ties roll again until none are left (in a campaign the broods' ages settle them)
            for p in pending:
                why = tie_break_why(f"Initiative (D6+{state.chariots[p].skill})", again)
                faces[p] = ctx.dice.d6(why, p).result
                rolls[p], above[p] = faces[p] + state.chariots[p].skill, 0
            keys = [(rolls[p], above[p]) for p in racing]
            tied = [p for p in racing if keys.count((rolls[p], above[p])) > 1]
            pending = []
            for value in sorted({rolls[p] for p in tied}):
                group = [p for p in tied if rolls[p] == value]
                # reading "age-ties-skill": a D6+Skill tie is read on the lowest of the tied dice
                settled = tie(group, min(faces[p] for p in group)) if tie is not None else None
                if settled is None:
                    pending += group
                else:
                    above.update({p: len(settled) - rank for rank, p in enumerate(settled)})
            again += 1
        state.order = sorted(racing, key=lambda p: (rolls[p], above[p]))  # VI.4.1: the lowest goes first
        state.step = 0
        state.aps = rolls
        ctx.say(f"Game Turn {state.turn}: " + ", ".join(f"{state.name_of(p)} ({rolls[p]})" for p in state.order)
                + ".", kind="phase")
        self._start_turn(ctx, state)

    def _start_turn(self, ctx: Context, state: RoadRageState) -> None:
        while state.step < len(state.order) and state.chariots[state.order[state.step]].destroyed:
            state.step += 1
        if state.step >= len(state.order):
            self._game_turn(ctx, state)
            return
        player = state.order[state.step]
        chariot = state.chariots[player]
        state.current = Turn(player=player, ap=state.aps[player])
        state.ask = Ask(kind=AskKind.DRIVE, players=[player])
        ctx.say(f"{state.name_of(player)} drives: {state.aps[player]} Action Points, Current Speed {chariot.speed}.",
                kind="phase")

    def _next_player(self, ctx: Context, state: RoadRageState) -> None:
        state.current = None
        state.step += 1
        self._start_turn(ctx, state)

    # -- VI.4.2 actions -------------------------------------------------------------------------------
    def _drive(self, ctx: Context, state: RoadRageState, chariot: Chariot, action: Action) -> None:
        cur = state.current
        assert cur is not None
        legal = self._drive_options(state, chariot)
        match action:
            case SpeedChange():
                if action not in legal:
                    raise RuleViolation(_why_not(state, chariot, "speed"))
                cur.ap -= 1
                cur.changes += 1
                self._set_speed(ctx, state, chariot, chariot.speed + action.delta)
            case Pivot():
                if action not in legal:
                    raise RuleViolation(_why_not(state, chariot, "pivot"))
                cur.ap -= 1
                cur.changes += 1
                self._pivot(ctx, state, chariot, action.turn)
            case OuttaDaWay():
                if action not in legal:
                    raise RuleViolation(_why_not(state, chariot, "outta"))
                cur.ap -= 2
                if skill_test(ctx.dice, chariot.skill, "Outta da way!", chariot.player,
                              reroll=Reroll.OUTTA.value in chariot.rerolls):
                    ctx.say("Outta da way! The driver pulls it off.")
                    if action.speed:
                        self._set_speed(ctx, state, chariot, chariot.speed + action.speed)
                    else:
                        self._pivot(ctx, state, chariot, action.turn)
                else:
                    ctx.say("Outta da way! fails: the Chariot groans under the bad driving.")
                    self._damage(ctx, state, chariot, 1, None)
            case DirtyTricks():
                if action not in legal:
                    raise RuleViolation("Dirty Tricks need an enemy Chariot within 3\", an Action Point, and come "
                                        "before or after the move.")
                cur.ap -= 1
                self._tricks(ctx, state, chariot, action.effect)
            case Advance():
                if action not in legal:
                    raise RuleViolation("There is no increment left to move this turn.")
                self._advance(ctx, state, chariot)
                return
            case EndTurn():
                if action not in legal:
                    raise RuleViolation(f"The Chariot must move its full Current Speed first "
                                        f"({_owed(cur, chariot)} increment(s) to go).")
                self._end_turn(ctx, state, chariot)
                return
            case _:
                raise RuleViolation("That is not something a driver can do now.")
        self._after(ctx, state)

    def _set_speed(self, ctx: Context, state: RoadRageState, chariot: Chariot, speed: int) -> None:
        chariot.speed = speed
        ctx.say(f"{state.name_of(chariot.player)}'s Chariot goes to Current Speed {speed}.")
        if state.fastest is None or speed > state.fastest[0]:
            state.fastest = (speed, chariot.player)

    def _pivot(self, ctx: Context, state: RoadRageState, chariot: Chariot, turn: int) -> None:
        cur = state.current
        assert cur is not None
        _start_moving(cur, chariot)
        chariot.facing = (chariot.facing + PIVOT * turn) % 360.0
        ctx.say(f"{state.name_of(chariot.player)}'s Chariot pivots to {chariot.facing:g}°.")
        self._epic(ctx, state, chariot, turn)

    def _epic(self, ctx: Context, state: RoadRageState, chariot: Chariot, turn: int) -> None:
        """VI.5 Epic Driving: a 90° turn in your Player Turn. Every 45° Pivot of the active Chariot counts,
        paid, won by Outta da way! or granted free by a Ram; a free Pivot the rammed Chariot takes falls
        in another's Player Turn and does not (reading epic-driving)."""
        cur = state.current
        if cur is None or cur.player != chariot.player:
            return
        cur.turning += turn
        if abs(cur.turning) >= 2:
            self._feat(ctx, state, EPIC_DRIVING, chariot.player)

    def _tricks(self, ctx: Context, state: RoadRageState, chariot: Chariot, effect: str) -> None:
        """VI.4.2.4 Dirty Tricks against the nearest enemy within 3"."""
        target = nearest_enemy(state, chariot)
        assert target is not None
        ok = skill_test(ctx.dice, chariot.skill, f"Dirty Tricks on {state.name_of(target.player)}",
                        chariot.player, reroll=Reroll.DIRTY.value in chariot.rerolls,
                        fails_from=5 if target.big_boss else 6)
        if not ok:
            chariot.skill = max(1, chariot.skill - 1)
            ctx.say(f"The dirty trick backfires: {state.name_of(chariot.player)}'s driver hacks its own arm "
                    f"(Driver Skill {chariot.skill}).")
            return
        if effect == "skill":
            target.skill = max(1, target.skill - 1)
            ctx.say(f"A rock to the head: {state.name_of(target.player)}'s Driver Skill drops to {target.skill}.")
        else:
            ctx.say("Wheels bash and boars slice: both Chariots lose a Chassis Point.")
            self._damage(ctx, state, target, 1, chariot.player)
            self._damage(ctx, state, chariot, 1, target.player)

    # -- VI.4.1 movement, VI.4.3 Ramming ------------------------------------------------------------
    def _advance(self, ctx: Context, state: RoadRageState, chariot: Chariot) -> None:
        cur = state.current
        assert cur is not None
        _start_moving(cur, chariot)
        start = chariot.xy
        others = {p: chariot_shape(c) for p, c in state.chariots.items()
                  if p != chariot.player and c.placed and not c.destroyed}
        blocks = {f"block{k}": Block(*b).shape for k, b in enumerate(state.blocks)}
        leg = travel(chariot_shape(chariot), chariot.facing, INCREMENT, {**others, **blocks}, area=_board(state))
        chariot.x, chariot.y = leg.end
        cur.increments += 1
        state.paths.append([start, leg.end])
        ctx.say(f"{state.name_of(chariot.player)}'s Chariot thunders {leg.travelled:.1f}\" to "
                f"({chariot.x:.1f}, {chariot.y:.1f}).")
        self._gates(ctx, state, chariot, start)
        if state.phase is Phase.OVER:
            return
        stop = leg.stopped_by
        if stop is None:
            self._after(ctx, state)
            return
        cur.stopped = True
        if stop in state.chariots:
            ctx.say(f"💥 {state.name_of(chariot.player)}'s Chariot rams {state.name_of(str(stop))}'s!")
            state.ram = Ram(attacker=chariot.player, defender=str(stop), back=start)
            state.ask = Ask(kind=AskKind.RAM_STAT, players=[chariot.player])
            return
        what = "edge" if stop == EDGE else "terrain"
        ctx.say(f"💥 {state.name_of(chariot.player)}'s Chariot smashes into the "
                f"{'edge of the track' if what == 'edge' else 'Terrain'}!")
        self._feat(ctx, state, THIS_WAY, chariot.player)
        proxy = _nearest_rival(state, chariot)
        state.ram = Ram(attacker=chariot.player, defender=None, proxy=proxy, back=start, what=what,
                        stats={"terrain": "chassis"})
        state.ask = Ask(kind=AskKind.RAM_STAT, players=[chariot.player])

    def _ram_stat(self, ctx: Context, state: RoadRageState, player: PlayerId, stat: str) -> None:
        ram = state.ram
        assert ram is not None
        ram.stats[player] = stat
        if ram.defender is not None and ram.defender not in ram.stats:
            state.ask = Ask(kind=AskKind.RAM_STAT, players=[ram.defender])
            return
        state.ask = None
        attacker = state.chariots[ram.attacker]
        a_stat = attacker.agility if ram.stats[ram.attacker] == "agility" else attacker.chassis
        hit = ctx.dice.d6("Ramming roll (ramming)", attacker.player).result + attacker.speed + a_stat
        if ram.defender is not None:
            defender = state.chariots[ram.defender]
            d_stat = defender.agility if ram.stats[ram.defender] == "agility" else defender.chassis
            guard = ctx.dice.d6("Ramming roll (rammed)", defender.player).result + defender.speed + d_stat
        else:
            guard = ctx.dice.d6(f"Ramming roll for the {ram.what}",
                                ram.proxy).result + TERRAIN["speed"] + TERRAIN["chassis"]
        ctx.say(f"Ramming: {hit} against {guard}.")
        if hit >= guard:
            if ram.defender is not None:
                self._feat(ctx, state, BLOODLUST, attacker.player)
            self._both_hurt(ctx, state)
            self._separate(ctx, state)
            self._finish_ram(ctx, state, pivot=None)
            return
        chooser = ram.defender or ram.proxy
        if chooser is None:
            self._both_hurt(ctx, state)
            self._finish_ram(ctx, state, pivot=None)
            return
        state.ask = Ask(kind=AskKind.ESCAPE, players=[chooser])

    def _escape(self, ctx: Context, state: RoadRageState, escape: bool) -> None:
        ram = state.ram
        assert ram is not None
        state.ask = None
        if escape:
            ctx.say("Escape! The Chariots slew apart unharmed.")
            self._separate(ctx, state)
            self._finish_ram(ctx, state, pivot=ram.defender)
        else:
            ctx.say("Take the hit!")
            self._both_hurt(ctx, state)
            self._separate(ctx, state)
            self._finish_ram(ctx, state, pivot=ram.attacker)

    def _both_hurt(self, ctx: Context, state: RoadRageState) -> None:
        ram = state.ram
        assert ram is not None
        wound = ctx.dice.d3("Chassis Points lost in the crash", ram.attacker).result
        attacker = state.chariots[ram.attacker]
        if ram.defender is not None:
            defender = state.chariots[ram.defender]
            self._damage(ctx, state, defender, wound, attacker.player)
            self._damage(ctx, state, attacker, wound, defender.player)
        else:
            ctx.say("The Terrain cannot be broken.")
            self._damage(ctx, state, attacker, wound, None)

    def _separate(self, ctx: Context, state: RoadRageState) -> None:
        """VI.4.3: both Chariots remain 1" apart as close to the point of contact as possible: the
        rammer backs along its way until it is."""
        ram = state.ram
        assert ram is not None
        attacker = state.chariots[ram.attacker]
        if attacker.destroyed:
            return
        things = [chariot_shape(c) for p, c in state.chariots.items()
                  if p != attacker.player and c.placed and not c.destroyed]
        things += [Block(*b).shape for b in state.blocks]
        back = (attacker.facing + 180.0) % 360.0
        for step in range(0, 61):
            spot = offset(attacker.xy, back, step * 0.05)
            shape = chariot_shape(attacker, spot)
            if all(surely_apart(shape, t, APART - 0.01) or distance(shape, t) >= APART - 0.01 for t in things) \
                    or step == 60:
                attacker.x, attacker.y = spot
                return

    def _finish_ram(self, ctx: Context, state: RoadRageState, *, pivot: PlayerId | None) -> None:
        if pivot is not None and not state.chariots[pivot].destroyed:
            state.ask = Ask(kind=AskKind.FREE_PIVOT, players=[pivot])
            return
        self._resume(ctx, state)

    def _resume(self, ctx: Context, state: RoadRageState) -> None:
        state.ram = None
        if state.phase is Phase.OVER:
            return
        self._after(ctx, state)

    def _damage(self, ctx: Context, state: RoadRageState, chariot: Chariot, points: int, by: PlayerId | None) -> None:
        chariot.chassis -= points
        ctx.say(f"{state.name_of(chariot.player)}'s Chariot loses {points} Chassis Point"
                f"{'s' if points > 1 else ''} ({max(0, chariot.chassis)} left).")
        if chariot.chassis <= 0 and not chariot.destroyed:
            chariot.destroyed = True
            state.wrecked.append(chariot.player)
            ctx.say(f"💀 {state.name_of(chariot.player)}'s Chariot is smashed to splinters!")
            if by is not None and by != chariot.player:
                self._feat(ctx, state, BITE_THE_DUST, by)

    def _after(self, ctx: Context, state: RoadRageState) -> None:
        """Back to the active driver, unless its Chariot is wrecked or nothing is left to do."""
        cur = state.current
        if cur is None or state.phase is Phase.OVER:
            return
        chariot = state.chariots[cur.player]
        if chariot.destroyed:
            self._next_player(ctx, state)
            return
        state.ask = Ask(kind=AskKind.DRIVE, players=[cur.player])

    def _end_turn(self, ctx: Context, state: RoadRageState, chariot: Chariot) -> None:
        ctx.say(f"{state.name_of(chariot.player)} ends the turn.")
        state.ask = None
        self._next_player(ctx, state)

    # -- Checkpoints, laps, the end --------------------------------------------------------------------
    def _gates(self, ctx: Context, state: RoadRageState, chariot: Chariot, start: XY) -> None:
        """A Checkpoint is passed when the Chariot touches it on its way, in order; touching the third
        completes a lap (VI.2.2, VI.4.4)."""
        gate = Gate(*state.gates[chariot.next_gate])
        angle = chariot.facing
        swept = contacts(chariot_shape(chariot, start), angle, centre_distance(start, chariot.xy) + 1e-6,
                         {"gate": gate.shape}, tolerance=0.01)
        if not swept and distance(chariot_shape(chariot), gate.shape) > 0.01:
            return
        if chariot.next_gate < 2:
            chariot.next_gate += 1
            ctx.say(f"{state.name_of(chariot.player)} passes Checkpoint {chariot.next_gate}.")
            return
        chariot.next_gate = 0
        chariot.laps += 1
        ctx.say(f"🏁 {state.name_of(chariot.player)} completes lap {chariot.laps}!")
        if chariot.laps >= state.laps and chariot.finished is None:
            state.finishers += 1
            chariot.finished = state.finishers

    def _end(self, ctx: Context, state: RoadRageState) -> None:
        state.phase = Phase.OVER
        state.ask = None
        state.current = None
        if state.fastest is not None:
            self._feat(ctx, state, FASTASS, state.fastest[1])
        winner = next((c for c in state.chariots.values() if c.finished == 1), None)
        if winner is not None:
            ctx.say(f"🏆 {state.name_of(winner.player)} wins the Road Rage!", kind="end")
        else:
            ctx.say("The race is over.", kind="end")

    def _feat(self, ctx: Context, state: RoadRageState, feat: str, player: PlayerId) -> None:
        if feat not in state.feats:
            state.feats[feat] = player
            ctx.say(f"🏅 Feat: {feat} for {state.name_of(player)}!", kind="feat")

    # -- race position and the view ----------------------------------------------------------------------
    def _standings(self, state: RoadRageState) -> list[Chariot]:
        """Race position, leader first: the winner (VI.4.4 "That Chariot wins", even if wrecked on its
        victory lap: reading winner-wrecked), the other finishers in order, then the Chariots still
        running by laps, Checkpoints and the inches to the next one. Other wrecks are left out."""
        racing = [c for c in state.chariots.values() if c.placed and (not c.destroyed or c.finished == 1)]

        def key(c: Chariot) -> tuple[float, ...]:
            if c.finished is not None:
                return (0, c.finished, 0, 0)
            gate = Gate(*state.gates[c.next_gate]) if state.gates else None
            far = centre_distance(c.xy, gate.middle) if gate else 0.0
            return (1, -c.laps, -c.next_gate, far)
        return sorted(racing, key=key)

    def view(self, state: RoadRageState, viewer: PlayerId | None) -> RoadRageView:
        colours = {s.player: s.colour for s in state.seats}
        places = {c.player: n for n, c in enumerate(self._standings(state), start=1)}
        outcome = self.outcome(state)
        return RoadRageView(
            **table_fields(state, viewer, self.waiting_for(state), outcome.placings if outcome else None),
            phase=state.phase, turn=state.turn, size=state.size, circuit=state.circuit, gates=list(state.gates),
            blocks=list(state.blocks), cells=list(state.cells), grid_facing=state.grid_facing, laps=state.laps,
            chariots=[ChariotView(player=c.player, name=state.name_of(c.player), colour=colours.get(c.player, 0),
                                  brood=c.brood, driver=c.driver, upgrades=list(c.upgrades), top_speed=c.top_speed,
                                  agility=c.agility, skill=c.skill, chassis=max(0, c.chassis), x=c.x, y=c.y,
                                  facing=c.facing, placed=c.placed, speed=c.speed, laps=c.laps,
                                  next_gate=c.next_gate, finished=c.finished, destroyed=c.destroyed,
                                  position=places.get(c.player))
                      for c in state.chariots.values()],
            active=state.current.player if state.current else None, ap=state.current.ap if state.current else 0,
            paths=[list(p) for p in state.paths], feats=dict(state.feats))

    def outcome(self, state: RoadRageState) -> Outcome | None:
        """VI.4.4: the first to complete the laps wins, even when wrecked on its victory lap; the others
        by position at the end of that Game Turn; other wrecked Chariots last, the last wrecked first."""
        if state.phase is not Phase.OVER:
            return None
        standing = self._standings(state)
        placed = {c.player for c in standing}
        ranked = standing + [state.chariots[p] for p in reversed(state.wrecked) if p not in placed]
        top = {state.fastest[1]: float(state.fastest[0])} if state.fastest else {}
        return Outcome(placings=[[c.player] for c in ranked], feats=dict(state.feats),
                       summary=f"The race ended after Game Turn {state.turn}.", records={"Top speed reached": top})


# -- helpers ---------------------------------------------------------------------------------------------


UNPLACED: tuple[XY, XY] = ((-1.0, -1.0), (-1.0, -1.0))
"""A custom circuit's Checkpoint not placed yet."""


def _gate_placed(state: RoadRageState, index: int) -> bool:
    return index < len(state.gates) and state.gates[index] != UNPLACED


def _start_moving(cur: Turn, chariot: Chariot) -> None:
    """The first Pivot or increment fixes the distance owed this turn: the Current Speed then."""
    if not cur.started:
        cur.started = True
        cur.to_move = chariot.speed


def _owed(cur: Turn, chariot: Chariot) -> int:
    """Increments still to move this Player Turn (VI.4.1: the full distance, 3" per point)."""
    if cur.stopped:
        return 0
    return chariot.speed if not cur.started else max(0, cur.to_move - cur.increments)


def _board(state: RoadRageState) -> Board:
    return Board(state.size, state.size)


def _free_cells(state: RoadRageState) -> list[int]:
    taken = {c.xy for c in state.chariots.values() if c.placed}
    return [k for k, cell in enumerate(state.cells) if cell not in taken]


def _nearest_rival(state: RoadRageState, chariot: Chariot) -> PlayerId | None:
    rivals = [(centre_distance(chariot.xy, c.xy), p) for p, c in state.chariots.items()
              if p != chariot.player and not c.destroyed]
    return min(rivals)[1] if rivals else None


def _why_not(state: RoadRageState, chariot: Chariot, what: str) -> str:
    cur = state.current
    assert cur is not None
    if what == "speed" and cur.started:
        return "Speed Changes come before any movement or Pivot."
    if cur.changes >= chariot.agility and what != "outta":
        return f"Agility {chariot.agility} is used up this turn: try Outta da way! (2 Action Points)."
    if what == "outta" and cur.changes < chariot.agility:
        return "Outta da way! is only for changes beyond the Chariot's Agility."
    return "Not enough Action Points, or the Current Speed would leave 0 to Top Speed."


def _sample_builds(brood: Brood) -> list[tuple[str, tuple[str, ...]]]:
    """A few ready builds to pick from (any legal build can be typed)."""
    builds: list[tuple[str, tuple[str, ...]]] = []
    for driver in driver_upgrades_for(brood):
        for upgrades in ((), ("moar_boar",), ("metal_plates",), ("wolves", "dead_sneaky"), ("moar_boar", "eavy_wheels")):
            try:
                build(brood, driver.key, list(upgrades))
            except RuleViolation:
                continue
            builds.append((driver.key, upgrades))
    return builds


__all__ = ["RoadRage", "FEATS", "chariot_shape", "nearest_enemy", "skill_test"]
