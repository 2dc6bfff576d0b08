"""Flying Pigs (seed 000, I): get your flaming Pig into the Kitchen at the centre of the Pigsty first."""

from rules.orclympics.flying_pigs.engine import FlyingPigs
from rules.orclympics.flying_pigs.guide import GUIDE, READINGS

GAME = FlyingPigs()
"""The engine the registry finds."""

__all__ = ["GAME", "GUIDE", "READINGS", "FlyingPigs"]
