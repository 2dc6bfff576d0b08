"""Masters' Fight (seed 000, III): last Orc standing on an 8x8 fighting pit."""

from rules.orclympics.masters_fight.engine import MastersFight
from rules.orclympics.masters_fight.guide import GUIDE, READINGS

GAME = MastersFight()
"""The engine the registry finds."""

__all__ = ["GAME", "MastersFight", "GUIDE", "READINGS"]
