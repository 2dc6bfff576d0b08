"""Moves declared by the rules (rules/core/moves.py): a typed value names an action's value by what
it means, and a move says how to type it whatever its values (issue 25)."""

from __future__ import annotations

from enum import StrEnum

import pytest
from pydantic import BaseModel

from rules.core.moves import Kind, Move, MoveBook, Param, Reading
from rules.registry import GAMES


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


class Paint(BaseModel):
    type: str = "paint"
    colour: Colour
    angle: float
    at: tuple[float, float]
    who: str
    cell: int = 0


ANGLE = Param("angle", Kind.NUMBER, "A bearing in degrees", modulo=360)
COLOUR = Param("colour", Kind.CHOICE, "The colour", choices=(("red", "Red"), ("blue", "Deep Blue")))
AT = Param("at", Kind.POINT, "Where, as x,y")
WHO = Param("who", Kind.PLAYER, "Whose")
CELL = Param("cell", Kind.COUNT, "The cell, from 1", shift=1, required=False)
PAINT = Move("paint", "paint", "Paint", "Paint something somewhere.", (COLOUR, ANGLE, AT, WHO, CELL))
READING = Reading(None, {"p1": "Morgoth the Mild", "p2": "Grukk"})
ACTION = Paint(colour=Colour.BLUE, angle=270.0, at=(8.0, 8.0), who="p1", cell=2)


def test_a_typed_number_names_a_value_by_what_it_is_worth_not_how_it_is_written():
    for typed in ("270", "270.0", "-90", "630", 270, 270.0):
        assert ANGLE.agrees(ACTION.angle, typed, READING), typed
    assert not ANGLE.agrees(ACTION.angle, "275", READING)
    assert AT.agrees(ACTION.at, "8,8", READING) and AT.agrees(list(ACTION.at), "8.0, 8", READING)
    assert CELL.agrees(ACTION.cell, "3", READING) and not CELL.agrees(ACTION.cell, "2", READING)


def test_a_typed_word_names_a_value_by_its_value_its_label_or_a_name():
    assert COLOUR.agrees(ACTION.colour, "blue", READING) and COLOUR.agrees(ACTION.colour, "Deep_Blue", READING)
    assert not COLOUR.agrees(ACTION.colour, "red", READING)
    assert WHO.agrees("p1", "Morgoth the Mild", READING) and WHO.agrees("p1", "p1", READING)
    assert not WHO.agrees("p1", "Grukk", READING)
    assert not WHO.agrees("p1", "nobody at all", READING)  # unreadable words are compared as words


def test_a_typed_form_keeps_the_names_as_they_read():
    book = MoveBook("t", [PAINT])
    assert book.typed_form(ACTION, READING) == "paint colour:blue angle:270 at:8,8 who:Morgoth the Mild cell:3"


def test_a_move_says_how_to_type_it_with_any_value():
    first, *options = PAINT.usage()
    assert first == "paint colour:… angle:… at:… who:… [cell:…] — Paint something somewhere."
    assert options[0] == "  colour: The colour — red, blue"
    assert options[2] == "  at: Where, as x,y, like at:12,7.5"
    assert options[4].endswith("(optional)")


def test_a_move_declares_what_it_is_and_one_way_of_being_offered() -> None:
    # issue 42: a reader of `Move` sees a move; how it is offered is one `Offer` of four ways
    from dataclasses import fields

    from rules.core.offers import Auto, Buttons, Form, Menu

    offering = {"layout", "random", "pin", "look", "menus_by", "compose", "menus", "menu", "crowded", "hint",
                "numbered", "style", "emoji"}
    assert not offering & {f.name for f in fields(Move)}
    for slug, game in GAMES.items():
        for move in game.moves.moves if game.moves is not None else ():
            offer = move.offer
            assert type(offer) in (Auto, Buttons, Menu, Form), (slug, move.name)
            if isinstance(offer, Menu) and isinstance(offer.split, str):  # split by a parameter it has
                assert offer.split in {p.name for p in move.params}, (slug, move.name)
            if isinstance(offer, Menu) and offer.picks:  # every parameter picked from a list
                assert all(p.kind in (Kind.CHOICE, Kind.CHOICES) for p in move.params), (slug, move.name)
            if isinstance(offer, Form):  # something to type
                assert move.params, (slug, move.name)


@pytest.mark.parametrize("slug", sorted(s for s, g in GAMES.items() if g.moves is not None))
def test_every_games_command_group_fits_discords_limits(slug: str) -> None:
    # ../shared/DISCORD.md: 25 subcommands a group, 25 choices an option, names of 32 and descriptions of
    # 100 characters, 4,000 characters a whole command; a label of 80 (a button's)
    book = GAMES[slug].moves
    assert book is not None
    total = len(book.group) + len(book.help)
    for move in book.moves:
        for param in move.params:
            assert len(param.choices) <= 25 and len(param.help) <= 100 and len(param.name) <= 32
            if move.typed:
                total += len(param.name) + len(param.help) + sum(len(v) + len(label) for v, label in param.choices)
        assert len(move.help) <= 100 and len(move.label) <= 80
        if move.typed:
            total += len(move.name) + len(move.help)
    assert total <= 4000, total
    assert sum(m.typed for m in book.moves) <= 25  # a command group holds 25 subcommands
