"""The computer players' levels, in one list, and the defaults a setting starts from.

Kept apart from the players themselves so that the store and the setup screen can name
a level (and check a saved one) without loading the AI.
"""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    RANDOM = "random"
    """Any legal move: for tests and soaks, never offered to a person."""
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


OPPONENT_LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD)
"""The levels a person may choose for a computer opponent, easiest first."""
DEFAULT_LEVEL = Level.MEDIUM
DEFAULT_BUDGET = 0.9
"""Seconds a hard player may think about one decision, unless a setting says otherwise."""
