"""Bit masks over run *positions*: bit p stands for rank p of one suit, on the 1..14 scale
(position 14 is the high ace, so an ace fills 1 and 14). Every search here describes runs
and the cards a suit holds this way."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from kalooki.engine.cards import ACE, ACE_HIGH


def pos_rank(pos: int) -> int:
    """The rank printed on the card at a position (14 is an ace)."""
    return ACE if pos == ACE_HIGH else pos


def face_at(suit: int, pos: int) -> int:
    """The natural face that fills ``pos`` in a run of ``suit``."""
    return suit * 13 + pos_rank(pos) - 1


def span(lo: int, hi: int) -> int:
    """The positions ``lo`` to ``hi``, both included."""
    return ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)


def bits(mask: int) -> Iterator[int]:
    """The positions set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def submasks(mask: int, largest_first: bool = False) -> Iterator[int]:
    """Every subset of ``mask``, the empty one first, then the others smallest first (or
    largest first: a search that meets the subsets in that order finds its ties so)."""
    yield 0
    if largest_first:
        sub = mask
        while sub:
            yield sub
            sub = (sub - 1) & mask
        return
    sub = -mask & mask
    while sub:
        yield sub
        sub = (sub - mask) & mask


def small_submasks(mask: int, most: int) -> Iterator[int]:
    """Every non-empty subset of ``mask`` with at most ``most`` bits."""
    singles = [1 << p for p in bits(mask)]
    for size in range(1, min(most, len(singles)) + 1):
        for combo in itertools.combinations(singles, size):
            yield sum(combo)


def path_capacity(mask: int) -> int:
    """Most positions of ``mask`` that can hold jokers with none side by side."""
    count, last = 0, -2
    for p in bits(mask):
        if p != last + 1:
            count += 1
            last = p
        else:
            last = -2
    return count
