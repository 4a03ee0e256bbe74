"""The values a rule set's choice fields take, one :class:`StrEnum` per field.

Each member is its own text code (``"not-when-down"``), so rule files, saves and custom
presets keep the plain strings they always had, and a member compares equal to its code.
The rule set's fields are typed with these classes, and the house-rules editor's choice
lists are built from them (:mod:`kalooki.engine.rules.fields`): one home for each list.
"""

from __future__ import annotations

from enum import StrEnum


class MatchEnd(StrEnum):
    FIXED = "fixed"
    """A set number of deals; the lowest total wins."""
    ELIMINATION = "elimination"
    """Deals go on until one player is left below the elimination limit."""


class FirstDealer(StrEnum):
    RANDOM = "random"
    FIRST_SEAT = "first-seat"


class AceInRuns(StrEnum):
    LOW_OR_HIGH = "low-or-high"
    HIGH_ONLY = "high-only"
    LOW_ONLY = "low-only"


class DiscardTake(StrEnum):
    FREE = "free"
    NOT_WHEN_DOWN = "not-when-down"
    """A player who is down draws only from the stock."""
    MUST_MELD = "must-meld"
    """Whoever takes the discard must lay a meld before anything else that turn."""


class JokerShift(StrEnum):
    OFF = "off"
    EITHER_END = "either-end"
    UPWARD = "upward"


class JokerRelease(StrEnum):
    RUN_EXACT = "run-exact"
    """A run's joker is freed by the one card it stands for."""
    GROUP_BOTH_MISSING = "group-both-missing"
    """A group's joker is freed by two naturals of its rank."""
    GROUP_ANY_MISSING = "group-any-missing"
    """A group's joker is freed by one natural of its rank."""
    GROUP_ALL_MISSING = "group-all-missing"
    """A group's joker is freed only by the suits its naturals lack, one card each (a
    group of four with a joker, by its last missing suit)."""


class CallPriority(StrEnum):
    NEAREST = "nearest"
    RANDOM = "random"


class GoingOutBonus(StrEnum):
    DOUBLE = "double"
    """Every other player's points for the deal are doubled."""
    PLUS = "plus"
    """Every other player scores ``going_out_bonus_points`` more."""
    NONE = "none"


class StockExhaustion(StrEnum):
    RESHUFFLE_ONCE_THEN_VOID = "reshuffle-once-then-void"
    ALWAYS_RESHUFFLE = "always-reshuffle"
