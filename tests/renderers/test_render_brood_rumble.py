"""The Brood Rumble picture: a valid PNG of phone-friendly size, the same bytes for the same view,
every kind of piece drawable, and no secret in the channel's picture. Views are built by hand,
except where a real game proves the public view is what gets drawn."""

from __future__ import annotations

import io
import struct
from typing import Any

import pytest
from PIL import Image

from renderers import RENDERERS, render
from renderers.common import SHOWN
from rules.orclympics.broods import Brood
from rules.orclympics.brood_rumble.board import FEATURE_SIZES, ORC_BASE
from rules.orclympics.brood_rumble.models import (
    Attack,
    Barrel,
    Block,
    BroodRumbleView,
    ChooseAttack,
    CombatView,
    Edge,
    Exchange,
    FeatureKind,
    FeatureView,
    Item,
    OrcView,
    Phase,
    TeamView,
)
from tests.rules.brood_rumble.arena import GAME, Arena, Fighter, fighting, play

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SIDE = ORC_BASE.width


def orc(oid: str, x: float | None, y: float | None, **changes: Any) -> OrcView:
    fields: dict[str, Any] = dict(
        id=oid, team=oid[0], player="alice" if oid[0] == "A" else "bob", name="Alice" if oid[0] == "A" else "Bob",
        brood=Brood.COMMON, colour=0 if oid[0] == "A" else 1, x=x, y=y, hp=12, max_hp=12, knocked_down=False,
        item=None, activated=False, out=False, on_platform=False)
    return OrcView(**(fields | changes))


def feature(fid: str, kind: FeatureKind, x: float, y: float) -> FeatureView:
    width, height, round_ = FEATURE_SIZES[kind]
    return FeatureView(id=fid, kind=kind, x=x, y=y, width=width, height=height, round=round_)


def view(*orcs: OrcView, **changes: Any) -> BroodRumbleView:
    """Turn 2 of a fight between A1 and B1, A1 to act."""
    orcs = orcs or (orc("A1", 4, 4), orc("B1", 20, 20))
    fields: dict[str, Any] = dict(
        viewer=None, phase=Phase.ACTIVATION, turn=2, board=(24.0, 24.0),
        teams=[TeamView(id="A", players=["alice"], names=["Alice"], colour=0, edge=Edge.SOUTH),
               TeamView(id="B", players=["bob"], names=["Bob"], colour=1, edge=Edge.NORTH)],
        orcs=list(orcs), features=[], barrels=[], initiative="A", active=orcs[0].id, deciding=None,
        waiting_for=["alice"], move_budget=None, terrain_left=0, engaged=[], combat=None, feats={}, trail=[])
    return BroodRumbleView(**(fields | changes))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def chunk_types(data: bytes) -> list[bytes]:
    types, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at: at + 4])
        types.append(data[at + 4: at + 8])
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
    busy = view(orc("A1", 4, 4, item=Item.OLD_HELMET), orc("B1", 4 + SIDE, 4, knocked_down=True),
                features=[feature("T1", FeatureKind.PIT, 12, 12)], barrels=[Barrel(id="K1", x=8, y=8)])
    assert render(busy) == render(busy.model_copy(deep=True))


@pytest.mark.parametrize("changed", [
    view(orc("A1", 5, 4), orc("B1", 20, 20)),  # an Orc moved
    view(orc("A1", 4, 4, hp=7), orc("B1", 20, 20)),  # an Orc was hurt
    view(orc("A1", 4, 4), orc("B1", 20, 20), active="B1"),  # the other Orc's turn
    view(orc("A1", 4, 4), orc("B1", 20, 20), trail=[[(4.0, 4.0), (9.0, 9.0)]]),
    view(orc("A1", 4, 4), orc("B1", 20, 20), turn=3),
    view(orc("A1", 4, 4), orc("B1", 20, 20), initiative="B"),
])
def test_different_views_give_different_bytes(changed: BroodRumbleView) -> None:
    assert render(changed) != render(view())


@pytest.mark.parametrize("kind", list(FeatureKind))
def test_every_terrain_feature_renders(kind: FeatureKind) -> None:
    assert render(view(features=[feature("T1", kind, 12, 12)])) != render(view())


def test_features_look_different_from_each_other() -> None:
    assert len({render(view(features=[feature("T1", k, 12, 12)])) for k in FeatureKind}) == len(FeatureKind)


def test_barrels_items_and_knocked_down_orcs_show() -> None:
    plain = render(view())
    assert render(view(barrels=[Barrel(id="K1", x=12, y=12)])) != plain
    carried = {render(view(orc("A1", 4, 4, item=item), orc("B1", 20, 20))) for item in Item}
    assert len(carried | {plain}) == 3
    assert render(view(orc("A1", 4, 4, knocked_down=True), orc("B1", 20, 20))) != plain


def test_engaged_orcs_are_linked() -> None:
    pair = (orc("A1", 4, 4), orc("B1", 4 + SIDE, 4))
    assert render(view(*pair, engaged=[("A1", "B1")])) != render(view(*pair))


def test_an_orc_that_is_out_is_not_on_the_board() -> None:
    left = view(orc("A1", 4, 4), orc("B1", 12, 12, out=True))
    gone = view(orc("A1", 4, 4), orc("B1", None, None, out=True))
    assert render(left) == render(gone)


def test_a_fight_and_a_finished_game_render() -> None:
    fight = CombatView(orcs=("A1", "B1"), attacker="A1", defender="B1", counter=False, attack_chosen=True,
                       lost={"A1": 0, "B1": 2},
                       exchanges=[Exchange(attacker="A1", attack=Attack.PUNCH, block=Block.LOW, wounds=2)])
    assert png_size(render(view(phase=Phase.COMBAT, combat=fight)))
    over = view(orc("A1", 4, 4), orc("B1", None, None, out=True), phase=Phase.OVER, winner="A",
                placings=[["alice"], ["bob"]], feats={"Go Play Dolls!": "alice"}, active=None)
    assert png_size(render(over))


def test_set_up_and_deployment_render_with_orcs_off_the_board() -> None:
    setting_up = view(orc("A1", None, None), orc("B1", None, None), phase=Phase.TERRAIN, terrain_left=4,
                      initiative=None, active=None,
                      teams=[TeamView(id="A", players=["alice"], names=["Alice"], colour=0, edge=None),
                             TeamView(id="B", players=["bob"], names=["Bob"], colour=1, edge=None)])
    assert png_size(render(setting_up))


def test_the_channel_picture_is_the_same_whatever_attack_was_hidden() -> None:
    """The public view carries no hidden attack, so the picture cannot betray it either."""
    orcs = {"A1": Fighter((4, 4)), "B3": Fighter((4 + SIDE, 4)), "B1": Fighter((20, 22))}
    state = fighting(Arena(orcs, active=None).build(), "A1", "B3")
    pictures = {render(GAME.view(play(state, "alice", ChooseAttack(attack=a)).state, None)) for a in Attack}
    assert len(pictures) == 1
    owners = {render(GAME.view(play(state, "alice", ChooseAttack(attack=a)).state, "alice")) for a in Attack}
    assert len(owners) == 3  # the owner's own picture may show it


def test_brood_rumble_is_registered() -> None:
    assert "brood-rumble" in RENDERERS
