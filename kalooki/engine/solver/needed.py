"""How far a hand is from its contract: the fewest cards that, added to it, would let it
lay the contract (0: it can now), the single most useful number for the computer players
and for hints.

Fast paths first, all exact: a relaxation (runs and groups may share naturals) answers
from a table per suit's rank mask, and the exact search runs only when the relaxation's
bound is not met by a real lay-down."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from kalooki.engine.cards import (
    JOKER_BASE,
    MAX_JOKERS,
)
from kalooki.engine.rules import GROUP, RuleSet
from kalooki.engine.solver.bits import bits, face_at, submasks
from kalooki.engine.solver.generic import contract_state, generic_arrangement
from kalooki.engine.solver.hand import Counts, face_counts
from kalooki.engine.solver.repeats import needed_with_repeats
from kalooki.engine.solver.slots import Slots, slot_search_applies
from kalooki.engine.solver.tables import INF, Tables, derived, tables


def can_meet_contract(hand: Sequence[int], contract: Sequence[int], rules: RuleSet) -> bool:
    """Whether ``hand`` holds the contract (the cheap question: no arrangement is built)."""
    if not slot_search_applies(rules):
        return generic_arrangement(hand, rules, contract_state(contract)) is not None
    return needed(hand, contract, rules, 1) == 0


def cards_needed(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                 low: int = 0, high: int | None = None) -> int:
    """Fewest cards (any faces, jokers included) that, added to ``hand``, would let it lay
    the contract; 0 when it can already.

    ``low`` and ``high`` are bounds the caller already knows, and the search stops
    sooner for them. A hand one card away from a hand needing n needs n or n + 1 (one
    card fewer) or n - 1 or n (one card more): a card more never hurts, and the card
    itself is one of the cards that could be added."""
    if slot_search_applies(rules):
        return needed(hand, contract, rules, INF if high is None else high, low)
    return needed_with_repeats(hand, contract, rules,
                               lambda cards: can_meet_contract(cards, contract, rules),
                               lambda distinct: needed(hand, contract, distinct, INF), low)


MAX_NEED_OPTIONS = 100_000
"""Entries of a rule set's table of :class:`Need` run options before it starts afresh."""


def _need_options(rules: RuleSet) -> dict[tuple[int, ...], list[tuple[int, int, int, list[int]]]]:
    return {}


class Need(Slots):
    """Fewest cards to add so that the contract can be laid.

    Minimal melds suffice (a longer meld always contains a minimal one), an added card can
    be exactly the natural a slot wants, and every joker saves one added card wherever it
    lands: with F slots to fill and room C for jokers, F - min(jokers, C) cards are needed,
    i.e. max(F - jokers, V) with V = F - C, both sums over the melds."""

    def solve(self, limit: int, floor: int = 0, base: tuple[int, int] | None = None
              ) -> int:
        """The number needed, or ``limit`` when it is ``limit`` or more; the search stops
        as soon as it reaches ``floor``, a known lower bound. ``base``: the hand's
        :func:`group_cost`, if the caller has it already."""
        self.best = limit
        self.floor = floor
        self.options = [self._cached_options(s) for s in range(4)]
        self.base = base or group_cost(self.rules, self.tab, self.counts, self.groups)
        self._walk(0, self.runs, 0, 0, list(self.counts))
        return self.best

    def _cached_options(self, suit: int) -> list[tuple[int, int, int, list[int]]]:
        """:meth:`_options`, each with the faces it takes, kept per rule set by all they
        depend on (the suit's cards, the jokers, the limit, the contested naturals and the
        scarce ranks it holds)."""
        avail = self.avail[suit]
        key = (suit, avail, self.jokers, self.best, self.contested[suit],
               self.scarce & avail)
        table = derived(self.rules, _need_options)
        found = table.get(key)
        if found is None:
            if len(table) > MAX_NEED_OPTIONS:
                table.clear()
            found = table[key] = [(f, room, taken, [face_at(suit, p) for p in bits(taken)])
                                  for f, room, taken in self._options(suit)]
        return found

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
        scarce = self.scarce
        found: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        for lo, _, span in self.tab.windows:
            present = self.avail[suit] & span
            fill = span ^ present
            slots = fill.bit_count()
            if slots - jokers >= limit or slots - room_of[fill >> lo] >= limit:
                continue  # giving up naturals only makes this run dearer
            contested = present & self.contested[suit]
            for swap in submasks(contested) if contested else (0,):
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
            g_slots, g_hard = group_cost(self.rules, self.tab, counts, self.groups)
            self.best = min(self.best, max(slots + g_slots - self.jokers, hard + g_hard, 0))
            return
        if 4 - suit < left:
            return
        for f, room, _, faces in self.options[suit]:
            if max(slots + f + base_slots - self.jokers, hard + f - room + base_hard) >= self.best:
                continue
            for face in faces:
                counts[face] -= 1
            self._walk(suit + 1, left - 1, slots + f, hard + f - room, counts)
            for face in faces:
                counts[face] += 1
        self._walk(suit + 1, left, slots, hard, counts)


def group_cost(rules: RuleSet, tab: Tables, counts: Sequence[int], groups: int
                ) -> tuple[int, int]:
    """(slots, slots no joker may fill) of the cheapest ``groups`` minimal groups of
    different ranks."""
    if not groups:
        return 0, 0
    gmin = rules.group_min
    if rules.group_distinct_suits:
        sizes = [(a > 0) + (b > 0) + (c > 0) + (d > 0) for a, b, c, d in
                 zip(counts[0:13], counts[13:26], counts[26:39], counts[39:52], strict=True)]
    else:
        sizes = [counts[r] + counts[r + 13] + counts[r + 26] + counts[r + 39]
                 for r in range(13)]
    sizes.sort(reverse=True)
    joker_room = min(gmin - rules.group_min_naturals, tab.max_jokers)
    slots = hard = 0
    for t in sizes[:groups]:
        if t < gmin:
            gap = gmin - t
            slots += gap
            hard += gap - min(gap, joker_room)
    return slots, hard


def surely_short(hand: Sequence[int], groups: int, runs: int, rules: RuleSet,
                  tab: Tables) -> bool:
    """Whether the relaxation of :func:`needed` is above 0, so the hand cannot lay the
    contract now. Most hands asked about in play cannot, and this answers them in one pass
    over the cards, without trying every choice of runs: at 0, every meld has only slots a
    joker may fill, and the jokers cover them all."""
    held = 0  # bit f: face f is held; bit 52 + k: the joker JOKER_BASE + k is held
    for card in hand:  # (a plain loop: quicker in CPython 3.11 than map and sum)
        held |= _CARD_BIT[card]
    jokers = (held >> 52).bit_count()
    free = tab.suit_free
    run_slots = sum(sorted([free[held & 0x1FFF], free[held >> 13 & 0x1FFF],
                            free[held >> 26 & 0x1FFF], free[held >> 39 & 0x1FFF]])[:runs])
    if run_slots > jokers:
        return True  # the runs alone lack jokers (most hands: the ranks need no counting)
    slots = 0
    if groups:
        if rules.group_distinct_suits:
            ranks = [(held >> r & 1) + (held >> r + 13 & 1) + (held >> r + 26 & 1)
                     + (held >> r + 39 & 1) for r in range(13)]
        else:
            ranks = [0] * 13
            for card in hand:
                if card < JOKER_BASE:
                    ranks[card % 13] += 1
        gmin = rules.group_min
        room = min(gmin - rules.group_min_naturals, tab.max_jokers)
        for have in sorted(ranks, reverse=True)[:groups]:
            gap = gmin - have if have < gmin else 0
            if gap > room:
                return True
            slots += gap
    return slots + run_slots > jokers


_CARD_BIT = tuple(1 << card % 52 if card < JOKER_BASE else 1 << 52 + card - JOKER_BASE
                  for card in range(JOKER_BASE + MAX_JOKERS))
"""Per card id, looked up: its face's bit, or a joker's own bit above the faces (each
joker is one card, so or-ing the bits counts them)."""


def needed(hand: Sequence[int], contract: Sequence[int], rules: RuleSet, limit: int,
            floor: int = 0, found: list[Witness] | None = None, not_short: bool = False,
            counted: tuple[list[int], list[int], int] | None = None) -> int:
    """:class:`Need`'s answer (capped at ``limit``), found fast in the usual case.

    Letting runs and groups share naturals relaxes the problem, and the relaxed problem
    is a lookup per suit plus a sort of the ranks: its answer is a lower bound. The runs
    of a relaxed optimum, with the groups recounted from the cards they leave, give a real
    lay-down and so an upper bound. When the two meet (no natural is fought over, or the
    fight costs nothing) that is the answer; otherwise the exact search runs between them.
    ``floor`` is a lower bound the caller already knows. When the answer is 0 and the
    relaxation met it, ``found`` (if given) receives the lay-down it met it with.
    ``not_short``: the caller found the hand not :func:`surely_short` already;
    ``counted``: the hand's :func:`face_counts`, if the caller has them (left unchanged)."""
    tab = tables(rules)
    groups = list(contract).count(GROUP)
    runs = len(contract) - groups
    if limit == 1 and not not_short and surely_short(hand, groups, runs, rules, tab):
        return 1
    counts, masks, jokers = counted or face_counts(hand)
    base = g_slots, g_hard = group_cost(rules, tab, counts, groups)
    table = tab.suit_windows
    per_suit = [table[m] for m in masks]
    low = INF
    best: list[tuple[tuple[int, ...], tuple[tuple[int, int, tuple[int, ...]], ...]]] = []
    if limit == 1:
        # not surely short: the relaxation is 0, met by exactly the choices whose every
        # run fills only slots a joker may fill (one per suit at most: the front's last)
        # with the jokers enough for all; the same choices, in the same order, as below
        free = [front[-1] if front and not front[-1][1] else None for front in per_suit]
        spare = jokers - g_slots
        for suits in itertools.combinations(range(4), runs) if not g_hard else ():
            choice = tuple(entry for s in suits if (entry := free[s]) is not None)
            if len(choice) == runs and sum(f for f, _, _ in choice) <= spare:
                best.append((suits, choice))
        low = 0 if best else 1
    for suits in itertools.combinations(range(4), runs) if limit != 1 else ():
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
        if low == 0 and found is not None:
            suits, choice = best[0]
            found.append(witness(rules, counts, groups, suits, [t[0] for _, _, t in choice],
                                 sum(f for f, _, _ in choice)))
        return low
    low = max(low, floor)
    high = limit
    slack = 0  # jokers a choice leaves over (limit 1: the most any choice leaves)
    for suits, choice in best:
        slots = sum(f for f, _, _ in choice)
        if limit == 1 and spare - slots > slack:
            slack = spare - slots
        hard = sum(h for _, h, _ in choice)
        for takings in itertools.product(*(t for _, _, t in choice)):
            left = list(counts)
            for s, taken in zip(suits, takings, strict=True):
                for p in bits(taken):
                    left[face_at(s, p)] -= 1
            left_slots, left_hard = group_cost(rules, tab, left, groups)
            value = max(slots + left_slots - jokers, hard + left_hard, 0)
            if value == low:
                if low == 0 and found is not None:
                    found.append(witness(rules, counts, groups, suits, takings, slots))
                return low
            high = min(high, value)
    if limit == 1 and not slack:
        # any other lay-down takes a run dearer than the cheapest of its suit (more slots,
        # or a natural given up to a group), and no choice leaves a joker for that
        return high
    return Need(Counts(counts, jokers), contract, rules).solve(high, low, base)


Witness = tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]
"""A minimal lay-down of a contract on faces: the naturals its runs take, (rank index,
naturals) of each group, and the jokers it needs."""


def witness(rules: RuleSet, counts: Sequence[int], groups: int, suits: Sequence[int],
            takings: Sequence[int], run_slots: int) -> Witness:
    """The lay-down the relaxation met 0 with: these runs' naturals (their ``run_slots``
    gaps filled by jokers), and the ``groups`` fullest ranks of what they leave (a
    minimal group of each, jokers in its gaps)."""
    run_faces = tuple(face_at(s, p) for s, taken in zip(suits, takings, strict=True)
                      for p in bits(taken))
    left = list(counts)
    for f in run_faces:
        left[f] -= 1
    gmin = rules.group_min
    sizes = []
    for r in range(13):  # (a plain loop: quicker in CPython 3.11 than a generator)
        held = left[r] + left[r + 13] + left[r + 26] + left[r + 39]
        sizes.append((held if held < gmin else gmin, r))
    sizes.sort(reverse=True)
    del sizes[groups:]
    group_ranks = tuple((r, size) for size, r in sizes)
    return run_faces, group_ranks, run_slots + sum(gmin - size for _, size in group_ranks)


def fits(found: Witness, counts: list[int], jokers: int, spare: int) -> bool:
    """Whether a hand of these counts holds the lay-down ``found`` with ``spare``
    naturals left over (``counts`` is changed)."""
    run_faces, group_ranks, need = found
    if jokers < need:
        return False
    for f in run_faces:
        if not counts[f]:
            return False
        counts[f] -= 1
    used = len(run_faces)
    for r, size in group_ranks:
        if counts[r] + counts[r + 13] + counts[r + 26] + counts[r + 39] < size:
            return False
        used += size
    return sum(counts) + len(run_faces) - used >= spare


# --- public API -------------------------------------------------------------
