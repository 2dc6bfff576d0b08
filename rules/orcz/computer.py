"""Orcz for computer players: which moves are worth a thought and what a move must change.

The search (`rules.core.search`) is the same for every game; `standing` (asked through `TACTICS`) weighs the
Slaves and the chance that the war is won at all. A search in dealt worlds cannot value what a look
would teach, so the Scout is sent by rule: at the face-down card of the opponent's rank standing
right in front of one of the computer's own ranks on the Battlefield being resolved, the card its
next struggle would meet (L161-166, L306-308), whether the game is waiting for it or for someone
else. With the phrase timer on, a computer shouts Gnorish! at a slow Warlord as soon as it may
(L50-54: any Warlord may; our reading: most chaos, always).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from rules.core.engine import PlayerId
from rules.core.search import Tactics, win_chances
from rules.orcz.data import CHALLENGES, CHAMPION, RANKS_PER_TURN
from rules.orcz.engine import MIN_CLEARED, Orcz
from rules.orcz.models import Front, Gnorish, OrczState, Phase, Scout

RANK_GUESS = 3.0
"""The Strength a rank still to be placed may add to its Battlefield, on average (a pair of troops is
about 4, less what the struggles take)."""
SPREAD, RANK_SPREAD, LEAD_SPREAD = 1.5, 1.5, 1.0
"""How uncertain a Battlefield's Strength against its need, and who leads there, are: a little for
the struggles, more for every rank still to come."""
LATER_FALLS = 0.45
"""The chance that a Battlefield's Challenge falls in one of the turns still to come."""


@functools.lru_cache(maxsize=256)
def _falls_enough(remaining: int, turns: int) -> float:
    """The chance that `remaining` Challenges of a Battlefield all fall within `turns` turns, one at
    most a turn, each turn with `LATER_FALLS`."""
    if remaining <= 0:
        return 1.0
    return sum(math.comb(turns, k) * LATER_FALLS ** k * (1 - LATER_FALLS) ** (turns - k)
               for k in range(remaining, turns + 1))


def _at_least(chances: Sequence[float], count: int) -> float:
    """The chance that at least `count` of independent events happen, each with its chance."""
    ways = [1.0] + [0.0] * len(chances)  # ways[k]: exactly k so far
    for chance in chances:
        for k in range(len(ways) - 1, 0, -1):
            ways[k] = ways[k] * (1 - chance) + ways[k - 1] * chance
        ways[0] *= 1 - chance
    return sum(ways[count:])


def standing(state: OrczState) -> dict[PlayerId, float] | None:
    """A rough chance for each Warlord to win: the chance that enough Battlefields get cleared
    for anyone to win at all, times a softmax (3 Slaves a step) of the Slaves each holds plus what
    the Battlefields still to be resolved this turn may pay (discounted: deployment and the
    struggles still change them).

    Both are smooth in the Strength on a Battlefield, so a rank is worth something before it
    tips a Challenge or a lead: each unresolved Challenge falls with a chance from its Strength
    against its need (a Champion there: surely), counting what the ranks still to come may add;
    each Warlord leads there with a chance from their Strength and the ranks they still have;
    each Battlefield is cleared with the chance that the Challenges it has left fall in the turns
    after this one; the war is won when three of the four are (taken as independent)."""
    if state.phase is Phase.OVER:
        return None
    deploying = state.phase is Phase.DEPLOY
    weight = 0.75 if deploying else 0.9
    slaves = {w.player: float(w.slaves) for w in state.warlords}
    open_fronts = [f for f in state.fronts if f.challenge is not None and not f.done]
    spread_over = max(1, len(open_fronts))
    coming = {w.player: max(0, RANKS_PER_TURN - w.placed - w.skipped) / spread_over if deploying else 0.0
              for w in state.warlords}  # ranks each Warlord may still bring to each open Battlefield
    share = sum(coming.values())
    turns_after = state.turns - state.turn
    cleared: list[float] = []
    for front in state.fronts:
        remaining = front.stack + int(front.challenge is not None)
        if front.challenge is None or front.done:
            cleared.append(_falls_enough(remaining, turns_after))
            continue
        ranks = (*front.ranks, *front.aside)
        strength = Orcz.strengths(state, ranks)
        if any(r.holds(CHAMPION) for r in ranks):
            falls = 1.0
        else:
            short = Orcz.need(state, front.challenge) - sum(strength.values()) - share * RANK_GUESS
            falls = 1.0 / (1.0 + math.exp(short / (SPREAD + math.sqrt(share) * RANK_SPREAD)))
        cleared.append(falls * _falls_enough(remaining - 1, turns_after)
                       + (1 - falls) * _falls_enough(remaining, turns_after))
        expected = {p: strength[p] + coming[p] * RANK_GUESS for p in strength}
        for player, amount in projection(front, expected, falls, share).items():
            slaves[player] += weight * amount
    hope = _at_least(cleared, MIN_CLEARED)
    chances = win_chances(slaves, 3.0)
    return {p: c * hope for p, c in chances.items()}


def projection(front: Front, expected: dict[PlayerId, float], falls: float,
               share: float = 0.0) -> dict[PlayerId, float]:
    """The Slaves each Warlord may expect from `front`'s Challenge, from the Strength each is
    `expected` to have there (every card counted, face down or not: the computer reasons on a
    dealt world) and the chance `falls` that it is defeated: the strongest takes the primary or
    pays it, the others get or pay the secondary, shared evenly as a guess. Who is strongest is
    a chance too, surer as the ranks still to come (`share`) run out; nobody with no Strength
    and no rank to come leads."""
    assert front.challenge is not None
    challenge = CHALLENGES[front.challenge]
    hopefuls = {p: n for p, n in expected.items() if n > 0}
    if not hopefuls:
        return {}
    lead = win_chances(hopefuls, LEAD_SPREAD + math.sqrt(share) * RANK_SPREAD)
    others = len(expected) - 1
    change: dict[PlayerId, float] = {}
    for player in expected:
        leads = lead.get(player, 0.0)
        helps = 1.0 if player in hopefuls else 0.0
        won = leads * challenge.primary + (1 - leads) * helps * challenge.secondary / max(1, len(hopefuls) - 1)
        lost = leads * challenge.primary + (1 - leads) * challenge.secondary / max(1, others)
        change[player] = falls * won - (1 - falls) * lost
    return change


def scout_aim(state: OrczState, player: PlayerId) -> Scout | None:
    """Where `player`'s Scout is worth sending now: the hidden card of an opponent's rank right in
    front of one of `player`'s ranks in the line being resolved, the rearmost such one (its struggle
    is decided first); None when there is none, or no Scout."""
    if state.phase is not Phase.STRUGGLE or state.current is None:
        return None
    front = state.front(state.current)
    seen = {look.rank for look in state.looks if look.by == player}
    for place in range(len(front.ranks), 1, -1):  # the rear first; the first rank has nothing ahead
        mine, ahead = front.ranks[place - 1], front.ranks[place - 2]
        if (mine.owner == player and ahead.owner != player and ahead.hidden is not None
                and ahead.id not in seen and not mine.broken and not mine.heroic):
            return Scout(field=front.field, rank=place - 1)
    return None


class OrczTactics(Tactics):
    def standing(self, state: Any) -> dict[PlayerId, float] | None:
        """The Slaves each Warlord may hope for, times the chance that the war is won at all (`standing`)."""
        return standing(state)

    def sensible(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """The Scout is sent where it is worth it (`scout_aim`), before anything else the computer is
        asked; anywhere else it waits. A shout (Gnorish) is made whenever it may be."""
        if not isinstance(state, OrczState):
            return actions
        shouts = [a for a in actions if isinstance(a, Gnorish)]
        if shouts:
            return shouts
        scouts = [a for a in actions if isinstance(a, Scout)]
        if scouts:
            aim = scout_aim(state, player)
            if aim is not None and aim in scouts:
                return [aim]
            actions = [a for a in actions if not isinstance(a, Scout)] or actions
        return actions

    def out_of_turn(self, state: Any, player: PlayerId, actions: list[Any]) -> list[Any]:
        """What a computer does while the game waits for someone else: shout at a slow Warlord (the
        phrase timer), or send its Scout where it is worth it."""
        if not isinstance(state, OrczState):
            return []
        shouts = [a for a in actions if isinstance(a, Gnorish)]
        if shouts:
            return shouts[:1]
        aim = scout_aim(state, player)
        return [aim] if aim is not None and aim in actions else []

    def substance(self, state: Any) -> Any:
        assert isinstance(state, OrczState)
        fronts = tuple((f.field.value, f.challenge, f.stack,
                        tuple((r.id, r.left, r.right, r.revealed) for r in f.ranks),
                        tuple((r.id, r.left, r.right) for r in f.aside)) for f in state.fronts)
        warlords = tuple((w.player, w.slaves, tuple(w.hand), tuple(w.spent)) for w in state.warlords)
        return fronts, warlords, tuple((look.by, look.rank) for look in state.looks)


TACTICS = OrczTactics()

__all__ = ["LATER_FALLS", "RANK_GUESS", "TACTICS", "OrczTactics", "projection", "scout_aim", "standing"]
