"""The melds a hand could lay, as plans on faces: every run of a suit (as position masks)
and every group of a rank the counts allow. Both searches for contracts and free melding
build on them."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from kalooki.engine.rules import RuleSet
from kalooki.engine.solver.bits import small_submasks
from kalooki.engine.solver.tables import INF, Tables, tables


class Run(NamedTuple):
    """A run plan: suit, first and last position, which positions hold naturals (a named
    tuple rather than a frozen dataclass: the searches make thousands, and a tuple is made
    at a third of the cost)."""

    suit: int
    lo: int
    hi: int
    naturals: int
    jokers: int


def run_candidates(tab: Tables, suit: int, avail: int, jokers: int,
                   swappable: int = 0, within: int = -1) -> Iterator[Run]:
    """Every run of ``suit`` the hand can lay with at most ``jokers`` jokers: gaps are
    jokers; a natural at a position in ``swappable`` may also be replaced by a joker
    (so that the natural can serve a group, or so that one more joker finds a home).
    ``within``: only runs covering all of these positions (when not -1)."""
    budget = min(jokers, tab.max_jokers)
    adjacent_ok = tab.adjacent_ok
    if within == -1:
        groups = tab.by_position[15]
    elif within:
        groups = tab.by_position[(within & -within).bit_length() - 1]
    else:
        groups = ()
    for lo, his in groups:
        for hi, span in his:
            if within != -1 and within & ~span:
                continue
            present = avail & span
            gaps = span ^ present
            spare = budget - gaps.bit_count()
            if spare < 0 or not (adjacent_ok or not gaps & gaps >> 1):
                break  # longer runs from this ``lo`` only have more gaps
            if not present:
                continue
            yield Run(suit, lo, hi, present, gaps)
            if not spare:
                continue
            options = present & swappable
            if within != -1:
                options &= ~within
            for swap in small_submasks(options, spare):
                naturals = present ^ swap
                joker_mask = gaps | swap
                if naturals and (adjacent_ok or not joker_mask & joker_mask >> 1):
                    yield Run(suit, lo, hi, naturals, joker_mask)


def group_candidates(rules: RuleSet, faces: Sequence[tuple[int, int]], jokers: int,
                     must: int = -1) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every group from these (face, count) pairs of one rank and up to ``jokers`` jokers,
    as (faces used, jokers used); ``must``: a face the group has to contain."""
    tab = tables(rules)
    limits = [range(min(c, 1) if rules.group_distinct_suits else c, -1, -1)
              if f != must else range(min(c, 1) if rules.group_distinct_suits else c, 0, -1)
              for f, c in faces]
    for takes in itertools.product(*limits):
        naturals = sum(takes)
        if naturals < rules.group_min_naturals or naturals > tab.group_max:
            continue
        used = tuple(f for (f, _), t in zip(faces, takes, strict=True) for _ in range(t))
        low = max(0, rules.group_min - naturals)
        high = min(jokers, tab.max_jokers, tab.group_max - naturals,
                   4 - naturals if rules.group_distinct_suits else INF)
        for k in range(high, low - 1, -1):
            yield used, k


# --- building the answer ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Group:
    rank: int
    faces: tuple[int, ...]
    jokers: int


def jokers_ok(tab: Tables, jokers: int) -> bool:
    """Adjacency and count rules for a run's joker positions."""
    return jokers.bit_count() <= tab.max_jokers and (
        tab.adjacent_ok or not jokers & (jokers >> 1))
