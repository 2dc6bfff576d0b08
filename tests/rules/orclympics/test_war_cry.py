"""The War Cry (seed 000, Campaign Rules 6): one reroll window on a die, the same for every discipline.

Checked on the test game Lucky Race with the War Cry laid over it (one D6 per turn, so each rule
shows plainly) and on Masters' Fight (a Smash Roll shouted down) and its set-up (the deployment
Initiative).
"""

from __future__ import annotations

import pytest

from typing import Any

from rules.core.dice import Dice, DiceState, ScriptedDice
from rules.core.engine import Game, Seat
from rules.core.errors import RuleViolation
from rules.orclympics.broods import Brood
from rules.orclympics.masters_fight.models import Smash
from rules.orclympics.war_cry import USES, CryWarCry, LetItStand, WarCry, WarCryRules, WarCryState
from tests.bot.fakegame import Choose, LuckyRace, RaceState, RollDie
from tests.rules.masters_fight.arena import GAME as MF
from tests.rules.masters_fight.arena import Arena, Fighter, play


class CryingRaceState(RaceState, WarCryState):
    pass


class CryingRace(WarCryRules[CryingRaceState, Any], LuckyRace):
    """Lucky Race with the War Cry laid over it, as every discipline has it."""

    state_type = CryingRaceState

    def turn_key(self, state: Any) -> str:
        """Each roll is a Player Turn of its own (`turn` only says whose turn it is)."""
        return str(state.version)


RACE = CryingRace()


def duel() -> object:
    """Mug (Iron, Combat Skill 3) next to Zog (Common)."""
    return Arena({"mug": Fighter("d4", Brood.IRON), "zog": Fighter("d5")}).build()


SEATS = [Seat(player="ann", name="Ann"), Seat(player="bo", name="Bo", colour=1)]


def race(holders: list[str], target: int = 30) -> object:
    """Ann rolls first; lucky numbers picked (6 for both, so no bonus muddles the sums)."""
    state = RACE.start(SEATS, {"war_cry": holders, "target": target}, 0, dice=ScriptedDice([1])).state
    for player in ("ann", "bo"):
        state = RACE.apply(state, player, Choose(number=6)).state
    return state


def roll(state: object, player: str, faces: list[int]) -> object:
    dice = ScriptedDice(faces)
    step = RACE.apply(state, player, RollDie(), dice=dice)
    assert dice.remaining == []
    return step


def answer(state: object, player: str, action: CryWarCry | LetItStand, faces: list[int] | None = None) -> object:
    dice = ScriptedDice(faces or [])
    step = RACE.apply(state, player, action, dice=dice)
    assert dice.remaining == []
    return step


def test_a_holders_own_roll_opens_a_window_and_waits_for_them() -> None:
    # 000 Campaign Rules 6: the holder may reroll any die of theirs
    step = roll(race(["ann"]), "ann", [2])
    assert RACE.waiting_for(step.state) == ["ann"]
    prompt = RACE.prompts(step.state)[0]
    assert "War Cry" in prompt.text and "race roll: D6 rolled 2" in prompt.text
    assert prompt.default == {"type": "let-it-stand"}  # the answer when time runs out
    assert RACE.legal_actions(step.state, "ann") == [CryWarCry(roll=0, die=0), LetItStand()]
    assert RACE.legal_actions(step.state, "bo") == []


def test_someone_elses_roll_opens_no_window() -> None:
    # 000 Campaign Rules 6: only dice of the holder's own
    state = answer(roll(race(["ann"]), "ann", [2]).state, "ann", LetItStand()).state
    step = roll(state, "bo", [1])
    assert step.state.war_cry.window is None and RACE.waiting_for(step.state) == ["ann"]


def test_the_cry_throws_the_die_again_and_the_rules_read_the_new_face() -> None:
    # 000 Campaign Rules 6: reroll a single die; the move is played with the new face (the only
    # face the cry throws: the die that landed is played back, not thrown again)
    before = roll(race(["ann"]), "ann", [2]).state
    step = answer(before, "ann", CryWarCry(roll=0), [5])
    assert step.state.scores["ann"] == 5
    assert step.state.war_cry.uses["ann"] == USES - 1
    assert step.state.version == before.version + 1
    texts = [e.text for e in step.events]
    assert texts[0].startswith("📣 Ann cries War Cry!") and any("D6 rerolled 5" in t for t in texts)
    assert RACE.waiting_for(step.state) == ["bo"]  # the rerolled die is never offered again


def test_letting_the_dice_stand_changes_nothing_but_the_wait() -> None:
    before = roll(race(["ann"]), "ann", [2]).state
    step = answer(before, "ann", LetItStand())
    assert step.state.scores == before.scores and step.state.war_cry.uses["ann"] == USES
    assert step.state.war_cry.window is None and RACE.waiting_for(step.state) == ["bo"]


def test_moves_wait_for_the_answer_and_strangers_cannot_answer() -> None:
    before = roll(race(["ann"]), "ann", [2]).state
    with pytest.raises(RuleViolation, match="First Ann must say"):
        RACE.apply(before, "bo", RollDie(), dice=ScriptedDice([3]))
    with pytest.raises(RuleViolation, match="not yours"):
        RACE.apply(before, "bo", CryWarCry(roll=0))
    with pytest.raises(RuleViolation, match="cannot be thrown again"):
        RACE.apply(before, "ann", CryWarCry(roll=1))
    after = answer(before, "ann", LetItStand()).state
    with pytest.raises(RuleViolation, match="War Cry right now"):
        RACE.apply(after, "ann", LetItStand())


def test_three_cries_at_most_one_per_player_turn() -> None:
    # 000 Campaign Rules 6: "up to 3 of their Player Turns" (reading war-cry-turns)
    state = race(["ann"], target=99)
    for _ in range(USES):
        state = answer(roll(state, "ann", [1]).state, "ann", CryWarCry(roll=0), [1]).state
        state = roll(state, "bo", [1]).state
    assert state.war_cry.uses["ann"] == 0
    step = roll(state, "ann", [1])
    assert step.state.war_cry.window is None  # none left


def test_no_second_cry_in_the_same_player_turn() -> None:
    # reading war-cry-turns: the turn already used gives no new window, even for a new die
    war_cry = WarCry(uses={"ann": 3}, cried=["ann@:0:"])
    assert not war_cry.may_cry("ann", ":0:") and war_cry.may_cry("ann", ":1:")


def test_two_holders_are_asked_one_after_the_other_and_each_answers_for_themselves() -> None:
    # 000 Campaign Rules 6: everyone tied for the fewest VP holds the War Cry
    seats = [Seat(player=p, name=p.title(), colour=n) for n, p in enumerate(("ann", "bo", "cy"))]
    state = MF.start(seats, {"war_cry": ["ann", "bo"]}, 7).state
    window = state.war_cry.window
    assert window is not None and set(window.offers) == {"ann", "bo"}  # the deployment Initiative
    first, second = list(window.offers)
    assert MF.waiting_for(state) == [first] and MF.legal_actions(state, second) == []
    with pytest.raises(RuleViolation, match="answers first"):
        MF.apply(state, second, LetItStand())
    passed = MF.apply(state, first, LetItStand()).state
    assert MF.waiting_for(passed) == [second]


def test_a_set_up_roll_can_be_shouted_down_too() -> None:
    # 000 Campaign Rules 6: "initiative" is among the dice a War Cry may reroll
    seats = [Seat(player=p, name=p.title(), colour=n) for n, p in enumerate(("ann", "bo"))]
    start = MF.start(seats, {"war_cry": ["ann"]}, 11)
    offer = start.state.war_cry.window.offers["ann"][0]
    step = MF.apply(start.state, "ann", CryWarCry(roll=offer.roll))
    rolls = [e.roll for e in step.events if e.roll is not None and e.roll.who == "ann"]
    assert rolls[-1].rerolled_from is not None
    assert step.state.war_cry.uses["ann"] == USES - 1 and step.state.war_cry.window is None
    assert step.state.version == 1
    # the set-up dealt again is the same set-up up to that die: same terrain, same items
    assert step.state.terrain == start.state.terrain and step.state.items == start.state.items


def test_a_smash_roll_that_missed_hits_after_the_war_cry() -> None:
    # 000 Campaign Rules 6 on 000 III.4.2.4 Smash: the to-hit die thrown again reads anew
    state = duel()
    state.war_cry = WarCry(uses={"mug": USES})
    missed = play(state, "mug", Smash(target="zog"), [2])
    assert missed.state.orcs["zog"].hp == 6 and MF.waiting_for(missed.state) == ["mug"]
    offers = missed.state.war_cry.window.offers["mug"]
    assert [o.text.split(":")[0] for o in offers] == ["Mug's Smash Roll against Zog (needs 3+)"]
    hit = MF.apply(missed.state, "mug", CryWarCry(roll=0), dice=ScriptedDice([4, 4]))  # the new face, then damage
    assert hit.state.orcs["zog"].hp == 5


def test_the_war_cry_is_in_the_log_and_the_game_replays() -> None:
    seats = [Seat(player=p, name=p.title(), colour=n) for n, p in enumerate(("ann", "bo"))]
    options = {"war_cry": ["ann"], "target": 12}
    state = RACE.start(seats, options, 5).state
    log = [("ann", Choose(number=3)), ("bo", Choose(number=4))]
    for player, action in log:
        state = RACE.apply(state, player, action).state
    while RACE.outcome(state) is None:
        player = RACE.waiting_for(state)[0]
        action = RACE.legal_actions(state, player)[0]  # always cry while a window is open
        state = RACE.apply(state, player, action).state
        log.append((player, action))
    assert any(isinstance(a, CryWarCry) for _, a in log)
    dumped = [(p, RACE.parse_action(RACE.dump_action(a))) for p, a in log]
    assert RACE.replay(seats, options, 5, dumped).model_dump() == state.model_dump()


def test_one_die_of_a_throw_of_several() -> None:
    # reading war-cry-single-die: of 2D6 only the chosen die is thrown again
    dice = ScriptedDice([3, 4, 6])
    throw = dice.two_d6("Speed", "ann")
    again = dice.reroll(throw, die=1)
    assert again.faces == [3, 6] and again.result == 9
    with pytest.raises(RuleViolation, match="rerolled twice"):
        dice.reroll(again)


def test_reroll_on_swaps_the_die_as_it_lands() -> None:
    dice = Dice(DiceState(seed=3))
    plain = [Dice(DiceState(seed=3)).d6("x").result for _ in range(1)]
    dice.reroll_on(0, 0)
    got = dice.d6("x")
    assert got.rerolled_from == 0 and dice.rolls[0].result == plain[0]


def test_a_die_the_war_cry_threw_again_is_not_rerolled_by_the_game_itself() -> None:
    # 000 Campaign Rules 6 "never a die already rerolled", on VI.4.2.3 (a Chariot upgrade's reroll of a
    # failed Skill Test) and IV.1.2 (the brood's reroll of the lower Shoving die)
    from rules.orclympics.road_rage.engine import skill_test

    dice = ScriptedDice([6, 6])  # the War Cry takes the first 6 and throws another 6: no third throw
    dice.reroll_on(0, 0)
    assert skill_test(dice, 4, "Dirty Tricks", "ann", reroll=True) is False
    assert dice.remaining == [] and not dice.can_reroll(dice.rolls[-1])


def test_the_core_engine_knows_nothing_of_the_war_cry() -> None:
    # the War Cry is the Orclympics' layer: a bare game takes no answer and carries no War Cry
    bare = LuckyRace()
    state = bare.start(SEATS, {"war_cry": ["ann"], "target": 30}, 0, dice=ScriptedDice([1])).state
    assert not hasattr(state, "war_cry") and not hasattr(Game, "turn_key")
    with pytest.raises(Exception):
        bare.parse_action({"type": "let-it-stand"})


def test_without_holders_the_layer_plays_the_bare_rules() -> None:
    # a discipline outside a campaign: no War Cry in the state, the same dice, the same game
    plain = RACE.start(SEATS, {"target": 30}, 3).state
    bare = LuckyRace().start(SEATS, {"target": 30}, 3).state
    assert plain.war_cry is None and plain.model_dump(exclude={"war_cry"}) == bare.model_dump()
    for player in ("ann", "bo"):
        plain = RACE.apply(plain, player, Choose(number=2)).state
        bare = LuckyRace().apply(bare, player, Choose(number=2)).state
    rolled, bare_rolled = RACE.apply(plain, "ann", RollDie()), LuckyRace().apply(bare, "ann", RollDie())
    assert rolled.state.model_dump(exclude={"war_cry"}) == bare_rolled.state.model_dump()
    assert [e.text for e in rolled.events] == [e.text for e in bare_rolled.events]


# -- one die thrown again, every other die keeping its face -------------------------------------------


def push_onto_dangerous_ground(holders: list[str]) -> tuple[object, object]:
    """Brood Rumble: A1 (Alice) Headbutts B3 (Bob), who blocks low and is pushed onto Dangerous
    Terrain; the fight ends the Game Turn, so the same move throws the Initiative roll-off. Dice:
    Alice's wounds D3 (5: 3 wounds), Bob's Dangerous Terrain D6 (4: hurts), then the roll-off
    (Alice 4, Bob 3). The state before the defence, and the step of the defence."""
    from rules.orclympics.brood_rumble.models import Attack, Block, ChooseAttack, ChooseDefence, FeatureKind
    from tests.rules.brood_rumble.arena import GAME as BR
    from tests.rules.brood_rumble.test_combat import duel as br_duel

    state = br_duel(features={"T1": (FeatureKind.DANGEROUS, (10, 4))})
    state.war_cry = WarCry(uses={p: USES for p in holders})
    state = BR.apply(state, "alice", ChooseAttack(attack=Attack.HEADBUTT), dice=ScriptedDice([])).state
    dice = ScriptedDice([5, 4, 4, 3])
    step = BR.apply(state, "bob", ChooseDefence(block=Block.LOW), dice=dice)
    assert dice.remaining == []
    return state, step


def thrown(step: object) -> list[tuple[str, list[int], bool]]:
    """Each roll of a step: why, faces, whether it is a reroll."""
    return [(e.roll.why, e.roll.faces, e.roll.rerolled_from is not None) for e in step.events if e.roll is not None]


def test_a_war_cry_throws_one_die_and_every_other_die_of_the_move_keeps_its_face() -> None:
    # 000 Campaign Rules 6 ("reroll a single dice"; reading war-cry-single-die) on 000 II.4.3 Push and
    # II.2 Dangerous Terrain: the attacker cries over the wounds die; the defender's dice stay
    from tests.rules.brood_rumble.arena import GAME as BR

    _, pushed = push_onto_dangerous_ground(["alice"])
    before = pushed.state
    wounds = next(o for o in before.war_cry.window.offers["alice"] if o.text.startswith("wounds of A1"))
    dice = ScriptedDice([6])  # the one new face: the other dice are not thrown again
    cried = BR.apply(before, "alice", CryWarCry(roll=wounds.roll, die=wounds.die), dice=dice)
    assert dice.remaining == []
    rolls = thrown(cried)
    assert rolls[:2] == [("wounds of A1's Headbutt", [5], False), ("wounds of A1's Headbutt", [6], True)]
    assert rolls[2:] == [r for r in thrown(pushed) if not r[0].startswith("wounds")]  # Bob's 4, then 4 and 3
    assert [faces for _, faces, _ in rolls[2:]] == [[4], [4], [3]]
    after = cried.state
    assert after.orcs["B3"].hp == before.orcs["B3"].hp and after.orcs["B3"].xy == before.orcs["B3"].xy
    assert after.initiative == before.initiative == "A"


def test_a_changed_die_that_asks_for_more_dice_draws_them_fresh_and_the_others_stay() -> None:
    # 000 Campaign Rules 6 on 000 III.4.2.4 Smash: a miss turned into a hit needs a damage die that never
    # landed: it comes fresh from the dice, after the new face
    state = duel()
    state.war_cry = WarCry(uses={"mug": USES})
    missed = play(state, "mug", Smash(target="zog"), [2])
    dice = ScriptedDice([5, 3])  # the new face (a hit), then the damage die nobody had thrown
    hit = MF.apply(missed.state, "mug", CryWarCry(roll=0), dice=dice)
    assert dice.remaining == [] and [faces for _, faces, _ in thrown(hit)] == [[2], [5], [3]]


def test_a_computer_weighing_a_war_cry_sees_the_faces_that_landed_and_imagines_only_the_cried_die() -> None:
    # 000 Campaign Rules 6: the dice on the table are public; only the die thrown again is unknown
    from tests.rules.brood_rumble.arena import GAME as BR

    _, pushed = push_onto_dangerous_ground(["alice"])
    state = pushed.state
    seen = BR.seen_by(state, "alice")
    assert seen.war_cry.window.thrown == state.war_cry.window.thrown  # what landed, as it landed
    wounds = next(o for o in seen.war_cry.window.offers["alice"] if o.text.startswith("wounds of A1"))
    imagined: set[int] = set()
    branches: set[bool] = set()
    for n in range(12):
        world = BR.determinize(seen, "alice", Dice(seed=n))
        rolls = thrown(BR.apply(world, "alice", CryWarCry(roll=wounds.roll, die=wounds.die)))
        assert rolls[0] == ("wounds of A1's Headbutt", [5], False)
        imagined.add(rolls[1][1][0])
        kept = [(why, faces) for why, faces, _ in rolls[2:]]
        pushed_again = [faces for why, faces in kept if why.startswith("B3 crosses")]
        assert pushed_again in ([], [[4]])  # 3 wounds push B3 again, fewer start a Second Serving instead
        if pushed_again:
            assert kept[-2:] == [("Initiative for Game Turn 3 (Team A)", [4]),
                                 ("Initiative for Game Turn 3 (Team B)", [3])]
        branches.add(bool(pushed_again))
    assert len(imagined) > 2 and branches == {True, False}  # the cried die is imagined afresh in each world


# -- the Initiative roll belongs to the Player Turn it opens -------------------------------------------


def test_the_initiative_that_opens_a_game_turn_can_be_cried_over_after_a_cry_in_the_last_player_turn() -> None:
    # 000 Campaign Rules 6: "any dice, e.g. for determining the Initiative Order", one cry per Player Turn
    # (reading war-cry-turns): Mug cries in the last Player Turn of Game Turn 2, then ends it; the
    # Initiative for Game Turn 3 is thrown in that move but belongs to the Player Turn it opens
    from rules.orclympics.masters_fight.models import EndActivation

    state = Arena({"zog": Fighter("d5"), "mug": Fighter("d4", Brood.IRON)}, active="mug").build()
    state.war_cry = WarCry(uses={"mug": USES - 1}, cried=[f"mug@{MF.turn_key(state)}"])  # cried this Player Turn
    assert MF.turn_key(state) == "fight:2:1"
    ended = play(state, "mug", EndActivation(), [3, 5])  # Initiative for Game Turn 3: Zog 3, Mug 5
    assert ended.state.turn == 3 and ended.state.order == ["mug", "zog"]
    window = ended.state.war_cry.window
    assert window is not None and MF.waiting_for(ended.state) == ["mug"]
    (offer,) = window.offers["mug"]
    assert offer.text.startswith("Initiative for Game Turn 3") and offer.turn == MF.turn_key(ended.state)
    again = MF.apply(ended.state, "mug", CryWarCry(roll=offer.roll), dice=ScriptedDice([1])).state
    assert again.order == ["zog", "mug"] and again.war_cry.uses["mug"] == USES - 2
    assert again.war_cry.cried == ["mug@fight:2:1", "mug@fight:3:0"]


def test_in_brood_rumble_the_initiative_roll_off_belongs_to_the_first_activation_of_the_game_turn() -> None:
    # 000 Campaign Rules 6 on 000 II.4.1: a roll-off thrown by the fight that ends the Game Turn is
    # offered apart from the fight's own dice, in the Player Turn it opens (the first activation)
    from tests.rules.brood_rumble.arena import GAME as BR

    before, pushed = push_onto_dangerous_ground(["alice"])
    turns = {o.text.split(":")[0]: o.turn for o in pushed.state.war_cry.window.offers["alice"]}
    assert turns == {"wounds of A1's Headbutt": BR.turn_key(before),
                     "Initiative for Game Turn 3 (Team A)": BR.turn_key(pushed.state)}
    assert BR.turn_key(pushed.state) == "activation:3:0"
    wounds = next(o for o in pushed.state.war_cry.window.offers["alice"] if o.text.startswith("wounds"))
    cried = BR.apply(pushed.state, "alice", CryWarCry(roll=wounds.roll), dice=ScriptedDice([6])).state
    (left,) = cried.war_cry.window.offers["alice"]  # one cry in the fight's turn; the roll-off is another's
    assert left.text.startswith("Initiative for Game Turn 3")


def test_a_second_holders_cry_in_the_same_move_keeps_the_first_cry_and_every_other_face() -> None:
    # 000 Campaign Rules 6 with two holders: Alice cries over her wounds die, then Bob over his Dangerous
    # Terrain die; Alice's new face and the Initiative roll-off stay
    from tests.rules.brood_rumble.arena import GAME as BR

    before, pushed = push_onto_dangerous_ground(["alice", "bob"])
    window = pushed.state.war_cry.window
    assert list(window.offers) == ["alice", "bob"]
    wounds = next(o for o in window.offers["alice"] if o.text.startswith("wounds"))
    first = BR.apply(pushed.state, "alice", CryWarCry(roll=wounds.roll), dice=ScriptedDice([6])).state
    assert BR.waiting_for(first) == ["bob"]  # his die was thrown before her Initiative die
    (ground,) = [o for o in first.war_cry.window.offers["bob"] if o.text.startswith("B3 crosses")]
    second = BR.apply(first, "bob", CryWarCry(roll=ground.roll), dice=ScriptedDice([1]))
    assert [faces for _, faces, _ in thrown(second)] == [[5], [6], [4], [1], [4], [3]]
    assert second.state.orcs["B3"].hp == first.orcs["B3"].hp + 1  # the new 1 does not hurt
    assert second.state.war_cry.uses == {"alice": USES - 1, "bob": USES - 1}
    (left,) = second.state.war_cry.window.offers["alice"]  # and Alice may still cry over her Initiative die
    assert left.text.startswith("Initiative for Game Turn 3") and BR.waiting_for(second.state) == ["alice"]


@pytest.mark.parametrize("slug", ["brood-rumble", "masters-fight", "road-rage", "thatll-do-pigs", "timber"])
def test_in_every_discipline_an_initiative_die_is_offered_in_the_player_turn_it_opens(slug: str) -> None:
    # 000 Campaign Rules 6 ("e.g. for determining the Initiative Order"; reading war-cry-turns): wherever a
    # move throws the Initiative, its dice count in the Player Turn the next move is made in
    import random

    from rules.registry import GAMES

    game = GAMES[slug]
    seats = [Seat(player=p, name=p.title(), colour=n) for n, p in enumerate(("ann", "bo"))]
    state = game.start(seats, {"war_cry": ["ann", "bo"]}, 5).state
    chooser, opened, checked = random.Random(5), None, 0
    for _ in range(3000):
        if game.outcome(state) is not None or checked >= 3:
            break
        window = state.war_cry.window
        if window is None and opened is not None:
            assert game.turn_key(state) == opened  # the move after the Initiative is made in its Player Turn
            opened, checked = None, checked + 1
        player = game.waiting_for(state)[0]
        legal = game.legal_actions(state, player)
        action = LetItStand() if window is not None else legal[chooser.randrange(len(legal))]
        step = game.apply(state, player, action)
        landed = step.state.war_cry.window
        turns = {o.turn for offers in (landed.offers.values() if landed else ()) for o in offers
                 if o.text.startswith("Initiative")}
        if turns and window is None and landed.before_json is not None:  # a move's, not the set-up's
            assert turns == {game.turn_key(step.state)}
            opened = game.turn_key(step.state)
        state = step.state
    assert checked >= 1


def test_a_window_stored_before_its_faces_were_written_down_plays_them_back_from_its_seed() -> None:
    # a game saved with a window open keeps working: the faces come from the dice of the move itself
    stored = answer(roll(race(["ann"], target=99), "ann", [1]).state, "ann", LetItStand()).state
    stored = roll(stored, "bo", [1]).state
    stored = RACE.apply(stored, "ann", RollDie()).state  # seeded dice: the faces are the seed's
    old = stored.model_copy(deep=True)
    old.war_cry.window.thrown = None
    now, then = RACE.apply(stored, "ann", CryWarCry(roll=0)), RACE.apply(old, "ann", CryWarCry(roll=0))
    assert now.state.scores == then.state.scores and [e.text for e in now.events] == [e.text for e in then.events]
