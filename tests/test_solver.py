"""The meld solver against brute force, and on each rule it must honour."""

import contextlib
import dataclasses
import itertools
import random
from collections import Counter
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.solver import near_hand, random_hand
from kalooki.engine.cards import (
    JOKER_FACE,
    build_deck,
    face_of,
    face_text,
    is_joker,
    parse_cards,
)
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import (
    check_contract,
    interpretations,
    make_group,
    make_run,
)
from kalooki.engine.rules import GROUP, RUN, preset
from kalooki.engine.scoring import hand_points
from kalooki.engine.solver import (
    best_contract,
    best_melds,
    can_meet_contract,
    cards_needed,
    contract_lay_exists,
    melds_exist,
)
from kalooki.engine.solver.arrangement import with_keep
from kalooki.engine.solver.generic import contract_state, generic_arrangement
from kalooki.engine.solver.hand import Hand
from kalooki.engine.solver.needed import Need, surely_short
from kalooki.engine.solver.tables import tables

CARIB = preset("caribbean")
DECK = build_deck(2, 4)


def cards(text):
    return parse_cards(text.split())


# --- brute force -------------------------------------------------------------

def partitions(hand, rules):
    """Every way to lay melds from ``hand``: (melds, leftover), each meld read every way
    melds.interpretations allows."""
    if not hand:
        yield [], []
        return
    first, rest = hand[0], hand[1:]
    for melds, leftover in partitions(rest, rules):
        yield melds, [first, *leftover]
    for size in range(1, len(rest) + 1):
        for others in itertools.combinations(range(len(rest)), size):
            chosen = [first, *(rest[i] for i in others)]
            readings = interpretations(chosen, rules)
            if not readings:
                continue
            remaining = [c for i, c in enumerate(rest) if i not in others]
            for melds, leftover in partitions(remaining, rules):
                for meld in readings:
                    yield [meld, *melds], leftover


def meets(melds, contract, rules):
    try:
        check_contract(melds, contract, rules)
    except RuleError:
        return False
    return True


def oracle_penalty(hand, contract, rules, keep=0):
    """Fewest penalty points over every lay-down (None if there is none)."""
    best = None
    for melds, leftover in partitions(list(hand), rules):
        if contract is not None and not meets(melds, contract, rules):
            continue
        if sum(not is_joker(c) for c in leftover) < keep:
            continue
        points = hand_points(leftover, rules)
        best = points if best is None else min(best, points)
    return best


@cache
def minimal_melds(rules, kind):
    """Every minimal group or run as a Counter of faces (jokers as JOKER_FACE)."""
    found = []
    if kind == GROUP:
        for rank in range(1, 14):
            symbols = [rank - 1 + 13 * s for s in range(4)] + [JOKER_FACE]
            for combo in itertools.combinations_with_replacement(symbols, rules.group_min):
                ids = parse_cards([face_text(f) for f in combo])
                with contextlib.suppress(RuleError):
                    found.append((make_group(ids, rules).rank, Counter(combo)))
    else:
        for suit in range(4):
            for lo in range(1, 15 - rules.run_min + 1):
                for mask in range(1 << rules.run_min):
                    combo = [JOKER_FACE if mask >> i & 1 else suit * 13 + (lo + i - 1) % 13
                             for i in range(rules.run_min)]
                    try:
                        make_run(parse_cards([face_text(f) for f in combo]), rules)
                    except RuleError:
                        continue
                    found.append((suit, Counter(combo)))
    return found


def oracle_needed(hand, contract, rules):
    """Fewest cards missing from the cheapest minimal contract lay-down the deck allows."""
    have = Counter(JOKER_FACE if is_joker(c) else face_of(c) for c in hand)
    limit = {f: rules.packs for f in range(52)} | {JOKER_FACE: rules.jokers}
    slots = [minimal_melds(rules, kind) for kind in contract]
    best = None
    for combo in itertools.product(*slots):
        keys = [(kind, key) for (key, _), kind in zip(combo, contract, strict=True)]
        if len(set(keys)) < len(keys):  # two groups of one rank or two runs of one suit
            continue
        total = Counter()
        for _, faces in combo:
            total.update(faces)
        if any(n > limit[f] for f, n in total.items()):
            continue
        missing = sum(max(0, n - have[f]) for f, n in total.items())
        best = missing if best is None else min(best, missing)
    return best


hands = st.integers(4, 9).flatmap(
    lambda n: st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True))
# hands crowded into few faces, so that melds, duplicates and jokers actually occur
NEAR = [c for c in DECK if is_joker(c) or (c % 13 < 6 and c % 52 < 26)]
near_hands = st.integers(4, 9).flatmap(
    lambda n: st.lists(st.sampled_from(NEAR), min_size=n, max_size=n, unique=True))
contracts = st.sampled_from([(GROUP,), (RUN,), (GROUP, RUN), (GROUP, GROUP), (RUN, RUN),
                             (GROUP, GROUP, GROUP)])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(st.one_of(hands, near_hands), contracts, st.integers(0, 1))
def test_best_contract_matches_brute_force(hand, contract, keep):
    found = best_contract(hand, contract, CARIB, keep=keep)
    expected = oracle_penalty(hand, contract, CARIB, keep)
    assert (found is None) == (expected is None)
    assert contract_lay_exists(hand, contract, CARIB, keep) == (found is not None)
    assert can_meet_contract(hand, contract, CARIB) == (oracle_penalty(hand, contract, CARIB)
                                                        is not None)
    if found is not None:
        assert found.penalty == expected
        assert_valid_arrangement(hand, found, contract, CARIB, keep)


@SLOW
@given(st.one_of(hands, near_hands), st.integers(0, 1))
def test_best_melds_matches_brute_force(hand, keep):
    found = best_melds(hand, CARIB, keep=keep)
    expected = oracle_penalty(hand, None, CARIB, keep)
    assert melds_exist(hand, CARIB, keep) == bool(found.melds)
    if expected is None:  # fewer naturals than keep: nothing is laid
        assert found.melds == ()
        return
    assert found.penalty == expected
    assert_valid_arrangement(hand, found, None, CARIB, keep)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(hands, near_hands),
       st.sampled_from([(GROUP,), (RUN,), (GROUP, RUN), (RUN, RUN), (GROUP, GROUP)]))
def test_cards_needed_matches_brute_force(hand, contract):
    assert cards_needed(hand, contract, CARIB) == oracle_needed(hand, contract, CARIB)


def assert_valid_arrangement(hand, arrangement, contract, rules, keep):
    laid = [c for m in arrangement.melds for c in m.cards]
    assert sorted(laid + list(arrangement.leftover)) == sorted(hand)
    assert arrangement.penalty == hand_points(arrangement.leftover, rules)
    assert sum(not is_joker(c) for c in arrangement.leftover) >= keep
    for meld in arrangement.melds:
        rebuilt = (make_run if meld.is_run else make_group)(meld.cards, rules)
        assert rebuilt == meld
    if contract is not None:
        check_contract(arrangement.melds, contract, rules)


# --- rules every arrangement honours ----------------------------------------

def test_rules_examples_runs_with_an_ace_at_either_end():
    assert can_meet_contract(cards("AS 2S 3S 4S JC QC KC AC"), (RUN, RUN), CARIB)
    assert not can_meet_contract(cards("KD AD 2D 3D"), (RUN,), CARIB)
    assert cards_needed(cards("KD AD 2D 3D"), (RUN,), CARIB) == 1


def test_groups_of_a_contract_have_different_ranks():
    hand = cards("5S 5H 5D 5C 5S 5H 9S 9H 9D")
    assert not can_meet_contract(hand, (GROUP, GROUP, GROUP), CARIB)
    assert best_contract(hand, (GROUP, GROUP, GROUP), CARIB) is None
    same_ranks_allowed = dataclasses.replace(CARIB, contract_distinct_ranks=False)
    assert can_meet_contract(hand, (GROUP, GROUP, GROUP), same_ranks_allowed)
    assert best_contract(hand, (GROUP, GROUP, GROUP), same_ranks_allowed).penalty == 0


def test_runs_of_a_contract_have_different_suits():
    hand = cards("2H 3H 4H 5H 7H 8H 9H 10H")
    assert not can_meet_contract(hand, (RUN, RUN), CARIB)
    assert cards_needed(hand, (RUN, RUN), CARIB) == 4
    same_suits_allowed = dataclasses.replace(CARIB, contract_distinct_suits=False)
    assert can_meet_contract(hand, (RUN, RUN), same_suits_allowed)
    assert cards_needed(hand, (RUN, RUN), same_suits_allowed) == 0


def test_the_contract_is_exactly_its_melds():
    hand = cards("7S 7H 7D 8S 8H 8D 2C 3C 4C 5C")
    # two groups and a run are there, but deal 1 wants three groups: no run may be added
    arrangement = best_contract(hand, (GROUP, GROUP), CARIB)
    assert [m.kind for m in arrangement.melds] == ["group", "group"]
    assert arrangement.penalty == 14
    assert not can_meet_contract(hand, (GROUP, GROUP, GROUP), CARIB)
    assert cards_needed(hand, (GROUP, GROUP, GROUP), CARIB) == 2


def test_melds_may_be_longer_than_their_minimum():
    hand = cards("5S 5H 5D 5C 5S 5H 9H 10H JH QH KH AH")
    arrangement = best_contract(hand, (GROUP, RUN), CARIB)
    assert arrangement.penalty == 0
    assert sorted(len(m.cards) for m in arrangement.melds) == [6, 6]


def test_a_group_needs_two_naturals():
    assert not can_meet_contract(cards("QS JK JK"), (GROUP,), CARIB)
    assert can_meet_contract(cards("QS QD JK JK"), (GROUP,), CARIB)
    assert cards_needed(cards("QS JK JK"), (GROUP,), CARIB) == 1


def test_jokers_never_side_by_side_in_a_run_unless_the_rules_allow():
    hand = cards("5H JK JK 8H")
    assert not can_meet_contract(hand, (RUN,), CARIB)
    assert can_meet_contract(cards("5H JK 7H JK"), (RUN,), CARIB)
    allowed = dataclasses.replace(CARIB, adjacent_jokers_in_run=True)
    assert can_meet_contract(hand, (RUN,), allowed)


def test_joker_limit_per_meld():
    limited = dataclasses.replace(CARIB, max_jokers_per_meld=1)
    assert not can_meet_contract(cards("5H JK 7H JK"), (RUN,), limited)
    assert cards_needed(cards("5H JK 7H JK"), (RUN,), limited) == 1
    arrangement = best_contract(cards("QS QD JK JK"), (GROUP,), limited)
    assert arrangement.penalty == 50


def test_ace_rules_in_runs():
    high_only = dataclasses.replace(CARIB, ace_in_runs="high-only")
    assert not can_meet_contract(cards("AS 2S 3S 4S"), (RUN,), high_only)
    assert can_meet_contract(cards("JS QS KS AS"), (RUN,), high_only)
    low_only = dataclasses.replace(CARIB, ace_in_runs="low-only")
    assert not can_meet_contract(cards("JS QS KS AS"), (RUN,), low_only)


def test_a_run_never_holds_both_aces():
    hand = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    arrangement = best_contract(hand, (RUN,), CARIB)
    assert len(arrangement.melds[0].cards) == 13
    assert arrangement.penalty == 1


def test_keep_leaves_a_natural_for_the_final_discard():
    hand = cards("7H 8H 9H 10H JH")
    assert best_contract(hand, (RUN,), CARIB).penalty == 0
    kept = best_contract(hand, (RUN,), CARIB, keep=1)
    assert [face_of(c) for c in kept.leftover] == [face_of(cards("7H")[0])]
    assert kept.penalty == 7
    assert best_contract(cards("7H 8H 9H 10H"), (RUN,), CARIB, keep=1) is None
    assert best_contract(cards("7H 8H 9H JK"), (RUN,), CARIB, keep=1) is None


def test_keep_never_counts_a_joker_as_the_card_kept():
    hand = cards("7H 8H 9H 10H JK")
    assert best_contract(hand, (RUN,), CARIB, keep=1).penalty == 7
    assert best_melds(hand, CARIB, keep=1).penalty == 7


def test_spare_jokers_join_the_melds():
    arrangement = best_contract(cards("7S 7H 7D JK JK 2C 3C 4C 5C"), (GROUP, RUN), CARIB)
    assert arrangement.penalty == 0


def test_a_joker_may_stand_for_a_card_held_when_that_saves_points():
    # 6H kept (6 points) beats a joker kept (50): JK 5H JK 7H JK uses all three jokers
    arrangement = best_contract(cards("5H 6H 7H JK JK JK"), (RUN,), CARIB)
    assert arrangement.penalty == 6


def test_cards_needed_counts_missing_cards():
    assert cards_needed(cards("2C 9D"), (GROUP, GROUP, GROUP), CARIB) == 7
    assert cards_needed([], (RUN, RUN, RUN, RUN), CARIB) == 16
    assert cards_needed(cards("JK JK"), (RUN,), CARIB) == 2
    assert cards_needed(cards("7H 8H 9H 10H 5S 5D"), (GROUP, RUN), CARIB) == 1


def test_a_natural_serving_both_a_run_and_a_group_is_counted_once():
    # 7H is in the run 5H-8H or in the group of 7s, not both
    hand = cards("5H 6H 7H 8H 7S")
    assert not can_meet_contract(hand, (GROUP, RUN), CARIB)
    assert cards_needed(hand, (GROUP, RUN), CARIB) == 2
    assert can_meet_contract(cards("5H 6H 7H 8H 7S JK JK"), (GROUP, RUN), CARIB)


def test_a_deal_nine_hand_lays_four_runs():
    hand = cards("2S 3S 4S 5S 6H 7H 8H 9H JC QC KC AC 4D 5D JK 7D")
    assert can_meet_contract(hand, (RUN, RUN, RUN, RUN), CARIB)
    assert best_contract(hand, (RUN, RUN, RUN, RUN), CARIB).penalty == 0
    # every natural is needed: none is left for the final discard
    assert best_contract(hand, (RUN, RUN, RUN, RUN), CARIB, keep=1) is None


# --- fast paths against the exhaustive search on full-size hands --------------

def _deal_hands(seed, count):
    """Seeded 16-card hands: half random, half crowded near a contract."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        contract = CARIB.contract(6 + i % 4)
        make = random_hand if i % 2 else near_hand
        out.append((make(rng, contract), contract))
    return out


DIFFERENTIAL_HANDS = _deal_hands(20240611, 400)


def exhaustive_contract(hand, contract, keep):
    state = contract_state(contract)
    return with_keep(hand, keep, CARIB, lambda h: generic_arrangement(h, CARIB, state))


def test_contract_fast_paths_match_the_exhaustive_search():
    for hand, contract in DIFFERENTIAL_HANDS:
        reference = exhaustive_contract(hand, contract, 0)
        assert can_meet_contract(hand, contract, CARIB) == (reference is not None), hand
        for keep in (0, 1):
            found = best_contract(hand, contract, CARIB, keep=keep)
            expected = reference if keep == 0 else exhaustive_contract(hand, contract, 1)
            assert (found is None) == (expected is None), (hand, keep)
            if found is not None:
                assert found.penalty == expected.penalty, (hand, keep)
                assert_valid_arrangement(hand, found, contract, CARIB, keep)
        assert (cards_needed(hand, contract, CARIB)
                == Need(Hand(hand), contract, CARIB).solve(10**9)), hand


def test_best_melds_fast_path_matches_the_exhaustive_search():
    for hand, _ in DIFFERENTIAL_HANDS[:120]:
        for keep in (0, 1):
            found = best_melds(hand, CARIB, keep=keep)
            expected = with_keep(hand, keep, CARIB,
                                  lambda h: generic_arrangement(h, CARIB, None))
            assert found.penalty == expected.penalty, (hand, keep)
            assert_valid_arrangement(hand, found, None, CARIB, keep)


def test_the_quick_shortfall_test_never_refuses_a_hand_that_meets_the_contract():
    """best_contract and can_meet_contract answer most hands in play by this necessary
    test alone: it may only say "short" when the exact search needs a card or more."""
    variants = [CARIB,
                dataclasses.replace(CARIB, group_distinct_suits=True, group_max=4),
                dataclasses.replace(CARIB, max_jokers_per_meld=1),
                dataclasses.replace(CARIB, adjacent_jokers_in_run=True),
                dataclasses.replace(CARIB, group_min_naturals=3)]
    shorts = 0
    for rules in variants:
        for hand, contract in DIFFERENTIAL_HANDS[:160]:
            groups = list(contract).count(GROUP)
            if surely_short(hand, groups, len(contract) - groups, rules, tables(rules)):
                shorts += 1
                assert Need(Hand(hand), contract, rules).solve(10**9) >= 1, (hand, rules)
            else:
                assert can_meet_contract(hand, contract, rules) == (
                    Need(Hand(hand), contract, rules).solve(10**9) == 0), (hand, rules)
    assert shorts  # the test does answer hands



def test_a_card_more_or_fewer_moves_cards_needed_by_at_most_one_and_bounds_keep_it_exact():
    for (hand, contract), (spare, _) in itertools.pairwise(DIFFERENTIAL_HANDS[:151]):
        now = cards_needed(hand, contract, CARIB)
        for card in hand[::3]:
            rest = [c for c in hand if c != card]
            fewer = cards_needed(rest, contract, CARIB)
            assert now <= fewer <= now + 1, (hand, card)
            assert cards_needed(rest, contract, CARIB, now, now + 1) == fewer, (hand, card)
        for card in (c for c in spare[:4] if c not in hand):
            more = cards_needed([*hand, card], contract, CARIB)
            assert now - 1 <= more <= now, (hand, card)
            assert cards_needed([*hand, card], contract, CARIB, max(0, now - 1), now) == more


def test_a_lay_down_exists_only_when_a_natural_can_be_kept_back():
    """``contract_lay_exists`` and ``melds_exist`` say yes exactly when the search would
    lay something: a hand that is nothing but its contract cannot keep a discard back."""
    exact = cards("5H 5S 5D")
    assert contract_lay_exists(exact, (GROUP,), CARIB)
    assert not contract_lay_exists(exact, (GROUP,), CARIB, keep=1)
    assert best_contract(exact, (GROUP,), CARIB, keep=1) is None
    assert contract_lay_exists(cards("5H 5S 5D 9C"), (GROUP,), CARIB, keep=1)
    assert contract_lay_exists(cards("5H 5S 5D JK"), (GROUP,), CARIB, keep=1)  # 5 5 JK, 5 kept
    assert not melds_exist(exact, CARIB, keep=1)
    assert melds_exist(cards("5H 5S 5D 5C"), CARIB, keep=1)
    assert not melds_exist(cards("5H 6H 7H 8H"), CARIB, keep=1)
    assert melds_exist(cards("5H 6H 7H 8H 9H"), CARIB, keep=1)
