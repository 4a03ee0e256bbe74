"""cards_needed when a contract may repeat a rank or a suit: fast (a relaxation below,
the distinct rules' answer above) and exact where the exhaustive trial can check it."""

import dataclasses
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki.engine.cards import build_deck, parse_cards
from kalooki.engine.rules import CARIBBEAN, GROUP, RUN
from kalooki.engine.solver import can_meet_contract, cards_needed
from kalooki.engine.solver.repeats import relaxed_bound, trial

RANKS = dataclasses.replace(CARIBBEAN, contract_distinct_ranks=False)
SUITS = dataclasses.replace(CARIBBEAN, contract_distinct_suits=False)
DISTINCT = CARIBBEAN
DECK = build_deck(2, 4)


def test_two_groups_of_one_rank_meet_a_contract_that_may_repeat_ranks():
    hand = parse_cards(["5S", "5H", "5D", "5C", "5S", "5H", "9D", "9C", "9H"])
    assert cards_needed(hand, (GROUP, GROUP, GROUP), RANKS) == 0
    assert cards_needed(hand, (GROUP, GROUP, GROUP), DISTINCT) == 3
    short = hand[:-1]
    assert cards_needed(short, (GROUP, GROUP, GROUP), RANKS) == 1


def test_two_runs_of_one_suit_meet_a_contract_that_may_repeat_suits():
    hand = parse_cards(["2H", "3H", "4H", "5H", "9H", "10H", "JH", "QH"])
    assert cards_needed(hand, (RUN, RUN), SUITS) == 0
    assert cards_needed(hand, (RUN, RUN), DISTINCT) == 4
    assert cards_needed(hand[1:], (RUN, RUN), SUITS) == 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from([RANKS, SUITS]),
       contract=st.sampled_from([(GROUP, GROUP), (GROUP, RUN), (RUN, RUN), (GROUP, GROUP, GROUP)]),
       hand=st.lists(st.sampled_from(DECK), min_size=6, max_size=10, unique=True))
def test_the_answer_lies_between_the_bounds_and_is_exact_when_small(rules, contract, hand):
    answer = cards_needed(hand, contract, rules)
    assert relaxed_bound(hand, contract, rules) <= answer <= cards_needed(hand, contract,
                                                                          DISTINCT)
    assert (answer == 0) == can_meet_contract(hand, contract, rules)
    if answer <= 1:
        exact = trial(hand, rules, 0, answer + 1,
                      lambda cards: can_meet_contract(cards, contract, rules), math.inf)
        assert exact == answer
