"""A hand as the searches see it: counts per face (two 7♥ of two packs are one face held
twice) and a joker count, with the physical ids kept aside for building the melds."""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.cards import ACE_HIGH, JOKER_BASE


class Hand:
    """Face counts of a hand, and the ids behind each face for rebuilding melds."""

    __slots__ = ("counts", "ids", "joker_ids", "jokers")

    def __init__(self, hand: Sequence[int]) -> None:
        counts = self.counts = [0] * 52
        ids: dict[int, list[int]] = {}
        jokers: list[int] = []
        for card in sorted(hand):  # (plain tests: every search builds one or two)
            if card >= JOKER_BASE:
                jokers.append(card)
            else:
                f = card % 52  # its face
                counts[f] += 1
                same = ids.get(f)
                if same is None:
                    ids[f] = [card]
                else:
                    same.append(card)
        self.ids = ids
        self.joker_ids = jokers
        self.jokers = len(jokers)


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
