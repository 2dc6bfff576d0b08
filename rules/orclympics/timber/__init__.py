"""Timber! (seed 000, IV): two Orcs a team, a Forest, a Wild Boar and eight Game Turns to grab Wood."""

from rules.orclympics.timber.engine import Timber
from rules.orclympics.timber.guide import GUIDE, READINGS

GAME = Timber()
"""The engine the registry finds."""

__all__ = ["GAME", "Timber", "GUIDE", "READINGS"]
