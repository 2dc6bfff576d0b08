"""A game's replay (`rules.core.replay.frames`) as an animated picture: GIF, which every Discord
client plays, or animated WebP when asked. Pure Pillow: frames in, bytes out, the same bytes for
the same frames.

Each frame is the game's own board (`renderers.render`, from the public view) shrunk to `WIDTH`
with the turn's caption in a band under it: Discord shows a picture at most `SHOWN` (550 px wide),
so a board drawn 1,080 px wide loses nothing a viewer sees at 720 px, and the whole game weighs a
fraction. The board is drawn without its "Just now" lines (`recent`): the band says them once,
larger. A thin bar along the band's top fills as the game goes on, so a viewer knows how far the
replay is (and no two frames are the same picture, which the GIF writer would fold into one).

A long game must still fit Discord's 8 MB: every frame is mapped to one palette shared by the
whole replay (no colour table per frame), and the GIF writer keeps of each frame only the box that
changed since the one before, the unchanged pixels in it transparent.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

import renderers
from renderers.common import ACCENT, BACKGROUND, LEGIBLE, LINE_PITCH, MUTED, TEXT, Font, font, printable, shown_scale, write
from rules.core.engine import Game
from rules.core.replay import MAX_FRAMES, Frame, FrameKind, GameRecord, record_frames

WIDTH = 720
"""The replay's width in pixels: above Discord's 550 px, so its own shrink does the last step."""

CAPTION_LINES = 2
"""Lines of caption under the board: the heading and the turn's key events, cut with an ellipsis."""

CAPTION_SCREEN_PX = 12
"""The caption's letters, in screen pixels at Discord's size: above `LEGIBLE`, being read in passing."""

TURN_MS, FIRST_MS, LAST_MS = 1200, 2500, 6000
"""How long a turn's frame is shown, the set-up's and the final placings' (long enough to read)."""

PALETTE_SAMPLES = 8
"""Frames the shared palette is taken from, spread over the game (the first and the last among them)."""

BAR = 3
"""Height of the progress bar along the band's top, in pixels."""

FORMATS = ("gif", "webp")

LIMIT = 8_000_000
"""The most bytes a replay may weigh: what Discord takes as an attachment from any server (8 MB)."""

FEWEST = 3
"""The fewest frames a replay is cut down to when it weighs too much: the set-up, a turn, the end."""

WEBP_EFFORT = 20
"""libwebp's effort for a lossless frame (0-100, with its `method` 1): flat boards compress well
with little search, and a long game is written in seconds (the default effort takes ten times longer)."""


def animate(frames: Sequence[Frame], fmt: str = "gif", boards: Sequence[bytes] | None = None) -> bytes:
    """The replay as an animated GIF (or WebP with `fmt="webp"`) of `frames`, oldest first; `boards`
    are the frames' boards when they were drawn already (`board_of` each, in pieces: the bot draws
    them as separate jobs of its painting pool, so other channels' boards go between them).

    Only the boards' PNGs are kept; each frame is decoded, composed and mapped to the palette as the
    writer asks for it, so a long game takes the memory of its pictures' files, not of its pixels."""
    if fmt not in FORMATS:
        raise ValueError(f"A replay is written as {' or '.join(FORMATS)}, not '{fmt}'.")
    if not frames:
        raise ValueError("A replay needs at least one frame.")
    if boards is not None and len(boards) != len(frames):
        raise ValueError("A replay needs one board a frame.")
    boards = list(boards) if boards is not None else _boards(frames)
    height = max(_board_height(board) for board in boards)
    face = caption_face(height)
    size = (WIDTH, height, band_height(face))

    def picture(n: int) -> Image.Image:
        return _composed(_board(boards[n]), frames[n], face, size, (n + 1) / len(frames))

    palette = _shared_palette(picture, len(frames))

    def mapped(n: int) -> Image.Image:
        still = picture(n).quantize(palette=palette, dither=Image.Dither.NONE)
        return still.convert("RGB") if fmt == "webp" else still  # WebP: the few colours compress far better

    durations = [_duration(frame) for frame in frames]
    rest = (mapped(n) for n in range(1, len(frames)))
    out = io.BytesIO()
    if fmt == "webp":
        mapped(0).save(out, "WEBP", save_all=True, append_images=rest, duration=durations, loop=0,
                       lossless=True, quality=WEBP_EFFORT, method=1)
    else:  # the one palette as the global colour table: no frame needs a table of its own
        first = mapped(0)
        first.save(out, "GIF", save_all=True, append_images=rest, duration=durations, loop=0,
                   optimize=True, disposal=1, palette=first.getpalette())
    return out.getvalue()


def animate_record(game: Game[Any, Any], record: GameRecord, fmt: str = "gif", *,
                   limit: int = LIMIT) -> tuple[bytes, list[Frame]]:
    """A stored game's replay (and its frames), at most `limit` bytes: a game whose pictures change a
    lot (ten Flying Pigs players) is drawn again with its turns put together more, the frames cut in
    the proportion it weighs too much, until it fits (or is down to `FEWEST` frames)."""
    most = MAX_FRAMES
    while True:
        shown = record_frames(game, record, most=most)
        data = animate(shown, fmt)
        fewer = fewer_frames(shown, data, limit)
        if fewer is None:
            return data, shown
        most = fewer


def fewer_frames(shown: Sequence[Frame], data: bytes, limit: int = LIMIT) -> int | None:
    """How many frames to draw the replay again with, when `data` weighs more than `limit` (in the
    proportion it weighs too much); None when it fits, or is down to `FEWEST` frames."""
    if len(data) <= limit or len(shown) <= FEWEST:
        return None
    return max(FEWEST, min(len(shown) - 1, int(len(shown) * limit / len(data) * 0.9)))


def board_of(frame: Frame) -> bytes:
    """A frame's board, drawn as the replay shows it (without the board's own "Just now" lines)."""
    return renderers.render(frame.view)


def _boards(frames: Sequence[Frame]) -> list[bytes]:
    """Each frame's board as PNG; a view shown twice (the last turn and the placings) drawn once."""
    drawn: dict[str, bytes] = {}
    for frame in frames:
        key = f"{type(frame.view).__qualname__}:{frame.view.model_dump_json()}"
        if key not in drawn:
            drawn[key] = board_of(frame)
    return [drawn[f"{type(f.view).__qualname__}:{f.view.model_dump_json()}"] for f in frames]


def _height(size: tuple[int, int]) -> int:
    """The height of a board of `size` shrunk to `WIDTH`."""
    return max(1, round(size[1] * WIDTH / size[0]))


def _board_height(png: bytes) -> int:
    with Image.open(io.BytesIO(png)) as board:  # the size is in the header: nothing is decoded
        return _height(board.size)


def _board(png: bytes) -> Image.Image:
    """A board decoded, in RGB, shrunk to `WIDTH`."""
    with Image.open(io.BytesIO(png)) as opened:
        board = opened.convert("RGB")
    size = (WIDTH, _height(board.size))
    return board.resize(size, Image.Resampling.LANCZOS) if board.size != size else board


def band_height(face: Font) -> int:
    return BAR + math.ceil(CAPTION_LINES * face.size * LINE_PITCH) + 2 * _padding(face)


def _padding(face: Font) -> int:
    return max(4, round(face.size * 0.4))


def caption_face(board_height: int) -> Font:
    """The caption's font: `CAPTION_SCREEN_PX` tall on screen when Discord fits the whole frame (board
    and band, which grows with the font) into its box, never under `LEGIBLE`."""
    size = 12
    for _ in range(4):  # the band's height and the scale depend on each other; a few rounds settle it
        scale = shown_scale((WIDTH, board_height + band_height(font(size))))
        size = math.ceil(max(CAPTION_SCREEN_PX, LEGIBLE) / scale)
    return font(size)


def _composed(board: Image.Image, frame: Frame, face: Font, size: tuple[int, int, int], done: float) -> Image.Image:
    """The board on top, the caption band under it, the progress bar along the band's top."""
    width, height, band = size
    picture = Image.new("RGB", (width, height + band), BACKGROUND)
    picture.paste(board, (0, 0))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((0, height, width - 1, height + BAR - 1), fill=MUTED)
    draw.rectangle((0, height, max(0, round(width * done) - 1), height + BAR - 1), fill=ACCENT)
    pad = _padding(face)
    heading = printable(frame.heading)
    lines = caption_lines(heading, printable(" ".join(frame.lines)), face, width - 2 * pad)
    pitch = face.size * LINE_PITCH
    top = height + BAR + pad
    for n, line in enumerate(lines):
        y = top + n * pitch
        if n == 0 and line.startswith(heading):
            write(draw, (pad, y), heading, face, ACCENT)
            write(draw, (pad + face.getlength(heading), y), line[len(heading):], face, TEXT)
        else:
            write(draw, (pad, y), line, face, TEXT)
    return picture


def caption_lines(heading: str, said: str, face: Font, width: float) -> list[str]:
    """The heading and what was said, wrapped at spaces into `CAPTION_LINES` lines, the last cut with
    an ellipsis when the rest does not fit."""
    text = f"{heading}: {said}" if said else heading
    text = printable(text)
    lines: list[str] = []
    for word in text.split():
        if lines and face.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) <= CAPTION_LINES:
        return [_clipped(line, face, width) for line in lines]
    kept = lines[:CAPTION_LINES - 1]
    return [*kept, _clipped(" ".join(lines[CAPTION_LINES - 1:]) + " …", face, width)]


def _clipped(text: str, face: Font, width: float) -> str:
    """`text` cut at the end with an ellipsis until it fits `width`."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text.rstrip(" .…") + "…") > width:
        text = text[:-1]
    return text.rstrip(" .…") + "…"


def _duration(frame: Frame) -> int:
    return {FrameKind.SETUP: FIRST_MS, FrameKind.END: LAST_MS}.get(frame.kind, TURN_MS)


def _shared_palette(picture: Callable[[int], Image.Image], count: int) -> Image.Image:
    """One palette of 255 colours for every frame, taken from a few frames spread over the game (the
    first and the last among them); the 256th index stays free for the GIF writer's transparent
    (unchanged) pixels."""
    samples = min(PALETTE_SAMPLES, count)
    chosen = sorted({round(k * (count - 1) / max(1, samples - 1)) for k in range(samples)})
    pictures = [picture(n) for n in chosen]
    width, height = pictures[0].size
    sheet = Image.new("RGB", (width, height * len(pictures)), BACKGROUND)
    for n, sample in enumerate(pictures):
        sheet.paste(sample, (0, n * height))
    return sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def frame_count(data: bytes) -> int:
    """How many frames an animated picture holds (for the command line's report and the tests)."""
    with Image.open(io.BytesIO(data)) as picture:
        return int(getattr(picture, "n_frames", 1))


def timing(frames: Sequence[Frame]) -> dict[str, Any]:
    """What a replay holds, in numbers: its frames and how long it plays."""
    return {"frames": len(frames), "play_seconds": round(sum(_duration(f) for f in frames) / 1000, 1)}
