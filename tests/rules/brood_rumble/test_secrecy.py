"""The secret attack (seed 000, II.4.3 Steps 2-4; DESIGN.md secrets, views and event visibility).

The attacker's choice lives in the state, is told to its owner alone, appears only in its
owner's view, and becomes public with the reveal. Everything another player or the channel
can see is serialised to JSON and searched for the attack's name.
"""

from __future__ import annotations

import json

import pytest

from rules.core.engine import Event, PromptKind, public, visible
from rules.orclympics.brood_rumble.board import ORC_BASE
from rules.orclympics.brood_rumble.models import Attack, Block, ChooseAttack, ChooseDefence, Item
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, fighting, play

SIDE = ORC_BASE.width


def duel(players: int = 2) -> object:
    orcs = {"A1": Fighter((4, 4), item=Item.KNUCKLE_DUSTERS), "B3": Fighter((4 + SIDE, 4), item=Item.OLD_HELMET),
            "A2": Fighter((20, 20)), "B1": Fighter((20, 22))}
    return fighting(Arena(orcs, active=None, players=players).build(), "A1", "B3")


def names_of(attack: Attack) -> list[str]:
    return [attack.value.lower(), attack.label.lower()]


def leaks(text: str, attack: Attack) -> bool:
    low = text.lower()
    return any(name in low for name in names_of(attack))


def as_json(events: list[Event]) -> str:
    return json.dumps([e.model_dump(mode="json") for e in events])


def test_the_attack_is_asked_by_a_secret_prompt_to_its_owner_alone() -> None:
    state = duel()
    prompts = GAME.prompts(state)
    assert len(prompts) == 1
    assert prompts[0].player == "alice" and prompts[0].secret and prompts[0].kind is PromptKind.SECRET
    assert GAME.legal_actions(state, "bob") == []
    assert [a.attack for a in GAME.legal_actions(state, "alice")] == list(Attack)  # type: ignore[attr-defined]


@pytest.mark.parametrize("attack", list(Attack))
def test_nobody_but_the_owner_sees_the_attack_before_the_reveal(attack: Attack) -> None:
    step = play(duel(), "alice", ChooseAttack(attack=attack))
    state = step.state
    assert state.combat is not None and state.combat.attack is attack  # kept in the state, so a restart keeps it
    # the public view (the channel's board) and the defender's view
    assert not leaks(GAME.view(state, None).model_dump_json(), attack)
    assert not leaks(GAME.view(state, "bob").model_dump_json(), attack)
    # every public event, and everything the defender may see
    assert not leaks(as_json(public(step.events)), attack)
    assert not leaks(as_json(visible(step.events, "bob")), attack)
    # the defender is asked without a hint
    assert GAME.prompts(state)[0].player == "bob" and not leaks(GAME.prompts(state)[0].text, attack)
    assert not leaks(json.dumps([a.model_dump(mode="json") for a in GAME.legal_actions(state, "bob")]), attack)
    # the owner knows
    mine = GAME.view(state, "alice")
    assert mine.combat is not None and mine.combat.attack is attack
    private = [e for e in step.events if e.visible_to == ["alice"]]
    assert private and leaks(as_json(private), attack)
    assert GAME.view(state, None).combat.attack_chosen  # type: ignore[union-attr]


@pytest.mark.parametrize("attack", list(Attack))
def test_a_team_mate_and_the_other_team_do_not_see_it_either(attack: Attack) -> None:
    step = play(duel(players=4), "alice", ChooseAttack(attack=attack))
    for viewer in ("carol", "bob", "dave", None):
        assert not leaks(GAME.view(step.state, viewer).model_dump_json(), attack)
        assert not leaks(as_json(visible(step.events, viewer)), attack)


@pytest.mark.parametrize("attack", list(Attack))
def test_the_reveal_makes_it_public(attack: Attack) -> None:
    state = play(duel(), "alice", ChooseAttack(attack=attack)).state
    block = next(b for b in Block if b is not {Attack.HEADBUTT: Block.HIGH, Attack.PUNCH: Block.MID,
                                                  Attack.KICK: Block.LOW}[attack])
    step = play(state, "bob", ChooseDefence(block=block), [1])  # 1 wound: no effect, Second Serving
    assert leaks(as_json(public(step.events)), attack)
    revealed = GAME.view(step.state, "bob").combat
    assert revealed is not None and revealed.exchanges[-1].attack is attack
    assert revealed.attack is None and not revealed.attack_chosen  # the next attack is not chosen yet


def test_the_defence_is_declared_openly_after_the_attack_is_locked() -> None:
    state = play(duel(), "alice", ChooseAttack(attack=Attack.KICK)).state
    prompt = GAME.prompts(state)[0]
    assert not prompt.secret and prompt.player == "bob"
    step = play(state, "bob", ChooseDefence(block=Block.LOW), [6])
    texts = [e.text for e in public(step.events)]
    assert texts.index("🛡️ B3 (Bob) goes for a Low Block.") < next(
        i for i, t in enumerate(texts) if t.startswith("👊 Revealed"))
