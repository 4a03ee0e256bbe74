"""The lay-down existence fast paths against the exact search: whatever the relaxation
answers alone (no joker left over for a dearer run, so no exact search) is the exact
search's answer, on hands near each contract, of every size play reaches, under the
group and joker rules the slot search serves."""

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.solver import DECK, near_hand
from kalooki.engine.rules import GROUP, preset
from kalooki.engine.solver import best_contract, contract_lay_exists
from kalooki.engine.solver.hand import Hand
from kalooki.engine.solver.needed import Need, needed, surely_short
from kalooki.engine.solver.tables import tables

CARIB = preset("caribbean")
VARIANTS = [CARIB,
            dataclasses.replace(CARIB, group_distinct_suits=True, group_max=4),
            dataclasses.replace(CARIB, max_jokers_per_meld=1),
            dataclasses.replace(CARIB, adjacent_jokers_in_run=True),
            dataclasses.replace(CARIB, group_min_naturals=3)]
CONTRACTS = CARIB.contracts or ()


def spoiled_hand(seed: int, contract: tuple[int, ...], size: int) -> list[int]:
    """A hand built from the contract's melds, with up to four cards swapped for random
    ones: most such hands are not surely short, and many still cannot lay."""
    rng = random.Random(seed)
    hand = near_hand(rng, contract, size)
    pool = [c for c in DECK if c not in hand]
    for _ in range(rng.randint(0, 4)):
        hand[rng.randrange(len(hand))] = pool.pop(rng.randrange(len(pool)))
    return hand


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(CONTRACTS), st.integers(9, 21),
       st.sampled_from(VARIANTS))
def test_the_relaxation_alone_answers_as_the_exact_search(seed, contract, size, rules):
    hand = spoiled_hand(seed, contract, size)
    exact = Need(Hand(hand), contract, rules).solve(10**9)
    assert needed(hand, contract, rules, 1) == min(1, exact), hand
    for keep in (0, 1):
        laid = best_contract(hand, contract, rules, keep=keep)
        assert contract_lay_exists(hand, contract, rules, keep) == (laid is not None), hand


def test_the_hands_drawn_reach_the_relaxation_and_both_answers():
    """The property above is not vacuous: its hands are often not surely short, and of
    those some can lay and some cannot."""
    outcomes = set()
    for seed in range(300):
        contract = CONTRACTS[seed % len(CONTRACTS)]
        hand = spoiled_hand(seed, contract, 9 + seed % 13)
        groups = contract.count(GROUP)
        if not surely_short(hand, groups, len(contract) - groups, CARIB, tables(CARIB)):
            outcomes.add(needed(hand, contract, CARIB, 1))
    assert outcomes == {0, 1}
