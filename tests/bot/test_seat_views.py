"""A seat's private part: what its view shows and the public view does not, for any game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from bot.service.seat_views import private_part


class Hand(BaseModel):
    cards: list[str]
    count: int


class CardView(BaseModel):
    game: Literal["cards"] = "cards"
    viewer: str | None
    turn: int
    hands: dict[str, Hand]
    table: list[str]


def test_only_what_differs_is_private_and_naming_the_viewer_is_not():
    public = CardView(viewer=None, turn=3, hands={"a": Hand(cards=["?", "?"], count=2), "b": Hand(cards=[], count=0)},
                      table=["K"])
    mine = public.model_copy(update={"viewer": "a", "hands": {"a": Hand(cards=["Q", "7"], count=2),
                                                               "b": Hand(cards=[], count=0)}})
    assert private_part(mine, public) == {"hands.a.cards[0]": "Q", "hands.a.cards[1]": "7"}
    assert private_part(public.model_copy(update={"viewer": "b"}), public) == {}


def test_a_field_only_the_seat_has_or_a_list_of_another_length_is_private_whole():
    public = CardView(viewer=None, turn=1, hands={}, table=[])
    mine = CardView(viewer="a", turn=1, hands={"a": Hand(cards=["Q"], count=1)}, table=["x", "y"])
    assert private_part(mine, public) == {"hands.a": {"cards": ["Q"], "count": 1}, "table": ["x", "y"]}
