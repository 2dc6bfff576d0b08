# Run: .venv/bin/python tests/rules/chaos_marauders/seed_search.py 0 800  (prints the shortest games first)
"""Seed search for tests/bot/test_discord_chaos_marauders.py: three players (a, b, c); the test's
policy: first legal action that is not a shout or a decline (a Take for a wrong shout: the first);
a wrong shout by the seat after the drawer at the first question from action 4 where it has a card;
the Git owner lets the card be (the timer's default); when the Marauders is placed, both other
players shout (either may win: both branches must end)."""
import sys
from rules.chaos_marauders import GAME
from rules.chaos_marauders.data import DECK, MARAUDERS
from rules.chaos_marauders.models import AskKind, Shout, Decline, Place, Take, LetBe
from rules.core.engine import Seat
from rules.core.errors import RuleViolation

def policy(state, player, legal):
    if LetBe() in legal:
        return LetBe()
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        return takes[0]
    kept = [a for a in legal if not isinstance(a, (Shout, Decline))]
    return (kept or legal)[0]

def run(seed, winner_first=True):
    seats = [Seat(player=p, name=p, colour=n) for n, p in enumerate("abc")]
    state = GAME.new(seats, {}, seed)
    wrong = git = shouted = None
    for n in range(500):
        if GAME.outcome(state) is not None:
            return wrong, git, shouted, n
        ask = state.ask
        drawer = state.current
        others = [p for p in state.order[state.active + 1:] + state.order[:state.active]]
        if wrong is None and n >= 4 and ask.kind is AskKind.DRAWN and state.marauders_turn != state.turn \
                and any(c is not None for line in state.lines[others[0]] for c in line):
            state = GAME.apply(state, others[0], Shout(turn=state.turn)).state
            wrong = n
            continue
        if ask.kind is AskKind.GIT and git is None:
            git = n
        p = GAME.waiting_for(state)[0]
        action = policy(state, p, GAME.legal_actions(state, p))
        was_marauders = ask.kind is AskKind.DRAWN and state.drawn is not None and DECK[state.drawn] == MARAUDERS \
            and isinstance(action, Place) and action.player is None
        state = GAME.apply(state, p, action).state
        if was_marauders and shouted is None:
            if git is None:
                return None
            first, second = others if winner_first else others[::-1]
            turn = state.turn if state.marauders_turn == state.turn and GAME.outcome(state) is None else None
            if turn is None:
                return None
            state = GAME.apply(state, first, Shout(turn=turn)).state
            try:
                state = GAME.apply(state, second, Shout(turn=turn)).state
            except RuleViolation:
                return None
            shouted = n
    return None

found = []
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    a = run(seed, True)
    b = run(seed, False)
    if a and b and all(x is not None for x in a) and all(x is not None for x in b):
        found.append((max(a[3], b[3]), seed, a, b))
found.sort()
print(found[:10])
