"""Brood Rumble (seed 000, II): two teams of four Orcs brawl on a 24x24" board until one is gone."""

from rules.orclympics.brood_rumble.engine import BroodRumble
from rules.orclympics.brood_rumble.guide import GUIDE, READINGS

GAME = BroodRumble()
"""The engine the registry finds."""

__all__ = ["GAME", "BroodRumble", "GUIDE", "READINGS"]
