"""Road Rage (seed 000, VI): Orc Boar Chariot racing."""

from rules.orclympics.road_rage.engine import RoadRage
from rules.orclympics.road_rage.guide import GUIDE, READINGS

GAME = RoadRage()
"""The engine the registry finds."""

__all__ = ["GAME", "GUIDE", "READINGS", "RoadRage"]
