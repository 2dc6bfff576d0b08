"""The Timber! picture: a valid PNG of phone-friendly size, the same bytes for the same view,
and every kind of piece drawable. Views are built by hand so these tests need no rules engine."""

from __future__ import annotations

import io
import struct
from typing import Any

import pytest
from PIL import Image

from renderers import RENDERERS, render
from renderers.common import SHOWN, SUPERSAMPLE, Frame
from renderers.kits.square_board import SquareBoard
from renderers.timber import BOARD
from rules.orclympics.broods import Brood
from rules.orclympics.timber.models import FallView, OrcView, Phase, PlayerView, Stage, TimberView

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def orc(player: str, number: int, square: str | None, **changes: Any) -> OrcView:
    fields: dict[str, Any] = dict(id=f"{player}:{number}", player=player, name=f"Orc {player} #{number}",
                                  number=number, colour=int(player), square=square, wood=0, left=False, tokens=0)
    return OrcView(**(fields | changes))


def player(index: str, **changes: Any) -> PlayerView:
    fields: dict[str, Any] = dict(player=index, name=f"Orc {index}", brood=Brood.COMMON, colour=int(index), wood_out=0)
    return PlayerView(**(fields | changes))


def view(*orcs: OrcView, **changes: Any) -> TimberView:
    """Game Turn 2, player 0 acting with two tokens per Orc, two Trees, a few Rocks and Bushes."""
    orcs = orcs or (orc("0", 1, "a3", tokens=2), orc("0", 2, "a4", tokens=2), orc("1", 1, "h5"), orc("1", 2, "h6"))
    fields: dict[str, Any] = dict(
        phase=Phase.PLAY, turn=2, turns=8, stage=Stage.ACTIONS, players=[player("0"), player("1")], orcs=list(orcs),
        trees={"d4": 4, "e5": 3}, rocks=["b2", "g7"], bushes=["c6", "f2"], boar="e4", dropped={}, order=["0", "1"],
        active="0", tokens_left=4, boar_roll=2, waiting=["0"], feats={}, falls=[],
    )
    return TimberView(**(fields | changes))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def chunk_types(data: bytes) -> list[bytes]:
    types, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        types.append(data[at + 4 : at + 8])
        at += 12 + length
    return types


def test_render_gives_a_landscape_png_sized_for_discord() -> None:
    """About twice the width Discord shows it at, and no taller than its box: Discord fits it by width."""
    data = render(view())
    width, height = png_size(data)
    assert 1000 <= width <= 1100 and 600 <= height <= width * SHOWN[1] / SHOWN[0]
    assert Image.open(io.BytesIO(data)).size == (width, height)


def test_png_has_no_metadata_that_could_change_between_runs() -> None:
    assert set(chunk_types(render(view()))) == {b"IHDR", b"PLTE", b"IDAT", b"IEND"}  # PLTE: the palette, not metadata


def test_same_view_gives_same_bytes() -> None:
    busy = view(dropped={"c3": 2}, falls=[FallView(tree="d5", end=(8.0, 5.5), touched=["d5", "e5", "f5"])])
    assert render(busy) == render(busy.model_copy(deep=True))


@pytest.mark.parametrize("changed", [
    view(orc("0", 1, "a2", tokens=2), orc("0", 2, "a4", tokens=2), orc("1", 1, "h5"), orc("1", 2, "h6")),
    view(orc("0", 1, "a3", tokens=2, wood=2), orc("0", 2, "a4", tokens=2), orc("1", 1, "h5"), orc("1", 2, "h6")),
    view(orc("0", 1, "a3", tokens=1), orc("0", 2, "a4", tokens=2), orc("1", 1, "h5"), orc("1", 2, "h6")),
    view(turn=3),
    view(boar="c4"),
    view(trees={"d4": 2, "e5": 3}),
    view(dropped={"b5": 1}),
    view(highlight=["a3", "a2"]),
    view(active="1", waiting=["1"]),
    view(players=[player("0", wood_out=3), player("1")]),
])
def test_different_views_give_different_bytes(changed: TimberView) -> None:
    assert render(changed) != render(view())


def test_rocks_bushes_and_trees_look_different() -> None:
    bare: dict[str, Any] = {"trees": {}, "rocks": [], "bushes": []}
    pictures = {render(view(**(bare | extra)))
                for extra in ({}, {"rocks": ["c3"]}, {"bushes": ["c3"]}, {"trees": {"c3": 4}})}
    assert len(pictures) == 4


def test_a_fallen_tree_is_drawn_across_the_board() -> None:
    # the line of a Tree that fell this Game Turn is on the board, from the Tree's centre to the edge
    fall = FallView(tree="d4", end=(8.0, 3.5), touched=["d4", "e4", "f4", "g4", "h4"])
    felled = view(trees={"e5": 3}, falls=[fall])
    assert render(felled) != render(view(trees={"e5": 3}))
    picture = Image.open(io.BytesIO(render(felled))).convert("RGB")
    x, y = BOARD.point(6.5, 3.5)  # on the trunk over g4, where nothing else stands
    r, g, b = picture.getpixel((round(x / SUPERSAMPLE), round(y / SUPERSAMPLE)))  # the picture is the canvas shrunk
    assert r > g and r > b  # bark, not moss


def test_wood_under_an_orc_or_the_boar_still_shows() -> None:
    under_orc = view(dropped={"a3": 2})
    assert render(under_orc) != render(view())
    assert render(view(dropped={"e4": 1})) != render(view())


def test_an_orc_that_left_the_forest_is_not_on_the_board() -> None:
    left = view(orc("0", 1, None, left=True, wood=3), orc("0", 2, "a4", tokens=3), orc("1", 1, "h5"),
                orc("1", 2, "h6"))
    gone = view(orc("0", 2, "a4", tokens=3), orc("1", 1, "h5"), orc("1", 2, "h6"))
    assert render(left) == render(gone)


def test_deployment_and_every_stage_render() -> None:
    deploying = view(orc("0", 1, "a3"), orc("0", 2, "a4"), orc("1", 1, None), orc("1", 2, None),
                     phase=Phase.DEPLOYMENT, stage=None, turn=1, active="1", waiting=["1"])
    assert png_size(render(deploying))
    for stage in Stage:
        assert png_size(render(view(stage=stage)))


def test_an_escape_owed_by_another_player_is_shown() -> None:
    assert render(view(waiting=["1"])) != render(view())


def test_finished_game_with_shared_places_and_feats_renders() -> None:
    players = [player("0", name="Grishnak the Unbelievably Long-Named", wood_out=4), player("1", wood_out=2),
               player("2", wood_out=2), player("3")]
    over = view(orc("0", 1, None, left=True, wood=4), orc("1", 1, "c3", wood=1), orc("2", 2, "f6"),
                players=players, phase=Phase.OVER, stage=None, turn=8, active=None, waiting=[],
                order=["3", "2", "1", "0"], feats={"Team Work": "0", "Gimme That!": "2", "Deforest": "1",
                                                   "Clever Gathering": "3", "Nature's Revenge": "0"},
                placings=[["0"], ["1", "2"], ["3"]])
    width, height = png_size(render(over))
    assert 1000 <= width <= 1100 and height <= 1200


def test_board_helpers_put_a1_bottom_left() -> None:
    board = SquareBoard(left=10, top=20, square=100)
    assert board.frame("a1") == Frame(60, 770, 100)
    assert board.frame("h8") == Frame(760, 70, 100)
    assert board.point(0, 0) == (10, 820) and board.point(8, 8) == (810, 20)
    assert Frame(0, 0, 10).part(0.5, 0.5, 0.2) == Frame(5, 5, 2)


def test_timber_is_registered() -> None:
    assert RENDERERS["timber"] is not None
