"""What a game hides is declared once (`Game.secrets`), and its view and the computers' veil both
read that one declaration: checked in every game with secrets, at positions of random games.

- A viewer's view is the same in every world they cannot tell from the real one (each secret
  hidden from them redrawn at random): the view shows nothing the declaration hides.
- Those worlds really differ where something is hidden: the veil draws every possibility.
- The one who may see a secret sees it; nobody else does, and the public view never does.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.dice import Dice
from rules.core.engine import Game
from rules.core.secrets import Hidden, Spot, veil_all
from rules.core.selfplay import play_random
from rules.orclympics.brood_rumble.models import Attack
from rules.orclympics.brood_rumble.secrets import ATTACK_KEY, SECRET_ATTACK
from rules.registry import GAMES
from tests.bot.toygame import CARD, SWAP, HighCard

WITH_SECRETS: dict[str, Game[Any, Any]] = {
    **{slug: game for slug, game in GAMES.items() if game.secrets}, "high-card": HighCard()}


def hidden_positions(game: Game[Any, Any], seed: int, want: int) -> list[Any]:
    """States of one random game where something is hidden from somebody."""
    run = play_random(game, game.usual_table(), seed)
    state = game.start(list(run.state.seats), None, seed).state
    found = []
    for player, action in run.log:
        state = game.apply(state, player, action).state
        if any(secret.hidden_from(state, None) for secret in game.secrets):
            found.append(state)
    return found[:: max(1, len(found) // want)][:want]


def test_every_game_with_secrets_is_checked() -> None:
    # Brood Rumble's attack (seed 000 II.4.3) is today's only secret among the disciplines.
    assert "brood-rumble" in WITH_SECRETS and "high-card" in WITH_SECRETS


@pytest.mark.parametrize("slug", sorted(WITH_SECRETS))
def test_a_view_is_the_same_in_every_world_its_viewer_cannot_tell_apart(slug: str) -> None:
    game = WITH_SECRETS[slug]
    states = [s for seed in (3, 11, 12) for s in hidden_positions(game, seed, want=3)]
    assert states, f"{slug}: no position with a secret in three random games"
    varied = 0
    for state in states:
        viewers = [None, *(seat.player for seat in state.seats)]
        for viewer in viewers:
            seen = game.view(state, viewer).model_dump()
            for n in range(4):
                world = game.determinize(state, viewer, Dice(seed=n)) if viewer is not None else None
                if world is None:  # the public view: veil for a player who sees nothing of it
                    world = type(state).model_validate(state.model_dump())
                    for secret in game.secrets:
                        secret.veil(world, secret.hidden_from(world, None), Dice(seed=n))
                assert game.view(world, viewer).model_dump() == seen, (slug, viewer)
                varied += int(world.model_dump(exclude={"dice"}) != state.model_dump(exclude={"dice"}))
    assert varied, f"{slug}: redrawing the hidden things never changed anything"


PRIVATE_BY_SECRETS: dict[str, Game[Any, Any]] = {slug: game for slug, game in GAMES.items() if game.private_by_secrets}


def test_the_games_whose_seats_see_more_only_through_secrets_are_checked() -> None:
    # the bot copies the table's view for their seats that see no secret (`bot.service.results.seat_views`)
    assert {"brood-rumble", "chaos-marauders", "masters-fight", "road-rage", "thatll-do-pigs",
            "timber"} <= set(PRIVATE_BY_SECRETS)
    assert "orcz" not in PRIVATE_BY_SECRETS  # a seat's own ranks are marked as its own: no secret, but not public


@pytest.mark.parametrize("slug", sorted(PRIVATE_BY_SECRETS))
def test_a_seat_that_sees_no_secret_has_the_tables_view(slug: str) -> None:
    # `Game.private_by_secrets`: a seat's view is the table's but for its viewer, unless a secret shows it more
    game = PRIVATE_BY_SECRETS[slug]
    plain = seeing = 0
    for seed in (3, 11, 12):
        run = play_random(game, game.usual_table(), seed)
        state = game.start(list(run.state.seats), None, seed).state
        for n, (player, action) in enumerate([("", None), *run.log]):
            if action is not None:
                state = game.apply(state, player, action).state
            if n % 7:
                continue  # every seventh position of the game
            table = game.view(state, None)
            for seat in state.seats:
                if game.sees_only_the_table(state, seat.player):
                    plain += 1
                    assert game.view(state, seat.player) == table.model_copy(update={"viewer": seat.player}), (slug, n)
                else:
                    seeing += 1
                    assert game.secrets, slug  # only a secret shows a seat more than the table
    assert plain, f"{slug}: no seat ever saw only the table"
    assert seeing or slug != "brood-rumble", "no brood ever chose an attack in secret"  # its views are built


def test_brood_rumble_attack_is_seen_by_its_owner_alone() -> None:
    # seed 000 II.4.3: the attacker's player alone knows the attack until it is revealed
    game = GAMES["brood-rumble"]
    state = next(s for seed in (3, 11, 12) for s in hidden_positions(game, seed, want=5)
                 if s.combat is not None and s.combat.attack is not None)
    owner = state.orcs[state.combat.attacker].player
    others = [s.player for s in state.seats if s.player != owner]
    assert SECRET_ATTACK.seen(state, ATTACK_KEY, owner) == state.combat.attack
    assert game.view(state, owner).combat.attack == state.combat.attack
    for viewer in [None, *others]:
        assert game.view(state, viewer).combat.attack is None
        assert game.view(state, viewer).combat.attack_chosen
    stand_in = game.seen_by(state, others[0]).combat.attack
    assert stand_in == Attack.HEADBUTT  # the first possibility, whatever the attack really is
    assert {game.determinize(state, others[0], Dice(seed=n)).combat.attack for n in range(30)} == set(Attack)


def test_a_hidden_value_is_veiled_only_where_the_player_may_not_look() -> None:
    state: dict[str, int] = {"a": 7, "b": 8}
    secret: Hidden[dict[str, int]] = Hidden(
        "card", find=lambda s: [Spot(p, frozenset({p})) for p in s],
        get=lambda s, p: s[p], put=lambda s, p, v: s.__setitem__(p, v), possible=lambda s, p: (1, 2, 3))
    veil_all([secret], state, "a", None)
    assert state == {"a": 7, "b": 1}
    assert secret.seen(state, "a", "a") == 7 and secret.seen(state, "a", "b") is None
    assert secret.seen(state, "a", None) is None


def test_the_toy_game_declares_its_card_and_its_decision() -> None:
    game = HighCard()
    assert game.secrets == (CARD, SWAP)
