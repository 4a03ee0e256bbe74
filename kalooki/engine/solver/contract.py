"""The best lay-down of exactly a contract: the one leaving the fewest penalty points,
keeping naturals back for a final discard when the rules want one.

For contracts of distinct ranks and suits (every preset) the slot search chooses the
runs suit by suit and the groups follow; other contracts go to the generic search."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from kalooki.engine.cards import JOKER_BASE, face_of, is_joker
from kalooki.engine.rules import GROUP, RuleSet
from kalooki.engine.solver.arrangement import Arrangement, build_plan, with_keep
from kalooki.engine.solver.bits import bits, face_at, pos_rank
from kalooki.engine.solver.candidates import Group, Run, group_candidates, run_candidates
from kalooki.engine.solver.generic import contract_state, generic_arrangement
from kalooki.engine.solver.hand import Hand, face_counts
from kalooki.engine.solver.needed import Witness, fits, needed, surely_short
from kalooki.engine.solver.slots import Slots, slot_search_applies
from kalooki.engine.solver.tables import INF, Tables, derived, tables


def best_contract(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                  keep: int = 0) -> Arrangement | None:
    """The lay-down of exactly ``contract`` leaving the fewest penalty points, keeping at
    least ``keep`` naturals in hand (a final discard needs one); None when impossible."""
    slot_search = slot_search_applies(rules)
    if slot_search and needed(hand, contract, rules, 1):
        return None  # the usual answer in play, found before setting up the search

    def solve(cards: Sequence[int]) -> Arrangement | None:
        if not slot_search:
            return generic_arrangement(cards, rules, contract_state(contract))
        if cards is not hand and needed(cards, contract, rules, 1):  # (``hand`` passed)
            return None
        found = _Best(Hand(cards), contract, rules).solve()
        return None if found is None else build_plan(cards, found[1], found[2], rules)

    return with_keep(hand, keep, rules, solve)


def contract_lay_exists(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                        keep: int = 0) -> bool:
    """Whether :func:`best_contract` finds a lay-down (``keep`` naturals kept back), without
    building one: a legal-move list counts the lay-down long before anyone looks at it.
    A natural kept back leaves the rest of the hand to lay the contract, so with ``keep``
    1 the question is whether some natural can be spared."""
    key = contract if isinstance(contract, tuple) else tuple(contract)
    shapes = derived(rules, _shapes)
    shape = shapes.get(key)
    if shape is None:
        shape = shapes[key] = _Shape(rules, key)
    if not shape.slot_search or keep > 1:
        return best_contract(hand, contract, rules, keep) is not None
    if surely_short(hand, shape.groups, shape.runs, rules, shape.tab):
        return False
    recent = shape.recent
    counted = None
    if recent and not rules.group_distinct_suits:
        counted = face_counts(hand)
        counts, _, jokers = counted
        for lay_down in reversed(recent):
            if fits(lay_down, list(counts), jokers, keep):
                return True
    found: list[Witness] = []
    if needed(hand, contract, rules, 1, found=found, not_short=True, counted=counted):
        return False
    if found:
        recent.append(found[0])
        del recent[:-RECENT]
    if keep <= 0:
        return True
    # the contract can be laid in minimal melds, which hold at most ``smallest`` cards:
    # a hand with more naturals than that spares one whichever melds it lays
    naturals = 0
    for card in hand:  # (a plain loop: quicker in CPython 3.11 than a generator)
        if card < JOKER_BASE:
            naturals += 1
    if naturals > shape.smallest:
        return True
    rest = list(hand)
    tried: set[int] = set()
    for index, card in enumerate(hand):
        face = face_of(card) if not is_joker(card) else -1
        if face < 0 or face in tried:
            continue
        tried.add(face)
        rest.pop(index)
        if not needed(rest, contract, rules, 1):
            return True
        rest.insert(index, card)
    return False


RECENT = 8
"""Lay-downs remembered per rule set and contract by :func:`contract_lay_exists`: a hand
that could lay the contract at its last turn usually still holds the same melds."""


class _Shape:
    """What :func:`contract_lay_exists` asks of one contract under one rule set, found
    once, and the lay-downs it met lately."""

    __slots__ = ("groups", "recent", "runs", "slot_search", "smallest", "tab")

    def __init__(self, rules: RuleSet, contract: Sequence[int]) -> None:
        self.slot_search = slot_search_applies(rules)
        self.groups = list(contract).count(GROUP)
        self.runs = len(contract) - self.groups
        self.smallest = self.groups * rules.group_min + self.runs * rules.run_min
        self.tab = tables(rules)
        self.recent: list[Witness] = []


def _shapes(rules: RuleSet) -> dict[tuple[int, ...], _Shape]:
    return {}


MAX_OPTIONS = 100_000
"""Entries of a rule set's table of run options before it starts afresh."""


Move = tuple[int, Run, int, int, list[int]]
"""A run as the contract walk tries it: the points it lays, the run, its jokers, the
natural points it lays, the faces it takes."""


def _options_table(rules: RuleSet) -> dict[tuple[int, ...], list[Move]]:
    return {}


class _Best(Slots):
    """Most points a contract lay-down can hold (fewest left over)."""

    def solve(self) -> tuple[int, list[Run], list[Group]] | None:
        if self.groups == 0:
            return self._runs_only()
        self.best: tuple[int, list[Run], list[Group]] | None = None
        moves = [self._options(s) for s in range(4)]
        self.top = [max((laid for _, _, _, laid, _ in o), default=0) for o in moves]
        self.work = list(self.counts)
        self._walk(0, self.runs, self.jokers, [], moves, 0)
        return self.best

    def _options(self, suit: int) -> list[Move]:
        """The runs of one suit, best first, one per distinct effect on groups, each with
        what the walk asks of it at every visit (:data:`Move`)."""
        tab = self.tab
        cheapest = tab.suit_windows[self.avail[suit] >> 1 & 0x1FFF]
        if not any(f <= self.jokers and not h for f, h, _ in cheapest):
            return []  # not even a minimal run of this suit can be laid
        swappable = self.contested[suit] | (self.avail[suit] if self.capped else 0)
        # the answer depends on nothing else (of the scarce ranks, on those this suit holds)
        key = (suit, self.avail[suit], self.jokers, swappable,
               -1 if self.capped else self.scarce & self.avail[suit])
        table = derived(self.rules, _options_table)
        hit = table.get(key)
        if hit is None:
            if len(table) > MAX_OPTIONS:
                table.clear()
            joker = tab.joker_points
            hit = table[key] = [
                (v, run, run.jokers.bit_count(), v - run.jokers.bit_count() * joker,
                 [suit * 13 + pos_rank(p) - 1 for p in bits(run.naturals)])
                for v, run in self._fresh_options(suit, swappable)]
        return hit

    def _fresh_options(self, suit: int, swappable: int) -> list[tuple[int, Run]]:
        tab = self.tab
        found: dict[tuple[int, int], tuple[int, Run]] = {}
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

    def _undominated(self, suit: int, found: dict[tuple[int, int], tuple[int, Run]]
                     ) -> list[tuple[int, Run]]:
        """Without group limits every joker is laid whatever the runs do (a spare one joins
        a group), so a run is only worth its naturals, and it is no better than one that
        uses no more jokers and takes the same naturals and more, if none of the more is
        of a rank some group could run short of (held fewer than group_min + runs)."""
        scarce = self.scarce
        joker = self.tab.joker_points
        ordered = sorted(found.values(),
                         key=lambda o: (o[1].jokers.bit_count(), -o[1].naturals.bit_count()))
        kept: list[tuple[int, Run]] = []
        beaten_by: list[tuple[int, int]] = []  # (jokers, naturals) of each run kept
        for option in ordered:
            run = option[1]
            k, naturals = run.jokers.bit_count(), run.naturals
            for other_k, other in beaten_by:
                if other_k <= k and not naturals & ~other and not (other & ~naturals) & scarce:
                    break
            else:
                kept.append(option)
                beaten_by.append((k, naturals))
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

    def _walk(self, suit: int, left: int, jokers: int, chosen: list[Run],
              moves: list[list[Move]], value: int) -> None:
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
            later = held = INF  # nothing to prune against until a first lay-down
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

    def _finish(self, runs: list[Run], jokers: int, value: int) -> None:
        beat = None if self.best is None else self.best[0] - value
        picked = _pick_groups(self.rules, self.work, self.groups, jokers, beat)
        if picked is None:
            return
        value += picked[0]
        if self.best is None or value > self.best[0]:
            self.best = (value, list(runs), picked[1])

    def _runs_only(self) -> tuple[int, list[Run], list[Group]] | None:
        """Runs of different suits share only the jokers: a knapsack over suits."""
        tab = self.tab
        per_suit: list[dict[int, tuple[int, Run]]] = []
        for s in range(4):
            best: dict[int, tuple[int, Run]] = {}
            for run in run_candidates(tab, s, self.avail[s], self.jokers, self.avail[s]):
                k = run.jokers.bit_count()
                value = mask_points(tab, s, run.naturals) + k * tab.joker_points
                if k not in best or best[k][0] < value:
                    best[k] = (value, run)
            per_suit.append(best)

        @cache
        def knap(suit: int, left: int, jokers: int) -> tuple[int, tuple[Run, ...]] | None:
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


def mask_points(tab: Tables, suit: int, mask: int) -> int:
    return sum(tab.points[face_at(suit, p)] for p in bits(mask))


def _pick_groups(rules: RuleSet, counts: Sequence[int], groups: int, jokers: int,
                 beat: int | None = None) -> tuple[int, list[Group]] | None:
    """Best ``groups`` groups of different ranks from these counts and jokers, as (value,
    groups), spare jokers included where a group can take them. ``beat``: a value the
    caller has no use for a pick at or below (it may then get None instead)."""
    tab = tables(rules)
    open_ended = (rules.group_max is None and rules.max_jokers_per_meld is None
                  and not rules.group_distinct_suits)
    if open_ended:
        return _pick_open_groups(rules, tab, counts, groups, jokers, beat)
    per_rank = [options for rank in range(1, 14)
                if (options := _rank_options(rules, tab, counts, rank, jokers, open_ended))]
    if len(per_rank) < groups:
        return None
    # knapsack over ranks: (groups chosen, jokers used) -> (value, groups)
    table: dict[tuple[int, int], tuple[int, list[Group]]] = {(0, 0): (0, [])}
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
        chosen = [Group(chosen[0].rank, chosen[0].faces, chosen[0].jokers + spare),
                  *chosen[1:]]
    return value, chosen


def _pick_open_groups(rules: RuleSet, tab: Tables, counts: Sequence[int], groups: int,
                      jokers: int, beat: int | None = None) -> tuple[int, list[Group]] | None:
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
    laid_jokers = jokers * tab.joker_points * (groups > 0)  # every joker is laid
    if beat is not None and sum(v for v, _, _ in options[:groups]) + laid_jokers <= beat:
        return None  # not even the best ranks, jokers or none, would do
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
    if beat is not None and total + laid_jokers <= beat:
        return None
    spare = jokers - used
    chosen = []
    for r in sorted(ranks):
        faces = tuple(f for f in range(r, 52, 13) for _ in range(counts[f]))
        k = max(0, gmin - len(faces)) + spare
        spare = 0
        chosen.append(Group(r + 1, faces, k))
    return total + laid_jokers, chosen


def _rank_options(rules: RuleSet, tab: Tables, counts: Sequence[int], rank: int,
                  jokers: int, open_ended: bool) -> dict[int, tuple[int, Group]]:
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
        return {need: (value, Group(rank, used, need))} if need <= jokers else {}
    options: dict[int, tuple[int, Group]] = {}
    for used, k in group_candidates(rules, faces, jokers):
        value = sum(tab.points[f] for f in used) + k * tab.joker_points
        if k not in options or options[k][0] < value:
            options[k] = (value, Group(rank, used, k))
    return options
