"""Who sits in a seat: a person at the computer, or a computer player of a level.

The names only, in one place: the computer players themselves are in :mod:`kalooki.ai`,
so the store can check a saved seat or a setting, and the setup screen can offer the
levels, without loading them.
"""

from __future__ import annotations

from enum import StrEnum

HUMAN = "human"
"""The seat of a person at the computer (every other seat is a computer player's level)."""
DEFAULT_NAME = "You"
"""The name kept for a person who typed none: the English word, which the words layer
reads in the player's language (``words.formats.seat_name``: "Vous" in French)."""


class Level(StrEnum):
    """A computer player's level."""

    RANDOM = "random"
    """Any legal move: for tests and soaks, never offered to a person."""
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


OPPONENT_LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD)
"""The levels a person may choose for a computer opponent, easiest first."""
DEFAULT_LEVEL = Level.MEDIUM
SEAT_KINDS = (HUMAN, *OPPONENT_LEVELS)
"""Who a person may seat: another person, or a computer player of a level they may choose."""
SEAT_LEVELS = (*SEAT_KINDS, Level.RANDOM)
"""Who a saved game may seat: any of those, or a random player (tests and soaks)."""
DEFAULT_BUDGET = 0.9
"""Seconds a hard player may think about one decision, unless a setting says otherwise."""
