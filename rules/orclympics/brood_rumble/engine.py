"""Brood Rumble (seed 000, II): two teams of four Orcs brawl on a 24x24" board until one is gone.

The engine waits on one decision at a time (`state.ask`). After each action `_advance`
runs the game on: queued work first (Barrels in flight, the crowd's answer), then the
flow of set-up, deployment, activations, combats and the end of the Game Turn, until a
decision is needed again or a team is gone. Section numbers are those of seed 000, part II;
readings of unclear rules follow its Bloodshed Games rule and are listed in `guide.READINGS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Context, Outcome, OutcomeKind, PlayerId, Prompt, Seat
from rules.core.errors import RuleViolation
from rules.core.initiative import age_ties, roll_off
from rules.orclympics.brood_rumble import barrels, combat, movement, setup
from rules.orclympics.brood_rumble.actions import (
    act_offers,
    activate_orc,
    apply_act,
    bonus_offers,
    catch_offers,
)
from rules.orclympics.brood_rumble.board import HEALTH
from rules.orclympics.brood_rumble.models import (
    ACTION_ADAPTER,
    PLACEABLE,
    Action,
    Activate,
    Ask,
    AskKind,
    Attack,
    Block,
    BonusThrow,
    BroodRumbleState,
    BroodRumbleView,
    CatchThrow,
    Charge,
    ChooseAttack,
    ChooseCombat,
    ChooseDefence,
    ChooseEdge,
    Deploy,
    DeployAtRandom,
    Edge,
    FallBack,
    MoveTo,
    Orc,
    Phase,
    PlaceAtRandom,
    PlaceFeature,
    Reroll,
    Team,
    ThrowTask,
    VolleyTask,
)
from rules.orclympics.brood_rumble.moves import MOVES
from rules.orclympics.brood_rumble.questions import STAGES
from rules.orclympics.brood_rumble.secrets import SECRETS
from rules.orclympics.brood_rumble.view import build_view
from rules.orclympics.broods import brood_of
from rules.orclympics.discipline import Discipline

TEAM_IDS = ("A", "B")
ORCS_PER_TEAM = 4


class BroodRumble(Discipline[BroodRumbleState, Action]):
    slug = "brood-rumble"
    title = "Brood Rumble"
    min_players = 2
    max_players = 4
    recommended = (2, 4)
    player_counts = (2, 4)  # II.1: two teams, of one player or of two
    outcome_kind = OutcomeKind.TEAMS
    state_type = BroodRumbleState
    action_adapter = ACTION_ADAPTER
    moves = MOVES
    secrets = SECRETS
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (the attack chosen in secret, which its owner sees)

    # -- II.1 teams, II.2 set-up --------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> BroodRumbleState:
        """Options: "teams" = "alternate" (seats 1&3 against 2&4, the default) or "pairs"
        (1&2 against 3&4) for four players; "ages" = {player: age rank} from a campaign, for
        the tie procedure of combat Step 1."""
        if len(seats) not in (2, 4):
            raise RuleViolation("Brood Rumble is played by 2 players, or by 4 sharing two teams.")
        players = [s.player for s in seats]
        if len(seats) == 2:
            sides = [[players[0]], [players[1]]]
        elif options.get("teams", "alternate") == "pairs":
            sides = [players[:2], players[2:]]
        elif options.get("teams", "alternate") == "alternate":
            sides = [[players[0], players[2]], [players[1], players[3]]]
        else:
            raise RuleViolation("The 'teams' option is 'alternate' (seats 1&3 against 2&4) or 'pairs' (1&2 against 3&4).")
        brood = {s.player: brood_of(s) for s in seats}
        teams = {tid: Team(id=tid, players=side) for tid, side in zip(TEAM_IDS, sides)}
        orcs: dict[str, Orc] = {}
        for tid, side in zip(TEAM_IDS, sides):
            for n in range(ORCS_PER_TEAM):
                controller = side[n * len(side) // ORCS_PER_TEAM]
                orcs[f"{tid}{n + 1}"] = Orc(id=f"{tid}{n + 1}", team=tid, player=controller,
                                            brood=brood[controller], hp=HEALTH)
        ages = options.get("ages")
        state = BroodRumbleState(seats=list(seats), dice=ctx.dice.state, teams=teams, orcs=orcs,
                                 ages=dict(ages) if ages else None)
        for tid, side in zip(TEAM_IDS, sides):
            ctx.say(f"Team {tid}: " + " and ".join(state.name_of(p) for p in side) + " with "
                    + ", ".join(o.id for o in orcs.values() if o.team == tid) + ".", kind="phase")
        count = ctx.dice.d3("how many Terrain Features (D3+2)")
        state.terrain_left = count.result + 2
        state.placing = self._team_roll_off(ctx, state, "who places the first Terrain Feature")
        ctx.say(f"{state.terrain_left} Terrain Features; Team {state.placing} places first.", kind="phase")
        self._advance(ctx, state)
        return state

    def _team_roll_off(self, ctx: Context, state: BroodRumbleState, why: str) -> str:
        """A roll-off between the teams (II.2, II.3, II.4.1): ties are rolled again, or, in a campaign
        that knows the broods' ages, go by the age of each team's first player (reading tie-procedure)."""
        leads = {state.teams[t].players[0]: t for t in TEAM_IDS}
        ages = state.ages or {}
        tie = age_ties(ages, leads)
        sides = {p: f"Team {t}" for p, t in leads.items()}  # each lead's die says which team it is for
        return leads[roll_off(ctx.dice, list(leads), why, tie, rolling_for=sides)]

    # -- what the table must decide ------------------------------------------------------
    def turn_key(self, state: BroodRumbleState) -> str:
        """A Player Turn of Brood Rumble is one Orc's activation (or a step of the set-up), counted by
        the activations already over in the Game Turn: so the choice of the Orc, and the Initiative
        roll-off that opens the Game Turn, belong to the activation they lead to (Campaign Rules 6)."""
        if state.phase is Phase.ACTIVATION:
            return f"{state.phase}:{state.turn}:{sum(o.activated for o in state.orcs.values())}"
        return f"{state.phase}:{state.turn}:{state.placing}"

    def _prompts(self, state: BroodRumbleState) -> list[Prompt]:
        return [] if state.phase is Phase.OVER else STAGES.prompts(state, state.ask)

    def _legal_actions(self, state: BroodRumbleState, player: PlayerId) -> list[Action]:
        ask = state.ask
        if ask is None or state.phase is Phase.OVER or player not in ask.players:
            return []
        orc = state.orcs.get(ask.orc or "")
        team = ask.team or ""
        match ask.kind:
            case AskKind.PLACE_FEATURE:
                offers: list[Action] = [PlaceAtRandom(kind=None)]
                for kind in PLACEABLE:
                    spots = setup.offered_spots(state, kind)
                    if spots or setup.has_room(state, kind):
                        offers.append(PlaceAtRandom(kind=kind))
                    offers += [PlaceFeature(kind=kind, x=x, y=y) for x, y in spots]
                return offers
            case AskKind.CHOOSE_EDGE:
                return [ChooseEdge(edge=e) for e in Edge]
            case AskKind.DEPLOY:
                edge = state.teams[team].edge
                assert edge is not None
                out: list[Action] = []
                for o in self._to_deploy(state, team, player):
                    out.append(DeployAtRandom(orc=o.id))
                    out += [Deploy(orc=o.id, at=at) for at in setup.free_spots(state, o, edge, setup.DEPLOY_OFFERS)]
                return out
            case AskKind.ACTIVATE:
                return [Activate(orc=o.id) for o in self._to_activate(state, team) if o.player == player]
            case AskKind.ACT:
                assert orc is not None and state.activation is not None
                return list(act_offers(state, orc, state.activation))
            case AskKind.MOVE_REROLL | AskKind.BARREL_REROLL:
                return [Reroll(reroll=False), Reroll(reroll=True)]
            case AskKind.MOVE_TO:
                assert orc is not None and state.activation is not None
                return list(movement.move_offers(state, orc, float(state.activation.budget or 0)))
            case AskKind.BONUS_THROW:
                assert orc is not None
                return list(bonus_offers(state, orc))
            case AskKind.CATCH_THROW:
                assert orc is not None
                return list(catch_offers(state, orc))
            case AskKind.CHOOSE_COMBAT:
                return [ChooseCombat(orcs=p) for p in combat.pairs_left(state)]
            case AskKind.ATTACK:
                return [ChooseAttack(attack=a) for a in Attack]
            case AskKind.DEFENCE:
                return [ChooseDefence(block=b) for b in Block]
            case AskKind.FALL_BACK:
                return [FallBack(angle=k * 360.0 / movement.DIRECTIONS) for k in range(movement.DIRECTIONS)]
        return []

    # -- applying an action ----------------------------------------------------------------
    def _apply(self, ctx: Context, state: BroodRumbleState, player: PlayerId, action: Action) -> None:
        if player not in {s.player for s in state.seats}:
            raise RuleViolation("You are not playing in this Brood Rumble.")
        ask = STAGES.admit(state, state.ask, player, action)
        state.trail = []
        state.ask = None  # `apply` works on a private copy, so a refusal below changes nothing
        self._answer(ctx, state, player, ask, action)
        self._advance(ctx, state)

    def _answer(self, ctx: Context, state: BroodRumbleState, player: PlayerId, ask: Ask, action: Action) -> None:
        """Carry out the answer to `ask`. A refusal raises before the state is handed back, and
        `apply` works on a private copy, so nothing changes when an answer is refused."""
        orc = state.orcs.get(ask.orc or "")
        team_id = ask.team or ""
        match action:
            case PlaceFeature():
                setup.put_feature(ctx, state, action.kind, (action.x, action.y), team_id)
                state.placing = _other(team_id)
            case PlaceAtRandom():
                setup.put_at_random(ctx, state, action.kind, team_id)
                state.placing = _other(team_id)
            case ChooseEdge():
                team = state.teams[team_id]
                team.edge = action.edge
                state.teams[_other(team.id)].edge = action.edge.opposite
                ctx.say(f"Team {team.id} takes the {action.edge.value} edge; Team {_other(team.id)} gets the "
                        f"{action.edge.opposite.value} edge.")
                setup.place_mounds(ctx, state, action.edge)
            case Deploy() | DeployAtRandom():
                team = state.teams[team_id]
                assert team.edge is not None
                chosen = state.orcs.get(action.orc)
                if chosen is None or chosen not in self._to_deploy(state, team.id, player):
                    raise RuleViolation(f"{action.orc} is not one of your Orcs still waiting to deploy.")
                if isinstance(action, Deploy):
                    setup.deploy(ctx, state, chosen, team.edge, action.at)
                else:
                    spots = setup.deploy_spots(state, chosen, team.edge)
                    if not spots:
                        raise RuleViolation("There is no room left on that edge.")
                    setup.deploy(ctx, state, chosen, team.edge, ctx.dice.pick(spots, f"spot for {chosen.id}"))
            case Activate():
                chosen = state.orcs.get(action.orc)
                if chosen is None or chosen.player != player or chosen not in self._to_activate(state, team_id):
                    raise RuleViolation(f"{action.orc} is not one of your Orcs waiting to be activated.")
                activate_orc(ctx, state, chosen)
            case Reroll() if ask.kind is AskKind.MOVE_REROLL:
                act = state.activation
                assert act is not None and act.roll is not None and orc is not None
                if action.reroll:
                    act.roll = ctx.dice.reroll(act.roll, f"{orc.id}'s move distance (Feral brood)")
                    act.budget = float(act.roll.result)
                    ctx.say(f"{orc.id} rerolls and may now move {act.budget:.0f}\".")
                else:
                    ctx.say(f"{orc.id} keeps {act.budget:.0f}\".")
                state.ask = Ask(kind=AskKind.MOVE_TO, players=[orc.player], orc=orc.id)
            case Reroll():
                task = state.queue[0]
                assert isinstance(task, ThrowTask) and task.roll is not None
                task.rerolled = True
                if action.reroll:
                    task.roll = ctx.dice.reroll(task.roll, f"{task.thrower}'s Barrel throw (Common brood)")
                else:
                    ctx.say(f"{task.thrower} keeps the throw.")
            case MoveTo() | Charge():
                act = state.activation
                assert act is not None and orc is not None
                points = [*action.via, action.to] if isinstance(action, MoveTo) else list(action.via)
                target = action.target if isinstance(action, Charge) else None
                if target is not None:
                    enemy = state.orcs.get(target)
                    if enemy is None or not enemy.on_board or enemy.team == orc.team:
                        raise RuleViolation(f"{target} is not an enemy Orc on the board.")
                    problem = movement.chargeable(state, enemy)
                    if problem is not None:
                        raise RuleViolation(problem)
                done = movement.plan(state, orc, [(float(x), float(y)) for x, y in points], float(act.budget or 0),
                                  target)
                movement.walk(ctx, state, orc, done)
                act.budget, act.roll = None, None
            case BonusThrow():
                assert orc is not None
                if action.target is None:
                    barrels.set_down(ctx, state, orc)
                else:
                    if action.target not in barrels.throw_targets(state, orc):
                        raise RuleViolation(f"{orc.id} cannot throw at {action.target}: pick an enemy Orc with no "
                                            "Cover in the way.")
                    barrels.declare(ctx, state, orc, state.orcs[action.target], "bonus")
            case CatchThrow():
                assert orc is not None
                if (action.target is None) == (action.angle is None):
                    raise RuleViolation("Throw the caught Barrel either at an Orc or in a direction, not both.")
                if action.target is not None:
                    aim = state.orcs.get(action.target)
                    if aim is None or not aim.on_board or aim.id == orc.id:
                        raise RuleViolation(f"{action.target} is not another Orc on the board.")
                    ctx.say(f"{orc.id} hurls the caught Barrel at {aim.id}!")
                else:
                    ctx.say(f"{orc.id} hurls the caught Barrel towards {float(action.angle or 0) % 360:.0f}°!")
                state.queue.insert(0, ThrowTask(thrower=orc.id, target=action.target,
                                                angle=None if action.angle is None else float(action.angle) % 360,
                                                source="catch"))
            case ChooseCombat():
                pair = tuple(sorted(action.orcs))
                wanted = {tuple(sorted(p)): p for p in combat.pairs_left(state)}
                if pair not in wanted:
                    raise RuleViolation("Those two Orcs have no fight waiting this turn.")
                combat.start(ctx, state, wanted[pair])
            case ChooseAttack():
                combat.choose_attack(ctx, state, action.attack)
            case ChooseDefence():
                combat.choose_defence(ctx, state, action.block)
            case FallBack():
                assert orc is not None
                movement.fall_back(ctx, state, orc, float(action.angle) % 360)
            case _:
                assert orc is not None and state.activation is not None
                apply_act(ctx, state, orc, state.activation, action)

    # -- running the game on ---------------------------------------------------------------
    def _advance(self, ctx: Context, state: BroodRumbleState) -> None:
        """Run queued work and the turn's flow until a decision is needed or the game is over."""
        while not self._over(ctx, state):
            if state.ask is not None:
                return
            if state.queue:
                task = state.queue.pop(0)
                if task.type == "throw":
                    barrels.run_throw(ctx, state, task)
                elif task.type == "anger":
                    barrels.run_anger(ctx, state, task)
                else:
                    barrels.run_volley(ctx, state)
                continue
            self._flow(ctx, state)

    def _over(self, ctx: Context, state: BroodRumbleState) -> bool:
        """II.1: a team with no Orcs left loses (both at once: a draw)."""
        if state.phase is Phase.OVER:
            return True
        if state.phase in (Phase.TERRAIN, Phase.DEPLOYMENT):
            return False
        alive = {o.team for o in state.orcs.values() if not o.out}
        if len(alive) == 2:
            return False
        state.phase = Phase.OVER
        state.winner = alive.pop() if alive else "draw"
        state.ask, state.queue, state.combat, state.activation = None, [], None, None
        if state.winner == "draw":
            ctx.say("Both teams are flattened at once: the Brood Rumble is a draw!", kind="end")
        else:
            names = " and ".join(state.name_of(p) for p in state.teams[state.winner].players)
            ctx.say(f"🏆 Team {state.winner} ({names}) is the last standing and wins the Brood Rumble!", kind="end")
        return True

    def _flow(self, ctx: Context, state: BroodRumbleState) -> None:
        """One step of the sequence; it either asks something or moves the phase along."""
        match state.phase:
            case Phase.TERRAIN:
                self._terrain(ctx, state)
            case Phase.DEPLOYMENT:
                self._deployment(ctx, state)
            case Phase.ACTIVATION:
                self._activations(ctx, state)
            case Phase.COMBAT:
                self._combats(ctx, state)

    def _terrain(self, ctx: Context, state: BroodRumbleState) -> None:
        team = state.placing or "A"
        if state.terrain_left > 0 and setup.any_room(state):
            state.ask = Ask(kind=AskKind.PLACE_FEATURE, players=list(state.teams[team].players), team=team)
            return
        if state.terrain_left > 0:
            ctx.say(f"No legal spot is left: the last {state.terrain_left} feature(s) stay off the board.")
            state.terrain_left = 0
        state.phase = Phase.DEPLOYMENT
        state.placing = self._team_roll_off(ctx, state, "who chooses the deployment edge")
        ctx.say(f"Team {state.placing} wins the roll-off and chooses an edge.", kind="phase")
        state.ask = Ask(kind=AskKind.CHOOSE_EDGE, players=list(state.teams[state.placing].players),
                        team=state.placing)

    def _to_deploy(self, state: BroodRumbleState, team: str, player: PlayerId | None = None) -> list[Orc]:
        return [o for o in state.orcs.values() if o.team == team and o.x is None and not o.out
                and (player is None or o.player == player)]

    def _deployment(self, ctx: Context, state: BroodRumbleState) -> None:
        team = state.placing or "A"
        waiting = self._to_deploy(state, team)
        if not waiting:
            team = _other(team)
            waiting = self._to_deploy(state, team)
            state.placing = team
        if waiting:
            players = list(dict.fromkeys(o.player for o in waiting))
            state.ask = Ask(kind=AskKind.DEPLOY, players=players, team=team)
            return
        state.placing = None
        self._new_turn(ctx, state)

    def _new_turn(self, ctx: Context, state: BroodRumbleState) -> None:
        """II.4.1 step 1: a fresh Game Turn and a roll-off for the Initiative."""
        state.turn += 1
        for orc in state.orcs.values():
            orc.activated = False
        state.charges, state.fought, state.audience_hit, state.grabs = {}, [], [], {}
        state.hp_lost = state.volley_done = False
        state.phase = Phase.ACTIVATION
        state.initiative = self._team_roll_off(ctx, state, f"Initiative for Game Turn {state.turn}")
        state.next_team = state.initiative
        ctx.say(f"Game Turn {state.turn}: Team {state.initiative} has the Initiative.", kind="phase")

    def _to_activate(self, state: BroodRumbleState, team: str) -> list[Orc]:
        return [o for o in state.orcs.values() if o.team == team and o.on_board and not o.activated]

    def _activations(self, ctx: Context, state: BroodRumbleState) -> None:
        """II.4.1 steps 2-4: the teams take turns activating an Orc until all have acted."""
        act = state.activation
        if act is not None:
            orc = state.orcs[act.orc]
            if act.done or orc.out or len(act.used) >= 2 or _only_end(state, orc, act):
                orc.activated = True
                state.activation = None
                state.next_team = _other(orc.team)
                return
            state.ask = Ask(kind=AskKind.ACT, players=[orc.player], orc=orc.id)
            return
        team = state.next_team or "A"
        if not self._to_activate(state, team):
            team = _other(team)
        waiting = self._to_activate(state, team)
        if not waiting:
            state.phase = Phase.COMBAT
            ctx.say("Every Orc has acted: time for the fights.", kind="phase")
            return
        if len(waiting) == 1:
            activate_orc(ctx, state, waiting[0])
            return
        players = list(dict.fromkeys(o.player for o in waiting))
        state.ask = Ask(kind=AskKind.ACTIVATE, players=players, team=team)

    def _combats(self, ctx: Context, state: BroodRumbleState) -> None:
        """II.4.1 step 5 and II.4.4: fights in the Initiative team's order, then the crowd."""
        pairs = combat.pairs_left(state)
        if len(pairs) == 1:
            combat.start(ctx, state, pairs[0])
            return
        if pairs:
            team = state.initiative or "A"
            state.ask = Ask(kind=AskKind.CHOOSE_COMBAT, players=list(state.teams[team].players), team=team)
            return
        if not state.hp_lost and not state.volley_done:
            state.volley_done = True
            state.queue.append(VolleyTask())
            return
        self._new_turn(ctx, state)

    # -- what players see ------------------------------------------------------------------------
    def view(self, state: BroodRumbleState, viewer: PlayerId | None) -> BroodRumbleView:
        return build_view(state, viewer, self.outcome(state))

    def outcome(self, state: BroodRumbleState) -> Outcome | None:
        """II.1: the team still standing wins; with four players both of its players are first
        and the other two third (shared places, as `Outcome.place_of` counts them)."""
        if state.phase is not Phase.OVER or state.winner is None:
            return None
        sides = [state.teams[t].players for t in TEAM_IDS]
        if state.winner == "draw":
            return Outcome.of_teams(sides, None, feats=dict(state.feats),
                                    summary=f"A draw after {state.turn} Game Turn(s).")
        names = " and ".join(state.name_of(p) for p in state.teams[state.winner].players)
        return Outcome.of_teams(sides, TEAM_IDS.index(state.winner), feats=dict(state.feats),
                                summary=f"Team {state.winner} ({names}) wins after {state.turn} Game Turn(s).")


def _other(team: str) -> str:
    return "B" if team == "A" else "A"


def _only_end(state: BroodRumbleState, orc: Orc, act: Any) -> bool:
    """After a first action, stop asking when nothing is left but ending (or the Fight "pass",
    which is the same thing for an Orc that has just charged)."""
    if not act.used:
        return False
    return all(a.type in ("end", "fight") for a in act_offers(state, orc, act))

