"""Chaos Marauders attacks on the Cube of Devastation and their exceptions (seed 001 L85-101,
L109-119, L153-164, L256-268, L301-312, L400-424, L773-786; readings C3, C4)."""

from __future__ import annotations

import pytest

from rules.chaos_marauders import GAME
from rules.chaos_marauders import table as t
from rules.chaos_marauders.data import DECK, SHAMAN
from rules.chaos_marauders.models import AskKind, Attack, Drop, HoldBack, LetBe, Place, Put
from rules.core.errors import RuleViolation
from tests.rules.chaos_marauders.helpers import EYE, MARK, act, at_line, full_line, keys, table

# ann's top line lacks only slot 5 (index 4); the card drawn completes it
ALMOST = {(0, 0): "orc-standard", (0, 1): "hak", (0, 2): "claws", (0, 3): "spattznatt", (0, 5): "orc-musician"}
WEAK = {(0, 0): "hob-standard", (0, 1): "grivziz", (0, 2): "spoil-heaps", (0, 3): "smasher-left"}


def attack_ready(drawn: str = "pigsticker", ann: dict | None = None, bo: dict | None = None):
    state = table([drawn, "hak", "claws", "grivziz"], {"ann": ann or ALMOST, "bo": bo or WEAK})
    return act(state, "ann", Place(line=0, slot=4))


def test_a_completed_line_may_attack_a_weaker_incomplete_line() -> None:
    # seed 001 L775-777: Attack Value greater than the target's; only at completion (C3)
    state = attack_ready("grivziz")
    assert state.ask.kind is AskKind.ATTACK
    assert t.line_value(state, "ann", 0) == 2 + 4 + 5 + 3 + 2 + 2 and t.line_value(state, "bo", 0) == 2
    assert GAME.legal_actions(state, "ann") == [Attack(player="bo", line=0), HoldBack()]
    held = act(state, "ann", HoldBack())
    assert held.current == "ann" and held.ask.kind is AskKind.DRAWN  # holding back is no stop


def test_the_orcish_eye_discards_the_defenders_purple_and_the_attacker_captures_the_rest() -> None:
    # seed 001 L779-782; machines are captured (L417-424); captured cards not placed are discarded (C4)
    state = act(attack_ready("grivziz"), "ann", Attack(player="bo", line=0), faces=[EYE])
    assert keys(state, "bo", 0) == [None] * 6
    assert DECK[state.held[0].card] == "hob-standard" and state.held[0].player == "ann"
    assert [DECK[h.card] for h in state.held] == ["hob-standard", "spoil-heaps", "smasher-left"]
    assert "grivziz" in [DECK[c] for c in state.discards]
    assert Drop() in GAME.legal_actions(state, "ann")
    state = act(state, "ann", Put(line=1, slot=0))
    state = act(state, "ann", Drop())
    state = act(state, "ann", Put(line=1, slot=1))
    assert keys(state, "ann", 1)[:2] == ["hob-standard", "smasher-left"] and state.current == "bo"  # a stop (L773)


def test_the_mark_of_chaos_routs_the_attacker_and_the_defender_captures_the_rest() -> None:
    # seed 001 L783-786: the attacker's purple and grey go; the defender takes the booty, machines...
    ann = {**ALMOST, (0, 2): "spoil-heaps", (0, 3): "smasher-left"}
    state = attack_ready("claws", ann=ann, bo={(0, 1): "grivziz"})
    state = act(state, "ann", Attack(player="bo", line=0), faces=[MARK])
    assert keys(state, "ann", 0) == [None] * 6
    assert [DECK[h.card] for h in state.held] == ["spoil-heaps", "smasher-left"] and state.held[0].player == "bo"
    assert state.ask.players == ["bo"] and Drop() in GAME.legal_actions(state, "bo")


def test_horned_rat_lines_are_never_attacked_and_complete_lines_neither() -> None:
    # seed 001 L153-157 and L775-776
    bo = {(0, 0): "horned-rat", (0, 1): "grivziz"}  # line 2 is empty: nothing there to attack
    bo = {**bo, **at_line(full_line("snotlings", "nose-pick", "whipping-post", "spittledung"), 2)}
    state = table(["grivziz", "hak"], {"ann": ALMOST, "bo": bo})
    state = act(state, "ann", Place(line=0, slot=4))
    assert state.ask.kind is AskKind.DRAWN  # no line of bo's may be attacked: no question


def test_odlugg_lines_are_attacked_only_by_brave_lines() -> None:
    # seed 001 L301-306: Plague Lords, Marauders, Claws, Shaman or a whole machine
    bo = {(0, 1): "odlugg", (0, 2): "grivziz"}
    timid = {(0, 0): "orc-standard", (0, 1): "hak", (0, 2): "spattznatt", (0, 3): "grivziz",
             (0, 5): "orc-musician"}
    state = act(table(["pigsticker", "hak"], {"ann": timid, "bo": bo}), "ann", Place(line=0, slot=4))
    assert state.ask.kind is not AskKind.ATTACK or Attack(player="bo", line=0) not in GAME.legal_actions(state, "ann")
    state = attack_ready("grivziz", bo=bo)  # ALMOST holds the Claws of Malal
    assert Attack(player="bo", line=0) in GAME.legal_actions(state, "ann")
    state = act(state, "ann", Attack(player="bo", line=0), faces=[EYE])  # Odlugg beaten is discarded (L308-312)
    assert "odlugg" in [DECK[c] for c in state.discards] and not state.held


def test_a_git_in_a_beaten_line_goes_first_to_the_victor_who_is_now_its_victim() -> None:
    # seed 001 L259-268
    state = table(["grivziz", "hak"], {"ann": ALMOST, "bo": {(0, 1): "git", (0, 2): "spittledung"}, "cy": {}},
                  players=3, gits={("bo", 0, 1): "cy"})
    state = act(state, "ann", Place(line=0, slot=4))
    state = act(state, "ann", Attack(player="bo", line=0), faces=[EYE])
    assert [DECK[h.card] for h in state.held] == ["git", "spittledung"]
    state = act(state, "ann", Put(line=1, slot=2))
    assert t.gits_against(state, "ann") == ["cy"]


def test_a_git_coming_back_to_its_owner_is_discarded_and_one_in_a_routed_line_too() -> None:
    # seed 001 L266-268 and L256-258
    state = table(["grivziz", "hak"], {"ann": ALMOST, "bo": {(0, 1): "git", (0, 2): "spittledung"}},
                  gits={("bo", 0, 1): "ann"})
    state = act(state, "ann", Place(line=0, slot=4))
    state = act(state, "ann", Attack(player="bo", line=0), faces=[EYE])
    assert [DECK[h.card] for h in state.held] == ["spittledung"] and "git" in [DECK[c] for c in state.discards]
    ann = {**ALMOST, (0, 3): "git"}
    state = table(["grivziz", "hak"], {"ann": ann, "bo": {(0, 1): "grivziz"}}, gits={("ann", 0, 3): "bo"})
    state = act(state, "ann", Place(line=0, slot=4))
    assert state.ask.kind is AskKind.GIT and state.ask.players == ["bo"]
    state = act(state, "bo", LetBe())
    state = act(state, "ann", Attack(player="bo", line=0), faces=[MARK])
    assert "git" in [DECK[c] for c in state.discards] and not state.held and not state.git_owner


def test_a_shaman_line_attacks_twice_unless_the_first_attack_routs() -> None:
    # seed 001 L85-97
    bo = {(0, 1): "grivziz", (1, 1): "snotlings", (1, 2): "spittledung"}
    state = attack_ready(SHAMAN, bo=bo)
    assert state.chances[0].left == 2
    state = act(state, "ann", Attack(player="bo", line=0), faces=[EYE])
    state = act(state, "ann", Drop()) if state.ask.kind is AskKind.HOLD else state
    assert state.ask.kind is AskKind.ATTACK and Attack(player="bo", line=1) in GAME.legal_actions(state, "ann")
    routed = act(attack_ready(SHAMAN, bo=bo), "ann", Attack(player="bo", line=0), faces=[MARK])
    assert not routed.chances


def test_plague_lords_grow_with_their_number_and_may_share_a_line() -> None:
    # seed 001 L109-123
    lines = {"ann": {(0, 1): "plague-lord", (0, 2): "plague-lord", (1, 1): "plague-lord"}}
    state = table(["grivziz"], lines)
    assert t.line_value(state, "ann", 0) == 12 and t.line_value(state, "ann", 1) == 6


def test_a_whole_machine_counts_its_rating_once_and_loose_parts_nothing() -> None:
    # seed 001 L400-416; house values: parts in order +30, with the crew +30 more; C1, C10
    whole = {(0, 1): "smasher-left", (0, 2): "smasher-right", (0, 3): "smasher-crew"}
    state = table(["grivziz"], {"ann": whole, "bo": {(0, 1): "bomber-right", (0, 2): "bomber-left"}})
    assert t.line_value(state, "ann", 0) == 10 and t.line_value(state, "bo", 0) == 0
    assert t.victory_points(state, "ann") == 3 * 10 + 30 + 30 and t.victory_points(state, "bo") == 0
    pair = table(["grivziz"], {"ann": {(0, 1): "boneshaker-chariot", (0, 2): "boneshaker-crew"},
                               "bo": {(0, 1): "chucker-left"}})
    assert t.line_value(pair, "ann", 0) == 5 and t.victory_points(pair, "ann") == 20 + 40
    assert t.victory_points(pair, "bo") == 0


def test_a_git_won_in_an_attack_must_be_placed_by_the_victor_when_it_can_be() -> None:
    # seed 001 L259-263: a Git in a defeated line "must be taken by the victor and placed in one his own
    # battle lines, if possible": no discarding it while a slot takes it; the other captured cards stay optional
    state = table(["grivziz", "hak"], {"ann": ALMOST, "bo": {(0, 1): "git", (0, 2): "spittledung"}, "cy": {}},
                  players=3, gits={("bo", 0, 1): "cy"})
    state = act(state, "ann", Place(line=0, slot=4))
    state = act(state, "ann", Attack(player="bo", line=0), faces=[EYE])
    assert DECK[state.held[0].card] == "git"
    legal = GAME.legal_actions(state, "ann")
    assert Drop() not in legal and legal and all(isinstance(a, Put) for a in legal)
    with pytest.raises(RuleViolation):
        GAME.apply(state, "ann", Drop())
    state = act(state, "ann", Put(line=1, slot=1))
    assert DECK[state.held[0].card] == "spittledung" and Drop() in GAME.legal_actions(state, "ann")


def test_plague_lords_show_the_attack_rating_they_count_for_in_the_view() -> None:
    # seed 001 L109-119: 2, 4, 6 or 8 each by how many the player has in all his lines, not a printed 2
    lines = {"ann": {(0, 1): "plague-lord", (0, 2): "plague-lord", (1, 1): "plague-lord"},
             "bo": {(0, 1): "plague-lord"}}
    view = GAME.view(table(["grivziz"], lines), None)
    ann, bo = view.players
    assert [c.ar for line in ann.lines for c in line.slots if c is not None] == [6, 6, 6]
    assert [c.ar for line in bo.lines for c in line.slots if c is not None] == [2]
    assert ann.lines[0].value == 12 and bo.lines[0].value == 2



def _put_parts(state, line: int, slots: dict[str, int]):
    """Put the pulled machine parts held, whichever comes first, in `line` at `slots` {part: slot}."""
    while state.held:
        state = act(state, "ann", Put(line=line, slot=slots[DECK[state.held[0].card]]))
    return state


def test_a_line_completed_by_a_machine_part_its_crew_pulled_in_may_attack() -> None:
    # seed 001 L425-434 with L775-777: the crew drawn pulls its parts in; the line they complete was
    # completed by its owner in his turn and may attack like any other (only Gits, Bilge's reorganizing
    # and captures complete a line without an attack)
    ann = {(0, 0): "orc-standard", (0, 1): "hak", (0, 2): "claws", (0, 5): "orc-musician"}
    bo = {(0, 1): "bomber-left", (0, 2): "bomber-right", (1, 1): "grivziz"}
    state = act(table(["bomber-crew", "grivziz", "hak"], {"ann": ann, "bo": bo}), "ann", Place(line=1, slot=1))
    assert sorted(DECK[h.card] for h in state.held) == ["bomber-left", "bomber-right"]
    state = _put_parts(state, 0, {"bomber-left": 3, "bomber-right": 4})
    assert t.complete(state.lines["ann"][0]) and state.ask.kind is AskKind.ATTACK
    assert Attack(player="bo", line=1) in GAME.legal_actions(state, "ann")


def test_a_line_completed_by_parts_a_captured_crew_pulled_in_does_not_attack() -> None:
    # seed 001 L773 and C3: captured cards bring no new attack (the attack has ended the turn), and the
    # parts a captured crew pulls in come with the capture
    ann = {**ALMOST, (1, 0): "hob-standard", (1, 1): "snotlings", (1, 2): "nose-pick", (1, 5): "hob-musician"}
    lines = {"ann": ann, "bo": {(0, 1): "grivziz", (0, 2): "bomber-crew"},
             "cy": {(0, 1): "bomber-left", (0, 2): "bomber-right"}}
    state = act(table(["grivziz", "hak"], lines, players=3), "ann", Place(line=0, slot=4))
    state = act(state, "ann", Attack(player="bo", line=0), faces=[EYE])
    assert [DECK[h.card] for h in state.held] == ["bomber-crew"]
    state = act(state, "ann", Put(line=2, slot=1))
    state = _put_parts(state, 1, {"bomber-left": 3, "bomber-right": 4})
    assert t.complete(state.lines["ann"][1]) and not state.chances and state.current == "bo"
