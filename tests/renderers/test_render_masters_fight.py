"""The Masters' Fight picture: a valid PNG of phone-friendly size, the same bytes for the same view,
and every kind of piece drawable. Views are built by hand so these tests need no rules engine."""

from __future__ import annotations

import io
import struct
from typing import Any

import pytest
from PIL import Image

from renderers import RENDERERS, render
from renderers.common import SHOWN
from rules.orclympics.broods import Brood
from rules.orclympics.masters_fight.models import Item, MastersFightView, OrcView, Phase, Terrain

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def orc(player: str, square: str | None, **changes: Any) -> OrcView:
    """An Orc with plain defaults; `changes` overrides any field."""
    fields: dict[str, Any] = dict(
        player=player, name=f"Orc {player}", brood=Brood.COMMON, colour=int(player), square=square,
        hp=6, max_hp=6, combat_skill=4, knocked_down=False, item=None, out=False,
    )
    return OrcView(**(fields | changes))


def view(*orcs: OrcView, **changes: Any) -> MastersFightView:
    """A fight in progress on turn 1 with the given Orcs, the first of them active."""
    orcs = orcs or (orc("0", "a1"), orc("1", "h8"))
    fields: dict[str, Any] = dict(
        phase=Phase.FIGHT, turn=1, orcs=list(orcs), terrain={}, items={}, order=[o.player for o in orcs],
        active=orcs[0].player, action_points=2, move_left=0, eliminated=[], feats={},
    )
    return MastersFightView(**(fields | changes))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
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
    assert 1000 <= width <= 1100
    assert 600 <= height <= width * SHOWN[1] / SHOWN[0]
    assert Image.open(io.BytesIO(data)).size == (width, height)


def test_png_has_no_metadata_that_could_change_between_runs() -> None:
    assert set(chunk_types(render(view()))) == {b"IHDR", b"PLTE", b"IDAT", b"IEND"}  # PLTE: the palette, not metadata


def test_same_view_gives_same_bytes() -> None:
    busy = view(orc("0", "c3", item=Item.MACE), orc("1", "e5", knocked_down=True), terrain={"d4": Terrain.PIT})
    assert render(busy) == render(busy.model_copy(deep=True))


@pytest.mark.parametrize(
    "changed",
    [
        view(orc("0", "a2"), orc("1", "h8")),  # an Orc moved
        view(orc("0", "a1", hp=3), orc("1", "h8")),  # an Orc was hurt
        view(orc("0", "a1"), orc("1", "h8"), active="1"),  # the other Orc's turn
        view(orc("0", "a1"), orc("1", "h8"), highlight=["a1", "a2"]),
        view(orc("0", "a1"), orc("1", "h8"), turn=2),
    ],
)
def test_different_views_give_different_bytes(changed: MastersFightView) -> None:
    assert render(changed) != render(view())


@pytest.mark.parametrize("terrain", list(Terrain))
def test_every_terrain_renders(terrain: Terrain) -> None:
    with_terrain = view(terrain={"d4": terrain})
    assert render(with_terrain) != render(view())


@pytest.mark.parametrize("item", list(Item))
def test_every_item_renders_on_the_ground_under_an_orc_and_carried(item: Item) -> None:
    on_ground = render(view(items={"d4": item}))
    under_orc = render(view(orc("0", "d4"), orc("1", "h8"), items={"d4": item}))
    carried = render(view(orc("0", "d4", item=item), orc("1", "h8")))
    plain = render(view(orc("0", "d4"), orc("1", "h8")))
    assert len({on_ground, under_orc, carried, plain}) == 4


def test_items_look_different_from_each_other() -> None:
    assert len({render(view(items={"d4": item})) for item in Item}) == len(Item)


def test_knocked_down_orc_is_drawn_differently() -> None:
    standing = view(orc("0", "c3"), orc("1", "h8"))
    lying = view(orc("0", "c3", knocked_down=True), orc("1", "h8"))
    assert render(lying) != render(standing)


def test_eliminated_orc_is_not_on_the_board() -> None:
    """An Orc that is out is listed in the panel but not drawn, wherever its last square was."""
    left_on_square = view(orc("0", "a1"), orc("1", "c3", out=True), eliminated=["1"])
    removed = view(orc("0", "a1"), orc("1", None, out=True), eliminated=["1"])
    assert render(left_on_square) == render(removed)


def test_finished_game_with_placings_feats_and_ties_renders() -> None:
    orcs = [orc("0", "c3", name="Grishnak the Unbelievably Long-Named", item=Item.SPEAR),
            orc("1", None, out=True), orc("2", None, out=True), orc("3", "f6", hp=1)]
    over = view(
        *orcs, phase=Phase.OVER, turn=7, active=None, order=["0", "3"], eliminated=["1", "2"],
        feats={"Who's Next?": "0", "No Quarter!": "3"}, placings=[["0"], ["3"], ["1", "2"]],
    )
    width, height = png_size(render(over))
    assert 1000 <= width <= 1100


def test_deployment_with_undeployed_orcs_renders() -> None:
    deploying = view(orc("0", "b2"), orc("1", None), phase=Phase.DEPLOYMENT, active="1")
    assert png_size(render(deploying))


def test_a_crowded_table_of_eight_renders() -> None:
    """More seats than the palette has colours still draws: colours wrap round."""
    orcs = [orc(str(n), f"{'abcdefgh'[n]}{n + 1}", colour=n + 3, knocked_down=n % 2 == 0) for n in range(8)]
    assert png_size(render(view(*orcs, highlight=["a1", "h8"])))


def test_unknown_game_is_refused_with_the_known_ones() -> None:
    class Other:
        game = "no-such-game"

    with pytest.raises(KeyError, match="masters-fight"):
        render(Other())


def test_masters_fight_is_registered() -> None:
    assert "masters-fight" in RENDERERS
