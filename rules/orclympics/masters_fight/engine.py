"""Masters' Fight (seed 000, III): a free-for-all of single Orcs on an 8x8 board.

Section numbers in comments and docstrings are those of seed 000, part III.
Where the text leaves a question open, the reading chosen follows the games'
own "Bloodshed Games" rule (III.1.1) and is listed in `guide.READINGS`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any, cast

from rules.core.engine import Context, Outcome, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.grid import (
    ALL_SQUARES,
    adjacent,
    distance,
    parse_square,
    square_at,
    within,
    xy,
)
from rules.core.initiative import TieBreak, age_ties, roll_order
from rules.core.views import table_fields
from rules.orclympics.broods import Brood, brood_of
from rules.orclympics.discipline import Discipline
from rules.orclympics.masters_fight.moves import MOVES
from rules.orclympics.masters_fight.models import (
    ACTION_ADAPTER,
    Action,
    Activation,
    AttackKind,
    Deploy,
    DropItem,
    EndActivation,
    Feat,
    Fury,
    Grab,
    HelmetQuestion,
    Item,
    Jump,
    MastersFightState,
    MastersFightView,
    Move,
    Orc,
    OrcView,
    Phase,
    Recover,
    Smash,
    Stomp,
    Terrain,
    UseHelmet,
    is_down,
    on_platform,
)

# III.1.2 Orc Broods: (Combat Skill, Health Points). Iron's Mountain of Steel is already in its profile.
PROFILES: dict[Brood, tuple[int, int]] = {Brood.COMMON: (4, 6), Brood.FERAL: (4, 6), Brood.IRON: (3, 7)}
TERRAIN_COUNT = 4  # III.2
ITEM_COUNT = 8  # III.2
ACTION_POINTS = 2  # III.4.2
MOVE_SQUARES = 2  # III.4.2.1
MOVE_SQUARES_DOWN = 1  # III.4.2.1, when Knocked Down
JUMP_SQUARES = 3  # III.4.2.6
AXE_RANGE = 4  # III.2 Throwing Axe
FURY_SKILL = 5  # III.1.2 Feral Fury


class MastersFight(Discipline[MastersFightState, Action]):
    slug = "masters-fight"
    title = "Masters' Fight"
    min_players = 2
    max_players = 6
    recommended = (4, 6)
    state_type = MastersFightState
    action_adapter = ACTION_ADAPTER
    moves = MOVES
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (nothing: everything is on the table)

    # -- III.2 Setting up the Game, III.3 Deployment ---------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> MastersFightState:
        orcs: dict[PlayerId, Orc] = {}
        for seat in seats:
            brood = brood_of(seat)
            skill, hp = PROFILES[brood]
            orcs[seat.player] = Orc(player=seat.player, name=seat.name, brood=brood,
                                    hp=hp, max_hp=hp, combat_skill=skill)
        free = list(ALL_SQUARES)
        terrain: dict[str, Terrain] = {}
        items: dict[str, Item] = {}
        for _ in range(TERRAIN_COUNT):
            kind = ctx.dice.pick(list(Terrain), "Terrain Feature")
            square = free.pop(free.index(ctx.dice.pick(free, f"square for a {kind.value.title()}")))
            terrain[square] = kind
        for _ in range(ITEM_COUNT):
            item = ctx.dice.pick(list(Item), "Item")
            square = free.pop(free.index(ctx.dice.pick(free, f"square for a {item.label}")))
            items[square] = item
        ctx.say("The fighting pit is ready: " + _listing(terrain, items) + ".", kind="phase")
        ages = dict(options["ages"]) if options.get("ages") else None
        order = roll_order(ctx.dice, [s.player for s in seats], "Initiative for deployment", _ties(ages))
        state = MastersFightState(seats=list(seats), dice=ctx.dice.state, orcs=orcs, terrain=terrain,
                                  items=items, order=order, ages=ages)
        ctx.say("Deployment order: " + ", ".join(orcs[p].name for p in order) + ".", kind="phase")
        return state

    # -- what the table must decide ----------------------------------------------------
    def _prompts(self, state: MastersFightState) -> list[Prompt]:
        if state.phase is Phase.DEPLOYMENT:
            player = state.order[state.step]
            return [Prompt(player=player, kind=PromptKind.SQUARE,
                           text=f"{state.orcs[player].name}, deploy your Orc on any empty square.")]
        act = state.activation
        if state.phase is Phase.OVER or act is None:
            return []
        orc = state.orcs[act.player]
        if act.helmet is not None:
            wearer = state.orcs[act.helmet.wearer]
            return [Prompt(player=wearer.player, kind=PromptKind.ACTION,
                           text=f"{wearer.name}, {orc.name} lands a Proper fightin' on you: spend your Helmet to "
                                "make it only a Smash!?",
                           default=UseHelmet(use=False).model_dump())]
        if act.pending_drop is not None:
            return [Prompt(player=act.player, kind=PromptKind.SQUARE,
                           text=f"{orc.name}, choose the square next to you where your {act.pending_drop.label} lands.")]
        if act.fury_target is not None:
            return [Prompt(player=act.player, kind=PromptKind.ACTION,
                           text=f"{orc.name}, Feral Fury: strike {state.orcs[act.fury_target].name} again at Combat Skill 5?")]
        squares = f", {act.move_left} square(s) of movement left" if act.move_left else ""
        return [Prompt(player=act.player, kind=PromptKind.ACTION,
                       text=f"{orc.name}: {act.action_points} Action Point(s){squares}.")]

    def _legal_actions(self, state: MastersFightState, player: PlayerId) -> list[Action]:
        if player not in self.waiting_for(state):
            return []
        if state.phase is Phase.DEPLOYMENT:
            return [Deploy(square=s) for s in ALL_SQUARES if _deployable(state, s)]
        act = state.activation
        assert act is not None
        if act.helmet is not None:
            return [UseHelmet(use=True), UseHelmet(use=False)]
        orc = state.orcs[player]
        if act.pending_drop is not None:
            return [DropItem(square=s) for s in _drop_squares(state, orc)]
        if act.fury_target is not None:
            return [Fury(strike=True), Fury(strike=False)]
        actions: list[Action] = [Move(to=s) for s in sorted(_reachable(state, orc, act), key=lambda s: (
            distance(cast(str, orc.square), s), s))]
        if _can_recover(orc, act):
            actions.append(Recover())
        if _can_grab(state, orc, act):
            actions.append(Grab())
        if _can_attack(state, orc, act, "smash"):
            for target in _enemies(state, orc):
                if distance(cast(str, orc.square), cast(str, target.square)) <= _reach(state, orc):
                    actions.append(Smash(target=target.player))
                if _usable_item(state, orc) is Item.THROWING_AXE and \
                        distance(cast(str, orc.square), cast(str, target.square)) <= AXE_RANGE:
                    actions.append(Smash(target=target.player, throw_axe=True))
        if _can_attack(state, orc, act, "stomp"):
            actions.extend(Stomp(target=t.player) for t in _enemies(state, orc)
                           if is_down(state, t) and distance(cast(str, orc.square), cast(str, t.square))
                           <= _reach(state, orc))
        if _can_jump(state, orc, act):
            actions.extend(Jump(to=to, target=t) for to, t in _jumps(state, orc))
        actions.append(EndActivation())
        return actions

    # -- applying actions --------------------------------------------------------------
    def _apply(self, ctx: Context, state: MastersFightState, player: PlayerId, action: Action) -> None:
        if state.phase is Phase.OVER:
            raise RuleViolation("This fight is over.")
        if player not in state.orcs:
            raise RuleViolation("You are not fighting in this pit.")
        waiting = self.waiting_for(state)
        if player not in waiting:
            raise RuleViolation(f"It is {state.orcs[waiting[0]].name}'s turn, not yours.")
        if state.phase is Phase.DEPLOYMENT:
            if not isinstance(action, Deploy):
                raise RuleViolation("First deploy your Orc on an empty square.")
            self._deploy(ctx, state, player, action)
            return
        act = state.activation
        assert act is not None
        if act.helmet is not None:
            if not isinstance(action, UseHelmet):
                raise RuleViolation("First say whether the Helmet takes that Proper fightin'.")
            self._helmet(ctx, state, act, action)
            self._after_action(ctx, state)
            return
        if isinstance(action, UseHelmet):
            raise RuleViolation("No blow is waiting for a Helmet right now.")
        orc = state.orcs[player]
        if act.pending_drop is not None and not isinstance(action, DropItem):
            raise RuleViolation(f"First choose where your {act.pending_drop.label} is dropped.")
        if act.pending_drop is None and act.fury_target is not None and not isinstance(action, Fury):
            raise RuleViolation("First decide whether to use Feral Fury for a second strike.")
        state.highlight = []
        match action:
            case Move():
                self._move(ctx, state, orc, act, action)
            case Recover():
                self._recover(ctx, state, orc, act)
            case Grab():
                self._grab(ctx, state, orc, act)
            case DropItem():
                self._drop(ctx, state, orc, act, action)
            case Smash():
                self._smash(ctx, state, orc, act, action)
            case Stomp():
                self._stomp(ctx, state, orc, act, action)
            case Jump():
                self._jump(ctx, state, orc, act, action)
            case Fury():
                self._fury(ctx, state, orc, act, action)
            case EndActivation():
                ctx.say(f"{orc.name} ends the activation.")
                act.action_points = 0
                act.move_left = 0
            case Deploy():
                raise RuleViolation("Every Orc is already deployed.")
            case UseHelmet():  # answered above, while a blow waits
                raise RuleViolation("No blow is waiting for a Helmet right now.")
        self._after_action(ctx, state)

    def _deploy(self, ctx: Context, state: MastersFightState, player: PlayerId, action: Deploy) -> None:
        square = parse_square(action.square)
        if not _deployable(state, square):
            raise RuleViolation(f"{square} is not free: deploy on a square with no token and no Orc.")
        orc = state.orcs[player]
        orc.square = square
        state.highlight = [square]
        ctx.say(f"{orc.name} steps into the pit at {square}.")
        state.step += 1
        if state.step == len(state.order):
            state.phase = Phase.FIGHT
            state.step = 0
            ctx.say("Game Turn 1 begins, in the deployment order.", kind="phase")
            self._begin_activation(ctx, state)

    # III.4.2.1 Move
    def _move(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation, action: Move) -> None:
        target = parse_square(action.to)
        start = cast(str, orc.square)
        if target == start and not action.via:
            raise RuleViolation(f"{orc.name} is already on {target}.")
        budget = act.move_left + (_move_allowance(state, orc) if act.action_points else 0)
        path: list[str] = []
        here = start
        for point in [*(parse_square(v) for v in action.via), target]:
            if point == here:
                continue
            if state.terrain.get(point) is Terrain.PIT:
                raise RuleViolation(f"{point} is a Pit: no Orc can move onto it.")
            if _orc_at(state, point) not in (None, orc):
                raise RuleViolation(f"{point} is taken by another Orc.")
            way = _way(state, orc, here, point, budget - len(path))
            if way is None:
                more = "" if act.action_points else " and no Action Points are left for another Move"
                raise RuleViolation(f"{orc.name} cannot reach {point} that way with the movement left{more}.")
            path += way
            here = point
        if not path:
            raise RuleViolation(f"{orc.name} is already on {target}.")
        if len(path) > act.move_left:
            act.action_points -= 1
            act.move_left += _move_allowance(state, orc)
            ctx.say(f"{orc.name} Moves ({act.move_left} square(s) to spend).")
        for square in path:
            if state.terrain.get(square) is Terrain.PLATFORM:
                climb = ctx.dice.d6(f"{orc.name} climbs the Platform at {square} (2+)", orc.player)
                if climb.result == 1:
                    ctx.say(f"{orc.name} slips off the Platform and stays on {orc.square}; this Move is spent.")
                    act.move_left = 0
                    state.highlight = [start, cast(str, orc.square)]
                    return
            orc.square = square
            act.move_left -= 1
        state.highlight = [start, *path]
        ctx.say(f"{orc.name} moves {' → '.join([start, *path])}.")

    # III.4.2.2 Recover
    def _recover(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation) -> None:
        if not orc.knocked_down:
            raise RuleViolation(f"{orc.name} is standing; only a Knocked Down Orc can Recover.")
        _spend(act, "recover", orc)
        roll = ctx.dice.d6(f"{orc.name} tries to get up (2+)", orc.player)
        if roll.result >= 2:
            orc.knocked_down = False
            ctx.say(f"{orc.name} gets back up.")
        else:
            ctx.say(f"{orc.name} stays down and loses grip on what it carried.")
            self._start_drop(ctx, state, orc, act)

    # III.4.2.3 Grab an Item
    def _grab(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation) -> None:
        if not _can_grab(state, orc, act):
            raise RuleViolation(_grab_refusal(state, orc, act))
        square = cast(str, orc.square)
        _spend(act, None, orc)
        old = orc.item
        orc.item = state.items.pop(square)
        orc.grabs += 1
        ctx.say(f"{orc.name} grabs the {orc.item.label}.")
        if orc.grabs >= 3:
            self._feat(ctx, state, Feat.MY_PRECIOUS, orc)
        if old is not None:
            act.pending_drop = old
            self._settle_drop(ctx, state, orc, act)

    def _start_drop(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation) -> None:
        if orc.item is None:
            return
        act.pending_drop, orc.item = orc.item, None
        self._settle_drop(ctx, state, orc, act)

    def _settle_drop(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation) -> None:
        """Drop an Item: the owner picks an adjacent square with no token; with one choice
        there is nothing to ask, with none the Item leaves the game (III.4.2.3)."""
        item = act.pending_drop
        assert item is not None
        squares = _drop_squares(state, orc)
        if len(squares) > 1:
            return
        act.pending_drop = None
        if squares:
            state.items[squares[0]] = item
            ctx.say(f"The {item.label} lands on {squares[0]}.")
        else:
            ctx.say(f"Every square around is covered, so the {item.label} is lost.")

    def _drop(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation, action: DropItem) -> None:
        item = act.pending_drop
        if item is None:
            raise RuleViolation("There is nothing to drop right now.")
        square = parse_square(action.square)
        if square not in _drop_squares(state, orc):
            raise RuleViolation(f"{square} cannot take the {item.label}: pick an adjacent square with no token.")
        state.items[square] = item
        act.pending_drop = None
        state.highlight = [square]
        ctx.say(f"{orc.name} drops the {item.label} on {square}.")

    # III.4.2.4 Smash, III.4.2.5 Stomp, III.4.2.6 Jump
    def _smash(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation, action: Smash) -> None:
        target = _target(state, orc, action.target)
        if not _can_attack(state, orc, act, "smash"):
            raise RuleViolation(_attack_refusal(state, orc, act, "Smash"))
        gap = distance(cast(str, orc.square), cast(str, target.square))
        if action.throw_axe:
            if _usable_item(state, orc) is not Item.THROWING_AXE:
                raise RuleViolation(f"{orc.name} has no Throwing Axe to throw.")
            if gap > AXE_RANGE:
                raise RuleViolation(f"{target.name} is {gap} squares away; a Throwing Axe reaches {AXE_RANGE}.")
        elif gap > _reach(state, orc):
            raise RuleViolation(f"{target.name} is {gap} squares away, out of reach for a Smash.")
        _spend(act, "smash", orc)
        if action.throw_axe:
            orc.item = None
            ctx.say(f"{orc.name} hurls the Throwing Axe at {target.name}; the axe is gone for good.")
        self._attack(ctx, state, orc, target, AttackKind.SMASH)

    def _stomp(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation, action: Stomp) -> None:
        target = _target(state, orc, action.target)
        if not _can_attack(state, orc, act, "stomp"):
            raise RuleViolation(_attack_refusal(state, orc, act, "Stomp"))
        if not is_down(state, target):
            raise RuleViolation(f"{target.name} is not Knocked Down; Stomp only hits an Orc on the ground.")
        if distance(cast(str, orc.square), cast(str, target.square)) > _reach(state, orc):
            raise RuleViolation(f"{target.name} is out of reach for a Stomp.")
        _spend(act, "stomp", orc)
        self._attack(ctx, state, orc, target, AttackKind.STOMP)

    def _jump(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation, action: Jump) -> None:
        if not _can_jump(state, orc, act):
            if state.terrain.get(cast(str, orc.square)) is not Terrain.PLATFORM:
                raise RuleViolation(f"{orc.name} must stand on a Platform to Jump.")
            raise RuleViolation(_attack_refusal(state, orc, act, "Jump"))
        to = parse_square(action.to)
        target = _target(state, orc, action.target)
        if (to, target.player) not in set(_jumps(state, orc)):
            raise RuleViolation(
                f"{orc.name} cannot Jump to {to} and Smash {target.name}: land within {_jump_range(orc)} squares "
                f"on a square with no Orc and no Pit, next to the target.")
        _spend(act, "jump", orc)
        start = cast(str, orc.square)
        if state.terrain.get(to) is Terrain.PLATFORM and ctx.dice.d6(
                f"{orc.name} lands on the Platform at {to} (2+)", orc.player).result == 1:
            # III.2 Platform: entering one always takes the climbing roll; on a 1 the Orc goes no
            # further, so it drops on the last square of its flight it may stand on (reading jump-landing)
            to = next((s for s in [*reversed(_flight(start, to)), start] if s == start or (
                state.terrain.get(s) is not Terrain.PIT and _orc_at(state, s) is None)), start)
            ctx.say(f"{orc.name} misses the Platform and comes down on {to}.")
        else:
            ctx.say(f"{orc.name} leaps from the Platform at {start} and lands on {to}!")
        orc.square = to
        state.highlight = [start, to]
        if distance(to, cast(str, target.square)) > _reach(state, orc):
            ctx.say(f"{target.name} is out of reach from {to}: the Jump's Smash hits nothing.")
            return
        self._attack(ctx, state, orc, target, AttackKind.JUMP)

    def _fury(self, ctx: Context, state: MastersFightState, orc: Orc, act: Activation, action: Fury) -> None:
        target_id, kind = act.fury_target, act.fury_kind
        if target_id is None or kind is None:
            raise RuleViolation("No Feral Fury strike is on offer right now.")
        act.fury_target = act.fury_kind = None
        if not action.strike:
            ctx.say(f"{orc.name} holds back the Feral Fury.")
            return
        self._attack(ctx, state, orc, state.orcs[target_id], kind, fury=True)

    def _attack(self, ctx: Context, state: MastersFightState, orc: Orc, target: Orc, kind: AttackKind,
                *, fury: bool = False) -> None:
        """One Smash (III.4.2.4): the Smash Roll against Combat Skill, then the Smash Table."""
        skill = FURY_SKILL if fury else orc.combat_skill
        shield = _usable_item(state, target) is Item.SHIELD
        state.highlight = list(dict.fromkeys([*state.highlight, cast(str, orc.square), cast(str, target.square)]))
        verb = {"smash": "Smash", "stomp": "Stomp", "jump": "Jump Smash"}[kind.value]
        hit = ctx.dice.d6(f"{orc.name}'s {verb} Roll against {target.name} (needs {skill}+"
                          f"{', -1 for the Shield' if shield else ''})", orc.player)
        landed = hit.result - (1 if shield else 0) >= skill
        if not landed:
            ctx.say(f"{orc.name} misses {target.name}.")
        elif self._smash_table(ctx, state, orc, target, kind, fury):
            return  # the target decides about its Helmet first
        self._offer_fury(state, orc, target, kind, fury, natural_one=hit.faces[0] == 1)

    def _offer_fury(self, state: MastersFightState, orc: Orc, target: Orc, kind: AttackKind, fury: bool, *,
                    natural_one: bool) -> None:
        """III.1.2 Feral Fury: a second strike at Combat Skill 5, not after a natural 1 to hit."""
        act = state.activation
        if (orc.brood is Brood.FERAL and not fury and not natural_one
                and not target.out and act is not None and _fury_reachable(state, orc, target, kind)):
            act.fury_target, act.fury_kind = target.player, kind

    def _smash_table(self, ctx: Context, state: MastersFightState, orc: Orc, target: Orc, kind: AttackKind,
                     fury: bool) -> bool:
        """Roll on the Smash Table and apply it. True when a Proper fightin' waits for its target
        to decide about a Helmet (III.2: the wearer "can" turn it into a Smash!)."""
        bonus = (1 if _usable_item(state, orc) is Item.MACE else 0) + (1 if kind is AttackKind.STOMP else 0)
        notes = [n for n, on in (("+1 Mace", _usable_item(state, orc) is Item.MACE),
                                 ("+1 Stomp", kind is AttackKind.STOMP)) if on]
        roll = ctx.dice.d6(f"{orc.name}'s Smash Table{' (' + ', '.join(notes) + ')' if notes else ''}", orc.player)
        result = roll.result + bonus
        if roll.faces[0] == 1 or result <= 1:
            ctx.say(f"Oomph! {orc.name} swings with everything and hits nothing but air.")
            act = state.activation
            if act is not None and act.player == orc.player:
                self._start_drop(ctx, state, orc, act)
            return False
        if result == 2:
            ctx.say(f"Nope: {target.name} shrugs it off.")
            return False
        proper = result >= 6
        act = state.activation
        if proper and _usable_item(state, target) is Item.HELMET and act is not None:
            act.helmet = HelmetQuestion(wearer=target.player, kind=kind, fury=fury)
            ctx.say(f"Proper fightin'! {target.name} may take it on the Helmet...")
            return True
        self._land(ctx, state, orc, target, kind, proper)
        return False

    def _helmet(self, ctx: Context, state: MastersFightState, act: Activation, action: UseHelmet) -> None:
        question = act.helmet
        assert question is not None
        act.helmet = None
        orc, target = state.orcs[act.player], state.orcs[question.wearer]
        if action.use:
            target.item = None
            ctx.say(f"{target.name}'s Helmet takes the blow and breaks: only a Smash!")
        else:
            ctx.say(f"{target.name} keeps the Helmet for later and takes the blow in full.")
        self._land(ctx, state, orc, target, question.kind, proper=not action.use)
        self._offer_fury(state, orc, target, question.kind, question.fury, natural_one=False)

    def _land(self, ctx: Context, state: MastersFightState, orc: Orc, target: Orc, kind: AttackKind,
              proper: bool) -> None:
        """A Smash! (1 HP) or a Proper fightin' (1 HP and Knocked Down, or 2 HP if already down)."""
        if not proper:
            ctx.say(f"Smash! {target.name} takes a solid blow.")
            self._wound(ctx, state, orc, target, 1, kind)
            return
        if is_down(state, target):
            ctx.say(f"Proper fightin'! {target.name} is already down and takes a double beating.")
            self._wound(ctx, state, orc, target, 2, kind)
            return
        ctx.say(f"Proper fightin'! {target.name} is smashed off its feet.")
        self._wound(ctx, state, orc, target, 1, kind)
        if target.out:
            return
        if not target.knocked_down:
            target.knocked_down = True
            self._feat(ctx, state, Feat.SWEAT_DREAMS, orc)
        if state.terrain.get(cast(str, target.square)) is Terrain.PLATFORM:
            ctx.say(f"{target.name} stands on a Platform and ignores the knock-down while it stays there.")

    def _wound(self, ctx: Context, state: MastersFightState, orc: Orc, target: Orc, hp: int,
               kind: AttackKind) -> None:
        target.hp = max(0, target.hp - hp)
        ctx.say(f"{target.name} loses {hp} Health Point{'s' if hp > 1 else ''} ({target.hp} left).")
        if kind is AttackKind.JUMP:
            self._feat(ctx, state, Feat.FLYING_MENACE, orc)
        if kind is AttackKind.STOMP:
            self._feat(ctx, state, Feat.NO_QUARTER, orc)
        if target.hp == 0:
            self._eliminate(ctx, state, target)
            self._feat(ctx, state, Feat.WHOS_NEXT, orc)

    def _eliminate(self, ctx: Context, state: MastersFightState, orc: Orc) -> None:
        """III.1: an Orc at 0 Health Points is stunned and leaves the game. Its Item stays on
        its square when that square has no token; otherwise the Item is lost (our reading)."""
        square = cast(str, orc.square)
        ctx.say(f"💀 {orc.name} is stunned and out of the fight!")
        if orc.item is not None:
            if square not in state.items and square not in state.terrain:
                state.items[square] = orc.item
                ctx.say(f"The {orc.item.label} is left lying on {square}.")
            orc.item = None
        orc.out, orc.square = True, None
        state.eliminated.append(orc.player)

    def _feat(self, ctx: Context, state: MastersFightState, feat: Feat, orc: Orc) -> None:
        if feat.value not in state.feats:
            state.feats[feat.value] = orc.player
            ctx.say(f"🏅 Feat: {feat.value} — {orc.name} is the first to do it!", kind="feat")

    # -- III.4.1 Game Turn sequence -------------------------------------------------------
    def _after_action(self, ctx: Context, state: MastersFightState) -> None:
        if sum(not o.out for o in state.orcs.values()) <= 1:
            state.phase = Phase.OVER
            state.activation = None
            winner = next((o for o in state.orcs.values() if not o.out), None)
            if winner is not None:
                ctx.say(f"🏆 {winner.name} is the last Orc standing and wins the Masters' Fight!", kind="end")
            return
        act = state.activation
        assert act is not None
        if act.pending_drop is not None or act.fury_target is not None or act.helmet is not None:
            return
        orc = state.orcs[act.player]
        if act.action_points == 0 and not (act.move_left and _reachable(state, orc, act)):
            self._next_activation(ctx, state)

    def _next_activation(self, ctx: Context, state: MastersFightState) -> None:
        state.step += 1
        self._begin_activation(ctx, state)

    def _begin_activation(self, ctx: Context, state: MastersFightState) -> None:
        while state.step < len(state.order) and state.orcs[state.order[state.step]].out:
            state.step += 1
        if state.step >= len(state.order):
            state.turn += 1
            alive = [p for p in state.order if not state.orcs[p].out]
            state.order = roll_order(ctx.dice, alive, f"Initiative for Game Turn {state.turn}", _ties(state.ages))
            state.step = 0
            ctx.say(f"Game Turn {state.turn}: " + ", ".join(state.orcs[p].name for p in state.order) + ".",
                    kind="phase")
        player = state.order[state.step]
        state.activation = Activation(player=player, action_points=ACTION_POINTS)
        ctx.say(f"{state.orcs[player].name} activates.", kind="phase")

    # -- what players see ------------------------------------------------------------------
    def view(self, state: MastersFightState, viewer: PlayerId | None) -> MastersFightView:
        colours = {s.player: s.colour for s in state.seats}
        act = state.activation
        active = state.order[state.step] if state.phase is Phase.DEPLOYMENT else (act.player if act else None)
        outcome = self.outcome(state)
        return MastersFightView(
            **table_fields(state, viewer, [active] if active else [], outcome.placings if outcome else None),
            phase=state.phase, turn=state.turn,
            orcs=[OrcView(player=o.player, name=o.name, brood=o.brood, colour=colours.get(o.player, 0),
                          square=o.square, hp=o.hp, max_hp=o.max_hp, combat_skill=o.combat_skill,
                          knocked_down=is_down(state, o), item=o.item, out=o.out)
                  for o in (state.orcs[s.player] for s in state.seats)],
            terrain=dict(state.terrain), items=dict(state.items), order=list(state.order), active=active,
            action_points=act.action_points if act else 0, move_left=act.move_left if act else 0,
            eliminated=list(state.eliminated), feats=dict(state.feats), highlight=list(state.highlight))

    def outcome(self, state: MastersFightState) -> Outcome | None:
        """III.1: the last Orc standing wins, the last one eliminated is second, and so on."""
        if state.phase is not Phase.OVER:
            return None
        standing = [[p] for p in state.orcs if not state.orcs[p].out]
        placings = standing + [[p] for p in reversed(state.eliminated)]
        return Outcome(placings=placings, feats=dict(state.feats),
                       summary=f"{state.orcs[placings[0][0]].name} wins after {state.turn} Game Turn(s).")


# -- small rules helpers, named as in the text ---------------------------------------------


def _ties(ages: dict[PlayerId, int] | None) -> TieBreak | None:
    """Campaign Rules 4: in a campaign a tied initiative roll goes by the broods' ages instead of
    being rolled again; a standalone fight rolls again (III.3, III.4.1)."""
    return age_ties(ages)


def _listing(terrain: dict[str, Terrain], items: dict[str, Item]) -> str:
    parts = [f"{t.value.title()} at {s}" for s, t in sorted(terrain.items())]
    parts += [f"{i.label} at {s}" for s, i in sorted(items.items())]
    return ", ".join(parts)


def _orc_at(state: MastersFightState, square: str) -> Orc | None:
    for orc in state.orcs.values():
        if orc.square == square and not orc.out:
            return orc
    return None


def _deployable(state: MastersFightState, square: str) -> bool:
    return square not in state.terrain and square not in state.items and _orc_at(state, square) is None


def _usable_item(state: MastersFightState, orc: Orc) -> Item | None:
    """A Knocked Down Orc cannot benefit from the Items it carries (III.4.2.4)."""
    return None if is_down(state, orc) else orc.item


def _reach(state: MastersFightState, orc: Orc) -> int:
    return 2 if _usable_item(state, orc) is Item.SPEAR else 1


def _move_allowance(state: MastersFightState, orc: Orc) -> int:
    """III.4.2.1: 2 squares, 1 if Knocked Down. An Orc Knocked Down on a Platform ignores it only
    while it stays there: the move takes it off, so it moves as a Knocked Down Orc (reading
    platform-knockdown)."""
    base = MOVE_SQUARES_DOWN if orc.knocked_down else MOVE_SQUARES
    return base + (1 if orc.brood is Brood.COMMON else 0)  # March Training


def _jump_range(orc: Orc) -> int:
    return JUMP_SQUARES + (1 if orc.brood is Brood.COMMON else 0)  # March Training


def _enemies(state: MastersFightState, orc: Orc) -> Iterator[Orc]:
    return (o for o in state.orcs.values() if not o.out and o.player != orc.player)


def _target(state: MastersFightState, orc: Orc, target_id: PlayerId) -> Orc:
    target = state.orcs.get(target_id)
    if target is None or target.out:
        raise RuleViolation("That Orc is not in the fight.")
    if target.player == orc.player:
        raise RuleViolation("An Orc cannot attack itself, however tempting.")
    return target


def _spend(act: Activation, once: str | None, orc: Orc) -> None:
    if act.action_points < 1:
        raise RuleViolation(f"{orc.name} has no Action Points left.")
    if once is not None:
        if once in act.used:
            raise RuleViolation(f"{orc.name} can {once.title()} only once per turn.")
        act.used.append(once)
    act.action_points -= 1


def _can_recover(orc: Orc, act: Activation) -> bool:
    return orc.knocked_down and act.action_points > 0 and "recover" not in act.used


def _can_grab(state: MastersFightState, orc: Orc, act: Activation) -> bool:
    return act.action_points > 0 and not is_down(state, orc) and cast(str, orc.square) in state.items


def _grab_refusal(state: MastersFightState, orc: Orc, act: Activation) -> str:
    if act.action_points < 1:
        return f"{orc.name} has no Action Points left."
    if is_down(state, orc):
        return f"{orc.name} is Knocked Down and can only Move or Recover."
    return f"There is no Item on {orc.square} to grab."


def _can_attack(state: MastersFightState, orc: Orc, act: Activation, once: str) -> bool:
    return act.action_points > 0 and once not in act.used and not is_down(state, orc)


def _attack_refusal(state: MastersFightState, orc: Orc, act: Activation, what: str) -> str:
    if act.action_points < 1:
        return f"{orc.name} has no Action Points left."
    if is_down(state, orc):
        return f"{orc.name} is Knocked Down and can only Move or Recover."
    return f"{orc.name} can {what} only once per turn."


def _can_jump(state: MastersFightState, orc: Orc, act: Activation) -> bool:
    return on_platform(state, orc) and act.action_points > 0 and "jump" not in act.used


def _jumps(state: MastersFightState, orc: Orc) -> Iterator[tuple[str, PlayerId]]:
    """III.4.2.6: land 1..3 squares away (through Orcs and Pits), on a square with no Orc
    and no Pit, with an enemy in Smash reach of the landing square."""
    start = cast(str, orc.square)
    enemies = list(_enemies(state, orc))
    reach = _reach(state, orc)
    for to in within(start, _jump_range(orc)):
        if state.terrain.get(to) is Terrain.PIT or _orc_at(state, to) is not None:
            continue
        for enemy in enemies:
            if distance(to, cast(str, enemy.square)) <= reach:
                yield to, enemy.player


def _fury_reachable(state: MastersFightState, orc: Orc, target: Orc, kind: AttackKind) -> bool:
    if kind is AttackKind.STOMP and not is_down(state, target):
        return False
    return distance(cast(str, orc.square), cast(str, target.square)) <= _reach(state, orc)


def _drop_squares(state: MastersFightState, orc: Orc) -> list[str]:
    return [s for s in adjacent(cast(str, orc.square)) if s not in state.terrain and s not in state.items]


def _way(state: MastersFightState, orc: Orc, start: str, goal: str, budget: int) -> list[str] | None:
    """The squares stepped on from `start` to `goal` (within `budget` single steps in any of 8
    directions, never onto or through a Pit or another Orc), or None. Among the ways there the
    one chosen climbs the fewest Platforms, then takes the fewest steps, so a player is never
    made to roll for a Platform they could walk around unless they name it on the way."""
    layers = _route_layers(state, orc, budget, start)
    best: tuple[int, int] | None = None
    for steps, layer in enumerate(layers[1:], start=1):
        if goal in layer and (best is None or (layer[goal][0], steps) < best):
            best = (layer[goal][0], steps)
    if best is None:
        return None
    path, here = [], goal
    for k in range(best[1], 0, -1):
        path.append(here)
        here = cast(str, layers[k][here][1])
    return path[::-1]


def _route_layers(state: MastersFightState, orc: Orc, budget: int,
                  start: str | None = None) -> list[dict[str, tuple[int, str | None]]]:
    """Layer k maps each square reachable in exactly k steps from `start` (the Orc's square by
    default) to (fewest Platforms climbed, previous square)."""
    start = start or cast(str, orc.square)
    blocked = {s for s, t in state.terrain.items() if t is Terrain.PIT}
    blocked.update(cast(str, o.square) for o in _enemies(state, orc))
    blocked.add(start)
    platforms = {s for s, t in state.terrain.items() if t is Terrain.PLATFORM}
    layers: list[dict[str, tuple[int, str | None]]] = [{start: (0, None)}]
    for _ in range(budget):
        layer: dict[str, tuple[int, str | None]] = {}
        for square, (climbs, _) in layers[-1].items():
            for step in adjacent(square):
                if step in blocked:
                    continue
                cost = climbs + (step in platforms)
                if step not in layer or cost < layer[step][0]:
                    layer[step] = (cost, square)
        layers.append(layer)
    return layers


def _flight(start: str, to: str) -> list[str]:
    """The squares a Jump flies over between `start` and `to`, in order, on the straight line."""
    (sx, sy), (tx, ty) = xy(start), xy(to)
    n = distance(start, to)
    return [cast(str, square_at(sx + math.floor(k * (tx - sx) / n + 0.5), sy + math.floor(k * (ty - sy) / n + 0.5)))
            for k in range(1, n)]


def _reachable(state: MastersFightState, orc: Orc, act: Activation) -> set[str]:
    budget = act.move_left + (_move_allowance(state, orc) if act.action_points else 0)
    return {s for layer in _route_layers(state, orc, budget)[1:] for s in layer}
