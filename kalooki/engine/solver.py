"""The meld solver: can a hand meet a contract, its best lay-down, and how many cards it
still lacks.

Everything works on *faces* (52 naturals, counted per hand, plus a joker count) rather
than on physical ids, because two 7♥ from two packs are interchangeable; ids are given
back only when an :class:`Arrangement` is built, through :func:`melds.make_group` and
:func:`melds.make_run` so that every meld the solver proposes is valid by construction.

Two engines share the candidate-meld generators below:

* a *slot* search for contracts with distinct ranks and suits (every preset): runs are
  chosen suit by suit, then the groups follow in closed form from the cards the runs left;
* a *generic* search (the lowest remaining card is either left over or in some meld that
  holds it) for free melding after going down and for contract rules the slot search
  does not cover. It is exhaustive, so it also serves as the reference in tests.

Fast paths in front of them, all exact: feasibility and cards-needed first solve a
relaxation (runs and groups may share naturals) from a per-rule-set table indexed by each
suit's 13-bit rank mask, and run the slot search only when the relaxation's bound is not
met by a real lay-down; free melding drops the cards no meld can hold and solves the
clusters no meld crosses separately, sharing the jokers out by a knapsack.

A run is described by bit masks over *positions* 1..14 (position 14 is the high ace).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from kalooki.engine.cards import (
    ACE,
    ACE_HIGH,
    JOKER_BASE,
    JOKER_FACE,
    KING,
    face_of,
    face_text,
    is_joker,
    make_card,
    parse_cards,
)
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import Meld, make_group, make_run, run_bounds
from kalooki.engine.rules import GROUP, RUN, RuleSet
from kalooki.engine.scoring import card_points, hand_points

_NONE = -1  # "no solution" value in the maximising searches
_INF = 10**9


@dataclass(frozen=True)
class Arrangement:
    """A lay-down: the melds, the cards kept back and the penalty those would score."""

    melds: tuple[Meld, ...]
    leftover: tuple[int, ...]
    penalty: int


# --- rule tables ------------------------------------------------------------

def _pos_rank(pos: int) -> int:
    return ACE if pos == ACE_HIGH else pos


@dataclass(frozen=True)
class _Tables:
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


_TABLES: dict[int, tuple[RuleSet, _Tables]] = {}


def _tables(rules: RuleSet) -> _Tables:
    """The tables of a rule set, found by identity first: hashing a rule set (sixty
    fields) would cost more than many of the searches that ask for it."""
    hit = _TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_TABLES) >= 64:
        _TABLES.clear()
    tables = _tables_for(rules)
    _TABLES[id(rules)] = (rules, tables)
    return tables


@lru_cache(maxsize=64)
def _tables_for(rules: RuleSet) -> _Tables:
    low, high = run_bounds(rules)
    intervals = tuple((lo, hi, _span(lo, hi))
                      for lo in range(low, high + 1)
                      for hi in range(lo + rules.run_min - 1, min(high, lo + KING - 1) + 1))
    points = tuple(card_points(make_card(f % 13 + 1, f // 13), rules) for f in range(52))
    windows = tuple(i for i in intervals if i[1] - i[0] + 1 == rules.run_min)
    window_room = tuple(_window_room(gaps, rules) for gaps in range(1 << rules.run_min))
    suit_windows = _suit_windows(windows, window_room, rules.run_min)
    return _Tables(
        points=points,
        joker_points=rules.joker_points,
        intervals=intervals,
        windows=windows,
        max_jokers=_INF if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld,
        group_max=_INF if rules.group_max is None else rules.group_max,
        adjacent_ok=rules.adjacent_jokers_in_run,
        window_room=window_room,
        suit_windows=suit_windows,
        suit_free=tuple(front[-1][0] if not front[-1][1] else _INF for front in suit_windows),
        by_position=tuple(_by_low(i for i in intervals if i[2] >> pos & 1 or pos == 15)
                          for pos in range(16)),
    )


def _by_low(intervals: Iterable[tuple[int, int, int]]
            ) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    found: dict[int, list[tuple[int, int]]] = {}
    for lo, hi, span in intervals:
        found.setdefault(lo, []).append((hi, span))
    return tuple((lo, tuple(sorted(his))) for lo, his in sorted(found.items()))


def _suit_windows(windows: Sequence[tuple[int, int, int]], window_room: Sequence[int],
                  run_min: int) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """The table behind ``_Tables.suit_windows`` (8192 entries, built once per rule set
    in about 50 ms): each window's cost depends only on which of its positions the hand
    holds, so those costs are tabulated per window first."""
    width = (1 << run_min) - 1
    local = []
    for lo, _, span in windows:
        row = []
        for held in range(width + 1):
            fill = span ^ (held << lo)
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
    room = gaps.bit_count() if rules.adjacent_jokers_in_run else _path_capacity(gaps)
    room = min(room, rules.run_min - 1)
    return room if rules.max_jokers_per_meld is None else min(room, rules.max_jokers_per_meld)


def _span(lo: int, hi: int) -> int:
    return ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _face(suit: int, pos: int) -> int:
    return suit * 13 + _pos_rank(pos) - 1


# --- the hand as counts -----------------------------------------------------

class _Hand:
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


class _Counts:
    """A hand as the searches see it, without the ids :class:`_Hand` keeps for building."""

    __slots__ = ("counts", "jokers")

    def __init__(self, counts: list[int], jokers: int) -> None:
        self.counts = counts
        self.jokers = jokers


def _mask_points(tab: _Tables, suit: int, mask: int) -> int:
    return sum(tab.points[_face(suit, p)] for p in _bits(mask))


def _jokers_ok(tab: _Tables, jokers: int) -> bool:
    """Adjacency and count rules for a run's joker positions."""
    return jokers.bit_count() <= tab.max_jokers and (
        tab.adjacent_ok or not jokers & (jokers >> 1))


def _submasks(mask: int) -> Iterator[int]:
    """Every subset of ``mask``, the empty one first."""
    sub = 0
    while True:
        yield sub
        sub = (sub - mask) & mask
        if not sub:
            return


@dataclass(frozen=True, slots=True)
class _Run:
    """A run plan: suit, first and last position, which positions hold naturals."""

    suit: int
    lo: int
    hi: int
    naturals: int
    jokers: int


def run_candidates(tab: _Tables, suit: int, avail: int, jokers: int,
                   swappable: int = 0, within: int = -1) -> Iterator[_Run]:
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
            yield _Run(suit, lo, hi, present, gaps)
            if not spare:
                continue
            options = present & swappable
            if within != -1:
                options &= ~within
            for swap in _small_submasks(options, spare):
                naturals = present ^ swap
                joker_mask = gaps | swap
                if naturals and (adjacent_ok or not joker_mask & joker_mask >> 1):
                    yield _Run(suit, lo, hi, naturals, joker_mask)


def _small_submasks(mask: int, most: int) -> Iterator[int]:
    """Every non-empty subset of ``mask`` with at most ``most`` bits."""
    bits = [1 << p for p in _bits(mask)]
    for size in range(1, min(most, len(bits)) + 1):
        for combo in itertools.combinations(bits, size):
            yield sum(combo)


def group_candidates(rules: RuleSet, faces: Sequence[tuple[int, int]], jokers: int,
                     must: int = -1) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every group from these (face, count) pairs of one rank and up to ``jokers`` jokers,
    as (faces used, jokers used); ``must``: a face the group has to contain."""
    tab = _tables(rules)
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
                   4 - naturals if rules.group_distinct_suits else _INF)
        for k in range(high, low - 1, -1):
            yield used, k


# --- building the answer ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Group:
    rank: int
    faces: tuple[int, ...]
    jokers: int


def _build(hand: Sequence[int], runs: Sequence[_Run], groups: Sequence[_Group],
           rules: RuleSet) -> Arrangement:
    """Turn a plan into physical melds (validated by melds.py) and the leftover."""
    pool = _Hand(hand)
    jokers = list(pool.joker_ids)
    melds: list[Meld] = []
    for g in sorted(groups, key=lambda g: g.rank):
        cards = [pool.ids[f].pop(0) for f in g.faces] + [jokers.pop(0) for _ in range(g.jokers)]
        melds.append(make_group(cards, rules))
    for r in sorted(runs, key=lambda r: (r.suit, r.lo)):
        cards = [pool.ids[_face(r.suit, p)].pop(0) if r.naturals >> p & 1 else jokers.pop(0)
                 for p in range(r.lo, r.hi + 1)]
        melds.append(make_run(cards, rules))
    leftover = tuple(sorted([c for ids in pool.ids.values() for c in ids] + jokers))
    return Arrangement(tuple(melds), leftover, hand_points(leftover, rules))


def _with_keep(hand: Sequence[int], keep: int, rules: RuleSet,
               solve: Callable[[Sequence[int]], Arrangement | None]) -> Arrangement | None:
    """Best arrangement whose leftover holds at least ``keep`` naturals: if the free
    optimum keeps too few, some natural must stay in hand, so try each face in turn,
    cheapest first. Any such option scores at least the free optimum, and at least the
    card kept, which ends the trial early."""
    best = solve(hand)
    if best is None or keep <= 0:
        return best
    kept = sum(not is_joker(c) for c in best.leftover)
    if kept >= keep:
        return best
    found: Arrangement | None = None
    seen: set[int] = set()
    for card in sorted(hand, key=lambda c: (card_points(c, rules), -c)):
        if is_joker(card) or face_of(card) in seen:
            continue
        points = card_points(card, rules)
        if found is not None and (points >= found.penalty or found.penalty <= best.penalty):
            break
        seen.add(face_of(card))
        if best.penalty == 0 and kept + 1 >= keep:
            peeled = _peel(best, face_of(card), rules)
            if peeled is not None:  # as good as any option keeping this face can be
                found = peeled
                continue
        rest = list(hand)
        rest.remove(card)
        sub = _with_keep(rest, keep - 1, rules, solve)
        if sub is None:
            continue
        option = Arrangement(sub.melds, tuple(sorted((*sub.leftover, card))),
                             sub.penalty + points)
        if found is None or option.penalty < found.penalty:
            found = option
    return found


def _peel(arrangement: Arrangement, face: int, rules: RuleSet) -> Arrangement | None:
    """The arrangement with one natural of ``face`` taken back into hand from a meld that
    stays valid without it (an end of a run, or a group with cards to spare), if any."""
    for i, meld in enumerate(arrangement.melds):
        cards = meld.cards
        if meld.is_run:
            tries = [j for j in (0, len(cards) - 1) if face_of(cards[j]) == face
                     and not is_joker(cards[j])]
        else:
            tries = [j for j, c in enumerate(cards) if not is_joker(c) and face_of(c) == face]
        for j in tries[:2]:
            rest = cards[:j] + cards[j + 1:]
            try:
                smaller = make_run(rest, rules) if meld.is_run else make_group(rest, rules)
            except RuleError:
                continue
            if smaller.kind != meld.kind:
                continue
            melds = (*arrangement.melds[:i], smaller, *arrangement.melds[i + 1:])
            leftover = tuple(sorted((*arrangement.leftover, cards[j])))
            return Arrangement(melds, leftover, hand_points(leftover, rules))
    return None


# --- generic search ---------------------------------------------------------

_State = tuple[int, int, int, int] | None
"""Contract still to lay: (groups left, runs left, ranks used, suits used); None when
any melds will do."""


class _Generic:
    """Exhaustive search: the lowest remaining natural is kept or goes into a meld that
    holds it. Memoised on the remaining counts, so each sub-hand is solved once."""

    def __init__(self, rules: RuleSet, keep: int = 0) -> None:
        self.rules = rules
        self.tab = _tables(rules)
        self.keep = keep
        """Free melding only: naturals to keep in hand (``kept`` counts them, up to this)."""
        self.faces: Sequence[int] = range(52)
        """The faces that may be held, in order (a cluster's, when solving one)."""
        self.memo: dict[tuple[tuple[int, ...], int, _State, int], tuple[int, object]] = {}

    def solve(self, counts: list[int], jokers: int, state: _State, kept: int = 0) -> int:
        """Most points that can be melded from here (``_NONE`` if the contract fails, or
        if fewer than ``keep - kept`` naturals can stay in hand)."""
        key = (tuple(counts), jokers, state, kept)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        best, choice = self._search(counts, jokers, state, kept)
        self.memo[key] = (best, choice)
        return best

    def _search(self, counts: list[int], jokers: int, state: _State, kept: int
                ) -> tuple[int, object]:
        f = next((i for i in self.faces if counts[i]), -1)
        if f < 0:
            if state is None:
                return (0 if kept >= self.keep else _NONE), None
            return (0 if state[:2] == (0, 0) else _NONE), None
        if state is not None and not self._may_finish(counts, jokers, state):
            return _NONE, None
        points, joker = self.tab.points, self.tab.joker_points
        # nothing beats laying every card: once a meld reaches that, stop looking
        total = jokers * joker + sum(points[i] * counts[i] for i in self.faces)
        best, choice = _NONE, None
        for plan, used, k, after in self._melds_with(f, counts, jokers, state):
            for g in used:
                counts[g] -= 1
            rest = self.solve(counts, jokers - k, after, kept)
            for g in used:
                counts[g] += 1
            if rest == _NONE:
                continue
            value = rest + sum(points[g] for g in used) + k * joker
            if value > best:
                best, choice = value, (plan, used, k, after)
                if best == total:
                    return best, choice
        if best < total - points[f]:  # keeping ``f`` could still do better
            counts[f] -= 1
            rest = self.solve(counts, jokers, state, min(kept + 1, self.keep))
            counts[f] += 1
            if rest > best:
                best, choice = rest, None
        return best, choice

    def _may_finish(self, counts: list[int], jokers: int, state: tuple[int, ...]) -> bool:
        groups, runs = state[0], state[1]
        need = groups * self.rules.group_min + runs * self.rules.run_min
        return sum(counts) + jokers >= need

    def _melds_with(self, f: int, counts: list[int], jokers: int, state: _State
                    ) -> Iterator[tuple[object, tuple[int, ...], int, _State]]:
        """Every meld holding face ``f`` (and the contract state after it)."""
        rules = self.rules
        rank, suit = f % 13 + 1, f // 13
        if state is None or (state[0] and not (rules.contract_distinct_ranks
                                                and state[2] >> rank & 1)):
            after = None if state is None else (state[0] - 1, state[1],
                                                state[2] | 1 << rank, state[3])
            faces = [(rank - 1 + 13 * s, counts[rank - 1 + 13 * s]) for s in range(4)
                     if counts[rank - 1 + 13 * s]]
            for used, k in group_candidates(rules, faces, jokers, must=f):
                yield _Group(rank, used, k), used, k, after
        if state is None or (state[1] and not (rules.contract_distinct_suits
                                                and state[3] >> suit & 1)):
            after = None if state is None else (state[0], state[1] - 1, state[2],
                                                state[3] | 1 << suit)
            avail = _suit_mask(counts, suit)
            for pos in ((ACE, ACE_HIGH) if rank == ACE else (rank,)):
                for run in run_candidates(self.tab, suit, avail, jokers,
                                          swappable=avail, within=1 << pos):
                    used = tuple(_face(suit, p) for p in _bits(run.naturals))
                    yield run, used, run.jokers.bit_count(), after

    def plan(self, counts: list[int], jokers: int, state: _State, kept: int = 0
             ) -> tuple[list[_Run], list[_Group]]:
        """Follow the memo's choices from a solved position."""
        runs: list[_Run] = []
        groups: list[_Group] = []
        counts = list(counts)
        while True:
            self.solve(counts, jokers, state, kept)
            _, choice = self.memo[(tuple(counts), jokers, state, kept)]
            if choice is None:
                f = next((i for i in self.faces if counts[i]), -1)
                if f < 0:
                    return runs, groups
                counts[f] -= 1
                kept = min(kept + 1, self.keep)
                continue
            plan, used, k, state = choice  # type: ignore[misc]
            (runs if isinstance(plan, _Run) else groups).append(plan)  # type: ignore[arg-type]
            for g in used:
                counts[g] -= 1
            jokers -= k


def _suit_mask(counts: Sequence[int], suit: int) -> int:
    """Positions of ``suit`` a natural can fill (an ace fills 1 and 14)."""
    mask = 0
    base = suit * 13
    for rank in range(1, 14):
        if counts[base + rank - 1]:
            mask |= 1 << rank
    if mask & 2:
        mask |= 1 << ACE_HIGH
    return mask


def _generic_arrangement(hand: Sequence[int], rules: RuleSet, state: _State
                         ) -> Arrangement | None:
    pool = _Hand(hand)
    search = _Generic(rules)
    if search.solve(list(pool.counts), pool.jokers, state) == _NONE:
        return None
    runs, groups = search.plan(pool.counts, pool.jokers, state)
    return _build(hand, runs, groups, rules)


def _free_arrangement(hand: Sequence[int], rules: RuleSet, keep: int) -> Arrangement | None:
    """The generic search without a contract (None when the hand holds fewer than ``keep``
    naturals), made fast by splitting the hand: a card that no meld can hold is left over
    for sure, and the rest falls into clusters no meld crosses (same rank, or same suit
    close enough for one run), which share only the jokers and the duty to keep naturals
    back. Each cluster is solved for every share of both it might get, and a knapsack
    hands them out."""
    tab = _tables(rules)
    counts, masks, jokers = _face_counts(hand)
    if sum(counts) < keep:
        return None
    clusters = _clusters(rules, tab, counts, masks, jokers)
    if not clusters:  # no meld can hold any card: the usual answer in play
        return Arrangement((), tuple(sorted(hand)), hand_points(hand, rules))
    loose = sum(counts) - sum(counts[f] for faces in clusters for f in faces)
    duty = max(0, keep - loose)  # naturals the clusters must keep between them
    search = _Generic(rules, duty)
    subs: list[list[int]] = []
    for faces in clusters:
        sub = [0] * 52
        for f in faces:
            sub[f] = counts[f]
        subs.append(sub)
    # per cluster: (jokers given, naturals it keeps) -> (most points it lays, the search's
    # ``kept`` start); first without the duty, noting what each optimum keeps anyway,
    # which often settles the duty without a second search
    values: list[dict[tuple[int, int], tuple[int, int]]] = [{} for _ in clusters]
    chosen: tuple[int, tuple[tuple[int, int, int], ...]] | None = None
    for t in range(duty + 1):
        for faces, sub, row in zip(clusters, subs, values, strict=True):
            search.faces = faces
            for j in range(jokers, jokers + 1) if len(clusters) == 1 else range(jokers + 1):
                value = search.solve(sub, j, None, duty - t)
                if value == _NONE:
                    continue
                held = t
                if t == 0 and duty:
                    laid_runs, laid_groups = search.plan(sub, j, None, duty)
                    held = min(duty, sum(sub) - sum(r.naturals.bit_count() for r in laid_runs)
                               - sum(len(g.faces) for g in laid_groups))
                if row.get((j, held), (_NONE, 0))[0] < value:
                    row[j, held] = (value, duty - t)
        top, chosen = _share_out(values, jokers, duty)
        if chosen is not None and (t == duty or chosen[0] == top):
            break  # (before the last round, only a choice no duty-free one beats)
    if chosen is None:  # pragma: no cover - every cluster can keep all its naturals
        return None
    runs: list[_Run] = []
    groups: list[_Group] = []
    for faces, sub, (j, _, start) in zip(clusters, subs, chosen[1], strict=True):
        search.faces = faces
        more_runs, more_groups = search.plan(sub, j, None, start)
        runs += more_runs
        groups += more_groups
    return _build(hand, runs, groups, rules)


def _share_out(values: Sequence[dict[tuple[int, int], tuple[int, int]]], jokers: int,
               duty: int
               ) -> tuple[int, tuple[int, tuple[tuple[int, int, int], ...]] | None]:
    """A knapsack over clusters: the most points any choice lays, and the best choice
    (points, and per cluster: jokers given, naturals kept, search start) that uses at most
    ``jokers`` jokers and keeps ``duty`` naturals, if any does."""
    Entry = tuple[int, tuple[tuple[int, int, int], ...]]
    table: dict[tuple[int, int], Entry] = {(0, 0): (0, ())}
    for row in values:
        grown: dict[tuple[int, int], Entry] = {}
        for (used, held), (value, picks) in table.items():
            for (j, t), (v, start) in row.items():
                key = (used + j, min(duty, held + t))
                if key[0] <= jokers and (key not in grown or grown[key][0] < value + v):
                    grown[key] = (value + v, (*picks, (j, t, start)))
        table = grown
    top = max(value for value, _ in table.values())
    finals = [entry for (_, held), entry in table.items() if held >= duty]
    return top, (max(finals, key=lambda e: e[0]) if finals else None)


def _clusters(rules: RuleSet, tab: _Tables, counts: Sequence[int], masks: Sequence[int],
              jokers: int) -> list[list[int]]:
    """The faces some meld could hold, split into clusters no meld crosses: faces of one
    rank that could make a group, and faces of one suit that could share a run."""
    room = min(jokers, tab.max_jokers)
    parent: dict[int, int] = {}

    def root(f: int) -> int:
        while parent[f] != f:
            parent[f] = parent[parent[f]]
            f = parent[f]
        return f

    def join(faces: list[int]) -> None:
        for f in faces:
            parent.setdefault(f, f)
        top = root(faces[0])
        for f in faces[1:]:
            parent[root(f)] = top

    for rank in range(13):
        held = [f for f in range(rank, 52, 13) if counts[f]]
        naturals = len(held) if rules.group_distinct_suits else sum(counts[f] for f in held)
        if (naturals >= rules.group_min_naturals
                and min(naturals, tab.group_max) + room >= rules.group_min):
            join(held)
    # with no two jokers side by side, windows next to each other in one run share a
    # natural, so joining each usable window's naturals joins every run's naturals
    whole_suit = tab.adjacent_ok or rules.run_min < 3
    for suit in range(4):
        avail = masks[suit] << 1 | (masks[suit] & 1) << ACE_HIGH
        usable = 0
        for _, _, span in tab.windows:
            present = avail & span
            gaps = span ^ present
            if present and gaps.bit_count() <= room and _jokers_ok(tab, gaps):
                usable |= present
                if not whole_suit:
                    join([_face(suit, p) for p in _bits(present)])
        if whole_suit and usable:
            join([_face(suit, p) for p in _bits(usable)])
    found: dict[int, list[int]] = {}
    for f in sorted(parent):
        found.setdefault(root(f), []).append(f)
    return list(found.values())


def _contract_state(contract: Sequence[int]) -> tuple[int, int, int, int]:
    return (list(contract).count(GROUP), list(contract).count(RUN), 0, 0)


def best_melds(hand: Sequence[int], rules: RuleSet, keep: int = 0) -> Arrangement:
    """Melds (any number, no contract) leaving the fewest penalty points, for a player who
    is already down; the leftover holds at least ``keep`` naturals when the hand allows."""
    found = _free_arrangement(hand, rules, max(0, keep))
    if found is None:  # fewer naturals than ``keep``: nothing can be laid
        return Arrangement((), tuple(sorted(hand)), hand_points(hand, rules))
    return found


# --- contract search (distinct ranks and suits) -----------------------------

class _Slots:
    """The hand seen by the contract search: counts per face and rank, and the rules'
    group limits. Runs are chosen suit by suit; groups then follow in closed form."""

    def __init__(self, hand: _Hand | _Counts, contract: Sequence[int], rules: RuleSet
                 ) -> None:
        self.rules = rules
        self.tab = _tables(rules)
        self.counts = hand.counts
        self.jokers = hand.jokers
        self.groups = list(contract).count(GROUP)
        self.runs = list(contract).count(RUN)
        self.avail = [0, 0, 0, 0]
        self.rank_total = [0] * 15
        for f, c in enumerate(self.counts):
            if c:
                self.avail[f // 13] |= 1 << (f % 13 + 1)
                self.rank_total[f % 13 + 1] += c
        for s in range(4):
            if self.avail[s] & 2:
                self.avail[s] |= 1 << ACE_HIGH
        self.capped = (rules.group_max is not None or rules.max_jokers_per_meld is not None
                       or rules.group_distinct_suits)
        # a run's natural may need to go to a group instead only when that group could
        # run short of naturals; otherwise the run keeps it and the group takes a joker
        self.contested = [0, 0, 0, 0]
        if self.groups:
            short = 0
            for r in range(1, 14):
                if self.rank_total[r] < rules.group_min_naturals + self.runs:
                    short |= 1 << r | (1 << ACE_HIGH if r == ACE else 0)
            self.contested = [a & short for a in self.avail]


class _Best(_Slots):
    """Most points a contract lay-down can hold (fewest left over)."""

    def solve(self) -> tuple[int, list[_Run], list[_Group]] | None:
        if self.groups == 0:
            return self._runs_only()
        self.best: tuple[int, list[_Run], list[_Group]] | None = None
        options = [self._options(s) for s in range(4)]
        joker = self.tab.joker_points
        self.top = [max((v - r.jokers.bit_count() * joker for v, r in o), default=0)
                    for o in options]
        self.work = list(self.counts)
        # what the walk asks of each run at every visit, worked out once: jokers used,
        # natural points laid, faces taken
        moves = [[(v, run, run.jokers.bit_count(), v - run.jokers.bit_count() * joker,
                   [s * 13 + _pos_rank(p) - 1 for p in _bits(run.naturals)])
                  for v, run in o] for s, o in enumerate(options)]
        self._walk(0, self.runs, self.jokers, [], moves, 0)
        return self.best

    def _options(self, suit: int) -> list[tuple[int, _Run]]:
        """(value, run) for one suit, best first; one run per distinct effect on groups."""
        tab = self.tab
        cheapest = tab.suit_windows[self.avail[suit] >> 1 & 0x1FFF]
        if not any(f <= self.jokers and not h for f, h, _ in cheapest):
            return []  # not even a minimal run of this suit can be laid
        swappable = self.contested[suit] | (self.avail[suit] if self.capped else 0)
        found: dict[tuple[int, int], tuple[int, _Run]] = {}
        points = tab.points[suit * 13:suit * 13 + 13]
        points += points[:1]  # position 14, the high ace
        run_min = self.rules.run_min
        for run in run_candidates(tab, suit, self.avail[suit], self.jokers, swappable):
            ends = 1 << run.lo | 1 << run.hi
            if not self.capped and run.jokers & ends and run.hi - run.lo >= run_min:
                continue  # the run without that end joker, the joker in a group, is as good
            k = run.jokers.bit_count()
            value = k * tab.joker_points
            naturals = run.naturals
            while naturals:
                low = naturals & -naturals
                value += points[low.bit_length() - 2]
                naturals ^= low
            key = (k, run.naturals)
            if key not in found or found[key][0] < value:
                found[key] = (value, run)
        if self.capped:
            return sorted(found.values(), key=lambda o: -o[0])
        return self._undominated(suit, found)

    def _undominated(self, suit: int, found: dict[tuple[int, int], tuple[int, _Run]]
                     ) -> list[tuple[int, _Run]]:
        """Without group limits every joker is laid whatever the runs do (a spare one joins
        a group), so a run is only worth its naturals, and it is no better than one that
        uses no more jokers and takes the same naturals and more, if none of the more is
        of a rank some group could run short of (held fewer than group_min + runs)."""
        scarce = 0
        for r in range(1, 14):
            if self.rank_total[r] < self.rules.group_min + self.runs:
                scarce |= 1 << r | (1 << ACE_HIGH if r == ACE else 0)
        joker = self.tab.joker_points
        ordered = sorted(found.values(),
                         key=lambda o: (o[1].jokers.bit_count(), -o[1].naturals.bit_count()))
        kept: list[tuple[int, _Run]] = []
        for option in ordered:
            run = option[1]
            k = run.jokers.bit_count()
            if not any(other.jokers.bit_count() <= k and not run.naturals & ~other.naturals
                       and not (other.naturals & ~run.naturals) & scarce for _, other in kept):
                kept.append(option)
        return sorted(kept, key=lambda o: (-(o[0] - o[1].jokers.bit_count() * joker),
                                           o[1].jokers.bit_count()))

    def _runs_bound(self, suit: int, left: int) -> int:
        """Most natural points ``left`` more runs, of ``suit`` and later suits, could add."""
        return sum(sorted(self.top[suit:], reverse=True)[:left]) if left > 0 else 0

    def _groups_bound(self) -> tuple[int, int]:
        """(most natural points the groups could add, natural points still held): every
        natural of the best ranks still held, and every natural at all."""
        work, points, least = self.work, self.tab.points, self.rules.group_min_naturals
        ranks = []
        held = 0
        for r in range(13):
            a, b, c, d = work[r], work[r + 13], work[r + 26], work[r + 39]
            value = a * points[r] + b * points[r + 13] + c * points[r + 26] + d * points[r + 39]
            held += value
            if a + b + c + d >= least:
                ranks.append(value)
        ranks.sort(reverse=True)
        return sum(ranks[:self.groups]), held

    def _walk(self, suit: int, left: int, jokers: int, chosen: list[_Run],
              moves: list[list[tuple[int, _Run, int, int, list[int]]]], value: int) -> None:
        """Choose the runs suit by suit (value: points laid so far), pruning with a bound
        in which every joker left is laid and the naturals still held are laid as far as
        the best runs and groups left allow."""
        if left == 0:
            self._finish(chosen, jokers, value)
            return
        if 4 - suit < left:
            return
        joker = self.tab.joker_points
        if self.best is None:
            later = held = _INF  # nothing to prune against until a first lay-down
        else:
            groups, held = self._groups_bound()
            if (value + jokers * joker + min(self._runs_bound(suit, left) + groups, held)
                    <= self.best[0]):
                return
            later = self._runs_bound(suit + 1, left - 1) + groups
        work = self.work
        for v, run, k, laid, positions in moves[suit]:
            if k > jokers:
                continue
            if self.best is not None and (value + v + (jokers - k) * joker
                                          + min(later, held - laid) <= self.best[0]):
                continue
            for f in positions:
                work[f] -= 1
            chosen.append(run)
            self._walk(suit + 1, left - 1, jokers - k, chosen, moves, value + v)
            chosen.pop()
            for f in positions:
                work[f] += 1
        self._walk(suit + 1, left, jokers, chosen, moves, value)

    def _finish(self, runs: list[_Run], jokers: int, value: int) -> None:
        picked = _pick_groups(self.rules, self.work, self.groups, jokers)
        if picked is None:
            return
        value += picked[0]
        if self.best is None or value > self.best[0]:
            self.best = (value, list(runs), picked[1])

    def _runs_only(self) -> tuple[int, list[_Run], list[_Group]] | None:
        """Runs of different suits share only the jokers: a knapsack over suits."""
        tab = self.tab
        per_suit: list[dict[int, tuple[int, _Run]]] = []
        for s in range(4):
            best: dict[int, tuple[int, _Run]] = {}
            for run in run_candidates(tab, s, self.avail[s], self.jokers, self.avail[s]):
                k = run.jokers.bit_count()
                value = _mask_points(tab, s, run.naturals) + k * tab.joker_points
                if k not in best or best[k][0] < value:
                    best[k] = (value, run)
            per_suit.append(best)

        @cache
        def knap(suit: int, left: int, jokers: int) -> tuple[int, tuple[_Run, ...]] | None:
            if left == 0:
                return 0, ()
            if 4 - suit < left:
                return None
            result = knap(suit + 1, left, jokers)
            for k, (value, run) in per_suit[suit].items():
                if k <= jokers:
                    rest = knap(suit + 1, left - 1, jokers - k)
                    if rest is not None and (result is None or rest[0] + value > result[0]):
                        result = (rest[0] + value, (run, *rest[1]))
            return result

        found = knap(0, self.runs, self.jokers)
        return None if found is None else (found[0], list(found[1]), [])


def _pick_groups(rules: RuleSet, counts: Sequence[int], groups: int, jokers: int
                 ) -> tuple[int, list[_Group]] | None:
    """Best ``groups`` groups of different ranks from these counts and jokers, as (value,
    groups), spare jokers included where a group can take them."""
    tab = _tables(rules)
    open_ended = (rules.group_max is None and rules.max_jokers_per_meld is None
                  and not rules.group_distinct_suits)
    if open_ended:
        return _pick_open_groups(rules, tab, counts, groups, jokers)
    per_rank = [options for rank in range(1, 14)
                if (options := _rank_options(rules, tab, counts, rank, jokers, open_ended))]
    if len(per_rank) < groups:
        return None
    # knapsack over ranks: (groups chosen, jokers used) -> (value, groups)
    table: dict[tuple[int, int], tuple[int, list[_Group]]] = {(0, 0): (0, [])}
    for options in per_rank:
        for (g, j), (value, chosen) in list(table.items()):
            if g == groups:
                continue
            for k, (v, group) in options.items():
                if j + k <= jokers:
                    key = (g + 1, j + k)
                    if key not in table or table[key][0] < value + v:
                        table[key] = (value + v, [*chosen, group])
    finals = [(value + (jokers - j) * tab.joker_points * open_ended, chosen)
              for (g, j), (value, chosen) in table.items() if g == groups]
    if not finals:
        return None
    value, chosen = max(finals, key=lambda v: v[0])
    if open_ended and chosen:  # groups without limits take every spare joker
        spare = jokers - sum(g.jokers for g in chosen)
        chosen = [_Group(chosen[0].rank, chosen[0].faces, chosen[0].jokers + spare),
                  *chosen[1:]]
    return value, chosen


def _pick_open_groups(rules: RuleSet, tab: _Tables, counts: Sequence[int], groups: int,
                      jokers: int) -> tuple[int, list[_Group]] | None:
    """:func:`_pick_groups` without size or joker limits: a group takes every natural of
    its rank and the jokers it lacks, and the spare jokers join the first group."""
    points = tab.points
    gmin, least = rules.group_min, rules.group_min_naturals
    options: list[tuple[int, int, int]] = []  # (value, jokers needed, rank - 1)
    for r in range(13):
        n = counts[r] + counts[r + 13] + counts[r + 26] + counts[r + 39]
        if n >= least and gmin - n <= jokers:
            value = (counts[r] * points[r] + counts[r + 13] * points[r + 13]
                     + counts[r + 26] * points[r + 26] + counts[r + 39] * points[r + 39])
            options.append((value, gmin - n if n < gmin else 0, r))
    if len(options) < groups:
        return None
    options.sort(reverse=True)
    # (groups chosen, jokers used) -> (value, ranks); ranks in order of decreasing value
    table: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
    for value, need, r in options:
        for (g, j), (total, ranks) in list(table.items()):
            if g < groups and j + need <= jokers:
                key = (g + 1, j + need)
                if key not in table or table[key][0] < total + value:
                    table[key] = (total + value, (*ranks, r))
    finals = [(total, j, ranks) for (g, j), (total, ranks) in table.items() if g == groups]
    if not finals:
        return None
    total, used, ranks = max(finals, key=lambda v: v[0])
    spare = jokers - used
    chosen = []
    for r in sorted(ranks):
        faces = tuple(f for f in range(r, 52, 13) for _ in range(counts[f]))
        k = max(0, gmin - len(faces)) + spare
        spare = 0
        chosen.append(_Group(r + 1, faces, k))
    return total + jokers * tab.joker_points * (groups > 0), chosen


def _rank_options(rules: RuleSet, tab: _Tables, counts: Sequence[int], rank: int,
                  jokers: int, open_ended: bool) -> dict[int, tuple[int, _Group]]:
    """The best group of ``rank`` for each number of jokers it uses. Without size or joker
    limits that is one group: every natural of the rank and only the jokers it needs."""
    faces = [(rank - 1 + 13 * s, counts[rank - 1 + 13 * s]) for s in range(4)
             if counts[rank - 1 + 13 * s]]
    naturals = sum(c for _, c in faces)
    if naturals < rules.group_min_naturals:
        return {}
    if open_ended:
        need = max(0, rules.group_min - naturals)
        used = tuple(f for f, c in faces for _ in range(c))
        value = sum(tab.points[f] for f in used) + need * tab.joker_points
        return {need: (value, _Group(rank, used, need))} if need <= jokers else {}
    options: dict[int, tuple[int, _Group]] = {}
    for used, k in group_candidates(rules, faces, jokers):
        value = sum(tab.points[f] for f in used) + k * tab.joker_points
        if k not in options or options[k][0] < value:
            options[k] = (value, _Group(rank, used, k))
    return options


def _path_capacity(mask: int) -> int:
    """Most positions of ``mask`` that can hold jokers with none side by side."""
    count, last = 0, -2
    for p in _bits(mask):
        if p != last + 1:
            count += 1
            last = p
        else:
            last = -2
    return count


class _Need(_Slots):
    """Fewest cards to add so that the contract can be laid.

    Minimal melds suffice (a longer meld always contains a minimal one), an added card can
    be exactly the natural a slot wants, and every joker saves one added card wherever it
    lands: with F slots to fill and room C for jokers, F - min(jokers, C) cards are needed,
    i.e. max(F - jokers, V) with V = F - C, both sums over the melds."""

    def solve(self, limit: int, floor: int = 0) -> int:
        """The number needed, or ``limit`` when it is ``limit`` or more; the search stops
        as soon as it reaches ``floor``, a known lower bound."""
        self.best = limit
        self.floor = floor
        self.options = [self._options(s) for s in range(4)]
        self.base = _group_cost(self.rules, self.tab, self.counts, self.groups)
        self._walk(0, self.runs, 0, 0, list(self.counts))
        return self.best

    def _options(self, suit: int) -> list[tuple[int, int, int]]:
        """(slots, joker room, naturals taken) of each minimal run of this suit that could
        still beat the best so far, leaving out any run that another beats on all three
        counts: as many slots or more, as many no joker may fill or more, and the same
        naturals taken or more among those a group might miss (ranks held fewer than
        group_min + runs times)."""
        room_of, limit, jokers = self.tab.window_room, self.best, self.jokers
        if all(max(f - jokers, h) >= limit
               for f, h, _ in self.tab.suit_windows[self.avail[suit] >> 1 & 0x1FFF]):
            return []  # even its cheapest run, taking every natural it can, costs too much
        scarce = 0
        if self.groups:
            for r in range(1, 14):
                if self.rank_total[r] < self.rules.group_min + self.runs:
                    scarce |= 1 << r | (1 << ACE_HIGH if r == ACE else 0)
        found: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        for lo, _, span in self.tab.windows:
            present = self.avail[suit] & span
            fill = span ^ present
            slots = fill.bit_count()
            if slots - jokers >= limit or slots - room_of[fill >> lo] >= limit:
                continue  # giving up naturals only makes this run dearer
            contested = present & self.contested[suit]
            for swap in _submasks(contested) if contested else (0,):
                taken = present ^ swap
                fill = span ^ taken
                slots = fill.bit_count()
                room = room_of[fill >> lo]
                if slots - jokers < limit and slots - room < limit:
                    found.setdefault((slots, slots - room, taken & scarce),
                                     (slots, room, taken))
        kept: list[tuple[int, int, int]] = []
        for key in sorted(found):
            slots, hard, scarce_taken = key
            if not any(k[0] <= slots and k[1] <= hard and not k[2] & ~scarce_taken
                       for k in kept):
                kept.append(key)
        return sorted((found[k] for k in kept), key=lambda o: (o[0] - o[1], o[0]))

    def _walk(self, suit: int, left: int, slots: int, hard: int, counts: list[int]) -> None:
        base_slots, base_hard = self.base
        bound = max(slots + base_slots - self.jokers, hard + base_hard)
        if bound >= self.best or self.best <= self.floor:
            return
        if left == 0:
            g_slots, g_hard = _group_cost(self.rules, self.tab, counts, self.groups)
            self.best = min(self.best, max(slots + g_slots - self.jokers, hard + g_hard, 0))
            return
        if 4 - suit < left:
            return
        for f, room, taken in self.options[suit]:
            if max(slots + f + base_slots - self.jokers, hard + f - room + base_hard) >= self.best:
                continue
            for p in _bits(taken):
                counts[_face(suit, p)] -= 1
            self._walk(suit + 1, left - 1, slots + f, hard + f - room, counts)
            for p in _bits(taken):
                counts[_face(suit, p)] += 1
        self._walk(suit + 1, left, slots, hard, counts)


def _group_cost(rules: RuleSet, tab: _Tables, counts: Sequence[int], groups: int
                ) -> tuple[int, int]:
    """(slots, slots no joker may fill) of the cheapest ``groups`` minimal groups of
    different ranks."""
    if not groups:
        return 0, 0
    gmin = rules.group_min
    distinct = rules.group_distinct_suits
    sizes = []
    for rank in range(13):
        a, b, c, d = counts[rank], counts[rank + 13], counts[rank + 26], counts[rank + 39]
        have = ((a > 0) + (b > 0) + (c > 0) + (d > 0)) if distinct else a + b + c + d
        sizes.append(have if have < gmin else gmin)
    sizes.sort(reverse=True)
    joker_room = min(gmin - rules.group_min_naturals, tab.max_jokers)
    slots = hard = 0
    for t in sizes[:groups]:
        gap = gmin - t
        slots += gap
        hard += gap - min(gap, joker_room)
    return slots, hard


def _face_counts(hand: Sequence[int]) -> tuple[list[int], list[int], int]:
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


def _surely_short(hand: Sequence[int], groups: int, runs: int, rules: RuleSet,
                  tab: _Tables) -> bool:
    """Whether the relaxation of :func:`_needed` is above 0, so the hand cannot lay the
    contract now. Most hands asked about in play cannot, and this answers them in one pass
    over the cards, without trying every choice of runs: at 0, every meld has only slots a
    joker may fill, and the jokers cover them all."""
    held = 0  # bit f: face f is held
    ranks = [0] * 13
    for card in hand:
        if card < JOKER_BASE:
            ranks[card % 13] += 1
            held |= 1 << card % 52
    jokers = len(hand) - sum(ranks)
    masks = (held & 0x1FFF, held >> 13 & 0x1FFF, held >> 26 & 0x1FFF, held >> 39)
    slots = 0
    if groups:
        if rules.group_distinct_suits:
            ranks = [(held >> r & 1) + (held >> r + 13 & 1) + (held >> r + 26 & 1)
                     + (held >> r + 39 & 1) for r in range(13)]
        gmin = rules.group_min
        room = min(gmin - rules.group_min_naturals, tab.max_jokers)
        for have in sorted(ranks, reverse=True)[:groups]:
            gap = gmin - have if have < gmin else 0
            if gap > room:
                return True
            slots += gap
    free = tab.suit_free
    return slots + sum(sorted([free[m] for m in masks])[:runs]) > jokers


def _needed(hand: Sequence[int], contract: Sequence[int], rules: RuleSet, limit: int,
            floor: int = 0) -> int:
    """:class:`_Need`'s answer (capped at ``limit``), found fast in the usual case.

    Letting runs and groups share naturals relaxes the problem, and the relaxed problem
    is a lookup per suit plus a sort of the ranks: its answer is a lower bound. The runs
    of a relaxed optimum, with the groups recounted from the cards they leave, give a real
    lay-down and so an upper bound. When the two meet (no natural is fought over, or the
    fight costs nothing) that is the answer; otherwise the exact search runs between them.
    ``floor`` is a lower bound the caller already knows."""
    tab = _tables(rules)
    groups = list(contract).count(GROUP)
    runs = len(contract) - groups
    if limit == 1 and _surely_short(hand, groups, runs, rules, tab):
        return 1
    counts, masks, jokers = _face_counts(hand)
    g_slots, g_hard = _group_cost(rules, tab, counts, groups)
    table = tab.suit_windows
    per_suit = [table[m] for m in masks]
    low = _INF
    best: list[tuple[tuple[int, ...], tuple[tuple[int, int, tuple[int, ...]], ...]]] = []
    for suits in itertools.combinations(range(4), runs):
        for choice in itertools.product(*(per_suit[s] for s in suits)):
            slots = g_slots
            hard = g_hard
            for f, h, _ in choice:
                slots += f
                hard += h
            value = max(slots - jokers, hard, 0)
            if value < low:
                low = value
                best = [(suits, choice)]
            elif value == low:
                best.append((suits, choice))
    if low >= limit:
        return limit
    if not groups or not runs:
        return low
    low = max(low, floor)
    high = limit
    for suits, choice in best:
        slots = sum(f for f, _, _ in choice)
        hard = sum(h for _, h, _ in choice)
        for takings in itertools.product(*(t for _, _, t in choice)):
            left = list(counts)
            for s, taken in zip(suits, takings, strict=True):
                for p in _bits(taken):
                    left[_face(s, p)] -= 1
            g_slots, g_hard = _group_cost(rules, tab, left, groups)
            value = max(slots + g_slots - jokers, hard + g_hard, 0)
            if value == low:
                return low
            high = min(high, value)
    return _Need(_Counts(counts, jokers), contract, rules).solve(high, low)


# --- public API -------------------------------------------------------------

def _slot_search_applies(rules: RuleSet) -> bool:
    """The slot search assumes one group per rank and one run per suit in a contract."""
    return rules.contract_distinct_ranks and rules.contract_distinct_suits


def best_contract(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                  keep: int = 0) -> Arrangement | None:
    """The lay-down of exactly ``contract`` leaving the fewest penalty points, keeping at
    least ``keep`` naturals in hand (a final discard needs one); None when impossible."""
    slot_search = _slot_search_applies(rules)
    if slot_search and _needed(hand, contract, rules, 1):
        return None  # the usual answer in play, found before setting up the search

    def solve(cards: Sequence[int]) -> Arrangement | None:
        if not slot_search:
            return _generic_arrangement(cards, rules, _contract_state(contract))
        if cards is not hand and _needed(cards, contract, rules, 1):  # (``hand`` passed)
            return None
        found = _Best(_Hand(cards), contract, rules).solve()
        return None if found is None else _build(cards, found[1], found[2], rules)

    return _with_keep(hand, keep, rules, solve)


def can_meet_contract(hand: Sequence[int], contract: Sequence[int], rules: RuleSet) -> bool:
    """Whether ``hand`` holds the contract (the cheap question: no arrangement is built)."""
    if not _slot_search_applies(rules):
        return _generic_arrangement(hand, rules, _contract_state(contract)) is not None
    return _needed(hand, contract, rules, 1) == 0


def cards_needed(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                 low: int = 0, high: int | None = None) -> int:
    """Fewest cards (any faces, jokers included) that, added to ``hand``, would let it lay
    the contract; 0 when it can already.

    ``low`` and ``high`` are bounds the caller already knows, and the search stops
    sooner for them. A hand one card away from a hand needing n needs n or n + 1 (one
    card fewer) or n - 1 or n (one card more): a card more never hurts, and the card
    itself is one of the cards that could be added."""
    if _slot_search_applies(rules):
        return _needed(hand, contract, rules, _INF if high is None else high, low)
    return _needed_by_trial(hand, contract, rules, low)


def _needed_by_trial(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                     low: int = 0) -> int:
    """Rules the slot search does not cover: try ever larger sets of added faces (exact,
    but exponential in the answer), starting from the known lower bound ``low``."""
    deck = [f for f in range(52) for _ in range(rules.packs)] + [JOKER_FACE] * rules.jokers
    for card in hand:
        deck.remove(face_of(card) if not is_joker(card) else JOKER_FACE)
    faces = sorted(set(deck))
    for k in itertools.count(low):
        for extra in itertools.combinations_with_replacement(faces, k):
            if any(extra.count(f) > deck.count(f) for f in set(extra)):
                continue
            cards = [*hand, *parse_cards([face_text(f) for f in extra], taken=hand)]
            if can_meet_contract(cards, contract, rules):
                return k
    raise AssertionError("unreachable")  # pragma: no cover

