"""The race to shout "Chaos Marauders!" (seed 001 L37-64; readings C14, C15): a move open to every
player but the drawer on every turn, judged by the turn it names, the first one applied winning."""

from __future__ import annotations

import pytest

from rules.chaos_marauders import GAME
from rules.chaos_marauders.data import DECK
from rules.chaos_marauders.models import AskKind, Begin, Decline, Place, Put, Shout, Spare, Take
from rules.core.errors import RuleViolation
from tests.rules.chaos_marauders.helpers import act, keys, step, table


def test_every_other_player_may_shout_on_every_turn_whatever_was_drawn() -> None:
    # C14: offered always, so the button tells nothing; never to the drawer
    for drawn in ("hak", "marauders", "idol"):
        state = table([drawn, "grivziz"], players=3)
        assert GAME.legal_actions(state, "bo")[-1:] == [Shout(turn=state.turn)]
        assert GAME.legal_actions(state, "cy") == [Shout(turn=state.turn)]
        assert Shout(turn=state.turn) not in GAME.legal_actions(state, "ann")
    with pytest.raises(RuleViolation, match="the other players"):
        GAME.apply(state, "ann", Shout())


def test_a_right_shout_takes_the_card_even_after_the_next_draw() -> None:
    # seed 001 L37-47: the shouter takes the card and puts it in their line; judged by the turn
    state = table(["marauders", "hak", "claws"], players=3)
    turn = state.turn
    state = act(state, "ann", Place(line=0, slot=1))  # placed quietly; the next card is drawn at once
    assert DECK[state.drawn] == "hak" and state.version == 1
    state, said = step(state, "cy", Shout(turn=turn))
    assert any("first" in line for line in said) and keys(state, "ann", 0)[1] is None
    assert state.held[0].player == "cy" and state.ask.kind is AskKind.DRAWN  # the drawer goes on first
    state = act(state, "ann", Place(line=0, slot=1))
    assert state.ask.kind is AskKind.HOLD and state.ask.players == ["cy"]
    state = act(state, "cy", Put(line=0, slot=1))
    assert keys(state, "cy", 0)[1] == "marauders" and state.current == "ann"


def test_the_first_shout_wins_and_later_ones_are_too_late() -> None:
    # seed 001 L49-51: the first shout applied takes it; the next is heard, told it is too late and
    # does nothing; the order is the action log
    state = act(table(["marauders", "hak", "claws"], players=3), "ann", Place(line=0, slot=1))
    state = act(state, "bo", Shout(turn=state.turn))
    assert Shout(turn=state.turn) not in GAME.legal_actions(state, "bo")
    assert GAME.out_of_turn(state, "cy") == [Shout(turn=state.turn)]
    late, said = step(state, "cy", Shout(turn=state.turn))
    assert said == ['📣 Cy shouts "Chaos Marauders!" too — too late: Bo was first. Nothing happens.']
    assert late.penalties == [] and late.held == state.held and late.shouted == ["bo", "cy"]
    assert GAME.out_of_turn(late, "cy") == []
    with pytest.raises(RuleViolation, match="already shouted"):
        GAME.apply(late, "cy", Shout(turn=state.turn))


def test_nobody_shouts_and_the_drawer_keeps_the_card_after_the_turn() -> None:
    # seed 001 L51-57
    state = table(["marauders", "hak", "hak", "claws"], players=3)
    turn = state.turn
    state = act(state, "ann", Place(line=0, slot=1))
    state, said = step(state, "ann", Place(line=0, slot=2))
    state, said = step(state, "ann", Place(line=1, slot=2))  # a duplicate: the turn ends
    assert state.current == "bo" and any("keep" in line for line in said)
    with pytest.raises(RuleViolation, match="Too late"):
        GAME.apply(state, "cy", Shout(turn=turn))
    assert keys(state, "ann", 0)[1] == "marauders"


def test_a_shout_while_the_card_is_being_placed_takes_it_once_placed_and_a_declined_one_is_nobodys() -> None:
    # C14: a declined Marauders voids the shout
    state = table(["marauders", "hak", "claws"], players=3)
    state = act(state, "bo", Shout())
    assert state.claim == "bo"
    placed = act(state, "ann", Place(line=0, slot=2))
    assert keys(placed, "ann", 0)[2] is None and placed.held[0].player == "bo"
    declined = act(state, "ann", Decline())
    assert declined.claim is None and not declined.held and "marauders" in [DECK[c] for c in declined.discards]


def test_a_wrong_shout_lets_the_drawer_take_one_of_the_shouters_cards() -> None:
    # seed 001 L58-64, C15: wrong when it was not drawn this turn; optional; the turn goes on
    state = table(["hak", "claws", "grivziz"], {"bo": {(0, 0): "horned-rat", (0, 1): "spittledung"}}, players=3)
    state, said = step(state, "bo", Shout())
    assert state.penalties == ["bo"] and any("may take" in line for line in said)
    assert state.ask.kind is AskKind.DRAWN  # asked once the drawer's question is answered
    state = act(state, "ann", Place(line=0, slot=1))
    assert state.ask.kind is AskKind.PENALTY
    assert {(a.line, a.slot) for a in GAME.legal_actions(state, "ann") if isinstance(a, Take)} == {(0, 0), (0, 1)}
    spared = act(state, "ann", Spare())
    assert spared.ask.kind is AskKind.DRAWN and keys(spared, "bo", 0)[1] == "spittledung"
    taken = act(state, "ann", Take(line=0, slot=1))
    assert taken.ask.kind is AskKind.HOLD and taken.held[0].player == "ann"
    taken = act(taken, "ann", Put(line=1, slot=1))
    assert keys(taken, "ann", 1)[1] == "spittledung" and taken.current == "ann" and taken.ask.kind is AskKind.DRAWN


def test_a_marauders_kept_from_an_earlier_turn_makes_a_shout_wrong() -> None:
    # C15 (b): only a Marauders drawn this turn counts
    state = table(["hak", "claws"], {"ann": {(0, 1): "marauders"}}, players=2)
    state = act(state, "bo", Shout())
    assert state.penalties == ["bo"] and keys(state, "ann", 0)[1] == "marauders"


def test_the_shout_is_declared_out_of_turn_and_its_button_is_not_pinned_to_a_version() -> None:
    # issue 27: the next draw must not make a right shout stale; the shout names its turn instead
    from bot.ui.components import build_view
    from bot.ui.declared import DeclaredControls

    move = GAME.moves.of("shout")
    assert move is not None and move.any_time and move.any_version
    state = act(table(["marauders", "hak", "claws"], players=3), "ann", Place(line=0, slot=1))
    assert GAME.out_of_turn(state, "bo") == [Shout(turn=state.turn)]
    legal = [*GAME.legal_actions(state, "ann"), *GAME.out_of_turn(state, "bo")]
    controls = DeclaredControls(GAME.moves).controls(GAME.view(state, None), legal, "ann")
    view = build_view(5, state.version, controls)
    ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert f"zj:act:5:x:shout.{state.turn}" in ids
    assert all(f":{state.version}:" in i for i in ids if "shout" not in i)


def test_the_last_call_after_a_turn_is_a_reaction_of_the_next_player_that_draws_by_default() -> None:
    # C14 (b): "until the end of his turn, plus a last call after every turn"; the bot's reaction timer
    # plays the default (the next player draws) when nobody answers
    state = table(["hak", "hak", "claws"], players=3)
    state = act(state, "ann", Place(line=0, slot=1))
    ended = act(state, "ann", Place(line=1, slot=1), last_call=True)  # a duplicate: the turn is over
    assert ended.ask.kind is AskKind.LAST_CALL and ended.current == "ann"
    (prompt,) = GAME.prompts(ended)
    assert prompt.player == "bo" and prompt.default == Begin().model_dump() and "last call" in prompt.text
    # C14 (b) "an 8 s last call": the rules' own limit, which the bot's timer keeps instead of its usual one
    assert prompt.seconds == 8.0 and "after 8 seconds" in prompt.text
    assert GAME.legal_actions(ended, "bo") == [Begin(), Shout(turn=ended.turn)]
    assert GAME.out_of_turn(ended, "cy") == [Shout(turn=ended.turn)]
    assert GAME.legal_actions(ended, "ann") == []
    begun, said = step(ended, "bo", Begin())
    assert begun.current == "bo" and begun.turn == ended.turn + 1 and begun.ask.kind is AskKind.DRAWN
    with pytest.raises(RuleViolation, match="Too late: the turn that shout is about is over"):
        GAME.apply(begun, "cy", Shout(turn=ended.turn))
    with pytest.raises(RuleViolation, match="Too late"):  # even for the drawer now: the old turn comes first
        GAME.apply(begun, "bo", Shout(turn=ended.turn))


def test_a_late_right_shout_in_the_last_call_still_takes_the_card() -> None:
    # C14 (b): the last call is part of the turn it follows
    state = table(["marauders", "hak", "hak", "claws"], players=3)
    turn = state.turn
    state = act(state, "ann", Place(line=0, slot=1))
    state = act(state, "ann", Place(line=0, slot=2))
    state = act(state, "ann", Place(line=1, slot=2), last_call=True)
    assert state.ask.kind is AskKind.LAST_CALL
    state, said = step(state, "cy", Shout(turn=turn), last_call=True)
    assert any("first" in line for line in said) and not any("keep" in line for line in said)
    assert state.ask.kind is AskKind.HOLD and state.ask.players == ["cy"]
    state = act(state, "cy", Put(line=0, slot=1), last_call=True)
    # the shout was won: nothing is left to call for, and the next turn starts
    assert keys(state, "cy", 0)[1] == "marauders" and state.current == "bo" and state.ask.kind is AskKind.DRAWN


def test_a_wrong_shout_in_the_last_call_pays_the_drawer_and_the_call_goes_on() -> None:
    # C14 (b) with C15: the drawer of the turn that ended takes the price, then the call goes on
    state = table(["hak", "hak", "claws"], {"cy": {(0, 1): "spittledung"}}, players=3)
    state = act(state, "ann", Place(line=0, slot=1))
    state = act(state, "ann", Place(line=1, slot=1), last_call=True)
    state = act(state, "cy", Shout(), last_call=True)
    assert state.ask.kind is AskKind.PENALTY and state.ask.players == ["ann"]
    state = act(state, "ann", Spare(), last_call=True)
    assert state.ask.kind is AskKind.LAST_CALL and state.ask.players == ["bo"]
    with pytest.raises(RuleViolation, match="the other players"):
        GAME.apply(state, "ann", Shout())


def test_a_computer_shouts_only_rightly_and_takes_the_price_of_a_wrong_shout() -> None:
    # issue 27: never a wrong shout, in turn or out of it; a right one at once
    from rules.chaos_marauders.computer import TACTICS

    quiet = table(["hak", "claws", "grivziz"], {"bo": {(0, 1): "spittledung"}}, players=3)
    assert TACTICS.out_of_turn(quiet, "cy", GAME.out_of_turn(quiet, "cy")) == []
    ended = act(act(table(["hak", "hak", "claws"], players=3), "ann", Place(line=0, slot=1)), "ann",
                Place(line=1, slot=1), last_call=True)
    assert ended.ask.kind is AskKind.LAST_CALL  # bo, asked, would not shout wrongly either
    assert TACTICS.sensible(ended, "bo", GAME.legal_actions(ended, "bo")) == [Begin()]
    drawn = act(table(["marauders", "hak", "claws"], players=3), "ann", Place(line=0, slot=1))
    assert TACTICS.out_of_turn(drawn, "cy", GAME.out_of_turn(drawn, "cy")) == [Shout(turn=drawn.turn)]
    won = act(drawn, "bo", Shout(turn=drawn.turn))
    assert TACTICS.out_of_turn(won, "cy", GAME.out_of_turn(won, "cy")) == []  # too late is no use
    priced = act(act(quiet, "bo", Shout()), "ann", Place(line=0, slot=1))
    assert priced.ask.kind is AskKind.PENALTY
    assert TACTICS.sensible(priced, "ann", GAME.legal_actions(priced, "ann")) == [Take(line=0, slot=1)]


# -- the race is a race: the table is not told what was drawn (seed 001 L37-57) ---------------------------------


def _drawn_and_placed(drawn: str):
    """Ann (of three) draws `drawn`, a plain purple card, and puts it in line 1, slot 2; the next card
    comes up. What everyone else was told, and the table then."""
    state = table([drawn, "hak", "claws"], players=3)
    result = GAME.apply(state, "ann", Place(line=0, slot=1))
    return state, result


def test_the_drawer_learns_the_card_alone_and_the_table_hears_only_where_a_card_went() -> None:
    # seed 001 L38-42 and L55-57: the drawer places the Marauders quietly and says so only when the turn
    # is over; the log tells the others where a card went, the same words whatever it is
    from rules.core.engine import public

    before, marauders = _drawn_and_placed("marauders")
    _, claws = _drawn_and_placed("grivziz")
    told = [e.text for e in public(marauders.events)]
    assert told == [e.text for e in public(claws.events)] == ["Ann puts a card in line 1, slot 2."]
    private = [e for e in marauders.events if e.visible_to is not None]
    assert [(e.text, e.visible_to) for e in private] == [("🤫 You drew Hak's Volunteers.", ["ann"])]
    assert not any("Marauders" in e.text for e in public(marauders.events))
    # the view: the card being decided on is the drawer's alone; the question names no card
    assert GAME.view(before, "ann").drawn.name == "Chaos Marauders"
    for viewer in (None, "bo", "cy"):
        assert GAME.view(before, viewer).drawn is None
    assert "Marauders" not in GAME.view(before, None).asked
    assert [p.text for p in GAME.prompts(before)] == [p.text for p in GAME.prompts(table(["claws", "hak"], players=3))]


def test_nothing_the_others_read_singles_out_the_marauders_before_the_turn_is_over() -> None:
    # seed 001 L42-57: the board's description, its buttons and the question read the same whether the
    # card drawn is the Chaos Marauders or another fresh troop; the picture rings every new card alike
    from bot.ui.declared import DeclaredControls
    from renderers.chaos_marauders import panel_lines

    seen = []
    for drawn in ("marauders", "grivziz"):
        state = table([drawn, "hak", "claws"], players=3)
        view = GAME.view(state, None)
        legal = [*GAME.legal_actions(state, "ann"), *GAME.out_of_turn(state, "bo")]
        controls = DeclaredControls(GAME.moves).controls(view, legal, "ann")
        labels = sorted(str(item) for item in [*controls.buttons, *controls.selects])
        text = [line.text for line in panel_lines(view)]
        placed = act(state, "ann", Place(line=0, slot=1))
        after = [line.text for line in panel_lines(GAME.view(placed, None))]
        ringed = [c.new for c in GAME.view(placed, None).players[0].lines[0].slots if c is not None]
        seen.append((labels, text, view.asked, after, ringed))
    assert seen[0] == seen[1]
    assert not any("Marauders" in line for line in seen[0][1][1:] + seen[0][3][1:])  # the game's title aside


def test_a_computer_shouts_only_at_what_it_could_see_on_the_table() -> None:
    # seed 001 L42-47: a computer, like a player, spots the Marauders once it lies in the drawer's line;
    # while it is still being decided on, nothing shows it, and the computer's picture of the game does
    # not hold it (the same whatever the drawer holds)
    from rules.chaos_marauders.computer import TACTICS

    holding = table(["marauders", "hak", "claws"], players=3)
    assert TACTICS.out_of_turn(holding, "bo", GAME.out_of_turn(holding, "bo")) == []
    other = table(["hak", "marauders", "claws"], players=3)
    assert GAME.seen_by(holding, "bo").model_dump() == GAME.seen_by(other, "bo").model_dump()
    assert GAME.seen_by(holding, "ann").drawn == holding.drawn
    placed = act(holding, "ann", Place(line=0, slot=1))
    assert TACTICS.out_of_turn(placed, "bo", GAME.out_of_turn(placed, "bo")) == [Shout(turn=placed.turn)]
    seen = GAME.seen_by(placed, "bo")
    assert TACTICS.out_of_turn(seen, "bo", GAME.out_of_turn(seen, "bo")) == [Shout(turn=placed.turn)]


def test_the_drawer_tells_the_table_only_once_the_turn_and_its_last_call_are_over() -> None:
    # seed 001 L55-57: "only once his turn is over" the drawer announces it; the last call still belongs
    # to the turn (C14), so the news comes when the next player draws
    state = table(["marauders", "hak", "hak", "claws"], players=3)
    state = act(state, "ann", Place(line=0, slot=1))
    state = act(state, "ann", Place(line=0, slot=2))
    state, said = step(state, "ann", Place(line=1, slot=2), last_call=True)
    assert state.ask.kind is AskKind.LAST_CALL and not any("Marauders" in line for line in said)
    state, said = step(state, "bo", Begin())
    assert any("got away with it" in line and "Chaos Marauders" in line for line in said)
