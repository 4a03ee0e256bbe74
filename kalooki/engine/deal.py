"""The words of a deal's state that the game, its views and its records share: the phase
of play, a meld on the table and whose it is, and how a deal ended.

Kept apart from the state machine so that a view (and whoever reads one) can name them
without importing the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from kalooki.engine.melds import Meld


class Phase(StrEnum):
    """Who is asked what: the dealer to cut, the turn player to draw or play, the other
    players whether to call, the turn player whether to allow a call, a player over the
    limit whether to buy back in."""

    CUT = "cut"
    DRAW = "draw"
    CALL = "call"
    ALLOW = "allow"
    PLAY = "play"
    BUY_IN = "buy-in"
    MATCH_OVER = "match-over"


class Stall(StrEnum):
    """Why a deal was scored with nobody out (the log and the summary say which)."""

    NONE = ""
    REDEALS = "redeals"
    """Void ``redeal_limit`` times running, and the stock ran out once more."""
    RESHUFFLES = "reshuffles"
    """The stock was rebuilt ``RESHUFFLE_CEILING`` times and ran out again."""
    TURNS = "turns"
    """The deal reached ``TURN_CEILING`` turns (the discard taken and thrown back)."""
    STOCK = "stock"
    """A game that never voids ran out of stock with no discards to rebuild it from."""


@dataclass(slots=True)
class TableMeld:
    """A meld on the table and the player who laid it (it grows as cards are added)."""

    owner: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class DealResult:
    """How one deal ended. ``scores`` are penalty points (negative for a cut bonus)."""

    deal: int
    dealer: int
    scores: tuple[int, ...]
    winner: int | None
    bent: bool
    void: bool
    cut_bonus: bool
    hands: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...] = ()
    """Every player's match total once this deal was scored (before any buy-in): the
    running totals a match chart draws, kept where a later buy-in cannot blur them."""
    stall: Stall = Stall.NONE
    """Why the deal was scored with nobody out, if it was (``winner`` None, ``void``
    False)."""

    @property
    def stalled(self) -> bool:
        """Scored as the hands stand because the deal could not end otherwise."""
        return self.stall != Stall.NONE
