"""That'll do Pigs (seed 000, V): Orc Boar Riders race two laps for a Piglet."""

from rules.orclympics.thatll_do_pigs.engine import ThatllDoPigs
from rules.orclympics.thatll_do_pigs.guide import GUIDE, READINGS

GAME = ThatllDoPigs()
"""The engine the registry finds."""

__all__ = ["GAME", "GUIDE", "READINGS", "ThatllDoPigs"]
