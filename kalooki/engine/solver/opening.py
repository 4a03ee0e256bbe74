"""The opening solver of threshold games (Kalooki 51, Rami 40): can a hand open with at
least N points, the best opening, the lay-down leaving the fewest points, and how many
cards a hand still lacks.

A contract says *which* melds to lay; an opening only says *how much* they must be worth,
so the search is different from the contract solver's: every meld the hand could lay is
listed once (as faces and a joker count, since two 7♥ of two packs are interchangeable),
then sets of disjoint melds are searched depth first. Thirteen or fourteen cards hold few
melds, so the search is small; a cheap bound (every card that is in some meld, at its best
value) rejects most hands before it starts. Physical ids come back only when an
:class:`~kalooki.engine.solver.arrangement.Arrangement` is built, through :mod:`melds`
validation, as for contracts.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from kalooki.engine.cards import ACE, ACE_HIGH, JOKER_BASE, JOKER_FACE, KING, face_of, is_joker
from kalooki.engine.melds import ace_positions, rank_value, run_bounds
from kalooki.engine.rules import RuleSet
from kalooki.engine.scoring import card_points
from kalooki.engine.solver.arrangement import Arrangement, build
from kalooki.engine.solver.bits import bits, submasks
from kalooki.engine.solver.candidates import Group, Run
from kalooki.engine.solver.hand import face_counts
from kalooki.engine.solver.tables import INF, derived


@dataclass(frozen=True, slots=True)
class _Cand:
    """One meld the hand can lay: natural faces used, jokers used, its worth, and the plan
    that builds it."""

    faces: tuple[int, ...]
    jokers: int
    value: int          # towards the opening threshold
    points: int         # penalty points it takes out of the hand
    pure_run: bool
    plan: Run | Group
    cost: int = 0       # most its cards could be worth in any meld (for the search bound)


class _Context:
    """What a rule set implies for the search, computed once per rule set."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        aces = ace_positions(rules)
        low, high = run_bounds(rules)
        self.ace_low = ACE in aces
        self.ace_high = ACE_HIGH in aces
        self.max_jokers = INF if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld
        self.group_max = INF if rules.group_max is None else rules.group_max
        if rules.group_distinct_suits:
            self.group_max = min(self.group_max, 4)
        self.intervals = [
            (lo, hi, ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1),
             sum(rank_value(p, rules) for p in range(lo, hi + 1)))
            for lo in range(low, high + 1)
            for hi in range(lo + rules.run_min - 1, min(high, lo + KING - 1) + 1)]
        self.points = [card_points(f, rules) for f in range(52)]  # pack 0 ids are faces
        self.joker_points = rules.joker_points
        self.group_value = [0] + [rank_value(ACE_HIGH if r == ACE else r, rules)
                                  for r in range(1, 14)]
        self.best_value = max([rank_value(p, rules) for p in range(1, 15)])
        self.runs: dict[tuple[int, int], list[tuple[int, int, int, int, int]]] = {}
        self.groups: dict[tuple[tuple[int, ...], int], list[tuple[tuple[int, ...], int]]] = {}
        self.run_cands: dict[tuple[int, int, int], list[_Cand]] = {}
        self.group_cands: dict[tuple[int, tuple[int, ...], int], list[_Cand]] = {}

    def top_value(self, face: int) -> int:
        """The most a natural of this face can be worth in a meld."""
        rank = face % 13 + 1
        return self.best_value if rank == ACE else self.group_value[rank]

    def cost(self, faces: Sequence[int], jokers: int) -> int:
        return sum(self.top_value(f) for f in faces) + jokers * self.best_value

    def run_plans(self, mask: int, jokers: int) -> list[tuple[int, int, int, int, int]]:
        """(lo, hi, natural positions, joker positions, value) of every run these
        positions allow with at most ``jokers`` jokers (a natural may also give way to a
        joker, so that it can serve in a group instead)."""
        key = (mask, jokers)
        found = self.runs.get(key)
        if found is not None:
            return found
        rules = self.rules
        found = []
        for lo, hi, span, value in self.intervals:
            present = mask & span
            if not present:
                continue
            gaps = span & ~present
            if gaps.bit_count() > jokers:
                continue
            for swap in submasks(present, largest_first=True):
                joker_mask = gaps | swap
                naturals = present & ~swap
                if not naturals or joker_mask.bit_count() > min(jokers, self.max_jokers):
                    continue
                if not rules.adjacent_jokers_in_run and joker_mask & (joker_mask >> 1):
                    continue
                if naturals & 2 and naturals >> ACE_HIGH & 1:
                    continue  # one ace cannot stand at both ends
                found.append((lo, hi, naturals, joker_mask, value))
        self.runs[key] = found
        return found

    def group_plans(self, counts: tuple[int, ...], jokers: int
                    ) -> list[tuple[tuple[int, ...], int]]:
        """(naturals taken per suit, jokers) of every group from these suit counts."""
        key = (counts, jokers)
        found = self.groups.get(key)
        if found is not None:
            return found
        rules = self.rules
        cap = 1 if rules.group_distinct_suits else INF
        found = []
        for takes in itertools.product(*(range(min(c, cap) + 1) for c in counts)):
            naturals = sum(takes)
            if naturals < max(1, rules.group_min_naturals) or naturals > self.group_max:
                continue
            for k in range(0, min(jokers, self.max_jokers, self.group_max - naturals) + 1):
                if naturals + k >= rules.group_min:
                    found.append((takes, k))
        self.groups[key] = found
        return found


# --- candidates -------------------------------------------------------------

def _candidates(ctx: _Context, counts: list[int], masks: list[int], jokers: int
                ) -> list[_Cand]:
    """Every meld the hand can lay (cached per suit pattern and per rank pattern: the
    same few patterns recur in every hand)."""
    found: list[_Cand] = []
    run_min = ctx.rules.run_min
    for suit in range(4):
        mask = masks[suit] << 1  # positions 1..13
        if mask and mask.bit_count() + jokers + (mask & 2) // 2 >= run_min:
            key = (suit, mask, jokers)
            runs = ctx.run_cands.get(key)
            if runs is None:
                runs = ctx.run_cands[key] = _run_cands(ctx, suit, mask, jokers)
            found.extend(runs)
    group_min = ctx.rules.group_min
    distinct = ctx.rules.group_distinct_suits
    for rank in range(1, 14):
        suit_counts = tuple(counts[rank - 1::13])
        size = (4 - suit_counts.count(0)) if distinct else sum(suit_counts)
        if not size or size + jokers < group_min:
            continue
        group_key = (rank, suit_counts, jokers)
        groups = ctx.group_cands.get(group_key)
        if groups is None:
            groups = ctx.group_cands[group_key] = _group_cands(ctx, rank, suit_counts, jokers)
        found.extend(groups)
    return found


def _run_cands(ctx: _Context, suit: int, mask: int, jokers: int) -> list[_Cand]:
    base = suit * 13
    if mask & 2:
        if not ctx.ace_low:
            mask &= ~2
        if ctx.ace_high:
            mask |= 1 << ACE_HIGH
    found = []
    for lo, hi, naturals, joker_mask, value in ctx.run_plans(mask, jokers):
        faces = tuple(base + (0 if p == ACE_HIGH else p - 1) for p in bits(naturals))
        k = joker_mask.bit_count()
        found.append(_Cand(faces, k, value, sum(ctx.points[f] for f in faces)
                           + k * ctx.joker_points, k == 0,
                           Run(suit, lo, hi, naturals, joker_mask), cost=ctx.cost(faces, k)))
    return found


def _group_cands(ctx: _Context, rank: int, suit_counts: tuple[int, ...], jokers: int
                 ) -> list[_Cand]:
    found = []
    for takes, k in ctx.group_plans(suit_counts, jokers):
        faces = tuple(s * 13 + rank - 1 for s, t in enumerate(takes) for _ in range(t))
        found.append(_Cand(faces, k, ctx.group_value[rank] * (len(faces) + k),
                           sum(ctx.points[f] for f in faces) + k * ctx.joker_points, False,
                           Group(rank, faces, k), cost=ctx.cost(faces, k)))
    return found


# --- search -----------------------------------------------------------------

class _Search:
    """Depth-first search over sets of disjoint candidate melds."""

    def __init__(self, ctx: _Context, counts: list[int], masks: list[int], jokers: int,
                 threshold: int, pure_run: bool, keep: int, must: int | None,
                 first_only: bool) -> None:
        self.cands = _candidates(ctx, counts, masks, jokers)
        if first_only:
            self.cands.sort(key=lambda c: -c.value)
        if must is not None:
            self.cands.sort(key=lambda c: not self._holds_must(c, must))
        self.counts = counts
        self.jokers = jokers
        self.threshold = threshold
        self.pure_run = pure_run
        self.naturals = sum(counts)
        self.keep = keep
        self.must = must
        self.first_only = first_only
        self.best_points = -1
        self.best: list[_Cand] | None = None
        self.chosen: list[_Cand] = []
        self.reach = self._reach(ctx)

    @staticmethod
    def _holds_must(cand: _Cand, must: int) -> bool:
        return cand.jokers > 0 if must == JOKER_FACE else must in cand.faces

    def _reach(self, ctx: _Context) -> int:
        """An upper bound of the value any set of these melds can reach."""
        used = [0] * 52
        value = 0
        for c in self.cands:
            for f in c.faces:
                used[f] = self.counts[f]
            if c.jokers:
                value = self.jokers * ctx.best_value
        for f, n in enumerate(used):
            if n:
                value += n * ctx.top_value(f)
        return value

    def run(self) -> list[_Cand] | None:
        if self.reach < self.threshold:
            return None
        if self.must is not None and not any(self._holds_must(c, self.must)
                                             for c in self.cands):
            return None
        self._walk(0, 0, 0, 0, False, False, self.reach)
        return self.best

    def _walk(self, start: int, value: int, points: int, used: int, pure: bool,
              has_must: bool, room: int) -> bool:
        """``room``: the most the cards not yet melded could still add (a bound)."""
        if (value >= self.threshold and (pure or not self.pure_run)
                and (has_must or self.must is None) and self.naturals - used >= self.keep
                and points > self.best_points):
            self.best_points = points
            self.best = list(self.chosen)
            if self.first_only:
                return True
        if value + room < self.threshold:
            return False
        counts = self.counts
        for index in range(start, len(self.cands)):
            cand = self.cands[index]
            if cand.jokers > self.jokers:
                continue
            faces = cand.faces
            ok = True
            for i, f in enumerate(faces):
                counts[f] -= 1
                if counts[f] < 0:
                    for g in faces[:i + 1]:
                        counts[g] += 1
                    ok = False
                    break
            if not ok:
                continue
            self.jokers -= cand.jokers
            self.chosen.append(cand)
            done = self._walk(index, value + cand.value, points + cand.points,
                              used + len(faces), pure or cand.pure_run,
                              has_must or (self.must is not None
                                           and self._holds_must(cand, self.must)),
                              room - cand.cost)
            self.chosen.pop()
            self.jokers += cand.jokers
            for f in faces:
                counts[f] += 1
            if done:
                return True
        return False


def _solve(hand: Sequence[int], rules: RuleSet, threshold: int, pure_run: bool, keep: int,
           must: int | None, first_only: bool) -> list[_Cand] | None:
    counts, masks, jokers = face_counts(hand)
    must_face = None if must is None else face_of(must)
    return _Search(derived(rules, _Context), counts, masks, jokers, threshold, pure_run, keep,
                   must_face, first_only).run()


# --- public API -------------------------------------------------------------

def can_open(hand: Sequence[int], rules: RuleSet, keep: int = 0,
             must: int | None = None) -> bool:
    """Whether ``hand`` can lay an opening worth at least the threshold (with a joker-free
    run when the rules ask for one), keeping ``keep`` naturals back for the final discard;
    ``must``: a card that has to be in the opening (the discard just taken)."""
    threshold = rules.opening_points or 0
    return _solve(hand, rules, threshold, rules.opening_pure_run, keep, must, True) is not None


def best_opening(hand: Sequence[int], rules: RuleSet, keep: int = 0,
                 must: int | None = None) -> Arrangement | None:
    """Of the openings this hand can lay, the one leaving the fewest penalty points in hand
    (not the one worth most: an opening only has to reach the threshold); None if none."""
    threshold = rules.opening_points or 0
    chosen = _solve(hand, rules, threshold, rules.opening_pure_run, keep, must, False)
    if chosen is None or not chosen:
        return None
    return build(hand, [cand.plan for cand in chosen], rules, must)


def fewest_points(hand: Sequence[int], rules: RuleSet, keep: int = 0,
                  must: int | None = None) -> Arrangement | None:
    """Melds of any worth leaving the fewest penalty points in hand (what an opened player
    lays); with ``must``, only lay-downs holding that card count (None if there is none)."""
    chosen = _solve(hand, rules, 0, False, keep, must, False)
    if chosen is None:
        return None
    return build(hand, [cand.plan for cand in chosen], rules, must)


def cards_to_open(hand: Sequence[int], rules: RuleSet, keep: int = 0, limit: int = 3) -> int:
    """Fewest cards (any faces, jokers included) that would let ``hand`` open; searched up
    to ``limit`` added cards, ``limit + 1`` meaning "more than that"."""
    if can_open(hand, rules, keep):
        return 0
    packs, joker_count = rules.packs, rules.jokers
    copies = {f: packs for f in range(52)}
    copies[JOKER_FACE] = joker_count
    for card in hand:
        copies[JOKER_FACE if is_joker(card) else face_of(card)] -= 1
    faces = [f for f, n in copies.items() if n > 0]
    free_ids = {f: [(p * 52 + f) for p in range(packs)] for f in range(52)}
    free_ids[JOKER_FACE] = [JOKER_BASE + j for j in range(joker_count)]
    held = set(hand)
    for f in free_ids:
        free_ids[f] = [c for c in free_ids[f] if c not in held]
    for k in range(1, limit + 1):
        for extra in itertools.combinations_with_replacement(faces, k):
            if any(extra.count(f) > copies[f] for f in set(extra)):
                continue
            cards = list(hand)
            taken: dict[int, int] = {}
            for f in extra:
                cards.append(free_ids[f][taken.get(f, 0)])
                taken[f] = taken.get(f, 0) + 1
            if can_open(cards, rules, keep):
                return k
    return limit + 1
