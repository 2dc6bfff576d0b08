"""The Flying Pigs picture: a valid PNG of phone-friendly size, the same bytes for the same view,
every marker drawable, and the public view of a real game drawn at every phase."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers import flying_pigs as drawing
from renderers.common import SHOWN
from rules.core.selfplay import play_random
from rules.orclympics.flying_pigs.models import Path, Reaction, Stance
from tests.rules.flying_pigs.arena import GAME, table

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _picture(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    return Image.open(io.BytesIO(data))


def _busy_state():  # type: ignore[no-untyped-def]
    state = table({"1a": (30.0, 34.0), "2p": (30.0, 31.0), "1p": (24.0, 27.0)}, players=3,
                  terrain=[("rock", (20.0, 30.0)), ("field", (34.0, 20.0))], grease={"1a": 3, "2p": 6},
                  fire=["2p"], shrooms=["1p"], stance={"1a": Stance.SHOVE, "2a": Stance.FIRE})
    state.paths = [Path(model="2p", points=[(30.0, 26.0), (30.0, 31.0)]),
                   Path(model="1a", points=[(26.0, 34.0), (30.0, 34.0)], random=False)]
    state.pending = [Reaction(orc="1a", stance=Stance.SHOVE, target="2p")]
    return state


def test_a_busy_board_is_a_png_sized_for_discord_with_the_same_bytes_each_time() -> None:
    # the issues: deterministic bytes; landscape, about twice the width Discord shows it at (issue 40)
    view = GAME.view(_busy_state(), None)
    first, second = drawing.render(view), drawing.render(view)
    assert first == second
    picture = _picture(first)
    assert 1000 <= picture.width <= 1100 and 600 <= picture.height <= picture.width * SHOWN[1] / SHOWN[0]


def test_markers_change_the_picture() -> None:
    state = _busy_state()
    plain = table({"1a": (30.0, 34.0), "2p": (30.0, 31.0), "1p": (24.0, 27.0)}, players=3,
                  terrain=[("rock", (20.0, 30.0)), ("field", (34.0, 20.0))])
    assert drawing.render(GAME.view(state, None)) != drawing.render(GAME.view(plain, None))


def test_the_kitchen_is_drawn_at_the_centre_and_fire_in_orange() -> None:
    picture = _picture(drawing.render(GAME.view(_busy_state(), None))).convert("RGB")
    x, y = drawing.at(24.0, 24.0)
    assert picture.getpixel((int(x // 2 + 12), int(y // 2 + 12))) != drawing.MUD
    fx, fy = drawing.at(30.0 - 0.75, 31.0)  # inside the flame ring round the burning Pig
    fire = picture.getpixel((int(fx // 2), int(fy // 2)))
    assert max(abs(a - b) for a, b in zip(fire, drawing.FIRE)) <= 3  # the palette may round a colour slightly


@pytest.mark.parametrize("steps", [0, 5, 40, 120, 5000])
def test_real_games_draw_at_every_phase(steps: int) -> None:
    result = play_random(GAME, 6, 21, stop_after=steps)
    data = drawing.render(GAME.view(result.state, None))
    assert _picture(data).width > 0


def test_the_dispatcher_knows_flying_pigs() -> None:
    from renderers import RENDERERS, render

    assert "flying-pigs" in RENDERERS
    view = GAME.view(_busy_state(), None)
    assert render(view) == drawing.render(view)
