"""The `normal` computer player's search: one Monte Carlo tree search for every game.

The searcher is given only what its seat may know (`Game.seen_by`). Each iteration draws one
world consistent with that (`Game.determinize`: fresh dice, other players' secrets at random),
walks down a tree of moves shared by all those worlds (open loop: a node is a sequence of
moves, whatever the dice made of them), adds one move, plays on with random moves for a few
steps, and scores the end: the placings when the game is over, else the game's own rough
`standing` (`Game.standing`, which asks the game's `Tactics.standing`; for a game without one, the
play-out runs to the end). Every player in the tree picks for themself (each node keeps the reward
of the player who moved into it).

A game says what its computer players know of it in a `computer.py` of its own package (`Tactics`,
`rules.core.tactics`, found by looking): how it stands (`Tactics.standing`); the searcher's own
moves leave out the pointless ones (`Tactics.sensible`: a free strike declined, a rolled Move not
walked), and `zagjan arena` counts the moves that change nothing (`Tactics.substance`). The other players' moves are left as they are, so the tree models them as
they play.

Two things keep it fast enough for a decision in well under a second on one core:
- progressive widening: a node considers one more of its moves as its visits grow, the root's
  in the order a one-move look-ahead ranks them, so forty destination squares do not each
  need a play-out before the search can say anything;
- play-outs are cut after `Budget.depth` moves when the game can say how it stands.

Pure: no clock, no global random. The same seat knowledge and seed give the same move.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from rules.core.dice import Dice
from rules.core.engine import Game, Outcome, OutcomeKind, PlayerId
from rules.core.tactics import Tactics, kind_first, tactics_of


EXPLORATION = 0.7
"""UCB's exploration weight for rewards in 0-1."""


@dataclass(frozen=True)
class Budget:
    """How much a decision may cost: search iterations, play-out moves, and how many of a node's
    moves it considers before more visits widen it."""

    iterations: int = 100
    depth: int = 8
    endgame_moves: int = 600  # a play-out to the end (games without `standing`) stops here at the latest
    widen: float = 2.0  # a node with n visits considers about widen * sqrt(n) moves
    looks: int = 3  # dice worlds the root's one-move look-ahead averages over (one world's luck misleads)


@dataclass
class _Node:
    """A move sequence from the root: visits, summed reward (of the player who made the move
    into it), and how often it was available, for the UCB of information-set search."""

    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[str, _Node] = field(default_factory=dict)


def win_chances(scores: Mapping[PlayerId, float], spread: float) -> dict[PlayerId, float]:
    """A game's rough `standing` from scores on any scale: a softmax, where a lead of `spread`
    makes a player about e times as likely to win as the one behind."""
    if not scores:
        return {}
    top = max(scores.values())
    weights = {p: math.exp((s - top) / spread) for p, s in scores.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def placing_rewards(outcome: Outcome, players: Sequence[PlayerId]) -> dict[PlayerId, float]:
    """What a finished game is worth to each player: winning is what counts (a shared first
    place is a share of it); a better place among the rest is worth a little. A co-operative
    table wins or loses whole: all of it, or nothing."""
    if outcome.kind is OutcomeKind.COOPERATIVE or not outcome.won:  # nobody won: nothing to share
        return {p: 1.0 if outcome.won_by(p) else 0.0 for p in players}
    count = len(players)
    rewards: dict[PlayerId, float] = {}
    for group_index, group in enumerate(outcome.placings):
        place = outcome.place_of(group[0])
        share = 1.0 / len(group) if group_index == 0 else 0.0
        rest = (count - place) / (count - 1) if count > 1 else 1.0
        for player in group:
            rewards[player] = 0.85 * share + 0.15 * rest
    return rewards


def worth_out_of_turn(game: Game[Any, Any], seen: Any, player: PlayerId) -> list[Any]:
    """The any-time moves (`Move.any_time`) open to `player` that its game's tactics find worth
    making now (`Tactics.out_of_turn`, when the game's tactics have it; none otherwise). The bot's
    computers and the terminal's ask the same question, so they make the same moves out of turn."""
    actions = game.out_of_turn(seen, player)
    choose = getattr(tactics_of(game), "out_of_turn", None)
    if not actions or choose is None:
        return []
    return [a for a in choose(seen, player, actions) if a in actions]


def picker(chooser: Dice) -> Callable[[list[Any], str], Any]:
    """Draws an option with `chooser` and records nothing (a choice no one at the table sees)."""
    return lambda options, why: options[chooser.draw(len(options)) - 1]


class Searcher:
    """One decision's search (a fresh one per decision: nothing is kept between moves)."""

    def __init__(self, game: Game[Any, Any], me: PlayerId, seed: int, budget: Budget) -> None:
        self.game = game
        self.me = me
        self.budget = budget
        self.chooser = Dice(seed=seed)
        self.pick = picker(self.chooser)
        self.players: list[PlayerId] = []
        self.cut = False  # whether play-outs stop early and ask the game how it stands
        self.tactics = tactics_of(game)

    def _sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """The searcher's own moves, the pointless ones left out (`Tactics.sensible`); the others
        play as they would, so the tree models them as they are."""
        if player != self.me or len(actions) < 2:
            return actions
        return self.tactics.sensible(state, player, actions) or actions

    def decide(self, seen: Any) -> BaseModel:
        game = self.game
        actions = game.legal_actions(seen, self.me)
        if not actions:
            raise ValueError(f"{self.me} has nothing to do in this {game.slug} position")
        actions = self._sensible(seen, self.me, actions)
        if len(actions) == 1:
            return actions[0]  # type: ignore[no-any-return]
        self.players = [s.player for s in seen.seats]
        self.cut = game.standing(seen) is not None
        keys = [game.dump_action(a) for a in actions]
        order = self._root_order(seen, actions, keys)
        root = _Node()
        for _ in range(self.budget.iterations):
            self._iterate(game.determinize(seen, self.me, self.chooser), root, order)
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward / max(kv[1].visits, 1)))
        return actions[keys.index(best[0])]  # type: ignore[no-any-return]

    # -- the root -----------------------------------------------------------------------------------
    def _root_order(self, seen: Any, actions: Sequence[BaseModel], keys: list[str]) -> list[str]:
        """The root's moves best-looking first (one move ahead, then how the game stands, averaged
        over `Budget.looks` dice worlds), so widening tries the promising ones before the rest. With
        few moves, as listed."""
        if len(actions) <= self._width(1) or not self.cut:
            return keys
        worlds = [self.game.determinize(seen, self.me, self.chooser) for _ in range(self.budget.looks)]
        looks: dict[str, float] = {}
        for key, action in zip(keys, actions, strict=True):
            total = 0.0
            for world in worlds:
                try:
                    after = self.game.apply(world, self.me, action).state
                except Exception:
                    total -= 1.0
                    continue
                total += self._rewards(after).get(self.me, 0.0)
            looks[key] = total / len(worlds)
        return sorted(keys, key=lambda k: -looks[k])

    def _width(self, visits: int) -> int:
        return max(2, int(self.budget.widen * math.sqrt(visits + 1)))

    # -- one iteration --------------------------------------------------------------------------------
    def _iterate(self, state: Any, root: _Node, root_order: list[str]) -> None:
        game = self.game
        node, path = root, [root]
        movers: list[PlayerId | None] = [None]
        expanded = False
        while not expanded and game.outcome(state) is None:
            player = self._who(state)
            legal = game.legal_actions(state, player)
            if not legal:
                break
            actions = self._sensible(state, player, legal)  # at the root too: a game may add a move there
            keys = {game.dump_action(a): a for a in actions}
            ordered = [k for k in root_order if k in keys] if node is root else list(keys)
            if node is root and not ordered:
                # this world's sensible moves are none of the root's (a game whose `sensible` reads what
                # is hidden, or its dice): weigh the root's own moves here, those that are legal
                keys = {game.dump_action(a): a for a in legal}
                ordered = [k for k in root_order if k in keys]
                if not ordered:
                    return  # none of the root's moves can be made in this world: it tells nothing of them
            room = self._width(node.visits)
            considered = [k for k in ordered if k in node.children][:room]
            untried = [k for k in ordered if k not in node.children]
            if untried and (len(node.children) < room or not considered):
                key = untried[0] if node is root else self.pick(untried, "expand")
                child = node.children[key] = _Node()
                expanded = True
            else:
                for key in considered:
                    node.children[key].available += 1
                key = max(considered, key=lambda k: self._ucb(node.children[k]))
                child = node.children[key]
            state = game.apply(state, player, keys[key]).state
            node = child
            path.append(node)
            movers.append(player)
        rewards = self._rewards(self._play_out(state))
        for visited, mover in zip(path, movers, strict=True):
            visited.visits += 1
            if mover is not None:
                visited.reward += rewards.get(mover, 0.0)
            if visited.available == 0:
                visited.available = 1

    def _ucb(self, node: _Node) -> float:
        if node.visits == 0:
            return math.inf
        return node.reward / node.visits + EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)

    def _who(self, state: Any) -> PlayerId:
        waiting = self.game.waiting_for(state)
        if self.me in waiting:
            return self.me
        return waiting[0] if len(waiting) == 1 else self.pick(waiting, "who acts")  # type: ignore[no-any-return]

    def _play_out(self, state: Any) -> Any:
        """Random moves (the searcher's own as its game's `Tactics.play_out` makes them): `depth` of
        them when the game can say how it stands, else to the end."""
        game = self.game
        limit = self.budget.depth if self.cut else self.budget.endgame_moves
        for _ in range(limit):
            if game.outcome(state) is not None:
                break
            waiting = game.waiting_for(state)
            if not waiting:
                break
            player = waiting[0] if len(waiting) == 1 else self.pick(waiting, "who acts")
            actions = game.legal_actions(state, player)
            if not actions:
                break
            move = self.tactics.play_out(state, player, actions, self.pick) if player == self.me else (
                kind_first(actions, self.pick))
            state = game.apply(state, player, move).state
        return state

    def _rewards(self, state: Any) -> dict[PlayerId, float]:
        outcome = self.game.outcome(state)
        if outcome is not None:
            return placing_rewards(outcome, self.players)
        standing = self.game.standing(state)
        if standing is None:
            return {p: 1.0 / len(self.players) for p in self.players}
        return standing


def search(game: Game[Any, Any], seen: Any, me: PlayerId, seed: int, budget: Budget | None = None) -> BaseModel:
    """The `normal` player's move for `me`, from what `me` may know (`seen`)."""
    return Searcher(game, me, seed, budget or Budget()).decide(seen)


__all__ = ["EXPLORATION", "Budget", "Searcher", "Tactics", "kind_first", "placing_rewards", "search", "tactics_of",
           "win_chances", "worth_out_of_turn"]
