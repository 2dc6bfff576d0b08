"""Chaos Marauders' purple, green and red powers (seed 001 L65-83, L98-101, L136-152, L165-201,
L202-255, L269-312, L313-390, L425-438; readings C6-C12)."""

from __future__ import annotations

from rules.chaos_marauders import GAME
from rules.chaos_marauders import table as t
from rules.chaos_marauders.data import DECK
from rules.chaos_marauders.models import (
    Attack,
    AskKind,
    Assassinate,
    Blast,
    Done,
    ForceDiscard,
    Lead,
    LetBe,
    Place,
    Put,
    Reorganize,
    Shift,
    Shout,
    Skip,
    Steal,
    Stick,
    Take,
)
from tests.rules.chaos_marauders.helpers import EYE, MARK, act, keys, step, table


def discarded(state) -> list[str]:
    return [DECK[c] for c in state.discards]


def test_the_pigsticker_shoots_a_purple_card_or_odlugg_right_after_it_is_placed() -> None:
    # seed 001 L65-83: even from a protected or complete line; never later
    bo = {(0, 0): "horned-rat", (0, 1): "hak", (1, 1): "odlugg", (1, 2): "spittledung"}
    state = act(table(["pigsticker", "grivziz"], {"bo": bo}), "ann", Place(line=0, slot=1))
    assert state.ask.kind is AskKind.STICK
    assert {(a.line, a.slot) for a in GAME.legal_actions(state, "ann") if isinstance(a, Stick)} == {(0, 1), (1, 1)}
    state = act(state, "ann", Stick(player="bo", line=1, slot=1))
    assert "odlugg" in discarded(state) and state.ask.kind is AskKind.DRAWN and state.current == "ann"
    quiet = act(table(["pigsticker", "grivziz"], {"bo": {(0, 1): "spittledung"}}), "ann", Place(line=0, slot=1))
    assert quiet.ask.kind is AskKind.DRAWN  # nothing to shoot: it merely joins the line


def test_a_duplicate_pigsticker_shoots_before_the_turn_ends() -> None:
    # seed 001 L81-83
    state = table(["pigsticker", "grivziz"], {"ann": {(1, 1): "pigsticker"}, "bo": {(0, 1): "hak"}})
    state = act(state, "ann", Place(line=0, slot=1))
    assert state.ask.kind is AskKind.STICK
    state = act(state, "ann", Skip())
    assert state.current == "bo"


def test_the_creeps_steal_a_non_purple_card_and_a_stolen_crew_brings_its_machine() -> None:
    # seed 001 L136-152; crew pull L425-438
    bo = {(0, 1): "hak", (0, 2): "smasher-crew", (1, 1): "smasher-left", (1, 2): "smasher-right"}
    state = table(["creeps", "grivziz"], {"bo": bo})
    steals = {(a.line, a.slot) for a in GAME.legal_actions(state, "ann") if isinstance(a, Steal)}
    assert (0, 1) not in steals and (0, 2) in steals
    state = act(state, "ann", Steal(player="bo", line=0, slot=2))
    assert state.ask.kind is AskKind.HOLD and DECK[state.held[0].card] == "smasher-crew"
    state = act(state, "ann", Put(line=0, slot=3))
    assert [DECK[h.card] for h in state.held] == ["smasher-right", "smasher-left"] or \
        sorted(DECK[h.card] for h in state.held) == ["smasher-left", "smasher-right"]
    assert keys(state, "bo", 1) == [None] * 6
    state = act(state, "ann", Put(line=0, slot=1) if DECK[state.held[0].card] == "smasher-left"
                else Put(line=0, slot=2))
    state = act(state, "ann", GAME.legal_actions(state, "ann")[0])
    assert state.current == "bo" and "creeps" in discarded(state)


def test_dagromm_takes_every_nth_card_on_the_first_mark_counting_from_the_top_left() -> None:
    # seed 001 L176-201; C11: positions fixed first, counted over cards only
    ann = {(0, 1): "hak", (0, 3): "claws", (1, 1): "grivziz", (1, 2): "spattznatt", (2, 1): "spittledung",
           (2, 2): "snotlings", (2, 3): "nose-pick"}
    state = table(["dagromm", "grivziz"], {"ann": ann}, faces=[EYE, MARK])  # the second roll: every 4th card
    assert keys(state, "ann", 1)[2] is None  # the 4th of the seven cards: the Spattznatt's Squad
    assert sum(c is not None for line in state.lines["ann"] for c in line) == 6
    assert state.current == "bo" and "dagromm" in discarded(state)
    safe = table(["dagromm", "grivziz"], {"ann": ann}, faces=[EYE] * 4)
    assert sum(c is not None for line in safe.lines["ann"] for c in line) == 7


def test_a_git_goes_only_near_a_card_of_an_opponent_and_may_then_force_a_discard() -> None:
    # seed 001 L202-229; C7 (within three slots of a card of that line), C8 (a timed reaction)
    state = table(["git", "hak", "claws", "grivziz"], {"bo": {(0, 1): "grivziz"}})
    places = [a for a in GAME.legal_actions(state, "ann") if isinstance(a, Place)]
    assert places and all(a.player == "bo" and a.line == 0 and a.slot in (2, 3, 4) for a in places)
    state = act(state, "ann", Place(line=0, slot=2, player="bo"))
    assert state.current == "bo" and state.git_owner[state.lines["bo"][0][2]] == "ann"
    # bo's turn: bo says where the Hak goes; ann is asked, with "let it be" as the default
    state = act(state, "bo", Place(line=1, slot=1))
    prompts = GAME.prompts(state)
    assert [p.player for p in prompts] == ["ann"] and prompts[0].default == {"type": "let-be"}
    assert prompts[0].seconds == 20.0  # C8: "each owner then has 20 s", whatever the table's reaction time
    forced = act(state, "ann", ForceDiscard())
    assert forced.current == "ann" and "hak" in discarded(forced) and "git" in discarded(forced)
    assert keys(forced, "bo", 1)[1] is None
    let = act(state, "ann", LetBe())
    assert keys(let, "bo", 1)[1] == "hak" and let.current == "bo"


def test_a_drawn_git_may_kill_a_git_in_ones_own_lines() -> None:
    # seed 001 L230-238
    state = table(["git", "grivziz"], {"ann": {(0, 1): "git"}, "bo": {}}, gits={("ann", 0, 1): "bo"})
    assert Assassinate(line=0, slot=1) in GAME.legal_actions(state, "ann")
    state = act(state, "ann", Assassinate(line=0, slot=1))
    assert state.ask.kind is AskKind.GIT  # the Git's owner sees the intent first (C8)
    state = act(state, "bo", LetBe())
    assert state.current == "bo" and discarded(state).count("git") == 2 and not state.git_owner


def test_odlugg_joins_the_only_player_who_rolls_the_mark_and_eats_booty() -> None:
    # seed 001 L269-296; C9: the drawer rolls too
    state = table(["odlugg", "grivziz"], {"bo": {(0, 1): "spittledung", (0, 2): "hak"}}, faces=[EYE, MARK])
    assert state.ask.kind is AskKind.HOLD and state.ask.players == ["bo"]
    state = act(state, "bo", Put(line=1, slot=1), faces=[MARK])  # the Spittledung is eaten
    assert keys(state, "bo", 0)[1] is None and "spittledung" in discarded(state) and state.current == "bo"
    lost = table(["odlugg", "grivziz"], faces=[MARK, MARK])
    assert "odlugg" in discarded(lost) and lost.current == "bo"


def test_a_git_aimed_at_odluggs_side_may_be_eaten_first() -> None:
    # seed 001 L296-300
    state = table(["git", "grivziz"], {"bo": {(0, 1): "odlugg"}})
    state = act(state, "ann", Place(line=0, slot=2, player="bo"), faces=[MARK])
    assert "git" in discarded(state) and keys(state, "bo", 0)[2] is None and state.current == "bo"


def test_the_idol_goes_to_any_line_and_rolls_six_times_at_the_end_unless_a_shaman_is_there() -> None:
    # seed 001 L313-344 and L98-101; the game ends at once on a third complete line (L246-255, C13)
    from tests.rules.chaos_marauders.helpers import at_line, full_line
    lines = {**at_line(full_line("hak", "claws", "grivziz", "spattznatt"), 0),
             **at_line(full_line("hak", "claws", "grivziz", "spattznatt", standard="orc-standard",
                                 musician="orc-musician"), 1),
             (2, 0): "garok", (2, 1): "snotlings", (2, 2): "nose-pick", (2, 3): "whipping-post", (2, 5): "orc-musician"}
    state = table(["idol", "grivziz"], {"ann": lines})
    assert any(isinstance(a, Place) and a.player == "bo" for a in GAME.legal_actions(state, "ann")) is False
    state, said = step(state, "ann", Place(line=2, slot=4), faces=[EYE] * 6)
    assert state.over and state.idol["ann"] == 90 and GAME.outcome(state).winners() == ["ann"]
    cursed, _ = step(table(["idol", "grivziz"], {"ann": lines}), "ann", Place(line=2, slot=4),
                     faces=[EYE, EYE, MARK, EYE, EYE, EYE])
    assert cursed.idol["ann"] == -90 and cursed.scores["ann"] == state.scores["ann"] - 180
    blessed_lines = {**lines, (2, 3): "shaman"}
    blessed, _ = step(table(["idol", "grivziz"], {"ann": blessed_lines}), "ann", Place(line=2, slot=4))
    assert blessed.idol["ann"] == 90


def test_bilge_reorganizes_without_attacking_or_leads_an_incomplete_line() -> None:
    # seed 001 L345-367
    ann = {(0, 1): "hak", (0, 2): "claws", (1, 0): "hob-standard"}
    state = act(table(["bilge", "grivziz"], {"ann": ann, "bo": {(0, 1): "grivziz"}}), "ann", Place(line=0, slot=3))
    assert state.ask.kind is AskKind.BILGE and Lead() in GAME.legal_actions(state, "ann")
    led = act(state, "ann", Lead())
    assert led.ask.kind is AskKind.ATTACK and led.chances[0].led
    moved = act(state, "ann", Reorganize())
    moved = act(moved, "ann", Shift(from_line=0, from_slot=1, line=1, slot=1))
    assert keys(moved, "ann", 1)[1] == "hak" and keys(moved, "ann", 0)[1] is None
    moved = act(moved, "ann", Done())
    assert moved.current == "bo"


def _swaps_to(state, target: list[list[int | None]]):
    """Walk Bilge's reorganization to `target` by legal moves only, each one putting the card wanted
    in the next slot: at most one move a slot (seventeen at most for eighteen slots)."""
    moves = 0
    for n in range(3):
        for s in range(6):
            want = target[n][s]
            here = state.lines["ann"][n][s]
            if want == here:
                continue
            if want is None:  # send the card here to an empty slot still to be settled
                to = next((m, k) for m in range(3) for k in range(6) if (m, k) > (n, s)
                          and state.lines["ann"][m][k] is None)
                move = Shift(from_line=n, from_slot=s, line=to[0], slot=to[1])
            else:
                m, k = next((m, k) for m in range(3) for k in range(6) if state.lines["ann"][m][k] == want)
                move = Shift(from_line=n, from_slot=s, line=m, slot=k) if here is not None and (n, s) < (m, k) \
                    else Shift(from_line=m, from_slot=k, line=n, slot=s)
            assert move in GAME.legal_actions(state, "ann"), move
            state = act(state, "ann", move)
            moves += 1
    assert moves <= 17 and state.lines["ann"] == target
    return state


def test_bilges_reorganization_reaches_any_lawful_arrangement_two_machine_parts_put_right_included() -> None:
    # seed 001 L355-358: "totally reorganize all of the cards ... in any order that follows the normal
    # rules": a card moves to any slot, swapping with the one there; the rules are checked when done
    ann = {(0, 0): "orc-standard", (0, 1): "smasher-right", (0, 2): "smasher-left", (0, 3): "smasher-crew",
           (0, 4): "hak", (1, 1): "claws", (1, 5): "orc-musician", (2, 0): "hob-standard", (2, 1): "spattznatt",
           (2, 2): "grivziz", (2, 5): "hob-musician"}
    state = act(table(["bilge", "grivziz"], {"ann": ann, "bo": {(0, 1): "grivziz"}}), "ann", Place(line=1, slot=2))
    before = t.victory_points(state, "ann")
    state = act(state, "ann", Reorganize())
    lines = state.lines["ann"]
    target = [[lines[2][0], lines[0][2], lines[0][1], lines[0][3], lines[1][1], lines[1][5]],
              [lines[0][0], lines[2][2], None, lines[1][2], None, lines[2][5]],
              [None, lines[0][4], lines[2][1], None, None, None]]
    state = _swaps_to(state, target)
    assert keys(state, "ann", 0)[1:4] == ["smasher-left", "smasher-right", "smasher-crew"]
    assert Done() in GAME.legal_actions(state, "ann")
    state = act(state, "ann", Done())
    assert t.victory_points(state, "ann") == before + 30 + 30 + 30 and state.current == "bo"
    assert t.line_value(state, "ann", 0) == 10 + 5 + 2


def test_bilges_reorganization_is_checked_when_done_and_may_start_over() -> None:
    # seed 001 L355-358 and L788-796: on the way the cards may stand anyhow; "done" only when every line
    # follows the placing rules (else a sentence says what is wrong); "start over" puts them back
    from rules.chaos_marauders.models import StartOver
    from rules.core.errors import RuleViolation

    ann = {(0, 0): "orc-standard", (0, 1): "hak", (1, 1): "hak", (1, 2): "claws"}
    state = act(act(table(["bilge", "grivziz"], {"ann": ann}), "ann", Place(line=2, slot=1)), "ann", Reorganize())
    start = [list(line) for line in state.lines["ann"]]
    legal = GAME.legal_actions(state, "ann")
    assert Done() in legal and StartOver() not in legal and len(legal) < 160
    mess = act(state, "ann", Shift(from_line=0, from_slot=0, line=0, slot=1))  # the Standard off the left end
    assert keys(mess, "ann", 0)[:2] == ["hak", "orc-standard"]
    assert Done() not in GAME.legal_actions(mess, "ann") and StartOver() in GAME.legal_actions(mess, "ann")
    try:
        GAME.apply(mess, "ann", Done())
        raise AssertionError("an unlawful arrangement was accepted")
    except RuleViolation as refusal:
        assert "line 1" in str(refusal) and "Standard" in str(refusal)
    twice = act(state, "ann", Shift(from_line=0, from_slot=1, line=1, slot=3))  # a second Hak in line 2
    try:
        GAME.apply(twice, "ann", Done())
        raise AssertionError("two Haks in a line were accepted")
    except RuleViolation as refusal:
        assert "line 2" in str(refusal) and "Hak's Volunteers" in str(refusal)
    back = act(mess, "ann", StartOver())
    assert back.lines["ann"] == start and back.ask.kind is AskKind.REORGANIZE


def test_bilges_reorganization_always_ends() -> None:
    # house: a budget of moves (twice the seventeen any arrangement needs); once it is spent only "start
    # over" (back to a lawful arrangement) and "done" are left, so random play ends too
    ann = {(0, 0): "orc-standard", (0, 1): "hak", (1, 1): "claws", (2, 5): "hob-musician"}
    state = act(act(table(["bilge", "grivziz"], {"ann": ann}), "ann", Place(line=2, slot=1)), "ann", Reorganize())
    for n in range(40):
        shifts = [a for a in GAME.legal_actions(state, "ann") if isinstance(a, Shift)]
        if not shifts:
            break
        state = act(state, "ann", shifts[(7 * n) % len(shifts)])
    assert n == 34 and state.ask.kind is AskKind.REORGANIZE
    from rules.chaos_marauders.models import StartOver
    legal = GAME.legal_actions(state, "ann")
    assert set(map(type, legal)) <= {StartOver, Done} and legal
    if StartOver() in legal:
        state = act(state, "ann", StartOver())
    assert GAME.legal_actions(state, "ann") == [Done()]
    assert act(state, "ann", Done()).current == "bo"


def test_the_blowback_burns_a_line_on_the_eye_and_the_drawer_on_the_mark() -> None:
    # seed 001 L368-390; C6: machines burn too; a Horned Rat line cannot be aimed at
    bo = {(0, 1): "smasher-left", (0, 2): "hak", (1, 0): "horned-rat", (1, 1): "grivziz"}
    state = table(["blowback", "grivziz"], {"ann": {(0, 1): "claws"}, "bo": bo})
    assert [(a.player, a.line) for a in GAME.legal_actions(state, "ann") if isinstance(a, Blast)] == [("bo", 0)]
    burnt = act(state, "ann", Blast(player="bo", line=0), faces=[EYE])
    assert keys(burnt, "bo", 0) == [None] * 6 and "smasher-left" in discarded(burnt)
    backfire = act(state, "ann", Blast(player="bo", line=0), faces=[MARK])
    assert t.every_card(backfire, "ann") == [] and keys(backfire, "bo", 0)[1] == "smasher-left"


def test_a_crew_pulls_its_machine_from_everyone_even_complete_lines_making_room() -> None:
    # seed 001 L425-438; C12: the receiver picks which of their own cards make room
    from tests.rules.chaos_marauders.helpers import at_line, full_line
    bo = at_line(full_line("bomber-left", "bomber-right", "hak", "claws"), 0)
    rows = [["hob-standard", "snotlings", "nose-pick", "whipping-post", "spittledung", "hob-musician"],
            ["orc-standard", "snotlings", "nose-pick", "whipping-post", "spittledung", None],
            ["garok", None, "grivziz", "hak", "spoil-heaps", "hob-musician"]]
    ann = {(n, s): k for n, row in enumerate(rows) for s, k in enumerate(row) if k is not None}
    state = table(["bomber-crew", "grivziz"], {"ann": ann, "bo": bo})
    state = act(state, "ann", Place(line=2, slot=1))
    assert keys(state, "bo", 0)[1:3] == [None, None] and len(state.held) == 2
    options = GAME.legal_actions(state, "ann")
    assert options and all(isinstance(a, Put) for a in options)  # no room: push out one of one's own cards
    state = act(state, "ann", options[0])
    assert len(discarded(state)) == 1


def test_odlugg_eats_only_when_he_is_drawn_not_when_he_changes_hands() -> None:
    # seed 001 L270-284: the rolls for booty and Gits come when Odlugg is drawn and joins a side; stolen
    # with the Creeps (L136-147) or taken for a wrong shout (L58-64) he brings no feast (no die is rolled:
    # the scripted dice are empty)
    ann = {(0, 1): "spittledung", (1, 1): "spoil-heaps"}
    state = table(["creeps", "grivziz"], {"ann": ann, "bo": {(0, 1): "odlugg"}})
    state = act(state, "ann", Steal(player="bo", line=0, slot=1))
    state = act(state, "ann", Put(line=2, slot=1))
    assert keys(state, "ann", 2)[1] == "odlugg" and keys(state, "ann", 0)[1] == "spittledung"
    assert keys(state, "ann", 1)[1] == "spoil-heaps" and state.current == "bo"
    state = table(["hak", "claws", "grivziz"], {"ann": ann, "bo": {(0, 1): "odlugg"}}, players=3)
    state = act(state, "bo", Shout())
    state = act(state, "ann", Place(line=2, slot=1))
    state = act(state, "ann", Take(line=0, slot=1))
    state = act(state, "ann", Put(line=2, slot=2))
    assert keys(state, "ann", 2)[2] == "odlugg" and keys(state, "ann", 0)[1] == "spittledung"


def test_a_pigsticker_placed_by_any_means_gets_its_discard() -> None:
    # seed 001 L69-76: "immediately after a player places a Bozlum Pigsticker in his battle line" -
    # drawn or not: here one taken from a wrong shouter (L58-64) shoots as it is put down
    state = table(["hak", "claws", "grivziz"], {"bo": {(0, 1): "pigsticker", (1, 1): "spattznatt"},
                                                "cy": {(0, 1): "claws"}}, players=3)
    state = act(state, "bo", Shout())
    state = act(state, "ann", Place(line=0, slot=1))
    state = act(state, "ann", Take(line=0, slot=1))
    state = act(state, "ann", Put(line=1, slot=1))
    assert keys(state, "ann", 1)[1] == "pigsticker" and state.ask.kind is AskKind.STICK
    assert {(a.player, a.line, a.slot) for a in GAME.legal_actions(state, "ann") if isinstance(a, Stick)} == {
        ("bo", 1, 1), ("cy", 0, 1)}
    state = act(state, "ann", Stick(player="cy", line=0, slot=1))
    assert "claws" in discarded(state) and state.current == "ann" and state.ask.kind is AskKind.DRAWN


def test_a_received_idol_may_go_in_an_opponents_line_within_three_slots_of_a_card() -> None:
    # seed 001 L313-323: "when a player receives the Idol" he may put it in his own line or an
    # opponent's, by the usual rules but within three spaces of another card (C7); here stolen with the Creeps
    state = table(["creeps", "grivziz"], {"bo": {(0, 1): "idol", (1, 1): "hak"}, "cy": {}}, players=3)
    state = act(state, "ann", Steal(player="bo", line=0, slot=1))
    legal = GAME.legal_actions(state, "ann")
    theirs = {(a.player, a.line, a.slot) for a in legal if isinstance(a, Put) and a.player is not None}
    assert theirs == {("bo", 1, 2), ("bo", 1, 3), ("bo", 1, 4)}  # cy's lines are empty: nothing near
    assert Put(line=0, slot=1) in legal
    state = act(state, "ann", Put(line=1, slot=3, player="bo"))
    assert keys(state, "bo", 1)[3] == "idol" and t.has(state, "bo", "idol") and not t.has(state, "ann", "idol")
    assert state.current == "bo"


BILGE_ALMOST = {(0, 0): "orc-standard", (0, 1): "hak", (0, 2): "claws", (0, 3): "spattznatt", (0, 5): "orc-musician"}
BILGE_PREY = {(0, 1): "grivziz", (1, 1): "snotlings", (1, 2): "spittledung"}


def test_a_line_bilge_completes_and_leads_attacks_once() -> None:
    # seed 001 L362-367 and L773: the line Bilge leads makes one attack, and an attack ends the turn; only
    # a Shaman's completed line attacks twice (L84-97): completing the line does not add a second attack
    state = act(table(["bilge", "grivziz", "hak"], {"ann": BILGE_ALMOST, "bo": BILGE_PREY}), "ann",
                Place(line=0, slot=4))
    assert state.ask.kind is AskKind.BILGE
    led = act(state, "ann", Lead())
    assert led.ask.kind is AskKind.ATTACK and len(led.chances) == 1 and led.chances[0].left == 1
    after = act(led, "ann", Attack(player="bo", line=0), faces=[EYE])
    assert after.current == "bo" and after.ask.kind is not AskKind.ATTACK


def test_a_shaman_line_bilge_completes_and_leads_attacks_twice_not_three_times() -> None:
    # seed 001 L84-97 with L362-367: a line completed with a Shaman makes two attacks; Bilge leading it
    # adds none (before, the led attack came on top of the completion's two)
    ann = {**BILGE_ALMOST, (0, 3): "shaman"}
    state = act(table(["bilge", "grivziz", "hak"], {"ann": ann, "bo": BILGE_PREY}), "ann", Place(line=0, slot=4))
    led = act(state, "ann", Lead())
    assert [(c.line, c.left, c.led) for c in led.chances] == [(0, 2, True)]


def test_a_line_completed_by_placing_bilge_gets_no_attack_once_he_reorganizes() -> None:
    # seed 001 L355-360: lines complete after Bilge's reorganization cannot attack, the one his own
    # placement completed included
    state = act(table(["bilge", "grivziz", "hak"], {"ann": BILGE_ALMOST, "bo": BILGE_PREY}), "ann",
                Place(line=0, slot=4))
    done = act(act(state, "ann", Reorganize()), "ann", Done())
    assert done.current == "bo" and not done.chances
    skipped = act(state, "ann", Skip())  # Bilge left unused: the line he completed attacks as any other
    assert skipped.ask.kind is AskKind.ATTACK


def test_a_computer_reorganizing_weighs_only_done_and_moves_that_gain_points() -> None:
    # seed 001 L355-358: a computer looks at "done" and at lawful moves worth points (two machine parts
    # put in order), not at every move
    from rules.chaos_marauders.computer import TACTICS

    ann = {(0, 1): "smasher-right", (0, 2): "smasher-left", (1, 1): "claws"}
    state = act(act(table(["bilge", "grivziz"], {"ann": ann}), "ann", Place(line=2, slot=1)), "ann", Reorganize())
    legal = GAME.legal_actions(state, "ann")
    assert len(legal) > 60
    kept = TACTICS.sensible(state, "ann", legal)
    assert kept == [Done(), Shift(from_line=0, from_slot=1, line=0, slot=2), Shift(from_line=0, from_slot=1, line=0,
                                                                                   slot=3)]
