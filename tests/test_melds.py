"""Melds: groups, runs, jokers, tacking on and the contract check."""

import dataclasses

import pytest

from kalooki.engine.cards import parse_cards
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import (
    HIGH,
    LOW,
    check_contract,
    extend,
    interpretations,
    make_group,
    make_meld,
    make_run,
    shift_joker,
)
from kalooki.engine.rules import GROUP, RUN, preset
from kalooki.words.refusals import refusal_text

CARIB = preset("caribbean")


def cards(text):
    return parse_cards(text.split())


def refusal(fn, *args):
    with pytest.raises(RuleError) as error:
        fn(*args)
    return error.value


# RULES.md §7 examples
@pytest.mark.parametrize("text", ["AS 2S 3S 4S", "JC QC KC AC"])
def test_runs_with_an_ace_at_either_end(text):
    assert make_run(cards(text), CARIB).is_run


def test_a_run_never_turns_the_corner():
    assert not interpretations(cards("KD AD 2D 3D"), CARIB)
    assert refusal(make_meld, cards("KD AD 2D 3D"), CARIB).code == "run-wrap"
    assert refusal(make_run, cards("KD AD 2D 3D"), CARIB).code in ("run-wrap",
                                                                   "run-not-consecutive")


def test_deal_one_with_two_groups_of_the_same_rank_is_not_the_contract():
    melds = [make_group(cards(t), CARIB) for t in ("5S 5H 5D", "5C 5S 5H", "9S 9H 9D")]
    error = refusal(check_contract, melds, CARIB.contract(1), CARIB)
    assert error.code == "contract-same-rank"


# groups
def test_group_suits_may_repeat_and_has_no_maximum():
    assert make_group(cards("7S 7S 7H 7H 7D 7C"), CARIB).rank == 7


def test_group_needs_two_naturals():
    assert make_group(cards("QS QD JK JK"), CARIB)
    assert refusal(make_group, cards("QS JK JK"), CARIB).code == "group-too-few-naturals"


def test_group_needs_three_cards_and_one_rank():
    assert refusal(make_group, cards("QS QD"), CARIB).code == "group-too-short"
    assert refusal(make_group, cards("QS QD KD"), CARIB).code == "group-mixed-ranks"


# runs
def test_run_needs_four_cards_of_one_suit_in_sequence():
    assert refusal(make_run, cards("5H 6H 7H"), CARIB).code == "run-too-short"
    assert refusal(make_run, cards("5H 6S 7H 8H"), CARIB).code == "run-mixed-suits"
    assert refusal(make_run, cards("5H 6H 8H 9H"), CARIB).code == "run-not-consecutive"


def test_jokers_may_not_stand_side_by_side_in_a_run():
    assert make_run(cards("5H JK 7H JK"), CARIB).high == 8
    assert refusal(make_run, cards("5H JK JK 8H"), CARIB).code == "run-adjacent-jokers"
    relaxed = dataclasses.replace(CARIB, adjacent_jokers_in_run=True)
    assert make_run(cards("5H JK JK 8H"), relaxed).high == 8


def test_an_ambiguous_joker_offers_both_readings():
    readings = interpretations(cards("5H 6H 7H JK"), CARIB)
    assert sorted((m.rank, m.high) for m in readings) == [(4, 7), (5, 8)]
    assert refusal(make_meld, cards("5H 6H 7H JK"), CARIB).code == "meld-ambiguous"


def test_ace_high_only_tables_refuse_a_low_ace():
    high_only = dataclasses.replace(CARIB, ace_in_runs="high-only")
    assert refusal(make_run, cards("AS 2S 3S 4S"), high_only).code == "run-ace"
    assert make_run(cards("JS QS KS AS"), high_only).high == 14


# tacking on
def test_a_run_takes_the_next_card_at_either_end_only():
    run = make_run(cards("5H 6H 7H 8H"), CARIB)
    assert extend(run, cards("4H")[0], LOW, CARIB).rank == 4
    assert extend(run, cards("9H")[0], HIGH, CARIB).high == 9
    assert refusal(extend, run, cards("4H")[0], HIGH, CARIB).code == "tack-wrong-card"
    assert refusal(extend, run, cards("9S")[0], HIGH, CARIB).code == "tack-wrong-card"


def test_a_complete_run_takes_nothing():
    full = make_run(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), CARIB)
    assert refusal(extend, full, cards("AS")[0], HIGH, CARIB).code == "run-complete"
    assert refusal(extend, full, cards("AS")[0], LOW, CARIB).code == "run-complete"


def test_a_group_takes_any_card_of_its_rank():
    group = make_group(cards("9S 9H 9D"), CARIB)
    assert len(extend(group, cards("9S")[0], "", CARIB).cards) == 4
    assert refusal(extend, group, cards("8S")[0], "", CARIB).code == "tack-wrong-card"


def test_a_joker_tacked_onto_a_run_end_may_not_touch_another_joker():
    run = make_run(cards("5H 6H 7H JK"), CARIB)
    assert run.high == 8
    assert refusal(extend, run, cards("JK JK")[1], HIGH, CARIB).code == "run-adjacent-jokers"


# joker shift
def test_a_natural_takes_the_jokers_place_and_the_joker_moves_to_an_end():
    run = make_run(cards("5H JK 7H 8H"), CARIB)
    natural = parse_cards(["6H"], taken=run.cards)[0]
    moved, _ = shift_joker(run, natural, HIGH, CARIB)
    assert (moved.rank, moved.high) == (5, 9)
    moved_low, _ = shift_joker(run, natural, LOW, CARIB)
    assert (moved_low.rank, moved_low.high) == (4, 8)


def test_joker_shift_house_rules():
    run = make_run(cards("5H JK 7H 8H"), CARIB)
    natural = parse_cards(["6H"], taken=run.cards)[0]
    off = dataclasses.replace(CARIB, joker_shift_in_run="off")
    assert refusal(shift_joker, run, natural, HIGH, off).code == "shift-off"
    upward = dataclasses.replace(CARIB, joker_shift_in_run="upward")
    assert refusal(shift_joker, run, natural, LOW, upward).code == "shift-upward"
    assert shift_joker(run, natural, HIGH, upward)[0].high == 9


def test_shift_needs_the_represented_card():
    run = make_run(cards("5H JK 7H 8H"), CARIB)
    wrong = parse_cards(["6S"], taken=run.cards)[0]
    assert refusal(shift_joker, run, wrong, HIGH, CARIB).code == "shift-no-joker"


# contract
def test_contract_needs_exactly_its_melds():
    groups = [make_group(cards(t), CARIB) for t in ("5S 5H 5D", "9S 9H 9D")]
    run = make_run(cards("5C 6C 7C 8C"), CARIB)
    check_contract([*groups, run], (GROUP, GROUP, RUN), CARIB)
    error = refusal(check_contract, groups, (GROUP, GROUP, RUN), CARIB, 2)
    assert error.params == {"case": "deal", "deal": 2, "contract": (GROUP, GROUP, RUN),
                            "laid": (GROUP, GROUP)}
    assert refusal_text(error) == "Deal 2 needs two groups and one run; your melds make two groups."
    extra = make_group(cards("KS KH KD"), CARIB)
    assert refusal(check_contract, [*groups, run, extra], (GROUP, GROUP, RUN), CARIB).code \
        == "not-contract"


def test_contract_runs_must_differ_in_suit():
    runs = [make_run(cards(t), CARIB) for t in ("5C 6C 7C 8C", "10C JC QC KC")]
    group = make_group(cards("9S 9H 9D"), CARIB)
    assert refusal(check_contract, [group, *runs], (GROUP, RUN, RUN), CARIB).code \
        == "contract-same-suit"
    relaxed = dataclasses.replace(CARIB, contract_distinct_suits=False)
    check_contract([group, *runs], (GROUP, RUN, RUN), relaxed)
