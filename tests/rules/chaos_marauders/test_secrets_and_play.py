"""What Chaos Marauders hides (the order of the pile, L764-765) and random games: 2 and 4 players
finish without error and replay identically from their seeds and logs, shouts included."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.chaos_marauders import GAME
from rules.chaos_marauders.models import Place, Shout
from rules.core.dice import Dice
from rules.core.selfplay import play_random, random_seats
from tests.rules.chaos_marauders.helpers import table


def test_the_view_shows_how_many_cards_the_pile_holds_never_their_order() -> None:
    state = table(["hak", "claws", "grivziz", "spittledung"])
    view = GAME.view(state, "ann")
    assert view.pile == 3 and "pile" not in view.model_dump_json().replace('"pile":3', "")
    shuffled = GAME.determinize(GAME.seen_by(state, "ann"), "ann", Dice(seed=4))
    assert sorted(shuffled.pile) == sorted(state.pile)
    assert GAME.seen_by(state, "ann").pile == sorted(state.pile)
    assert GAME.view(shuffled, "ann").model_dump() == view.model_dump()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_finish_and_replay_identically(players: int, seed: int) -> None:
    result = play_random(GAME, players, seed)
    assert result.finished and GAME.outcome(result.state) is not None
    again = GAME.replay(result.state.seats, None, seed, result.log)
    assert again.model_dump() == result.state.model_dump()
    assert play_random(GAME, players, seed).log == result.log


def _with_shouts(players: int, seed: int) -> tuple[Any, list[tuple[str, Any]]]:
    """A random game where, before each move, someone else may shout (rightly or wrongly), each shout
    naming the turn it is about as a button carries it."""
    chooser = Dice(seed=seed)
    seats = random_seats(players, chooser)
    state = GAME.start(seats, None, seed).state
    log: list[tuple[str, Any]] = []
    while GAME.outcome(state) is None and len(log) < 3000:
        shouters = [s.player for s in seats if Shout(turn=state.turn) in GAME.legal_actions(state, s.player)]
        if shouters and chooser.draw(6) == 1:
            move: tuple[str, Any] = (chooser.pick(shouters, "shouter"), Shout(turn=state.turn))
        else:
            waiting = GAME.waiting_for(state)
            player = waiting[0] if len(waiting) == 1 else chooser.pick(waiting, "who")
            move = (player, chooser.pick(GAME.legal_actions(state, player), "move"))
        state = GAME.apply(state, *move).state
        log.append(move)
    return state, log


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_shouts_finish_and_replay(players: int) -> None:
    state, log = _with_shouts(players, 7)
    assert GAME.outcome(state) is not None and any(isinstance(a, Shout) for _, a in log)
    assert GAME.replay(state.seats, None, 7, log).model_dump() == state.model_dump()


def test_zagjan_play_runs_to_the_end_from_piped_lines_and_offers_the_shout(capsys, monkeypatch, tmp_path) -> None:
    # issue 27: `zagjan play chaos-marauders --players 1 --computers 2`, every question answered with its
    # first choice as a pipe would; the last call before the human's turn lists the shout beside the draw
    import builtins

    from bot.cli import main as cli

    answers = iter(["?", *["1"] * 2000])  # "?" first: the moves open are listed
    shown: list[str] = []

    def typed(prompt: str = "") -> str:
        shown.append(prompt)
        return next(answers)

    monkeypatch.setattr(builtins, "input", typed)
    code = cli.main(["play", "chaos-marauders", "--players", "1", "--computers", "2", "--seed", "3",
                     "--out", str(tmp_path), "--iterations", "4"])
    text = "".join(shown) + capsys.readouterr().out
    assert code == 0 and "Chaos Marauders is over" in text and "Placings:" in text
    assert "last call for shouts" in text and re.search(r"^\s*\d+\. shout$", text, re.MULTILINE)
    # the shout was also offered while the computers played, and those prompts read the pipe's lines too
    assert "⏳" in "".join(shown) and "shouts \"Chaos Marauders!\"" in text


def _at_the_keyboard(state: Any, answers: list[str]) -> tuple[Any, list[str], str]:
    """`zagjan play`'s offer of moves out of turn after a computer's move, on a hand-built table (every
    seat at the keyboard; the drawer is the one the game waits for): the state after it, the prompts
    asked and what was printed."""
    import io

    from bot.cli.terminal import TerminalGame
    from rules.registry import GAMES

    prompts: list[str] = []

    class Keys:
        def ask(self, prompt: str) -> str:
            prompts.append(prompt)
            if not answers:
                raise EOFError
            return answers.pop(0)

        def drop_typed_ahead(self) -> None:
            pass

    out = io.StringIO()
    terminal = TerminalGame(GAMES["chaos-marauders"], 3, 0, keyboard=Keys(), out=out)
    terminal.seats, terminal.names = list(state.seats), {s.player: s.name for s in state.seats}
    return terminal._offer_out_of_turn(state), prompts, out.getvalue()


def test_the_terminal_offers_the_shout_after_every_card_whatever_was_drawn() -> None:
    # seed 001 L37-64 (C14): the shout is open all turn to everyone but the drawer, so the offer after a
    # card is placed is the same whether the Chaos Marauders was drawn or not, and gives nothing away
    from tests.rules.chaos_marauders.helpers import act

    drew_it = act(table(["marauders", "hak", "claws"], players=3), "ann", Place(line=0, slot=1))
    did_not = act(table(["hak", "claws", "grivziz"], players=3), "ann", Place(line=0, slot=1))
    assert drew_it.marauders_turn == drew_it.turn and did_not.marauders_turn != did_not.turn
    seen = []
    for state in (drew_it, did_not):
        after, prompts, printed = _at_the_keyboard(state, ["", ""])  # Enter, Enter: both go on
        assert after.model_dump() == state.model_dump()
        seen.append((prompts, printed))
    assert seen[0] == seen[1]
    assert sorted(seen[0][0]) == ["⏳ Bo: Enter to go on, or shout now (? lists) > ",
                                  "⏳ Cy: Enter to go on, or shout now (? lists) > "]


def test_a_shout_typed_at_the_offer_is_made_and_judged_by_the_rules() -> None:
    # seed 001 L37-64: right, the shouter takes the card (C14); wrong, the drawer may take one of theirs (C15)
    from tests.rules.chaos_marauders.helpers import act

    drew_it = act(table(["marauders", "hak", "claws"], players=3), "ann", Place(line=0, slot=1))
    right, prompts, printed = _at_the_keyboard(drew_it, ["shout", ""])
    first, second = (p.split(":")[0].removeprefix("⏳ ") for p in prompts)  # the second may still shout, too late
    assert {first, second} == {"Bo", "Cy"}
    assert right.claimed and right.shouted == [first.lower()] and right.held[0].player == first.lower()
    assert f'{first} shouts "Chaos Marauders!" first' in printed
    did_not = act(table(["hak", "claws", "grivziz"], {"cy": {(0, 1): "spittledung"}, "bo": {(0, 1): "hak"}},
                        players=3), "ann", Place(line=0, slot=1))
    wrong, _, printed = _at_the_keyboard(did_not, ["", "?", "1"])  # the first goes on; the second lists, shouts
    assert len(wrong.penalties) == 1 and "  1. shout" in printed and "has not drawn it this turn" in printed


def test_piped_input_that_ends_at_the_offer_ends_the_game_without_waiting() -> None:
    # a pipe's lines are read like any other; when they end, `zagjan play` stops (Quit), nothing hangs
    from bot.cli.terminal import Quit

    state = table(["hak", "claws", "grivziz"], players=3)
    with pytest.raises(Quit):
        _at_the_keyboard(state, [])


def _with_computers(state: Any, ids: dict[str, str]) -> Any:
    """The same table with some seats played by computers (their ids say so)."""
    text = state.model_dump_json()
    for plain, computer in ids.items():
        text = text.replace(f'"{plain}"', f'"{computer}"')
    return type(state).model_validate_json(text)


def test_the_terminals_computers_race_for_a_humans_marauders_and_never_shout_wrongly() -> None:
    # seed 001 L37-64 (C14): when the human drawer places the Chaos Marauders, the others race to shout;
    # at the keyboard the computers race too (their tactics, as in Discord), and never shout at a card
    # that is not the Marauders
    import io

    from bot.cli.terminal import TerminalGame
    from rules.registry import GAMES
    from tests.rules.chaos_marauders.helpers import act

    ids = {"bo": "cpu-normal-1", "cy": "cpu-easy-1"}
    drew_it = _with_computers(act(table(["marauders", "hak", "claws"], players=3), "ann", Place(line=0, slot=1)), ids)
    did_not = _with_computers(act(table(["hak", "claws", "grivziz"], players=3), "ann", Place(line=0, slot=1)), ids)
    for state, shouted in ((drew_it, True), (did_not, False)):
        out = io.StringIO()
        terminal = TerminalGame(GAMES["chaos-marauders"], 1, 0, out=out, seed=5)
        terminal.seats, terminal.names = list(state.seats), {s.player: s.name for s in state.seats}
        after = terminal._offer_out_of_turn(state)  # the drawer, the one human, is the one the game waits for
        if shouted:
            assert after.claimed and after.shouted[0] in ids.values() and after.held[0].player == after.shouted[0]
            assert "shout" in out.getvalue()
        else:
            assert after.model_dump() == state.model_dump() and out.getvalue() == ""


def test_a_wrong_shout_with_no_card_to_lose_is_told_at_the_keyboard() -> None:
    # seed 001 C15 (the guide's wrong-shout): the drawer may take one of the shouter's cards; a shouter
    # with no card in their lines loses nothing, and the table is told so at once, not that the drawer may
    # take one (when the penalty comes, the rules say again that there is nothing to take)
    from tests.rules.chaos_marauders.helpers import act

    did_not = act(table(["hak", "claws", "grivziz"], players=3), "ann", Place(line=0, slot=1))
    after, prompts, printed = _at_the_keyboard(did_not, ["shout", ""])
    shouter = prompts[0].split(":")[0].removeprefix("⏳ ")
    assert "has not drawn it this turn" in printed
    assert f"{shouter} has no card in their lines to lose, so it costs nothing." in printed
    assert f"may take one of {shouter}'s cards" not in printed
