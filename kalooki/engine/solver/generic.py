"""The exhaustive search: the lowest natural left is either kept in hand or goes into some
meld that holds it. Memoised on the counts left, so each sub-hand is solved once. It
serves free melding (after going down), contracts the slot search does not cover, and
the tests as the reference the fast searches must agree with."""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Any

from kalooki.engine.cards import ACE, ACE_HIGH
from kalooki.engine.rules import GROUP, RUN, RuleSet
from kalooki.engine.solver.arrangement import Arrangement, build_plan
from kalooki.engine.solver.bits import bits, face_at
from kalooki.engine.solver.candidates import Group, Run, group_candidates, run_candidates
from kalooki.engine.solver.hand import Hand, suit_mask
from kalooki.engine.solver.tables import derived, tables

NONE = -1
""""No solution", in a search that maximises the points it lays."""

State = tuple[int, int, int, int] | None
"""Contract still to lay: (groups left, runs left, ranks used, suits used); None when
any melds will do."""

Choice = tuple[Run | Group, tuple[int, ...], int, State] | None
"""The meld a solved position lays first (its faces, jokers and the contract state after
it), or None when the lowest natural stays in hand."""


MAX_MELDS = 200_000
"""Entries of a rule set's table of melds before it starts afresh."""


def _melds_table(rules: RuleSet) -> dict[tuple[Any, ...], list[Any]]:
    return {}


class Generic:
    """Exhaustive search: the lowest remaining natural is kept or goes into a meld that
    holds it. Memoised on the remaining counts, so each sub-hand is solved once."""

    def __init__(self, rules: RuleSet, keep: int = 0) -> None:
        self.rules = rules
        self.tab = tables(rules)
        self.keep = keep
        """Free melding only: naturals to keep in hand (``kept`` counts them, up to this)."""
        self.faces: Sequence[int] = range(52)
        """The faces that may be held, in order (a cluster's, when solving one)."""
        self.memo: dict[tuple[bytes, int, State, int], tuple[int, Choice]] = {}
        self.cache = derived(rules, _melds_table)
        """The melds holding a face, by what they depend on (shared by every search of
        the rule set)."""
        if len(self.cache) > MAX_MELDS:
            self.cache.clear()

    def solve(self, counts: list[int], jokers: int, state: State, kept: int = 0) -> int:
        """Most points that can be melded from here (``NONE`` if the contract fails, or
        if fewer than ``keep - kept`` naturals can stay in hand)."""
        return self._solve(counts, jokers, state, kept,
                           jokers * self.tab.joker_points + sum(map(mul, self.tab.points,
                                                                    counts)))

    def _solve(self, counts: list[int], jokers: int, state: State, kept: int, total: int
               ) -> int:
        """:meth:`solve`, told ``total``: the points of every card left."""
        work = bytearray(counts)  # (its bytes, the memo's keys, are copied, not converted)
        key = (bytes(work), jokers, state, kept)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        found = self.memo[key] = self._search(work, key[0], jokers, state, kept, total)
        return found[0]

    def _search(self, counts: bytearray, packed: bytes, jokers: int, state: State, kept: int,
                total: int) -> tuple[int, Choice]:
        """The best of ``counts`` (``packed``: the same as bytes, its key in the memo)."""
        for f in self.faces:
            if counts[f]:
                break
        else:
            if state is None:
                return (0 if kept >= self.keep else NONE), None
            return (0 if state[:2] == (0, 0) else NONE), None
        if state is not None and not self._may_finish(counts, jokers, state):
            return NONE, None
        # nothing beats laying every card (``total``): once a meld reaches that, stop
        best = NONE
        choice: Choice = None
        memo = self.memo
        for plan, used, k, value, after in self._melds_with(f, counts, packed, jokers, state):
            for g in used:
                counts[g] -= 1
            key = (bytes(counts), jokers - k, after, kept)
            hit = memo.get(key)
            if hit is None:  # (:meth:`_solve` inline: the key is made once)
                hit = memo[key] = self._search(counts, key[0], jokers - k, after, kept,
                                               total - value)
            rest = hit[0]
            for g in used:
                counts[g] += 1
            if rest == NONE:
                continue
            value += rest
            if value > best:
                best, choice = value, (plan, used, k, after)
                if best == total:
                    return best, choice
        points = self.tab.points
        if best < total - points[f]:  # keeping ``f`` could still do better
            counts[f] -= 1
            more = min(kept + 1, self.keep)
            key = (bytes(counts), jokers, state, more)
            hit = memo.get(key)
            if hit is None:
                hit = memo[key] = self._search(counts, key[0], jokers, state, more,
                                               total - points[f])
            rest = hit[0]
            counts[f] += 1
            if rest > best:
                best, choice = rest, None
        return best, choice

    def _may_finish(self, counts: Sequence[int], jokers: int, state: tuple[int, ...]
                    ) -> bool:
        groups, runs = state[0], state[1]
        need = groups * self.rules.group_min + runs * self.rules.run_min
        return sum(counts) + jokers >= need

    def _melds_with(self, f: int, counts: Sequence[int], packed: bytes, jokers: int,
                    state: State
                    ) -> list[tuple[Run | Group, tuple[int, ...], int, int, State]]:
        """Every meld holding face ``f``, with the faces it takes, its jokers, the points
        it lays and the contract state after it (the melds themselves looked up in the
        rule set's table of them, made once; ``packed``: the counts as bytes)."""
        if state is None:  # free melding: the whole answer depends on few counts
            r, s0 = f % 13, f - f % 13
            key = (f, packed[r], packed[r + 13], packed[r + 26], packed[r + 39],
                   packed[s0:s0 + 13], jokers)
            cached = self.cache.get(key)
            if cached is None:
                cached = self.cache[key] = self._melds_in(f, counts, jokers, None)
            return cached
        return self._melds_in(f, counts, jokers, state)

    def _melds_in(self, f: int, counts: Sequence[int], jokers: int, state: State
                  ) -> list[tuple[Run | Group, tuple[int, ...], int, int, State]]:
        rules = self.rules
        rank, suit = f % 13 + 1, f // 13
        found: list[tuple[Run | Group, tuple[int, ...], int, int, State]] = []
        if state is None or (state[0] and not (rules.contract_distinct_ranks
                                                and state[2] >> rank & 1)):
            after = None if state is None else (state[0] - 1, state[1],
                                                state[2] | 1 << rank, state[3])
            held = (counts[rank - 1], counts[rank + 12], counts[rank + 25], counts[rank + 38])
            found.extend((g, used, k, value, after)
                         for g, used, k, value in self._groups(f, held, jokers))
        if state is None or (state[1] and not (rules.contract_distinct_suits
                                                and state[3] >> suit & 1)):
            after = None if state is None else (state[0], state[1] - 1, state[2],
                                                state[3] | 1 << suit)
            found.extend((run, used, k, value, after)
                         for run, used, k, value in self._runs(f, suit_mask(counts, suit),
                                                               jokers))
        return found

    def _groups(self, f: int, held: tuple[int, ...], jokers: int
                ) -> list[tuple[Group, tuple[int, ...], int, int]]:
        key = (f, held, jokers)
        found = self.cache.get(key)
        if found is None:
            rank = f % 13 + 1
            faces = [(rank - 1 + 13 * s, c) for s, c in enumerate(held) if c]
            points, joker = self.tab.points, self.tab.joker_points
            found = self.cache[key] = [
                (Group(rank, used, k), used, k, sum(points[g] for g in used) + k * joker)
                for used, k in group_candidates(self.rules, faces, jokers, must=f)]
        return found

    def _runs(self, f: int, avail: int, jokers: int
              ) -> list[tuple[Run, tuple[int, ...], int, int]]:
        key = (-1 - f, avail, jokers)
        found = self.cache.get(key)
        if found is None:
            rank, suit = f % 13 + 1, f // 13
            points, joker = self.tab.points, self.tab.joker_points
            found = []
            for pos in ((ACE, ACE_HIGH) if rank == ACE else (rank,)):
                for run in run_candidates(self.tab, suit, avail, jokers,
                                          swappable=avail, within=1 << pos):
                    used = tuple(face_at(suit, p) for p in bits(run.naturals))
                    k = run.jokers.bit_count()
                    found.append((run, used, k, sum(points[g] for g in used) + k * joker))
            self.cache[key] = found
        return found

    def plan(self, counts: list[int], jokers: int, state: State, kept: int = 0
             ) -> tuple[list[Run], list[Group]]:
        """Follow the memo's choices from a solved position."""
        runs: list[Run] = []
        groups: list[Group] = []
        counts = list(counts)
        while True:
            self.solve(counts, jokers, state, kept)
            _, choice = self.memo[(bytes(counts), jokers, state, kept)]
            if choice is None:
                f = next((i for i in self.faces if counts[i]), -1)
                if f < 0:
                    return runs, groups
                counts[f] -= 1
                kept = min(kept + 1, self.keep)
                continue
            plan, used, k, state = choice
            if isinstance(plan, Run):
                runs.append(plan)
            else:
                groups.append(plan)
            for g in used:
                counts[g] -= 1
            jokers -= k


def generic_arrangement(hand: Sequence[int], rules: RuleSet, state: State
                         ) -> Arrangement | None:
    pool = Hand(hand)
    search = Generic(rules)
    if search.solve(list(pool.counts), pool.jokers, state) == NONE:
        return None
    runs, groups = search.plan(pool.counts, pool.jokers, state)
    return build_plan(hand, runs, groups, rules)


def contract_state(contract: Sequence[int]) -> tuple[int, int, int, int]:
    return (list(contract).count(GROUP), list(contract).count(RUN), 0, 0)
