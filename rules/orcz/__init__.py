"""Orcz: Da Boardzgame (seed 003): hidden ranks, struggles, Challenges and Goblin Slaves, for 3 or 4."""

from rules.orcz.engine import Orcz
from rules.orcz.guide import GUIDE, READINGS

GAME = Orcz()
"""The engine the registry finds."""

__all__ = ["GAME", "GUIDE", "Orcz", "READINGS"]
