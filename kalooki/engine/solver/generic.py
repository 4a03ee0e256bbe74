"""The exhaustive search: the lowest natural left is either kept in hand or goes into some
meld that holds it. Memoised on the counts left, so each sub-hand is solved once. It
serves free melding (after going down), contracts the slot search does not cover, and
the tests as the reference the fast searches must agree with."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from kalooki.engine.cards import ACE, ACE_HIGH
from kalooki.engine.rules import GROUP, RUN, RuleSet
from kalooki.engine.solver.arrangement import Arrangement, build_plan
from kalooki.engine.solver.bits import bits, face_at
from kalooki.engine.solver.candidates import Group, Run, group_candidates, run_candidates
from kalooki.engine.solver.hand import Hand, suit_mask
from kalooki.engine.solver.tables import tables

NONE = -1
""""No solution", in a search that maximises the points it lays."""

State = tuple[int, int, int, int] | None
"""Contract still to lay: (groups left, runs left, ranks used, suits used); None when
any melds will do."""

Choice = tuple[Run | Group, tuple[int, ...], int, State] | None
"""The meld a solved position lays first (its faces, jokers and the contract state after
it), or None when the lowest natural stays in hand."""


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
        self.memo: dict[tuple[tuple[int, ...], int, State, int], tuple[int, Choice]] = {}

    def solve(self, counts: list[int], jokers: int, state: State, kept: int = 0) -> int:
        """Most points that can be melded from here (``NONE`` if the contract fails, or
        if fewer than ``keep - kept`` naturals can stay in hand)."""
        key = (tuple(counts), jokers, state, kept)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        best, choice = self._search(counts, jokers, state, kept)
        self.memo[key] = (best, choice)
        return best

    def _search(self, counts: list[int], jokers: int, state: State, kept: int
                ) -> tuple[int, Choice]:
        f = next((i for i in self.faces if counts[i]), -1)
        if f < 0:
            if state is None:
                return (0 if kept >= self.keep else NONE), None
            return (0 if state[:2] == (0, 0) else NONE), None
        if state is not None and not self._may_finish(counts, jokers, state):
            return NONE, None
        points, joker = self.tab.points, self.tab.joker_points
        # nothing beats laying every card: once a meld reaches that, stop looking
        total = jokers * joker + sum(points[i] * counts[i] for i in self.faces)
        best = NONE
        choice: Choice = None
        for plan, used, k, after in self._melds_with(f, counts, jokers, state):
            for g in used:
                counts[g] -= 1
            rest = self.solve(counts, jokers - k, after, kept)
            for g in used:
                counts[g] += 1
            if rest == NONE:
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

    def _melds_with(self, f: int, counts: list[int], jokers: int, state: State
                    ) -> Iterator[tuple[Run | Group, tuple[int, ...], int, State]]:
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
                yield Group(rank, used, k), used, k, after
        if state is None or (state[1] and not (rules.contract_distinct_suits
                                                and state[3] >> suit & 1)):
            after = None if state is None else (state[0], state[1] - 1, state[2],
                                                state[3] | 1 << suit)
            avail = suit_mask(counts, suit)
            for pos in ((ACE, ACE_HIGH) if rank == ACE else (rank,)):
                for run in run_candidates(self.tab, suit, avail, jokers,
                                          swappable=avail, within=1 << pos):
                    used = tuple(face_at(suit, p) for p in bits(run.naturals))
                    yield run, used, run.jokers.bit_count(), after

    def plan(self, counts: list[int], jokers: int, state: State, kept: int = 0
             ) -> tuple[list[Run], list[Group]]:
        """Follow the memo's choices from a solved position."""
        runs: list[Run] = []
        groups: list[Group] = []
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
