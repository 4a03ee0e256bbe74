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

A run is described by bit masks over *positions* 1..14 (position 14 is the high ace).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from kalooki.engine.cards import (
    ACE,
    ACE_HIGH,
    JOKER_FACE,
    KING,
    face_of,
    face_text,
    is_joker,
    make_card,
    parse_cards,
)
from kalooki.engine.melds import Meld, card_points, hand_points, make_group, make_run
from kalooki.engine.rules import GROUP, RUN, RuleSet

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


@lru_cache(maxsize=64)
def _tables(rules: RuleSet) -> _Tables:
    aces = {"high-only": (ACE_HIGH,), "low-only": (ACE,)}.get(rules.ace_in_runs,
                                                            (ACE, ACE_HIGH))
    low = ACE if ACE in aces else 2
    high = ACE_HIGH if ACE_HIGH in aces else KING
    intervals = tuple((lo, hi, _span(lo, hi))
                      for lo in range(low, high + 1)
                      for hi in range(lo + rules.run_min - 1, min(high, lo + KING - 1) + 1))
    points = tuple(card_points(make_card(f % 13 + 1, f // 13), rules) for f in range(52))
    return _Tables(
        points=points,
        joker_points=rules.joker_points,
        intervals=intervals,
        windows=tuple(i for i in intervals if i[1] - i[0] + 1 == rules.run_min),
        max_jokers=_INF if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld,
        group_max=_INF if rules.group_max is None else rules.group_max,
        adjacent_ok=rules.adjacent_jokers_in_run,
        window_room=tuple(_window_room(gaps, rules) for gaps in range(1 << rules.run_min)),
    )


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
    for lo, hi, span in tab.intervals:
        if within != -1 and within & ~span:
            continue
        present = avail & span
        gaps = span & ~present
        if not present or gaps.bit_count() > jokers:
            continue
        for swap in _submasks(present & swappable):
            naturals = present & ~swap
            joker_mask = gaps | swap
            if (naturals and joker_mask.bit_count() <= jokers
                    and _jokers_ok(tab, joker_mask)
                    and (within == -1 or not within & swap)):
                yield _Run(suit, lo, hi, naturals, joker_mask)


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
    optimum keeps too few, some natural must stay in hand, so try each face in turn."""
    best = solve(hand)
    if best is None or keep <= 0 or sum(not is_joker(c) for c in best.leftover) >= keep:
        return best
    found: Arrangement | None = None
    seen: set[int] = set()
    for card in sorted(hand, reverse=True):
        if is_joker(card) or face_of(card) in seen:
            continue
        seen.add(face_of(card))
        rest = list(hand)
        rest.remove(card)
        sub = _with_keep(rest, keep - 1, rules, solve)
        if sub is None:
            continue
        option = Arrangement(sub.melds, tuple(sorted((*sub.leftover, card))),
                             sub.penalty + card_points(card, rules))
        if found is None or option.penalty < found.penalty:
            found = option
    return found


# --- generic search ---------------------------------------------------------

_State = tuple[int, int, int, int] | None
"""Contract still to lay: (groups left, runs left, ranks used, suits used); None when
any melds will do."""


class _Generic:
    """Exhaustive search: the lowest remaining natural is kept or goes into a meld that
    holds it. Memoised on the remaining counts, so each sub-hand is solved once."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.tab = _tables(rules)
        self.memo: dict[tuple[tuple[int, ...], int, _State], tuple[int, object]] = {}

    def solve(self, counts: list[int], jokers: int, state: _State) -> int:
        """Most points that can be melded from here (``_NONE`` if the contract fails)."""
        key = (tuple(counts), jokers, state)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        best, choice = self._search(counts, jokers, state)
        self.memo[key] = (best, choice)
        return best

    def _search(self, counts: list[int], jokers: int, state: _State) -> tuple[int, object]:
        f = next((i for i, c in enumerate(counts) if c), -1)
        if f < 0:
            return (0 if state is None or state[:2] == (0, 0) else _NONE), None
        if state is not None and not self._may_finish(counts, jokers, state):
            return _NONE, None
        counts[f] -= 1
        best, choice = self.solve(counts, jokers, state), None
        counts[f] += 1
        for plan, used, k, after in self._melds_with(f, counts, jokers, state):
            for g in used:
                counts[g] -= 1
            rest = self.solve(counts, jokers - k, after)
            for g in used:
                counts[g] += 1
            if rest == _NONE:
                continue
            value = rest + sum(self.tab.points[g] for g in used) + k * self.tab.joker_points
            if value > best:
                best, choice = value, (plan, used, k, after)
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

    def plan(self, counts: list[int], jokers: int, state: _State
             ) -> tuple[list[_Run], list[_Group]]:
        """Follow the memo's choices from a solved position."""
        runs: list[_Run] = []
        groups: list[_Group] = []
        counts = list(counts)
        while True:
            self.solve(counts, jokers, state)
            _, choice = self.memo[(tuple(counts), jokers, state)]
            if choice is None:
                f = next((i for i, c in enumerate(counts) if c), -1)
                if f < 0:
                    return runs, groups
                counts[f] -= 1
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


def _contract_state(contract: Sequence[int]) -> tuple[int, int, int, int]:
    return (list(contract).count(GROUP), list(contract).count(RUN), 0, 0)


def best_melds(hand: Sequence[int], rules: RuleSet, keep: int = 0) -> Arrangement:
    """Melds (any number, no contract) leaving the fewest penalty points, for a player who
    is already down; the leftover holds at least ``keep`` naturals when the hand allows."""
    found = _with_keep(hand, keep, rules, lambda h: _generic_arrangement(h, rules, None))
    if found is None:  # fewer naturals than ``keep``: nothing can be laid
        return Arrangement((), tuple(sorted(hand)), hand_points(hand, rules))
    return found


# --- contract search (distinct ranks and suits) -----------------------------

class _Slots:
    """The hand seen by the contract search: counts per face and rank, and the rules'
    group limits. Runs are chosen suit by suit; groups then follow in closed form."""

    def __init__(self, hand: _Hand, contract: Sequence[int], rules: RuleSet) -> None:
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

    def taken(self, runs: Sequence[_Run]) -> list[int]:
        """Counts per face after the runs took their naturals."""
        counts = list(self.counts)
        for run in runs:
            for p in _bits(run.naturals):
                counts[_face(run.suit, p)] -= 1
        return counts


class _Best(_Slots):
    """Most points a contract lay-down can hold (fewest left over)."""

    def solve(self) -> tuple[int, list[_Run], list[_Group]] | None:
        if self.groups == 0:
            return self._runs_only()
        self.best: tuple[int, list[_Run], list[_Group]] | None = None
        options = [self._options(s) for s in range(4)]
        self._walk(0, self.runs, self.jokers, [], options)
        return self.best

    def _options(self, suit: int) -> list[tuple[int, _Run]]:
        """(value, run) for one suit, best first; one run per distinct effect on groups."""
        tab = self.tab
        swappable = self.contested[suit] | (self.avail[suit] if self.capped else 0)
        found: dict[tuple[int, int], tuple[int, _Run]] = {}
        for run in run_candidates(tab, suit, self.avail[suit], self.jokers, swappable):
            ends = 1 << run.lo | 1 << run.hi
            if not self.capped and run.jokers & ends and run.hi - run.lo >= self.rules.run_min:
                continue  # the run without that end joker, the joker in a group, is as good
            k = run.jokers.bit_count()
            value = _mask_points(tab, suit, run.naturals) + k * tab.joker_points
            key = (k, run.naturals)
            if key not in found or found[key][0] < value:
                found[key] = (value, run)
        return sorted(found.values(), key=lambda o: -o[0])

    def _walk(self, suit: int, left: int, jokers: int, chosen: list[_Run],
              options: list[list[tuple[int, _Run]]]) -> None:
        if left == 0:
            self._finish(chosen, jokers)
            return
        if 4 - suit < left:
            return
        for _, run in options[suit]:
            k = run.jokers.bit_count()
            if k <= jokers:
                chosen.append(run)
                self._walk(suit + 1, left - 1, jokers - k, chosen, options)
                chosen.pop()
        self._walk(suit + 1, left, jokers, chosen, options)

    def _finish(self, runs: list[_Run], jokers: int) -> None:
        counts = self.taken(runs)
        picked = _pick_groups(self.rules, counts, self.groups, jokers)
        if picked is None:
            return
        value = sum(self.tab.points[_face(r.suit, p)] for r in runs for p in _bits(r.naturals))
        value += sum(r.jokers.bit_count() for r in runs) * self.tab.joker_points
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

    def solve(self, limit: int) -> int:
        """The number needed, or ``limit`` when it is ``limit`` or more."""
        self.best = limit
        self.options = [self._options(s) for s in range(4)]
        self.base = self._groups(self.counts) if self.groups else (0, 0)
        self._walk(0, self.runs, 0, 0, list(self.counts))
        return self.best

    def _options(self, suit: int) -> list[tuple[int, int, int]]:
        """(slots, joker room, naturals taken) of each minimal run of this suit that could
        still beat the best so far."""
        room_of, limit, jokers = self.tab.window_room, self.best, self.jokers
        found: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        for lo, _, span in self.tab.windows:
            present = self.avail[suit] & span
            contested = present & self.contested[suit]
            for swap in _submasks(contested) if contested else (0,):
                taken = present ^ swap
                fill = span ^ taken
                slots = fill.bit_count()
                room = room_of[fill >> lo]
                if slots - jokers < limit and slots - room < limit:
                    key = (slots, room, taken)
                    found.setdefault(key, key)
        return sorted(found.values(), key=lambda o: (o[0] - o[1], o[0]))

    def _groups(self, counts: Sequence[int]) -> tuple[int, int]:
        """(slots, slots no joker may fill) of the cheapest groups of different ranks."""
        rules = self.rules
        gmin = rules.group_min
        distinct = rules.group_distinct_suits
        sizes = []
        for rank in range(13):
            a, b, c, d = counts[rank], counts[rank + 13], counts[rank + 26], counts[rank + 39]
            have = ((a > 0) + (b > 0) + (c > 0) + (d > 0)) if distinct else a + b + c + d
            sizes.append(have if have < gmin else gmin)
        sizes.sort(reverse=True)
        joker_room = min(gmin - rules.group_min_naturals, self.tab.max_jokers)
        slots = hard = 0
        for t in sizes[:self.groups]:
            gap = gmin - t
            slots += gap
            hard += gap - min(gap, joker_room)
        return slots, hard

    def _walk(self, suit: int, left: int, slots: int, hard: int, counts: list[int]) -> None:
        base_slots, base_hard = self.base
        bound = max(slots + base_slots - self.jokers, hard + base_hard)
        if bound >= self.best:
            return
        if left == 0:
            g_slots, g_hard = self._groups(counts) if self.groups else (0, 0)
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


# --- public API -------------------------------------------------------------

def _slot_search_applies(rules: RuleSet) -> bool:
    """The slot search assumes one group per rank and one run per suit in a contract."""
    return rules.contract_distinct_ranks and rules.contract_distinct_suits


def best_contract(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                  keep: int = 0) -> Arrangement | None:
    """The lay-down of exactly ``contract`` leaving the fewest penalty points, keeping at
    least ``keep`` naturals in hand (a final discard needs one); None when impossible."""
    def solve(cards: Sequence[int]) -> Arrangement | None:
        if not _slot_search_applies(rules):
            return _generic_arrangement(cards, rules, _contract_state(contract))
        pool = _Hand(cards)
        if _Need(pool, contract, rules).solve(1):
            return None
        found = _Best(pool, contract, rules).solve()
        return None if found is None else _build(cards, found[1], found[2], rules)

    return _with_keep(hand, keep, rules, solve)


def can_meet_contract(hand: Sequence[int], contract: Sequence[int], rules: RuleSet) -> bool:
    """Whether ``hand`` holds the contract (the cheap question: no arrangement is built)."""
    if not _slot_search_applies(rules):
        return _generic_arrangement(hand, rules, _contract_state(contract)) is not None
    return _Need(_Hand(hand), contract, rules).solve(1) == 0


def cards_needed(hand: Sequence[int], contract: Sequence[int], rules: RuleSet) -> int:
    """Fewest cards (any faces, jokers included) that, added to ``hand``, would let it lay
    the contract; 0 when it can already."""
    if _slot_search_applies(rules):
        return _Need(_Hand(hand), contract, rules).solve(_INF)
    return _needed_by_trial(hand, contract, rules)


def _needed_by_trial(hand: Sequence[int], contract: Sequence[int], rules: RuleSet) -> int:
    """Rules the slot search does not cover: try ever larger sets of added faces (exact,
    but exponential in the answer)."""
    deck = [f for f in range(52) for _ in range(rules.packs)] + [JOKER_FACE] * rules.jokers
    for card in hand:
        deck.remove(face_of(card) if not is_joker(card) else JOKER_FACE)
    faces = sorted(set(deck))
    for k in itertools.count():
        for extra in itertools.combinations_with_replacement(faces, k):
            if any(extra.count(f) > deck.count(f) for f in set(extra)):
                continue
            cards = [*hand, *parse_cards([face_text(f) for f in extra], taken=hand)]
            if can_meet_contract(cards, contract, rules):
                return k
    raise AssertionError("unreachable")  # pragma: no cover

