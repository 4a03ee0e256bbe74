"""What one rule set implies for the searches, worked out once per rule set and kept in
the solver's one cache.

A rule set is a frozen value of sixty fields: hashing it costs more than many searches,
so the cache finds a rule set by identity first and by value only on a miss (a match
makes new but equal rule sets for each deal). Besides the contract searches' tables
(:class:`Tables`), other parts of the solver keep what they derive from a rule set here
too (:func:`derived`), so that there is one cache to reason about.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kalooki.engine.cards import ACE_HIGH, KING, make_card
from kalooki.engine.melds import run_bounds
from kalooki.engine.rules import RuleSet
from kalooki.engine.scoring import card_points
from kalooki.engine.solver.bits import path_capacity, span

INF = 10**9
"""Stands for "no limit" and "impossible" in counts the searches compare."""
MAX_RULE_SETS = 64
"""Rule sets the cache keeps; it starts afresh beyond (a session uses a handful)."""

T = TypeVar("T")


@dataclass(frozen=True)
class Tables:
    """What one rule set implies for the search, computed once per rule set."""

    points: tuple[int, ...]          # penalty of each natural face
    joker_points: int
    intervals: tuple[tuple[int, int, int], ...]   # (lo, hi, position mask) of legal runs
    windows: tuple[tuple[int, int, int], ...]     # the same, of the minimum length only
    max_jokers: int                  # per meld (a large number when unlimited)
    group_max: int
    adjacent_ok: bool
    window_room: tuple[int, ...]     # jokers a minimal run can take, by its gap pattern
    suit_windows: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]
    """For each 13-bit rank mask of one suit, the cheapest minimal runs: one entry per
    Pareto point (slots to fill, slots no joker may fill), with the positions each run
    of that cost would take from the hand."""
    suit_free: tuple[int, ...]
    """For each 13-bit rank mask of one suit, the fewest slots of a minimal run whose slots
    a joker may all fill (a large number when there is none): the front's last point."""
    by_position: tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...]
    """For each position 0..14 (and, last, for any position), the legal runs holding it as
    (lo, ((hi, position mask), ...)), each ``hi`` list ascending: a run that grows upward
    only gains gaps, so a search over it can stop at the first that has too many."""


class _Entry:
    """Everything derived from one rule set (shared by rule sets equal to it)."""

    __slots__ = ("derived", "tables")

    def __init__(self) -> None:
        self.tables: Tables | None = None
        self.derived: dict[Callable[[RuleSet], Any], Any] = {}
        """What each ``build`` of :func:`derived` made (of the type it returns)."""


_BY_ID: dict[int, tuple[RuleSet, _Entry]] = {}
_BY_VALUE: dict[RuleSet, _Entry] = {}


def _entry(rules: RuleSet) -> _Entry:
    hit = _BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    entry = _BY_VALUE.get(rules)
    if entry is None:
        if len(_BY_VALUE) >= MAX_RULE_SETS:
            _BY_VALUE.clear()
        entry = _BY_VALUE[rules] = _Entry()
    if len(_BY_ID) >= MAX_RULE_SETS:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, entry)  # holding ``rules`` keeps its id from being reused
    return entry


def tables(rules: RuleSet) -> Tables:
    """The contract searches' tables of ``rules`` (built in about 50 ms the first time)."""
    hit = _BY_ID.get(id(rules))  # (_entry's first look, inline: every search asks)
    entry = hit[1] if hit is not None and hit[0] is rules else _entry(rules)
    found = entry.tables
    if found is None:
        found = entry.tables = _build(rules)
    return found


def derived(rules: RuleSet, build: Callable[[RuleSet], T]) -> T:
    """What ``build`` makes of ``rules``, made once per rule set."""
    hit = _BY_ID.get(id(rules))  # (as in tables)
    found = (hit[1] if hit is not None and hit[0] is rules else _entry(rules)).derived
    value: T | None = found.get(build)
    if value is None:
        value = found[build] = build(rules)
    return value


def _build(rules: RuleSet) -> Tables:
    low, high = run_bounds(rules)
    intervals = tuple((lo, hi, span(lo, hi))
                      for lo in range(low, high + 1)
                      for hi in range(lo + rules.run_min - 1, min(high, lo + KING - 1) + 1))
    points = tuple(card_points(make_card(f % 13 + 1, f // 13), rules) for f in range(52))
    windows = tuple(i for i in intervals if i[1] - i[0] + 1 == rules.run_min)
    window_room = tuple(_window_room(gaps, rules) for gaps in range(1 << rules.run_min))
    suit_windows = _suit_windows(windows, window_room, rules.run_min)
    return Tables(
        points=points,
        joker_points=rules.joker_points,
        intervals=intervals,
        windows=windows,
        max_jokers=INF if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld,
        group_max=INF if rules.group_max is None else rules.group_max,
        adjacent_ok=rules.adjacent_jokers_in_run,
        window_room=window_room,
        suit_windows=suit_windows,
        suit_free=tuple(front[-1][0] if not front[-1][1] else INF for front in suit_windows),
        by_position=tuple(_by_low(i for i in intervals if i[2] >> pos & 1 or pos == 15)
                          for pos in range(16)),
    )


def _by_low(intervals: Iterable[tuple[int, int, int]]
            ) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    found: dict[int, list[tuple[int, int]]] = {}
    for lo, hi, mask in intervals:
        found.setdefault(lo, []).append((hi, mask))
    return tuple((lo, tuple(sorted(his))) for lo, his in sorted(found.items()))


def _suit_windows(windows: Sequence[tuple[int, int, int]], window_room: Sequence[int],
                  run_min: int) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """The table behind ``Tables.suit_windows`` (8192 entries, built once per rule set
    in about 50 ms): each window's cost depends only on which of its positions the hand
    holds, so those costs are tabulated per window first."""
    width = (1 << run_min) - 1
    local = []
    for lo, _, mask in windows:
        row = []
        for held in range(width + 1):
            fill = mask ^ (held << lo)
            slots = fill.bit_count()
            row.append((slots, slots - window_room[fill >> lo], held << lo))
        local.append((lo, row))
    table = []
    for ranks in range(1 << 13):
        pos = ranks << 1 | (ranks & 1) << ACE_HIGH
        found: dict[tuple[int, int], set[int]] = {}
        for lo, row in local:
            slots, hard, taken = row[pos >> lo & width]
            found.setdefault((slots, hard), set()).add(taken)
        front: list[tuple[int, int, tuple[int, ...]]] = []
        for slots, hard in sorted(found):
            if not front or hard < front[-1][1]:
                front.append((slots, hard, tuple(sorted(found[slots, hard]))))
        table.append(tuple(front))
    return tuple(table)


def _window_room(gaps: int, rules: RuleSet) -> int:
    """Jokers that fit in these gaps of a minimal run (the other gaps take added naturals,
    so one natural at least is always there)."""
    room = gaps.bit_count() if rules.adjacent_jokers_in_run else path_capacity(gaps)
    room = min(room, rules.run_min - 1)
    return room if rules.max_jokers_per_meld is None else min(room, rules.max_jokers_per_meld)
