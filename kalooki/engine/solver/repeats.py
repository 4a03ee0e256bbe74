"""How many cards a hand lacks for a contract that may repeat a rank (two groups of 5s,
``contract_distinct_ranks`` off) or a suit (two runs of hearts, ``contract_distinct_suits``
off), found without trying every set of added cards.

Two bounds close in on the answer. From below, a relaxation: every meld may use any
natural of the hand, even one another meld uses, so each meld's cost comes from the hand
alone; the runs' and the groups' cheapest costs are tabulated apart and then combined.
From above, the same hand under the distinct rules (a contract of distinct ranks and
suits is also one that may repeat them), answered by the fast slot search. When the
bounds meet, that is the answer; when they do not, a trial of added cards runs between
them within :data:`TRIAL_BUDGET`, and the upper bound stands if the trial cannot settle it.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Sequence

from kalooki.engine.cards import JOKER_FACE, face_of, face_text, is_joker, parse_cards
from kalooki.engine.rules import GROUP, RuleSet
from kalooki.engine.solver.hand import face_counts
from kalooki.engine.solver.tables import INF, tables

TRIAL_BUDGET = 60
"""Lay-down checks the trial between the bounds may make (under 0.5 s); beyond, the upper
bound is answered, an over-estimate by at most the gap between the bounds."""

Cost = tuple[int, int]
"""(slots to fill, slots no joker may fill) of some melds."""


def needed_with_repeats(hand: Sequence[int], contract: Sequence[int], rules: RuleSet,
                        can_meet: Callable[[Sequence[int]], bool],
                        distinct_answer: Callable[[RuleSet], int], floor: int = 0) -> int:
    """Fewest cards to add to ``hand`` so that it lays ``contract`` under ``rules``.
    ``can_meet`` judges a hand; ``distinct_answer`` answers under given distinct rules;
    ``floor`` is a lower bound the caller knows."""
    low = max(floor, relaxed_bound(hand, contract, rules))
    groups = list(contract).count(GROUP)
    # every card of every meld added is always enough (a pack holds every face)
    high = groups * rules.group_min + (len(contract) - groups) * rules.run_min
    if groups <= 13 and len(contract) - groups <= 4:
        high = min(high, distinct_answer(dataclasses.replace(
            rules, contract_distinct_ranks=True, contract_distinct_suits=True)))
    if low >= high:
        return high
    return trial(hand, rules, low, high, can_meet, TRIAL_BUDGET)


def relaxed_bound(hand: Sequence[int], contract: Sequence[int], rules: RuleSet) -> int:
    """A lower bound: the cheapest contract when melds may share the hand's naturals."""
    counts, masks, jokers = face_counts(hand)
    groups = list(contract).count(GROUP)
    runs = len(contract) - groups
    best = INF
    for g_slots, g_hard in _group_front(counts, groups, rules):
        for r_slots, r_hard in _run_front(masks, runs, rules):
            best = min(best, max(g_slots + r_slots - jokers, g_hard + r_hard, 0))
    return best


def _pareto(costs: set[Cost]) -> list[Cost]:
    front: list[Cost] = []
    for slots, hard in sorted(costs):
        if not front or hard < front[-1][1]:
            front.append((slots, hard))
    return front


def _group_front(counts: Sequence[int], groups: int, rules: RuleSet) -> list[Cost]:
    """The cheapest costs of ``groups`` minimal groups, ranks repeating if the rules let
    them: m groups of one rank share its naturals, their gaps spread so that each keeps
    as many naturals as a group must."""
    if not groups:
        return [(0, 0)]
    gmin = rules.group_min
    room = min(gmin - rules.group_min_naturals, tables(rules).max_jokers)
    ranks = range(13)
    choices = (itertools.combinations_with_replacement(ranks, groups)
               if not rules.contract_distinct_ranks else itertools.combinations(ranks, groups))
    costs = set()
    for chosen in choices:
        slots = hard = 0
        for rank in set(chosen):
            many = chosen.count(rank)
            per_suit = [counts[rank + 13 * s] for s in range(4)]
            have = (sum(min(n, many) for n in per_suit) if rules.group_distinct_suits
                    else sum(per_suit))
            gap = max(0, many * gmin - have)
            slots += gap
            hard += max(0, gap - many * room)
        costs.add((slots, hard))
    return _pareto(costs)


def _run_front(masks: Sequence[int], runs: int, rules: RuleSet) -> list[Cost]:
    """The cheapest costs of ``runs`` minimal runs, suits repeating if the rules let them,
    each run costed from its suit's naturals as if no other run took any."""
    if not runs:
        return [(0, 0)]
    table = tables(rules).suit_windows
    points = [(slots, hard) for mask in masks for slots, hard, _ in table[mask]]
    suits = [s for s, mask in enumerate(masks) for _ in table[mask]]
    picks = range(len(points))
    if rules.contract_distinct_suits:
        chosen_sets = [c for c in itertools.combinations(picks, runs)
                       if len({suits[i] for i in c}) == runs]
    else:
        chosen_sets = list(itertools.combinations_with_replacement(picks, runs))
    return _pareto({(sum(points[i][0] for i in c), sum(points[i][1] for i in c))
                    for c in chosen_sets}) or [(INF, INF)]


def trial(hand: Sequence[int], rules: RuleSet, low: int, high: int,
          can_meet: Callable[[Sequence[int]], bool], budget: float) -> int:
    """Try ever larger sets of added faces from ``low`` (exact, but exponential in the
    answer); ``high`` when none below it works or ``budget`` checks run out first."""
    deck = [f for f in range(52) for _ in range(rules.packs)] + [JOKER_FACE] * rules.jokers
    for card in hand:
        deck.remove(face_of(card) if not is_joker(card) else JOKER_FACE)
    deck.sort()
    for k in range(low, min(high, len(deck) + 1)):
        seen: set[tuple[int, ...]] = set()
        for extra in itertools.combinations(deck, k):  # each face at most as often as left
            if extra in seen:
                continue  # the same faces from the other pack's copies
            seen.add(extra)
            budget -= 1
            if budget < 0:
                return high
            if can_meet([*hand, *parse_cards([face_text(f) for f in extra], taken=hand)]):
                return k
    return high
