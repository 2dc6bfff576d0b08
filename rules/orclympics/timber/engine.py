"""Timber! (seed 000, IV): teams of two Orcs gather Wood in a Forest and run out with it.

Section numbers in comments and docstrings are those of seed 000, part IV. Where the
text leaves a question open, the reading chosen follows the games' own "Bloodshed
Games" rule (IV.1.1) and is listed, by name, in `guide.READINGS`.

A Player Turn is a small state machine (`PlayerTurn.stage`): distribute the Action
Tokens, run the Wild Boar, then act with the Orcs. Smash Attacks wait in a queue
(`PlayerTurn.threats`) and are resolved one by one; whenever one needs a choice
(an escape square, the direction of a falling Tree, the next square of a push) the
engine stops and prompts whoever must decide, which need not be the active player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from rules.core.dice import Roll
from rules.core.engine import Context, Outcome, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.grid import (
    ALL_SQUARES,
    COMPASS,
    adjacent,
    centre,
    heading,
    is_edge,
    line_end,
    line_squares,
    neighbouring,
    parse_square,
    xy,
)
from rules.core.initiative import TieBreak, age_ties, roll_order
from rules.core.views import table_fields
from rules.orclympics.broods import Brood, brood_of
from rules.orclympics.discipline import Discipline
from rules.orclympics.timber.forest import (
    LEAVE_FROM_TURN,
    ORCY_COST,
    can_still_act,
    in_forest,
    is_free,
    is_terrain,
    mate_of,
    orc_actions,
    orc_at,
    team_of,
)
from rules.orclympics.timber.moves import MOVES
from rules.orclympics.timber.models import (
    ACTION_ADAPTER,
    Action,
    Aim,
    BoarPath,
    BoarRandom,
    Deploy,
    Distribute,
    EndTurn,
    Escape,
    EscapeTo,
    Fall,
    FallView,
    Feat,
    FellCompass,
    FellToward,
    Gather,
    GatherOrcy,
    Leave,
    Move,
    OpenWay,
    Orc,
    OrcId,
    OrcView,
    Phase,
    PickWood,
    PlayerTurn,
    PlayerView,
    Push,
    PushTo,
    ShareWood,
    Shove,
    Stage,
    Threat,
    TimberState,
    TimberView,
)

TURNS = 8  # IV.1, IV.4
ORCS_PER_PLAYER = 2  # IV.1
CENTRE_SQUARES = ("d4", "e4", "d5", "e5")  # IV.2
TREES = 2  # IV.2
TREE_WOOD = 4  # IV.2
ROCKS = 8  # IV.2
BUSHES = 8  # IV.2
ACTION_TOKENS = 4  # IV.4.2.1
MAX_TOKENS_PER_ORC = 3  # IV.4.2.1
GATHER_TARGET = 4  # IV.4.2.3.4
ESCAPE_TARGET = 5  # IV.4.2.3.4 Smash Attack
SHOVE_BONUS = 1  # IV.4.2.3.2, the attacker's


class Timber(Discipline[TimberState, Action]):
    slug = "timber"
    title = "Timber!"
    min_players = 2
    max_players = 4
    recommended = (4, 4)
    state_type = TimberState
    action_adapter = ACTION_ADAPTER
    moves = MOVES
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (nothing: everything is on the table)

    def player_count_note(self, count: int) -> str | None:
        """IV.1 recommends exactly four players; say so in plain words."""
        return None if count == 4 else f"{self.title} is best with 4 players; you have {count}."

    # -- IV.2 Setting up the Game, IV.3 Deployment --------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> TimberState:
        orcs: dict[OrcId, Orc] = {}
        for seat in seats:
            for number in range(1, ORCS_PER_PLAYER + 1):
                orc_id = f"{seat.player}:{number}"
                orcs[orc_id] = Orc(id=orc_id, player=seat.player, name=f"{seat.name} #{number}",
                                   brood=brood_of(seat))
        centre_left = list(CENTRE_SQUARES)
        trees: dict[str, int] = {}
        for _ in range(TREES):
            trees[centre_left.pop(centre_left.index(ctx.dice.pick(centre_left, "square for a Tree")))] = TREE_WOOD
        free = [s for s in ALL_SQUARES if s not in trees]
        rocks = [free.pop(free.index(ctx.dice.pick(free, "square for Rocks"))) for _ in range(ROCKS)]
        bushes = [free.pop(free.index(ctx.dice.pick(free, "square for a Bush"))) for _ in range(BUSHES)]
        closest = min(_centre_distance(s) for s in free)
        boar = ctx.dice.pick([s for s in free if _centre_distance(s) == closest], "square for the Wild Boar")
        ages = _ages(options, seats)
        ctx.say(f"The Forest grows: Trees at {', '.join(sorted(trees))} with {TREE_WOOD} Wood each, "
                f"Rocks at {', '.join(sorted(rocks))}, Bushes at {', '.join(sorted(bushes))}. "
                f"The Wild Boar snorts at {boar}.", kind="phase")
        order = roll_order(ctx.dice, [s.player for s in seats], "Initiative for deployment", _tie_break(ages))
        state = TimberState(seats=list(seats), dice=ctx.dice.state, orcs=orcs, trees=trees, rocks=sorted(rocks),
                            bushes=sorted(bushes), boar=boar, order=order, ages=ages)
        ctx.say("Deployment order (also Game Turn 1's): " + ", ".join(state.name_of(p) for p in order) + ".",
                kind="phase")
        return state

    # -- who must decide what ------------------------------------------------------------
    def _prompts(self, state: TimberState) -> list[Prompt]:
        if state.phase is Phase.OVER:
            return []
        if state.phase is Phase.DEPLOYMENT:
            player = state.order[state.step]
            return [Prompt(player=player, kind=PromptKind.SQUARE,
                           text=f"{state.name_of(player)}, put both your Orcs on two free edge squares "
                                "that share a side.")]
        cur = _cur(state)
        if cur.escape is not None:
            orc = state.orcs[cur.escape.orc]
            return [Prompt(player=orc.player, kind=PromptKind.SQUARE,
                           text=f"{state.name_of(orc.player)}, {orc.name} dodged! Pick the square it dives to: "
                                f"{', '.join(cur.escape.options)}.")]
        name = state.name_of(cur.player)
        if cur.aim is not None:
            return [Prompt(player=cur.player, kind=PromptKind.ACTION,
                           text=f"{name}, the Tree at {cur.aim.tree} is coming down your way: choose a compass "
                                "direction, or a square its trunk passes through.")]
        if cur.push is not None:
            pushed = state.orcs[cur.push.orc]
            return [Prompt(player=cur.player, kind=PromptKind.SQUARE,
                           text=f"{name}, shove {pushed.name} on: {cur.push.steps} square(s) to go. "
                                "Pick the next square.")]
        if cur.stage is Stage.DISTRIBUTE:
            return [Prompt(player=cur.player, kind=PromptKind.NUMBER,
                           text=f"{name}, split your {ACTION_TOKENS} Action Tokens between your Orcs "
                                f"(no more than {MAX_TOKENS_PER_ORC} each).")]
        if cur.stage is Stage.BOAR:
            return [Prompt(player=cur.player, kind=PromptKind.ACTION,
                           text=f"{name}, the Wild Boar charges {cur.boar_squares} square(s): choose its path, "
                                "or let it run wild.")]
        left = ", ".join(f"{state.orcs[o].name} {n}" for o, n in cur.tokens.items() if can_still_act(cur, o))
        return [Prompt(player=cur.player, kind=PromptKind.ACTION,
                       text=f"{name}, act with your Orcs (tokens left: {left}). Acting with the other Orc "
                            "ends the first one's actions.")]

    def _legal_actions(self, state: TimberState, player: PlayerId) -> list[Action]:
        if player not in self.waiting_for(state):
            return []
        if state.phase is Phase.DEPLOYMENT:
            return [Deploy(first=a, second=b) for a, b in _deploy_pairs(state)]
        cur = _cur(state)
        if cur.escape is not None:
            return [EscapeTo(square=s) for s in cur.escape.options]
        if cur.aim is not None:
            tree = cur.aim.tree
            return [*(FellCompass(direction=d) for d in COMPASS), *(FellToward(square=s) for s in ALL_SQUARES
                                                                       if s != tree)]
        if cur.push is not None:
            return [PushTo(square=s) for s in _push_squares(state, state.orcs[cur.push.orc])]
        if cur.stage is Stage.DISTRIBUTE:
            return [Distribute(tokens=split) for split in _splits(state, player)]
        if cur.stage is Stage.BOAR:
            return [*(BoarPath(path=p) for p in _boar_paths(state, cur.boar_squares)), BoarRandom()]
        return [*orc_actions(state, cur), EndTurn()]

    # -- applying actions ----------------------------------------------------------------
    def _apply(self, ctx: Context, state: TimberState, player: PlayerId, action: Action) -> None:
        if not any(seat.player == player for seat in state.seats):
            raise RuleViolation("You are not gathering Wood in this Forest.")
        waiting = self.waiting_for(state)
        if player not in waiting:
            raise RuleViolation(_not_your_turn(state, waiting))
        if state.phase is Phase.DEPLOYMENT:
            if not isinstance(action, Deploy):
                raise RuleViolation("First put your two Orcs on the edge of the Forest.")
            self._deploy(ctx, state, player, action)
            self._settle(ctx, state)
            return
        cur = _cur(state)
        state.highlight = []
        if cur.escape is not None:
            if not isinstance(action, EscapeTo):
                raise RuleViolation(f"First choose where {state.orcs[cur.escape.orc].name} escapes to.")
            self._escape_to(ctx, state, cur, action)
        elif cur.aim is not None:
            if not isinstance(action, FellCompass | FellToward):
                raise RuleViolation("First choose which way the Tree falls.")
            self._aim(ctx, state, cur, action)
        elif cur.push is not None:
            if not isinstance(action, PushTo):
                raise RuleViolation(f"First finish shoving {state.orcs[cur.push.orc].name}.")
            self._push_to(ctx, state, cur, action)
        elif cur.stage is Stage.DISTRIBUTE:
            if not isinstance(action, Distribute):
                raise RuleViolation("First split your Action Tokens between your Orcs.")
            self._distribute(ctx, state, cur, action)
        elif cur.stage is Stage.BOAR:
            if not isinstance(action, BoarPath | BoarRandom):
                raise RuleViolation("First move the Wild Boar.")
            self._run_boar(ctx, state, cur, action)
        else:
            self._orc_action(ctx, state, cur, action)
        self._settle(ctx, state)

    # IV.3 Deployment
    def _deploy(self, ctx: Context, state: TimberState, player: PlayerId, action: Deploy) -> None:
        first, second = parse_square(action.first), parse_square(action.second)
        if (first, second) not in _deploy_pairs(state):
            raise RuleViolation(f"{first} and {second} will not do: pick two free edge squares that share a side "
                                "(no Terrain, no model).")
        one, two = team_of(state, player)
        one.square, two.square = first, second
        state.highlight = [first, second]
        ctx.say(f"{one.name} and {two.name} creep in at {first} and {second}.")
        state.step += 1
        if state.step == len(state.order):
            state.phase = Phase.PLAY
            state.step = 0
            ctx.say(f"Game Turn 1 of {TURNS} begins, in the deployment order.", kind="phase")
            self._begin_player_turn(ctx, state)

    # IV.4.2.1 Distribute Action Tokens
    def _distribute(self, ctx: Context, state: TimberState, cur: PlayerTurn, action: Distribute) -> None:
        tokens = {k: v for k, v in action.tokens.items() if v}
        if tokens not in _splits(state, cur.player):
            inside = [o.name for o in team_of(state, cur.player) if in_forest(o)]
            raise RuleViolation(f"Hand out all {min(ACTION_TOKENS, MAX_TOKENS_PER_ORC * len(inside))} Action "
                                f"Tokens to your Orcs in the Forest ({', '.join(inside)}), "
                                f"at most {MAX_TOKENS_PER_ORC} each.")
        self._give_tokens(ctx, state, cur, tokens)

    def _give_tokens(self, ctx: Context, state: TimberState, cur: PlayerTurn, tokens: dict[OrcId, int]) -> None:
        cur.tokens = dict(tokens)
        ctx.say("Action Tokens: " + ", ".join(f"{state.orcs[o].name} {n}" for o, n in tokens.items()) + ".")
        self._start_boar(ctx, state, cur)

    # IV.4.2.2 Move the Wild Boar
    def _start_boar(self, ctx: Context, state: TimberState, cur: PlayerTurn) -> None:
        roll = ctx.dice.d3("the Wild Boar's charge", cur.player)
        cur.boar_roll = roll.result
        cur.boar_squares = _boar_reach(state, roll.result)
        if cur.boar_squares == 0:
            ctx.say(f"The Wild Boar is hemmed in at {state.boar} and only paws the ground.")
            cur.stage = Stage.ACTIONS
            return
        if cur.boar_squares < roll.result:
            ctx.say(f"No run of {roll.result} square(s) ends on open ground, so the Boar charges "
                    f"{cur.boar_squares}.")
        cur.stage = Stage.BOAR
        paths = _boar_paths(state, cur.boar_squares)
        if len(paths) == 1:
            self._boar_along(ctx, state, cur, paths[0])

    def _run_boar(self, ctx: Context, state: TimberState, cur: PlayerTurn, action: BoarPath | BoarRandom) -> None:
        paths = _boar_paths(state, cur.boar_squares)
        if isinstance(action, BoarRandom):
            path = ctx.dice.pick(paths, "the Wild Boar's path", cur.player)
        else:
            path = [parse_square(s) for s in action.path]
            if path not in paths:
                raise RuleViolation(_boar_refusal(state, cur.boar_squares, path))
        self._boar_along(ctx, state, cur, path)

    def _boar_along(self, ctx: Context, state: TimberState, cur: PlayerTurn, path: list[str]) -> None:
        """The run is taken square by square in `_settle` (`_boar_step`), so each Smash Attack is
        resolved as the Boar enters that Orc's square, before it goes on (IV.4.2.2)."""
        trail = [state.boar, *path]
        ctx.say(f"🐗 The Wild Boar charges {' → '.join(trail)}!")
        state.highlight = trail
        cur.run = list(path)
        cur.stage = Stage.ACTIONS

    def _boar_step(self, ctx: Context, state: TimberState, cur: PlayerTurn) -> None:
        """The Boar enters its next square; an Orc there suffers a Smash Attack at once. Diving
        clear, it may not land on a square the Boar has still to run (reading boar-escape)."""
        square = cur.run.pop(0)
        state.boar = square
        victim = orc_at(state, square)
        if victim is not None:
            ctx.say(f"The Boar tramples into {victim.name} at {square}!")
            cur.threats.append(Threat(orc=victim.id, cause="boar", line=[square, *cur.run], by=cur.player))

    # IV.4.2.3 Resolve Orc Actions
    def _orc_action(self, ctx: Context, state: TimberState, cur: PlayerTurn, action: Action) -> None:
        if isinstance(action, EndTurn):
            ctx.say(f"{state.name_of(cur.player)} ends the turn.")
            cur.done = [o for o in cur.tokens]
            return
        orc_id = getattr(action, "orc", None)
        if orc_id is None:
            raise RuleViolation("That is not something your Orcs can do now.")
        orc = _acting_orc(state, cur, orc_id)
        match action:
            case Move():
                self._move(ctx, state, cur, orc, action)
            case Leave():
                self._leave(ctx, state, cur, orc)
            case Shove():
                self._shove(ctx, state, cur, orc, action)
            case OpenWay():
                self._open_way(ctx, state, cur, orc, action)
            case Gather():
                self._gather(ctx, state, cur, orc, action.tree, orcy=False)
            case GatherOrcy():
                self._gather(ctx, state, cur, orc, action.tree, orcy=True)
            case PickWood():
                self._pick_wood(ctx, state, cur, orc)
            case ShareWood():
                self._share_wood(ctx, state, cur, orc, action)
            case _:
                raise RuleViolation("That is not something your Orcs can do now.")

    # IV.4.2.3.1 Move
    def _move(self, ctx: Context, state: TimberState, cur: PlayerTurn, orc: Orc, action: Move) -> None:
        to = parse_square(action.to)
        here = cast(str, orc.square)
        if to not in neighbouring(here):
            raise RuleViolation(f"{orc.name} moves one square straight up, down, left or right; {to} is not "
                                f"next to {here} that way.")
        if not is_free(state, to):
            raise RuleViolation(f"{to} is blocked ({_what_is_on(state, to)}).")
        _spend(state, cur, orc, 1)
        orc.square = to
        state.highlight = [here, to]
        ctx.say(f"{orc.name} moves {here} → {to}.")

    def _leave(self, ctx: Context, state: TimberState, cur: PlayerTurn, orc: Orc) -> None:
        here = cast(str, orc.square)
        if state.turn < LEAVE_FROM_TURN:
            raise RuleViolation(f"The Forest can only be left from Game Turn {LEAVE_FROM_TURN} on; "
                                f"this is Game Turn {state.turn}.")
        if not is_edge(here):
            raise RuleViolation(f"{orc.name} must stand on an edge square to run out of the Forest.")
        _spend(state, cur, orc, 1)
        orc.square, orc.left = None, True
        cur.tokens[orc.id] = 0
        state.highlight = [here]
        ctx.say(f"🏃 {orc.name} runs out of the Forest from {here} with {orc.wood} Wood.")
        team = team_of(state, orc.player)
        if all(o.left and o.wood > 0 for o in team):
            self._feat(ctx, state, Feat.TEAM_WORK, orc.player)

    # IV.4.2.3.2 Shoving
    def _shove(self, ctx: Context, state: TimberState, cur: PlayerTurn, orc: Orc, action: Shove) -> None:
        target = state.orcs.get(action.target)
        if target is None or not in_forest(target):
            raise RuleViolation("That Orc is not in the Forest.")
        if target.player == orc.player:
            raise RuleViolation(f"{target.name} is on your side; shove an enemy Orc.")
        if cast(str, target.square) not in neighbouring(cast(str, orc.square)):
            raise RuleViolation(f"{target.name} must be on a square sharing a side with {orc.name}'s to be shoved.")
        _spend(state, cur, orc, 1)
        state.highlight = [cast(str, orc.square), cast(str, target.square)]
        ctx.say(f"{orc.name} shoves {target.name}!")
        attack = _shove_total(ctx, orc, attacking=True)
        defence = _shove_total(ctx, target, attacking=False)
        winner = _shove_winner(orc, target, attack, defence)
        ctx.say(f"{orc.name} {attack} against {target.name} {defence}.")
        if winner is None:
            ctx.say("Neither Orc gives an inch.")
            return
        loser = target if winner is orc else orc
        if attack == defence:
            ctx.say(f"A draw, and Common Orcs never lose a draw: {winner.name} wins the Shoving.")
        else:
            ctx.say(f"{winner.name} wins the Shoving.")
        dropped = _drop_wood(ctx, state, loser)
        if winner is orc:
            if dropped:
                self._feat(ctx, state, Feat.GIMME_THAT, orc.player)
            if attack > defence:
                cur.push = Push(orc=target.id, steps=attack - defence)
                self._push_on(ctx, state, cur)

    def _push_on(self, ctx: Context, state: TimberState, cur: PlayerTurn) -> None:
        """Keep pushing while there is exactly one square to go; stop to ask when there are more."""
        while cur.push is not None:
            pushed = state.orcs[cur.push.orc]
            squares = _push_squares(state, pushed)
            if not squares:
                ctx.say(f"{pushed.name} is wedged in and can be shoved no further.")
                cur.push = None
            elif len(squares) > 1:
                return
            else:
                self._push_step(ctx, state, cur, pushed, squares[0])

    def _push_to(self, ctx: Context, state: TimberState, cur: PlayerTurn, action: PushTo) -> None:
        push = cast(Push, cur.push)
        pushed = state.orcs[push.orc]
        square = parse_square(action.square)
        if square not in _push_squares(state, pushed):
            raise RuleViolation(f"{pushed.name} can only be shoved onto a free square sharing a side with "
                                f"{pushed.square}.")
        self._push_step(ctx, state, cur, pushed, square)
        self._push_on(ctx, state, cur)

    def _push_step(self, ctx: Context, state: TimberState, cur: PlayerTurn, pushed: Orc, square: str) -> None:
        push = cast(Push, cur.push)
        here = cast(str, pushed.square)
        pushed.square = square
        push.steps -= 1
        state.highlight = list(dict.fromkeys([*state.highlight, here, square]))
        ctx.say(f"{pushed.name} is shoved {here} → {square}.")
        if push.steps == 0:
            cur.push = None

    # IV.4.2.3.3 Open Way
    def _open_way(self, ctx: Context, state: TimberState, cur: PlayerTurn, orc: Orc, action: OpenWay) -> None:
        bush = parse_square(action.bush)
        if bush not in state.bushes:
            raise RuleViolation(f"There is no Bush at {bush}.")
        if bush not in neighbouring(cast(str, orc.square)):
            raise RuleViolation(f"{orc.name} can only clear a Bush on a square sharing a side with its own.")
        _spend(state, cur, orc, 1)
        state.bushes.remove(bush)
        state.highlight = [bush]
        count = state.bushes_opened.get(orc.player, 0) + 1
        state.bushes_opened[orc.player] = count
        ctx.say(f"{orc.name} rips the Bush at {bush} out of the ground.")
        if count >= 3:
            self._feat(ctx, state, Feat.DEFOREST, orc.player)

    # IV.4.2.3.4 Gather Wood, IV.4.2.3.5 Gather Wood in Orcy Style
    def _gather(self, ctx: Context, state: TimberState, cur: PlayerTurn, orc: Orc, tree_name: str, *,
                orcy: bool) -> None:
        tree = parse_square(tree_name)
        if state.trees.get(tree, 0) < 1:
            raise RuleViolation(f"There is no Tree with Wood left at {tree}.")
        if tree not in neighbouring(cast(str, orc.square)):
            raise RuleViolation(f"{orc.name} must stand on a square sharing a side with the Tree at {tree}.")
        _spend(state, cur, orc, ORCY_COST if orcy else 1)
        state.highlight = [cast(str, orc.square), tree]
        if orcy:
            ctx.say(f"{orc.name} tears a branch off the Tree at {tree}, Orcy Style.")
        else:
            roll = ctx.dice.d6(f"{orc.name} gathers Wood at {tree} ({GATHER_TARGET}+)", orc.player)
            if roll.result < GATHER_TARGET:
                ctx.say(f"{orc.name} hacks away but nothing comes loose.")
                return
            ctx.say(f"{orc.name} cuts a fine log from the Tree at {tree}.")
            self._feat(ctx, state, Feat.CLEVER_GATHERING, orc.player)
        state.trees[tree] -= 1
        orc.wood += 1
        if state.trees[tree] == 0:
            self._fell(ctx, state, cur, tree, orc)

    def _fell(self, ctx: Context, state: TimberState, cur: PlayerTurn, tree: str, orc: Orc) -> None:
        """The Trees: the last Wood is gone and the Tree comes down; a D6 says which way."""
        ctx.say(f"🌲 TIMBER! The Tree at {tree} cracks and starts to fall!")
        roll = ctx.dice.d6(f"Which way the Tree at {tree} falls", orc.player)
        if roll.result == 1:
            dx, dy = _towards(tree, cast(str, orc.square))
            ctx.say(f"It topples straight towards {orc.name}.")
            self._topple(ctx, state, cur, tree, dx, dy)
        elif roll.result <= 3:
            angle = ctx.dice.scatter(f"Random direction of the Tree at {tree}", orc.player).result
            ctx.say(f"It spins and falls at {angle}° (0° is towards the h file, counter-clockwise).")
            self._topple(ctx, state, cur, tree, *heading(angle))
        else:
            cur.aim = Aim(tree=tree, orc=orc.id)
            ctx.say(f"{state.name_of(orc.player)} gets to choose where it lands.")

    def _aim(self, ctx: Context, state: TimberState, cur: PlayerTurn, action: FellCompass | FellToward) -> None:
        aim = cast(Aim, cur.aim)
        if isinstance(action, FellCompass):
            dx, dy = COMPASS[action.direction.value]
            ctx.say(f"{state.name_of(cur.player)} fells the Tree to the {action.direction.value}.")
        else:
            square = parse_square(action.square)
            if square == aim.tree:
                raise RuleViolation("Pick a square other than the Tree's own to show which way it falls.")
            dx, dy = _towards(aim.tree, square)
            ctx.say(f"{state.name_of(cur.player)} fells the Tree towards {square}.")
        cur.aim = None
        self._topple(ctx, state, cur, aim.tree, dx, dy)

    def _topple(self, ctx: Context, state: TimberState, cur: PlayerTurn, tree: str, dx: float, dy: float) -> None:
        touched = line_squares(tree, dx, dy)
        end = line_end(tree, dx, dy)
        del state.trees[tree]
        state.falls.append(Fall(tree=tree, end=(round(end[0], 6), round(end[1], 6)), touched=touched,
                                turn=state.turn))
        ctx.say(f"The trunk crashes down across {', '.join(touched)}.")
        for square in touched:
            victim = orc_at(state, square)
            if victim is not None:
                cur.threats.append(Threat(orc=victim.id, cause="tree", line=touched, by=cur.player))

    # IV.4.2.3.6 Pick Wood
    def _pick_wood(self, ctx: Context, state: TimberState, cur: PlayerTurn, orc: Orc) -> None:
        here = cast(str, orc.square)
        if state.dropped.get(here, 0) < 1:
            raise RuleViolation(f"There is no Wood lying at {here}.")
        _spend(state, cur, orc, 1)
        state.dropped[here] -= 1
        if state.dropped[here] == 0:
            del state.dropped[here]
        orc.wood += 1
        state.highlight = [here]
        ctx.say(f"{orc.name} picks up a piece of Wood at {here} (now carrying {orc.wood}).")

    # IV.4.2.3.7 Share Wood
    def _share_wood(self, ctx: Context, state: TimberState, cur: PlayerTurn, orc: Orc, action: ShareWood) -> None:
        mate = mate_of(state, orc)
        if mate is None or not in_forest(mate):
            raise RuleViolation(f"{orc.name}'s teammate is not in the Forest to share Wood with.")
        if cast(str, mate.square) not in neighbouring(cast(str, orc.square)):
            raise RuleViolation(f"{orc.name} and {mate.name} must be on squares sharing a side to share Wood.")
        total = orc.wood + mate.wood
        if not 0 <= action.keep <= total:
            raise RuleViolation(f"Together they carry {total} Wood; {orc.name} can keep 0 to {total}.")
        if action.keep == orc.wood:
            raise RuleViolation(f"{orc.name} already carries {orc.wood} Wood; sharing must change something.")
        _spend(state, cur, orc, 1)
        orc.wood, mate.wood = action.keep, total - action.keep
        state.highlight = [cast(str, orc.square), cast(str, mate.square)]
        ctx.say(f"{orc.name} and {mate.name} shift the load: {orc.wood} and {mate.wood} Wood.")

    # IV.4.2.3.4 Smash Attack
    def _resolve_threat(self, ctx: Context, state: TimberState, cur: PlayerTurn, threat: Threat) -> None:
        orc = state.orcs[threat.orc]
        if not in_forest(orc):
            return
        what = "the Wild Boar" if threat.cause == "boar" else "the falling Tree"
        roll = ctx.dice.d6(f"{orc.name} tries to dodge {what} ({ESCAPE_TARGET}+)", orc.player)
        if roll.result >= ESCAPE_TARGET:
            options = _escape_squares(state, orc, threat.line)
            if len(options) > 1:
                cur.escape = Escape(orc=orc.id, options=options)
                return
            if options:
                self._escape_step(ctx, state, orc, options[0])
                return
            ctx.say(f"{orc.name} sees the danger but has nowhere to dive.")
        ctx.say(f"💥 {what.capitalize()} flattens {orc.name}!")
        if _drop_wood(ctx, state, orc) and orc.player != threat.by:
            self._feat(ctx, state, Feat.NATURES_REVENGE, threat.by)

    def _escape_to(self, ctx: Context, state: TimberState, cur: PlayerTurn, action: EscapeTo) -> None:
        escape = cast(Escape, cur.escape)
        orc = state.orcs[escape.orc]
        square = parse_square(action.square)
        if square not in escape.options:
            raise RuleViolation(f"{orc.name} can dive to {', '.join(escape.options)}, not {square}.")
        cur.escape = None
        self._escape_step(ctx, state, orc, square)

    def _escape_step(self, ctx: Context, state: TimberState, orc: Orc, square: str) -> None:
        here = cast(str, orc.square)
        orc.square = square
        state.highlight = list(dict.fromkeys([*state.highlight, square]))
        ctx.say(f"{orc.name} dives clear, {here} → {square}.")

    # -- IV.4.1 Game Turn and IV.4.2 Player Turn sequence ----------------------------------
    def _settle(self, ctx: Context, state: TimberState) -> None:
        """Run the game forward until someone has a real choice to make: Smash Attacks in
        the queue, turns with nothing left to do, the next turns, the end of the game."""
        while state.phase is Phase.PLAY:
            cur = _cur(state)
            if cur.escape is not None or cur.aim is not None or cur.push is not None:
                return
            if cur.threats:
                self._resolve_threat(ctx, state, cur, cur.threats.pop(0))
                continue
            if cur.run:
                self._boar_step(ctx, state, cur)
                continue
            if cur.stage is not Stage.ACTIONS or orc_actions(state, cur):
                return
            self._end_player_turn(ctx, state)

    def _end_player_turn(self, ctx: Context, state: TimberState) -> None:
        if not any(in_forest(o) for o in state.orcs.values()):
            ctx.say("Not an Orc is left among the trees.", kind="phase")
            self._end_game(ctx, state)
            return
        state.step += 1
        if state.step >= len(state.order):
            if state.turn >= TURNS:
                self._end_game(ctx, state)
                return
            state.turn += 1
            state.step = 0
            state.order = roll_order(ctx.dice, [s.player for s in state.seats],
                                     f"Initiative for Game Turn {state.turn}", _tie_break(state.ages))
            ctx.say(f"Game Turn {state.turn} of {TURNS}: " + ", ".join(state.name_of(p) for p in state.order)
                    + ".", kind="phase")
        self._begin_player_turn(ctx, state)

    def _begin_player_turn(self, ctx: Context, state: TimberState) -> None:
        player = state.order[state.step]
        cur = state.current = PlayerTurn(player=player)
        ctx.say(f"{state.name_of(player)}'s turn.", kind="phase")
        splits = _splits(state, player)
        if len(splits) == 1:
            if not splits[0]:
                ctx.say(f"{state.name_of(player)} has no Orc left in the Forest, but the Boar still answers "
                        "to them.")
                cur.stage = Stage.BOAR
                self._start_boar(ctx, state, cur)
            else:
                self._give_tokens(ctx, state, cur, splits[0])

    def _end_game(self, ctx: Context, state: TimberState) -> None:
        state.phase = Phase.OVER
        state.current = None
        outcome = cast(Outcome, self.outcome(state))
        ctx.say(f"🏁 {outcome.summary}", kind="end")

    def _feat(self, ctx: Context, state: TimberState, feat: Feat, player: PlayerId) -> None:
        if feat.value not in state.feats:
            state.feats[feat.value] = player
            ctx.say(f"🏅 Feat: {feat.value} — {state.name_of(player)} is the first to do it!", kind="feat")

    # -- what players see --------------------------------------------------------------------
    def view(self, state: TimberState, viewer: PlayerId | None) -> TimberView:
        colours = {s.player: s.colour for s in state.seats}
        cur = state.current
        outcome = self.outcome(state)
        active = state.order[state.step] if state.phase is Phase.DEPLOYMENT else (cur.player if cur else None)
        orcs = [OrcView(id=o.id, player=o.player, name=o.name, number=int(o.id.rsplit(":", 1)[1]),
                        colour=colours.get(o.player, 0), square=o.square, wood=o.wood, left=o.left,
                        tokens=cur.tokens.get(o.id, 0) if cur and can_still_act(cur, o.id) else 0)
                for o in state.orcs.values()]
        players = [PlayerView(player=s.player, name=s.name, brood=brood_of(s), colour=s.colour,
                              wood_out=_wood_out(state, s.player)) for s in state.seats]
        waiting = self.waiting_for(state)
        return TimberView(
            **table_fields(state, viewer, waiting, outcome.placings if outcome else None),
            phase=state.phase, turn=state.turn, turns=TURNS, stage=cur.stage if cur else None, players=players,
            orcs=orcs, trees=dict(state.trees), rocks=list(state.rocks), bushes=list(state.bushes), boar=state.boar,
            dropped=dict(state.dropped), order=list(state.order), active=active,
            tokens_left=sum(o.tokens for o in orcs), boar_roll=cur.boar_roll if cur else 0,
            waiting=waiting, feats=dict(state.feats),
            falls=[FallView(tree=f.tree, end=f.end, touched=list(f.touched)) for f in state.falls
                   if f.turn == state.turn],
            highlight=list(state.highlight))

    def outcome(self, state: TimberState) -> Outcome | None:
        """IV.4.3: only Wood carried out of the Forest counts; equal amounts share a place."""
        if state.phase is not Phase.OVER:
            return None
        scores = {s.player: _wood_out(state, s.player) for s in state.seats}
        placings = [[p for p in scores if scores[p] == value] for value in sorted(set(scores.values()),
                                                                                 reverse=True)]
        best = placings[0]
        names = " and ".join(state.name_of(p) for p in best)
        if scores[best[0]] == 0:
            summary = "Nobody got any Wood out of the Forest; everyone shares the shame."
        else:
            summary = f"{names} carried the most Wood out of the Forest ({scores[best[0]]})."
        return Outcome(placings=placings, feats=dict(state.feats), summary=summary,
                       records={"Wood carried out": {p: float(v) for p, v in scores.items()}})


# -- small rules helpers, named as in the text ----------------------------------------------


def _centre_distance(square: str) -> int:
    """Squared distance from a square's centre to the board's centre, in half squares (exact)."""
    x, y = xy(square)
    return (2 * x + 1 - 8) ** 2 + (2 * y + 1 - 8) ** 2


def _ages(options: dict[str, Any], seats: Sequence[Seat]) -> dict[PlayerId, int] | None:
    """Campaign age ranks for tied rolls (campaign rules 4), if the campaign passes them in."""
    ages = options.get("ages")
    if ages is None:
        return None
    players = {s.player for s in seats}
    if not isinstance(ages, dict) or set(ages) != players:
        raise RuleViolation("The brood ages must give a rank to every player.")
    return {str(p): int(rank) for p, rank in ages.items()}


def _tie_break(ages: dict[PlayerId, int] | None) -> TieBreak | None:
    return age_ties(ages)


def _cur(state: TimberState) -> PlayerTurn:
    assert state.current is not None, "a Player Turn is always under way while the game is played"
    return state.current


def _not_your_turn(state: TimberState, waiting: list[PlayerId]) -> str:
    if not waiting:
        return "This game is over."
    cur = state.current
    if cur is not None and cur.escape is not None:
        return f"Waiting for {state.name_of(waiting[0])} to say where their Orc escapes to."
    return f"It is {state.name_of(waiting[0])}'s turn, not yours."


def _what_is_on(state: TimberState, square: str) -> str:
    if square in state.trees:
        return "a Tree"
    if square in state.rocks:
        return "Rocks"
    if square in state.bushes:
        return "a Bush"
    if square == state.boar:
        return "the Wild Boar"
    orc = orc_at(state, square)
    return orc.name if orc else "nothing"


def _wood_out(state: TimberState, player: PlayerId) -> int:
    return sum(o.wood for o in team_of(state, player) if o.left)


def _deploy_pairs(state: TimberState) -> list[tuple[str, str]]:
    """IV.3: two free edge squares sharing a side, either Orc on either. When the edge is too
    crowded for that (READINGS "deploy-crowded"), one edge square and a free square beside it,
    and failing that any two free squares side by side."""
    free = [s for s in ALL_SQUARES if is_free(state, s)]
    pairs = [(a, b) for a in free for b in neighbouring(a) if is_free(state, b)]
    for need in (2, 1, 0):
        chosen = [(a, b) for a, b in pairs if is_edge(a) + is_edge(b) >= need]
        if chosen:
            return chosen
    return []


def _splits(state: TimberState, player: PlayerId) -> list[dict[OrcId, int]]:
    """IV.4.2.1: every way to hand out the tokens, all of them, at most three per Orc in the Forest.
    With one Orc left it takes three and the fourth is lost; with none there is nothing to hand out."""
    orcs = [o.id for o in team_of(state, player) if in_forest(o)]
    total = min(ACTION_TOKENS, MAX_TOKENS_PER_ORC * len(orcs))
    if len(orcs) == 0:
        return [{}]
    if len(orcs) == 1:
        return [{orcs[0]: total}]
    return [{orcs[0]: n, orcs[1]: total - n} for n in range(total - MAX_TOKENS_PER_ORC, MAX_TOKENS_PER_ORC + 1)]


def _boar_paths(state: TimberState, length: int) -> list[list[str]]:
    """IV.4.2.2: every run of exactly `length` squares in any of 8 directions, never back onto a
    square it stood on this turn, through Bushes and Orcs but not Rocks or Trees, stopping on a
    square with no model and no Terrain."""
    if length < 1:
        return []
    blocked = set(state.trees) | set(state.rocks)
    start = state.boar
    paths: list[list[str]] = []

    def extend(path: list[str]) -> None:
        here = path[-1] if path else start
        for step in adjacent(here):
            if step in blocked or step == start or step in path:
                continue
            if len(path) + 1 == length:
                if not is_terrain(state, step) and orc_at(state, step) is None:
                    paths.append([*path, step])
            else:
                extend([*path, step])

    extend([])
    return paths


def _boar_reach(state: TimberState, roll: int) -> int:
    """The rolled length if a run of it exists, else the longest shorter one (READINGS "boar-blocked")."""
    for length in range(roll, 0, -1):
        if _boar_paths(state, length):
            return length
    return 0


def _boar_refusal(state: TimberState, length: int, path: list[str]) -> str:
    if len(path) != length:
        return f"The Wild Boar must run exactly {length} square(s) this turn."
    return ("The Boar runs square by square in any direction (diagonals too), never back onto a square it stood "
            "on, not through Rocks or Trees, and stops on a square with no model and no Terrain.")


def _acting_orc(state: TimberState, cur: PlayerTurn, orc_id: OrcId) -> Orc:
    orc = state.orcs.get(orc_id)
    if orc is None or orc.player != cur.player:
        raise RuleViolation("That is not one of your Orcs.")
    if not in_forest(orc):
        raise RuleViolation(f"{orc.name} has left the Forest.")
    if orc_id in cur.done:
        raise RuleViolation(f"{orc.name} is done for this turn.")
    if cur.tokens.get(orc_id, 0) < 1:
        raise RuleViolation(f"{orc.name} has no Action Tokens left.")
    return orc


def _spend(state: TimberState, cur: PlayerTurn, orc: Orc, cost: int) -> None:
    """Pay for an action. Acting with the other Orc ends the first one's actions for the turn
    (IV.4.2.3: one Orc, then the other; READINGS "one-orc-then-the-other")."""
    if cur.tokens.get(orc.id, 0) < cost:
        raise RuleViolation(f"{orc.name} needs {cost} Action Tokens for that and has {cur.tokens.get(orc.id, 0)}.")
    if cur.acting is not None and cur.acting != orc.id and cur.acting not in cur.done:
        cur.done.append(cur.acting)
    cur.acting = orc.id
    cur.tokens[orc.id] -= cost
    if cur.tokens[orc.id] == 0:
        cur.done.append(orc.id)


def _shove_total(ctx: Context, orc: Orc, *, attacking: bool) -> int:
    """IV.4.2.3.2: two D6, keep the higher, +1 for the attacker, -1 per Wood carried. Feral
    attackers and Iron defenders reroll their lower die (IV.1.2; READINGS "brood-reroll")."""
    role = "attacks" if attacking else "defends"
    first = ctx.dice.d6(f"{orc.name} {role} in the Shoving", orc.player)
    second = ctx.dice.d6(f"{orc.name} {role} in the Shoving", orc.player)
    dice: list[Roll] = [first, second]
    if (orc.brood is Brood.FERAL and attacking) or (orc.brood is Brood.IRON and not attacking):
        lower = first if first.result < second.result else second
        if ctx.dice.can_reroll(lower):  # a die a War Cry already threw again stays
            dice[dice.index(lower)] = ctx.dice.reroll(lower, f"{orc.name}'s lower die in the Shoving "
                                                            f"({orc.brood.label})")
    total = max(d.result for d in dice) + (SHOVE_BONUS if attacking else 0) - orc.wood
    return total


def _shove_winner(attacker: Orc, defender: Orc, attack: int, defence: int) -> Orc | None:
    """The higher total wins; on a draw a Common Orc wins against any other brood (IV.1.2)."""
    if attack != defence:
        return attacker if attack > defence else defender
    common = [o for o in (attacker, defender) if o.brood is Brood.COMMON]
    return common[0] if len(common) == 1 else None


def _drop_wood(ctx: Context, state: TimberState, orc: Orc) -> int:
    """The Orc drops D3 Wood on its square, or all it has if that is less. No Wood, no roll."""
    if orc.wood == 0:
        ctx.say(f"{orc.name} carries no Wood to lose.")
        return 0
    roll = ctx.dice.d3(f"Wood {orc.name} drops", orc.player)
    count = min(roll.result, orc.wood)
    here = cast(str, orc.square)
    orc.wood -= count
    state.dropped[here] = state.dropped.get(here, 0) + count
    ctx.say(f"{orc.name} drops {count} Wood at {here} ({orc.wood} left).")
    return count


def _push_squares(state: TimberState, pushed: Orc) -> list[str]:
    """Where a shoved Orc can be moved next: the Move rules, and never off the board (IV.4.2.3.1)."""
    return [s for s in neighbouring(cast(str, pushed.square)) if is_free(state, s)]


def _escape_squares(state: TimberState, orc: Orc, line: list[str]) -> list[str]:
    """Smash Attack: a free square sharing a side with the Orc's, not touched by the line."""
    return [s for s in neighbouring(cast(str, orc.square)) if is_free(state, s) and s not in line]


def _towards(tree: str, square: str) -> tuple[float, float]:
    (tx, ty), (sx, sy) = centre(tree), centre(square)
    return (sx - tx, sy - ty)
