"""How a die reads in the log (issue 40, "Labels that say what they do"): every roll line names whose die
it is (the seat's name, or the table's), what it was for, and its faces in plain words, from one place
(`rules.core.dice.roll_text`), for every game. Seed 000, 'How to use this document': D3 is a D6 read
1-2 as 1, 3-4 as 2, 5-6 as 3; no die is rerolled twice. Seed 000 III.3: ties roll again."""

from __future__ import annotations

import re

import pytest

from rules.core.dice import Dice, Roll, ScriptedDice, roll_text
from rules.core.engine import Context, Seat
from rules.core.initiative import roll_order, tie_break_why
from rules.core.selfplay import play_random
from rules.orclympics.war_cry import WarCry, offers
from rules.registry import GAMES

SEATS = [Seat(player="p1", name="Grub"), Seat(player="p2", name="Ann")]


def lines(faces: list[int], throw) -> list[str]:  # type: ignore[no-untyped-def]
    """The log lines of the dice `throw` rolls through a context seated at SEATS."""
    ctx = Context.at(ScriptedDice(faces), SEATS)
    throw(ctx.dice)
    return [e.text for e in ctx.finish() if e.kind == "roll"]


def test_a_players_die_names_them_as_seated() -> None:
    assert lines([4], lambda d: d.d6("Initiative for Game Turn 1", "p1")) == [
        "🎲 Grub — Initiative for Game Turn 1: D6 rolled 4"]


def test_a_die_nobody_owns_is_the_tables() -> None:
    assert lines([1], lambda d: d.d6("the crowd's temper (4+ and a Barrel flies at A3)")) == [
        "🎲 Table — the crowd's temper (4+ and a Barrel flies at A3): D6 rolled 1"]


def test_a_reason_that_begins_with_the_owner_is_not_told_twice() -> None:
    assert lines([6, 2], lambda d: (d.d6("Grub's Smash Roll against Ann (needs 4+)", "p1"),
                                    d.d6("Grubby's bad day", "p1"))) == [
        "🎲 Grub's Smash Roll against Ann (needs 4+): D6 rolled 6",
        "🎲 Grub — Grubby's bad day: D6 rolled 2"]  # a longer word is not the name


def test_a_d3_shows_the_d6_it_was_and_what_it_counts() -> None:
    # 000 'How to use': D3 = D6 read 1-2 as 1, 3-4 as 2, 5-6 as 3
    assert lines([5, 2], lambda d: (d.d3("how many Terrain Features (D3+2)"), d.d3("wounds", "p2"))) == [
        "🎲 Table — how many Terrain Features (D3+2): D3 rolled 5, counts 3",
        "🎲 Ann — wounds: D3 rolled 2, counts 1"]


def test_several_dice_and_a_bonus_add_up_in_the_open() -> None:
    assert lines([4, 6, 3, 2, 5], lambda d: (d.two_d6("A2's Barrel throw", "p1"), d.d6_plus(2, "move", "p1"),
                                             d.keep_highest(2, 6, "Shoving", "p2"))) == [
        "🎲 Grub — A2's Barrel throw: 2D6 rolled 4 + 6 = 10",
        "🎲 Grub — move: D6+2 rolled 3 = 5",
        "🎲 Ann — Shoving: 2D6 rolled 2, 5, keeps 5"]


def test_a_scatter_is_a_bearing_in_degrees_and_words_as_the_boards_draw_them() -> None:
    # the boards' keys: "headings: 0° east, 90° north"; a scatter face is the angle + 1
    assert lines([100, 1, 226], lambda d: [d.scatter("the Barrel's bounce direction") for _ in range(3)]) == [
        "🎲 Table — the Barrel's bounce direction: 99°, about north (0° east, 90° north)",
        "🎲 Table — the Barrel's bounce direction: 0°, about east (0° east, 90° north)",
        "🎲 Table — the Barrel's bounce direction: 225°, about south-west (0° east, 90° north)"]


def test_a_reroll_says_it_is_one() -> None:
    # 000 'How to use': no die is rerolled twice; the reroll is its own line
    def throw(dice: Dice) -> None:
        first = dice.two_d6("A4's Barrel throw", "p1")
        dice.reroll(first, "A4's Barrel throw (Common brood)")
        dice.reroll(dice.d3("wounds", "p2"))

    assert lines([1, 3, 4, 1, 2, 6], throw) == [
        "🎲 Grub — A4's Barrel throw: 2D6 rolled 1 + 3 = 4",
        "🎲 Grub — A4's Barrel throw (Common brood): 2D6 rerolled 4 + 1 = 5",
        "🎲 Ann — wounds: D3 rolled 2, counts 1",
        "🎲 Ann — wounds: D3 rerolled 6, counts 3"]


def test_tie_breaks_say_which_they_are_instead_of_stacking() -> None:
    # 000 III.3: tied players roll again among themselves until no ties remain
    texts = lines([3, 3, 4, 4, 2, 5], lambda d: roll_order(d, ["p1", "p2"], "Initiative for Game Turn 2"))
    assert texts == [
        "🎲 Grub — Initiative for Game Turn 2: D6 rolled 3",
        "🎲 Ann — Initiative for Game Turn 2: D6 rolled 3",
        "🎲 Grub — Initiative for Game Turn 2 (tie-break): D6 rolled 4",
        "🎲 Ann — Initiative for Game Turn 2 (tie-break): D6 rolled 4",
        "🎲 Grub — Initiative for Game Turn 2 (second tie-break): D6 rolled 2",
        "🎲 Ann — Initiative for Game Turn 2 (second tie-break): D6 rolled 5"]
    assert tie_break_why("Roll-off", 3) == "Roll-off (third tie-break)"
    assert tie_break_why("Roll-off", 12) == "Roll-off (12th tie-break)"
    # a player rolling for a side names it, in the same brackets (Brood Rumble's team roll-offs, II.2-II.4.1)
    assert lines([2, 2, 6, 1], lambda d: roll_order(d, ["p1", "p2"], "who chooses the deployment edge",
                                                    rolling_for={"p1": "Team A", "p2": "Team B"})) == [
        "🎲 Grub — who chooses the deployment edge (Team A): D6 rolled 2",
        "🎲 Ann — who chooses the deployment edge (Team B): D6 rolled 2",
        "🎲 Grub — who chooses the deployment edge (Team A, tie-break): D6 rolled 6",
        "🎲 Ann — who chooses the deployment edge (Team B, tie-break): D6 rolled 1"]


def test_random_picks_and_unseen_draws_are_never_shown() -> None:
    # Orcz's hidden Challenges, Chaos Marauders' shuffles, a computer's private numbers
    assert lines([2, 3, 6], lambda d: (d.pick(["a", "b"], "Challenge at the Ford", "p1"), d.draw(6),
                                       d.d6("Odlugg chooses a side (1 is the Mark of Chaos)", "p2"))) == [
        "🎲 Ann — Odlugg chooses a side (1 is the Mark of Chaos): D6 rolled 6"]


def test_the_war_cry_offers_a_die_in_the_logs_own_words() -> None:
    # 000 Campaign Rules 6: the holder is asked about their own dice, so the line leaves out whose
    roll = Roll(id=0, who="p1", why="Initiative for Game Turn 2", kind="D6", faces=[2], result=2)
    (offer,) = offers(WarCry(uses={"p1": 3}), [roll], ["t"])["p1"]
    assert offer.text == roll_text(roll, owner=False) == "Initiative for Game Turn 2: D6 rolled 2"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_games_roll_lines_name_their_owner_and_read_plainly(slug: str) -> None:
    game = GAMES[slug]
    result = play_random(game, game.usual_table(), 3, max_actions=400)
    names = {seat.player: seat.name for seat in result.state.seats}
    rolls = [e for e in result.events if e.kind == "roll"]
    for event in rolls:
        assert event.roll is not None and event.visible_to is None  # a die at the table: every seat saw it
        assert event.text == roll_text(event.roll, names)
        owner = "Table" if event.roll.who is None else names[event.roll.who]
        assert event.text.startswith((f"🎲 {owner} — ", f"🎲 {owner}")), event.text
        assert "(tie-break) (tie-break)" not in event.text and not re.search(r"\[\d", event.text), event.text


def test_no_roll_line_tells_a_brood_rumble_attack_before_it_is_revealed() -> None:
    # 000 II.4.3 steps 2-4: the attack stays under the palm until the block; a roll line naming it
    # (its wounds) comes only after the reveal
    attacks = ("Headbutt", "Punch", "Kick in the Crotch")
    named = 0
    for seed in range(3):
        hidden = False
        for event in play_random(GAMES["brood-rumble"], 2, seed, max_actions=1500).events:
            if event.visible_to is not None:
                continue  # the attacker's own note of what they chose
            if "picked an attack" in event.text:
                hidden = True
            elif event.text.startswith("👊 Revealed"):
                hidden = False
            elif event.kind == "roll" and any(a in event.text for a in attacks):
                named += 1
                assert not hidden, event.text
    assert named  # the games did reach combat
