"""The engine's own random generator, so a seed gives the same deal on every Python.

``random.Random.shuffle`` has changed between Python versions; a recorded game must
replay identically forever, so shuffles use SplitMix64 and a plain Fisher–Yates.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_LIMITS: dict[int, int] = {}
"""The largest multiple of ``n`` at most 2**64, by ``n`` (small ``n`` are asked again and
again: a shuffle asks for each length, random play for each count of moves)."""


def _limit(n: int) -> int:
    limit = (1 << 64) - ((1 << 64) % n)
    if n < 4096:
        _LIMITS[n] = limit
    return limit


class Rng:
    """SplitMix64: tiny, fast, well distributed, and its whole state is one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias: a draw at or above the
        largest multiple of ``n`` is drawn again."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMITS.get(n) or _limit(n)
        while True:
            # next_u64, inline (search and shuffles ask for millions of numbers)
            self.state = z = (self.state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """An independent stream (e.g. one per computer player) derived from this one."""
        return Rng(self.next_u64() ^ (salt * 0xD1B54A32D192ED03 & _MASK))
