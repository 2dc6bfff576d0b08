"""What every board must be, checked one way for every game's own tests: drawn with its labels
recorded, landscape at Discord's size (`SHOWN`), every label legible there (`LEGIBLE`), none hiding
another, none cut or off the picture, every player named whole, and the log left to the message."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from renderers import common, render
from renderers.common import LEGIBLE, SHOWN, Labels, recording, shown_scale


def drawn(view: Any, recent: tuple[str, ...] = ()) -> tuple[bytes, Labels]:
    """A board's picture and the labels it drew."""
    with recording() as sheets:
        data = render(view, recent)
    assert len(sheets) == 1
    return data, sheets[0]


def texts(sheet: Labels) -> list[str]:
    return [label.text for label in sheet.drawn]


def too_small(sheet: Labels) -> list[str]:
    """The labels under `LEGIBLE` pixels tall where Discord shows the picture, with their height there."""
    scale = shown_scale(sheet.size)
    return [f"{label.text!r} {(label.box[3] - label.box[1]) * scale:.1f} px" for label in sheet.drawn
            if (label.box[3] - label.box[1]) * scale < LEGIBLE - 0.05]


def check_board(view: Any) -> Labels:
    """Every check above on the board of `view`; its labels, for a test's own checks."""
    data, sheet = drawn(view)
    width, height = Image.open(io.BytesIO(data)).size
    assert width == 1080 and height <= width * SHOWN[1] / SHOWN[0]
    assert not too_small(sheet), too_small(sheet)
    assert not sheet.overlapping(), [(a.text, b.text) for a, b in sheet.overlapping()]
    assert not sheet.cut and not sheet.outside()
    shown = " ".join(texts(sheet))
    assert all(name in shown for name in view.names.values()) and "Just now" not in shown
    return sheet


def forget_kept() -> None:
    """Forget every base, canvas and key a drawing worker keeps: as a fresh worker has none."""
    common._BASES.clear()
    common._WORK.canvases = None
    common._WORK.keys = None
