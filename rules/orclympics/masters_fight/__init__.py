"""Masters' Fight (seed 000, III): last Orc standing on an 8x8 fighting pit."""

from rules.orclympics.masters_fight.engine import MastersFight
from rules.orclympics.masters_fight.guide import GUIDE, READINGS

__all__ = ["MastersFight", "GUIDE", "READINGS"]
