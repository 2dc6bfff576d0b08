"""Computer players see only what their seat may see (issue: "a computer decides from what a
human in its seat could see"): their decisions do not change when everything hidden from them
is changed — the dice still to come, another player's secret attack (Brood Rumble, seed 000
II.4.3), the dice a War Cry would throw again (Campaign Rules 6). Checked in every game, at
positions of random games where such things are hidden.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.core.computer import (
    Level,
    computer_id,
    decide,
    is_computer,
    level_of,
    new_computer,
)
from rules.core.dice import Dice, DiceState
from rules.core.engine import Game, Seat
from rules.core.errors import RuleViolation
from rules.core.search import Budget, placing_rewards, win_chances
from rules.core.selfplay import kind_first_policy, play_random
from rules.orclympics.brood_rumble.models import Attack
from rules.registry import GAMES

SMALL = Budget(iterations=10, depth=4)


def positions(game: Game[Any, Any], seed: int, count: int) -> list[Any]:
    """States of one random campaign-style game (every player holds the War Cry, so windows open),
    taken along the way, the ones where something is hidden first."""
    players = game.usual_table()
    picks = game.seat_pick.values() if game.seat_pick is not None else [""]
    seats = [Seat(player=f"p{i + 1}", name=f"Orc {i + 1}", pick=picks[i % len(picks)], colour=i)
             for i in range(players)]
    options = {"war_cry": [s.player for s in seats]}
    run = play_random(game, players, seed, seats=seats, options=options, policy=kind_first_policy)
    state = game.start(seats, options, seed).state
    found, plain = [], []
    for player, action in run.log:
        state = game.apply(state, player, action).state
        if game.outcome(state) is not None:
            break
        war_cry = getattr(state, "war_cry", None)  # an Orclympics discipline's
        window = war_cry.window if war_cry is not None else None
        fight = getattr(state, "combat", None)
        hidden_attack = fight is not None and fight.attack is not None
        (found if window is not None or hidden_attack or _declared_hidden(game, state) else plain).append(state)
    chooser = random.Random(seed)
    wanted = 2 * count - min(len(plain), count)  # a game where something is always hidden: all from `found`
    picked = found[:: max(1, len(found) // wanted)][:wanted] if len(plain) < count else found[:: max(1, len(found) // count)][:count]
    return picked + chooser.sample(plain, min(len(plain), count))


def _declared_hidden(game: Game[Any, Any], state: Any, player: str | None = None) -> bool:
    """Whether something the game declares secret (`Game.secrets`) is hidden from `player` (anyone)."""
    return any(secret.hidden_from(state, player) for secret in game.secrets)


def changed_where_hidden(game: Game[Any, Any], state: Any, player: str) -> Any:
    """The same position with everything `player` cannot see made different."""
    other = type(state).model_validate(state.model_dump())
    other.dice = DiceState(seed=state.dice.seed ^ 0xBADC0DE, draws=state.dice.draws + 7)
    if not hasattr(other, "war_cry"):  # a game of its own family: its declared secrets redrawn
        for n, secret in enumerate(game.secrets):
            secret.veil(other, secret.hidden_from(other, player), Dice(seed=77 + n))
        return other
    window = other.war_cry.window if other.war_cry is not None else None
    if window is not None:
        window.seed = (window.seed or 0) + 99 if window.seed is not None else None
        if window.before_json is not None:
            window.before_json = changed_where_hidden(game, game.load_state(window.before_json), player) \
                .model_dump_json()
    fight = getattr(other, "combat", None)
    if fight is not None and fight.attack is not None and other.orcs[fight.attacker].player != player:
        fight.attack = next(a for a in Attack if a != fight.attack)
    return other


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_computer_decides_the_same_whatever_is_hidden_from_it(slug: str) -> None:
    game = GAMES[slug]
    checked = hidden_checked = 0
    for state in positions(game, seed=11, count=4):
        for player in game.waiting_for(state):
            other = changed_where_hidden(game, state, player)
            assert other.model_dump() != state.model_dump()  # something really was changed
            seen, seen_other = game.seen_by(state, player), game.seen_by(other, player)
            assert seen.model_dump() == seen_other.model_dump()
            # nothing the seat may see is lost: its view is the same from what it knows
            assert game.view(seen, player).model_dump() == game.view(state, player).model_dump()
            for level in Level:
                mine = decide(game, seen, player, level, seed=5, budget=SMALL)
                theirs = decide(game, seen_other, player, level, seed=5, budget=SMALL)
                assert mine == theirs
                assert mine in game.legal_actions(state, player)
            checked += 1
            war_cry = getattr(state, "war_cry", None)
            hidden_checked += int(war_cry is not None and war_cry.window is not None
                                  or getattr(getattr(state, "combat", None), "attack", None) is not None
                                  or _declared_hidden(game, state, player))
    assert checked >= 6 and hidden_checked >= 1


def test_brood_rumble_the_secret_attack_is_a_stand_in_until_revealed() -> None:
    # seed 000 II.4.3: only the attacker's player knows the attack until the reveal
    game = GAMES["brood-rumble"]
    state = next(s for s in positions(game, seed=11, count=8) if getattr(s, "combat", None) is not None
                 and s.combat.attack is not None)
    owner = state.orcs[state.combat.attacker].player
    other = next(s.player for s in state.seats if s.player != owner)
    assert game.seen_by(state, owner).combat.attack == state.combat.attack  # the attacker knows it
    stand_ins = {game.seen_by(changed, other).combat.attack for changed in (
        state, changed_where_hidden(game, state, other))}
    assert stand_ins == {Attack.HEADBUTT}  # the same stand-in, whatever the attack really is
    worlds = {game.determinize(game.seen_by(state, other), other, Dice(seed=n)).combat.attack
              for n in range(30)}
    assert worlds == set(Attack)  # the search imagines every attack


def test_the_dice_to_come_are_veiled_and_imagined_afresh() -> None:
    game = GAMES["masters-fight"]
    state = game.new([Seat(player=f"p{i}", name=f"Orc {i}", colour=i) for i in range(4)], None, 1234)
    seen = game.seen_by(state, "p0")
    assert seen.dice.seed == 0 and state.dice.seed != 0
    assert len({game.determinize(seen, "p0", Dice(seed=n)).dice.seed for n in range(5)}) == 5


def test_a_search_is_repeatable_and_plays_only_legal_moves_in_every_game() -> None:
    for slug, game in sorted(GAMES.items()):
        run = play_random(game, game.usual_table(), 3, stop_after=25)
        state = run.state
        player = game.waiting_for(state)[0]
        seen = game.seen_by(state, player)
        first = decide(game, seen, player, Level.NORMAL, seed=9, budget=SMALL)
        assert first == decide(game, seen, player, Level.NORMAL, seed=9, budget=SMALL), slug
        # the rules accept it: a game whose moves are points (a Flying Pigs walk to an exact spot) lists
        # only some of its legal moves, and a computer may make one it does not list
        assert first in game.legal_actions(state, player) or game.apply(state, player, first).state is not None, slug


def test_computer_ids_carry_their_level_and_never_look_like_discord_ids() -> None:
    player = computer_id(Level.EASY, 3)
    assert is_computer(player) and level_of(player) is Level.EASY and not player.isdigit()
    assert not is_computer("123456789012345678") and level_of("cpu-hard-1") is None
    taken = [computer_id(Level.NORMAL, 1)]
    assert new_computer(Level.NORMAL, taken, ["Grukk"]) == (computer_id(Level.NORMAL, 2), "Snagga")
    assert new_computer(Level.EASY, [], [], "  Gorbag ")[1] == "Gorbag"
    with pytest.raises(RuleViolation, match="already called"):
        new_computer(Level.EASY, [], ["Gorbag"], "gorbag")


def test_rewards_favour_winning_and_standings_are_chances() -> None:
    from rules.core.engine import Outcome

    rewards = placing_rewards(Outcome(placings=[["a", "b"], ["c"], ["d"]]), ["a", "b", "c", "d"])
    assert rewards["a"] == rewards["b"] > rewards["c"] > rewards["d"] >= 0
    chances = win_chances({"a": 10.0, "b": 6.0, "c": 6.0}, spread=4.0)
    assert abs(sum(chances.values()) - 1) < 1e-9 and chances["a"] > chances["b"] == chances["c"]
