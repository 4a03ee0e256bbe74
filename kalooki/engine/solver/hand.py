"""A hand as the searches see it: counts per face (two 7♥ of two packs are one face held
twice) and a joker count, with the physical ids kept aside for building the melds."""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.cards import ACE_HIGH, JOKER_BASE, face_of, is_joker


class Hand:
    """Face counts of a hand, and the ids behind each face for rebuilding melds."""

    __slots__ = ("counts", "ids", "joker_ids", "jokers")

    def __init__(self, hand: Sequence[int]) -> None:
        self.counts = [0] * 52
        self.ids: dict[int, list[int]] = {}
        self.joker_ids = sorted(c for c in hand if is_joker(c))
        self.jokers = len(self.joker_ids)
        for card in sorted(hand):
            if not is_joker(card):
                f = face_of(card)
                self.counts[f] += 1
                self.ids.setdefault(f, []).append(card)


class Counts:
    """A hand as the searches see it, without the ids :class:`Hand` keeps for building."""

    __slots__ = ("counts", "jokers")

    def __init__(self, counts: list[int], jokers: int) -> None:
        self.counts = counts
        self.jokers = jokers


def face_counts(hand: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Counts per natural face, a 13-bit rank mask per suit, and the joker count."""
    counts = [0] * 52
    masks = [0, 0, 0, 0]
    jokers = 0
    for card in hand:
        if card >= JOKER_BASE:
            jokers += 1
        else:
            f = card % 52
            counts[f] += 1
            masks[f // 13] |= 1 << f % 13
    return counts, masks, jokers


def suit_mask(counts: Sequence[int], suit: int) -> int:
    """Positions of ``suit`` a natural can fill (an ace fills 1 and 14)."""
    mask = 0
    base = suit * 13
    for rank in range(1, 14):
        if counts[base + rank - 1]:
            mask |= 1 << rank
    if mask & 2:
        mask |= 1 << ACE_HIGH
    return mask
