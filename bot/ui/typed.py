"""What players type into a command's text options: points and paths in inches, plain numbers.

Every game on an inch board takes points the same way (`12,7.5`, `(12, 7.5)`, `12 7.5`) and
paths as points separated by `;` or `→`, so the parsing lives here once. Bad text raises
RuleViolation with a sentence that shows the form wanted, and the command refuses it as it
would refuse an illegal move.
"""

from __future__ import annotations

import math
import re

from rules.core.errors import RuleViolation

XY = tuple[float, float]


def parse_points(text: str) -> list[XY]:
    """'12,7.5', '12 7.5', '(12, 7.5)'; several points separated by ';' or '→' are a path whose last
    point is the destination and the others the turning points on the way."""
    points = []
    for part in (p for p in re.split(r"[;→>|]+", text) if p.strip()):
        numbers = re.findall(r"-?\d+(?:\.\d+)?", part)
        if len(numbers) != 2:
            raise RuleViolation(f"'{part.strip()}' is not a point: give x,y in inches from the bottom-left "
                                "corner, like 12,7.5.")
        points.append((float(numbers[0]), float(numbers[1])))
    if not points:
        raise RuleViolation("Give a point as x,y in inches from the bottom-left corner, like 12,7.5.")
    return points


def parse_point(text: str) -> XY:
    points = parse_points(text)
    if len(points) != 1:
        raise RuleViolation("Give one point, like 12,7.5.")
    return points[0]


def parse_number(text: str, what: str) -> float:
    try:
        value = float(text.strip().rstrip('"°').strip())
    except ValueError:
        raise RuleViolation(f"Give {what} as a number, like 7.5.") from None
    if not math.isfinite(value):
        raise RuleViolation(f"Give {what} as a number, like 7.5.")
    return value
