"""A replay as an animated picture (issue 45): every game's decodes frame for frame, the same
frames give the same bytes, and the caption is legible at Discord's size and never overflows."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageSequence

from renderers.common import LEGIBLE, font, shown_scale
from renderers.replay import (FIRST_MS, LAST_MS, TURN_MS, WIDTH, animate, animate_record, band_height, caption_face,
                              caption_lines, frame_count)
from rules.core.engine import Game
from rules.core.replay import Frame, FrameKind, GameRecord, frames
from rules.core.selfplay import play_random
from rules.registry import GAMES


def short_replay(game: Game[Any, Any], actions: int, most: int) -> list[Frame]:
    """A few frames of the start of a random game (turns put together to stay few): fast to draw."""
    result = play_random(game, game.usual_table(), 1, stop_after=actions)
    return frames(game, result.state.seats, None, 1, result.log, most=most)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_games_replay_decodes_frame_for_frame(slug: str) -> None:
    shown = short_replay(GAMES[slug], actions=8, most=2)
    data = animate(shown)
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.format == "GIF" and picture.width == WIDTH
        durations = [f.info["duration"] for f in ImageSequence.Iterator(picture)]
    assert len(durations) == len(shown) == frame_count(data) >= 2
    assert durations[0] == FIRST_MS and durations[1:] == [TURN_MS] * (len(shown) - 1)


def test_the_placings_are_held_longest_and_webp_has_the_same_frames() -> None:
    game = GAMES["road-rage"]
    result = play_random(game, 2, 2)
    shown = frames(game, result.state.seats, None, 2, result.log, most=4)
    assert shown[-1].kind == FrameKind.END
    gif, webp = animate(shown), animate(shown, "webp")
    with Image.open(io.BytesIO(gif)) as picture:
        picture.seek(picture.n_frames - 1)
        assert picture.info["duration"] == LAST_MS
    with Image.open(io.BytesIO(webp)) as picture:
        assert picture.format == "WEBP" and picture.n_frames == len(shown)
    with pytest.raises(ValueError, match="gif or webp"):
        animate(shown, "png")


def test_the_same_frames_give_the_same_bytes() -> None:
    shown = short_replay(GAMES["masters-fight"], actions=8, most=3)
    assert animate(shown) == animate(shown)


@pytest.mark.parametrize("board_height", [300, 526, 560, 800])
def test_the_caption_is_legible_where_discord_fits_the_whole_frame(board_height: int) -> None:
    face = caption_face(board_height)
    assert face.size * shown_scale((WIDTH, board_height + band_height(face))) >= LEGIBLE


def test_a_long_caption_is_cut_to_two_lines_that_fit() -> None:
    face = font(18)
    said = " ".join(f"Orc {n} charges the Boar and falls in the mud." for n in range(12))
    lines = caption_lines("Game Turn 7 · Orc 2", said, face, 500)
    assert len(lines) == 2 and lines[0].startswith("Game Turn 7 · Orc 2: Orc 0")
    assert lines[-1].endswith("…") and all(face.getlength(line) <= 500 for line in lines)
    assert caption_lines("Set-up", "", face, 500) == ["Set-up"]


def test_a_replay_that_weighs_too_much_is_drawn_again_with_fewer_frames() -> None:
    game = GAMES["road-rage"]
    result = play_random(game, 2, 2)  # a short race: 16 actions
    record = GameRecord.of(game, result.state.seats, {}, 2, result.log)
    whole, every = animate_record(game, record)
    light, fewer = animate_record(game, record, limit=len(whole) * 2 // 3)
    assert len(light) <= len(whole) * 2 // 3 < len(whole)
    assert 3 <= len(fewer) < len(every) == frame_count(whole) and frame_count(light) == len(fewer)
    assert fewer[-1].kind == FrameKind.END and fewer[-1].actions == len(result.log)
