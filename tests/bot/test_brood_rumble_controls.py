"""The Brood Rumble controls (built from its declared moves) against the engine, on positions of random
self-play: every button and option leads to a legal action, the legal actions are all reachable (a few
placement spots aside, which /br place takes), and everything fits Discord's limits. Plus the DM text
of the secret attack and the readings of what players type into /br (rules.orclympics.brood_rumble.plans)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.ui.declared import adapter_for
from bot.cli.terminal import parse_typed, typed_form
from bot.ui.components import build_view
from bot.ui.controls import (
    MAX_BUTTONS_PER_ROW,
    MAX_OPTIONS,
    MAX_ROWS,
    GenericControls,
    RandomLegal,
    secret_text,
    secret_version,
)
from bot.ui.declared import TYPE_ANOTHER, AskForm, Pick
from rules.core.computer import Level, decide
from rules.core.engine import Prompt, PromptKind
from rules.core.errors import RuleViolation
from rules.core.geometry import centre_distance
from rules.core.moves import find, parse_number, parse_point, parse_points
from rules.core.search import Budget
from rules.core.selfplay import play_random
from rules.orclympics.brood_rumble import BroodRumble
from rules.orclympics.brood_rumble.board import in_contact
from rules.orclympics.brood_rumble.models import (
    ACTION_ADAPTER,
    AskKind,
    Attack,
    Block,
    BroodRumbleState,
    ChooseAttack,
    Exchange,
    MoveTo,
    PlaceFeature,
)
from rules.orclympics.brood_rumble.plans import find_landmark, resolve_orc, walk_toward
from rules.orclympics.brood_rumble.words import compass

GAME = BroodRumble()
CONTROLS = adapter_for(GAME)
BIG_ID = 12345678901234567890  # a game id longer than any Discord snowflake
BIG_VERSION = 99999
BUTTON, SELECT = 2, 3  # Discord's component types
MENU_KIND = re.compile(r"[a-z-]+")  # what a menu's custom_id may carry


def positions(players: int, seed: int, steps: tuple[int, ...]) -> Iterator[BroodRumbleState]:
    for k in steps:
        state = play_random(GAME, players, seed, stop_after=k).state
        if GAME.outcome(state) is None:
            yield state


def every_position(players: int, seed: int, limit: int = 700) -> Iterator[BroodRumbleState]:
    """Each state of one random game, rebuilt from its log (cheaper than replaying for every k)."""
    played = play_random(GAME, players, seed, max_actions=limit)
    state = GAME.new(played.state.seats, None, seed)
    for player, action in played.log:
        yield state
        state = GAME.apply(state, player, action).state


def team_legal(state: BroodRumbleState) -> tuple[list[Any], str]:
    """What the board offers: the legal actions of everyone the question is put to (both players of a
    team, for a team decision), as the turn flow merges them."""
    waiting = GAME.waiting_for(state)
    legal: list[Any] = []
    for player in waiting:
        legal += [a for a in GAME.legal_actions(state, player) if a not in legal]
    return legal, waiting[0]


COORDINATES = re.compile(r"\(-?[0-9.]+, ?-?[0-9.]+\)")
"""A point as x,y: what a menu of where to go no longer shows (a player reads "Toward B2, 5\"")."""


def led_to(decoded: Any, legal: list[Any]) -> Any:
    """The legal action a clicked button or option stands for."""
    assert isinstance(decoded, Pick), decoded
    found = find(legal, decoded.kind, decoded.code)
    assert found is not None, f"{decoded} leads to no legal action"
    return found


def check(state: BroodRumbleState) -> tuple[AskKind, list[Any]]:
    """Every control leads to a legal action and fits; returns the legal actions no control reaches
    (a move with a form, like a walk or a deployment, counts as reached: the form takes any of them)."""
    legal, player = team_legal(state)
    controls = CONTROLS.controls(GAME.view(state, None), legal, player)
    reached, forms = [], []
    for button in controls.buttons:
        assert len(button.label) <= 80
        decoded = CONTROLS.from_button(button.payload)
        assert not isinstance(decoded, RandomLegal)
        if isinstance(decoded, AskForm):
            forms.append(GAME.moves.named(decoded.move).type)  # type: ignore[union-attr]
        else:
            reached.append(led_to(decoded, legal))
    for select in controls.selects:
        assert 1 <= len(select.options) <= MAX_OPTIONS and len(select.placeholder) <= 150
        assert MENU_KIND.fullmatch(select.kind)
        for option in select.options:
            assert len(option.label) <= 100 and len(option.value) <= 100
            assert option.description is None or len(option.description) <= 100
            decoded = CONTROLS.from_select(select.kind, option.value)
            if isinstance(decoded, AskForm):  # a menu of examples ends with its form ("Another one: type it…")
                forms.append(GAME.moves.named(decoded.move).type)  # type: ignore[union-attr]
                assert option is select.options[-1] and option.label == TYPE_ANOTHER
                continue
            reached.append(led_to(decoded, legal))
            if select.kind.startswith(("move-to", "fallback", "catch-throw")):  # where to go: in words, not x,y
                assert not COORDINATES.search(option.label), f"coordinates in {option.label!r}"
    values = [(s.kind, o.value) for s in controls.selects for o in s.options]
    assert len(values) == len(set(values))

    layout = build_view(BIG_ID, BIG_VERSION, controls)
    if layout is not None:
        items = list(layout.children)
        assert len(items) == len(controls.buttons) + len(controls.selects), "a control did not fit"
        assert all(len(item.custom_id) <= 100 for item in items)  # type: ignore[attr-defined]
        rows = [[c["type"] for c in row["components"]] for row in layout.to_components()]
        assert len(rows) <= MAX_ROWS
        assert all(row == [SELECT] or (len(row) <= MAX_BUTTONS_PER_ROW and set(row) == {BUTTON}) for row in rows)
        assert sum(len(row) for row in rows) == len(items)
        assert len({item.custom_id for item in items}) == len(items)  # type: ignore[attr-defined]
    secret = build_view(BIG_ID, secret_version(CONTROLS, BIG_VERSION), controls)
    if secret is not None:
        assert all(f":{BIG_VERSION}:" in item.custom_id for item in secret.children)  # type: ignore[attr-defined]
    assert state.ask is not None
    return state.ask.kind, [a for a in legal if a not in reached and a.type not in forms]


def _note_for_unreached(kind: AskKind, unreached: list[Any], state: BroodRumbleState) -> None:
    if not unreached:
        return
    assert kind is AskKind.PLACE_FEATURE and all(isinstance(a, PlaceFeature) for a in unreached), unreached
    legal, player = team_legal(state)
    notes = CONTROLS.controls(GAME.view(state, None), legal, player).notes
    assert any("/br place" in note for note in notes)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_controls_at_stops_of_random_games_are_legal_and_fit(players: int, seed: int) -> None:
    for state in positions(players, seed, (0, 1, 3, 6, 10, 14, 20, 30, 45, 70, 100, 150)):
        kind, unreached = check(state)
        _note_for_unreached(kind, unreached, state)


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 6), (2, 7), (4, 8)])
def test_controls_at_every_moment_of_random_games(players: int, seed: int) -> None:
    seen: set[AskKind] = set()
    for state in every_position(players, seed):
        kind, unreached = check(state)
        _note_for_unreached(kind, unreached, state)
        seen.add(kind)
    assert {AskKind.PLACE_FEATURE, AskKind.CHOOSE_EDGE, AskKind.DEPLOY, AskKind.ACTIVATE, AskKind.ACT,
            AskKind.MOVE_TO} <= seen


def test_every_kind_of_question_gets_controls() -> None:
    """Across a few random games, each of the fourteen questions is met and answered by a control."""
    seen: set[AskKind] = set()
    for players, seed in [(2, 5), (4, 6), (2, 7), (4, 8), (2, 9), (4, 10), (2, 11), (4, 12)]:
        for state in every_position(players, seed, limit=1500):
            kind, _ = check(state)
            seen.add(kind)
        if seen == set(AskKind):
            break
    assert seen == set(AskKind), f"never met: {set(AskKind) - seen}"


def test_the_labels_players_know() -> None:
    """The buttons keep their words: the Move, the rerolls, a found Barrel, the compass of a fall-back."""
    met: dict[AskKind, list[str]] = {}
    for players, seed in [(2, 5), (4, 6), (2, 7), (4, 8), (2, 9)]:
        for state in every_position(players, seed, limit=1500):
            legal, player = team_legal(state)
            assert state.ask is not None
            met.setdefault(state.ask.kind, [b.label for b in CONTROLS.controls(
                GAME.view(state, None), legal, player).buttons])
    assert 'Move (D6+2")' in met[AskKind.ACT]
    assert met[AskKind.MOVE_REROLL] == ["Yes, reroll", "No, keep it"]
    assert "Set it down" in met[AskKind.BONUS_THROW]
    assert met[AskKind.FALL_BACK] == [], "one control for the one decision: the menu of directions"
    assert met[AskKind.CHOOSE_EDGE] == ["North edge", "East edge", "South edge", "West edge"]
    assert met[AskKind.PLACE_FEATURE][0] == "Random feature"


# -- the secret attack's DM -----------------------------------------------------------------------------


def attack_state() -> BroodRumbleState:
    for seed in range(1, 60):
        for state in every_position(2, seed):
            if state.ask is not None and state.ask.kind is AskKind.ATTACK:
                return state
    raise AssertionError("no random game reached a fight")


def test_the_attack_dm_names_the_enemy_the_health_and_the_wounds_so_far() -> None:
    state = attack_state()
    fight = state.combat
    assert fight is not None
    mine, theirs = state.orcs[fight.attacker], state.orcs[fight.defender]
    prompt = GAME.prompts(state)[0]
    assert prompt.secret
    fresh = secret_text(CONTROLS, GAME.view(state, None), prompt)
    assert fresh.startswith(prompt.text)
    assert f"Your {mine.id} ({state.name_of(mine.player)}): {mine.hp}/12 HP" in fresh
    assert f"the enemy {theirs.id} ({state.name_of(theirs.player)}): {theirs.hp}/12 HP" in fresh
    assert "No blow has landed in this round yet" in fresh

    state.combat = fight.model_copy(update={
        "exchanges": [Exchange(attacker=theirs.id, attack=Attack.KICK, block=Block.HIGH, wounds=2)],
        "lost": {mine.id: 2, theirs.id: 0}})
    later = secret_text(CONTROLS, GAME.view(state, None), prompt)
    assert f"{theirs.id} Kick in the Crotch against a High Block: 2 wound(s)" in later
    assert f"{mine.id} ({state.name_of(mine.player)}) 2 HP" in later

    legal = GAME.legal_actions(state, mine.player)
    controls = CONTROLS.controls(GAME.view(state, None), legal, mine.player)
    assert [b.payload for b in controls.buttons] == ["attack.headbutt", "attack.punch", "attack.kick"]
    assert [led_to(CONTROLS.from_button(b.payload), legal) for b in controls.buttons] == [
        ChooseAttack(attack=a) for a in Attack]
    assert "attack" not in {m.name for m in GAME.moves.moves if m.typed}  # no slash command shows it


def test_games_without_their_own_secret_text_keep_the_prompt_and_an_open_version() -> None:
    prompt = Prompt(player="p1", kind=PromptKind.SECRET, text="Pick your lucky number.", secret=True)
    for adapter in (GenericControls(), adapter_for("masters-fight")):
        assert secret_text(adapter, None, prompt) == "Pick your lucky number."
        assert secret_version(adapter, 12) is None
    assert secret_version(CONTROLS, 12) == 12


def test_the_secret_is_not_in_the_public_view_nor_its_picture() -> None:
    from renderers import render

    state = attack_state()
    attacker = state.ask.players[0]  # type: ignore[union-attr]
    chosen = [GAME.apply(state, attacker, ChooseAttack(attack=a)).state for a in Attack]
    public = [GAME.view(s, None) for s in chosen]
    assert all(v == public[0] for v in public) and public[0].combat.attack_chosen  # type: ignore[union-attr]
    assert len({render(v) for v in public}) == 1
    assert [GAME.view(s, attacker).combat.attack for s in chosen] == list(Attack)  # type: ignore[union-attr]


# -- reading what players type --------------------------------------------------------------------------


def test_points_and_numbers_as_players_type_them() -> None:
    assert parse_point("12,7.5") == (12.0, 7.5)
    assert parse_point(" (12, 7.5) ") == (12.0, 7.5)
    assert parse_point("12 7.5") == (12.0, 7.5)
    assert parse_points("10,5; 12,7.5") == [(10.0, 5.0), (12.0, 7.5)]
    assert parse_points("10,5 → 12,7.5") == [(10.0, 5.0), (12.0, 7.5)]
    assert parse_number(' 7.5" ', "x") == 7.5
    for bad in ("twelve", "12", "1,2,3", ""):
        with pytest.raises(RuleViolation):
            parse_point(bad)
    with pytest.raises(RuleViolation):
        parse_number("far", "the position")
    assert [compass(a) for a in (0, 22.5, 67.5, 90, -45, 359)] == ["E", "ENE", "NNE", "N", "SE", "E"]


def test_commands_that_make_another_kind_of_action() -> None:
    """No spot: the dice place it; no position: the dice deploy it; a compass name or an angle."""
    from rules.core.moves import Reading

    reading = Reading(None)
    place, deploy, fall_back = (GAME.moves.named(n) for n in ("place", "deploy", "fallback"))
    assert place.build({"kind": "pit"}, reading) == {"type": "place_random", "kind": "pit"}  # type: ignore[union-attr]
    assert place.build({"at": "random"}, reading) == {"type": "place_random", "kind": None}  # type: ignore[union-attr]
    assert place.build({"kind": "pit", "at": "12,7.5"}, reading) == {  # type: ignore[union-attr]
        "type": "place_feature", "kind": "pit", "x": 12.0, "y": 7.5}
    with pytest.raises(RuleViolation, match="which kind"):
        place.build({"at": "12,7.5"}, reading)  # type: ignore[union-attr]
    assert deploy.build({"orc": "a2"}, reading) == {"type": "deploy_random", "orc": "A2"}  # type: ignore[union-attr]
    assert deploy.build({"orc": "A2", "at": "7.5"}, reading) == {  # type: ignore[union-attr]
        "type": "deploy", "orc": "A2", "at": 7.5}
    assert fall_back.build({"direction": "NNE"}, reading) == {"type": "fall_back", "angle": 67.5}  # type: ignore[union-attr]
    assert fall_back.build({"angle": 100.0}, reading) == {"type": "fall_back", "angle": 100.0}  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="one of them"):
        fall_back.build({"direction": "N", "angle": 3.0}, reading)  # type: ignore[union-attr]
    assert GAME.moves.named("fall-back") is fall_back and GAME.moves.named("get-up") is GAME.moves.named("getup")


def moving_state() -> BroodRumbleState:
    for seed in range(1, 60):
        for state in every_position(2, seed):
            act = state.activation
            if state.ask is not None and state.ask.kind is AskKind.MOVE_TO and act is not None and act.budget:
                return state
    raise AssertionError("no random game reached a Move")


def test_names_of_orcs_features_and_barrels() -> None:
    state = moving_state()
    mover = state.orcs[state.ask.orc or ""]  # type: ignore[union-attr]
    enemy = next(o for o in state.orcs.values() if o.on_board and o.team != mover.team)
    assert resolve_orc(enemy.id.lower(), state, []) == enemy.id
    assert resolve_orc(f"{enemy.id} (whoever)", state, []) == enemy.id
    theirs = [o for o in state.orcs.values() if o.player == enemy.player and o.on_board]
    nearest = min(theirs, key=lambda o: (centre_distance(o.xy, mover.xy), o.id))
    assert resolve_orc(state.name_of(enemy.player).upper(), state, [], near=mover.xy) == nearest.id
    with pytest.raises(RuleViolation):
        resolve_orc("Grimgor", state, [])

    mound = next(f for f in state.features if f.id == "M1")
    assert find_landmark(state, mover, "m1")[1:] == ((mound.x, mound.y), "feature")
    assert find_landmark(state, mover, "Debris Mound")[2] == "feature"
    assert find_landmark(state, mover, enemy.id) == (f"{enemy.id} ({state.name_of(enemy.player)})", enemy.xy, "orc")
    with pytest.raises(RuleViolation):
        find_landmark(state, mover, "the moon")


def test_a_walk_toward_something_stays_legal_and_short_of_enemies() -> None:
    state = moving_state()
    mover = state.orcs[state.ask.orc or ""]  # type: ignore[union-attr]
    budget = float(state.activation.budget or 0)  # type: ignore[union-attr]
    for target in [o for o in state.orcs.values() if o.on_board and o.id != mover.id]:
        spot = walk_toward(state, mover, target.xy, budget, enemy=target.team != mover.team)
        if spot is None:
            continue
        step = GAME.apply(state, mover.player, ACTION_ADAPTER.validate_python(
            {"type": "move_to", "to": list(spot)}))
        moved = step.state.orcs[mover.id]
        assert centre_distance(moved.xy, target.xy) < centre_distance(mover.xy, target.xy)
        if target.team != mover.team:
            assert not in_contact(moved, step.state.orcs[target.id])
        assert spot == (round(spot[0], 2), round(spot[1], 2))  # it reads short and replays as it reads


LONG_NUMBER = re.compile(r"\d\.\d{3,}")  # a coordinate with more than two decimals


def moving_states(count: int) -> Iterator[BroodRumbleState]:
    """The first position asking where to walk of each of several random games (4 players)."""
    found = 0
    for seed in range(1, 60):
        for state in every_position(4, seed):
            act = state.activation
            if state.ask is not None and state.ask.kind is AskKind.MOVE_TO and act is not None and act.budget:
                yield state
                found += 1
                break
        if found == count:
            return


def test_a_computer_walk_reads_short_and_replays_exactly() -> None:
    # The terminal narrates a computer's move in its typed form; a walk chosen by the `normal`
    # computer has its point on the 0.01" grid (issue 24: it read "move to:2.4921,7.1234"), and the
    # text it prints, typed back, is the very same move
    walks = 0
    for n, state in enumerate(moving_states(4)):
        player = state.ask.players[0]  # type: ignore[union-attr]
        names = {s.player: s.name for s in state.seats}
        view = GAME.view(state, None)
        chosen = decide(GAME, GAME.seen_by(state, player), player, Level.NORMAL, n, Budget(iterations=12, depth=4))
        offered = [a for a in GAME.legal_actions(state, player) if isinstance(a, MoveTo)]
        mover = state.orcs[state.ask.orc or ""]  # type: ignore[union-attr]
        assert all(a.to == (round(a.to[0], 2), round(a.to[1], 2)) for a in offered if a.to != mover.xy)
        if not isinstance(chosen, MoveTo):
            continue
        walks += 1
        text = typed_form(chosen, names, GAME, view)
        assert not LONG_NUMBER.search(text), text
        back = parse_typed(text, GAME.legal_actions(state, player), names, GAME, view)
        assert back == chosen
        assert GAME.apply(state, player, back).state == GAME.apply(state, player, chosen).state
    assert walks >= 2
