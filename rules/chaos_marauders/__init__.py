"""Chaos Marauders (seed 001): battle lines of cards, attacks on the Cube of Devastation, and the
race to shout, for 2 to 4 players."""

from rules.chaos_marauders.engine import ChaosMarauders
from rules.chaos_marauders.guide import GUIDE, READINGS

GAME = ChaosMarauders()
"""The engine the registry finds."""

__all__ = ["GAME", "GUIDE", "ChaosMarauders", "READINGS"]
